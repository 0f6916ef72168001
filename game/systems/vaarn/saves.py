"""Vaults of Vaarn saves: d20 + bonus, success if the total is GREATER than the target.

Seed 001 §Saving Throws.  One request type, :class:`SaveRequest`, serves the
command line (keys ``bonus``, ``target``, ``mode``), checks,
opposed saves, attack rolls and morale checks, and :func:`save_odds` and
:func:`roll_save` share :func:`kept_face` / :func:`is_success` so odds and rolls
can never disagree.

Faces read: one d20, or two with advantage or disadvantage (first, then second).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.errors import UsageError
from game.rules.base import DIFFICULTIES, KINDS, Odds, RollResult, Situation
from game.rules.dice import Dice
from game.rules.exact import Dist
from game.systems.vaarn.data import (
    ABILITIES,
    PHYSICAL,
    SAVE_TARGET,
    SYSTEM_ID,
    bonus,
    defence,
    slot_limit,
    wound_disadvantages,
    wound_slots,
)
from game.systems.vaarn.sheet import VaarnSheet

MODES: tuple[str, ...] = ("normal", "advantage", "disadvantage")
REQUEST_KEYS: tuple[str, ...] = ("bonus", "target", "mode")
RULE_SAVE = "seed 001 §Saving Throws"

#: Check kind -> ability (docs/rules/vaarn.md; seed 001 §Abilities).
KIND_ABILITY: Mapping[str, str] = {
    "force": "str", "fight": "str",
    "climb": "dex", "sneak": "dex", "dodge": "dex", "shoot": "dex",
    "resist": "con",
    "identify": "int", "tinker": "int", "lore": "int", "heal": "int",
    "perceive": "psy", "search": "psy", "survive": "psy",
    "will": "ego", "persuade": "ego", "intimidate": "ego",
}
assert set(KIND_ABILITY) == set(KINDS), "every base kind needs an ability"

#: House rule: difficulty -> (target, advantage, disadvantage).  The seed only
#: knows 15 and advantage/disadvantage; extreme and legendary also raise the target.
DIFFICULTY: Mapping[str, tuple[int, bool, bool]] = {
    "easy": (SAVE_TARGET, True, False),
    "normal": (SAVE_TARGET, False, False),
    "hard": (SAVE_TARGET, False, True),
    "extreme": (18, False, True),
    "legendary": (20, False, True),
}
assert tuple(DIFFICULTY) == DIFFICULTIES


@dataclass(frozen=True)
class SaveRequest:
    """One d20 save: d20 (two with advantage/disadvantage) + ``bonus`` > ``target``.

    ``ability``, ``against``, ``advantages`` and ``disadvantages`` only label the
    roll text (which ability, what the target stands for, why the roll has
    advantage or disadvantage; ``"situation"`` is the referee's call).
    """

    bonus: int
    target: int = SAVE_TARGET
    mode: str = "normal"
    ability: str = ""
    against: str = ""
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()


# -- semantics shared by odds and roll -----------------------------------------

def kept_face(faces: tuple[int, ...], mode: str) -> int:
    """The die that counts: the only one, the better (advantage) or the worse (disadvantage)."""
    if mode == "advantage":
        return max(faces)
    if mode == "disadvantage":
        return min(faces)
    return faces[0]


def is_success(total: int, target: int) -> bool:
    """Seed 001 §Saving Throws: the total must *exceed* the target."""
    return total > target


def faces_needed(mode: str) -> int:
    """How many d20 faces a roll in ``mode`` reads."""
    return 1 if mode == "normal" else 2


def kept_dist(mode: str) -> Dist[int]:
    """Exact distribution of the kept d20 face (closed forms of max/min of 2d20)."""
    if mode == "advantage":
        return {k: Fraction(2 * k - 1, 400) for k in range(1, 21)}
    if mode == "disadvantage":
        return {k: Fraction(41 - 2 * k, 400) for k in range(1, 21)}
    return {k: Fraction(1, 20) for k in range(1, 21)}


def combine_mode(advantage: bool, disadvantage: bool) -> str:
    """House rule (5e): advantage and disadvantage cancel; several of one do not stack."""
    if advantage and not disadvantage:
        return "advantage"
    if disadvantage and not advantage:
        return "disadvantage"
    return "normal"


# -- the §3.1 request --------------------------------------------------------------

def _int_key(keys: Mapping[str, str], key: str, low: int, high: int) -> int:
    raw = keys[key]
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise UsageError(f"vaarn: {key} must be a whole number, not '{raw}'") from None
    if not low <= value <= high:
        raise UsageError(f"vaarn: {key} must be between {low} and {high}, not {value}")
    return value


def parse_request(keys: Mapping[str, str]) -> SaveRequest:
    """``bonus=B`` (required) ``target=T`` (default 15) ``mode=normal|advantage|disadvantage``."""
    unknown = [key for key in keys if key not in REQUEST_KEYS]
    if unknown:
        raise UsageError(f"vaarn: unknown key '{unknown[0]}'; valid keys: {', '.join(REQUEST_KEYS)}")
    if "bonus" not in keys:
        raise UsageError("vaarn: missing key 'bonus' (bonus=B); valid keys: " + ", ".join(REQUEST_KEYS))
    mode = str(keys.get("mode", "normal")).strip().lower()
    if mode not in MODES:
        raise UsageError(f"vaarn: mode must be one of {', '.join(MODES)}, not '{keys['mode']}'")
    target = _int_key(keys, "target", -100, 100) if "target" in keys else SAVE_TARGET
    return SaveRequest(bonus=_int_key(keys, "bonus", -100, 100), target=target, mode=mode)


def _describe(request: SaveRequest) -> str:
    label = f"{request.ability.upper()} " if request.ability else ""
    against = f" ({request.against})" if request.against else ""
    return f"{label}d20{mode_text(request)} {_signed(request.bonus)} > {request.target}{against}"


def mode_text(request: SaveRequest) -> str:
    """`` with disadvantage [hard, encumbered]``, or how advantage and disadvantage cancelled."""
    def named(reasons: tuple[str, ...], brackets: str = "[]") -> str:
        shown = [reason for reason in reasons if reason != "situation"]
        return f" {brackets[0]}{', '.join(shown)}{brackets[1]}" if shown else ""

    if request.mode == "advantage":
        return f" with advantage{named(request.advantages)}"
    if request.mode == "disadvantage":
        return f" with disadvantage{named(request.disadvantages)}"
    if request.advantages and request.disadvantages:
        return (f" [advantage{named(request.advantages, '()')} and "
                f"disadvantage{named(request.disadvantages, '()')} cancel]")
    return ""


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


def save_odds(request: SaveRequest) -> Odds:
    """Exact odds of ``request``; the distribution is over totals."""
    totals = {face + request.bonus: p for face, p in kept_dist(request.mode).items()}
    p_success = sum((p for total, p in totals.items() if is_success(total, request.target)), Fraction(0))
    return Odds(
        system=SYSTEM_ID,
        p_success=p_success,
        probabilities={"p_failure": 1 - p_success},
        distribution={str(total): p for total, p in sorted(totals.items())},
        description=_describe(request),
    )


def roll_save(request: SaveRequest, dice: Dice, rule: str = RULE_SAVE) -> RollResult:
    """Resolve ``request``: read one d20 face (two with advantage/disadvantage)."""
    faces = tuple(dice.roll(20) for _ in range(faces_needed(request.mode)))
    kept = kept_face(faces, request.mode)
    total = kept + request.bonus
    success = is_success(total, request.target)
    outcome = "success" if success else "failure"
    margin = total - request.target
    return RollResult(
        system=SYSTEM_ID,
        dice=faces,
        outcome=outcome,
        figures={
            "total": total, "target": request.target, "bonus": request.bonus, "margin": margin,
            "mode": request.mode, "kept": kept,
        },
        text=f"{roll_text(request, faces, kept)} = {total} vs {request.target}"
             f"{f' ({request.against})' if request.against else ''}: {outcome} (margin {margin})",
        rule=rule,
    )


def roll_text(request: SaveRequest, faces: tuple[int, ...], kept: int) -> str:
    """``STR d20 with disadvantage [encumbered] (7, 14: kept 7) + 2``."""
    label = f"{request.ability.upper()} " if request.ability else ""
    if request.mode == "normal":
        shown = str(faces[0])
    else:
        shown = f"{', '.join(str(f) for f in faces)}: kept {kept}"
    return f"{label}d20{mode_text(request)} ({shown}) {_signed(request.bonus)}"


# -- requests from sheets ------------------------------------------------------

def encumbered(sheet: VaarnSheet, carried_slots: int) -> bool:
    """Seed 001 §Item Slots: more than CON defence slots of items and wounds."""
    return carried_slots + wound_slots(sheet) > slot_limit(sheet)


def save_request(
    sheet: VaarnSheet,
    ability: str,
    situation: Situation = Situation(),
    target: int = SAVE_TARGET,
    advantage: tuple[str, ...] = (),
    disadvantage: tuple[str, ...] = (),
    against: str = "",
) -> SaveRequest:
    """A save of ``ability`` by ``sheet``, with every source of advantage/disadvantage.

    ``advantage``/``disadvantage`` name extra reasons (e.g. a difficulty).  The
    sheet adds encumbrance (physical saves, seed 001 §Item Slots) and wounds
    (seed 001 §Wounds and Healing); the situation adds the referee's call.
    """
    if ability not in ABILITIES:
        raise UsageError(f"vaarn: unknown ability '{ability}'; abilities: {', '.join(ABILITIES)}")
    ups = (["situation"] if situation.advantage else []) + list(advantage)
    downs = (["situation"] if situation.disadvantage else []) + list(disadvantage)
    if ability in PHYSICAL and encumbered(sheet, situation.carried_slots):
        downs.append("encumbered")
    downs.extend(wound_disadvantages(sheet, ability))
    mode = combine_mode(bool(ups), bool(downs))
    return SaveRequest(bonus(sheet, ability), target, mode, ability, against, tuple(ups), tuple(downs))


def check_request(sheet: VaarnSheet, kind: str, difficulty: str, situation: Situation) -> SaveRequest:
    """A system-neutral check: kind -> ability, difficulty -> target and advantage.

    ``situation.target`` (a content number) replaces the difficulty altogether.
    """
    if kind not in KIND_ABILITY:
        raise UsageError(f"vaarn: unknown check kind '{kind}'; kinds: {', '.join(KIND_ABILITY)}")
    if difficulty not in DIFFICULTY:
        raise UsageError(f"vaarn: unknown difficulty '{difficulty}'; difficulties: {', '.join(DIFFICULTY)}")
    if situation.target is not None:
        return save_request(sheet, KIND_ABILITY[kind], situation, situation.target)
    target, easier, harder = DIFFICULTY[difficulty]
    return save_request(
        sheet, KIND_ABILITY[kind], situation, target,
        advantage=(difficulty,) if easier else (), disadvantage=(difficulty,) if harder else (),
    )


def opposed_request(
    sheet: VaarnSheet, ability: str, opponent: VaarnSheet, against_ability: str,
    situation: Situation = Situation(),
) -> SaveRequest:
    """Seed 001 §Saving Throws, opposed: beat the opponent's ``against_ability`` defence."""
    target = defence(opponent, against_ability)
    return save_request(sheet, ability, situation, target, against=f"{against_ability.upper()} defence {target}")
