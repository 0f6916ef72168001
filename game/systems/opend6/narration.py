"""OpenD6 wording: the events of ``game.systems.opend6.events`` (and a few generic ones) as prose.

An NPC is named ``the <name>`` (``The dune raider misses you.``), as the
OpenD6 play layer always has.  ``Fell`` and a ``Died`` from a blow are not
worded here: the engine and ``actions.deeds.after_npc_hit`` say them today.
Everything said before an :class:`~game.systems.opend6.events.Answered` marker
was shown with the question it answered, so :meth:`OpenD6Narrator.lines`
starts after the last one.
"""
from __future__ import annotations

from collections.abc import Iterable

from game.events import PLAYER, Event, RollMade, RollResult
from game.events.fight import Died, Fell
from game.narration import Narrator, cap
from game.rules.base import Weapon
from game.systems.opend6.codes import RANGED_BASE, weapon_code
from game.systems.opend6.events import (
    ATTACKER,
    DEFENDER,
    ActionLost,
    Answered,
    BodyPointsLost,
    BodyPointsRecovered,
    CharacterPointOffered,
    CharacterPointSpent,
    ClungToLife,
    DamageResisted,
    FatePointSpent,
    Hit,
    InitiativeRolled,
    Missed,
    NotHealed,
    PointsAwarded,
    Respite,
    SetbackLapsed,
    StunWoreOff,
    WildDieOne,
    WildDieSix,
    WildOne,
    WoundsMended,
)
from game.systems.opend6.roll import hidden
from game.systems.opend6.sheet import DEAD, INCAPACITATED, MORTAL, MORTAL_WOUND, SEVERELY, STUNNED, WOUND_LEVELS, WOUNDED
from game.text import possessive, the
from game.world.world import World

#: What a wound level means for the player's later rolls, said when it is taken.
PLAYER_EFFECTS: dict[int, str] = {
    STUNNED: "you are stunned (-1D to your rolls this round and the next)",
    WOUNDED: "you are wounded (-1D to all your rolls until it heals)",
    SEVERELY: "you are severely wounded (-2D to all your rolls until it heals)",
    INCAPACITATED: "you are incapacitated, out of the fight",
    MORTAL: "you are mortally wounded (each round you must roll Physique to stay alive)",
    DEAD: "the blow kills you",
}

#: What goes wrong on a Wild Die 1, by kind of check (the player's own checks).
COMPLICATIONS: dict[str, str] = {
    "force": "you wrench your shoulder", "climb": "you slip and bark your shins",
    "sneak": "you kick a loose stone", "dodge": "you stumble as you go",
    "perceive": "grit gets into your eyes", "search": "you scatter what you were sifting through",
    "identify": "it nearly slips from your fingers", "tinker": "you pinch your fingers in it",
    "survive": "the glare leaves spots swimming before your eyes", "resist": "it leaves you shaking",
    "fight": "you overreach and leave yourself open", "shoot": "your aim jerks wide",
}

_NOT_HEALED: dict[Respite, str] = {
    Respite.SHORT: "A short rest steadies you, but heals nothing.",
    Respite.HUNGRY: "Hungry and thirsty, you do not heal.",
    Respite.RESTED: "You wake rested.",
    Respite.UNHURT: "You are not hurt: it does nothing for you.",
}


class OpenD6Narrator(Narrator):
    """Words OpenD6's events; an answered question hides what was shown with it.

    In the short display the initiative rolls are said in the line that gives the
    order (``Initiative 13 against the dune raider's 7: you act first.``).
    """

    def __init__(self, world: World) -> None:
        super().__init__(world)
        #: The initiative totals shown short, waiting for the line that gives the order.
        self.initiative: list[tuple[str, int]] = []

    def world_roll(self, result: RollResult) -> RollResult:
        """The difficulty stays hidden in the world's rolls too (a reaction shows no number), as in
        the player's own (seed 002 §Making Actions)."""
        return hidden(result)

    def weapon_line(self, weapon: Weapon) -> str:
        """What ``examine`` says of a weapon, in OpenD6's die codes (the content's die mapped:
        ``d8`` is 3D+1), with what adds to it: the damage rolled is the sum."""
        base = weapon_code(str(weapon.system.get("damage", weapon.damage)))
        if weapon.ranged:
            return f"As a weapon it deals {base + RANGED_BASE} damage at range."
        return (f"As a weapon it deals {base} damage, and your Strength damage (half your Physique dice, "
                f"rounded up) adds to it.")

    def brief_roll(self, event: RollMade) -> list[str]:
        if "initiative" in event.label:
            self.initiative.append((event.label, int(event.result.figures.get("total", 0))))
            return []
        return super().brief_roll(event)

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The events after the last answer; a roll the player kept (no Character Point
        spent) was shown with the question, so the caller's showing of it is dropped."""
        shown = list(events)
        start = max((i + 1 for i, event in enumerate(shown) if isinstance(event, Answered)), default=0)
        after = shown[start:]
        offered = next((e for e in reversed(shown[:start]) if isinstance(e, RollMade)), None)
        again = next((i for i, e in enumerate(after) if isinstance(e, RollMade)), None)
        if offered is not None and again is not None and after[again] == offered:
            del after[again]
        # The points of a won adventure are told after the winning narration, not before it.
        after = [e for e in after if not isinstance(e, PointsAwarded)] + [e for e in after if isinstance(e, PointsAwarded)]
        return super().lines(after)


