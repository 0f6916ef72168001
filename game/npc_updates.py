"""A save loaded into an updated adventure: the NPCs already met take their new definitions.

State is by id and content comes from the new version, so an NPC not met yet is simply
made from the new content.  One already met has a sheet in the save, and an author who
re-tunes a foe expects the change to reach runs under way without undoing what the player
did to it.  Each saved NPC carries a *fingerprint*: a short digest of the sheet its
definition makes under the save's system and options (so a change to its talk, or its
stats for another system, is no change).  On load:

- the fingerprint matches the new adventure's: the saved sheet is kept exactly;
- it differs: the sheet is made anew from the new definition and the rule system's
  ``carry_npc_state`` carries what the NPC went through (harm, wounds, conditions); its
  place, disposition, route and memory are state by id and stay as they are;
- there is none (older saves): when the adventure's files are the ones the save was
  made with, the sheet is kept; otherwise it is carried as above, and counts as updated
  only if carrying changes it.

An NPC saved as ``sheet_changes`` is read laid over the definition as it is now, so with a
fingerprint that differs it has taken its new definition already.  The NPCs updated are
named to the player once, in the load's notes; the next save records their new
fingerprints.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from game.rules.base import RuleSystem
from game.rules.registry import get_system
from game.text import join_names, possessive, subject, the, verb_s
from game.world.content import Adventure
from game.world.state import WorldState
from game.world.world import npc_sheet

#: The key of an NPC's fingerprint in its saved table.
FINGERPRINT = "fingerprint"


class FreshSheet(NamedTuple):
    """An NPC's sheet as its definition makes it: the typed sheet, its data (never to be changed) and fingerprint."""

    sheet: Any
    data: Mapping[str, Any]
    fingerprint: str


class Fingerprints:
    """The fingerprints of one adventure's NPC definitions, by system (computed once each)."""

    def __init__(self, adventure: Adventure) -> None:
        self.adventure = adventure
        self._systems: dict[str, RuleSystem[Any, Any, Any]] = {}
        self._known: dict[str, dict[str, FreshSheet]] = {}  # system id -> NPC id -> its fresh sheet
        self._alike: dict[tuple[str, int, str, str], FreshSheet] = {}

    def system(self, system_id: str) -> RuleSystem[Any, Any, Any]:
        """The rule system configured with the adventure's options (NPC sheets may depend on them)."""
        found = self._systems.get(system_id)
        if found is None:
            found = self._systems[system_id] = get_system(system_id, self.adventure.rules.get(system_id, {}))
        return found

    def of(self, system_id: str, npc_id: str) -> str:
        """The fingerprint of an NPC's definition under a system: 16 hex digits of its fresh sheet's digest."""
        return self.fresh(system_id, npc_id).fingerprint

    def fresh(self, system_id: str, npc_id: str) -> FreshSheet:
        """The sheet an NPC's definition makes under a system (with the adventure's options), as data
        and fingerprinted; made once per definition (NPCs defined alike share one)."""
        made = self.made(system_id)
        known = made.get(npc_id)
        if known is None:
            definition = self.adventure.npcs[npc_id]
            table = definition.stats.get(system_id)
            stats = "" if table is None else json.dumps(table, sort_keys=True, default=str)  # most NPCs have none
            alike = (system_id, definition.tier or 1, definition.creature, stats)  # what world.npc_sheet reads
            known = self._alike.get(alike)
            if known is None:
                system = self.system(system_id)
                sheet = npc_sheet(system, definition)
                data = system.sheet_to_data(sheet)
                text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
                known = self._alike[alike] = FreshSheet(sheet, data, hashlib.sha256(text.encode()).hexdigest()[:16])
            made[npc_id] = known
        return known

    def made(self, system_id: str) -> dict[str, FreshSheet]:
        """The fresh sheets made so far under a system, by NPC id: a look-up for loops over 1,000 NPCs
        (:meth:`fresh` makes the others)."""
        made = self._known.get(system_id)
        if made is None:
            made = self._known[system_id] = {}
        return made

    def refresh(self, state: WorldState, saved_npcs: Mapping[str, Any], same_files: bool) -> list[str]:
        """Bring the sheets of the NPCs whose definition changed up to the adventure; the ids updated.

        ``saved_npcs`` is the save's ``npcs`` table (for the fingerprints; the NPCs of a format-4 group
        whose fingerprint is their definition's now need not be there: they are kept as read);
        ``same_files``: the save was made with these very adventure files (its
        version and content digest match), which settles saves without fingerprints.
        """
        system = self.system(state.system)
        updated = []
        for npc_id in sorted(saved_npcs):
            saved, npc = saved_npcs[npc_id], state.npcs.get(npc_id)
            if npc is None or not isinstance(saved, dict) or not ("sheet" in saved or "sheet_changes" in saved):
                continue  # format 3 or 4, met and unchanged: made from the definition as it is now
            fingerprint = saved.get(FINGERPRINT)
            if fingerprint == self.of(state.system, npc_id) or (fingerprint is None and same_files):
                continue
            carried = system.carry_npc_state(npc.sheet, self.fresh(state.system, npc_id).sheet)
            remade = "sheet_changes" in saved  # read laid over the new definition's sheet: it has taken it
            if carried != npc.sheet or remade:
                npc.sheet = carried
                updated.append(npc_id)
        return updated

    def note(self, updated: list[str]) -> str:
        """The one line that tells the player which NPCs were brought up to the new version."""
        npcs = [self.adventure.npcs[npc_id] for npc_id in updated]
        pronoun = npcs[0].pronoun if len(npcs) == 1 else "they"
        return (f"Changed in this version of {self.adventure.title}: {join_names([the(n.name) for n in npcs])}. "
                f"{subject(pronoun).capitalize()} {verb_s(pronoun, 'takes', 'take')} {possessive(pronoun)} new stats, "
                f"and {verb_s(pronoun, 'keeps', 'keep')} the harm taken, conditions and memories of your run.")
