"""Vaarn in play: the pieces of a round (initiative, attack choice, morale) and reaction rolls.

Seed 001 §Combat; morale and reactions from Vaarn's public material.  The choices the
rules text leaves open (``docs/rules/vaarn.md``):

- **A round** is one player action while foes stand in the player's room.  Before it
  each side rolls a d6 (ties to the player); foes who win act before the player.
- **Engaged**: the room is the battlefield.  A foe and the player are engaged once
  either attacks the other in melee, while both stand in the room.  Nobody shoots while
  engaged; an NPC with only ranged attacks strikes with its weapon's butt (d4).
- *Aggressive* foes attack as soon as they can; hostile *guards* and *cautious* NPCs
  hold back, rolling no initiative, until attacked or engaged, so a guard can be shot
  once from a distance before it closes in.

The round's engagement and who acted first are in the
:class:`~game.systems.vaarn.sheet.VaarnMoment`; an NPC's sheet remembers ``foe``,
``roused``, ``morale_tested``, ``met``, ``reaction`` and ``mood``.
:class:`~game.systems.vaarn.play.VaarnPlay` runs each NPC's turn through the round
template, asking this module for the round's foes (:func:`round_foes`), the initiative
(:func:`player_first`), the morale verdict (:func:`morale_broken`) and the weapons of an
attack (:func:`attack_options`, :func:`choose_attacks`).  Engagement itself lives in
:mod:`game.systems.vaarn.scene`.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.actions.combat import best_weapon
from game.deferred import deferred
from game.narration import cap
from game.npc import memory
from game.rules.base import Situation, Weapon
from game.systems.vaarn.rules import VaarnSystem
from game.systems.vaarn.scene import (
    calmed,
    fighting,
    foes,
    npc_of,
    npc_the,
    player_of,
    sustained,
    update_moment,
    update_npc,
)

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.vaarn import combat
    from game.world.world import World
else:
    combat = deferred("game.systems.vaarn.combat")

#: What an NPC with only ranged attacks does when engaged (house rule).
IMPROVISED = Weapon(name="a clubbing blow", damage="d4")

#: Reaction table result -> new disposition, for wary and for neutral NPCs (house rule:
#: a neutral NPC is a step kinder than the table).
WARY_REACTION = {"attack": "hostile", "hostile": "wary", "indifferent": "neutral", "talkative": "friendly",
                 "helpful": "friendly"}
NEUTRAL_REACTION = {"attack": "wary", "hostile": "wary", "indifferent": "neutral", "talkative": "friendly",
                    "helpful": "friendly"}
#: Reaction -> a merchant's mood, which sets the markup of seed 001 §Barter (house rule).
MERCHANT_MOOD = {"attack": "wary", "hostile": "wary", "indifferent": "neutral", "talkative": "merchant",
                 "helpful": "friendly"}
REACTION_TEXT = {
    "attack": "{Name} takes against you at once!",
    "hostile": "{Name} eyes you with open dislike.",
    "indifferent": "{Name} pays you little mind.",
    "talkative": "{Name} seems glad of company.",
    "helpful": "{Name} greets you like an old friend.",
}


# -- the round ------------------------------------------------------------------------------

def round_foes(system: VaarnSystem, turn: Turn) -> list[str]:
    """Before a player action: forget last round; the foes fighting now (none when the player is down).

    Each of them is marked ``foe`` (it takes part in the fight).
    """
    world = turn.world
    update_moment(world, felled=False, acted_first=())
    here = [n for n in foes(world) if fighting(world, n)]
    if not here or system.condition(player_of(world)) != "ok":
        return []
    for npc_id in here:
        update_npc(world, npc_id, foe=True)
    return here


def player_first(system: VaarnSystem, turn: Turn, here: list[str]) -> bool:
    """Roll initiative, player against foes (seed 001 §Combat); True when the player acts first."""
    world = turn.world
    result = system.initiative(("player", "foes"), turn.dice)
    name = f"{npc_the(world, here[0])}" if len(here) == 1 else "your foes"
    first = "you act first" if result.order[0] == "player" else f"{name} act{'s' if len(here) == 1 else ''} first"
    text = f"Initiative: you d6 ({result.rolls['player']}), {name} d6 ({result.rolls['foes']}): {first}"
    turn.show_roll("initiative", dataclasses.replace(result.roll, text=text))
    return result.order[0] == "player"


def held_back(turn: Turn, npc_id: str) -> bool:
    """A calm Gift holds the NPC still this turn (said); True when it does."""
    world = turn.world
    if not calmed(world, npc_id):
        return False
    turn.say(f"{npc_the(world, npc_id, True)} stands still, held by your Gift.")
    return True


def attack_options(world: World, npc_id: str) -> tuple[tuple[Weapon, ...], ...]:
    """The NPC's attacks in the Vaarn form; a carried weapon when content gives no attacks, else
    the tier's strikes, named as the content's ``attack`` says where it says."""
    sheet = npc_of(world, npc_id)
    if "attacks" in world.npc(npc_id).stats.get("vaarn", {}):
        return combat.npc_attacks(sheet)
    carried = world.npc_items(npc_id)
    weapon = best_weapon(world, carried, ranged=False) or best_weapon(world, carried, ranged=True)
    if weapon is not None:
        return ((weapon,),)
    named = world.npc(npc_id).attack
    return tuple(tuple(dataclasses.replace(w, name=named) if named else w for w in option)
                 for option in combat.npc_attacks(sheet))


def choose_attacks(options: tuple[tuple[Weapon, ...], ...], is_engaged: bool) -> list[Weapon]:
    """Shoot from a distance when it can; otherwise fight in melee (no shooting while engaged)."""
    ranged = [alt for alt in options if alt and all(w.ranged for w in alt)]
    melee = [alt for alt in options if any(not w.ranged for w in alt)]
    if not is_engaged and ranged:
        return list(ranged[0])
    if melee:
        return [w for w in melee[0] if not (is_engaged and w.ranged)]
    return [IMPROVISED]


# -- morale -----------------------------------------------------------------------------------

def morale_triggers(world: World, npc_id: str) -> list[str]:
    """Which morale triggers hold now (Vaarn's public material: half the group down, the leader fallen,
    a lone enemy at half HP; house rule: a coward as soon as it is hurt)."""
    group = [n for n in world.npcs_in() if n in world.state.npcs and npc_of(world, n).foe]
    if npc_id not in group:
        group.append(npc_id)
    down = [n for n in group if world.npc_condition(n) != "ok"]
    sheet = npc_of(world, npc_id)
    triggers = []
    if len(group) > 1:
        if 2 * len(down) >= len(group):
            triggers.append("half the group down")
        if group[0] != npc_id and group[0] in down:
            triggers.append("the leader fell")
    elif 2 * sheet.hp <= sheet.max_hp:
        triggers.append("badly hurt")
    if world.npc(npc_id).behaviour == "coward" and sheet.hp < sheet.max_hp:
        triggers.append("hurt")
    return triggers


def morale_broken(system: VaarnSystem, turn: Turn, npc_id: str) -> bool:
    """The NPC's turn begins: it joins the fight, and rolls morale when a new trigger holds.

    Nothing is rolled for an NPC holding back or held still by a Gift.  True
    when the morale roll fails: the NPC breaks (and flees or surrenders).
    """
    world = turn.world
    if not fighting(world, npc_id):
        return False
    sheet = update_npc(world, npc_id, foe=True)
    if calmed(world, npc_id):
        return False
    tested = sheet.morale_tested
    new = [t for t in morale_triggers(world, npc_id) if t not in tested]
    if not new:
        return False
    sheet = update_npc(world, npc_id, morale_tested=tested + tuple(new))
    roll = system.morale_check(sheet, turn.dice)
    figures = roll.figures
    text = (f"Morale ({', '.join(new)}): d20 ({figures['kept']}) + {figures['bonus']} = {figures['total']} "
            f"vs 15: {'holds' if roll.succeeded else 'breaks'}")
    turn.show_roll(f"morale of {npc_the(world, npc_id)}", dataclasses.replace(roll, text=text))
    return not roll.succeeded


# -- meeting people ----------------------------------------------------------------------------

def meet(system: VaarnSystem, turn: Turn, npc_id: str) -> str:
    """The reaction roll when first meeting a wary, neutral or merchant NPC (d20 + EGO).

    Returns the table's result ("" when no roll is due).  Friendly and hostile
    NPCs keep the disposition their author gave them.
    """
    world = turn.world
    npc = world.npc_state(npc_id)
    if npc_of(world, npc_id).met or world.npc_condition(npc_id) != "ok" or memory.holds_grudge(world, npc_id):
        return ""  # a routed or beaten foe is never won over by a meeting roll
    merchant = npc.disposition == "merchant" or world.npc(npc_id).behaviour == "merchant"
    if npc.disposition not in ("wary", "neutral") and not merchant:
        return ""
    update_npc(world, npc_id, met=True)
    reaction = system.reaction(player_of(world), turn.dice)
    name = npc_the(world, npc_id)
    turn.show_roll(f"reaction of {name}", reaction.roll)
    result = reaction.result
    update_npc(world, npc_id, reaction=result)
    if merchant:
        update_npc(world, npc_id, mood=MERCHANT_MOOD[result])
    else:
        table = WARY_REACTION if npc.disposition == "wary" else NEUTRAL_REACTION
        npc.disposition = table[result]
        if npc.disposition == "hostile":
            update_npc(world, npc_id, roused=True)
    text = REACTION_TEXT[result]
    if merchant and result == "attack":
        text = "{Name} looks at you as if you had come to rob the place."
    elif not merchant and npc.disposition != "hostile" and result == "attack":
        text = "{Name} bristles, but holds back."
    turn.say(text.format(Name=cap(name)))
    return result


def meet_everyone(system: VaarnSystem, turn: Turn) -> None:
    for npc_id in turn.world.living_npcs_in():
        meet(system, turn, npc_id)


def npc_situation(world: World) -> Situation:
    """The circumstances of an NPC's attack on the player: a ward Gift gives disadvantage."""
    return Situation(disadvantage=sustained(world, "ward") is not None)
