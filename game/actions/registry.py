"""The player's whole repertoire: every action family registered into one registry."""
from __future__ import annotations

from collections.abc import Callable

from game.actions import (
    ActionRegistry,
    Family,
    combat,
    items,
    movement,
    observe,
    senses,
    social,
    survival,
    things,
)
from game.verbs import ACTION_VERBS


def _trade() -> Family:
    from game.actions import trade

    return trade


def _theft() -> Family:
    from game.actions import theft

    return theft


#: Families imported with the first use of one of their verbs, not at start-up: few runs trade
#: or steal, and trading brings prices, goods and ``fractions`` (issue 18).
LATER: tuple[tuple[tuple[str, ...], Callable[[], Family]], ...] = (
    (("wares", "trade", "buy", "sell", "haggle", "value"), _trade),
    (("steal",), _theft),
)


def default_registry() -> ActionRegistry:
    """All the player's actions (a system's play object adds its own verbs after).

    Raises ValueError at start-up when the verb table and the handlers disagree
    (a family in :data:`LATER` is checked when it is loaded, and by the tests).
    """
    registry = ActionRegistry()
    for module in (observe, movement, items, survival, combat, social, things, senses):
        module.register(registry)
    for verbs, load in LATER:
        registry.defer(verbs, load)
    missing = [verb for verb in ACTION_VERBS if verb not in registry.verbs()]
    unlisted = [verb for verb in registry.verbs() if verb not in ACTION_VERBS]
    if missing or unlisted:
        raise ValueError(f"verb table and actions disagree: no handler for {missing}, not in the table: {unlisted}")
    return registry
