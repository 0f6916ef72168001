"""OpenD6 typed records: the character sheet (:class:`D6Sheet`) and the moment (:class:`D6Moment`).

A sheet holds what lasts: die codes, the damage track, the points, and a few
lasting facts (an NPC's tier, creature type and whether the player was told
how hard it is to hit; whether the player wants the Character Point question).
Sheets are frozen: every change is a :func:`dataclasses.replace`.

What lasts an action or a round lives in the moment, held by
``WorldState.moment`` (None when nothing is under way): a Fate Point armed
for the next roll, the action a spent Fate Point doubles, and the complications
(-1D) still hanging over an actor.

Both read and write plain TOML data with the key names of format 1, so a
format-1 sheet reads back; :func:`migrate_v1` lifts the format-1 scratch keys
out of the sheets into the moment.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.events import PLAYER
from game.systems.opend6.codes import ATTRIBUTES, KIND_SKILL, SKILLS, DieCode

#: Highest wound level (dead), see ``opend6_sheet.WOUND_LEVELS``.
_DEAD_LEVEL = 6
#: Format-1 scratch keys of a sheet: :meth:`D6Sheet.from_data` drops them, :func:`migrate_v1` lifts them.
LEGACY_SCRATCH: tuple[str, ...] = ("setback", "setback_turn", "fate_armed", "fate_turn", "engaged")


# -- field readers: one-line ValueErrors naming the field --------------------------------

def _int(data: Mapping[str, Any], key: str, default: int | None = None, low: int | None = None,
         high: int | None = None) -> int:
    if key not in data:
        if default is None:
            raise ValueError(f"{key}: missing")
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key}: expected a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low if low is not None else '...'} to {high if high is not None else '...'}"
        raise ValueError(f"{key}: {value} is out of range ({span})")
    return value


def _optional_int(data: Mapping[str, Any], key: str, low: int | None = None) -> int | None:
    return _int(data, key, low=low) if key in data else None


def _bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"{key}: expected true or false, got {value!r}")
    return value


def _code(value: Any, key: str) -> DieCode:
    if not isinstance(value, str):
        raise ValueError(f"{key}: expected a die code like 3D+1, got {value!r}")
    try:
        return DieCode.parse(value)
    except ValueError as error:
        raise ValueError(f"{key}: {error}") from None


def _codes(data: Mapping[str, Any], key: str, known: tuple[str, ...], every: bool) -> dict[str, DieCode]:
    table = data.get(key, {})
    if not isinstance(table, Mapping):
        raise ValueError(f"{key}: expected a table of die codes")
    unknown = [name for name in table if name not in known]
    if unknown:
        raise ValueError(f"{key}.{unknown[0]}: unknown")
    missing = [name for name in known if name not in table] if every else []
    if missing:
        raise ValueError(f"{key}.{missing[0]}: missing")
    return {name: _code(value, f"{key}.{name}") for name, value in table.items()}


# -- specializations (OpenD6's public rules; the seed names only skills) ----------------------

@dataclass(frozen=True)
class Specialization:
    """A narrower focus of ``skill`` with its own die ``code`` (the whole code rolled, attribute
    included: ``melee: knives 5D`` when melee is 4D), rolled instead of the skill when an action
    falls within ``covers``: check kinds of that skill (``lore``), item ids (``knife``) or item
    kinds (``exotica``)."""

    skill: str
    code: DieCode
    covers: tuple[str, ...]


def split_name(name: str, key: str = "specializations") -> tuple[str, str]:
    """``"melee: knives"`` -> ``("melee", "knives")``; ValueError naming ``key.name`` otherwise."""
    problem = name_problem(name)
    if problem:
        raise ValueError(f"{key}.{name}: {problem}")
    skill, _, focus = str(name).partition(":")
    return skill.strip(), focus.strip()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a specialization (``SKILL: FOCUS`` of an OpenD6 skill), or None."""
    skill, colon, focus = str(name).partition(":")
    skill, focus = skill.strip(), focus.strip()
    if not colon or not skill or not focus:
        return 'expected "SKILL: FOCUS", e.g. "melee: knives"'
    if skill not in SKILLS:
        return f"{skill} is not an OpenD6 skill"
    return None


def full_name(name: str) -> str:
    """A specialization's name as the sheet keys it: ``melee: knives`` (one space after the colon)."""
    skill, _, focus = name.partition(":")
    return f"{skill.strip()}: {focus.strip()}"


def covers_problem(skill: str, covers: Any, where: str) -> str | None:
    """``where: why`` ``covers`` cannot be a specialization of ``skill``'s list, or None (see :func:`covers_reason`)."""
    reason = covers_reason(skill, covers)
    return f"{where}: {reason}" if reason else None


