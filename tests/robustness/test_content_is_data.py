"""Content is data: no string from an adventure, a save or the player is evaluated or looked up as an attribute.

An AST scan of every module of ``game/`` fails on:

- ``eval``, ``exec``, ``compile``, ``__import__``, ``breakpoint`` and the
  ``pickle``/``marshal``/``shelve``/``subprocess`` modules anywhere;
- ``getattr``/``setattr``/``delattr``/``hasattr`` whose name is not a string
  literal, ``importlib.import_module``, ``operator.attrgetter``/``methodcaller``,
  ``globals()``/``locals()``, and ``str.format``/``format_map`` on anything but
  a literal template -- except at the audited places in :data:`AUDITED`, each
  with the reason it is safe, and each checked below by behaviour too.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine import Engine
from game.errors import UsageError
from game.rules import registry
from game.world.loader import check_adventure

GAME = Path(__file__).parents[2] / "game"
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__", "breakpoint", "globals", "locals"}
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "subprocess", "dill", "cloudpickle"}
ATTRIBUTE_CALLS = {"getattr", "setattr", "delattr", "hasattr"}
#: (module, function) -> why a dynamic lookup there cannot be steered by content, saves or input.
AUDITED: dict[tuple[str, str], str] = {
    ("game/generate/themes/__init__.py", "load_theme"): "import_module('game.generate.themes.' + module) for a module "
                                                        "named in the fixed table THEME_MODULES, after checking the id",
    ("game/generate/emit.py", "_exit"): "getattr(plan, key) for key in a literal tuple of ExitPlan's fields",
    ("game/generate/emit.py", "render"): "HEADER.format(...): a constant template of the module",
    ("game/generate/build.py", "_lever"): "theme.phrases[...].format(...): the generator's own phrase tables (code), "
                                          "never an adventure's content",
    ("game/actions/__init__.py", "_handler"): "import_module('game.actions.' + family) and getattr(module, name) for a "
                                              "handler named in the fixed verb table of game.verbs (code, never content)",
    ("game/npc/words.py", "memory_line"): "_LINES[...].format(Name=...): the templates are constants of the module; "
                                          "content's talk_after text is returned as it is, never formatted",
    ("game/deferred.py", "__getattr__"): "import_module(self._name) for a module named by a string literal at a "
                                         "deferred() call in the game's own code, then getattr on that module for "
                                         "an attribute the code reads (never content)",
    ("game/meta.py", "run"): "getattr(self, 'do_' + verb): the engine calls run() only for verbs in the fixed "
                             "table game.verbs.META_VERBS (tested below)",
    ("game/meta.py", "__init__"): "hasattr(self, 'do_' + verb) for each verb of the fixed table game.verbs.META_VERBS",
    ("game/rules/registry.py", "_module"): "import_module('game.systems.' + id + '.rules') after checking id in the fixed "
                                            "tuple SYSTEM_IDS",
    ("game/play/__init__.py", "play_for"): "import_module('game.systems.' + system.id + '.play'): the id of a system object "
                                           "the registry made, hence one of SYSTEM_IDS",
    ("game/actions/social.py", "talk"): "GREETINGS[...].format(name=...): the template is a constant of the "
                                        "module; content is only an argument",
    ("game/actions/social.py", "ask"): "the same GREETINGS templates",
    ("game/systems/vaarn/fight.py", "meet"): "REACTION_TEXT[...] or a literal .format(Name=...): constant templates",
}


def _functions(tree: ast.AST) -> dict[ast.AST, str]:
    """Each node -> the name of the innermost function containing it ('' at module level)."""
    owner: dict[ast.AST, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else name
            owner[child] = inner
            visit(child, inner)

    visit(tree, "")
    return owner


def _findings() -> list[tuple[str, str, int, str]]:
    found = []
    for path in sorted(GAME.rglob("*.py")):
        module = str(path.relative_to(GAME.parent))
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=module)
        owner = _functions(tree)
        for node in ast.walk(tree):
            where = (module, owner.get(node, ""), getattr(node, "lineno", 0))
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [alias.name for alias in node.names] + ([node.module] if isinstance(node, ast.ImportFrom)
                                                                 and node.module else [])
                for name in names:
                    if name.split(".")[0] in FORBIDDEN_MODULES:
                        found.append((*where, f"imports {name}"))
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if isinstance(func, ast.Name) and name in FORBIDDEN_CALLS:
                found.append((*where, f"calls {name}()"))
            elif isinstance(func, ast.Name) and name in ATTRIBUTE_CALLS:
                if len(node.args) < 2 or not (isinstance(node.args[1], ast.Constant)
                                              and isinstance(node.args[1].value, str)):
                    found.append((*where, f"{name}() with a computed name"))
            elif name in ("import_module", "attrgetter", "methodcaller", "__getattribute__"):
                found.append((*where, f"calls {name}()"))
            elif name in ("format", "format_map") and isinstance(func, ast.Attribute):
                template = func.value
                if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
                    found.append((*where, f".{name}() on a template that is not a literal"))
    return found


def test_a_deferred_module_is_always_named_by_a_literal() -> None:
    """What makes game.deferred's import_module safe (see AUDITED): every deferred() call names its module
    by a string literal of the game's own code."""
    computed = []
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "deferred":
                if not (len(node.args) == 1 and isinstance(node.args[0], ast.Constant)
                        and isinstance(node.args[0].value, str)):
                    computed.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert computed == []


