"""The one root error class and its families.

Every error a user can cause (bad command line, bad content, bad save, bad
dice script) derives from :class:`WayfarerError` and carries a message that is
fit to print on one line.  Anything else escaping is a bug.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


class WayfarerError(Exception):
    """Root of every error with a user-facing message."""


class UsageError(WayfarerError):
    """The command line or a request was malformed (exit code 2)."""


@dataclass(frozen=True)
class StatProblem:
    """One problem a rule system finds in a content stat table (``[player.stats.<system>]``,
    ``[npcs.X.stats.<system>]``): where it is and why.

    ``path`` is the key path inside the table (``("skills", "melee")``; empty for the
    table itself); ``reason`` says what is wrong, with no system or table prefix
    (``wayfarer check`` prints it after the table's key path and ``path``).
    """

    path: tuple[str, ...]
    reason: str


class ContentError(WayfarerError):
    """An adventure could not be loaded; ``problems`` lists every finding, one line each.

    A rule system refusing a content stat table also gives ``stat_problems``: the
    findings in the table as :class:`StatProblem` records, in the order of their lines
    (a finding outside the table, such as a tier out of range, has a line only), for
    callers that locate them (``wayfarer check``) without reading the lines.
    """

    def __init__(self, problems: list[str], stat_problems: Sequence[StatProblem] = ()) -> None:
        super().__init__(problems[0] if problems else "invalid content")
        self.problems = problems
        self.stat_problems = tuple(stat_problems)


class SaveError(WayfarerError):
    """A save could not be written or was refused on loading."""


class DiceExhausted(WayfarerError):
    """Scripted dice ran out before the roll was resolved."""

    def __init__(self, used: int) -> None:
        super().__init__(f"the scripted dice ran out after {used} faces")
        self.used = used


class ActionRefused(WayfarerError):
    """The action cannot be done now; the message is for the player and no turn passes."""
