"""BIND advancement: Experience Points earned on a mission, awarded and spent at downtime.

Seed 003 §Time, Downtime: "This non-mission period allows the PCs to heal, and advance
Traits."  The rules text gives no numbers, so this module takes them (**house rule**)
from BIND's public Experience chapter of the same year:

- **Gaining XP**: "Enemies don't have to be killed for the XP, merely defeated. Any
  enemies fleeing count for half their XP value so long as they engaged in one round of
  combat."  A foe's value comes from its tier (:data:`XP_BY_TIER`, after the book's
  goblin 4, guard 10, basilisk 24).
- **The XP Discount**: "For every member of the party, that many points are deducted
  from one monster's XP value", highest first: a lone warrior beating a dragon worth 22
  gets 21.
- **Spending XP** (in downtime): an Attribute's level below 1 costs 5, then 10, 20, 30,
  50 for the 1st to 4th; Skills 5, 10, 15; Combat and Projectiles 10, 20, 40; one level
  a Trait a downtime ("no more than a single level during the course of one
  adventure").  Attributes range from -3 to +3, moved by the race; Skills to +3.
- Knacks, Fate Points, magic and Story Points are not part of the game.

Pure functions: sheets in, new sheets and events out.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.systems.bind.events import TraitRaised, XpAwarded
from game.systems.bind.sheet import ATTRIBUTES, SKILLS, BindSheet
from game.systems.bind.traits import RACES

RULE = "seed 003 §Time (Downtime: advance Traits); costs: house rule after BIND's public Experience chapter"

#: House rule: a foe's XP value by its tier (goblin 4, guard 10, basilisk 24 in BIND's own book).
XP_BY_TIER: dict[int, int] = {1: 4, 2: 7, 3: 10, 4: 15, 5: 24}
#: An NPC without a tier is valued as tier 1.
DEFAULT_XP = XP_BY_TIER[1]
#: The XP chart: the cost of reaching each level (1st, 2nd, ...); below 1 an Attribute costs 5 a level.
ATTRIBUTE_COSTS: tuple[int, ...] = (10, 20, 30, 50)
SKILL_COSTS: tuple[int, ...] = (5, 10, 15)
FIGHTING_COSTS: tuple[int, ...] = (10, 20, 40)
FIGHTING_SKILLS: frozenset[str] = frozenset({"combat", "projectiles"})
BUY_OFF_COST = 5
ATTRIBUTE_MAX = 3
ATTRIBUTE_MIN = -3
SKILL_MAX = 3
#: The race's adjustments move the Attribute range (the races of character creation).
RACE_ADJUSTMENTS: dict[str, dict[str, int]] = {name: adjustments for _low, _high, name, adjustments in RACES}
TRAITS: tuple[str, ...] = ATTRIBUTES + SKILLS


def foe_value(sheet: BindSheet) -> int:
    """The XP a foe is worth, by its tier (house rule)."""
    return XP_BY_TIER.get(sheet.tier, DEFAULT_XP)


def defeat_value(sheet: BindSheet, fled: bool) -> int:
    """What beating this foe earns: its value, or half (rounded down) when it fled after fighting."""
    value = foe_value(sheet)
    return value // 2 if fled else value


def discounted(values: Iterable[int], party: int = 1) -> int:
    """The XP Discount: the ``party`` highest-valued foes each lose ``party`` points (not below 0).

    A lone warrior: dragon 22 -> 21; ten ghouls of 2 -> 19.  Five characters and the
    ten ghouls: 10 in all (2 each).  The total for the party.
    """
    ordered = sorted(values, reverse=True)
    return sum(max(0, value - party) if index < party else value for index, value in enumerate(ordered))


def attribute_range(sheet: BindSheet, name: str) -> tuple[int, int]:
    """The lowest and highest an Attribute may be: -3..+3 moved by the race's adjustment."""
    adjustment = RACE_ADJUSTMENTS.get(sheet.race, {}).get(name, 0)
    return ATTRIBUTE_MIN + adjustment, ATTRIBUTE_MAX + adjustment


def trait_value(sheet: BindSheet, trait: str) -> int:
    return sheet.attribute(trait) if trait in ATTRIBUTES else sheet.skill(trait)