def test_no_content_string_is_evaluated_or_used_to_look_up_attributes() -> None:
    unaudited = [f"{module}:{line} in {function or '<module>'}: {what}"
                 for module, function, line, what in _findings() if (module, function) not in AUDITED]
    assert unaudited == [], "\n".join(unaudited + ["audit each and add it to AUDITED with the reason, or remove it"])


def test_the_audit_list_has_no_stale_entries() -> None:
    used = {(module, function) for module, function, _, _ in _findings()}
    assert set(AUDITED) - used == set(), "remove audited places that no longer exist"


@pytest.mark.parametrize("text", ["do_save", "_report", "run", "__class__", "__init__", "preview", "engine",
                                  "do_quit", "format_odds", "__dict__", "meta", "self"])
def test_meta_dispatch_is_reached_only_by_its_fixed_verbs(engine: Engine, text: str) -> None:
    report = engine.submit(text)
    assert not report.quit and report.lines


@pytest.mark.parametrize("system_id", ["os", "sys", "base", "registry", "dice", "__init__", "../x", "game.systems.vaarn.rules",
                                       "vaarn.os", "VAARN", "vaarn\x00", ""])
def test_system_ids_outside_the_fixed_tuple_import_nothing(system_id: str) -> None:
    import sys

    before = set(sys.modules)
    with pytest.raises(UsageError):
        registry.get_system(system_id)
    assert set(sys.modules) - before == set()


def test_content_naming_modules_or_attributes_is_just_wrong_data(tmp_path: Path) -> None:
    folder = tmp_path / "adv"
    folder.mkdir()
    (folder / "a.toml").write_text('''
[adventure]
id = "x"
title = "{0.__class__.__mro__}"
version = "__import__('os').system('touch owned')"
start = "camp"
system = "os"
[adventure.rules]
"__init__" = { a = "b" }
[rooms.camp]
name = "{name.__globals__}"
description = "%(x)s {self} ${HOME}"
[npcs.x]
name = "__class__"
behaviour = "__init__"
disposition = "do_quit"
tier = 1
''')
    problems = check_adventure(folder)
    assert any("unknown system 'os'" in line for line in problems)
    assert any("unknown system '__init__'" in line for line in problems)
    assert any("'__init__' is not a behaviour" in line for line in problems)
    assert not (tmp_path / "owned").exists() and not Path("owned").exists()
