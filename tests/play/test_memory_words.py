"""Memory in words: what an NPC remembers of the player changes what ``talk`` and ``ask`` answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Engine
from game.npc import memory
from game.paths import bundled_root
from game.rules.registry import get_system
from game.world.loader import find_adventure, load_adventure


def oasis(seed: int = 1, system_id: str = "vaarn") -> Engine:
    adventure = load_adventure(find_adventure("glass-oasis", bundled_root()))
    return Engine.new_game(adventure, get_system(system_id, adventure.rules.get(system_id, {})), seed)


def said(engine: Engine, *commands: str) -> list[str]:
    out: list[str] = []
    for command in commands:
        out = engine.submit(command).lines
    return out


def test_a_merchant_who_caught_you_stealing_does_not_greet_you_warmly() -> None:
    engine = oasis(1)  # seed 1: Tamsin catches the thief's hand
    assert "Tamsin catches your hand on the shard pistol!" in said(engine, "n", "n", "steal pistol from tamsin")
    talk = said(engine, "talk to tamsin")
    assert talk == ['Tamsin keeps a hand on the goods: "I know a thief when I see one. Move along."']
    assert said(engine, "ask tamsin about water") == talk, "a thief gets no answers"


def test_the_pilgrim_who_saw_the_killing_does_not_speak_well_of_the_dead() -> None:
    engine = oasis(1)
    said(engine, "n", "n")
    world = engine.world
    world.move_npc("salt-pilgrim", "caravanserai")
    memory.remember(world, "salt-pilgrim", "saw-killing")  # as the witnesses of a killing remember it
    talk = said(engine, "talk to pilgrim")
    assert talk == ['The salt pilgrim backs away from you. "I saw what you did. Keep away from me."'], talk
    answer = said(engine, "ask pilgrim about tamsin")
    assert not any("She trades fair" in line for line in answer), answer


def test_a_gift_is_remembered_and_the_adventure_words_its_own_lines(tmp_path: Path) -> None:
    folder = tmp_path / "adventure"
    folder.mkdir()
    source = find_adventure("glass-oasis", bundled_root())
    for path in source.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        if path.name == "npcs.toml":
            text = text.replace('[npcs.mother-quell.topics]',
                                '[npcs.mother-quell.talk_after]\nhelped = "Mother Quell smiles. \\"You remembered '
                                'an old woman.\\""\n\n[npcs.mother-quell.topics]')
        (folder / path.name).write_text(text, encoding="utf-8")
    adventure = load_adventure(folder)
    assert adventure.npcs["mother-quell"].talk_after == {"helped": 'Mother Quell smiles. "You remembered an old woman."'}
    engine = Engine.new_game(adventure, get_system("vaarn"), 1)
    world = engine.world
    world.move_npc("mother-quell", world.state.room)
    said(engine, "give knife to quell")
    assert said(engine, "talk to quell")[0] == 'Mother Quell smiles. "You remembered an old woman."'
    assert said(engine, "ask quell about key")[0].startswith('"The last warden'), "a friend still answers"


def test_talk_after_names_only_deeds_it_knows(tmp_path: Path) -> None:
    from game.errors import ContentError

    folder = tmp_path / "adventure"
    folder.mkdir()
    source = find_adventure("glass-oasis", bundled_root())
    for path in source.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        if path.name == "npcs.toml":
            text = text.replace('[npcs.mother-quell.topics]', '[npcs.mother-quell.talk_after]\nbribe = "No."\n\n'
                                '[npcs.mother-quell.topics]')
        (folder / path.name).write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=r"talk_after.*'bribe' is not a remembered deed"):
        load_adventure(folder)