def next_cost(sheet: BindSheet, trait: str) -> int | None:
    """The XP the next level of ``trait`` costs; None when it is at its highest.

    A level at or below 0 (buying off a penalty, or an Attribute's "<1" row) costs 5
    for Attributes; a Skill's first level is its chart's 1st.
    """
    if trait not in TRAITS:
        raise ValueError(f"bind: unknown trait {trait!r}")
    now = trait_value(sheet, trait)
    target = now + 1
    if trait in ATTRIBUTES:
        if target > attribute_range(sheet, trait)[1]:
            return None
        costs = ATTRIBUTE_COSTS
    else:
        if target > SKILL_MAX:
            return None
        costs = FIGHTING_COSTS if trait in FIGHTING_SKILLS else SKILL_COSTS
    if target < 1:
        return BUY_OFF_COST
    return costs[min(target, len(costs)) - 1]


def cost_to(sheet: BindSheet, trait: str, level: int) -> int:
    """The XP to raise ``trait`` from where it is to ``level``, a level at a time (the seed's sums)."""
    total = 0
    while trait_value(sheet, trait) < level:
        cost = next_cost(sheet, trait)
        if cost is None:
            raise ValueError(f"bind: {trait} cannot reach {level}")
        total += cost
        sheet = _raised(sheet, trait)
    return total


def _raised(sheet: BindSheet, trait: str) -> BindSheet:
    """One level more; Strength also raises HP and their maximum (HP = 6 + Strength)."""
    if trait in ATTRIBUTES:
        sheet = replace(sheet, attributes={**sheet.attributes, trait: sheet.attribute(trait) + 1})
        if trait == "strength":
            sheet = replace(sheet, max_hp=sheet.max_hp + 1, hp=sheet.hp + 1)
        return sheet
    return replace(sheet, skills={**sheet.skills, trait: sheet.skill(trait) + 1})


@dataclass(frozen=True)
class Training:
    """What ``train`` did: the new sheet and its event, or why not (``refusal``; the sheet unchanged)."""

    sheet: BindSheet
    refusal: str = ""
    event: TraitRaised | None = None


def train(sheet: BindSheet, trait: str) -> Training:
    """Spend XP on the next level of ``trait`` (in downtime; play checks that).

    Refused, with the reason, when the Trait is unknown, at its highest, already
    raised this downtime, or the XP fall short.
    """
    if trait not in TRAITS:
        return Training(sheet, f"There is no Trait called {trait}.")
    label = trait_name(trait)
    if trait in sheet.trained:
        return Training(sheet, f"{label} has risen a level this downtime already: one level a Trait "
                               "an adventure.")
    cost = next_cost(sheet, trait)
    if cost is None:
        return Training(sheet, f"{label} is as high as it can go ({trait_value(sheet, trait):+d}).")
    if cost > sheet.xp:
        return Training(sheet, f"{label} {trait_value(sheet, trait) + 1:+d} costs {cost} XP; you have {sheet.xp}.")
    before = trait_value(sheet, trait)
    after = replace(_raised(sheet, trait), xp=sheet.xp - cost, trained=(*sheet.trained, trait))
    return Training(after, event=TraitRaised(label, before, before + 1, cost, after.xp))


def award(sheet: BindSheet, party: int = 1) -> tuple[BindSheet, XpAwarded | None]:
    """Downtime: the mission's XP, discounted, joins the sheet's XP; the training limit starts over."""
    earned = discounted(sheet.xp_pending, party)
    foes = len(sheet.xp_pending)
    new = replace(sheet, xp=sheet.xp + earned, xp_pending=(), trained=())
    if not foes:
        return new, None
    return new, XpAwarded(foes, sum(sheet.xp_pending), earned, new.xp)


def trait_name(trait: str) -> str:
    """``beast_ken`` -> ``Beast Ken``."""
    return trait.replace("_", " ").title()


def trait_of(words: str) -> str | None:
    """The Trait a player's words name (``str``, ``beast ken``, ``Combat``), or None."""
    key = words.strip().lower().replace(" ", "_").replace("-", "_")
    if key in TRAITS:
        return key
    matches = [t for t in TRAITS if t.startswith(key)] if len(key) >= 3 else []
    return matches[0] if len(matches) == 1 else None


def xp_line(sheet: BindSheet) -> str:
    """The sheet's line: XP to spend, and what the mission has earned so far."""
    line = f"XP {sheet.xp}"
    if sheet.xp_pending:
        line += f" (and {sum(sheet.xp_pending)} earned on this mission, yours at your next downtime)"
    if sheet.in_downtime:
        line += ": in downtime, train TRAIT to spend it"
    return line


def costs(sheet: BindSheet) -> list[tuple[str, int, int | None]]:
    """Every Trait with its value now and the XP its next level costs (None: at its highest)."""
    return [(trait, trait_value(sheet, trait), next_cost(sheet, trait)) for trait in TRAITS]
