"""Content reads only what is in its folder: a link leading out, or anything but a regular file, is refused
with one line naming it, and no value of a file that is not content is ever echoed (check, play, map, schema)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[1]
SECRET = "hunter2-secret-value"


def _wayfarer(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WAYFARER_CACHE": "off", "SECRET_FOR_TEST": SECRET}
    return subprocess.run([sys.executable, "-m", "game", *args], input="look\n", capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60)


def _adventure(tmp_path: Path, kind: str) -> tuple[Path, str]:
    """The tiny adventure with one planted entry; the entry's name."""
    folder = tmp_path / "adventure"
    shutil.copytree(DATA / "tiny", folder)
    outside = tmp_path / "credentials.toml"
    outside.write_text(f'[adventure]\nid = "{SECRET}"\ntitle = 7\n[rooms.x]\nname = "{SECRET}"\nbad = "{SECRET}"\n')
    planted = folder / "zz-extra.toml"
    if kind == "link-out":
        planted.symlink_to(outside)
    elif kind == "link-to-environ":
        planted.symlink_to("/proc/self/environ")
    elif kind == "link-up-and-in":
        planted.symlink_to(Path("..") / "credentials.toml")
    elif kind == "folder":
        planted.mkdir()
    elif kind == "fifo":
        os.mkfifo(planted)
    elif kind == "dangling":
        planted.symlink_to(tmp_path / "nowhere.toml")
    return folder, planted.name


KINDS = ["link-out", "link-to-environ", "link-up-and-in", "folder", "fifo", "dangling"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", ["check", "play", "map", "schema"])
def test_a_planted_entry_is_refused_in_one_line_naming_it(tmp_path: Path, kind: str, command: str) -> None:
    if kind == "link-to-environ" and not Path("/proc/self/environ").exists():
        pytest.skip("no /proc here")
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    folder, name = _adventure(tmp_path, kind)
    done = _wayfarer(*([command] if command != "play" else []), str(folder))
    both = done.stdout + done.stderr
    assert SECRET not in both and "SECRET_FOR_TEST" not in both, both
    assert done.returncode == 1, both
    refused = [line for line in both.splitlines() if name in line]
    assert len(refused) == 1, both
    assert any(reason in refused[0] for reason in ("a link leading out of the adventure's folder",
                                                    "not a regular file", "cannot be read")), refused


def test_a_link_that_stays_inside_the_folder_is_content(tmp_path: Path) -> None:
    folder = tmp_path / "adventure"
    shutil.copytree(DATA / "tiny", folder)
    (folder / "keep").mkdir()
    (folder / "adventure.toml").rename(folder / "keep" / "adventure.toml")
    (folder / "adventure.toml").symlink_to(Path("keep") / "adventure.toml")
    done = _wayfarer("check", str(folder))
    assert done.returncode == 0 and done.stdout.startswith("OK: "), done.stdout + done.stderr
