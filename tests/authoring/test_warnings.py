"""``wayfarer check`` warnings: content that loads but cannot play as meant (exit 0, ``warning:`` lines)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from tests.conftest import DATA

TINY = (DATA / "tiny" / "adventure.toml").read_text()


def warnings_of(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    folder = tmp_path / "adv"
    folder.mkdir(exist_ok=True)
    (folder / "adventure.toml").write_text(text)
    code = main(["check", str(folder)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0, out
    return [line.split("adventure.toml:", 1)[1] for line in out if ": warning: " in line]


def test_the_tiny_adventure_has_no_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert warnings_of(tmp_path, TINY, capsys) == []


def test_a_key_behind_its_own_door(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('items = ["brass-key", "glass-key", "stone"]', 'items = ["glass-key", "stone"]')
    text = text.replace('items = ["gem"]', 'items = ["gem", "brass-key"]')
    found = warnings_of(tmp_path, text, capsys)
    assert ("8: adventure.goal.reach: warning: the goal cannot be won: room 'vault' cannot be reached from the start: "
            "the way east from 'camp' is locked by 'brass-key', which cannot be got before it") in found
    assert any("adventure.goal.carrying: warning: the goal cannot be won: nobody can get item 'gem' (in room 'vault')"
               in line for line in found)
    assert any("rooms.vault: warning: room 'vault' can only be reached through a locked way" in line for line in found)
    assert any("items.brass-key: warning: nobody can get item 'brass-key' (in room 'vault')" in line for line in found)


def test_a_force_check_opens_the_way_anyway(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('items = ["brass-key", "glass-key", "stone"]', 'items = ["glass-key", "stone"]')
    text = text.replace('items = ["gem"]', 'items = ["gem", "brass-key"]')
    text = text.replace('east = { to = "vault", locked_by = "brass-key" }',
                        'east = { to = "vault", locked_by = "brass-key", force = "hard" }')
    assert warnings_of(tmp_path, text, capsys) == []


def test_defeat_of_an_npc_placed_nowhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('goal = { reach = "vault", carrying = ["gem"] }', 'goal = { defeat = "ghost" }')
    text += '\n[npcs.ghost]\nname = "ghost"\ntier = 2\ndisposition = "hostile"\n'
    assert warnings_of(tmp_path, text, capsys) == [
        "8: adventure.goal.defeat: warning: the goal cannot be won: npc 'ghost' is placed in no room and met in no region"]


def test_carrying_an_item_nobody_can_get(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('items = ["scimitar"]', 'items = ["scimitar", "gem"]').replace('items = ["gem"]\n', '')
    text = text.replace('npcs = ["raider", "hermit"]', 'npcs = ["hermit"]')
    found = warnings_of(tmp_path, text, capsys)
    assert any("adventure.goal.carrying: warning: the goal cannot be won: nobody can get item 'gem' "
               "(carried by npc 'raider')" in line for line in found)


def test_items_placed_nowhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY + '\n[items.feather]\nname = "feather"\n'
    assert warnings_of(tmp_path, text, capsys) == [
        "110: items.feather: warning: item 'feather' is placed nowhere (no room, search, NPC or the player holds it): "
        "nobody can get it"]


def test_a_hidden_exit_without_find(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('down = { to = "cellar", hidden = true, find = { check = "perceive", difficulty = "easy" } }',
                        'down = { to = "cellar", hidden = true }')
    found = warnings_of(tmp_path, text, capsys)
    assert len(found) == 1 and "rooms.camp.exits.down: warning: hidden exit down has no 'find' check" in found[0]


def test_effect_keys_and_stat_tables_nothing_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('effect = { damage = "d10" }', 'effect = { heals = "d6" }')
    text = text.replace('[items.stone]\nname = "smooth stone"', '[items.stone]\nname = "smooth stone"\n'
                        'stats.open_adventures = { bonus = 2 }\nstats.vaarn = { trade = 3 }')
    found = warnings_of(tmp_path, text, capsys)
    assert any("items.rod.effect.heals: warning: effect key 'heals' is read by nothing (did you mean heal?); "
               "allowed: damage, damage_type, heal, consumed, reveal, water, sustain" in line for line in found)
    assert any("items.stone.stats.open_adventures: warning: open_adventures reads no stats for an item of this kind"
               in line for line in found)
    assert not any("stats.vaarn" in line for line in found)


def test_numbers_beyond_any_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace("water = 2\n", "water = 5000\n", 1).replace('rations = 3', 'rations = 5000')
    found = warnings_of(tmp_path, text, capsys)
    assert any("player.water: warning: 5000 is more than any run can use (at most 1000)" in line for line in found)
    assert any("items.waterskin.rations: warning: 5000 is more than any run can use" in line for line in found)


def test_a_merchant_with_nothing_to_sell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('disposition = "neutral"\nbehaviour = "cautious"', 'disposition = "merchant"\nbehaviour = "merchant"')
    found = warnings_of(tmp_path, text, capsys)
    assert any("npcs.hermit: warning: merchant 'hermit' has nothing to sell" in line for line in found)


def test_warnings_come_after_the_summary_line_says_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "adv"
    folder.mkdir()
    (folder / "adventure.toml").write_text(TINY + '\n[items.feather]\nname = "feather"\n')
    assert main(["check", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"OK: {folder} (1 warning)"
    assert out[0].startswith(f"{folder}/adventure.toml:110: items.feather: warning: ")


def test_enumerations_list_their_allowed_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "adv"
    folder.mkdir()
    (folder / "adventure.toml").write_text(TINY.replace('disposition = "neutral"', 'disposition = "angry"'))
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "npcs.hermit.disposition: 'angry' is not a disposition (did you mean wary?); allowed: hostile, wary, neutral, friendly, merchant" in out


def test_an_unknown_not_verb_fires_for_every_verb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown verb under ``not_verb`` excludes nothing: the trigger fires on every command, never "never"."""
    text = TINY + '\n[[triggers]]\non = "action"\nnot_verb = "goo"\nsay = "x"\n' \
                  '\n[[triggers]]\non = "action"\nverb = ["go", "exmaine"]\nsay = "y"\n'
    found = [line.split(": ", 1)[1] for line in warnings_of(tmp_path, text, capsys)]
    triggers = [line for line in found if line.startswith("triggers[")]
    assert triggers == [
        "triggers[1].not_verb: warning: no verb 'goo' (did you mean go?): it excludes nothing, "
        "so the trigger fires for every verb",
        "triggers[2].verb: warning: no verb 'exmaine' (did you mean examine?): it never fires for that verb",
    ]


