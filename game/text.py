"""Text hygiene: nothing from content or input reaches the terminal as a control sequence.

:data:`CONTROL` matches every character that a terminal may act on rather than
show, except newline and tab: the Unicode categories Cc (C0 and C1 controls,
ESC and so CSI/OSC sequences, DEL, the single-byte CSI ``\x9b``), Cf (format
characters: bidi embeddings, overrides and isolates, zero-width characters,
the BOM, interlinear annotations, tag characters), Cs (lone surrogates, which
cannot even be encoded) and Zl/Zp (line and paragraph separators).  The
ranges are Unicode 14 (Python 3.11); ``tests/robustness`` checks them against
:mod:`unicodedata`.
"""
from __future__ import annotations

import re
import textwrap

CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f]"
)
_CONTROL = CONTROL
#: The same characters and newline and tab too: nothing that breaks a one-line message.
_UNPRINTABLE = re.compile(f"[\t\n{CONTROL.pattern[1:-1]}]")


def clean(text: str) -> str:
    """Remove control, format and bidi characters (see :data:`CONTROL`); keep newlines and tabs."""
    return _CONTROL.sub("", text)


def escape_controls(text: str) -> str:
    """One printable line: every control character (newline and tab too) written as ``\\uXXXX``.

    For messages that quote what an author or a player wrote, where silently
    dropping a character would hide the very thing that is wrong.
    """
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}" if ord(m.group()) < 0x10000
                            else f"\\U{ord(m.group()):08x}", text)


def neutralise(text: str) -> str:
    """Text shown as written, but no character of it acts on the terminal: each control character (not
    newline and tab) written as ``\\uXXXX``.  For whole outputs (``check``, ``map``, ``test``...) where a
    path, a file name or an expected line may hold what an author, a folder or a file put there."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}" if ord(m.group()) < 0x10000
                        else f"\\U{ord(m.group()):08x}", text)


def clean_line(text: str) -> str:
    """One line of player input, stripped of control characters and surrounding space."""
    return _CONTROL.sub("", text.replace("\t", " ").replace("\n", " ")).strip()


def wrap(text: str, width: int) -> str:
    """Wrap each paragraph of ``text`` to ``width`` columns, keeping blank lines; a word longer than a line (a path) is never cut."""
    if width < 20:
        width = 20
    out = []
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            out.append("")
            continue
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        out.append(textwrap.fill(paragraph.strip(), width=width, initial_indent=indent,
                                 subsequent_indent=indent, break_on_hyphens=False, break_long_words=False))
    return "\n".join(out)


def join_names(names: list[str], conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def capital(text: str) -> str:
    """The text with its first letter upper-cased and the rest left alone."""
    return text[:1].upper() + text[1:]


#: Words ending in "s" that are one thing, not many.
_SINGULAR_S = frozenset({
    "lens", "glass", "moss", "compass", "cactus", "harness", "dress", "chess", "canvas", "iris", "bus",
    "gas", "atlas", "chaos", "apparatus", "abacus", "oasis", "basis", "axis", "cross", "boss", "press",
    "truss", "brass", "grass", "mass", "pass", "hourglass", "bellows", "fungus", "mantis", "walrus",
    "octopus", "sinus", "status", "lotus", "papyrus", "virus", "crocus", "nexus", "trellis", "tennis",
})
#: Nouns of stuff rather than things: "some water", never "a water".
MASS_NOUNS = frozenset({
    "water", "sand", "salt", "dust", "ash", "ashes", "oil", "bread", "meat", "rope", "cloth", "wine",
    "blood", "fungus", "moss", "grain", "flour", "silk", "incense", "tea", "rice", "honey", "ink",
    "jerky", "salve", "powder", "food", "sawdust", "money", "gold", "silver", "wool", "mud",
})
#: Words starting with a vowel letter but a consonant sound, and the reverse.
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "ure", "uro", "eu", "one", "once", "ewe")
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")


def is_proper(name: str) -> bool:
    """A proper name (written with a capital: ``Tamsin``, ``Mother Quell``) takes no article."""
    return name[:1].isupper()


def last_word(name: str) -> str:
    """The head noun: the last word, or the last before "of" (a string of pearls)."""
    words = name.lower().replace("-", " ").split()
    if "of" in words[1:]:
        words = words[:words.index("of")]
    return words[-1] if words else ""


def is_plural(name: str) -> bool:
    """A plural name (``locust cakes``, ``ration bars``): by its last word, with the usual exceptions."""
    word = last_word(name)
    if word in _SINGULAR_S or word.endswith(("ss", "us", "is")):
        return False
    return len(word) > 2 and word.endswith("s")


def is_mass(name: str) -> bool:
    return last_word(name) in MASS_NOUNS


def indefinite(word: str) -> str:
    """``a`` or ``an`` by the sound of ``word`` (an hour, a unicorn, an ox)."""
    lower = word.lower()
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[:1] in ("a", "e", "i", "o", "u") else "a"


def article(name: str, given: str | None = None) -> str:
    """The name with its indefinite article: none for a proper name, ``some`` for plural and mass
    nouns, ``a``/``an`` by sound.  ``given`` is an article content chose (``""`` for none)."""
    if given is not None:
        return f"{given} {name}" if given else name
    if is_proper(name):
        return name
    if is_plural(name) or is_mass(name):
        return f"some {name}"
    return f"{indefinite(name)} {name}"


def the(name: str, given: str | None = None) -> str:
    """The name with its definite article: ``the dune raider``, but ``Tamsin`` as it is."""
    if given == "":
        return name
    return name if is_proper(name) else f"the {name}"


#: Content pronoun -> (subject, object, possessive, reflexive) and whether verbs take the plural.
PRONOUN_FORMS: dict[str, tuple[str, str, str, str]] = {
    "he": ("he", "him", "his", "himself"),
    "she": ("she", "her", "her", "herself"),
    "they": ("they", "them", "their", "themselves"),
    "it": ("it", "it", "its", "itself"),
}
PRONOUNS: tuple[str, ...] = tuple(PRONOUN_FORMS)


def subject(pronoun: str) -> str:
    return PRONOUN_FORMS.get(pronoun, PRONOUN_FORMS["it"])[0]


def possessive(pronoun: str) -> str:
    return PRONOUN_FORMS.get(pronoun, PRONOUN_FORMS["it"])[2]


def owning(name: str) -> str:
    """A name made possessive: "BIND's", but "Open Adventures'" (a name ending in s takes the bare apostrophe)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def verb_s(pronoun: str, singular: str, plural: str) -> str:
    """``carries`` for he/she/it, ``carry`` for they."""
    return plural if pronoun == "they" else singular