def _the(narrator: Narrator, who: str) -> str:
    """``the dune raider``, or a proper name as it is."""
    return the(_name(narrator, who))


def _its(narrator: Narrator, who: str) -> str:
    npcs = narrator.world.adventure.npcs
    return possessive(npcs[who].pronoun) if who in npcs else "its"


def _name(narrator: Narrator, who: str) -> str:
    """An NPC's bare name (``dune raider``); the protocol's roles as they are."""
    return who if who in (ATTACKER, DEFENDER) else narrator.world.npc_name(who)


@OpenD6Narrator.renders(Answered)
def _answered(narrator: Narrator, event: Answered) -> list[str]:
    return []


@OpenD6Narrator.renders(Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return []


@OpenD6Narrator.renders(Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    if event.cause != MORTAL_WOUND:
        return []
    if event.who == PLAYER:
        return ["The mortal wound claims its victim."]
    return [f"{cap(_the(narrator, event.who))} dies of {_its(narrator, event.who)} wounds."]


@OpenD6Narrator.renders(DamageResisted)
def _resisted(narrator: Narrator, event: DamageResisted) -> list[str]:
    if event.who == PLAYER:
        effect = PLAYER_EFFECTS[event.after] if event.wounded else "no wound"
        if event.wounded and event.after == event.before:
            effect = f"you are still {WOUND_LEVELS[event.after]}"
        return [f"Damage {event.rolled} against your resistance {event.resisted}: {effect}."]
    name = _the(narrator, event.who)
    verdict = f"{name} is {WOUND_LEVELS[event.after]}" if event.wounded else f"{name} shrugs it off"
    return [f"Damage {event.rolled} against its resistance {event.resisted}: {verdict}."]


@OpenD6Narrator.renders(BodyPointsLost)
def _lost(narrator: Narrator, event: BodyPointsLost) -> list[str]:
    points = f"Body Points (BP {event.left}/{event.most})."
    if event.who == PLAYER:
        armor = f", your armor stops {event.stopped}" if event.stopped else ""
        return [f"Damage {event.rolled}{armor}: you lose {event.lost} {points}"]
    armor = f", armor stops {event.stopped}" if event.stopped else ""
    return [f"Damage {event.rolled}{armor}: {_the(narrator, event.who)} loses {event.lost} {points}"]


@OpenD6Narrator.renders(Missed)
def _missed(narrator: Narrator, event: Missed) -> list[str]:
    if event.attacker == PLAYER:
        return [f"You miss {_the(narrator, event.defender)}."]
    return [f"{cap(_the(narrator, event.attacker))} misses you."]


@OpenD6Narrator.renders(Hit)
def _hit(narrator: Narrator, event: Hit) -> list[str]:
    if event.attacker == PLAYER:
        return []  # the damage line says what the blow did
    weapon = event.weapon if event.weapon.startswith("its ") else f"the {event.weapon}"
    return [f"{cap(_the(narrator, event.attacker))} hits you with {weapon}."]


@OpenD6Narrator.renders(WildDieOne)
def _wild_one(narrator: Narrator, event: WildDieOne) -> list[str]:
    if event.effect is WildOne.DROPPED:
        return ["The Wild Die shows 1: it is dropped, and the highest other die with it."]
    label = "Mishap" if event.effect is WildOne.MISHAP else "Complication"
    if event.who == PLAYER:
        what, whose = COMPLICATIONS.get(event.kind, "something goes wrong"), "your next action"
    else:
        what, whose = f"{_the(narrator, event.who)} overreaches", "its next attack"
    if not event.setback:
        return [f"{label}: the Wild Die shows 1, and {what}."]
    return [f"{label}: the Wild Die shows 1, and {what} (-1D to {whose})."]


@OpenD6Narrator.renders(WildDieSix)
def _wild_six(narrator: Narrator, event: WildDieSix) -> list[str]:
    return [f"Critical success: the Wild Die comes up 6 and rolls again, adding {event.added} in all."]


@OpenD6Narrator.renders(SetbackLapsed)
def _lapsed(narrator: Narrator, event: SetbackLapsed) -> list[str]:
    return ["You shake off the complication."]


@OpenD6Narrator.renders(FatePointSpent)
def _fate(narrator: Narrator, event: FatePointSpent) -> list[str]:
    heroic = " A heroic moment: the point will come back at the end of the adventure." if event.heroic else ""
    return ["You spend a Fate Point and put everything you have into it: twice the dice." + heroic]


@OpenD6Narrator.renders(CharacterPointOffered)
def _offered(narrator: Narrator, event: CharacterPointOffered) -> list[str]:
    plural = "s" if event.left != 1 else ""
    could = "One more die could still do it." if event.dice <= 1 else \
        f"{event.dice} more dice could still do it, a Character Point each."
    return [f"{could} ({event.left} Character Point{plural} left;"
            " \"points off\" stops these questions.)"]


@OpenD6Narrator.renders(CharacterPointSpent)
def _spent(narrator: Narrator, event: CharacterPointSpent) -> list[str]:
    return [f"You spend a Character Point ({event.left} left) and roll one more die."]


@OpenD6Narrator.renders(StunWoreOff)
def _stun(narrator: Narrator, event: StunWoreOff) -> list[str]:
    if event.who == PLAYER:
        return ["The stun wears off."]
    return [f"{cap(_the(narrator, event.who))} shakes off the stun."]


@OpenD6Narrator.renders(ClungToLife)
def _clung(narrator: Narrator, event: ClungToLife) -> list[str]:
    if event.who == PLAYER:
        return ["Mortally wounded, you cling to life."]
    return [f"{cap(_the(narrator, event.who))}, mortally wounded, clings to life."]


@OpenD6Narrator.renders(NotHealed)
def _not_healed(narrator: Narrator, event: NotHealed) -> list[str]:
    if event.why is Respite.DEAD:
        return ["The dead are past healing." if event.healing else "The dead do not rest."]
    return [_NOT_HEALED[event.why]]


@OpenD6Narrator.renders(WoundsMended)
def _mended(narrator: Narrator, event: WoundsMended) -> list[str]:
    level = WOUND_LEVELS[event.level]
    if event.healing:
        return [f"The healing takes hold: you are now {level}."]
    return [f"Your wounds mend: now {level}." if event.mended else f"Your wounds do not mend: still {level}."]


@OpenD6Narrator.renders(BodyPointsRecovered)
def _recovered(narrator: Narrator, event: BodyPointsRecovered) -> list[str]:
    return [f"You recover {event.gained} Body Points (BP {event.left}/{event.most})."]


@OpenD6Narrator.renders(PointsAwarded)
def _awarded(narrator: Narrator, event: PointsAwarded) -> list[str]:
    lines = [f"The adventure is over. You earn {event.earned} Character Points (1 for finishing, {event.goals} for"
             f" its goals): {event.character} in all."]
    if event.back:
        lines.append(f"The {event.back} Fate Point{'s' if event.back != 1 else ''} you spent at heroic moments"
                     f" come{'s' if event.back == 1 else ''} back: {event.fate} in all.")
    else:
        lines.append(f"Fate Points: {event.fate}.")
    return lines


@OpenD6Narrator.renders(InitiativeRolled)
def _initiative(narrator: Narrator, event: InitiativeRolled) -> list[str]:
    if not event.ahead:
        order = "you act first."
    else:
        names = [_the(narrator, who) for who in event.ahead]
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        order = f"{listed} {'acts' if len(names) == 1 else 'act'} before you."
    rolled = narrator.initiative if isinstance(narrator, OpenD6Narrator) else []
    if not rolled:
        return [cap(order)]
    mine = next((total for label, total in rolled if label == "your initiative"), None)
    theirs = [f"{label.removeprefix('initiative of ')}'s {total}" for label, total in rolled
              if label != "your initiative"]
    rolled.clear()
    if mine is None:
        return [cap(order)]
    against = f" against {', '.join(theirs)}" if theirs else ""
    return [f"Initiative {mine}{against}: {order}"]


@OpenD6Narrator.renders(ActionLost)
def _lost_action(narrator: Narrator, event: ActionLost) -> list[str]:
    if event.refusal:
        return [f"{event.refusal} The moment has passed."]
    return ["You never get to act."]
