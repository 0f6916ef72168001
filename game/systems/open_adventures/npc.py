"""The NPCs' turn under Open Adventures: the policy's intent, carried out on the NPC's own pool.

Seed 000 gives NPCs attributes and a Defence; the public material adds a pool for their
turn.  The round template (``game.play.base``) asks each NPC's policy for an
intent; this module carries it out.  House rules (docs/rules/open_adventures.md,
"NPC turns"):

- at the start of its turn an NPC's dice left are its pool; it never pushes;
- an ``Attack`` at a distance becomes: shooting with all its Shoot dice allow
  when it has a ranged weapon; holding its ground for a ``guard`` (until the
  player comes to it); closing in for any other;
- closing in spends Move dice, keeping one die to strike with when it has two
  or more; each success covers 6" (a 6, 12"); at the player's side it strikes;
- beside the player it strikes with all its Fight dice allow;
- what it has not spent defends it on the player's next turn;
- a gift or exotica (``game.play.npc_items``) is used as a weapon would be
  (:func:`can_use`, :func:`item_attack`); a healing one gives back hits (:func:`item_heal`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.actions.combat import best_weapon, weapon_of
from game.events import PLAYER
from game.npc import memory
from game.npc.intents import Attack, CloseIn, HoldBack, Intent, Shoot
from game.npc.view import NpcView
from game.rules.base import AttackResult, Situation, Weapon
from game.systems.open_adventures.events import AttackMissed
from game.systems.open_adventures.narration import dice_word
from game.systems.open_adventures.pool import collapsed, limit_left, start_turn
from game.systems.open_adventures.turn import band, capital, distance, hero, set_distance, successes_to_reach, the
from game.text import possessive

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.open_adventures.play import OpenAdventuresPlay

#: The intents this module carries out on the NPC's pool; the template does the others.
FIGHTING = (Attack, Shoot, CloseIn, HoldBack)


def npc_view(play: OpenAdventuresPlay, turn: Turn, npc_id: str, view: NpcView) -> NpcView:
    """``view`` with whether the NPC carries a ranged weapon and whether it is at the player's side."""
    world = turn.world
    armed = best_weapon(world, world.npc_items(npc_id), ranged=True) is not None
    can_shoot = armed and limit_left(start_turn(world.npc_state(npc_id).sheet), "shoot") > 0
    return replace(view, can_shoot=can_shoot, engaged=distance(world, npc_id) == 0)


def fight(play: OpenAdventuresPlay, turn: Turn, npc_id: str, intent: Intent) -> None:
    """Carry out a fighting intent (one of :data:`FIGHTING`) on the NPC's pool, its turn starting now."""
    world = turn.world
    state = world.npc_state(npc_id)
    state.sheet = start_turn(state.sheet)
    carried = world.npc_items(npc_id)
    ranged = best_weapon(world, carried, ranged=True)
    melee = best_weapon(world, carried, ranged=False) or play.npc_natural_weapon(world, npc_id)
    if isinstance(intent, Shoot) and ranged is not None:
        strike(play, turn, npc_id, ranged, "shoot")
    elif isinstance(intent, HoldBack):
        turn.say(f"{capital(the(world, npc_id))} holds {possessive(world.npc(npc_id).pronoun)} ground "
                 f"{distance(world, npc_id)}\" away, "
                 f"{dice_word(state.sheet.dice_left)} ready to defend.")
    elif distance(world, npc_id) == 0 or close_in(play, turn, npc_id, distance(world, npc_id)) == 0:
        strike(play, turn, npc_id, melee, "fight")
    memory.remember(world, npc_id, "fought")  # as under the round template: it may pursue, or come looking


