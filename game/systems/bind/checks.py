"""BIND in play: one check, from the request to the settled outcome.

A check (seed 003 §Basic Actions) is 2d6 + Attribute + Skill against a TN.
Around that single roll this module applies, in order:

1. **what the action is**: its target (for the one-roll memo), the NPCs resisting
   it, its danger, whether it may be a resting action (:func:`classify`);
2. **resisted actions**: the NPCs' ability is added to TN 7; only the player rolls;
3. **teamwork**: friendly NPCs in the room help (the system's ``teamwork_rounding``);
4. **resting actions**: safe, repeatable tasks (search, identify, tinker...) with no
   foe in the room roll one die with the other set to 6, and take an hour;
5. **one roll only**: the faces are remembered in the moment (saved with the game)
   under the action, its target and the circumstances; a retry reads them again;
6. **ties**: the player chooses at the prompt to succeed and accept the danger,
   or to fail without it (a remembered tie is still a tie: the choice is asked again);
7. **dangers**: a failure, or an accepted tie, brings the action's danger.

The engine's actions treat ``success`` (and a tie) as success: the result
handed back has its outcome settled to ``success`` or ``failure``.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.events import PLAYER
from game.events.notes import RuleNoted
from game.rules.base import RollResult, Situation, sheet_as
from game.rules.dice import ScriptedDice
from game.systems.bind import combat as bind_combat
from game.systems.bind import world as bind_world
from game.systems.bind.core import BindRequest, action_key, group_roll
from game.systems.bind.events import FatigueChanged, HpChanged
from game.systems.bind.rules import BindSheet, BindSituation, BindSystem
from game.systems.bind.traits import SOLO_KINDS, kind_bonus, kind_traits, traits_bonus
from game.systems.bind.turn import ask, cap, moment, round_now, set_moment, set_round, the

if TYPE_CHECKING:
    from game.actions import Turn


class BindSeat(Protocol):
    """What BIND's split-out modules call on the play object (``BindPlay`` is one): typed here
    so that they need not import the play class that imports them."""

    @property
    def system(self) -> BindSystem: ...

    def situation(self, turn: Turn, **extra: Any) -> BindSituation: ...

    def check_request(self, turn: Turn, kind: str, difficulty: str, situation: Situation,
                      numbers: Mapping[str, int]) -> Any: ...

    def harm(self, turn: Turn, damage: str, label: str) -> None: ...


#: Kinds of checks that may be resting actions when nothing threatens (as may search and identify).
RESTING_KINDS = frozenset({"search", "identify", "tinker", "lore"})
#: A resting attempt takes an hour in all (the engine's minutes plus the rest).
RESTING_MINUTES = 60
#: The engine's own minutes for the actions that may be resting actions.
ENGINE_MINUTES = {"search": 10, "identify": 10}
#: An hour lost: the danger of searching and studying.
LOST_TIME = 60
#: Harm of hurting yourself forcing a way (a content die, as hazards use).
FORCE_HARM = "d4"
RULE_ONE_ROLL = "seed 003 §One Roll Only"


@dataclass(frozen=True)
class Action:
    """What a check is about, as far as BIND cares."""

    label: str
    #: What the memo is keyed on besides the action (an exit, an item, a room).
    target: str
    #: ``harm`` (1d6 to you), ``time`` (an hour lost), ``turn-back`` (a hazard: take the harm or
    #: go back), ``blow`` (the foe's parting blow), ``fatigue`` (+1 Fatigue).
    danger: str
    #: It may be a resting action when nothing threatens.
    restable: bool = False
    #: NPCs resisting (their ability adds to TN 7) and the kind they resist with.
    opponents: tuple[str, ...] = ()
    opposing: str | None = None
    #: The engine already brings the danger on a failure (a hazard's harm, a foe's attack).
    failure_handled: bool = False


def classify(turn: Turn, label: str, kind: str, difficulty: str) -> Action:
    """The :class:`Action` behind a check the engine asks for."""
    world = turn.world
    room = world.room
    if label == "force":
        return Action(label, _force_target(turn, kind, difficulty), "harm")
    if label == "search":
        return Action(label, _search_target(turn), "time", restable=True)
    if label == "identify":
        referent = turn.referent
        target = referent[1] if referent and referent[0] == "item" else room.id
        return Action(label, target, "time", restable=True)
    if label == "flee":
        foes = tuple(bind_world.standing_hostiles(world))
        return Action(label, room.id, "blow", opponents=foes, opposing="dodge", failure_handled=True)
    hazard = room.hazard
    if hazard is not None and label == hazard.kind and kind == hazard.kind:
        return Action(label, room.id, "turn-back", failure_handled=True)
    return Action(label, f"{room.id}:{label}", "fatigue", restable=kind in RESTING_KINDS)


def _force_target(turn: Turn, kind: str, difficulty: str) -> str:
    world = turn.world
    here = world.state.room
    for exit_def in world.visible_exits():
        force = exit_def.force
        if (force is not None and force.kind == kind and force.difficulty == difficulty
                and not world.exit_open(here, exit_def)):
            return world.exit_key(here, exit_def.direction)
    return f"{here}:force"


def _search_target(turn: Turn) -> str:
    """The n-th search roll of this action: hidden exits with a find check in order, then the room's items."""
    world = turn.world
    room = world.room
    targets = round_now(turn).search_targets
    if targets is None:  # listed once, before the first roll finds anything
        targets = tuple(world.exit_key(room.id, e.direction) for e in room.exits.values()
                        if not world.exit_visible(room.id, e) and e.find is not None)
        if room.search is not None and world.hidden_items(room.id):
            targets += (f"{room.id}:items",)
    index = round_now(turn).searches
    set_round(turn, search_targets=targets, searches=index + 1)
    return targets[index] if index < len(targets) else f"{room.id}:search"


