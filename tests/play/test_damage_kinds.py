"""A weapon's kind of harm counts under every system: the Storm Glass's lightning against the brass
sentinel ("Brass hates lightning", the hermit's clue) does more than the same blow with no kind.

Each system reads the one table of creature types and the kinds they fear by a house rule of its
own shape (docs/rules/<id>.md): Open Adventures a die more, Vaarn and BIND double damage, OpenD6
+1D damage, Maelstrom damage at difficulty 4.  The same scripted dice for both blows, chosen per
system so that only the kind makes a difference.
"""
from __future__ import annotations

import dataclasses

import pytest

import game.engine
from game.engine import Engine
from game.events import PLAYER
from game.paths import bundled_root
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.content import Adventure
from game.world.loader import load_adventure

#: Faces per die size for each system (every die of a size the same face, never an exploding one),
#: or the faces in order, the last repeated.  Chosen so the only difference is the kind: Open
#: Adventures harms a foe by the hit, not by the point, so its two dice fail and the kind's third
#: succeeds; BIND's blow lands with a damage die of 1; Maelstrom's damage dice show 5, failing at
#: 6 and succeeding at 4.
FACES: dict[str, dict[int, int] | list[int]] = {
    "open_adventures": [1, 1, 4],
    "vaarn": {20: 18, 8: 1, 6: 5, 4: 1},
    "opend6": {6: 4},
    "bind": [4, 4, 1],
    "maelstrom": [9, 9, 9] + [2] * 6 + [5],
}


class Steady:
    """Scripted dice: each die of a size shows its one face from :data:`FACES`, or the faces in order."""

    def __init__(self, faces: dict[int, int] | list[int]) -> None:
        self._faces = faces
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        script = self._faces
        face = script[min(len(self.faces), len(script) - 1)] if isinstance(script, list) else script[sides]
        self.faces.append(face)
        return face


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(bundled_root() / "glass-oasis")


def without_kind(adventure: Adventure) -> Adventure:
    """The adventure with the Storm Glass a plain blow: the same die and bonus, no kind of harm."""
    glass = adventure.items["storm-glass"]
    effect = {k: v for k, v in glass.effect.items() if k != "damage_type"}
    items = {**adventure.items, "storm-glass": dataclasses.replace(glass, effect=effect)}
    return dataclasses.replace(adventure, items=items)


def blow(adventure: Adventure, system_id: str,
         monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[float, int], list[str]]:
    """How much of the sentinel is left after one ``use storm glass on sentinel`` (its health, then
    its HP where the sheet counts them: BIND's sentinel is down after either blow, dead after one),
    and the lines."""
    monkeypatch.setattr(game.engine, "dice_for_turn", lambda seed, turn: Steady(FACES[system_id]))
    engine = Engine.new_game(adventure, get_system(system_id), 2)
    engine.state.room = adventure.npc_homes["brass-sentinel"]
    engine.world.move_item("storm-glass", PLAYER)
    engine.state.identified.add("storm-glass")
    lines = engine.submit("use storm glass on sentinel").lines
    sheet = engine.world.npc_state("brass-sentinel").sheet
    return (engine.world.system.health_fraction(sheet), getattr(sheet, "hp", 0)), lines


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_storm_glass_hurts_the_brass_sentinel_more_than_a_plain_blow(
        oasis: Adventure, system_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    plain, plain_lines = blow(without_kind(oasis), system_id, monkeypatch)
    left, lines = blow(oasis, system_id, monkeypatch)
    assert left < plain, f"{system_id}: lightning left {left} of the sentinel, a plain blow {plain}:\n" + \
        "\n".join(lines) + "\n--\n" + "\n".join(plain_lines)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_roll_line_names_the_item_and_its_kind_of_harm(
        oasis: Adventure, system_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _, lines = blow(oasis, system_id, monkeypatch)
    assert any("with the Storm Glass (electrical, which it fears)" in line for line in lines), lines
