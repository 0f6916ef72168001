"""The content loader: every problem reported as FILE:LINE: KEY.PATH: message, all at once."""
from __future__ import annotations

import re
import tempfile
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import ContentError, UsageError
from game.paths import bundled_root
from game.world.content import Adventure, CheckDef
from game.world.loader import (
    DEFAULT_ADVENTURE,
    bundled_adventures,
    check_adventure,
    find_adventure,
    load_adventure,
)
from game.world.toml_locate import key_lines

FIXTURES = Path(__file__).parent / "fixtures"

#: A small valid adventure in one file; tests append to it or replace lines.
BASE = """\
[adventure]
id = "tiny"
title = "Tiny"
version = "1.0"
start = "camp"

[player]
items = ["knife"]

[rooms.camp]
name = "Camp"
exits = { north = "road" }

[rooms.road]
name = "Road"
exits = { south = "camp" }

[items.knife]
name = "knife"
kind = "weapon"
damage = "d6"
"""


def write(tmp_path: Path, files: dict[str, str], name: str = "adv") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for file_name, text in files.items():
        (folder / file_name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def problems_of(tmp_path: Path, text: str, name: str = "adv") -> list[str]:
    """The problem lines of a one-file adventure, with the folder prefix cut off."""
    folder = write(tmp_path, {"adventure.toml": text}, name)
    prefix = f"{folder}/"
    found = check_adventure(folder)
    assert all(line.startswith(prefix) for line in found), found
    return [line[len(prefix):] for line in found]


# -- the bundled adventure ---------------------------------------------------------------

def test_bundled_adventure_loads_without_problems() -> None:
    folder = find_adventure(DEFAULT_ADVENTURE, bundled_root())
    assert check_adventure(folder) == []
    adventure = load_adventure(folder)
    assert isinstance(adventure, Adventure)
    assert adventure.id == "glass-oasis" and adventure.system == "vaarn"
    assert adventure.player.water == 2
    assert len({p.name for p in folder.glob("*.toml")}) >= 4
    assert len(adventure.digest) == 64 and adventure.source == folder


def test_each_bundled_adventure_is_in_the_folder_named_by_its_id() -> None:
    """``find_adventure`` finds a bundled adventure by its folder's name, without reading it."""
    known = bundled_adventures(bundled_root())
    assert known and all(folder.name == adventure_id for adventure_id, folder in known.items())
    assert all(load_adventure(folder).id == folder.name for folder in known.values())


def test_bundled_adventure_has_what_the_brief_asks_for() -> None:
    adventure = load_adventure(find_adventure(DEFAULT_ADVENTURE, bundled_root()))
    rooms, items, npcs = adventure.rooms, adventure.items, adventure.npcs
    assert len(rooms) >= 12
    assert sum(r.water_source for r in rooms.values()) >= 2
    exits = [e for r in rooms.values() for e in r.exits.values()]
    assert any(e.locked_by for e in exits)
    assert any(e.hidden and e.find is not None for e in exits)
    settlements = [r for r in rooms.values() if r.settlement]
    assert settlements
    merchants = [n for n in npcs.values() if n.disposition == "merchant" and n.behaviour == "merchant"]
    assert merchants and merchants[0].items
    assert adventure.npc_homes[merchants[0].id] == settlements[0].id
    exotica = [i for i in items.values() if i.kind == "exotica"]
    assert len(exotica) >= 3 and all(i.true_name and i.identify and i.effect for i in exotica)
    assert any(i.damage and i.ranged for i in items.values())
    assert any(i.kind == "gift" for i in items.values()) and any(i.kind == "armor" for i in items.values())
    guards = [n for n in npcs.values() if n.disposition == "hostile" and n.tier == 2
              and n.behaviour in ("aggressive", "guard")]
    assert guards
    assert any(n.disposition == "neutral" and n.talk and n.topics for n in npcs.values())
    assert any(n.creature in ("fungal", "synthetic") for n in npcs.values())
    assert adventure.goal.reach == "glass-oasis" and adventure.goal.carrying == ("glass-heart",)
    assert adventure.item_homes["glass-heart"].startswith("room:")


def test_bundled_and_find() -> None:
    bundled = bundled_adventures(bundled_root())
    assert bundled[DEFAULT_ADVENTURE] == bundled_root() / "glass-oasis"
    assert find_adventure(str(FIXTURES / "minimal"), bundled_root()) == FIXTURES / "minimal"
    with pytest.raises(UsageError, match="glass-oasis"):
        find_adventure("no-such-adventure", bundled_root())
    with pytest.raises(UsageError, match="not an adventure folder"):
        find_adventure(str(FIXTURES / "minimal" / "adventure.toml"), bundled_root())


# -- fixtures ----------------------------------------------------------------------

def test_minimal_fixture_builds_everything() -> None:
    adventure = load_adventure(FIXTURES / "minimal")
    camp = adventure.rooms["camp"]
    assert list(camp.exits) == ["north", "down"]  # abbreviations normalised
    assert camp.exits["down"].hidden and camp.exits["down"].find == CheckDef("perceive", "hard")
    assert adventure.rooms["road"].exits["north"].locked_by == "key"
    assert adventure.item_homes == {"knife": "player", "key": "room:road", "cup": "search:cellar"}
    assert adventure.npc_homes == {"keeper": "well"}
    assert adventure.rooms["cellar"].search == CheckDef("search", "normal")
    assert adventure.system == "vaarn" and adventure.items["key"].kind == "tool"
    assert adventure.goal.carrying == ("cup",)


def test_broken_refs_fixture_reports_expected_lines() -> None:
    folder = FIXTURES / "broken-refs"
    expected = [f"{folder}/{line}" for line in (folder / "expected.txt").read_text().splitlines()]
    assert check_adventure(folder) == expected
    with pytest.raises(ContentError) as caught:
        load_adventure(folder)
    assert caught.value.problems == expected


def test_duplicate_keys_across_files_name_both_files() -> None:
    folder = FIXTURES / "split-duplicate"
    assert check_adventure(folder) == [
        f"{folder}/b-more.toml:2: adventure.title: key defined twice: also in {folder}/a-adventure.toml:3",
        f"{folder}/b-more.toml:7: rooms.camp: id defined twice: also in {folder}/a-adventure.toml:7",
    ]


def test_syntax_error_gives_line_and_column() -> None:
    folder = FIXTURES / "syntax-error"
    assert check_adventure(folder) == [
        f"{folder}/adventure.toml:9:27: TOML syntax error: an inline table {{ ... }} may not end with a comma",
    ]


def test_syntax_error_at_end_of_document(tmp_path: Path) -> None:
    assert problems_of(tmp_path, BASE + "broken = ") == [
        "adventure.toml:22:10: TOML syntax error: a value is missing after '=' (text goes in quotes: name = \"Camp\")"]


@pytest.mark.parametrize(("text", "where", "message"), [
    ('[rooms.well]\nname = "Well\nexits = {}\n', "24:8",
     'a string is not closed on this line: end it with " (a "..." string must end on the line it starts; '
     'use """ for text over several lines)'),
    ("[rooms.well]\nname = 'Well\n", "24:8", "a string is not closed on this line: end it with '"),
    ('[rooms.well]\ndescription = """Deep.\nname = "Well"\n', "24:15",
     'a """...""" string starts here and is never closed (it runs to the end of the file)'),
    ('[rooms.well\nname = "Well"\n', "23:12",
     "a [table] header is not closed: write [name] with its ']' on the same line"),
    ('[[triggers]\non = "enter"\n', "23:11",
     "an [[array]] header is not closed: write [[name]] with its ']]' on the same line"),
    ('[rooms.well]\nname = "Well"\nname = "Pit"\n', "25:1",
     "the key 'name' is set twice, or under a key that already has a value: set each key once"),
    ('[rooms.road]\nname = "Road"\n', "23:1",
     "the table [rooms.road] is already defined above: declare each table once, with all its keys under it"),
    ('[rooms.well]\nname = Well\n', "24:8",
     "'Well' is not a value: text goes in quotes (\"Well\"); numbers, true and false do not"),
    ('[rooms.well]\nname = "Well"\ndark = True\n', "25:8", "'True' is not a value: true and false are written in lowercase"),
    ('[rooms.well]\nexits = { north = "camp"\n', "24:25", "an inline table { ... } is not closed on this line"),
    ('[rooms.well]\nexits = { north = "camp", south = "road", north = "x" }\n', "24:54",
     "the key 'north' is given twice in this inline table"),
    ('[items.rope]\nname = "rope"\naliases = ["cord" "line"]\n', "25:19",
     "an array is not closed, or two of its values have no comma between them"),
])
def test_syntax_errors_in_plain_words(tmp_path: Path, text: str, where: str, message: str) -> None:
    """Each tomllib message an author meets, said plainly at FILE:LINE:COL (a string left open: where it starts)."""
    found = problems_of(tmp_path, BASE + "\n" + text)
    assert len(found) == 1 and found[0].startswith(f"adventure.toml:{where}: TOML syntax error: {message}"), found


def test_file_name_is_the_folder_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, {"adventure.toml": BASE.replace('start = "camp"', 'start = "cmap"')})
    monkeypatch.chdir(tmp_path)
    assert check_adventure("adv") == ["adv/adventure.toml:5: adventure.start: no room 'cmap' (did you mean camp?)"]


