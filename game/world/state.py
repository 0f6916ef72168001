"""The mutable state of one run: only what changes, keyed by content ids.

Content (:mod:`game.world.content`) is never copied here.  Item and NPC
positions are an overlay on the content's starting places: only what moved is
stored, so a snapshot (for undo) and a save stay small however big the world is.

``WorldState`` converts to and from plain data (:meth:`to_data`,
:meth:`from_data`), given the rule system's sheet codec; that data is what
saves hold.  Undo snapshots are :meth:`copy` instead (sheets are shared when
they are immutable).
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.events import PLAYER

__all__ = ["PLAYER"]

#: Minutes in a day of game time.
DAY_MINUTES = 24 * 60
#: The hour a run starts (06:00).
START_MINUTE = 6 * 60



GONE = "gone"
#: How a haggle with an NPC went ("" when there was none).
HAGGLES = ("", "won", "lost")


class SheetCodec(Protocol):
    """Turns a rule system's sheets into plain data and back (the rule system is one)."""

    def sheet_from_data(self, data: Mapping[str, Any]) -> Any: ...

    def sheet_to_data(self, sheet: Any) -> dict[str, Any]: ...

    def moment_from_data(self, data: Mapping[str, Any]) -> Any: ...

    def moment_to_data(self, moment: Any) -> dict[str, Any]: ...




def room_place(room_id: str) -> str:
    return f"room:{room_id}"


def search_place(room_id: str) -> str:
    """Where a room's hidden items are until a search finds them (see ``World.hidden_items``)."""
    return f"search:{room_id}"


def npc_place(npc_id: str) -> str:
    return f"npc:{npc_id}"


@dataclass(slots=True)
class NpcState:
    """What changed about one NPC: where it is, its sheet, how it feels about the player.

    Slotted (one block of memory each): a run may hold a thousand, and every save reads them all."""

    room: str
    sheet: object
    disposition: str
    #: Where along its route a wandering NPC is.
    route_index: int = 0
    #: The day the player last haggled with this NPC (0: never), and how it went ("won", "lost").
    haggle_day: int = 0
    haggle: str = ""
    #: What it remembers of the player (``attacked``, ``routed``, ``spared``...; see game.npc.memory).
    memory: frozenset[str] = frozenset()

    def to_data(self, codec: SheetCodec, fresh: NpcState | None = None) -> dict[str, Any]:
        """Plain data; with ``fresh`` (the NPC as the content makes it when met: ``World.npc_state``),
        the room, disposition and sheet only when they differ from it (:meth:`from_data` fills them in)."""
        data: dict[str, Any] = {}
        if fresh is None or self.room != fresh.room:
            data["room"] = self.room
        if fresh is None or self.sheet != fresh.sheet:  # typed sheets: a cheap comparison
            data["sheet"] = codec.sheet_to_data(self.sheet)
        if fresh is None or self.disposition != fresh.disposition:
            data["disposition"] = self.disposition
        if fresh is None or self.route_index:
            data["route_index"] = self.route_index
        if self.haggle_day:
            data.update(haggle_day=self.haggle_day, haggle=self.haggle)
        if self.memory:
            data["memory"] = sorted(self.memory)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any], codec: SheetCodec, fresh: NpcState | None = None) -> NpcState:
        """An NPC from :meth:`to_data` output; with ``fresh``, what the data leaves out is taken from it."""
        haggle = str(data.get("haggle", ""))
        if haggle not in HAGGLES:
            raise ValueError(f"haggle must be one of {', '.join(map(repr, HAGGLES))}")
        if fresh is not None:
            room = str(data.get("room", fresh.room))
            sheet = codec.sheet_from_data(data["sheet"]) if "sheet" in data else fresh.sheet
            disposition = str(data.get("disposition", fresh.disposition))
        else:
            room, sheet, disposition = str(data["room"]), codec.sheet_from_data(data["sheet"]), str(data["disposition"])
        return cls(room=room, sheet=sheet, disposition=disposition, route_index=int(data.get("route_index", 0)),
                   haggle_day=int(data.get("haggle_day", 0)), haggle=haggle,
                   memory=frozenset(map(str, data.get("memory", ()))))

    def copy(self) -> NpcState:
        return NpcState(self.room, self.sheet, self.disposition, self.route_index, self.haggle_day, self.haggle,
                        self.memory)


def _texts(table: Mapping[str, Any]) -> dict[str, str]:
    """A table of texts, as a dict of its own (TypeError if a value is not a text)."""
    found = dict(table)
    if not all(type(value) is str for value in found.values()):
        raise TypeError("a table of texts holds something else")
    return found


