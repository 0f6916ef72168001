"""Vaarn in play: Mystic Gifts and Exotica used at the player's risk.

Seed 001 §Mystic Gifts and §Exotica.  A Gift is an item of kind ``gift``; its
``effect`` says what it does:

- ``damage = "d8"``: a combat Gift (it always hits);
- ``heal = "d6"``: a healing Gift (the player, or an NPC named with ``on``);
- ``sustain = "ward"`` or ``"calm"``: a lasting Gift paid per ten minutes: a
  ward gives the foes' attacks disadvantage; calm holds one NPC still.

The HP cost is the baseline d6 unless the player names another die
(``invoke psalm d8``: a bigger effort) or the item's ``[items.X.stats.vaarn]
cost`` does; the effect is one die size up (+ PSY with item slots).  The die in
the content effect is not rolled by Vaarn: it only says what kind of Gift it is.

The sustained Gift lives on the player's sheet as a
:class:`~game.systems.vaarn.sheet.Sustained` (``until`` in game minutes).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from game.actions.checks import roll_check
from game.actions.combat import confirm_attack, put_sheet
from game.actions.scope import Orphan, Scope, resolve, resolve_carried
from game.deferred import deferred
from game.errors import ActionRefused
from game.events import PLAYER, Event
from game.systems.vaarn.body import settle_npc, settle_player
from game.systems.vaarn.data import BASELINE_COST, DIE_LADDER
from game.systems.vaarn.rules import VaarnSystem
from game.systems.vaarn.scene import npc_of, npc_the, player_of, rouse, sheet_of, update_player
from game.systems.vaarn.sheet import Sustained, VaarnSheet

if TYPE_CHECKING:
    from game.actions import Turn, deeds
    from game.parser import Command
    from game.rules.base import RollResult
    from game.systems.vaarn import events as vaarn_events
    from game.world.world import World
else:
    vaarn_events = deferred("game.systems.vaarn.events")
    deeds = deferred("game.actions.deeds")

SELF_WORDS = {"me", "myself", "self", "yourself", "i"}
SUSTAINED_EFFECTS = ("ward", "calm")
PERIOD = 10
#: A die word, ``d8`` (compiled, and cached by ``re``, at first use).
_DIE = r"^d(\d+)$"


# -- lasting gifts ---------------------------------------------------------------------------

def expire(turn: Turn) -> None:
    """End a lasting Gift whose paid time has run out."""
    world = turn.world
    held = player_of(world).sustained
    if held is not None and held.until <= world.state.minutes:
        update_player(world, sustained=None)
        turn.say(f"The {held.effect} of your {held.name} fades. "
                 "(Invoke it again to hold it ten minutes more.)")


# -- invoking ----------------------------------------------------------------------------------

def split_dice(words: tuple[str, ...]) -> tuple[tuple[str, ...], int | None]:
    """Words without a die word such as ``d8``, and the die's sides (None when absent)."""
    sides = None
    kept = []
    for word in words:
        match = re.match(_DIE, word)
        if match:
            sides = int(match.group(1))
        else:
            kept.append(word)
    return tuple(kept), sides


def invoke_command(system: VaarnSystem, turn: Turn, command: Command) -> None:
    """``invoke GIFT [dN] [on TARGET]``, ``invoke GIFT for N`` (ten-minute periods)."""
    world = turn.world
    words, sides = split_dice(command.words)
    second, sides2 = split_dice(command.second)
    sides = sides or sides2
    periods = command.number or 1
    target: tuple[str, ...] = ()
    if command.preposition == "for" and second and all(w.isdigit() for w in second):
        periods = int(second[0][:3])
    else:
        target = second
    if not words:
        gifts = [i for i in world.carried() if world.item(i).kind == "gift"]
        if len(gifts) != 1:
            raise ActionRefused("Invoke which Gift?" if gifts else "You hold no Gift.")
        words = tuple(world.item_name(gifts[0]).lower().split())
    item_id = resolve_carried(world, words, turn.referent, pronouns=turn.pronouns, what="invoke")
    turn.referent = ("item", item_id)
    if world.item(item_id).kind != "gift":
        raise ActionRefused(f"The {world.item_name(item_id)} is no Gift.")
    invoke(system, turn, item_id, target, sides, periods)


