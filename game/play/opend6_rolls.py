"""OpenD6 in play: the player's action rolls (checks and attacks) and what surrounds them.

Every action roll of the player goes through the same steps (seed 002
§Making Actions and §Improving Rolls; choices in ``docs/rules/opend6.md``):

1. :func:`prepare` -- the dice: wound dice already taken off by the rules,
   -1D for a complication still pending (``setback``), doubled by a Fate
   Point armed with ``fate`` (spent here, on the first roll of the action);
   the label names each modifier so the roll line shows why.
2. the roll, its difficulty hidden (:func:`~game.rules.opend6_roll.hidden`);
   the narration hints at it instead.
3. :func:`offer_character_points` -- after a failed roll that one more die
   could still save, while Character Points remain and the player has not
   turned the question off (``points off``): "Spend a Character Point?".
4. :func:`wild_die_lines` -- the Wild Die narrated: an explosion, or the
   critical failure per the ``wild_one`` option, whose complication sets the
   actor back 1D on their next action.

Sheet keys used here (TOML-safe): ``setback`` (rounds a complication's -1D
lasts: it falls on the first roll of the next action, and lapses at that
action's end if it rolled nothing) and ``setback_turn`` (the action it came
in), ``fate_armed`` (bool),
``fate_turn`` (the turn whose rolls a spent Fate Point doubles), ``cp_prompt``
(bool, absent = on).
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.actions import YES_NO
from game.events import RollMade
from game.rules.opend6_codes import difficulty_band
from game.rules.opend6_codes import hint as hint_sentence
from game.rules.opend6_roll import D6Request, hidden
from game.rules.opend6_sheet import WOUND_LEVELS, wound_penalty

if TYPE_CHECKING:
    from game.actions import Turn
    from game.rules.base import RollResult
    from game.rules.opend6 import OpenD6

CP_PROMPT = "Spend a Character Point? (yes/no)"

#: What a hint calls each kind of check.
SUBJECTS: dict[str, str] = {
    "force": "Forcing it", "climb": "The climb", "sneak": "Slipping by unseen", "dodge": "Getting away",
    "fight": "The fight", "shoot": "The shot", "perceive": "Spotting it", "search": "The search",
    "identify": "Working it out", "tinker": "The tinkering", "lore": "Remembering the lore",
    "survive": "Getting through", "resist": "Holding out", "will": "Keeping your nerve",
    "persuade": "Talking them round", "intimidate": "Cowing them", "heal": "The doctoring",
}

#: What goes wrong on a Wild Die 1, by kind of check (the player's own checks).
COMPLICATIONS: dict[str, str] = {
    "force": "you wrench your shoulder", "climb": "you slip and bark your shins",
    "sneak": "you kick a loose stone", "dodge": "you stumble as you go",
    "perceive": "grit gets into your eyes", "search": "you scatter what you were sifting through",
    "identify": "it nearly slips from your fingers", "tinker": "you pinch your fingers in it",
    "survive": "the glare leaves spots swimming before your eyes", "resist": "it leaves you shaking",
    "fight": "you overreach and leave yourself open", "shoot": "your aim jerks wide",
}


def hint(turn: Turn, subject: str, number: int) -> None:
    """Narrate a hint at a hidden difficulty number."""
    turn.say(hint_sentence(difficulty_band(number), subject))


def prepare(turn: Turn, system: OpenD6, request: D6Request, heroic: bool) -> D6Request:
    """The request as the player rolls it now: setback, Fate Point, and a label naming them.

    Spends an armed Fate Point (``heroic``: it will come back at the end of the
    adventure) and marks the turn, so every roll of this one action is doubled.
    """
    world = turn.world
    sheet = world.state.player
    notes = []
    penalty = wound_penalty(sheet)
    if penalty:
        notes.append(f"{WOUND_LEVELS[sheet.get('wound_level', 0)]} -{penalty}D")
    if sheet.get("setback", 0) and sheet.get("setback_turn", -1) != world.state.turn:
        request = dataclasses.replace(request, dice=max(request.dice - 1, 1))
        sheet["setback"] = 0
        notes.append("shaken -1D")
    if sheet.get("fate_armed", False):
        spent = system.spend_point(sheet, "fate", heroic=heroic)
        spent["fate_armed"] = False
        spent["fate_turn"] = world.state.turn
        world.state.player = sheet = spent
        turn.say("You spend a Fate Point and put everything you have into it: twice the dice."
                 + (" A heroic moment: the point will come back at the end of the adventure." if heroic else ""))
    if sheet.get("fate_turn", -1) == world.state.turn:
        request = system.with_fate_point(request)
        notes.append("Fate Point x2")
    if notes:
        request = dataclasses.replace(request, label=f"{request.label} ({', '.join(notes)})")
    return request


def fated(turn: Turn) -> bool:
    """Whether a Fate Point spent on this action doubles its rolls."""
    return bool(turn.world.state.player.get("fate_turn", -1) == turn.world.state.turn)


def could_spend(turn: Turn, result: RollResult) -> bool:
    """Ask about a Character Point? Only after a failure that one more die (up to 6) could
    still turn, with points left and the question not turned off."""
    sheet = turn.world.state.player
    return (not result.succeeded and "difficulty" in result.figures and sheet.get("character_points", 0) > 0
            and sheet.get("cp_prompt", True) and -int(result.figures["margin"]) <= 6)


def offer_character_points(turn: Turn, system: OpenD6, label: str, request: D6Request,
                           result: RollResult) -> RollResult:
    """The result after any Character Points the player spends on it (one die each).

    The roll is shown, then the question asked; the engine reruns the action on
    the same dice with the answer.  Everything said up to the answer was shown
    with the question, so it is not said again; the caller shows the roll that
    stands.
    """
    world = turn.world
    while could_spend(turn, result):
        points = world.state.player.get("character_points", 0)
        turn.emit(RollMade(label, result))
        turn.say(f"One more die could still do it. ({points} Character Point{'s' if points != 1 else ''} left;"
                 " \"points off\" stops these questions.)")
        answer = turn.ask(CP_PROMPT, YES_NO)
        turn.events.clear()  # shown with the question
        if answer != "yes":
            break
        world.state.player = system.spend_point(world.state.player, "character")
        left = world.state.player["character_points"]
        turn.say(f"You spend a Character Point ({left} left) and roll one more die.")
        result = hidden(system.add_character_die(request, result, turn.dice))
    return result


def wild_die_lines(result: RollResult, wild_one: str, complication: str, whose: str,
                   *, explosion: bool = True) -> list[str]:
    """Narration of the Wild Die on an action roll; ``whose`` names the actor's next action
    (``your next action``, ``its next attack``) for the complication's -1D.  ``explosion``
    False leaves a critical success to the roll line (attacks, whose damage rolls follow it)."""
    if result.critical_failure:
        if wild_one == "drop-highest":
            return ["The Wild Die shows 1: it is dropped, and the highest other die with it."]
        name = "Mishap" if wild_one == "mishap-on-failure" else "Complication"
        return [f"{name}: the Wild Die shows 1, and {complication} (-1D to {whose})."]
    if result.critical_success and explosion:
        wild = int(result.figures["wild_die"])
        return [f"Critical success: the Wild Die comes up 6 and rolls again, adding {wild} in all."]
    return []


def set_back(sheet: dict[str, object], result: RollResult, wild_one: str, turn: int) -> None:
    """A complication (not a drop) sets the actor back: -1D on the first roll of their next
    action.  ``setback`` counts the rounds it lasts (this one and the next, as a stun);
    ``setback_turn`` is the action it came in, whose later rolls it spares."""
    if result.critical_failure and wild_one != "drop-highest":
        sheet["setback"] = 2
        sheet["setback_turn"] = turn


def shake_off(turn: Turn) -> None:
    """At the end of each round: a setback not used by the end of the next action lapses."""
    sheet = turn.world.state.player
    if sheet.get("setback", 0):
        sheet["setback"] -= 1
        if not sheet["setback"]:
            turn.say("You shake off the complication.")
