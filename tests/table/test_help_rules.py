"""help by purpose on one screen, help VERB, rules [TOPIC], and the first unknown word's pointer."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Engine
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.text import wrap
from game.world.content import Adventure

SCREEN_ROWS = 24


def make(tiny: Adventure, tmp_path: Path, system_id: str) -> Engine:
    system = get_system(system_id)
    return Engine.new_game(tiny, system, 3, saves=SaveStore(tmp_path, tiny))


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_help_fits_one_screen_by_purpose_under_every_system(tiny: Adventure, tmp_path: Path,
                                                            system_id: str) -> None:
    engine = make(tiny, tmp_path, system_id)
    lines = engine.submit("help").lines
    shown = wrap("\n".join(lines), 78).split("\n")
    assert len(shown) + 2 <= SCREEN_ROWS, shown  # the command echoed and the prompt
    for purpose in ("Moving and time:", "Things:", "People:", "Fighting:", "The table:"):
        assert any(line.startswith(f"  {purpose}") for line in lines), purpose
    text = "\n".join(lines)
    for verb in ("appraise", "oracle", "why", "sheet", "transcript", "saves", "rules", "restart"):
        assert verb in text
    assert "8 hours" not in text, "how long a rest lasts is the system's, told by rules rest"


def test_the_systems_own_verbs_are_listed_under_its_name(tiny: Adventure, tmp_path: Path) -> None:
    lines = make(tiny, tmp_path, "vaarn").submit("help").lines
    assert "  Vaults of Vaarn: slots, invoke, raise, swap" in lines


def test_help_verb_explains_only_that_verb_with_an_example(engine: Engine) -> None:
    lines = engine.submit("help attack").lines
    assert lines[0] == "attack NPC [with WEAPON]: fight in melee"
    assert "  Example: attack raider with knife" in lines
    assert len(lines) < 8
    assert engine.submit("help kill").lines == lines, "any word of the verb finds it"
    assert engine.submit("help trade").lines[0].startswith("trade X for Y")
    assert engine.submit("help appraise").lines[0].startswith("identify (appraise) THING")
    assert engine.submit("help oracle").lines[-1] == "  It takes no game time."
    assert engine.submit("help frobnicate").lines == ["There is no command \"frobnicate\". Type help for the list."]


def test_help_rest_defers_to_the_system_in_play(tiny: Adventure, tmp_path: Path) -> None:
    bind = make(tiny, tmp_path, "bind")
    assert "BIND's: rules rest says" in bind.submit("help rest").lines[0]
    lines = bind.submit("rules rest").lines
    assert any("rest long a whole day" in line for line in lines)
    assert not any("8 hours" in line for line in lines)


def test_rules_summarise_the_system_and_name_its_topics(engine: Engine) -> None:
    lines = engine.submit("rules").lines
    assert lines[0] == "The rules in play: Vaults of Vaarn."
    assert lines[-1].startswith("Topics (rules TOPIC): abilities, saving throws, item slots")
    water = engine.submit("rules water").lines
    assert water[0].startswith("Vaults of Vaarn, Water: drink a ration of water a day")
    assert engine.submit("rules zeppelins").lines[0].startswith("Nothing in the rules of Vaults of Vaarn about")


def test_a_topic_shows_whole_sentences_of_the_summary(engine: Engine) -> None:
    lines = engine.submit("rules water").lines
    mentions = lines[lines.index("In this game:") + 1:]
    assert "  rest long [hp|wound]: water and food, all HP or one wound." in mentions
    assert all(line.rstrip().endswith(".") for line in mentions), "never half a sentence"


def test_water_and_food_are_explained_under_every_system(tiny: Adventure, tmp_path: Path) -> None:
    for system_id in ("bind", "opend6", "maelstrom", "open_adventures"):
        lines = make(tiny, tmp_path / system_id, system_id).submit("rules water").lines
        assert lines[0].startswith("Water and food, under every system:"), system_id


def test_the_first_unknown_word_points_to_help_once(engine: Engine) -> None:
    first = engine.submit("frobnicate")
    assert first.lines == ["I don't know the word \"frobnicate\"."]
    assert first.aside == ["(Type help for the commands by purpose.)"]
    assert engine.submit("wibble").aside == []


def test_help_odds_is_a_whole_sentence(engine: Engine) -> None:
    """The help line ended "or of a command's", cut off mid-phrase."""
    line = engine.submit("help odds").lines[0]
    assert line.startswith("odds [COMMAND]: the exact chance")
    assert not line.rstrip().endswith("'s"), line
    assert "COMMAND" in line.split(":", 1)[1], "it says what the COMMAND form gives"


def test_a_system_named_in_the_plural_takes_a_bare_apostrophe(tiny: Adventure, tmp_path: Path) -> None:
    """help move under Open Adventures said "Open Adventures's own command"."""
    lines = make(tiny, tmp_path, "open_adventures").submit("help move").lines
    assert "  (Open Adventures' own command.)" in lines, lines
    assert "  (BIND's own command.)" in make(tiny, tmp_path, "bind").submit("help sneak").lines
    assert "Adventures's" not in " ".join(make(tiny, tmp_path, "open_adventures").submit("help rest").lines)
