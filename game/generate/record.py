"""Run records: a short account of a run, written beside the saves when a session of play ends,
and ``wayfarer replay --verify RECORD [SAVE]`` that checks one.

A record (JSON, ``runs/`` in the adventure's saves folder) holds the game's
version, the adventure (id, version, folder) and for a generated one the
generator's version, theme, size and seed; the rule system and the run's seed;
the outcome (won, dead, lost, or playing when the player stopped), turns and
days; the SHA-256 of the command log; and the main events (rooms seen, foes
down, what was carried at the end).  Verifying takes the save holding the log
(the record's autosave unless one is named): the log's hash, system, seed,
outcome and turns must agree with the record, and replaying the log from a
new game must end in the saved state.  A generated adventure whose folder is
gone is generated again from the record's seed, so a daily's result can be
shared and checked with nothing but the game.
"""
from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import version
from game.deferred import deferred
from game.errors import SaveError
from game.paths import bundled_root
from game.saves import AUTOSAVE, SaveStore, parse_document
from game.world.limits import read_bounded
from game.world.loader import find_adventure, load_adventure

if TYPE_CHECKING:
    from game import replay
    from game.generate import build as generate_build
    from game.generate import emit as generate_emit
    from game.generate import model as generate_model
else:
    generate_build = deferred("game.generate.build")
    generate_emit = deferred("game.generate.emit")
    generate_model = deferred("game.generate.model")
    replay = deferred("game.replay")

RECORD_FORMAT = 1


def log_hash(log: list[str]) -> str:
    return hashlib.sha256("\n".join(log).encode("utf-8")).hexdigest()


def make_record(engine: Any, save_path: Path | None, folder: Path | None = None) -> dict[str, Any]:
    """The record of ``engine``'s run as it stands."""
    state, adventure, world = engine.state, engine.adventure, engine.world
    record: dict[str, Any] = {
        "record": RECORD_FORMAT, "game_version": version(),
        "adventure": {"id": adventure.id, "version": adventure.version, "title": adventure.title,
                      "folder": str(folder) if folder is not None else None},
        "system": state.system, "seed": state.seed, "outcome": state.status, "turns": state.turn, "days": state.day,
        "commands": len(state.log), "log_sha256": log_hash(list(state.log)),
        "events": {"rooms_seen": len(state.visited),
                   "foes_down": sorted(n for n in adventure.npcs if world.npc_condition(n) in ("dead", "down")),
                   "carried": sorted(world.carried())},
        "save": str(save_path) if save_path else None,
    }
    # Only a generated adventure's id (gen-...) needs the generator's model, and its import, to be read.
    generated = generate_model.parse_adventure_id(adventure.id) if adventure.id.startswith("gen-") else None
    if generated:
        theme, size, seed, danger, shifts = generated
        record["generator"] = {"version": adventure.version, "theme": theme, "size": size, "seed": seed,
                               "danger": danger, "shifts": shifts}
    return record


def write_record(engine: Any, folder: Path | None = None) -> Path | None:
    """Write the record of a run that has commands beside its saves; its path (None when nothing was written)."""
    store = engine.saves
    if store is None or not engine.state.log:
        return None

    record = make_record(engine, store.path(AUTOSAVE), folder)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    path = Path(store.folder) / "runs" / f"{stamp}-{engine.state.system}-{engine.state.seed}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError:
        return None
    return path


def read_record(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SaveError(f"could not read the run record {path}: {error.strerror or error}") from None
    except ValueError:
        raise SaveError(f"{path} is not a run record (not JSON)") from None
    if not isinstance(data, dict) or data.get("record") != RECORD_FORMAT or not isinstance(data.get("log_sha256"), str):
        raise SaveError(f"{path} is not a Wayfarer run record")
    return data


def verify(record_path: Path, save_path: Path | None) -> tuple[bool, list[str]]:
    """Check a run record against the save holding its log (see the module's text)."""
    record = read_record(record_path)
    if save_path is None:
        if not record.get("save"):
            raise SaveError("the record names no save: give the save that holds the run (replay --verify RECORD SAVE)")
        save_path = Path(str(record["save"]))
    if not save_path.is_file():
        raise SaveError(f"{save_path}: no such save file (give the save that holds the run)")
    document = parse_document(read_bounded(save_path), save_path.name)
    folder = _adventure_folder(record)
    adventure = load_adventure(find_adventure(folder or str(record["adventure"]["id"]), bundled_root()))
    saved = SaveStore(save_path.parent, adventure).from_document(document, save_path.name)
    state = {"system": saved.system, "seed": saved.seed, "status": saved.status, "turn": saved.turn}
    log = list(saved.log)
    problems = []
    if log_hash(log) != record["log_sha256"]:
        problems.append("the save's command log is not the record's (its hash differs)")
    for key, value in (("system", state["system"]), ("seed", state["seed"]), ("outcome", state["status"]),
                       ("turns", state["turn"])):
        if value != record.get(key):
            problems.append(f"{key}: the record says {record.get(key)!r}, the save {value!r}")
    if problems:
        return False, [f"Record does not match {save_path.name}: " + "; ".join(problems)]
    ok, lines = replay.replay_save(save_path, folder)
    if not ok:
        return False, lines
    return True, [f"Verified: {record['adventure']['id']} under {record['system']} (seed {record['seed']}): "
                  f"{record['outcome']} after {record['turns']} turns; the log replays to the saved state.", *lines]


def _adventure_folder(record: dict[str, Any]) -> str | None:
    """The adventure to replay in: its folder, a generated one made again from its seed, or None (bundled)."""
    folder = record.get("adventure", {}).get("folder")
    if folder and Path(folder).is_dir():
        return str(folder)
    generator = record.get("generator")
    if isinstance(generator, dict):
        if generator.get("version") != generate_model.GENERATOR_VERSION:
            raise SaveError(f"the record's adventure was made by generator {generator.get('version')}; "
                            f"this game's generator is {generate_model.GENERATOR_VERSION}")
        theme, size, seed = str(generator["theme"]), str(generator["size"]), int(generator["seed"])
        danger = int(generator.get("danger", 0))
        raw = generator.get("shifts", {})
        shifts = {str(k): int(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
        target = generate_emit.generated_home(None) / generate_model.adventure_id(theme, size, seed, danger, shifts)
        if not target.is_dir():
            _regenerate(seed, theme, size, danger, shifts, target)
        return str(target)
    return None


def _regenerate(seed: int, theme: str, size: str, danger: int, shifts: dict[str, int], folder: Path) -> None:
    """The adventure of a record made again: the seed's draft, with the dial where the record's id says."""
    generate_emit.write_folder(folder, generate_emit.render(generate_build.build(seed, theme, size, danger, shifts), None))
