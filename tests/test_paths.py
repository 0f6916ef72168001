"""Where bundled adventures are found and saves are kept (game/paths.py), with the environment and platform patched."""
from __future__ import annotations

import io
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game import paths
from game.cli import main
from game.engine import Engine
from game.paths import bundled_root, checkout_root, old_saves_notice, saves_home, user_data_saves
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parent.parent
HOME = Path("/home/ysolde")


# -- bundled adventures and the checkout ------------------------------------------------

def test_this_checkout_is_a_checkout_and_its_content_folder_is_the_bundled_one() -> None:
    assert checkout_root() == ROOT
    assert bundled_root() == ROOT / "content"
    assert (bundled_root() / "glass-oasis" / "adventure.toml").is_file()


def test_an_installed_package_carries_its_content_and_is_no_checkout(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "game"
    (package / "content" / "glass-oasis").mkdir(parents=True)
    (tmp_path / "site-packages" / "pyproject.toml").write_text("", encoding="utf-8")  # a stray file changes nothing
    assert checkout_root(package) is None
    assert bundled_root(package) == package / "content"


def test_a_checkout_needs_pyproject_and_content_beside_the_package(tmp_path: Path) -> None:
    package = tmp_path / "game"
    package.mkdir()
    assert checkout_root(package) is None
    (tmp_path / "content").mkdir()
    assert checkout_root(package) is None
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    assert checkout_root(package) == tmp_path
    assert bundled_root(package) == tmp_path / "content"


# -- the saves home ------------------------------------------------------------------------

def test_the_option_comes_first_then_the_environment_then_the_checkout_then_the_user_folder(tmp_path: Path) -> None:
    env = {"WAYFARER_SAVES": "/srv/saves", "XDG_DATA_HOME": "/xdg"}
    assert saves_home("mine", env, "linux", HOME, tmp_path) == (Path("mine"), "--saves")
    assert saves_home(None, env, "linux", HOME, tmp_path) == (Path("/srv/saves"), "WAYFARER_SAVES")
    env["WAYFARER_SAVES"] = ""  # set but empty: as if unset
    assert saves_home(None, env, "linux", HOME, tmp_path) == (tmp_path / "saves", "the source checkout")
    assert saves_home(None, env, "linux", HOME, None) == (Path("/xdg/wayfarer/saves"), "the user data folder")


def test_a_tilde_is_expanded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert saves_home("~/a", {}, "linux", HOME, None).path == tmp_path / "a"
    assert saves_home(None, {"WAYFARER_SAVES": "~/b"}, "linux", HOME, None).path == tmp_path / "b"


def test_by_default_this_process_decides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("WAYFARER_SAVES", raising=False)
    assert saves_home() == (ROOT / "saves", "the source checkout")
    monkeypatch.setattr(paths, "checkout_root", lambda: None)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saves_home() == (tmp_path / "wayfarer" / "saves", "the user data folder")
    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path / "env"))
    assert saves_home().path == tmp_path / "env"


@pytest.mark.parametrize(("platform", "env", "expected"), [
    ("linux", {"XDG_DATA_HOME": "/data"}, Path("/data/wayfarer/saves")),
    ("linux", {}, HOME / ".local/share/wayfarer/saves"),
    ("linux", {"XDG_DATA_HOME": ""}, HOME / ".local/share/wayfarer/saves"),
    ("linux", {"XDG_DATA_HOME": "relative/data"}, HOME / ".local/share/wayfarer/saves"),  # the XDG spec: ignored
    ("freebsd14", {"XDG_DATA_HOME": "/data"}, Path("/data/wayfarer/saves")),
    ("darwin", {"XDG_DATA_HOME": "/data"}, HOME / "Library/Application Support/wayfarer/saves"),
    ("win32", {"APPDATA": "/appdata"}, Path("/appdata/wayfarer/saves")),
    ("win32", {}, HOME / "AppData/Roaming/wayfarer/saves"),
])
def test_the_user_data_folder_of_each_platform(platform: str, env: dict[str, str], expected: Path) -> None:
    assert user_data_saves(env, platform, HOME) == expected


