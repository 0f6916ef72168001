"""Maelstrom character sheets: the traits, the health track and Willpower as a frozen
record, and its codec (seed 004 §Characters; Maelstrom's public rules for what the seed leaves empty);
and :class:`MaelstromMoment`, what lasts only until the next roll.

A :class:`MaelstromSheet` is never changed: the rules return new ones
(``dataclasses.replace``).  :meth:`MaelstromSheet.to_data` is the save format,
a plain table with the keys of format 1::

    {"system": "maelstrom", "npc": False, "tier": 0,
     "attributes": {"strength": 2, ...},          # six, 0..5 dots
     "abilities": {"alertness": 0, ...},          # all 21 of the seed, 0..5 dots
     "specialties": {"firearms": ["sniper rifles"]},      # general, by ability
     "advanced_specialties": {"athletics": ["zero-g"]},   # advanced, by ability
     "willpower": 3, "willpower_points": 3, "armor": 0,
     "health": {"bashing": 0, "lethal": 0, "aggravated": 0}, "dead": False}

plus, when they apply, ``name``, ``creature`` (an NPC's type), ``disarmed``
(an NPC that lost its weapon to a botch), ``armor_base`` (the sheet's own
armour while worn armour is mirrored in ``armor``) and ``approaches`` (check
kind -> the way the player chose, :mod:`game.systems.maelstrom.approaches`); :meth:`MaelstromSheet.from_data`
reads it back and refuses anything else with a one-line reason.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from game.systems.maelstrom.approaches import ways_of
from game.systems.maelstrom.events import HealthLevel, WillpowerUse

V = TypeVar("V")

SYSTEM_ID = "maelstrom"

PHYSICAL = ("strength", "precision", "reflexes")
MENTAL = ("perception", "intelligence", "wits")
ATTRIBUTES = PHYSICAL + MENTAL
#: seed 004 §Talents: no penalty at zero dots.
TALENTS = ("alertness", "athletics", "brawling", "dodge")
#: seed 004 §Skills: at zero dots, difficulty +1 and the attribute alone.
SKILLS = ("aerospace_piloting", "firearms", "ground_vehicle_operation", "melee", "mounted_weapons",
          "stealth", "survival", "technology")
#: seed 004 §Knowledges: at zero dots the action cannot even be attempted.
KNOWLEDGES = ("academics", "artificial_intelligence", "computer_systems", "engineering", "investigation",
              "law", "linguistics", "medicine", "physical_sciences")
ABILITIES = TALENTS + SKILLS + KNOWLEDGES
MAX_DOTS = 5
MAX_WILLPOWER = 10
MAX_TIER = 5
STARTING_WILLPOWER = 3

#: The health track (Maelstrom's public rules): name and dice lost.
HEALTH_LEVELS: tuple[tuple[str, int], ...] = (
    ("Bruised", 0), ("Scratched", 1), ("Hurt", 1), ("Injured", 2), ("Wounded", 2), ("Mauled", 3),
    ("Crippled", 5), ("Incapacitated", 0),
)
TRACK = len(HEALTH_LEVELS)  # boxes; the last one is Incapacitated
DAMAGE_TYPES = ("bashing", "lethal", "aggravated")
#: Format-1 sheet entries that only lasted until the next roll; reading a sheet drops them.
LEGACY_SCRATCH = ("willpower_armed",)


def title(trait: str) -> str:
    """``ground_vehicle_operation`` -> ``Ground Vehicle Operation``."""
    return trait.replace("_", " ").title()


class Table(Mapping[str, V]):
    """An immutable table of names to values (dots by trait, specialties by ability).

    Equal to any mapping with the same items; :meth:`but` gives a changed copy.
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, V] | Iterable[tuple[str, V]] = ()) -> None:
        self._items: dict[str, V] = dict(items)

    def __getitem__(self, key: str) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"Table({self._items!r})"

    def but(self, **changes: V) -> Table[V]:
        """A copy with ``changes`` made."""
        return Table({**self._items, **changes})


