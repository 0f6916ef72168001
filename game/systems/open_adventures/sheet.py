"""Open Adventures sheets and the turn record, as frozen typed records.

:class:`OASheet` is one character (player or NPC): its attributes, its pool
(health) and the pool's state this turn (dice left, dice spent per attribute,
dice held back to defend), fatigue, an unfinished skill check, and for NPCs
the hits it can still take and its creature type.  The protocol's sheet-only
views (``health``, ``sheet_lines``) show the dice left, what was spent and
what is held back, so those stay on the sheet.

:class:`OATurn` is the player's turn record: what lasts only while a turn is
under way (a fight turn open, ended, pushing...) and where the enemies stand.
Play keeps it in ``WorldState.moment`` (None when it is the default).

Both convert to plain TOML data and back; ``from_data`` validates every field
and raises a one-line ValueError naming the field.  Format-1 sheets held
scratch entries (``turn``, ``name``, ``distance``): ``from_data`` drops them
(``OpenAdventures.migrate_v1`` lifts them into the moment first).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.rules.base import carried_health
from game.systems.open_adventures.dice import ACTION_ATTRIBUTES, ATTRIBUTES

#: The largest number any sheet field may hold (a save beyond it is damaged).
MAX_NUMBER = 10_000
#: Format-1 scratch entries of a sheet, dropped on reading.
LEGACY_KEYS = frozenset({"turn", "name", "distance"})


def _int(data: Mapping[str, Any], key: str, where: str, default: int | None = None, low: int = 0,
         high: int = MAX_NUMBER) -> int:
    if key not in data:
        if default is None:
            raise ValueError(f"{where}.{key} is missing")
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{where}.{key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _bool(data: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"{where}.{key} must be true or false, not {value!r}")
    return value


def _str(data: Mapping[str, Any], key: str, where: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ValueError(f"{where}.{key} must be text, not {value!r}")
    return value


def _table(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise ValueError(f"{where}.{key} must be a table, not {value!r}")
    return value


def _refuse_unknown(data: Mapping[str, Any], known: set[str] | frozenset[str], where: str) -> None:
    for key in data:
        if key not in known:
            raise ValueError(f"{where}: unknown key {key!r}")


@dataclass(frozen=True)
class Spent:
    """Dice spent this turn on each action attribute (seed 000 §1 Attributes)."""

    move: int = 0
    fight: int = 0
    shoot: int = 0
    skill: int = 0
    will: int = 0

    def of(self, attribute: str) -> int:
        """Dice spent on ``attribute`` (0 for Defence, which is capped per attack)."""
        values = {"move": self.move, "fight": self.fight, "shoot": self.shoot, "skill": self.skill, "will": self.will}
        return values.get(attribute, 0)

    def plus(self, attribute: str, count: int) -> Spent:
        if attribute not in ACTION_ATTRIBUTES:
            return self
        return replace(self, **{attribute: self.of(attribute) + count})

    @classmethod
    def from_data(cls, data: Mapping[str, Any], where: str = "spent") -> Spent:
        _refuse_unknown(data, set(ACTION_ATTRIBUTES), where)
        return cls(**{a: _int(data, a, where, 0) for a in ACTION_ATTRIBUTES})

    def to_data(self) -> dict[str, Any]:
        return {a: self.of(a) for a in ACTION_ATTRIBUTES}


@dataclass(frozen=True)
class Progress:
    """An unfinished skill check: its task and the successes so far (seed 000 §2 Skill Checks)."""

    task: str = ""
    successes: int = 0

    @classmethod
    def from_data(cls, data: Mapping[str, Any], where: str = "progress") -> Progress:
        _refuse_unknown(data, {"task", "successes"}, where)
        return cls(_str(data, "task", where, ""), _int(data, "successes", where, 0))

    def to_data(self) -> dict[str, Any]:
        return {"task": self.task, "successes": self.successes}


NO_PROGRESS = Progress()


@dataclass(frozen=True)
class OASheet:
    """One character under Open Adventures.

    ``pool`` is the dice of a turn and the health (for an NPC only its dice);
    ``dice_left`` what is left of this turn's dice; ``reserve`` the dice the
    player holds back to defend this turn; ``hits``/``hits_max`` the hits an NPC
    can still take (0 for the player); ``creature`` an NPC's type ("" for the player).
    """

    move: int
    fight: int
    shoot: int
    skill: int
    will: int
    defence: int
    pool: int
    pool_max: int
    dice_left: int
    fatigue: int = 0
    spent: Spent = Spent()
    progress: Progress = NO_PROGRESS
    dead: bool = False
    npc: bool = False
    hits: int = 0
    hits_max: int = 0
    creature: str = ""
    reserve: int = 0

    def attribute(self, name: str) -> int:
        """The value of an attribute by name (``move`` .. ``defence``)."""
        values = {"move": self.move, "fight": self.fight, "shoot": self.shoot, "skill": self.skill,
                  "will": self.will, "defence": self.defence}
        if name not in values:
            raise ValueError(f"unknown attribute {name!r}; attributes: {', '.join(ATTRIBUTES)}")
        return values[name]

    def with_definition_of(self, fresh: OASheet) -> OASheet:
        """This NPC under its changed definition ``fresh`` (see ``RuleSystem.carry_npc_state``).

        From ``fresh``: the attributes, the pool's and the hits' maximum, the
        creature type.  Carried: the hits and the pool below their maximum
        (:func:`~game.rules.base.carried_health`: one knocked out stays out),
        the dice left this turn (as many fewer as the pool), fatigue, what was
        spent and an unfinished check, death.
        """
        pool = carried_health(self.pool, self.pool_max, fresh.pool_max, 0)
        hits = carried_health(self.hits, self.hits_max, fresh.hits_max, 0) if self.npc else self.hits
        return replace(self, move=fresh.move, fight=fresh.fight, shoot=fresh.shoot, skill=fresh.skill,
                       will=fresh.will, defence=fresh.defence, pool=pool, pool_max=fresh.pool_max,
                       dice_left=min(max(self.dice_left + pool - self.pool, 0), pool), hits=hits,
                       hits_max=fresh.hits_max if self.npc else self.hits_max, creature=fresh.creature)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> OASheet:
        """A sheet from saved data; ValueError naming the first bad field."""
        where = "sheet"
        npc = _bool(data, "npc", where, False)
        known = {"npc", *ATTRIBUTES, "pool", "pool_max", "dice_left", "fatigue", "spent", "progress", "dead"}
        known |= {"hits", "hits_max", "creature"} if npc else {"reserve"}
        _refuse_unknown(data, known | LEGACY_KEYS, where)
        sheet = cls(
            move=_int(data, "move", where), fight=_int(data, "fight", where), shoot=_int(data, "shoot", where),
            skill=_int(data, "skill", where), will=_int(data, "will", where), defence=_int(data, "defence", where),
            pool=_int(data, "pool", where), pool_max=_int(data, "pool_max", where, low=1),
            dice_left=_int(data, "dice_left", where), fatigue=_int(data, "fatigue", where, 0),
            spent=Spent.from_data(_table(data, "spent", where), f"{where}.spent"),
            progress=Progress.from_data(_table(data, "progress", where), f"{where}.progress"),
            dead=_bool(data, "dead", where, False), npc=npc,
            hits=_int(data, "hits", where) if npc else 0, hits_max=_int(data, "hits_max", where, low=1) if npc else 0,
            creature=_str(data, "creature", where, "biological") if npc else "",
            reserve=0 if npc else _int(data, "reserve", where, 0))
        if sheet.pool > sheet.pool_max:
            raise ValueError(f"{where}.pool {sheet.pool} is above pool_max {sheet.pool_max}")
        if sheet.hits > sheet.hits_max:
            raise ValueError(f"{where}.hits {sheet.hits} is above hits_max {sheet.hits_max}")
        return sheet

    def to_data(self) -> dict[str, Any]:
        """Plain TOML data with the key names of format 1 (read back by :meth:`from_data`)."""
        data: dict[str, Any] = {"npc": self.npc}
        data.update({a: self.attribute(a) for a in ATTRIBUTES})
        data.update({"pool": self.pool, "pool_max": self.pool_max, "dice_left": self.dice_left,
                     "fatigue": self.fatigue, "spent": self.spent.to_data(), "progress": self.progress.to_data(),
                     "dead": self.dead})
        if self.npc:
            data.update({"hits": self.hits, "hits_max": self.hits_max, "creature": self.creature})
        else:
            data["reserve"] = self.reserve
        return data


def make_sheet(attributes: Mapping[str, int], pool: int, *, npc: bool = False, hits: int = 1,
               creature: str = "biological") -> OASheet:
    """A fresh sheet: full pool, no fatigue, nothing spent."""
    sheet = OASheet(move=int(attributes["move"]), fight=int(attributes["fight"]), shoot=int(attributes["shoot"]),
                    skill=int(attributes["skill"]), will=int(attributes["will"]), defence=int(attributes["defence"]),
                    pool=pool, pool_max=pool, dice_left=pool)
    return replace(sheet, npc=True, hits=hits, hits_max=hits, creature=creature) if npc else sheet


@dataclass(frozen=True)
class OATurn:
    """The player's turn record (the moment): what lasts while a turn is under way.

    ``fight``        a fight turn is open: the dice spent so far count toward it
    ``acted``        the player has done something this fight turn (a rest turn must come first)
    ``ended``        the player ended the turn (``end``, ``defend``, ``recover``)
    ``pushing``      the player has pushed this turn: the turn stays open at 0 dice until ``end``
    ``push_now``     the action under way may run past the pool (``push COMMAND``)
    ``arrived``      the player came into this room during the action under way
    ``progress_at``  the log index of the command that last rolled the unfinished check (-1: none)
    ``distances``    inches from the player to each NPC whose place in a fight is known
                     (house rule: 0 engaged, up to 6 near, up to 12 far, beyond distant)
    """

    fight: bool = False
    acted: bool = False
    ended: bool = False
    pushing: bool = False
    push_now: bool = False
    arrived: bool = False
    progress_at: int = -1
    distances: Mapping[str, int] = field(default_factory=dict)

    def distance(self, npc_id: str) -> int:
        """Inches to ``npc_id`` (0 when never set: beside you, as after talking)."""
        return self.distances.get(npc_id, 0)

    def with_distance(self, npc_id: str, inches: int) -> OATurn:
        return replace(self, distances={**self.distances, npc_id: max(0, inches)})

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> OATurn:
        """A turn record from saved data ({} is the default record); ValueError naming a bad field."""
        where = "moment"
        flags = ("fight", "acted", "ended", "pushing", "push_now", "arrived")
        _refuse_unknown(data, {*flags, "progress_at", "distances"}, where)
        distances = _table(data, "distances", where)
        return cls(**{flag: _bool(data, flag, where, False) for flag in flags},
                   progress_at=_int(data, "progress_at", where, -1, low=-1, high=10**9),
                   distances={str(k): _int(distances, k, f"{where}.distances") for k in distances})

    def to_data(self) -> dict[str, Any]:
        return {"fight": self.fight, "acted": self.acted, "ended": self.ended, "pushing": self.pushing,
                "push_now": self.push_now, "arrived": self.arrived, "progress_at": self.progress_at,
                "distances": dict(sorted(self.distances.items()))}


def migrate_v1(state: dict[str, Any]) -> dict[str, Any]:
    """A format-1 ``[state]`` table in format 2: the player's ``turn`` record and the NPCs' ``distance``
    entries lifted into ``moment``, the dice held back into the player's ``reserve``, names dropped.

    Returns a new table; ``state`` is not changed.
    """
    migrated = dict(state)
    player = dict(migrated.get("player", {}))
    record = dict(player.pop("turn", {}))
    if "reserve" in record:
        player["reserve"] = record.pop("reserve")
    player.pop("name", None)
    player.pop("distance", None)
    migrated["player"] = player
    distances: dict[str, Any] = {}
    npcs = {}
    for npc_id, npc in dict(migrated.get("npcs", {})).items():
        npc = dict(npc)
        sheet = dict(npc.get("sheet", {}))
        if "distance" in sheet:
            distances[npc_id] = sheet.pop("distance")
        sheet.pop("name", None)
        sheet.pop("turn", None)
        npc["sheet"] = sheet
        npcs[npc_id] = npc
    migrated["npcs"] = npcs
    if distances:
        record["distances"] = distances
    migrated["moment"] = record
    return migrated
