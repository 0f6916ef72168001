"""The session's dice log, bounded: the recent rolls kept, the older ones counted.

A run may last 100,000 commands; every roll it makes stays reproducible from
the save's seed and command log (``wayfarer replay``), so memory need not hold
them all.  :class:`DiceLog` is a list of ``(turn, label, result)`` that keeps
at least the last :data:`KEEP` rolls: when it reaches twice that, the oldest
:data:`KEEP` are dropped at once (one cut per :data:`KEEP` rolls, so an
append stays cheap) and counted in :attr:`DiceLog.dropped`.
"""
from __future__ import annotations

from game.events import RollResult

#: The fewest recent rolls kept in memory (``dice`` shows the last 15, ``why`` the last one).
KEEP = 1000

Roll = tuple[int, str, RollResult]


class DiceLog(list[Roll]):
    """The rolls of this session, oldest first; :attr:`total` counts the dropped ones too."""

    def __init__(self) -> None:
        super().__init__()
        #: Rolls of this session no longer kept.
        self.dropped = 0

    def append(self, roll: Roll) -> None:
        super().append(roll)
        if len(self) >= 2 * KEEP:
            del self[:KEEP]
            self.dropped += KEEP

    @property
    def total(self) -> int:
        """Every roll of this session, kept or dropped."""
        return self.dropped + len(self)

    def clear(self) -> None:
        super().clear()
        self.dropped = 0

    def cut_to(self, total: int) -> None:
        """Forget the rolls after the first ``total`` of the session (a command taken back)."""
        del self[max(0, total - self.dropped):]
