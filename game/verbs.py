"""The one table of the game's own verbs: the words that mean each, its help line, who handles it.

The parser's vocabulary, the engine's split between actions and meta
commands, and ``help`` are all read from :data:`CORE_VERBS`; nothing else
lists them.  At start-up the engine checks that every action verb here has a
handler registered and every meta verb a meta command (see
:func:`game.actions.registry.default_registry` and :class:`game.meta.MetaCommands`).
A rule system's own verbs come from its play object's ``verbs()`` instead.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VerbDef:
    """One verb: canonical name, the words (or two-word phrases) meaning it, its help line."""

    verb: str
    words: tuple[str, ...]
    #: The line ``help`` shows, or "" when another verb's line covers this one.
    help: str = ""
    #: Handled by the meta commands (no turn passes), not by an action.
    meta: bool = False


#: In the order ``help`` lists them: the actions, then the meta commands.
CORE_VERBS: tuple[VerbDef, ...] = (
    VerbDef("look", ("look", "l"), "look (l): describe where you are"),
    VerbDef("examine", ("examine", "x", "inspect", "look at", "check", "describe"),
            "examine (x) THING: look closely at something (x me: yourself)"),
    VerbDef("read", ("read", "peruse"), "read THING: read what is written on it"),
    VerbDef("listen", ("listen", "hear"), "listen [to THING], smell [THING]: use your ears and nose"),
    VerbDef("smell", ("smell", "sniff")),
    VerbDef("exits", ("exits", "ways"), "exits: the ways out of here"),
    VerbDef("inventory", ("inventory", "i", "inv"), "inventory (i): what you carry"),
    VerbDef("climb", ("climb", "scale", "clamber"), "climb [up|down] [THING]"),
    VerbDef("go", ("go", "walk", "run", "travel", "head"),
            "go DIR, or just n, s, e, w, ne, nw, se, sw, u, d, in, out"),
    VerbDef("flee", ("flee", "escape", "retreat"), "flee [DIR]: break away from a fight (a check)"),
    VerbDef("take", ("take", "get", "grab", "pick up", "pick"), "take THING, take all: pick things up"),
    VerbDef("drop", ("drop", "discard", "put down", "leave"), "drop THING: put something down"),
    VerbDef("put", ("put", "place", "insert", "hang", "set", "stow"), "put THING in/on THING, hang THING on THING"),
    VerbDef("give", ("give", "offer", "hand"), "give THING to NPC, show THING to NPC"),
    VerbDef("show", ("show", "display")),
    VerbDef("wear", ("wear", "don", "put on"), "wear THING, remove THING, wield WEAPON"),
    VerbDef("remove", ("remove", "doff", "take off")),
    VerbDef("wield", ("wield", "brandish", "ready")),
    VerbDef("throw", ("throw", "toss", "hurl", "fling"), "throw THING [at TARGET]"),
    VerbDef("open", ("open", "force", "kick", "break"), "open DIR|door [with KEY]: open a locked way (or force it)"),
    VerbDef("unlock", ("unlock",), "unlock DIR|door [with KEY]"),
    VerbDef("use", ("use", "activate", "apply"), "use THING [on TARGET]"),
    VerbDef("identify", ("identify", "study", "appraise"), "identify THING: work out what an exotica does"),
    VerbDef("drink", ("drink", "sip"), "drink: drink a ration of water (free at a water source)"),
    VerbDef("eat", ("eat",), "eat: eat a ration of food"),
    VerbDef("fill", ("fill", "refill"), "fill: refill your water containers at a water source"),
    VerbDef("rest", ("rest", "sleep", "camp"),
            "rest [short|long]: short (1 hour, a ration) or long (8 hours, water and food)"),
    VerbDef("wait", ("wait", "z"), "wait [N minutes|hours|days]: let time pass"),
    VerbDef("search", ("search", "explore"), "search: search the area for hidden ways and things"),
    VerbDef("attack", ("attack", "kill", "fight", "hit", "strike", "stab"), "attack NPC [with WEAPON]: fight in melee"),
    VerbDef("shoot", ("shoot", "fire at", "fire"), "shoot NPC [with WEAPON]: attack at range"),
    VerbDef("talk", ("talk", "talk to", "speak", "speak to", "greet", "hail"), "talk to NPC"),
    VerbDef("ask", ("ask",), "ask NPC about TOPIC"),
    VerbDef("again", ("again", "g"), "again (g): repeat the last command;  undo: take back the last turn", meta=True),
    VerbDef("undo", ("undo",), meta=True),
    VerbDef("save", ("save",), "save [SLOT], load [SLOT]: save or load a game (slot names are plain words)", meta=True),
    VerbDef("load", ("load", "restore"), meta=True),
    VerbDef("help", ("help", "?", "commands"), meta=True),
    VerbDef("odds", ("odds", "chance"), "odds [COMMAND]: the exact chance of the next check, e.g. odds attack raider",
            meta=True),
    VerbDef("dice", ("dice", "log"), "dice: the dice log;  stats (sheet): your character;  map: the places you know",
            meta=True),
    VerbDef("stats", ("stats", "sheet", "score", "character"), meta=True),
    VerbDef("map", ("map",), meta=True),
    VerbDef("quit", ("quit", "q", "exit"), "quit (q): leave the game", meta=True),
)

#: Canonical verbs and the words that mean them, for the parser.
VERB_WORDS: dict[str, tuple[str, ...]] = {v.verb: v.words for v in CORE_VERBS}
#: The verbs the meta commands handle.
META_VERBS: frozenset[str] = frozenset(v.verb for v in CORE_VERBS if v.meta)
#: The verbs actions handle.
ACTION_VERBS: tuple[str, ...] = tuple(v.verb for v in CORE_VERBS if not v.meta)
