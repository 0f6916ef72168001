"""BIND's wording of events: HP left after an exchange, Fatigue, rests, saving a life, encounters.

A fall or a death in a fight is not worded here: the engine says an NPC's
(``after_npc_hit``) and the end of the run, and the play layer's
:class:`~game.systems.bind.events.LifeAtStake` says the player's.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from game.events import PLAYER, Event, RollMade, RollResult
from game.events.fight import Died, Fell
from game.narration import Narrator, cap
from game.systems.bind.body import INTERVALS
from game.systems.bind.events import (
    ApPenalty,
    CameUpon,
    DowntimeTaken,
    FatigueChanged,
    FatiguePenalty,
    HpChanged,
    LifeAtStake,
    LifeSaveEnded,
    NoBlow,
    Rested,
    TieAnswered,
    TraitRaised,
    Unaffected,
    WokeUp,
    XpAwarded,
    XpEarned,
)
from game.text import article

#: A die and its face in a breakdown (``1d6 (5)``), and a rule's reminder in brackets at the end.
_DIE = re.compile(r"\b\d*d\d+ \((\d+)\)")
_RULE_NOTE = re.compile(r" \((?:\d+ in \d+|house rule)[^)]*\)$")
#: The damage dice of a blow, down to their total: ``damage 1d6 (6) - 2 = 4`` -> ``4 damage``.
_DAMAGE = re.compile(r"damage \d*d\d+ \([^)]*\)(?: [+-] \d+)* = (\d+)")


class BindNarrator(Narrator):
    """The narrator of a run under BIND.

    A tied exchange's roll is shown with its question; after the answer
    (:class:`TieAnswered`) the same roll, logged again as the exchange resolves,
    is not shown a second time.
    """

    def lines(self, events: Iterable[Event]) -> list[str]:
        kept: list[Event] = []
        answered = False
        for event in events:
            if isinstance(event, TieAnswered):
                answered = True
            elif answered and isinstance(event, RollMade):
                answered = False
                continue
            kept.append(event)
        return super().lines(kept)

    def brief(self, result: RollResult) -> str:
        """``11 vs TN 9: success``; the player's defence named as such; an encounter roll without its rule."""
        text = super().brief(result)
        if result.text.startswith("defence roll"):
            return f"your defence {text}"
        return _RULE_NOTE.sub("", _DIE.sub(r"\1", text))

    def brief_roll(self, event: RollMade) -> list[str]:
        """A blow with no roll before it (at a foe that is down) reads as its harm, as a follow-up does."""
        if "dr" in event.result.figures and "striker" in event.result.figures:
            return self.brief_follow_up(event)
        return super().brief_roll(event)

    def brief_follow_up(self, event: RollMade) -> list[str]:
        """The blow of an exchange, as its harm: ``The glass jackal strikes you: 4 damage: you lose 4 HP.``"""
        text = _DAMAGE.sub(r"\1 damage", event.result.text)
        return [f"{cap(text)}."]


@BindNarrator.renders(TieAnswered)
def _tie_answered(narrator: Narrator, event: TieAnswered) -> list[str]:
    return []


