"""Maelstrom's own events: what the generic ones of :mod:`game.events` do not carry.

The rules return them (an attack's hit with its margin, damage and soak; a
level of damage marked; a rest), and the play layer adds those of its house
rules (a botch's consequence, Willpower readied and spent).  They are worded by
:class:`game.systems.maelstrom.narration.MaelstromNarrator`; play code branches on them,
never on prose.  ``who`` fields name an actor (:data:`~game.events.PLAYER` or an
NPC id); the rule functions take the ids from their caller.

The generic events are emitted beside them where they apply
(:class:`~game.events.fight.HealthChanged` in health boxes, :class:`~game.events.fight.Fell`
when the Incapacitated box fills, :class:`~game.events.fight.Died`).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.events import Event

#: ``HealthChanged.measure`` for Maelstrom: boxes filled on the health track, 0..8.
MEASURE = "health boxes"
#: Who the events of a rule call name when the caller gives no ids.
ATTACKER, DEFENDER = "attacker", "defender"


class WillpowerUse(Enum):
    """What a readied point of Willpower does to the roll it is spent on (house rule)."""

    SUCCESS = "success"  # one automatic success
    WOUNDS = "wounds"  # the dice lost to wounds given back


class Consequence(Enum):
    """What a botched check costs in play (house rule, seed 004 §Step 4: "things went very wrong")."""

    HURT = "hurt"  # a level of bashing damage
    DROP = "drop"  # the item handled falls to the ground
    TIME = "time"  # minutes lost
    WILL = "will"  # a point of Willpower lost


@dataclass(frozen=True)
class HealthLevel:
    """Where a sheet stands on the health track: the level's name and the dice it costs.

    ``name`` is ``Healthy``, a level of the track (``Hurt``...), or ``Dead``.
    """

    name: str
    penalty: int = 0

    @property
    def text(self) -> str:
        """``Healthy``, ``Hurt (-1)``, ``Incapacitated`` or ``Dead``."""
        return self.name + (f" (-{self.penalty})" if self.penalty else "")


@dataclass(frozen=True)
class Wounded(Event):
    """``levels`` of ``kind`` damage marked on ``who``'s track from no attack (harm, a botch).

    ``at_least_one``: the roll gave no success and the one level is the floor (house rule).
    """

    who: str
    levels: int
    kind: str
    health: HealthLevel
    at_least_one: bool = False


@dataclass(frozen=True)
class AttackHit(Event):
    """An attack landed (house rule): the hit's ``margin``, the damage and soak successes,
    the ``levels`` of ``kind`` marked, and the defender's health afterwards.

    ``standing`` is False once the defender is out of the fight (the fall is its own event).
    """

    attacker: str
    defender: str
    margin: int
    damage: int
    soaked: int
    levels: int
    kind: str
    health: HealthLevel
    standing: bool


@dataclass(frozen=True)
class AttackMissed(Event):
    """An attack did not land; ``evaded`` when it succeeded but the defender's evasion took it away."""

    attacker: str
    defender: str
    evaded: bool


@dataclass(frozen=True)
class AttackBotched(Event):
    """An attack botched.  The rules leave the consequence to play, which fills it in:
    ``dropped`` (the item id of the weapon let go) or ``hurt`` (the attacker's own blow)."""

    attacker: str
    defender: str
    dropped: str = ""
    hurt: Wounded | None = None


@dataclass(frozen=True)
class CheckBotched(Event):
    """A check of ``kind`` botched and what it cost: ``dropped`` item, ``hurt``,
    ``minutes`` lost or a Willpower point (``willpower_left`` after it)."""

    kind: str
    consequence: Consequence
    dropped: str = ""
    hurt: Wounded | None = None
    minutes: int = 0
    willpower_left: int = 0


@dataclass(frozen=True)
class Healed(Event):
    """``levels`` of damage healed (0: there were none to heal)."""

    who: str
    levels: int
    health: HealthLevel


@dataclass(frozen=True)
class Rested(Event):
    """A rest (house rule).  ``short``: one bashing level at most; long: all
    ``bashing`` levels, one level of ``worse`` damage (``lethal``, ``aggravated``
    or ""), and a Willpower point when ``willpower_regained``."""

    who: str
    short: bool
    bashing: int
    worse: str
    willpower_regained: bool
    willpower_points: int
    willpower: int
    health: HealthLevel


@dataclass(frozen=True)
class RestWasted(Event):
    """A rest that gave nothing: ``who`` is dead, or else deprived of food or water."""

    who: str
    dead: bool


@dataclass(frozen=True)
class WillpowerReadied(Event):
    """The player readied a point of Willpower for the next check or attack."""

    use: WillpowerUse


@dataclass(frozen=True)
class WillpowerHeldBack(Event):
    """The player took back the readied point (it was never spent)."""


@dataclass(frozen=True)
class WillpowerSpent(Event):
    """A readied point was spent on a roll; ``left`` points remain."""

    use: WillpowerUse
    left: int


@dataclass(frozen=True)
class WillpowerKept(Event):
    """The readied point could not be spent on this roll and stays readied; ``reason`` is the refusal."""

    reason: str


@dataclass(frozen=True)
class WillpowerUnused(Event):
    """An action done with Willpower readied called for no roll: the point stays readied."""


# -- ways and degrees of checks (seed 004 §Dice Pool, §Step 4) -------------------------

@dataclass(frozen=True)
class WayChosen(Event):
    """The player chose ``phrase`` ("with finesse") as their way of every ``kind`` check from now on."""

    kind: str
    phrase: str


@dataclass(frozen=True)
class DoneQuickly(Event):
    """A ``kind`` check with ``successes`` (2+) took half its time: ``saved`` of ``minutes`` given back."""

    kind: str
    successes: int
    minutes: int
    saved: int


@dataclass(frozen=True)
class SearchedThoroughly(Event):
    """A search whose every check had ``successes`` (3+): the searcher knows nothing else is hidden here."""

    successes: int


@dataclass(frozen=True)
class UnderstoodWell(Event):
    """An identify with ``successes`` (3+): ``account`` says what ``item_id`` does, in Maelstrom's terms."""

    successes: int
    item_id: str
    account: str


@dataclass(frozen=True)
class PartlyUnderstood(Event):
    """An identify with ``successes`` (1 or 2): the name, but not yet what the thing does."""

    successes: int


@dataclass(frozen=True)
class LeftBehind(Event):
    """A flight with ``successes`` (3+): the foes of the room left (``foes``) will not follow."""

    successes: int
    foes: tuple[str, ...]
