"""Maelstrom actions: building dice pools from a sheet (seed 004 §Dice Pool,
§Talents/§Skills/§Knowledges, §Specialties) and the combat house rule.

The seed's combat chapter (Turns, Attacking, Evading, Taking Damage) is empty;
everything marked "House rule" here is built from its action rules and the
health facts of Maelstrom's public rules, and is written down in ``docs/rules/maelstrom.md``.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.errors import ActionRefused
from game.rules.base import Situation, Weapon
from game.rules.dice import Dice, roll_many
from game.systems.maelstrom.approaches import Approach
from game.systems.maelstrom.pool import (
    MAX_DIFFICULTY,
    MIN_DIFFICULTY,
    PoolRequest,
    PoolRoll,
    Tally,
    describe,
    four_steps,
    roll_pool,
)
from game.systems.maelstrom.sheet import ATTRIBUTES, KNOWLEDGES, SKILLS, MaelstromSheet, title

HOUSE_RULE = "House rule (seed 004 §Combat, a chapter left empty)"

#: Difficulty and threshold for each system-neutral difficulty.
DIFFICULTY: dict[str, tuple[int, int]] = {
    "easy": (5, 0), "normal": (6, 0), "hard": (8, 0), "extreme": (8, 1), "legendary": (9, 1),
}

#: Check kind -> (first trait, second trait or "", specialty tags the action always relates to).
#: The play layer adds tags from the situation: the item the action is about,
#: ``ambushers`` when a hostile is at hand (house rule: the tags).
CHECKS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "force": ("strength", "athletics", ("strength", "lifting")),
    "climb": ("precision", "athletics", ("precision", "parkour", "acrobatics", "climbing")),
    "sneak": ("precision", "stealth", ()),
    "dodge": ("reflexes", "dodge", ()),
    "fight": ("strength", "brawling", ("punching", "kicking", "grappling")),
    "shoot": ("precision", "firearms", ()),
    "perceive": ("perception", "alertness", ()),
    "search": ("perception", "alertness", ("searching",)),
    "identify": ("intelligence", "technology", ()),
    "tinker": ("precision", "technology", ()),
    "lore": ("intelligence", "academics", ("history",)),
    "survive": ("wits", "survival", ("heat", "thirst", "exposure")),
    "resist": ("strength", "survival", ("sickness", "poison", "exposure")),
    "will": ("willpower", "", ()),
    "persuade": ("wits", "intelligence", ()),
    "intimidate": ("strength", "wits", ()),
    "heal": ("intelligence", "medicine", ("wounds",)),
}

#: Skill at zero dots: difficulty +1 (seed 004 §Skills).  Knowledge at zero when
#: allowed ("penalised"): difficulty +2 (house rule; the seed says "a penalty").
SKILL_PENALTY, KNOWLEDGE_PENALTY = 1, 2
#: A Weapon's damage die -> damage dice (ranged) or Strength + bonus (melee).
RANGED_DAMAGE = {"d4": 3, "d6": 4, "d8": 5, "d10": 6, "d12": 8}
MELEE_BONUS = {"d4": 0, "d6": 1, "d8": 2, "d10": 3, "d12": 4}
UNARMED = ("bare hands", "fists", "unarmed")
#: Harm from no attacker and healing (house rule): dice by the content's die.
HARM_DICE = {"d4": 2, "d6": 3, "d8": 4, "d10": 5, "d12": 6}
ATTACK_DIFFICULTY = SOAK_DIFFICULTY = DAMAGE_DIFFICULTY = 6
BONUS_AGAINST_DICE = 2


def _singular(word: str) -> str:
    """"knives" -> "knife", "armories" -> "armory", "rifles" -> "rifle"; "glass" stays."""
    if word.endswith("ives"):
        return word[:-3] + "fe"
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _words(name: str) -> tuple[str, ...]:
    """Lower-case words without a plural: "Sniper Rifles" -> ("sniper", "rifle")."""
    return tuple(_singular(word) for word in name.lower().replace("_", " ").replace("-", " ").split())


def _matches(specialty: str, tags: Iterable[str]) -> bool:
    """Whether the specialty's words appear, in order, among one tag's words."""
    wanted = _words(specialty)
    for tag in tags:
        words = _words(tag)
        if any(words[i:i + len(wanted)] == wanted for i in range(len(words) - len(wanted) + 1)):
            return True
    return False


#: House rule: wound penalties never take a pool's last die, so a hurt character always has a
#: chance (to flee, above all); incapacitation alone leaves no dice.
WOUNDS_LEAVE = 1


def pool_request(sheet: MaelstromSheet, first: str, second: str = "", *, difficulty: int = 6, threshold: int = 0,
                 tags: Iterable[str] = (), requires: Iterable[str] = (), untrained_knowledge: str = "forbidden",
                 house_rule: bool = False) -> PoolRequest:
    """The pool of ``first`` + ``second`` (seed 004 §Dice Pool: at most two traits, a die a dot).

    Applies, with a reason for each: the zero-dot rules of talents, skills and
    knowledges (ActionRefused for a knowledge at zero when ``untrained_knowledge``
    is ``forbidden``); applicable specialties, at most one per dot in the ability
    (``tags`` name what the action relates to); a threshold for each advanced
    specialty in ``requires`` the character lacks (seed 004 §Determining
    Thresholds); the wound penalty (never the last die: :data:`WOUNDS_LEAVE`); and a difficulty kept within 2..10 (house
    rule: what would pass 10 becomes threshold instead).
    """
    tags = tuple(tags)
    traits = [name for name in (first, second) if name]
    label = " + ".join(title(name) for name in traits)
    request = PoolRequest(sum(sheet.dots(name) for name in traits), difficulty, threshold,
                          label=label, house_rule=house_rule)
    ability = next((name for name in traits if name not in ATTRIBUTES and name != "willpower"), "")
    if ability:
        request = _untrained(sheet, ability, request, untrained_knowledge)
        request = _specialties(sheet, ability, request, tags, tuple(requires))
    penalty = min(sheet.wound_penalty, max(0, request.dice - WOUNDS_LEAVE))
    if penalty:
        request = request.with_reason(f"wounds: -{penalty} dice", dice=request.dice - penalty, wound_penalty=penalty)
    if sheet.condition != "ok":
        request = request.with_reason("incapacitated: no dice", dice=0)
    return clamp_difficulty(request)


def _untrained(sheet: MaelstromSheet, ability: str, request: PoolRequest, untrained_knowledge: str) -> PoolRequest:
    if sheet.dots(ability):
        return request
    name = title(ability)
    if ability in SKILLS:
        return request.with_reason(f"no dots in {name}: difficulty +{SKILL_PENALTY}",
                                   difficulty=request.difficulty + SKILL_PENALTY)
    if ability in KNOWLEDGES:
        if untrained_knowledge == "forbidden":
            raise ActionRefused(f"You know nothing of {name}: without a dot in it you cannot even try.")
        return request.with_reason(f"no dots in {name}: difficulty +{KNOWLEDGE_PENALTY}",
                                   difficulty=request.difficulty + KNOWLEDGE_PENALTY)
    return request  # a talent: the attribute alone, no penalty


def _specialties(sheet: MaelstromSheet, ability: str, request: PoolRequest, tags: tuple[str, ...],
                 requires: tuple[str, ...]) -> PoolRequest:
    general = sheet.specialties.get(ability, ())
    advanced = sheet.advanced_specialties.get(ability, ())
    usable = [name for name in general if _matches(name, tags)]
    usable += [name for name in advanced if _matches(name, tags + requires)]
    for needed in requires:
        if not any(_words(needed) == _words(name) for name in advanced):
            request = request.with_reason(
                f"no {needed.title()} specialty in {title(ability)}: threshold +1",
                threshold=request.threshold + 1)
    count = min(len(usable), sheet.dots(ability))
    if count:
        request = request.with_reason(f"specialty: {', '.join(usable[:count])}", specialties=count)
    return request


def clamp_difficulty(request: PoolRequest) -> PoolRequest:
    """Keep the difficulty in 2..10; each step it would pass 10 becomes a threshold (house rule)."""
    if request.difficulty > MAX_DIFFICULTY:
        extra = request.difficulty - MAX_DIFFICULTY
        return request.with_reason(f"difficulty above 10: threshold +{extra} instead",
                                   difficulty=MAX_DIFFICULTY, threshold=request.threshold + extra)
    if request.difficulty < MIN_DIFFICULTY:
        return replace(request, difficulty=MIN_DIFFICULTY)
    return request


def situational(request: PoolRequest, situation: Situation, *, ranged: bool = False) -> PoolRequest:
    """Advantage -1 and disadvantage +1 difficulty; shooting while engaged +1 (house rules).

    ``situation.target`` (an author's own number) replaces the mapped difficulty.
    """
    if situation.target is not None:
        request = replace(request, difficulty=int(situation.target))
    shift = int(situation.disadvantage) - int(situation.advantage)
    if shift:
        request = request.with_reason("disadvantage" if shift > 0 else "advantage",
                                      difficulty=request.difficulty + shift)
    if ranged and situation.engaged:
        request = request.with_reason("shooting in melee: difficulty +1", difficulty=request.difficulty + 1)
    return clamp_difficulty(request)


def check_pool(sheet: MaelstromSheet, kind: str, difficulty: str, situation: Situation, untrained_knowledge: str,
               extra_tags: Iterable[str] = (), search: str = "alertness", way: Approach | None = None) -> PoolRequest:
    """The pool request for a system-neutral check (mapping in :data:`CHECKS`), with
    ``extra_tags`` from the situation (the item handled, a foe at hand).

    An author's number (``situation.target``) replaces the mapped difficulty *before*
    the untrained penalty and the rest, so the roll line's reasons stay true.
    ``search`` is the ability searching uses (option ``search``); ``way`` the way the
    player chose to perform it (seed 004 §Dice Pool), its traits and tags instead of the kind's."""
    first, second, tags = CHECKS[kind]
    if kind == "search":
        second = search
    if way is not None:
        first, second, tags = way.first, way.second, way.tags
    tags = tags + tuple(extra_tags)
    number, threshold = DIFFICULTY[difficulty]
    if situation.target is not None:
        number, situation = int(situation.target), replace(situation, target=None)
    if kind == "dodge":
        tags += (armour_tag(sheet),)
    request = pool_request(sheet, first, second, difficulty=number, threshold=threshold, tags=tags,
                           untrained_knowledge=untrained_knowledge)
    return situational(request, situation)


def armour_tag(sheet: MaelstromSheet) -> str:
    """Dodge's seed specialties are Armored and Unarmored."""
    return "armored" if sheet.armor else "unarmored"


# -- combat (house rule) ------------------------------------------------------------

@dataclass(frozen=True)
class AttackRequest:
    """An attack roll and the defender's reflexive evasion roll (house rule).

    Resolved attack first, then evasion; each net success of the evasion takes
    one net success off a successful attack; a botched attack stays a botch.
    ``evasion`` is None when the defender cannot evade; ``down`` says it is because the
    defender is down (a foe out of the fight does not evade).
    """

    attack: PoolRequest
    evasion: PoolRequest | None = None
    down: bool = False


@dataclass(frozen=True)
class WeaponProfile:
    """A Weapon read under Maelstrom: attack traits, damage dice and type, specialties."""

    attribute: str
    ability: str
    damage: int
    kind: str
    strength: bool
    tags: tuple[str, ...]
    requires: tuple[str, ...]


def _as_tuple(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (list, tuple)):
        return tuple(str(item) for item in value)
    return ()


def weapon_profile(weapon: Weapon) -> WeaponProfile:
    """Map a system-neutral Weapon (house rule; see the docs for the table).

    Ranged: Precision + Firearms, lethal, damage dice by die size (thrown: Precision +
    Athletics, with the specialty tags ``throwing`` and ``thrown``).  Melee:
    Strength + Melee, lethal, Strength + a bonus by die size.  Bare hands:
    Strength + Brawling, bashing, Strength dice.  ``[items.X.stats.maelstrom]``
    may set ``damage``, ``type``, ``attribute``, ``ability``, ``specialty``
    (tags) and ``advanced`` (advanced specialties the weapon needs).
    """
    own = weapon.system
    unarmed = weapon.name.lower() in UNARMED
    if weapon.thrown:  # seed 004 §Precision: "thrown weapons"; Athletics a talent (no dots, no penalty)
        base = ("precision", "athletics", RANGED_DAMAGE.get(weapon.damage, 4), "lethal", False)
    elif weapon.ranged:
        base = ("precision", "firearms", RANGED_DAMAGE.get(weapon.damage, 4), "lethal", False)
    elif unarmed:
        base = ("strength", "brawling", 0, "bashing", True)
    else:
        base = ("strength", "melee", MELEE_BONUS.get(weapon.damage, 0), "lethal", True)
    attribute, ability, damage, kind, strength = base
    return WeaponProfile(
        attribute=str(own.get("attribute", attribute)), ability=str(own.get("ability", ability)),
        damage=int(own.get("damage", damage)), kind=str(own.get("type", kind)),
        strength=bool(own.get("strength", strength)),
        tags=(weapon.name.lower(),) + (("punching",) if unarmed else ()) + (("throwing", "thrown") if weapon.thrown
                                                                             else ()) + _as_tuple(own.get("specialty", ())),
        requires=_as_tuple(own.get("advanced", ())),
    )


def attack_pools(attacker: MaelstromSheet, defender: MaelstromSheet, weapon: Weapon, situation: Situation,
                 untrained_knowledge: str, evasion: bool) -> AttackRequest:
    """The attack roll (difficulty 6) and the defender's Reflexes + Dodge evasion (difficulty 6)."""
    profile = weapon_profile(weapon)
    attack = pool_request(attacker, profile.attribute, profile.ability, difficulty=ATTACK_DIFFICULTY,
                          tags=profile.tags, requires=profile.requires, untrained_knowledge=untrained_knowledge,
                          house_rule=True)
    attack = situational(attack, situation, ranged=weapon.ranged)
    dodge = None
    if evasion and defender.condition == "ok":
        dodge = pool_request(defender, "reflexes", "dodge", difficulty=ATTACK_DIFFICULTY,
                             tags=(armour_tag(defender),), house_rule=True)
    return AttackRequest(attack, dodge, down=evasion and defender.condition != "ok")


def opposed(attack_net: int, evasion_net: int) -> int:
    """The hit margin: a successful attack loses one success per evasion success."""
    if attack_net <= 0:
        return attack_net
    return max(attack_net - max(evasion_net, 0), 0)


@dataclass(frozen=True)
class AttackRoll:
    """The rolled attack: both pools' faces and tallies, and the hit margin."""

    attack: tuple[PoolRoll, Tally]
    evasion: tuple[PoolRoll, Tally] | None
    margin: int


def roll_attack(request: AttackRequest, dice: Dice) -> AttackRoll:
    """Read the attack pool (and its bonus dice), then the evasion pool (and its)."""
    attack = _roll(request.attack, dice)
    evasion = _roll(request.evasion, dice) if request.evasion else None
    return AttackRoll(attack, evasion, opposed(attack[1].net, evasion[1].net if evasion else 0))


def _roll(request: PoolRequest, dice: Dice) -> tuple[PoolRoll, Tally]:
    rolled = roll_pool(dice, request.dice, request.specialties)
    return rolled, four_steps(rolled.pool, rolled.bonus, request.difficulty, request.threshold, request.automatic)


def attack_text(request: AttackRequest, result: AttackRoll) -> str:
    text = "attack " + describe(request.attack, *result.attack)
    if request.evasion and result.evasion:
        text += "; evasion " + describe(request.evasion, *result.evasion)
    verdict = "botch" if result.margin < 0 else ("hit" if result.margin > 0 else "miss")
    return f"{text}; {verdict} ({margin_words(result)})"


def margin_words(result: AttackRoll) -> str:
    """The margin as the dice made it: ``margin 2``, or, when the evasion took every success of a
    successful attack, the attack's and the evasion's nets and how far short the attack fell
    (``margin 2 - 5 = -3: evaded``), not the 0 the hit margin stops at."""
    attack_net = result.attack[1].net
    evasion_net = result.evasion[1].net if result.evasion else 0
    if result.margin == 0 and attack_net > 0 and evasion_net > 0:
        return f"margin {attack_net} - {evasion_net} = {attack_net - evasion_net}: evaded"
    return f"margin {result.margin}"


def count_successes(dice: Dice, count: int, difficulty: int) -> tuple[list[int], int]:
    """A damage or soak roll (house rule): successes at ``difficulty``; 1s cancel nothing."""
    faces = roll_many(dice, max(count, 0), 10)
    return faces, sum(1 for face in faces if face >= difficulty)


def damage_pool(attacker: MaelstromSheet, defender: MaelstromSheet, weapon: Weapon, margin: int) -> tuple[int, str]:
    """Damage dice of a hit: the weapon's, plus each net success past the first, plus
    :data:`BONUS_AGAINST_DICE` when the weapon is ideal against the defender's creature type."""
    profile = weapon_profile(weapon)
    dice = profile.damage + (attacker.dots("strength") if profile.strength else 0) + margin - 1
    if defender.creature and defender.creature in weapon.bonus_against:
        dice += BONUS_AGAINST_DICE
    return max(dice, 0), profile.kind


#: House rule: the damage roll's difficulty by how the defender's creature type takes the weapon's
#: kind of harm (seed 004 §Difficulty: "usually between four and eight").
KIND_DIFFICULTY = {"fears": 4, "resists": 8}


def damage_difficulty(defender: MaelstromSheet, weapon: Weapon) -> int:
    """The damage roll's difficulty: 6, or 4 for a kind of harm the defender fears, 8 for one it resists."""
    return KIND_DIFFICULTY.get(weapon.harm_against(defender.creature), DAMAGE_DIFFICULTY)


def soak_pool(defender: MaelstromSheet, kind: str) -> int:
    """Soak dice (Maelstrom's public rules): bashing Strength + armour, lethal armour; aggravated none (house rule)."""
    if kind == "bashing":
        return defender.dots("strength") + defender.armor
    return defender.armor if kind == "lethal" else 0
