"""NPCs acting on their own: policies choose actions that go through the same paths as the player's."""
from __future__ import annotations
