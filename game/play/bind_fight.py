"""BIND in play: fights, where one roll of the player's decides each exchange.

RULES-NOTES bind: combat is a resisted roll, 2D6 + Dexterity + Combat against
TN 7 + the enemy's Dexterity + Combat.  Only the player rolls (seed 003
§Resisted Actions):

- when the player attacks, the roll is the whole exchange with that foe for the
  round: above the TN the player's blow lands, below the foe's does;
- when a foe attacks (the NPCs' part of the round), the player makes the same
  roll as a *defence roll*: above, the foe is held off and takes the player's
  blow; below, the foe's blow lands.  A foe the player already exchanged blows
  with this round does not attack again;
- a tie asks the player: trade blows (both land) or neither.

Each round of fighting adds a point of Fatigue (RULES-NOTES).  At 0 HP or less
with no foe left standing, a save-a-life roll follows (Wits + Medicine against
TN 7 + the points below 0); with a foe standing, it finishes the fallen player
(the engine's rule for every system).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.events import PLAYER, Event
from game.play import bind_world
from game.play.bind_turn import ask, round_now, set_round, the
from game.rules import bind_body, bind_combat
from game.rules.base import AttackResult, RollResult, Situation, Weapon
from game.rules.bind import BindSheet
from game.rules.bind_core import read_faces, resolve
from game.rules.bind_events import ATTACKER, DEFENDER, ApPenalty, FatiguePenalty, LifeAtStake, WokeUp, tag
from game.rules.bind_traits import fatigue_penalty
from game.rules.dice import Dice

if TYPE_CHECKING:
    from game.actions import Turn
    from game.play.bind import BindPlay

#: House rule: a weapon made for a creature type ("bonus_against") deals +2 damage to it.
IDEAL_DAMAGE = 2


class ReplayDice:
    """Dice that first hand back faces already read (the attack roll), then read on."""

    def __init__(self, faces: tuple[int, ...], inner: Dice) -> None:
        self._prefix = list(faces)
        self._inner = inner
        self.faces = inner.faces

    def roll(self, sides: int) -> int:
        if self._prefix:
            return self._prefix.pop(0)
        face: int = self._inner.roll(sides)
        return face


def _exert(turn: Turn, sheet: BindSheet) -> BindSheet:
    """The round's point of Fatigue, once a round."""
    if round_now(turn).exerted:
        return sheet
    set_round(turn, exerted=True)
    return bind_body.exert(sheet)


def _ap_note(play: BindPlay, turn: Turn, player: BindSheet) -> None:
    """Option ``action_points``: say so when the player rolls with AP below 0 (a penalty)."""
    if play.system.action_points and player.ap < 0:
        turn.emit(ApPenalty(player.ap))


def _pay_ap(play: BindPlay, player: BindSheet) -> BindSheet:
    """Option ``action_points``: the exchange costs the player's weapon's AP."""
    return bind_combat.spend_ap(player, player.wielded) if play.system.action_points else player


def start_ap(play: BindPlay, turn: Turn) -> None:
    """Option ``action_points``: a round with a foe about begins with 3 + Speed - Encumbrance AP."""
    world = turn.world
    if not play.system.action_points or world.state.status != "playing":
        return
    player: BindSheet = world.state.player
    ap = bind_combat.round_ap(player) if bind_world.standing_hostiles(world) else 0
    world.state.player = dataclasses.replace(player, ap=ap)


def end_ap(turn: Turn) -> None:
    """The round is over: its AP are gone (nothing is carried over, nor saved)."""
    player: BindSheet = turn.world.state.player
    if player.ap:
        turn.world.state.player = dataclasses.replace(player, ap=0)


def _ideal(turn: Turn, weapon: Weapon, npc_id: str) -> Weapon:
    """+2 damage with a weapon made for the foe's kind (house rule for ``bonus_against``)."""
    world = turn.world
    creature = world.npc(npc_id).creature
    if creature not in weapon.bonus_against:
        return weapon
    damage = bind_combat.arms_of(weapon).damage + IDEAL_DAMAGE
    turn.say(f"(The {weapon.name} is made for {creature} things: +{IDEAL_DAMAGE} damage.)")
    return dataclasses.replace(weapon, system={**dict(weapon.system), "damage": damage})


def _settled(turn: Turn, result: AttackResult[BindSheet], ids: dict[str, str], before: BindSheet,
             after: BindSheet) -> AttackResult[BindSheet]:
    """The exchange's events with the actors' ids, and the Fatigue penalty it brought the player.

    ``report_attack`` emits them after showing the rolls (the events state no roll).
    """
    events: list[Event] = list(tag(result.events, ids))
    penalty = fatigue_penalty(after)
    if penalty and penalty != fatigue_penalty(before) and after.hp > 0:
        events.append(FatiguePenalty(after.fatigue, after.hp, penalty))
    return dataclasses.replace(result, events=tuple(events))


