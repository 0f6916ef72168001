"""Fighting: the player's ``attack`` and ``shoot`` (checked here, performed by the deed every actor
shares, :mod:`game.actions.deeds`), and what any exchange of blows needs: weapons, sheets, reports."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from game.actions import YES_NO, Turn
from game.actions.scope import Scope, resolve, resolve_carried
from game.deferred import deferred
from game.errors import ActionRefused
from game.events import PLAYER
from game.npc import memory
from game.rules.base import AttackResult, Weapon
from game.text import capital
from game.world.state import room_place
from game.world.world import World

if TYPE_CHECKING:
    from game.actions import deeds
    from game.parser import Command
else:
    deeds = deferred("game.actions.deeds")

UNARMED = Weapon(name="bare hands", damage="d4")




def named_natural(world: World, npc_id: str, weapon: Weapon) -> Weapon:
    """A system's natural weapon for ``npc_id``, named as the content's ``attack`` says where it
    says ("its glass fangs"), so the words fit the creature under every system."""
    attack = world.npc(npc_id).attack
    return dataclasses.replace(weapon, name=attack) if attack else weapon


def natural_weapon(turn: Turn, npc_id: str) -> Weapon:
    """What an NPC carrying no weapon strikes with: its system's natural weapon, named by content."""
    return named_natural(turn.world, npc_id, turn.play.natural_weapon(turn.world.npc_state(npc_id).sheet))


def npc_weapon(turn: Turn, npc_id: str) -> Weapon:
    """The weapon an NPC fights with: its best melee weapon, else its best ranged one, else its natural one."""
    world = turn.world
    carried = world.npc_items(npc_id)
    return best_weapon(world, carried, ranged=False) or best_weapon(world, carried, ranged=True) \
        or natural_weapon(turn, npc_id)


def best_weapon(world: World, items: list[str], *, ranged: bool) -> Weapon | None:
    """The carried weapon with the biggest damage die of the wanted kind."""
    candidates = [i for i in items if world.item(i).is_weapon and world.item(i).ranged == ranged]
    if not candidates:
        return None
    best = max(candidates, key=lambda i: _die_size(deeds.weapon_of(world, i).damage))
    return deeds.weapon_of(world, best)


def striking_weapon(world: World, weapon_id: str | None = None) -> Weapon:
    """What ``attack`` strikes with: the item named, else the best melee weapon carried, else bare hands."""
    if weapon_id is not None:
        return deeds.weapon_of(world, weapon_id)
    return best_weapon(world, world.carried(), ranged=False) or UNARMED


def _die_size(damage: str) -> int:
    digits = "".join(ch for ch in damage.split("d")[-1] if ch.isdigit())
    return int(digits) if digits else 0


def attack(turn: Turn, command: Command) -> None:
    _attack_command(turn, command, ranged=False)


def shoot(turn: Turn, command: Command) -> None:
    _attack_command(turn, command, ranged=True)


def _attack_command(turn: Turn, command: Command, *, ranged: bool) -> None:
    world = turn.world
    weapon_id = None
    commit = command.number
    if command.second and all(word.isdigit() for word in command.second):
        commit = int(command.second[0][:4])
    elif command.second:
        weapon_id = resolve_carried(world, command.second, turn.referent, pronouns=turn.pronouns, what="attack with")
        if not world.item(weapon_id).is_weapon and not world.item(weapon_id).effect.get("damage"):
            raise ActionRefused(f"The {world.item_name(weapon_id)} is no weapon.")
    attack_with(turn, command.words, weapon_id, ranged=ranged, commit=commit)


def attack_with(turn: Turn, target_words: tuple[str, ...], weapon_id: str | None, *, ranged: bool | None = None,
                commit: int | None = None, thrown: bool = False) -> None:
    """The player attacks the NPC the words name, with the weapon given or the best one carried.

    ``thrown``: the item is thrown at the NPC (``throw KNIFE at NPC``): a ranged attack with
    its damage (each system's ranged skill, or its thrown one), after which it lies on the
    ground, hit or miss.
    """
    world = turn.world
    foes = [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]
    if not target_words and len(foes) == 1:  # "attack" with one foe standing: that one
        npc_id = foes[0]
    else:
        scope = Scope(world, [("npc", n) for n in world.npcs_in()])
        _, npc_id = resolve(scope, target_words, turn.referent, pronouns=turn.pronouns, what="attack")
    turn.referent = ("npc", npc_id)
    if world.npc_condition(npc_id) == "dead":
        raise ActionRefused(f"{capital(world.the_npc(npc_id))} is already dead.")
    if weapon_id is not None or not ranged:
        weapon = striking_weapon(world, weapon_id)
    else:
        shooting = best_weapon(world, world.carried(), ranged=True)
        if shooting is None:
            raise ActionRefused("You have nothing to shoot with.")
        weapon = shooting
    if ranged and not weapon.ranged:
        raise ActionRefused(f"You can't shoot with the {weapon.name}.")
    if thrown:
        weapon = dataclasses.replace(weapon, ranged=True, thrown=True)
    npc_state = world.npc_state(npc_id)
    situation = turn.play.situation(turn, commit=commit)
    request = world.system.attack_request(world.state.player, npc_state.sheet, weapon, situation)
    turn.record(f"attack {world.the_npc(npc_id)}", request)
    if npc_state.disposition != "hostile" and former_foe(world, npc_id):
        npc_state.disposition = "hostile"  # the fight goes on: no question, no assault on a bystander
    elif npc_state.disposition != "hostile":
        confirm_attack(turn, npc_id)
        npc_state.disposition = "hostile"
        turn.say(f"{capital(world.the_npc(npc_id))} turns on you!")
        turn.play.npc_assaulted(turn, npc_id)
    deed = deeds.Shoot if ranged else deeds.Attack  # the deed every actor shares
    deed(target=npc_id, weapon=weapon, situation=situation).perform(turn, PLAYER)
    if thrown and weapon_id is not None and world.place_of(weapon_id) == PLAYER:
        world.move_item(weapon_id, room_place(world.state.room))
        turn.say(f"The {world.item_name(weapon_id)} falls to the ground.")
    turn.spend(1)


