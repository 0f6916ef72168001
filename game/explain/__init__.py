"""Rules in a player's words: what a roll's citation means, and each system's rules by topic.

A roll carries a citation for the programmers (``seed 000 §2 Skill Checks``,
``public rules bind (combat)``, ``House rule (...)``).  This package turns it
into what a player reads: the system's name, the section of its rules, what
that section says in plain words, and whether the rule is a house rule
(Wayfarer's choice where the rules text is silent).  Ids and file names are
never shown.  Each system's words live in ``game.systems.<id>.explain``.

It imports nothing of the game: the callers hand in the citation and the ids.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from types import ModuleType

from game.systems.bind import explain as bind
from game.systems.maelstrom import explain as maelstrom
from game.systems.open_adventures import explain as open_adventures
from game.systems.opend6 import explain as opend6
from game.systems.vaarn import explain as vaarn

#: The systems with explanations (a module each); others get the generic wording.
EXPLAINED: dict[str, ModuleType] = {
    "open_adventures": open_adventures, "vaarn": vaarn, "opend6": opend6, "bind": bind, "maelstrom": maelstrom,
}

_SEED = re.compile(r"seed \d{3} §(?:\d+ )?([A-Za-z][A-Za-z /-]*[A-Za-z])")
_NOTES = re.compile(r"public rules [a-z_0-9]+ \(([^)]*)\)")


@dataclass(frozen=True)
class Rule:
    """One rule a roll applied, as a player reads it."""

    #: The section's title in the system's rules ("Skill Checks"), or what Wayfarer's notes call it.
    section: str
    #: What the section says, in a sentence or two.
    text: str
    #: True when the rules text is silent and Wayfarer chose (a house rule).
    house: bool


def _module(system_id: str) -> ModuleType | None:
    return EXPLAINED.get(system_id)


def system_name(system_id: str, default: str = "") -> str:
    """The system's name as its rules call it."""
    module = _module(system_id)
    return str(module.NAME) if module is not None else (default or system_id)


def sections(system_id: str) -> dict[str, str]:
    """Section title -> explanation, for every section the game applies (empty when unknown)."""
    module = _module(system_id)
    return dict(module.SECTIONS) if module is not None else {}


def rules_of(system_id: str, citation: str) -> list[Rule]:
    """The rules a citation names, in order, each with its explanation; never an id."""
    known = {title.lower(): (title, text) for title, text in sections(system_id).items()}
    house = "house rule" in citation.lower()
    found: list[Rule] = []
    for match in _SEED.finditer(citation):
        title, text = _lookup(known, match.group(1))
        found.append(Rule(title, text, house and "house rule" in _tail(citation, match.end()).lower()))
    for match in _NOTES.finditer(citation):
        note = match.group(1)
        title, text = _lookup(known, note)
        found.append(Rule(title if text else "how Wayfarer plays it",
                          text or f"Wayfarer's reading of the rules: {note}.", True))
    if not found:
        if citation == "oracle":
            return [Rule("Oracle", ORACLE_TEXT, False)]
        found.append(Rule("the rules", "", house))
    if house and not any(rule.house for rule in found):
        found[0] = Rule(found[0].section, found[0].text, True)
    return found


def _tail(citation: str, end: int) -> str:
    """The words after a section's title up to the next citation (where a house rule is named)."""
    rest = citation[end:]
    cut = min((i for i in (rest.find(";"), rest.find("seed ")) if i >= 0), default=len(rest))
    return rest[:cut]


def _lookup(known: dict[str, tuple[str, str]], title: str) -> tuple[str, str]:
    """The known section whose title starts like ``title`` (citations sometimes cut it short)."""
    key = title.strip().lower()
    if key in known:
        return known[key]
    for name, entry in known.items():
        if name.startswith(key) or key.startswith(name):
            return entry
    return title.strip(), ""


def citation_words(system_id: str, citation: str, system_label: str = "") -> str:
    """A short citation for the dice log: ``Open Adventures, Skill Checks`` (house rules marked)."""
    name = system_name(system_id, system_label)
    parts = [f"{rule.section}{' (house rule)' if rule.house else ''}" for rule in rules_of(system_id, citation)]
    if citation == "oracle":
        return "the oracle"
    return f"{name}, {'; '.join(dict.fromkeys(parts))}"


def explain(system_id: str, citation: str, system_label: str = "") -> list[str]:
    """Each rule of a citation as a paragraph: ``Open Adventures, Skill Checks: ...``."""
    name = system_name(system_id, system_label)
    lines = []
    for rule in rules_of(system_id, citation):
        where = "The oracle" if citation == "oracle" else f"{name}, {rule.section}"
        mark = " [house rule: the rules text is silent here, so Wayfarer chose]" if rule.house else ""
        lines.append(f"{where}{mark}: {rule.text}" if rule.text else f"{where}{mark}.")
    return lines


def topic(system_id: str, word: str) -> list[tuple[str, str]]:
    """The sections about ``word``: titles that match first, else sections that mention it."""
    word = word.strip().lower()
    table = sections(system_id)
    by_title = [(t, x) for t, x in table.items() if word in t.lower()]
    if by_title:
        return by_title
    return [(t, x) for t, x in table.items() if re.search(rf"\b{re.escape(word)}", x.lower())]


ORACLE_TEXT = ("a d100 against the chance the question's likelihood gives (certain 90, likely 70, even 50, "
               "unlikely 30, impossible 10): at or under is yes, over is no. A roll within a fifth of the "
               "chance from the bottom is an emphatic yes (yes, and...), within a fifth of the rest from the "
               "top an emphatic no (no, and...); within 5 of the line either way the answer comes with a "
               "but. This is Wayfarer's own table, in the manner of solo role-playing oracles.")
