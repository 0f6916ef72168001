"""The player's whole repertoire: every action family registered into one registry."""
from __future__ import annotations

from game.actions import ActionRegistry, combat, items, movement, observe, social, survival


def default_registry() -> ActionRegistry:
    """All the player's actions (a system's play object adds its own verbs after)."""
    registry = ActionRegistry()
    for module in (observe, movement, items, survival, combat, social):
        module.register(registry)
    return registry