@dataclass(frozen=True)
class Health:
    """Levels of damage marked on the health track, by type."""

    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0

    @property
    def boxes(self) -> int:
        """Health boxes filled, 0..8."""
        return min(TRACK, self.bashing + self.lethal + self.aggravated)

    def of(self, kind: str) -> int:
        """Levels of ``kind`` (one of :data:`DAMAGE_TYPES`)."""
        return self.to_data()[kind]

    def plus(self, kind: str, levels: int) -> Health:
        """A copy with ``levels`` more (or, negative, fewer) of ``kind``."""
        return replace(self, **{kind: self.of(kind) + levels})

    def to_data(self) -> dict[str, int]:
        return {"bashing": self.bashing, "lethal": self.lethal, "aggravated": self.aggravated}


@dataclass(frozen=True)
class MaelstromSheet:
    """A character or an NPC under Maelstrom (see the module docstring for the saved form)."""

    attributes: Table[int]
    abilities: Table[int]
    specialties: Table[tuple[str, ...]] = field(default_factory=Table)
    advanced_specialties: Table[tuple[str, ...]] = field(default_factory=Table)
    willpower: int = STARTING_WILLPOWER
    willpower_points: int = STARTING_WILLPOWER
    #: Soak dots: the sheet's own, or the armour worn when better (the play layer mirrors it).
    armor: int = 0
    health: Health = field(default_factory=Health)
    dead: bool = False
    npc: bool = False
    tier: int = 0
    name: str = ""
    #: An NPC's creature type (content's ``creature``); weapons may be ideal against it.
    creature: str = ""
    #: An NPC that lost its weapon to a botch fights with bare hands.
    disarmed: bool = False
    #: The sheet's own armour, kept while ``armor`` mirrors the armour worn (None: never mirrored).
    armor_base: int | None = None
    #: Check kind -> the way the player chose to perform it (seed 004 §Dice Pool; the player's own).
    approaches: Table[str] = field(default_factory=Table)

    def dots(self, trait: str) -> int:
        """Dots in an attribute, an ability or ``willpower``."""
        if trait == "willpower":
            return self.willpower
        return self.attributes[trait] if trait in ATTRIBUTES else self.abilities[trait]

    # -- the health track ----------------------------------------------------------
    @property
    def boxes(self) -> int:
        return self.health.boxes

    @property
    def wound_penalty(self) -> int:
        """Dice lost to wounds (the health track's penalties)."""
        filled = self.boxes
        return 0 if filled == 0 or filled >= TRACK else HEALTH_LEVELS[filled - 1][1]

    @property
    def condition(self) -> str:
        """``dead``; ``down`` once the Incapacitated box is filled; else ``ok``."""
        if self.dead:
            return "dead"
        return "down" if self.boxes >= TRACK else "ok"

    @property
    def level(self) -> HealthLevel:
        """The level reached on the track, with its penalty (``Healthy``, ``Dead``)."""
        if self.dead:
            return HealthLevel("Dead")
        filled = self.boxes
        return HealthLevel("Healthy" if filled == 0 else HEALTH_LEVELS[filled - 1][0], self.wound_penalty)

    def with_definition_of(self, fresh: MaelstromSheet) -> MaelstromSheet:
        """This NPC under its changed definition ``fresh`` (see ``RuleSystem.carry_npc_state``).

        From ``fresh``: attributes, abilities, specialties, Willpower, armour,
        tier, creature type.  Carried: the damage marked on the health track
        (the track is the same for everyone, so down stays down), death, the
        Willpower points spent, a weapon lost to a botch, its name in rolls.
        """
        spent = self.willpower - self.willpower_points
        return replace(self, attributes=fresh.attributes, abilities=fresh.abilities, specialties=fresh.specialties,
                       advanced_specialties=fresh.advanced_specialties, willpower=fresh.willpower,
                       willpower_points=max(fresh.willpower - spent, 0), armor=fresh.armor, tier=fresh.tier,
                       creature=fresh.creature)

    # -- the codec -------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """Plain TOML data with the format-1 keys; optional entries only when they apply."""
        data: dict[str, Any] = {"system": SYSTEM_ID, "npc": self.npc, "tier": self.tier}
        if self.name:
            data["name"] = self.name
        data.update(
            attributes=dict(self.attributes), abilities=dict(self.abilities),
            specialties={k: list(v) for k, v in self.specialties.items()},
            advanced_specialties={k: list(v) for k, v in self.advanced_specialties.items()},
            willpower=self.willpower, willpower_points=self.willpower_points, armor=self.armor,
            health=self.health.to_data(), dead=self.dead)
        if self.creature:
            data["creature"] = self.creature
        if self.disarmed:
            data["disarmed"] = True
        if self.armor_base is not None:
            data["armor_base"] = self.armor_base
        if self.approaches:
            data["approaches"] = dict(self.approaches)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> MaelstromSheet:
        """A sheet from :meth:`to_data` output (format 1 too; its scratch entries are dropped).

        Raises ValueError naming the first entry that is missing, unknown, of
        the wrong type or out of range.
        """
        unknown = sorted(set(data) - set(_READERS) - set(LEGACY_SCRATCH))
        if unknown:
            raise ValueError(f"maelstrom sheet: unknown entry '{unknown[0]}'")
        for key in _REQUIRED:
            if key not in data:
                raise ValueError(f"maelstrom sheet: no '{key}'")
        if data["system"] != SYSTEM_ID:
            raise ValueError(f"maelstrom sheet: system must be '{SYSTEM_ID}', not {data['system']!r}")
        values = {key: _READERS[key](key, data[key]) for key in data if key in _READERS and key != "system"}
        sheet = cls(**values)
        if sheet.willpower_points > sheet.willpower:
            raise ValueError(f"maelstrom sheet: willpower_points must be from 0 to willpower ({sheet.willpower}),"
                             f" not {sheet.willpower_points}")
        return sheet


