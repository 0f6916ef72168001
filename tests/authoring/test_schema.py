"""``wayfarer schema``: a draft 2020-12 JSON Schema from the loader's own specs, that the bundled adventures pass."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from game.authoring.schema import content_schema
from game.cli import main
from game.world import build
from game.world.loader import load_adventure, read_merged
from game.world.schema import STR

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(p for p in (ROOT / "content").iterdir() if p.is_dir())


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = content_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("folder", BUNDLED, ids=lambda p: p.name)
def test_bundled_adventures_validate(folder: Path) -> None:
    data, problems = read_merged(folder)
    assert problems == []
    jsonschema.validate(data, content_schema())
    jsonschema.validate(data, content_schema(load_adventure(folder)))  # with its own ids


@pytest.mark.parametrize("change", [
    lambda d: d["items"]["knife"].update(kind="wepon"),
    lambda d: d["items"]["knife"].update(sharpness=3),
    lambda d: d["npcs"]["raider"].update(tier="2"),
    lambda d: d["npcs"]["raider"].update(tier=9),
    lambda d: d["rooms"]["camp"]["exits"].update(nroth="well"),
    lambda d: d["rooms"]["camp"].update(search="trivial"),
    lambda d: d["items"]["knife"].update(damage="d7"),
    lambda d: d["adventure"].pop("title"),
    lambda d: d["rooms"].update({"Bad Id": {"name": "x"}}),
])
def test_a_mistyped_adventure_fails(change) -> None:  # type: ignore[no-untyped-def]
    data, _ = read_merged(ROOT / "tests" / "data" / "tiny")
    change(data)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, content_schema())


def test_references_are_limited_to_the_adventures_ids() -> None:
    folder = ROOT / "tests" / "data" / "tiny"
    data, _ = read_merged(folder)
    data["rooms"]["camp"]["exits"]["north"] = "wel"
    jsonschema.validate(data, content_schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, content_schema(load_adventure(folder)))


def test_a_key_added_to_the_loader_appears_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "ROOM_SPEC", {**build.ROOM_SPEC, "smell": STR})
    room = content_schema()["$defs"]["room"]["properties"]
    assert room["smell"] == {"type": "string"}


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert "rooms" in schema["properties"] and "$defs" in schema
    assert main(["schema", "glass-oasis"]) == 0
    assert "The Glass Oasis" in json.loads(capsys.readouterr().out)["title"]
