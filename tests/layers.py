"""The import graph of ``game/``: every import, those inside functions included, ``TYPE_CHECKING`` aside.

``python -m tests.layers`` prints the import cycles and the layer breaches;
``tests/test_layers.py`` asserts there are none.
"""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

#: What each low layer may import of the game (ARCHITECTURE, "Layers").
ALLOWED = {
    "game.events": ("game.events",),
    "game.errors": ("game.errors",),
    "game.rules": ("game.rules", "game.events", "game.errors"),
    "game.world": ("game.world", "game.rules", "game.events", "game.errors", "game.text"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, package: str, modules: set[str]) -> set[str]:
    found: set[str] = set()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("game"):
                    target = resolve(alias.name)
                    if target:
                        found.add(target)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game"):
            for alias in node.names:
                target = resolve(f"{node.module}.{alias.name}") if f"{node.module}.{alias.name}" in modules \
                    else resolve(node.module)
                if target:
                    found.add(target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the game modules it imports (a package's ``__init__`` is the package's name)."""
    paths = {module_name(p): p for p in GAME.rglob("*.py")}
    modules = set(paths)
    edges = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imports = _imports(ast.parse(path.read_text(encoding="utf-8")), package, modules)
        edges[name] = {m for m in imports if m != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return found


def breaches(edges: dict[str, set[str]]) -> list[str]:
    """Imports a low layer may not make, as ``importer -> imported``."""
    out = []
    for name, imports in sorted(edges.items()):
        for layer, allowed in ALLOWED.items():
            if name == layer or name.startswith(layer + "."):
                out += [f"{name} -> {m}" for m in sorted(imports) if not any(m == a or m.startswith(a + ".") for a in allowed)]
    return out


if __name__ == "__main__":
    edges = graph()
    for component in cycles(edges):
        print("cycle:", " ".join(component))
    for breach in breaches(edges):
        print("breach:", breach)
