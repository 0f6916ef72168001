"""OpenD6 in play: the player's action rolls (checks and attacks) and what surrounds them.

Every action roll of the player goes through the same steps (seed 002
§Making Actions and §Improving Rolls; choices in ``docs/rules/opend6.md``):

1. :func:`prepare` -- the dice: wound dice already taken off by the rules,
   -1D for a complication still pending (``setback``), doubled by a Fate
   Point armed with ``fate`` (spent here, on the first roll of the action);
   the label names each modifier so the roll line shows why.
2. the roll, its difficulty hidden (:func:`~game.systems.opend6.roll.hidden`);
   the narration hints at it instead.
3. :func:`offer_character_points` -- after a failed roll that one more die
   could still save, while Character Points remain and the player has not
   turned the question off (``points off``): "Spend a Character Point?".
4. :func:`wild_die_events` -- the Wild Die told: an explosion, or the
   critical failure per the ``wild_one`` option, whose complication sets the
   actor back 1D on their next action.

What lasts past one roll lives in the moment (:class:`~game.systems.opend6.types.D6Moment`,
``world.state.moment``): the complications hanging over each actor (their -1D
falls on the first roll of the actor's next action, and lapses at that
action's end if it rolled nothing), a Fate Point armed with ``fate``, and the
action a spent Fate Point doubles.  Everything is told as events
(:mod:`game.systems.opend6.events`), worded by ``game/systems/opend6/narration.py``.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.actions import YES_NO
from game.events import PLAYER, Event, RollMade
from game.rules.base import sheet_as
from game.systems.opend6.codes import difficulty_band
from game.systems.opend6.codes import hint as hint_sentence
from game.systems.opend6.events import (
    Answered,
    CharacterPointOffered,
    CharacterPointSpent,
    FatePointSpent,
    SetbackLapsed,
    WildDieOne,
    WildDieSix,
    WildOne,
)
from game.systems.opend6.roll import D6Request, hidden
from game.systems.opend6.sheet import WOUND_LEVELS, wound_penalty
from game.systems.opend6.types import D6Moment, D6Sheet, Setback, settled

if TYPE_CHECKING:
    from game.actions import Turn
    from game.rules.base import RollResult
    from game.systems.opend6.rules import OpenD6
    from game.world.state import WorldState
    from game.world.world import World

CP_PROMPT = "Spend a Character Point? (yes/no)"

#: What a hint calls each kind of check.
SUBJECTS: dict[str, str] = {
    "force": "Forcing it", "climb": "The climb", "sneak": "Slipping by unseen", "dodge": "Getting away",
    "fight": "The fight", "shoot": "The shot", "perceive": "Spotting it", "search": "The search",
    "identify": "Working it out", "tinker": "The tinkering", "lore": "Remembering the lore",
    "survive": "Getting through", "resist": "Holding out", "will": "Keeping your nerve",
    "persuade": "Talking them round", "intimidate": "Cowing them", "heal": "The doctoring",
}


def hint(turn: Turn, subject: str, number: int) -> None:
    """Narrate a hint at a hidden difficulty number."""
    turn.say(hint_sentence(difficulty_band(number), subject))


def player_of(state: WorldState) -> D6Sheet:
    """The player's sheet (the state holds the running system's sheet type)."""
    sheet = sheet_as(D6Sheet, state.player)
    return sheet


def npc_of(world: World, npc_id: str) -> D6Sheet:
    """An NPC's sheet (made from its content when it has not changed yet)."""
    sheet = sheet_as(D6Sheet, world.npc_state(npc_id).sheet)
    return sheet


def sheet_of(world: World, actor: str) -> D6Sheet:
    """``actor``'s sheet, the player's or an NPC's, as this system's own type."""
    return sheet_as(D6Sheet, world.state.player if actor == PLAYER else world.npc_state(actor).sheet)


def moment_of(state: WorldState) -> D6Moment:
    """The OpenD6 moment of the state (an idle one when the state holds None)."""
    moment = state.moment
    return moment if isinstance(moment, D6Moment) else D6Moment()


def keep(turn: Turn, moment: D6Moment) -> None:
    """Store ``moment`` in the state (None when it is idle)."""
    turn.world.state.moment = settled(moment)


def prepare(turn: Turn, system: OpenD6, request: D6Request, heroic: bool) -> D6Request:
    """The request as the player rolls it now: setback, Fate Point, and a label naming them.

    Spends an armed Fate Point (``heroic``: it will come back at the end of the
    adventure) and marks the action in the moment, so every roll of this one
    action is doubled.
    """
    state = turn.world.state
    moment = moment_of(state)
    notes = []
    penalty = wound_penalty(player_of(state))
    if penalty:
        notes.append(f"{WOUND_LEVELS[player_of(state).wound_level]} -{penalty}D")
    setback = moment.setback(PLAYER)
    if setback is not None and setback.turn != state.turn:
        request = dataclasses.replace(request, dice=max(request.dice - 1, 1))
        moment = moment.with_setback(PLAYER, None)
        notes.append("shaken -1D")
    if moment.fate_armed:
        state.player = system.spend_point(player_of(state), "fate", heroic=heroic)
        moment = dataclasses.replace(moment, fate_armed=False, fate_turn=state.turn)
        turn.emit(FatePointSpent(PLAYER, heroic))
    if moment.fate_turn == state.turn:
        request = system.with_fate_point(request)
        notes.append("Fate Point x2")
    if moment.cp_armed:
        # seed 002: "When you spend a Character Point, you get to roll one extra die"
        for _ in range(moment.cp_armed):
            state.player = system.spend_point(player_of(state), "character")
        request = dataclasses.replace(request, dice=request.dice + moment.cp_armed)
        notes.append(f"Character Points +{moment.cp_armed}D")
        turn.emit(CharacterPointSpent(player_of(state).character_points))
        moment = dataclasses.replace(moment, cp_armed=0)
    keep(turn, moment)
    if notes:
        request = dataclasses.replace(request, label=f"{request.label} ({', '.join(notes)})")
    return dataclasses.replace(request, secret=system.difficulty_in_odds == "hidden")


