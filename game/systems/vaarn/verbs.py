"""Vaarn in play: the character's own verbs, ``slots``, ``raise`` and ``swap``.

Each is a handler ``(system, turn, command)``; :class:`~game.systems.vaarn.play.VaarnPlay`
registers them bound to its system.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.errors import ActionRefused, UsageError
from game.systems.vaarn.body import slot_lines
from game.systems.vaarn.data import ABILITIES
from game.systems.vaarn.rules import VaarnSystem
from game.systems.vaarn.scene import player_of, update_player

if TYPE_CHECKING:
    from game.actions import Turn
    from game.parser import Command

ABILITY_WORDS = {**{a: a for a in ABILITIES}, "strength": "str", "dexterity": "dex", "constitution": "con",
                 "intellect": "int", "intelligence": "int", "psyche": "psy", "ego": "ego"}


def slots(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """``slots``: the load, item by item."""
    turn.say(*slot_lines(system, turn.world))


def raise_ability(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """``raise ABILITY [N]``: spend ability points won by a level (seed 001 §Advancement)."""
    world = turn.world
    sheet = player_of(world)
    points = sheet.ability_points
    if not points:
        raise ActionRefused("You have no ability points to spend; a new level brings three.")
    words = [w for w in command.words if w not in ("my", "by")]
    if len(words) != 1 or words[0] not in ABILITY_WORDS:
        raise ActionRefused(f"Raise which ability: {', '.join(a.upper() for a in ABILITIES)}? "
                            f"({points} point{'s' if points != 1 else ''} to spend)")
    ability = ABILITY_WORDS[words[0]]
    count = command.number or 1
    try:
        new = system.spend_points(sheet, {ability: count})
    except UsageError as error:
        raise ActionRefused(str(error).removeprefix("vaarn: ").capitalize() + ".") from None
    world.state.player = new
    left = new.ability_points
    turn.say(f"{ability.upper()} is now {new.bonus(ability):+d} (defence {new.bonus(ability) + 10}); "
             f"{left} point{'s' if left != 1 else ''} left.")


def swap(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """``swap ABILITY ABILITY``: once, before the first step (Vaarn's public material, creation)."""
    world = turn.world
    sheet = player_of(world)
    if sheet.swapped or world.state.log:
        raise ActionRefused("Abilities may be swapped only once, before you set out.")
    words = [ABILITY_WORDS.get(w) for w in command.words if w not in ("and", "with")]
    if len(words) != 2 or None in words or words[0] == words[1]:
        raise ActionRefused("Swap which two abilities? For example: swap str psy.")
    first, second = str(words[0]), str(words[1])
    world.state.player = system.swap_abilities(sheet, first, second)
    new = update_player(world, swapped=True)
    turn.say(f"Swapped: {first.upper()} {new.bonus(first):+d}, {second.upper()} {new.bonus(second):+d}.")
