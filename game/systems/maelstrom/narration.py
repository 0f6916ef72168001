"""Maelstrom's wording: its attacks, wounds, botches, rests and Willpower, from events.

:class:`MaelstromNarrator` renders the events of
:mod:`game.systems.maelstrom.events`.  Of the generic events it keeps the base
wording but for three it leaves silent, because another line already states
them: :class:`~game.events.fight.HealthChanged` (the line of the blow or the wound
gives the level reached), :class:`~game.events.fight.Fell` and
:class:`~game.events.fight.Died` (said by the combat action after the player's blow
and by the engine's ending for the player).
"""
from __future__ import annotations

from game.events import PLAYER, RollResult
from game.events.fight import Died, Fell, HealthChanged
from game.narration import Narrator, cap
from game.systems.maelstrom.events import (
    AttackBotched,
    AttackHit,
    AttackMissed,
    CheckBotched,
    Consequence,
    DoneQuickly,
    Healed,
    LeftBehind,
    PartlyUnderstood,
    Rested,
    RestWasted,
    SearchedThoroughly,
    UnderstoodWell,
    WayChosen,
    WillpowerHeldBack,
    WillpowerKept,
    WillpowerReadied,
    WillpowerSpent,
    WillpowerUnused,
    WillpowerUse,
    Wounded,
)
from game.text import PRONOUN_FORMS, verb_s

#: What a readied Willpower point does, as the player reads it.
WILLPOWER_USES: dict[WillpowerUse, str] = {
    WillpowerUse.SUCCESS: "one automatic success",
    WillpowerUse.WOUNDS: "your wounds ignored (the dice they take come back)",
}
#: What ``stats`` adds after the Willpower points while a point is readied.
WILLPOWER_ARMED: dict[WillpowerUse, str] = {
    WillpowerUse.SUCCESS: ", armed for an automatic success on your next roll",
    WillpowerUse.WOUNDS: ", armed to ignore your wounds on your next roll",
}
#: How a botched check of each kind goes wrong, before its cost is said.
BOTCH_LINES: dict[str, str] = {
    "force": "You throw your weight at it and something in your shoulder tears.",
    "climb": "You slip and tumble all the way down.",
    "fight": "You overreach and wrench your arm.",
    "dodge": "You trip over your own feet and go down hard.",
    "resist": "It gets into you deeper than it should.",
    "survive": "The land takes more from you than its due.",
    "heal": "Your hands slip and the wound tears open again.",
    "identify": "Your fingers fumble it.",
    "tinker": "Your fingers fumble it.",
    "sneak": "You freeze at your own noise and wait, heart pounding, for a long while.",
    "perceive": "You lose your bearings and go over the same ground twice.",
    "search": "You lose your bearings and go over the same ground twice.",
    "lore": "You chase a false memory down a long blind alley.",
    "persuade": "You talk yourself into a corner and it takes a long time to get out.",
    "intimidate": "Your bluster falls flat, and the moment is long in passing.",
    "will": "Your resolve cracks.",
}
ANY_BOTCH = "Everything goes wrong at once."


class MaelstromNarrator(Narrator):
    """The narrator of a run under Maelstrom (its renderers follow)."""

    def brief(self, result: RollResult) -> str:
        """Successes, and what they met: ``attack 2 vs evasion 1: hit``, ``2 successes: success``."""
        figures = result.figures
        if "attack_net" in figures:
            landed = result.text.rpartition("; ")[2].startswith("hit")
            return f"attack {figures['attack_net']} vs evasion {figures['evasion_net']}: {'hit' if landed else 'miss'}"
        if " = " not in result.text:
            return super().brief(result)
        count, _, rest = super().brief(result).partition(":")
        if not count.strip().isdigit():
            return super().brief(result)
        return f"{count} {'success' if count == '1' else 'successes'}:{rest}"


def _levels(count: int) -> str:
    return f"{count} {'level' if count == 1 else 'levels'}"


def _pronoun(narrator: Narrator, who: str) -> str:
    """The content's pronoun of NPC ``who`` ("it" for anyone the adventure does not define)."""
    npc = narrator.world.adventure.npcs.get(who)
    return npc.pronoun if npc is not None else "it"


def _verb(narrator: Narrator, who: str, singular: str, plural: str) -> str:
    """The verb for ``who``: plural for the player and for an NPC called "they"."""
    return plural if who == PLAYER else verb_s(_pronoun(narrator, who), singular, plural)


