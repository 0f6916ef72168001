"""BIND in play: the body and the world around it.

- Weight and encumbrance (seed 003 §Weight & Encumbrance) on the seed's scale;
- what the player wields and wears, kept on the sheet for defence rolls and ``stats``;
- time (seed 003 §Time): intervals (four a day), Fatigue from the load each
  interval, healing a quarter of the HP a week, rests, downtime;
- space (seed 003 §Space): every room is an area, and entering an area of a
  region may bring one of the region's encounters.

Every choice here is written down in docs/rules/bind.md.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from game.actions.combat import UNARMED, best_weapon, named_natural
from game.actions.deeds import weapon_of
from game.events import PLAYER
from game.rules.base import RollResult, Weapon, sheet_as
from game.systems.bind import body as bind_body
from game.systems.bind import combat as bind_combat
from game.systems.bind.events import CameUpon, DowntimeTaken, FatigueChanged, HpChanged
from game.systems.bind.rules import BindSheet, BindSituation
from game.systems.bind.traits import attribute, kind_bonus
from game.systems.bind.turn import round_now, set_moment, set_round, the
from game.world.content import ItemDef
from game.world.state import DAY_MINUTES

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.bind.rules import BindSystem
    from game.world.world import World

#: Item kinds that count as gear: a new one in hand is a change of circumstances (one roll only).
GEAR_KINDS = frozenset({"weapon", "tool", "exotica", "armor", "gift"})
#: The gear that bears on each kind of check (one roll only); a kind not named: all gear.
GEAR_FOR: dict[str, frozenset[str]] = {
    **{kind: frozenset({"tool"}) for kind in ("climb", "sneak", "perceive", "search", "tinker", "survive",
                                               "heal", "lore", "persuade", "intimidate", "will", "resist")},
    "force": frozenset({"weapon", "tool"}),
    "fight": frozenset({"weapon", "armor", "exotica", "gift"}),
    "shoot": frozenset({"weapon", "exotica", "gift"}),
    "dodge": frozenset({"armor"}),
    "identify": frozenset({"tool", "exotica", "gift"}),
}
#: Minutes of one interval (a quarter of a day) and the hour the morning interval starts.
INTERVAL_MINUTES = DAY_MINUTES // len(bind_body.INTERVALS)
DAY_START_MINUTE = bind_body.DAY_START_HOUR * 60
#: Verbs during which the load does not tire (nobody is walking).
STILL_VERBS = frozenset({"rest", "wait", "downtime"})
#: House rule: the chance of meeting one of a region's encounters on entering one of its areas.
ENCOUNTER_DIE = 6
ENCOUNTER_ON = 1
#: What an NPC carrying no weapon strikes with: teeth, claws, lashes, d4 (1D6 + Strength).
NATURAL_WEAPON = Weapon(name="its natural weapons", damage="d4")
#: How long a BIND rest lasts (short: an interval; long: a whole day).
REST_MINUTES = {"short": INTERVAL_MINUTES, "long": DAY_MINUTES}
#: A week of downtime.
DOWNTIME_DAYS = 7
RULE_REGION = "seed 003 §Space (Region); house rule: 1 in 6 on entering an area"


# -- weight and encumbrance ------------------------------------------------------------

def item_weight(item: ItemDef) -> int:
    """An item's BIND Weight: the content's ``weight``, else 2 x slots - 3 (house rule).

    One slot weighs -1 (a knife, a robe, a waterskin), two +1 (a scimitar, a war
    shirt), three +3; an item of no slots weighs -3.
    """
    if item.weight is not None:
        return item.weight
    return 2 * item.slots - 3


def load_encumbrance(world: World, sheet: BindSheet, extra: ItemDef | None = None) -> int:
    """Encumbrance of what the player carries (plus ``extra``): each item's Weight above Strength, added up.

    The melee weapon wielded counts +2 when carried in one hand (:func:`one_handed`).
    """
    carried = world.carried()
    in_hand = one_handed(world, carried)
    strength = attribute(sheet, "strength")
    points = sum(bind_body.encumbrance(item_weight(world.item(i)), strength, one_hand=i == in_hand) for i in carried)
    return points + (bind_body.encumbrance(item_weight(extra), strength) if extra else 0)


def wielded_id(world: World, carried: list[str]) -> str | None:
    """The item id of the melee weapon the player wields (the one :func:`equip` puts on the sheet)."""
    weapon = best_weapon(world, carried, ranged=False)
    if weapon is None:
        return None
    return next((i for i in carried if world.item(i).is_weapon and not world.item(i).ranged
                 and weapon_of(world, i) == weapon), None)


def one_handed(world: World, carried: list[str]) -> str | None:
    """The item carried in only one hand (seed 003 §Weight: +2 to its Weight), or None.

    House rule (option ``one_hand_weight``): the solo wanderer fights one-handed,
    the other hand kept for the waterskin, the torch, the climb.  ``two-handers``
    (default): the wielded melee weapon counts +2 when the content marks it
    two-handed (``[items.X.stats.bind] hands = 2``: the seed's battle axe, Weight
    3, counts 5); a one-handed weapon's listed Weight is its Weight in one hand.
    ``wielded``: every wielded melee weapon counts +2.  ``off``: nothing does.
    """
    mode = getattr(world.system, "one_hand_weight", "two-handers")
    item_id = wielded_id(world, carried) if mode != "off" else None
    if item_id is None:
        return None
    two_handed = world.item(item_id).stats.get("bind", {}).get("hands", 1) == 2
    return item_id if mode == "wielded" or two_handed else None

def player_of(world: World) -> BindSheet:
    """The player's sheet (the state holds the running system's sheet type)."""
    sheet = sheet_as(BindSheet, world.state.player)
    return sheet


def npc_of(world: World, npc_id: str) -> BindSheet:
    """An NPC's sheet (made from its content when it has not changed yet)."""
    sheet = sheet_as(BindSheet, world.npc_state(npc_id).sheet)
    return sheet


