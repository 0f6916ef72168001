"""The base behaviour of a rule system in play; systems override what their economy changes.

Every method receives the :class:`~game.actions.Turn` of the action under way,
reads dice only from ``turn.dice``, shows every roll with ``turn.show_roll``,
and changes the world only through ``turn.world``.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.rules.base import AttackResult, RollResult, RuleSystem, Situation, Weapon

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn
    from game.parser import Command


class BasePlay:
    """Checks, attacks, rests, NPC turns and days as the protocol alone allows."""

    def __init__(self, system: RuleSystem) -> None:
        self.system = system

    # -- set-up ---------------------------------------------------------------------
    def register(self, registry: ActionRegistry) -> None:
        """Add the system's own verbs (none by default)."""

    def verbs(self) -> Mapping[str, tuple[str, ...]]:
        """The system's own verbs for the parser: canonical verb -> the words meaning it."""
        return {}

    def help_lines(self) -> list[str]:
        """Lines ``help`` adds about this system's own commands."""
        return []

    # -- checks ---------------------------------------------------------------------
    def situation(self, turn: Turn, **extra: Any) -> Situation:
        """The player's circumstances: slots and weight carried, plus ``extra`` fields."""
        world = turn.world
        carried = [world.item(i) for i in world.carried()]
        slots = sum(item.slots for item in carried)
        weight = sum(item.weight if item.weight is not None else item.slots for item in carried)
        return dataclasses.replace(Situation(carried_slots=slots, carried_weight=weight), **extra)

    def check_request(self, turn: Turn, kind: str, difficulty: str, situation: Situation,
                      numbers: Mapping[str, int]) -> Any:
        """The system's request for a player check; an author's number for this system wins."""
        target = numbers.get(self.system.id)
        if target is not None:
            situation = dataclasses.replace(situation, target=target)
        return self.system.check_request(turn.world.state.player, kind, difficulty, situation)

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        """Roll a player check, record its request (for ``odds``), show it, return it."""
        request = self.check_request(turn, kind, difficulty, situation, numbers)
        turn.record(label, request)
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
    def on_start(self, turn: Turn) -> None:
        """Called when a run starts or is loaded, before the first command.

        For bringing figures the sheet mirrors from the world (armour worn) in
        step; it must not roll dice.
        """

    def before_player_action(self, turn: Turn) -> None:
        """Called before each player action that may take time."""

    def perform(self, turn: Turn, command: Command, handler: Handler) -> None:
        """Run the player's action (one that may take time).

        A system may act around it (its NPCs winning initiative first), refuse it
        (raise ActionRefused: a severed leg cannot walk) or replace it (a player
        felled before acting never gets to act).
        """
        handler(turn, command)

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

    def on_end(self, turn: Turn, status: str) -> None:
        """Called once when the run ends (``won`` or ``dead``), after the ending is said."""

    def water_interval_days(self, turn: Turn) -> int:
        """Days between the rations of water the player needs (1; a week for Vaarn's synthetics)."""
        return 1

    def on_enter_room(self, turn: Turn) -> None:
        """Called when the player has entered a room, before it is described."""

    # -- items ----------------------------------------------------------------------
    def use_item(self, turn: Turn, item_id: str, target_words: tuple[str, ...]) -> bool:
        """Use an item the system gives meaning to (a gift, a risky exotica); True if handled."""
        return False

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
