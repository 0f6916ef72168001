"""BIND in play: haggling is a resisted action (seed 003 §Resisted Actions).

The trade verbs and the common value scale are everyone's
(:mod:`game.actions.trade`, :mod:`game.actions.trade_pricing`).  Under BIND the
persuasion roll is Charisma + Empathy against TN 7 plus the trader's own
resisting ability (Wits + Academics: the ``will`` kind), rolled once: one roll
only holds for the day, a tie asks whether to succeed and accept the danger,
and the danger of haggling is time (an hour spent in talk).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions.trade_pricing import Pricing
from game.systems.bind import checks as bind_checks
from game.systems.bind.turn import the

if TYPE_CHECKING:
    from game.actions import Turn
    from game.parser import Command


class BindPricing(Pricing):
    """The common value scale; the haggle is resisted by the trader and remembered (one roll only)."""

    def __init__(self, play: bind_checks.BindSeat) -> None:
        self.play = play

    def persuade(self, turn: Turn, npc_id: str, command: Command) -> bool:
        play = self.play
        label = f"haggle with {the(turn.world, npc_id)}"
        action = bind_checks.Action(label, npc_id, "time", opponents=(npc_id,), opposing="will")
        situation = bind_checks.full_situation(play, turn, play.situation(turn))
        request = bind_checks.resisted(play.system, turn, "persuade", situation, action)
        return bind_checks.check_action(play, turn, "persuade", situation, action, request).succeeded
