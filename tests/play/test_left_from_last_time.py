"""Small bugs found in play, each from the player's side: a blow at a BIND foe already down needs no
roll and costs no Fatigue; a rest with nothing to mend takes no ration, under every system, while a
hurt player's rest still eats; a foe that fled is attacked again without being asked "are you sure"."""
from __future__ import annotations

import dataclasses

import pytest

from game.engine import Engine
from game.paths import bundled_root
from game.rules.dice import Dice, ScriptedDice
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.content import Adventure
from game.world.loader import load_adventure


class Steady:
    """Scripted dice, each showing a face that hurts under every system and never explodes."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        self.faces.append({6: 5, 10: 9}.get(sides, max(1, sides // 2)))
        return self.faces[-1]


#: A hurt that leaves the player standing: BIND's 6 HP take a small one; OpenD6's damage 14 beats a
#: resistance roll of 10 by a wound's margin.
HURTS: dict[str, tuple[str, list[int] | None]] = {"bind": ("d4", None), "opend6": ("d12", [4, 4, 4, 2, 2, 3, 3])}


@pytest.fixture(scope="module")
def oasis() -> Adventure:
    return load_adventure(bundled_root() / "glass-oasis")


def at_the_sentinel(oasis: Adventure, system_id: str) -> Engine:
    engine = Engine.new_game(oasis, get_system(system_id), 2)
    engine.state.room = oasis.npc_homes["brass-sentinel"]
    engine.submit("look")
    return engine


def test_a_bind_foe_already_down_takes_the_blow_without_a_roll_or_fatigue(oasis: Adventure) -> None:
    engine = at_the_sentinel(oasis, "bind")
    sentinel = engine.world.npc_state("brass-sentinel")
    sentinel.sheet = dataclasses.replace(sentinel.sheet, hp=0)
    assert engine.world.npc_condition("brass-sentinel") == "down"
    fatigue = engine.state.player.fatigue
    before = len(engine.dice_log)
    lines = engine.submit("attack sentinel").lines
    rolled = [result for _, _, result in list(engine.dice_log)[before:]]
    assert len(rolled) == 1 and len(rolled[0].dice) == 1, f"the damage die alone: {lines}"
    assert engine.state.player.fatigue == fatigue, lines
    assert "(The brass sentinel is down and cannot resist: no roll.)" in lines
    assert engine.world.npc_state("brass-sentinel").sheet.hp < 0


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_resting_unhurt_uses_no_ration(oasis: Adventure, system_id: str) -> None:
    engine = Engine.new_game(oasis, get_system(system_id), 2)
    engine.state.room = "vault-approach"  # nobody comes by to break the rest
    supplies = engine.state.water, engine.state.food
    lines = engine.submit("rest").lines
    assert (engine.state.water, engine.state.food) == supplies, lines


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_resting_hurt_still_eats(oasis: Adventure, system_id: str) -> None:
    engine = Engine.new_game(oasis, get_system(system_id), 2)
    engine.state.room = "vault-approach"  # nobody comes by to break the rest
    system = engine.world.system
    harm, faces = HURTS.get(system_id, ("d12", None))
    dice: Dice = Steady() if faces is None else ScriptedDice(faces)
    engine.state.player = system.harm(engine.state.player, harm, dice).sheet
    assert system.health_fraction(engine.state.player) < 1
    supplies = engine.state.water + engine.state.food
    lines = engine.submit("rest long").lines
    assert engine.state.water + engine.state.food < supplies, lines


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_foe_that_fled_is_attacked_without_asking(oasis: Adventure, system_id: str) -> None:
    engine = Engine.new_game(oasis, get_system(system_id), 2)
    engine.state.room = oasis.npc_homes["raider"]
    raider = engine.world.npc_state("raider")
    raider.disposition = "wary"  # as a foe that fled is (deeds.Flee)
    raider.memory = raider.memory | {"routed", "fought"}
    lines = engine.submit("attack raider").lines
    assert not any("not hostile" in line for line in lines), lines
