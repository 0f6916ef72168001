"""Vaults of Vaarn: the typed character sheet and the record of what lasts a round.

:class:`VaarnSheet` serves the player and NPCs alike (``npc`` tells them
apart); it is frozen, so every change is a :func:`dataclasses.replace`.
:meth:`VaarnSheet.from_data` validates saved data field by field and
:meth:`VaarnSheet.to_data` writes it back under the key names of format 1.
:class:`VaarnMoment` holds what lasts a round or a fight (engagement, who acted
before the player) and lives in ``WorldState.moment``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields, is_dataclass, replace
from typing import Any

ABILITY_NAMES: tuple[str, ...] = ("str", "dex", "con", "int", "psy", "ego")
#: No number on a sheet passes this (hit points run far below 0 before FATALITY).
LIMIT = 10_000
#: Scratch of format 1 kept on the sheets and dropped when read (see ``VaarnSystem.migrate_v1``).
#: Keys every saved sheet holds, player's or NPC's (a sheet without one is damaged).
REQUIRED: tuple[str, ...] = (*ABILITY_NAMES, "hp", "max_hp", "armor", "level", "wounds", "depleted",
                             "unconscious", "dead", "npc", "creature", "pending_item_damage")
LEGACY_SCRATCH: frozenset[str] = frozenset({"engaged", "felled", "rest_choice", "arrived", "acted_first",
                                            "routed", "surrendered"})

def _fail(name: str, want: str, value: object) -> ValueError:
    shown = repr(value)
    return ValueError(f"vaarn sheet: {name} must be {want}, not {shown[:40]}")


def _int(name: str, value: object, low: int = -LIMIT, high: int = LIMIT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(name, f"a whole number from {low} to {high}", value)
    return value


def _bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _fail(name, "true or false", value)
    return value


def _text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise _fail(name, "text", value)
    return value


def _texts(name: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise _fail(name, "a list of texts", value)
    return tuple(value)


def _table(name: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(name, "a table", value)
    return value


@dataclass(frozen=True)
class Wound:
    """A wound carried: its row of the chart (seed 001 §Wounds and Healing), name and slots filled."""

    row: int
    name: str
    slots: int

    @classmethod
    def from_data(cls, data: object) -> Wound:
        table = _table("wounds", data)
        unknown = set(table) - {"row", "name", "slots"}
        if unknown:
            raise ValueError(f"vaarn sheet: a wound has the unknown key '{sorted(unknown)[0]}'")
        return cls(_int("wound row", table.get("row"), 1, 20), _text("wound name", table.get("name", "")),
                   _int("wound slots", table.get("slots", 0), 0, 3))

    def to_data(self) -> dict[str, Any]:
        return {"row": self.row, "name": self.name, "slots": self.slots}


@dataclass(frozen=True)
class Sustained:
    """A lasting Gift held (seed 001 §Mystic Gifts): the item, its effect, its target, until when (minutes)."""

    item: str
    name: str
    effect: str
    target: str
    until: int

    @classmethod
    def from_data(cls, data: object) -> Sustained:
        table = _table("sustained", data)
        unknown = set(table) - {"item", "name", "effect", "target", "until"}
        if unknown:
            raise ValueError(f"vaarn sheet: sustained has the unknown key '{sorted(unknown)[0]}'")
        return cls(_text("sustained item", table.get("item", "")), _text("sustained name", table.get("name", "Gift")),
                   _text("sustained effect", table.get("effect", "")),
                   _text("sustained target", table.get("target", "")),
                   _int("sustained until", table.get("until", 0), 0, 10**9))

    def to_data(self) -> dict[str, Any]:
        return {"item": self.item, "name": self.name, "effect": self.effect, "target": self.target,
                "until": self.until}


def _abilities(name: str, value: object, low: int, high: int) -> dict[str, int]:
    table = _table(name, value)
    for key, points in table.items():
        if key not in ABILITY_NAMES:
            raise ValueError(f"vaarn sheet: {name} names '{key}', not an ability")
        _int(f"{name}.{key}", points, low, high)
    return {key: int(table[key]) for key in ABILITY_NAMES if key in table}


#: Field name -> how saved data is read into it (abilities, wounds and the rest are read apart).
_READERS: dict[str, Callable[[str, object], Any]] = {
    "hp": _int, "max_hp": lambda n, v: _int(n, v, 1, LIMIT), "armor": lambda n, v: _int(n, v, 0, 100),
    "level": lambda n, v: _int(n, v, 0, 100), "xp": lambda n, v: _int(n, v, 0, LIMIT),
    "ability_points": lambda n, v: _int(n, v, 0, LIMIT),
    "unconscious": _bool, "dead": _bool, "synthetic": _bool, "npc": _bool, "creature": _text,
    "water_due": _int, "thirst_days": lambda n, v: _int(n, v, 0, LIMIT), "meal_due": _int,
    "hunger_days": lambda n, v: _int(n, v, 0, LIMIT), "deprived": _bool,
    "pending_item_damage": lambda n, v: _int(n, v, 0, LIMIT), "max_hp_lost": lambda n, v: _int(n, v, 0, LIMIT),
    "armor_base": lambda n, v: _int(n, v, 0, 100), "slots_carried": lambda n, v: _int(n, v, 0, LIMIT),
    "encumbered": _bool, "restored_day": lambda n, v: _int(n, v, 0, 10**9), "swapped": _bool,
    "morale": lambda n, v: _int(n, v, -100, 100), "attacks": _text, "appearing": _text, "notes": _text,
    "foe": _bool, "roused": _bool, "met": _bool, "reaction": _text, "mood": _text,
    "haggle_day": lambda n, v: _int(n, v, 0, 10**9), "haggle": _text, "morale_tested": _texts,
}


@dataclass(frozen=True)
class VaarnSheet:
    """A Vaarn character, player or NPC.

    ``abilities`` holds the six ability *bonuses* (defence = bonus + 10, seed
    001 §Abilities); ``depleted`` the points lost to wounds and not yet
    recovered.  ``hp`` may be negative (seed 001 §Wounds and Healing).  The
    survival counters (``water_due``, ``thirst_days``, ``meal_due``,
    ``hunger_days``, ``deprived``) are the rules' own; ``pending_item_damage``
    counts Damaged Item wounds the play layer must still carry out.

    Play keeps on the player: ``armor_base`` (armour without what is worn; None
    until first seen), ``slots_carried`` (None until counted), ``encumbered``,
    ``restored_day`` (the day depleted abilities last came back), ``swapped``
    (abilities swapped at creation) and ``sustained`` (a lasting Gift).  NPCs
    also have ``morale`` and ``attacks`` (Vaarn notation), the content's
    ``appearing`` and ``notes``, and what play learns of them: ``foe`` (took
    part in a fight), ``roused`` (a holding-back NPC now fights), ``met`` and
    ``reaction`` (the reaction roll), ``mood`` (a merchant's), ``haggle`` and
    ``haggle_day`` (the last haggle), ``morale_tested`` (morale triggers
    already rolled for).
    """

    abilities: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(ABILITY_NAMES, 0))
    hp: int = 1
    max_hp: int = 1
    armor: int = 10
    level: int = 1
    xp: int = 0
    ability_points: int = 0
    wounds: tuple[Wound, ...] = ()
    depleted: Mapping[str, int] = field(default_factory=dict)
    unconscious: bool = False
    dead: bool = False
    synthetic: bool = False
    creature: str = "biological"
    npc: bool = False
    water_due: int = 1
    thirst_days: int = 0
    meal_due: int = 1
    hunger_days: int = 0
    deprived: bool = False
    pending_item_damage: int = 0
    #: Maximum HP taken by wounds (Mangled Guts), so a sheet made anew keeps the loss.
    max_hp_lost: int = 0
    # -- kept by play, player
    armor_base: int | None = None
    slots_carried: int | None = None
    encumbered: bool = False
    restored_day: int = 0
    swapped: bool = False
    sustained: Sustained | None = None
    # -- NPCs
    morale: int = 0
    attacks: str = ""
    appearing: str = ""
    notes: str = ""
    foe: bool = False
    roused: bool = False
    met: bool = False
    reaction: str = ""
    mood: str = ""
    haggle_day: int = 0
    haggle: str = ""
    morale_tested: tuple[str, ...] = ()

    # -- reading ---------------------------------------------------------------------
    def bonus(self, ability: str) -> int:
        """The current bonus of ``ability`` (0 when the sheet has none)."""
        return self.abilities.get(ability, 0)

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def with_ability(self, ability: str, value: int) -> VaarnSheet:
        return replace(self, abilities={**self.abilities, ability: value})

    # -- saved data --------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> VaarnSheet:
        """A sheet from saved data; ValueError naming the first bad field.

        The keys of :data:`REQUIRED` must be there; the others take their
        defaults when missing.  Unknown keys are refused, except the round
        scratch of format 1 (:data:`LEGACY_SCRATCH`), which is dropped.
        """
        missing = [key for key in REQUIRED if key not in data]
        if missing:
            raise ValueError(f"vaarn sheet: {missing[0]} is missing")
        values: dict[str, Any] = {}
        abilities: dict[str, int] = {}
        for key, value in data.items():
            if key in ABILITY_NAMES:
                abilities[key] = _int(key, value, -10, 10)
            elif key == "depleted":
                values["depleted"] = _abilities("depleted", value, 0, 20)
            elif key == "wounds":
                if not isinstance(value, (list, tuple)):
                    raise _fail("wounds", "a list of tables", value)
                values["wounds"] = tuple(Wound.from_data(w) for w in value)
            elif key == "sustained":
                values["sustained"] = Sustained.from_data(value) if value else None
            elif key in _READERS:
                values[key] = _READERS[key](key, value)
            elif key not in LEGACY_SCRATCH:
                raise ValueError(f"vaarn sheet: unknown key '{key}'")
        if abilities:
            values["abilities"] = {a: abilities[a] for a in ABILITY_NAMES if a in abilities}
        return cls(**values)

    def to_data(self) -> dict[str, Any]:
        """Plain TOML data with the key names of format 1 (None fields left out, and ``max_hp_lost``
        while 0, so that saves without such a wound read as before)."""
        data: dict[str, Any] = dict(self.abilities)
        for key, value in vars(self).items():  # the fields, in order (no slots)
            if value is not None and key != "abilities" and not (key == "max_hp_lost" and not value):
                data[key] = _plain(value)
        return data


def _plain(value: Any) -> Any:
    """Tuples as lists and dataclasses as tables, all the way down (TOML data; ``asdict`` is slower)."""
    if isinstance(value, (str, int, float)):
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {key: _plain(inner) for key, inner in vars(value).items()}
    return value


@dataclass(frozen=True)
class VaarnMoment:
    """What lasts a round or a fight, not a life: kept in ``WorldState.moment`` (None when empty).

    ``engaged``: the NPCs engaged in melee with the player (until one side
    leaves the room); ``acted_first``: NPCs that won initiative and acted
    before the player this round; ``felled``: those foes put the player down,
    so the player's action is lost; ``rest_choice``: what the coming long rest
    heals (``hp`` or ``wound``, "" for the rules' choice); ``arrived``: the
    player has just walked into a room (reaction rolls are due).
    """

    engaged: tuple[str, ...] = ()
    acted_first: tuple[str, ...] = ()
    felled: bool = False
    rest_choice: str = ""
    arrived: bool = False

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> VaarnMoment | None:
        """The moment from saved data; None for an empty table.  ValueError naming a bad field."""
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"vaarn moment: unknown key '{sorted(unknown)[0]}'")
        choice = _text("rest_choice", data.get("rest_choice", ""))
        if choice not in ("", "hp", "wound"):
            raise ValueError(f"vaarn moment: rest_choice must be hp or wound, not {choice!r}")
        moment = cls(engaged=_texts("engaged", data.get("engaged", [])),
                     acted_first=_texts("acted_first", data.get("acted_first", [])),
                     felled=_bool("felled", data.get("felled", False)), rest_choice=choice,
                     arrived=_bool("arrived", data.get("arrived", False)))
        return moment.or_none()

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = _plain(asdict(self))
        return data

    def or_none(self) -> VaarnMoment | None:
        """None when nothing is under way (the moment of a calm world)."""
        return None if self == VaarnMoment() else self
