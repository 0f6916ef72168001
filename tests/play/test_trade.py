"""Trade under all five systems: wares, trade, buy, sell, haggle, value; refusals; the last-water question.

The adventure below is written for these tests: a camp, and north of it a market
(a settlement with water) where Tamsin trades.  Dice are scripted turn by turn
(the ``script`` fixture); under Vaarn, walking in rolls Tamsin's reaction.
"""
from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from game.actions.trade_goods import trade_refusal
from game.actions.trade_pricing import MARKUPS, Pricing, lowered
from game.engine import Engine
from game.parser import parse
from game.rules.registry import SYSTEM_IDS, get_system
from game.saves import SaveStore
from game.world.loader import load_adventure
from game.world.state import NpcState
from tests.conftest import TurnScript, say_with_dice

ADVENTURE = """
[adventure]
id = "trade-test"
title = "Trade at the Prompt"
version = "1.0.0"
start = "camp"
intro = "A test."
goal = { reach = "market", carrying = ["crown"] }

[player]
name = "Tester"
items = ["knife", "skin"]
water = %(water)d
food = %(food)d

[player.stats.vaarn]
str = 2
dex = 1
con = 1
int = 1
psy = 2
ego = 1
hp = 6
max_hp = 6

[rooms.camp]
name = "Camp"
description = "A camp."
exits = { north = "market" }
items = ["crown"]

[rooms.market]
name = "Market"
description = "A market."
settlement = true
water_source = true
exits = { south = "camp" }
npcs = ["tamsin"]

[items.knife]
name = "knife"
kind = "weapon"
damage = "d6"
value = 2

[items.skin]
name = "waterskin"
aliases = ["skin"]
kind = "water"
rations = 4
value = 2

[items.pearls]
name = "salt pearls"
aliases = ["pearls"]
kind = "treasure"
value = 10
[items.pearls.stats.vaarn]
trade = 3

[items.pistol]
name = "shard pistol"
aliases = ["pistol"]
kind = "weapon"
damage = "d6"
ranged = true
value = 2

[items.cakes]
name = "locust cakes"
aliases = ["cakes"]
kind = "food"
rations = 2
value = 2

[items.crown]
name = "crown"
kind = "treasure"
value = 50

[npcs.tamsin]
name = "Tamsin"
pronoun = "she"
aliases = ["tamsin", "trader"]
disposition = "merchant"
behaviour = "merchant"
tier = 1
items = ["pistol", "cakes", "pearls"]
"""

#: Faces for walking into the market: Vaarn rolls Tamsin's reaction (15: talkative, fair prices).
ENTER = {"vaarn": [15]}
#: Faces that win a haggle, and faces that lose one, for each system (more than enough of each).
WIN = {"vaarn": [20], "bind": [6, 6], "opend6": [6] * 4 + [5] * 8, "open_adventures": [6] * 12, "maelstrom": [9] * 20}
LOSE = {"vaarn": [1], "bind": [1, 1], "opend6": [2] * 12, "open_adventures": [1] * 12, "maelstrom": [2] * 20}


def make(tmp_path: Path, system_id: str, *, water: int = 3, food: int = 2) -> Engine:
    folder = tmp_path / "adventure"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "adventure.toml").write_text(textwrap.dedent(ADVENTURE % {"water": water, "food": food}),
                                           encoding="utf-8")
    adventure = load_adventure(folder)
    options = {"cp_offer": "one-die"} if system_id == "opend6" else {}  # a miss is a miss here: no point asked
    return Engine.new_game(adventure, get_system(system_id, options), 1, saves=SaveStore(tmp_path / "saves", adventure))


def at_market(tmp_path: Path, script: TurnScript, system_id: str, **kwargs: int) -> Engine:
    engine = make(tmp_path, system_id, **kwargs)
    say_with_dice(engine, script, "n", ENTER.get(system_id, []))
    assert engine.state.room == "market"
    return engine


def say(engine: Engine, script: TurnScript, command: str, faces: list[int] | None = None) -> list[str]:
    return say_with_dice(engine, script, command, faces if faces is not None else [])


# -- a trade under every system ------------------------------------------------------------------------

