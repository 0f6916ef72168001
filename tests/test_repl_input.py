"""The prompt's input: a line too long is not run (terminal and pipe), Ctrl-D says where the run is kept,
an autosave that cannot be written is told after the first command."""
from __future__ import annotations

import io
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from game.engine import Engine
from game.repl import MAX_LINE, run_plain, run_terminal, too_long
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.content import Adventure

HOOKS = "x " + " ".join(["stone"] * 2000)  # the play-tester's line: a word cut at 1,000 characters


def _terminal(engine: Engine, keys: str) -> str:
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            assert run_terminal(engine, [], pt_input=pipe, pt_output=DummyOutput(), out=out) == 0
    return out.getvalue()


def test_a_typed_line_over_the_cap_is_not_run_and_says_so_in_one_line(engine: Engine) -> None:
    text = _terminal(engine, HOOKS + "\r" + "wait\r")
    assert too_long() in text.replace("\n", " ")
    assert "know the word" not in text and "stone" not in text.split("That line")[0]
    assert engine.state.log == ["wait"], "nothing of the long line ran"


def test_a_bracketed_paste_over_the_cap_is_not_run(engine: Engine) -> None:
    text = _terminal(engine, "\x1b[200~" + HOOKS + "\x1b[201~\r")
    assert too_long() in text.replace("\n", " ") and engine.state.log == []


def test_a_line_of_exactly_the_cap_runs(engine: Engine) -> None:
    exact = "wait " + " " * (MAX_LINE - 5)
    assert len(exact) == MAX_LINE
    text = _terminal(engine, exact + "\r")
    assert "Time passes." in text and engine.state.log == ["wait"]


def test_a_cut_line_shortened_by_the_player_runs_as_seen(engine: Engine) -> None:
    """Over the cap, then back to "wait" with the delete key: what runs is what is on the screen."""
    keys = "wait" + " " * (MAX_LINE + 50) + "\x7f" * (MAX_LINE - 4) + "\r"
    text = _terminal(engine, keys)
    assert "Time passes." in text and engine.state.log == ["wait"] and too_long() not in text.replace("\n", " ")


def test_a_piped_line_over_the_cap_is_not_run_and_says_so(engine: Engine) -> None:
    out = io.StringIO()
    run_plain(engine, [], io.StringIO(HOOKS + "\nwait\n"), out)
    lines = out.getvalue().splitlines()
    at = lines.index("> x stone stone stone stone stone stone stone stone stone ...")
    assert lines[at + 1:at + 3] == ["That line has 12,001 characters, more than the 1,000 a line may hold, so it",
                                    "was not run."]
    assert not any("know the word" in line for line in lines) and engine.state.log == ["wait"]


def test_ctrl_d_says_where_the_run_is_kept_as_quit_does(engine: Engine, tmp_path: Path) -> None:
    engine.autosave = True
    text = _terminal(engine, "wait\r")  # the pipe closes: Ctrl-D
    kept = f"The run is kept as run 1 ({tmp_path / 'tiny' / 'runs' / '1.toml'}); wayfarer --continue 1 --saves"
    assert text.split("Time passes.\n", 1)[1].replace("\n", " ").startswith(f"Farewell, wanderer. {kept}")
    quit_lines = " ".join(engine.submit("quit").lines)
    assert kept in quit_lines.replace("\n", " "), "the same note as quit's"


def test_ctrl_d_without_a_run_to_keep_just_says_farewell(engine: Engine) -> None:
    engine.autosave = True
    assert _terminal(engine, "").endswith("Farewell, wanderer.\n")


def test_an_unwritable_saves_folder_is_told_after_the_first_command(tiny: Adventure, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path / "file" / "saves", tiny))
    engine.autosave = True
    first = engine.submit("wait")
    assert any(line.startswith("(Autosave failed: could not write") for line in first.aside), first.shown
    second = engine.submit("wait")
    assert not any("Autosave failed" in line for line in second.shown), "told once"


def test_ctrl_d_after_a_failed_autosave_does_not_claim_the_run_is_kept(tiny: Adventure, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path / "file" / "saves", tiny))
    engine.autosave = True
    text = _terminal(engine, "wait\r")
    assert "kept as run" not in text and "The autosave failed" in text


def test_quit_after_a_failed_autosave_says_what_ctrl_d_says(tiny: Adventure, tmp_path: Path) -> None:
    """A full disk or a read-only folder: neither quit's question nor its farewell claims the run is kept."""
    (tmp_path / "file").write_text("not a folder")
    engine = Engine.new_game(tiny, get_system("vaarn"), 3, saves=SaveStore(tmp_path / "file" / "saves", tiny))
    engine.autosave = True
    ctrl_d = "Farewell" + _terminal(engine, "wait\r").split("Farewell", 1)[1]
    asked = " ".join(engine.submit("quit").lines)
    assert "kept as run" not in asked and "The autosave failed" in asked
    said = engine.submit("yes")
    assert said.quit and " ".join(" ".join(said.lines).split()) == " ".join(ctrl_d.split())


def test_quit_and_ctrl_d_say_the_same_farewell(engine: Engine) -> None:
    engine.autosave = True
    ctrl_d = _terminal(engine, "wait\r").split("Time passes.\n", 1)[1]
    engine.submit("quit")
    assert " ".join(" ".join(engine.submit("yes").lines).split()) == " ".join(ctrl_d.split())


def test_a_paste_of_several_lines_becomes_several_commands_on_the_line(engine: Engine) -> None:
    """Not the first line alone with the rest dropped unseen: each pasted line is a command."""
    text = _terminal(engine, "\x1b[200~take stone\r\nwait\n\x1b[201~\r")
    assert "Taken: the smooth stone." in text and "Time passes." in text
    assert engine.state.log == ["take stone", "wait"]


def test_history_in_an_unwritable_saves_folder_is_refused_in_plain_words(tmp_path: Path) -> None:
    from game.history import open_history

    (tmp_path / "file").write_text("not a folder")
    _, notes = open_history(tmp_path / "file" / "saves" / ".history")
    assert notes == [f"(Command history is off for this session: {tmp_path / 'file' / 'saves'}: Not a directory.)"]
