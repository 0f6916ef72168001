"""BIND in play: fights, where one roll of the player's decides each exchange.

BIND's public rules: combat is a resisted roll, 2D6 + Dexterity + Combat against
TN 7 + the enemy's Dexterity + Combat.  Only the player rolls (seed 003
§Resisted Actions):

- when the player attacks, the roll is the whole exchange with that foe for the
  round: above the TN the player's blow lands, below the foe's does;
- when a foe attacks (the NPCs' part of the round), the player makes the same
  roll as a *defence roll*: above, the foe is held off and takes the player's
  blow; below, the foe's blow lands.  A foe the player already exchanged blows
  with this round does not attack again;
- a tie asks the player: trade blows (both land) or neither.

Each round of fighting adds a point of Fatigue (BIND's public rules).  At 0 HP or less
with a foe standing, that foe's policy decides (:meth:`BasePlay.player_down`); left
alive, or with no foe standing, the player makes the save-a-life roll (Wits + Medicine
against TN 7 + the points below 0).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Protocol

from game.events import PLAYER, Event, RollMade
from game.rules.base import AttackResult, RollResult, Situation, Weapon, sheet_as
from game.rules.dice import Dice
from game.systems.bind import body as bind_body
from game.systems.bind import combat as bind_combat
from game.systems.bind import world as bind_world
from game.systems.bind.core import read_faces, resolve
from game.systems.bind.events import (
    ATTACKER,
    DEFENDER,
    ApPenalty,
    FatiguePenalty,
    LifeAtStake,
    LifeSaveEnded,
    TieAnswered,
    WokeUp,
    tag,
)
from game.systems.bind.rules import BindSheet, BindSystem
from game.systems.bind.sheet import ATTRIBUTES
from game.systems.bind.traits import fatigue_penalty
from game.systems.bind.turn import ask, round_now, set_round, the
from game.text import capital

if TYPE_CHECKING:
    from game.actions import Turn
    from game.world.world import World


class FightSeat(Protocol):
    """What a BIND fight needs of the play object (``BindPlay`` is one): its rule system."""

    @property
    def system(self) -> BindSystem: ...


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


def _ap_note(play: FightSeat, turn: Turn, player: BindSheet) -> None:
    """Option ``action_points``: say so when the player rolls with AP below 0 (a penalty)."""
    if play.system.action_points and player.ap < 0:
        turn.emit(ApPenalty(player.ap))


def _pay_ap(play: FightSeat, player: BindSheet) -> BindSheet:
    """Option ``action_points``: the exchange costs the player's weapon's AP."""
    return bind_combat.spend_ap(player, player.wielded) if play.system.action_points else player


def start_ap(play: FightSeat, turn: Turn) -> None:
    """Option ``action_points``: a round with a foe about begins with 3 + Speed - Encumbrance AP."""
    world = turn.world
    if not play.system.action_points or world.state.status != "playing":
        return
    player = sheet_as(BindSheet, world.state.player)
    ap = bind_combat.round_ap(player) if bind_world.standing_hostiles(world) else 0
    world.state.player = dataclasses.replace(player, ap=ap)


def end_ap(turn: Turn) -> None:
    """The round is over: its AP are gone (nothing is carried over, nor saved)."""
    player = sheet_as(BindSheet, turn.world.state.player)
    if player.ap:
        turn.world.state.player = dataclasses.replace(player, ap=0)


def _ideal(world: World, weapon: Weapon, npc_id: str) -> Weapon:
    """+2 damage with a weapon made for the foe's kind (house rule for ``bonus_against``),
    whichever side began the exchange."""
    if world.npc(npc_id).creature not in weapon.bonus_against:
        return weapon
    damage = bind_combat.arms_of(weapon).damage + IDEAL_DAMAGE
    return dataclasses.replace(weapon, system={**dict(weapon.system), "damage": damage})


def _ideal_note(turn: Turn, weapon: Weapon, npc_id: str, result: AttackResult[BindSheet], side: str) -> None:
    """Say why the player's blow deals more, when it landed with a weapon made for the foe."""
    creature = turn.world.npc(npc_id).creature
    if creature in weapon.bonus_against and bind_combat.struck_by(result, side):
        turn.say(f"(The {weapon.name} is made for {creature} things: +{IDEAL_DAMAGE} damage.)")


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


