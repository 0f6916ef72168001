"""The living world's steps of the round template, under any rule system.

The pieces :class:`~game.play.base.BasePlay` calls and a system may override:
what an NPC knows beyond the fight (:func:`view_extras`), the morale house
rule of the systems without one (:func:`will_breaks`), calling for help and
pursuit and search (:func:`call_allies`, :func:`pursue`, :func:`search`), what
a victor does with a player it put down (:func:`downed`), what witnesses and
the victim's friends do (:func:`assaulted`, :func:`killed`), the first-meeting
reaction (:func:`react`), and wanderers seen coming and going
(:func:`passers_by`).  Every choice is a policy's (``game.npc.policies``); this
module carries it out.  The house rules are written in ``docs/npcs.md`` and each
``docs/rules/<id>.md`` ("NPCs by tier").
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.deferred import deferred
from game.npc import memory
from game.rules.base import Situation, SystemInPlay
from game.text import join_names
from game.world.state import npc_place
from game.world.world import ROUTE_STOP_MINUTES

if TYPE_CHECKING:
    from game.actions import Turn, deeds
    from game.events import theft as events_theft
    from game.events import world as events_world
    from game.narration import Narrator
    from game.npc import intents
    from game.npc.intents import DownedChoice
    from game.world.world import World
else:
    events_theft = deferred("game.events.theft")
    events_world = deferred("game.events.world")
    intents = deferred("game.npc.intents")
    deeds = deferred("game.actions.deeds")


class WorldRolls(Protocol):
    """What the living world needs of the play object (:class:`~game.play.base.BasePlay` is one,
    and imports this module): the system's rolls, how the player reads them (its narrator), an NPC's ways out."""

    @property
    def system(self) -> SystemInPlay: ...

    @property
    def narrator_class(self) -> type[Narrator]: ...

    def ways_out(self, turn: Turn, npc_id: str) -> list[str]: ...

#: Item kinds a robber takes (water and food are left, so the player can live: house rule).
LOOT_KINDS: frozenset[str] = frozenset({"weapon", "treasure", "exotica", "gift"})
#: Creatures without the mind to panic (house rule: they never break).
FEARLESS: frozenset[str] = frozenset({"synthetic", "mineral"})
#: Morale difficulty by behaviour (house rule; a coward runs without a roll).
MORALE_DIFFICULTY: dict[str, str] = {"aggressive": "easy", "guard": "easy"}
#: Dispositions a first meeting can move between, coldest first (house rule: never to hostile).
WARMTH: tuple[str, ...] = ("wary", "neutral", "friendly")
#: Outcomes that count as a failed roll: a botch (Maelstrom) is a failure and worse, never better.
FAILED: frozenset[str] = frozenset({"failure", "botch"})


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def hurt(world: World, npc_id: str) -> bool:
    """Whether the NPC has been hurt, as the system in play measures health (its ``health_fraction``
    below 1)."""
    changed = world.state.npcs.get(npc_id)
    return changed is not None and world.system.health_fraction(changed.sheet) < 1.0


def loot(world: World) -> list[str]:
    """What a robber takes from the player: weapons, treasure, exotica and gifts carried."""
    return [i for i in world.carried() if world.item(i).kind in LOOT_KINDS or world.item(i).is_weapon]


def view_extras(turn: Turn, npc_id: str) -> dict[str, Any]:
    """The living-world fields of an NPC's view (see :class:`~game.npc.view.NpcView`)."""
    world = turn.world
    room = world.npc_room(npc_id)
    went = None
    if turn.start_room == room and world.state.room != room:
        went = next((e.direction for e in world.adventure.rooms[room].exits.values()
                     if e.to == world.state.room), None)
    allies: tuple[str, ...] = ()
    if world.hostile(npc_id) and room == world.state.room:
        allies = tuple(deeds.allies_near(world, room))
    near = None
    if room != world.state.room:
        near = next((e.direction for e in world.adventure.rooms[room].exits.values()
                     if e.to == world.state.room and world.exit_open(room, e)), None)
    return {
        "memory": memory.memories(world, npc_id), "hurt": hurt(world, npc_id), "allies_near": allies,
        "player_near": near,
        "player_went": went, "at_post": world.adventure.npc_homes.get(npc_id, room) == room,
        "player_has_loot": bool(loot(world)),
    }


