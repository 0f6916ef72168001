"""The Open Adventures verbs: move, end, defend, push, recover.

Each handler checks first (ActionRefused: no time, no dice) and then performs,
showing every roll.  Numbers: ``move 2``, ``move to raider with 2``,
``defend 2``; without one, an action commits all its attribute still allows
from the dice left to act with.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.actions.movement import enter, go
from game.actions.scope import Scope, resolve
from game.errors import ActionRefused
from game.events import PLAYER
from game.parser import DIRECTION_WORDS, Command, ParseError, parse, phrases_of
from game.rules.base import Situation
from game.systems.open_adventures.dice import (
    BREAK_AWAY_SUCCESSES,
    PoolRequest,
    exit_successes,
)
from game.systems.open_adventures.fight import FightSeat, approach
from game.systems.open_adventures.turn import (
    band,
    capital,
    choose_dice,
    dice_word,
    distance,
    engaged_with_any,
    hero,
    hostiles,
    in_fight,
    set_distance,
    set_hero,
    set_turn,
    successes_to_reach,
    the,
    turn_of,
    usable,
    where,
)

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Turn


class VerbSeat(FightSeat, Protocol):
    """What Open Adventures' own verbs need of the play object (``OpenAdventuresPlay`` is one)."""

    @property
    def registry(self) -> ActionRegistry | None: ...

    def _note_push(self, turn: Turn, pushed: bool) -> None: ...

    def _rest_turn(self, turn: Turn) -> None: ...


VERBS: dict[str, tuple[str, ...]] = {
    "move": ("move", "close in", "approach", "charge", "advance", "step"),
    "back-off": ("back off", "back away", "withdraw", "fall back"),
    "end": ("end", "end turn", "done", "pass"),
    "defend": ("defend", "guard", "parry", "block"),
    "push": ("push",),
    "recover": ("recover", "rest turn", "catch breath", "breathe"),
}

HELP: tuple[str, ...] = (
    "Open Adventures: your dice pool is your turn, your defence and your health.",
    ("  In a fight your turn lasts several commands. Each action spends dice from your pool, "
    "at most an attribute's value per turn on Move, Fight, Shoot, Skill or Will (see stats). "
    "The turn ends when you say end (or done, wait, defend) or your dice run out. Then the "
    "enemies spend their own pools, and the dice you kept defend you, up to your Defence "
    "against each attack; with none kept, you are asked whether to push to defend."),
    "  A die of 4 or 5 is one success, a 6 is two. Damage takes dice from your pool; at 0 you die.",
    ("  attack NPC [with N], shoot NPC [with N]: roll N dice (by default all the attribute "
    "allows). Successes are damage; an enemy is hurt only by damage reaching its Defence in one attack."),
    "  move to NPC [with N] (or approach, charge, close in): 6\" a success; melee needs you at its side.",
    "  move DIR [with N]: break away through an exit (1 success, 2 from melee). back off: step away.",
    "  defend: end your turn; the dice left defend you. defend N: hold N dice back and keep acting.",
    "  end (or done, pass): end your turn.",
    ("  push COMMAND: act past your pool for +1 fatigue, e.g. push attack raider with 2. Each "
    "fatigue point takes a die from your turns; fatigue at your pool collapses you until you rest."),
    "  recover (or rest turn): a whole turn resting: a die per fatigue point, 4+ removes one, 6 two.",
    ("  rest short: out of a fight, rest turns until no fatigue is left. rest long: a night; "
    "fatigue gone, and a die of your pool back if fed."),
    ("  Out of a fight every command is its own turn and your dice refresh each time. A search "
    "or a forced door needing several successes adds them up while you repeat it."),
    "  odds COMMAND: the exact chance, e.g. odds attack raider, odds move to raider.",
)


def register(play: VerbSeat, registry: ActionRegistry) -> None:
    registry.register("move", lambda turn, command: move(play, turn, command),
                      summary="move to NPC | move DIR | move N [with N]: spend Move dice (6\" a success)")
    registry.register("back-off", lambda turn, command: back_off(play, turn, command),
                      summary="back off [with N]: step away from your enemies")
    registry.register("end", end_turn, summary="end (done): end your turn in a fight")
    registry.register("defend", defend, summary="defend [N]: end your turn keeping dice to defend, or hold N back")
    registry.register("push", lambda turn, command: push(play, turn, command),
                      summary="push COMMAND: act past your dice pool for +1 fatigue")
    registry.register("recover", lambda turn, command: recover(play, turn, command),
                      summary="recover: spend a whole turn resting off fatigue")


