"""Queries and changes over content plus state: the one place that knows the overlay.

:class:`World` pairs the frozen :class:`~game.world.content.Adventure` with the
run's :class:`~game.world.state.WorldState`.  The overlay rules (items and NPCs
stored only when they moved) live here: every read of a position and every
move goes through these methods.  Other figures of the state (the clock,
water, the player's sheet, an NPC's sheet and disposition) are plain fields
that play code sets directly.
"""
from __future__ import annotations

from collections import defaultdict

from game.rules.base import SystemInPlay
from game.text import article
from game.world.content import Adventure, ExitDef, ItemDef, NpcDef, RoomDef
from game.world.state import GONE, PLAYER, NpcState, WorldState, npc_place, room_place, search_place

#: Minutes a wanderer spends at each stop of its route, the walk to the next included (house rule).
ROUTE_STOP_MINUTES = 60
#: The memory that takes a wanderer off its route for good (it fled, pursued, answered a call...).
OFF_ROUTE = "off-route"


class Display:
    """How the player asked to see the game, for the narrator: not game state (never saved, never undone).

    ``full_rolls`` (``set rolls full``) shows each roll's whole breakdown; by default a
    roll is its result against what it had to beat.  ``noted`` holds the rule notes
    already shown this session, so a rule is explained the first time, not every time.
    (A plain class: every start makes one, and a dataclass's class costs far more to build.)
    """

    __slots__ = ("full_rolls", "noted")

    def __init__(self, full_rolls: bool = False) -> None:
        self.full_rolls = full_rolls
        self.noted: set[str] = set()


