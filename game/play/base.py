"""The base behaviour of a rule system in play; systems override what their economy changes.

Every method receives the :class:`~game.actions.Turn` of the action under way,
reads dice only from ``turn.dice``, shows every roll with ``turn.show_roll``,
and changes the world only through ``turn.world``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.base import AttackResult, RollResult, RuleSystem, Situation, Weapon

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Turn


class BasePlay:
    """Checks, attacks, rests, NPC turns and days as the protocol alone allows."""

    def __init__(self, system: RuleSystem) -> None:
        self.system = system

    # -- set-up ---------------------------------------------------------------------
    def register(self, registry: ActionRegistry) -> None:
        """Add the system's own verbs (none by default)."""

    def help_lines(self) -> list[str]:
        """Lines ``help`` adds about this system's own commands."""
        return []

    # -- checks ---------------------------------------------------------------------
    def check(self, turn: Turn, request: Any, label: str, kind: str) -> RollResult:
        """Roll a player check already turned into the system's request; show it."""
        result = self.system.roll(request, turn.dice)
        turn.show_roll(label, result)
        return result

    # -- fighting -------------------------------------------------------------------
    def player_attack(self, turn: Turn, npc_id: str, weapon: Weapon, situation: Situation) -> AttackResult:
        """The player attacks an NPC; both sheets are updated."""
        world = turn.world
        npc = world.npc_state(npc_id)
        result = self.system.attack(world.state.player, npc.sheet, weapon, situation, turn.dice)
        world.state.player, npc.sheet = result.attacker, result.defender
        return result

    def npc_attack(self, turn: Turn, npc_id: str, weapon: Weapon) -> AttackResult:
        """An NPC attacks the player; both sheets are updated."""
        world = turn.world
        npc = world.npc_state(npc_id)
        result = self.system.attack(npc.sheet, world.state.player, weapon, Situation(), turn.dice)
        npc.sheet, world.state.player = result.attacker, result.defender
        return result

    def natural_weapon(self, sheet: dict[str, Any]) -> Weapon:
        """The weapon of an NPC that carries none."""
        return Weapon(name="its attack", damage=str(sheet.get("damage", "d6")))

    # -- the flow of time -------------------------------------------------------------
    def before_player_action(self, turn: Turn) -> None:
        """Called before each player action that may take time."""

    def round_over(self, turn: Turn) -> bool:
        """Whether the player's action ends their part of the round, so the NPCs act now.

        True by default; a system whose turn holds several actions (the Open
        Adventures pool) answers False until the player's turn is done.
        """
        return True

    def npc_phase(self, turn: Turn) -> None:
        """The NPCs near the player act (by default: hostile ones attack)."""
        from game.npc.phase import npc_phase

        npc_phase(turn)

    def after_npc_phase(self, turn: Turn) -> None:
        """Called after the NPCs have acted (the end of a round)."""

    def end_of_day(self, turn: Turn, day: int) -> None:
        """Called when a day ends, after water and food are settled."""

    # -- rest and load ----------------------------------------------------------------
    def rest(self, turn: Turn, kind: str, fed: bool) -> None:
        """Rest ``short`` or ``long``; ``fed`` is False when deprived or without supplies."""
        world = turn.world
        result = self.system.rest(world.state.player, kind, fed, turn.dice)
        world.state.player = result.sheet
        for roll in result.rolls:
            turn.show_roll("rest", roll)
        turn.say(*result.lines)

    def harm(self, turn: Turn, damage: str, label: str) -> None:
        """Harm the player from no attacker; the rolls are shown."""
        world = turn.world
        change = self.system.harm(world.state.player, damage, turn.dice)
        world.state.player = change.sheet
        for roll in change.rolls:
            turn.show_roll(label, roll)
        turn.say(*change.lines)

    def heal(self, turn: Turn, healing: str, label: str) -> None:
        """Heal the player; the rolls are shown."""
        world = turn.world
        change = self.system.heal(world.state.player, healing, turn.dice)
        world.state.player = change.sheet
        for roll in change.rolls:
            turn.show_roll(label, roll)
        turn.say(*change.lines)

    def take_refusal(self, turn: Turn, item_id: str) -> str | None:
        """Why the player cannot pick this item up (too much to carry), or None."""
        return None