# -- the check ----------------------------------------------------------------------------

def full_situation(play: BindSeat, turn: Turn, situation: Situation) -> BindSituation:
    """The engine's situation completed with BIND's (load, helpers); an author's target is kept."""
    if isinstance(situation, BindSituation):
        return situation
    return play.situation(turn, target=situation.target)


def safe(turn: Turn) -> bool:
    """No foe stands in the room: safe enough for a resting action."""
    return not bind_world.standing_hostiles(turn.world)


def memo_key(turn: Turn, action: Action, kind: str) -> str:
    """One roll only: the action, its target, and the circumstances that count (docs/rules/bind.md).

    A change of any of these makes a fresh roll: the room, the day, the gear in
    hand, the helpers present; in a fight (a foe standing) every round is new.
    """
    world = turn.world
    circumstances: dict[str, object] = {
        "room": world.state.room,
        "day": world.state.day,
        "gear": bind_world.gear(world, kind),
    }
    if kind not in SOLO_KINDS:
        circumstances["helpers"] = "+".join(bind_world.helpers(world)) or "none"
    if bind_world.standing_hostiles(world):
        circumstances["round"] = world.state.turn
    return action_key(action.label, action.target, circumstances)


def check(play: BindSeat, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
          numbers: Mapping[str, int]) -> RollResult:
    """Roll one BIND check for the player, settle any tie, bring any danger; see the module docstring."""
    action = classify(turn, label, kind, difficulty)
    bind_situation = full_situation(play, turn, situation)
    if action.opponents:
        request = resisted(play.system, turn, kind, bind_situation, action)
    else:
        request = play.check_request(turn, kind, difficulty, bind_situation, numbers)
    return check_action(play, turn, kind, bind_situation, action, request)


