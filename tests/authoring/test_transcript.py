"""``wayfarer test``: transcripts (PRODUCT §3.2) that pass, fail, are malformed, and run under every system."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.cli import main
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(p for p in (ROOT / "content").iterdir() if p.is_dir())


@pytest.fixture
def tiny_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    shutil.copytree(DATA / "tiny", folder)
    (folder / "tests").mkdir()
    return folder


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / "tests" / name
    path.write_text(text)
    return path


PASSING = """\
# system: vaarn
# seed: 7
Camp
> take the bucket
! Taken
> x stone
~ (?i)smooth stone|nothing special|stone
> take stone
Taken: the smooth stone.
> inventory
smooth stone
! blue gem
"""


def test_a_passing_transcript(tiny_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tiny_copy, "basics.transcript", PASSING)
    assert main(["test", str(tiny_copy)]) == 0
    assert capsys.readouterr().out.strip() == "1 transcript run, 4 commands, 6 checks: all passed."


def test_a_failing_transcript_names_file_line_command_expected_and_output(
        tiny_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tiny_copy, "bad.transcript", "> take stone\nTaken: the blue gem.\n~ ^Taken\n> i\n! stone\n")
    assert main(["test", str(tiny_copy)]) == 1
    out = capsys.readouterr().out.splitlines()
    path = tiny_copy / "tests" / "bad.transcript"
    assert out[:4] == [f"{path}:2: [vaarn] > take stone", "  expected: Taken: the blue gem.", "  actual output:",
                       "    | Taken: the smooth stone."]
    assert f"{path}:5: [vaarn] > i" in out and "  expected: ! stone" in out
    assert out[-1] == "1 transcript run, 2 commands, 3 checks: 2 failed."


@pytest.mark.parametrize(("text", "message"), [
    ("Camp\n", "no '> command' lines"),
    ("# system: dnd\n> look\n", ":1: unknown system 'dnd'; allowed: open_adventures, vaarn, opend6, bind, maelstrom"),
    ("# seed: many\n> look\n", ":1: '# seed:' takes a whole number, not 'many'"),
    ("> look\n~ ([unclosed\n", ":2: bad regular expression '([unclosed'"),
    ("> look\n>\n", ":2: '>' with no command after it"),
])
def test_a_malformed_transcript_is_a_usage_error(tiny_copy: Path, capsys: pytest.CaptureFixture[str], text: str,
                                                   message: str) -> None:
    write(tiny_copy, "broken.transcript", text)
    assert main(["test", str(tiny_copy)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_all_systems_and_only_scopes(tiny_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tiny_copy, "every.transcript", "> take stone\nTaken: the smooth stone.\n# only: bind\nnot in any output\n")
    write(tiny_copy, "two.transcript", "# only: vaarn,bind\n> look\nCamp\n")
    assert main(["test", str(tiny_copy), "--all-systems"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if "expected: not in any output" in line] == ["  expected: not in any output"]
    assert any("[bind] > take stone" in line for line in out)
    assert out[-1] == "7 transcript runs, 7 commands, 8 checks: 1 failed."


def test_system_option_overrides_the_header(tiny_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tiny_copy, "sys.transcript", "# system: vaarn\n> stats\n~ (?i)skill|dice|2d6|TN|pool|STR|Physique|Strength\n")
    assert main(["test", str(tiny_copy), "--system", "bind"]) == 0
    assert "1 transcript run" in capsys.readouterr().out


def test_no_transcripts_is_a_usage_error(tiny_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", str(tiny_copy)]) == 2
    assert "no transcripts" in capsys.readouterr().err


def test_questions_are_answered_by_the_next_command(tiny_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tiny_copy, "ask.transcript", "> take key\nWhich do you mean\n> brass\nTaken: the brass key.\n")
    assert main(["test", str(tiny_copy)]) == 0


@pytest.mark.parametrize("folder", BUNDLED, ids=lambda p: p.name)
def test_bundled_adventures_pass_their_transcripts(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert list((folder / "tests").glob("*.transcript")), f"{folder.name} ships no transcripts"
    assert main(["test", str(folder)]) == 0, capsys.readouterr().out
    assert main(["test", str(folder), "--all-systems"]) == 0, capsys.readouterr().out


def test_every_line_of_a_failure_is_marked_and_one_command_is_singular(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The intro is one paragraph of several lines: each shown line gets ``    | `` (not only the first)."""
    bad = tmp_path / "opening.transcript"
    bad.write_text("nonsense expected\n> n\n")
    assert main(["test", "cloak-of-darkness", "--file", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    shown = out[out.index("  actual output:") + 1:-1]
    assert shown and all(line.startswith("    | ") for line in shown), shown
    assert '    | (Type "help" for commands.)' in shown
    assert out[-1] == "1 transcript run, 1 command, 1 check: 1 failed."


def test_a_relative_file_is_found_in_the_adventure_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``wayfarer test cloak-of-darkness --file tests/walkthrough.transcript`` works from any folder."""
    monkeypatch.chdir(tmp_path)
    assert main(["test", "cloak-of-darkness", "--file", "tests/walkthrough.transcript"]) == 0
    assert capsys.readouterr().out.strip().endswith("all passed.")
    assert main(["test", "cloak-of-darkness", "--file", "tests/nowhere.transcript"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"wayfarer: no transcript file 'tests/nowhere.transcript' in the current folder ({tmp_path}) "
                   f"or the adventure's folder ({ROOT / 'content' / 'cloak-of-darkness'})")