# -- folders and files --------------------------------------------------------------

def test_missing_folder_empty_folder_and_file(tmp_path: Path) -> None:
    assert check_adventure(tmp_path / "nope") == [f"{tmp_path / 'nope'}: no such adventure folder"]
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("not toml")
    assert check_adventure(tmp_path / "empty") == [f"{tmp_path / 'empty'}: no .toml files in this folder"]
    (tmp_path / "file.toml").write_text(BASE)
    assert check_adventure(tmp_path / "file.toml") == [
        f"{tmp_path / 'file.toml'}: not a folder (an adventure is a folder of .toml files)"]
    with pytest.raises(ContentError):
        load_adventure(tmp_path / "nope")


def test_not_utf8(tmp_path: Path) -> None:
    folder = tmp_path / "adv"
    folder.mkdir()
    (folder / "adventure.toml").write_bytes(BASE.encode() + b'\nx = "\xff"\n')
    assert check_adventure(folder) == [f"{folder}/adventure.toml:23: the file is not UTF-8 text"]


def test_files_merge_across_tables_and_digest(tmp_path: Path) -> None:
    head, _, rest = BASE.partition("[rooms.camp]")
    folder = write(tmp_path, {"a.toml": head, "b.toml": "[rooms.camp]" + rest,
                              "c.toml": '[adventure.rules]\nvaarn = {}\n[player.stats.vaarn]\nstr = 1\n'})
    adventure = load_adventure(folder)
    assert adventure.player.stats == {"vaarn": {"str": 1}}
    assert adventure.rules == {"vaarn": {}}
    first = adventure.digest
    (folder / "c.toml").write_text('[adventure.rules]\nvaarn = {}\n[player.stats.vaarn]\nstr = 2\n')
    assert load_adventure(folder).digest != first


