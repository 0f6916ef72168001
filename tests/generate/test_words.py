"""The generator's sentences read as English: articles agree with the words put after them."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.generate.themes import load_theme, theme_ids
from game.generate.words import fill


def test_new_seed_5_reads_without_a_doubled_article(tmp_path: Path) -> None:
    """``wayfarer new --seed 5 --size small`` (generator 1.0.0) opened on "In the a heat shimmer"."""
    result = subprocess.run([sys.executable, "-m", "game", "new", "--seed", "5", "--size", "small", "--saves",
                             str(tmp_path)], input="look\n", capture_output=True, text=True, check=False)
    assert "played under" in result.stdout
    assert "the a " not in result.stdout.replace("\n", " ").lower()


@pytest.mark.parametrize("theme_id", theme_ids())
def test_every_light_after_the_and_every_adjective_after_a_agree(theme_id: str) -> None:
    theme = load_theme(theme_id)
    rng = random.Random(1)
    for light in theme.words["light"]:
        text = fill(rng, theme, "In the {light} it moves. The {light} hums.", light=light)
        assert " the a " not in text and " the an " not in text and "The a " not in text, text
    for adjective in theme.words["adj"]:
        text = fill(rng, theme, "Here is a {adj} thing. A {adj} one.", adj=adjective)
        article = "an" if adjective[0] in "aeiou" else "a"
        assert f"Here is {article} {adjective} thing. {article.capitalize()} {adjective} one." == text


@pytest.mark.parametrize("theme_id", theme_ids())
def test_no_sentence_says_a_thing_twice(theme_id: str) -> None:
    """Station rooms read "The air tastes of stale air", "Frost beads on the frosted umbilical"
    and "The surgical lamp's lens is abandoned with dust"."""
    theme = load_theme(theme_id)
    rng = random.Random(1)
    for smell in theme.words["smell"]:
        assert "air" not in smell.split(), smell  # "the air tastes of {smell}"
    texts = [text for place in theme.places for scenery in place.scenery for text in scenery.mentions]
    for text in texts:
        for adjective in theme.words["adj"]:
            filled = fill(rng, theme, text, adj=adjective, name="it")
            assert "frosted" not in filled or "Frost" not in filled, filled
            assert f"is {adjective} with dust" not in filled, filled
