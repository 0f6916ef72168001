"""Vaults of Vaarn: the tables of seed 001 and small readers of a Vaarn sheet.

The sheet itself is :class:`game.systems.vaarn.sheet.VaarnSheet`; the readers
here answer what several rule modules ask of it (defences, armour, wound
slots, deprivation).  Content stat tables are checked by :func:`stat_findings`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.errors import StatProblem
from game.rules.base import did_you_mean
from game.rules.stat_spec import Stat, StatTable, ints, unknown
from game.systems.vaarn.sheet import ABILITY_NAMES, VaarnSheet

SYSTEM_ID = "vaarn"
SEED = "001"

#: The six abilities, in the order of seed 001 §Abilities (and of character creation).
ABILITIES: tuple[str, ...] = ABILITY_NAMES
#: Saves hampered by encumbrance (seed 001 §Item Slots: "all physical saves").
PHYSICAL: frozenset[str] = frozenset({"str", "dex", "con"})
#: Abilities never go above +10 (defence 20), seed 001 §Advancement.
MAX_BONUS = 10
#: A defence of 0 kills (seed 001 §Wounds and Healing), i.e. a bonus of -10.
MIN_BONUS = -10
#: The save target when nothing opposes the roll (seed 001 §Saving Throws).
SAVE_TARGET = 15
#: Nobody carries more than 20 slots (seed 001 §Item Slots).
MAX_CARRY = 20
#: Wound slots that kill (seed 001 §Wounds and Healing).
LETHAL_WOUND_SLOTS = 10
MAX_LEVEL = 10
#: Unarmoured defence (Vaarn's public material).
UNARMOURED = 10

#: Stands for "the NPC whose sheet this is" in events from the rules (see ``vaarn_events.naming``).
NPC = "npc"
#: ``Died.cause`` when an NPC dies at 0 HP (house rule ``npc_wounds = "die-at-zero"``).
CAUSE_ZERO_HP = "0 HP"
#: ``Died.cause`` of the FATALITY wound (its row already says so).
CAUSE_FATALITY = "FATALITY"
#: Days Deprived by thirst in a row that kill: "If a character is Deprived due to thirst for three
#: days in a row, they will perish" (seed 001 §Water).
DEADLY_THIRST_DAYS = 3
#: ``Died.cause`` of the third day without water, at the day's end (seed 001 §Water).
CAUSE_THIRST = "thirst"

#: Option ``gifts``: a Gift takes an item slot (seed 001 §Mystic Gifts), or PSY limits them (house rule).
GIFT_MODES: tuple[str, ...] = ("item-slots", "psyche-slots")
#: Die sizes, smallest first; "one dice size higher" walks this ladder (d12 -> d20, house rule).
DIE_LADDER: tuple[int, ...] = (4, 6, 8, 10, 12, 20)
#: The die of HP a Gift costs unless its item says otherwise (seed 001 §Mystic Gifts).
BASELINE_COST = 6

#: Creature types (Vaarn's public material).
CREATURE_TYPES: tuple[str, ...] = (
    "biological", "fungal", "mineral", "synthetic", "hypergeometric", "outsider", "psychic",
)
#: House rule (Vaarn's public material): the damage multiplier, as (numerator, denominator), by how the
#: creature type takes the kind of harm (:func:`game.world.content.harm_against`).
DAMAGE_QUIRKS: Mapping[str, tuple[int, int]] = {"fears": (2, 1), "resists": (1, 2)}


@dataclass(frozen=True)
class WoundRow:
    """One row of the wound chart (seed 001 §Wounds and Healing).

    ``loss_die`` sides are rolled once per ability in ``loss_abilities`` (in that
    order); ``loss_fixed`` is a flat loss instead; ``max_hp_die`` is rolled after
    the ability losses.
    """

    row: int
    name: str
    slots: int
    description: str
    disadvantage: str = ""
    loss_abilities: tuple[str, ...] = ()
    loss_die: int = 0
    loss_fixed: int = 0
    max_hp_die: int = 0
    passes_out: bool = False
    cannot_walk: bool = False
    damages_item: bool = False
    random_wounds: int = 0
    fatal: bool = False


#: The wound chart of seed 001 §Wounds and Healing, keyed by damage past 0 HP.
WOUND_TABLE: Mapping[int, WoundRow] = {row.row: row for row in (
    WoundRow(1, "Just a scratch", 0, "You were lucky, this time."),
    WoundRow(2, "Damaged Item", 0, "A random inventory item is destroyed or damaged.", damages_item=True),
    WoundRow(3, "Bloody Mouth", 1, "Your mouth drools blood and your speech slurs."),
    WoundRow(4, "Scrambled Nerves", 1, "Disadvantage on PSY saves.", disadvantage="psy"),
    WoundRow(5, "Teeth Knocked Out", 1, "Disadvantage on EGO saves.", disadvantage="ego"),
    WoundRow(6, "Addling Blow", 1, "Disadvantage on INT saves.", disadvantage="int"),
    WoundRow(7, "Stomach Wound", 1, "Disadvantage on CON saves.", disadvantage="con"),
    WoundRow(8, "Weakening Wound", 1, "Disadvantage on STR saves.", disadvantage="str"),
    WoundRow(9, "Crippling Blow", 1, "Disadvantage on DEX saves.", disadvantage="dex"),
    WoundRow(10, "Bloody Gash", 1, "-d8 Max HP.", max_hp_die=8),
    WoundRow(11, "Major Fracture", 2, "You cannot use a limb. -d6 STR and -d6 DEX.",
             loss_abilities=("str", "dex"), loss_die=6),
    WoundRow(12, "Lost an Eye", 2, "Your eye is gone. -d6 DEX and -d6 EGO.",
             loss_abilities=("dex", "ego"), loss_die=6),
    WoundRow(13, "Cracked Skull", 2, "-d8 INT and -d8 PSY.", loss_abilities=("int", "psy"), loss_die=8),
    WoundRow(14, "Mangled Guts", 2, "-d8 CON and -d8 max HP.", loss_abilities=("con",), loss_die=8, max_hp_die=8),
    WoundRow(15, "Severed Hand", 2, "-d8 STR and -d8 DEX.", loss_abilities=("str", "dex"), loss_die=8),
    WoundRow(16, "Severed Arm", 3, "-10 STR and -10 DEX. You pass out.",
             loss_abilities=("str", "dex"), loss_fixed=10, passes_out=True),
    WoundRow(17, "Severed Leg", 3, "-10 STR and -10 DEX. Cannot walk. You pass out.",
             loss_abilities=("str", "dex"), loss_fixed=10, passes_out=True, cannot_walk=True),
    WoundRow(18, "Braindead", 3, "-10 INT, -10 PSY, -10 EGO. You pass out.",
             loss_abilities=("int", "psy", "ego"), loss_fixed=10, passes_out=True),
    WoundRow(19, "Bloody Mess", 3, "Roll 3 random wounds. You pass out.", random_wounds=3, passes_out=True),
    WoundRow(20, "FATALITY", 0, "You are dead.", fatal=True),
)}
#: House rule: a "random wound" (Bloody Mess) is rolled on a d18, rows 1..18.
RANDOM_WOUND_DIE = 18

#: Reaction to strangers, d20 + EGO (Vaarn's public material): (highest total, result).
REACTIONS: tuple[tuple[int, str], ...] = (
    (3, "attack"), (7, "hostile"), (12, "indifferent"), (17, "talkative"), (10**6, "helpful"),
)


# -- sheet readers ------------------------------------------------------------

def bonus(sheet: VaarnSheet, ability: str) -> int:
    """The current bonus of ``ability`` (0 when the sheet does not say)."""
    return sheet.bonus(ability)


def defence(sheet: VaarnSheet, ability: str) -> int:
    """The ability's defence: bonus + 10 (seed 001 §Saving Throws, Vaarn's public material)."""
    return sheet.bonus(ability) + 10


def armour(sheet: VaarnSheet) -> int:
    """Armour defence; 10 without armour (Vaarn's public material)."""
    return sheet.armor


def wound_rows(sheet: VaarnSheet) -> list[WoundRow]:
    """The chart rows of the wounds the sheet carries."""
    return [WOUND_TABLE[w.row] for w in sheet.wounds]


def wound_slots(sheet: VaarnSheet) -> int:
    """Item slots filled by wounds (seed 001 §Wounds and Healing)."""
    return sum(w.slots for w in sheet.wounds)


def wound_disadvantages(sheet: VaarnSheet, ability: str) -> list[str]:
    """Names of the wounds giving disadvantage on saves of ``ability``."""
    return [row.name for row in wound_rows(sheet) if row.disadvantage == ability]


def cannot_walk(sheet: VaarnSheet) -> bool:
    """True while the sheet carries a Severed Leg (seed 001 wound 17)."""
    return any(row.cannot_walk for row in wound_rows(sheet))


def slot_limit(sheet: VaarnSheet) -> int:
    """Item slots = CON defence, never more than 20 (seed 001 §Abilities, §Item Slots)."""
    return max(0, min(defence(sheet, "con"), MAX_CARRY))


def is_deprived(sheet: VaarnSheet) -> bool:
    """Deprived by thirst, hunger or another cause (seed 001 §Wounds and Healing, §Water)."""
    return sheet.deprived or sheet.thirst_days > 0 or sheet.hunger_days > 0


def die_sides(die: str) -> int:
    """``"d6"`` -> 6.  Raises ValueError for anything else."""
    text = die.strip().lower()
    if not text.startswith("d") or not text[1:].isdigit() or int(text[1:]) < 2:
        raise ValueError(f"'{die}' is not a die such as d6")
    return int(text[1:])


# -- content stat tables ---------------------------------------------------------

#: The keys of ``[player.stats.vaarn]``: whole numbers within bounds, ``synthetic``, a
#: ``creature`` type and the starting ``kit`` (seed 001 §Advancement: "the starting
#: equipment": item ids).
PLAYER_STATS: StatTable = {
    **ints(ABILITIES, MIN_BONUS + 1, MAX_BONUS),
    "hp": Stat("int", -19, 999), "max_hp": Stat("int", 1, 999), "armor": Stat("int", 1, 40),
    "level": Stat("int", 1, MAX_LEVEL), "xp": Stat("int", 0, 99),
    "synthetic": Stat("bool"), "creature": Stat("text", choices=CREATURE_TYPES), "kit": Stat("words"),
}
_ONE_ATTACK = r"\s*([0-9]+\s*[x×]?\s+)?[^/+]+?\s*\(\s*[dD][0-9]+\s*(,\s*[Rr][Aa][Nn][Gg][Ee][Dd]\s*)?\)\s*"
#: A bestiary attack list: ``claw (d6) + bite (d8) / spit (d10, ranged)``, ``2 claws (d6)``.
ATTACKS_REGEX = rf"^{_ONE_ATTACK}([+/]{_ONE_ATTACK})*$"
#: The keys of ``[npcs.X.stats.vaarn]``: the player's but the kit, a level from 0, morale,
#: and the bestiary's ``attacks`` (``claw (d6)``), ``appearing`` and ``notes``.
NPC_STATS: StatTable = {
    **{key: stat for key, stat in PLAYER_STATS.items() if key != "kit"},
    "level": Stat("int", 0, 30), "morale": Stat("int", -10, 20),
    "attacks": Stat("text", pattern=ATTACKS_REGEX), "appearing": Stat("text"), "notes": Stat("text"),
}


#: The keys of ``[items.X.stats.vaarn]``: a weapon's own ``damage`` die, what it does well
#: against (``bonus_against``: a bonus die), its ``damage_type`` (the creature quirks), an item's
#: worth in slots of goods (``trade``) and an exotica's cost die (``cost``).
ITEM_STATS: StatTable = {
    "damage": Stat("text", pattern=r"^[dD][0-9]+$"), "bonus_against": Stat("words"), "damage_type": Stat("text"),
    "trade": Stat("int", 0), "cost": Stat("text", pattern=r"^[dD][0-9]+$"),
}


def stat_problems(stats: Mapping[str, Any], npc: bool = False) -> list[str]:
    """Every problem with a content stat table, one message each (empty when fine)."""
    return [problem.reason for problem in stat_findings(stats, npc)]


def stat_findings(stats: Mapping[str, Any], npc: bool = False) -> list[StatProblem]:
    """Every problem with a content stat table at its key (empty when fine), each key as
    :data:`PLAYER_STATS` or :data:`NPC_STATS` declares it; each reason names its key
    (``hp must be a whole number``), so it is also the message."""
    spec = NPC_STATS if npc else PLAYER_STATS
    problems = []
    for key, value in stats.items():
        reason: str | None
        if unknown(spec, key):
            reason = f"unknown key '{key}'{did_you_mean(str(key), list(spec))}; known: {', '.join(spec)}"
        else:
            reason = _key_problem(str(key), value, spec[str(key)])
        if reason is not None:
            problems.append(StatProblem((str(key),), reason))
    return problems


def _key_problem(key: str, value: Any, stat: Stat) -> str | None:
    """What is wrong with a known key's value (None when nothing)."""
    if stat.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{key} must be a whole number"
        if stat.problem(value):
            return f"{key} must be between {stat.low} and {stat.high}, not {value}"
    elif stat.kind == "bool":
        if not isinstance(value, bool):
            return f"{key} must be true or false"
    elif stat.kind == "text":
        if not isinstance(value, str):
            return f"{key} must be text"
        if stat.choices and value not in stat.choices:
            return f"{key} must be one of {', '.join(stat.choices)}, not '{value}'"
    elif stat.problem(value):
        return f"{key} must be a list of item ids"
    return None
