"""The terminal session (prompt_toolkit, driven through a pipe) and tab completion."""
from __future__ import annotations

import io

from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from game.completion import GameCompleter, candidates
from game.engine import Engine
from game.repl import run_plain, run_terminal


def complete(engine: Engine, text: str) -> list[str]:
    document = Document(text, len(text))
    return [c.text for c in GameCompleter(engine).get_completions(document, CompleteEvent())]


def test_first_word_completes_verbs_and_visible_exits(engine: Engine) -> None:
    assert "north" in candidates(engine, "")
    assert "east" in candidates(engine, "")
    assert "down" not in candidates(engine, ""), "hidden exits are not offered"
    assert complete(engine, "exa") == ["examine "], "a completed word is followed by a space"


def test_nouns_in_scope_complete_after_a_verb(engine: Engine) -> None:
    assert set(complete(engine, "take ")) >= {"brass key ", "glass key ", "smooth stone "}
    assert "knife " not in complete(engine, "take "), "take offers what lies here, not what is carried"
    assert "knife " in complete(engine, "drop ")
    assert complete(engine, "take sm") == ["smooth stone "]
    assert "blue gem" not in complete(engine, "take "), "things elsewhere are not in scope"


def test_steal_completes_what_people_here_carry_then_who(engine: Engine) -> None:
    engine.world.state.room = "well"
    offered = complete(engine, "steal ")
    assert "scimitar " in offered and "knife " not in offered, "what the raider carries, not the player's own"
    assert set(complete(engine, "steal scimitar from ")) >= {"dune raider ", "old hermit "}


def test_terminal_session_plays_through_a_pipe_and_ends_on_eof(engine: Engine) -> None:
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("take stone\ri\r")
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            code = run_terminal(engine, ["Hello."], pt_input=pipe, pt_output=DummyOutput(), out=out)
    assert code == 0
    text = out.getvalue()
    assert "Taken: the smooth stone." in text and "a smooth stone" in text and text.endswith("Farewell, wanderer.\n")


def test_status_bar_follows_the_state(engine: Engine) -> None:
    engine.submit("n")
    assert engine.status_line().startswith("Well | ")


def test_plain_mode_never_prints_control_characters(engine: Engine) -> None:
    out = io.StringIO()
    run_plain(engine, [], io.StringIO("take \x1b]0;pwned\x07stone\n\x1b[2Jlook\n"), out)
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
