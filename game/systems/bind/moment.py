"""What BIND keeps beyond the sheets for a while: the day's remembered rolls and the round under way.

seed 003 §One Roll Only: a retry of the same action under the same
circumstances gives the same result, so the faces of today's rolls are
remembered (:attr:`BindMoment.memo`, saved with the game).  The round under way
(:class:`BindRound`: whom the player already fought, who just arrived, the
round's Fatigue...) lasts one action and its NPC phase; it is never saved,
since a save is made between actions.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.systems.bind.core import SIDES
from game.systems.bind.sheet import LIMIT


@dataclass(frozen=True)
class BindRound:
    """The action under way and its round (reset when the player acts)."""

    #: Where the player stood when the action began (a hazard's tie may turn back).
    start_room: str = ""
    #: NPCs whose exchange with the player this round is decided already (the player's roll).
    fought: frozenset[str] = frozenset()
    #: NPCs that came upon the player this round: they circle, and strike from the next.
    arrived: frozenset[str] = frozenset()
    #: The player has spent the round's point of Fatigue.
    exerted: bool = False
    #: A resting action has charged its extra time in this action.
    rest_charged: bool = False
    #: What this action's search rolls are about, in the order the engine rolls them, and how many were made.
    search_targets: tuple[str, ...] | None = None
    searches: int = 0
    #: The foes standing in the player's room as the round began, and where (who may be beaten this round).
    foes: Mapping[str, str] = field(default_factory=dict)
    #: The margin of each check made in this action, by label (seed 003 §Margins); -1 for a failure.
    margins: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class BindMoment:
    """The day's remembered rolls (key -> faces, of day ``memo_day``) and the round under way."""

    memo: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    memo_day: int = 0
    round: BindRound | None = None

    def todays_memo(self, day: int) -> Mapping[str, tuple[int, ...]]:
        """The rolls remembered today (those of an older day can never match again)."""
        return self.memo if self.memo_day == day else {}

    def to_data(self) -> dict[str, Any]:
        """The memo as plain data ({} when nothing is remembered); the round is not saved."""
        if not self.memo:
            return {}
        return {"memo": {key: list(faces) for key, faces in self.memo.items()}, "memo_day": self.memo_day}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> BindMoment | None:
        """The moment of saved data, None for {}; ValueError naming what is wrong."""
        if not data:
            return None
        unknown = sorted(set(data) - {"memo", "memo_day"})
        if unknown:
            raise ValueError(f"bind moment: unknown key '{unknown[0]}'")
        memo = data.get("memo", {})
        day = data.get("memo_day", 0)
        if not isinstance(memo, Mapping):
            raise ValueError("bind moment: memo must be a table")
        if type(day) is not int or not 0 <= day <= LIMIT * LIMIT:
            raise ValueError(f"bind moment: memo_day must be a day number, not {day!r}")
        return cls(memo={str(key): _faces(key, faces) for key, faces in memo.items()}, memo_day=day)


def _faces(key: str, faces: object) -> tuple[int, ...]:
    if (not isinstance(faces, list) or not 1 <= len(faces) <= 2
            or not all(type(f) is int and 1 <= f <= SIDES for f in faces)):
        raise ValueError(f"bind moment: memo '{key}' must be one or two d6 faces, not {faces!r}")
    return tuple(faces)


def migrate_v1(state: dict[str, Any]) -> dict[str, Any]:
    """A format-1 ``[state]`` table as format 2: the player's ``memo`` and ``memo_day`` become the moment.

    BIND kept no other scratch in its sheets (an NPC's ``name`` and ``engaged``,
    the player's ``name`` and ``encumbrance`` are sheet fields).
    """
    migrated = dict(state)
    player = dict(migrated["player"])
    memo, day = player.pop("memo", None), player.pop("memo_day", 0)
    migrated["player"] = player
    migrated["moment"] = {"memo": memo, "memo_day": day} if memo else {}
    return migrated
