"""Fights under Open Adventures: one exchange for every attacker, and an NPC's turn on its own pool.

Seed 000 gives NPCs attributes and a Defence; the public material adds a pool for their
turn.  :func:`exchange` is every attack, the player's or an NPC's (seed 000 §2
Close Combat Attacks, Ranged Attacks); :func:`strikes` is the round's economy of
an NPC's fighting deed (``game.actions.deeds``).  House rules
(docs/rules/open_adventures.md, "NPC turns"):

- at the start of its turn an NPC's dice left are its pool; it never pushes;
- an ``Attack`` at a distance becomes: shooting with all its Shoot dice allow
  when it has a ranged weapon; holding its ground for a ``guard`` (until the
  player comes to it); closing in for any other;
- closing in spends Move dice, keeping one die to strike with when it has two
  or more; each success covers 6" (a 6, 12"); at the player's side it strikes;
- beside the player it strikes with all its Fight dice allow;
- what it has not spent defends it on the player's next turn;
- a gift or exotica is used as a weapon would be (:func:`can_use`); a healing one
  gives back hits (the rules' ``heal`` of an NPC sheet).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from game.actions import YES_NO
from game.actions.combat import attack_label, best_weapon, natural_weapon, put_sheet
from game.actions.deeds import weapon_of
from game.errors import ActionRefused
from game.events import PLAYER
from game.npc import memory
from game.rules.base import AttackResult, Situation, Weapon
from game.rules.dice import Dice, ScriptedDice
from game.systems.open_adventures.events import AttackMissed, DamageRolled, DiceCommitted
from game.systems.open_adventures.narration import dice_word
from game.systems.open_adventures.pool import collapsed, defence_dice_allowed, limit_left, start_turn
from game.systems.open_adventures.rules import MoveOutcome, OASheet
from game.systems.open_adventures.turn import (
    TurnSeat,
    band,
    capital,
    choose_dice,
    distance,
    hero,
    npc_sheet,
    set_distance,
    set_turn,
    sheet_of,
    successes_to_reach,
    the,
    where,
)
from game.text import possessive

if TYPE_CHECKING:
    from game.actions import Turn
    from game.world.world import World


class FightSeat(TurnSeat, Protocol):
    """What an Open Adventures fight needs of the play object: its system and ``closing_in``."""

    def closing_in(self, world: World, npc_id: str, weapon: Weapon) -> str | None: ...


def strikes(play: FightSeat, turn: Turn, npc_id: str, mode: str, weapon: Weapon | None) -> list[Weapon]:
    """The NPC's turn starts now (its dice left are its pool); the blow it strikes with ``weapon``,
    or as ``mode`` says: a shot with its ranged weapon, holding its ground, or its melee weapon
    once at the player's side (closing in first, on Move dice)."""
    world = turn.world
    world.npc_state(npc_id).sheet = start_turn(npc_sheet(world, npc_id))
    if weapon is not None:
        return [weapon]
    carried = world.npc_items(npc_id)
    ranged = best_weapon(world, carried, ranged=True)
    if mode == "shoot" and ranged is not None:
        return [ranged]
    if mode == "hold":
        turn.say(f"{capital(the(world, npc_id))} holds {possessive(world.npc(npc_id).pronoun)} ground "
                 f"{distance(world, npc_id)}\" away, "
                 f"{dice_word(npc_sheet(world, npc_id).dice_left)} ready to defend.")
        memory.remember(world, npc_id, "fought")  # holding its ground is fighting too
        return []
    if distance(world, npc_id) == 0 or close_in(play, turn, npc_id, distance(world, npc_id)) == 0:
        return [best_weapon(world, carried, ranged=False) or natural_weapon(turn, npc_id)]
    return []


def approach(play: FightSeat, turn: Turn, mover: str, npc_id: str, count: int) -> MoveOutcome:
    """``mover`` (the player, or the NPC ``npc_id``) spends ``count`` Move dice to close the distance
    between the player and ``npc_id`` (seed 000 §1 Move: 6" a success); the mover's sheet and the
    distance are put back.  One path for closing in, whoever moves; the caller tells it."""
    world = turn.world
    inches = distance(world, npc_id)
    outcome = play.system.move(sheet_of(world, mover), successes_to_reach(inches), Situation(commit=count), turn.dice)
    put_sheet(world, mover, outcome.sheet)
    set_distance(world, npc_id, max(0, inches - outcome.inches))
    return outcome


