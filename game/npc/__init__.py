"""NPCs acting on their own: a policy per ``behaviour`` chooses an intent; play carries it out.

A policy (:mod:`game.npc.policies`) is a pure choice: it reads an
:class:`~game.npc.view.NpcView` (what the NPC knows this round, including the
system's verdicts such as a broken morale) and returns an intent
(:mod:`game.npc.intents`).  It never rolls dice and never changes the world.
Each system's play module carries the intent out under its own economy
(:meth:`game.play.base.BasePlay.carry_out`), through the same attack and
movement paths the player uses.
"""
from __future__ import annotations