@dataclass(frozen=True)
class MaelstromMoment:
    """What lasts until the next roll: the point of Willpower the player readied, and for what.

    ``world.state.moment`` holds None when nothing is readied.
    """

    willpower: WillpowerUse

    def to_data(self) -> dict[str, Any]:
        return {"willpower_armed": self.willpower.value}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> MaelstromMoment | None:
        """None for ``{}`` (or a format-1 ``willpower_armed = ""``); ValueError naming a bad entry."""
        unknown = sorted(set(data) - {"willpower_armed"})
        if unknown:
            raise ValueError(f"maelstrom moment: unknown entry '{unknown[0]}'")
        armed = data.get("willpower_armed", "")
        if armed == "":
            return None
        uses = [use.value for use in WillpowerUse]
        if armed not in uses:
            raise ValueError(f"maelstrom moment: willpower_armed must be one of {', '.join(uses)} or \"\","
                             f" not {armed!r}")
        return cls(WillpowerUse(armed))


# -- reading saved entries ------------------------------------------------------------

def _whole(key: str, value: Any, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ValueError(f"maelstrom sheet: {key} must be a whole number {span}, not {value!r}")
    return value


def _flag(key: str, value: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"maelstrom sheet: {key} must be true or false, not {value!r}")
    return value


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"maelstrom sheet: {key} must be a text, not {value!r}")
    return value


def _table(key: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"maelstrom sheet: {key} must be a table, not {value!r}")
    return value


def _dots(key: str, value: Any, names: tuple[str, ...]) -> Table[int]:
    table = _table(key, value)
    for name in table:
        if name not in names:
            raise ValueError(f"maelstrom sheet: {key}.{name} is not one of the seed's {key}")
    missing = [name for name in names if name not in table]
    if missing:
        raise ValueError(f"maelstrom sheet: {key} has no {missing[0]}")
    return Table((name, _whole(f"{key}.{name}", table[name], 0, MAX_DOTS)) for name in names)


def _specialty_lists(key: str, value: Any) -> Table[tuple[str, ...]]:
    table = _table(key, value)
    out: dict[str, tuple[str, ...]] = {}
    for ability, names in table.items():
        if ability not in ABILITIES:
            raise ValueError(f"maelstrom sheet: {key}.{ability} is not an ability")
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise ValueError(f"maelstrom sheet: {key}.{ability} must be a list of names")
        out[ability] = tuple(names)
    return Table(out)


