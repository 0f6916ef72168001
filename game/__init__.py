"""Wayfarer: solo-play text adventures resolved by the tabletop rule system you choose."""
from __future__ import annotations

__version__ = "0.1.0"