def take_refusal(world: World, item_id: str) -> str | None:
    """Why the player cannot carry the item (seed 003 §Weight & Encumbrance), or None."""
    sheet = player_of(world)
    item = world.item(item_id)
    weight, strength = item_weight(item), attribute(sheet, "strength")
    name = world.item_name(item_id)
    if weight > bind_body.max_carry_weight(strength):
        return (f"The {name} is too heavy for you to carry: Weight {weight}, and you can carry at most "
                f"Strength {strength:+d} + 6 = {bind_body.max_carry_weight(strength)}.")
    now = load_encumbrance(world, sheet)
    if not bind_body.can_carry(weight, strength, encumbrance_now=now):
        return (f"You cannot carry the {name} as well: your load is already at Encumbrance {now}, "
                f"and nobody carries more at {bind_body.ENCUMBRANCE_LIMIT}.")
    return None


def situation(world: World, helpers: tuple[BindSheet, ...], **extra: Any) -> BindSituation:
    """The player's circumstances: load (slots, Weight, Encumbrance) and helpers."""
    items = [world.item(i) for i in world.carried()]
    base = BindSituation(
        carried_slots=sum(item.slots for item in items),
        carried_weight=sum(item_weight(item) for item in items),
        helper_sheets=helpers,
        encumbrance=load_encumbrance(world, player_of(world)),
    )
    return dataclasses.replace(base, **extra)


# -- arms and armour ---------------------------------------------------------------------

def best_armour(world: World, items: list[str]) -> ItemDef | None:
    armours = [world.item(i) for i in items if world.item(i).kind == "armor"]
    return max(armours, key=lambda a: armour_numbers(world, a)[0], default=None)


def armour_numbers(world: World, item: ItemDef) -> tuple[int, int]:
    """(DR, covering) of an armour: ``[items.X.stats.bind]`` dr/covering, else from ``armor``.

    House rule: a content armour value A (10 is none, as the defences of
    Vaarn's public material) gives DR A - 10 and covering DR + 1, the tiers' proportion.
    """
    stats = item.stats.get("bind", {})
    dr = int(stats["dr"]) if "dr" in stats else max(0, (item.armor or 10) - 10)
    covering = int(stats["covering"]) if "covering" in stats else (dr + 1 if dr else 0)
    return dr, covering


def melee_weapon(world: World) -> Weapon:
    """The weapon the player fights with when a foe attacks: the best melee weapon carried, else bare hands."""
    return best_weapon(world, world.carried(), ranged=False) or UNARMED


def equip(world: World, system: BindSystem, sheet: BindSheet) -> BindSheet:
    """The player's sheet wielding the best melee weapon carried and wearing the best armour."""
    carried = world.carried()
    sheet = system.arm(sheet, melee_weapon(world))
    armour = best_armour(world, carried)
    dr, covering = armour_numbers(world, armour) if armour else (0, 0)
    sheet = system.wear(sheet, dr, covering)
    return dataclasses.replace(sheet, name="you", encumbrance=load_encumbrance(world, sheet))


