"""What one submitted line produced: the lines to show and what the front end should do next."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Report:
    """What one submitted line produced."""

    lines: list[str] = field(default_factory=list)
    #: The player asked to quit.
    quit: bool = False
    #: A question is pending (disambiguation or a yes/no); the next line answers it.
    question: bool = False
    #: Lines from the table rather than the story, shown after :attr:`lines`: the summary
    #: when a run ends, a pointer to ``help`` after the first unknown word.
    aside: list[str] = field(default_factory=list)

    @property
    def shown(self) -> list[str]:
        """Everything the front end prints, in order."""
        return [*self.lines, *self.aside]