def covers_reason(skill: str, covers: Any) -> str | None:
    """Why ``covers`` cannot be a specialization of ``skill``'s list, or None.

    Each entry is a word; one that is a check kind must be a kind ``skill`` rolls (a
    ``climb`` is never melee)."""
    if not isinstance(covers, (list, tuple)) or not covers:
        return "expected a list of check kinds, item ids or item kinds"
    for entry in covers:
        if not isinstance(entry, str) or not entry.strip() or entry != entry.strip():
            return f"{entry!r} is not a word"
        if entry in KIND_SKILL and KIND_SKILL[entry] != skill:
            return f"a {entry} check rolls {KIND_SKILL[entry]}, not {skill}"
    return None


def _specializations(data: Mapping[str, Any]) -> dict[str, Specialization]:
    """The saved ``specializations`` table: ``"SKILL: FOCUS" = { code, covers }``."""
    table = data.get("specializations", {})
    if not isinstance(table, Mapping):
        raise ValueError("specializations: expected a table")
    found: dict[str, Specialization] = {}
    for name, entry in table.items():
        skill, _ = split_name(str(name))
        where = f"specializations.{name}"
        if not isinstance(entry, Mapping) or set(entry) != {"code", "covers"}:
            raise ValueError(f"{where}: expected code and covers")
        problem = covers_problem(skill, entry["covers"], f"{where}.covers")
        if problem:
            raise ValueError(problem)
        found[full_name(str(name))] = Specialization(skill, _code(entry["code"], f"{where}.code"),
                                                      tuple(entry["covers"]))
    return found


# -- the sheet -------------------------------------------------------------------------------

@dataclass(frozen=True)
class D6Sheet:
    """An OpenD6 character sheet (player or NPC).

    ``attributes`` holds every attribute's code; ``skills`` the dice each skill
    ADDS to its attribute.  ``wound_level`` runs 0 healthy .. 6 dead (wounds
    system); ``body_points`` and ``body_points_max`` are set under body-points
    only.  ``fate_heroic`` counts Fate Points spent at heroic moments (they come
    back at the end).  ``tags`` are what a weapon's ``bonus_against`` may name,
    besides ``creature``.  NPCs: ``tier`` (1..5), ``creature`` (the content's
    creature type), ``sized_up`` (the player was hinted how hard it is to hit).
    Player: ``cp_prompt`` (ask about Character Points after a near miss).
    ``specializations``: full name (``melee: knives``) -> :class:`Specialization`.
    """

    attributes: Mapping[str, DieCode]
    skills: Mapping[str, DieCode] = field(default_factory=dict)
    armor: DieCode = DieCode(0)
    wound_level: int = 0
    stun_rounds: int = 0
    mortal_rounds: int = 0
    character_points: int = 0
    fate_points: int = 0
    fate_heroic: int = 0
    body_points: int | None = None
    body_points_max: int | None = None
    tags: tuple[str, ...] = ()
    tier: int | None = None
    creature: str = ""
    sized_up: bool = False
    cp_prompt: bool = True
    specializations: Mapping[str, Specialization] = field(default_factory=dict)

    def attribute(self, name: str) -> DieCode:
        """An attribute's die code (0D when the sheet lacks it)."""
        return self.attributes.get(name, DieCode(0))

    def added(self, skill: str) -> DieCode:
        """The dice a skill adds to its attribute (0D when untrained)."""
        return self.skills.get(skill, DieCode(0))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> D6Sheet:
        """A sheet from plain data; ValueError naming the field when a value is wrong.

        Unknown keys are refused, except the format-1 scratch keys of
        :data:`LEGACY_SCRATCH`, which are dropped (they belong to the moment).
        """
        known = {f for f in cls.__dataclass_fields__} | set(LEGACY_SCRATCH)
        unknown = sorted(str(key) for key in data if key not in known)
        if unknown:
            raise ValueError(f"{unknown[0]}: not an OpenD6 sheet entry")
        tags = data.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
            raise ValueError("tags: expected a list of words")
        creature = data.get("creature", "")
        if not isinstance(creature, str):
            raise ValueError(f"creature: expected a word, got {creature!r}")
        sheet = cls(
            attributes=_codes(data, "attributes", ATTRIBUTES, every=True),
            skills=_codes(data, "skills", tuple(SKILLS), every=False),
            armor=_code(data.get("armor", "0D"), "armor"),
            wound_level=_int(data, "wound_level", 0, 0, _DEAD_LEVEL),
            stun_rounds=_int(data, "stun_rounds", 0, 0, 2),
            mortal_rounds=_int(data, "mortal_rounds", 0, 0),
            character_points=_int(data, "character_points", 0, 0),
            fate_points=_int(data, "fate_points", 0, 0),
            fate_heroic=_int(data, "fate_heroic", 0, 0),
            body_points=_optional_int(data, "body_points"),
            body_points_max=_optional_int(data, "body_points_max", low=1),
            tags=tuple(tags),
            tier=_optional_int(data, "tier", low=1),
            creature=creature,
            sized_up=_bool(data, "sized_up", False),
            cp_prompt=_bool(data, "cp_prompt", True),
            specializations=_specializations(data),
        )
        if (sheet.body_points is None) != (sheet.body_points_max is None):
            raise ValueError("body_points: body_points and body_points_max go together")
        if sheet.tier is not None and sheet.tier > 5:
            raise ValueError(f"tier: {sheet.tier} is out of range (1 to 5)")
        return sheet

    def to_data(self) -> dict[str, Any]:
        """Plain TOML data with the format-1 key names; entries at their default are left out
        where format 1 left them out too."""
        data: dict[str, Any] = {
            "attributes": {name: str(code) for name, code in self.attributes.items()},
            "skills": {name: str(code) for name, code in self.skills.items()},
            "armor": str(self.armor),
            "wound_level": self.wound_level,
            "stun_rounds": self.stun_rounds,
            "mortal_rounds": self.mortal_rounds,
            "character_points": self.character_points,
            "fate_points": self.fate_points,
            "fate_heroic": self.fate_heroic,
        }
        if self.body_points is not None and self.body_points_max is not None:
            data["body_points"], data["body_points_max"] = self.body_points, self.body_points_max
        if self.tags:
            data["tags"] = list(self.tags)
        if self.tier is not None:
            data["tier"] = self.tier
        if self.creature:
            data["creature"] = self.creature
        if self.sized_up:
            data["sized_up"] = True
        if not self.cp_prompt:
            data["cp_prompt"] = False
        if self.specializations:
            data["specializations"] = {name: {"code": str(spec.code), "covers": list(spec.covers)}
                                       for name, spec in self.specializations.items()}
        return data


