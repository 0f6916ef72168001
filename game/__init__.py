"""Wayfarer: solo-play text adventures resolved by the tabletop rule system you choose."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.deferred import deferred

if TYPE_CHECKING:
    from importlib import metadata
else:
    metadata = deferred("importlib.metadata")

__version__ = "0.1.0"

_version: str | None = None


def version() -> str:
    """The game's version: the installed ``wayfarer`` distribution's metadata, else :data:`__version__`.

    ``wayfarer --version`` prints it and saves record it (``game_version``).
    """
    global _version
    if _version is None:
        try:
            _version = metadata.version("wayfarer")
        except metadata.PackageNotFoundError:
            _version = __version__
    return _version