# -- fights -----------------------------------------------------------------------------------------

def searchers(turn: Turn) -> list[str]:
    """Hostile, standing NPCs next door that fought the player: they may come looking.

    Only the rooms next door where an NPC that fought the player stands are looked at
    (``World.fought_player`` is indexed), so the cost stays that of the NPCs near by.
    """
    world = turn.world
    fought = world.fought_player()
    if not fought:
        return []
    room = world.state.room
    found: list[str] = []
    for exit_def in world.adventure.rooms[room].exits.values():
        if exit_def.to == turn.start_room or not world.exit_open(room, exit_def):
            continue
        if not any(world.npc_room(n) == exit_def.to for n in fought):
            continue
        found += [n for n in deeds.standing_hostiles(world, exit_def.to) if n in fought and n not in found]
    return found


def waits_for_arrival(world: World, npc_id: str) -> bool:
    """Whether an NPC of a room the player just entered lets the player act first.

    A hostile NPC strikes as the player arrives only when the content names an
    ambush (``ambush = true``); otherwise the fight starts with the next round,
    under the system's own initiative (Vaarn, OpenD6) or the player's turn.
    """
    return world.hostile(npc_id) and not world.npc(npc_id).ambush


def pursuers(turn: Turn) -> list[str]:
    """The NPCs of the room the player left this turn, who may follow them."""
    world = turn.world
    if not turn.start_room or turn.start_room == world.state.room:
        return []
    return [n for n in world.living_npcs_in(turn.start_room) if world.npc_condition(n) == "ok"]


def will_breaks(play: WorldRolls, turn: Turn, npc_id: str, fresh: Callable[[Any], Any] = lambda s: s) -> bool:
    """House rule (every system but Vaarn): morale is the NPC's own ``will`` check.

    It is rolled when a trigger first holds: the NPC is hurt, or an NPC that
    fought beside it falls.  Failure breaks it.  Synthetic and mineral
    creatures never break; a coward runs without a roll (its policy).  ``fresh`` is the sheet
    the NPC rolls with (Open Adventures: its fresh dice, not what its turn left it).
    """
    world = turn.world
    definition = world.npc(npc_id)
    if definition.creature in FEARLESS or definition.behaviour == "coward":
        return False
    seen = memory.memories(world, npc_id)
    triggers = []
    if "morale-hurt" not in seen and hurt(world, npc_id):
        triggers.append("morale-hurt")
    fallen = [n for n in world.npcs_in(world.npc_room(npc_id)) if n != npc_id and world.npc_condition(n) != "ok"
              and memory.remembers(world, n, "fought")]
    if "morale-ally" not in seen and fallen:
        triggers.append("morale-ally")
    if not triggers:
        return False
    memory.remember(world, npc_id, *triggers)
    request = play.system.check_request(fresh(world.npc_state(npc_id).sheet), "will",
                                        MORALE_DIFFICULTY.get(definition.behaviour, "normal"), Situation())
    result = play.system.roll(request, turn.npc_dice)
    turn.show_roll(f"morale of {world.the_npc(npc_id)}", play.narrator_class(world).world_roll(result))
    return result.outcome in FAILED


# -- a player down ----------------------------------------------------------------------------------

def downed(turn: Turn, victor: str, choice: DownedChoice, victors: list[str], *, yielded: bool = False) -> bool:
    """Carry out what the victor chose; True when the player lives on (the system's dying rule next).
    ``yielded``: the player surrendered, standing (told so: they are let go, not left lying)."""
    world = turn.world
    name = cap(world.the_npc(victor))
    if isinstance(choice, intents.Finish):
        world.state.status = "dead"
        world.state.ending = f"You fall, and {world.the_npc(victor)} makes sure you never rise."
        turn.say(world.state.ending)
        return False
    taken = loot(world) if isinstance(choice, (intents.Rob, intents.TakePrisoner)) else []
    for item_id in taken:
        world.move_item(item_id, npc_place(victor))
    names = join_names([world.item_a(i) for i in taken])
    if isinstance(choice, intents.TakePrisoner):
        post = world.adventure.npc_homes.get(victor, world.state.room)
        world.move_npc(victor, post)
        world.state.room = post
        world.state.visited.add(post)
        turn.say(f"{name} {'strips you of ' + names + ' and ' if taken else ''}drags you back to "
                 f"{world.room.name}, and leaves you there.")
    elif taken:
        turn.say(f"{name} goes through your things and takes {names}, and "
                 f"{'lets you go' if yielded else 'leaves you lying'}.")
    else:
        turn.say(f"{name} {'looks you over' if yielded else 'stands over you'} a moment, then turns away and "
                 f"{'lets you go' if yielded else 'leaves you lying'}.")
    for npc_id in victors:
        world.npc_state(npc_id).disposition = "wary"
        memory.remember(world, npc_id, "beat", "fought")
        memory.forget(world, npc_id, "called")
    return True


