"""The game's one way to defer an import: a module the first screen does not need, loaded at first use.

A module that needs, say, the NPC policies only once NPCs act writes, among its imports::

    if TYPE_CHECKING:
        from game.npc import policies
    else:
        policies = deferred("game.npc.policies")

and calls ``policies.policy_for(...)``: type checkers see the module itself, while at run time
the name is a stand-in that imports the module the first time one of its attributes is read
(under Python's import lock, so from any thread). No function imports anything: everything
else is imported at the top of its module. A module is deferred only where ``python -X
importtime`` shows that keeping it out of the first screen saves a millisecond or more
(alone, or with the modules deferred for the same rare paths);
``tests/test_startup_imports.py`` fails if the start loads a deferred module anyway, and
``tests/layers.py`` counts a deferral as an import.
"""
from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any


class Deferred:
    """Stands for the module ``name`` in the namespace ``home`` until it is needed.

    At the first attribute read the module is imported and put in the stand-in's place in
    ``home``, so that later reads there go to the module itself, at no cost.
    """

    __slots__ = ("_name", "_module", "_home")

    def __init__(self, name: str, home: dict[str, Any]) -> None:
        self._name = name
        self._module: ModuleType | None = None
        self._home = home

    def __getattr__(self, attribute: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
            for key, value in list(self._home.items()):
                if value is self:
                    self._home[key] = module
        return getattr(module, attribute)

    def __repr__(self) -> str:
        return f"<deferred module {self._name!r}{' (loaded)' if self._module else ''}>"


def deferred(name: str) -> Any:
    """A stand-in for the module ``name`` (absolute), bound at the top of the calling module and
    replaced there by the module itself when one of its attributes is first read."""
    return Deferred(name, sys._getframe(1).f_globals)
