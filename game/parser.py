"""Text to :class:`Command`: verbs, directions, noun phrases, numbers.

The parser knows the verb vocabulary and nothing about the world: resolving a
noun phrase to a thing in scope is the engine's job.  It never raises for any
input except :class:`ParseError`, whose message names the word it did not
understand.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from game.deferred import deferred
from game.errors import WayfarerError
from game.text import clean_line, closest, join_names, quote_back
from game.verbs import VERB_WORDS
from game.world.content import DIRECTIONS

if TYPE_CHECKING:
    import difflib
else:
    difflib = deferred("difflib")

#: Canonical verbs and the words (or two-word phrases) that mean them (see :mod:`game.verbs`).
VERBS: dict[str, tuple[str, ...]] = VERB_WORDS

_PHRASES: dict[tuple[str, ...], str] = {}
for _verb, _words in VERBS.items():
    for _phrase in _words:
        _PHRASES[tuple(_phrase.split())] = _verb

#: Every accepted spelling of a direction -> its full name.
DIRECTION_WORDS: dict[str, str] = {}
for _full, _abbrev in DIRECTIONS.items():
    DIRECTION_WORDS[_full] = _full
    DIRECTION_WORDS[_abbrev] = _full
DIRECTION_WORDS.update({"north-east": "northeast", "north-west": "northwest", "south-east": "southeast",
                        "south-west": "southwest", "upstairs": "up", "downstairs": "down", "inside": "in",
                        "outside": "out"})

PREPOSITIONS = ("with", "using", "on", "onto", "about", "to", "at", "from", "for", "into", "in", "inside", "upon")
#: Verbs that take several objects (``take knife and key``, ``drop all but the heart``).
MULTI_VERBS = frozenset({"take", "drop", "put", "wear", "remove", "examine", "give", "show"})
#: Words that end one object and start the next, and that start the exceptions of ``all``.
AND_WORDS = ("and", "&", "plus")
BUT_WORDS = ("but", "except", "excepting")
ARTICLES = ("the", "a", "an", "some")
TIME_UNITS = {"turn": 1, "turns": 1, "minute": 1, "minutes": 1, "min": 1, "mins": 1,
              "hour": 60, "hours": 60, "h": 60, "day": 1440, "days": 1440, "d": 1440}


class ParseError(WayfarerError):
    """The input could not be understood; the message names the word.

    ``word`` is the word not known, when that is the reason (``oops`` corrects it).
    A word close to it is asked about ("Did you mean ...?"), never taken on a
    guess: one policy for every word, verb, noun or direction (see :func:`closest`).
    """

    def __init__(self, message: str, word: str | None = None, guesses: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.word = word
        #: The known words close to ``word``, offered as "Did you mean ...?" (``yes`` takes the one).
        self.guesses = guesses


@dataclass(frozen=True)
class Command:
    """A parsed command: a canonical verb and its words.

    ``words`` is the direct object noun phrase, ``second`` the phrase after
    ``preposition``; ``direction`` is set for movement and for directions used
    as objects (``unlock north``); ``number`` and ``unit`` for ``wait 3 hours``.
    """

    verb: str
    words: tuple[str, ...] = ()
    preposition: str = ""
    second: tuple[str, ...] = ()
    direction: str | None = None
    number: int | None = None
    raw: str = ""
    #: Every object named, when there are several (``words`` is the first).
    objects: tuple[tuple[str, ...], ...] = ()
    #: What ``all but ...`` leaves out.
    excluded: tuple[tuple[str, ...], ...] = ()
    #: The command as the player typed it, case and punctuation kept ("" when made, not typed).
    typed: str = field(default="", compare=False)

    @property
    def arguments(self) -> str:
        """What follows the verb's first word, as typed: a file name, a slot, a question keep their case
        (``transcript on ~/Games/Oasis.txt``); from ``raw`` when the command was not typed."""
        parts = (self.typed or self.raw).split(maxsplit=1)
        return parts[1] if len(parts) > 1 else ""

    @property
    def noun(self) -> str:
        return " ".join(self.words)

    def with_words(self, words: tuple[str, ...]) -> Command:
        """The same command with another direct object (for disambiguation answers)."""
        return Command(self.verb, words, self.preposition, self.second, self.direction, self.number,
                       text_of(self.verb, words, self.preposition, self.second), excluded=self.excluded)

    @property
    def is_all(self) -> bool:
        return self.words in (("all",), ("everything",), ("both",))

    def singles(self) -> list[Command]:
        """One command per object named (just this one when it names one)."""
        if len(self.objects) < 2:
            return [self]
        return [self.with_words(words) for words in self.objects]


def text_of(verb: str, words: tuple[str, ...], preposition: str = "", second: tuple[str, ...] = ()) -> str:
    parts = [verb, *words]
    if preposition:
        parts += [preposition, *second]
    return " ".join(parts)


#: The most digits a number in a command may have (no count, amount or minute needs more).
MAX_NUMBER_DIGITS = 6
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_NUMBER_DIGITS + 1},}}")


def ascii_digits(text: str) -> str:
    """``text`` with every Unicode digit (``³``, ``②``, ``٣``) written as its ASCII digit.

    ``str.isdigit`` accepts characters ``int`` refuses; after this, every
    digit a word holds is one of ``0``-``9``, which both accept alike.
    """
    if text.isascii():
        return text
    return "".join(str(unicodedata.digit(ch)) if ch.isdigit() else ch for ch in text)


def tokenize(text: str) -> list[str]:
    """Lower-case words with surrounding punctuation removed; digits made ASCII."""
    words = []
    for raw in ascii_digits(clean_line(text)).lower().split():
        word = raw.strip(".,;:!\"'()[]")
        if word == "?" or (raw.strip() == "?"):
            words.append("?")
        elif word:
            words.append(word)
    return words


@dataclass(frozen=True)
class Slip:
    """The last command, ``text``, had a ``word`` not known: ``oops`` puts another in its place,
    and when the game asked "Did you mean ...?" about one of ``guesses``, ``yes`` takes it."""

    text: str
    word: str
    guesses: tuple[str, ...] = ()

    def corrected(self, words: tuple[str, ...]) -> str:
        """The command with ``words`` in place of the word not known."""
        tokens = tokenize(self.text)
        at = tokens.index(self.word)
        return " ".join([*tokens[:at], *words, *tokens[at + 1:]])


_SEPARATORS = re.compile(r"(?:[.;!]+(?=\s|$)|\bthen\b)", re.IGNORECASE)


def split_commands(text: str, extra: Mapping[tuple[str, ...], str] | None = None) -> list[str]:
    """One line of input as its several commands, in order.

    Commands are parted by ``.``, ``;``, ``!`` and ``then``, and by a comma before
    a verb or a direction (``take key, x it``); any other comma parts objects
    (``drop knife, key`` is ``drop knife and key``).  ``?`` alone stays ``help``.
    """
    commands: list[str] = []
    for segment in _SEPARATORS.split(clean_line(text)):
        pieces = segment.split(",")
        current = pieces[0].strip()
        for piece in pieces[1:]:
            words = tokenize(piece)
            if words and (_starts_command(words, extra) or not current):
                if current:
                    commands.append(current)
                current = piece.strip()
            elif words:
                current = f"{current} and {piece.strip()}"
        if current.strip():
            commands.append(current.strip())
    return commands


GREETING_WORDS = frozenset({"hello", "hi", "hey", "greetings", "hail", "good", "goodbye", "bye", "farewell",
                            "salaam", "howdy"})
_REQUESTS = (("give", "me"), ("hand", "me"), ("pass", "me"), ("bring", "me"), ("get", "me"), ("lend", "me"))
_QUESTIONS = (("tell", "me", "about"), ("what", "about"), ("what", "of"), ("about",))


def addressed(text: str, is_name: Callable[[str], bool],
              extra: Mapping[tuple[str, ...], str] | None = None) -> str | None:
    """``NPC, COMMAND`` (Inform's persuasion) as the command the player means, or None when the line
    is not addressed to someone (its words before the first comma must all be names, and no verb).

    A greeting talks (``pilgrim, hello``); ``give me X`` asks for X; ``tell me about X`` asks
    about it; ``show me your wares`` browses them; any other order is ``order NPC to ...``,
    which NPCs decline as Inform's do.  What follows the first command on the line is kept.
    """
    head, comma, tail = clean_line(text).partition(",")
    who = [w for w in tokenize(head) if w not in ARTICLES]
    if not comma or not who or not all(is_name(w) for w in who) or split_verb(who, extra)[0] is not None \
            or who[0] in DIRECTION_WORDS:
        return None
    first, *rest = _SEPARATORS.split(tail, maxsplit=1)
    words = tokenize(first)
    name = " ".join(who)
    if not words or words[0] in GREETING_WORDS:
        meant = f"talk to {name}"
    elif tuple(words[:2]) in _REQUESTS or (words[0] == "give" and words[-2:] == ["to", "me"]):
        wanted = words[2:] if tuple(words[:2]) in _REQUESTS else words[1:-2]
        meant = f"ask {name} for {' '.join(wanted)}"
    elif any(tuple(words[:len(q)]) == q for q in _QUESTIONS):
        asked = next(words[len(q):] for q in _QUESTIONS if tuple(words[:len(q)]) == q)
        meant = f"ask {name} about {' '.join(asked)}"
    elif words[:2] == ["show", "me"] or words[0] in ("trade", "sell", "wares"):
        meant = f"wares {name}"
    else:
        meant = f"order {name} to {' '.join(words)}"
    return ". ".join([meant, *(part.strip() for part in rest if part.strip())])


def _starts_command(words: list[str], extra: Mapping[tuple[str, ...], str] | None) -> bool:
    if words[0] in DIRECTION_WORDS and len(words) == 1:
        return True
    verb, _ = split_verb(words, extra)
    return verb is not None


def suggest_verb(word: str, extra: Mapping[tuple[str, ...], str] | None = None) -> list[str]:
    """Known verb words (and directions) close to an unknown first word, closest first."""
    if len(word) < 3:
        return []
    known = [" ".join(k) for k in (*_PHRASES, *(extra or {})) if len(k) == 1 and len(k[0]) > 2]
    known += [d for d in DIRECTION_WORDS if len(d) > 2]
    return difflib.get_close_matches(word, known, n=3, cutoff=0.75)


def phrases_of(verbs: Mapping[str, tuple[str, ...]]) -> dict[tuple[str, ...], str]:
    """Word tuples -> canonical verb, for a verb table like :data:`VERBS`."""
    return {tuple(phrase.split()): verb for verb, words in verbs.items() for phrase in words}


def split_verb(words: list[str], extra: Mapping[tuple[str, ...], str] | None = None) -> tuple[str | None, list[str]]:
    """The canonical verb at the start of ``words`` (longest phrase first) and the rest.

    ``extra`` holds a rule system's own verbs; they may not shadow the common ones.
    """
    for length in (2, 1):
        if len(words) >= length:
            key = tuple(words[:length])
            verb = _PHRASES.get(key) or (extra or {}).get(key)
            if verb is not None:
                return verb, words[length:]
    return None, words


def parse(text: str, extra: Mapping[tuple[str, ...], str] | None = None) -> Command | None:
    """Parse one line; ``None`` for an empty line; ParseError naming an unknown verb.

    ``extra`` (from :func:`phrases_of`) adds a rule system's own verbs.  The
    words are read lower-cased; the command keeps the line as typed (``typed``).
    """
    command = _parse(text, extra)
    return None if command is None else replace(command, typed=" ".join(clean_line(text).split()))


def _parse(text: str, extra: Mapping[tuple[str, ...], str] | None) -> Command | None:
    words = tokenize(text)
    if not words:
        return None
    raw = " ".join(words)
    if _LONG_NUMBER.search(raw):
        raise ParseError(f"That number is too long: no count in the game has more than {MAX_NUMBER_DIGITS} digits.")
    if len(words) == 1 and words[0] in DIRECTION_WORDS:
        return Command("go", direction=DIRECTION_WORDS[words[0]], raw=raw)
    if words in (["exit"], ["enter"]):  # as Inform reads them: out of here, or in
        return Command("go", direction="out" if words[0] == "exit" else "in", raw=raw)
    verb, rest = split_verb(words, extra)
    if verb is None and words[0] in DIRECTION_WORDS:
        raise ParseError(f"I understood {quote_back(words[0])} but not {quote_back(' '.join(words[1:]))}.")
    if verb is None:
        close = closest(words[0], suggest_verb(words[0], extra))
        quoted = join_names([f'"{c}"' for c in close], "or")
        hint = f" Did you mean {quoted}?" if close else ""
        raise ParseError(f"I don't know the word {quote_back(words[0])}.{hint}", words[0], tuple(close))
    if verb == "go" and rest:
        return _parse_go(rest, raw)
    if verb == "wait":
        return _parse_wait(rest, raw)
    if verb == "look" and rest and rest[0] in ("around",):
        rest = rest[1:]
    if verb == "rest" and words[0] == "sleep" and not rest:
        rest = ["long"]  # sleeping is the night's rest
    if verb == "look" and rest[:1] in (["under"], ["behind"], ["beneath"]):
        return Command("search", tuple(rest[1:]), raw=raw)  # what lies hidden is found by searching
    if verb == "look" and rest:
        if rest[0] in DIRECTION_WORDS and len(rest) == 1:
            return Command("examine", direction=DIRECTION_WORDS[rest[0]], raw=raw)
        verb = "examine"
        if rest[0] in ("at", "in", "inside"):
            rest = rest[1:]
    if verb == "take" and words[0] == "get" and rest in (["out"], ["off"], ["in"], ["up"]):
        if rest == ["up"]:  # get up: on your feet, as you are
            return Command("sit", ("up",), raw=raw)
        return Command("go", direction="in" if rest == ["in"] else "out", raw=raw)  # get out: as exit
    if verb in ("take", "put") and rest[:1] == ["up"]:  # take up the key; hang up the cloak
        rest = rest[1:]
    if verb == "talk" and rest[:1] in (["to"], ["with"]):
        rest = rest[1:]
    if verb == "ask" and rest[:1] in (["about"], ["for"]):  # ask about water: of the one person here
        return Command("ask", (), rest[0], tuple(w for w in rest[1:] if w not in ARTICLES), raw=raw)
    return _parse_objects(verb, rest, raw)


def _parse_go(rest: list[str], raw: str) -> Command:
    rest = [w for w in rest if w not in ARTICLES and w not in ("to", "towards")]
    if len(rest) == 1 and rest[0] in DIRECTION_WORDS:
        return Command("go", direction=DIRECTION_WORDS[rest[0]], raw=raw)
    if rest and rest[0] in DIRECTION_WORDS:
        raise ParseError(f"I understood {quote_back('go ' + rest[0])} but not {quote_back(' '.join(rest[1:]))}.")
    return Command("go", tuple(rest), raw=raw)


#: ``wait until night``: the times of day a wait may run to (the wait action reads the clock).
WAIT_UNTIL = frozenset({"night", "dusk", "evening", "nightfall", "sunset", "day", "dawn", "morning", "sunrise",
                        "daybreak", "daylight"})


def _parse_wait(rest: list[str], raw: str) -> Command:
    if not rest:
        return Command("wait", raw=raw)
    if rest[0] in ("until", "till", "for") and [w for w in rest[1:] if w not in ARTICLES][-1:] \
            and [w for w in rest[1:] if w not in ARTICLES][-1] in WAIT_UNTIL:
        return Command("wait", ([w for w in rest[1:] if w not in ARTICLES][-1],), "until", raw=raw)
    amount, unit = 1, None
    words = list(rest)
    if words and words[0] in ("for",):
        words = words[1:]
    if words and (words[0].isdigit() or words[0] in ("a", "an", "one")):
        amount = int(words[0]) if words[0].isdigit() else 1
        words = words[1:]
        if amount > 10_000:
            raise ParseError("That is longer than anyone could wait.")
    if len(words) == 1 and words[0] in TIME_UNITS:
        unit = words[0]
    elif words:
        raise ParseError(f"I don't know how long {quote_back(' '.join(words))} is; try \"wait 3 hours\" or \"wait 2 days\".")
    minutes = amount * TIME_UNITS[unit] if unit else amount
    return Command("wait", number=minutes, raw=raw)


def _parse_objects(verb: str, rest: list[str], raw: str) -> Command:
    if verb in ("save", "load"):  # a slot name is a name: "save a" saves to slot "a"
        return Command(verb, tuple(rest), raw=raw)
    words = [w for w in rest if w not in ARTICLES]
    number = None
    if verb in ("rest",) and words:
        return Command(verb, tuple(words), raw=raw)
    first: list[str] = []
    preposition = ""
    second: list[str] = []
    for index, word in enumerate(words):
        if word in PREPOSITIONS and first:
            preposition = word
            second = words[index + 1:]
            break
        if word in PREPOSITIONS and not first and verb in ("ask", "talk", "shoot", "attack", "examine", "listen",
                                                           "smell", "climb", "throw", "drink"):
            continue
        first.append(word)
    direction = None
    if verb == "climb" and first and first[0] in DIRECTION_WORDS:
        direction, first = DIRECTION_WORDS[first[0]], first[1:]
    if len(first) == 1 and first[0] in DIRECTION_WORDS and verb in ("open", "unlock", "close", "examine", "flee", "search"):
        direction = DIRECTION_WORDS[first[0]]
        first = []
    if first and first[-1].isdigit() and verb not in ("save", "load"):
        number = int(first[-1][:6])
        first = first[:-1]
    if verb in ("give", "show") and not preposition and len(first) > 1 and first[0] in ("him", "her", "them"):
        preposition, second, first = "to", [first[0]], first[1:]  # give her the knife
    objects: tuple[tuple[str, ...], ...] = ()
    excluded: tuple[tuple[str, ...], ...] = ()
    if verb in MULTI_VERBS:
        objects, excluded = _object_list(first)
        first = list(objects[0]) if objects else []
    return Command(verb, tuple(first), preposition, tuple(second), direction, number, raw,
                   objects if len(objects) > 1 else (), excluded)


def _object_list(words: list[str]) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """``knife and key`` -> the objects; ``all but heart and key`` -> ``all`` and the exceptions."""
    cut = next((i for i, w in enumerate(words) if w in BUT_WORDS), len(words))
    return _split_and(words[:cut]), _split_and(words[cut + 1:])


def _split_and(words: list[str]) -> tuple[tuple[str, ...], ...]:
    groups: list[list[str]] = [[]]
    for word in words:
        if word in AND_WORDS:
            groups.append([])
        else:
            groups[-1].append(word)
    return tuple(tuple(g) for g in groups if g)