@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_trade_with_the_merchant_under_every_system(tmp_path: Path, script: TurnScript, system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id)
    world = engine.world
    lines = say(engine, script, "wares")
    assert lines[0].startswith("Tamsin is fair: the price is the worth of the goods")
    assert any(line.startswith("  shard pistol: worth") for line in lines)
    assert lines[-1] == "(trade GOODS for GOODS, buy THING, sell THING, haggle, value THING)"
    assert say(engine, script, "trade knife for pistol")[-1] == "Done."
    assert world.place_of("pistol") == "player" and world.place_of("knife") == "npc:tamsin"
    water, food = engine.state.water, engine.state.food
    assert say(engine, script, "buy cakes")[-1] == "Done."
    assert engine.state.food == food + 2 and engine.state.water == water - 1
    assert world.place_of("cakes") == "gone"
    lines = say(engine, script, "value pistol")
    assert lines[0].startswith("The shard pistol is worth ") and "Tamsin would give 1 ration of water" in lines[0]


def test_the_common_scale_counts_value_and_water_at_two(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "maelstrom")
    assert say(engine, script, "wares") == [
        ("Tamsin is fair: the price is the worth of the goods (worth on the common scale: a ration of "
         "water counts 2, of food 1)."),
        "  shard pistol: worth 2, asks 2 (or 1 ration of water)",
        "  locust cakes: worth 2, asks 2 (or 1 ration of water)",
        "  salt pearls: worth 10, asks 10 (or 5 rations of water)",
        "  a ration of water: asks 2",
        "(trade GOODS for GOODS, buy THING, sell THING, haggle, value THING)",
    ]
    assert say(engine, script, "trade knife for pearls") == [
        "You offer the knife (worth 2) for the salt pearls (worth 10); Tamsin, fair, asks 10.",
        "Tamsin shakes her head: not enough."]
    assert say(engine, script, "buy pearls") == ["Tamsin asks 5 rations of water for the salt pearls; you carry 3."]
    assert say(engine, script, "value knife") == [
        "The knife is worth 2 on the common scale of trade; Tamsin would give 1 ration of water for it."]
    assert say(engine, script, "value pearls") == [
        "The salt pearls are worth 10; Tamsin asks 10 (or 5 rations of water)."], "what the trader offers, priced"
    assert say(engine, script, "sell knife") == [
        "You offer the knife (worth 2) for 1 ration of water (worth 2); Tamsin, fair, asks 2.", "Done."]
    assert engine.state.water == 4


def test_vaarn_keeps_its_slot_for_slot_barter(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "vaarn")
    assert say(engine, script, "trade knife for pistol") == [
        "You offer the knife (worth 1) for the shard pistol (worth 1); Tamsin, fair, asks 1.", "Done."]
    assert say(engine, script, "value pistol") == [
        "The shard pistol is worth 1 slot of goods in barter; Tamsin would give 1 ration of water for it."]


# -- haggling: each system's persuasion roll ------------------------------------------------------------

@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_won_haggle_lowers_the_price_for_the_day(tmp_path: Path, script: TurnScript, system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id)
    lines = say(engine, script, "haggle", WIN[system_id])
    assert any(line.startswith("[haggle with Tamsin]") for line in lines)
    assert lines[-1] == "Tamsin laughs and gives way: today the price is only 0.75 times the worth."
    assert say(engine, script, "haggle") == [
        "You have haggled with Tamsin today already; there is no talking round again before tomorrow."]
    assert "Tamsin, fair, talked round, asks" in say(engine, script, "trade knife for pistol")[0]


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_lost_haggle_leaves_the_price(tmp_path: Path, script: TurnScript, system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id)
    lines = say(engine, script, "haggle", LOSE[system_id])
    assert lines[-1] == "Tamsin will not budge today."
    assert say(engine, script, "haggle")[0].startswith("You have haggled with Tamsin today already")
    assert "Tamsin, fair, asks 2." in say(engine, script, "trade knife for pistol")[0] or system_id == "vaarn"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_odds_of_the_persuasion_roll_are_the_systems_own(tmp_path: Path, script: TurnScript,
                                                         system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id)
    script.turns[engine.state.turn] = WIN[system_id]
    preview = engine.preview(parse("haggle"), engine.turn_dice())
    assert preview is not None
    label, request = preview
    assert label == "haggle with Tamsin"
    success = engine.system.odds(request).p_success
    lines = say(engine, script, "odds haggle", WIN[system_id])
    assert lines[0] == f"Odds of haggle with Tamsin: {float(success) * 100:.1f}% to succeed."
    assert 0 < success < 1


