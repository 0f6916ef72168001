"""OpenD6 in play: the ``fate`` and ``points`` verbs, and the points of a finished adventure.

Seed 002 §Improving Rolls.  A Fate Point is spent "only before any die rolls
are made" and doubles the dice: ``fate`` arms it for the player's next roll
(``fate attack raider`` arms it and acts at once; ``fate off`` takes it back,
unspent).  A Character Point is spent after a roll: the play layer asks after
a failed roll that one more die could save; ``points off`` stops the question
(``points on`` brings it back), ``points`` shows the points.  Both verbs take
no game time.

"You gain more Character Points at the end of a game for completing goals ...
You may get back Fate Points ... used at a brave, heroic, or climactic moment":
:func:`award_if_won` gives them when the adventure is won and says so.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.errors import ActionRefused
from game.parser import ParseError, parse, phrases_of

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Turn
    from game.parser import Command
    from game.rules.opend6 import OpenD6

VERBS: dict[str, tuple[str, ...]] = {"fate": ("fate",), "points": ("points",)}
OFF_WORDS = (("off",), ("cancel",), ("back",))


def fate(turn: Turn, command: Command, registry: ActionRegistry) -> None:
    """Arm a Fate Point for the next roll, or take it back; with an action, do it at once."""
    world = turn.world
    sheet = world.state.player
    if command.words in OFF_WORDS and not command.second:
        if not sheet.get("fate_armed", False):
            raise ActionRefused("No Fate Point is waiting to be spent.")
        world.state.player = {**sheet, "fate_armed": False}
        turn.say("You hold your Fate Point back; it is still yours.")
        return
    action = _action(command, registry)
    if sheet.get("fate_points", 0) < 1 and not sheet.get("fate_armed", False):
        raise ActionRefused("You have no Fate Points left.")
    if action is None:
        if sheet.get("fate_armed", False):
            raise ActionRefused("Your Fate Point is already waiting for your next roll (\"fate off\" takes it back).")
        world.state.player = {**sheet, "fate_armed": True}
        turn.say("You gather all your will: your next roll will use twice the dice. (\"fate off\" takes it back.)")
        return
    world.state.player = {**sheet, "fate_armed": True}
    spec = registry.get(action.verb)
    assert spec is not None
    spec.handler(turn, action)
    if world.state.player.get("fate_armed", False):
        turn.say("Nothing called for a roll: your Fate Point is still waiting for your next one.")


def _action(command: Command, registry: ActionRegistry) -> Command | None:
    """The action after ``fate`` (``fate attack raider``), or None for a bare ``fate``."""
    words = command.raw.split()[1:]
    if not words:
        return None
    try:
        action = parse(" ".join(words), phrases_of(VERBS))
    except ParseError as error:
        raise ActionRefused(str(error)) from None
    spec = registry.get(action.verb) if action is not None else None
    if action is None or spec is None or spec.observe or action.verb in VERBS:
        raise ActionRefused("Spend a Fate Point before an action that rolls dice, e.g. \"fate attack raider\","
                            " or type \"fate\" alone to ready it for your next roll.")
    return action


def points(turn: Turn, command: Command) -> None:
    """Show the points; ``points on|off`` turns the Character Point question on or off."""
    world = turn.world
    sheet = world.state.player
    words = command.words
    if words in (("on",), ("off",)):
        world.state.player = {**sheet, "cp_prompt": words == ("on",)}
        turn.say("After a failed roll that one more die could save, you will be asked whether to spend a"
                 " Character Point." if words == ("on",) else
                 "You will no longer be asked to spend Character Points (\"points on\" to be asked again).")
        return
    if words:
        raise ActionRefused("Say \"points\" to see them, \"points on\" or \"points off\" for the question.")
    asked = "on" if sheet.get("cp_prompt", True) else "off"
    armed = " A Fate Point is waiting for your next roll." if sheet.get("fate_armed", False) else ""
    turn.say(f"Character Points {sheet.get('character_points', 0)}, Fate Points {sheet.get('fate_points', 0)}.{armed}",
             f"The Character Point question after a near miss is {asked} (\"points {'off' if asked == 'on' else 'on'}\").")


def goal_reached(turn: Turn) -> bool:
    """Whether this action wins the adventure (the engine's goal test, made a moment early)."""
    world = turn.world
    state, goal = world.state, world.adventure.goal
    if state.status != "playing" or not (goal.reach or goal.carrying or goal.defeat):
        return False
    if goal.reach and state.room != goal.reach:
        return False
    if any(world.place_of(i) != "player" for i in goal.carrying):
        return False
    if any(world.npc_condition(n) == "ok" for n in goal.defeat):
        return False
    condition = world.system.condition(state.player)
    hostile = any(world.hostile(n) and world.npc_condition(n) == "ok" for n in world.living_npcs_in())
    return condition == "ok" or (condition == "down" and not hostile)


def award_if_won(turn: Turn, system: OpenD6) -> None:
    """At the end of a won adventure: Character Points earned, heroic Fate Points back."""
    if not goal_reached(turn):
        return
    world = turn.world
    goal = world.adventure.goal
    goals = int(bool(goal.reach)) + len(goal.carrying) + len(goal.defeat)
    before = world.state.player
    after = system.end_adventure(before, goals)
    world.state.player = after
    earned = after["character_points"] - before.get("character_points", 0)
    back = after["fate_points"] - before.get("fate_points", 0)
    lines = [(f"The adventure is over. You earn {earned} Character Points (1 for finishing, {goals} for its goals):"
              f" {after['character_points']} in all.")]
    if back:
        lines.append(f"The {back} Fate Point{'s' if back != 1 else ''} you spent at heroic moments come{'s' if back == 1 else ''}"
                     f" back: {after['fate_points']} in all.")
    else:
        lines.append(f"Fate Points: {after['fate_points']}.")
    turn.say(*lines)
