"""The warnings of ``wayfarer check`` (docs/authoring.md §10): content that loads but cannot play as meant.

Each warning is a key path and a message; :func:`game.world.loader.locate`
turns them into ``FILE:LINE: KEY.PATH: warning: ...`` lines.  Warnings never
fail ``check`` (exit 0); the game runs, but a player may be unable to win.

What is looked for:

- a goal that cannot be reached from the start: the goal room, the items to
  carry and the NPCs to defeat, walked from the start room with what can be
  got on the way (a key lying behind its own door does not open it; a way with
  a ``force`` check can always be forced; hidden ways count, since a search
  finds them); ``defeat`` of an NPC placed in no room and met in no region;
- rooms that only a locked way leads to, whose key cannot be got first;
- items placed nowhere, or only where nobody can get to;
- hidden exits without ``find``: the first ``search`` reveals them with no roll;
- ``effect`` keys that nothing reads, and item ``stats`` tables for a system
  that reads none for that kind of item (see :data:`STATS_READ`);
- numbers beyond what the rules or a run can use (:data:`CAPS`);
- merchants with nothing to sell;
- action triggers that an earlier trigger always refuses first, so they never fire;
- a wanderer's route with two stops in a row that no exit joins;
- a room's description (or one of its ``descriptions``) that names an item that can
  be taken away or a wanderer that walks on: the text would lie once it is gone (an
  item's own ``initial`` text is the place for it).
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.errors import ContentError
from game.verbs import ACTION_VERBS, VERB_WORDS
from game.world.content import DAMAGE_TYPES, Adventure, ItemDef, SceneryDef, TriggerDef, When
from game.world.loader import load_adventure, locate
from game.world.schema import KeyPath, trigger_name

#: The ``effect`` keys the game reads (game.actions.items, combat, the play modules).
EFFECT_KEYS: tuple[str, ...] = ("damage", "damage_type", "heal", "consumed", "reveal", "water", "sustain")

#: Which systems read an item's ``stats.<system>`` table, by what the item is.
#: Weapons (a ``damage`` die or kind weapon, or an effect that does damage): every system.
STATS_READ: dict[str, tuple[str, ...]] = {
    "weapon": ("open_adventures", "vaarn", "opend6", "bind", "maelstrom"),
    "armor": ("vaarn", "opend6", "bind"),
    "other": ("vaarn",),
}

#: Numbers past which a value is surely a mistake: more than any run can use.
CAPS: dict[str, int] = {
    "water": 1000, "food": 1000, "rations": 1000, "slots": 50, "value": 1_000_000, "travel_minutes": 10_080,
    "armor": 30,
}

Warning = tuple[KeyPath, str]


@dataclass
class _Reach:
    """What a player can get to from the start: rooms, items, the ways triggers open and the flags they set."""

    rooms: set[str] = field(default_factory=set)
    items: set[str] = field(default_factory=set)
    opened: set[str] = field(default_factory=set)
    flags: set[str] = field(default_factory=set)
    fired: set[int] = field(default_factory=set)
    #: Items a fired trigger ``move``d into a container or supporter: item -> ``in:<holder>``.
    moved: dict[str, str] = field(default_factory=dict)


def reach(adventure: Adventure, *, keys_matter: bool = True) -> _Reach:
    """Rooms and items reachable from the start, opening locks only with keys got on the way, and
    following the triggers that can fire on the way (a trigger's ``open`` opens its way, its ``move``
    brings items into play, its ``set`` sets flags other triggers may need)."""
    found = _Reach(rooms={adventure.start} if adventure.start in adventure.rooms else set())
    changed = True
    while changed:
        changed = _walk_items(adventure, found) | _walk_rooms(adventure, found, keys_matter)
        changed |= _walk_triggers(adventure, found)
    return found


def _walk_items(adventure: Adventure, found: _Reach) -> bool:
    changed = False
    for item_id, home in [*adventure.item_homes.items(), *found.moved.items()]:
        if item_id not in found.items and _home_reached(adventure, home, found):
            found.items.add(item_id)
            changed = True
    return changed


def _walk_rooms(adventure: Adventure, found: _Reach, keys_matter: bool) -> bool:
    changed = False
    for room_id in list(found.rooms):
        for exit_def in adventure.rooms[room_id].exits.values():
            if exit_def.to in found.rooms or exit_def.to not in adventure.rooms:
                continue
            key = exit_def.locked_by
            opened = f"{room_id}/{exit_def.direction}" in found.opened
            if not keys_matter or not exit_def.lockable or opened or (key and key in found.items) \
                    or exit_def.force is not None:
                found.rooms.add(exit_def.to)
                changed = True
    return changed


def _walk_triggers(adventure: Adventure, found: _Reach) -> bool:
    """Fire (in the walk) every trigger that can fire with what is reached: its effects then count."""
    changed = False
    for index, trigger in enumerate(adventure.triggers):
        if index in found.fired or not _can_fire(adventure, trigger, found):
            continue
        found.fired.add(index)
        changed = True
        found.flags.update(trigger.set)
        found.opened.update(trigger.open)
        for way in trigger.open:  # the way back through the same slab opens with it
            room_id, _, direction = way.partition("/")
            exit_def = adventure.rooms[room_id].exits.get(direction)
            if exit_def is not None and exit_def.to in adventure.rooms:
                found.opened.update(f"{exit_def.to}/{d}" for d, back in adventure.rooms[exit_def.to].exits.items()
                                    if back.to == room_id)
        for item_id, where in trigger.move.items():
            if where.startswith("in:"):  # into a holder: got with it (and its key), now or later
                found.moved[item_id] = where
            elif where == "player" or where in found.rooms:
                found.items.add(item_id)
    return changed


def _can_fire(adventure: Adventure, trigger: TriggerDef, found: _Reach) -> bool:
    """Whether a trigger can fire with what is reached (optimistic where the walk cannot tell: counters,
    the time, NPCs)."""
    if trigger.rooms and not set(trigger.rooms) & found.rooms:
        return False
    when = trigger.when
    if when is not None:
        wanted = {*when.carrying, *when.item_here, *when.item_in}
        if not wanted <= found.items or not set(when.flag) <= found.flags:
            return False
    if trigger.on != "action":
        return True
    return all(_thing_reached(adventure, thing, found) for thing in (*trigger.things[:1], *trigger.targets[:1]))


def _thing_reached(adventure: Adventure, thing: str, found: _Reach) -> bool:
    if thing in adventure.items:
        return thing in found.items
    if thing in adventure.npcs:
        return adventure.npc_homes.get(thing) in found.rooms or _met_in_region(adventure, thing, found.rooms) \
            or bool(set(adventure.npcs[thing].route) & found.rooms)
    return any(thing in adventure.rooms[r].scenery or thing in adventure.rooms[r].exits for r in found.rooms)


def _home_reached(adventure: Adventure, home: str, found: _Reach) -> bool:
    kind, _, where = home.partition(":")
    if kind == "player":
        return True
    if kind in ("room", "search"):
        return where in found.rooms
    if kind == "npc":
        return adventure.npc_homes.get(where) in found.rooms or _met_in_region(adventure, where, found.rooms)
    if kind == "in":  # in or on a holder: reached with it, and with its key when it is locked
        room_id, _, scenery_id = where.partition("/")
        holder: SceneryDef | ItemDef | None
        if scenery_id:
            holder = adventure.rooms[room_id].scenery.get(scenery_id) if room_id in adventure.rooms else None
            reached = room_id in found.rooms
        else:
            holder, reached = adventure.items.get(where), where in found.items
        key = holder.locked_by if holder is not None else None
        return reached and (key is None or key in found.items)
    return False


def _met_in_region(adventure: Adventure, npc_id: str, rooms: set[str]) -> bool:
    regions = {adventure.rooms[r].region or "" for r in rooms}
    return any(npc_id in adventure.regions[r].encounters for r in regions if r in adventure.regions)


#: A word of a verb ("hang") -> the verb it is a word of ("put").
_VERB_NAMES: dict[str, str] = {word: verb for verb, words in VERB_WORDS.items() for word in words if word != verb}


def find_warnings(adventure: Adventure) -> list[Warning]:
    """Every warning for a loaded adventure (see the module's docstring)."""
    found = reach(adventure)
    warnings: list[Warning] = []
    warnings += _goal(adventure, found)
    warnings += _locked_rooms(adventure, found)
    warnings += _items(adventure, found)
    warnings += _hidden(adventure)
    warnings += _effects_and_stats(adventure)
    warnings += _numbers(adventure)
    warnings += _merchants(adventure)
    warnings += _trigger_verbs(adventure)
    warnings += _shadowed_triggers(adventure)
    warnings += _routes(adventure)
    warnings += _prose_naming_movables(adventure)
    return [(path, f"warning: {message}") for path, message in warnings]


def _routes(adventure: Adventure) -> list[Warning]:
    """A wanderer's route with two stops in a row that no exit joins: it would walk through walls."""
    warnings: list[Warning] = []
    for npc_id, npc in adventure.npcs.items():
        for here, there in zip(npc.route[:-1], npc.route[1:], strict=True):
            room = adventure.rooms.get(here)
            if room is not None and there in adventure.rooms and not any(e.to == there for e in room.exits.values()):
                warnings.append((("npcs", npc_id, "route"),
                                 f"no exit leads from '{here}' to '{there}', the next stop of the route: it would "
                                 f"walk through walls"))
                break
    return warnings


def _prose_naming_movables(adventure: Adventure) -> list[Warning]:
    """A room text that names a portable item placed (or hidden) there, or a wanderer whose
    route passes through: once the thing leaves, the text would still show it."""
    movables: dict[str, list[tuple[str, str]]] = {}
    for item_id, home in adventure.item_homes.items():
        kind, _, room_id = home.partition(":")
        if kind in ("room", "search") and not adventure.items[item_id].fixed:
            movables.setdefault(room_id, []).append(("item", item_id))
    for npc_id, npc in adventure.npcs.items():
        for room_id in dict.fromkeys(npc.route):
            movables.setdefault(room_id, []).append(("npc", npc_id))
    warnings: list[Warning] = []
    for room_id, things in movables.items():
        room = adventure.rooms.get(room_id)
        if room is None:
            continue
        for kind, thing_id in things:
            # A text shown only on a condition about the thing itself ("where the recorder sat") is its own.
            texts = " ".join([room.description, *(t.text for t in room.descriptions
                                                  if thing_id not in _ids_in(t.when))]).lower()
            named = _named_in(texts, adventure, kind, thing_id)
            if named:
                what = "item" if kind == "item" else "wanderer"
                warnings.append((("rooms", room_id, "description"),
                                 f"the description names \"{named}\", {what} '{thing_id}', which can leave the "
                                 f"room: the text would still show it" + ("; give the item an initial text "
                                                                          "instead" if kind == "item" else "")))
    return warnings


def _ids_in(when: When) -> set[str]:
    """The item and NPC ids a condition names."""
    return {*when.item_here, *when.item_gone, *when.carrying, *when.not_carrying, *when.item_in, *when.npc_here,
            *when.npc_dead, *when.npc_down, *when.npc_gone}


def _named_in(text: str, adventure: Adventure, kind: str, thing_id: str) -> str:
    """The first of a thing's names (its name, then aliases of two words or more) found as
    words in ``text``; "" if none.  Single-word aliases are too common to tell by."""
    thing = adventure.items[thing_id] if kind == "item" else adventure.npcs[thing_id]
    names = [thing.name, *(a for a in thing.aliases if " " in a.strip())]
    for name in names:
        if re.search(rf"\b{re.escape(name.lower())}\b", text):
            return name
    return ""


def _shadowed_triggers(adventure: Adventure) -> list[Warning]:
    """An action trigger that never fires: an earlier one always refuses (or ends the run on) every
    action it would answer, whatever the world is like (no ``when``, not ``once``)."""
    warnings: list[Warning] = []
    actions = [(i, t) for i, t in enumerate(adventure.triggers) if t.on == "action"]
    for position, (index, trigger) in enumerate(actions):
        for earlier, blocker in actions[:position]:
            if (blocker.refuse or blocker.end) and blocker.when is None and not blocker.once \
                    and _covers(blocker.verbs, blocker.not_verbs, trigger.verbs) \
                    and _covers(blocker.rooms, blocker.not_rooms, trigger.rooms) \
                    and _covers(blocker.things, blocker.not_things, trigger.things):
                warnings.append((("triggers", str(index)), f"it never fires: {trigger_name(earlier)} comes first and "
                                 f"always {'refuses' if blocker.refuse else 'ends the run on'} the same action"))
                break
    return warnings


def _covers(names: tuple[str, ...], not_names: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    """Whether a filter (``names``, ``not_names``: verbs, rooms or things) lets through all that ``wanted``
    lets through (all when empty)."""
    if not wanted:
        return not names and not not_names
    return (not names or set(wanted) <= set(names)) and not set(wanted) & set(not_names)


def _trigger_verbs(adventure: Adventure) -> list[Warning]:
    """A verb the verb table lacks (the loader cannot see the verb table): under ``verb`` the trigger
    never fires for it; under ``not_verb`` it excludes nothing, so the trigger fires for every verb
    (when that is the only ``not_verb``)."""
    warnings: list[Warning] = []
    for index, trigger in enumerate(adventure.triggers):
        for key, verbs in (("verb", trigger.verbs), ("not_verb", trigger.not_verbs)):
            unknown = [verb for verb in verbs if verb not in ACTION_VERBS and verb not in _VERB_NAMES
                       and verb not in adventure.verbs and verb not in adventure.verbs.values()]
            for verb in unknown:
                close = difflib.get_close_matches(verb, ACTION_VERBS, n=1)
                meant = _VERB_NAMES.get(verb) or (close[0] if close else "")
                hint = f" (did you mean {meant}?)" if meant else ""
                if key == "verb":
                    effect = "it never fires" if len(unknown) == len(verbs) else "it never fires for that verb"
                elif len(unknown) == len(verbs):
                    effect = "it excludes nothing, so the trigger fires for every verb"
                else:
                    effect = "it excludes nothing"
                warnings.append((("triggers", str(index), key), f"no verb '{verb}'{hint}: {effect}"))
    return warnings


def _blocking_locks(adventure: Adventure, found: _Reach) -> list[str]:
    """``way east of 'vault-gate' locked by 'sun-key'`` for locks on the edge of what can be reached."""
    locks = []
    for room_id in sorted(found.rooms):
        for exit_def in adventure.rooms[room_id].exits.values():
            if exit_def.to in found.rooms or f"{room_id}/{exit_def.direction}" in found.opened:
                continue
            if exit_def.locked_by and exit_def.locked_by not in found.items:
                locks.append(f"the way {exit_def.direction} from '{room_id}' is locked by '{exit_def.locked_by}', "
                             f"which cannot be got before it")
            elif exit_def.locked and exit_def.force is None:
                openers = [trigger_name(i) for i, t in enumerate(adventure.triggers)
                           if f"{room_id}/{exit_def.direction}" in t.open]
                locks.append(f"the way {exit_def.direction} from '{room_id}' is shut until "
                             f"{' or '.join(openers) or 'a trigger'} opens it, and no trigger that can fire does")
    return locks


def _why(adventure: Adventure, found: _Reach) -> str:
    locks = _blocking_locks(adventure, found)
    return f": {locks[0]}" if locks else ""


def _goal(adventure: Adventure, found: _Reach) -> list[Warning]:
    goal, path = adventure.goal, ("adventure", "goal")
    warnings: list[Warning] = []
    if goal.reach and goal.reach in adventure.rooms and goal.reach not in found.rooms:
        warnings.append((path + ("reach",), f"the goal cannot be won: room '{goal.reach}' cannot be reached from "
                                            f"the start{_why(adventure, found)}"))
    for item_id in goal.carrying:
        if item_id in adventure.items and item_id in adventure.item_homes and item_id not in found.items:
            warnings.append((path + ("carrying",), f"the goal cannot be won: nobody can get item '{item_id}' "
                                                   f"({_place(adventure.item_homes[item_id])}){_why(adventure, found)}"))
    for npc_id in goal.defeat:
        if npc_id not in adventure.npcs:
            continue
        home = adventure.npc_homes.get(npc_id)
        if home is None and not _met_in_region(adventure, npc_id, set(adventure.rooms)):
            warnings.append((path + ("defeat",), f"the goal cannot be won: npc '{npc_id}' is placed in no room "
                                                 f"and met in no region"))
        elif home is not None and home not in found.rooms:
            warnings.append((path + ("defeat",), f"the goal cannot be won: npc '{npc_id}' is in room '{home}', which "
                                                 f"cannot be reached{_why(adventure, found)}"))
    return warnings


def _place(home: str) -> str:
    kind, _, where = home.partition(":")
    holder = f"in or on '{where.rpartition('/')[2]}'" + (f" in room '{where.partition('/')[0]}'" if "/" in where else "")
    return {"room": f"in room '{where}'", "search": f"found by searching room '{where}'",
            "npc": f"carried by npc '{where}'", "in": holder}.get(kind, home)


def _locked_rooms(adventure: Adventure, found: _Reach) -> list[Warning]:
    open_reach = reach(adventure, keys_matter=False)
    return [(("rooms", room_id), f"room '{room_id}' can only be reached through a locked way whose key cannot be got "
                                 f"first{_why(adventure, found)}")
            for room_id in adventure.rooms if room_id in open_reach.rooms and room_id not in found.rooms]


def _items(adventure: Adventure, found: _Reach) -> list[Warning]:
    warnings: list[Warning] = []
    kits = {str(item) for stats in adventure.player.stats.values() for item in stats.get("kit", [])}
    moved = {item_id: where for trigger in adventure.triggers for item_id, where in trigger.move.items()}
    for item_id in adventure.items:
        home = adventure.item_homes.get(item_id)
        if home is None and (item_id in kits or item_id in found.items):
            continue  # a system's starting kit (Vaarn's [player.stats.vaarn] kit) or a trigger hands it over
        if home is None and item_id in moved:
            warnings.append((("items", item_id), f"nobody can get item '{item_id}' (only a trigger puts it "
                                                 f"{_place(_as_home(moved[item_id]))}, and it cannot fire, or "
                                                 "nobody can get there)"))
        elif home is None:
            warnings.append((("items", item_id), f"item '{item_id}' is placed nowhere (no room, search, NPC or the "
                                                 f"player holds it): nobody can get it"))
        elif item_id not in found.items:
            warnings.append((("items", item_id), f"nobody can get item '{item_id}' ({_place(home)})"))
    return warnings


def _as_home(where: str) -> str:
    """A trigger's ``move`` destination as an item home (``room:``, ``player``, ``in:``)."""
    return where if where.startswith("in:") or where == "player" else f"room:{where}"


def _hidden(adventure: Adventure) -> list[Warning]:
    revealers = [i for i, item in adventure.items.items() if item.effect.get("reveal")]
    warnings: list[Warning] = []
    for room in adventure.rooms.values():
        for key, exit_def in room.exits.items():
            if exit_def.hidden and exit_def.find is None:
                also = f" (or item '{revealers[0]}' reveals it)" if revealers else ""
                warnings.append((("rooms", room.id, "exits", key),
                                 f"hidden exit {exit_def.direction} has no 'find' check: the first search here "
                                 f"reveals it without a roll{also}; add find = \"hard\" (or a check table)"))
    return warnings


def _item_class(item: ItemDef) -> str:
    if item.is_weapon or item.effect.get("damage"):
        return "weapon"
    return "armor" if item.kind == "armor" or item.armor is not None else "other"


def _effects_and_stats(adventure: Adventure) -> list[Warning]:
    warnings: list[Warning] = []
    for item_id, item in adventure.items.items():
        kind = item.effect.get("damage_type")
        if kind is not None and kind not in DAMAGE_TYPES:
            close = difflib.get_close_matches(str(kind), DAMAGE_TYPES, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]}?)" if close else ""
            warnings.append((("items", item_id, "effect", "damage_type"),
                             f"damage type '{kind}' is read by no system{hint}; allowed: {', '.join(DAMAGE_TYPES)}"))
        for key in item.effect:
            if key not in EFFECT_KEYS:
                close = difflib.get_close_matches(key, EFFECT_KEYS, n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]}?)" if close else ""
                warnings.append((("items", item_id, "effect", key),
                                 f"effect key '{key}' is read by nothing{hint}; allowed: {', '.join(EFFECT_KEYS)}"))
        readers = STATS_READ[_item_class(item)]
        for system_id in item.stats:
            if system_id not in readers:
                warnings.append((("items", item_id, "stats", system_id),
                                 f"{system_id} reads no stats for an item of this kind ({_item_class(item)}); "
                                 f"systems that do: {', '.join(readers)}"))
    return warnings


