"""A stateful property test: go, take, drop, attack, wait, save, load and undo in random orders.

Hypothesis drives the tiny adventure through random sequences (40 steps, 60
runs under Vaarn by default; 50 steps, 150 runs under every system with
``pytest --slow``) and checks after every step that every item is in exactly
one place, the player's room exists, the status is valid and the turn never
goes back except by undo or load; that a save loads back to the very state
saved (``load(save(s)) == s``); that load restores what was saved; and that
undo restores the state before the last action that took a turn.  A
question a system asks in the middle of an action (OpenD6: spend a Character
Point?) is answered "no" as part of the same step.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from game.engine import UNDO_DEPTH, Engine
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.world.loader import load_adventure
from game.world.state import GONE, PLAYER
from tests.conftest import DATA

TINY = load_adventure(DATA / "tiny")
ITEMS = ("stone", "brass key", "glass key", "key", "gem", "rod", "knife", "waterskin", "scimitar", "all")


def machine_for(system: str) -> type[RuleBasedStateMachine]:
    class Run(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.folder = Path(tempfile.mkdtemp(prefix="wayfarer-stateful-"))
            self.store = SaveStore(self.folder, TINY)
            self.engine = Engine.new_game(TINY, get_system(system), 5, saves=self.store)
            self.saved: dict[str, dict[str, Any]] = {}
            self.undo_model: list[dict[str, Any]] = []
            self.turn = 0

        def teardown(self) -> None:
            shutil.rmtree(self.folder, ignore_errors=True)

        def _do(self, command: str) -> list[str]:
            before = self.engine.state.copy()
            depth = len(self.engine.undo_stack)
            lines = self.engine.submit(command).lines
            while self.engine.asking is not None:  # a system's question (spend a point?) is part of the action
                choices = self.engine.asking.question.choices
                lines = self.engine.submit("no" if "no" in choices else next(iter(choices))).lines
            if len(self.engine.undo_stack) > depth or (depth == UNDO_DEPTH and self.engine.state.turn > before["turn"]):
                self.undo_model.append(before)
            assert self.engine.state.turn >= self.turn, f"{command!r} took the turn back"
            self.turn = self.engine.state.turn
            return lines

        @rule(direction=st.sampled_from(("n", "s", "e", "w", "u", "d", "go north", "east")))
        def go(self, direction: str) -> None:
            self._do(direction)

        @rule(item=st.sampled_from(ITEMS))
        def take(self, item: str) -> None:
            self._do(f"take {item}")

        @rule(item=st.sampled_from(ITEMS))
        def drop(self, item: str) -> None:
            self._do(f"drop {item}")

        @rule(who=st.sampled_from(("raider", "hermit")))
        def attack(self, who: str) -> None:
            self._do(f"attack {who}")

        @rule(how=st.sampled_from(("wait", "search", "unlock east", "look", "i")))
        def other(self, how: str) -> None:
            self._do(how)

        @rule(slot=st.sampled_from(("alpha", "beta")))
        def save(self, slot: str) -> None:
            over_a_living_run = self.engine.state.status == "dead" and slot in self.saved \
                and self.saved[slot].status == "playing"
            lines = self._do(f"save {slot}")
            if over_a_living_run:  # a dead run never replaces a living save
                assert lines[0].startswith("Not saved: this run is over"), lines
                return
            assert lines[0].startswith(f'Saved to slot "{slot}"'), lines
            self.saved[slot] = self.engine.state.copy()
            state, notes = self.store.load(slot)
            assert state.copy() == self.engine.state.copy() and notes == []  # load(save(s)) == s

        @rule(slot=st.sampled_from(("alpha", "beta")))
        def load(self, slot: str) -> None:
            before = self.engine.state.copy()
            lines = self.engine.submit(f"load {slot}").lines
            if slot in self.saved and lines[-1] == "Load anyway? (yes/no)":  # played on since the last save
                assert self.engine.state.copy() == before
                lines = self.engine.submit("yes").lines
            if slot in self.saved:
                assert lines[0] == f'Loaded slot "{slot}".', lines
                assert self.engine.state.copy() == self.saved[slot]
                self.undo_model.clear()
            else:
                assert lines[0].startswith("Not loaded: ") and self.engine.state.copy() == before
            self.turn = self.engine.state.turn

        @rule()
        def undo(self) -> None:
            before = self.engine.state.copy()
            lines = self.engine.submit("undo").lines
            if self.undo_model:
                assert self.engine.state.copy() == self.undo_model.pop(), lines
            else:
                assert lines == ["There is nothing to undo."] and self.engine.state.copy() == before
            self.turn = self.engine.state.turn

        @invariant()
        def every_item_is_in_exactly_one_place(self) -> None:
            world = self.engine.world
            places = [PLAYER, GONE] + [f"{kind}:{room}" for room in TINY.rooms for kind in ("room", "search")]
            places += [f"npc:{npc}" for npc in TINY.npcs]
            seen: dict[str, str] = {}
            for place in places:
                for item in world.items_at(place):
                    assert item not in seen, f"{item} is both at {seen[item]} and at {place}"
                    seen[item] = place
            for item in TINY.items:
                place = world.place_of(item)
                assert place in places, (item, place)
                assert seen.get(item, GONE) == place, (item, place, seen.get(item))

        @invariant()
        def the_state_is_valid(self) -> None:
            state = self.engine.state
            assert state.room in TINY.rooms
            assert state.status in ("playing", "won", "dead")
            assert state.visited <= set(TINY.rooms) and state.room in state.visited
            assert state.water >= 0 and state.food >= 0

    Run.__name__ = f"Run_{system}"
    return Run


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_random_play_keeps_its_invariants_and_saves_round_trip(system: str, slow: bool) -> None:
    if not slow and system != "vaarn":
        pytest.skip("every system runs under --slow; Vaarn, the tiny adventure's own, always")
    run_state_machine_as_test(machine_for(system), settings=settings(
        max_examples=150 if slow else 60, stateful_step_count=50 if slow else 40, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much], database=None))
