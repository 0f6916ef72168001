"""The action registry: every verb of the table has a handler, found by its name on first use."""
from __future__ import annotations

import dataclasses

import pytest

from game.actions import ActionRegistry, Turn
from game.actions.registry import default_registry
from game.verbs import ACTION_VERBS, ACTIONS, CORE_VERBS


def test_every_action_verb_has_a_handler() -> None:
    registry = default_registry()
    assert sorted(registry.verbs()) == sorted(ACTION_VERBS)
    assert [verb for verb in ACTION_VERBS if registry.get(verb) is None] == []


def test_the_verb_table_says_which_verbs_only_observe() -> None:
    registry = default_registry()
    observing = sorted(verb for verb in ACTION_VERBS if (spec := registry.get(verb)) is not None and spec.observe)
    assert "look" in observing and "take" not in observing
    assert observing == sorted(v.verb for v in ACTIONS if v.observe)


def test_a_meta_verb_names_no_action_and_an_action_verb_names_one() -> None:
    assert [v.verb for v in CORE_VERBS if v.meta and v.action] == []
    assert [v.verb for v in CORE_VERBS if not v.meta and not v.action] == []


def _noop(turn: Turn, command: object) -> None:
    return None


def test_a_handler_named_wrongly_fails_loudly_on_first_use() -> None:
    registry = ActionRegistry()
    registry.register_named("buy", "trade.no_such_thing")
    for _ in range(2):
        with pytest.raises(ValueError, match="verb 'buy': no action trade.no_such_thing"):
            registry.get("buy")


def test_an_action_verb_without_a_handler_is_refused_when_the_registry_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.actions import registry as module

    broken = (dataclasses.replace(ACTIONS[0], action=""), *ACTIONS[1:])
    monkeypatch.setattr(module, "ACTIONS", broken)
    with pytest.raises(ValueError, match=f"verb '{ACTIONS[0].verb}' has neither an action nor a meta command"):
        module.default_registry()


def test_a_verb_named_and_registered_is_registered_twice() -> None:
    registry = ActionRegistry()
    registry.register_named("steal", "theft.steal")
    with pytest.raises(ValueError, match="registered twice"):
        registry.register("steal", _noop)
