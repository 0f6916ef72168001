"""OpenD6 damage tracks, rest, healing, rounds and points on a :class:`D6Sheet`.

The sheet record itself is :mod:`game.systems.opend6.types`; making one (content
stats, creation, NPC tiers) is :mod:`game.systems.opend6.make`.  Every function
here returns new sheets (``dataclasses.replace``) and events
(:mod:`game.systems.opend6.events`) instead of sentences; it never mutates its
arguments.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from game.errors import ActionRefused
from game.events import PLAYER
from game.events.fight import Died
from game.rules.base import RestResult, Situation, carried_health, share
from game.rules.dice import Dice
from game.systems.opend6.codes import SKILLS, DieCode, difficulty_number, weapon_code
from game.systems.opend6.events import (
    BodyPointsRecovered,
    ClungToLife,
    NotHealed,
    Respite,
    StunWoreOff,
    WoundsMended,
)
from game.systems.opend6.roll import D6Request, roll
from game.systems.opend6.types import D6Sheet, Specialization

DAMAGE_SYSTEMS: tuple[str, ...] = ("wounds", "body-points")

# -- wounds (OpenD6's public rules; seed 002 §Taking Damage) ---------------------

WOUND_LEVELS: tuple[str, ...] = (
    "healthy", "stunned", "wounded", "severely wounded", "incapacitated", "mortally wounded", "dead",
)
STUNNED, WOUNDED, SEVERELY, INCAPACITATED, MORTAL, DEAD = 1, 2, 3, 4, 5, 6
#: Dice lost on every action at each wound level (House rule for levels 4-6: as severely wounded).
WOUND_PENALTY: tuple[int, ...] = (0, 1, 1, 2, 2, 2, 2)
#: (lowest margin, level) of the wound level chart, highest first.
_WOUND_CHART: tuple[tuple[int, int], ...] = ((16, DEAD), (13, MORTAL), (9, INCAPACITATED), (4, WOUNDED), (1, STUNNED))


def wound_from_margin(margin: int) -> int:
    """The wound level of damage beating the resistance roll by ``margin``.

    1-3 stunned, 4-8 wounded, 9-12 incapacitated, 13-15 mortally wounded,
    16+ dead; 0 or less no wound.
    """
    return next((level for lowest, level in _WOUND_CHART if margin >= lowest), 0)


def raise_wound(current: int, new: int) -> int:
    """The level after a new wound: the worse of the two, but a new wound at or
    below the current level raises it one level (a second wound makes severely wounded)."""
    if new == 0:
        return current
    return min(current + 1, DEAD) if new <= current else new


# -- reading sheets ------------------------------------------------------------

def skill_code(sheet: D6Sheet, skill: str) -> DieCode:
    """Attribute plus the skill's added dice: the code rolled for the skill."""
    return sheet.attribute(SKILLS[skill]) + sheet.added(skill)


def wound_penalty(sheet: D6Sheet) -> int:
    """Dice lost on actions for the current wound level."""
    return WOUND_PENALTY[sheet.wound_level]


def specialization_for(sheet: D6Sheet, skill: str, topics: Collection[str]) -> tuple[str, Specialization] | None:
    """The best specialization of ``skill`` covering one of ``topics`` (the check kind, the item
    the action uses), with its name; None unless it beats the skill's own code.

    OpenD6: a specialization is "used instead of the skill" within its focus.  House rule: a
    specialization the skill has overtaken (the skill improved past it) is not rolled.
    """
    base = skill_code(sheet, skill)
    found = [(name, spec) for name, spec in sheet.specializations.items()
             if spec.skill == skill and spec.code > base and set(spec.covers) & set(topics)]
    return max(found, key=lambda pair: pair[1].code, default=None)


def rolled_code(sheet: D6Sheet, skill: str, topics: Collection[str] = ()) -> tuple[DieCode, str]:
    """The code rolled for ``skill`` and what it is called: a specialization covering one of
    ``topics`` (``melee: knives``), else the skill itself."""
    found = specialization_for(sheet, skill, topics)
    return (found[1].code, found[0]) if found else (skill_code(sheet, skill), skill)


def action_code(sheet: D6Sheet, skill: str, situation: Situation, topics: Collection[str] = ()) -> DieCode:
    """The code rolled for an action: the skill (or the specialization covering one of
    ``topics``), less wound dice, +1D with advantage, -1D with disadvantage (House rule)."""
    shift = -wound_penalty(sheet) + int(situation.advantage) - int(situation.disadvantage)
    return rolled_code(sheet, skill, topics)[0].plus_dice(shift)


# -- damage ------------------------------------------------------------------------

#: House rule: under body-points a character is down at 0 and dead at this or below.
DEAD_BODY_POINTS = -10


