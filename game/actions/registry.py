"""The player's whole repertoire: every action of the verb table, registered by its handler's name."""
from __future__ import annotations

from game.actions import ActionRegistry
from game.verbs import ACTIONS


def default_registry() -> ActionRegistry:
    """All the player's actions (a system's play object adds its own verbs after).

    Each handler is imported with the first use of its verb (:meth:`ActionRegistry.register_named`).
    """
    registry = ActionRegistry()
    for verb in ACTIONS:
        if not verb.action:
            raise ValueError(f"verb '{verb.verb}' has neither an action nor a meta command")
        registry.register_named(verb.verb, verb.action, observe=verb.observe)
    return registry
