"""How Vaults of Vaarn words its events: HP lines, wound rows, rests, Gifts, levels, a broken morale.

Events about the player speak to "you" (``Your HP: 5 -> 3.``); those about an
NPC name it (``HP of the dune raider: 5 -> 3.``).  An NPC's death at 0 HP and
the FATALITY wound say nothing here: the fight's report says the death in its
own words, and the wound row says FATALITY.

This module words the generic events of :mod:`game.events` the Vaarn way; Vaarn's
own events (:mod:`game.rules.vaarn_events`) are worded in
:mod:`game.narration.vaarn_events`, imported when the first one is narrated.
"""
from __future__ import annotations

from game.events import PLAYER, Died, Event, Fell, Fled, HealthChanged, Surrendered
from game.narration import Narrator, Renderer, cap
from game.rules.vaarn_data import CAUSE_FATALITY, CAUSE_THIRST, CAUSE_ZERO_HP, NPC


class VaarnNarrator(Narrator):
    """The narrator of a run under Vaults of Vaarn."""

    @classmethod
    def late_renderer(cls, event_type: type[Event]) -> Renderer | None:
        # Vaarn's own events (23 classes) are only made once a fight, a rest or a day's end has
        # imported them: their wording is imported with the first one, not at start-up (issue 18).
        from game.narration.vaarn_events import RENDERERS

        for known, render in RENDERERS.items():
            cls.renderers.setdefault(known, render)
        return cls.renderers.get(event_type)


# -- harm and death, a broken morale ------------------------------------------------------

@VaarnNarrator.renders(HealthChanged)
def _health(narrator: Narrator, event: HealthChanged) -> list[str]:
    change = f"{event.before} -> {event.after}."
    if event.who == PLAYER:
        return [f"Your {event.measure}: {change}"]
    if event.who == NPC:
        return [f"{event.measure} {change}"]
    return [f"{event.measure} of {narrator.the(event.who)}: {change}"]


@VaarnNarrator.renders(Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    if event.cause in (CAUSE_ZERO_HP, CAUSE_FATALITY):
        return []
    if event.cause == CAUSE_THIRST:
        return ["Three days without water: you perish."]
    return [f"Dead: {event.cause}."]


@VaarnNarrator.renders(Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return []  # the wound's row says "You pass out."


@VaarnNarrator.renders(Fled)
def _fled(narrator: Narrator, event: Fled) -> list[str]:
    if event.who == PLAYER:
        return [f"You flee{' ' + event.direction if event.direction else ''}."]
    return [f"{cap(narrator.the(event.who))} breaks and flees {event.direction}."]


@VaarnNarrator.renders(Surrendered)
def _surrendered(narrator: Narrator, event: Surrendered) -> list[str]:
    if event.who == PLAYER:
        return ["You surrender."]
    return [f"{cap(narrator.the(event.who))} throws down its arms and begs for its life."]