def _tie(turn: Turn, roll: RollResult, npc_id: str, defending: bool, can: tuple[bool, bool]) -> str:
    """How a tied exchange goes: ``both`` blows land or ``neither``.

    Asked only when both sides could strike (``can``: the player's side, the
    foe's): the roll line first, then the question; on the answer it is not
    shown again (:class:`TieAnswered`).  When only the player could strike (the
    foe is down, or shot from out of reach) the blow lands; when the player
    could not, neither does.
    """
    world = turn.world
    foe = the(world, npc_id)
    mine, theirs = can
    if not (mine and theirs):
        if mine:
            turn.say(f"(A tie, and {foe} cannot strike back: your blow lands.)")
        return "both" if mine else "neither"
    label = f"{world.the_npc(npc_id)} attacks" if defending else f"you attack {world.the_npc(npc_id)}"
    turn.emit(RollMade(label, roll))
    total, tn = roll.figures["total"], roll.figures["tn"]
    prompt = f"A tie: {total} against TN {tn}. Trade blows, striking {foe} and being struck (yes), or neither lands (no)?"
    both = ask(turn, prompt, "You trade blows.", "You hold back.")
    turn.emit(TieAnswered())
    return "both" if both else "neither"


def exchange(play: FightSeat, turn: Turn, attacker: str, defender: str, weapon: Weapon,
             situation: Situation) -> AttackResult[BindSheet]:
    """One exchange with a foe, whoever began it: the player's one roll decides it (seed 003
    §Resisted Actions), an attack when the player began it, a defence roll when the foe did."""
    world = turn.world
    system = play.system
    npc_id = defender if attacker == PLAYER else attacker
    npc_state = world.npc_state(npc_id)
    before = sheet_as(BindSheet, world.state.player)
    if attacker == PLAYER:  # the blow is the one made for the foe; the hand holds the weapon as it is
        own, blow, held = weapon, _ideal(world, weapon, npc_id), weapon
        situation = dataclasses.replace(situation, engaged=situation.engaged or bind_world.npc_of(world, npc_id).engaged)
        npc = bind_world.arm_npc(world, system, npc_id)
    else:  # the player's blow back is the one made for the foe
        own = bind_world.melee_weapon(world)
        blow, held = weapon, _ideal(world, own, npc_id)
        situation = dataclasses.replace(situation, engaged=not weapon.ranged or bind_world.npc_of(world, npc_id).engaged)
        npc = dataclasses.replace(system.arm(bind_world.npc_of(world, npc_id), weapon), name=the(world, npc_id))
    player = system.arm(bind_world.equip(world, system, before), held)
    if attacker == PLAYER and bind_combat.condition(npc) == "down":  # a helpless foe: no roll, no exertion
        turn.say(f"({capital(world.the_npc(npc_id))} is down and cannot resist: no roll.)")
        if npc.creature in own.bonus_against:
            turn.say(f"(The {own.name} is made for {npc.creature} things: +{IDEAL_DAMAGE} damage.)")
        struck = bind_combat.strike_helpless(dataclasses.replace(player, name="you"), npc, blow, turn.dice)
        npc_state.sheet = struck.defender
        return dataclasses.replace(struck, attacker=before, events=tag(struck.events, {DEFENDER: defender}))
    _ap_note(play, turn, player)
    sides = (player, npc) if attacker == PLAYER else (npc, player)
    result = _exchange(play, turn, npc_id, *sides, blow, situation, defending=attacker != PLAYER)
    _ideal_note(turn, own, npc_id, result, ATTACKER if attacker == PLAYER else DEFENDER)
    mine, theirs = (result.attacker, result.defender) if attacker == PLAYER else (result.defender, result.attacker)
    after = _pay_ap(play, _exert(turn, mine))
    world.state.player = after
    npc_state.sheet = dataclasses.replace(theirs, engaged=True)
    set_round(turn, fought=round_now(turn).fought | {npc_id})
    if attacker == PLAYER:
        result = dataclasses.replace(result, attacker=after)
    else:
        result = dataclasses.replace(result, defender=after)
    return _settled(turn, result, {ATTACKER: attacker, DEFENDER: defender}, before, after)