#: An NPC id -> the NPC as the content makes it when it is first met (see ``World.npc_state``).
FreshNpc = Callable[[str], "NpcState | None"]


@dataclass
class WorldState:
    """Everything about a run that can differ from the adventure as written."""

    adventure_id: str
    adventure_version: str
    system: str
    seed: int
    room: str
    #: The player's character sheet, of the rule system's own type.
    player: object
    water: int
    food: int
    turn: int = 0
    minutes: int = START_MINUTE
    #: "playing", "won" or "dead".
    status: str = "playing"
    #: Why the run ended, for the last screen.
    ending: str = ""
    visited: set[str] = field(default_factory=set)
    #: Item id -> where it is now, only for items not where the content put them.
    item_moves: dict[str, str] = field(default_factory=dict)
    #: Exits unlocked or forced open, as "room/direction".
    opened: set[str] = field(default_factory=set)
    #: Hidden exits found, as "room/direction".  (Hidden items found are where they were moved
    #: to: an item still at ``search:<room>`` is still hidden.  Saves before this held the rooms
    #: searched, as ``searched``: ``from_data`` drops it, as ``item_moves`` holds what they found.)
    found: set[str] = field(default_factory=set)
    identified: set[str] = field(default_factory=set)
    #: Exotica the player failed to work out (no second try but appraisal or use).
    puzzled: set[str] = field(default_factory=set)
    #: Water containers whose water has come to the player (taken where they were found, or bought):
    #: their water is in ``water`` and does not come again (a container starts full).
    drawn: set[str] = field(default_factory=set)
    #: NPCs that changed in any way; the others are as the content wrote them.
    npcs: dict[str, NpcState] = field(default_factory=dict)
    #: Day on which the player last drank and ate; consecutive days deprived of each.
    drank_day: int = 1
    ate_day: int = 1
    thirst_days: int = 0
    hunger_days: int = 0
    #: The commands that made this state from the start, for replay.
    log: list[str] = field(default_factory=list)
    #: The system's immutable record of what lasts a turn or a round (None when nothing is under way);
    #: of the system's own type, which only its code reads (narrowing it with isinstance).
    moment: object = None
    #: Content flags set by triggers, and content counters (absent: 0).
    flags: set[str] = field(default_factory=set)
    counters: dict[str, int] = field(default_factory=dict)
    #: The carried items the player wears, and the weapon held ready ("" none): what ``inventory``
    #: shows and ``wear``/``wield`` refuse twice; leaving the player's hands ends both.
    worn: set[str] = field(default_factory=set)
    wielded: str = ""
    #: The options of the run's system the player chose (``wayfarer --rules bind.action_points=on``),
    #: over the adventure's: kept with the run, so a save goes on under the same rules.
    rules: dict[str, str] = field(default_factory=dict)
    #: The ids in ``npcs`` whose NpcState belongs to this state alone; the others are shared with
    #: copies, and ``World.npc_state`` copies one before it changes (see :meth:`copy`).  Not state.
    owned_npcs: set[str] = field(default_factory=set, compare=False, repr=False)
    #: Which index of NPCs by room fits this state and its copies (``World`` sets it).  Not state.
    lineage: object = field(default=None, compare=False, repr=False)

    @property
    def day(self) -> int:
        """The day of the run, starting at 1."""
        return self.minutes // DAY_MINUTES + 1

    @property
    def clock(self) -> str:
        """The time of day as HH:MM."""
        minute = self.minutes % DAY_MINUTES
        return f"{minute // 60:02d}:{minute % 60:02d}"

    @property
    def deprived(self) -> bool:
        """Deprived by thirst or hunger: rests give nothing."""
        return self.thirst_days > 0 or self.hunger_days > 0

    def to_data(self, codec: SheetCodec, fresh_npc: FreshNpc | None = None,
                npc_ids: Iterable[str] | None = None) -> dict[str, Any]:
        """Plain data (TOML-serialisable) holding the whole state; ``codec`` writes the sheets.

        With ``fresh_npc`` (an NPC id -> the NPC as the content makes it when met),
        each NPC holds only what differs from it (see :meth:`NpcState.to_data`).
        ``npc_ids``: only those NPCs, in that order (a save writes the others apart); all, sorted, by default.
        """
        npcs = self.npcs
        ids = sorted(npcs) if npc_ids is None else npc_ids
        return {
            "adventure_id": self.adventure_id,
            "adventure_version": self.adventure_version,
            "system": self.system,
            "seed": self.seed,
            "room": self.room,
            "player": codec.sheet_to_data(self.player),
            "water": self.water,
            "food": self.food,
            "turn": self.turn,
            "minutes": self.minutes,
            "status": self.status,
            "ending": self.ending,
            "visited": sorted(self.visited),
            "item_moves": dict(self.item_moves),
            "opened": sorted(self.opened),
            "found": sorted(self.found),
            "identified": sorted(self.identified),
            "puzzled": sorted(self.puzzled),
            **({"drawn": sorted(self.drawn)} if self.drawn else {}),
            "npcs": {npc_id: npcs[npc_id].to_data(codec, fresh_npc(npc_id) if fresh_npc else None) for npc_id in ids},
            "drank_day": self.drank_day,
            "ate_day": self.ate_day,
            "thirst_days": self.thirst_days,
            "hunger_days": self.hunger_days,
            "log": list(self.log),
            "moment": codec.moment_to_data(self.moment),
            "flags": sorted(self.flags),
            "counters": dict(sorted(self.counters.items())),
            **({"rules": dict(sorted(self.rules.items()))} if self.rules else {}),
        } | self._dress_data()

    def _dress_data(self) -> dict[str, Any]:
        """What is worn and wielded, when anything is (absent otherwise, as saves before them)."""
        return ({"worn": sorted(self.worn)} if self.worn else {}) | ({"wielded": self.wielded} if self.wielded else {})

    @classmethod
    def from_data(cls, data: dict[str, Any], codec: SheetCodec, fresh_npc: FreshNpc | None = None) -> WorldState:
        """Rebuild a state from :meth:`to_data` output; ``codec`` reads the sheets, ``fresh_npc``
        (as for :meth:`to_data`) fills in what an NPC's data leaves out.

        Raises KeyError, TypeError or ValueError on malformed data; callers that
        read untrusted data (saves) validate first and translate those errors.
        """
        return cls(
            adventure_id=str(data["adventure_id"]),
            adventure_version=str(data["adventure_version"]),
            system=str(data["system"]),
            seed=int(data["seed"]),
            room=str(data["room"]),
            player=codec.sheet_from_data(data["player"]),
            water=int(data["water"]),
            food=int(data["food"]),
            turn=int(data["turn"]),
            minutes=int(data["minutes"]),
            status=str(data["status"]),
            ending=str(data.get("ending", "")),
            visited=set(map(str, data["visited"])),
            item_moves=_texts(data["item_moves"]),
            opened=set(map(str, data["opened"])),
            found=set(map(str, data["found"])),
            identified=set(map(str, data["identified"])),
            puzzled=set(map(str, data.get("puzzled", []))),
            drawn=set(map(str, data.get("drawn", []))),
            npcs={str(k): NpcState.from_data(dict(v), codec, fresh_npc(str(k)) if fresh_npc else None)
                  for k, v in dict(data["npcs"]).items()},
            drank_day=int(data["drank_day"]),
            ate_day=int(data["ate_day"]),
            thirst_days=int(data["thirst_days"]),
            hunger_days=int(data["hunger_days"]),
            log=list(map(sys.intern, data["log"])),  # as the engine logs: repeats share a string (texts only)
            moment=codec.moment_from_data(data.get("moment", {})),
            flags=set(map(str, data.get("flags", []))),
            counters={str(k): int(v) for k, v in dict(data.get("counters", {})).items()},
            worn=set(map(str, data.get("worn", []))),
            wielded=str(data.get("wielded", "")),
            rules=_texts(data.get("rules", {})),
        )

    def copy(self, *, share_log: bool = False) -> WorldState:
        """An independent copy (for undo): containers copied, the immutable sheets and moment shared.

        The NPC states are shared, copy on write: after a copy neither side
        owns any, and ``World.npc_state`` (the one way to an NPC's state for
        changing it) copies one before handing it out for the first time.  So
        a copy costs the same with 1,000 NPCs met as with none; code that
        changes an NpcState got some other way (``state.npcs[id]``) changes
        every copy that shares it.

        With ``share_log`` the command log is the very same list, so a copy
        costs the same at entry 100 and entry 100,000: the log only grows at
        its end, and whoever puts such a copy back cuts the list to the length
        it had (see ``Engine.undo``).
        """
        self.owned_npcs = set()
        copied = object.__new__(WorldState)  # every field set below: replace() would run __init__ (slower, twice a command)
        copied.__dict__.update(
            self.__dict__, visited=set(self.visited), item_moves=dict(self.item_moves),
            opened=set(self.opened), found=set(self.found),
            identified=set(self.identified), puzzled=set(self.puzzled), drawn=set(self.drawn),
            flags=set(self.flags), counters=dict(self.counters), worn=set(self.worn), rules=dict(self.rules),
            npcs=dict(self.npcs), owned_npcs=set(),
            log=self.log if share_log else list(self.log))
        return copied
