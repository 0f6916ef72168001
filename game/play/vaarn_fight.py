"""Vaarn in play: rounds, initiative, engagement, the NPCs' turns, morale and reactions.

Seed 001 §Combat; morale and reactions from RULES-NOTES "vaarn".  The choices
the seed leaves open are written down in ``docs/rules/vaarn.md`` ("Play"):

- **A round** is one player action while foes (hostile NPCs standing in the
  player's room) are present.  Before it, each side rolls a d6 (ties to the
  player); foes who win act before the player.
- **Engaged**: the room is the battlefield.  A foe and the player become
  engaged when either attacks the other in melee (closing in is part of that
  attack: a move and an action); it lasts while both stand in the room.  Leaving
  the room ends it.  Nobody shoots while engaged; an NPC that has only ranged
  attacks and is engaged strikes with the butt of its weapon (d4).
- Foes that are *aggressive* close in and attack as soon as they can (also
  right after the player walks in).  Hostile *guards* and *cautious* NPCs hold
  back: they fight only once roused (attacked, or engaged); until then they do
  not act, and roll no initiative.  So a guard can be shot from a distance once
  before it closes in.

Sheet keys kept here.  Player: ``engaged`` (ids of the NPCs engaged with the
player), ``felled`` (foes who acted first put the player down: the action is
lost).  NPC: ``foe`` (took part in a fight), ``roused`` (a holding-back NPC
was attacked and fights now), ``acted_first`` (acted before the
player this round), ``morale_tested`` (the morale triggers already rolled for),
``met`` and ``reaction`` (the reaction roll on meeting), ``mood`` (a
merchant's disposition towards the player).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.actions.combat import best_weapon, report_attack
from game.play.vaarn_body import cap, npc_the, settle_player, system_of
from game.rules.base import Situation, Weapon
from game.world.state import room_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.world.world import World

#: Behaviours of hostile NPCs that hold back until roused (house rule).
HOLDING_BACK = ("guard", "cautious")
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


# -- who is fighting ------------------------------------------------------------------------

def foes(world: World) -> list[str]:
    """Hostile NPCs standing (condition ``ok``) in the player's room."""
    return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]


def fighting(world: World, npc_id: str) -> bool:
    """Whether a foe acts in the fight: aggressive ones do; guards and cautious ones once roused."""
    if world.npc(npc_id).behaviour not in HOLDING_BACK:
        return True
    return bool(world.npc_state(npc_id).sheet.get("roused")) or npc_id in world.state.player.get("engaged", [])


def rouse(world: World, npc_id: str) -> None:
    """The player attacked this NPC: from now on it fights."""
    world.npc_state(npc_id).sheet["roused"] = True


def engaged(world: World) -> list[str]:
    """The foes engaged in melee with the player."""
    here = set(foes(world))
    return [n for n in world.state.player.get("engaged", []) if n in here]


def engage(world: World, npc_id: str) -> bool:
    """Mark the player and ``npc_id`` engaged; True if they were not already."""
    current = list(world.state.player.get("engaged", []))
    if npc_id in current:
        return False
    world.state.player["engaged"] = current + [npc_id]
    return True


def disengage_all(world: World) -> None:
    world.state.player["engaged"] = []


# -- the round ------------------------------------------------------------------------------

def start_round(turn: Turn) -> None:
    """Before a player action: roll initiative if foes are here; foes that win act now."""
    world = turn.world
    state = world.state
    state.player.pop("felled", None)
    for npc_id in world.living_npcs_in():
        if npc_id in state.npcs:
            state.npcs[npc_id].sheet.pop("acted_first", None)
    here = [n for n in foes(world) if fighting(world, n)]
    system = system_of(turn)
    if not here or system.condition(state.player) != "ok":
        return
    for npc_id in here:
        world.npc_state(npc_id).sheet["foe"] = True
    result = system.initiative(("player", "foes"), turn.dice)
    name = f"{npc_the(world, here[0])}" if len(here) == 1 else "your foes"
    first = "you act first" if result.order[0] == "player" else f"{name} act{'s' if len(here) == 1 else ''} first"
    text = f"Initiative: you d6 ({result.rolls['player']}), {name} d6 ({result.rolls['foes']}): {first}"
    turn.show_roll("initiative", dataclasses.replace(result.roll, text=text))
    if result.order[0] == "player":
        return
    for npc_id in here:
        if state.status != "playing" or system.condition(state.player) != "ok":
            break
        npc_turn(turn, npc_id)
        if npc_id in state.npcs:
            state.npcs[npc_id].sheet["acted_first"] = True
    if system.condition(state.player) != "ok":
        state.player["felled"] = True