def test_syntax_errors_in_several_files_are_all_reported(tmp_path: Path) -> None:
    folder = write(tmp_path, {"a.toml": "x = \n", "b.toml": "[rooms\n", "c.toml": BASE})
    found = check_adventure(folder)
    assert [line.split(": ")[0].rsplit("/", 1)[1] for line in found] == ["a.toml:1:5", "b.toml:1:7"]


# -- unknown keys, types, required keys ------------------------------------------------

def test_unknown_keys_at_every_level(tmp_path: Path) -> None:
    text = BASE.replace('name = "Camp"', 'name = "Camp"\ndescripton = "x"').replace(
        'exits = { north = "road" }',
        'exits = { north = { to = "road", hiden = true, find = { check = "perceive", dificulty = "hard" } } }',
    ) + '\n[room.x]\nname = "x"\n\n[items.knife.stats.vaarn]\nanything = "goes"\n'
    text = text.replace('title = "Tiny"', 'title = "Tiny"\nintor = "hi"')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:4: adventure.intor: unknown key (did you mean intro?)",
        "adventure.toml:13: rooms.camp.descripton: unknown key (did you mean description?)",
        "adventure.toml:14: rooms.camp.exits.north.find.dificulty: unknown key (did you mean difficulty?)",
        "adventure.toml:14: rooms.camp.exits.north.hiden: unknown key (did you mean hidden?)",
        "adventure.toml:25: room: unknown key (did you mean rooms?)",
    ]


def test_unknown_key_without_a_close_match_lists_the_known_ones(tmp_path: Path) -> None:
    text = BASE + '\n[regions.waste]\nzzz = 1\n'
    assert problems_of(tmp_path, text) == [
        "adventure.toml:24: regions.waste.zzz: unknown key (known keys: name, encounters)"]


def test_wrong_types_name_the_expected_type(tmp_path: Path) -> None:
    text = (BASE.replace('version = "1.0"', "version = 1.0")
            .replace('items = ["knife"]', 'items = ["knife", 3]\nwater = "two"')
            .replace('damage = "d6"', 'damage = "d6"\nranged = "yes"\nslots = 1979-05-27')
            + '\n[npcs.x]\nname = "x"\ntier = 1\ntopics = { a = 1 }\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:4: adventure.version: expected a string, got a float",
        "adventure.toml:8: player.items: expected an array of strings, item 2 is an integer",
        "adventure.toml:9: player.water: expected an integer, got a string",
        "adventure.toml:23: items.knife.ranged: expected a boolean, got a string",
        "adventure.toml:24: items.knife.slots: expected an integer, got a date-time",
        "adventure.toml:29: npcs.x.topics.a: expected a string, got an integer",
    ]