def _asked(command: Command) -> int | None:
    """The number of dice the command names (``move 2``, ``... with 2``), or None."""
    if command.second and all(word.isdigit() for word in command.second):
        return int(command.second[0][:4])
    return command.number


def _words(command: Command) -> tuple[str, ...]:
    words = command.words
    while words and words[0] in ("to", "toward", "towards", "on", "at", "up"):
        words = words[1:]
    return words


# -- move ---------------------------------------------------------------------------------------

def move(play: VerbSeat, turn: Turn, command: Command) -> None:
    """Move dice: toward an NPC, away from them, or out through an exit."""
    world = turn.world
    words = _words(command)
    direction = DIRECTION_WORDS.get(words[0]) if len(words) == 1 else None
    if words in (("away",), ("back",), ("off",)):
        back_off(play, turn, command)
        return
    if direction is not None:
        leave(play, turn, direction, _asked(command))
        return
    if not in_fight(world):
        if words:
            raise ActionRefused("Out of a fight there are no inches to count: you can simply go where you like.")
        raise ActionRefused("Move where? Out of a fight, go in a direction (north, or n).")
    if words:
        _, npc_id = resolve(Scope(world, [("npc", n) for n in hostiles(world)]), words, turn.referent,
                            what="move toward")
    else:
        apart = [n for n in hostiles(world) if distance(world, n) > 0]
        if not apart:
            raise ActionRefused("You are already at your enemies' side. Back off, or move through an exit.")
        npc_id = min(apart, key=lambda n: distance(world, n))
    turn.referent = ("npc", npc_id)
    name = the(world, npc_id)
    inches = distance(world, npc_id)
    if inches == 0:
        raise ActionRefused(f"You are already at {name}'s side.")
    need = successes_to_reach(inches)
    count = choose_dice(play, turn, "move", _asked(command))
    turn.requests.append((f"move to {name}", PoolRequest(count, need, "Move", "seed 000 §1 Move")))
    outcome = approach(play, turn, PLAYER, npc_id, count)
    play._note_push(turn, outcome.commitment.pushed)
    turn.show_roll(f"move to {name}", outcome.roll)
    after = distance(world, npc_id)
    if after == 0:
        turn.say(f"You close in: {name} is at your side.")
    elif outcome.inches:
        turn.say(f"You cover {outcome.inches}\"; {name} is still {band(after)}, {after}\" away.")
    else:
        turn.say(f"You stumble and gain no ground; {name} is still {where(world, npc_id)}.")
    turn.spend(1)


def leave(play: VerbSeat, turn: Turn, direction: str, asked: int | None) -> None:
    """Through an exit: free out of a fight; in one, Move successes to break away (house rule)."""
    world = turn.world
    if not in_fight(world):
        go(turn, Command("go", direction=direction, raw=f"go {direction}"))
        return
    exit_def = world.room.exits.get(direction)
    if exit_def is None or not world.exit_visible(world.state.room, exit_def):
        raise ActionRefused(f"You can't go {direction} from here.")
    if not world.exit_open(world.state.room, exit_def):
        raise ActionRefused(f"The way {direction} is locked.")
    for npc_id in hostiles(world):
        if world.guards(npc_id, direction):
            raise ActionRefused(f"{capital(the(world, npc_id))} bars the way {direction}: get past it first.")
    need = exit_successes("engaged" if engaged_with_any(world) else "near")
    count = choose_dice(play, turn, "move", asked)
    turn.requests.append((f"break away {direction}", PoolRequest(count, need, "Move", "seed 000 §1 Move")))
    outcome = play.system.move(hero(world), need, Situation(commit=count), turn.dice)
    world.state.player = outcome.sheet
    play._note_push(turn, outcome.commitment.pushed)
    turn.show_roll(f"break away {direction}", outcome.roll)
    if outcome.roll.outcome != "success":
        turn.say("You cannot get clear." + (" Breaking away from melee takes 2 successes." if need > 1 else ""))
        turn.spend(1)
        return
    turn.say(f"You break away and go {direction}.")
    enter(turn, exit_def.to)


