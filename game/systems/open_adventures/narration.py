"""How Open Adventures words its events (see ``game.systems.open_adventures.events``).

A fall or a death from damage is told in the harm line that comes before it
(``... and die.``, ``... is struck down``), so the generic ``Died`` (cause
``wounds``) and ``Fell`` events add no line of their own here.
"""
from __future__ import annotations

from collections.abc import Iterable

from game.events import PLAYER, Event, RollMade
from game.events.fight import Died, Fell
from game.narration import Narrator, cap
from game.rules.base import Weapon
from game.systems.open_adventures.events import (
    AttackMissed,
    DamageRolled,
    Defended,
    DiceCommitted,
    FatigueRecovered,
    LongRest,
    NpcHarmed,
    PastHelp,
    PoolLost,
    PoolRegained,
    Pushed,
    ShakenUnhurt,
    Unharmed,
)
from game.systems.open_adventures.rules import OpenAdventures, reach_of


def dice_word(count: int) -> str:
    """``1 die``, ``3 dice``."""
    return f"{count} die" if count == 1 else f"{count} dice"


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


class OpenAdventuresNarrator(Narrator):
    """The narrator of a run under Open Adventures.

    In the short display the dice committed lead the roll's line and what the roll
    did follows it: ``[the dune raider attacks] 2 dice: 1 success vs need 1: 1 point
    of damage``, ``[you defend] 1 die: 0 successes vs need 1: you stop none of it``.
    """

    def weapon_line(self, weapon: Weapon) -> str:
        """Seed 000 §2: each success is a point of damage, whatever the weapon (option
        ``weapon_damage = "bonus"`` adds the weapon's damage on a hit)."""
        reach = "Shoot dice, at range" if weapon.ranged else "Fight dice, in melee"
        if not weapon.ranged and reach_of(weapon):
            reach += f" (it reaches {reach_of(weapon)}\" away)"
        system = self.world.system
        bonus = system.weapon_bonus(weapon) if isinstance(system, OpenAdventures) else 0
        extra = f", +{bonus} damage on a hit" if bonus else ""
        return f"As a weapon it uses your {reach}: each success a point of damage{extra}."

    def lines(self, events: Iterable[Event]) -> list[str]:
        if self.full:
            return super().lines(events)
        out: list[str] = []
        committed: DiceCommitted | None = None
        after_roll = False
        for event in events:
            if isinstance(event, DiceCommitted):
                if committed is not None:
                    out += super().lines([committed])
                committed = event
                continue
            lines = super().lines([event])
            if committed is not None:
                if isinstance(event, RollMade) and lines:
                    label, _, rest = lines[0].partition("] ")
                    pushed = " pushed (+1 fatigue)" if committed.pushed else ""
                    lines[0] = f"{label}] {dice_word(committed.dice)}{pushed}{_kind_short(committed.kind)}: {rest}"
                else:
                    out += super().lines([committed])
                committed = None
            if isinstance(event, (DamageRolled, Defended)) and after_roll and lines:
                said = lines[0].rstrip(".")
                if isinstance(event, Defended):
                    said = f"{self.the(event.who)} {said.partition(', and ')[2]}"
                out[-1] += ": " + said
                lines = lines[1:]
            after_roll = isinstance(event, RollMade) and bool(lines)
            out += lines
        if committed is not None:
            out += super().lines([committed])
        return out


def _who(narrator: Narrator, actor: str) -> str:
    """``You`` or the NPC's name, capitalised, to start a sentence."""
    return "You" if actor == PLAYER else cap(narrator.the(actor))


def _verb(actor: str, plain: str, third: str) -> str:
    return plain if actor == PLAYER else third


def _kind_short(kind: int) -> str:
    """`` + 1`` or `` - 1``: the die the kind of harm added or took (the label says which kind)."""
    return f" {'+' if kind > 0 else '-'} {abs(kind)}" if kind else ""


@OpenAdventuresNarrator.renders(DiceCommitted)
def _committed(narrator: Narrator, event: DiceCommitted) -> list[str]:
    pushed = " (pushing past the pool: +1 fatigue)" if event.pushed else ""
    kind = ("" if not event.kind else " (one die more: it fears this kind of harm)" if event.kind > 0
            else " (one die fewer: it shrugs off this kind of harm)")
    verb = _verb(event.who, "commit", "commits")
    return [f"{_who(narrator, event.who)} {verb} {dice_word(event.dice)} to {event.attribute.capitalize()}"
            f"{pushed}{kind}."]


