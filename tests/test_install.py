"""The game as a player installs it (issue 19): a wheel in a fresh virtual environment, played from empty folders.

The sdist is built from a copy of the sources, the wheel from that sdist (as ``python -m
build`` does), so both are proved to carry every bundled adventure.  The wheel goes into a
new ``venv`` made without pip (pip is driven from outside with ``--python``) and without the
machine's site-packages, so an editable install of the game on the machine cannot shadow the
installed copy; the run-time dependencies come from the folders they are already installed
in (a ``.pth`` file), so nothing is downloaded.  The wheel is built without build isolation
when this Python's setuptools can build wheels on its own, otherwise pip fetches setuptools
from the package index.  ``HOME`` and ``XDG_DATA_HOME`` point into the test's folder.

Marked ``install`` (``pytest -m install`` runs it alone); plain ``pytest`` runs it too.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game import __version__
from game.world.loader import bundled_adventures

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = ("build", "dist", "*.egg-info", "saves", "tests", "benchmarks", "docs", "__pycache__", ".*")
DEPENDENCIES = ("prompt_toolkit", "wcwidth", "tomli_w")


def run(args: list[str | Path], cwd: Path, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, f"{args} exited {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def wheel_builds_offline() -> bool:
    """True when this Python's setuptools builds a wheel without fetching anything (``wheel`` or setuptools 70.1+)."""
    import setuptools

    major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
    return importlib.util.find_spec("wheel") is not None or (major, minor) >= (70, 1)


def build_wheel(work: Path) -> Path:
    """sdist from a copy of the sources, then the wheel from the sdist; the wheel's path."""
    source = work / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LEFT_OUT))
    run([sys.executable, "-c", "from setuptools import build_meta; print(build_meta.build_sdist('dist'))"], source)
    (sdist,) = (source / "dist").glob("*.tar.gz")
    isolation = ["--no-build-isolation"] if wheel_builds_offline() else []
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-w", work / "wheels", sdist], work)
    (wheel,) = (work / "wheels").glob("*.whl")
    return wheel


def make_venv(work: Path, wheel: Path) -> Path:
    """A fresh environment with the wheel installed; the folder of its scripts."""
    venv = work / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], work)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel], work)
    site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work).stdout.strip()
    folders = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin, f"{name} is not installed on this machine"
        folder = str(Path(spec.origin).parent.parent)
        if folder not in folders:
            folders.append(folder)
    Path(site, "wayfarer-test-dependencies.pth").write_text("\n".join(folders) + "\n", encoding="utf-8")
    return scripts


def test_the_installed_wheel_plays_every_bundled_adventure_from_any_folder(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    scripts = make_venv(tmp_path, wheel)
    home, data = tmp_path / "home", tmp_path / "xdg-data"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "WAYFARER_SAVES", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(data), PATH=str(scripts) + os.pathsep + env.get("PATH", ""), APPDATA=str(data))
    saves = data / "wayfarer" / "saves"
    if sys.platform == "darwin":
        saves = home / "Library" / "Application Support" / "wayfarer" / "saves"
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    wayfarer = scripts / "wayfarer"

    where = run([scripts / "python", "-c", "import game; print(game.__file__)"], first, env).stdout
    assert Path(where.strip()).is_relative_to(tmp_path / "venv"), f"the game was imported from {where}"
    assert run([wayfarer, "--version"], first, env).stdout == f"wayfarer {__version__}\n"
    assert f"\n  {saves}\n" in run([wayfarer, "--help"], first, env).stdout

    ids = sorted(bundled_adventures(ROOT / "content"))
    assert ids, "no bundled adventure in content/"
    assert run([wayfarer, "check", *ids], first, env).stdout.startswith("OK")
    for adventure_id in ids:
        played = run([wayfarer, adventure_id, "--seed", "7"], first, env, "look\ninventory\nwait\nsave\n").stdout
        assert "Saved" in played, played
        slot = saves / adventure_id / "quicksave.toml"
        header = tomllib.loads(slot.read_text(encoding="utf-8"))["save"]
        assert header["game_version"] == __version__ and header["adventure"] == adventure_id

        loaded = run([wayfarer, adventure_id, "--load", "quicksave"], second, env, "look\ninventory\n").stdout
        assert 'Loaded slot "quicksave"' in loaded, loaded
    assert sorted(p.name for p in first.iterdir()) == [] and sorted(p.name for p in second.iterdir()) == []