# -- the moment ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setback:
    """A complication's -1D hanging over an actor: ``rounds`` it lasts (2, then 1), the
    ``turn`` (action) it came in, whose later rolls it spares."""

    rounds: int
    turn: int


@dataclass(frozen=True)
class D6Moment:
    """What lasts an action or a round: ``fate_armed`` (a Fate Point waits for the player's
    next roll), ``fate_turn`` (the action whose rolls a spent Fate Point doubles),
    ``setbacks`` (actor id -> the complication hanging over it), ``cp_armed`` (Character
    Points the player set aside before their next roll, one extra die each), ``cp_damage``
    and ``cp_resist`` (set aside for the damage roll of their next hit, or for their next
    resistance roll), ``defences`` (the player's active defences so far in the round of
    action ``defence_turn``: the multiple-action penalty), and the initiative of the round of
    action ``round_turn``: ``round_order`` (actors highest first, ``player`` among them) and
    ``acted_first`` (the NPCs that beat the player and have acted)."""

    fate_armed: bool = False
    fate_turn: int | None = None
    setbacks: Mapping[str, Setback] = field(default_factory=dict)
    cp_armed: int = 0
    cp_damage: int = 0
    cp_resist: int = 0
    defence_turn: int | None = None
    defences: int = 0
    round_turn: int | None = None
    round_order: tuple[str, ...] = ()
    acted_first: tuple[str, ...] = ()

    @property
    def idle(self) -> bool:
        """Nothing under way: the state holds None instead."""
        return (not self.fate_armed and self.fate_turn is None and not self.setbacks and not self.cp_armed
                and not self.cp_damage and not self.cp_resist and self.defence_turn is None
                and self.round_turn is None)

    def acted(self, turn: int) -> tuple[str, ...]:
        """The NPCs that won initiative and acted before the player in the round of action ``turn``."""
        return self.acted_first if self.round_turn == turn else ()

    def setback(self, who: str) -> Setback | None:
        return self.setbacks.get(who)

    def with_setback(self, who: str, setback: Setback | None) -> D6Moment:
        """The moment with ``who``'s setback replaced (None: lifted)."""
        setbacks = {key: value for key, value in self.setbacks.items() if key != who}
        if setback is not None:
            setbacks[who] = setback
        return dataclasses.replace(self, setbacks=setbacks)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> D6Moment | None:
        """The moment from plain data ({} -> None); ValueError naming the field otherwise."""
        unknown = sorted(str(key) for key in data if key not in ("fate_armed", "fate_turn", "setbacks", "cp_armed",
                                                                "cp_damage", "cp_resist", "defence_turn",
                                                                "defences", "round_turn", "round_order",
                                                                "acted_first"))
        if unknown:
            raise ValueError(f"moment.{unknown[0]}: not an OpenD6 moment entry")
        table = data.get("setbacks", {})
        if not isinstance(table, Mapping):
            raise ValueError("moment.setbacks: expected a table")
        setbacks: dict[str, Setback] = {}
        for who, entry in table.items():
            if not isinstance(entry, Mapping) or set(entry) != {"rounds", "turn"}:
                raise ValueError(f"moment.setbacks.{who}: expected rounds and turn")
            setbacks[str(who)] = Setback(_int(entry, "rounds", low=1, high=2), _int(entry, "turn"))
        cp_armed = _optional_int(data, "cp_armed", low=0) or 0
        moment = cls(_bool(data, "fate_armed", False), _optional_int(data, "fate_turn", low=0), setbacks, cp_armed,
                     _optional_int(data, "cp_damage", low=0) or 0, _optional_int(data, "cp_resist", low=0) or 0,
                     _optional_int(data, "defence_turn", low=0), _optional_int(data, "defences", low=0) or 0,
                     _optional_int(data, "round_turn", low=0), _words(data, "round_order"),
                     _words(data, "acted_first"))
        if (moment.round_order or moment.acted_first) and moment.round_turn is None:
            raise ValueError("moment.round_turn: missing (round_order and acted_first belong to a round)")
        if not set(moment.acted_first) <= set(moment.round_order):
            raise ValueError("moment.acted_first: names someone not in round_order")
        return None if moment.idle else moment

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.fate_armed:
            data["fate_armed"] = True
        if self.fate_turn is not None:
            data["fate_turn"] = self.fate_turn
        if self.cp_armed:
            data["cp_armed"] = self.cp_armed
        if self.cp_damage:
            data["cp_damage"] = self.cp_damage
        if self.cp_resist:
            data["cp_resist"] = self.cp_resist
        if self.defence_turn is not None:
            data["defence_turn"] = self.defence_turn
            data["defences"] = self.defences
        if self.round_turn is not None:
            data["round_turn"] = self.round_turn
            data["round_order"] = list(self.round_order)
            data["acted_first"] = list(self.acted_first)
        if self.setbacks:
            data["setbacks"] = {who: {"rounds": s.rounds, "turn": s.turn} for who, s in sorted(self.setbacks.items())}
        return data


