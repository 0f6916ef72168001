"""How the front end dresses the game's lines: colour classes, sentences for screen readers,
and a status bar that fits the terminal.

Pure functions of text (and, for the status bar, of the engine's state): the
REPL decides where they go.  Colour is a prompt_toolkit style over classes
(``roll``, ``success``, ``failure``, ``damage``, ``name``, ``banner``); the plain
mode (``--plain``) prints no colour and no bar, and words each roll as a
sentence a screen reader says well ("Roll for you attack the raider: d20
rolled 8, plus 2, makes 10, against 11: failure").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.text import wrap
from game.world.conditions import place_name

if TYPE_CHECKING:
    from game.engine import Engine

#: The colours of the classes (prompt_toolkit style syntax).
STYLE_RULES: dict[str, str] = {
    "roll": "ansicyan",
    "success": "ansigreen bold",
    "failure": "ansired bold",
    "damage": "ansiyellow",
    "name": "bold",
    "banner": "ansimagenta bold",
    "bottom-toolbar": "reverse",
}

#: SGR codes of the style words in STYLE_RULES, to colour text before prompt_toolkit is loaded.
_SGR: dict[str, str] = {"bold": "1", "reverse": "7", "ansiblack": "30", "ansired": "31", "ansigreen": "32",
                        "ansiyellow": "33", "ansiblue": "34", "ansimagenta": "35", "ansicyan": "36"}

_ROLL = re.compile(r"^\[([^\]]*)\] ?(.*)$")
_SUCCESS = re.compile(r"\b(critical success|success|succeeds?|hits?|yes)\b", re.IGNORECASE)
_FAILURE = re.compile(r"\b(critical failure|failure|fails?|misses|botch(?:ed)?|no)\b", re.IGNORECASE)
_DAMAGE = re.compile(r"(\bHP\b.*->|\bdamage\b|\bwound\w*|\blose \d+ dice?\b|\bdies\b|\bdead\b)", re.IGNORECASE)

Fragment = tuple[str, str]


def styled(line: str, names: list[str]) -> list[Fragment]:
    """``line`` cut into (style class, text) fragments: a roll's label, outcome words, damage, names."""
    if line.startswith("***") and line.endswith("***"):
        return [("class:banner", line)]
    match = _ROLL.match(line)
    if match:
        label, rest = match.groups()
        return [("class:roll", f"[{label}]"), ("", " "), *_words(rest, names, roll=True)]
    return _words(line, names, roll=False)


def styled_block(lines: list[str], width: int, names: list[str]) -> list[Fragment]:
    """Lines wrapped to ``width`` and styled, a roll's continuation lines styled as the roll's."""
    out: list[Fragment] = []
    for line in lines:
        pieces = wrap(line, width).split("\n") if line.strip() else [""]
        roll = bool(_ROLL.match(line))
        for index, piece in enumerate(pieces):
            out += styled(piece, names) if index == 0 or not roll else _words(piece, names, roll=True)
            out.append(("", "\n"))
    return out


def ansi_text(fragments: list[Fragment], rules: dict[str, str] = STYLE_RULES) -> str:
    """Fragments as text with ANSI colour codes, as prompt_toolkit would colour them by ``rules``."""
    out = []
    for kind, text in fragments:
        words = rules.get(kind.removeprefix("class:"), "").split()
        codes = ";".join(_SGR[word] for word in words if word in _SGR)
        out.append(f"\x1b[{codes}m{text}\x1b[0m" if codes and text else text)
    return "".join(out)


def _words(text: str, names: list[str], *, roll: bool) -> list[Fragment]:
    """Outcome words coloured in a roll's text; damage lines and the names of people elsewhere."""
    if not roll and _DAMAGE.search(text):
        return [("class:damage", text)]
    patterns = [p.pattern for p in ((_SUCCESS, _FAILURE) if roll else ())]
    patterns += [re.escape(name) for name in sorted(names, key=len, reverse=True) if name]
    if not patterns:
        return [("", text)]
    out: list[Fragment] = []
    position = 0
    for match in re.finditer("|".join(f"(?:{p})" for p in patterns), text, re.IGNORECASE):
        if match.start() > position:
            out.append(("", text[position:match.start()]))
        word = match.group()
        if roll and _SUCCESS.fullmatch(word):
            kind = "class:success"
        elif roll and _FAILURE.fullmatch(word):
            kind = "class:failure"
        else:
            kind = "class:name"
        out.append((kind, word))
        position = match.end()
    if position < len(text):
        out.append(("", text[position:]))
    return out