def check_action(play: BindSeat, turn: Turn, kind: str, situation: BindSituation, action: Action,
                 request: BindRequest) -> RollResult:
    """Roll ``request`` for ``action`` (one roll only, resting, ties, dangers); the outcome settled."""
    system = play.system
    world = turn.world
    label = action.label
    resting = action.restable and safe(turn)
    if resting:
        request = system.resting(request)
    key = memo_key(turn, action, kind)
    memo = dict(moment(turn).todays_memo(world.state.day))
    remembered = None if resting else memo.get(key)
    retried = remembered is not None and len(remembered) == request.faces_needed
    if retried and remembered is not None:
        request = dataclasses.replace(request, fixed=remembered)
    turn.record(label, request)
    result = system.roll(request, turn.dice)
    turn.show_roll(label, result)
    _explain(turn, system, kind, situation, action, request, resting, tuple(result.dice))
    outcome = result.outcome
    accept = False
    if outcome == "tie":
        # The dice stay put, but the choice a tie offers is the player's each time.
        accept = ask(turn, _tie_prompt(turn, action, result), _accepted_line(action), _declined_line(action))
    # Nothing has changed so far; from here on the world may.
    if not resting:
        memo[key] = result.dice
    set_moment(turn, memo=memo, memo_day=world.state.day)
    success = outcome == "success" or (outcome == "tie" and accept)
    set_round(turn, margins={**round_now(turn).margins, label: int(result.figures["margin"]) if success else -1})
    # Seed 003 §One Roll Only: a retry "remains the same": the failure it remembers has
    # already brought its danger, and does not bring it again.
    if (outcome == "tie" and accept) or (outcome == "failure" and not resting and not action.failure_handled
                                         and not retried):
        _danger(play, turn, action)
    if action.danger == "turn-back":
        # The engine hurts on anything but success: a declined tie means "turn back unhurt".
        if outcome == "tie" and not accept:
            _turn_back(turn)
            return dataclasses.replace(result, outcome="success")
        return dataclasses.replace(result, outcome="failure" if outcome != "success" else "success")
    return dataclasses.replace(result, outcome="success" if success else "failure")


def resisted(system: BindSystem, turn: Turn, kind: str, situation: BindSituation, action: Action) -> BindRequest:
    """seed 003 §Resisted Actions: TN 7 + the best ability among the NPCs resisting."""
    world = turn.world
    player = sheet_as(BindSheet, world.state.player)
    sheets = [bind_world.npc_of(world, n) for n in action.opponents]
    strongest = max(sheets, key=lambda s: kind_bonus(s, action.opposing or kind))
    return system.resisted_request(player, kind, strongest, situation, opposing_kind=action.opposing)


def _explain(turn: Turn, system: BindSystem, kind: str, situation: BindSituation, action: Action,
             request: BindRequest, resting: bool, faces: tuple[int, ...]) -> None:
    """One short line for each BIND rule that shaped the roll."""
    world = turn.world
    if request.fixed:
        turn.emit(RuleNoted("bind.one-roll-only", "(One roll only: nothing has changed since you tried this, "
                            "so it goes the same way. Another day, new gear in hand or a helper would change that.)"))
    if resting:
        turn.emit(RuleNoted("bind.resting", "(A resting action: nothing threatens you here, so you take your "
                            "time. One die is rolled, the other counts as 6; each attempt takes an hour.)"))
        if not round_now(turn).rest_charged:
            set_round(turn, rest_charged=True)
            turn.spend(RESTING_MINUTES - ENGINE_MINUTES.get(action.label, 0))
    if action.opponents:
        names = ", ".join(the(world, n) for n in action.opponents)
        turn.say(f"(Resisted: {names} {'add' if len(action.opponents) > 1 else 'adds'} "
                 f"{request.tn - 7:+d} to TN 7.)")
    if situation.helper_sheets and kind not in SOLO_KINDS and not action.opponents:
        line = _teamwork_line(turn, system, kind, situation, request, faces)
        if line:
            turn.say(line)


