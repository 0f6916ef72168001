"""Doing things with things: put in/on, give, show, wear, remove, wield, throw.

Containers and supporters are items of kind ``container``/``supporter`` or
scenery of that kind; what is put in or on one is at the place ``in:<item-id>``
or ``in:<room-id>/<scenery-id>`` and stays in scope while its holder is.
Wearing and wielding are kept (``WorldState.worn``, ``wielded``) for the player's
sake: ``inventory`` shows them and doing either twice is refused.  They change
nothing the rules read: every system already wears the best armour carried and
fights with the best weapon (their house rules), and these verbs say so.
Giving follows the NPC's disposition: a merchant values the gift, a friend
thanks you, a hostile NPC may be bought off by something worth enough.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Turn, triggers
from game.actions.combat import attack_with
from game.actions.containers import shut_inside
from game.actions.scope import SELF, SELF_WORDS, Orphan, Scope, Thing, all_but, resolve, scenery_of, the_name
from game.actions.trade_goods import FOOD_WORDS, WATER_WORDS, rations
from game.actions.trade_pricing import FOOD_WORTH, WATER_WORTH
from game.actions.water import confirm_water_kept
from game.errors import ActionRefused
from game.npc.memory import remember
from game.text import capital, definite, possessive, subject, verb_s
from game.world.state import PLAYER, npc_place, room_place

if TYPE_CHECKING:
    from game.parser import Command

#: A gift worth at least this much buys off a hostile NPC of tier 1 (times its tier).
BRIBE_VALUE = 5


def holder_place(thing: Thing) -> str:
    """The place of what is put in or on ``thing``."""
    return f"in:{thing[1]}"


def holder_kind(turn: Turn, thing: Thing) -> tuple[str, int]:
    """``container``, ``supporter`` or ``""`` (holds nothing), and its capacity in slots (0: any)."""
    if thing[0] == "item":
        item = turn.world.item(thing[1])
        return (item.kind if item.kind in ("container", "supporter") else ""), item.capacity
    if thing[0] == "scenery":
        scenery = scenery_of(turn.world, thing[1])
        return (scenery.kind if scenery.kind != "scenery" else ""), scenery.capacity
    return "", 0


def held_item(turn: Turn, words: tuple[str, ...], what: str) -> str:
    """The carried item ``words`` name, taking it first (said in brackets) when it lies here."""
    item_id = item_here(turn, words, what)
    take_first(turn, item_id)
    return item_id


def item_here(turn: Turn, words: tuple[str, ...], what: str) -> str:
    """The item carried or here that ``words`` name (it becomes what "it" means)."""
    kind, item_id = resolve(Scope.around(turn.world, scenery=False, npcs=False), words, turn.referent,
                            pronouns=turn.pronouns, what=what)
    turn.referent = (kind, item_id)
    return item_id


def take_first(turn: Turn, item_id: str) -> None:
    """An implicit take, as Inform does it: "(first taking the waterskin)"."""
    world = turn.world
    if world.place_of(item_id) == PLAYER:
        return
    if world.item(item_id).fixed:
        raise ActionRefused(f"{capital(definite(world.item_name(item_id)))} will not move.")
    refusal = turn.play.take_refusal(turn, item_id)
    if refusal:
        raise ActionRefused(refusal)
    turn.say(f"(first taking {definite(world.item_name(item_id))})")
    world.move_item(item_id, PLAYER)


def take_off_first(turn: Turn, item_id: str) -> None:
    """An implicit taking off, as Inform does it: "(first taking off the velvet cloak)"."""
    world = turn.world
    if item_id in world.state.worn:
        world.state.worn.discard(item_id)
        turn.say(f"(first taking off {definite(world.item_name(item_id))})")


def put(turn: Turn, command: Command) -> None:
    """``put THING in/on HOLDER``, or ``put all [but ...] in/on HOLDER``: everything carried, one
    at a time, each refusal said and the rest put."""
    world = turn.world
    if command.preposition and command.preposition not in ("in", "into", "inside", "on", "onto", "upon"):
        raise ActionRefused("Put it where? Try \"put THING in CONTAINER\" or \"put THING on THING\".")
    if command.is_all:
        _put_all(turn, command)
        return
    item_id = item_here(turn, command.words, "put")
    if not command.second:
        hung = command.raw.split()[:1] == ["hang"]  # a thing is hung on something
        hooks = _supporters_here(turn, item_id) if hung and command.preposition in ("", "on") else []
        if len(hooks) == 1:  # Inform's inference: the one thing here to hang it on
            turn.say(f"(on {the_name(world, hooks[0])})")
            _put_one(turn, item_id, (hooks[0], "supporter"))
            turn.spend(1)
            return
        where = command.preposition or ("on" if hung else "in")
        raise Orphan(f"What do you want to {'hang' if hung else 'put'} {definite(world.item_name(item_id))} {where}?",
                     "" if command.preposition else where)
    _put_one(turn, item_id, _holder(turn, command))
    turn.spend(1)


def _supporters_here(turn: Turn, item_id: str) -> list[Thing]:
    """What in scope things may be put on, the item itself aside."""
    return [t for t in Scope.around(turn.world, scenery=True).things
            if t != ("item", item_id) and holder_kind(turn, t)[0] == "supporter"]


def _put_all(turn: Turn, command: Command) -> None:
    world = turn.world
    if not command.second:
        raise Orphan(f"What do you want to put everything {command.preposition or 'in'}?",
                     "" if command.preposition else "in")
    target = _holder(turn, command)
    items = all_but(world, command.excluded, [i for i in world.carried() if ("item", i) != target[0]])
    if not items:
        raise ActionRefused("You carry nothing to put there.")
    allowed = triggers.let_through(turn, command.verb, items)
    put_any = len(allowed) < len(items)  # a trigger's refusal takes the turn, as for one thing
    for item_id in allowed:
        try:
            _put_one(turn, item_id, target)
            put_any = True
        except ActionRefused as refusal:
            turn.say(str(refusal))
    turn.group = [("item", i) for i in items]
    if put_any:
        turn.spend(1)


def named_holder(turn: Turn, command: Command, what: str) -> tuple[Thing, str]:
    """The thing the command's second phrase names ("in the chest"), and what kind of holder it is
    (``container``, ``supporter``, or ``""`` for one that holds nothing)."""
    target = resolve(Scope.around(turn.world, scenery=True), command.second, turn.referent, pronouns=turn.pronouns,
                     what=what)
    return target, holder_kind(turn, target)[0]


def _holder(turn: Turn, command: Command) -> tuple[Thing, str]:
    """The container or supporter the command names, and which of the two it must be."""
    world = turn.world
    target, kind = named_holder(turn, command, "put it in")
    wanted = "supporter" if command.preposition in ("on", "onto", "upon") else "container"
    if kind != wanted:
        where = "on" if wanted == "supporter" else "in"
        raise ActionRefused(f"You can't put anything {where} {the_name(world, target)}.")
    return target, wanted


def _put_one(turn: Turn, item_id: str, holder: tuple[Thing, str]) -> None:
    """Put one item in or on ``holder`` (its thing, and ``container`` or ``supporter``), taking it
    first when it lies here."""
    world = turn.world
    target, wanted = holder
    where = "on" if wanted == "supporter" else "in"
    if target == ("item", item_id):
        raise ActionRefused("You can't put something inside itself.")
    if world.place_of(item_id) == holder_place(target):
        raise ActionRefused(f"{capital(definite(world.item_name(item_id)))} is already {where} "
                            f"{the_name(world, target)}.")
    shut_inside(turn, target)
    _, capacity = holder_kind(turn, target)
    inside = world.items_at(holder_place(target))
    if capacity and sum(world.item(i).slots for i in inside) + world.item(item_id).slots > capacity:
        raise ActionRefused(f"There is no room for {definite(world.item_name(item_id))} in {the_name(world, target)}.")
    take_first(turn, item_id)
    if not (target[0] == "item" and world.place_of(target[1]) == PLAYER):  # a satchel carried keeps it carried
        confirm_water_kept(turn, [item_id], "put")
    take_off_first(turn, item_id)
    world.move_item(item_id, holder_place(target))
    turn.say(f"You put {definite(world.item_name(item_id))} {where} {the_name(world, target)}.")


def _npc_to(turn: Turn, command: Command, verb: str, name: str) -> str:
    """The NPC here a ``give``/``show`` command hands ``name`` (the thing as a sentence names it) to."""
    world = turn.world
    if not command.second:
        raise Orphan(f"Who do you want to {verb} {name} to?", join="to")
    if set(command.second) <= SELF_WORDS:
        raise ActionRefused("You already have it." if verb == "give" else "You look it over yourself.")
    scope = Scope(world, [("npc", n) for n in world.npcs_in()])
    _, npc_id = resolve(scope, command.second, None, pronouns=turn.pronouns, what=f"{verb} it to")
    if world.npc_condition(npc_id) != "ok":
        raise ActionRefused(f"{capital(world.the_npc(npc_id))} is in no state to take anything.")
    return npc_id


def rations_named(words: tuple[str, ...]) -> tuple[str, int] | None:
    """("water", N) or ("food", N) when ``words`` are rations (``1 water``, ``food``, ``2 rations of
    water``), else None: water given is water, not the waterskin that also answers to "water"."""
    count = int(words[0][:4]) if words and words[0].isdigit() else 1
    rest = {w for w in (words[1:] if words and words[0].isdigit() else words) if w != "of"}
    if not rest or not rest <= WATER_WORDS | FOOD_WORDS:
        return None
    return ("food" if rest & FOOD_WORDS else "water"), count


def give(turn: Turn, command: Command) -> None:
    world = turn.world
    given = rations_named(command.words)
    if given is not None:
        _give_rations(turn, command, *given)
        return
    item_id = held_item(turn, command.words, "give")
    name = definite(world.item_name(item_id))
    npc_id = _npc_to(turn, command, "give", name)
    confirm_water_kept(turn, [item_id], "give")
    _received(turn, npc_id, name, world.item(item_id).value)
    take_off_first(turn, item_id)
    world.move_item(item_id, npc_place(npc_id))
    turn.spend(1)


def _give_rations(turn: Turn, command: Command, what: str, count: int) -> None:
    """Give rations of water or food from the player's stock (asking before the last of it)."""
    state = turn.world.state
    held = state.water if what == "water" else state.food
    if count < 1:
        raise ActionRefused("Give at least one ration.")
    if count > held:
        raise ActionRefused(f"You carry only {rations(held, what)}." if held else f"You carry no {what}.")
    name = rations(count, what)
    npc_id = _npc_to(turn, command, "give", name)
    if count == held and not turn.confirm(f"That is the last of your {what}. Give it anyway? (yes/no)"):
        raise ActionRefused(f"You keep your {what}.")
    _received(turn, npc_id, name, int(count * (WATER_WORTH if what == "water" else FOOD_WORTH)))
    if what == "water":
        state.water -= count
    else:
        state.food -= count
    turn.spend(1)