def spend_set_aside(turn: Turn, system: OpenD6, roll: str) -> int:
    """Spend the Character Points set aside for the player's next ``roll`` ("damage" or
    "resist"): how many extra dice it gets (seed 002 §Improving Rolls: "one extra die").
    The roll's label tells it ("(Character Points +1D)"); no separate line."""
    state = turn.world.state
    moment = moment_of(state)
    count = moment.cp_damage if roll == "damage" else moment.cp_resist
    if not count:
        return 0
    for _ in range(count):
        state.player = system.spend_point(player_of(state), "character")
    keep(turn, dataclasses.replace(moment, cp_damage=0) if roll == "damage"
         else dataclasses.replace(moment, cp_resist=0))
    return count


def fated(turn: Turn) -> bool:
    """Whether a Fate Point spent on this action doubles its rolls."""
    return moment_of(turn.world.state).fate_turn == turn.world.state.turn


def could_spend(turn: Turn, result: RollResult, system: OpenD6) -> bool:
    """Ask about a Character Point? After a failure the points left could still turn (seed 002
    §Improving Rolls: spent "after you've made a roll"; a die each, so at most 6 short a point),
    with the question not turned off; option ``cp_offer = "one-die"``: only when one die could."""
    sheet = player_of(turn.world.state)
    reach = 6 * (sheet.character_points if system.cp_offer == "reachable" else 1)
    return (not result.succeeded and "difficulty" in result.figures and sheet.character_points > 0
            and sheet.cp_prompt and -int(result.figures["margin"]) <= reach)


def offer_character_points(turn: Turn, system: OpenD6, label: str, request: D6Request,
                           result: RollResult) -> RollResult:
    """The result after any Character Points the player spends on it (one die each).

    The roll is shown, then the question asked; the engine reruns the action on
    the same dice with the answer.  Everything told up to the answer was shown
    with the question: an :class:`Answered` marker tells the narrator to start
    after it.  The caller shows the roll that stands.
    """
    state = turn.world.state
    while could_spend(turn, result, system):
        short = -int(result.figures["margin"])
        turn.emit(RollMade(label, result), CharacterPointOffered(player_of(state).character_points, max(1, -(-short // 6))))
        answer = turn.ask(CP_PROMPT, YES_NO)
        turn.emit(Answered())
        if answer != "yes":
            break
        state.player = system.spend_point(player_of(state), "character")
        turn.emit(CharacterPointSpent(player_of(state).character_points))
        result = hidden(system.add_character_die(request, result, turn.dice))
    return result


def wild_die_events(result: RollResult, wild_one: str, who: str, kind: str = "",
                    *, explosion: bool = True, setback: bool = False) -> list[Event]:
    """The Wild Die of ``who``'s action roll (``kind``: the check kind, empty for an NPC's
    attack).  ``explosion`` False leaves a critical success to the roll line (attacks,
    whose damage rolls follow it)."""
    if result.critical_failure:
        return [WildDieOne(who, WildOne(wild_one), kind, setback and wild_one != "drop-highest")]
    if result.critical_success and explosion:
        return [WildDieSix(who, int(result.figures["wild_die"]))]
    return []


def set_back(turn: Turn, who: str, result: RollResult, system: OpenD6) -> None:
    """Under option ``complication = "setback"`` (house rule) a complication (not a drop)
    sets ``who`` back: -1D on the first roll of their next action, for this round and the
    next (as a stun); the action it came in is spared.  By default the Wild Die's 1
    punishes once: in the roll, as ``wild_one`` says."""
    if system.complication != "setback":
        return
    if result.critical_failure and system.wild_one != "drop-highest":
        keep(turn, moment_of(turn.world.state).with_setback(who, Setback(2, turn.world.state.turn)))


def shake_off(turn: Turn) -> None:
    """At the end of each round: the player's setback not used by the end of the next action lapses."""
    moment = moment_of(turn.world.state)
    setback = moment.setback(PLAYER)
    if setback is None:
        return
    if setback.rounds > 1:
        keep(turn, moment.with_setback(PLAYER, dataclasses.replace(setback, rounds=setback.rounds - 1)))
        return
    keep(turn, moment.with_setback(PLAYER, None))
    turn.emit(SetbackLapsed(PLAYER))


def action_over(turn: Turn) -> None:
    """At the end of the round: a Fate Point spent on this action doubles nothing more, and
    the count of actions (active defences) starts again."""
    moment = moment_of(turn.world.state)
    if moment.fate_turn is not None or moment.defence_turn is not None:
        keep(turn, dataclasses.replace(moment, fate_turn=None, defence_turn=None, defences=0))
