"""Ways of performing a check (seed 004 §Dice Pool): "the storyteller may offer a choice of
different ways of performing it. They may also tell you which traits would be used for each
option."  The choice is the player's: the game offers it, with each way's traits and odds.

Which checks offer which ways is a **house rule** built from the seed's trait descriptions
(§Strength "running, lifting", §Precision "manual dexterity", §Athletics "jump, climb,
throw, run"); the first way of each is the one every check used before, so a player who
always takes it meets the old game.  A way whose ability the character cannot even attempt
(a knowledge at zero dots, seed 004 §Knowledges) is not offered.  Checks with one way ask nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.errors import ActionRefused


@dataclass(frozen=True)
class Approach:
    """One way of performing a check: its name, how the player says it, its traits and specialty tags."""

    name: str
    #: "with strength", "by running": the words that name it in a command and in questions.
    phrase: str
    first: str
    second: str
    tags: tuple[str, ...] = ()
    #: Other words a player may use for it ("approach force muscle").
    aliases: tuple[str, ...] = ()

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that names this way: its name, its phrase's last word, its aliases."""
        return (self.name, self.phrase.split()[-1], *self.aliases)


#: Check kind -> its ways, the default first (house rule; see the module docstring).
APPROACHES: dict[str, tuple[Approach, ...]] = {
    "force": (
        Approach("strength", "with strength", "strength", "athletics", ("strength", "lifting"), ("might", "muscle")),
        Approach("finesse", "with finesse", "precision", "technology", ("lockpicking", "locks", "tools"),
                 ("skill", "tools", "care")),
    ),
    "climb": (
        Approach("agility", "with agility", "precision", "athletics", ("precision", "parkour", "acrobatics",
                                                                       "climbing"), ("precision", "care")),
        Approach("strength", "with strength", "strength", "athletics", ("strength", "climbing"), ("might", "muscle")),
    ),
    "dodge": (
        Approach("dodging", "by dodging", "reflexes", "dodge", (), ("dodge", "reflexes")),
        Approach("running", "by running", "strength", "athletics", ("running", "sprinting"), ("speed", "run")),
    ),
    "sneak": (
        Approach("deftness", "with deftness", "precision", "stealth", (), ("hands", "precision", "deftly")),
        Approach("cunning", "with cunning", "wits", "stealth", ("distraction",), ("wits", "distraction")),
    ),
    "identify": (
        Approach("technology", "by technology", "intelligence", "technology", (), ("tech", "tinkering")),
        Approach("lore", "by lore", "intelligence", "academics", ("history",), ("academics", "history")),
    ),
}

#: What a player calls a kind of check whose name is not the verb they type (``approach flee``).
CALLED = {"dodge": "flee", "sneak": "steal"}


def called(kind: str) -> str:
    """The kind as the player names it: ``flee`` for dodge, ``steal`` for sneak."""
    return CALLED.get(kind, kind)


#: The prepositions that introduce a way in a command: ``force hatch with finesse``, ``flee by running``.
HOW_WORDS = ("with", "by", "using", "through")


def ways_of(kind: str) -> tuple[Approach, ...]:
    """Every way of a check kind (none for a kind with only its one mapping)."""
    return APPROACHES.get(kind, ())


def named(kind: str, word: str) -> Approach:
    """The way of ``kind`` that ``word`` names; ActionRefused listing the ways when none does."""
    ways = ways_of(kind)
    for way in ways:
        if word in way.words:
            return way
    offered = " or ".join(way.phrase for way in ways) or "only one way"
    raise ActionRefused(f"There is no way \"{word}\" to {kind} here: {offered}.")


def is_how_word(word: str) -> bool:
    """Whether ``word`` names a way of some check."""
    return any(word in way.words for ways in APPROACHES.values() for way in ways)


def split_how(words: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """``("door", "with", "finesse")`` -> ``(("door",), "finesse")``: the words without a trailing
    way, and the way's word ("" when the words end in none)."""
    if len(words) >= 2 and words[-2] in HOW_WORDS and is_how_word(words[-1]):
        return words[:-2], words[-1]
    return words, ""
