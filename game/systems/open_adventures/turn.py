"""The player's turn under Open Adventures: who is fighting, how far away, and what dice may go.

Seed 000 §1 The Dice Pool: a turn is the dice of the pool, spent on actions in
any order.  The dice left, spent and held back are on the player's sheet; the
turn's own bookkeeping and where the enemies stand (house rule, in inches: 0
engaged, up to 6 near, up to 12 far, beyond distant) are the moment, an
:class:`~game.systems.open_adventures.sheet.OATurn` in ``WorldState.moment``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from game.actions import YES_NO
from game.errors import ActionRefused
from game.events import PLAYER
from game.rules.base import sheet_as
from game.rules.dice import ScriptedDice
from game.systems.open_adventures.dice import (
    ATTRIBUTES,
    INCHES_PER_SUCCESS,
    KIND_ATTRIBUTE,
    RANGE_BANDS,
)
from game.systems.open_adventures.pool import collapsed, limit_left, max_commit, start_turn
from game.systems.open_adventures.sheet import OASheet, OATurn

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.open_adventures.rules import OpenAdventures
    from game.world.world import World


class TurnSeat(Protocol):
    """What the split-out Open Adventures modules need of the play object (``OpenAdventuresPlay``
    is one), typed here so that none imports the play class that imports it: its rule system."""

    @property
    def system(self) -> OpenAdventures: ...

#: House rule: where hostile NPCs stand when the player comes into their room (6", near).
START_DISTANCE = RANGE_BANDS["near"]
NO_TURN = OATurn()


# -- the turn record -------------------------------------------------------------------

def hero(world: World) -> OASheet:
    """The player's sheet."""
    sheet = sheet_as(OASheet, world.state.player)
    return sheet


def npc_sheet(world: World, npc_id: str) -> OASheet:
    """An NPC's sheet (made from its content when it has not changed yet)."""
    sheet = sheet_as(OASheet, world.npc_state(npc_id).sheet)
    return sheet


def sheet_of(world: World, actor: str) -> OASheet:
    """``actor``'s sheet, the player's or an NPC's, as this system's own type."""
    return sheet_as(OASheet, world.state.player if actor == PLAYER else world.npc_state(actor).sheet)


def turn_of(world: World) -> OATurn:
    """The player's turn record (the default record when nothing is under way)."""
    moment = world.state.moment
    return moment if isinstance(moment, OATurn) else NO_TURN


def set_turn(world: World, **changes: Any) -> None:
    """Change the player's turn record (kept as None when it is back to the default)."""
    _store(world, replace(turn_of(world), **changes))


def _store(world: World, record: OATurn) -> None:
    world.state.moment = None if record == NO_TURN else record


def set_hero(world: World, **changes: Any) -> None:
    """Change fields of the player's sheet."""
    world.state.player = replace(hero(world), **changes)


def fresh_turn(world: World, *, fight: bool) -> None:
    """A new turn for the player: dice left = pool − fatigue, nothing spent or held back, flags cleared.

    The unfinished check's place in the log and the enemies' distances carry on.
    """
    world.state.player = replace(start_turn(hero(world)), reserve=0)
    old = turn_of(world)
    _store(world, OATurn(fight=fight, progress_at=old.progress_at, distances=old.distances))


def usable(sheet: OASheet) -> int:
    """Dice left to act with this turn (the dice left less those held back to defend)."""
    return max(0, sheet.dice_left - sheet.reserve)


# -- who is fighting ------------------------------------------------------------------------

def hostiles(world: World) -> list[str]:
    """Hostile NPCs in the player's room that can still fight."""
    return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]


def in_fight(world: World) -> bool:
    return bool(hostiles(world))


def distance(world: World, npc_id: str) -> int:
    """Inches between the player and an NPC (0 when never set: beside you, as after talking)."""
    return turn_of(world).distance(npc_id)


def set_distance(world: World, npc_id: str, inches: int) -> None:
    set_turn(world, distances=turn_of(world).with_distance(npc_id, inches).distances)


def band(inches: int) -> str:
    """The range band of a distance (house rule): engaged, near, far, distant."""
    for name, limit in RANGE_BANDS.items():
        if inches <= limit:
            return name
    return "distant"


