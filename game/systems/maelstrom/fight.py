"""Maelstrom combat in play (house rule: seed 004's §Combat is empty).

An attack is an action (difficulty 6) against the defender's reflexive Reflexes
+ Dodge; the hit's margin adds damage dice, soak takes levels off, the health
track fills (the rule module, which returns the events).  Here: the weapon as it
is carried (its names for specialties; exotica and gifts as energy weapons),
readied Willpower, and a botched attack's consequence (the weapon dropped, or a
hurt), filled into the rules' :class:`~game.systems.maelstrom.events.AttackBotched`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.actions.combat import put_sheet
from game.errors import ActionRefused
from game.events import PLAYER, Event
from game.rules.base import RollResult, Situation, Weapon
from game.systems.maelstrom import rolls
from game.systems.maelstrom.actions import RANGED_DAMAGE, AttackRequest
from game.systems.maelstrom.events import AttackBotched
from game.systems.maelstrom.rolls import sheet_of
from game.systems.maelstrom.sheet import MaelstromSheet
from game.world.state import room_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.systems.maelstrom.rules import AttackOutcome, MaelstromSystem
    from game.world.world import World

#: Exotica and gifts used as weapons need this advanced Melee specialty (house rule).
RELIC_SPECIALTY = "energy weapons"
RELIC_KINDS = ("exotica", "gift")
#: The natural weapons of NPCs that carry none, by creature type, and their damage die.
NATURAL_WEAPONS: dict[str, str] = {
    "synthetic": "its crackling limbs", "fungal": "its clutching threads", "mineral": "its grinding pincers",
    "hypergeometric": "its cold touch", "psychic": "its cold touch",
}
NATURAL_DAMAGE = "d6"
BARE_HANDS = Weapon(name="bare hands", damage="d4")


def natural_weapon(sheet: MaelstromSheet) -> Weapon:
    """Teeth, claws, limbs (Strength + Brawling, lethal); a disarmed NPC fights with bare hands."""
    if sheet.disarmed:
        return BARE_HANDS
    name = NATURAL_WEAPONS.get(sheet.creature, "its teeth and claws")
    return Weapon(name=name, damage=NATURAL_DAMAGE,
                  system={"attribute": "strength", "ability": "brawling", "type": "lethal"})


def carried_item(world: World, weapon: Weapon, items: list[str]) -> str | None:
    """The item among ``items`` that is this weapon, if any."""
    return next((i for i in items if world.item_name(i) == weapon.name), None)


def as_carried(world: World, weapon: Weapon, items: list[str], relic: str = "thrown") -> Weapon:
    """The weapon with its item's names as specialty tags.  A relic weapon (an exotica
    or gift, not made to fight) does its damage by its die as a ranged weapon's and is
    loosed or thrown: Precision + Athletics (seed 004 §Precision: "thrown weapons";
    Athletics is a talent, so no dots is no penalty).  Under option ``relic_weapons =
    "energy-weapons"`` it is an energy weapon: Precision + Melee, and it needs Melee's
    advanced Energy Weapons specialty (a threshold without it)."""
    item_id = carried_item(world, weapon, items)
    if item_id is None:
        return weapon
    item = world.item(item_id)
    own = dict(weapon.system)
    given = own.get("specialty", ())
    own["specialty"] = (*rolls.item_tags(world, item_id), *((given,) if isinstance(given, str) else tuple(given)))
    if item.kind in RELIC_KINDS and item.damage is None:
        own.setdefault("attribute", "precision")
        if relic == "energy-weapons":
            own.setdefault("ability", "melee")
            own.setdefault("advanced", RELIC_SPECIALTY)
        else:
            own.setdefault("ability", "athletics")
            own.setdefault("specialty", ("throwing", "thrown"))
        own.setdefault("strength", False)
        own.setdefault("damage", RANGED_DAMAGE.get(weapon.damage, 4))
    return dataclasses.replace(weapon, system=own)


def _shown(result: AttackOutcome) -> tuple[RollResult, ...]:
    """The follow-up rolls worth showing: a roll of no dice is no roll."""
    return tuple(roll for roll in result.rolls if roll.dice)


def reported(turn: Turn, result: AttackOutcome) -> AttackOutcome:
    """The result as ``actions.combat.report_attack`` takes it: the follow-up rolls worth
    showing, and the events it emits (worded by the Maelstrom narrator)."""
    return dataclasses.replace(result, rolls=_shown(result))


def exchange(turn: Turn, system: MaelstromSystem, attacker: str, defender: str, weapon: Weapon,
             situation: Situation, evasions: Evasions) -> AttackOutcome:
    """One attack, whoever makes it: the weapon as its attacker carries it, the player's
    readied Willpower when the player attacks, the player's tiring evasion when the player
    defends (:func:`tiring`), the roll against the defender's reflexive evasion, damage
    against soak, a botch's consequence."""
    world = turn.world
    rolls.sync_armour(world)  # the player's soak is the armour worn now
    if attacker == PLAYER and rolls.player_sheet(world).condition != "ok":
        raise ActionRefused("Incapacitated, you cannot attack.")
    items = world.carried() if attacker == PLAYER else world.npc_items(attacker)
    weapon = as_carried(world, weapon, items, system.relic_weapons)
    request = system.attack_request(sheet_of(world, attacker), sheet_of(world, defender), weapon, situation)
    if attacker == PLAYER:  # only the player readies Willpower
        request = rolls.spend_readied(turn, system, request)
        turn.record(f"attack {world.the_npc(defender)}", request, amend=True)
    if defender == PLAYER:
        request = tiring(system, request, evasions.so_far(turn))
    result = system.resolve_attack(sheet_of(world, attacker), sheet_of(world, defender), weapon, request,
                                   turn.dice, attacker_id=attacker, defender_id=defender)
    put_sheet(world, attacker, result.attacker)
    put_sheet(world, defender, result.defender)
    if defender == PLAYER and result.roll.outcome != "botch":  # a botch never reached the evasion
        evasions.made(turn)
    if result.roll.outcome == "botch":
        result = dataclasses.replace(result, events=_botched(turn, system, result, weapon))
    return reported(turn, result)