def _numbers(adventure: Adventure) -> list[Warning]:
    warnings: list[Warning] = []

    def cap(path: KeyPath, name: str, value: int | None) -> None:
        if value is not None and value > CAPS[name]:
            warnings.append((path, f"{value} is more than any run can use (at most {CAPS[name]})"))

    cap(("player", "water"), "water", adventure.player.water)
    cap(("player", "food"), "food", adventure.player.food)
    for item_id, item in adventure.items.items():
        for name, value in (("rations", item.rations), ("slots", item.slots), ("value", item.value),
                            ("armor", item.armor)):
            cap(("items", item_id, name), name, value)
        water = item.effect.get("water")
        if isinstance(water, int) and not isinstance(water, bool):
            cap(("items", item_id, "effect", "water"), "water", water)
    for room_id, room in adventure.rooms.items():
        cap(("rooms", room_id, "travel_minutes"), "travel_minutes", room.travel_minutes)
    return warnings


def _merchants(adventure: Adventure) -> list[Warning]:
    stocked = {home.partition(":")[2] for home in adventure.item_homes.values() if home.startswith("npc:")}
    return [(("npcs", npc_id), f"merchant '{npc_id}' has nothing to sell: give it items = [...]")
            for npc_id, npc in adventure.npcs.items()
            if (npc.disposition == "merchant" or npc.behaviour == "merchant") and npc_id not in stocked]


def check_warnings(folder: Path) -> list[str]:
    """The warning lines of an adventure folder that loads (nothing when it does not)."""
    try:
        adventure = load_adventure(folder)
    except ContentError:
        return []
    return locate(folder, find_warnings(adventure))
