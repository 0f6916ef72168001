"""The way of a check in play (seed 004 §Dice Pool: "the storyteller may offer a choice of
different ways of performing it. They may also tell you which traits would be used for each
option").  The game never picks the way for the player:

- a way named in the command holds for that action (``force hatch with finesse``, ``flee
  north by running``, ``steal key from trader with cunning``);
- else the way the player chose before for that kind of check (kept on the sheet);
- else, when the character has several ways, the game asks, showing each way's traits,
  pool and exact chance, before any die is rolled; the answer holds from then on;
- ``approach`` lists the ways with their pools and changes the standing choice.

Which ways each check has: :mod:`game.systems.maelstrom.approaches` (house rule).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.errors import ActionRefused
from game.parser import ParseError, parse, tokenize
from game.rules.base import Situation
from game.systems.maelstrom import approaches, rolls
from game.systems.maelstrom.approaches import APPROACHES, HOW_WORDS, Approach, called
from game.systems.maelstrom.events import WayChosen
from game.systems.maelstrom.pool import PoolRequest
from game.systems.maelstrom.rules import MaelstromSystem, describe_request, percent
from game.systems.maelstrom.sheet import Table

if TYPE_CHECKING:
    from game.actions import Turn
    from game.parser import Command

#: Verbs whose commands may end in a way (``... with finesse``); the check they make decides which.
HOW_VERBS = ("open", "unlock", "force", "search", "identify", "flee", "steal", "climb")
#: Other names players use for a kind of check in ``approach``.
KIND_WORDS = {"flee": "dodge", "run": "dodge", "steal": "sneak", "open": "force", "unlock": "force"}
#: Answers that clear a standing way, so the game asks again.
ASK_WORDS = ("ask", "none", "clear", "reset")

PoolOf = Callable[[Approach | None], PoolRequest]


def told_way(command: Command) -> tuple[Command, str]:
    """The command without a way named at its end, and the way's word ("" when none is named).

    The words before the way are parsed again (``open north by strength`` is ``open north``);
    should they not parse as the same verb (an adventure's own word for it), the way is taken
    off the parsed command's words instead."""
    if command.verb not in HOW_VERBS:
        return command, ""
    words, word = approaches.split_how(tuple(tokenize(command.raw)))
    if not word:
        return command, ""
    try:
        again = parse(" ".join(words), {})
    except ParseError:
        again = None
    if again is not None and again.verb == command.verb:
        return again, word
    if command.preposition in HOW_WORDS and command.second == (word,):
        return dataclasses.replace(command, preposition="", second=()), word
    return dataclasses.replace(command, words=approaches.split_how(command.words)[0],
                               second=approaches.split_how(command.second)[0]), word


def choose(turn: Turn, system: MaelstromSystem, kind: str, label: str, told: str, pool_of: PoolOf, *,
           first: bool = True) -> Approach | None:
    """The way of this ``kind`` check: named in the command, chosen before, or asked now.

    None when the character has one way or none to offer (the kind's own mapping).
    Asking raises the engine's Question before any die is rolled; the answer is kept.
    A way named for the action's ``first`` check that is no way of it is refused; a later
    check (the climb into the room a flight reaches) takes the way only if it is one of its own.
    """
    if told and (first or any(told in way.words for way in approaches.ways_of(kind))):
        return approaches.named(kind, told)
    world = turn.world
    sheet = rolls.player_sheet(world)
    offered = system.ways(sheet, kind)
    if len(offered) < 2:
        return None
    standing = next((way for way in offered if way.name == sheet.approaches.get(kind)), None)
    if standing is not None:
        return standing
    if not system.ask_ways:
        return None  # option ways = "first": the player chose the first way for every check
    answered_before = bool(turn.answers)
    name = turn.ask(question(kind, label, offered, pool_of, system), answers(offered))
    if answered_before:
        turn.events.clear()  # the lines before the question were shown with it
    if not name:
        raise ActionRefused(f"You do not {label} after all.")
    way = next(way for way in offered if way.name == name)
    world.state.player = dataclasses.replace(sheet, approaches=sheet.approaches.but(**{kind: way.name}))
    turn.emit(WayChosen(called(kind), way.phrase))
    return way


def question(kind: str, label: str, offered: tuple[Approach, ...], pool_of: PoolOf, system: MaelstromSystem) -> str:
    """How do you force? with each way's traits, pool and exact chance of success."""
    lines = [f"How do you {label}? The rules leave the way to you:"]
    for number, way in enumerate(offered, 1):
        lines.append(f"  {number}. {way.phrase}: {_pool_text(way, pool_of, system)}")
    names = " or ".join(str(number) for number in range(1, len(offered) + 1))
    lines.append(f"({names}; yes takes the first, no leaves it. Your answer holds for every {called(kind)} check "
                 f"until \"approach {called(kind)}\" changes it.)")
    return "\n".join(lines)


def answers(offered: tuple[Approach, ...]) -> dict[str, str]:
    """Each way's number and name, ``yes`` for the first, ``no`` ("") to leave the action undone
    (a command typed in reply counts as that, and then runs)."""
    choices = {str(number): way.name for number, way in enumerate(offered, 1)}
    return choices | {way.name: way.name for way in offered} | {"yes": offered[0].name, "no": ""}


def _pool_text(way: Approach, pool_of: PoolOf, system: MaelstromSystem) -> str:
    try:
        pool = pool_of(way)
    except ActionRefused as refusal:
        return str(refusal)
    return f"{pool_words(pool)}: {percent(system.odds(pool).p_success)} to succeed"


def pool_words(pool: PoolRequest) -> str:
    """``Strength + Athletics, 3d10 vs 6 [wounds: -1 dice]``."""
    return f"{pool.label}, {describe_request(dataclasses.replace(pool, label=''))}"


def alternatives(kind: str, chosen: Approach | None, system: MaelstromSystem, turn: Turn,
                 pool_of: PoolOf) -> tuple[tuple[str, PoolRequest], ...]:
    """The other ways the character could perform this check, each with its pool (for ``odds``)."""
    offered = system.ways(rolls.player_sheet(turn.world), kind)
    if len(offered) < 2:
        return ()
    name = chosen.name if chosen is not None else offered[0].name
    out = []
    for way in offered:
        if way.name != name:
            try:
                out.append((way.phrase, pool_of(way)))
            except ActionRefused:
                continue
    return tuple(out)


# -- the approach verb ------------------------------------------------------------------

def approach(turn: Turn, command: Command, system: MaelstromSystem) -> None:
    """``approach``: the ways of each check; ``approach KIND WAY`` chooses one; ``approach KIND ask``
    has the game ask again."""
    words = tokenize(command.raw)[1:]
    world = turn.world
    sheet = rolls.player_sheet(world)
    if not words:
        turn.say(*listing(turn, system))
        return
    kind = KIND_WORDS.get(words[0], words[0])
    if kind not in APPROACHES:
        raise ActionRefused(f"Only these checks have several ways: {', '.join(map(called, APPROACHES))}.")
    if len(words) < 2:
        turn.say(*_kind_lines(turn, system, kind))
        return
    if words[-1] in ASK_WORDS:
        world.state.player = dataclasses.replace(
            sheet, approaches=Table({k: v for k, v in sheet.approaches.items() if k != kind}))
        turn.say(f"You will be asked how, the next time you {called(kind)}.")
        return
    way = approaches.named(kind, words[-1])
    if way not in system.ways(sheet, kind):
        raise ActionRefused(f"You cannot {called(kind)} {way.phrase}: you know nothing of {way.second.title()}.")
    world.state.player = dataclasses.replace(sheet, approaches=sheet.approaches.but(**{kind: way.name}))
    turn.emit(WayChosen(called(kind), way.phrase))


def listing(turn: Turn, system: MaelstromSystem) -> list[str]:
    lines = ["Your ways, each with its chance at the normal difficulty (approach CHECK WAY chooses one; approach"
             " CHECK ask has the game ask again):"]
    for kind in APPROACHES:
        lines += _kind_lines(turn, system, kind)
    return lines


def _kind_lines(turn: Turn, system: MaelstromSystem, kind: str) -> list[str]:
    sheet = rolls.player_sheet(turn.world)
    offered = system.ways(sheet, kind)
    chosen = sheet.approaches.get(kind)
    shown = []
    for way in offered:
        pool = system.check_request(sheet, kind, "normal", Situation(), way=way)
        mark = " (yours)" if way.name == chosen else ""
        shown.append(f"{way.phrase}{mark}: {pool_words(pool)}: {percent(system.odds(pool).p_success)}")
    if len(offered) < 2:
        return [f"  {called(kind)}: {shown[0] if shown else 'no way'} (the only way you have)"]
    ask = "" if chosen else " (you will be asked)"
    return [f"  {called(kind)}{ask}:", *(f"    {line}" for line in shown)]
