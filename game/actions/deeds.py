"""Every actor's deeds: the actions a policy chooses for an NPC and the player's commands make.

An action is a small frozen record; ``action.perform(turn, actor)`` does it, ``actor``
being :data:`~game.events.PLAYER` or an NPC's id.  There is one handler per deed,
whoever does it: the player's ``attack`` builds an :class:`Attack` and performs it
as an NPC's policy's choice is performed (the python-tcod tutorial's ``Action``,
which its AI returns as the player's keys do).  What only the rule system knows
comes through the play object's narrow interface (``docs/internals/system-interface.md``):
how an exchange of blows is resolved (``exchange``), which blows an actor's turn
holds (``strikes``), healing (``heal``).

Checking stays with whoever turns words into the action (the player's command
handler refuses with :class:`~game.errors.ActionRefused`, costing no turn); a
policy only chooses what the view says it can do.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.actions.arms import weapon_of as weapon_of  # every system's exchange reads it here
from game.actions.arrival import Go
from game.deferred import deferred
from game.events import PLAYER
from game.npc import memory
from game.rules.base import Situation, Weapon
from game.text import capital, join_names, subject, the, verb_s
from game.world.state import room_place

if TYPE_CHECKING:
    from game.actions import Turn
    from game.events import fight as events_fight
    from game.events import world as events_world
    from game.world.world import World
else:
    events_fight = deferred("game.events.fight")
    events_world = deferred("game.events.world")

#: What an actor uses an item for: on a foe, or on its own wounds.
HARM, HEAL = "harm", "heal"


def after_npc_hit(turn: Turn, npc_id: str, was: str = "ok") -> None:
    """Narrate an NPC falling, and drop what it carried; ``was`` is its condition before the blow
    (one already down that stays down does not fall again)."""
    world = turn.world
    condition = world.npc_condition(npc_id)
    if condition in ("ok", was):
        return
    name = world.npc_name(npc_id)
    turn.say(f"{capital(the(name))} {'dies' if condition == 'dead' else 'collapses, out of the fight'}.")
    dropped = world.drop_npc_items(npc_id)
    if dropped:
        pronoun = world.npc(npc_id).pronoun
        turn.say(f"{capital(subject(pronoun))} {verb_s(pronoun, 'drops', 'drop')} "
                 f"{join_names([world.item_a(i) for i in dropped])}.")
    if condition == "dead":
        turn.play.npc_killed(turn, npc_id)


def standing(turn: Turn) -> bool:
    """Whether the run goes on with the player on their feet (blows stop when not)."""
    world = turn.world
    return world.state.status == "playing" and world.system.condition(world.state.player) == "ok"


def strike(turn: Turn, attacker: str, defender: str, weapon: Weapon, situation: Situation) -> None:
    """One exchange of blows, whoever attacks whom: the system resolves and reports it
    (``play.exchange``), then an NPC that fell in it (either side) falls and drops its things."""
    world = turn.world
    before = {who: world.npc_condition(who) for who in (defender, attacker) if who != PLAYER}
    turn.play.exchange(turn, attacker, defender, weapon, situation)
    for who, was in before.items():
        after_npc_hit(turn, who, was)


def fight(turn: Turn, actor: str, deed: Fight) -> None:
    """A fighting deed: the blows the system's round economy gives an NPC (``play.strikes``: it
    may close in first, or hold back; with the deed's weapon when it names one), or the player's
    blow with the weapon the command chose; each an exchange."""
    play = turn.play
    if actor == PLAYER:  # the command chose the weapon, and spends the player's own economy
        weapons = [deed.weapon] if deed.weapon is not None else []
    else:
        weapons = play.strikes(turn, actor, deed.mode, deed.weapon)
    situation = deed.situation if deed.situation is not None else Situation()
    for weapon in weapons:
        if not standing(turn) and deed.target == PLAYER:
            break
        strike(turn, actor, deed.target, weapon, situation)
    if actor != PLAYER and deed.mode != "hold":
        memory.remember(turn.world, actor, "fought")  # it may pursue the player, or come looking


@dataclass(frozen=True)
class Fight:
    """Fight ``target`` (the player unless named), with ``weapon`` or as the system gives.

    ``situation`` is the attacker's circumstances (the player's, with the dice committed);
    None for an NPC, whose circumstances the system reads in the exchange.
    """

    target: str = PLAYER
    weapon: Weapon | None = None
    situation: Situation | None = None
    #: ``melee``, ``shoot``, ``close`` (move in to fight) or ``hold`` (keep its distance).
    mode: ClassVar[str] = "melee"

    def perform(self, turn: Turn, actor: str) -> None:
        fight(turn, actor, self)


@dataclass(frozen=True)
class Attack(Fight):
    """Strike in melee (with a ranged weapon when the actor has nothing else)."""


@dataclass(frozen=True)
class Shoot(Fight):
    """Shoot from where the actor stands."""

    mode: ClassVar[str] = "shoot"


@dataclass(frozen=True)
class CloseIn(Fight):
    """Move towards the target to fight in melee."""

    mode: ClassVar[str] = "close"


@dataclass(frozen=True)
class HoldBack(Fight):
    """Keep its distance this round, ready to defend."""

    mode: ClassVar[str] = "hold"


def mend(turn: Turn, actor: str, item_id: str, label: str) -> None:
    """``actor`` heals with a healing item, whoever it is: the system's ``heal`` by the item's
    die, its rolls shown under ``label``; the item is used up unless ``consumed = false``."""
    world = turn.world
    turn.play.heal(turn, str(world.item(item_id).effect["heal"]), label, actor=actor)
    if world.item(item_id).effect.get("consumed", True):
        world.destroy_item(item_id)


@dataclass(frozen=True)
class UseItem:
    """Use ``item`` (a gift or exotica the actor carries): on the player (``harm``) or on its own
    wounds (``heal``).  The item means what its ``effect`` says, in anyone's hands: its damage
    is an attack with it as the weapon; its healing is the system's ``heal`` with its die."""

    item: str
    purpose: str

    def perform(self, turn: Turn, actor: str) -> None:
        world = turn.world
        play = turn.play
        if self.item not in world.npc_items(actor):
            return
        turn.emit(events_world.ItemUsed(actor, self.item, self.purpose))
        if self.purpose == HEAL:
            before = world.system.health(world.npc_state(actor).sheet)
            if not play.use_item(turn, self.item, (), actor=actor):  # the system's own meaning first (a Gift)
                mend(turn, actor, self.item, f"{world.the_npc(actor)} heals")
            turn.emit(events_world.NpcRecovered(actor, before, world.system.health(world.npc_state(actor).sheet)))
        elif play.use_item(turn, self.item, (), actor=actor):
            memory.remember(world, actor, "fought")
        else:
            Attack(weapon=weapon_of(world, self.item)).perform(turn, actor)
        after_npc_hit(turn, actor)


