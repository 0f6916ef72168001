"""Theft: ``steal X from NPC`` (and ``take X from NPC``), a sneak check under any rule system.

- The check is the system-neutral ``sneak`` check, through the system's own
  check path (so ``odds``, ``why`` and the dice log work), its difficulty by
  the victim's state (:func:`difficulty`): ``hard`` against an alert one
  (hostile, wary, a guard or a merchant minding the wares), ``normal`` against
  a neutral one, ``easy`` against a friend.  A victim out of the fight or one
  that surrendered cannot stop it: no roll.
- Success: the item is the player's, and nobody sees it.  The victim finds the
  loss when the player next walks in on it (``missing:<item>`` in its memory
  until then; :func:`game.play.living.losses_found`), and remembers who was near.
- A tie: nothing is taken, nothing is noticed (the moment was wrong).
- Failure: the victim catches the player's hand, and everyone standing in the
  room sees it.  What they remember and do is :func:`game.play.living.theft_seen`.

Taking from someone helpless is seen by whoever stands there (the victim too,
if it surrendered rather than fell).  ``take X from NPC`` takes from the
helpless the same way, and otherwise says how to get it (buy it, or steal it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.checks import roll_check
from game.actions.scope import Scope, resolve
from game.errors import ActionRefused
from game.events.theft import Stolen, TheftCaught
from game.npc import memory
from game.text import capital, definite, quote_back
from game.world.conditions import is_dark
from game.world.state import PLAYER

if TYPE_CHECKING:
    from game.parser import Command
    from game.world.world import World

DARK = "It is too dark to see what anyone carries."
#: The victim's alertness -> the sneak check's difficulty (house rule).
ALERT = "hard"
NEUTRAL = "normal"
TRUSTING = "easy"


def steal(turn: Turn, command: Command) -> None:
    """``steal THING [from NPC]``."""
    world = turn.world
    if not command.words:
        raise ActionRefused("Steal what, and from whom? For example: steal pistol from tamsin.")
    if is_dark(world):
        raise ActionRefused(DARK)
    if command.second:
        victim = _victim(turn, command.second)
        item_id = _their_item(turn, victim, command.words)
    else:
        carried = [("item", i) for n in world.living_npcs_in() for i in world.npc_items(n)]
        if not carried:
            raise ActionRefused("Nobody here carries anything to steal.")
        _, item_id = resolve(Scope(world, carried), command.words, None, pronouns=turn.pronouns, what="steal")
        victim = world.place_of(item_id).split(":", 1)[1]
    rob(turn, victim, item_id)


def take_from(turn: Turn, command: Command) -> bool:
    """``take X from NPC``: True when it was about an NPC's things (taken from the helpless, or
    refused with the way to get them); False when the words name no NPC here (take as usual)."""
    world = turn.world
    if is_dark(world):
        return False
    try:
        _, victim = resolve(Scope(world, [("npc", n) for n in world.npcs_in()]), command.second, None,
                            pronouns=turn.pronouns, what="take it from")
    except ActionRefused:
        return False
    if world.npc_condition(victim) == "dead":
        raise ActionRefused(f"{capital(world.the_npc(victim))} carries nothing now: what was carried lies here.")
    take_held(turn, victim, _their_item(turn, victim, command.words))
    return True


def take_held(turn: Turn, victim: str, item_id: str) -> None:
    """``take`` of a thing ``victim`` carries: taken from the helpless, else refused with the way to get it."""
    world = turn.world
    if helpless(world, victim):
        rob(turn, victim, item_id)
        return
    who, name = world.the_npc(victim), definite(world.item_name(item_id))
    buy = "buy it, or " if world.npc_state(victim).disposition == "merchant" else ""
    raise ActionRefused(f"{capital(who)} will not just hand you {name}. ({buy}steal {world.item_name(item_id)} "
                        f"from {who}: a sneak check.)")


def helpless(world: World, npc_id: str) -> bool:
    """Down, or surrendered and not hostile since: it cannot stop a thief."""
    if world.npc_condition(npc_id) != "ok":
        return True
    return memory.remembers(world, npc_id, "surrendered") and not world.hostile(npc_id)


def difficulty(turn: Turn, npc_id: str) -> str:
    """The sneak check's difficulty by the victim's state (house rule; see the module)."""
    world = turn.world
    state = world.npc_state(npc_id)
    behaviour = world.npc(npc_id).behaviour
    if state.disposition in ("hostile", "wary", "merchant") or behaviour in ("guard", "merchant"):
        return ALERT
    return TRUSTING if state.disposition == "friendly" else NEUTRAL


def rob(turn: Turn, victim: str, item_id: str) -> None:
    """Try to take ``item_id`` from ``victim``: the check (unless it is helpless), then what follows."""
    world = turn.world
    refusal = turn.play.take_refusal(turn, item_id)
    if refusal:
        raise ActionRefused(refusal)
    turn.referent = ("item", item_id)
    if not helpless(world, victim) and memory.remembers(world, victim, "robbed"):
        raise ActionRefused(f"{capital(world.the_npc(victim))} knows you for a thief now and never takes "
                            "an eye off you: there is no chance of that.")
    turn.spend(1)
    if helpless(world, victim):
        awake = world.npc_condition(victim) == "ok"
        seen = awake or bool(memory.witnesses(world, world.npc_room(victim), besides=(victim,)))
        world.move_item(item_id, PLAYER)
        turn.emit(Stolen(item_id, victim, seen))
        if seen:
            turn.play.theft_seen(turn, victim, item_id, victim_saw=awake)
        return
    result = roll_check(turn, "sneak", difficulty(turn, victim), label=f"steal from {world.the_npc(victim)}")
    if result.outcome == "success":
        world.move_item(item_id, PLAYER)
        memory.remember(world, victim, f"{memory.MISSING}{item_id}")
        turn.emit(Stolen(item_id, victim, False))
    elif result.outcome == "tie":
        turn.say(f"The moment passes: you leave {definite(world.item_name(item_id))} where it is, "
                 "and nobody is the wiser.")
    else:
        turn.emit(TheftCaught(item_id, victim))
        turn.play.theft_seen(turn, victim, item_id, victim_saw=True)


def _victim(turn: Turn, words: tuple[str, ...]) -> str:
    world = turn.world
    _, victim = resolve(Scope(world, [("npc", n) for n in world.npcs_in()]), words, None,
                        pronouns=turn.pronouns, what="steal from")
    if world.npc_condition(victim) == "dead":
        raise ActionRefused(f"{capital(world.the_npc(victim))} carries nothing now: what was carried lies here.")
    return victim


def _their_item(turn: Turn, victim: str, words: tuple[str, ...]) -> str:
    world = turn.world
    things = [("item", i) for i in world.npc_items(victim)]
    if not things:
        raise ActionRefused(f"{capital(world.the_npc(victim))} carries nothing worth taking.")
    if words and words[0] in ("all", "everything"):
        raise ActionRefused("One thing at a time: a thief who grabs at everything is caught at once.")
    try:
        _, item_id = resolve(Scope(world, things), words, None, pronouns=turn.pronouns, what="steal")
    except ActionRefused as refused:
        if type(refused) is ActionRefused:
            raise ActionRefused(f"{capital(world.the_npc(victim))} has no {quote_back(' '.join(words))[1:-1]}.") from None
        raise
    return item_id
