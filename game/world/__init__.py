"""The world: frozen content definitions, the loader, and the mutable state."""
from __future__ import annotations
