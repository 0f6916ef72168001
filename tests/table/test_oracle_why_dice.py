"""The oracle, why and the dice log: rolls explained in a player's words, never an id."""
from __future__ import annotations

from pathlib import Path

import pytest

import game.meta
from game import oracle
from game.engine import Engine
from game.rules.dice import ScriptedDice
from tests.conftest import TurnScript


@pytest.fixture
def oracle_faces(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The oracle's d100 faces, in order of asking."""
    faces: list[int] = []
    monkeypatch.setattr(game.meta, "oracle_dice", lambda seed, turn, question: ScriptedDice([faces.pop(0)]))
    return faces


@pytest.mark.parametrize(("face", "likelihood", "answer"), [
    (14, "likely", "Yes, and more than you hoped."),   # 14 <= 70 / 5
    (15, "likely", "Yes."),
    (66, "likely", "Yes, but with a catch."),          # within 5 of 70
    (74, "likely", "No, but there is a glimmer."),
    (80, "likely", "No."),
    (95, "likely", "No, and worse than you feared."),  # over 100 - 30 / 5
    (50, "", "Yes, but with a catch."),                # even by default
    (9, "impossible", "Yes, but with a catch."),
    (2, "impossible", "Yes, and more than you hoped."),
])
def test_the_oracle_answers_by_likelihood(engine: Engine, oracle_faces: list[int], face: int, likelihood: str,
                                          answer: str) -> None:
    oracle_faces.append(face)
    lines = engine.submit(f"oracle is the well guarded? {likelihood}".strip()).lines
    assert lines[-1] == f"The oracle says: {answer}"
    assert lines[0].startswith(f"[oracle: is the well guarded?] d100 {face} against ")


def test_the_oracle_takes_no_time_and_is_logged_with_the_rolls(engine: Engine, oracle_faces: list[int]) -> None:
    oracle_faces.extend([40, 41])
    turn, minutes = engine.state.turn, engine.state.minutes
    engine.submit("oracle does the hermit lie unlikely")
    engine.submit("oracle is it night")
    assert (engine.state.turn, engine.state.minutes) == (turn, minutes)
    log = engine.submit("dice").lines
    assert log[1] == "  t0 oracle: does the hermit lie: d100 40 against 30 (unlikely): No.  [the oracle]"
    assert log[2].startswith("  t0 oracle: is it night: d100 41 against 50 (even): Yes.")


def test_the_oracle_needs_a_question(engine: Engine) -> None:
    assert engine.submit("oracle").lines[0].startswith("Ask the oracle a yes-or-no question")
    assert engine.submit("oracle likely").lines[0].startswith("Ask the oracle a yes-or-no question")


def test_the_oracles_dice_come_from_the_run_and_never_from_the_turns() -> None:
    asked = oracle.read_question(["is", "it", "safe", "Likely?"])
    assert asked == oracle.Asked("is it safe", "likely")
    first = oracle.consult(asked, game.meta.oracle_dice(7, 3, "is it safe:likely"))
    assert first == oracle.consult(asked, game.meta.oracle_dice(7, 3, "is it safe:likely")), \
        "the same run, turn and question"


def test_asking_the_same_again_brings_the_same_answer(engine: Engine) -> None:
    first = engine.submit("oracle Is the well guarded? likely").lines
    assert engine.submit("oracle is the well guarded likely").lines[-1] == first[-1]
    answers = {engine.submit(f"oracle is door {n} open").lines[-1] for n in range(12)}
    assert len(answers) > 1, "different questions, different dice"


def test_why_explains_the_last_roll_step_by_step(engine: Engine, script: TurnScript) -> None:
    script.turns[0] = [17, 17]
    engine.submit("search")
    lines = engine.submit("why").lines
    assert lines[0] == "The last roll: search."
    assert "  The dice showed 17, 17." in lines
    assert "  Outcome: success." in lines
    assert lines[-1].startswith("  Vaults of Vaarn, Saving Throws: roll a d20 and add the ability's bonus; "
                                "a total over 15 succeeds")
    text = "\n".join(lines)
    assert "seed" not in text and "§" not in text and "public rules" not in text


def test_why_before_any_roll(engine: Engine) -> None:
    assert engine.submit("why").lines == ["No dice rolled yet: why explains the last roll."]


def test_the_dice_log_cites_rules_by_name_and_marks_house_rules(engine: Engine, script: TurnScript) -> None:
    script.turns[0] = [17, 17]
    engine.submit("search")
    lines = engine.submit("dice").lines
    assert lines[1].endswith("[Vaults of Vaarn, Saving Throws]")
    from game.explain import citation_words, explain

    assert citation_words("bind", "seed 003 §Space (Region); house rule: 1 in 6 on entering an area") == \
        "BIND, Space (house rule)"
    assert citation_words("open_adventures", "seed 000 §2 Skill Checks") == "Open Adventures, Skill Checks"
    house = explain("maelstrom", "House rule (seed 004 §Combat, a chapter left empty): attack and Reflexes + Dodge evasion "
                                 "as actions (seed 004 §Resolving the Result)")
    assert house[0].startswith("Maelstrom, Combat [house rule: the rules text is silent here")
    assert house[1].startswith("Maelstrom, Resolving the Result: each success counts, each 1 cancels one")


def test_a_vaarn_reaction_roll_cites_the_reaction_table() -> None:
    from game.explain import rules_of
    from game.rules.dice import ScriptedDice
    from game.rules.registry import get_system
    from game.systems.vaarn.combat import reaction

    sheet = get_system("vaarn").npc_sheet(1, None, "biological")
    roll = reaction(sheet, ScriptedDice([1])).roll
    assert [rule.section for rule in rules_of("vaarn", roll.rule)] == ["reactions"]
    assert "1-3 attacks at once" in rules_of("vaarn", roll.rule)[0].text


def test_why_after_a_hit_explains_the_attack_then_its_damage(tmp_path: Path) -> None:
    """Halcyon Drift under OpenD6, seed 2: after "[you attack the pale bloom] 14: success" and its
    damage line, why explained the bloom's resistance roll ("you attack the pale bloom: follow-up",
    a failure) instead of the attack the player made."""
    from game.paths import bundled_root
    from game.rules.registry import get_system
    from game.saves import SaveStore
    from game.world.loader import find_adventure, load_adventure

    drift = load_adventure(find_adventure("halcyon-drift", bundled_root()))
    engine = Engine.new_game(drift, get_system("opend6"), 2, saves=SaveStore(tmp_path, drift))
    for command in ("n", "w", "search", "take keycard", "n", "talk to pell", "ask pell about warden", "wares",
                    "drink", "e", "e", "attack bloom"):
        engine.submit(command)
    assert "[you attack the pale bloom] 14: success" in engine.submit("yes").lines  # a Character Point spent
    lines = engine.submit("why").lines
    assert lines[0] == "The last roll: you attack the pale bloom.", lines
    assert "  Outcome: success." in lines
    then = [line for line in lines if line.startswith("  Then: ")]
    assert len(then) == 2 and "damage" in then[0] and "resistance" in then[1], lines
