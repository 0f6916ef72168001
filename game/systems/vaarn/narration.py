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

import re
from typing import TYPE_CHECKING, ClassVar

from game.deferred import deferred
from game.events import Event, RollResult
from game.narration import Narrator, Renderer

if TYPE_CHECKING:
    from game.systems.vaarn import narration_events
else:
    narration_events = deferred("game.systems.vaarn.narration_events")

#: A die and its face in a breakdown: ``d6 (4)`` (compiled, and cached by ``re``, at first use).
_DIE = r"\bd\d+ \((\d+)\)"


class VaarnNarrator(Narrator):
    """The narrator of a run under Vaults of Vaarn."""

    #: Its own table (it registers nothing at import): what :meth:`late_renderer` adds stays Vaarn's.
    renderers: ClassVar[dict[type[Event], Renderer]] = dict(Narrator.renderers)

    def brief(self, result: RollResult) -> str:
        """An attack as hit or miss (``22 vs armour 11: hit``); a roll with no total (initiative,
        the item a wound damages) as its faces and what they chose."""
        if " = " not in result.text:
            if "first" in result.figures:  # initiative: each side's die, then who acts first
                return re.sub(_DIE, r"\1", result.text.partition(": ")[2])
            return re.sub(_DIE, r"\1", result.text.rpartition(": ")[2])
        text = super().brief(result)
        if "hit" in result.figures:
            text = text.replace(": success", ": hit").replace(": failure", ": miss")
        return text

    @classmethod
    def late_renderer(cls, event_type: type[Event]) -> Renderer | None:
        for known, render in narration_events.RENDERERS.items():
            cls.renderers.setdefault(known, render)  # Vaarn's wording first, then the common one
        return super().late_renderer(event_type)