def _received(turn: Turn, npc_id: str, name: str, value: int) -> None:
    """How an NPC takes a gift, by disposition: a hostile one may be bought off by enough of value."""
    world = turn.world
    npc = world.npc(npc_id)
    who = world.the_npc(npc_id)
    disposition = world.npc_state(npc_id).disposition
    if disposition == "hostile":
        if value < BRIBE_VALUE * (npc.tier or 1):
            raise ActionRefused(f"{capital(who)} knocks {name} aside: it is not worth sparing you for.")
        world.npc_state(npc_id).disposition = "wary"
        turn.say(f"{capital(who)} weighs {name}, and lowers {_their(turn, npc_id)} weapon. "
                 f"{capital(subject(npc.pronoun))} {verb_s(npc.pronoun, 'lets', 'let')} you be, for now.")
    elif disposition == "merchant":
        turn.say(f"{capital(who)} turns {name} over, and puts a value on it: {value}. "
                 f"\"A gift? Then you have a friend here.\"")
    elif disposition == "friendly":
        turn.say(f"{capital(who)} {verb_s(npc.pronoun, 'thanks', 'thank')} you warmly for {name}.")
    else:
        turn.say(f"{capital(who)} {verb_s(npc.pronoun, 'takes', 'take')} {name}, and nods.")
    remember(world, npc_id, "helped")  # what it says to you next (game.npc.words)