def npc_weapon(world: World, system: BindSystem, npc_id: str) -> Weapon:
    """The weapon an NPC fights with: its best carried (melee first), else its natural weapon."""
    carried = world.npc_items(npc_id)
    found = best_weapon(world, carried, ranged=False) or best_weapon(world, carried, ranged=True)
    return found or named_natural(world, npc_id, NATURAL_WEAPON)


def arm_npc(world: World, system: BindSystem, npc_id: str) -> BindSheet:
    """The NPC's sheet wielding its weapon and named for the narration (stored back)."""
    sheet = dataclasses.replace(system.arm(npc_of(world, npc_id), npc_weapon(world, system, npc_id)),
                                name=the(world, npc_id))
    world.npc_state(npc_id).sheet = sheet
    return sheet


# -- time ---------------------------------------------------------------------------------

def interval_index(minutes: int) -> int:
    """How many intervals have begun since the first morning (06:00 of day 1 is 0)."""
    return (minutes - DAY_START_MINUTE) // INTERVAL_MINUTES


def interval_name(minutes: int) -> str:
    return bind_body.INTERVALS[interval_index(minutes) % len(bind_body.INTERVALS)]


def minutes_to_interval_end(minutes: int) -> int:
    return INTERVAL_MINUTES - (minutes - DAY_START_MINUTE) % INTERVAL_MINUTES


def pass_intervals(turn: Turn, verb: str) -> None:
    """The intervals this action's time crosses: the load tires, and the new interval is named.

    seed 003 §Weight: Encumbrance adds to Fatigue every interval (house rule: its
    points, each interval begun while on the move; not while resting or waiting).
    """
    state = turn.world.state
    start, end = state.minutes, state.minutes + turn.minutes
    crossed = interval_index(end) - interval_index(start)
    if crossed <= 0 or verb == "downtime":
        return
    day = end // DAY_MINUTES + 1
    turn.say(f"It is now {interval_name(end)} (day {day}).")
    before = sheet_as(BindSheet, state.player)
    load = before.encumbrance
    if load and verb not in STILL_VERBS and state.status == "playing":
        state.player = bind_body.march(before, crossed, load)
        turn.emit(FatigueChanged(before.fatigue, player_of(turn.world).fatigue, "march", load))


def heal_a_day(turn: Turn) -> None:
    """A day has ended: a day towards healing a quarter of the HP a week (seed 003 §Healing).

    House rule: a day deprived of water or food does not count, and days at full
    HP are not saved up.
    """
    state = turn.world.state
    sheet = sheet_as(BindSheet, state.player)
    if bind_combat.condition(sheet) == "dead":
        return
    if sheet.hp >= sheet.max_hp:
        state.player = dataclasses.replace(sheet, healing_days=0)
        return
    if state.deprived:
        return
    healed = bind_body.heal_days(sheet, 1)
    state.player = healed
    if healed.hp != sheet.hp:
        turn.emit(HpChanged(PLAYER, "HP", sheet.hp, healed.hp, healed.max_hp, "week"))


def downtime(turn: Turn, free: bool = False) -> None:
    """A week of downtime at a settlement: everything heals (seed 003 §Downtime).

    Each day of the week needs its water and food as any day does (the clock's end
    of day: a settlement's well waters you free, food comes from your rations);
    option ``downtime_upkeep = "free"`` (house rule) keeps the week for nothing.
    The one-roll memo is cleared (it is another week).
    """
    world = turn.world
    state = world.state
    before = sheet_as(BindSheet, state.player)
    after = bind_body.downtime(before)
    set_moment(turn, memo={}, memo_day=0)
    state.player = after
    turn.spend(DOWNTIME_DAYS * DAY_MINUTES)
    if free:
        fed_until = (state.minutes + turn.minutes) // DAY_MINUTES + 1
        state.drank_day = state.ate_day = fed_until
        state.thirst_days = state.hunger_days = 0
    turn.emit(DowntimeTaken(world.room.name, before.hp, after.hp, before.fatigue))


# -- regions and encounters -------------------------------------------------------------

def standing_hostiles(world: World) -> list[str]:
    return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]