def test_wrong_types_of_tables(tmp_path: Path) -> None:
    text = 'npcs = "everyone"\n' + BASE.replace('exits = { south = "camp" }', 'exits = { south = 3 }')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:1: npcs: expected a table, got a string",
        "adventure.toml:17: rooms.road.exits.south: expected a room id or a table, got an integer",
    ]


def test_missing_required_keys(tmp_path: Path) -> None:
    text = BASE.replace('id = "tiny"\n', "").replace('version = "1.0"\n', "").replace('name = "Road"\n', "")
    assert problems_of(tmp_path, text) == [
        "adventure.toml:1: adventure: missing required key 'id'",
        "adventure.toml:1: adventure: missing required key 'version'",
        "adventure.toml:12: rooms.road: missing required key 'name'",
    ]


def test_missing_adventure_table(tmp_path: Path) -> None:
    text = BASE.split("[player]", 1)[1]
    assert problems_of(tmp_path, "[player]" + text) == ["adventure.toml:1: adventure: missing required table [adventure]"]


def test_exit_table_requires_to(tmp_path: Path) -> None:
    text = BASE.replace('exits = { south = "camp" }', 'exits = { south = { hidden = true } }')
    assert problems_of(tmp_path, text) == ["adventure.toml:16: rooms.road.exits.south: missing required key 'to'"]


# -- ids and references -------------------------------------------------------------------

def test_ids_must_be_lowercase_words_joined_by_hyphens(tmp_path: Path) -> None:
    text = BASE.replace('id = "tiny"', 'id = "Tiny Adventure"') + '\n[items.Old_Lamp]\nname = "lamp"\n'
    assert problems_of(tmp_path, text) == [
        ("adventure.toml:2: adventure.id: adventure id 'Tiny Adventure' must be lowercase words joined by '-'"
        " (did you mean tiny-adventure?)"),
        ("adventure.toml:23: items.Old_Lamp: item id 'Old_Lamp' must be lowercase words joined by '-'"
        " (did you mean old-lamp?)"),
    ]


def test_dangling_ids_everywhere(tmp_path: Path) -> None:
    text = (BASE.replace('exits = { north = "road" }',
                         'exits = { north = "raod", east = { to = "road", locked_by = "knfe" } }\nitems = ["kinfe"]')
            .replace('start = "camp"', 'start = "camp"\ngoal = { reach = "rood", carrying = ["knif"], defeat = "bandt" }')
            + '\n[npcs.bandit]\nname = "bandit"\ntier = 1\nitems = ["knive"]\nroute = ["camps"]\n'
            + '\n[regions.waste]\nencounters = ["bandits"]\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:6: adventure.goal.carrying: no item 'knif' (did you mean knife?)",
        "adventure.toml:6: adventure.goal.defeat: no npc 'bandt' (did you mean bandit?)",
        "adventure.toml:6: adventure.goal.reach: no room 'rood' (did you mean road?)",
        "adventure.toml:13: rooms.camp.exits.east.locked_by: no item 'knfe' (did you mean knife?)",
        "adventure.toml:13: rooms.camp.exits.north: no room 'raod' (did you mean road?)",
        "adventure.toml:14: rooms.camp.items: no item 'kinfe' (did you mean knife?)",
        "adventure.toml:28: npcs.bandit.items: no item 'knive' (did you mean knife?)",
        "adventure.toml:29: npcs.bandit.route: no room 'camps' (did you mean camp?)",
        "adventure.toml:32: regions.waste.encounters: no npc 'bandits' (did you mean bandit?)",
    ]


def test_start_room_missing(tmp_path: Path) -> None:
    assert problems_of(tmp_path, BASE.replace('start = "camp"', 'start = "tent"')) == [
        "adventure.toml:5: adventure.start: no room 'tent'"]


def test_item_placed_in_two_places(tmp_path: Path) -> None:
    text = BASE.replace('exits = { south = "camp" }', 'exits = { south = "camp" }\nitems = ["knife"]')
    text += '\n[npcs.thief]\nname = "thief"\ntier = 1\nitems = ["knife"]\n'
    assert problems_of(tmp_path, text) == [
        "adventure.toml:17: rooms.road.items: item 'knife' is already placed in player.items",
        "adventure.toml:27: npcs.thief.items: item 'knife' is already placed in player.items",
    ]


def test_npc_placed_in_two_rooms(tmp_path: Path) -> None:
    text = (BASE.replace('exits = { north = "road" }', 'exits = { north = "road" }\nnpcs = ["cat"]')
            .replace('exits = { south = "camp" }', 'exits = { south = "camp" }\nnpcs = ["cat"]')
            + '\n[npcs.cat]\nname = "cat"\ntier = 1\n')
    assert problems_of(tmp_path, text) == ["adventure.toml:18: rooms.road.npcs: npc 'cat' is already placed in rooms.camp.npcs"]