# -- witnesses ---------------------------------------------------------------------------------------

def stranded(world: World, *, long_rest: bool) -> str:
    """Why a player who is down has no way on, or ``""``; ``long_rest``: only a fed long rest
    gets them up (the system's say: ``SheetView.long_rest_to_rise``).

    Down (OpenD6's incapacitated, Maelstrom's full track), a player can only rest, eat,
    drink, wait or use something.  With no healing item carried and no rest that could
    help (a long rest needs food and water; a short one either), nothing but death by
    thirst lies ahead: the run ends at once with its summary rather than in days of
    waiting (house rule, ``docs/playing.md``).
    """
    state = world.state
    if any(world.item(i).effect.get("heal") for i in world.carried()):
        return ""
    water = state.water > 0 or world.room.water_source
    if (state.food > 0 and water) if long_rest else (state.food > 0 or water):
        return ""
    return STRANDED


#: How a run ends when the player lies down with no way to get up (:func:`stranded`).
STRANDED = "You lie where you fell, with nothing to rest on and nothing to tend your wounds: there is no way on."


def assaulted(turn: Turn, victim: str) -> None:
    """The player attacked ``victim``, who meant no harm: it remembers; those who see it react."""
    world = turn.world
    memory.remember(world, victim, "attacked", "fought")
    for npc_id in memory.witnesses(world, world.npc_room(victim), besides=(victim,)):
        memory.remember(world, npc_id, "saw-assault")
        _react(turn, npc_id)


def killed(turn: Turn, victim: str) -> None:
    """``victim`` died by the player's hand; if it had meant no harm, those who see it remember."""
    world = turn.world
    if not memory.remembers(world, victim, "attacked"):
        return
    room = world.npc_room(victim)
    for npc_id in memory.witnesses(world, room, besides=(victim,)):
        memory.remember(world, npc_id, "saw-killing")
        _react(turn, npc_id)
    for friend in _hearers(world, room):
        came = _way(world, room, world.npc_room(friend))
        world.move_npc(friend, room)
        world.npc_state(friend).disposition = "hostile"
        memory.remember(world, friend, "saw-killing", "fought")
        if room == world.state.room:
            turn.emit(events_world.Arrived(friend, came, "avenge"))


def theft_seen(play: WorldRolls, turn: Turn, victim: str, *, victim_saw: bool, helpless: bool) -> None:
    """A theft was seen: the victim (if it saw) remembers being robbed and, unless helpless, reacts
    by its behaviour (:func:`robbed`); everyone else standing in the room remembers ``saw-theft``
    and reacts as witnesses of an assault do (a guard or a fighter turns on the player).

    As with a killing (:func:`killed`), the witnesses only mind a theft from someone who meant no
    harm: taking from a foe that fought the player (one the player did not attack first) is spoils.
    """
    world = turn.world
    room = world.npc_room(victim)
    innocent = not world.hostile(victim) and (not memory.remembers(world, victim, "fought")
                                              or memory.remembers(world, victim, "attacked"))
    if victim_saw:
        memory.remember(world, victim, "robbed", "met")
        if not helpless:
            robbed(play, turn, victim)
    if not innocent:
        return
    for npc_id in memory.witnesses(world, room, besides=(victim,)):
        memory.remember(world, npc_id, "saw-theft")
        _react(turn, npc_id)