def _teamwork_line(turn: Turn, system: BindSystem, kind: str, situation: BindSituation, request: BindRequest,
                   faces: tuple[int, ...]) -> str:
    """seed 003 §One Roll Only and §Teamwork, said in one line: the one roll everyone consults with
    their own bonus (:func:`~game.systems.bind.core.group_roll`: the door's 7, 9 and 11), who is best
    placed and leads, and what the others' help adds.  "" when nobody helps."""
    world = turn.world
    attr, skill = kind_traits(kind)
    ids = bind_world.helpers(world)
    bonuses = [traits_bonus(s, attr, skill) for s in situation.helper_sheets]
    own = traits_bonus(bind_world.player_of(world), attr, skill, encumbrance=situation.encumbrance)
    team = system.team(own, bonuses)
    if team.leader < 0 and not sum(team.shares):
        return ""
    names = ["you"] + [the(world, n) for n in ids]
    own_rolls = {name: dataclasses.replace(request, bonus=bonus, fixed=faces)
                 for name, bonus in zip(names, [own, *bonuses], strict=True)}
    totals = group_roll(own_rolls, ScriptedDice([]))
    each = ", ".join(f"{name} {int(result.figures['total'])}" for name, result in totals.items())
    leader = "you" if team.leader < 0 else names[team.leader + 1]
    others = [name for name in names if name != leader]
    lead = "You lead" if leader == "you" else f"{cap(leader)} is best placed and leads"
    helps = "help" if len(others) > 1 or others == ["you"] else "helps"
    return (f"(Teamwork, one roll for all: {each}. {lead}; {', '.join(others)} {helps}: "
            f"+{sum(team.shares)}.)")


def _tie_prompt(turn: Turn, action: Action, result: RollResult) -> str:
    total, tn = result.figures["total"], result.figures["tn"]
    head = f"A tie: {total} against TN {tn}."
    if action.danger == "turn-back":
        return f"{head} Press on and take the harm (yes), or turn back unhurt (no)?"
    if action.danger == "blow":
        foe = _striker(turn, action)
        what = "slip past" if action.label == "sneak" else "break away"
        stay = "stay where you are" if action.label == "sneak" else "stay in the fight"
        return f"{head} {what.capitalize()}, but {the(turn.world, foe)} lands a blow (yes), or {stay} (no)?"
    danger = {"harm": "you hurt yourself doing it", "time": "it costs you another hour",
              "fatigue": "it wears you out (+1 Fatigue)"}[action.danger]
    return f"{head} Succeed and accept the danger, {danger} (yes), or fail without it (no)?"


def _accepted_line(action: Action) -> str:
    return "You press on." if action.danger == "turn-back" else "You accept the danger."


def _declined_line(action: Action) -> str:
    return "You think better of it." if action.danger == "turn-back" else "You let it go: it fails, without the danger."


def _turn_back(turn: Turn) -> None:
    world = turn.world
    back = round_now(turn).start_room
    if back and back != world.state.room:
        world.state.room = back
        turn.say("You turn back the way you came.")


def _striker(turn: Turn, action: Action) -> str:
    world = turn.world
    return max(action.opponents, key=lambda n: kind_bonus(bind_world.npc_of(world, n), "fight"))


def _danger(play: BindSeat, turn: Turn, action: Action) -> None:
    """The danger of the action happens (seed 003 §Basic Actions)."""
    world = turn.world
    if action.danger == "harm":
        turn.say("You hurt yourself in the attempt.")
        play.harm(turn, FORCE_HARM, "danger")
    elif action.danger == "time":
        turn.say("It costs you an extra hour.")
        turn.spend(LOST_TIME)
    elif action.danger == "fatigue":
        before = sheet_as(BindSheet, world.state.player)
        world.state.player = dataclasses.replace(before, fatigue=before.fatigue + 1)
        turn.emit(FatigueChanged(before.fatigue, before.fatigue + 1, "danger"))
    elif action.danger == "blow" and action.opponents:
        parting_blow(play, turn, _striker(turn, action))


def parting_blow(play: BindSeat, turn: Turn, npc_id: str) -> None:
    """A foe's blow as you get away: its damage roll against you, your armour covering."""
    world = turn.world
    system = play.system
    npc = bind_world.arm_npc(world, system, npc_id)
    player = bind_world.equip(world, system, bind_world.player_of(world))
    weapon = bind_world.npc_weapon(world, system, npc_id)
    arms = bind_combat.arms_of(weapon)
    hurt = bind_combat.damage_roll(npc, arms, player, True, turn.dice, (npc.name, "you"))
    turn.show_roll("parting blow", hurt)
    after = bind_combat.wound(player, int(hurt.figures["total"]))
    world.state.player = after
    turn.emit(HpChanged(PLAYER, "HP", player.hp, after.hp, after.max_hp, "blow"))