def _their(turn: Turn, npc_id: str) -> str:
    return possessive(turn.world.npc(npc_id).pronoun)


def show(turn: Turn, command: Command) -> None:
    world = turn.world
    shown = rations_named(command.words)
    if shown is not None:
        _show_rations(turn, command, *shown)
        return
    kind, item_id = resolve(Scope.around(world, scenery=False, npcs=False), command.words, turn.referent,
                            pronouns=turn.pronouns, what="show")
    turn.referent = (kind, item_id)
    npc_id = _npc_to(turn, command, "show", definite(world.item_name(item_id)))
    npc = world.npc(npc_id)
    who, name = world.the_npc(npc_id), definite(world.item_name(item_id))
    disposition = world.npc_state(npc_id).disposition
    appraisal = turn.play.pricing().merchant_says(turn, item_id, npc_id)
    if appraisal is not None:
        turn.say(f"{capital(who)} {verb_s(npc.pronoun, 'looks', 'look')} {name} over: \"{appraisal}\"")
    elif disposition == "hostile":
        turn.say(f"{capital(who)} {verb_s(npc.pronoun, 'is', 'are')} not interested in {name}.")
    else:
        turn.say(f"{capital(who)} {verb_s(npc.pronoun, 'looks', 'look')} at {name} and "
                 f"{verb_s(npc.pronoun, 'nods', 'nod')}.")