def close_in(play: OpenAdventuresPlay, turn: Turn, npc_id: str, inches: int) -> int:
    """The NPC spends Move dice toward the player; returns the distance left."""
    world = turn.world
    state = world.npc_state(npc_id)
    left = state.sheet.dice_left
    count = min(limit_left(state.sheet, "move"), left - 1 if left > 1 else left)
    name = the(world, npc_id)
    if count <= 0:
        turn.say(f"{capital(name)} stays {inches}\" away.")
        return inches
    outcome = play.system.move(state.sheet, successes_to_reach(inches), Situation(commit=count), turn.dice)
    state.sheet = outcome.sheet
    turn.show_roll(f"{name} moves", outcome.roll)
    after = max(0, inches - outcome.inches)
    set_distance(world, npc_id, after)
    if after == 0:
        turn.say(f"{capital(name)} closes in and is at your side.")
    elif after == inches:
        turn.say(f"{capital(name)} gains no ground; still {band(after)}, {after}\" away.")
    else:
        turn.say(f"{capital(name)} comes {outcome.inches}\" nearer; still {band(after)}, {after}\" away.")
    return after


def strike(play: OpenAdventuresPlay, turn: Turn, npc_id: str, weapon: Weapon, attribute: str) -> None:
    """The NPC attacks the player with all the attribute allows from its dice left."""
    world = turn.world
    state = world.npc_state(npc_id)
    count = min(limit_left(state.sheet, attribute), state.sheet.dice_left)
    if count <= 0:
        turn.say(f"{capital(the(world, npc_id))} has no dice left to strike with.")
        return
    helpless = collapsed(hero(world))
    result = play.system.resolve_attack(state.sheet, hero(world), weapon, Situation(commit=count), turn.dice,
                                        defend=0 if helpless else None, ids=(npc_id, PLAYER))
    state.sheet, world.state.player = result.attacker, result.defender
    report_npc_attack(turn, the(world, npc_id), weapon, result, helpless=helpless)


def report_npc_attack(turn: Turn, name: str, weapon: Weapon, result: AttackResult, *, helpless: bool) -> None:
    """Commitment, attack roll, damage, defence roll, harm: in the order they happen."""
    events = list(result.events)
    turn.emit(events.pop(0))
    verb = "shoots at you" if weapon.ranged else "attacks"
    turn.show_roll(f"{name} {verb} ({weapon.name})", result.roll)
    if isinstance(events[0], AttackMissed):
        turn.emit(*events)
        return
    turn.emit(events.pop(0))
    for roll in result.rolls:
        turn.show_roll("you defend", roll)
    if helpless:
        turn.say("Collapsed, you cannot defend yourself.")
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
    return limit_left(start_turn(world.npc_state(npc_id).sheet), "shoot" if weapon.ranged else "fight") > 0


def item_attack(play: OpenAdventuresPlay, turn: Turn, npc_id: str, item_id: str) -> None:
    """The NPC's turn starts; it strikes with the item, spending all the attribute allows of its pool."""
    world = turn.world
    state = world.npc_state(npc_id)
    state.sheet = start_turn(state.sheet)
    weapon = weapon_of(world, item_id)
    strike(play, turn, npc_id, weapon, "shoot" if weapon.ranged else "fight")


def item_heal(play: OpenAdventuresPlay, turn: Turn, npc_id: str, item_id: str) -> bool:
    """House rule: the healing roll of the player's items (d6 by the die's size), each success a
    hit back for an NPC (at least one, never above its most); the turn is spent on it, the dice
    left defend."""
    world = turn.world
    state = world.npc_state(npc_id)
    state.sheet = start_turn(state.sheet)
    item = world.item(item_id)
    change = play.system.heal(state.sheet, str(item.effect["heal"]), turn.dice)
    for roll in change.rolls:
        turn.show_roll(f"{the(world, npc_id)} heals", roll)
    if change.rolls:
        back = max(1, int(change.rolls[0].figures.get("successes", 0)))
        state.sheet = replace(state.sheet, hits=min(state.sheet.hits_max, state.sheet.hits + back))
    return bool(item.effect.get("consumed", True))