def test_a_trigger_an_earlier_one_always_refuses_first_is_said_never_to_fire(tmp_path: Path,
                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY + ('\n[[triggers]]\non = "action"\nverb = "drop"\nrefuse = "Not here."\n'
                   '\n[[triggers]]\non = "action"\nverb = "drop"\nthing = "stone"\nroom = "camp"\nend = "won"\n'
                   '\n[[triggers]]\non = "action"\nverb = "take"\nthing = "stone"\nwhen = { flag = "x" }\nrefuse = "No."\n'
                   '\n[[triggers]]\non = "action"\nverb = "take"\nthing = "stone"\nend = "won"\n')
    found = [line.split(": ", 1)[1] for line in warnings_of(tmp_path, text, capsys)]
    assert [line for line in found if line.startswith("triggers[")] == [
        "triggers[2]: warning: it never fires: triggers[1] comes first and always refuses the same action"]


def test_a_route_through_walls_is_warned_of(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY + '\n[npcs.walker]\nname = "walker"\nbehaviour = "wander"\ntier = 1\nroute = ["camp", "well", "cellar"]\n'
    found = [line.split(": ", 1)[1] for line in warnings_of(tmp_path, text, capsys)]
    assert "npcs.walker.route: warning: no exit leads from 'well' to 'cellar', the next stop of the route: it " \
           "would walk through walls" in found


def test_a_room_text_naming_a_thing_that_can_leave_is_warned_of(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('description = "A camp of grey tents."',
                        'description = "A camp of grey tents. A smooth stone props the flap."')
    found = [line.split(": ", 1)[1] for line in warnings_of(tmp_path, text, capsys)]
    assert "rooms.camp.description: warning: the description names \"smooth stone\", item 'stone', which can leave " \
           "the room: the text would still show it; give the item an initial text instead" in found


def test_an_initial_text_or_a_text_about_the_thing_gone_is_not_warned_of(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    text = TINY.replace('name = "smooth stone"\n', 'name = "smooth stone"\ninitial = "A smooth stone props the flap."\n')
    text += ('\n[[rooms.camp.descriptions]]\nwhen = { item_gone = "stone" }\n'
             'text = "A camp of grey tents. The flap hangs loose where the smooth stone was."\n')
    assert warnings_of(tmp_path, text, capsys) == []