@BindNarrator.renders(Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return []


@BindNarrator.renders(Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    return []


@BindNarrator.renders(HpChanged)
def _hp(narrator: Narrator, event: HpChanged) -> list[str]:
    if event.who != PLAYER:
        return []  # the damage roll's text says it
    if event.cause == "harm":
        return [f"You lose {event.before - event.after} HP (HP {event.before} -> {event.after} of {event.max_hp})."]
    if event.cause == "heal":
        return [f"HP {event.before} -> {event.after} of {event.max_hp}."]
    if event.cause == "week":
        return [f"A week has passed since your wounds began to mend: HP {event.before} -> {event.after}."]
    if event.after <= 0:
        return [f"You are down to {event.after} HP (of {event.max_hp})."]
    return [f"You have {event.after} of {event.max_hp} HP left."]


@BindNarrator.renders(NoBlow)
def _no_blow(narrator: Narrator, event: NoBlow) -> list[str]:
    return ["Neither lands a blow."]


_UNAFFECTED = {"harm": "The dead feel nothing more.", "heal": "Nothing can heal the dead.",
               "rest": "The dead do not rest."}


@BindNarrator.renders(Unaffected)
def _unaffected(narrator: Narrator, event: Unaffected) -> list[str]:
    return [_UNAFFECTED[event.what]]


@BindNarrator.renders(Rested)
def _rested(narrator: Narrator, event: Rested) -> list[str]:
    if not event.fed:
        return ["Hungry and thirsty, you find no rest: nothing recovers."]
    span = "an interval (6 hours)" if event.intervals == 1 else f"a full day ({len(INTERVALS)} intervals)"
    return [f"You rest {span}: Fatigue {event.before} -> {event.after}."]


@BindNarrator.renders(FatigueChanged)
def _fatigue(narrator: Narrator, event: FatigueChanged) -> list[str]:
    if event.cause == "march":
        return [f"Your load wears on you (Encumbrance {event.load}): Fatigue {event.before} -> {event.after}."]
    return [f"It wears you out: Fatigue {event.before} -> {event.after}."]


@BindNarrator.renders(FatiguePenalty)
def _penalty(narrator: Narrator, event: FatiguePenalty) -> list[str]:
    return [f"(Fatigue {event.fatigue} is above your {event.hp} HP: {-event.penalty:+d} to every roll.)"]


@BindNarrator.renders(LifeAtStake)
def _at_stake(narrator: Narrator, event: LifeAtStake) -> list[str]:
    who = ("You try to bind your wounds before you black out" if event.healer == "you"
           else f"{cap(event.healer)} tends your wounds")
    return [f"You fall at {event.hp} HP. {who} (Wits + Medicine against TN 7 + {max(0, -event.hp)})."]


@BindNarrator.renders(LifeSaveEnded)
def _save_ended(narrator: Narrator, event: LifeSaveEnded) -> list[str]:
    if event.outcome == "failure":
        return ["The wounds are too deep: death comes."]
    if event.outcome == "success":
        return ["The bleeding stops; unconscious for the rest of the interval, but alive."]
    return [f"Alive, but with a permanent wound: {event.attribute} {event.before} -> {event.after}."
            + (" It is too much: death comes." if event.dead else "")]


@BindNarrator.renders(WokeUp)
def _woke(narrator: Narrator, event: WokeUp) -> list[str]:
    return [f"You lie senseless until the {event.interval} is over, and wake weak, with 1 HP."]


@BindNarrator.renders(CameUpon)
def _came_upon(narrator: Narrator, event: CameUpon) -> list[str]:
    return [f"{cap(article(narrator.world.npc_name(event.who)))} comes upon you out of {event.where}!"]


@BindNarrator.renders(DowntimeTaken)
def _downtime(narrator: Narrator, event: DowntimeTaken) -> list[str]:
    return [f"You take a week of downtime in the {event.place}: you heal and rest "
            f"(HP {event.hp_before} -> {event.hp_after}, Fatigue {event.fatigue_before} -> 0)."]


@BindNarrator.renders(XpEarned)
def _xp_earned(narrator: Narrator, event: XpEarned) -> list[str]:
    if event.fled:
        return [f"({cap(narrator.the(event.who))} fled after fighting you: half its worth, {event.value} XP, "
                "yours at your next downtime.)"]
    return [f"({cap(narrator.the(event.who))} is beaten: {event.value} XP, yours at your next downtime.)"]


@BindNarrator.renders(XpAwarded)
def _xp_awarded(narrator: Narrator, event: XpAwarded) -> list[str]:
    foes = f"{event.foes} foe{'s' if event.foes != 1 else ''} beaten"
    if event.earned == event.value:
        return [f"The mission's {foes}: {event.earned} XP."]
    return [f"The mission's {foes}: {event.value} XP; alone, you take {event.earned} "
            f"(the XP Discount: {event.value - event.earned} off the greatest)."]


@BindNarrator.renders(TraitRaised)
def _trait_raised(narrator: Narrator, event: TraitRaised) -> list[str]:
    return [f"You train {event.trait}: {event.before:+d} -> {event.after:+d}, for {event.cost} XP "
            f"({event.xp} left)."]


@BindNarrator.renders(ApPenalty)
def _ap_penalty(narrator: Narrator, event: ApPenalty) -> list[str]:
    return [f"(Action points {event.ap}: the blows of this round have worn your time thin, "
            f"{event.ap} to this roll.)"]
