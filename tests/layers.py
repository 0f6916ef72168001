"""The import graph of ``game/`` and its layers: every import, those under ``TYPE_CHECKING`` and
those deferred (``deferred("game....")``) included.

``python -m tests.layers`` prints the import cycles (with and without ``TYPE_CHECKING``
imports), the layer breaches and the exceptions still needed; ``tests/test_layers.py``
asserts there are no others.  The layers are those of docs/architecture.md, bottom first;
a module may import its own layer and those below.
"""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

#: The layers, bottom first: each a name and the modules it holds (a name covers its submodules).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ground", ("game", "game.events", "game.errors", "game.text", "game.rules", "game.rules.dice",
                "game.rules.exact", "game.paths", "game.deferred")),
    ("world", ("game.world", "game.rules.base", "game.rules.registry")),
    ("systems", ("game.systems", "game.explain", "game.oracle")),
    ("parser, actions, npc, narration", ("game.parser", "game.verbs", "game.actions", "game.npc", "game.narration",
                                         "game.dicelog", "game.timekeeping", "game.helptext")),
    ("play", ("game.play",)),
    ("engine", ("game.engine", "game.report")),
    ("saves, meta, authoring", ("game.saves", "game.save_format", "game.npc_updates", "game.meta", "game.transcript",
                                "game.authoring", "game.mapping", "game.replay", "game.generate")),
    ("repl, cli", ("game.repl", "game.cli", "game.cli_args", "game.commands", "game.completion", "game.history",
                   "game.presentation", "game.__main__", "game.generate.commands")),
)

#: A system's wording sits with the narration it extends.
SYSTEM_NARRATION = ("narration", "narration_events")
#: A system's play side: today it sits above the actions, as ``game.play`` does, until every
#: actor acts through actions and a system supplies only its narrow interface.
SYSTEM_PLAY = {
    "bind": ("checks", "fight", "play", "trade", "training", "turn", "world"),
    "maelstrom": ("fight", "outcomes", "play", "rolls", "ways"),
    "open_adventures": ("fight", "play", "turn", "verbs"),
    "opend6": ("fight", "play", "points", "rolls", "round_start"),
    "vaarn": ("body", "fight", "play", "trade", "using_gifts", "verbs"),
}

#: Layer breaches today's code cannot do without yet, each with why: ``importer -> imported`` (none may close a cycle).
EXCEPTIONS: dict[str, str] = {
    "game.engine -> game.meta": "the engine builds and runs its meta commands (they reach it only through meta.Game)",
    "game.engine -> game.saves": "the engine autosaves through the SaveStore handed in (a type only)",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of a module's layer (the longest name that covers it), None if none."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "systems":
        system, part = parts[2], parts[3] if len(parts) > 3 else ""
        if part in SYSTEM_NARRATION:
            return _index("parser, actions, npc, narration")
        if part in SYSTEM_PLAY.get(system, ()):
            return _index("play")
    best: tuple[int, int] | None = None
    for index, (_, names) in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and (best is None or len(name) > best[0]):
                best = (len(name), index)
    return None if best is None else best[1]


def _index(name: str) -> int:
    return [layer for layer, _ in LAYERS].index(name)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _deferred(node: ast.AST) -> str:
    """The module of a call ``deferred("game....")`` (see game/deferred.py); "" for any other node."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "deferred" \
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant):
        return str(node.args[0].value) if str(node.args[0].value).startswith("game") else ""
    return ""


def _imports(tree: ast.AST, modules: set[str], type_checking: bool) -> set[str]:
    found: set[str] = set()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST) -> None:
        if not type_checking and isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("game"):
                    target = resolve(alias.name)
                    if target:
                        found.add(target)
        elif _deferred(node):  # the one way to defer an import (game.deferred) is an import
            target = resolve(_deferred(node))
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


def graph(type_checking: bool = True) -> dict[str, set[str]]:
    """Module -> the game modules it imports (a package's ``__init__`` is the package's name);
    ``type_checking=False`` leaves out the imports under ``if TYPE_CHECKING``."""
    paths = {module_name(p): p for p in GAME.rglob("*.py")}
    modules = set(paths)
    edges = {}
    for name, path in paths.items():
        imports = _imports(ast.parse(path.read_text(encoding="utf-8")), modules, type_checking)
        edges[name] = {m for m in imports if m != name}
    return edges


def without_exceptions(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph less the imports listed in :data:`EXCEPTIONS`."""
    excepted = {tuple(edge.split(" -> ")) for edge in EXCEPTIONS}
    return {name: {m for m in imports if (name, m) not in excepted} for name, imports in edges.items()}


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
    """Imports of a module from a layer above its own, as ``importer -> imported``."""
    out = []
    for name, imports in sorted(edges.items()):
        layer = layer_of(name)
        if layer is None:
            continue
        out += [f"{name} -> {m}" for m in sorted(imports) if (layer_of(m) or 0) > layer]
    return out


def unplaced(edges: dict[str, set[str]]) -> list[str]:
    """Modules no layer holds."""
    return [name for name in sorted(edges) if layer_of(name) is None]


def stale_exceptions(edges: dict[str, set[str]]) -> list[str]:
    """Listed exceptions the code no longer makes."""
    return [edge for edge in EXCEPTIONS if edge.split(" -> ")[1] not in edges.get(edge.split(" -> ")[0], set())]


if __name__ == "__main__":
    full = graph()
    for label, edges in (("counting TYPE_CHECKING", full), ("TYPE_CHECKING aside", graph(type_checking=False))):
        found = cycles(edges)
        print(f"{label}: {len(found)} cycles, the largest of {max(map(len, found), default=0)} modules")
        for component in found:
            print("  cycle:", " ".join(component))
    for breach in breaches(without_exceptions(full)):
        print("breach:", breach)
    for edge in unplaced(full):
        print("in no layer:", edge)
    for edge in EXCEPTIONS:
        print("exception:", edge, "--", EXCEPTIONS[edge])
    print(f"left as exceptions: {len(EXCEPTIONS)}; cycles without them: {len(cycles(without_exceptions(full)))}")