def _words(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """A list of ids (actors) in the moment; ValueError naming ``moment.key`` otherwise."""
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(word, str) and word for word in value):
        raise ValueError(f"moment.{key}: expected a list of names")
    if len(set(value)) != len(value):
        raise ValueError(f"moment.{key}: names someone twice")
    return tuple(value)


def settled(moment: D6Moment) -> D6Moment | None:
    """What the state holds: the moment, or None when it is idle."""
    return None if moment.idle else moment


# -- format 1 ----------------------------------------------------------------------------------

def _lift(sheet: dict[str, Any], who: str, moment: dict[str, Any]) -> None:
    """Move ``sheet``'s scratch keys into ``moment`` (plain data), in place."""
    rounds = sheet.pop("setback", 0)
    turn = sheet.pop("setback_turn", -1)
    if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds > 0:
        moment.setdefault("setbacks", {})[who] = {"rounds": min(rounds, 2), "turn": turn}
    armed = sheet.pop("fate_armed", False)
    if who == PLAYER and armed is True:
        moment["fate_armed"] = True
    sheet.pop("fate_turn", None)  # the action it doubled was over when the state was saved
    sheet.pop("engaged", None)


def migrate_v1(state: dict[str, Any]) -> dict[str, Any]:
    """A format-1 ``[state]`` table as format 2: the scratch keys of the player's and the
    NPCs' sheets (:data:`LEGACY_SCRATCH`) lifted into ``state["moment"]``."""
    moment: dict[str, Any] = dict(state.get("moment", {}))
    player = state.get("player")
    if isinstance(player, dict):
        _lift(player, PLAYER, moment)
    for npc_id, npc in dict(state.get("npcs", {})).items():
        sheet = npc.get("sheet") if isinstance(npc, dict) else None
        if isinstance(sheet, dict):
            _lift(sheet, str(npc_id), moment)
    state["moment"] = moment
    return state
