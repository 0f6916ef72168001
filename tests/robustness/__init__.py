"""Robustness campaigns (issue 8): crash-safe saves, hostile content and input, measured.

Each test module states its sizes: the default run is small enough for every
``pytest``; ``pytest --slow`` runs the full sizes quoted in docs/reliability.md.
"""
