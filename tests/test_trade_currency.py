"""``buy`` pays with what the merchant takes (``currency``), and ``value`` means the same worth
under every system (docs/authoring.md §5 and "Damage types, hazards and values")."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Engine
from game.rules.registry import get_system
from game.world.loader import load_adventure
from tests.conftest import play
from tests.test_loader import BASE, problems_of, write

SHOP = BASE.replace('items = ["knife"]', 'items = ["knife", "silver", "bangle"]\nwater = 1') + """
[rooms.camp.npcs]

[items.silver]
name = "silver ingot"
aliases = ["silver", "ingot"]
kind = "treasure"
value = 6

[items.bangle]
name = "copper bangle"
kind = "treasure"
value = 2

[items.mace]
name = "mace"
kind = "weapon"
damage = "d8"
value = 4

[npcs.smith]
name = "smith"
disposition = "merchant"
behaviour = "merchant"
tier = 1
items = ["mace"]
currency = "CURRENCY"
""".replace('[rooms.camp.npcs]\n', '')


def _engine(tmp_path: Path, currency: str, system_id: str = "open_adventures") -> Engine:
    text = SHOP.replace("CURRENCY", currency).replace('[rooms.camp]\nname = "Camp"', '[rooms.camp]\nname = "Camp"\nnpcs = ["smith"]')
    return Engine.new_game(load_adventure(write(tmp_path, {"adventure.toml": text}, currency)), get_system(system_id), 1)


def test_a_merchant_who_takes_goods_is_paid_with_the_fewest_things_that_cover_the_price(tmp_path: Path) -> None:
    engine = _engine(tmp_path, "goods")
    lines = play(engine, "buy mace")
    assert lines[0] == "(paying with the silver ingot)"
    if engine.asking is not None:  # paying more than asked is asked first
        play(engine, "yes")
    world = engine.world
    assert world.place_of("mace") == "player" and world.place_of("silver") == "npc:smith"
    assert world.place_of("bangle") == "player" and engine.state.water == 1


def test_water_first_then_goods_when_the_water_is_not_enough(tmp_path: Path) -> None:
    engine = _engine(tmp_path, "any")
    assert play(engine, "buy mace")[0] == "(paying with the silver ingot)"  # 2 rations asked, 1 carried
    water_only = _engine(tmp_path, "water")
    assert play(water_only, "buy mace") == ["The smith asks 2 rations of water for the mace; you carry 1."]


@pytest.mark.parametrize("system_id", ["open_adventures", "vaarn", "opend6", "bind", "maelstrom"])
def test_value_buys_the_same_water_under_every_system(tmp_path: Path, system_id: str) -> None:
    engine = _engine(tmp_path, "any", system_id)
    scale = engine.play.pricing()
    assert scale.item_worth(engine.world, "silver") / scale.water_worth(1) == 3  # value 6: three rations
    assert "silver ingot is worth" in play(engine, "value silver")[0]


def test_a_currency_is_one_of_a_list(tmp_path: Path) -> None:
    text = SHOP.replace("CURRENCY", "gold")
    assert any("npcs.smith.currency: 'gold' is not a currency" in p for p in problems_of(tmp_path, text))