def test_the_home_folder_comes_from_home(tmp_path: Path) -> None:
    assert user_data_saves({"HOME": str(tmp_path)}, "linux") == tmp_path / ".local/share/wayfarer/saves"


# -- saves left in an old ./saves ------------------------------------------------------------

def _old_saves(folder: Path) -> Path:
    slot = folder / "saves" / "glass-oasis" / "quicksave.toml"
    slot.parent.mkdir(parents=True)
    slot.write_text("[save]\n", encoding="utf-8")
    return folder / "saves"


def test_old_saves_are_pointed_out_once(tmp_path: Path) -> None:
    old, home = _old_saves(tmp_path / "here"), tmp_path / "home"
    lines = old_saves_notice(home, tmp_path / "here")
    assert str(old) in lines[0] and str(home) in lines[0]
    assert any("--saves" in line for line in lines)
    assert (home / paths.NOTICE_MARKER).read_text(encoding="utf-8") == f"{old.resolve()}\n"
    assert old_saves_notice(home, tmp_path / "here") == []
    other = _old_saves(tmp_path / "elsewhere")  # another old folder is its own news
    assert str(other) in old_saves_notice(home, tmp_path / "elsewhere")[0]
    assert old_saves_notice(home, tmp_path / "elsewhere") == []


def test_no_notice_without_old_saves_or_when_they_are_the_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert old_saves_notice(home, tmp_path) == []  # no ./saves
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / ".gitkeep").touch()
    assert old_saves_notice(home, tmp_path) == []  # nothing saved in it
    old = _old_saves(tmp_path / "checkout")
    assert old_saves_notice(old, tmp_path / "checkout") == []  # it is the home
    assert not (old / paths.NOTICE_MARKER).exists()


def test_the_notice_is_given_even_when_the_marker_cannot_be_written(tmp_path: Path) -> None:
    _old_saves(tmp_path)
    home = tmp_path / "a-file"
    home.write_text("", encoding="utf-8")
    assert old_saves_notice(home, tmp_path)
    assert old_saves_notice(home, tmp_path)


def test_play_tells_of_old_saves_on_stderr_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    _old_saves(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path / "home"))
    for told in (True, False):
        monkeypatch.setattr(sys, "stdin", io.StringIO("save\n"))
        assert main([str(DATA / "tiny"), "--seed", "1"]) == 0
        out, err = capsys.readouterr()
        assert ("saves now live in" in err) is told
        assert "Saved" in out
    assert (tmp_path / "home" / "tiny" / "quicksave.toml").is_file()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    (tmp_path / "home" / paths.NOTICE_MARKER).unlink()
    assert main([str(DATA / "tiny"), "--seed", "1", "--saves", str(tmp_path / "home")]) == 0
    assert capsys.readouterr().err == ""  # a folder named on the command line is the player's choice


# -- the command line and the saves' header ------------------------------------------------------

def test_help_names_the_saves_folder_in_use(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("WAYFARER_SAVES", str(tmp_path / "my-saves"))
    for args in (["--help"], ["play", "--help"], ["glass-oasis", "-h"]):
        with pytest.raises(SystemExit) as exit_:
            main(args)
        assert exit_.value.code == 0
        out = capsys.readouterr().out
        assert f"(from WAYFARER_SAVES):\n  {tmp_path / 'my-saves'}\n" in out


def test_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"wayfarer {game.__version__}\n"
    from importlib import metadata

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(game, "_version", None)
    monkeypatch.setattr(metadata, "version", missing)
    assert game.version() == game.__version__  # not installed: the package's own


def test_a_save_records_the_game_version_beside_the_adventure_version(engine: Engine) -> None:
    assert engine.saves is not None
    path = engine.saves.save("quicksave", engine.state)
    header = tomllib.loads(path.read_text(encoding="utf-8"))["save"]
    assert header["game_version"] == game.version()
    assert header["adventure_version"] == engine.adventure.version
    assert engine.saves.load("quicksave")[0] == engine.state