def take_wound(sheet: D6Sheet, margin: int) -> D6Sheet:
    """The sheet after damage beat the resistance roll by ``margin`` (wounds system).

    Damage that does no wound (``margin`` 0 or less) changes nothing: a stun keeps the
    rounds it had left.  A stun is a fresh one (this round and the next) only from
    healthy; a second stun raises the level, to wounded (:func:`raise_wound`).
    """
    new = wound_from_margin(margin)
    if new == 0:
        return sheet
    level = raise_wound(sheet.wound_level, new)
    return replace(sheet, wound_level=level, stun_rounds=2 if level == STUNNED else 0,
                   mortal_rounds=sheet.mortal_rounds if level == MORTAL else 0)


def lose_body_points(sheet: D6Sheet, amount: int) -> D6Sheet:
    """The sheet after losing ``amount`` Body Points (body-points system)."""
    return replace(sheet, body_points=(sheet.body_points or 0) - max(amount, 0))


def condition(sheet: D6Sheet, damage: str) -> str:
    """ok, down (incapacitated or mortally wounded; 0 Body Points or fewer) or dead."""
    if damage == "body-points":
        points = sheet.body_points or 0
        return "dead" if points <= DEAD_BODY_POINTS else "down" if points <= 0 else "ok"
    level = sheet.wound_level
    return "dead" if level >= DEAD else "down" if level >= INCAPACITATED else "ok"


def health(sheet: D6Sheet, damage: str) -> str:
    """``BP 23/31`` or the wound level with its penalty, e.g. ``wounded (-1D)``."""
    if damage == "body-points":
        return f"BP {sheet.body_points or 0}/{sheet.body_points_max or 0}"
    level = sheet.wound_level
    penalty = WOUND_PENALTY[level]
    return WOUND_LEVELS[level] + (f" (-{penalty}D)" if penalty and level < INCAPACITATED else "")


#: How whole each wound level leaves a character, healthy 1.0 .. dead 0.0: a judgement for
#: code that weighs health, since the levels are not equal steps (stunned and wounded cost a
#: die, severely wounded two and the next wound puts you down, incapacitated is out of the
#: fight, mortally wounded is dying).
HEALTH_SHARE: tuple[float, ...] = (1.0, 0.85, 0.6, 0.35, 0.1, 0.05, 0.0)


def health_fraction(sheet: D6Sheet, damage: str) -> float:
    """Body Points against their maximum (``damage`` body-points), else :data:`HEALTH_SHARE` of the wound level."""
    if damage == "body-points":
        return share(sheet.body_points or 0, sheet.body_points_max or 0)
    return HEALTH_SHARE[sheet.wound_level]


# -- rest and rounds ---------------------------------------------------------------

#: House rule: the Physique roll that heals one wound level on a long rest.
HEAL_DIFFICULTY: dict[int, str] = {WOUNDED: "easy", SEVERELY: "easy", INCAPACITATED: "normal", MORTAL: "normal"}
#: One level better: healed from wounded straight to healthy.
HEALED_LEVEL: dict[int, int] = {WOUNDED: 0, SEVERELY: WOUNDED, INCAPACITATED: SEVERELY, MORTAL: INCAPACITATED}


def _recover(sheet: D6Sheet, total: int) -> tuple[D6Sheet, BodyPointsRecovered]:
    """Up to ``total`` Body Points back (never past the maximum)."""
    top, now = sheet.body_points_max or 0, sheet.body_points or 0
    gained = max(min(total, top - now), 0)
    return replace(sheet, body_points=now + gained), BodyPointsRecovered(gained, now + gained, top)


