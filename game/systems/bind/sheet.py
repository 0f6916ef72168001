"""BIND character sheets as frozen records, read from and written to plain TOML data.

A :class:`BindSheet` is never changed: rules and play make new ones with
:func:`dataclasses.replace`.  :meth:`BindSheet.from_data` validates every field
of saved data (a one-line ValueError naming the field otherwise) and
:meth:`BindSheet.to_data` writes the keys format-1 saves already used, so those
read back.  docs/internals/bind.md, "In play", says what each field means.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.rules.base import carried_health

ATTRIBUTES: tuple[str, ...] = ("strength", "dexterity", "speed", "intelligence", "wits", "charisma")
#: House rule: the seed names Crafts, Stealth, Tactics and Medicine; the rest follow BIND's public list.
SKILLS: tuple[str, ...] = (
    "academics", "athletics", "beast_ken", "combat", "crafts", "deceit", "empathy", "larceny",
    "medicine", "performance", "projectiles", "stealth", "survival", "tactics", "vigilance",
)
#: No BIND number on a sheet goes beyond this (a hand-edited save could make play loop).
LIMIT = 999
#: The weeks of seed 003 §Healing are counted in days; a week's days never reach 7.
DAYS_PER_WEEK = 7
#: Format-1 scratch keys of the player's sheet (the one-roll memo, now in the moment): dropped on reading.
LEGACY_SCRATCH: frozenset[str] = frozenset({"memo", "memo_day"})


@dataclass(frozen=True)
class Arms:
    """A weapon in BIND numbers: bonus to the combat roll, bonus to damage, ranged or not, and the
    kind of harm it deals (not saved: the sheet is re-armed from the item before each exchange)."""

    name: str = "bare hands"
    bonus: int = 0
    damage: int = 0
    ranged: bool = False
    damage_type: str = ""


@dataclass(frozen=True)
class Armour:
    """Armour worn: damage reduction and covering (BIND's public rules)."""

    dr: int = 0
    covering: int = 0


def _zeros(names: tuple[str, ...]) -> dict[str, int]:
    return dict.fromkeys(names, 0)


@dataclass(frozen=True)
class BindSheet:
    """One character, player or NPC (``npc``), in BIND's numbers."""

    attributes: Mapping[str, int] = field(default_factory=lambda: _zeros(ATTRIBUTES))
    skills: Mapping[str, int] = field(default_factory=lambda: _zeros(SKILLS))
    hp: int = 6
    max_hp: int = 6
    race: str = "human"
    fatigue: int = 0
    armour: Armour = Armour()
    #: The weapon this sheet fights with when it defends or strikes back (play keeps it in step).
    wielded: Arms = Arms()
    npc: bool = False
    tier: int = 0
    dead: bool = False
    #: Down, but its life saved: it will wake.
    stable: bool = False
    #: Days counted towards the next week of healing (seed 003 §Healing).
    healing_days: int = 0
    #: The creature type of an NPC (content's ``creature``); weapons may be made for it.
    creature: str = "biological"
    #: The name the rolls' text gives it (``you``, ``the glass jackal``); "" until play has armed it.
    name: str = ""
    #: The Encumbrance of the load carried (seed 003 §Weight), kept in step by play.
    encumbrance: int = 0
    #: An NPC that has fought the player in melee this encounter (so its shots can be answered).
    engaged: bool = False
    #: Experience Points to spend in downtime (seed 003 §Downtime: advance Traits).
    xp: int = 0
    #: The XP values of the foes beaten since the last downtime, awarded (discounted) at the next.
    xp_pending: tuple[int, ...] = ()
    #: The Traits raised in the downtime under way (one level a Trait an adventure).
    trained: tuple[str, ...] = ()
    #: Downtime under way: Traits may be trained until the player leaves the place.
    in_downtime: bool = False
    #: Action points left in the round under way (option ``action_points``); below 0 a penalty.
    ap: int = 0

    def attribute(self, name: str) -> int:
        return self.attributes.get(name, 0)

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    def with_definition_of(self, fresh: BindSheet) -> BindSheet:
        """This NPC under its changed definition ``fresh`` (see ``RuleSystem.carry_npc_state``).

        From ``fresh``: Attributes, skills, maximum HP, race, armour, tier,
        creature type.  Carried: HP lost (:func:`~game.rules.base.carried_health`:
        one down stays down, short of death at minus its maximum), Fatigue,
        death, a life saved (``stable``), healing days, and what play keeps in
        step (the weapon wielded, its name in rolls, encumbrance, engaged).
        """
        dead = self.dead or self.hp <= -self.max_hp
        hp = carried_health(self.hp, self.max_hp, fresh.max_hp, -LIMIT if dead else 1 - fresh.max_hp)
        return replace(self, attributes=fresh.attributes, skills=fresh.skills, max_hp=fresh.max_hp, hp=hp,
                       race=fresh.race, armour=fresh.armour, tier=fresh.tier, creature=fresh.creature,
                       dead=self.dead or (dead and hp > -fresh.max_hp))

    def to_data(self) -> dict[str, Any]:
        """Plain TOML data, with the keys format-1 saves used."""
        return {
            "race": self.race, "attributes": dict(self.attributes), "skills": dict(self.skills),
            "hp": self.hp, "max_hp": self.max_hp, "fatigue": self.fatigue,
            "armour": {"dr": self.armour.dr, "covering": self.armour.covering},
            "wielded": {"name": self.wielded.name, "bonus": self.wielded.bonus, "damage": self.wielded.damage,
                        "ranged": self.wielded.ranged},
            "npc": self.npc, "tier": self.tier, "dead": self.dead, "stable": self.stable,
            "healing_days": self.healing_days, "creature": self.creature, "name": self.name,
            "encumbrance": self.encumbrance, "engaged": self.engaged,
            **self._advancement_data(),
        }

    def _advancement_data(self) -> dict[str, Any]:
        """The advancement keys, written only when they are not at their start (older saves lack them)."""
        data: dict[str, Any] = {}
        if self.xp:
            data["xp"] = self.xp
        if self.xp_pending:
            data["xp_pending"] = list(self.xp_pending)
        if self.trained:
            data["trained"] = list(self.trained)
        if self.in_downtime:
            data["in_downtime"] = True
        if self.ap:
            data["ap"] = self.ap
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BindSheet:
        """A sheet from saved data; ValueError naming the first field that is wrong.

        ``attributes``, ``skills``, ``hp`` and ``max_hp`` are required, the rest
        default; a skill left out is 0.  Unknown keys are refused, but the
        format-1 scratch keys (:data:`LEGACY_SCRATCH`) are dropped.
        """
        unknown = sorted(set(data) - _FIELDS - LEGACY_SCRATCH)
        if unknown:
            raise ValueError(f"bind sheet: unknown key '{unknown[0]}'")
        for key in ("attributes", "skills", "hp", "max_hp"):
            if key not in data:
                raise ValueError(f"bind sheet: {key} is missing")
        attributes = _numbers(data["attributes"], "attributes", ATTRIBUTES, every=True)
        skills = {**_zeros(SKILLS), **_numbers(data["skills"], "skills", SKILLS, every=False)}
        armour = _table(data.get("armour", {}), "armour", {"dr", "covering"})
        wielded = _table(data.get("wielded", {}), "wielded", {"name", "bonus", "damage", "ranged"})
        return cls(
            attributes=attributes, skills=skills,
            hp=_int(data["hp"], "hp", -LIMIT, LIMIT),
            max_hp=_int(data["max_hp"], "max_hp", 1, LIMIT),
            race=_text(data.get("race", "human"), "race"),
            fatigue=_int(data.get("fatigue", 0), "fatigue", 0, LIMIT),
            armour=Armour(dr=_int(armour.get("dr", 0), "armour.dr", 0, LIMIT),
                          covering=_int(armour.get("covering", 0), "armour.covering", 0, LIMIT)),
            wielded=Arms(name=_text(wielded.get("name", "bare hands"), "wielded.name"),
                         bonus=_int(wielded.get("bonus", 0), "wielded.bonus", -LIMIT, LIMIT),
                         damage=_int(wielded.get("damage", 0), "wielded.damage", -LIMIT, LIMIT),
                         ranged=_flag(wielded.get("ranged", False), "wielded.ranged")),
            npc=_flag(data.get("npc", False), "npc"),
            tier=_int(data.get("tier", 0), "tier", 0, 5),
            dead=_flag(data.get("dead", False), "dead"),
            stable=_flag(data.get("stable", False), "stable"),
            healing_days=_int(data.get("healing_days", 0), "healing_days", 0, DAYS_PER_WEEK - 1),
            creature=_text(data.get("creature", "biological"), "creature"),
            name=_text(data.get("name", ""), "name", empty=True),
            encumbrance=_int(data.get("encumbrance", 0), "encumbrance", 0, LIMIT),
            engaged=_flag(data.get("engaged", False), "engaged"),
            xp=_int(data.get("xp", 0), "xp", 0, LIMIT * LIMIT),
            xp_pending=tuple(_int(v, "xp_pending", 0, LIMIT) for v in _list(data.get("xp_pending", []), "xp_pending")),
            trained=tuple(_trait(v) for v in _list(data.get("trained", []), "trained")),
            in_downtime=_flag(data.get("in_downtime", False), "in_downtime"),
            ap=_int(data.get("ap", 0), "ap", -LIMIT, LIMIT),
        )


_FIELDS: frozenset[str] = frozenset(BindSheet.__dataclass_fields__)


def _int(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise ValueError(f"bind sheet: {name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"bind sheet: {name} must be from {low} to {high}, not {value}")
    return value


def _flag(value: object, name: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"bind sheet: {name} must be true or false, not {value!r}")
    return value


def _text(value: object, name: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not value and not empty):
        raise ValueError(f"bind sheet: {name} must be a word, not {value!r}")
    return value


def _list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list) or len(value) > LIMIT:
        raise ValueError(f"bind sheet: {name} must be a list, not {value!r}")
    return value


def _trait(value: object) -> str:
    if value not in ATTRIBUTES + SKILLS:
        raise ValueError(f"bind sheet: trained: {value!r} is not a Trait")
    return str(value)


def _table(value: object, name: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"bind sheet: {name} must be a table, not {value!r}")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise ValueError(f"bind sheet: unknown key '{name}.{unknown[0]}'")
    return value


def _numbers(value: object, name: str, names: tuple[str, ...], *, every: bool) -> dict[str, int]:
    table = _table(value, name, set(names))
    if every:
        missing = [n for n in names if n not in table]
        if missing:
            raise ValueError(f"bind sheet: {name}.{missing[0]} is missing")
    return {key: _int(number, f"{name}.{key}", -LIMIT, LIMIT) for key, number in table.items()}