def definite(name: str) -> str:
    """An item's name with "the": items are things, even when their name is written in capitals."""
    return f"the {name}"


#: How much of the player's own words a message quotes back (a pasted page stays one line).
QUOTE_LIMIT = 40


def quote_back(words: str) -> str:
    """The player's words in quotes, cut short with an ellipsis past :data:`QUOTE_LIMIT`."""
    return f'"{words}"' if len(words) <= QUOTE_LIMIT else f'"{words[:QUOTE_LIMIT - 1]}…"'


def duration(minutes: int) -> str:
    """A stretch of time in words, to the minute: "2 days", "1 hour 59 minutes", "45 minutes"."""
    days, rest = divmod(minutes, 1440)
    hours, mins = divmod(rest, 60)
    parts = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in ((days, "day"), (hours, "hour"), (mins, "minute")) if n]
    return " ".join(parts) or "no time"


#: A typed word shorter than this is never a slip of another (``hint`` is not ``hit``, ``hook`` not ``look``).
_SLIP_MIN_LENGTH = 5


def is_slip(typed: str, known: str) -> bool:
    """Whether ``typed`` is ``known`` with one slip of the keys: two neighbours swapped, or one letter
    wrong, missing or extra; and long enough for that to be the likely reading."""
    if len(typed) < _SLIP_MIN_LENGTH or typed == known:
        return False
    if len(typed) == len(known):
        wrong = [i for i, (a, b) in enumerate(zip(typed, known, strict=True)) if a != b]
        return len(wrong) == 1 or (len(wrong) == 2 and wrong[1] == wrong[0] + 1
                                   and typed[wrong[0]] == known[wrong[1]] and typed[wrong[1]] == known[wrong[0]])
    shorter, longer = sorted((typed, known), key=len)
    if len(longer) - len(shorter) != 1:
        return False
    return any(longer[:i] + longer[i + 1:] == shorter for i in range(len(longer)))


def closest(typed: str, close: list[str]) -> list[str]:
    """The words to offer for an unknown word: the one slip of the keys among ``close`` if there is
    exactly one (so ``yes`` can take it), else all of ``close``.

    The game's one typo policy, for verbs, nouns and directions alike: a word
    not known is named and the likely ones offered ("Did you mean ...?"); none
    is taken on a guess, since a guess acted on can cost a turn, a ration or a
    life; ``yes`` takes a single offer, ``oops WORD`` any word.
    """
    slips = [word for word in close if is_slip(typed, word)]
    return slips if len(slips) == 1 else close
