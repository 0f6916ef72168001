"""Replaying a saved run from its seed and command log, and verifying where it ends."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import __version__, version
from game.engine import Engine
from game.errors import SaveError
from game.paths import bundled_root, content_cache_home
from game.rules.registry import get_system
from game.saves import SaveStore, parse_document
from game.text import escape_controls
from game.world.cache import ContentCache
from game.world.limits import TooMuch, read_bounded
from game.world.loader import find_adventure, load_adventure

if TYPE_CHECKING:
    from game.world.content import Adventure


#: How often a long replay reports its progress (in commands).
PROGRESS_EVERY = 5_000


def replay_save(save_path: Path, adventure_dir: str | None,
                progress: Callable[[str], None] | None = None) -> tuple[bool, list[str]]:
    """Re-run the save's log from a new game with its seed; True if it ends in the saved state.

    A log holds at most ``limits.MAX_LOG`` commands (the save reader refuses
    longer ones, naming the limit); ``progress`` hears every PROGRESS_EVERY.
    When the replay diverges, the lines say whether the adventure or the game
    changed since the save was made, or else that the save itself changed.
    """
    if not save_path.is_file():
        raise SaveError(f"{save_path}: no such save file")
    try:
        document = parse_document(read_bounded(save_path), save_path.name)
    except TooMuch as error:
        raise SaveError(f"{save_path.name} is not a save ({error.message})") from None
    except OSError as error:
        raise SaveError(f"could not read {save_path.name}: {error.strerror or error}") from None
    header = document.get("save")
    if not isinstance(header, dict) or not isinstance(header.get("adventure"), str):
        raise SaveError(f"{save_path.name} is not a Wayfarer save")
    adventure = load_adventure(find_adventure(adventure_dir or header["adventure"], bundled_root()),
                               cache=ContentCache(content_cache_home(), __version__, background=True))
    saved = SaveStore(save_path.parent, adventure).from_document(document, save_path.name)
    system = get_system(saved.system, {**adventure.rules.get(saved.system, {}), **saved.rules})
    engine = Engine.new_game(adventure, system, saved.seed)
    engine.state.rules = dict(saved.rules)  # the run's optional rules (--rules), as it was played
    total = len(saved.log)
    for done, command in enumerate(saved.log, 1):
        engine.submit(command)
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == total) and total >= PROGRESS_EVERY:
            progress(f"replayed {done:,} of {total:,} commands")
    ok, difference = compare(engine.state.to_data(engine.system), saved.to_data(engine.system))
    turns = f"{total} commands, seed {saved.seed}, {system.id}"
    if ok:
        return True, [f"Replay matches: {turns}; ends on day {saved.day} in {adventure.rooms[saved.room].name}."]
    return False, [f"Replay diverged ({turns}): {difference}", *_content_changes(document["save"], adventure)]


def _content_changes(header: dict[str, Any], adventure: Adventure) -> list[str]:
    """Why a replay may diverge: the adventure or the game changed since the save was made, or the save did
    (a hand edit that sealed its checksum again cannot be told from a bug, so neither is claimed)."""
    made_with = header.get("adventure_version")
    if made_with != adventure.version:
        return [f"The save was made with {adventure.id} version {made_with}; this is version {adventure.version}: "
                "the same commands meet changed content."]
    if header.get("digest") != adventure.digest:
        return [f"The files of {adventure.id} {adventure.version} changed since the save was made (its content "
                "digest differs): the same commands meet changed content."]
    game = header.get("game_version")
    if isinstance(game, str) and game != _game_version():
        return [f"The save was written by Wayfarer {escape_controls(game)[:40]}; this is {_game_version()}: the same "
                "commands may meet changed rules."]
    return ["The adventure and the game are the ones the save was made with, so the save was changed after it was "
            "written (by hand, or by a tool), or the game does not replay as it played. If nobody changed it, that "
            "is a bug: please report it with the save."]


def _game_version() -> str:
    return version()


def compare(replayed: dict[str, Any], saved: dict[str, Any]) -> tuple[bool, str]:
    """Whether two state dicts are equal, and the first key that differs."""
    for key in sorted(set(replayed) | set(saved)):
        if replayed.get(key) != saved.get(key):
            return False, f"{key}: replay has {_short(replayed.get(key))}, save has {_short(saved.get(key))}"
    return True, ""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
