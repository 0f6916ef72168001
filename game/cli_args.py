"""Parsing and printing shared by the subcommands: ``KEY=VALUE`` words, ``--dice`` faces, JSON."""
from __future__ import annotations

import json
import re
from collections.abc import Sequence

from game.errors import DiceExhausted, UsageError


def parse_keys(pairs: Sequence[str]) -> dict[str, str]:
    """``KEY=VALUE`` words into a dict; UsageError for a malformed or repeated one."""
    keys: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise UsageError(f"expected KEY=VALUE, got \"{pair}\"")
        if key in keys:
            raise UsageError(f"key \"{key}\" given twice")
        keys[key] = value
    return keys


def parse_dice(text: str) -> list[int]:
    """``4,6,1`` into faces; UsageError for anything but ASCII whole numbers (no superscripts)."""
    faces = []
    for part in text.split(","):
        part = part.strip()
        if not re.fullmatch(r"-?[0-9]{1,6}", part):
            raise UsageError(f"--dice takes whole numbers separated by commas, got \"{part}\"")
        faces.append(int(part))
    return faces


def print_json(data: object) -> None:
    """One JSON object on standard output."""
    print(json.dumps(data, sort_keys=False))


def exhausted_message(system: str, error: DiceExhausted, given: int) -> str:
    """Why scripted ``--dice`` were too few, naming how many the roll needs at least."""
    return f"this {system} roll needs at least {error.used + 1} dice faces; --dice gave {given}"
