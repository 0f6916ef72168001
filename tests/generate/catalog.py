"""The catalog: digests of the files the generator writes for seeds 1-20 of each theme (medium, before tuning).

``python -m tests.generate.catalog`` rewrites ``catalog.json`` after a deliberate change (and the
generator's version should then be raised: a seed must give one adventure per version).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game.generate.build import build
from game.generate.emit import render
from game.generate.themes import theme_ids

CATALOG = Path(__file__).with_name("catalog.json")
SEEDS = range(1, 21)


def digest(seed: int, theme: str, size: str = "medium") -> str:
    files = render(build(seed, theme, size), None)
    whole = hashlib.sha256()
    for name in sorted(files):
        whole.update(name.encode() + b"\0" + files[name].encode("utf-8") + b"\0")
    return whole.hexdigest()[:16]


def catalog() -> dict[str, dict[str, str]]:
    return {theme: {str(seed): digest(seed, theme) for seed in SEEDS} for theme in theme_ids()}


if __name__ == "__main__":
    CATALOG.write_text(json.dumps(catalog(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {CATALOG}")
