"""OpenD6 notation and tables: die codes, difficulties, check kinds, weapon damage.

Pure data and small pure functions shared by the other ``opend6_*`` modules.

Die codes (seed 002 §Making Actions): "the number of six-sided dice you roll
... and sometimes an added bonus (called pips) of "+1" or "+2"".  Because pips
only ever read +1 or +2, three pips make one more die: 3D+2 plus one pip is
4D, 4D minus one pip is 3D+2.  That is the common OpenD6 convention (the die
code steps 1D, 1D+1, 1D+2, 2D, ... of the OpenD6 "mathematical mean" and
static-target tables) and :class:`DieCode` keeps codes normalised that way.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.errors import UsageError

# -- die codes ---------------------------------------------------------------

_CODE = re.compile(r"^\s*(\d+)\s*[dD]\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True, order=True)
class DieCode:
    """A die code such as ``3D+1``: ``dice`` six-sided dice plus ``pips`` (0, 1 or 2).

    Codes compare by their total number of pips (1D = 3 pips), which is also
    their "step" (seed 002 §Making Actions; House rule for the 3-pip step, see
    module docstring).
    """

    dice: int
    pips: int = 0

    def __post_init__(self) -> None:
        if self.dice < 0 or not 0 <= self.pips <= 2:
            raise ValueError(f"not a normalised die code: {self.dice}D+{self.pips}")

    @classmethod
    def from_steps(cls, steps: int) -> DieCode:
        """The code worth ``steps`` pips (3 pips = 1D); never below 0D."""
        steps = max(steps, 0)
        return cls(steps // 3, steps % 3)

    @classmethod
    def parse(cls, text: str) -> DieCode:
        """Parse ``3D+1``, ``4D``, ``2d+2``, ``3D-1``; pips carry into dice (3D+3 -> 4D).

        Raises ValueError naming the text when it is not a die code.
        """
        match = _CODE.match(str(text))
        if not match:
            raise ValueError(f"'{text}' is not a die code like 3D+1")
        dice, sign, pips = int(match[1]), match[2], int(match[3] or 0)
        return cls.from_steps(3 * dice + (-pips if sign == "-" else pips))

    @property
    def steps(self) -> int:
        """Total pips: 3 per die plus the pips."""
        return 3 * self.dice + self.pips

    @property
    def mean(self) -> float:
        """The average roll without the Wild Die's explosions: 3.5 per die plus pips."""
        return 3.5 * self.dice + self.pips

    def __add__(self, other: DieCode) -> DieCode:
        return DieCode.from_steps(self.steps + other.steps)

    def __sub__(self, other: DieCode) -> DieCode:
        return DieCode.from_steps(self.steps - other.steps)

    def plus_dice(self, count: int) -> DieCode:
        """This code with ``count`` dice more (or fewer, never below 0D)."""
        return DieCode.from_steps(self.steps + 3 * count)

    def doubled(self) -> DieCode:
        """The dice doubled, the pips kept (a Fate Point, seed 002 §Improving Rolls)."""
        return DieCode(2 * self.dice, self.pips)

    def __str__(self) -> str:
        return f"{self.dice}D+{self.pips}" if self.pips else f"{self.dice}D"


def code_text(dice: int, pips: int) -> str:
    """A request's dice and raw pips in die-code notation (``4D+5`` is left as given)."""
    if pips > 0:
        return f"{dice}D+{pips}"
    return f"{dice}D{pips}" if pips else f"{dice}D"


# -- difficulties ------------------------------------------------------------

#: Neutral difficulty -> (OpenD6 name, its range, the number used).
#: House rule: the middle of the OpenD6 standard range of each name.
DIFFICULTY_TABLE: dict[str, tuple[str, str, int]] = {
    "easy": ("Easy", "6-10", 8),
    "normal": ("Moderate", "11-15", 13),
    "hard": ("Difficult", "16-20", 18),
    "extreme": ("Very Difficult", "21-25", 23),
    "legendary": ("Heroic", "26-30", 28),
}

_HINTS: dict[str, str] = {
    "easy": "This should not give you much trouble.",
    "normal": "This will take some skill and concentration.",
    "hard": "This is going to be pretty hard.",
    "extreme": "Only the most talented would pull this off.",
    "legendary": "This is close to impossible; it would take a legend, or a lot of luck.",
}