def test_unreachable_rooms_but_hidden_and_locked_exits_pass(tmp_path: Path) -> None:
    text = (BASE.replace('exits = { south = "camp" }',
                         'exits = { south = "camp", down = { to = "vault", hidden = true, locked_by = "knife" } }')
            + '\n[rooms.vault]\nname = "Vault"\n\n[rooms.island]\nname = "Island"\nexits = { s = "camp" }\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:26: rooms.island: room 'island' cannot be reached from the start room 'camp'"]


def test_goal_item_placed_nowhere_and_key_placed_nowhere(tmp_path: Path) -> None:
    text = (BASE.replace('start = "camp"', 'start = "camp"\ngoal = { carrying = "gem" }')
            .replace('exits = { south = "camp" }', 'exits = { south = "camp", north = { to = "camp", locked_by = "gem" } }')
            + '\n[items.gem]\nname = "gem"\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:6: adventure.goal.carrying: item 'gem' is placed nowhere, so the goal cannot be won",
        ("adventure.toml:17: rooms.road.exits.north: locked by 'gem', which is placed nowhere, and there is no "
        "force check: it can never open"),
    ]


def test_empty_goal(tmp_path: Path) -> None:
    text = BASE.replace('start = "camp"', 'start = "camp"\ngoal = { text = "Win?" }')
    assert problems_of(tmp_path, text) == ["adventure.toml:6: adventure.goal: the goal names nothing to reach, carry or defeat"]


# -- enumerations and numbers ---------------------------------------------------------------

def test_values_not_in_their_lists(tmp_path: Path) -> None:
    text = (BASE.replace('kind = "weapon"', 'kind = "wepon"\nbonus_against = ["fungi"]')
            .replace('exits = { north = "road" }',
                     'exits = { nroth = "road", north = { to = "road", find = { check = "percieve", difficulty = "hardd" } } }')
            .replace('name = "Road"', 'name = "Road"\nsearch = "trivial"')
            + '\n[npcs.bandit]\nname = "bandit"\ntier = 1\ndisposition = "hostle"\nbehaviour = "agressive"\n'
              'creature = "mushroom"\nblocks = "sout"\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:12: rooms.camp.exits.north.find.check: 'percieve' is not a check kind (did you mean perceive?); allowed: force, climb, sneak, dodge, fight, shoot, perceive, search, identify, tinker, lore, survive, resist, will, persuade, intimidate, heal",
        "adventure.toml:12: rooms.camp.exits.north.find.difficulty: 'hardd' is not a difficulty (did you mean hard?); allowed: easy, normal, hard, extreme, legendary",
        "adventure.toml:12: rooms.camp.exits.nroth: 'nroth' is not a direction (did you mean north?); allowed: north, south, east, west, northeast, northwest, southeast, southwest, up, down, in, out",
        "adventure.toml:16: rooms.road.search: 'trivial' is not a difficulty; allowed: easy, normal, hard, extreme, legendary",
        "adventure.toml:21: items.knife.kind: 'wepon' is not an item kind (did you mean weapon?); allowed: weapon, armor, tool, water, food, exotica, gift, treasure, container, supporter, clothing, text",
        "adventure.toml:22: items.knife.bonus_against: 'fungi' is not a creature type (did you mean fungal?); allowed: biological, fungal, mineral, synthetic, hypergeometric, outsider, psychic",
        "adventure.toml:28: npcs.bandit.disposition: 'hostle' is not a disposition (did you mean hostile?); allowed: hostile, wary, neutral, friendly, merchant",
        "adventure.toml:29: npcs.bandit.behaviour: 'agressive' is not a behaviour (did you mean aggressive?); allowed: aggressive, cautious, guard, wander, merchant, coward",
        ("adventure.toml:30: npcs.bandit.creature: 'mushroom' is not a creature type; allowed: biological, fungal, mineral, synthetic, hypergeometric, outsider, psychic"),
        "adventure.toml:31: npcs.bandit.blocks: 'sout' is not a direction (did you mean south?); allowed: north, south, east, west, northeast, northwest, southeast, southwest, up, down, in, out",
    ]


def test_a_weapons_kind_of_harm_is_one_of_the_list(tmp_path: Path) -> None:
    text = BASE.replace('kind = "weapon"', 'kind = "weapon"\ndamage_type = "electric"')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:21: items.knife.damage_type: 'electric' is not a kind of harm (did you mean electrical?); "
        "allowed: bludgeoning, piercing, slashing, kinetic, fire, electrical, cold, acid, poison, psychic"]