def close_in(play: FightSeat, turn: Turn, npc_id: str, inches: int) -> int:
    """The NPC spends Move dice toward the player (:func:`approach`), keeping one to strike with;
    returns the distance left."""
    world = turn.world
    sheet = npc_sheet(world, npc_id)
    left = sheet.dice_left
    count = min(limit_left(sheet, "move"), left - 1 if left > 1 else left)
    name = the(world, npc_id)
    if count <= 0:
        turn.say(f"{capital(name)} stays {inches}\" away.")
        return inches
    outcome = approach(play, turn, npc_id, npc_id, count)
    turn.show_roll(f"{name} moves", outcome.roll)
    after = distance(world, npc_id)
    if after == 0:
        turn.say(f"{capital(name)} closes in and is at your side.")
    elif after == inches:
        turn.say(f"{capital(name)} gains no ground; still {band(after)}, {after}\" away.")
    else:
        turn.say(f"{capital(name)} comes {outcome.inches}\" nearer; still {band(after)}, {after}\" away.")
    return after


def exchange(play: FightSeat, turn: Turn, attacker: str, defender: str, weapon: Weapon,
             situation: Situation) -> AttackResult[OASheet] | None:
    """One attack, whoever makes it: Fight or Shoot dice from the attacker's pool (seed 000 §2
    Close Combat Attacks, Ranged Attacks), successes are damage that cannot be split, the
    defender defends with the dice it kept.  The player chooses the dice to commit (and must
    be beside a melee target); an NPC commits all the attribute allows of its dice left.  A
    collapsed player cannot defend.  None when the NPC has no dice left to strike with."""
    world = turn.world
    attribute = "shoot" if weapon.ranged else "fight"
    if attacker == PLAYER:
        closer = play.closing_in(world, defender, weapon)
        if closer is not None:
            raise ActionRefused(f"{capital(the(world, defender))} is {where(world, defender)}: close in first "
                                f"(\"{closer}\", 6\" a success), or shoot.")
        count = choose_dice(play, turn, attribute, situation.commit)
    else:
        sheet = npc_sheet(world, attacker)
        count = min(limit_left(sheet, attribute), sheet.dice_left)
        if count <= 0:
            turn.say(f"{capital(the(world, attacker))} has no dice left to strike with.")
            return None
    situation = replace(situation, commit=count)
    helpless = defender == PLAYER and collapsed(hero(world))
    if attacker == PLAYER:
        _record(play, turn, defender, weapon, situation)
    dice: Dice = turn.dice
    defend = 0 if helpless else None
    declined = False
    if defender == PLAYER and not helpless and hero(world).dice_left == 0:
        dice, defend, declined = _push_to_defend(play, turn, attacker, weapon, situation)
    result = play.system.resolve_attack(sheet_of(world, attacker), sheet_of(world, defender), weapon, situation,
                                        dice, defend=defend, ids=(attacker, defender))
    put_sheet(world, attacker, result.attacker)
    put_sheet(world, defender, result.defender)
    committed = result.events[0]
    if isinstance(committed, DiceCommitted) and committed.pushed:
        set_turn(world, pushing=True)
    report(turn, attacker, defender, weapon, result, helpless=helpless, declined=declined)
    return result


class _Recorded:
    """Dice that keep the faces read, so that the same roll can be read again."""

    def __init__(self, inner: Dice) -> None:
        self.inner = inner
        self.faces = inner.faces  # the turn's record of faces read, shared
        self.read: list[int] = []

    def roll(self, sides: int) -> int:
        face: int = self.inner.roll(sides)
        self.read.append(face)
        return face


class _Replayed:
    """Dice that hand back faces already read, then read on."""

    def __init__(self, read: list[int], inner: Dice) -> None:
        self.again = list(read)
        self.inner = inner
        self.faces = inner.faces  # the faces read again are on record already

    def roll(self, sides: int) -> int:
        if self.again:
            return self.again.pop(0)
        face: int = self.inner.roll(sides)
        return face


