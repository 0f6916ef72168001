"""The people and supplies: guardians, a merchant, foes scaled by depth, wanderers, water and food.

Foes stand in side rooms (never on a lock's square, never in the start, the
market or the goal room) with a tier that grows with the zone, plus the
blueprint's ``danger`` (the fairness step's dial).  Every zone has water
within it, food lies about in proportion to the rooms, and something that
heals lies in every other zone: supplies spaced by what the way costs.
"""
from __future__ import annotations

import random

from game.generate.model import Blueprint, ItemPlan, NpcPlan
from game.generate.themes import Person, Thing

FOES = {"small": (1, 2), "medium": (2, 3), "large": (4, 6)}
WANDERERS = {"small": 1, "medium": 2, "large": 3}


def slug(text: str) -> str:
    """An id from words: lowercase letters and digits joined by ``-``."""
    words = "".join(c if c.isalnum() else " " for c in text.lower()).split()
    return "-".join(w for w in words if w.isascii()) or "thing"


def new_item(blueprint: Blueprint, role: str, thing: Thing, kind: str, *, fixed: bool = False) -> ItemPlan:
    """An item of ``thing``, with an id not yet used (``-2``, ``-3`` after the first)."""
    base = slug(thing.name)
    item_id, number = base, 2
    while item_id in blueprint.items or item_id in blueprint.npcs:
        item_id, number = f"{base}-{number}", number + 1
    extra = dict(thing.extra)
    kind = str(extra.pop("kind", kind))
    if kind == "food":
        extra.setdefault("rations", 2)  # a food item without rations feeds nobody
    plan = ItemPlan(item_id, role, thing, kind, fixed, extra)
    blueprint.items[item_id] = plan
    return plan


def new_npc(blueprint: Blueprint, role: str, person: Person, tier: int, disposition: str, behaviour: str,
            room: str | None) -> NpcPlan:
    base = slug(person.name)
    npc_id, number = base, 2
    while npc_id in blueprint.npcs or npc_id in blueprint.items:
        npc_id, number = f"{base}-{number}", number + 1
    plan = NpcPlan(npc_id, role, person, max(1, min(5, tier)), disposition, behaviour, room=room)
    blueprint.npcs[npc_id] = plan
    if room is not None:
        blueprint.rooms[room].npcs.append(npc_id)
    return plan


#: What the danger dial does to foes' tiers: odd steps add a foe, every second step a tier.
TIER_BY_DANGER = {-2: -1, -1: -1, 0: 0, 1: 0, 2: 1, 3: 1}


def zone_tier(blueprint: Blueprint, zone: int, base: int) -> int:
    """A foe's tier in ``zone``: ``base``, one more in the deeper half, moved by the danger dial."""
    zones = max(r.zone for r in blueprint.rooms.values()) + 1
    return base + (1 if zone * 2 >= zones and zones > 2 else 0) + TIER_BY_DANGER[blueprint.danger]


def chain_tier(blueprint: Blueprint) -> int:
    """The tier of those the chain makes the player fight (guardians, keepers; the boss one more): the lowest,
    turned up only at the top of the dial.  The walkthrough fights them under all five systems at once
    without fleeing; the foes in side rooms carry the adventure's danger."""
    return 1 + max(0, blueprint.danger - 2)


def side_rooms(blueprint: Blueprint) -> list[str]:
    """Rooms where nothing of the chain happens: where foes and loot may go."""
    busy = {blueprint.start, blueprint.market, blueprint.goal_room}
    for lock in blueprint.locks:
        busy.update(r for r in (lock.room, lock.key_room, lock.aid_room) if r)
    return [r.id for r in blueprint.rooms.values() if r.id not in busy and not r.dark]


def place_people(rng: random.Random, blueprint: Blueprint) -> None:
    theme = blueprint.theme
    merchant = new_npc(blueprint, "merchant", rng.choice(theme.merchants), 1, "merchant", "merchant", blueprint.market)
    for role, things, kind in (("food", theme.foods, "food"), ("weapon", theme.weapons[1:], "weapon"),
                               ("armour", theme.armours[:-1], "armor"), ("healing", theme.healing, "tool")):
        merchant.items.append(new_item(blueprint, role, rng.choice(things), kind).id)
    _foes(rng, blueprint)
    _wanderers(rng, blueprint)