def invoke(system: VaarnSystem, turn: Turn, item_id: str, target_words: tuple[str, ...], sides: int | None = None,
           periods: int = 1) -> None:
    """Use a Gift: pay its HP cost and do what it does (seed 001 §Mystic Gifts)."""
    world = turn.world
    item = world.item(item_id)
    effect = dict(item.effect)
    cost = sides or _cost_die(item.stats.get("vaarn", {}))
    if cost not in DIE_LADDER:
        raise ActionRefused(f"A Gift is paid with one of {', '.join(f'd{s}' for s in DIE_LADDER)}.")
    name = world.item_name(item_id)
    if "damage" in effect:
        _combat_gift(system, turn, item_id, target_words, cost)
    elif "heal" in effect:
        _healing_gift(system, turn, item_id, target_words, cost)
    elif effect.get("sustain") in SUSTAINED_EFFECTS:
        _lasting_gift(system, turn, item_id, str(effect["sustain"]), target_words, cost, periods)
    else:
        raise ActionRefused(f"You cannot tell what the {name} would do.")
    settle_player(turn)
    turn.spend(1)


def _cost_die(stats: Any) -> int:
    match = re.match(_DIE, str(stats.get("cost", f"d{BASELINE_COST}")))
    return int(match.group(1)) if match else BASELINE_COST


def _npc_target(turn: Turn, words: tuple[str, ...], what: str) -> str:
    world = turn.world
    _, npc_id = resolve(Scope(world, [("npc", n) for n in world.npcs_in()]), words, turn.referent, what=what)
    if world.npc_condition(npc_id) == "dead":
        raise ActionRefused(f"{npc_the(world, npc_id, True)} is beyond any Gift.")
    return npc_id


def _show(turn: Turn, label: str, rolls: tuple[RollResult, ...], events: tuple[Event, ...], target: str = "") -> None:
    """Show a Gift's rolls, then its events (those about the NPC ``target`` named so)."""
    for roll in rolls:
        turn.show_roll(label, roll)
    turn.emit(*(vaarn_events.naming(events, target) if target else events))


def _combat_gift(system: VaarnSystem, turn: Turn, item_id: str, target_words: tuple[str, ...], cost: int) -> None:
    world = turn.world
    name = world.item_name(item_id)
    if not target_words:
        raise Orphan(f"Turn the {name} on whom?", join="on")
    npc_id = _npc_target(turn, target_words, "strike with the Gift")
    turn.referent = ("npc", npc_id)
    npc = world.npc_state(npc_id)
    if npc.disposition != "hostile":
        confirm_attack(turn, npc_id)
        npc.disposition = "hostile"
        turn.say(f"{npc_the(world, npc_id, True)} turns on you!")
    rouse(world, npc_id)
    turn.say(f"You call on the {name}; it always finds its mark.")
    was = world.npc_condition(npc_id)
    gift_strike(system, turn, PLAYER, npc_id, item_id, cost)
    deeds.after_npc_hit(turn, npc_id, was)


def _healing_gift(system: VaarnSystem, turn: Turn, item_id: str, target_words: tuple[str, ...], cost: int) -> None:
    world = turn.world
    name = world.item_name(item_id)
    if target_words and not set(target_words) <= SELF_WORDS:
        npc_id = _npc_target(turn, target_words, "heal")
        npc = world.npc_state(npc_id)
        turn.say(f"You speak the {name} over {npc_the(world, npc_id)}.")
        result = system.gift_heal(player_of(world), npc_of(world, npc_id), turn.dice, cost)
        world.state.player, npc.sheet = result.user, result.target
        _show(turn, f"gift: {name}", result.rolls, result.events, npc_id)
        return
    if system.health_fraction(player_of(world)) >= 1.0:
        raise ActionRefused(f"You are not hurt: the {name} has nothing of yours to mend.")
    turn.say(f"You speak the {name} over your own wounds.")
    mended = gift_mend(system, turn, PLAYER, item_id, cost)
    turn.say(f"Your HP: {mended.hp}/{mended.max_hp}.")


def _lasting_gift(system: VaarnSystem, turn: Turn, item_id: str, effect: str, target_words: tuple[str, ...],
                  cost: int, periods: int) -> None:
    world = turn.world
    name = world.item_name(item_id)
    if not 1 <= periods <= 36:
        raise ActionRefused("Hold a Gift for 1 to 36 ten-minute spells.")
    target = ""
    if effect == "calm":
        if not target_words:
            raise ActionRefused(f"Hold whom with the {name}?")
        target = _npc_target(turn, target_words, "hold")
        turn.referent = ("npc", target)
    result = system.sustain_gift(player_of(world), periods, turn.dice, cost)
    world.state.player = result.user
    _show(turn, f"gift: {name}", result.rolls, result.events)
    if system.condition(result.user) != "ok":
        return
    minutes = periods * PERIOD
    update_player(world, sustained=Sustained(item_id, name, effect, target, world.state.minutes + minutes))
    if effect == "ward":
        turn.say(f"A shimmering ward closes around you for {minutes} minutes: blows against you go astray.")
    else:
        turn.say(f"{npc_the(world, target, True)} goes still under your will, for {minutes} minutes.")


