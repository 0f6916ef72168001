"""Replaying a saved run from its seed and command log, and verifying where it ends."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game.errors import SaveError


def replay_save(save_path: Path, adventure_dir: str | None) -> tuple[bool, list[str]]:
    """Re-run the save's log from a new game with its seed; True if it ends in the saved state."""
    from game.engine import Engine
    from game.paths import bundled_root
    from game.rules.registry import get_system
    from game.saves import SaveStore, parse_document
    from game.world.limits import TooMuch, read_bounded
    from game.world.loader import find_adventure, load_adventure

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
    adventure = load_adventure(find_adventure(adventure_dir or header["adventure"], bundled_root()))
    saved = SaveStore(save_path.parent, adventure).from_document(document, save_path.name)
    system = get_system(saved.system, adventure.rules.get(saved.system, {}))
    engine = Engine.new_game(adventure, system, saved.seed)
    for command in saved.log:
        engine.submit(command)
    ok, difference = compare(engine.state.to_data(engine.system), saved.to_data(engine.system))
    turns = f"{len(saved.log)} commands, seed {saved.seed}, {system.id}"
    if ok:
        return True, [f"Replay matches: {turns}; ends on day {saved.day} in {adventure.rooms[saved.room].name}."]
    return False, [f"Replay diverged ({turns}): {difference}"]


def compare(replayed: dict[str, Any], saved: dict[str, Any]) -> tuple[bool, str]:
    """Whether two state dicts are equal, and the first key that differs."""
    for key in sorted(set(replayed) | set(saved)):
        if replayed.get(key) != saved.get(key):
            return False, f"{key}: replay has {_short(replayed.get(key))}, save has {_short(saved.get(key))}"
    return True, ""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