def rest(sheet: D6Sheet, kind: str, fed: bool, dice: Dice, damage: str, wild_one: str) -> RestResult[D6Sheet]:
    """The player rests (House rule; the seed has no healing rules).

    Any rest clears a stun.  Only a ``long`` rest while ``fed`` heals: under
    wounds, a Physique roll against :data:`HEAL_DIFFICULTY` heals one level;
    under body-points, the Physique roll's total comes back (up to the
    maximum).  The dead stay dead.  Faces: the one Physique roll, if any.
    Events: :class:`StunWoreOff`, then :class:`NotHealed`, :class:`BodyPointsRecovered`
    or :class:`WoundsMended`.
    """
    if kind not in ("short", "long"):
        raise ValueError(f"rest kind must be short or long, not {kind!r}")
    if condition(sheet, damage) == "dead":
        return RestResult(sheet, events=(NotHealed(Respite.DEAD),))
    events: tuple[StunWoreOff, ...] = ()
    if sheet.wound_level == STUNNED:
        sheet, events = replace(sheet, wound_level=0, stun_rounds=0), (StunWoreOff(PLAYER),)
    if kind == "short" or not fed:
        return RestResult(sheet, events=(*events, NotHealed(Respite.SHORT if kind == "short" else Respite.HUNGRY)))
    physique = sheet.attribute("physique")
    if damage == "body-points":
        result = roll(D6Request.of(physique, None, wild_one, "Physique"), dice)
        sheet, recovered = _recover(sheet, int(result.figures["total"]))
        return RestResult(sheet, rolls=(result,), events=(*events, recovered))
    level = sheet.wound_level
    if level not in HEAL_DIFFICULTY:
        return RestResult(sheet, events=(*events, NotHealed(Respite.RESTED)))
    request = D6Request.of(physique, difficulty_number(HEAL_DIFFICULTY[level]), wild_one, "Physique")
    result = roll(request, dice)
    if result.succeeded:
        sheet = replace(sheet, wound_level=HEALED_LEVEL[level], mortal_rounds=0)
    return RestResult(sheet, rolls=(result,), events=(*events, WoundsMended(sheet.wound_level, result.succeeded)))


#: House rule: a healing roll mends one wound level for each full 5 it totals, at least one.
HEAL_PER_LEVEL = 5