class World:
    """Content and state together, with the queries actions need."""

    def __init__(self, adventure: Adventure, state: WorldState, system: SystemInPlay) -> None:
        self.adventure = adventure
        #: Room id -> the changed NPCs that were in it at some time since the index was built: a
        #: superset of those there now in this state and in its copies (``lineage``), checked on reading.
        self._moved_to: dict[str, set[str]] = defaultdict(set)
        self._entries = 0
        #: No state carries this lineage (a loaded one carries None): the first reading builds the index.
        self._lineage: object = object()
        #: NPC states handed out for changing since the index last looked: their rooms may have changed.
        self._touched: set[str] = set()
        #: The changed NPCs whose memory held ``fought`` at some time since the index was built: a superset,
        #: as ``_moved_to`` is, checked on reading (:meth:`fought_player`).
        self._fought: set[str] = set()
        self.state = state
        self.system = system
        #: What the player asked to see (the roll display, the rule notes shown): see :class:`Display`.
        self.display = Display()
        #: Every noun word of the adventure, built on first need (see actions.scope.vocabulary).
        self.vocabulary: frozenset[str] | None = None
        #: Each word of an NPC's name or aliases -> the NPCs it names, built on first need (see
        #: actions.scope's "not here").
        self.npc_words: dict[str, frozenset[str]] | None = None
        self._items_home: dict[str, list[str]] = defaultdict(list)
        for item_id, place in adventure.item_homes.items():
            self._items_home[place].append(item_id)
        #: Room id -> the NPCs whose route passes through it (so a room's wanderers cost its own, not the world's).
        self._route_rooms: dict[str, list[str]] = defaultdict(list)
        for npc_id, npc in adventure.npcs.items():
            for room_id in dict.fromkeys(npc.route):
                self._route_rooms[room_id].append(npc_id)

    @property
    def state(self) -> WorldState:
        return self._state

    @state.setter
    def state(self, state: WorldState) -> None:
        """Put a state in place (a new run, a load, undo); the NPC index, on its next reading, is
        rebuilt if it is not for this state's lineage."""
        self._state = state

    # -- rooms and exits ------------------------------------------------------
    @property
    def room(self) -> RoomDef:
        return self.adventure.rooms[self.state.room]

    def exit_key(self, room_id: str, direction: str) -> str:
        return f"{room_id}/{direction}"

    def exit_visible(self, room_id: str, exit_def: ExitDef) -> bool:
        return not exit_def.hidden or self.exit_key(room_id, exit_def.direction) in self.state.found

    def exit_open(self, room_id: str, exit_def: ExitDef) -> bool:
        return not exit_def.lockable or self.exit_key(room_id, exit_def.direction) in self.state.opened

    def visible_exits(self, room_id: str | None = None) -> list[ExitDef]:
        """Exits of the room (the player's by default) that the player knows of, in content order."""
        room = self.adventure.rooms[room_id or self.state.room]
        return [e for e in room.exits.values() if self.exit_visible(room.id, e)]

    # -- items ----------------------------------------------------------------
    def item(self, item_id: str) -> ItemDef:
        return self.adventure.items[item_id]

    def place_of(self, item_id: str) -> str:
        """Where an item is: ``room:<id>``, ``player``, ``npc:<id>`` or ``gone``."""
        return self.state.item_moves.get(item_id) or self.adventure.item_homes.get(item_id, GONE)

    def items_at(self, place: str) -> list[str]:
        """Item ids at a place, content order first, then items moved there in id order."""
        moves = self.state.item_moves
        here = [i for i in self._items_home.get(place, ()) if i not in moves]
        here.extend(sorted(i for i, p in moves.items() if p == place and i not in here))
        return here

    def hidden_items(self, room_id: str) -> list[str]:
        """The items still hidden in a room until a ``search`` finds them (none once found)."""
        return self.items_at(search_place(room_id))

    def move_item(self, item_id: str, place: str) -> None:
        if place != PLAYER:  # what leaves the player's hands is no longer worn or wielded
            self.state.worn.discard(item_id)
            if self.state.wielded == item_id:
                self.state.wielded = ""
        if self.adventure.item_homes.get(item_id) == place and not self.adventure.items[item_id].initial:
            self.state.item_moves.pop(item_id, None)  # (an item with an initial text stays moved: see untouched)
        else:
            self.state.item_moves[item_id] = place

    def untouched(self, item_id: str) -> bool:
        """Whether an item was never moved from where the content put it (its ``initial`` text shows)."""
        return item_id not in self.state.item_moves

    def initial_items(self, room_id: str | None = None) -> list[str]:
        """The items of a room that show their own ``initial`` text: never moved, lying there or still
        hidden there (a hidden thing's initial text is its tell, as a glint in the sand)."""
        room_id = room_id or self.state.room
        here = [*self.room_items(room_id), *self.hidden_items(room_id)]
        return [i for i in here if self.item(i).initial and self.untouched(i)]

    def carried(self) -> list[str]:
        return self.items_at(PLAYER)

    def room_items(self, room_id: str | None = None) -> list[str]:
        return self.items_at(room_place(room_id or self.state.room))

    def item_name(self, item_id: str) -> str:
        """The name the player knows the item by (exotica keep theirs until identified)."""
        item = self.item(item_id)
        if item.true_name and item_id in self.state.identified:
            return item.true_name
        return item.name

    def item_a(self, item_id: str) -> str:
        """The item's name with its indefinite article (``a humming glass rod``); an identified
        exotica, and a thing named in capitals, is one of a kind: ``the Glass Lance``, ``the Glass Heart``."""
        item = self.item(item_id)
        if item.true_name and item_id in self.state.identified:
            return f"the {item.true_name}"
        return f"the {item.name}" if item.name[:1].isupper() else article(item.name)

    # -- NPCs -------------------------------------------------------------------
    def npc(self, npc_id: str) -> NpcDef:
        return self.adventure.npcs[npc_id]

    def npc_state(self, npc_id: str) -> NpcState:
        """The NPC's state, created from content (and its tier) the first time it is needed.

        A wanderer on its route is handed out standing where the clock has it now: whatever
        is done to it (a blow that fells it, a call that takes it off its route) starts there.
        """
        state = self.state
        existing = state.npcs.get(npc_id)
        owned = existing is not None and npc_id in state.owned_npcs
        if existing is None:
            definition = self.npc(npc_id)
            existing = NpcState(room=self.npc_room(npc_id), sheet=self.npc_sheet(definition),
                                disposition=definition.disposition)
        else:
            if not owned:
                existing = existing.copy()  # shared with undo snapshots (WorldState.copy): changed on a copy
            if self.on_route(npc_id):
                existing.room = self.route_room(npc_id)
        if not owned:
            state.npcs[npc_id] = existing
            state.owned_npcs.add(npc_id)
            self._index(npc_id, existing)
        self._touched.add(npc_id)
        return existing

    def npc_sheet(self, definition: NpcDef) -> object:
        return npc_sheet(self.system, definition)

    # -- wanderers: where they are is a function of the clock -----------------------------
    def on_route(self, npc_id: str) -> bool:
        """Whether the NPC walks its route now: it has one, stands, and nothing took it off it."""
        if not self.npc(npc_id).route:
            return False
        changed = self.state.npcs.get(npc_id)
        return changed is None or (OFF_ROUTE not in changed.memory and self.system.condition(changed.sheet) == "ok")

    def route_stop(self, npc_id: str, minutes: int) -> int:
        """The index into its route of where a wanderer is at ``minutes``: there and back again,
        or round and round when the last stop leads back to the first (house rule)."""
        route = self.npc(npc_id).route
        if len(route) < 2:
            return 0
        last = self.adventure.rooms.get(route[-1])
        loop = last is not None and any(e.to == route[0] for e in last.exits.values())
        stops = list(range(len(route))) if loop else list(range(len(route))) + list(range(len(route) - 2, 0, -1))
        return stops[(minutes // ROUTE_STOP_MINUTES) % len(stops)]

    def route_room(self, npc_id: str, minutes: int | None = None) -> str:
        """Where a wanderer's route puts it at ``minutes`` (now by default)."""
        route = self.npc(npc_id).route
        return route[self.route_stop(npc_id, self.state.minutes if minutes is None else minutes)]

    def wanderers_at(self, room_id: str, minutes: int | None = None) -> list[str]:
        """The wanderers on route whose route puts them in ``room_id`` at ``minutes``."""
        return [n for n in self._route_rooms.get(room_id, ()) if self.on_route(n)
                and self.route_room(n, minutes) == room_id]

    def route_passers(self, room_id: str) -> list[str]:
        """The NPCs whose route passes through ``room_id`` (on route or not)."""
        return list(self._route_rooms.get(room_id, ()))

    def move_npc(self, npc_id: str, room_id: str) -> None:
        """Put an NPC in ``room_id`` by any way but its route: it leaves its route for good."""
        state = self.npc_state(npc_id)
        state.room = room_id
        if self.npc(npc_id).route and OFF_ROUTE not in state.memory:
            state.memory = state.memory | {OFF_ROUTE}
        self._index(npc_id, state)

    def npc_room(self, npc_id: str) -> str:
        if self.on_route(npc_id):
            return self.route_room(npc_id)
        changed = self.state.npcs.get(npc_id)
        return changed.room if changed is not None else self.adventure.npc_homes.get(npc_id, "")

    def guards(self, npc_id: str, direction: str) -> bool:
        """Whether the NPC bars ``direction`` by its ``blocks``: only at its post, the room the
        adventure puts it in (a guard that broke and fled bars no exit where it ran to)."""
        return self.npc(npc_id).blocks == direction and \
            self.npc_room(npc_id) == self.adventure.npc_homes.get(npc_id)

    def npcs_in(self, room_id: str | None = None, minutes: int | None = None) -> list[str]:
        """NPC ids in a room (dead ones included: their bodies stay), content order first, then those
        that moved there, then the wanderers whose route has them there now (or at ``minutes``)."""
        room_id = room_id or self.state.room
        changed = self.state.npcs
        here = [n for n in self.adventure.rooms[room_id].npcs if not self.npc(n).route
                and (n not in changed or changed[n].room == room_id)]
        here.extend(sorted(n for n in self._changed_in(room_id) if n not in here and not self.on_route(n)))
        here.extend(n for n in self.wanderers_at(room_id, minutes) if n not in here)
        return here

    # -- the index of changed NPCs by room: a turn costs the NPCs near the player, not all ever met --
    def _changed_in(self, room_id: str) -> list[str]:
        """The changed NPCs whose state puts them in ``room_id`` (on a route or not)."""
        self._refresh_index()
        changed = self.state.npcs
        return [n for n in self._moved_to.get(room_id, ()) if n in changed and changed[n].room == room_id]

    def fought_player(self) -> set[str]:
        """The NPCs that remember fighting the player (``fought``): read from the index, so asking
        costs the same with 1,000 NPCs met as with none."""
        self._refresh_index()
        changed = self.state.npcs
        return {n for n in self._fought if n in changed and "fought" in changed[n].memory}

    def _refresh_index(self) -> None:
        """Bring the index up to date with the NPC states handed out since it was last read."""
        changed = self.state.npcs
        if self.state.lineage is not self._lineage or self._entries > 2 * len(changed) + 64:
            self._rebuild_index()
        for npc_id in self._touched:  # their rooms and memories may have been set on the state handed out
            if npc_id in changed:
                self._index(npc_id, changed[npc_id])
        self._touched.clear()

    def _index(self, npc_id: str, npc: NpcState) -> None:
        ids = self._moved_to[npc.room]
        if npc_id not in ids:
            ids.add(npc_id)
            self._entries += 1
        if "fought" in npc.memory:
            self._fought.add(npc_id)

    def _rebuild_index(self) -> None:
        """Index the changed NPCs of the state in place anew (a load, or too many stale entries).

        The state and the copies made of it from now on carry the new lineage;
        a state of an older one (an undo snapshot from before) rebuilds again.
        """
        self._moved_to = defaultdict(set)
        self._fought = set()
        self._entries = 0
        self._lineage = self.state.lineage = object()
        for npc_id, npc in self.state.npcs.items():
            self._index(npc_id, npc)

    def npc_condition(self, npc_id: str) -> str:
        changed = self.state.npcs.get(npc_id)
        if changed is None:
            return "ok"
        return self.system.condition(changed.sheet)

    def living_npcs_in(self, room_id: str | None = None) -> list[str]:
        return [n for n in self.npcs_in(room_id) if self.npc_condition(n) != "dead"]

    def npc_name(self, npc_id: str) -> str:
        return self.npc(npc_id).name

    def the_npc(self, npc_id: str) -> str:
        """``the dune raider``, or a proper name (``Tamsin``) as it is."""
        name = self.npc(npc_id).name
        return name if name[:1].isupper() else f"the {name}"

    def hostile(self, npc_id: str) -> bool:
        changed = self.state.npcs.get(npc_id)
        disposition = changed.disposition if changed else self.npc(npc_id).disposition
        return disposition == "hostile"

    def npc_items(self, npc_id: str) -> list[str]:
        return self.items_at(npc_place(npc_id))

    def drop_npc_items(self, npc_id: str) -> list[str]:
        """Move everything an NPC carried to its room; return what fell."""
        dropped = self.npc_items(npc_id)
        for item_id in dropped:
            self.move_item(item_id, room_place(self.npc_room(npc_id)))
        return dropped

    def destroy_item(self, item_id: str) -> None:
        self.move_item(item_id, GONE)


def npc_sheet(system: SystemInPlay, definition: NpcDef) -> object:
    """The sheet an NPC's definition makes under a rule system: its stat table for the system, else its tier."""
    return system.npc_sheet(definition.tier or 1, definition.stats.get(system.id), definition.creature)
