"""The oracle: yes or no for what the adventure does not settle, as solo role-players ask.

A d100 against the chance the likelihood gives: at or under is yes, over is
no.  Far from the line the answer is emphatic ("yes, and..." / "no, and..."),
close to it qualified ("yes, but..." / "no, but...").  The roll is a
:class:`~game.events.RollResult` like any other, so ``dice`` and ``why`` show
it.  Pure: the dice are handed in (the engine hands in the run's own).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.events import RollResult
from game.rules.dice import Dice

#: Likelihood -> the chance of yes, in percent.
LIKELIHOODS: dict[str, int] = {"certain": 90, "likely": 70, "even": 50, "unlikely": 30, "impossible": 10}
#: Other words players use for them.
SYNONYMS: dict[str, str] = {"sure": "certain", "probable": "likely", "probably": "likely", "5050": "even",
                            "50/50": "even", "doubtful": "unlikely", "improbable": "unlikely",
                            "nearly-impossible": "impossible"}
#: How close to the line a roll must be for a "but".
NEAR = 5

ANSWERS = {
    ("yes", "and"): "Yes, and more than you hoped.",
    ("yes", "but"): "Yes, but with a catch.",
    ("yes", ""): "Yes.",
    ("no", "and"): "No, and worse than you feared.",
    ("no", "but"): "No, but there is a glimmer.",
    ("no", ""): "No.",
}


@dataclass(frozen=True)
class Asked:
    """A question put to the oracle: its words and how likely a yes is."""

    question: str
    likelihood: str


def read_question(words: list[str]) -> Asked:
    """Split ``words`` into the question and a trailing likelihood (``even`` when none is given)."""
    likelihood = "even"
    if words:
        last = words[-1].lower().strip("?.!,")
        last = SYNONYMS.get(last, last)
        if last in LIKELIHOODS:
            likelihood = last
            words = words[:-1]
    return Asked(" ".join(words).strip(), likelihood)


def consult(asked: Asked, dice: Dice) -> RollResult:
    """Roll the oracle for ``asked``: outcome ``yes`` or ``no``, the qualifier in the figures."""
    chance = LIKELIHOODS[asked.likelihood]
    roll = dice.roll(100)
    answer = "yes" if roll <= chance else "no"
    qualifier = ""
    if answer == "yes" and roll <= max(1, chance // 5):
        qualifier = "and"
    elif answer == "no" and roll > 100 - max(1, (100 - chance) // 5):
        qualifier = "and"
    elif abs(roll - chance) <= NEAR:
        qualifier = "but"
    text = f"d100 {roll} against {chance} ({asked.likelihood}): {ANSWERS[(answer, qualifier)]}"
    return RollResult(system="oracle", dice=(roll,), outcome=answer,
                      figures={"roll": roll, "chance": chance, "likelihood": asked.likelihood,
                               "qualifier": qualifier},
                      text=text, rule="oracle", critical_success=qualifier == "and" and answer == "yes",
                      critical_failure=qualifier == "and" and answer == "no")


def answer_line(result: RollResult) -> str:
    """The answer alone: ``Yes, but with a catch.``"""
    return ANSWERS[(result.outcome, str(result.figures.get("qualifier", "")))]
