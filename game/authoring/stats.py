"""The stat-table errors of ``wayfarer check``: each ``stats.<system>`` table through its system.

The loader (:mod:`game.world.build`) checks only that a stat table holds
numbers within bounds; what the numbers mean is each rule system's.  Here
every ``[player.stats.<system>]`` and ``[npcs.X.stats.<system>]`` table is
made into the sheet play would make of it -- :meth:`RuleSystem.new_character`
for the player, :meth:`RuleSystem.npc_sheet` with the NPC's tier and creature
type for an NPC, the system configured with ``[adventure.rules]`` -- so the
content that ``check`` passes starts and meets its NPCs under every system
it gives stats for, and no rule is written twice.  The system's
:class:`ContentError` types each problem it finds (``stat_problems``: a
:class:`~game.errors.StatProblem` with the key path inside the table and the
reason), and each becomes an error at the table's key path plus its own;
nothing here reads the error's sentences.  Anything else a system raises
(a ContentError with no typed problems, a ValueError) is an error at the
table itself, its message the reason.

Item ``stats.<system>`` tables are read piecemeal during play, by no one sheet
builder: each key is checked against the system's ``ITEM_STATS`` declaration (the one
``wayfarer schema`` is made from), for its name and its kind (see
:mod:`game.authoring.warnings` for tables no system reads).
"""
from __future__ import annotations

import difflib
import random
from collections.abc import Iterator, Mapping
from typing import Any

from game.errors import ContentError, UsageError
from game.rules import registry
from game.rules.base import SystemInPlay, did_you_mean
from game.rules.dice import RandomDice
from game.rules.stat_spec import StatTable, unknown
from game.world.schema import KeyPath

Problem = tuple[KeyPath, str]


def stats_problems(merged: Mapping[str, Any]) -> list[Problem]:
    """Every problem the rule systems find in the player's and the NPCs' stat tables of the
    merged content data (as :func:`game.world.loader.read_merged` gives it).

    Tables that are not tables, systems that do not exist and bad ``[adventure.rules]``
    options are the loader's to report, and are skipped here.
    """
    problems: list[Problem] = []
    systems: dict[str, SystemInPlay | None] = {}
    for path, system_id, stats, npc in _tables(merged):
        if system_id not in systems:
            systems[system_id] = _system(merged, system_id)
        system = systems[system_id]
        if system is not None:
            problems.extend((path + field, message) for field, message in table_problems(system, stats, npc))
        if npc is None:
            problems.extend((path + ("kit",), message) for message in _kit_problems(merged, system_id, stats))
    for path, system_id, stats in _item_tables(merged):
        declared = registry.info(system_id).item_stats
        problems.extend((path + field, message) for field, message in declared_problems(declared, stats))
    return problems


def declared_problems(declared: StatTable, stats: Mapping[str, Any]) -> list[tuple[KeyPath, str]]:
    """(key, reason) for each key of ``stats`` that ``declared`` does not name, or whose value is not
    of the kind it declares."""
    problems: list[tuple[KeyPath, str]] = []
    for key, value in stats.items():
        if unknown(declared, key):
            problems.append(((str(key),), f"unknown key{did_you_mean(str(key), tuple(declared))}; "
                                           f"known: {', '.join(declared)}"))
        else:
            reason = declared[str(key)].problem(value)
            if reason:
                problems.append(((str(key),), reason))
    return problems


def _item_tables(merged: Mapping[str, Any]) -> Iterator[tuple[KeyPath, str, Mapping[str, Any]]]:
    """(key path, system id, table) of each item's stat table."""
    items = merged.get("items")
    for item_id, item in (items.items() if isinstance(items, Mapping) else ()):
        if isinstance(item, Mapping):
            for system_id, stats in _by_system(item.get("stats")):
                yield ("items", str(item_id), "stats", system_id), system_id, stats


def _kit_problems(merged: Mapping[str, Any], system_id: str, stats: Mapping[str, Any]) -> list[str]:
    """A player's starting ``kit`` (Vaarn's) naming an item the adventure lacks: a new run would not start."""
    kit = stats.get("kit")
    items = merged.get("items")
    known = [str(item_id) for item_id in items] if isinstance(items, Mapping) else []
    problems = []
    for item in kit if isinstance(kit, list) else []:
        if str(item) not in known:
            close = difflib.get_close_matches(str(item), known, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            problems.append(f"no item '{item}'{hint}: a new run under {system_id} would not start")
    return problems


def table_problems(system: SystemInPlay, stats: Mapping[str, Any],
                   npc: tuple[int, str] | None = None) -> list[tuple[KeyPath, str]]:
    """(field path inside the table, reason) for each problem ``system`` finds in ``stats``:
    a player's table, or an NPC's when ``npc`` gives its (tier, creature type)."""
    try:
        if npc is None:
            dice = RandomDice(random.Random("wayfarer:check"))
            system.new_character(stats, dice)
        else:
            system.npc_sheet(npc[0], stats, npc[1])
    except ContentError as error:
        if error.stat_problems:
            return [(problem.path, problem.reason) for problem in error.stat_problems]
        return [((), message) for message in error.problems]
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
        return [((), str(error))]
    return []


def _tables(merged: Mapping[str, Any]) -> Iterator[tuple[KeyPath, str, Mapping[str, Any], tuple[int, str] | None]]:
    """(key path, system id, table, None for the player or the NPC's (tier, creature)) of each stat table."""
    player = merged.get("player")
    if isinstance(player, Mapping):
        for system_id, stats in _by_system(player.get("stats")):
            yield ("player", "stats", system_id), system_id, stats, None
    npcs = merged.get("npcs")
    if not isinstance(npcs, Mapping):
        return
    for npc_id, npc in npcs.items():
        if not isinstance(npc, Mapping):
            continue
        tier = npc.get("tier")
        tier = tier if isinstance(tier, int) and not isinstance(tier, bool) and 1 <= tier <= 5 else 1
        creature = npc.get("creature")
        creature = creature if isinstance(creature, str) else "biological"
        for system_id, stats in _by_system(npc.get("stats")):
            yield ("npcs", str(npc_id), "stats", system_id), system_id, stats, (tier, creature)


def _by_system(stats: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    if isinstance(stats, Mapping):
        for system_id, table in stats.items():
            if system_id in registry.SYSTEM_IDS and isinstance(table, Mapping) and table:
                yield system_id, table


def _system(merged: Mapping[str, Any], system_id: str) -> SystemInPlay | None:
    """The system configured as the adventure's ``[adventure.rules] <id>`` says; None when it cannot be."""
    adventure = merged.get("adventure")
    rules = adventure.get("rules") if isinstance(adventure, Mapping) else None
    options = rules.get(system_id) if isinstance(rules, Mapping) else None
    try:
        return registry.get_system(system_id, options if isinstance(options, Mapping) else None)
    except (UsageError, ValueError, TypeError):
        return None


def unreported_problems(merged: Mapping[str, Any], loader_problems: list[Problem]) -> list[Problem]:
    """:func:`stats_problems`, leaving out the tables the loader already found wrong (its
    problems at or inside a table's key path): ``wayfarer check``'s ``more_checks``
    (:func:`game.world.loader.check_adventure`)."""
    def reported(table: KeyPath) -> bool:
        return any(path[:len(table)] == table for path, _ in loader_problems)

    return [(path, message) for path, message in stats_problems(merged)
            if not reported(path[:4] if path[0] in ("npcs", "items") else path[:3])]