def _health(key: str, value: Any) -> Health:
    table = _table(key, value)
    for kind in table:
        if kind not in DAMAGE_TYPES:
            raise ValueError(f"maelstrom sheet: {key}.{kind} is not a damage type")
    levels = {kind: _whole(f"{key}.{kind}", table.get(kind), 0, TRACK) for kind in DAMAGE_TYPES}
    return Health(**levels)


def _approaches(key: str, value: Any) -> Table[str]:
    table = _table(key, value)
    for kind, name in table.items():
        names = [way.name for way in ways_of(kind)]
        if not names:
            raise ValueError(f"maelstrom sheet: {key}.{kind} is not a check with several ways")
        if name not in names:
            raise ValueError(f"maelstrom sheet: {key}.{kind} must be one of {', '.join(names)}, not {name!r}")
    return Table(dict(table))


#: Every entry a saved sheet may hold, and how it is read.
_READERS: dict[str, Callable[[str, Any], Any]] = {
    "system": _text,
    "npc": _flag,
    "tier": lambda key, value: _whole(key, value, 0, MAX_TIER),
    "name": _text,
    "attributes": lambda key, value: _dots(key, value, ATTRIBUTES),
    "abilities": lambda key, value: _dots(key, value, ABILITIES),
    "specialties": _specialty_lists,
    "advanced_specialties": _specialty_lists,
    "willpower": lambda key, value: _whole(key, value, 1, MAX_WILLPOWER),
    "willpower_points": lambda key, value: _whole(key, value, 0, MAX_WILLPOWER),
    "armor": lambda key, value: _whole(key, value, 0),
    "health": _health,
    "dead": _flag,
    "creature": _text,
    "disarmed": _flag,
    "armor_base": lambda key, value: _whole(key, value, 0),
    "approaches": lambda key, value: _approaches(key, value),
}
_REQUIRED = ("system", "npc", "tier", "attributes", "abilities", "specialties", "advanced_specialties",
             "willpower", "willpower_points", "armor", "health", "dead")


def blank_sheet(*, npc: bool = False, tier: int = 0, attribute: int = 2) -> MaelstromSheet:
    """A sheet with every attribute at ``attribute``, no abilities, Willpower 3, unhurt."""
    return MaelstromSheet(attributes=Table((name, attribute) for name in ATTRIBUTES),
                          abilities=Table((name, 0) for name in ABILITIES), npc=npc, tier=tier)


def sheet_lines(sheet: MaelstromSheet, armed: str = "") -> list[str]:
    """The sheet as text lines for ``stats``; ``armed`` says what readied Willpower will do."""
    attrs, abilities = sheet.attributes, sheet.abilities

    def row(names: tuple[str, ...], values: Mapping[str, int], skip_zero: bool) -> str:
        shown = [f"{title(name)} {values[name]}" for name in names if values[name] or not skip_zero]
        return ", ".join(shown) or "none"

    lines = [
        f"Physical: {row(PHYSICAL, attrs, False)}",
        f"Mental: {row(MENTAL, attrs, False)}",
        f"Talents: {row(TALENTS, abilities, True)}",
        f"Skills: {row(SKILLS, abilities, True)}",
        f"Knowledges: {row(KNOWLEDGES, abilities, True)}",
    ]
    for table, label in ((sheet.specialties, "Specialties"), (sheet.advanced_specialties, "Advanced specialties")):
        if table:
            lines.append(f"{label}: " + "; ".join(
                f"{title(ability)}: {', '.join(names)}" for ability, names in sorted(table.items())))
    lines.append(f"Willpower {sheet.willpower_points}/{sheet.willpower}{armed}; armor {sheet.armor}")
    lines.append(f"Health: {sheet.level.text} ({damage_text(sheet)})")
    return lines


def damage_text(sheet: MaelstromSheet) -> str:
    parts = [f"{sheet.health.of(kind)} {kind}" for kind in DAMAGE_TYPES if sheet.health.of(kind)]
    return ", ".join(parts) or "no damage"
