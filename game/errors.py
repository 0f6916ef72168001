"""The one root error class and its families.

Every error a user can cause (bad command line, bad content, bad save, bad
dice script) derives from :class:`WayfarerError` and carries a message that is
fit to print on one line.  Anything else escaping is a bug.
"""
from __future__ import annotations


class WayfarerError(Exception):
    """Root of every error with a user-facing message."""


class UsageError(WayfarerError):
    """The command line or a request was malformed (exit code 2)."""


class ContentError(WayfarerError):
    """An adventure could not be loaded; ``problems`` lists every finding."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if problems else "invalid content")
        self.problems = problems


class SaveError(WayfarerError):
    """A save could not be written or was refused on loading."""


class DiceExhausted(WayfarerError):
    """Scripted dice ran out before the roll was resolved."""

    def __init__(self, used: int) -> None:
        super().__init__(f"the scripted dice ran out after {used} faces")
        self.used = used


class ActionRefused(WayfarerError):
    """The action cannot be done now; the message is for the player and no turn passes."""
