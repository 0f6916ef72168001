"""NPCs acting on their own: a policy per ``behaviour`` chooses an action; the action performs itself.

A policy (:mod:`game.npc.policies`) is a pure choice: it reads an
:class:`~game.npc.view.NpcView` (what the NPC knows this round, including the
system's verdicts such as a broken morale) and returns an action of
:mod:`game.actions.deeds` (re-exported by :mod:`game.npc.intents`), the same the
player's commands make.  It never rolls dice and never changes the world; the round
template performs the action with the NPC as its actor.
"""
from __future__ import annotations
