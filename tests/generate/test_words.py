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
    """``wayfarer new --seed 5 --size small`` opened on "In the a heat shimmer"."""
    result = subprocess.run([sys.executable, "-m", "game", "new", "--seed", "5", "--size", "small", "--saves",
                             str(tmp_path)], input="look\n", capture_output=True, text=True, check=False)
    assert "Windbreak Camp" in result.stdout
    assert "the a " not in result.stdout.replace("\n", " ")


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


def test_walking_into_the_dark_shrine_with_the_lamp_shows_the_shrine(tmp_path: Path) -> None:
    """``new --seed 5 --size small``: the camp's south is dark, lit on entering by the lamp
    carried (an enter trigger); the room was described as "Darkness" and never shown."""
    result = subprocess.run([sys.executable, "-m", "game", "new", "--seed", "5", "--size", "small", "--saves",
                             str(tmp_path)], input="take lamp\ns\n", capture_output=True, text=True, check=False)
    entered = result.stdout.split("> s\n", 1)[1]
    assert "Your lamp pushes the dark back to the walls." in entered
    assert "Brittle Shrine" in entered.split("Your lamp pushes", 1)[1], entered
    assert "bone key" in entered
