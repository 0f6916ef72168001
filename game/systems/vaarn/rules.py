"""Vaults of Vaarn (seed 001; Knave-derived, CC BY 4.0): the rule system for Wayfarer.

Checks are saves: d20 + ability bonus, success when the total is *greater* than 15 or an
opposing defence (seed 001 §Saving Throws).  This module is the system object the engine
holds; the rules live beside it, all pure functions of sheets and dice: ``sheet`` (the
typed sheet and the round's moment), ``events``, ``data`` (tables and sheet readers),
``saves`` (requests, odds, rolls, kinds, difficulties), ``wounds`` (damage, the wound
chart, death, healing, rests), ``combat`` (initiative, attacks, NPC blocks, morale,
reactions), ``life`` (item slots, water and food, creation, exotica, advancement) and
``gifts`` (Mystic Gifts, barter).

Besides the :class:`~game.rules.base.RuleSystem` protocol, :class:`VaarnSystem` offers the
play layer saves, item slots, combat and morale, wounds, rests and survival, Gifts,
barter, exotica and levels, each documented where it is defined.  Fights, wounds, saves
and Gifts are deferred (:mod:`game.deferred`): the opening needs only creation, item slots
and the sheet.  The play layer is :mod:`game.systems.vaarn.play`; the choices
the rules text leaves open are in ``docs/rules/vaarn.md`` and ``docs/internals/vaarn.md``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.deferred import deferred
from game.errors import UsageError
from game.rules.base import AttackResult, Odds, RollResult, RuleSystem, Situation, Weapon, share
from game.rules.dice import Dice
from game.systems.vaarn import life
from game.systems.vaarn.data import (
    ABILITIES,
    BASELINE_COST,
    GIFT_MODES,
    LETHAL_WOUND_SLOTS,
    SAVE_TARGET,
    SEED,
    SYSTEM_ID,
    WOUND_TABLE,
    armour,
    cannot_walk,
    is_deprived,
    slot_limit,
    stat_problems,
    wound_slots,
)
from game.systems.vaarn.data import ITEM_STATS as ITEM_STATS
from game.systems.vaarn.data import NPC_STATS as NPC_STATS
from game.systems.vaarn.data import PLAYER_STATS as PLAYER_STATS
from game.systems.vaarn.sheet import LEGACY_SCRATCH, VaarnMoment, VaarnSheet

if TYPE_CHECKING:
    from fractions import Fraction

    from game.systems.vaarn import combat, gifts, saves, wounds
    from game.systems.vaarn.saves import SaveRequest
    from game.systems.vaarn.wounds import VaarnChange
else:
    combat = deferred("game.systems.vaarn.combat")
    gifts = deferred("game.systems.vaarn.gifts")
    saves = deferred("game.systems.vaarn.saves")
    wounds = deferred("game.systems.vaarn.wounds")

SUMMARY = "Vaults of Vaarn (Knave-derived): d20 + ability bonus must beat 15 or a defence; wounds past 0 HP"
#: Adventure options (``[adventure.rules] vaarn = {...}``), the default first.
OPTIONS: dict[str, tuple[str, ...]] = {
    "advancement": life.ADVANCEMENT,
    "gifts": GIFT_MODES,
    "attack_ties": ("miss", "hit"),
    "npc_wounds": ("die-at-zero", "wound-table"),
    "meals": ("daily", "rests-only"),
    "wound_losses": ("daily", "lasting"),
    # Vaarn's public creation rules: max HP 1d8, so a character may start at 1 HP;
    # house rule "d8-at-least-4": a d8 below 4 counts as 4.
    "starting_hp": ("d8", "d8-at-least-4"),
}


class VaarnSystem:
    """The configured Vaarn rules; ``options`` holds one value for every key of :data:`OPTIONS`.

    A ``RuleSystem[VaarnSheet, SaveRequest, VaarnMoment | None]``, structurally.
    """

    id = SYSTEM_ID
    name = "Vaults of Vaarn"
    summary = SUMMARY
    seed = SEED

    def __init__(self, options: Mapping[str, str]) -> None:
        self.options = {key: str(options.get(key, values[0])) for key, values in OPTIONS.items()}
        self.ties_hit = self.options["attack_ties"] == "hit"
        self.npc_dies_at_zero = self.options["npc_wounds"] == "die-at-zero"
        self.gifts = self.options["gifts"]
        #: Seed 001 §Wounds and Healing, Long Rest: "Ability defenses that have been depleted by
        #: enemy attacks replenish at the rate of one point per day" (a wound is an enemy's attack):
        #: a point back each long rest by default; option ``wound_losses = "lasting"`` keeps them lost.
        self.wound_losses_heal = self.options["wound_losses"] == "daily"

    # -- the command line's requests ------------------------------------------
    def parse_request(self, keys: Mapping[str, str]) -> SaveRequest:
        return saves.parse_request(keys)

    def odds(self, request: SaveRequest) -> Odds:
        return saves.save_odds(request)

    def roll(self, request: SaveRequest, dice: Dice) -> RollResult:
        return saves.roll_save(request, dice)

    # -- play -------------------------------------------------------------------
    def new_character(self, stats: Mapping[str, Any] | None, dice: Dice) -> VaarnSheet:
        least = life.STARTING_HP_LEAST[self.options["starting_hp"]]
        return life.new_character(stats, dice, least_hp=least)

    def sheet_from_data(self, data: Mapping[str, Any]) -> VaarnSheet:
        """A sheet from saved data (see :meth:`VaarnSheet.from_data`)."""
        return VaarnSheet.from_data(data)

    def sheet_to_data(self, sheet: VaarnSheet) -> dict[str, Any]:
        return sheet.to_data()

    def moment_from_data(self, data: Mapping[str, Any]) -> VaarnMoment | None:
        return VaarnMoment.from_data(data)

    def moment_to_data(self, moment: VaarnMoment | None) -> dict[str, Any]:
        return moment.to_data() if moment is not None else {}

    def migrate_v1(self, state: dict[str, Any]) -> dict[str, Any]:
        """Format 1 kept a round's scratch on the sheets: lift it into ``state["moment"]``.

        From the player: ``engaged``, ``felled``, ``rest_choice``, ``arrived``;
        from each NPC: ``acted_first``.  The NPCs' ``routed`` and ``surrendered``,
        never read, are dropped.
        """
        state = dict(state)
        player = dict(state.get("player", {}))
        moment: dict[str, Any] = {}
        for key in ("engaged", "felled", "arrived"):
            if key in player:
                moment[key] = player.pop(key)
        choice = player.pop("rest_choice", "auto")
        if choice != "auto":
            moment["rest_choice"] = choice
        acted = []
        npcs = {}
        for npc_id, npc in dict(state.get("npcs", {})).items():
            npc = dict(npc)
            sheet = dict(npc.get("sheet", {}))
            if sheet.pop("acted_first", False):
                acted.append(npc_id)
            npc["sheet"] = {key: value for key, value in sheet.items() if key not in LEGACY_SCRATCH}
            npcs[npc_id] = npc
        if acted:
            moment["acted_first"] = acted
        state["player"], state["npcs"] = player, npcs
        moment_data = VaarnMoment.from_data(moment)
        state["moment"] = moment_data.to_data() if moment_data is not None else {}
        return state

    def npc_sheet(self, tier: int, stats: Mapping[str, Any] | None, creature: str = "biological") -> VaarnSheet:
        return combat.npc_sheet(tier, stats, creature)

    def carry_npc_state(self, saved: VaarnSheet, fresh: VaarnSheet) -> VaarnSheet:
        return wounds.carry_npc_state(saved, fresh)

    def check_request(self, sheet: VaarnSheet, kind: str, difficulty: str, situation: Situation) -> SaveRequest:
        return saves.check_request(sheet, kind, difficulty, situation)

    def attack_request(self, attacker: VaarnSheet, defender: VaarnSheet, weapon: Weapon, situation: Situation) -> SaveRequest:
        return combat.attack_request(attacker, defender, weapon, situation, self.ties_hit)

    def attack(self, attacker: VaarnSheet, defender: VaarnSheet, weapon: Weapon, situation: Situation, dice: Dice
               ) -> AttackResult[VaarnSheet]:
        return combat.attack(attacker, defender, weapon, situation, dice, self.ties_hit, self.npc_dies_at_zero)

    def condition(self, sheet: VaarnSheet) -> str:
        return wounds.condition(sheet)

    def health(self, sheet: VaarnSheet) -> str:
        """``HP 4/6``, plus wound slots, ``encumbered``, ``down``, ``deprived`` or ``dead`` when they apply."""
        parts = [f"HP {sheet.hp}/{sheet.max_hp}"]
        if wound_slots(sheet):
            parts.append(f"wounds {wound_slots(sheet)}/10")
        if sheet.encumbered:
            parts.append("encumbered")
        state = wounds.condition(sheet)
        if state != "ok":
            parts.append(state)
        elif is_deprived(sheet):
            parts.append("deprived")
        return ", ".join(parts)

    def health_fraction(self, sheet: VaarnSheet) -> float:
        """The lower of HP against maximum HP and the item slots wounds still leave before
        the lethal ten (seed 001 §Wounds and Healing); 0.0 when dead by any rule, and at
        0 HP or below."""
        if wounds.condition(sheet) == "dead":
            return 0.0
        return min(share(sheet.hp, sheet.max_hp), share(LETHAL_WOUND_SLOTS - wound_slots(sheet), LETHAL_WOUND_SLOTS))

    def sheet_lines(self, sheet: VaarnSheet) -> list[str]:
        lines = [
            f"Level {sheet.level}  XP {sheet.xp}  {self.health(sheet)}  Armour {armour(sheet)}",
            "  ".join(
                f"{a.upper()} {sheet.bonus(a):+d} ({sheet.bonus(a) + 10})"
                + (f" -{sheet.depleted[a]}" if sheet.depleted.get(a) else "")
                for a in ABILITIES
            ),
            f"Item slots {slot_limit(sheet)}: "
            + (f"items fill {sheet.slots_carried}, " if sheet.slots_carried is not None else "")
            + f"wounds {wound_slots(sheet)}" + (" (encumbered)" if sheet.encumbered else ""),
        ]
        if sheet.ability_points:
            lines.append(f"Ability points to spend: {sheet.ability_points}")
        for wound in sheet.wounds:
            row = WOUND_TABLE[wound.row]
            lines.append(f"Wound: {row.name} ({row.slots} slot{'s' if row.slots > 1 else ''}): {row.description}")
        # Thirst and hunger are the engine's counters; its ``stats`` reports them itself.
        if self.gifts == "psyche-slots":
            lines.append(f"Psyche slots {max(sheet.bonus('psy'), 0)}")
        return lines

    def rest(self, sheet: VaarnSheet, kind: str, fed: bool, dice: Dice) -> VaarnChange:
        return wounds.rest(sheet, kind, fed, dice, restore_wound_losses=self.wound_losses_heal)

    # -- the system's own economy (see the module docstring) ----------------------
    def save_request(self, sheet: VaarnSheet, ability: str, situation: Situation = Situation(),
                     target: int = SAVE_TARGET) -> SaveRequest:
        return saves.save_request(sheet, ability, situation, target)

    def opposed_request(self, sheet: VaarnSheet, ability: str, opponent: VaarnSheet, against: str,
                        situation: Situation = Situation()) -> SaveRequest:
        return saves.opposed_request(sheet, ability, opponent, against, situation)

    def save(self, request: SaveRequest, dice: Dice) -> RollResult:
        return saves.roll_save(request, dice)

    def slots_for(self, kind: str, count: int = 1, slots: int = 1) -> int:
        return life.slots_for(kind, count, slots, self.gifts)

    def slot_limit(self, sheet: VaarnSheet) -> int:
        return slot_limit(sheet)

    def free_slots(self, sheet: VaarnSheet, item_slots: int) -> int:
        return life.free_slots(sheet, item_slots)

    def can_carry(self, sheet: VaarnSheet, item_slots: int, adding: int) -> bool:
        return life.can_carry(sheet, item_slots, adding)

    def is_encumbered(self, sheet: VaarnSheet, item_slots: int) -> bool:
        return life.is_encumbered(sheet, item_slots)

    def initiative(self, sides: Sequence[str], dice: Dice, player_side: str = "player") -> combat.Initiative:
        return combat.initiative(sides, dice, player_side)

    def attack_refusal(self, weapon: Weapon, situation: Situation) -> str:
        return combat.attack_refusal(weapon, situation)

    def npc_attacks(self, sheet: VaarnSheet) -> tuple[tuple[Weapon, ...], ...]:
        return combat.npc_attacks(sheet)

    def morale_request(self, sheet: VaarnSheet) -> SaveRequest:
        return combat.morale_request(sheet)

    def morale_check(self, sheet: VaarnSheet, dice: Dice) -> RollResult:
        return combat.morale_check(sheet, dice)

    def morale_due(self, group_size: int, down: int, leader_fell: bool = False, hp: int = 1, max_hp: int = 1) -> bool:
        return combat.morale_due(group_size, down, leader_fell, hp, max_hp)

    def reaction(self, sheet: VaarnSheet, dice: Dice) -> combat.Reaction:
        return combat.reaction(sheet, dice)

    def take_damage(self, sheet: VaarnSheet, amount: int, dice: Dice) -> wounds.Harm:
        return wounds.take_damage(sheet, amount, dice, self.npc_dies_at_zero)

    def heal_hp(self, sheet: VaarnSheet, amount: int) -> VaarnSheet:
        """Recover ``amount`` HP as though from 0 (see :func:`vaarn_wounds.heal`)."""
        return wounds.heal(sheet, amount)

    def harm(self, sheet: VaarnSheet, damage: str, dice: Dice) -> VaarnChange:
        """Harm from no attacker: roll ``damage`` (a die such as ``"d4"``) and take it, wounds and all."""
        return wounds.harm(sheet, damage, dice, self.npc_dies_at_zero)

    def heal(self, sheet: VaarnSheet, healing: str, dice: Dice) -> VaarnChange:
        """Healing from a potion, a Gift or an Exotica: roll ``healing`` and recover it from 0."""
        return wounds.heal_roll(sheet, healing, dice)

    def pending_item_damage(self, sheet: VaarnSheet) -> int:
        return wounds.pending_item_damage(sheet)

    def pick_damaged_item(self, item_ids: list[str], dice: Dice) -> str:
        return wounds.pick_damaged_item(item_ids, dice)

    def clear_item_damage(self, sheet: VaarnSheet) -> VaarnSheet:
        return wounds.clear_item_damage(sheet)

    def cannot_walk(self, sheet: VaarnSheet) -> bool:
        return cannot_walk(sheet)

    def rest_with(self, sheet: VaarnSheet, kind: str, water: int, meals: int, dice: Dice, choice: str = "auto"
                  ) -> VaarnChange:
        """Rest consuming what the engine offers: ``water`` rations and ``meals`` (0 or 1 each).

        Short rest: water or a meal; long rest: both (seed 001 §Wounds and
        Healing).  Water drunk and food eaten count for the day (:func:`drink`,
        :func:`eat`); without the fare the rest gives nothing.  The engine removes
        from the inventory exactly ``water`` and ``meals`` it passed.
        """
        if water < 0 or meals < 0:
            raise UsageError("vaarn: cannot rest on negative rations")
        fed_sheet = sheet
        if water:
            fed_sheet = life.drink(fed_sheet)
        if meals:
            fed_sheet = life.eat(fed_sheet)
        fed = (water > 0 or meals > 0) if kind == "short" else (water > 0 and meals > 0)
        return wounds.rest(fed_sheet, kind, fed, dice, choice, restore_wound_losses=self.wound_losses_heal)

    def end_of_day(self, sheet: VaarnSheet, water: int, food: int) -> life.DayResult:
        return life.end_of_day(sheet, water, food, self.options["meals"] == "daily")

    def drink(self, sheet: VaarnSheet) -> VaarnSheet:
        return life.drink(sheet)

    def eat(self, sheet: VaarnSheet) -> VaarnSheet:
        return life.eat(sheet)

    def is_thirsty(self, sheet: VaarnSheet) -> bool:
        return life.is_thirsty(sheet)

    def is_deprived(self, sheet: VaarnSheet) -> bool:
        return is_deprived(sheet)

    def gift_attack(self, user: VaarnSheet, target: VaarnSheet, dice: Dice, cost_sides: int = BASELINE_COST
                    ) -> gifts.GiftResult:
        return gifts.gift_attack(user, target, dice, cost_sides, self.gifts, self.npc_dies_at_zero)

    def gift_heal(self, user: VaarnSheet, target: VaarnSheet | None, dice: Dice, cost_sides: int = BASELINE_COST
                  ) -> gifts.GiftResult:
        return gifts.gift_heal(user, target, dice, cost_sides, self.gifts, self.npc_dies_at_zero)

    def sustain_gift(self, user: VaarnSheet, periods: int, dice: Dice, cost_sides: int = BASELINE_COST
                     ) -> gifts.GiftResult:
        return gifts.sustain_gift(user, periods, dice, cost_sides, self.npc_dies_at_zero)

    def gift_capacity(self, sheet: VaarnSheet, item_slots: int = 0) -> int:
        return gifts.gift_capacity(sheet, self.gifts, item_slots)

    def trade_value(self, kind: str, slots: int = 1, count: int = 1) -> Fraction:
        return gifts.trade_value(kind, slots, count)

    def barter_request(self, sheet: VaarnSheet, merchant: VaarnSheet, situation: Situation = Situation()) -> SaveRequest:
        return gifts.barter_request(sheet, merchant, situation)

    def appraise(self, offered: Fraction, wanted: Fraction, disposition: str, persuaded: bool = False) -> gifts.Deal:
        return gifts.appraise(offered, wanted, disposition, persuaded)

    def identify_exotica(self, sheet: VaarnSheet, difficulty: str, situation: Situation, dice: Dice) -> RollResult:
        return life.identify_exotica(sheet, difficulty, situation, dice)

    def advance(self, sheet: VaarnSheet, source: str, dice: Dice, allocation: Mapping[str, int] | None = None,
                *, starting: bool = False, item: str = "") -> life.Advance:
        return life.advance(sheet, source, self.options["advancement"], dice, allocation,
                            starting=starting, item=item)

    def level_up(self, sheet: VaarnSheet, dice: Dice, allocation: Mapping[str, int] | None = None) -> life.Advance:
        return life.level_up(sheet, dice, allocation)

    def spend_points(self, sheet: VaarnSheet, allocation: Mapping[str, int]) -> VaarnSheet:
        return life.spend_points(sheet, allocation)

    def auto_allocation(self, sheet: VaarnSheet) -> dict[str, int]:
        return life.auto_allocation(sheet)

    def swap_abilities(self, sheet: VaarnSheet, first: str, second: str) -> VaarnSheet:
        return life.swap_abilities(sheet, first, second)

    def stat_problems(self, stats: Mapping[str, Any], npc: bool = False) -> list[str]:
        return combat.npc_stat_problems(stats) if npc else stat_problems(stats)


if TYPE_CHECKING:
    def _conforms(system: VaarnSystem) -> RuleSystem[VaarnSheet, SaveRequest, VaarnMoment | None]:
        return system  # mypy checks that VaarnSystem satisfies the protocol with these types


def make_system(options: Mapping[str, str]) -> VaarnSystem:
    """A configured :class:`VaarnSystem`; unknown options or values raise UsageError."""
    for key, value in options.items():
        if key not in OPTIONS:
            raise UsageError(f"unknown option '{key}' for vaarn; known: {', '.join(OPTIONS)}")
        if value not in OPTIONS[key]:
            raise UsageError(f"option {key} = {value!r} for vaarn must be one of: {', '.join(OPTIONS[key])}")
    return VaarnSystem(options)
