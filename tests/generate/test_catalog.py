"""Stable seeds: the same seed writes the same files, here and on any machine, for one generator version."""
from __future__ import annotations

import json

from tests.generate.catalog import CATALOG, catalog


def test_seeds_1_to_20_of_every_theme_write_the_catalogued_files() -> None:
    expected = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert catalog() == expected, ("a seed now writes other files: if that is meant, raise GENERATOR_VERSION "
                                   "and run python -m tests.generate.catalog")
