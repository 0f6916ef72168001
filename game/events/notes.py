"""Rule notes: a short explanation of the rule that shaped what just happened.

A family of its own, as :mod:`game.events.fight` is, because only some systems
note their rules (BIND's resting actions, Maelstrom's house rule for combat): a start
under another system builds neither this class nor its wording
(:mod:`game.narration.common`).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.events import Event


@dataclass(frozen=True)
class RuleNoted(Event):
    """A short explanation of the rule that shaped what just happened, keyed (``bind.resting``).

    The narrator shows it the first time in a session (and every time under
    ``set rolls full``), so a rule is explained once, not after every roll.
    """

    key: str
    text: str