def _exchange(play: FightSeat, turn: Turn, npc_id: str, attacker: BindSheet, defender: BindSheet, weapon: Weapon,
              situation: Situation, *, defending: bool) -> AttackResult[BindSheet]:
    """The player's one roll of an exchange; a tie is settled (:func:`_tie`) before it resolves."""
    request = play.system.attack_request(attacker, defender, weapon, situation)
    faces = read_faces(request, turn.dice)
    roll = bind_combat.exchange_roll(attacker, defender, weapon, situation, faces)
    tie = None
    if roll.outcome == "tie":
        can = bind_combat.can_strike(attacker, defender, weapon, situation)
        tie = _tie(turn, roll, npc_id, defending, can)
    return play.system.attack(attacker, defender, weapon, situation, ReplayDice(faces, turn.dice), tie=tie)


def _wound_choice(turn: Turn, sheet: BindSheet) -> str:
    """Ask which Attribute takes the permanent wound of a tied save-a-life roll (1D6 off it;
    below :data:`~game.systems.bind.combat.WOUND_DEATH_BELOW` it kills); ``""`` for a refusal.
    ``yes`` names the highest Attribute, the one least likely to kill."""
    floor = bind_combat.WOUND_DEATH_BELOW
    names = [a for a in ATTRIBUTES if a in sheet.attributes]
    listed = ", ".join(f"{a} {sheet.attribute(a):+d}" for a in names)
    best = max(names, key=sheet.attribute)
    prompt = (f"Your life hangs on a tie. Live with a permanent wound, 1D6 off an Attribute of your choice "
              f"(one that falls below {floor} kills: {listed}), or refuse and die. Which Attribute? "
              f"({', '.join(names)}; yes for your best, {best}; or refuse)")
    choices = {a: a for a in names} | {"yes": best, "refuse": "", "no": ""}
    answered_before = bool(turn.answers)
    answer = turn.ask(prompt, choices)
    if answered_before:
        turn.events.clear()  # the rerun shows the events again after the question (see bind.turn.ask)
    turn.say(f"You take the wound on your {answer}." if answer else "You let go.")
    return answer


def fallen(play: FightSeat, turn: Turn) -> None:
    """At 0 HP or less with no foe standing: the save-a-life roll (BIND's public rules).

    The player binds their own wounds before blacking out, or a friendly NPC
    with better Wits + Medicine does.  Saved: unconscious until the interval
    ends, then awake with 1 HP (house rule).  A tie is the player's to settle
    (seed 003 Basic Actions: "the choice to succeed, as long as they accept the
    danger"): asked, they take the permanent wound off the Attribute they name,
    or refuse it and die (:func:`_wound_choice`).
    """
    world = turn.world
    state = world.state
    sheet = sheet_as(BindSheet, state.player)
    if state.status != "playing" or bind_combat.condition(sheet) != "down" or bind_world.standing_hostiles(world):
        return
    who, healer = bind_world.best_healer(world)
    turn.emit(LifeAtStake(who, sheet.hp))
    request = play.system.save_life_request(healer, sheet)
    faces = read_faces(request, turn.dice)
    roll = dataclasses.replace(resolve(request, faces), rule=bind_combat.RULE_DEATH)
    tie = roll.outcome == "tie"
    if tie:
        turn.emit(RollMade("save a life", roll))  # the roll line first, then the question
    wound = _wound_choice(turn, sheet) if tie else "charisma"
    if wound:
        life = play.system.save_life(healer, sheet, ReplayDice(faces, turn.dice), wound)
    else:
        life = bind_combat.LifeSaved(roll, dataclasses.replace(sheet, dead=True), (LifeSaveEnded("failure"),))
    turn.show_roll("save a life", life.roll, shown=not tie)
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