def test_direction_given_twice_and_blocks_without_exit(tmp_path: Path) -> None:
    text = (BASE.replace('exits = { north = "road" }', 'exits = { north = "road", n = "road" }\nnpcs = ["bandit"]')
            + '\n[npcs.bandit]\nname = "bandit"\ntier = 1\nblocks = "w"\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:12: rooms.camp.exits.n: the exit north is given twice (as 'north' and 'n')",
        "adventure.toml:27: npcs.bandit.blocks: room 'camp' has no exit west to block",
    ]


def test_numbers_out_of_range(tmp_path: Path) -> None:
    text = (BASE.replace('items = ["knife"]', 'items = ["knife"]\nfood = -1')
            .replace('damage = "d6"', 'damage = "d7"\nweight = 12')
            + '\n[npcs.giant]\nname = "giant"\ntier = 6\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:9: player.food: must be 0 or more, not -1",
        "adventure.toml:22: items.knife.damage: 'd7' is not a damage die like d6, 2d4 or d8+1",
        "adventure.toml:23: items.knife.weight: 12 is outside -4..11",
        "adventure.toml:27: npcs.giant.tier: 6 is outside 1..5",
    ]


# -- systems -----------------------------------------------------------------------------

def test_npc_without_tier_needs_stats_for_the_chosen_system(tmp_path: Path) -> None:
    text = BASE + '\n[npcs.ghost]\nname = "ghost"\n[npcs.ghost.stats.bind]\nhp = 3\n\n[npcs.shade]\nname = "shade"\n' \
                  '[npcs.shade.stats.vaarn]\nhp = 3\n'
    assert problems_of(tmp_path, text) == [
        ("adventure.toml:23: npcs.ghost: stats missing for the chosen system 'vaarn' when no tier is given "
        "(add tier = 1..5 or [npcs.ghost.stats.vaarn])")]
    text = text.replace('start = "camp"', 'start = "camp"\nsystem = "bind"')
    assert problems_of(tmp_path, text, "bind") == [
        ("adventure.toml:29: npcs.shade: stats missing for the chosen system 'bind' when no tier is given "
        "(add tier = 1..5 or [npcs.shade.stats.bind])")]


def test_unknown_system_ids(tmp_path: Path) -> None:
    text = (BASE.replace('start = "camp"', 'start = "camp"\nsystem = "varn"')
            + '\n[adventure.rules]\nopend6 = { wild_die = 1 }\ngurps = {}\n'
              '\n[player.stats.dnd]\nstr = 1\n\n[items.knife.stats.binds]\nweight = 1\n')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:6: adventure.system: unknown system 'varn' (did you mean vaarn?); allowed: open_adventures, vaarn, opend6, bind, maelstrom",
        "adventure.toml:25: adventure.rules.opend6.wild_die: expected a string, got an integer",
        ("adventure.toml:26: adventure.rules.gurps: unknown system 'gurps'; allowed: open_adventures, "
        "vaarn, opend6, bind, maelstrom"),
        ("adventure.toml:28: player.stats.dnd: unknown system 'dnd'; allowed: open_adventures, vaarn, "
        "opend6, bind, maelstrom"),
        "adventure.toml:31: items.knife.stats.binds: unknown system 'binds' (did you mean bind?); allowed: open_adventures, vaarn, opend6, bind, maelstrom",
    ]


def test_rule_options_are_checked_by_the_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.rules import registry

    def fake(system_id: str, options: dict[str, object]) -> list[str]:
        return [f"unknown option '{k}' for {system_id}; known: pace" for k in options if k != "pace"]

    monkeypatch.setattr(registry, "option_problems", fake)
    text = BASE + '\n[adventure.rules]\nvaarn = { pace = "slow", pase = "fast" }\n'
    assert problems_of(tmp_path, text) == [
        "adventure.toml:24: adventure.rules.vaarn.pase: unknown option 'pase' for vaarn; known: pace"]


def test_rule_options_fall_back_to_the_id_when_the_system_cannot_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.rules import registry

    def broken(system_id: str, options: dict[str, object]) -> list[str]:
        raise ImportError("game.systems.vaarn.rules is being written")

    monkeypatch.setattr(registry, "option_problems", broken)
    assert problems_of(tmp_path, BASE + '\n[adventure.rules]\nvaarn = { anything = "goes" }\n') == []


# -- regions ------------------------------------------------------------------------------