def robbed(play: WorldRolls, turn: Turn, victim: str, *, caught: bool = True) -> None:
    """The victim of a theft it knows of reacts by behaviour (house rule): a guard, an aggressive
    NPC or a wanderer turns on the player; a coward runs; a merchant refuses to deal from now on
    (its memory); anyone else backs away, wary."""
    world = turn.world
    state = world.npc_state(victim)
    if state.disposition == "hostile" or world.npc_condition(victim) != "ok":
        return
    name = cap(world.the_npc(victim))
    behaviour = world.npc(victim).behaviour
    if behaviour in ("guard", "aggressive", "wander"):
        state.disposition = "hostile"
        memory.remember(world, victim, "fought")
        turn.say(f"{name} turns on you: \"Thief!\"")
    elif behaviour == "coward" and play.ways_out(turn, victim):
        turn.say(f"{name} cries out, \"Thief!\", and runs.")
        deeds.Flee(play.ways_out(turn, victim)[0]).perform(turn, victim)
    elif (state.disposition == "merchant" or behaviour == "merchant") and caught:
        turn.say(f"{name} snatches the goods out of your reach: \"Thief! We are done trading.\"")
    elif state.disposition == "merchant" or behaviour == "merchant":
        turn.say(f"{name} will not deal with you again.")
    else:
        state.disposition = "wary"
        turn.say(f"{name} backs away from you: \"Thief.\"")


def losses_found(play: WorldRolls, turn: Turn) -> None:
    """The player walked in on NPCs they stole from unseen: each finds its loss, knows who was
    near, remembers being robbed and reacts (:func:`robbed`)."""
    world = turn.world
    for npc_id in world.living_npcs_in():
        gone = memory.missing(world, npc_id)
        if not gone or world.npc_condition(npc_id) != "ok":
            continue
        memory.forget(world, npc_id, *(memory.MISSING + item for item in gone))
        memory.remember(world, npc_id, "robbed", "met")
        turn.emit(*(events_theft.LossFound(npc_id, item) for item in gone))
        robbed(play, turn, npc_id, caught=False)


def _hearers(world: World, room_id: str) -> list[str]:
    """Friends of a victim who hear the killing next door and come for the player (house rule:
    the standing ``aggressive`` NPCs who were not already hostile)."""
    found: list[str] = []
    for exit_def in world.adventure.rooms[room_id].exits.values():
        if not world.exit_open(room_id, exit_def):
            continue
        found += [n for n in world.living_npcs_in(exit_def.to) if world.npc_condition(n) == "ok"
                  and not world.hostile(n) and world.npc(n).behaviour == "aggressive"
                  and n not in found]
    return found


def _react(turn: Turn, npc_id: str) -> None:
    """A witness reacts by behaviour: a guard or a fighter turns on the player; others recoil."""
    world = turn.world
    state = world.npc_state(npc_id)
    name = cap(world.the_npc(npc_id))
    behaviour = world.npc(npc_id).behaviour
    if state.disposition == "hostile":
        return
    if behaviour in ("guard", "aggressive"):
        state.disposition = "hostile"
        memory.remember(world, npc_id, "fought")
        turn.say(f"{name} has seen enough, and turns on you!")
    elif state.disposition != "wary":
        state.disposition = "wary"
        turn.say(f"{name} backs away from you, appalled.")


# -- first meetings ------------------------------------------------------------------------------------

def react(play: WorldRolls, turn: Turn) -> None:
    """House rule (every system but Vaarn, which has its reaction table): the first time the player
    meets a wary or neutral NPC, the player rolls ``persuade`` (wary: hard; neutral: normal).

    Success warms it a step (wary to neutral, neutral to friendly); failure (or a botch) cools a
    neutral one to wary; a tie changes nothing.  A meeting never makes anyone hostile,
    and an NPC with a grudge (see :mod:`game.npc.memory`) is never warmed.
    """
    world = turn.world
    arrival = world.state.minutes + turn.minutes  # the walk's time is still to pass: who is there then
    for npc_id in world.living_npcs_in():
        if world.npc_condition(npc_id) != "ok" or memory.remembers(world, npc_id, "met"):
            continue
        if world.on_route(npc_id) and world.route_room(npc_id, arrival) != world.state.room:
            continue  # a wanderer gone on before you arrive: met another time
        state = world.npc_state(npc_id)
        if state.disposition not in ("wary", "neutral"):
            continue
        memory.remember(world, npc_id, "met")
        if memory.holds_grudge(world, npc_id):
            continue
        difficulty = "hard" if state.disposition == "wary" else "normal"
        request = play.system.check_request(world.state.player, "persuade", difficulty, Situation())
        result = play.system.roll(request, turn.npc_dice)
        turn.show_roll(f"reaction of {world.the_npc(npc_id)}", play.narrator_class(world).world_roll(result))
        step = WARMTH.index(state.disposition)
        name = cap(world.the_npc(npc_id))
        if result.outcome == "success":
            state.disposition = WARMTH[step + 1]
            turn.say(f"{name} {'warms to you' if step else 'seems to decide you are no threat'}.")
        elif result.outcome in FAILED and step:
            state.disposition = "wary"
            turn.say(f"{name} eyes you with suspicion.")
        else:
            turn.say(f"{name} pays you little mind.")