# -- sentences for screen readers ----------------------------------------------------------
# Patterns as text: ``re`` compiles each the first time a line is spoken (and keeps it), so a
# start that speaks no roll compiles none.
_FACES = r"\b(\d*d\d+|[A-Z][A-Za-z]*(?: \+ [a-z]+)? \d+D(?:\+\d+)?|\d+D(?:\+\d+)?) \(([^()]*)\)"
_REPLACEMENTS: tuple[tuple[str, str], ...] = (
    (r" -> ", " to "),
    (r" = ", ", makes "),
    (r" vs ", ", against "),
    (r" \+ (?=\d)", ", plus "),
    (r" - (?=\d)", ", minus "),
    (r"(?<=[\s(])-(?=\d)", "minus "),
    (r" \+ wild ", ", and the Wild Die "),
    (r" > ", " over "),
    (r" < ", " under "),
    (r" >= ", " at least "),
    (r"\bTN\b", "target number"),
)


def sentence(line: str) -> str:
    """A line as a screen reader should say it: a roll as a sentence, symbols as words."""
    match = _ROLL.match(line)
    if match:
        label, rest = match.groups()
        line = f"Roll for {label}: {rest}"
    line = re.sub(_FACES, lambda m: f"{m.group(1)} rolled {_faces(m.group(2))}", line)
    for pattern, words in _REPLACEMENTS:
        line = re.sub(pattern, words, line)
    if match and not line.endswith((".", "!", "?")):
        line += "."
    return line


def _faces(text: str) -> str:
    """``6, 5 + wild 2`` -> ``6 and 5, and the Wild Die 2``."""
    main, _, wild = text.partition(" + wild ")
    faces = [f.strip() for f in main.split(",") if f.strip()]
    spoken = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1] if faces else ""
    if wild:
        spoken = f"{spoken}, and the Wild Die {wild}" if spoken else f"the Wild Die {wild}"
    return spoken


# -- the status bar ---------------------------------------------------------------------------
#: Short names of the systems for a narrow bar.
SHORT_SYSTEM = {"open_adventures": "OA", "vaarn": "Vaarn", "opend6": "D6", "bind": "BIND", "maelstrom": "Mael"}


@dataclass(frozen=True)
class Part:
    """One figure of the status bar: its full and short forms, and how much it matters (0 most)."""

    full: str
    short: str
    rank: int


def status_parts(engine: Engine) -> list[Part]:
    """The bar's figures in display order: in a fight the foes' health comes right after yours."""
    state, world = engine.state, engine.world
    foes = _foes(engine)
    health = _health(engine)
    parts = [
        Part(place_name(world), _cut(place_name(world), 14), 5),
        Part(health, health, 0),
    ]
    if foes:
        parts.append(Part("; ".join(foes), "vs " + "; ".join(foes), 1))  # short: yours and theirs kept apart
    parts += [
        Part(f"water {state.water}", f"W{state.water}", 2),
        Part(f"food {state.food}", f"F{state.food}", 3),
        Part(f"day {state.day} {state.clock}", f"d{state.day}", 4 if not foes else 6),
        Part(engine.system.id, SHORT_SYSTEM.get(engine.system.id, engine.system.id[:5]), 7),
    ]
    return parts


def _health(engine: Engine) -> str:
    """The player's health figure; ``dead`` once the run has ended in death, whatever the sheet says
    (a Maelstrom sheet finished off at Incapacitated, a death of thirst)."""
    return "dead" if engine.state.status == "dead" else engine.play.sheet_view(engine.world).health


def _foes(engine: Engine) -> list[str]:
    """``dune raider HP 3/5`` for each hostile foe standing in the room."""
    world = engine.world
    found = []
    for npc_id in world.living_npcs_in():
        if not world.hostile(npc_id) or world.npc_condition(npc_id) != "ok":
            continue
        changed = engine.state.npcs.get(npc_id)
        sheet = changed.sheet if changed is not None else world.npc_sheet(world.npc(npc_id))
        found.append(f"{world.npc_name(npc_id)} {engine.system.health(sheet)}")
    return found


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + "."


#: Figures of this rank or less are never dropped to keep the bar in full words: only the system's
#: name, and in a fight the time, go before the bar turns to short forms.
KEPT_IN_FULL = 5


def status_text(parts: list[Part], width: int) -> str:
    """The fullest bar that fits ``width``: full forms, then full forms without the system's name
    (and in a fight the time), then short forms, then the least figures dropped."""
    kept = list(parts)
    while True:
        full = " | ".join(p.full for p in kept)
        if len(full) <= width:
            return full
        least = max(kept, key=lambda p: p.rank)
        if least.rank <= KEPT_IN_FULL:
            break
        kept.remove(least)
    short = " ".join(p.short for p in parts)
    kept = list(parts)
    while len(short) > width and len(kept) > 1:
        kept.remove(max(kept, key=lambda p: p.rank))
        short = " ".join(p.short for p in kept)
    return short[:width]