@dataclass
class Evasions:
    """The player's evasions in the round under way, for the house rule of :func:`tiring`.

    A round is one command, so the count belongs to the :class:`Turn` it was made in
    and starts again at 0 in the next (nothing of it is saved).
    """

    turn: Turn | None = None
    count: int = 0

    def so_far(self, turn: Turn) -> int:
        """The evasions made earlier in ``turn``'s round."""
        return self.count if self.turn is turn else 0

    def made(self, turn: Turn) -> None:
        """The player evaded one more attack (hit or missed) in ``turn``'s round."""
        self.count, self.turn = self.so_far(turn) + 1, turn


def tiring(system: MaelstromSystem, request: AttackRequest, count: int) -> AttackRequest:
    """House rule: the first evasion of a round is the full Reflexes + Dodge pool; each
    further one in the same round loses ``evasion_cost`` dice for each of the ``count`` before it."""
    if request.evasion is None:
        return request
    loss = min(count * system.evasion_cost, request.evasion.dice)
    if not loss:
        return request
    evasion = request.evasion.with_reason(f"evasion {count + 1} this round: -{loss} dice",
                                          dice=request.evasion.dice - loss)
    return dataclasses.replace(request, evasion=evasion)


def _botched(turn: Turn, system: MaelstromSystem, result: AttackOutcome, weapon: Weapon) -> tuple[Event, ...]:
    """A botched attack's consequence, applied: the weapon carried is let go (an NPC
    fights on with bare hands), or, with none, the attacker hurts itself (a level of
    bashing damage).  The rules' :class:`AttackBotched`, filled in, and what followed."""
    world = turn.world
    botch = next(event for event in result.events if isinstance(event, AttackBotched))
    who = botch.attacker
    items = world.carried() if who == PLAYER else world.npc_items(who)
    item_id = carried_item(world, weapon, items)
    if item_id is not None:
        world.move_item(item_id, room_place(world.state.room if who == PLAYER else world.npc_room(who)))
        if who != PLAYER:
            npc = world.npc_state(who)
            npc.sheet = dataclasses.replace(sheet_of(world, who), disarmed=True)
        return (dataclasses.replace(botch, dropped=item_id),)
    wounded, after = rolls.hurt(turn, system, who)
    return (dataclasses.replace(botch, hurt=wounded), *after)
