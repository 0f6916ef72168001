"""Generators of hostile player input, seeded and deterministic."""
from __future__ import annotations

import random

WORDS = ("take", "get", "drop", "n", "s", "e", "w", "ne", "u", "d", "go", "north", "attack", "shoot", "raider",
         "hermit", "key", "brass", "glass", "stone", "gem", "rod", "knife", "all", "it", "them", "i", "look", "l",
         "x", "examine", "save", "load", "undo", "again", "g", "wait", "3", "hours", "2", "days", "odds", "dice",
         "stats", "map", "help", "talk", "ask", "about", "vault", "water", "use", "drink", "eat", "rest", "long",
         "short", "flee", "search", "open", "unlock", "identify", "trade", "barter", "buy", "sell", "yes", "no",
         "with", "from", "to", "the", "and", "then", "on", "off", "points", "fate", "fill", "waterskin", "sheet",
         "0", "-1", "99999999999999999999", "slot", "../x", "quicksave")
#: Characters a hostile line may hold: C0 and C1 controls, escape sequences, bidi and zero-width, combining
#: marks, surrogates, lookalikes, wide and right-to-left scripts, emoji.
SPICE = ("\x00", "\x07", "\x08", "\t", "\r", "\x0b", "\x0c", "\x1b", "\x1b[2J", "\x1b]0;owned\x07", "\x1b[31m",
         "\x9b", "\x9b6n", "\x7f", "\x85", "\u202e", "\u202d", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff",
         "\u2028", "\u2029", "\ud800", "\udfff", "\u0301", "\u0336", "\uff54\uff41\uff4b\uff45", "\u0455tone",
         "\u212a", "\u0130", "\u00df", "\ufb01", "日本語", "עברית", "العربية", "\U0001f600",
         "\U0001f3f3\ufe0f\u200d\U0001f308",
         "\U000e0041", "\ufffd", "\\", "'", '"', "%s", "{0}", "${x}", "$(ls)", ";", "|", "&&", "*", "?", "[", "]",
         "{", "}", "=", ".", ",", "!", ":", "#")


def hostile_line(rng: random.Random) -> str:
    """One line of hostile input: vocabulary, spice, noise or sheer length, mixed."""
    kind = rng.random()
    if kind < 0.45:
        parts = [rng.choice(WORDS) for _ in range(rng.randint(0, 5))]
        for _ in range(rng.randint(0, 2)):
            parts.insert(rng.randint(0, len(parts)), rng.choice(SPICE))
        return rng.choice((" ", "  ", "\t", " \u3000 ")).join(parts)
    if kind < 0.75:
        return "".join(rng.choice(SPICE + WORDS) for _ in range(rng.randint(1, 12)))
    if kind < 0.95:
        return "".join(chr(rng.choice((rng.randint(0, 0x7f), rng.randint(0x80, 0x2fff), rng.randint(0, 0x10ffff))))
                       for _ in range(rng.randint(0, 40)))
    return rng.choice(WORDS) + " " + rng.choice(("x", "take ", "\x1b", "é", " ")) * rng.randint(1000, 200_000)


def hostile_lines(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return [line for line in (hostile_line(rng) for _ in range(count))
            if line.strip().lower() not in ("quit", "q")]
