"""What happens under Open Adventures, as frozen events (worded by ``game.systems.open_adventures.narration``).

``who`` names an actor: :data:`~game.events.PLAYER` or an NPC id.  The
generic :class:`~game.events.fight.Died` and :class:`~game.events.fight.Fell` follow a
harm event whose ``condition`` is ``dead`` or ``down``; the harm event words
them.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.events import Event


@dataclass(frozen=True)
class DiceCommitted(Event):
    """``who`` committed ``dice`` to ``attribute`` for an attack; ``pushed`` past the pool (+1 fatigue);
    ``kind`` the dice the weapon's kind of harm added (+1 feared, -1 resisted; house rule)."""

    who: str
    attribute: str
    dice: int
    pushed: bool = False
    kind: int = 0


@dataclass(frozen=True)
class AttackMissed(Event):
    """The attack scored no success (seed 000 §2 Close Combat Attacks)."""

    attacker: str
    defender: str


@dataclass(frozen=True)
class DamageRolled(Event):
    """The attack scored ``points`` of damage against ``defender``, ``bonus`` of it from the weapon."""

    defender: str
    points: int
    bonus: int = 0
    weapon: str = ""


@dataclass(frozen=True)
class Defended(Event):
    """``who`` rolled defence and ignored ``ignored`` points; ``pushed`` past the pool (+1 fatigue)."""

    who: str
    ignored: int
    pushed: bool = False


@dataclass(frozen=True)
class Unharmed(Event):
    """The damage that got through (``damage``) did not harm ``who``; ``defence`` is an NPC's threshold."""

    who: str
    damage: int = 0
    defence: int = 0


@dataclass(frozen=True)
class NpcHarmed(Event):
    """An NPC took a hit: ``damage`` reached its ``defence``; ``condition`` is ok, down or dead after it."""

    who: str
    damage: int
    defence: int
    hits_left: int
    condition: str


@dataclass(frozen=True)
class PoolLost(Event):
    """``who`` lost ``dice`` from the pool (seed 000 §1 Health), leaving ``pool``; ``condition`` after it."""

    who: str
    dice: int
    pool: int
    condition: str


@dataclass(frozen=True)
class ShakenUnhurt(Event):
    """Harm from no attacker rolled no damage."""

    who: str


@dataclass(frozen=True)
class PoolRegained(Event):
    """``who`` got ``dice`` back (0: the pool was whole), now ``pool`` of ``pool_max``."""

    who: str
    dice: int
    pool: int
    pool_max: int


@dataclass(frozen=True)
class PastHelp(Event):
    """``who`` is dead: no healing or rest does anything (``what``: ``heal`` or ``rest``)."""

    who: str
    what: str


@dataclass(frozen=True)
class FatigueRecovered(Event):
    """A rest turn removed ``removed`` fatigue, leaving ``fatigue`` (seed 000 §2 Recovering Fatigue)."""

    who: str
    removed: int
    fatigue: int


@dataclass(frozen=True)
class LongRest(Event):
    """Hours of rest (house rule): fatigue gone, ``regained`` dice back; ``fed`` False: none could come back."""

    who: str
    regained: int
    pool: int
    pool_max: int
    fed: bool


@dataclass(frozen=True)
class Pushed(Event):
    """``who`` acted past the pool and marked a fatigue point, now ``fatigue`` (seed 000 §2 Pushing and Fatigue)."""

    who: str
    fatigue: int
