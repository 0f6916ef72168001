"""Maelstrom in play: what a check relates to, readied Willpower, botches, worn armour.

Every choice here is written down in ``docs/rules/maelstrom.md``:

- specialty tags of a check (seed 004 §Using Specialties: "your action needs
  to be related to the specialty"): the kind's own (the rule module), the item
  the command names (its names and kind, and its ``specialty`` stat), and
  ``ambushers`` for a perception check with a foe at hand;
- Willpower (Maelstrom's public rules; house rule details): the ``willpower`` verb readies a
  point (the run's :class:`~game.systems.maelstrom.sheet.MaelstromMoment`), and
  the next check or attack spends it, for one automatic success or to win back
  the dice wounds take;
- a botched check has a consequence in play (seed 004 §Step 4: "things went
  very wrong"): a hurt, a dropped item or lost time, by the kind of check;
- armour: the best armour carried is worn and gives soak dots (house rule).

What happens is emitted as events (:mod:`game.systems.maelstrom.events`), worded
by the Maelstrom narrator.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from game.errors import ActionRefused
from game.events import Event
from game.rules.base import sheet_as
from game.systems.maelstrom.actions import AttackRequest
from game.systems.maelstrom.events import (
    CheckBotched,
    Consequence,
    WillpowerKept,
    WillpowerSpent,
    WillpowerUse,
    Wounded,
)
from game.systems.maelstrom.pool import PoolRequest
from game.systems.maelstrom.sheet import MaelstromMoment, MaelstromSheet
from game.world.state import PLAYER, room_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.maelstrom.rules import MaelstromSystem
    from game.world.world import World

R = TypeVar("R", PoolRequest, AttackRequest)

#: Minutes a botch costs when what it spoils is time.
LOST_MINUTES = 30

#: What a botched check of each kind costs (any other kind: time).  ``DROP``
#: drops the item the command names, or, with none in hand, costs time;
#: ``WILL`` costs a Willpower point, or, with none left, time.
BOTCHES: dict[str, Consequence] = {
    "force": Consequence.HURT, "climb": Consequence.HURT, "fight": Consequence.HURT,
    "dodge": Consequence.HURT, "resist": Consequence.HURT, "survive": Consequence.HURT,
    "heal": Consequence.HURT,
    "identify": Consequence.DROP, "tinker": Consequence.DROP,
    "sneak": Consequence.TIME, "perceive": Consequence.TIME, "search": Consequence.TIME,
    "lore": Consequence.TIME, "persuade": Consequence.TIME, "intimidate": Consequence.TIME,
    "will": Consequence.WILL,
}


def player_sheet(world: World) -> MaelstromSheet:
    """The player's sheet (the state holds the running system's sheet type)."""
    sheet = sheet_as(MaelstromSheet, world.state.player)
    return sheet


def npc_sheet(world: World, npc_id: str) -> MaelstromSheet:
    """An NPC's sheet (made from its content when it has not changed yet)."""
    sheet = sheet_as(MaelstromSheet, world.npc_state(npc_id).sheet)
    return sheet


def sheet_of(world: World, actor: str) -> MaelstromSheet:
    """``actor``'s sheet, the player's or an NPC's, as this system's own type."""
    return sheet_as(MaelstromSheet, world.state.player if actor == PLAYER else world.npc_state(actor).sheet)


# -- armour -----------------------------------------------------------------------

def soak_of(world: World, item_id: str) -> int:
    """Soak dots of an armour item: its ``stats.maelstrom.armor``, else its content
    armour above 10 (Vaarn-style defence: robes 11 give 1, a war shirt 12 gives 2)."""
    item = world.item(item_id)
    own = item.stats.get("maelstrom", {})
    if "armor" in own:
        return int(own["armor"])
    armor = item.armor or 0
    return max(armor - 10, 0) if armor >= 10 else armor


def worn_soak(world: World) -> int:
    """The best armour carried is worn (house rule)."""
    return max((soak_of(world, i) for i in world.carried() if world.item(i).kind == "armor"), default=0)


def sync_armour(world: World) -> None:
    """Mirror the armour worn on the player's sheet (``armor_base`` keeps the sheet's own)."""
    sheet = player_sheet(world)
    base = sheet.armor_base if sheet.armor_base is not None else sheet.armor
    armor = max(base, worn_soak(world))
    if sheet.armor_base != base or sheet.armor != armor:
        world.state.player = replace(sheet, armor_base=base, armor=armor)


