"""The registry of rule systems: ids, one-line summaries and configured instances.

Each system lives in ``game.systems.<id>.rules`` and exposes:

- ``SYSTEM_ID: str`` and ``SUMMARY: str`` (one line, for ``wayfarer systems``);
- ``OPTIONS: dict[str, tuple[str, ...]]``: each adventure option's allowed
  values, the default first (``[adventure.rules] <id> = {option = value}``);
- ``make_system(options: Mapping[str, str]) -> RuleSystem``;
- ``PLAYER_STATS``, ``NPC_STATS`` and ``ITEM_STATS``: the declared keys of its content stat tables
  (:mod:`game.rules.stat_spec`), read by its own check and by ``wayfarer schema``.

Modules are imported on first use so that start-up stays fast.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

from game.errors import UsageError
from game.rules.base import SystemInPlay
from game.rules.stat_spec import StatTable

#: Every system id, in the order ``wayfarer systems`` lists them.
SYSTEM_IDS: tuple[str, ...] = ("open_adventures", "vaarn", "opend6", "bind", "maelstrom")


@dataclass(frozen=True)
class SystemInfo:
    """What is known about a system without configuring it."""

    id: str
    summary: str
    options: Mapping[str, tuple[str, ...]]
    player_stats: StatTable
    npc_stats: StatTable
    item_stats: StatTable


def _module(system_id: str) -> ModuleType:
    if system_id not in SYSTEM_IDS:
        raise UsageError(f"unknown system '{system_id}'; known systems: {', '.join(SYSTEM_IDS)}")
    return importlib.import_module(f"game.systems.{system_id}.rules")


def info(system_id: str) -> SystemInfo:
    """The id, summary and options of one system; UsageError for an unknown id."""
    module = _module(system_id)
    return SystemInfo(module.SYSTEM_ID, module.SUMMARY, module.OPTIONS, module.PLAYER_STATS, module.NPC_STATS,
                      module.ITEM_STATS)


def option_problems(system_id: str, options: Mapping[str, object]) -> list[str]:
    """Why ``options`` are not valid for the system (empty when they are)."""
    known = info(system_id).options
    problems = []
    for key, value in options.items():
        if key not in known:
            problems.append(f"unknown option '{key}' for {system_id}; known: {', '.join(known) or 'none'}")
        elif value not in known[key]:
            problems.append(f"option {key} = {value!r} for {system_id} must be one of: {', '.join(known[key])}")
    return problems


def get_system(system_id: str, options: Mapping[str, str] | None = None) -> SystemInPlay:
    """A configured instance of the system; UsageError for an unknown id or bad options."""
    module = _module(system_id)
    problems = option_problems(system_id, options or {})
    if problems:
        raise UsageError(problems[0])
    defaults = {key: values[0] for key, values in module.OPTIONS.items()}
    defaults.update(options or {})
    system: SystemInPlay = module.make_system(defaults)
    return system
