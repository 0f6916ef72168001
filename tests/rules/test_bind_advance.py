"""BIND advancement: seed 003 §Time (downtime lets the PCs "advance Traits"), with the numbers of
BIND's public Experience chapter (house rule), tested on that chapter's own worked figures; and
action points (seed 003 §Rounds, the option), tested on the combat chapter's greatsword."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.systems.bind import advance as adv
from game.systems.bind.events import TraitRaised, XpAwarded
from game.systems.bind.sheet import BindSheet
from game.systems.bind.traits import make_sheet, tier_sheet


def pc(xp: int = 0, race: str = "human", **traits: int) -> BindSheet:
    attributes = {k: v for k, v in traits.items() if k in adv.ATTRIBUTES}
    skills = {k: v for k, v in traits.items() if k in adv.SKILLS}
    return replace(make_sheet(attributes, skills, race=race), xp=xp)


def test_the_xp_discount_of_a_lone_warrior() -> None:
    """"If a single warrior defeats a dragon worth 22 XP, then the warrior receives 21 XP ... If he
    fights 10 ghouls worth 2 XP each, then he receives 1 for the first, and 2 for the rest, for a
    total of 19 XP.\""""
    assert adv.discounted([22]) == 21
    assert adv.discounted([2] * 10) == 19


def test_the_xp_discount_of_five_characters() -> None:
    """"if five characters are fighting the 10 ghouls together ... Only the last 5 ghouls count,
    bringing 10 XP in total.  Dividing this among 5 players, each receives 2 XP.\""""
    assert adv.discounted([2] * 10, party=5) == 10
    assert adv.discounted([2] * 10, party=5) // 5 == 2


def test_the_discount_is_counted_from_the_highest_value() -> None:
    assert adv.discounted([2, 22, 2]) == 21 + 2 + 2
    assert adv.discounted([]) == 0


def test_buying_off_a_negative_attribute_costs_five_a_level() -> None:
    """"Buying off a negative level increases it by 1 and always costs 5 XP, so taking a character
    from -4 Strength to 0 would cost 20 XP."  (An elf: Strength from -4 to +2.)"""
    elf = pc(race="elf", strength=-4)
    assert adv.attribute_range(elf, "strength") == (-4, 2)
    assert adv.cost_to(elf, "strength", 0) == 20


def test_the_xp_chart() -> None:
    """Attributes 10, 20, 30, 50; Skills 5, 10, 15; Combat and Projectiles 10, 20, 40."""
    assert [adv.cost_to(pc(), "intelligence", n) for n in (1, 2, 3)] == [10, 30, 60]
    assert [adv.cost_to(pc(), "stealth", n) for n in (1, 2, 3)] == [5, 15, 30]
    assert [adv.cost_to(pc(), "combat", n) for n in (1, 2, 3)] == [10, 30, 70]
    assert adv.next_cost(pc(stealth=3), "stealth") is None
    # An elf's Wits go to +4 (the 4th level: 50 XP); a human's stop at +2 (the race's -1).
    assert adv.next_cost(pc(race="elf", wits=3), "wits") == 50
    assert adv.next_cost(pc(wits=2), "wits") is None
    assert adv.next_cost(pc(intelligence=3), "intelligence") is None


def test_train_spends_xp_once_a_trait_a_downtime() -> None:
    result = adv.train(pc(xp=12, stealth=1), "stealth")
    assert result.event == TraitRaised("Stealth", 1, 2, 10, 2)
    assert (result.sheet.skill("stealth"), result.sheet.xp, result.sheet.trained) == (2, 2, ("stealth",))
    again = adv.train(replace(result.sheet, xp=50), "stealth")
    assert again.refusal == "Stealth has risen a level this downtime already: one level a Trait an adventure."
    assert adv.train(pc(xp=4), "stealth").refusal == "Stealth +1 costs 5 XP; you have 4."
    assert adv.train(pc(xp=99, stealth=3), "stealth").refusal == "Stealth is as high as it can go (+3)."


def test_strength_raises_hp_with_it() -> None:
    """HP = 6 + Strength (BIND's public rules): a point of Strength is a point of HP and of Weight."""
    trained = adv.train(pc(xp=10), "strength").sheet
    assert (trained.attribute("strength"), trained.max_hp, trained.hp) == (1, 7, 7)


def test_award_at_downtime_takes_the_discount_and_opens_training() -> None:
    sheet = replace(pc(xp=1), xp_pending=(4, 10), trained=("wits",))
    after, event = adv.award(sheet)
    assert event == XpAwarded(2, 14, 13, 14)
    assert (after.xp, after.xp_pending, after.trained) == (14, (), ())
    assert adv.award(pc(xp=3)) == (pc(xp=3), None)


@pytest.mark.parametrize(("tier", "value"), [(1, 4), (2, 7), (3, 10), (4, 15), (5, 24)])
def test_foes_are_worth_xp_by_tier_and_half_when_they_flee(tier: int, value: int) -> None:
    assert adv.defeat_value(tier_sheet(tier), fled=False) == value
    assert adv.defeat_value(tier_sheet(tier), fled=True) == value // 2


def test_trait_words() -> None:
    assert adv.trait_of("str") == "strength"
    assert adv.trait_of("Beast Ken") == "beast_ken"
    assert adv.trait_of("combat") == "combat"
    assert adv.trait_of("luck") is None


def test_advancement_fields_round_trip_and_older_sheets_load() -> None:
    sheet = replace(pc(xp=7), xp_pending=(4, 2), trained=("stealth",), in_downtime=True)
    assert BindSheet.from_data(sheet.to_data()) == sheet
    plain = pc()
    assert "xp" not in plain.to_data()  # a sheet that never advanced saves as before
    with pytest.raises(ValueError, match="trained"):
        BindSheet.from_data({**sheet.to_data(), "trained": ["luck"]})


# -- action points (option action_points; BIND's public combat chapter) -------------------------------------

def test_the_greatsword_example() -> None:
    """"A character on 2 AP who attacks with a greatsword (which costs 4 AP) would then go to -2 AP.
    If someone attacked them, they would have to respond with a -2 penalty to their action, then
    reduce to -6.\""""
    from game.systems.bind.combat import ap_cost, spend_ap
    from game.systems.bind.sheet import Arms
    from game.systems.bind.traits import ap_penalty, kind_bonus

    greatsword = Arms("greatsword", damage=4)  # a d12 weapon: +4 damage
    assert ap_cost(greatsword) == 4
    sheet = replace(pc(dexterity=1, combat=1), ap=2)
    after = spend_ap(sheet, greatsword)
    assert (after.ap, ap_penalty(after)) == (-2, 2)
    assert kind_bonus(after, "fight") == kind_bonus(sheet, "fight") - 2
    assert spend_ap(after, greatsword).ap == -6


def test_a_round_begins_with_three_plus_speed_less_encumbrance() -> None:
    from game.systems.bind.combat import ap_cost, round_ap
    from game.systems.bind.sheet import Arms

    assert round_ap(pc(speed=1)) == 4
    assert round_ap(replace(pc(speed=1), encumbrance=3)) == 1
    assert [ap_cost(Arms(damage=d)) for d in (0, 1, 2, 3, 4)] == [2, 2, 3, 3, 4]
    assert ap_cost(Arms(damage=2, ranged=True)) == 2