def npc_phase(turn: Turn) -> None:
    """After the player's action: every NPC in the room that has not acted this round acts."""
    world = turn.world
    system = system_of(turn)
    for npc_id in world.living_npcs_in():
        if world.state.status != "playing" or system.condition(world.state.player) != "ok":
            return
        if npc_id in world.state.npcs and world.state.npcs[npc_id].sheet.pop("acted_first", False):
            continue
        npc_turn(turn, npc_id)


def npc_turn(turn: Turn, npc_id: str) -> None:
    """One NPC's turn: a morale check when due, then a move and its attacks."""
    world = turn.world
    if not world.hostile(npc_id) or world.npc_condition(npc_id) != "ok":
        return
    if not fighting(world, npc_id):
        return
    sheet = world.npc_state(npc_id).sheet
    sheet["foe"] = True
    from game.play.vaarn_gifts import calmed

    if calmed(world, npc_id):
        turn.say(f"{npc_the(world, npc_id, True)} stands still, held by your Gift.")
        return
    if morale_breaks(turn, npc_id):
        return
    is_engaged = npc_id in engaged(world)
    weapons = choose_attacks(attack_options(world, npc_id), is_engaged)
    if not is_engaged and any(not w.ranged for w in weapons):
        engage(world, npc_id)
        turn.say(f"{npc_the(world, npc_id, True)} closes in.")
        weapons = [w for w in weapons if not w.ranged] or weapons
    system = system_of(turn)
    for weapon in weapons:
        if world.state.status != "playing" or system.condition(world.state.player) != "ok":
            break
        result = turn.play.npc_attack(turn, npc_id, weapon)
        report_attack(turn, world.the_npc(npc_id), "you", weapon, result)
        settle_player(turn)


def attack_options(world: World, npc_id: str) -> tuple[tuple[Weapon, ...], ...]:
    """The NPC's attacks in the Vaarn form; a carried weapon when content gives no attacks."""
    system = world.system
    sheet = world.npc_state(npc_id).sheet
    if "attacks" not in world.npc(npc_id).stats.get("vaarn", {}):
        carried = world.npc_items(npc_id)
        weapon = best_weapon(world, carried, ranged=False) or best_weapon(world, carried, ranged=True)
        if weapon is not None:
            return ((weapon,),)
    return system.npc_attacks(sheet)  # type: ignore[attr-defined]


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
    """Which morale triggers hold now (RULES-NOTES: half the group down, the leader fallen,
    a lone enemy at half HP; house rule: a coward as soon as it is hurt)."""
    group = [n for n in world.npcs_in() if n in world.state.npcs and world.state.npcs[n].sheet.get("foe")]
    if npc_id not in group:
        group.append(npc_id)
    down = [n for n in group if world.npc_condition(n) != "ok"]
    sheet = world.npc_state(npc_id).sheet
    triggers = []
    if len(group) > 1:
        if 2 * len(down) >= len(group):
            triggers.append("half the group down")
        if group[0] != npc_id and group[0] in down:
            triggers.append("the leader fell")
    elif 2 * int(sheet.get("hp", 1)) <= int(sheet.get("max_hp", 1)):
        triggers.append("badly hurt")
    if world.npc(npc_id).behaviour == "coward" and int(sheet.get("hp", 1)) < int(sheet.get("max_hp", 1)):
        triggers.append("hurt")
    return triggers


