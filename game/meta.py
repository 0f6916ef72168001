"""Commands about the game rather than in it: again, undo, save, load, help, quit,
odds, dice, stats, map.  None of them takes game time."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.errors import ActionRefused, DiceExhausted, SaveError
from game.parser import Command, ParseError, parse
from game.report import Report
from game.rules.base import Odds
from game.rules.dice import Dice
from game.text import join_names
from game.verbs import CORE_VERBS, META_VERBS, VERB_WORDS

if TYPE_CHECKING:
    from game.engine import Engine

DICE_LOG_SHOWN = 15


def format_odds(label: str, odds: Odds) -> list[str]:
    """The exact odds as the player reads them."""
    lines = [f"Odds of {label}: {_percent(odds.p_success)} to succeed."]
    names = {"p_tie": "tie", "p_botch": "botch", "p_critical_success": "critical success",
             "p_critical_failure": "critical failure", "p_failure": "fail"}
    extras = [f"{names.get(k, k)} {_percent(p)}" for k, p in odds.probabilities.items() if k in names]
    if extras:
        lines.append(f"  ({', '.join(extras)})")
    if odds.description:
        lines.append(f"  {odds.description}")
    return lines


def _percent(p: Any) -> str:
    """A probability as a percentage that never rounds a possibility away (99.99% is not 100%)."""
    value = float(p) * 100
    if value in (0.0, 100.0) or 0.1 <= value <= 99.9:
        return f"{value:.1f}%"
    if value < 0.1:
        return f"{value:.2g}%"
    missing = 100 - value
    decimals = 1
    while round(missing, decimals) == 0 and decimals < 12:
        decimals += 1
    return f"{100 - round(missing, decimals):.{decimals}f}%"


class _NeverExhausted:
    """Dice for a preview: the turn's own, and middling faces should a script run out."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        try:
            face = self.dice.roll(sides)
        except DiceExhausted:
            face = (sides + 1) // 2
        self.faces.append(face)
        return face


class MetaCommands:
    """The engine's own commands."""

    def __init__(self, engine: Engine) -> None:
        missing = sorted(verb for verb in META_VERBS if not hasattr(self, f"do_{verb}"))
        if missing:
            raise ValueError(f"meta verbs without a command: {missing}")
        self.engine = engine

    def run(self, command: Command) -> Report:
        handler = getattr(self, f"do_{command.verb}")
        result: Report = handler(command)
        return result

    def _report(self, *lines: str, quit: bool = False) -> Report:
        return Report(list(lines), quit=quit)

    def do_again(self, command: Command) -> Report:
        return self.engine.repeat()

    def do_undo(self, command: Command) -> Report:
        if not self.engine.undo():
            return self._report("There is nothing to undo.")
        return self._report(f"Undone. You are in {self.engine.world.room.name}.",
                            "(The dice of a turn are fixed: trying the same again brings the same roll.)")

    def _slot(self, command: Command) -> str:
        return " ".join(command.words) if command.words else "quicksave"

    def do_save(self, command: Command) -> Report:
        if self.engine.saves is None:
            return self._report("Saving is not available in this session.")
        try:
            path = self.engine.saves.save(self._slot(command), self.engine.state)
        except SaveError as error:
            return self._report(f"Not saved: {error}")
        return self._report(f"Saved to slot \"{self._slot(command)}\" ({path}).")

    def do_load(self, command: Command) -> Report:
        if self.engine.saves is None:
            return self._report("Loading is not available in this session.")
        try:
            state, notes = self.engine.saves.load(self._slot(command))
        except SaveError as error:
            return self._report(f"Not loaded: {error}", "The game goes on as it was.")
        if state.system != self.engine.system.id:
            return self._report(f"Not loaded: slot \"{self._slot(command)}\" was played under {state.system}, and this "
                                f"game runs under {self.engine.system.id}. Start it with: wayfarer --system "
                                f"{state.system} --load {self._slot(command)}", "The game goes on as it was.")
        room = self.engine.load_state(state)
        return self._report(f"Loaded slot \"{self._slot(command)}\".", *notes, "", *room)

    def do_help(self, command: Command) -> Report:
        lines = ["Commands (most have short forms; directions alone move you):"]
        lines += [f"  {v.help}" for v in CORE_VERBS if v.help and not v.meta]
        for verb in self.engine.registry.verbs():
            spec = self.engine.registry.get(verb)
            if verb not in VERB_WORDS and spec is not None and spec.summary:
                lines.append(f"  {spec.summary}")
        lines += [f"  {v.help}" for v in CORE_VERBS if v.help and v.meta]
        lines.append(f"Every risky action is rolled by the rules of {self.engine.system.name}.")
        lines += self.engine.play.help_lines()
        return self._report(*lines)

    def do_quit(self, command: Command) -> Report:
        return self._report("Farewell, wanderer.", quit=True)

    def do_odds(self, command: Command) -> Report:
        engine = self.engine
        asked = command.raw.split(maxsplit=1)[1] if len(command.raw.split()) > 1 else ""
        if asked:
            try:
                preview = parse(asked, self.engine.extra_verbs)
            except ParseError as error:
                return self._report(str(error))
            if preview is None:
                return self._report("Odds of what? Try: odds attack raider.")
            label_request = self.preview(preview)
            if label_request is None:
                return self._report(f"\"{preview.raw}\" needs no roll.")
        else:
            label_request = engine.last_request
            if label_request is None:
                return self._report("No check yet. Ask for a coming one: odds attack raider, odds search.")
        label, request = label_request
        return self._report(*format_odds(label, engine.system.odds(request)))

    def preview(self, command: Command) -> tuple[str, Any] | None:
        """The request of the first check ``command`` would make (see :meth:`Engine.preview`)."""
        engine = self.engine
        dice = _NeverExhausted(engine.turn_dice())
        try:
            return engine.preview(command, dice)
        except ActionRefused as refusal:
            raise ActionRefused(f"You couldn't do that now: {refusal}") from refusal

    def do_dice(self, command: Command) -> Report:
        log = self.engine.dice_log[-DICE_LOG_SHOWN:]
        if not log:
            return self._report("No dice rolled yet.")
        lines = ["The dice so far (turn, what, roll, rule):"]
        lines += [f"  t{turn} {label}: {result.text}  [{result.rule}]" for turn, label, result in log]
        return self._report(*lines)

    def do_stats(self, command: Command) -> Report:
        engine = self.engine
        state = engine.state
        lines = [f"{engine.adventure.player.name}, playing under {engine.system.name}"]
        lines += [f"  {line}" for line in engine.play.stats_lines(engine.world)]
        lines.append(f"  Water {state.water}, food {state.food}; day {state.day}, {state.clock}.")
        if state.thirst_days:
            lines.append(f"  Deprived of water for {state.thirst_days} day(s).")
        if state.hunger_days:
            lines.append(f"  Deprived of food for {state.hunger_days} day(s).")
        return self._report(*lines)

    def do_map(self, command: Command) -> Report:
        world = self.engine.world
        lines = ["Places you know:"]
        for room_id in sorted(world.state.visited, key=lambda r: world.adventure.rooms[r].name):
            exits = []
            for exit_def in world.visible_exits(room_id):
                target = world.adventure.rooms[exit_def.to]
                known = target.name if exit_def.to in world.state.visited else "?"
                exits.append(f"{exit_def.direction} to {known}")
            here = " (you are here)" if room_id == world.state.room else ""
            lines.append(f"  {world.adventure.rooms[room_id].name}{here}: {join_names(exits)}")
        return self._report(*lines)