def back_off(play: VerbSeat, turn: Turn, command: Command) -> None:
    """Step away from every enemy: 6" a success, the first one spent breaking off a melee."""
    world = turn.world
    if not in_fight(world):
        raise ActionRefused("Nobody here is pressing you.")
    engaged = engaged_with_any(world)
    count = choose_dice(play, turn, "move", _asked(command))
    need = 1 + (BREAK_AWAY_SUCCESSES if engaged else 0)
    turn.requests.append(("back off", PoolRequest(count, need, "Move", "seed 000 §1 Move")))
    outcome = play.system.move(hero(world), need, Situation(commit=count), turn.dice)
    world.state.player = outcome.sheet
    play._note_push(turn, outcome.commitment.pushed)
    turn.show_roll("back off", outcome.roll)
    successes = int(outcome.roll.figures["successes"])
    spots, moved = [], False
    for npc_id in hostiles(world):
        inches = distance(world, npc_id)
        gained = max(0, successes - (BREAK_AWAY_SUCCESSES if inches == 0 else 0))
        moved = moved or gained > 0
        set_distance(world, npc_id, inches + 6 * gained)
        spots.append(f"{the(world, npc_id)} is {where(world, npc_id)}")
    turn.say(f"{'You back off' if moved else 'You cannot get away'}: {'; '.join(spots)}.")
    turn.spend(1)


# -- ending the turn -----------------------------------------------------------------------------

def end_turn(turn: Turn, command: Command) -> None:
    world = turn.world
    if not in_fight(world):
        raise ActionRefused("There is no fight on: out of one, every command is a turn of its own.")
    set_turn(world, ended=True)
    turn.say(f"You end your turn, {dice_word(hero(world).dice_left)} kept to defend.")
    turn.spend(1)


def defend(turn: Turn, command: Command) -> None:
    """``defend``: end the turn, every die left defends.  ``defend N``: hold N back, keep acting."""
    world = turn.world
    sheet = hero(world)
    if not in_fight(world):
        raise ActionRefused("Nothing here threatens you.")
    held = _asked(command)
    if held is None:
        set_turn(world, ended=True)
        set_hero(world, reserve=0)
        turn.say(f"You stand on guard: {dice_word(sheet.dice_left)} to defend with, up to "
                 f"{sheet.defence} against each attack.")
        turn.spend(1)
        return
    if held > sheet.dice_left:
        raise ActionRefused(f"You have only {dice_word(sheet.dice_left)} left to hold back.")
    set_hero(world, reserve=held)
    if held == 0:
        turn.say(f"You hold no dice back; {dice_word(usable(hero(world)))} left to act with.")
        return
    if usable(hero(world)) == 0:
        turn.say(f"You hold your {dice_word(held)} back to defend.")
        turn.spend(1)
        return
    turn.say(f"You hold {dice_word(held)} back to defend; {dice_word(usable(hero(world)))} left to act with.")


def recover(play: VerbSeat, turn: Turn, command: Command) -> None:
    """A whole turn resting (seed 000 §2 Recovering Fatigue): chosen at its start, nothing else."""
    world = turn.world
    if hero(world).fatigue <= 0:
        raise ActionRefused("You are not tired: you have no fatigue to rest off.")
    record = turn_of(world)
    if record.fight and record.acted:
        raise ActionRefused("A rest turn must be the whole turn: choose it at the start of your next one.")
    play._rest_turn(turn)
    set_turn(world, ended=True)
    turn.spend(1)


# -- pushing ----------------------------------------------------------------------------------------

def push(play: VerbSeat, turn: Turn, command: Command) -> None:
    """``push COMMAND``: the command may roll past the dice left (seed 000 §2 Pushing and Fatigue)."""
    text = command.raw.split(" ", 1)[1] if " " in command.raw else ""
    if not text:
        raise ActionRefused("Push what? For example: push attack raider with 2 (acting past your pool, +1 fatigue).")
    try:
        inner = parse(text, phrases_of(VERBS))
    except ParseError as error:
        raise ActionRefused(str(error)) from None
    spec = play.registry.get(inner.verb) if inner is not None and play.registry is not None else None
    if spec is None or spec.observe or inner is None or inner.verb in ("push", "end", "defend", "recover"):
        raise ActionRefused("Push an action that rolls dice: attack, shoot, move, search, force...")
    fatigue = hero(turn.world).fatigue
    set_turn(turn.world, push_now=True)
    set_hero(turn.world, reserve=0)
    spec.handler(turn, inner)
    set_turn(turn.world, push_now=False)
    if hero(turn.world).fatigue == fatigue:
        turn.say("(You had the dice for that: no push was needed.)")
