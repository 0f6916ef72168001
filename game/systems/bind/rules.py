"""BIND (seed 003, by Malin Freeborn, GPL v3): 2d6 + Attribute + Skill against a Tie Number.

Above the TN succeeds, equal is a tie (a success if the player accepts the danger), below
fails.  This module is the system object the engine holds; the rules live beside it, all
pure functions, sheets and memos returned new:

- :mod:`game.systems.bind.core`: requests, rolls, odds, resting actions, group rolls,
  the one-roll-only memo, ties and margins;
- :mod:`game.systems.bind.traits`: sheets, kinds -> traits, teamwork, stacking,
  creation, NPC tiers;
- :mod:`game.systems.bind.combat`: the single combat roll, damage, armour, saving a life;
- :mod:`game.systems.bind.body`: weight and encumbrance, fatigue, time, healing, rest;
- :mod:`game.systems.bind.advance`: experience, the XP Discount, training costs.

Beyond the :class:`~game.rules.base.RuleSystem` protocol, :class:`BindSystem` offers what
BIND's play needs: ``traits_request`` (named traits), ``resting``, ``resisted_request``,
``settle`` (a tie once the player chose), ``action_key`` / ``roll_once`` / ``forget`` (one
roll only), ``group_roll`` and ``best`` (one roll for a party), ``margin_reward``,
``attack(..., tie=)``, ``save_life_request`` / ``save_life``, ``arm``, ``wear``, and the
weight, fatigue and healing functions of :mod:`game.systems.bind.body`.
:class:`BindSituation` adds what only BIND asks of a situation: ``resting`` and the load's
``encumbrance``.  The play layer (:mod:`game.systems.bind.play`) puts it all to work;
``docs/internals/bind.md`` describes each choice.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.errors import UsageError
from game.rules.base import AttackResult, Odds, RestResult, RollResult, SheetChange, Situation, Weapon, share
from game.rules.dice import Dice
from game.systems.bind import advance as bind_advance
from game.systems.bind import body as bind_body
from game.systems.bind import combat as bind_combat
from game.systems.bind import core as bind_core
from game.systems.bind import moment as bind_moment
from game.systems.bind import traits as bind_traits
from game.systems.bind.body import (
    can_carry,
    can_drag,
    character_weight,
    downtime,
    encumbrance,
    exert,
    heal_days,
    interval_of,
    intervals_in,
    lifts_easily,
    load_encumbrance,
    march,
    max_carry_weight,
    weekly_healing,
)
from game.systems.bind.core import (
    DIFFICULTY_TN,
    SYSTEM_ID,
    TN_CHART,
    BindRequest,
    Memo,
    Settlement,
    action_key,
    best,
    forget,
    group_roll,
    margin_reward,
    roll_once,
    settle,
)
from game.systems.bind.moment import BindMoment, BindRound
from game.systems.bind.sheet import BindSheet
from game.systems.bind.traits import ITEM_STATS as ITEM_STATS
from game.systems.bind.traits import NPC_STATS as NPC_STATS
from game.systems.bind.traits import PLAYER_STATS as PLAYER_STATS
from game.systems.bind.traits import stack, teamwork_bonus

__all__ = [
    "OPTIONS", "SUMMARY", "SYSTEM_ID", "BindMoment", "BindRequest", "BindRound", "BindSheet", "BindSituation",
    "BindSystem", "make_system",
    # re-exported for the engine
    "DIFFICULTY_TN", "TN_CHART", "Memo", "Settlement", "action_key", "best", "forget", "group_roll",
    "margin_reward", "roll_once", "settle", "stack", "teamwork_bonus",
    "can_carry", "can_drag", "character_weight", "downtime", "encumbrance", "exert", "heal_days", "interval_of",
    "intervals_in", "lifts_easily", "load_encumbrance", "march", "max_carry_weight", "weekly_healing",
]

SUMMARY = "BIND: 2d6 + Attribute + Skill against a Tie Number; ties trade success for danger; one roll decides a fight"
OPTIONS: dict[str, tuple[str, ...]] = {
    # A tied combat roll when nobody asks the player: no damage at all, or damage both ways.
    "combat_tie": ("neither", "both"),
    # Teamwork: each helper adds half rounded down (the seed's teamwork example: two
    # companions with +3 add +2), or helpers stack (half, a quarter, an eighth: seed
    # §Stacking), or each adds half rounded up (its words).
    "teamwork_rounding": ("down", "stack", "up"),
    # Who leads a team roll: the best-placed character (the seed's door example), or
    # always the player (house rule).
    "teamwork_lead": ("best", "player"),
    # seed 003 §Weight: "Items carried in only one hand count as having +2 to the Weight"
    # (its example: a battle axe hefted in one hand).  House rule: the wanderer fights
    # one-handed, so a wielded two-hander (``[items.X.stats.bind] hands = 2``) counts +2;
    # or every wielded melee weapon counts +2; or listed Weights only.
    "one_hand_weight": ("two-handers", "wielded", "off"),
    # seed 003 §Rounds: "The round itself can then be further divided into APs if you want
    # real detail": off by default; on, 3 + Speed AP a round, each exchange costs the
    # weapon's AP, and AP below 0 are a penalty (BIND's public combat chapter).
    "action_points": ("off", "on"),
    # A week of downtime (seed 003 §Downtime, silent on upkeep): each day needs its water and food
    # as any day does (a settlement's well waters you), or the week is kept for free (house rule).
    "downtime_upkeep": ("daily", "free"),
}


@dataclass(frozen=True)
class BindSituation(Situation):
    """A :class:`Situation` with what only BIND asks about.

    ``resting``: roll as a resting action (one die, the other a 6).
    ``encumbrance``: the Encumbrance points of the load (each item's Weight above
    Strength, added up), which the play layer works out item by item; ``None``
    falls back on judging ``carried_weight`` as one item.
    ``helper_sheets``: the sheets of the allies helping (seed 003 §Teamwork; the
    generic ``helpers`` is typed for plain-data sheets and left empty).
    """

    resting: bool = False
    encumbrance: int | None = None
    helper_sheets: tuple[BindSheet, ...] = ()


class BindSystem:
    """The BIND rule system (see the module docstring for the extra public methods).

    It is a ``RuleSystem[BindSheet, BindRequest, BindMoment | None]`` (structurally).
    """

    id = SYSTEM_ID
    name = "BIND"
    summary = SUMMARY
    seed = "003"

    def __init__(self, options: Mapping[str, str]) -> None:
        self.combat_tie = options.get("combat_tie", OPTIONS["combat_tie"][0])
        self.teamwork_rounding = options.get("teamwork_rounding", OPTIONS["teamwork_rounding"][0])
        self.teamwork_lead = options.get("teamwork_lead", OPTIONS["teamwork_lead"][0])
        self.one_hand_weight = options.get("one_hand_weight", OPTIONS["one_hand_weight"][0])
        self.action_points = options.get("action_points", OPTIONS["action_points"][0]) == "on"
        self.downtime_free = options.get("downtime_upkeep", OPTIONS["downtime_upkeep"][0]) == "free"

    # -- the command line's requests ----------------------------------------------
    def parse_request(self, keys: Mapping[str, str]) -> BindRequest:
        return bind_core.parse_request(keys)

    def odds(self, request: BindRequest) -> Odds:
        return bind_core.odds(request)

    def roll(self, request: BindRequest, dice: Dice) -> RollResult:
        return bind_core.roll(request, dice)

    # -- sheets -----------------------------------------------------------------------
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> BindSheet:
        """From ``[player.stats.bind]`` when given (no dice read), else random creation (14 d6)."""
        if stats:
            return bind_traits.sheet_from_stats(stats, where="player.stats.bind")
        return bind_traits.create_character(dice)

    def sheet_from_data(self, data: Mapping[str, Any]) -> BindSheet:
        """A sheet from saved data (validated; see :meth:`BindSheet.from_data`)."""
        return BindSheet.from_data(data)

    def sheet_to_data(self, sheet: BindSheet) -> dict[str, Any]:
        return sheet.to_data()

    def moment_from_data(self, data: Mapping[str, Any]) -> BindMoment | None:
        """Today's remembered rolls (seed 003 §One Roll Only); None when none are."""
        return BindMoment.from_data(data)

    def moment_to_data(self, moment: BindMoment | None) -> dict[str, Any]:
        return moment.to_data() if moment is not None else {}

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        """Format 1 kept the one-roll memo in the player's sheet: it moves to the moment."""
        return bind_moment.migrate_v1(state)

    def carry_npc_state(self, saved: BindSheet, fresh: BindSheet) -> BindSheet:
        return saved.with_definition_of(fresh)

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> BindSheet:
        return dataclasses.replace(bind_traits.npc_sheet(tier, stats), creature=creature)

    # -- checks -------------------------------------------------------------------------
    def _tn(self, difficulty: str, situation: Situation) -> int:
        if situation.target is not None:
            return situation.target
        try:
            return DIFFICULTY_TN[difficulty]
        except KeyError:
            raise UsageError(f"bind: unknown difficulty '{difficulty}'; difficulties: {', '.join(DIFFICULTY_TN)}") from None

    def check_request(self, sheet: BindSheet, kind: str, difficulty: str, situation: Situation) -> BindRequest:
        """Attribute + Skill of the kind (less Fatigue, and Encumbrance on Speed) + teamwork, vs the mapped TN.

        ``Situation.target`` sets the TN directly; a ``resting`` attribute on the
        situation (when the engine has one) makes it a resting action.
        """
        attr, skill_name = bind_traits.kind_traits(kind)
        return self.traits_request(sheet, attr, skill_name, difficulty, situation,
                                   teamwork=kind not in bind_traits.SOLO_KINDS)

    def traits_request(self, sheet: BindSheet, attribute: str, skill: str, difficulty: str, situation: Situation,
                       teamwork: bool = True) -> BindRequest:
        """Like :meth:`check_request` for an explicit Attribute + Skill (content that names BIND traits)."""
        if attribute not in bind_traits.ATTRIBUTES:
            raise UsageError(f"bind: unknown attribute '{attribute}'; attributes: {', '.join(bind_traits.ATTRIBUTES)}")
        if skill not in bind_traits.SKILLS:
            raise UsageError(f"bind: unknown skill '{skill}'; skills: {', '.join(bind_traits.SKILLS)}")
        bind_situation = situation if isinstance(situation, BindSituation) else None
        encumbrance = bind_situation.encumbrance if bind_situation else None
        bonus = bind_traits.traits_bonus(sheet, attribute, skill, situation.carried_weight, encumbrance)
        if teamwork and bind_situation and bind_situation.helper_sheets:
            helpers = [bind_traits.traits_bonus(helper, attribute, skill) for helper in bind_situation.helper_sheets]
            bonus = self.team(bonus, helpers).bonus
        return BindRequest(bonus=bonus, tn=self._tn(difficulty, situation),
                           resting=bool(bind_situation and bind_situation.resting))

    def resisted_request(self, sheet: BindSheet, kind: str, opponent: BindSheet, situation: Situation,
                         opposing_kind: str | None = None) -> BindRequest:
        """seed 003 §Resisted Actions: the player rolls against TN 7 + the NPC's ability."""
        against = opposing_kind or bind_traits.OPPOSED_BY.get(kind, kind)
        request = self.check_request(sheet, kind, "normal", dataclasses.replace(situation, target=None))
        return dataclasses.replace(request, tn=bind_core.DEFAULT_TN + bind_traits.kind_bonus(opponent, against))

    def team(self, own: int, helpers: list[int]) -> bind_traits.Team:
        """seed 003 §Teamwork: who leads (the best-placed, or the player under option
        ``teamwork_lead = "player"``) and what the others add (``teamwork_rounding``)."""
        return bind_traits.team(own, helpers, self.teamwork_rounding, self.teamwork_lead == "best")

    @staticmethod
    def resting(request: BindRequest) -> BindRequest:
        """seed 003 §Resting Actions: the same request with one die set to 6."""
        return dataclasses.replace(request, resting=True)

    settle = staticmethod(settle)
    action_key = staticmethod(action_key)
    roll_once = staticmethod(roll_once)
    forget = staticmethod(forget)
    group_roll = staticmethod(group_roll)
    best = staticmethod(best)
    margin_reward = staticmethod(margin_reward)

    # -- combat ---------------------------------------------------------------------------
    def attack_request(self, attacker: BindSheet, defender: BindSheet, weapon: Weapon, situation: Situation) -> BindRequest:
        return bind_combat.attack_request(attacker, defender, weapon, situation)

    def attack(self, attacker: BindSheet, defender: BindSheet, weapon: Weapon, situation: Situation, dice: Dice,
               tie: str | None = None) -> AttackResult[BindSheet]:
        return bind_combat.attack(attacker, defender, weapon, situation, dice, tie or self.combat_tie)

    save_life_request = staticmethod(bind_combat.save_life_request)
    save_life = staticmethod(bind_combat.save_life)
    arm = staticmethod(bind_combat.arm)
    wear = staticmethod(bind_combat.wear)

    def condition(self, sheet: BindSheet) -> str:
        return bind_combat.condition(sheet)

    def health(self, sheet: BindSheet) -> str:
        text = f"HP {sheet.hp}/{sheet.max_hp}"
        if sheet.fatigue:
            text += f" Fatigue {sheet.fatigue}"
        if sheet.encumbrance:
            text += f" Enc {sheet.encumbrance}"
        return text

    def health_fraction(self, sheet: BindSheet) -> float:
        """HP against maximum HP, BIND's measure of harm; 0.0 when dead, and at 0 HP or
        below (down, and dead at minus the maximum).  Fatigue is not health."""
        return 0.0 if sheet.dead else share(sheet.hp, sheet.max_hp)

    def sheet_lines(self, sheet: BindSheet) -> list[str]:
        attrs = sheet.attributes
        skills = {name: value for name, value in sheet.skills.items() if value}
        arms = sheet.wielded
        penalty = bind_traits.fatigue_penalty(sheet)
        lines = [
            f"Race: {sheet.race}",
            "Attributes: " + ", ".join(f"{name.capitalize()} {attrs[name]:+d}" for name in bind_traits.ATTRIBUTES),
            "Skills: " + (", ".join(f"{name.replace('_', ' ').title()} {value:+d}" for name, value in skills.items())
                          or "none"),
            f"HP {sheet.hp}/{sheet.max_hp}  Weight {character_weight(sheet)}  Fatigue {sheet.fatigue}"
            + (f" ({-penalty:+d} to actions)" if penalty else ""),
        ]
        if sheet.name:  # the play layer has equipped the sheet from what is carried
            lines += [f"Armour: DR {sheet.armour.dr}, covering {sheet.armour.covering}",
                      f"Wielding: {arms.name} ({arms.bonus:+d} to hit, {arms.damage:+d} damage)"]
        else:
            lines.append("Arms and armour: the best weapon and armour you carry, from your first action on")
        if sheet.encumbrance:
            lines.append(f"Encumbrance {sheet.encumbrance}: {-sheet.encumbrance:+d} to Speed, "
                         f"+{sheet.encumbrance} Fatigue each interval")
        lines.append(f"Healing: {sheet.healing_days} of 7 days towards a quarter of your HP")
        lines.append(bind_advance.xp_line(sheet))
        if self.action_points:
            lines.append(f"Action points: {bind_combat.round_ap(sheet)} a round in a fight (3 + Speed - "
                         f"Encumbrance); an exchange costs {bind_combat.ap_cost(sheet.wielded)} with "
                         f"{sheet.wielded.name}; below 0, a penalty")
        if sheet.stable and bind_combat.condition(sheet) == "down":
            lines.append("Unconscious but stable.")
        return lines

    def rest(self, sheet: BindSheet, kind: str, fed: bool, dice: Dice) -> RestResult[BindSheet]:
        """Short: rest one interval; long: a day of rest (four intervals). No dice."""
        return bind_body.rest(sheet, kind, fed)

    def harm(self, sheet: BindSheet, damage: str, dice: Dice) -> SheetChange[BindSheet]:
        """Harm from no attacker: 1D6 + the die's bonus, armour no help (see :func:`bind_combat.harm`)."""
        return bind_combat.harm(sheet, damage, dice)

    def heal(self, sheet: BindSheet, healing: str, dice: Dice) -> SheetChange[BindSheet]:
        """Healing: 1D6 + the die's bonus HP, up to the maximum (see :func:`bind_combat.heal`)."""
        return bind_combat.heal(sheet, healing, dice)


def make_system(options: Mapping[str, str]) -> BindSystem:
    """A configured BIND system (options as in :data:`OPTIONS`)."""
    return BindSystem(options)