def encounter(turn: Turn) -> None:
    """Entering an area of a region with encounters: 1 in 6 that one of them finds you.

    Not in settlements, nor where a foe already stands.  With several encounters a
    second die picks one.  An encounter still alive elsewhere follows you here;
    one that fell is replaced by another of its kind.
    """
    world = turn.world
    room = world.room
    region = world.adventure.regions.get(room.region or "")
    if region is None or not region.encounters or room.settlement or standing_hostiles(world):
        return
    face = turn.dice.roll(ENCOUNTER_DIE)
    met = face <= ENCOUNTER_ON
    where = region.name or region.id
    text = (f"1d{ENCOUNTER_DIE} ({face}): {'an encounter' if met else 'nothing comes'} "
            f"(1 in {ENCOUNTER_DIE} on entering an area of {where})")
    turn.show_roll("encounters", RollResult("bind", (face,), "success" if met else "failure",
                                            {"total": face}, text, RULE_REGION))
    if not met:
        return
    choices = region.encounters
    npc_id = choices[0]
    if len(choices) > 1:
        pick = turn.dice.roll(len(choices))
        npc_id = choices[pick - 1]
        turn.show_roll("encounters", RollResult("bind", (pick,), "success", {"total": pick},
                                                f"1d{len(choices)} ({pick}): {the(world, npc_id)}",
                                                RULE_REGION))
    state = world.npc_state(npc_id)
    if world.system.condition(npc_of(world, npc_id)) != "ok":
        definition = world.npc(npc_id)
        state.sheet = world.npc_sheet(definition)
        state.disposition = definition.disposition
    if state.room == room.id:
        return
    state.room = room.id
    set_round(turn, arrived=round_now(turn).arrived | {npc_id})
    turn.emit(CameUpon(npc_id, where))


def gear(world: World, kind: str = "") -> str:
    """The gear in hand that bears on a check of ``kind`` (one roll only: new gear of use to the
    action changes the circumstances; a thing picked up that is no help to it does not).

    House rule (seed 003 §One Roll Only: "the result remains the same unless circumstances
    change"): weapons bear on fighting, forcing and shooting, armour on fighting and dodging,
    tools on every practical task, exotica and gifts on fights and on studying things.
    """
    kinds = GEAR_FOR.get(kind, GEAR_KINDS)
    return "+".join(sorted(i for i in world.carried() if world.item(i).kind in kinds)) or "none"


def helpers(world: World) -> list[str]:
    """Friendly NPCs standing in the room: they help with teamwork (seed 003 §Teamwork)."""
    found = []
    for npc_id in world.living_npcs_in():
        changed = world.state.npcs.get(npc_id)
        disposition = changed.disposition if changed else world.npc(npc_id).disposition
        if disposition == "friendly" and world.npc_condition(npc_id) == "ok":
            found.append(npc_id)
    return found


def helper_sheet(world: World, npc_id: str) -> BindSheet:
    changed = world.state.npcs.get(npc_id)
    return sheet_as(BindSheet, changed.sheet if changed else world.npc_sheet(world.npc(npc_id)))


def best_healer(world: World) -> tuple[str, BindSheet]:
    """Who tends the fallen player: the friendly NPC with the best Wits + Medicine, else the player."""
    best = ("you", player_of(world))
    for npc_id in helpers(world):
        sheet = helper_sheet(world, npc_id)
        if kind_bonus(sheet, "heal") > kind_bonus(best[1], "heal"):
            best = (the(world, npc_id), sheet)
    return best


#: seed 003 §Margins: how far above the TN an identify must go to learn what the thing does.
KNOWING_MARGIN = 3


def what_it_does(item: ItemDef) -> str:
    """A plain account of an item's effect, for a well-judged identify."""
    effect = item.effect
    parts = []
    if effect.get("damage") or item.damage:
        kind = f" {effect['damage_type']}" if effect.get("damage_type") else ""
        parts.append(f"it strikes for {item.damage or effect['damage']}{kind} damage")
    if item.bonus_against:
        parts.append(f"it is made for {', '.join(item.bonus_against)} things")
    if effect.get("heal"):
        parts.append(f"it heals ({effect['heal']})")
    if effect.get("water"):
        parts.append(f"it gives {effect['water']} rations of water, once")
    if effect.get("reveal"):
        parts.append("it shows hidden ways")
    return "; ".join(parts)


def margin_insight(turn: Turn) -> None:
    """seed 003 §Margins: an identify that beats the TN by 3 or more also tells what the thing does."""
    world = turn.world
    margin = round_now(turn).margins.get("identify", -1)
    referent = turn.referent
    if margin < KNOWING_MARGIN or not referent or referent[0] != "item":
        return
    item_id = referent[1]
    if item_id not in world.state.identified:
        return
    account = what_it_does(world.item(item_id))
    if account:
        turn.say(f"You understand it well (margin {margin}): {account}.")
