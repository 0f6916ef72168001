r"""Where the game finds its bundled adventures, keeps its saves and caches content.

The contract, the same wherever the game is started, so that a player's saves are never
scattered over the folders they happened to start it from:

* **Bundled adventures** (:func:`bundled_root`): ``game/content/`` inside an installed
  package (a wheel carries ``content/`` there, see ``setup.py``), else the ``content/``
  folder beside the ``game`` package in a source checkout.  ``content/`` at the top of
  the repository is the source of truth.
* **The saves home** (:func:`saves_home`), the first that applies: ``--saves DIR``; the
  ``WAYFARER_SAVES`` environment variable; in a source checkout, its ``saves/`` folder;
  otherwise the platform's user data folder (``%APPDATA%\wayfarer\saves`` on Windows,
  ``~/Library/Application Support/wayfarer/saves`` on macOS, elsewhere
  ``$XDG_DATA_HOME/wayfarer/saves``, an absolute ``XDG_DATA_HOME`` only, falling back to
  ``~/.local/share/wayfarer/saves``).  The prompt's history lives there too.
* **The content cache** (:func:`content_cache_home`): ``WAYFARER_CACHE`` names its folder
  or turns it off, else the platform's user cache folder.
* **Old saves** (:func:`old_saves_notice`): saves in ``./saves`` of the current folder,
  when it is not the saves home, are pointed out once per folder.

Nothing here reads or writes a save or an adventure; this module imports only the
standard library, so every layer may be handed what it finds.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from game.deferred import deferred

if TYPE_CHECKING:
    import shlex
else:
    shlex = deferred("shlex")

#: The ``game`` package folder.
PACKAGE = Path(__file__).resolve().parent

#: The environment variable that names the saves home.
SAVES_ENV = "WAYFARER_SAVES"

#: The file in the saves home listing the old ``./saves`` folders already pointed out.
NOTICE_MARKER = ".old-saves-noticed"


def checkout_root(package: Path = PACKAGE) -> Path | None:
    """The source checkout holding ``package``, or None for an installed package.

    A checkout is the folder above the package with the project's ``pyproject.toml``
    and the bundled ``content/`` folder beside it; an installed package carries its
    content inside (``game/content``) and never counts as a checkout.
    """
    if (package / "content").is_dir():
        return None
    root = package.parent
    if (root / "pyproject.toml").is_file() and (root / "content").is_dir():
        return root
    return None


def bundled_root(package: Path = PACKAGE) -> Path:
    """The folder of bundled adventures, one subfolder each (it may not exist in a broken install)."""
    inside = package / "content"
    if inside.is_dir():
        return inside
    return package.parent / "content"


class SavesHome(NamedTuple):
    """The saves folder in use and why it was chosen (shown by ``wayfarer --help``)."""

    path: Path
    source: str  # "--saves", "WAYFARER_SAVES", "the source checkout" or "the user data folder"


def user_data_saves(env: Mapping[str, str] | None = None, platform: str | None = None,
                    home: Path | None = None) -> Path:
    """The platform's user data folder for saves (see the module docstring)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if home is None:
        home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    if platform.startswith("win"):
        appdata = env.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = env.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / "wayfarer" / "saves"


def saves_home(option: str | None = None, env: Mapping[str, str] | None = None, platform: str | None = None,
               home: Path | None = None, checkout: Path | None | bool = True) -> SavesHome:
    """The saves home: ``--saves`` (``option``), ``WAYFARER_SAVES``, the checkout's ``saves/``, the user data folder.

    ``env``, ``platform`` and ``home`` default to this process's; ``checkout`` is the
    source checkout to consider (True: :func:`checkout_root`'s answer; None: not in one).
    A ``~`` in ``--saves`` or ``WAYFARER_SAVES`` is expanded; the folder is not created.
    """
    env = os.environ if env is None else env
    if option:
        return SavesHome(Path(option).expanduser(), "--saves")
    if env.get(SAVES_ENV):
        return SavesHome(Path(env[SAVES_ENV]).expanduser(), SAVES_ENV)
    root = checkout_root() if checkout is True else checkout
    if isinstance(root, Path):
        return SavesHome(root / "saves", "the source checkout")
    return SavesHome(user_data_saves(env, platform, home), "the user data folder")


def _has_saves(folder: Path) -> bool:
    try:
        return any(folder.glob("*/*.toml"))
    except OSError:
        return False


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def old_saves_notice(home: Path, cwd: Path | None = None) -> list[str]:
    """Lines telling the player, once, about saves in ``./saves`` when that is not ``home``.

    Returns [] when ``<cwd>/saves`` holds no saves, is the saves home, or was already
    pointed out (listed in ``<home>/.old-saves-noticed``, which this call appends to;
    if the marker cannot be written the notice is still given, and given again next time).
    """
    old = (Path.cwd() if cwd is None else cwd) / "saves"
    if not old.is_dir() or _same(old, home) or not _has_saves(old):
        return []
    old_text = str(old.resolve())
    marker = home / NOTICE_MARKER
    try:
        if old_text in marker.read_text(encoding="utf-8").splitlines():
            return []
    except (OSError, UnicodeDecodeError):
        pass
    try:
        home.mkdir(parents=True, exist_ok=True)
        with marker.open("a", encoding="utf-8") as file:
            file.write(old_text + "\n")
    except OSError:
        pass
    if os.name == "nt":
        how = "move the adventure folders inside it there"
    else:
        how = f"move the adventure folders inside it there: mv {shlex.quote(str(old))}/* {shlex.quote(str(home))}/"
    return [
        f"Note: there are saves in {old}, but saves now live in {home}.",
        f"To keep playing them, {how}",
        f"(or play them where they are with --saves {shlex.quote(str(old))}). This note is shown once.",
    ]


#: The environment variable that names the content cache folder, or turns the cache off (``off``).
CACHE_ENV = "WAYFARER_CACHE"
#: Values of ``WAYFARER_CACHE`` that turn the cache off.
CACHE_OFF = ("off", "0", "no", "false", "none")


def content_cache_home(env: Mapping[str, str] | None = None, platform: str | None = None,
                       home: Path | None = None) -> Path | None:
    """The folder of the content cache (:mod:`game.world.cache`), or None when it is off.

    ``WAYFARER_CACHE`` names it (``~`` expanded), or turns it off with ``off``;
    otherwise the platform's user cache folder: ``%LOCALAPPDATA%\\wayfarer\\cache`` on
    Windows, ``~/Library/Caches/wayfarer`` on macOS, elsewhere ``$XDG_CACHE_HOME/wayfarer``
    (an absolute ``XDG_CACHE_HOME`` only) falling back to ``~/.cache/wayfarer``.
    None too when there is no home folder to put it in.  The folder is not created.
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    chosen = env.get(CACHE_ENV, "").strip()
    if chosen:
        return None if chosen.lower() in CACHE_OFF else Path(chosen).expanduser()
    if home is None:
        try:
            home = Path(env["HOME"]) if env.get("HOME") else Path.home()
        except RuntimeError:  # no home folder can be found
            return None
    if platform.startswith("win"):
        local = env.get("LOCALAPPDATA")
        return (Path(local) if local else home / "AppData" / "Local") / "wayfarer" / "cache"
    if platform == "darwin":
        return home / "Library" / "Caches" / "wayfarer"
    xdg = env.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache"
    return base / "wayfarer"