def _push_to_defend(play: FightSeat, turn: Turn, attacker: str, weapon: Weapon,
                    situation: Situation) -> tuple[Dice, int, bool]:
    """A blow at a player with no dice left: defending means pushing (seed 000 §1 The Dice Pool:
    "they will have to take fatigue to do so"), which is the player's choice, asked once the
    damage is known.  The dice to roll the attack with (its faces read once), the defence dice,
    and whether the player declined."""
    world = turn.world
    sheet = hero(world)
    recorded = _Recorded(turn.dice)
    trial = play.system.resolve_attack(sheet_of(world, attacker), sheet, weapon, situation, recorded, defend=0,
                                       ids=(attacker, PLAYER))
    dice = _Replayed(recorded.read, turn.dice)
    damage = next((e.points for e in trial.events if isinstance(e, DamageRolled)), 0)
    allowed = defence_dice_allowed(sheet, play.system.rules)
    if damage <= 0 or allowed <= 0:
        return dice, 0, False
    if isinstance(turn.dice, ScriptedDice) and not turn.dice.script:
        return dice, 0, False  # ``odds`` previews on dice that hold no faces: nothing to ask
    collapse = " and collapse: you can only rest until it falls" if sheet.fatigue + 1 >= sheet.pool else ""
    lethal = " It would empty your pool." if damage >= sheet.pool else ""
    answered_before = bool(turn.answers)
    answer = turn.ask(f"{capital(the(world, attacker))} strikes for {damage} and you have no dice left.{lethal} "
                      f"Push to defend with {dice_word(allowed)} (+1 fatigue{collapse})? (yes/no)", YES_NO)
    if answered_before:
        turn.events.clear()  # the rerun's lines before the question were shown with it
    return (dice, allowed, False) if answer == "yes" else (dice, 0, True)


def _record(play: FightSeat, turn: Turn, npc_id: str, weapon: Weapon, situation: Situation) -> None:
    """The player's attack request for ``odds``: the whole attack, under the label the command gave."""
    world = turn.world
    name = the(world, npc_id)
    request = play.system.attack_odds_request(hero(world), npc_sheet(world, npc_id), weapon, situation,
                                              name=name)
    label = turn.requests.pop()[0] if turn.requests else f"attack {name}"
    turn.requests.append((label, request))


def report(turn: Turn, attacker: str, defender: str, weapon: Weapon, result: AttackResult[OASheet], *,
           helpless: bool, declined: bool = False) -> None:
    """Commitment, attack roll, then what followed, in the order the player learns it: the
    defence roll of a foe the player struck before its outcome; the player's own defence roll
    after the damage coming at them, and before what it kept off."""
    world = turn.world
    events = list(result.events)
    turn.emit(events.pop(0))
    if attacker == PLAYER:
        label = attack_label(world, attacker, defender, weapon)
        turn.show_roll(label, result.roll)
        for roll in result.rolls:
            turn.show_roll(f"{world.the_npc(defender)} defends", roll)
        turn.emit(*events)
        return
    verb = "shoots at you" if weapon.ranged else "attacks"
    turn.show_roll(f"{the(world, attacker)} {verb} ({weapon.name})", result.roll)
    if isinstance(events[0], AttackMissed):
        turn.emit(*events)
        return
    turn.emit(events.pop(0))
    for roll in result.rolls:
        turn.show_roll("you defend", roll)
    if helpless:
        turn.say("Collapsed, you cannot defend yourself.")
    elif declined:
        turn.say("You do not defend.")
    turn.emit(*events)


# -- gifts and exotica (game.play.npc_items) ---------------------------------------------------

def can_use(turn: Turn, npc_id: str, item_id: str, purpose: str) -> bool:
    """House rule: a healing item at any time; a harmful one from where the NPC stands, as a
    weapon would be: a ranged one with Shoot dice, any other at the player's side with Fight dice."""
    if purpose == "heal":
        return True
    world = turn.world
    weapon = weapon_of(world, item_id)
    if not weapon.ranged and distance(world, npc_id) > 0:
        return False
    return limit_left(start_turn(npc_sheet(world, npc_id)), "shoot" if weapon.ranged else "fight") > 0
