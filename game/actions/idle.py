"""Verbs a player of parser games types that change nothing in this world, each with a plain reply.

Inform and TADS answer ``jump``, ``push lever`` or ``kiss Pell`` with a stock line
rather than "I don't know the word"; so does Wayfarer (``hint``, ``verbose`` and
``version``, which are about the game, are meta commands).  They are also the verbs
an adventure's triggers can give a meaning (``light lantern`` with a trigger that
``refuse``s it says the trigger's text instead, and sets its flags).  None of these takes time
or rolls a die: a refusal or a line of colour, and the world as it was (but ``close`` of a
container that shuts, game.actions.containers, which is a turn).  A thing
named is still looked up (and becomes "it"), so ``push statue`` in an empty room
says the statue is not here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn, containers
from game.actions.scope import SELF, Scope, Thing, resolve, the_name
from game.errors import ActionRefused
from game.text import capital

if TYPE_CHECKING:
    from game.parser import Command

#: Words naming a way rather than a thing (``close door``).
_WAY_WORDS = frozenset({"door", "gate", "hatch", "grate", "grille", "way", "trapdoor", "portal", "airlock"})


def _thing(turn: Turn, command: Command, what: str) -> Thing:
    """The thing the command names, which "it" then means."""
    thing = resolve(Scope.around(turn.world, scenery=True), command.words, turn.referent, pronouns=turn.pronouns,
                    what=what)
    turn.referent = thing
    return thing


def _typed(command: Command) -> str:
    """The verb as the player typed it (``shove`` for push): the reply echoes it."""
    return command.raw.split()[0] if command.raw else command.verb


def shove(turn: Turn, command: Command) -> None:
    thing = _thing(turn, command, _typed(command))
    if thing[0] == "npc":
        raise ActionRefused(f"{capital(turn.world.the_npc(thing[1]))} would not take kindly to that.")
    if thing == SELF:
        raise ActionRefused("You would get nowhere.")
    turn.say("Nothing obvious happens.")


def touch(turn: Turn, command: Command) -> None:
    thing = _thing(turn, command, _typed(command))
    if thing[0] == "npc":
        raise ActionRefused(f"{capital(turn.world.the_npc(thing[1]))} would rather you kept your hands to yourself.")
    turn.say("You feel nothing unexpected." if thing != SELF else "You are all there.")


def close(turn: Turn, command: Command) -> None:
    holder = containers.holder_named(turn, command)
    if holder is not None:
        containers.close_holder(turn, command, holder)
        return
    if command.direction is not None or set(command.words) & _WAY_WORDS:
        raise ActionRefused("There is no shutting or locking a way here: what is open stays open.")
    thing = _thing(turn, command, _typed(command))
    raise ActionRefused(f"{capital(the_name(turn.world, thing))} is not something you can {_typed(command)}.")


def light(turn: Turn, command: Command) -> None:
    thing = _thing(turn, command, _typed(command))
    if thing[0] == "npc":
        raise ActionRefused(f"{capital(turn.world.the_npc(thing[1]))} would not take kindly to that.")
    raise ActionRefused(f"You have no way to {_typed(command)} {the_name(turn.world, thing)}.")


def extinguish(turn: Turn, command: Command) -> None:
    thing = _thing(turn, command, _typed(command))
    raise ActionRefused(f"{capital(the_name(turn.world, thing))} is not alight.")


def pour(turn: Turn, command: Command) -> None:
    thing = _thing(turn, command, _typed(command))
    raise ActionRefused(f"Pouring out {the_name(turn.world, thing)} would gain you nothing.")


def break_thing(turn: Turn, command: Command) -> None:
    thing = _thing(turn, command, _typed(command))
    if thing[0] == "npc":
        raise ActionRefused(f"To fight {turn.world.the_npc(thing[1])}, attack.")
    raise ActionRefused(f"Breaking {the_name(turn.world, thing)} would gain you nothing.")


def jump(turn: Turn, command: Command) -> None:
    turn.say("You jump on the spot, to no effect.")


def sing(turn: Turn, command: Command) -> None:
    turn.say(f"You {_typed(command)} a little, to yourself. Nothing changes.")


def kiss(turn: Turn, command: Command) -> None:
    thing = _thing(turn, command, _typed(command))
    if thing[0] == "npc":
        raise ActionRefused(f"{capital(turn.world.the_npc(thing[1]))} would rather you did not.")
    turn.say("Keep your mind on the road." if thing != SELF else "You are fond enough of yourself already.")


def sit(turn: Turn, command: Command) -> None:
    turn.say("You stay on your feet. To catch your breath, rest; to end the day, sleep.")


def think(turn: Turn, command: Command) -> None:
    turn.say("You think it over. When you cannot decide, ask the oracle: oracle QUESTION (a yes-or-no question).")


def say(turn: Turn, command: Command) -> None:
    world = turn.world
    living = [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok"]
    if living:
        who = world.npc_name(living[0]).split()[-1].lower()
        raise ActionRefused(f"To speak with someone, talk to them or ask them about something: talk to {who}, "
                            f"or ask {who} about TOPIC.")
    turn.say("Your voice carries a little way. Nobody answers.")


def wake(turn: Turn, command: Command) -> None:
    if command.words and not set(command.words) <= {"up", "me", "myself"}:
        thing = _thing(turn, command, "wake")
        if thing[0] == "npc" and turn.world.npc_condition(thing[1]) == "ok":
            raise ActionRefused(f"{capital(turn.world.the_npc(thing[1]))} is wide awake.")
        raise ActionRefused(f"{capital(the_name(turn.world, thing))} will not wake.")
    turn.say("You are wide awake.")


#: Each verb of the family (see :data:`game.verbs.CORE_VERBS` for the words) and its reply.
