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
:func:`award_if_won` gives them when the adventure is won (a ``PointsAwarded`` event).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.errors import ActionRefused
from game.parser import ParseError, parse, phrases_of
from game.systems.opend6.codes import SKILLS
from game.systems.opend6.events import PointsAwarded
from game.systems.opend6.rolls import keep, moment_of, player_of
from game.systems.opend6.sheet import (
    improve,
    improve_specialization,
    improvement_cost,
    skill_code,
    specialization_cost,
)
from game.systems.opend6.types import D6Moment, D6Sheet

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Turn
    from game.parser import Command
    from game.systems.opend6.rules import OpenD6

VERBS: dict[str, tuple[str, ...]] = {"fate": ("fate",), "points": ("points",)}
OFF_WORDS = (("off",), ("cancel",), ("back",))


def fate(turn: Turn, command: Command, registry: ActionRegistry) -> None:
    """Arm a Fate Point for the next roll, or take it back; with an action, do it at once."""
    state = turn.world.state
    moment = moment_of(state)
    if command.words in OFF_WORDS and not command.second:
        if not moment.fate_armed:
            raise ActionRefused("No Fate Point is waiting to be spent.")
        keep(turn, dataclasses.replace(moment, fate_armed=False))
        turn.say("You hold your Fate Point back; it is still yours.")
        return
    action = _action(command, registry)
    if player_of(state).fate_points < 1 and not moment.fate_armed:
        raise ActionRefused("You have no Fate Points left.")
    if action is None:
        if moment.fate_armed:
            raise ActionRefused("Your Fate Point is already waiting for your next roll (\"fate off\" takes it back).")
        keep(turn, dataclasses.replace(moment, fate_armed=True))
        turn.say("You gather all your will: your next roll will use twice the dice. (\"fate off\" takes it back.)")
        return
    keep(turn, dataclasses.replace(moment, fate_armed=True))
    spec = registry.get(action.verb)
    if spec is None:  # _action checked it
        raise ActionRefused(f"I don't know how to \"{action.verb}\".")
    spec.handler(turn, action)
    if moment_of(state).fate_armed:
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
    state = turn.world.state
    sheet = player_of(state)
    words = command.words
    if words in (("spend",), ("keep",)):
        _set_aside(turn, words == ("spend",))
        return
    if words and words[0] == "improve":
        _improve(turn, words[1:])
        return
    if len(words) == 2 and words[0] == "spend" and words[1] in FOR_ROLLS:
        _set_aside_for(turn, FOR_ROLLS[words[1]])
        return
    if words in (("on",), ("off",)):
        state.player = dataclasses.replace(sheet, cp_prompt=words == ("on",))
        turn.say("After a failed roll your Character Points could still save, you will be asked whether to"
                 " spend one." if words == ("on",) else
                 "You will no longer be asked to spend Character Points (\"points on\" to be asked again).")
        return
    if words:
        raise ActionRefused("Say \"points\" to see them, \"points spend\" to add a die to your next roll"
                            " (\"points spend damage\" or \"points spend resist\" for your next damage or"
                            " resistance roll; \"points keep\" takes them back), \"points improve SKILL\" to raise a"
                            " skill, \"points on\" or \"points off\" for the question.")
    asked = "on" if sheet.cp_prompt else "off"
    armed = " A Fate Point is waiting for your next roll." if moment_of(state).fate_armed else ""
    turn.say(f"Character Points {sheet.character_points}, Fate Points {sheet.fate_points}.{armed}",
             f"The Character Point question after a near miss is {asked} (\"points {'off' if asked == 'on' else 'on'}\").")


def _set_aside(turn: Turn, spend: bool) -> None:
    """``points spend``: a Character Point set aside before the next roll, one extra die
    (seed 002 §Improving Rolls); again for more.  ``points keep`` takes them all back."""
    state = turn.world.state
    moment = moment_of(state)
    if not spend:
        if not _aside(moment):
            raise ActionRefused("No Character Points are set aside.")
        keep(turn, dataclasses.replace(moment, cp_armed=0, cp_damage=0, cp_resist=0))
        turn.say("You keep your Character Points for later.")
        return
    if player_of(state).character_points <= _aside(moment):
        raise ActionRefused("You have no Character Points left to set aside.")
    keep(turn, dataclasses.replace(moment, cp_armed=moment.cp_armed + 1))
    turn.say(f"Your next roll gets {moment.cp_armed + 1} extra {'die' if moment.cp_armed == 0 else 'dice'} "
             "(a Character Point each). (\"points keep\" takes them back.)")