def test_bind_haggling_is_resisted_by_the_merchant(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "bind")
    script.turns[engine.state.turn] = LOSE["bind"]
    preview = engine.preview(parse("haggle"), engine.turn_dice())
    assert preview is not None
    from game.systems.bind.traits import kind_bonus

    resisting = kind_bonus(engine.world.npc_state("tamsin").sheet, "will")
    assert preview[1].tn == 7 + resisting
    lines = say(engine, script, "haggle", LOSE["bind"])
    assert f"(Resisted: Tamsin adds {resisting:+d} to TN 7.)" in lines
    assert "It costs you an extra hour." in lines


def test_a_haggle_is_kept_in_the_save(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "opend6")
    say(engine, script, "haggle", WIN["opend6"])
    say(engine, script, "save")
    engine.world.npc_state("tamsin").haggle = ""
    say(engine, script, "load")
    state = engine.world.npc_state("tamsin")
    assert (state.haggle_day, state.haggle) == (1, "won")
    data = state.to_data(engine.system)
    assert NpcState.from_data(data, engine.system).haggle == "won"
    with pytest.raises(ValueError):
        NpcState.from_data({**data, "haggle": "maybe"}, engine.system)


def test_the_markup_steps() -> None:
    assert [lowered(MARKUPS[m][0]) for m in ("merchant", "neutral", "wary")] == [
        pytest.approx(0.75), pytest.approx(1), pytest.approx(1.25)]
    assert Pricing().water_worth(3) == 6 and Pricing().food_worth(3) == 3


# -- refusals ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("system_id", ["vaarn", "opend6"])
def test_hostile_or_wary_merchants_refuse(tmp_path: Path, script: TurnScript, system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id)
    engine.world.npc_state("tamsin").disposition = "wary"
    assert say(engine, script, "wares") == ["Tamsin wants nothing more to do with you."]
    assert say(engine, script, "buy cakes") == ["Tamsin wants nothing more to do with you."]
    engine.world.npc_state("tamsin").disposition = "hostile"
    initiative = [6, 1] if system_id == "vaarn" else []  # a hostile Tamsin: Vaarn rolls who acts first
    assert say(engine, script, "trade knife for pistol with tamsin", initiative) == ["Tamsin will not trade with you."]
    assert trade_refusal(engine.world, "tamsin") == "Tamsin will not trade with you."
    assert engine.state.turn == 1  # no time passed


def test_refusals_name_the_reason(tmp_path: Path, script: TurnScript) -> None:
    engine = make(tmp_path, "bind")
    assert say(engine, script, "wares") == ["There is nobody here to trade with."]
    say(engine, script, "n")
    assert say(engine, script, "trade knife") == [
        "Trade what for what? For example: trade knife and 1 water for gourd. (wares lists what is on offer)"]
    assert say(engine, script, "trade 9 water for pistol") == ["You carry only 3 rations of water."]
    assert say(engine, script, "buy 2 water") == ["Water is bought with goods: trade GOODS for N water."]
    assert say(engine, script, "sell 1 water") == ["Water is what you are paid in: trade N water for GOODS instead."]
    assert say(engine, script, "buy crown") == ["You see no crown here."]
    engine.world.npc_state("tamsin").room = "nowhere"
    assert trade_refusal(engine.world, "tamsin") is None


# -- the last water or food asks first ------------------------------------------------------------------------

@pytest.mark.parametrize("system_id", ["maelstrom", "vaarn"])
def test_a_trade_spending_the_last_water_asks_first(tmp_path: Path, script: TurnScript, system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id, water=1)
    report = engine.submit("buy cakes")
    assert report.question
    assert report.lines[-1] == "That would leave you no water. Trade anyway? (yes or no)"
    assert engine.submit("no").lines == ["You keep your water."]
    assert engine.state.water == 1 and engine.world.place_of("cakes") == "npc:tamsin"
    engine.submit("buy cakes")
    assert engine.submit("yes").lines[-1] == "Done."
    assert engine.state.water == 0 and engine.state.food == 4


