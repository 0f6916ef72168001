"""``help`` that fits one screen, by purpose; ``help VERB``; ``rules [TOPIC]``.

The short help lists verbs by what they are for (:data:`game.verbs.GROUPS`),
with the system's own verbs under its name, in at most a screen of lines.
``help VERB`` explains one verb (core or the system's) with an example.
``rules`` summarises the system in play (its play object's own summary, then
the sections of its rules ``rules TOPIC`` can show, from :mod:`game.explain`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game import explain
from game.text import owning
from game.verbs import CORE_VERBS, GROUPS, VerbDef


@dataclass(frozen=True)
class SystemVerb:
    """A verb of the system in play: its name, the words meaning it, its help line."""

    verb: str
    words: tuple[str, ...]
    summary: str


def short_help(system_name: str, system_verbs: list[SystemVerb]) -> list[str]:
    """The commands by purpose, one line a purpose (wrapped by the front end)."""
    lines = ["Commands by purpose (help VERB explains one, e.g. help attack):"]
    for key, title in GROUPS:
        if key == "table" and system_verbs:
            names = ", ".join(v.verb for v in system_verbs)
            lines.append(f"  {system_name}: {names}")
        shown = [_usage(v) for v in CORE_VERBS if (v.group or "things") == key and v.usage != "-"]
        lines.append(f"  {title}: {', '.join(shown)}")
    lines.append(f"Every risky action is rolled by the rules of {system_name}: rules summarises them.")
    return lines


def _usage(verb: VerbDef) -> str:
    return verb.usage or verb.verb


def find_verb(word: str) -> VerbDef | None:
    """The core verb ``word`` means (its name or any of its words)."""
    word = word.lower()
    for verb in CORE_VERBS:
        if word == verb.verb or word in verb.words:
            return verb
    return None


def verb_help(words: tuple[str, ...], system_name: str, system_verbs: list[SystemVerb]) -> list[str]:
    """One verb explained: its line, what more there is to know, other words for it, an example."""
    phrase = " ".join(words).lower()
    for candidate in (phrase, words[0].lower()):
        for verb in system_verbs:
            if candidate == verb.verb or candidate in verb.words:
                others = [w for w in verb.words if w != verb.verb]
                lines = [verb.summary or verb.verb, f"  ({owning(system_name)} own command.)"]
                if others:
                    lines.append(f"  Also: {', '.join(others)}.")
                return lines
        found = find_verb(candidate)
        if found is not None:
            return _core_help(found, system_name)
    return [f"There is no command \"{phrase}\". Type help for the list."]


def _core_help(verb: VerbDef, system_name: str) -> list[str]:
    text = verb.help or verb.verb
    if verb.verb == "rest":
        text = f"{text} (how long it takes and what it costs is {owning(system_name)}: rules rest says)"
    lines = [text]
    if verb.more:
        lines.append(f"  {verb.more}")
    others = [w for w in verb.words if w != verb.verb]
    if others:
        lines.append(f"  Also: {', '.join(others)}.")
    if verb.example:
        lines.append(f"  Example: {verb.example}")
    if verb.meta:
        lines.append("  It takes no game time.")
    return lines


#: Water and food: the same under every system (the engine's, not a rule text's).
SURVIVAL = ("Water and food, under every system: a ration of water and one of food a day (a Vaarn "
            "synthetic drinks once a week), taken at the day's end if you have not drunk or eaten "
            "(drinking at a water source is free, a day ended beside one is drunk from it, and fill "
            "refills your containers; water is carried in them, and parting with the last one loses what "
            "it held, asked first). A day without "
            "either leaves you deprived, and a long rest does you no good; the third day in a row "
            "without water kills.")
SURVIVAL_WORDS = frozenset({"water", "food", "thirst", "hunger", "drink", "eat", "survival", "deprived", "rations"})


def rules_overview(system_id: str, system_name: str, summary: list[str]) -> list[str]:
    """``rules``: the system's summary, then the topics ``rules TOPIC`` explains."""
    lines = [f"The rules in play: {system_name}.", *summary]
    topics = list(explain.sections(system_id))
    if topics:
        lines.append(f"Topics (rules TOPIC): {', '.join(t.lower() for t in topics)}.")
    return lines


def rules_topic(system_id: str, system_name: str, word: str, summary: list[str]) -> list[str]:
    """``rules TOPIC``: the sections about it, and the summary's lines that mention it."""
    found = explain.topic(system_id, word)
    lines = [f"{system_name}, {title}: {text}" for title, text in found]
    if word.lower() in SURVIVAL_WORDS:
        lines.append(SURVIVAL)
    mentions = [sentence for sentence in _sentences(summary[1:]) if word.lower() in sentence.lower()]
    if mentions:
        lines += ["In this game:", *(f"  {line}" for line in mentions)]
    if not lines:
        topics = ", ".join(t.lower() for t in explain.sections(system_id))
        return [f"Nothing in the rules of {system_name} about \"{word}\". Topics: {topics or 'none'}."]
    return lines


def _sentences(lines: list[str]) -> list[str]:
    """The sentences of a summary whose lines are wrapped by hand (a sentence may run on to the next
    line), so a topic's mention is a whole sentence, never half of one."""
    return [s for s in re.split(r"(?<=[.!?])\s+", " ".join(line.strip() for line in lines)) if s]