def _show_rations(turn: Turn, command: Command, what: str, count: int) -> None:
    world = turn.world
    held = world.state.water if what == "water" else world.state.food
    if count > held:
        raise ActionRefused(f"You carry only {rations(held, what)}." if held else f"You carry no {what}.")
    npc_id = _npc_to(turn, command, "show", rations(count, what))
    pronoun = world.npc(npc_id).pronoun
    turn.say(f"{capital(world.the_npc(npc_id))} {verb_s(pronoun, 'looks', 'look')} at your {rations(count, what)}, "
             f"and {verb_s(pronoun, 'nods', 'nod')}.")


def wear(turn: Turn, command: Command) -> None:
    world = turn.world
    item_id = held_item(turn, command.words, "wear")
    item = world.item(item_id)
    name = definite(world.item_name(item_id))
    if item.kind not in ("armor", "clothing"):
        raise ActionRefused(f"You can't wear {name}.")
    if item_id in world.state.worn:
        raise ActionRefused(f"You are already wearing {name}.")
    world.state.worn.add(item_id)
    turn.say(f"You put on {name}."
             + (" (The best armour you carry is the armour you fight in.)" if item.kind == "armor" else ""))
    turn.spend(1)


def remove(turn: Turn, command: Command) -> None:
    """Take off what is worn, and keep it in hand (Inform's taking off); or take a thing out of a holder."""
    world = turn.world
    kind, item_id = resolve(Scope.around(world, scenery=False, npcs=False), command.words, turn.referent,
                            pronouns=turn.pronouns, what="take off")
    turn.referent = (kind, item_id)
    name = definite(world.item_name(item_id))
    place = world.place_of(item_id)
    if place.startswith("in:"):
        world.move_item(item_id, PLAYER)
        turn.say(f"You take {name}.")
        turn.spend(1)
        return
    if place != PLAYER or item_id not in world.state.worn:
        raise ActionRefused(f"You are not wearing {name}.")
    world.state.worn.discard(item_id)
    turn.say(f"You take off {name}.")
    turn.spend(1)


def wield(turn: Turn, command: Command) -> None:
    world = turn.world
    item_id = held_item(turn, command.words, "wield")
    name = definite(world.item_name(item_id))
    if not world.item(item_id).is_weapon:
        raise ActionRefused(f"{capital(name)} is no weapon.")
    if world.state.wielded == item_id:
        raise ActionRefused(f"You already hold {name} ready.")
    world.state.wielded = item_id
    turn.say(f"You ready {name}. (In a fight you strike with the weapon you name, or the best you carry.)")


def throw(turn: Turn, command: Command) -> None:
    world = turn.world
    item_id = held_item(turn, command.words, "throw")
    confirm_water_kept(turn, [item_id], "throw")
    take_off_first(turn, item_id)
    if command.second:
        target = resolve(Scope.around(world, scenery=True, carried=False), command.second, None, pronouns=turn.pronouns,
                         what="throw it at")
        if target == SELF:
            raise ActionRefused("That would be silly.")
        item = world.item(item_id)
        if target[0] == "npc" and world.npc_condition(target[1]) == "ok" and (item.is_weapon or item.effect.get("damage")):
            attack_with(turn, command.second, item_id, thrown=True)
            return
        world.move_item(item_id, room_place(world.state.room))
        turn.say(f"You throw {definite(world.item_name(item_id))} at {the_name(world, target)}. "
                 f"It bounces off and lands at your feet.")
    else:
        world.move_item(item_id, room_place(world.state.room))
        turn.say(f"You throw {definite(world.item_name(item_id))} away. It lands nearby.")
    turn.spend(1)
