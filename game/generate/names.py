"""The generator's names the command line offers: its sizes and its themes.

Kept apart from the model and the theme tables because every start builds the
command line's parser, and those modules make frozen records at import.
"""
from __future__ import annotations

#: The generator's version: a seed gives the same adventure for one version (saves record it).
GENERATOR_VERSION = "1.1.1"

#: Each size's room count, the least and the most.
SIZES = {"small": (6, 10), "medium": (12, 25), "large": (30, 60)}

#: The themes there are, in a stable order (each a module of ``game.generate.themes``).
THEME_IDS = ("salt", "station")