def former_foe(world: World, npc_id: str) -> bool:
    """Whether ``npc_id`` is a foe out of the fight for now, not someone at peace: it fought the
    player and fled or won, but never surrendered (a prisoner is asked about, as a bystander is)."""
    return memory.remembers(world, npc_id, "fought") and not memory.remembers(world, npc_id, "surrendered")


def confirm_attack(turn: Turn, npc_id: str) -> None:
    """Ask before attacking someone who is not hostile; ActionRefused (nothing done) on a no.

    Asked after the attack's request is recorded, so ``odds attack NPC`` still
    gives the chance without asking.
    """
    world = turn.world
    who = world.the_npc(npc_id)
    answer = turn.ask(f"{capital(who)} is not hostile to you. Attack {who} anyway? (yes/no)", YES_NO)
    if answer != "yes":
        raise ActionRefused(f"You think better of it, and leave {who} be.")


def confirm_before_round(turn: Turn) -> None:
    """Ask the attack's "are you sure?" before a round of the fight opens (foes that win the
    initiative strike before the player's action): ActionRefused (no time, no round) on a no.

    For a system that plays its foes before the action.  The answer is not used up: the
    attack, run next, asks again and is handed the same one, so it asks nothing more.
    """
    command = turn.command
    world = turn.world
    if command is None or command.verb not in ("attack", "shoot") or not command.words:
        return
    try:
        _, npc_id = resolve(Scope(world, [("npc", n) for n in world.npcs_in()]), command.words, turn.referent,
                            pronouns=turn.pronouns, what="attack")
    except ActionRefused:
        return  # the attack itself will say why
    if world.npc_condition(npc_id) == "dead" or world.npc_state(npc_id).disposition == "hostile" \
            or former_foe(world, npc_id):
        return
    if turn.answers:
        turn.answers.insert(0, turn.answers[0])  # kept for the attack's own question
    confirm_attack(turn, npc_id)


def sheet_of(world: World, actor: str) -> object:
    """The sheet of ``actor``: the player's, or an NPC's."""
    return world.state.player if actor == PLAYER else world.npc_state(actor).sheet


def put_sheet(world: World, actor: str, sheet: object) -> None:
    """Put ``actor``'s changed sheet in place."""
    if actor == PLAYER:
        world.state.player = sheet
    else:
        world.npc_state(actor).sheet = sheet


def named(world: World, actor: str) -> str:
    """How an actor is named in a roll's label: ``you``, or the NPC with its article."""
    return "you" if actor == PLAYER else world.the_npc(actor)


def attack_label(world: World, attacker: str, defender: str, weapon: Weapon | None = None) -> str:
    """The dice-log label of an attack roll: ``you attack the raider`` or ``the raider attacks``;
    with a ``weapon`` that names its kind of harm, the item and the kind too (:func:`harm_words`)."""
    label = f"you attack {named(world, defender)}" if attacker == PLAYER else f"{named(world, attacker)} attacks"
    return label + harm_words(world, defender, weapon)


def harm_words(world: World, defender: str, weapon: Weapon | None) -> str:
    """`` with the Storm Glass (electrical, which it fears)`` for a weapon with a kind of harm, saying
    when the defender's creature type fears or resists it (each system's rule then shows in its
    roll); ``""`` for a weapon that names no kind."""
    if weapon is None or not weapon.damage_type:
        return ""
    creature = "" if defender == PLAYER else world.npc(defender).creature
    how = {"fears": ", which it fears", "resists": ", which it shrugs off"}.get(weapon.harm_against(creature), "")
    name = weapon.name if weapon.name.startswith(("its ", "a ", "an ", "the ")) else f"the {weapon.name}"
    return f" with {name} ({weapon.damage_type}{how})"


def report_attack(turn: Turn, attacker: str, defender: str, result: AttackResult[Any],
                  weapon: Weapon | None = None) -> None:
    """Show every roll of the attack (``attacker`` against ``defender``, by id), then what followed;
    the attack roll's label names the ``weapon`` when it deals a kind of harm."""
    label = attack_label(turn.world, attacker, defender)
    turn.show_roll(label + harm_words(turn.world, defender, weapon), result.roll)
    for roll in result.rolls:
        turn.show_roll(turn.play.follow_up_label(label, named(turn.world, defender)), roll)
    turn.emit(*result.events)
