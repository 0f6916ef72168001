"""Frozen definitions of an adventure, as read from its TOML files.

Content never changes during play; everything that changes lives in
:class:`game.world.state.WorldState`, keyed by the ids defined here.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Item kinds content may use.
ITEM_KINDS: tuple[str, ...] = ("weapon", "armor", "tool", "water", "food", "exotica", "gift", "treasure",
                               "container", "supporter", "clothing", "text")
#: Kinds a piece of scenery may be: plain, or something things go in or on.
SCENERY_KINDS: tuple[str, ...] = ("scenery", "container", "supporter")
#: Kinds of harm a weapon or an effect may name (``damage_type``); every system reads them against
#: :data:`FEARS` and :data:`RESISTS`, each by a rule of its own shape (``docs/rules/<id>.md``).
DAMAGE_TYPES: tuple[str, ...] = ("bludgeoning", "piercing", "slashing", "kinetic", "fire", "electrical", "cold",
                                 "acid", "poison", "psychic")
#: NPC pronouns (how the text refers to them).
NPC_PRONOUNS: tuple[str, ...] = ("he", "she", "they", "it")
#: The conditions a ``when`` table may hold (all of them must hold).
CONDITIONS: tuple[str, ...] = ("exit_open", "item_here", "item_gone", "carrying", "not_carrying", "item_in",
                               "npc_here", "npc_dead", "npc_down", "npc_gone", "goal_reached", "time", "flag",
                               "not_flag", "counter_at_least", "counter_below", "dark")
#: What a trigger answers to: an action with a thing, entering or leaving a room, a condition starting to hold.
TRIGGER_EVENTS: tuple[str, ...] = ("action", "enter", "leave", "when")
#: How a trigger may end the run.
TRIGGER_ENDS: tuple[str, ...] = ("won", "lost")
#: What a merchant takes in payment when ``buy`` names none.
CURRENCIES: tuple[str, ...] = ("any", "water", "goods")
#: NPC dispositions towards the player.
DISPOSITIONS: tuple[str, ...] = ("hostile", "wary", "neutral", "friendly", "merchant")
#: NPC behaviours (policies) that drive what an NPC does on its own.
BEHAVIOURS: tuple[str, ...] = ("aggressive", "cautious", "guard", "wander", "merchant", "coward")
#: Compass and vertical directions, with their abbreviations.
DIRECTIONS: dict[str, str] = {
    "north": "n", "south": "s", "east": "e", "west": "w",
    "northeast": "ne", "northwest": "nw", "southeast": "se", "southwest": "sw",
    "up": "u", "down": "d", "in": "in", "out": "out",
}
#: Direction opposite each direction (for "you came from" and maps).
OPPOSITE: dict[str, str] = {
    "north": "south", "south": "north", "east": "west", "west": "east",
    "northeast": "southwest", "southwest": "northeast", "northwest": "southeast",
    "southeast": "northwest", "up": "down", "down": "up", "in": "out", "out": "in",
}
#: Creature types (Vaults of Vaarn): weapons may be ideal against some (``bonus_against``).
CREATURES: tuple[str, ...] = (
    "biological", "fungal", "mineral", "synthetic", "hypergeometric", "outsider", "psychic",
)
#: The kinds of harm each creature type fears (Vaults of Vaarn's creature quirks: fire burns fungus,
#: a hammer cracks stone, lightning fries a machine).  One table for all five systems.
FEARS: Mapping[str, tuple[str, ...]] = {
    "fungal": ("fire",), "mineral": ("bludgeoning",), "synthetic": ("electrical",),
}
#: The kinds of harm each creature type shrugs off (fungus soaks up blows and cuts).
RESISTS: Mapping[str, tuple[str, ...]] = {
    "fungal": ("kinetic", "bludgeoning", "piercing", "slashing"),
}


def harm_against(kind: str, creature: str) -> str:
    """How a creature type takes a kind of harm: ``"fears"``, ``"resists"``, or ``""`` (as any other)."""
    if kind and kind in FEARS.get(creature, ()):
        return "fears"
    return "resists" if kind and kind in RESISTS.get(creature, ()) else ""


@dataclass(frozen=True)
class CheckDef:
    """A system-neutral check: a kind and a difficulty.

    ``numbers`` holds optional per-system numbers an author gave
    (``{vaarn = 17}`` means a target of 17 under Vaarn).
    """

    kind: str
    difficulty: str = "normal"
    numbers: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class When:
    """A condition on the world; every field given must hold.

    Ids are checked by the loader; ``exit_open`` names directions of the room
    the text belongs to (of the player's room for items and NPCs).
    """

    exit_open: tuple[str, ...] = ()
    item_here: tuple[str, ...] = ()
    item_gone: tuple[str, ...] = ()
    carrying: tuple[str, ...] = ()
    not_carrying: tuple[str, ...] = ()
    #: Item id -> the container or supporter (an item id or a scenery id) it must be in or on.
    item_in: Mapping[str, str] = field(default_factory=dict)
    npc_here: tuple[str, ...] = ()
    npc_dead: tuple[str, ...] = ()
    #: Alive but out of the fight (knocked out, surrendered, bleeding out).
    npc_down: tuple[str, ...] = ()
    npc_gone: tuple[str, ...] = ()
    goal_reached: bool | None = None
    #: "day" or "night", or "" for any time.
    time: str = ""
    #: Flags set (``flag``) and not set (``not_flag``); counters at least / below a number.
    flag: tuple[str, ...] = ()
    not_flag: tuple[str, ...] = ()
    counter_at_least: Mapping[str, int] = field(default_factory=dict)
    counter_below: Mapping[str, int] = field(default_factory=dict)
    #: The player's room is dark (True) or lit (False); None: either.
    dark: bool | None = None


@dataclass(frozen=True)
class TextDef:
    """A text shown while its condition holds (the first that holds wins)."""

    when: When
    text: str


@dataclass(frozen=True)
class SceneryDef:
    """A thing a room's text names: examinable, never portable.

    ``kind`` is ``scenery``, or ``container``/``supporter`` when things can be
    put in or on it.
    """

    id: str
    name: str
    description: str = ""
    aliases: tuple[str, ...] = ()
    descriptions: tuple[TextDef, ...] = ()
    kind: str = "scenery"
    #: What ``smell``, ``listen`` and ``read`` give, when the author wrote it.
    smell: str = ""
    sound: str = ""
    text: str = ""
    #: The direction of the room's exit this thing is (a ladder up, a hatch down), or "": climbing,
    #: entering or going through it takes that exit, and examining it finds the exit if hidden.
    way: str = ""
    capacity: int = 0
    #: What is in or on it at the start (item ids); whether it starts closed, and the key that locks it.
    contents: tuple[str, ...] = ()
    closed: bool = False
    locked_by: str | None = None

    @property
    def openable(self) -> bool:
        """A container with a lid or door: it opens and closes (and locks, with ``locked_by``)."""
        return self.kind == "container" and (self.closed or self.locked_by is not None)


@dataclass(frozen=True)
class ExitDef:
    """One way out of a room."""

    direction: str
    to: str
    locked_by: str | None = None
    hidden: bool = False
    find: CheckDef | None = None
    #: A check to force the way open instead of using the key (e.g. kick the door).
    force: CheckDef | None = None
    description: str = ""
    #: What the way is called in sentences ("the vault gate"); "the way north" when not given.
    name: str = ""
    #: Shut with no key: only a trigger's ``open`` (or a ``force`` check) opens it.
    locked: bool = False

    @property
    def lockable(self) -> bool:
        """Whether the way starts shut: it has a key, or is ``locked`` with none."""
        return self.locked_by is not None or self.locked

    @property
    def called(self) -> str:
        """What the way is called in a sentence: its ``name``, else "the way north"."""
        return self.name or f"the way {self.direction}"


def plain_exit(direction: str, to: str) -> ExitDef:
    """``ExitDef(direction, to)`` without the generated ``__init__`` (a big world has tens of thousands
    of plain ways): the two fields set, the others read from their defaults on the class; equal (``==``)."""
    exit_def = object.__new__(ExitDef)
    object.__setattr__(exit_def, "direction", direction)
    object.__setattr__(exit_def, "to", to)
    return exit_def


@dataclass(frozen=True)
class RoomDef:
    """A room as the content defines it: its text, exits, scenery and what lies there at the start."""

    id: str
    name: str
    description: str
    region: str | None = None
    exits: Mapping[str, ExitDef] = field(default_factory=dict)
    items: tuple[str, ...] = ()
    npcs: tuple[str, ...] = ()
    water_source: bool = False
    #: A settlement or oasis where exotica can be appraised and traded in.
    settlement: bool = False
    #: Something found by ``search`` here: a check and the items it reveals.
    search: CheckDef | None = None
    search_items: tuple[str, ...] = ()
    #: Walking into this room costs a check (climb a dune, cross salt flats); failure costs HP.
    hazard: CheckDef | None = None
    hazard_text: str = ""
    #: Harm a failed hazard check does, as a die ("d4").
    hazard_damage: str = "d4"
    #: Minutes it takes to walk into this room (open desert takes hours).
    travel_minutes: int = 10
    #: The things its text names, by id, and texts that replace the description while they hold.
    scenery: Mapping[str, SceneryDef] = field(default_factory=dict)
    descriptions: tuple[TextDef, ...] = ()
    smell: str = ""
    sound: str = ""
    #: Dark while this holds: nothing in the room can be seen or examined.
    dark: When | None = None


@dataclass(frozen=True)
class ItemDef:
    """An item as the content defines it: its kind, words, effect and per-system numbers."""

    id: str
    name: str
    kind: str
    description: str = ""
    aliases: tuple[str, ...] = ()
    slots: int = 1
    #: BIND weight (-4 .. 11); derived from slots when not given.
    weight: int | None = None
    #: Exotica: the name once identified; ``identify`` is the difficulty of working it out.
    true_name: str | None = None
    identify: str | None = None
    effect: Mapping[str, Any] = field(default_factory=dict)
    #: The identify check in full (kind ``identify`` unless the author named another,
    #: plus any per-system numbers); ``identify`` above is its difficulty.
    identify_check: CheckDef | None = None
    #: Weapons: damage die ("d6"), ranged or not, creature types it is ideal against.
    damage: str | None = None
    ranged: bool = False
    bonus_against: tuple[str, ...] = ()
    #: The kind of harm a weapon deals (one of :data:`DAMAGE_TYPES`); an exotica names it in its effect.
    damage_type: str = ""
    #: Armour: defence it gives (Vaarn armour defence; other systems map it).
    armor: int | None = None
    #: Rations held, for water and food items.
    rations: int = 0
    #: Fixed in place (a statue, a well): cannot be taken.
    fixed: bool = False
    value: int = 1
    #: Whether the content gave ``value`` (then every system's trade reads it; see docs/authoring.md §9).
    valued: bool = False
    stats: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    descriptions: tuple[TextDef, ...] = ()
    #: Containers: what they hold, in slots.
    capacity: int = 0
    #: What ``read`` shows (a ``text`` item's words), ``smell`` and ``listen`` give.
    text: str = ""
    smell: str = ""
    sound: str = ""
    #: Its own sentence in its room's description until it is first moved (Inform's initial
    #: appearance): room prose never has to name a thing that can be taken away.
    initial: str = ""
    #: Containers and supporters: what is in or on them at the start; whether a container starts
    #: closed, and the key that locks it (``closed`` is implied by a key).
    contents: tuple[str, ...] = ()
    closed: bool = False
    locked_by: str | None = None

    @property
    def openable(self) -> bool:
        """A container with a lid or door: it opens and closes (and locks, with ``locked_by``)."""
        return self.kind == "container" and (self.closed or self.locked_by is not None)

    @property
    def is_weapon(self) -> bool:
        return self.damage is not None or self.kind == "weapon"


#: The deeds an NPC's ``talk_after`` may answer, as the player would name them (see game.npc.memory).
TALK_MEMORIES: tuple[str, ...] = ("killing", "assault", "theft", "spared", "helped")


@dataclass(frozen=True)
class NpcDef:
    """A person or creature as the content defines it: disposition, behaviour, tier, stats and words."""

    id: str
    name: str
    description: str = ""
    aliases: tuple[str, ...] = ()
    disposition: str = "neutral"
    behaviour: str = "cautious"
    tier: int | None = None
    items: tuple[str, ...] = ()
    stats: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Creature type (biological, fungal, mineral, synthetic, ...): ideal-weapon bonuses.
    creature: str = "biological"
    #: What the NPC says to ``talk``; ``topics`` answer ``ask NPC about TOPIC``.
    talk: str = ""
    topics: Mapping[str, str] = field(default_factory=dict)
    #: What it says to ``talk`` and ``ask`` once it remembers a deed of the player's, by
    #: :data:`TALK_MEMORIES` key (``theft = "..."``): its own words instead of the generic ones.
    talk_after: Mapping[str, str] = field(default_factory=dict)
    #: Rooms a wandering NPC walks between, in order.
    route: tuple[str, ...] = ()
    #: Guards block this exit direction of their room while they stand.
    blocks: str | None = None
    #: Strikes as the player comes into its room, before the player can act.
    ambush: bool = False
    #: he, she, they or it: how the text refers to the NPC.
    pronoun: str = "it"
    descriptions: tuple[TextDef, ...] = ()
    #: What a merchant asks to be paid in when ``buy`` names no payment: ``water`` (rations), ``goods``
    #: (items of value the player carries), or ``any`` (water, then goods when the water is not enough).
    currency: str = "any"
    #: What the NPC strikes with when it carries no weapon ("its glass fangs"), under every system;
    #: empty for each system's own word (claws, fists, "its attack").
    attack: str = ""


@dataclass(frozen=True)
class GoalDef:
    """How the adventure is won; the player loses by dying (thirst, wounds)."""

    reach: str | None = None
    carrying: tuple[str, ...] = ()
    defeat: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class PlayerDef:
    """The player character as the content defines it: name, starting items, supplies, stats."""

    name: str = "Wanderer"
    items: tuple[str, ...] = ()
    water: int = 2
    food: int = 2
    stats: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Synthetic characters drink weekly under Vaarn.
    synthetic: bool = False


@dataclass(frozen=True)
class RegionDef:
    """A region: the rooms that share its encounters while travelling."""

    id: str
    name: str = ""
    #: NPC ids that may be met while travelling in this region.
    encounters: tuple[str, ...] = ()


@dataclass(frozen=True)
class TriggerDef:
    """What content says happens on an event: checked by the loader, run by
    :mod:`game.actions.triggers`.  Every field given must match; the effects run in the
    order of the fields below (say, flags, counters, things, exits, refuse, end)."""

    on: str
    verbs: tuple[str, ...] = ()
    not_verbs: tuple[str, ...] = ()
    #: Item or scenery ids, or directions for ``go``; with ``targets``, only the direct object.
    things: tuple[str, ...] = ()
    not_things: tuple[str, ...] = ()
    #: The second thing a command names ("put relic on ALTAR", "unlock chest with KEY").
    targets: tuple[str, ...] = ()
    rooms: tuple[str, ...] = ()
    not_rooms: tuple[str, ...] = ()
    when: When | None = None
    once: bool = False
    say: str = ""
    set: tuple[str, ...] = ()
    unset: tuple[str, ...] = ()
    add: Mapping[str, int] = field(default_factory=dict)
    #: Item id -> room id, "player", or ``in:<holder>`` (a container or supporter: an item id, or
    #: ``<room-id>/<scenery-id>``); ``remove`` takes items out of play.
    move: Mapping[str, str] = field(default_factory=dict)
    remove: tuple[str, ...] = ()
    #: Exits as "room/direction".
    open: tuple[str, ...] = ()
    close: tuple[str, ...] = ()
    refuse: str = ""
    end: str = ""
    ending: str = ""


@dataclass(frozen=True)
class Adventure:
    """A whole adventure: everything the loader read, frozen."""

    id: str
    title: str
    version: str
    start: str
    system: str
    intro: str
    goal: GoalDef
    rules: Mapping[str, Mapping[str, str]]
    player: PlayerDef
    rooms: Mapping[str, RoomDef]
    items: Mapping[str, ItemDef]
    npcs: Mapping[str, NpcDef]
    regions: Mapping[str, RegionDef] = field(default_factory=dict)
    #: Where it was read from, and a digest of its files (saves record it).
    source: Path | None = None
    digest: str = ""
    #: Where each item and NPC starts: "room:<id>", "player" or "npc:<id>".
    #: Items that a room's ``search`` reveals start at "search:<room-id>".
    #: ``npc_homes`` maps an NPC id to its room id (bare, as World reads it);
    #: NPCs placed in no room (region encounters) have no entry.
    item_homes: Mapping[str, str] = field(default_factory=dict)
    npc_homes: Mapping[str, str] = field(default_factory=dict)
    #: What happens on actions, room entries and conditions, in the order written.
    triggers: tuple[TriggerDef, ...] = ()
    #: The oldest version of this adventure whose saves this version takes ("" = any whose ids still exist).
    oldest_compatible: str = ""
    #: The author's own verbs (``[verbs]``): a word or phrase -> the verb it means (a verb of the
    #: game's table, or a new one that only triggers give a meaning).
    verbs: Mapping[str, str] = field(default_factory=dict)
