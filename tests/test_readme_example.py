"""The README's example of play is what the game prints: its commands, piped in, give its lines."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_example_is_what_wayfarer_seed_1_prints(tmp_path: Path) -> None:
    """The example showed each roll in full (dice and steps) after the default became the short form."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"The start of `wayfarer --seed 1`.*?```\n(.*?)```", readme, re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    commands = [line[2:] for line in lines if line.startswith("> ")]
    result = subprocess.run([sys.executable, "-m", "game", "--seed", "1", "--saves", str(tmp_path)],
                            input="".join(f"{c}\n" for c in commands), capture_output=True, text=True,
                            cwd=ROOT, check=False)
    printed = result.stdout.splitlines()
    for line in lines:
        if line and not line.startswith("> "):
            assert line in printed, line
