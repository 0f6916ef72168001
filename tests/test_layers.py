"""The layers of docs/architecture.md hold: no import cycle, no low layer importing a higher one."""
from __future__ import annotations

from tests.layers import breaches, cycles, graph


def test_no_import_cycle_among_game_modules() -> None:
    assert cycles(graph()) == []


def test_rules_and_world_import_nothing_above_them() -> None:
    assert breaches(graph()) == []