def heal(sheet: D6Sheet, healing: str, dice: Dice, damage: str, wild_one: str) -> RestResult[D6Sheet]:
    """Healing of the player from a potion, a gift or an exotica (House rule; the seed has none).

    ``healing`` is a die such as ``d6``, mapped to a code as weapon damage is
    (d6 = 1D+2) and rolled open.  Body points: the total comes back, up to the
    maximum.  Wounds: one level better (as after a long rest, wounded straight to
    healthy, a stun cleared) for each full 5 of the total, at least one.  Nothing
    is rolled for the unhurt or the dead.  Faces: that one roll.
    """
    if condition(sheet, damage) == "dead":
        return RestResult(sheet, events=(NotHealed(Respite.DEAD, healing=True),))
    hurt = (sheet.body_points or 0) < (sheet.body_points_max or 0) if damage == "body-points" \
        else sheet.wound_level > 0
    if not hurt:
        return RestResult(sheet, events=(NotHealed(Respite.UNHURT, healing=True),))
    result = roll(D6Request.of(weapon_code(healing), None, wild_one, "healing"), dice)
    total = int(result.figures["total"])
    if damage == "body-points":
        sheet, recovered = _recover(sheet, total)
        return RestResult(sheet, rolls=(result,), events=(recovered,))
    level = sheet.wound_level
    for _ in range(max(1, total // HEAL_PER_LEVEL)):
        level = 0 if level == STUNNED else HEALED_LEVEL.get(level, level)
    sheet = replace(sheet, wound_level=level, stun_rounds=0,
                    mortal_rounds=sheet.mortal_rounds if level == MORTAL else 0)
    return RestResult(sheet, rolls=(result,), events=(WoundsMended(level, True, healing=True),))


def end_round(sheet: D6Sheet, dice: Dice, damage: str, wild_one: str, who: str = PLAYER) -> RestResult[D6Sheet]:
    """What the end of a combat round does to ``who``'s sheet (wounds system).

    A stun lasts for the round it was taken and the next (OpenD6's public rules), so it
    clears at the second round's end (:class:`StunWoreOff`).  A mortally wounded
    character counts one more round and rolls Physique: below the count, death
    (``Died(who, "mortal wound")``; House rule after the D6 Adventure rule),
    else :class:`ClungToLife`.  Faces: that Physique roll, if any.
    """
    level = sheet.wound_level
    if damage != "wounds":
        return RestResult(sheet)
    if level == STUNNED:
        rounds = max(sheet.stun_rounds - 1, 0)
        if rounds == 0:
            return RestResult(replace(sheet, stun_rounds=0, wound_level=0), events=(StunWoreOff(who),))
        return RestResult(replace(sheet, stun_rounds=rounds))
    if level != MORTAL:
        return RestResult(sheet)
    rounds = sheet.mortal_rounds + 1
    result = roll(D6Request.of(sheet.attribute("physique"), rounds, wild_one, "Physique"), dice)
    if result.succeeded:
        return RestResult(replace(sheet, mortal_rounds=rounds), rolls=(result,), events=(ClungToLife(who),))
    return RestResult(replace(sheet, mortal_rounds=rounds, wound_level=DEAD), rolls=(result,),
                      events=(Died(who, MORTAL_WOUND),))


#: The cause of a :class:`~game.events.fight.Died` from a mortal wound at the end of a round.
MORTAL_WOUND = "mortal wound"


# -- Character Points and Fate Points (seed 002 §Improving Rolls) --------------------

def spend_point(sheet: D6Sheet, kind: str, heroic: bool = False) -> D6Sheet:
    """The sheet with one ``character`` or ``fate`` point spent.

    A Fate Point spent at a brave, heroic or climactic moment (``heroic``) is
    remembered in ``fate_heroic`` and comes back at the end of the adventure.
    ActionRefused when none is left.
    """
    if kind == "character":
        if sheet.character_points < 1:
            raise ActionRefused("You have no Character Points left.")
        return replace(sheet, character_points=sheet.character_points - 1)
    if kind != "fate":
        raise ValueError(f"point kind must be character or fate, not {kind!r}")
    if sheet.fate_points < 1:
        raise ActionRefused("You have no Fate Points left.")
    return replace(sheet, fate_points=sheet.fate_points - 1, fate_heroic=sheet.fate_heroic + int(heroic))


def end_adventure(sheet: D6Sheet, goals_completed: int = 0) -> D6Sheet:
    """Points at the end of an adventure (seed 002 §Improving Rolls).

    Fate Points spent heroically come back.  House rule for "completing goals
    and playing well": 1 Character Point for finishing plus 1 per goal completed.
    """
    return replace(sheet, character_points=sheet.character_points + 1 + max(goals_completed, 0),
                   fate_points=sheet.fate_points + sheet.fate_heroic, fate_heroic=0)


def improvement_cost(sheet: D6Sheet, skill: str) -> int:
    """Character Points to raise ``skill`` one pip: the number before the D of the code rolled
    for it (attribute plus skill), at least 1 (OpenD6's advancement; the seed only says
    points are gained "at the end of a game")."""
    return max(skill_code(sheet, skill).dice, 1)


def improve(sheet: D6Sheet, skill: str) -> D6Sheet:
    """``skill`` one pip higher (1D = 3 pips), paid in Character Points; ActionRefused if short."""
    cost = improvement_cost(sheet, skill)
    if sheet.character_points < cost:
        raise ActionRefused(f"Raising {skill} to {skill_code(sheet, skill) + DieCode(0, 1)} costs {cost} Character"
                            f" Points; you have {sheet.character_points}.")
    skills = {**sheet.skills, skill: sheet.added(skill) + DieCode(0, 1)}
    return replace(sheet, skills=skills, character_points=sheet.character_points - cost)


def specialization_cost(sheet: D6Sheet, name: str) -> int:
    """Character Points to raise the specialization ``name`` one pip: half the number before the D
    of its code, rounded up, at least 1 (OpenD6: specializations cost half as much)."""
    return max(-(-sheet.specializations[name].code.dice // 2), 1)


def improve_specialization(sheet: D6Sheet, name: str) -> D6Sheet:
    """The specialization ``name`` one pip higher, paid in Character Points; ActionRefused if short."""
    spec = sheet.specializations[name]
    cost = specialization_cost(sheet, name)
    better = spec.code + DieCode(0, 1)
    if sheet.character_points < cost:
        raise ActionRefused(f"Raising {name} to {better} costs {cost} Character Points; you have"
                            f" {sheet.character_points}.")
    specializations = {**sheet.specializations, name: replace(spec, code=better)}
    return replace(sheet, specializations=specializations, character_points=sheet.character_points - cost)


# -- an NPC's definition changed (an adventure updated under a save) ------------------

def carry_npc_state(saved: D6Sheet, fresh: D6Sheet) -> D6Sheet:
    """``saved`` under the new definition ``fresh`` (see ``RuleSystem.carry_npc_state``).

    From ``fresh``: attributes, skills, armour, points, tags, tier, creature type,
    and the Body Points maximum.  Carried: the wound level with its stun and
    mortal-wound rounds (levels are the same under any definition), Body Points
    lost (:func:`~game.rules.base.carried_health`; one down stays down short
    of death, the dead stay dead), Fate Points spent heroically, and whether the
    player was told how hard it is to hit.
    """
    body_points = fresh.body_points
    if saved.body_points is not None and saved.body_points_max is not None and fresh.body_points_max is not None:
        now = saved.body_points
        dead = now <= DEAD_BODY_POINTS
        body_points = carried_health(now, saved.body_points_max, fresh.body_points_max,
                                     -10**6 if dead else DEAD_BODY_POINTS + 1)
        body_points = min(body_points, DEAD_BODY_POINTS) if dead else body_points
    return replace(fresh, wound_level=saved.wound_level, stun_rounds=saved.stun_rounds,
                   mortal_rounds=saved.mortal_rounds, fate_heroic=saved.fate_heroic, body_points=body_points,
                   sized_up=saved.sized_up, cp_prompt=saved.cp_prompt)
