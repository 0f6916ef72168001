"""The player's whole repertoire: every action family registered into one registry."""
from __future__ import annotations

from game.actions import (
    ActionRegistry,
    combat,
    items,
    movement,
    observe,
    senses,
    social,
    survival,
    theft,
    things,
    trade,
)
from game.verbs import ACTION_VERBS


def default_registry() -> ActionRegistry:
    """All the player's actions (a system's play object adds its own verbs after).

    Raises ValueError at start-up when the verb table and the handlers disagree.
    """
    registry = ActionRegistry()
    for module in (observe, movement, items, survival, combat, social, things, senses, trade, theft):
        module.register(registry)
    missing = [verb for verb in ACTION_VERBS if registry.get(verb) is None]
    unlisted = [verb for verb in registry.verbs() if verb not in ACTION_VERBS]
    if missing or unlisted:
        raise ValueError(f"verb table and actions disagree: no handler for {missing}, not in the table: {unlisted}")
    return registry