@dataclass(frozen=True)
class Flee:
    """Run out of the fight through ``direction`` (an exit of the actor's room), whoever runs: the
    player into the room beyond, described; an NPC away, wary from then on, not hostile, and
    remembering it was routed.

    Whether the actor gets away is settled before, by the system's rules: an NPC's policy
    chooses to flee when its nerve broke (the system's morale rule, in its view), the player's
    ``flee`` after the check to break away (the system's ``check``, label ``flee``).
    """

    direction: str

    def perform(self, turn: Turn, actor: str) -> None:
        world = turn.world
        if actor == PLAYER:
            turn.emit(events_fight.Fled(PLAYER, self.direction))
            Go(self.direction).perform(turn, PLAYER)
            return
        world.npc_state(actor).disposition = "wary"
        memory.remember(world, actor, "routed", "fought")
        world.move_npc(actor, world.adventure.rooms[world.npc_room(actor)].exits[self.direction].to)
        turn.emit(events_fight.Fled(actor, self.direction))


@dataclass(frozen=True)
class Surrender:
    """Give up the fight: wary from now on, its weapons thrown down."""

    def perform(self, turn: Turn, actor: str) -> None:
        world = turn.world
        npc = world.npc_state(actor)
        npc.disposition = "wary"
        memory.remember(world, actor, "routed", "fought", "surrendered")
        for item_id in [i for i in world.npc_items(actor) if world.item(i).is_weapon]:
            world.move_item(item_id, room_place(npc.room))
        turn.emit(events_fight.Surrendered(actor))


def standing_hostiles(world: World, room_id: str | None = None) -> list[str]:
    """The hostile NPCs standing in a room (the player's by default)."""
    return [n for n in world.living_npcs_in(room_id) if world.hostile(n) and world.npc_condition(n) == "ok"]


def allies_near(world: World, room_id: str) -> list[str]:
    """Hostile, standing NPCs in the rooms next door that would answer a call (guards keep their posts)."""
    found: list[str] = []
    for exit_def in world.adventure.rooms[room_id].exits.values():
        if not world.exit_open(room_id, exit_def):
            continue
        found += [n for n in standing_hostiles(world, exit_def.to)
                  if world.npc(n).behaviour not in ("guard", "coward") and n not in found]
    return found


@dataclass(frozen=True)
class CallAllies:
    """Shout for the NPCs of the rooms next door: each hostile one comes (and fights next round)."""

    def perform(self, turn: Turn, actor: str) -> None:
        world = turn.world
        room = world.npc_room(actor)
        memory.remember(world, actor, "called")
        turn.emit(events_world.CalledForHelp(actor))
        for ally in allies_near(world, room):
            came_from = world.npc_room(ally)
            direction = next((e.direction for e in world.adventure.rooms[room].exits.values()
                              if e.to == came_from), "")
            world.move_npc(ally, room)
            memory.remember(world, ally, "fought")
            if room == world.state.room:
                turn.emit(events_world.Arrived(ally, direction, "call"))


@dataclass(frozen=True)
class Pursue:
    """Follow the player, who ran through ``direction`` of the actor's room (it strikes next round)."""

    direction: str

    def perform(self, turn: Turn, actor: str) -> None:
        memory.remember(turn.world, actor, "pursued")  # a chase is given up once outrun again
        Go(self.direction, "pursuit").perform(turn, actor)


@dataclass(frozen=True)
class Search:
    """Come looking for the player, who is in the room through ``direction``."""

    direction: str

    def perform(self, turn: Turn, actor: str) -> None:
        Go(self.direction, "search").perform(turn, actor)


@dataclass(frozen=True)
class Wander:
    """Walk through ``direction`` along its route (the clock moves wanderers: nothing now)."""

    direction: str

    def perform(self, turn: Turn, actor: str) -> None:
        """Routes are kept by the clock (``World.route_room``), not by a deed."""


@dataclass(frozen=True)
class Trade:
    """Stay and offer its wares (the player's ``trade`` does the rest)."""

    def perform(self, turn: Turn, actor: str) -> None:
        """Nothing happens until the player trades."""


@dataclass(frozen=True)
class Wait:
    """Do nothing this round."""

    def perform(self, turn: Turn, actor: str) -> None:
        """Nothing: waiting is a choice too."""


#: What a policy may choose for an NPC's round: every one an action with ``perform(turn, actor)``.
Deed = (Attack | Shoot | CloseIn | HoldBack | Flee | Surrender | Wander | Trade | Wait | CallAllies | Pursue
        | Search | UseItem)
