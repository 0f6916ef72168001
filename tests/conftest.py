"""Shared fixtures: the tiny test adventure, engines on it, a saves folder."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

import game.engine
from game.engine import Engine
from game.rules.dice import ScriptedDice
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.content import Adventure
from game.world.loader import load_adventure

DATA = Path(__file__).parent / "data"


def pytest_configure(config: pytest.Config) -> None:
    """The content cache of the CLI goes to a folder of this session (never the user's), unless set."""
    if "WAYFARER_CACHE" not in os.environ:
        os.environ["WAYFARER_CACHE"] = config.stash.setdefault(_CACHE_KEY, tempfile.mkdtemp(prefix="wayfarer-cache-"))


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_CACHE_KEY, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


_CACHE_KEY = pytest.StashKey[str]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help="run the long robustness campaigns at full size (see docs/reliability.md)")


@pytest.fixture(scope="session")
def slow(request: pytest.FixtureRequest) -> bool:
    """True under ``pytest --slow``: robustness tests use their full sizes."""
    return bool(request.config.getoption("--slow"))


@pytest.fixture(scope="session")
def tiny() -> Adventure:
    return load_adventure(DATA / "tiny")


@pytest.fixture
def engine(tiny: Adventure, tmp_path: Path) -> Engine:
    """A new run of the tiny adventure under Vaarn, seed 3, saving into tmp_path."""
    return Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path, tiny))


def play(engine: Engine, *commands: str) -> list[str]:
    """Submit commands in order; return the lines of the last one."""
    lines: list[str] = []
    for command in commands:
        lines = engine.submit(command).lines
    return lines


class TurnScript:
    """Scripted faces for each turn, by turn number; a rerun (a question answered) reads them again.

    ``made`` keeps every dice source handed out, so a test can check all faces were read.
    """

    def __init__(self) -> None:
        self.turns: dict[int, list[int]] = {}
        self.made: list[ScriptedDice] = []

    def __call__(self, seed: int, turn: int) -> ScriptedDice:
        dice = ScriptedDice(self.turns.get(turn, []))
        self.made.append(dice)
        return dice


class FaceQueue:
    """Scripted dice for the next submitted line, whatever its turn: ``dice.faces = [...]`` then submit."""

    def __init__(self) -> None:
        self.faces: list[int] = []
        self.last: ScriptedDice | None = None

    def __call__(self, seed: int, turn: int) -> ScriptedDice:
        self.last = ScriptedDice(self.faces)
        return self.last


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> TurnScript:
    """Replace the engine's dice with scripted faces: ``script.turns[n] = [faces]``."""
    faces = TurnScript()
    monkeypatch.setattr(game.engine, "dice_for_turn", faces)
    return faces


@pytest.fixture
def queued_dice(monkeypatch: pytest.MonkeyPatch) -> FaceQueue:
    """Replace the engine's dice with one queue of faces read by whatever comes next."""
    faces = FaceQueue()
    monkeypatch.setattr(game.engine, "dice_for_turn", faces)
    return faces


def say_with_dice(engine: Engine, script: TurnScript, command: str, faces: list[int] | None = None, *,
                  all_read: bool = False) -> list[str]:
    """Type ``command`` with ``faces`` as this turn's dice; the lines printed.

    ``all_read``: fail unless the last dice source of the command read every scripted face.
    """
    if faces is not None:
        script.turns[engine.state.turn] = list(faces)
    script.made.clear()
    lines = engine.submit(command).lines
    if all_read and faces is not None:
        for dice in script.made[-1:]:
            assert dice.unused == 0, f"{command!r} left {dice.unused} scripted faces unread: {lines}"
    return lines


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Everything under tests/robustness/ carries the ``robustness`` marker (``-m "not robustness"`` skips it)."""
    folder = Path(__file__).parent / "robustness"
    for item in items:
        if folder in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.robustness)
