"""Themes: the words a generated adventure is made of, as data (one module per theme).

A theme is tables (places with their scenery, people, things, exotica, phrases)
and templates whose ``{slots}`` the grammar (:mod:`game.generate.words`) fills
from the theme's word pools.  Nothing here decides structure: the mission,
space and people modules choose *what* is where; a theme only says how it
reads.  To add a theme, write a module like :mod:`.salt` that defines
``THEME`` and name it in :data:`THEME_MODULES` (docs/generating.md).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from game.errors import UsageError
from game.generate.names import THEME_IDS

#: Theme id -> the module (under this package) that defines ``THEME``.
THEME_MODULES = {theme: theme for theme in THEME_IDS}


@dataclass(frozen=True)
class Scenery:
    """A fixed thing a room's text may name; declared as scenery so the parser knows it."""

    id: str
    name: str
    aliases: tuple[str, ...]
    description: tuple[str, ...]  # templates; one is chosen
    mentions: tuple[str, ...]  # sentences naming it in a room's text, "{name}" for its name
    kind: str = ""  # "container" for one that holds a key of the chain (shut at the start)


@dataclass(frozen=True)
class Place:
    """A kind of room: names, opening sentences and the scenery that may stand in it."""

    key: str
    names: tuple[str, ...]
    openers: tuple[str, ...]
    scenery: tuple[Scenery, ...]
    water: bool = False  # may hold a spring, tap or well (a water source)


@dataclass(frozen=True)
class Person:
    """A kind of NPC; ``tier`` is where it fits (foes are scaled by the generator)."""

    name: str
    aliases: tuple[str, ...]
    description: str
    creature: str = "biological"
    attack: str = ""
    pronoun: str = "it"
    talk: str = ""
    topics: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Thing:
    """A kind of item: its name, words and description (``extra`` keys go to its table as they are)."""

    name: str
    aliases: tuple[str, ...]
    description: str
    extra: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Theme:
    """Every table of one theme."""

    id: str
    title: str  # shown in `generate --help` and summaries
    titles: tuple[str, ...]  # adventure title templates
    player: str
    system: str
    travel: tuple[int, int]  # travel_minutes range of a room
    words: dict[str, tuple[str, ...]]  # word pools for {slots}: adj, material, sound, smell, light...
    places: tuple[Place, ...]
    start_place: Place
    market_place: Place
    goal_place: Place
    moods: tuple[str, ...]
    foes: tuple[Person, ...]  # ordered by menace, first the least
    guardians: tuple[Person, ...]
    bosses: tuple[Person, ...]
    merchants: tuple[Person, ...]
    wanderers: tuple[Person, ...]
    keys: tuple[tuple[Thing, str, tuple[str, ...]], ...]  # a key, the door it opens ("the {door}"), the door's texts
    lamp: Thing
    levers: tuple[tuple[Thing, str, Thing], ...]  # a lever (fixed), the door it works, the part it lacks
    exotica: tuple[Thing, ...]  # reveal hidden ways
    relics: tuple[Thing, ...]
    treasures: tuple[Thing, ...]
    foods: tuple[Thing, ...]
    waters: tuple[Thing, ...]  # the player's water container first
    weapons: tuple[Thing, ...]  # the player's own weapon first
    armours: tuple[Thing, ...]
    healing: tuple[Thing, ...]
    phrases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    containers: tuple[Scenery, ...] = ()  # shut things a key of the chain may lie in (kind "container")

    #: The word pools one room keeps to a single value, so a thing reads the same in the room's text and on
    #: examining it, and no room is built of two stones at once.
    ROOM_FIXED = ("material", "colour", "stone")


def theme_ids() -> tuple[str, ...]:
    """The themes there are, in a stable order."""
    return tuple(THEME_MODULES)


def load_theme(theme_id: str) -> Theme:
    """The theme named ``theme_id``; UsageError naming the themes when there is none."""
    module = THEME_MODULES.get(theme_id)
    if module is None:
        raise UsageError(f"no theme \"{theme_id}\"; themes: {', '.join(THEME_MODULES)}")
    theme: Theme = importlib.import_module(f"game.generate.themes.{module}").THEME
    return theme