def test_a_command_instead_of_an_answer_means_no_and_runs(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "open_adventures", water=1)
    turn = engine.state.turn
    assert engine.submit("buy cakes").question
    lines = engine.submit("look").lines
    assert lines[:2] == ['(Taking that as "no".)', "You keep your water."]
    assert "Market" in lines
    assert engine.state.water == 1 and engine.state.turn == turn
    assert engine.submit("buy cakes").question
    assert engine.submit("maybe").lines[0] == "Please answer yes/y/no/n (or undo to take the action back)."
    assert engine.submit("undo").lines == ["You take the action back."]


def test_the_last_food_asks_too(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "bind", food=1)
    report = engine.submit("trade 1 food and knife for pistol")
    assert report.lines[-1] == "That would leave you no food. Trade anyway? (yes or no)"
    assert engine.submit("y").lines[-1] == "Done."
    assert engine.state.food == 0


def test_trading_away_the_only_waterskin_spends_the_water(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "opend6", water=2)
    report = engine.submit("trade skin for pistol")
    assert report.lines[-1] == "That would leave you no water. Trade anyway? (yes or no)"
    lines = engine.submit("yes").lines
    assert "You have nothing to hold 2 rations of water; it goes back into the merchant's jars." in lines
    assert engine.state.water == 0
    value = say(engine, script, "value pistol")[0]
    assert value.endswith("would give 1 ration of water for it, but your water containers have no room for it."), value


def test_help_lists_the_trade_verbs(tmp_path: Path, script: TurnScript) -> None:
    engine = make(tmp_path, "maelstrom")
    people = " ".join(engine.submit("help").lines).split("People:")[1].split("Fighting:")[0]
    for verb in ("wares", "trade X for Y", "buy/sell THING", "haggle", "value THING"):
        assert verb in people
    assert engine.submit("help haggle").lines[0] == "haggle: talk a merchant's price down;  value THING: its worth"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_run_with_haggling_and_a_confirmed_trade_replays(tmp_path: Path, system_id: str) -> None:
    from game.replay import replay_save

    engine = make(tmp_path, system_id, water=1)
    for command in ("n", "wares", "haggle", "trade 1 water and knife for cakes", "value skin", "save"):
        report = engine.submit(command)
        while report.question:
            report = engine.submit("yes" if "Trade anyway" in report.lines[-1] else "no")
    assert engine.state.water == 0 and engine.world.place_of("cakes") == "gone"
    ok, lines = replay_save(tmp_path / "saves" / "trade-test" / "quicksave.toml", str(tmp_path / "adventure"))
    assert ok, lines


def test_buy_with_and_sell_for_name_the_other_side(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "open_adventures")
    assert say(engine, script, "buy cakes with knife") == [
        "You offer the knife (worth 2) for the locust cakes (worth 2); Tamsin, fair, asks 2.", "Done."]
    assert engine.world.place_of("knife") == "npc:tamsin" and engine.state.food == 4
    assert say(engine, script, "buy pistol with tamsin") == [  # "with" a person names the trader
        "You offer 1 ration of water (worth 2) for the shard pistol (worth 2); Tamsin, fair, asks 2.", "Done."]
    engine.world.move_item("crown", "player")
    engine.submit("sell crown for knife and pearls to tamsin")
    assert say(engine, script, "yes")[-1] == "Done."
    assert engine.world.place_of("pearls") == "player" and engine.world.place_of("knife") == "player"


# -- overpaying: barter gives no change -----------------------------------------------------------------------

