"""The senses and the ways: read, listen, smell, exits, climb.

``read`` shows an item's or scenery's ``text``, else its description (where what
is written on it is told, as in "The last entry reads: ..."), else says nothing is
written; ``listen``/``smell`` give a thing's ``sound``/``smell``, or the room's, or
a plain line.  ``climb`` goes up or down (``climb down rope``
goes down when there is a way down), and takes the time a move takes; climbing a
scenery thing that is a way (its ``way``: a ladder up) takes that way, found if hidden.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.movement import go, way_through
from game.actions.observe import exits_line
from game.actions.scope import SELF, Scope, resolve, scenery_of, the_name
from game.errors import ActionRefused
from game.parser import Command as Parsed
from game.text import capital
from game.world.conditions import is_dark, text_now

if TYPE_CHECKING:
    from game.parser import Command


def _sense(turn: Turn, command: Command, what: str, sense: str) -> str | None:
    """The ``sound``/``smell`` (``sense``) of the thing named, or of the room when none is named."""
    world = turn.world
    smelling = sense == "smell"
    if not command.words:
        return (world.room.smell if smelling else world.room.sound) or None
    thing = resolve(Scope.around(world, scenery=True), command.words, turn.referent, pronouns=turn.pronouns, what=what)
    turn.referent = thing
    kind, thing_id = thing
    if kind == "item":
        item = world.item(thing_id)
        return (item.smell if smelling else item.sound) or None
    if kind == "scenery":
        scenery = scenery_of(world, thing_id)
        return (scenery.smell if smelling else scenery.sound) or None
    return None


def listen(turn: Turn, command: Command) -> None:
    heard = _sense(turn, command, "listen to", "sound")
    if heard:
        turn.say(heard)
    elif command.words and turn.referent is not None:
        turn.say(f"You hear nothing unexpected from {the_name(turn.world, turn.referent)}.")
    else:
        turn.say("You hear nothing out of the ordinary.")


def smell(turn: Turn, command: Command) -> None:
    smelt = _sense(turn, command, "smell", "smell")
    if smelt:
        turn.say(smelt)
    elif command.words and turn.referent is not None:
        turn.say(f"{capital(the_name(turn.world, turn.referent))} smells of nothing in particular."
                 if turn.referent != SELF else "You smell of the road.")
    else:
        turn.say("You smell nothing out of the ordinary.")


def read(turn: Turn, command: Command) -> None:
    world = turn.world
    thing = resolve(Scope.around(world, scenery=True), command.words, turn.referent, pronouns=turn.pronouns, what="read")
    turn.referent = thing
    kind, thing_id = thing
    text = ""
    if kind == "item":
        item = world.item(thing_id)
        text = item.text or text_now(world, item.description, item.descriptions)
    elif kind == "scenery":
        scenery = scenery_of(world, thing_id)
        text = scenery.text or text_now(world, scenery.description, scenery.descriptions)
    if not text:
        raise ActionRefused(f"There is nothing written on {the_name(world, thing)}.")
    turn.say(text)


def exits(turn: Turn, command: Command) -> None:
    if is_dark(turn.world):
        raise ActionRefused("It is too dark to see the ways out.")
    turn.say(exits_line(turn))


def climb(turn: Turn, command: Command) -> None:
    world = turn.world
    direction = command.direction
    if command.words:
        thing = resolve(Scope.around(world, scenery=True), command.words, turn.referent, pronouns=turn.pronouns, what="climb")
        turn.referent = thing
        way = way_through(world, thing)
        if way is not None and direction in (None, way.direction):
            go(turn, Parsed("go", direction=way.direction, raw=f"go {way.direction}"))
            return
    if direction is None:
        ways = [e.direction for e in world.visible_exits() if e.direction in ("up", "down")]
        if len(ways) != 1:
            if not ways:
                what = the_name(world, turn.referent) if command.words and turn.referent else "anywhere from here"
                raise ActionRefused(f"You can't climb {what}.")
            raise ActionRefused("Climb up or down?")
        direction = ways[0]
    go(turn, Parsed("go", direction=direction, raw=f"go {direction}"))

