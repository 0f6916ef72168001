"""BIND in play: Experience Points earned on a mission, awarded at downtime, spent with ``train``.

seed 003 §Time, Downtime: "This non-mission period allows the PCs to heal, and
advance Traits."  The numbers are the house rules of :mod:`game.systems.bind.advance`.

- A foe standing in the player's room as a round begins and beaten by its end
  (down, dead, or given up) earns its value; one that fled after fighting the player
  earns half (:func:`credit_defeats`).  The XP wait on the sheet for the next downtime.
- ``downtime`` awards them (the XP Discount taken off) and opens the training:
  ``train TRAIT`` spends XP, a level a Trait a downtime, until the player leaves.
- ``train`` alone lists each Trait's next level and its cost.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.errors import ActionRefused
from game.npc import memory
from game.rules.base import sheet_as
from game.systems.bind import advance as bind_advance
from game.systems.bind.events import XpEarned
from game.systems.bind.sheet import ATTRIBUTES, SKILLS, BindSheet
from game.systems.bind.turn import round_now, set_round
from game.text import quote_back

if TYPE_CHECKING:
    from game.actions import Turn
    from game.parser import Command
    from game.world.world import World


def note_foes(turn: Turn, foes: list[str]) -> None:
    """The round begins, or the player comes into a room: remember the foes standing there and
    where they stand (those met on arriving may fall in the same round)."""
    world = turn.world
    known = round_now(turn).foes
    set_round(turn, foes={**known, **{npc_id: world.npc_room(npc_id) for npc_id in foes if npc_id not in known}})


def credit_defeats(turn: Turn) -> None:
    """The round ends: each foe of its start beaten since earns XP, kept for the next downtime."""
    world = turn.world
    player = sheet_as(BindSheet, world.state.player)
    earned: list[int] = []
    for npc_id, room in round_now(turn).foes.items():
        fled = _beaten(world, npc_id, room)
        if fled is None:
            continue
        sheet = sheet_as(BindSheet, world.npc_state(npc_id).sheet)
        value = bind_advance.defeat_value(sheet, fled)
        if value:
            earned.append(value)
            turn.emit(XpEarned(npc_id, value, fled))
    if earned and world.state.status == "playing":
        world.state.player = dataclasses.replace(player, xp_pending=(*player.xp_pending, *earned))
    set_round(turn, foes={})


def _beaten(world: World, npc_id: str, room: str) -> bool | None:
    """None if the foe is not beaten; else whether it fled (half its value, if it had fought you)."""
    if world.npc_condition(npc_id) != "ok":
        return False
    if world.hostile(npc_id) or memory.remembers(world, npc_id, "beat"):
        return None  # still fighting, or it was the one to win (the player fell or surrendered)
    if world.npc_room(npc_id) == room:
        return False  # it gave up where it stood
    sheet = sheet_as(BindSheet, world.npc_state(npc_id).sheet)
    return True if sheet.engaged else None


def award(turn: Turn) -> None:
    """Downtime: the mission's XP awarded, training open (a downtime already under way goes on)."""
    world = turn.world
    player = sheet_as(BindSheet, world.state.player)
    if player.in_downtime:
        return
    after, event = bind_advance.award(player)
    world.state.player = dataclasses.replace(after, in_downtime=True)
    if event is not None:
        turn.emit(event)
    turn.say(f"You have {after.xp} XP. While you stay here, train TRAIT raises a Trait a level "
             "(train alone lists the costs).")


def leave(turn: Turn) -> None:
    """Moving on ends the downtime."""
    player = sheet_as(BindSheet, turn.world.state.player)
    if player.in_downtime:
        turn.world.state.player = dataclasses.replace(player, in_downtime=False, trained=())


def train(turn: Turn, command: Command) -> None:
    """``train [TRAIT]``: list the costs, or spend XP on a Trait's next level (in downtime only)."""
    world = turn.world
    player = sheet_as(BindSheet, world.state.player)
    words = " ".join(command.words).strip()
    if not words:
        for line in cost_lines(player):
            turn.say(line)
        return
    trait = bind_advance.trait_of(words)
    if trait is None:
        raise ActionRefused(f"Train which Trait? {quote_back(words)} is none of them: train alone lists them.")
    if not player.in_downtime:
        raise ActionRefused("Traits are trained in downtime: take downtime at a settlement first.")
    result = bind_advance.train(player, trait)
    if result.refusal:
        raise ActionRefused(result.refusal)
    world.state.player = result.sheet
    if result.event is not None:
        turn.emit(result.event)


def cost_lines(sheet: BindSheet) -> list[str]:
    """What ``train`` alone shows: the XP, and each Trait's next level and cost."""
    head = f"You have {sheet.xp} XP" + (
        "; in downtime, train TRAIT raises one a level." if sheet.in_downtime
        else "; Traits are trained in downtime (at a settlement).")
    if sheet.xp_pending:
        head += f" The {sum(sheet.xp_pending)} XP of this mission come at your next downtime."
    lines = [head]
    for group, names in (("Attributes", ATTRIBUTES), ("Skills", SKILLS)):
        parts = []
        for trait in names:
            now = bind_advance.trait_value(sheet, trait)
            cost = bind_advance.next_cost(sheet, trait)
            label = bind_advance.trait_name(trait)
            if cost is None:
                parts.append(f"{label} {now:+d} (highest)")
            elif trait in sheet.trained:
                parts.append(f"{label} {now:+d} (trained this downtime)")
            else:
                parts.append(f"{label} {now:+d} -> {now + 1:+d}: {cost} XP")
        lines.append(f"  {group}: " + ", ".join(parts) + ".")
    return lines
