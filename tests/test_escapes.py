"""No terminal control from any printed string: escapes planted in a folder's name, a file's name, a
transcript's name and expected lines, a saves folder and the words of a command reach no subcommand's output."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[1]
#: A title change, a screen clear, a bell, a C1 CSI and a bidi override: what a terminal would act on.
EVIL = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e"


def _wayfarer(*args: str, commands: str = "look\nsave s\nquit\n", saves: str = "") -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WAYFARER_CACHE": "off", **({"WAYFARER_SAVES": saves} if saves else {})}
    done = subprocess.run([sys.executable, "-m", "game", *args], input=commands.encode(), capture_output=True,
                          cwd=ROOT, env=env, timeout=120)
    out = (done.stdout + done.stderr).decode("utf-8", "replace")
    assert "Traceback" not in out, out
    return out


def _controls(text: str) -> list[str]:
    return sorted({c for c in text if c in "\x1b\x07\x9b\u202e"})


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny adventure in a folder named with escapes, with a transcript named and written with them too,
    and a content file whose name holds them and whose text is broken (so check names it)."""
    base = tmp_path_factory.mktemp("escapes")
    folder = base / f"adv{EVIL}"
    shutil.copytree(DATA / "tiny", folder)
    (folder / "tests").mkdir()
    (folder / "tests" / f"t{EVIL}.transcript").write_text(f"# seed: 1\n> look\nCamp{EVIL}\n! {EVIL}\n> x {EVIL}\n")
    return folder


CASES = {
    "check": lambda f: ["check", str(f)],
    "play": lambda f: [str(f), "--seed", "1", "--saves", str(f.parent / f"saves{EVIL}")],
    "continue": lambda f: ["--continue", "--saves", str(f.parent / f"saves{EVIL}")],
    "saves": lambda f: ["saves", "--saves", str(f.parent / f"saves{EVIL}")],
    "map": lambda f: ["map", str(f)],
    "map-dot": lambda f: ["map", str(f), "--format", "dot"],
    "map-svg": lambda f: ["map", str(f), "--format", "svg"],
    "schema": lambda f: ["schema", str(f)],
    "simulate": lambda f: ["simulate", str(f), "--runs", "2", "--jobs", "1"],
    "test": lambda f: ["test", str(f)],
    "test-file": lambda f: ["test", str(f), "--file", str(f / "tests" / f"t{EVIL}.transcript")],
    "replay": lambda f: ["replay", str(f.parent / f"saves{EVIL}" / "tiny" / "s.toml"), "--adventure", str(f)],
    "replay-missing": lambda f: ["replay", str(f / f"none{EVIL}.toml")],
    "unknown-adventure": lambda f: ["check", f"nowhere{EVIL}"],
    "play-unknown": lambda f: [f"nowhere{EVIL}"],
    "usage": lambda f: ["odds", "vaarn", f"x{EVIL}=1"],
    "help": lambda f: ["--help"],
    "play-help": lambda f: ["play", "--help"],
}


@pytest.mark.parametrize("case", list(CASES))
def test_no_escape_reaches_the_terminal(planted: Path, case: str) -> None:
    out = _wayfarer(*CASES[case](planted), saves=str(planted.parent / f"home{EVIL}") if "help" in case else "")
    assert _controls(out) == [], out


def test_a_content_file_named_with_escapes_is_named_harmlessly(tmp_path: Path) -> None:
    folder = tmp_path / "adv"
    shutil.copytree(DATA / "tiny", folder)
    (folder / f"rooms{EVIL}.toml").write_text("[rooms.extra\nname = 1\n")
    out = _wayfarer("check", str(folder))
    assert _controls(out) == [] and "rooms\\u001b]0;pwned\\u0007" in out, out
