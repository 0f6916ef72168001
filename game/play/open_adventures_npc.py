"""The NPCs' turn under Open Adventures: each hostile NPC spends its own pool.

Seed 000 gives NPCs attributes and a Defence; RULES-NOTES adds a pool for their
turn.  House rules (docs/rules/open_adventures.md, "NPC turns"):

- at the start of its turn an NPC's dice left are its pool; it never pushes;
- with a ranged weapon and the player not beside it, it shoots with all its
  Shoot dice allow;
- otherwise a ``guard`` holds its ground until the player comes to it; any other
  hostile closes in: Move dice, keeping one die to strike with when it has two
  or more; each success covers 6" (a 6, 12");
- beside the player it strikes with all its Fight dice allow;
- what it has not spent defends it on the player's next turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions.combat import best_weapon
from game.play.open_adventures_turn import (
    band,
    capital,
    dice_word,
    distance,
    hostiles,
    name_npc_sheet,
    set_distance,
    successes_to_reach,
    the,
)
from game.rules.base import AttackResult, Situation, Weapon
from game.rules.open_adventures_pool import collapsed, limit_left

if TYPE_CHECKING:
    from game.actions import Turn
    from game.play.open_adventures import OpenAdventuresPlay


def npc_phase(play: OpenAdventuresPlay, turn: Turn) -> None:
    """Each hostile NPC near the player takes its turn, in content order."""
    world = turn.world
    for npc_id in hostiles(world):
        if world.state.status != "playing" or world.system.condition(world.state.player) != "ok":
            return
        if world.npc_condition(npc_id) == "ok":
            npc_turn(play, turn, npc_id)


def npc_turn(play: OpenAdventuresPlay, turn: Turn, npc_id: str) -> None:
    """One NPC's turn: move or shoot or strike, spending its own pool."""
    world, system = turn.world, play.system
    name_npc_sheet(world, npc_id)
    state = world.npc_state(npc_id)
    state.sheet = system.start_turn(state.sheet)
    name = the(world, npc_id)
    carried = world.npc_items(npc_id)
    ranged = best_weapon(world, carried, ranged=True)
    melee = best_weapon(world, carried, ranged=False) or play.natural_weapon(state.sheet)
    inches = distance(world, npc_id)
    if inches > 0 and ranged is not None and limit_left(state.sheet, "shoot") > 0:
        strike(play, turn, npc_id, ranged, "shoot")
        return
    if inches > 0:
        if world.npc(npc_id).behaviour == "guard":
            turn.say(f"{capital(name)} holds its ground {inches}\" away, {dice_word(state.sheet['dice_left'])} "
                     f"ready to defend.")
            return
        inches = close_in(play, turn, npc_id, inches)
        if inches > 0:
            return
    strike(play, turn, npc_id, melee, "fight")


def close_in(play: OpenAdventuresPlay, turn: Turn, npc_id: str, inches: int) -> int:
    """The NPC spends Move dice toward the player; returns the distance left."""
    world, system = turn.world, play.system
    state = world.npc_state(npc_id)
    left = int(state.sheet["dice_left"])
    count = min(limit_left(state.sheet, "move"), left - 1 if left > 1 else left)
    name = the(world, npc_id)
    if count <= 0:
        turn.say(f"{capital(name)} stays {inches}\" away.")
        return inches
    outcome = system.move(state.sheet, successes_to_reach(inches), Situation(commit=count), turn.dice)
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
    world, system = turn.world, play.system
    state = world.npc_state(npc_id)
    name = the(world, npc_id)
    count = min(limit_left(state.sheet, attribute), int(state.sheet["dice_left"]))
    if count <= 0:
        turn.say(f"{capital(name)} has no dice left to strike with.")
        return
    player = world.state.player
    defend = 0 if collapsed(player) else None
    result = system.resolve_attack(state.sheet, player, weapon, Situation(commit=count), turn.dice, defend=defend)
    state.sheet, world.state.player = result.attacker, result.defender
    report_npc_attack(turn, name, weapon, result, helpless=collapsed(player))


def report_npc_attack(turn: Turn, name: str, weapon: Weapon, result: AttackResult, *, helpless: bool) -> None:
    """Commitment, attack roll, damage, defence roll, harm: in the order they happen."""
    lines = list(result.lines)
    turn.say(lines.pop(0))
    verb = "shoots at you" if weapon.ranged else "attacks"
    turn.show_roll(f"{name} {verb} ({weapon.name})", result.roll)
    if not result.roll.figures["successes"]:
        turn.say(*lines)
        return
    turn.say(lines.pop(0))
    for roll in result.rolls:
        turn.show_roll("you defend", roll)
    if helpless:
        turn.say("Collapsed, you cannot defend yourself.")
    turn.say(*lines)
