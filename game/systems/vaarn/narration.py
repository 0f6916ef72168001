"""How Vaults of Vaarn words its events: HP lines, wound rows, rests, Gifts, levels, a broken morale.

Events about the player speak to "you" (``Your HP: 5 -> 3.``); those about an
NPC name it (``HP of the dune raider: 5 -> 3.``).  An NPC's death at 0 HP and
the FATALITY wound say nothing here: the fight's report says the death in its
own words, and the wound row says FATALITY.

The wording is in :mod:`game.systems.vaarn.narration_events` (the generic events of harm
and flight the Vaarn way, and Vaarn's own events), imported when the first of
them is narrated: a start that made none imports neither.
"""
from __future__ import annotations

from typing import ClassVar

from game.events import Event
from game.narration import Narrator, Renderer


class VaarnNarrator(Narrator):
    """The narrator of a run under Vaults of Vaarn."""

    #: Its own table (it registers nothing at import): what :meth:`late_renderer` adds stays Vaarn's.
    renderers: ClassVar[dict[type[Event], Renderer]] = dict(Narrator.renderers)

    @classmethod
    def late_renderer(cls, event_type: type[Event]) -> Renderer | None:
        from game.systems.vaarn.narration_events import RENDERERS

        for known, render in RENDERERS.items():
            cls.renderers.setdefault(known, render)  # Vaarn's wording first, then the common one
        return super().late_renderer(event_type)