def _tie(turn: Turn, roll: RollResult, foe: str, defending: bool) -> str:
    """Ask how a tied exchange goes: ``both`` blows land or ``neither``."""
    what = f"Your defence roll against {foe}" if defending else f"Your attack on {foe}"
    text = roll.text.split(":")[0]
    prompt = f"{what} ties: {text}. Trade blows, striking {foe} and being struck (yes), or neither lands (no)?"
    both = ask(turn, prompt, "You trade blows.", "You hold back.")
    return "both" if both else "neither"


def player_attack(play: BindPlay, turn: Turn, npc_id: str, weapon: Weapon,
                  situation: Situation) -> AttackResult[BindSheet]:
    """The player attacks: one roll decides the exchange with this foe for the round."""
    world = turn.world
    system = play.system
    npc_state = world.npc_state(npc_id)
    situation = dataclasses.replace(situation, engaged=situation.engaged or npc_state.sheet.engaged)
    before: BindSheet = world.state.player
    player = system.arm(bind_world.equip(world, system, before), weapon)
    npc = bind_world.arm_npc(world, system, npc_id)
    weapon = _ideal(turn, weapon, npc_id)
    _ap_note(play, turn, player)
    result = _exchange(play, turn, npc_id, player, npc, weapon, situation, defending=False)
    after = _pay_ap(play, _exert(turn, result.attacker))
    world.state.player = after
    npc_state.sheet = dataclasses.replace(result.defender, engaged=True)
    set_round(turn, fought=round_now(turn).fought | {npc_id})
    result = dataclasses.replace(result, attacker=after)
    return _settled(turn, result, {ATTACKER: PLAYER, DEFENDER: npc_id}, before, after)


def _exchange(play: BindPlay, turn: Turn, npc_id: str, attacker: BindSheet, defender: BindSheet, weapon: Weapon,
              situation: Situation, *, defending: bool) -> AttackResult[BindSheet]:
    """The player's one roll of an exchange; a tie asks the player (attacking or defending) before it resolves."""
    request = play.system.attack_request(attacker, defender, weapon, situation)
    faces = read_faces(request, turn.dice)
    roll = resolve(request, faces)
    tie = _tie(turn, roll, the(turn.world, npc_id), defending) if roll.outcome == "tie" else None
    return play.system.attack(attacker, defender, weapon, situation, ReplayDice(faces, turn.dice), tie=tie)


def npc_attack(play: BindPlay, turn: Turn, npc_id: str, weapon: Weapon) -> AttackResult[BindSheet]:
    """A foe attacks: the player's defence roll decides the exchange."""
    world = turn.world
    system = play.system
    npc_state = world.npc_state(npc_id)
    npc = dataclasses.replace(system.arm(npc_state.sheet, weapon), name=the(world, npc_id))
    before: BindSheet = world.state.player
    player = bind_world.equip(world, system, before)
    situation = Situation(engaged=not weapon.ranged or npc_state.sheet.engaged)
    _ap_note(play, turn, player)
    result = _exchange(play, turn, npc_id, npc, player, weapon, situation, defending=True)
    after = _pay_ap(play, _exert(turn, result.defender))
    world.state.player = after
    npc_state.sheet = dataclasses.replace(result.attacker, engaged=True)
    set_round(turn, fought=round_now(turn).fought | {npc_id})
    result = dataclasses.replace(result, defender=after)
    return _settled(turn, result, {ATTACKER: npc_id, DEFENDER: PLAYER}, before, after)


def fallen(play: BindPlay, turn: Turn) -> None:
    """At 0 HP or less with no foe standing: the save-a-life roll (RULES-NOTES bind).

    The player binds their own wounds before blacking out, or a friendly NPC
    with better Wits + Medicine does.  Saved: unconscious until the interval
    ends, then awake with 1 HP (house rule).  A tie saves the life at the price
    of a permanent wound; it is not asked, since declining would mean death.
    """
    world = turn.world
    state = world.state
    sheet: BindSheet = state.player
    if state.status != "playing" or bind_combat.condition(sheet) != "down" or bind_world.standing_hostiles(world):
        return
    who, healer = bind_world.best_healer(world)
    turn.emit(LifeAtStake(who, sheet.hp))
    life = play.system.save_life(healer, sheet, turn.dice)
    turn.show_roll("save a life", life.roll)
    for roll in life.rolls:
        turn.show_roll("save a life", roll)
    turn.emit(*life.events)
    state.player = life.patient
    if bind_combat.condition(life.patient) == "dead":
        return
    wait = bind_world.minutes_to_interval_end(state.minutes + turn.minutes)
    turn.spend(wait)
    interval = bind_world.interval_name(state.minutes + turn.minutes - 1)
    state.player = dataclasses.replace(life.patient, hp=1, stable=False)
    turn.emit(WokeUp(interval))
