"""OpenD6 in play: attacks both ways, armor worn, harm, and the end of each round.

Built from the rule module's pieces (``opend6_combat``): the attack roll
against the defender's static defence, the damage roll, then the adventure's
damage system (Wounds: a resistance roll and the wound level chart; Body
Points).  The player's attack roll goes through :mod:`game.systems.opend6.rolls`
(hidden defence, Fate and Character Points, complications); an NPC's attack
roll is shown in full, since the number it must beat is the player's own
defence.  What happens is told as events, worded by ``game/systems/opend6/narration.py``.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.actions.combat import put_sheet
from game.actions.deeds import weapon_of
from game.events import PLAYER, Event
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.systems.opend6 import rolls
from game.systems.opend6.codes import DieCode, weapon_code
from game.systems.opend6.combat import (
    Damage,
    active_defence_request,
    apply_damage,
    damage_request,
    defence_difficulty,
)
from game.systems.opend6.events import Hit, Missed
from game.systems.opend6.roll import D6Request, hidden
from game.systems.opend6.rolls import npc_of, player_of, sheet_of
from game.systems.opend6.sheet import INCAPACITATED, MORTAL, STUNNED, WOUND_LEVELS, wound_penalty
from game.systems.opend6.types import D6Sheet

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.opend6.rules import OpenD6


# -- armor worn ------------------------------------------------------------------------

def item_armor(turn: Turn, item_id: str) -> DieCode:
    """An armor item's code: its ``stats.opend6.armor``, else (House rule) one pip per point
    of defence above 10 (a desert robe of 11 is 0D+1, a war shirt of 12 is 0D+2)."""
    item = turn.world.item(item_id)
    own = item.stats.get("opend6", {}).get("armor")
    if own is not None:
        return DieCode(own) if isinstance(own, int) else DieCode.parse(str(own))
    return DieCode.from_steps((item.armor or 10) - 10)


def worn_armor(turn: Turn) -> DieCode:
    """The best armor the player carries, or the sheet's own if that is better."""
    best: DieCode = player_of(turn.world.state).armor
    for item_id in turn.world.carried():
        if turn.world.item(item_id).kind == "armor":
            best = max(best, item_armor(turn, item_id))
    return best


def damage_player(turn: Turn, system: OpenD6, rolled: int) -> Damage:
    """``rolled`` damage against the player, in the armor they carry; the sheet is updated."""
    extra = rolls.spend_set_aside(turn, system, "resist")
    sheet = player_of(turn.world.state)
    armored = dataclasses.replace(sheet, armor=worn_armor(turn))
    done = apply_damage(armored, rolled, turn.dice, system.damage, system.wild_one, PLAYER, extra)
    turn.world.state.player = dataclasses.replace(done.sheet, armor=sheet.armor)
    return dataclasses.replace(done, sheet=player_of(turn.world.state))


# -- attacks ---------------------------------------------------------------------------

def weapon_topics(turn: Turn, weapon: Weapon, items: list[str]) -> tuple[str, ...]:
    """What a specialization may name to cover an attack with ``weapon``: the id and kind of the
    item among ``items`` (carried by the attacker) it is made from; nothing for bare hands or
    claws."""
    world = turn.world
    return tuple(topic for item_id in items if weapon_of(world, item_id) == weapon
                 for topic in (item_id, world.item(item_id).kind))


def exchange(turn: Turn, system: OpenD6, attacker: str, defender: str, weapon: Weapon,
             situation: Situation) -> AttackResult[D6Sheet]:
    """One attack, whoever makes it: the attack roll against the defender's defence, then
    damage and the adventure's damage system.  The player's own resources come in where
    the player is a side: attacking, the hidden defence (hinted), Fate and Character
    Points; defending, an active defence and the armor carried.  An NPC's roll is shown
    in full, since the number it must beat is the player's own defence."""
    world = turn.world
    items = world.carried() if attacker == PLAYER else world.npc_items(attacker)
    topics = weapon_topics(turn, weapon, items)
    if attacker == PLAYER:
        result = _players_roll(turn, system, defender, weapon, situation, topics)
    else:
        result = system.roll(_npc_request(turn, system, attacker, defender, weapon, topics), turn.dice)
    events: list[Event] = rolls.wild_die_events(result, system.wild_one, attacker, "fight" if attacker == PLAYER else "",
                                                explosion=False, setback=system.complication == "setback")
    rolls.set_back(turn, attacker, result, system)
    if not result.succeeded:
        return AttackResult(result, False, 0, sheet_of(world, attacker), sheet_of(world, defender),
                            events=(*events, Missed(attacker, defender)))
    damage = damage_request(sheet_of(world, attacker), sheet_of(world, defender), weapon, system.wild_one)
    if attacker == PLAYER:
        damage = _players_damage(turn, system, damage)
    damage_roll = system.roll(damage, turn.dice)
    rolled = int(damage_roll.figures["total"])
    if defender == PLAYER:
        done = damage_player(turn, system, rolled)
    else:
        done = apply_damage(sheet_of(world, defender), rolled, turn.dice, system.damage, system.wild_one, defender)
        put_sheet(world, defender, done.sheet)
    return AttackResult(result, True, done.harm, sheet_of(world, attacker), sheet_of(world, defender),
                        rolls=(damage_roll, *done.rolls),
                        events=(*events, Hit(attacker, defender, weapon.name), *done.events))


