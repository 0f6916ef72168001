"""What successes beyond the first change outside combat, applied after the player's action.

seed 004 §Step 4 ("a single success is enough to just barely make it while three or more
means you did a really good job") and §Determining Thresholds ("more will have her move
quickly and quietly"); the choices are house rules, in :mod:`game.systems.maelstrom.degrees`
and ``docs/rules/maelstrom.md``.  The shared actions decide success or failure as before;
this module only adds what the successes beyond the first buy, each said in its own line:

- 2+ on a search, an identify, a forced way or a climb: half the action's time given back;
- 3+ on a search: nothing else is hidden here (the searcher knows it);
- 3+ on an identify: what the thing does, in Maelstrom's terms (:func:`account`); 1 or 2:
  that more could have been learned;
- 3+ on a flight: the foes left behind do not follow.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.actions.deeds import weapon_of
from game.npc import memory
from game.rules.base import RollResult
from game.systems.maelstrom import degrees
from game.systems.maelstrom.actions import BONUS_AGAINST_DICE, HARM_DICE, weapon_profile
from game.systems.maelstrom.events import (
    DoneQuickly,
    LeftBehind,
    PartlyUnderstood,
    SearchedThoroughly,
    UnderstoodWell,
)
from game.systems.maelstrom.fight import as_carried
from game.systems.maelstrom.sheet import title

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.maelstrom.rules import MaelstromSystem

#: The labels of checks whose 3+ successes tell or do more.
THOROUGH_LABELS = ("search", "identify", "flee")


@dataclass
class ActionChecks:
    """The checks of the player's action under way: the way named in its command, and each
    check made (its label and result)."""

    told: str = ""
    made: list[tuple[str, RollResult]] = field(default_factory=list)

    def successes(self, label: str) -> int:
        """The successes of the checks labelled ``label``, as good as the worst (0: none made)."""
        nets = [int(result.figures.get("net", 0)) for made, result in self.made if made == label]
        return degrees.action_successes(nets)


def after_action(turn: Turn, system: MaelstromSystem, checks: ActionChecks, minutes: int) -> None:
    """Apply what the action's extra successes buy (see the module docstring); nothing under
    option ``degrees = "off"``."""
    if not system.degrees:
        return
    labels = list(dict.fromkeys(label for label, _ in checks.made))
    if len(labels) == 1 and labels[0] in degrees.QUICK_KINDS:
        _quickly(turn, labels[0], checks.successes(labels[0]), minutes)
    for label in labels:
        successes = checks.successes(label)
        if label in THOROUGH_LABELS and successes >= degrees.THOROUGH:
            _thoroughly(turn, system, label, successes)
        elif label == "identify" and successes and _identified(turn) and account(turn, system, _identified(turn)):
            turn.emit(PartlyUnderstood(successes))  # more could be learned: the player should know


def _quickly(turn: Turn, label: str, successes: int, minutes: int) -> None:
    saved = degrees.time_saved(label, successes, minutes)
    if saved:
        turn.minutes -= saved
        turn.emit(DoneQuickly(label, successes, minutes, saved))


def _thoroughly(turn: Turn, system: MaelstromSystem, label: str, successes: int) -> None:
    world = turn.world
    if label == "search":
        room = world.room
        if not world.hidden_items(room.id) and all(world.exit_visible(room.id, e) for e in room.exits.values()):
            turn.emit(SearchedThoroughly(successes))
    elif label == "identify":
        item_id = _identified(turn)
        said = account(turn, system, item_id) if item_id else ""
        if said:
            turn.emit(UnderstoodWell(successes, item_id, said))
    elif label == "flee" and turn.start_room and turn.start_room != world.state.room:
        foes = tuple(n for n in world.living_npcs_in(turn.start_room) if world.hostile(n))
        for foe in foes:
            memory.remember(world, foe, "pursued")  # a pursuer follows once: this flight counts as that once
        if foes:
            turn.emit(LeftBehind(successes, foes))


def _identified(turn: Turn) -> str:
    """The item the action identified ("" when it named none, or it stays unknown)."""
    referent = turn.referent
    if referent and referent[0] == "item" and referent[1] in turn.world.state.identified:
        return referent[1]
    return ""


def account(turn: Turn, system: MaelstromSystem, item_id: str) -> str:
    """What an item does, in Maelstrom's terms: its attack pool and damage, its bonus against a kind
    of creature, its healing, water or light (house rule: the account an appraiser would give)."""
    world = turn.world
    item = world.item(item_id)
    effect = item.effect
    parts = []
    if item.damage or effect.get("damage"):
        weapon = as_carried(world, weapon_of(world, item_id), [item_id], system.relic_weapons)
        profile = weapon_profile(weapon)
        use = {"athletics": "thrown", "firearms": "fired"}.get(profile.ability, "wielded")
        strength = "Strength + " if profile.strength else ""
        kind = f" ({effect['damage_type']})" if effect.get("damage_type") else ""
        parts.append(f"it is {use} with {title(profile.attribute)} + {title(profile.ability)} for "
                     f"{strength}{profile.damage} dice of {profile.kind} damage{kind}")
    if item.bonus_against:
        parts.append(f"it is made for {', '.join(item.bonus_against)} things ({BONUS_AGAINST_DICE} more damage "
                     "dice against them)")
    if effect.get("heal"):
        parts.append(f"it heals a level of damage for each success of {HARM_DICE.get(str(effect['heal']), 2)} dice"
                     " (at least one)")
    if effect.get("water"):
        parts.append(f"it gives {effect['water']} rations of water, once")
    if effect.get("reveal"):
        parts.append("it shows hidden ways")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""