def successes_to_reach(inches: int) -> int:
    """Move successes to cover a distance: 6" each (seed 000 §1 Move)."""
    return -(-inches // INCHES_PER_SUCCESS)


def where(world: World, npc_id: str) -> str:
    """``at your side`` or ``near, 6" away``."""
    inches = distance(world, npc_id)
    return "at your side" if inches == 0 else f"{band(inches)}, {inches}\" away"


def engaged_with_any(world: World) -> bool:
    return any(distance(world, n) == 0 for n in hostiles(world))


def the(world: World, npc_id: str) -> str:
    """``the dune raider``, but ``Tamsin`` for a proper name."""
    return world.the_npc(npc_id)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- spending dice ---------------------------------------------------------------------------

def attribute_for(kind: str) -> str:
    return kind if kind in ATTRIBUTES else KIND_ATTRIBUTE.get(kind, "skill")


def choose_dice(play: TurnSeat, turn: Turn, attribute: str, asked: int | None) -> int:
    """How many dice an action commits to ``attribute``; ActionRefused when it cannot.

    No number: all the attribute still allows from the dice left to act with
    (pushing, all it allows).  A number past the dice left is refused unless
    the action is pushed (``push COMMAND``); pushing into collapse asks first.
    """
    world = turn.world
    sheet = hero(world)
    record = turn_of(world)
    title = attribute.capitalize()
    limit = limit_left(sheet, attribute)
    if limit <= 0:
        raise ActionRefused(f"No {title} dice left to spend this turn ({title} {sheet.attribute(attribute)}, "
                            f"all spent).")
    pushing = record.push_now
    free = usable(sheet)
    if asked is None:
        count = max_commit(sheet, attribute, play.system.rules) if pushing else min(limit, free)
        if count <= 0:
            raise ActionRefused(no_dice_message(sheet))
    else:
        count = asked
        if free == 0 and not pushing:
            raise ActionRefused(no_dice_message(sheet))
        if count < 1:
            raise ActionRefused("Commit at least one die.")
        if count > limit:
            more = " more" if limit < sheet.attribute(attribute) else ""
            raise ActionRefused(f"{title} can take at most {limit}{more} {_dice(limit)} this turn, not {count}.")
        if count > free and not pushing:
            raise ActionRefused(f"Only {free} {_dice(free)} left to act with this turn. Say \"with {free}\", or "
                                f"push past your pool (e.g. \"push attack raider with {count}\", +1 fatigue)"
                                + (", or end the turn." if record.fight else "."))
        most = max_commit(sheet, attribute, play.system.rules)
        if pushing and count > most:
            raise ActionRefused(f"Pushing allows {most} {title} {_dice(most)} now, not {count}.")
    if count > sheet.dice_left:
        _confirm_push(turn, sheet)
    return count


def _confirm_push(turn: Turn, sheet: OASheet) -> None:
    """Ask before a push that would make the player collapse (the answer reruns the action)."""
    if sheet.fatigue + 1 < sheet.pool:
        return
    if isinstance(turn.dice, ScriptedDice) and not turn.dice.script:
        return  # ``odds`` previews the action on dice that hold no faces: nothing to ask yet

    answer = turn.ask(f"Pushing now brings your fatigue to {sheet.fatigue + 1}, your whole pool: you will "
                      f"collapse and can only rest until it falls. Push anyway? (yes/no)", YES_NO)
    if answer != "yes":
        raise ActionRefused("You hold back.")


def no_dice_message(sheet: OASheet) -> str:
    if collapsed(sheet):
        return "You have collapsed with exhaustion: you can only rest (recover) until your fatigue falls."
    held = sheet.reserve
    if held:
        return (f"Your other dice are held back to defend ({held}). Say \"defend 0\" to free them, "
                f"push a command past your pool (+1 fatigue), or end the turn.")
    return ("No dice left this turn. Push a command past your pool (e.g. \"push attack raider\", +1 fatigue), "
            "or end the turn.")


def _dice(count: int) -> str:
    return "die" if count == 1 else "dice"


def dice_word(count: int) -> str:
    return f"{count} {_dice(count)}"


# -- what the player is told -------------------------------------------------------------------

def dice_line(world: World) -> str:
    """What is left of a fight turn, after an action that did not end it."""
    sheet = hero(world)
    parts = [f"{dice_word(sheet.dice_left)} of {sheet.pool} left this turn"]
    used = [a.capitalize() for a in ("move", "fight", "shoot", "skill", "will")
            if sheet.attribute(a) > 0 and limit_left(sheet, a) == 0]
    if used:
        parts.append(f"{', '.join(used)} used up")
    if sheet.reserve:
        parts.append(f"{sheet.reserve} held back to defend")
    if turn_of(world).pushing:
        parts.append("pushing: each action now costs 1 fatigue")
    return f"({'; '.join(parts)}. Act again, or end the turn.)"


def turn_start_line(world: World) -> str:
    """The start of a fight turn: the dice, fatigue's toll, and where the enemies stand."""
    sheet = hero(world)
    line = f"Your turn: {dice_word(sheet.dice_left)}"
    if sheet.fatigue:
        line += f" (fatigue {sheet.fatigue} takes {min(sheet.fatigue, sheet.pool)} of your pool of {sheet.pool})"
    spots = [f"{the(world, n)} is {where(world, n)}" for n in hostiles(world)]
    return line + "." + (f" {capital('; '.join(spots))}." if spots else "")