@pytest.mark.parametrize("system_id", ["open_adventures", "opend6", "bind", "maelstrom"])
def test_overpaying_on_the_common_scale_asks_first(tmp_path: Path, script: TurnScript, system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id)
    engine.world.move_item("pearls", "player")
    say(engine, script, "haggle", WIN[system_id])
    report = engine.submit("trade pearls for pistol and cakes")
    assert report.question
    assert report.lines[-2:] == [
        "You offer the salt pearls (worth 10) for the shard pistol and the locust cakes (worth 4); Tamsin, fair, "
        "talked round, asks 3.",
        "The salt pearls are worth 10; Tamsin asks 3 and gives no change (you could ask for 1 ration of water as "
        "well). Trade anyway? (yes or no)"]
    assert engine.submit("no").lines == ["You keep the salt pearls."]
    assert engine.world.place_of("pearls") == "player" and engine.world.place_of("pistol") == "npc:tamsin"
    engine.submit("trade pearls for pistol and cakes")
    assert engine.submit("yes").lines[-1] == "Done."
    assert engine.world.place_of("pearls") == "npc:tamsin" and engine.world.place_of("pistol") == "player"


def test_overpaying_by_less_than_a_ration_of_water_does_not_ask(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "maelstrom")
    say(engine, script, "haggle", WIN["maelstrom"])
    assert say(engine, script, "trade knife for pistol") == [  # 2 for 1.5: no ration of water's worth over
        "You offer the knife (worth 2) for the shard pistol (worth 2); Tamsin, fair, talked round, asks 1.5.", "Done."]
    report = engine.submit("trade 2 water for cakes")  # 4 for 1.5
    assert report.lines[-1] == ("2 rations of water are worth 4; Tamsin asks 1.5 and gives no change (you could "
                                "offer 1 ration of water less). Trade anyway? (yes or no)")


def test_vaarn_barter_gives_no_change_without_asking(tmp_path: Path, script: TurnScript) -> None:
    engine = at_market(tmp_path, script, "vaarn")
    engine.world.move_item("pearls", "player")
    assert say(engine, script, "trade pearls for pistol") == [
        "You offer the salt pearls (worth 3) for the shard pistol (worth 1); Tamsin, fair, asks 1.",
        "Done. There is no change in barter."]
    assert engine.world.place_of("pearls") == "npc:tamsin"


# -- show THING to a merchant says what value says -------------------------------------------------------------

@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_showing_a_thing_to_the_merchant_prices_it_as_value_does(tmp_path: Path, script: TurnScript,
                                                                 system_id: str) -> None:
    engine = at_market(tmp_path, script, system_id)
    scale = engine.play.pricing()
    worth = scale.worth_words(scale.item_worth(engine.world, "skin"))
    water = say(engine, script, "value skin")[0].split("Tamsin would give ")[1].split(" for it")[0]
    assert say(engine, script, "show skin to tamsin") == [
        f"Tamsin looks the waterskin over: \"It is worth {worth}. I would give you {water} for it.\""]


def test_vaarn_show_and_value_agree_on_the_mood_of_the_merchant(tmp_path: Path, script: TurnScript) -> None:
    engine = make(tmp_path, "vaarn")
    say_with_dice(engine, script, "n", [2])  # a poor reaction: Tamsin is wary, her markup 1.5
    engine.world.move_item("pearls", "player")
    assert say(engine, script, "value pearls") == [
        "The salt pearls are worth 3 slots of goods in barter; Tamsin would give 2 rations of water for them, but "
        "your water containers have no room for it."]
    assert say(engine, script, "show pearls to tamsin") == [
        "Tamsin looks the salt pearls over: \"They are worth 3 slots of goods in barter. I would give you 2 "
        "rations of water for them.\""]


# -- the trader's pronoun -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("pronoun", "line"), [("it", "Tamsin shakes its head: not enough."),
                                               ("he", "Tamsin shakes his head: not enough."),
                                               ("they", "Tamsin shake their head: not enough.")])
def test_a_refused_deal_names_the_traders_pronoun(tmp_path: Path, script: TurnScript, pronoun: str, line: str) -> None:
    engine = at_market(tmp_path, script, "maelstrom")
    world = engine.world
    npcs = dict(world.adventure.npcs)
    npcs["tamsin"] = replace(npcs["tamsin"], pronoun=pronoun)
    world.adventure = replace(world.adventure, npcs=npcs)
    assert say(engine, script, "trade knife for pearls")[-1] == line
