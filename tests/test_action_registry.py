"""The action registry: every verb of the table has a handler, deferred families included (issue 18)."""
from __future__ import annotations

import types

import pytest

from game.actions import ActionRegistry, Turn
from game.actions.registry import LATER, default_registry
from game.verbs import ACTION_VERBS


def test_every_action_verb_has_a_handler_once_its_family_is_loaded() -> None:
    registry = default_registry()
    assert sorted(registry.verbs()) == sorted(ACTION_VERBS)
    assert [verb for verb in ACTION_VERBS if registry.get(verb) is None] == []


def test_each_deferred_family_registers_exactly_the_verbs_it_is_deferred_with() -> None:
    for verbs, load in LATER:
        registry = ActionRegistry()
        load().register(registry)
        assert sorted(registry.verbs()) == sorted(verbs)


def _noop(turn: Turn, command: object) -> None:
    return None


def test_a_deferred_family_that_registers_other_verbs_fails_loudly_when_loaded() -> None:
    def register(registry: ActionRegistry) -> None:
        registry.register("buy", _noop)

    family = types.SimpleNamespace(register=register)
    registry = ActionRegistry()
    registry.defer(("buy", "sell"), lambda: family)
    with pytest.raises(ValueError, match="registered \\['buy'\\], not \\['buy', 'sell'\\]"):
        registry.get("sell")


def test_a_verb_deferred_and_registered_is_registered_twice() -> None:
    registry = ActionRegistry()
    registry.defer(("steal",), lambda: types.SimpleNamespace(register=lambda r: None))
    with pytest.raises(ValueError, match="registered twice"):
        registry.register("steal", _noop)