def test_regions_free_without_a_table_and_checked_with_one(tmp_path: Path) -> None:
    free = BASE.replace('name = "Road"', 'name = "Road"\nregion = "blue-waste"')
    folder = write(tmp_path, {"adventure.toml": free})
    assert load_adventure(folder).regions["blue-waste"].encounters == ()
    text = free + '\n[regions.glass-fields]\nname = "Glass"\n'
    assert problems_of(tmp_path, text, "with-table") == [
        "adventure.toml:16: rooms.road.region: no region 'blue-waste'"]


# -- several problems at once, sorting, line location ---------------------------------------

def test_several_problems_at_once_sorted_by_file_and_line(tmp_path: Path) -> None:
    folder = write(tmp_path, {
        "a.toml": BASE.replace('title = "Tiny"\n', "").replace('kind = "weapon"', 'kind = "blade"'),
        "b.toml": '[rooms.cave]\nname = "Cave"\nexits = { west = "nowhere" }\n' + "\n" * 8 + '[items.rope]\nname = 1\n',
    })
    found = check_adventure(folder)
    assert found == [
        f"{folder}/a.toml:1: adventure: missing required key 'title'",
        (f"{folder}/a.toml:19: items.knife.kind: 'blade' is not an item kind; allowed: weapon, armor, tool, water, food, "
         "exotica, gift, treasure, container, supporter, clothing, text"),
        f"{folder}/b.toml:1: rooms.cave: room 'cave' cannot be reached from the start room 'camp'",
        f"{folder}/b.toml:3: rooms.cave.exits.west: no room 'nowhere'",
        f"{folder}/b.toml:13: items.rope.name: expected a string, got an integer",
    ]
    with pytest.raises(ContentError) as caught:
        load_adventure(folder)
    assert caught.value.problems == found


def test_dotted_keys_and_multiline_values_are_located(tmp_path: Path) -> None:
    text = BASE + textwrap.dedent('''
        [rooms.cellar]
        name = "Cellar"
        description = """
        [not.a.header]
        exits = { nope = 1 }
        """
        exits.up = "camp"
        exits.dwn = "camp"
        items = [
            "knife",
        ]
        ''')
    text = text.replace('exits = { north = "road" }', 'exits = { north = "road", down = "cellar" }')
    assert problems_of(tmp_path, text) == [
        "adventure.toml:30: rooms.cellar.exits.dwn: 'dwn' is not a direction (did you mean down?); allowed: north, south, east, west, northeast, northwest, southeast, southwest, up, down, in, out",
        "adventure.toml:31: rooms.cellar.items: item 'knife' is already placed in player.items",
    ]


def test_key_lines_scanner() -> None:
    text = textwrap.dedent('''\
        a = 1
        [t."quoted key".x]
        b = { c = { d = 2 }, 'e' = [1, { f = 3 }] }
        s = \'\'\'
        g = 4
        \'\'\'
        [[arr]]
        h = 5
        [[arr]]
        h = 6
        ''')
    lines = key_lines(text)
    assert lines[("a",)] == 1
    assert lines[("t", "quoted key", "x")] == 2
    assert lines[("t", "quoted key", "x", "b", "c", "d")] == 3
    assert lines[("t", "quoted key", "x", "b", "e", "1", "f")] == 3
    assert ("t", "quoted key", "x", "g") not in lines and ("g",) not in lines
    assert lines[("arr", "0", "h")] == 8 and lines[("arr", "1", "h")] == 10


# -- robustness --------------------------------------------------------------------------------

_PROBLEM = re.compile(r"^.+?(:\d+(:\d+)?)?: .+$")
_BUNDLED = {p.name: p.read_text(encoding="utf-8") for p in (bundled_root() / "glass-oasis").glob("*.toml")}
_REPLACEMENTS = ['1', '-3', '"x"', 'true', '[]', '["nope"]', '{}', '{ to = "x" }', '1.5', '1979-05-27', '"Bad Id"', '"d7"']


@st.composite
def _mutation(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(_BUNDLED)))
    lines = _BUNDLED[name].split("\n")
    index = draw(st.integers(0, len(lines) - 1))
    line = lines[index]
    how = draw(st.sampled_from(["delete", "retype", "misspell", "duplicate", "garble"]))
    if how == "delete":
        del lines[index]
    elif how == "duplicate":
        lines.insert(index, line)
    elif how == "retype" and "=" in line:
        key = line.split("=", 1)[0]
        lines[index] = f"{key}= {draw(st.sampled_from(_REPLACEMENTS))}"
    elif how == "misspell" and line.strip():
        position = draw(st.integers(0, len(line) - 1))
        letter = draw(st.sampled_from("abcdexyz_-.[]{}=\"' "))
        lines[index] = line[:position] + letter + line[position + 1:]
    else:
        position = draw(st.integers(0, len(line)))
        lines[index] = line[:position] + draw(st.text(max_size=5)) + line[position:]
    return name, "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutation())