def _itself(narrator: Narrator, who: str) -> str:
    """``himself``, ``herself``, ``themselves`` or ``itself``, by the NPC's pronoun."""
    return PRONOUN_FORMS.get(_pronoun(narrator, who), PRONOUN_FORMS["it"])[3]


def _be(narrator: Narrator, who: str) -> str:
    """``you are`` / ``the dune raider is``."""
    return f"{narrator.the(who)} {_verb(narrator, who, 'is', 'are')}"


def _wound(narrator: Narrator, event: Wounded) -> str:
    """``1 level of bashing damage: you are Bruised.``"""
    floor = " (at least one)" if event.at_least_one else ""
    return f"{_levels(event.levels)} of {event.kind} damage{floor}: {_be(narrator, event.who)} {event.health.text}."


@MaelstromNarrator.renders(HealthChanged)
def _health_changed(narrator: Narrator, event: HealthChanged) -> list[str]:
    return []  # the line of the blow, the wound or the rest gives the level reached


@MaelstromNarrator.renders(Fell)
def _fell(narrator: Narrator, event: Fell) -> list[str]:
    return []  # said after the player's blow (actions.combat) and by the engine for the player


@MaelstromNarrator.renders(Died)
def _died(narrator: Narrator, event: Died) -> list[str]:
    return []  # said as a fall is


@MaelstromNarrator.renders(AttackHit)
def _hit(narrator: Narrator, event: AttackHit) -> list[str]:
    harm = f"{_levels(event.levels)} of {event.kind} damage" if event.levels else "no harm"
    figures = f"(margin {event.margin}: {event.damage} damage, {event.soaked} soaked: {harm})"
    blow = f"{cap(narrator.the(event.attacker))} {_verb(narrator, event.attacker, 'hits', 'hit')} " \
           f"{narrator.the(event.defender)}"
    if not event.levels:
        return [f"{blow}, but the blow does no harm {figures}."]
    if event.standing:
        return [f"{blow} {figures}; {_be(narrator, event.defender)} {event.health.text}."]
    return [f"{blow} {figures}."]


@MaelstromNarrator.renders(AttackMissed)
def _missed(narrator: Narrator, event: AttackMissed) -> list[str]:
    if event.evaded and event.defender == PLAYER:
        return [f"You twist away from {narrator.the(event.attacker)}'s attack."]
    if event.evaded:
        whose = "your" if event.attacker == PLAYER else f"{narrator.the(event.attacker)}'s"
        return [f"{cap(narrator.the(event.defender))} {_verb(narrator, event.defender, 'evades', 'evade')} "
                f"{whose} attack."]
    if event.attacker == PLAYER:
        return ["You miss."]
    return [f"{cap(narrator.the(event.attacker))} {_verb(narrator, event.attacker, 'misses', 'miss')} "
            f"{narrator.the(event.defender)}."]


@MaelstromNarrator.renders(AttackBotched)
def _attack_botched(narrator: Narrator, event: AttackBotched) -> list[str]:
    player, name = event.attacker == PLAYER, cap(narrator.the(event.attacker))
    if event.dropped:
        item = narrator.world.item_name(event.dropped)
        if player:
            return [f"Botch! The {item} flies from your grip and clatters across the ground."]
        return [f"Botch! {name} {_verb(narrator, event.attacker, 'loses', 'lose')} hold of the {item}; "
                "it clatters to the ground."]
    if event.hurt is not None and player:
        return [f"Botch! You strike badly and hurt yourself. ({_wound(narrator, event.hurt)})"]
    if event.hurt is not None:
        lunges = _verb(narrator, event.attacker, "lunges, misjudges, and hurts", "lunge, misjudge, and hurt")
        return [f"Botch! {name} {lunges} {_itself(narrator, event.attacker)} "
                f"({_levels(event.hurt.levels)} of {event.hurt.kind} damage)."]
    return ["Botch! The attack goes badly wrong."]


@MaelstromNarrator.renders(CheckBotched)
def _check_botched(narrator: Narrator, event: CheckBotched) -> list[str]:
    line = f"Botch! {BOTCH_LINES.get(event.kind, ANY_BOTCH)}"
    if event.consequence is Consequence.DROP:
        return [f"{line} The {narrator.world.item_name(event.dropped)} falls to the ground."]
    if event.consequence is Consequence.HURT and event.hurt is not None:
        return [f"{line} ({_wound(narrator, event.hurt)})"]
    if event.consequence is Consequence.WILL:
        return [f"{line} (a point of Willpower lost: {event.willpower_left} left)"]
    return [f"{line} ({event.minutes} minutes lost)"]


