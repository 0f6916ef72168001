"""OpenD6 events: what the rules and the play layer tell the narrator (``game/systems/opend6/narration.py``).

They carry what the generic events of :mod:`game.events` do not: the damage
and resistance totals, a wound level, Body Points, a Wild Die critical, a
point spent.  ``who`` names an actor as in :mod:`game.events` (``player`` or
an NPC id); the protocol's :meth:`~game.systems.opend6.rules.OpenD6.attack`, which
knows sheets and not actors, names them :data:`ATTACKER` and :data:`DEFENDER`.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.events import Event

#: Actor names of the protocol's attack, which does not know who fights.
ATTACKER = "attacker"
DEFENDER = "defender"


@dataclass(frozen=True)
class DamageResisted(Event):
    """Wounds system: ``rolled`` damage against a resistance roll of ``resisted``; the wound
    level went from ``before`` to ``after`` (``wounded`` False when the damage did not beat it)."""

    who: str
    rolled: int
    resisted: int
    wounded: bool
    before: int
    after: int


@dataclass(frozen=True)
class BodyPointsLost(Event):
    """Body-points system: ``rolled`` damage, ``stopped`` by armor, ``lost`` off the Body Points
    (``left`` of ``most`` now)."""

    who: str
    rolled: int
    stopped: int
    lost: int
    left: int
    most: int


@dataclass(frozen=True)
class Missed(Event):
    """An attack roll failed to meet the defence."""

    attacker: str
    defender: str


@dataclass(frozen=True)
class Hit(Event):
    """An attack roll met the defence; ``weapon`` is the weapon's name (``its stone fists``)."""

    attacker: str
    defender: str
    weapon: str


class WildOne(Enum):
    """What a Wild Die 1 on an action roll did, per the ``wild_one`` option."""

    COMPLICATION = "complication"
    DROPPED = "drop-highest"
    MISHAP = "mishap-on-failure"


@dataclass(frozen=True)
class WildDieOne(Event):
    """A critical failure on ``who``'s action roll.  ``kind`` is the check kind (``climb``,
    ``fight``), empty for an NPC's attack; ``setback``: it sets ``who`` back 1D (option
    ``complication = "setback"``)."""

    who: str
    effect: WildOne
    kind: str = ""
    setback: bool = False


@dataclass(frozen=True)
class WildDieSix(Event):
    """A critical success on a check: the Wild Die exploded, adding ``added`` in all."""

    who: str
    added: int


@dataclass(frozen=True)
class SetbackLapsed(Event):
    """A complication's -1D went unused and lapsed."""

    who: str


@dataclass(frozen=True)
class FatePointSpent(Event):
    """A Fate Point spent before a roll: twice the dice; ``heroic`` ones come back at the end."""

    who: str
    heroic: bool


@dataclass(frozen=True)
class CharacterPointOffered(Event):
    """A failed roll Character Points could save; ``left`` to spend, ``dice`` at least needed (a point each)."""

    left: int
    dice: int = 1


@dataclass(frozen=True)
class CharacterPointSpent(Event):
    """A Character Point spent after a roll: one more die; ``left`` remain."""

    left: int


@dataclass(frozen=True)
class Answered(Event):
    """The player answered a question: every event before it was shown with the question,
    so the narration of the rerun action starts after the last one."""


@dataclass(frozen=True)
class StunWoreOff(Event):
    """A stun ended (at the end of a round, or on a rest)."""

    who: str


@dataclass(frozen=True)
class ClungToLife(Event):
    """A mortally wounded actor made its Physique roll at the end of a round."""

    who: str


class Respite(Enum):
    """Why a rest or a healing did not heal."""

    DEAD = "dead"                 # the dead do not rest (or heal)
    SHORT = "short"               # a short rest heals nothing
    HUNGRY = "hungry"             # deprived: no healing on a long rest
    RESTED = "rested"             # a long rest with no wound to mend
    UNHURT = "unhurt"             # healing on the unhurt


@dataclass(frozen=True)
class NotHealed(Event):
    """A rest (``healing`` False) or a healing that mended nothing, and why."""

    why: Respite
    healing: bool = False


@dataclass(frozen=True)
class WoundsMended(Event):
    """A long rest's Physique roll (``healing`` False) or a healing: the wound level is now
    ``level``; ``mended`` False when the roll failed."""

    level: int
    mended: bool
    healing: bool = False


@dataclass(frozen=True)
class BodyPointsRecovered(Event):
    """Body Points back: ``gained``, now ``left`` of ``most``."""

    gained: int
    left: int
    most: int


@dataclass(frozen=True)
class PointsAwarded(Event):
    """The adventure won: ``earned`` Character Points (1 + ``goals``) for ``character`` in all;
    ``back`` heroic Fate Points returned, ``fate`` in all."""

    earned: int
    goals: int
    character: int
    back: int
    fate: int


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """A round's initiative was rolled: ``order`` (actors highest first, ``player`` among them);
    ``ahead`` the NPCs that act before the player."""

    order: tuple[str, ...]
    ahead: tuple[str, ...]


@dataclass(frozen=True)
class ActionLost(Event):
    """The foes that won initiative left the player's action undone: ``refusal`` is why the
    action could no longer be done (the foe fled...), empty when the player went down first."""

    refusal: str = ""
