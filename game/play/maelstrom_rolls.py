"""Maelstrom in play: what a check relates to, readied Willpower, botches, worn armour.

Every choice here is written down in ``docs/rules/maelstrom.md``:

- specialty tags of a check (seed 004 §Using Specialties: "your action needs
  to be related to the specialty"): the kind's own (the rule module), the item
  the command names (its names and kind, and its ``specialty`` stat), and
  ``ambushers`` for a perception check with a foe at hand;
- Willpower (RULES-NOTES; house rule details): the ``willpower`` verb readies a
  point, and the next check or attack spends it, for one automatic success or
  to win back the dice wounds take;
- a botched check has a consequence in play (seed 004 §Step 4: "things went
  very wrong"): a hurt, a dropped item or lost time, by the kind of check;
- armour: the best armour carried is worn and gives soak dots (house rule).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.errors import ActionRefused
from game.rules import maelstrom_sheet as sheets
from game.world.state import PLAYER, room_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.rules.maelstrom import MaelstromSystem
    from game.world.world import World

#: What a readied Willpower point does, as the player reads it.
WILLPOWER_USES: dict[str, str] = {
    "success": "one automatic success",
    "wounds": "your wounds ignored (the dice they take come back)",
}

#: Minutes a botch costs when what it spoils is time.
LOST_MINUTES = 30

#: Botch consequences by check kind: (what happens, the line).  ``hurt`` is a
#: level of bashing damage, ``drop`` drops the item the command names (or,
#: with none in hand, costs time), ``time`` costs :data:`LOST_MINUTES`,
#: ``will`` costs a Willpower point.
BOTCHES: dict[str, tuple[str, str]] = {
    "force": ("hurt", "You throw your weight at it and something in your shoulder tears."),
    "climb": ("hurt", "You slip and tumble all the way down."),
    "fight": ("hurt", "You overreach and wrench your arm."),
    "dodge": ("hurt", "You trip over your own feet and go down hard."),
    "resist": ("hurt", "It gets into you deeper than it should."),
    "survive": ("hurt", "The land takes more from you than its due."),
    "heal": ("hurt", "Your hands slip and the wound tears open again."),
    "identify": ("drop", "Your fingers fumble it."),
    "tinker": ("drop", "Your fingers fumble it."),
    "sneak": ("time", "You freeze at your own noise and wait, heart pounding, for a long while."),
    "perceive": ("time", "You lose your bearings and go over the same ground twice."),
    "search": ("time", "You lose your bearings and go over the same ground twice."),
    "lore": ("time", "You chase a false memory down a long blind alley."),
    "persuade": ("time", "You talk yourself into a corner and it takes a long time to get out."),
    "intimidate": ("time", "Your bluster falls flat, and the moment is long in passing."),
    "will": ("will", "Your resolve cracks."),
}


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
    sheet = world.state.player
    kept = sheet.get("armor_base")
    base = int(kept) if kept is not None else int(sheet["armor"])
    armor = max(base, worn_soak(world))
    if sheet.get("armor_base") != base or sheet["armor"] != armor:
        world.state.player = {**sheet, "armor_base": base, "armor": armor}


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

def readied(world: World) -> str:
    return str(world.state.player.get("willpower_armed", ""))


def spend_readied(turn: Turn, system: MaelstromSystem, request: Any) -> Any:
    """Spend the readied Willpower point on ``request`` (a pool or an attack); say so."""
    world = turn.world
    use = readied(world)
    if not use:
        return request
    try:
        sheet, changed = system.spend_willpower(world.state.player, request, use)
    except ActionRefused as refusal:
        turn.say(f"(Your Willpower stays ready: {refusal})")
        return request
    sheet["willpower_armed"] = ""
    world.state.player = sheet
    turn.say(f"You spend a point of Willpower ({sheet['willpower_points']} left): "
             f"{WILLPOWER_USES[use]} (house rule).")
    return changed


# -- botches ------------------------------------------------------------------------

def hurt(turn: Turn, system: MaelstromSystem, levels: int = 1) -> str:
    """Mark ``levels`` of bashing damage on the player; the line that says so."""
    world = turn.world
    world.state.player = system.take_damage(world.state.player, levels, "bashing")
    level = "level" if levels == 1 else "levels"
    return f"{levels} {level} of bashing damage: you are {sheets.health_text(world.state.player)}."


def botch_check(turn: Turn, system: MaelstromSystem, kind: str) -> None:
    """A botched check's consequence (seed 004 §Step 4), narrated and applied."""
    world = turn.world
    what, line = BOTCHES.get(kind, ("time", "Everything goes wrong at once."))
    if what == "drop":
        item_id = turn.referent[1] if turn.referent and turn.referent[0] == "item" else None
        if item_id is not None and world.place_of(item_id) == PLAYER and not world.item(item_id).fixed:
            world.move_item(item_id, room_place(world.state.room))
            turn.say(f"Botch! {line} The {world.item_name(item_id)} falls to the ground.")
            return
        what = "time"
    if what == "hurt":
        turn.say(f"Botch! {line} ({hurt(turn, system)})")
    elif what == "will" and world.state.player["willpower_points"] > 0:
        sheet = {**world.state.player}
        sheet["willpower_points"] -= 1
        world.state.player = sheet
        turn.say(f"Botch! {line} (a point of Willpower lost: {sheet['willpower_points']} left)")
    else:
        turn.spend(LOST_MINUTES)
        turn.say(f"Botch! {line} ({LOST_MINUTES} minutes lost)")