@MaelstromNarrator.renders(Wounded)
def _wounded(narrator: Narrator, event: Wounded) -> list[str]:
    return [_wound(narrator, event)]


@MaelstromNarrator.renders(Healed)
def _healed(narrator: Narrator, event: Healed) -> list[str]:
    if not event.levels:
        return [f"{cap(narrator.the(event.who))} {'have' if event.who == PLAYER else 'has'} no wounds to heal."]
    return [f"{_levels(event.levels)} of damage healed: {_be(narrator, event.who)} {event.health.text}."]


@MaelstromNarrator.renders(Rested)
def _rested(narrator: Narrator, event: Rested) -> list[str]:
    """Rests are the player's, so they are told in the second person."""
    lines = []
    if event.bashing and event.short:
        lines.append("You shake off one level of bashing damage.")
    elif event.bashing:
        lines.append(f"You recover {event.bashing} bashing damage.")
    if event.worse:
        lines.append(f"One level of {event.worse} damage heals.")
    if event.willpower_regained:
        lines.append(f"Willpower {event.willpower_points}/{event.willpower}.")
    return [*lines, f"You are {event.health.text}."]


@MaelstromNarrator.renders(RestWasted)
def _rest_wasted(narrator: Narrator, event: RestWasted) -> list[str]:
    return ["The dead do not rest." if event.dead else "Hungry and thirsty, you rest but recover nothing."]


@MaelstromNarrator.renders(WillpowerReadied)
def _readied(narrator: Narrator, event: WillpowerReadied) -> list[str]:
    return [f"You steel yourself: your next check or attack gets {WILLPOWER_USES[event.use]} (house rule)."
            " The point is spent when you roll (\"willpower off\" keeps it)."]


@MaelstromNarrator.renders(WillpowerHeldBack)
def _held_back(narrator: Narrator, event: WillpowerHeldBack) -> list[str]:
    return ["You hold your Willpower back; the point is still yours."]


@MaelstromNarrator.renders(WillpowerSpent)
def _spent(narrator: Narrator, event: WillpowerSpent) -> list[str]:
    return [f"You spend a point of Willpower ({event.left} left): {WILLPOWER_USES[event.use]} (house rule)."]


@MaelstromNarrator.renders(WillpowerKept)
def _kept(narrator: Narrator, event: WillpowerKept) -> list[str]:
    return [f"(Your Willpower stays ready: {event.reason})"]


@MaelstromNarrator.renders(WillpowerUnused)
def _unused(narrator: Narrator, event: WillpowerUnused) -> list[str]:
    return ["Nothing called for a roll: your Willpower stays readied for the next one."]


# -- ways and degrees (seed 004 §Dice Pool, §Step 4) ------------------------------------

@MaelstromNarrator.renders(WayChosen)
def _way_chosen(narrator: Narrator, event: WayChosen) -> list[str]:
    return [f"(You {event.kind} {event.phrase} from now on; \"approach\" changes it.)"]


@MaelstromNarrator.renders(DoneQuickly)
def _done_quickly(narrator: Narrator, event: DoneQuickly) -> list[str]:
    return [f"({event.successes} successes: done quickly, in {event.minutes - event.saved} minutes, not {event.minutes}.)"]


@MaelstromNarrator.renders(SearchedThoroughly)
def _searched_thoroughly(narrator: Narrator, event: SearchedThoroughly) -> list[str]:
    return [f"({event.successes} successes: a thorough search. Nothing else is hidden here.)"]


@MaelstromNarrator.renders(UnderstoodWell)
def _understood_well(narrator: Narrator, event: UnderstoodWell) -> list[str]:
    return [f"({event.successes} successes: you understand it well.) {event.account}"]


@MaelstromNarrator.renders(PartlyUnderstood)
def _partly_understood(narrator: Narrator, event: PartlyUnderstood) -> list[str]:
    count = f"{event.successes} success{'es' if event.successes != 1 else ''}"
    return [f"({count}: its name, no more; three would have told what it does.)"]


@MaelstromNarrator.renders(LeftBehind)
def _left_behind(narrator: Narrator, event: LeftBehind) -> list[str]:
    foes = [narrator.world.the_npc(foe) for foe in event.foes]
    who = ", ".join(foes[:-1]) + (" and " if len(foes) > 1 else "") + foes[-1] if foes else "them"
    return [f"({event.successes} successes: you leave {who} well behind; no one follows.)"]
