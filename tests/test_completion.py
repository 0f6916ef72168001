"""Tab completion of the second object: after a preposition, what fits there (holders, people, topics, weapons)."""
from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from game.completion import GameCompleter
from game.engine import Engine
from game.paths import bundled_root
from game.rules.registry import get_system
from game.saves import SaveStore
from game.world.loader import load_adventure


def complete(engine: Engine, text: str) -> list[str]:
    document = Document(text, len(text))
    return [c.text for c in GameCompleter(engine).get_completions(document, CompleteEvent())]


@pytest.fixture
def cloakroom(tmp_path: Path) -> Engine:
    """Cloak of Darkness in the cloakroom, carrying the cloak (the play-tester's case)."""
    adventure = load_adventure(bundled_root() / "cloak-of-darkness")
    engine = Engine.new_game(adventure, get_system("vaarn"), 7, saves=SaveStore(tmp_path, adventure))
    engine.submit("w")
    return engine


def test_put_on_offers_what_holds_things_not_what_is_carried(cloakroom: Engine) -> None:
    assert complete(cloakroom, "put cloak on ") == ["small brass hook ", "hook ", "peg ", "brass ", "hooks "]
    assert complete(cloakroom, "put cloak on ho") == ["hook ", "hooks "]
    assert complete(cloakroom, "hang the cloak on the ho") == ["hook ", "hooks "], "any word for put, articles skipped"
    assert complete(cloakroom, "x ho") == ["hook ", "hooks "]


def test_a_name_of_several_words_completes_from_all_its_words_typed(cloakroom: Engine) -> None:
    assert complete(cloakroom, "put cloak on small br")[0] == "small brass hook "
    assert complete(cloakroom, "put velvet cl")[0] == "velvet cloak "


def test_the_first_object_is_still_what_the_verb_wants(cloakroom: Engine) -> None:
    assert complete(cloakroom, "put ") == ["velvet cloak ", "cloak ", "velvet ", "satin "]


def test_give_and_show_to_offer_the_people_here(engine: Engine) -> None:
    engine.submit("n")
    assert set(complete(engine, "give knife to ")) == {"dune raider ", "raider ", "old hermit ", "hermit "}
    assert complete(engine, "show knife to her") == ["hermit "]


def test_ask_about_offers_the_topics_of_the_person_asked(engine: Engine) -> None:
    engine.submit("n")
    assert complete(engine, "ask hermit about ") == ["vault ", "water "]
    assert complete(engine, "ask old hermit about wa") == ["water "]
    assert complete(engine, "ask raider about ") == [], "the raider knows no topics"
    assert complete(engine, "ask nobody about ") == ["vault ", "water "], "no one here named: everyone's topics"


def test_attack_with_offers_carried_weapons(engine: Engine) -> None:
    engine.submit("n")
    assert complete(engine, "attack raider with ") == ["knife "]


def test_unlock_with_offers_what_is_carried(engine: Engine) -> None:
    engine.submit("take brass key")
    assert set(complete(engine, "unlock east with ")) == {"knife ", "waterskin ", "brass key ", "key "}


def test_go_offers_the_ways_out_only(engine: Engine) -> None:
    assert complete(engine, "go ") == ["north ", "east "], "hidden ways are not offered, nor things"


def test_a_person_named_as_an_alias_is_offered_once(tmp_path: Path) -> None:
    """Glass Oasis at the caravanserai: "x tam" Tab offered both "Tamsin" and "tamsin"."""
    adventure = load_adventure(bundled_root() / "glass-oasis")
    engine = Engine.new_game(adventure, get_system("opend6"), 11, saves=SaveStore(tmp_path, adventure))
    engine.submit("n. n")
    assert complete(engine, "x tam") == ["Tamsin "]
    assert complete(engine, "give knife to tam") == ["Tamsin "]
