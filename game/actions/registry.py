"""The player's whole repertoire: every action family registered into one registry."""
from __future__ import annotations

from collections.abc import Callable

from game.actions import ActionRegistry, Family, combat, observe
from game.verbs import ACTION_VERBS

# Each family below is imported with the first use of one of its verbs, not at start-up: the
# opening needs only ``observe`` (and the round template ``combat``), and trading brings prices,
# goods and ``fractions``.  ``ActionRegistry.defer`` checks each against its verbs.


def _items() -> Family:
    from game.actions import items

    return items


def _movement() -> Family:
    from game.actions import movement

    return movement


def _survival() -> Family:
    from game.actions import survival

    return survival


def _social() -> Family:
    from game.actions import social

    return social


def _things() -> Family:
    from game.actions import things

    return things


def _senses() -> Family:
    from game.actions import senses

    return senses


def _trade() -> Family:
    from game.actions import trade

    return trade


def _idle() -> Family:
    from game.actions import idle

    return idle


def _theft() -> Family:
    from game.actions import theft

    return theft


#: The deferred families: the verbs each registers, and how to import it.
LATER: tuple[tuple[tuple[str, ...], Callable[[], Family]], ...] = (
    (("go", "flee"), _movement),
    (("take", "drop", "open", "unlock", "use", "identify"), _items),
    (("drink", "eat", "fill", "rest", "wait", "search"), _survival),
    (("talk", "ask"), _social),
    (("put", "give", "show", "wear", "remove", "wield", "throw"), _things),
    (("read", "listen", "smell", "exits", "climb"), _senses),
    (("wares", "trade", "buy", "sell", "haggle", "value"), _trade),
    (("steal",), _theft),
    (("shove", "touch", "close", "light", "extinguish", "pour", "break", "jump", "sing", "kiss", "sit", "think", "say",
      "wake"), _idle),
)


def default_registry() -> ActionRegistry:
    """All the player's actions (a system's play object adds its own verbs after).

    Raises ValueError at start-up when the verb table and the handlers disagree
    (a family in :data:`LATER` is checked when it is loaded, and by the tests).
    """
    registry = ActionRegistry()
    for module in (observe, combat):
        module.register(registry)
    for verbs, load in LATER:
        registry.defer(verbs, load)
    missing = [verb for verb in ACTION_VERBS if verb not in registry.verbs()]
    unlisted = [verb for verb in registry.verbs() if verb not in ACTION_VERBS]
    if missing or unlisted:
        raise ValueError(f"verb table and actions disagree: no handler for {missing}, not in the table: {unlisted}")
    return registry