# -- routines ----------------------------------------------------------------------------------------

def passers_by(turn: Turn, since: int) -> None:
    """The wanderers that came into or left the player's room between minute ``since`` and now,
    or that the player passed on the way when the player went somewhere else meanwhile.

    One that was here and is gone is told leaving by the way it last went; one that
    is here and was not, arriving from where it last came; one here at both ends that
    went away meanwhile (a long wait), leaving (the way it first went) and coming back.  A room entered is
    described with whoever is there, so a player who moved hears only of the
    wanderers met on the way (:func:`crossers`).  Only NPCs whose route passes
    through the room are looked at, so the cost is the room's, not the world's.
    """
    world = turn.world
    room = world.state.room
    if turn.start_room and turn.start_room != room:
        crossers(turn, since)
        return
    for npc_id in world.route_passers(room):
        if not world.on_route(npc_id):
            continue
        moves = route_moves(world, npc_id, since, world.state.minutes)
        here = world.route_room(npc_id) == room
        went = [to for _, came_from, to in moves if came_from == room]
        came = [came_from for _, came_from, to in moves if to == room]
        if went and world.route_room(npc_id, since) == room:
            turn.emit(events_world.Left(npc_id, _way(world, room, went[0] if here else went[-1]), "route"))
        if came and here:
            turn.emit(events_world.Arrived(npc_id, _way(world, room, came[-1]), "route"))


def route_moves(world: World, npc_id: str, since: int, until: int) -> list[tuple[int, str, str]]:
    """Each step a wanderer's route takes it from one room to another after minute ``since`` up to
    minute ``until``: (the minute, the room left, the room reached), in order."""
    moves: list[tuple[int, str, str]] = []
    for step in range((since // ROUTE_STOP_MINUTES + 1) * ROUTE_STOP_MINUTES, until + 1, ROUTE_STOP_MINUTES):
        before, after = world.route_room(npc_id, step - 1), world.route_room(npc_id, step)
        if before != after:
            moves.append((step, before, after))
    return moves


def crossers(turn: Turn, since: int) -> None:
    """The wanderers the player passed on the way from ``turn.start_room`` since minute ``since``:
    those whose route took them the other way while the player walked, from the room the player
    reached to the one the player left, and who are there now (one still in the room reached,
    having gone back and forth on a long walk, is described there instead); not one that stood in
    the room the player left as the player went."""
    world = turn.world
    origin, room = turn.start_room, world.state.room
    first_step = (since // ROUTE_STOP_MINUTES + 1) * ROUTE_STOP_MINUTES
    for npc_id in world.route_passers(origin):
        if room not in world.npc(npc_id).route or not world.on_route(npc_id) or world.route_room(npc_id) != origin:
            continue
        if world.route_room(npc_id, since) == origin:
            continue  # it stood in the room you left as you went: you did not pass it on the way
        if any(world.route_room(npc_id, step - 1) == room and world.route_room(npc_id, step) == origin
               for step in range(first_step, world.state.minutes + 1, ROUTE_STOP_MINUTES)):
            turn.emit(events_world.Crossed(npc_id, _way(world, room, origin)))


def _way(world: World, room: str, to: str) -> str:
    """The direction of the exit from ``room`` to ``to``; "" when none leads there (said as no way)."""
    return next((e.direction for e in world.adventure.rooms[room].exits.values() if e.to == to), "")