# -- what a check relates to --------------------------------------------------------

def item_tags(world: World, item_id: str) -> tuple[str, ...]:
    """An item's names, its kind and its own ``specialty`` stat."""
    item = world.item(item_id)
    own: Any = item.stats.get("maelstrom", {}).get("specialty", ())
    extra = (own,) if isinstance(own, str) else tuple(str(tag) for tag in own)
    return (world.item_name(item_id), item.name, *item.aliases, item.kind, *extra)


def check_tags(turn: Turn, kind: str) -> tuple[str, ...]:
    """Tags of a player check beyond its kind's own (for specialties)."""
    world = turn.world
    tags: list[str] = []
    if kind == "perceive" and foes_at_hand(world):
        tags.append("ambushers")
    command = turn.command
    if command is not None and (command.words or command.second) and turn.referent and turn.referent[0] == "item":
        tags.extend(item_tags(world, turn.referent[1]))
    return tuple(tags)


def foes_at_hand(world: World) -> list[str]:
    return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]


# -- Willpower ----------------------------------------------------------------------

def readied(world: World) -> WillpowerUse | None:
    """What the point of Willpower readied for the next roll will do (None: none is)."""
    moment = world.state.moment
    return moment.willpower if isinstance(moment, MaelstromMoment) else None


def ready(world: World, use: WillpowerUse | None) -> None:
    """Ready a point of Willpower for ``use``, or (None) ready none."""
    world.state.moment = MaelstromMoment(use) if use is not None else None


def spend_readied(turn: Turn, system: MaelstromSystem, request: R) -> R:
    """Spend the readied Willpower point on ``request`` (a pool or an attack), if one is readied."""
    world = turn.world
    use = readied(world)
    if use is None:
        return request
    try:
        sheet, changed = system.spend_willpower(player_sheet(world), request, use)
    except ActionRefused as refusal:
        turn.emit(WillpowerKept(str(refusal)))
        return request
    world.state.player = sheet
    ready(world, None)
    turn.emit(WillpowerSpent(use, sheet.willpower_points))
    return changed


# -- hurts and botches ----------------------------------------------------------------

def hurt(turn: Turn, system: MaelstromSystem, who: str, levels: int = 1) -> tuple[Wounded, tuple[Event, ...]]:
    """Mark ``levels`` of bashing damage on ``who`` (the player or an NPC): the
    :class:`Wounded` event and the generic events that followed (a fall...)."""
    world = turn.world
    sheet = player_sheet(world) if who == PLAYER else npc_sheet(world, who)
    change = system.wound(sheet, levels, "bashing", who=who)
    if who == PLAYER:
        world.state.player = change.sheet
    else:
        world.npc_state(who).sheet = change.sheet
    wounded = next(event for event in change.events if isinstance(event, Wounded))
    return wounded, tuple(event for event in change.events if event is not wounded)


def botch_check(turn: Turn, system: MaelstromSystem, kind: str) -> None:
    """A botched check's consequence (seed 004 §Step 4), applied and emitted."""
    world = turn.world
    what = BOTCHES.get(kind, Consequence.TIME)
    if what is Consequence.DROP:
        item_id = turn.referent[1] if turn.referent and turn.referent[0] == "item" else None
        if item_id is not None and world.place_of(item_id) == PLAYER and not world.item(item_id).fixed:
            world.move_item(item_id, room_place(world.state.room))
            turn.emit(CheckBotched(kind, what, dropped=item_id))
            return
        what = Consequence.TIME
    sheet = player_sheet(world)
    if what is Consequence.HURT:
        wounded, after = hurt(turn, system, PLAYER)
        turn.emit(CheckBotched(kind, what, hurt=wounded), *after)
    elif what is Consequence.WILL and sheet.willpower_points > 0:
        world.state.player = replace(sheet, willpower_points=sheet.willpower_points - 1)
        turn.emit(CheckBotched(kind, what, willpower_left=sheet.willpower_points - 1))
    else:
        turn.spend(LOST_MINUTES)
        turn.emit(CheckBotched(kind, Consequence.TIME, minutes=LOST_MINUTES))
