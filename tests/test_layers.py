"""The layers of docs/architecture.md hold: no import cycle at all (imports under TYPE_CHECKING and
inside functions counted), no module importing a layer above its own, every module in a layer.

The imports of a layer above that today's code cannot yet do without are listed, each with its
reason, in ``tests.layers.EXCEPTIONS``; none may close a cycle, and one the code no longer makes
must leave the list.
"""
from __future__ import annotations

from tests.layers import breaches, cycles, graph, stale_exceptions, unplaced, without_exceptions


def test_no_import_cycle_among_game_modules_type_checking_imports_included() -> None:
    """No exception excuses a cycle: a layer breach may be listed, a cycle may not."""
    assert cycles(graph()) == []


def test_no_import_cycle_at_run_time() -> None:
    assert cycles(graph(type_checking=False)) == []


def test_no_module_imports_a_layer_above_its_own() -> None:
    assert breaches(without_exceptions(graph())) == []


def test_every_module_is_in_a_layer() -> None:
    assert unplaced(graph()) == []


def test_every_exception_is_still_needed() -> None:
    assert stale_exceptions(graph()) == []