def difficulty_number(difficulty: str) -> int:
    """The difficulty number of a neutral difficulty; UsageError naming it when unknown."""
    try:
        return DIFFICULTY_TABLE[difficulty][2]
    except KeyError:
        raise UsageError(
            f"unknown difficulty '{difficulty}'; known: {', '.join(DIFFICULTY_TABLE)}"
        ) from None


#: What a hint says of a task, with a subject (``The climb should not give you much trouble.``).
_PREDICATES: dict[str, str] = {
    "easy": "should not give you much trouble",
    "normal": "will take some skill and concentration",
    "hard": "is going to be pretty hard",
    "extreme": "would take one of the most talented",
    "legendary": "is close to impossible: it would take a legend, or a lot of luck",
}


def hint(difficulty: str, subject: str = "") -> str:
    """A sentence for narration that hints at a difficulty without its number.

    Seed 002 §Making Actions: the Game Master "doesn't usually tell you the
    difficulty number ... though he might give you hints".  With a ``subject``
    (``The climb``) the sentence is about it.
    """
    difficulty_number(difficulty)
    if subject:
        return f"{subject} {_PREDICATES[difficulty]}."
    return _HINTS[difficulty]


def difficulty_band(number: int) -> str:
    """The neutral difficulty whose OpenD6 range holds ``number`` (Easy up to 10, Moderate
    11-15, Difficult 16-20, Very Difficult 21-25, Heroic above): for hints at any number."""
    for name, (_, span, _) in DIFFICULTY_TABLE.items():
        if number <= int(span.split("-")[1]):
            return name
    return "legendary"


# -- attributes, skills, check kinds -------------------------------------------

#: The six attributes (House rule: the D6 Adventure set; the seed names only Physique).
ATTRIBUTES: tuple[str, ...] = ("reflexes", "coordination", "physique", "knowledge", "perception", "presence")

#: Each skill and the attribute it adds to.
SKILLS: dict[str, str] = {
    "climbing": "reflexes",
    "dodge": "reflexes",
    "melee": "reflexes",
    "sneak": "reflexes",
    "marksmanship": "coordination",
    "lifting": "physique",
    "stamina": "physique",
    "medicine": "knowledge",
    "scholar": "knowledge",
    "tech": "knowledge",
    "investigation": "perception",
    "search": "perception",
    "survival": "perception",
    "intimidation": "presence",
    "persuasion": "presence",
    "willpower": "presence",
}

#: System-neutral check kind -> the skill rolled (attribute + skill).
KIND_SKILL: dict[str, str] = {
    "force": "lifting",
    "climb": "climbing",
    "sneak": "sneak",
    "dodge": "dodge",
    "fight": "melee",
    "shoot": "marksmanship",
    "perceive": "search",
    "search": "investigation",
    "identify": "scholar",
    "tinker": "tech",
    "lore": "scholar",
    "survive": "survival",
    "resist": "stamina",
    "will": "willpower",
    "persuade": "persuasion",
    "intimidate": "intimidation",
    "heal": "medicine",
}


def kind_skill(kind: str) -> str:
    """The skill a neutral check kind rolls; UsageError naming the kind when unknown."""
    try:
        return KIND_SKILL[kind]
    except KeyError:
        raise UsageError(f"unknown check kind '{kind}'; known: {', '.join(KIND_SKILL)}") from None


# -- weapons -------------------------------------------------------------------

_WEAPON_DIE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")

#: House rule: ranged weapons add this in place of the wielder's Strength Damage
#: (what an average 3D Physique gives in melee, so a d8 bow and a d8 sword match).
RANGED_BASE = DieCode(2)


def weapon_code(damage: str) -> DieCode:
    """A content damage die as an OpenD6 damage code (House rule).

    A dS is S-1 pips: d4 1D, d6 1D+2, d8 2D+1, d10 3D, d12 3D+2 (each die size
    is two pips more); NdS is N times that.  A die code such as ``4D+1`` is
    taken as it is.  ValueError naming the text otherwise.
    """
    match = _WEAPON_DIE.match(str(damage))
    if match:
        count, sides = int(match[1] or 1), int(match[2])
        if count >= 1 and sides >= 2:
            return DieCode.from_steps(count * (sides - 1))
    try:
        return DieCode.parse(damage)
    except ValueError:
        raise ValueError(f"weapon damage '{damage}' is neither a die like d8 nor a die code like 3D+1") from None