@OpenAdventuresNarrator.renders(AttackMissed)
def _missed(narrator: Narrator, event: AttackMissed) -> list[str]:
    return ["The attack misses."] if narrator.full else []  # short: the roll's failure says it


@OpenAdventuresNarrator.renders(DamageRolled)
def _damage(narrator: Narrator, event: DamageRolled) -> list[str]:
    bonus = f" (+{event.bonus} {event.weapon})." if event.bonus else "."
    return [f"{_points(event.points)} of damage{bonus}"]


@OpenAdventuresNarrator.renders(Defended)
def _defended(narrator: Narrator, event: Defended) -> list[str]:
    pushed = " (pushing: +1 fatigue)" if event.pushed else ""
    verb = _verb(event.who, "defend", "defends")
    stopped = "none of it" if not event.ignored else f"{event.ignored} point{'s' if event.ignored != 1 else ''} of it"
    return [f"{_who(narrator, event.who)} {verb}{pushed}, and {_verb(event.who, 'stop', 'stops')} {stopped}."]


@OpenAdventuresNarrator.renders(Unharmed)
def _unharmed(narrator: Narrator, event: Unharmed) -> list[str]:
    whom = _who(narrator, event.who)
    if event.who != PLAYER and event.damage:
        return [f"{whom} shrugs it off: {event.damage} damage does not reach Defence {event.defence}."]
    return [f"{whom} {_verb(event.who, 'take', 'takes')} no damage."]


@OpenAdventuresNarrator.renders(NpcHarmed)
def _npc_harmed(narrator: Narrator, event: NpcHarmed) -> list[str]:
    whom, against = _who(narrator, event.who), f"{event.damage} damage vs Defence {event.defence}"
    if event.condition != "ok":
        return [f"{whom} is {'struck down' if event.condition == 'dead' else 'knocked out'} ({against})."]
    hits = event.hits_left
    return [f"{whom} is injured ({against}; {hits} more hit{'' if hits == 1 else 's'} to go)."]


@OpenAdventuresNarrator.renders(PoolLost)
def _pool_lost(narrator: Narrator, event: PoolLost) -> list[str]:
    tail = {"dead": " and die",
            "down": _verb(event.who, " and are knocked out", " and is knocked out")}.get(event.condition, "")
    lose = _verb(event.who, "lose", "loses")
    return [f"{_who(narrator, event.who)} {lose} {dice_word(event.dice)} from the pool (pool {event.pool}){tail}."]


@OpenAdventuresNarrator.renders(ShakenUnhurt)
def _unhurt(narrator: Narrator, event: ShakenUnhurt) -> list[str]:
    return [f"{_who(narrator, event.who)} {_verb(event.who, 'are', 'is')} shaken but unhurt."]


@OpenAdventuresNarrator.renders(PoolRegained)
def _regained(narrator: Narrator, event: PoolRegained) -> list[str]:
    if event.dice <= 0:
        return ["Your pool is already whole."]
    return [f"You regain {dice_word(event.dice)} (pool {event.pool}/{event.pool_max})."]


@OpenAdventuresNarrator.renders(PastHelp)
def _past_help(narrator: Narrator, event: PastHelp) -> list[str]:
    return ["The dead are past healing." if event.what == "heal" else "The dead do not rest."]


@OpenAdventuresNarrator.renders(FatigueRecovered)
def _recovered(narrator: Narrator, event: FatigueRecovered) -> list[str]:
    return [f"You rest a turn: {event.removed} fatigue gone (fatigue {event.fatigue})."]


@OpenAdventuresNarrator.renders(LongRest)
def _long_rest(narrator: Narrator, event: LongRest) -> list[str]:
    line = (f"You rest for hours: fatigue gone, {dice_word(event.regained)} back "
            f"(pool {event.pool}/{event.pool_max}).")
    return [line] if event.fed else [line, "Hungry and thirsty, you regain no dice."]


@OpenAdventuresNarrator.renders(Pushed)
def _pushed(narrator: Narrator, event: Pushed) -> list[str]:
    return [f"You push past your pool: +1 fatigue (fatigue {event.fatigue})."]


@OpenAdventuresNarrator.renders(Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    if event.cause == "wounds":
        return []
    return [f"{_who(narrator, event.who)} {_verb(event.who, 'are', 'is')} dead."]


@OpenAdventuresNarrator.renders(Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return []
