"""The blueprint of a generated adventure: what the mission, space, people and words modules fill in.

A blueprint is plain typed data, written out by :mod:`game.generate.emit` as an
ordinary adventure folder.  Lists keep the order things were made in, so the
written files follow from the seed alone (never from set or hash order).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.generate.names import GENERATOR_VERSION as GENERATOR_VERSION
from game.generate.names import SIZES as SIZES
from game.generate.themes import Person, Place, Scenery, Theme, Thing

#: The generator's version: part of every seed's stream and recorded in every adventure it writes.
#: Raise it whenever a change alters what a seed gives (the catalog test says when).


#: Compass steps on the grid, and the way back.
STEPS = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}
BACK = {"north": "south", "south": "north", "east": "west", "west": "east"}


#: The systems whose foes the fairness step can make tougher or weaker on their own (a stat table of another
#: tier's row of that system's own table), with the short name an adventure's id gives the step.
SHIFTABLE = {"open_adventures": "oa", "vaarn": "va", "opend6": "od", "bind": "bi", "maelstrom": "ma"}

GENERATED_ID = re.compile(r"gen-([a-z]+)-(small|medium|large)-([0-9]+)(?:-(harder|easier)([0-9]+))?"
                          r"((?:-(?:oa|va|od|bi|ma)-?[0-9]+)*)$")
_SHIFT = re.compile(r"-(oa|va|od|bi|ma)(-?[0-9]+)")


def adventure_id(theme: str, size: str, seed: int, danger: int = 0, shifts: dict[str, int] | None = None) -> str:
    """``gen-THEME-SIZE-SEED``, then ``-harderN`` / ``-easierN`` when the fairness step turned the danger dial,
    and ``-oaN`` / ``-ma-N`` when it made one system's foes N tiers tougher / weaker."""
    turned = "" if danger == 0 else f"-harder{danger}" if danger > 0 else f"-easier{-danger}"
    for system, short in SHIFTABLE.items():
        if (shifts or {}).get(system):
            turned += f"-{short}{(shifts or {})[system]}"
    return f"gen-{theme}-{size}-{seed}{turned}"


def parse_adventure_id(text: str) -> tuple[str, str, int, int, dict[str, int]] | None:
    """Theme, size, seed, danger and shifts of a generated adventure's id (:func:`adventure_id`); None for another."""
    found = GENERATED_ID.match(text)
    if found is None:
        return None
    danger = int(found.group(5) or 0) * (-1 if found.group(4) == "easier" else 1)
    systems = {short: system for system, short in SHIFTABLE.items()}
    shifts = {systems[short]: int(n) for short, n in _SHIFT.findall(found.group(6))}
    return found.group(1), found.group(2), int(found.group(3)), danger, shifts


@dataclass
class ExitPlan:
    """One way out of a room; ``lock`` says what stands in it ("" for an open way)."""

    to: str
    lock: str = ""  # "" | key | lever | hidden | guard
    locked_by: str | None = None
    force: str | None = None
    find: str | None = None
    name: str | None = None
    description: str = ""


@dataclass
class RoomPlan:
    id: str
    zone: int
    cell: tuple[int, int]
    place: Place | None = None
    exits: dict[str, ExitPlan] = field(default_factory=dict)
    items: list[str] = field(default_factory=list)
    search_items: list[str] = field(default_factory=list)
    npcs: list[str] = field(default_factory=list)
    water: bool = False
    settlement: bool = False
    dark: bool = False
    dark_flag: str = ""
    search: str | None = None
    travel: int = 10
    scenery: list[Scenery] = field(default_factory=list)
    scenery_text: dict[str, str] = field(default_factory=dict)  # scenery id -> its description, filled
    fixed_scenery: list[Scenery] = field(default_factory=list)  # the chain's (a lever, a door), named by a feature
    opened_text: dict[str, tuple[str, str]] = field(default_factory=dict)  # scenery id -> (exit, text once open)
    holders: dict[str, list[str]] = field(default_factory=dict)  # container scenery id -> what is in it at the start
    features: list[str] = field(default_factory=list)  # sentences about what the mission put here
    #: a feature that says a way is shut -> (its direction, the sentence said once it is open)
    shut_features: dict[str, tuple[str, str]] = field(default_factory=dict)
    name: str = ""
    description: str = ""


@dataclass
class ItemPlan:
    id: str
    role: str  # key lamp lever exotica relic treasure food water weapon armour healing
    thing: Thing
    kind: str
    fixed: bool = False
    keys: dict[str, Any] = field(default_factory=dict)


@dataclass
class NpcPlan:
    id: str
    role: str  # guardian foe boss merchant wanderer
    person: Person
    tier: int
    disposition: str
    behaviour: str
    items: list[str] = field(default_factory=list)
    blocks: str | None = None
    route: list[str] = field(default_factory=list)
    room: str | None = None


@dataclass
class Lock:
    """One step of the chain: the way from ``room`` going ``direction`` into zone ``index + 1``."""

    index: int
    kind: str  # key | lever | hidden | guard
    placement: str = ""  # for keys: floor | search | dark | keeper | container
    room: str = ""
    direction: str = ""
    to: str = ""
    item: str | None = None  # the key, the lever, or the exotica that shows a hidden way
    aid: str | None = None  # the lamp a dark key room needs
    aid_room: str | None = None
    key_room: str | None = None
    npc: str | None = None


@dataclass
class Blueprint:
    seed: int
    theme: Theme
    size: str
    danger: int
    shifts: dict[str, int] = field(default_factory=dict)  # system -> tiers its foes are made tougher by (< 0: weaker)
    rooms: dict[str, RoomPlan] = field(default_factory=dict)
    items: dict[str, ItemPlan] = field(default_factory=dict)
    npcs: dict[str, NpcPlan] = field(default_factory=dict)
    locks: list[Lock] = field(default_factory=list)
    triggers: list[dict[str, Any]] = field(default_factory=list)
    start: str = ""
    market: str = ""
    goal_room: str = ""
    goal_kind: str = "reach"  # reach | bring | defeat
    goal_item: str | None = None
    goal_npc: str | None = None
    player_items: list[str] = field(default_factory=list)
    title: str = ""
    intro: str = ""
    goal_text: str = ""

    @property
    def adventure_id(self) -> str:
        return adventure_id(self.theme.id, self.size, self.seed, self.danger, self.shifts)

    def zone_rooms(self, zone: int) -> list[str]:
        return [r.id for r in self.rooms.values() if r.zone == zone]