def test_mutated_bundled_adventure_loads_or_reports_content_errors(mutation: tuple[str, str]) -> None:
    name, text = mutation
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for file_name, original in _BUNDLED.items():
            (folder / file_name).write_text(text if file_name == name else original, encoding="utf-8")
        try:
            adventure = load_adventure(folder)
        except ContentError as error:
            assert error.problems
            assert error.problems == check_adventure(folder)
            for line in error.problems:
                assert _PROBLEM.match(line) and "\n" not in line, line
        else:
            assert isinstance(adventure, Adventure)


_WORDS = sorted({"adventure", "player", "rooms", "items", "npcs", "regions", "id", "title", "version", "start",
                 "system", "goal", "rules", "reach", "carrying", "defeat", "exits", "to", "locked_by", "hidden",
                 "find", "force", "check", "difficulty", "name", "tier", "stats", "vaarn", "bind",
                 "kind", "identify", "effect", "damage", "blocks", "route", "region", "encounters", "search",
                 "search_items", "hazard", "topics", "water", "north", "n", "camp", "knife", "bonus_against"})
_SCALARS = st.one_of(st.sampled_from(_WORDS), st.integers(-3, 7), st.booleans(), st.floats(allow_nan=False))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(_WORDS), inner, max_size=4)), max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(_WORDS), _VALUES, max_size=6))
def test_arbitrary_data_is_judged_never_crashes(data: dict[str, object]) -> None:
    from game.world.build import build_adventure
    from game.world.schema import Report

    report = Report()
    build_adventure(report, data, source=None, digest="")
    assert all(isinstance(message, str) for _, message in report.problems)


def test_every_content_field_can_be_written_in_toml() -> None:
    """A field added to game.world.content must be added to the loader's specs too."""
    import dataclasses

    from game.world import build, content

    pairs = [(content.RoomDef, build.ROOM_SPEC), (content.ItemDef, build.ITEM_SPEC), (content.NpcDef, build.NPC_SPEC),
             (content.PlayerDef, build.PLAYER_SPEC), (content.ExitDef, build.EXIT_SPEC),
             (content.RegionDef, build.REGION_SPEC), (content.GoalDef, build.GOAL_SPEC)]
    derived = {"id", "direction", "identify_check", "valued"}  # valued: whether value was written
    for cls, spec in pairs:
        fields = {f.name for f in dataclasses.fields(cls)} - derived
        assert fields == set(spec), cls.__name__


_NESTED = st.recursive(
    st.one_of(st.text(max_size=3), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=2), inner, max_size=3)),
    max_leaves=40,
)


@given(st.lists(_NESTED, max_size=3).map(lambda values: {"x": values}), st.integers(min_value=0, max_value=20))
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
def test_the_quick_limits_pass_agrees_with_the_walk_that_finds_the_paths(data: dict, depth: int) -> None:  # type: ignore[type-arg]
    """limits.check_data answers "all within limits?" with a quick pass; the walk with key paths must agree."""
    from game.world import limits

    for _ in range(depth):
        data = {"deeper": data}
    walked: list[tuple[tuple[str, ...], str]] = []
    limits._walk(data, (), 0, False, walked)
    assert limits._within_limits(data, 0) == (not walked)
    assert limits.check_data(data, clean_strings=False) == walked


def test_a_folder_that_is_no_adventure_is_refused_as_such(tmp_path: Path) -> None:
    """A stray .toml file does not make a folder an adventure: no "missing required table" about it."""
    (tmp_path / "sent.toml").write_text('to = "someone"\n')
    message = f"not an adventure folder: no adventure.toml in {tmp_path} " \
              "(and no other .toml file there has an [adventure] table)"
    with pytest.raises(UsageError) as refused:
        find_adventure(str(tmp_path), bundled_root())
    assert str(refused.value) == message
    assert check_adventure(tmp_path) == [f"{tmp_path}: not an adventure folder: no adventure.toml here, "
                                         "and no other .toml file here has an [adventure] table"]


def test_an_adventure_split_over_files_named_otherwise_is_found(tmp_path: Path) -> None:
    """The [adventure] table may live in any file of the folder (files merge)."""
    head, rest = BASE.split("[player]", 1)
    write(tmp_path, {"main.toml": head, "world.toml": "[player]" + rest})
    folder = tmp_path / "adv"
    assert find_adventure(str(folder), bundled_root()) == folder
    assert check_adventure(folder) == []