def _foes(rng: random.Random, blueprint: Blueprint) -> None:
    theme = blueprint.theme
    # Dead-end rooms only: no way to anywhere else leads through a foe, so a fight is a choice.
    rooms = [r for r in side_rooms(blueprint) if len(blueprint.rooms[r].exits) == 1]
    rng.shuffle(rooms)
    count = rng.randint(*FOES[blueprint.size]) + blueprint.danger
    for room_id in sorted(rooms[:max(0, count)], key=lambda r: blueprint.rooms[r].zone):
        zone = blueprint.rooms[room_id].zone
        tier = zone_tier(blueprint, zone, 1)
        person = theme.foes[min(len(theme.foes) - 1, max(0, tier - 1 + rng.randint(0, 1)))]
        new_npc(blueprint, "foe", person, tier, "hostile", "aggressive", room_id)
        blueprint.rooms[room_id].items.append(new_item(blueprint, "treasure", rng.choice(theme.treasures), "treasure").id)


def _wanderers(rng: random.Random, blueprint: Blueprint) -> None:
    theme = blueprint.theme
    people = list(theme.wanderers)
    rng.shuffle(people)
    zones = sorted({r.zone for r in blueprint.rooms.values()})
    for person, zone in zip(people[:WANDERERS[blueprint.size]], zones, strict=False):
        route = _route(rng, blueprint, zone)
        if len(route) < 2:
            continue
        npc = new_npc(blueprint, "wanderer", person, 1, "neutral", "wander", None)
        npc.route = route


def _route(rng: random.Random, blueprint: Blueprint, zone: int) -> list[str]:
    """A walk of up to four rooms along open ways of one zone, there and back (each stop next to the last)."""
    foes = {n.room for n in blueprint.npcs.values() if n.role in ("foe", "guardian", "boss", "keeper")}
    rooms = [r for r in blueprint.zone_rooms(zone) if r not in foes and not blueprint.rooms[r].dark]
    if not rooms:
        return []
    walk = [rng.choice(rooms)]
    for _ in range(3):
        here = blueprint.rooms[walk[-1]]
        steps = [e.to for e in here.exits.values() if not e.lock and e.to in rooms and e.to not in walk]
        if not steps:
            break
        walk.append(rng.choice(steps))
    return walk + walk[-2:0:-1]


def place_supplies(rng: random.Random, blueprint: Blueprint) -> None:
    """Water in every zone, food and healing spread by depth."""
    theme = blueprint.theme
    zones = sorted({r.zone for r in blueprint.rooms.values()})
    for zone in zones:
        rooms = [blueprint.rooms[r] for r in blueprint.zone_rooms(zone)]
        if not any(r.water for r in rooms):
            quiet = [r for r in rooms if r.id in side_rooms(blueprint) or r.id == blueprint.start] or rooms
            rng.choice(quiet).water = True
        spare = [r for r in rooms if not r.dark and r.id != blueprint.goal_room]
        if spare and (zone % 2 == 1 or zone == zones[-1]):
            rng.choice(spare).items.append(new_item(blueprint, "healing", rng.choice(theme.healing), "tool").id)
        if spare and blueprint.danger <= 0 and zone % 2 == 0:
            rng.choice(spare).items.append(new_item(blueprint, "food", rng.choice(theme.foods), "food").id)


def equip_player(rng: random.Random, blueprint: Blueprint) -> None:
    """The player's own weapon, light armour and water container, and a treasure to trade."""
    theme = blueprint.theme
    blueprint.player_items = [new_item(blueprint, "weapon", theme.weapons[0], "weapon").id,
                              new_item(blueprint, "water", theme.waters[0], "water").id,
                              new_item(blueprint, "treasure", rng.choice(theme.treasures), "treasure").id,
                              new_item(blueprint, "armour", theme.armours[-1], "armor").id]
    blueprint.items[blueprint.player_items[1]].keys.update(rations=4)
    blueprint.items[blueprint.player_items[2]].keys.update(value=3)
