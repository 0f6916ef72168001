"""Build hook: the bundled adventures of ``content/`` go into the package as ``game/content/``.

``content/`` at the top of the repository stays the source of truth.  A regular build
(``pip install .``, ``pipx install .``, ``pip wheel .``, a wheel built from the sdist)
copies it into the built package, where :func:`game.paths.bundled_root` finds it from any
folder.  An editable install (``pip install -e .``) copies nothing: the game then reads
``content/`` beside ``game/`` in the checkout, so edits to an adventure show at once.
``MANIFEST.in`` puts ``content/`` into the sdist.  Everything else is in ``pyproject.toml``.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CONTENT = Path(__file__).resolve().parent / "content"


class BuildWithContent(build_py):
    """``build_py`` that also copies ``content/`` (hidden files aside) to ``game/content/``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "game" / "content"
        if target.exists():
            shutil.rmtree(target)  # a stale copy would keep an adventure removed from content/
        for source in sorted(CONTENT.rglob("*")):
            relative = source.relative_to(CONTENT)
            if not source.is_file() or any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
                continue
            self.mkpath(str((target / relative).parent))
            self.copy_file(str(source), str(target / relative))


setup(cmdclass={"build_py": BuildWithContent})