# -- exotica at the player's risk -------------------------------------------------------------

def risky_use(turn: Turn, item_id: str, target_words: tuple[str, ...]) -> bool:
    """Use an Exotica nobody has worked out (seed 001 §Exotica: "use it and hope for the best").

    House rule: an INT save at the item's identify difficulty.  Success: it
    works and the player learns what it is (False: the engine then carries out
    the effect).  Failure: it lashes back for d6 damage and nothing else happens.
    """
    world = turn.world
    item = world.item(item_id)
    name = world.item_name(item_id)
    if (item.effect.get("damage") is not None or item.damage) and not target_words:
        raise Orphan(f"Use the {name} on whom?", join="on")
    difficulty = item.identify or "normal"
    numbers = dict(item.identify_check.numbers) if item.identify_check else {}
    turn.say(f"You do not know what the {name} does. You try it anyway.")
    result = roll_check(turn, "identify", difficulty, label=f"use the unknown {name}", numbers=numbers)
    if result.succeeded:
        world.state.identified.add(item_id)
        world.state.puzzled.discard(item_id)
        turn.say(f"Something gives under your fingers: it is the {item.true_name}.")
        return False
    turn.say(f"The {name} lashes back at you!")
    turn.play.harm(turn, "d6", "backfire")
    turn.spend(1)
    return True


# -- NPCs' Gifts (game.play.npc_items) ------------------------------------------------------

def cost_die(item_stats: Any) -> int:
    """The cost die of a Gift: the item's ``[items.X.stats.vaarn] cost``, else the baseline d6."""
    return _cost_die(item_stats)


def npc_may_invoke(world: World, npc_id: str, item_id: str) -> bool:
    """House rule (seed 001 §Mystic Gifts, as for the player): an NPC uses a combat or healing Gift
    (a lasting one, never) and only while it has more HP than the cost die can take, so paying
    never fells it."""
    item = world.item(item_id)
    if "damage" not in item.effect and "heal" not in item.effect:
        return False
    return bool(npc_of(world, npc_id).hp > cost_die(item.stats.get("vaarn", {})))


def gift_label(world: World, user: str, item_id: str) -> str:
    """The dice-log label of a Gift's rolls: the player's names the Gift, an NPC's names the NPC."""
    return f"gift: {world.item_name(item_id)}" if user == PLAYER else f"{world.the_npc(user)}: gift"


def gift_strike(system: VaarnSystem, turn: Turn, user: str, target: str, item_id: str, cost: int) -> None:
    """A combat Gift, whoever calls on it (seed 001 §Mystic Gifts): ``user`` pays the cost die in HP
    and the Gift always hits ``target``; both sheets put back, the rolls shown, the events told."""
    world = turn.world
    result = system.gift_attack(sheet_of(world, user), sheet_of(world, target), turn.dice, cost)
    put_sheet(world, user, result.user)
    put_sheet(world, target, result.target)
    _show(turn, gift_label(world, user, item_id), result.rolls, result.events, target if user == PLAYER else user)


def gift_mend(system: VaarnSystem, turn: Turn, user: str, item_id: str, cost: int) -> VaarnSheet:
    """A healing Gift on its user's own wounds, whoever: the cost die in HP, then the healing one
    size up (seed 001 §Mystic Gifts); returns the user's sheet after."""
    world = turn.world
    result = system.gift_heal(sheet_of(world, user), None, turn.dice, cost)
    put_sheet(world, user, result.user)
    _show(turn, gift_label(world, user, item_id), result.rolls, result.events, "" if user == PLAYER else user)
    return result.user


def npc_gift(system: VaarnSystem, turn: Turn, npc_id: str, item_id: str) -> None:
    """An NPC calls on a Gift it carries: on its own wounds when the Gift heals, else on the player
    (:func:`gift_strike`; then both sides' harm settles)."""
    cost = cost_die(turn.world.item(item_id).stats.get("vaarn", {}))
    if "heal" in turn.world.item(item_id).effect:
        gift_mend(system, turn, npc_id, item_id, cost)
        return
    gift_strike(system, turn, npc_id, PLAYER, item_id, cost)
    settle_player(turn)
    settle_npc(turn, npc_id)
