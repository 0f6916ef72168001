"""The rule-system protocol and the result types every system returns.

A rule system is pure: it reads character sheets (each system's own frozen
dataclasses, saved through ``sheet_to_data`` / ``sheet_from_data``), a request
and a :class:`~game.rules.dice.Dice` source, and returns results, events and
*new* sheets.  It never prints and never mutates its arguments.
The engine branches on ``RollResult.outcome`` (``success``, ``failure``,
``tie``, ``botch``) and the critical flags, never on which system is loaded.

Content checks are system-neutral: a *kind* from :data:`KINDS` and a
*difficulty* from :data:`DIFFICULTIES`.  Each system maps them to its own
traits and numbers and writes the mapping down in ``docs/rules/<id>.md``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from game.deferred import deferred
from game.events import Event, RollResult
from game.rules.dice import Dice
from game.world.content import harm_against

if TYPE_CHECKING:
    import difflib
    from fractions import Fraction
else:
    difflib = deferred("difflib")

__all__ = ["RollResult"]  # re-exported: rolls are events, defined in game.events

#: System-neutral check kinds that content may name.
KINDS: tuple[str, ...] = (
    "force", "climb", "sneak", "dodge", "fight", "shoot", "perceive", "search",
    "identify", "tinker", "lore", "survive", "resist", "will", "persuade",
    "intimidate", "heal",
)
#: System-neutral difficulties, easiest first.
DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard", "extreme", "legendary")
#: What ``condition`` may answer.
CONDITIONS: tuple[str, ...] = ("ok", "down", "dead")

#: A system's character sheet type and its roll request type.
SheetT = TypeVar("SheetT")
RequestT = TypeVar("RequestT")
#: What lasts only a turn or a round in a system (an Open Adventures turn, points armed for one roll).
MomentT = TypeVar("MomentT")
_Sheet = TypeVar("_Sheet")


def sheet_as(kind: type[_Sheet], sheet: object) -> _Sheet:
    """A sheet the world holds (as ``object``: the world holds any system's) as the running
    system's own type ``kind``: the one way a system's code reads a sheet's fields, so shared
    code never can.  A sheet of another type is a programming error (TypeError)."""
    if isinstance(sheet, kind):
        return sheet
    raise TypeError(f"a {kind.__name__} was expected, not a {type(sheet).__name__}")


@dataclass(frozen=True)
class Situation:
    """What the engine knows about the circumstances of a roll.

    Systems use what applies to them and ignore the rest.
    """

    advantage: bool = False
    disadvantage: bool = False
    #: Item slots the actor carries (Vaarn encumbrance), counted by the engine.
    carried_slots: int = 0
    #: Sum of the weights the actor carries (BIND encumbrance).
    carried_weight: int = 0
    #: The actor is engaged in melee (no shooting under Vaarn).
    engaged: bool = False
    #: Dice the player chose to commit, where the system spends a pool (Open Adventures).
    commit: int | None = None
    #: A system-specific content number that overrides the mapped difficulty.
    target: int | None = None


@dataclass(frozen=True)
class Weapon:
    """A weapon as content describes it, system-neutrally.

    ``damage`` is a die such as ``"d6"`` or ``"d10"``; each system maps it to its
    own damage, and ``bonus_against`` (the creature types it is made for) is read by
    every system's attack.  ``system`` holds per-system overrides from the item's
    ``[items.X.stats.<system>]`` table.
    """

    name: str = "bare hands"
    damage: str = "d4"
    ranged: bool = False
    bonus_against: tuple[str, ...] = ()
    system: Mapping[str, Any] = field(default_factory=dict)
    #: Thrown (by hand, at range): ``ranged`` too; a system with a skill for throwing rolls it.
    thrown: bool = False
    #: The kind of harm it deals (``electrical``, ``fire``...; "" for none said): every system reads it
    #: against the defender's creature type (:meth:`harm_against`).
    damage_type: str = ""

    def harm_against(self, creature: str | None) -> str:
        """``"fears"`` when the creature type fears this weapon's kind of harm, ``"resists"`` when it
        shrugs it off, ``""`` otherwise (the one table of :data:`game.world.content.FEARS`)."""
        return harm_against(self.damage_type, creature or "")


@dataclass(frozen=True)
class Odds:
    """Exact outcome probabilities of one request.

    ``probabilities`` holds the optional keys of the command line's ``odds --json`` that the system has
    (``p_failure``, ``p_botch``, ``p_tie``, ``p_critical_success``,
    ``p_critical_failure``); ``distribution`` maps a result (successes, net
    successes or total, as a string) to its probability.
    """

    system: str
    p_success: Fraction
    probabilities: Mapping[str, Fraction]
    distribution: Mapping[str, Fraction]
    description: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"system": self.system, "p_success": float(self.p_success)}
        data.update({key: float(p) for key, p in self.probabilities.items()})
        data["distribution"] = {key: float(p) for key, p in self.distribution.items()}
        if self.description:
            data["description"] = self.description
        return data


@dataclass(frozen=True)
class AttackResult(Generic[SheetT]):
    """An attack resolved: the roll, whether it hit, and both sheets afterwards.

    ``events`` say what followed (damage, health changes, falls, deaths) for
    the narration and for play code to branch on; ``rolls`` holds any further
    rolls (damage, soak, resistance) for the dice log.
    """

    roll: RollResult
    hit: bool
    damage: int
    attacker: SheetT
    defender: SheetT
    rolls: tuple[RollResult, ...] = ()
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class SheetChange(Generic[SheetT]):
    """A change to one sheet (a rest, harm from no attacker, healing) and what happened."""

    sheet: SheetT
    rolls: tuple[RollResult, ...] = ()
    events: tuple[Event, ...] = ()


#: A rest resolved.
RestResult = SheetChange


def did_you_mean(word: str, known: list[str] | tuple[str, ...]) -> str:
    """`` (did you mean X?)`` for an unknown ``word``: the known name it is closest to, or the one it
    starts with (``strength`` for Vaarn's ``str``); empty when none is near."""
    close = difflib.get_close_matches(word, list(known), n=1) or \
        [name for name in known if len(name) > 2 and word.startswith(name)]
    return f" (did you mean {close[0]}?)" if close else ""


def carried_health(now: int, top: int, new_top: int, low: int) -> int:
    """Health ``now`` out of ``top`` brought to a new maximum ``new_top`` (an NPC's changed definition).

    The harm taken (``top - now``) is taken from the new maximum, never below
    ``low``; a character above 0 stays above 0 (at least 1, at most
    ``new_top``), and one at 0 or below stays at or below 0.  ``now`` itself
    when ``new_top == top``.
    """
    value = max(new_top - (top - now), low)
    return max(min(value, new_top), 1) if now > 0 else min(value, 0)


def share(now: int, top: int) -> float:
    """``now`` out of ``top`` as a number from 0.0 to 1.0 (0.0 when ``top`` is not positive)."""
    return max(0.0, min(1.0, now / top)) if top > 0 else 0.0


class RuleSystem(Protocol[SheetT, RequestT, MomentT]):
    """What the engine and the command line need from a rule system.

    Generic over the system's sheet, request and moment types, so that mypy sees
    every field a system reads.  Instances are configured with the adventure's
    options for the system (``[adventure.rules] <id> = {...}``); see
    :func:`game.rules.registry.get_system`.
    """

    id: str
    name: str
    summary: str
    seed: str

    # -- sheets as saved data --------------------------------------------------
    def sheet_from_data(self, data: Mapping[str, Any]) -> SheetT:
        """A sheet from saved data; raises ValueError with a one-line reason when it is not one."""
        ...

    def sheet_to_data(self, sheet: SheetT) -> dict[str, Any]:
        """The sheet as plain TOML data, read back by :meth:`sheet_from_data`."""
        ...

    def moment_from_data(self, data: Mapping[str, Any]) -> MomentT:
        """The system's record of what lasts a turn or a round, from saved data ({} for none)."""
        ...

    def moment_to_data(self, moment: MomentT) -> dict[str, Any]:
        """The moment as plain TOML data ({} when nothing is under way)."""
        ...

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        """A format-1 ``[state]`` table as format 2: scratch entries moved out of the sheets into ``moment``."""
        ...

    # -- the stable command-line requests (``odds``, ``roll``) -------------------
    def parse_request(self, keys: Mapping[str, str]) -> RequestT:
        """Parse ``KEY=VALUE`` pairs into this system's request; raise UsageError on bad keys."""
        ...

    def odds(self, request: RequestT) -> Odds:
        """Exact probabilities for ``request``; the same code path as :meth:`roll`."""
        ...

    def roll(self, request: RequestT, dice: Dice) -> RollResult:
        """Resolve ``request`` reading faces from ``dice`` in the order the rules read them."""
        ...

    # -- play ---------------------------------------------------------------
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> SheetT:
        """A player sheet from content stats, or made by the system's creation rules.

        A stat table the system refuses raises :class:`~game.errors.ContentError` with every problem,
        each also typed in its ``stat_problems`` (key path in the table, reason)."""
        ...

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> SheetT:
        """An NPC sheet from its stat table, or derived from its tier (1..5); ``creature`` is its type.

        A refused stat table raises :class:`ContentError` as :meth:`new_character` does."""
        ...

    def carry_npc_state(self, saved: SheetT, fresh: SheetT) -> SheetT:
        """An NPC's sheet made anew from its changed definition (``fresh``), with what ``saved`` went through.

        For a save loaded into an updated adventure (state by id, content from the
        new version): stats come from ``fresh``; the harm taken (health below the
        maximum, wounds, damage marked), conditions (down, dead, stunned...) and
        what play learnt carry over as far as the system allows, and the NPC
        stays standing, down or dead as it was.  Equal to ``saved`` when ``fresh``
        is the sheet ``saved`` was made from.
        """
        ...

    def check_request(self, sheet: SheetT, kind: str, difficulty: str, situation: Situation) -> RequestT:
        """The request for a system-neutral check by ``sheet``."""
        ...

    def attack_request(self, attacker: SheetT, defender: SheetT, weapon: Weapon, situation: Situation) -> RequestT:
        """The request for the attack roll (for exact odds before attacking)."""
        ...

    def attack(self, attacker: SheetT, defender: SheetT, weapon: Weapon, situation: Situation, dice: Dice) -> AttackResult[SheetT]:
        """Resolve one attack, damage and its consequences included."""
        ...

    def condition(self, sheet: SheetT) -> str:
        """``ok``, ``down`` (out of the fight, alive) or ``dead``."""
        ...

    def health(self, sheet: SheetT) -> str:
        """A short health figure for the status line, e.g. ``HP 4/6`` or ``pool 5``."""
        ...

    def health_fraction(self, sheet: SheetT) -> float:
        """How whole ``sheet`` is, from 0.0 (dead) to 1.0 (unhurt), measured on the system's own health.

        For code that weighs health rather than shows it (the simulator's scout
        deciding whether to rest or flee); never parsed out of :meth:`health`.
        Each system's docstring names what it measures.
        """
        ...

    def sheet_lines(self, sheet: SheetT) -> list[str]:
        """The character sheet as lines of text for ``stats``."""
        ...

    def rest(self, sheet: SheetT, kind: str, fed: bool, dice: Dice) -> SheetChange[SheetT]:
        """Rest ``short`` or ``long``; ``fed`` is False when the actor is deprived."""
        ...

    def harm(self, sheet: SheetT, damage: str, dice: Dice) -> SheetChange[SheetT]:
        """Harm from no attacker (a fall, the glare, a trap, a failed exotica).

        ``damage`` is a system-neutral die such as ``"d4"``, mapped as weapon
        damage is; the system applies it as its own damage (wounds, lost dice...).
        """
        ...

    def heal(self, sheet: SheetT, healing: str, dice: Dice) -> SheetChange[SheetT]:
        """Healing from a potion, a gift or an exotica; ``healing`` is a die such as ``"d6"``."""
        ...


#: The system in play, whichever the player chose: its sheet, request and moment types are known
#: only at run time, so what holds any system (the engine, the world, saves, the command line)
#: holds it with them erased.  A system's own code holds its own type, ``RuleSystem[Sheet, ...]``.
SystemInPlay = RuleSystem[Any, Any, Any]