#: ``points spend WORD`` -> the roll the point waits for (the moment's ``cp_<roll>``).
FOR_ROLLS = {"damage": "damage", "resist": "resist", "resistance": "resist", "soak": "resist"}


def _aside(moment: D6Moment) -> int:
    """All the Character Points set aside, whatever roll they wait for."""
    return moment.cp_armed + moment.cp_damage + moment.cp_resist


def _set_aside_for(turn: Turn, roll: str) -> None:
    """``points spend damage|resist``: a Character Point set aside for the damage roll of the
    player's next hit, or their next resistance roll (seed 002 §Improving Rolls: "one extra
    die"; the seed does not limit it to action rolls)."""
    state = turn.world.state
    moment = moment_of(state)
    if player_of(state).character_points <= _aside(moment):
        raise ActionRefused("You have no Character Points left to set aside.")
    count = (moment.cp_damage if roll == "damage" else moment.cp_resist) + 1
    keep(turn, dataclasses.replace(moment, cp_damage=count) if roll == "damage"
         else dataclasses.replace(moment, cp_resist=count))
    what = "the damage of your next hit" if roll == "damage" else "your next roll to resist damage"
    turn.say(f"{what[0].upper()}{what[1:]} gets {count} extra {'die' if count == 1 else 'dice'} "
             "(a Character Point each). (\"points keep\" takes them back.)")


def _improve(turn: Turn, words: tuple[str, ...]) -> None:
    """``points improve SKILL``: advancement, one pip for the Character Points of the skill's
    dice (OpenD6; house rule: at any time no foe stands ready, the solo game having no
    "between adventures")."""
    world = turn.world
    before = player_of(world.state)
    skill = " ".join(words)
    special = _specialization_named(before, skill) if skill not in SKILLS else None
    if skill not in SKILLS and special is None:
        known = [*sorted(SKILLS), *before.specializations]
        what = "skill or specialization" if before.specializations else "skill"
        raise ActionRefused(f"Improve which {what}? One of: {', '.join(known)}.")
    if any(world.hostile(n) and world.npc_condition(n) == "ok" for n in world.living_npcs_in()):
        raise ActionRefused("Not with a foe standing ready: improve your skills when the fight is over.")
    name = special or skill
    cost = specialization_cost(before, name) if special else improvement_cost(before, skill)
    aside = _aside(moment_of(world.state))
    if aside and before.character_points - aside < cost:
        raise ActionRefused(f"Raising {name} costs {cost} Character Points, and {aside} of yours are set aside"
                            " (\"points keep\" takes them back).")
    if special:
        world.state.player = after = improve_specialization(before, special)
        was, now = before.specializations[special].code, after.specializations[special].code
    else:
        world.state.player = after = improve(before, skill)
        was, now = skill_code(before, skill), skill_code(after, skill)
    turn.say(f"You spend {cost} Character Points: {name} rises from {was} to {now} ({after.character_points} left).")


def _specialization_named(sheet: D6Sheet, words: str) -> str | None:
    """The specialization ``words`` name: its full name (``melee: knives``, the colon optional, as
    the parser drops it) or, when only one has it, its focus (``knives``)."""
    said = " ".join(words.replace(":", " ").split())
    whole = [name for name in sheet.specializations if " ".join(name.replace(":", " ").split()) == said]
    focus = [name for name in sheet.specializations if name.partition(": ")[2] == said]
    matches = whole or focus
    return matches[0] if len(matches) == 1 else None


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
    condition = world.system.condition(player_of(state))
    hostile = any(world.hostile(n) and world.npc_condition(n) == "ok" for n in world.living_npcs_in())
    return condition == "ok" or (condition == "down" and not hostile)


def award_if_won(turn: Turn, system: OpenD6) -> None:
    """At the end of a won adventure: Character Points earned, heroic Fate Points back."""
    if not goal_reached(turn):
        return
    state = turn.world.state
    goal = turn.world.adventure.goal
    goals = int(bool(goal.reach)) + len(goal.carrying) + len(goal.defeat)
    before = player_of(state)
    state.player = after = system.end_adventure(before, goals)
    turn.emit(PointsAwarded(earned=after.character_points - before.character_points, goals=goals,
                            character=after.character_points, back=after.fate_points - before.fate_points,
                            fate=after.fate_points))