def morale_breaks(turn: Turn, npc_id: str) -> bool:
    """Roll morale when a new trigger holds; on a break the NPC flees or surrenders."""
    world = turn.world
    sheet = world.npc_state(npc_id).sheet
    tested = list(sheet.get("morale_tested", []))
    new = [t for t in morale_triggers(world, npc_id) if t not in tested]
    if not new:
        return False
    sheet["morale_tested"] = tested + new
    system = system_of(turn)
    roll = system.morale_check(sheet, turn.dice)
    figures = roll.figures
    text = (f"Morale ({', '.join(new)}): d20 ({figures['kept']}) + {figures['bonus']} = {figures['total']} "
            f"vs 15: {'holds' if roll.succeeded else 'breaks'}")
    turn.show_roll(f"morale of {npc_the(world, npc_id)}", dataclasses.replace(roll, text=text))
    if roll.succeeded:
        return False
    flee_or_surrender(turn, npc_id)
    return True


def flee_or_surrender(turn: Turn, npc_id: str) -> None:
    """A broken NPC flees to a neighbouring room, or surrenders when it has no way out.

    House rule: it runs by the way it guards if it guards one, otherwise by the
    first open way in the room's order; once away it is wary, not hostile.
    """
    world = turn.world
    npc = world.npc_state(npc_id)
    name = npc_the(world, npc_id)
    room = world.adventure.rooms[npc.room]
    ways = [e for e in room.exits.values() if not e.hidden and world.exit_open(room.id, e)]
    guarded = world.npc(npc_id).blocks
    ways.sort(key=lambda e: e.direction != guarded)
    npc.disposition = "wary"
    world.state.player["engaged"] = [n for n in world.state.player.get("engaged", []) if n != npc_id]
    if ways:
        npc.room = ways[0].to
        npc.sheet["routed"] = True
        turn.say(f"{cap(name)} breaks and flees {ways[0].direction}.")
        return
    npc.sheet["surrendered"] = True
    dropped = [i for i in world.npc_items(npc_id) if world.item(i).is_weapon]
    for item_id in dropped:
        world.move_item(item_id, room_place(npc.room))
    turn.say(f"{cap(name)} throws down its arms and begs for its life.")


# -- meeting people ----------------------------------------------------------------------------

def meet(turn: Turn, npc_id: str) -> str:
    """The reaction roll when first meeting a wary, neutral or merchant NPC (d20 + EGO).

    Returns the table's result ("" when no roll is due).  Friendly and hostile
    NPCs keep the disposition their author gave them.
    """
    world = turn.world
    npc = world.npc_state(npc_id)
    if npc.sheet.get("met") or world.npc_condition(npc_id) != "ok":
        return ""
    merchant = npc.disposition == "merchant" or world.npc(npc_id).behaviour == "merchant"
    if npc.disposition not in ("wary", "neutral") and not merchant:
        return ""
    npc.sheet["met"] = True
    system = system_of(turn)
    reaction = system.reaction(world.state.player, turn.dice)
    name = npc_the(world, npc_id)
    turn.show_roll(f"reaction of {name}", reaction.roll)
    result = reaction.result
    npc.sheet["reaction"] = result
    if merchant:
        npc.sheet["mood"] = MERCHANT_MOOD[result]
    else:
        table = WARY_REACTION if npc.disposition == "wary" else NEUTRAL_REACTION
        npc.disposition = table[result]
        if npc.disposition == "hostile":
            npc.sheet["roused"] = True
    text = REACTION_TEXT[result]
    if merchant and result == "attack":
        text = "{Name} looks at you as if you had come to rob the place."
    elif not merchant and npc.disposition != "hostile" and result == "attack":
        text = "{Name} bristles, but holds back."
    turn.say(text.format(Name=cap(name)))
    return result


def meet_everyone(turn: Turn) -> None:
    for npc_id in turn.world.living_npcs_in():
        meet(turn, npc_id)


def npc_situation(world: World) -> Situation:
    """The circumstances of an NPC's attack on the player: a ward Gift gives disadvantage."""
    from game.play.vaarn_gifts import sustained

    return Situation(disadvantage=sustained(world, "ward") is not None)