def _players_roll(turn: Turn, system: OpenD6, npc_id: str, weapon: Weapon, situation: Situation,
                  topics: tuple[str, ...]) -> RollResult:
    """The player's attack roll: the hint the first time, Fate, the hidden defence, Character Points."""
    world = turn.world
    npc = world.npc_state(npc_id)
    name = world.the_npc(npc_id)
    theirs = npc_of(world, npc_id)
    request = system.attack_request(player_of(world.state), theirs, weapon, situation, topics)
    if not theirs.sized_up:
        npc.sheet = dataclasses.replace(theirs, sized_up=True)
        rolls.hint(turn, f"Hitting {name}", int(request.difficulty or 0))
    request = rolls.prepare(turn, system, request, heroic=True)
    turn.record(f"attack {name}", request, amend=True)
    result = hidden(system.roll(request, turn.dice))
    return rolls.offer_character_points(turn, system, f"you attack {name}", request, result)


def _players_damage(turn: Turn, system: OpenD6, damage: D6Request) -> D6Request:
    """The player's damage roll: doubled by the action's Fate Point (option), Character Points set aside."""
    if rolls.fated(turn) and system.fate_damage == "doubled":
        damage = dataclasses.replace(system.with_fate_point(damage), label="damage (Fate Point x2)")
    extra = rolls.spend_set_aside(turn, system, "damage")
    if extra:
        damage = dataclasses.replace(damage, dice=damage.dice + extra,
                                     label=f"{damage.label} (Character Points +{extra}D)")
    return damage


def _npc_request(turn: Turn, system: OpenD6, npc_id: str, defender: str, weapon: Weapon,
                 topics: tuple[str, ...]) -> D6Request:
    """An NPC's attack roll: a complication of its own sets it back 1D (once), its wounds cost dice,
    and the player defending may roll an active defence (option)."""
    world = turn.world
    moment = rolls.moment_of(world.state)
    shaken = moment.setback(npc_id) is not None
    if shaken:
        rolls.keep(turn, moment.with_setback(npc_id, None))
    target = _active_defence(turn, system, weapon) if defender == PLAYER else None
    sheet = npc_of(world, npc_id)
    request = system.attack_request(sheet, sheet_of(world, defender), weapon,
                                    Situation(disadvantage=shaken, target=target), topics)
    penalty = wound_penalty(sheet)
    notes = [f"{WOUND_LEVELS[sheet.wound_level]} -{penalty}D"] if penalty else []
    notes += ["shaken -1D"] if shaken else []
    if notes:
        request = dataclasses.replace(request, label=f"{request.label} ({', '.join(notes)})")
    return request


def _active_defence(turn: Turn, system: OpenD6, weapon: Weapon) -> int | None:
    """Under option ``defence = "active"``: the player's dodge or parry, rolled and shown;
    its total is the attacker's difficulty when it beats the static defence.

    Multiple-action penalty (OpenD6, beyond the seed; house rule for its order): the
    player's action was the round's first; each active defence after it is one more
    action, at -1D for the first, -2D for the second, ... (``active-free``: no penalty).
    """
    if system.defence == "static":
        return None
    state = turn.world.state
    player = player_of(state)
    request = active_defence_request(player, weapon, system.wild_one)
    if system.defence == "active":
        moment = rolls.moment_of(state)
        extra = (moment.defences if moment.defence_turn == state.turn else 0) + 1
        rolls.keep(turn, dataclasses.replace(moment, defence_turn=state.turn, defences=extra))
        request = dataclasses.replace(request, dice=max(request.dice - extra, 1),
                                      label=f"{request.label} (action {extra + 1} this round -{extra}D)")
    roll = system.roll(request, turn.dice)
    turn.show_roll("you defend", roll)
    return max(int(roll.figures["total"]), defence_difficulty(player, weapon))


def harm(turn: Turn, system: OpenD6, damage_die: str, label: str) -> None:
    """Harm from no attacker, in the armor the player carries."""
    damage_roll = system.roll(D6Request.of(weapon_code(damage_die), None, system.wild_one, "damage"), turn.dice)
    turn.show_roll(label, damage_roll)
    done = damage_player(turn, system, int(damage_roll.figures["total"]))
    for roll in done.rolls:
        turn.show_roll(label, roll)
    turn.emit(*done.events)


# -- the end of a round ----------------------------------------------------------------

def end_round(turn: Turn, system: OpenD6) -> None:
    """Stuns wear off and the mortally wounded roll to stay alive: the player, then the
    NPCs here (seed 002 wounds; OpenD6's public rules).  Each action that takes time is a round.
    A player down with a hostile foe still standing is not rolled for: that foe's policy
    decides what becomes of them (:meth:`BasePlay.player_down`)."""
    if system.damage != "wounds":
        return
    world = turn.world
    level = player_of(world.state).wound_level
    finishing = level >= INCAPACITATED and any(
        world.hostile(n) and world.npc_condition(n) == "ok" for n in world.living_npcs_in())
    if level in (STUNNED, MORTAL) and not finishing:
        change = system.end_round(player_of(world.state), turn.dice, PLAYER)
        world.state.player = change.sheet
        for roll in change.rolls:
            turn.show_roll("staying alive", roll)
        turn.emit(*change.events)
    for npc_id in world.living_npcs_in():
        state = world.state.npcs.get(npc_id)
        if state is None or npc_of(world, npc_id).wound_level not in (STUNNED, MORTAL):
            continue
        change = system.end_round(npc_of(world, npc_id), turn.dice, npc_id)
        world.npc_state(npc_id).sheet = change.sheet  # its own state, not one shared with undo
        for roll in change.rolls:
            turn.show_roll(f"{world.the_npc(npc_id)} stays alive", roll)
        turn.emit(*change.events)
