"""Commands about the game rather than in it: again, undo, save, load, saves, help, rules,
quit, restart, odds, dice, why, sheet (stats), map, oracle, transcript, set.  None of them
takes game time."""
from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game import __version__
from game.deferred import deferred
from game.errors import ActionRefused, DiceExhausted, SaveError
from game.narration import FOLLOW_UP
from game.report import Report
from game.rules.base import Odds, RollResult
from game.rules.dice import Dice, RandomDice
from game.runs import kept_runs, run_line
from game.saves import continue_command, loaded_lines, slot_as_typed
from game.text import join_names
from game.transcript import Transcript, default_path
from game.verbs import META_VERBS, VERB_WORDS
from game.world.conditions import place_name

if TYPE_CHECKING:
    import datetime

    from game import explain, helptext, oracle, parser
    from game.actions import ActionRegistry
    from game.dicelog import DiceLog
    from game.parser import Command
    from game.play.base import BasePlay
    from game.rules.base import SystemInPlay
    from game.saves import SaveStore
    from game.transcript import Transcript
    from game.world.content import Adventure
    from game.world.state import WorldState
    from game.world.world import World
else:
    explain = deferred("game.explain")
    helptext = deferred("game.helptext")
    oracle = deferred("game.oracle")
    parser = deferred("game.parser")
    datetime = deferred("datetime")

# help, rules, why, dice, oracle, saves and transcript import their modules
# (game.helptext, game.explain, game.oracle, game.transcript) when they run: the
# start of a game does not need them.

DICE_LOG_SHOWN = 15
#: What the player is asked when a run ends (as Inform asks).
ENDING_QUESTION = "Would you like to RESTART, RESTORE a saved game, UNDO your last move or QUIT?"


def oracle_dice(seed: int, turn: int, question: str) -> Dice:
    """The oracle's dice: the run's own, apart from the turn's (asking never spends or shows those).

    Keyed by the question too: asking the same again on the same turn (or after
    an undo) brings the same answer, so the oracle cannot be fished.
    """
    return RandomDice(random.Random(f"wayfarer:{seed}:{turn}:oracle:{question}"))


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


class Game(Protocol):
    """What the meta commands may reach of the running game (the engine supplies it).

    A protocol, so that this module knows nothing of the engine above it: the engine
    builds its meta commands and hands itself in, and no import runs back up.
    """

    adventure: Adventure
    system: SystemInPlay
    play: BasePlay[SystemInPlay]
    world: World
    registry: ActionRegistry
    saves: SaveStore | None
    dice_log: DiceLog
    #: Whether the run is written to its autosave after every command.
    autosave: bool
    #: Set by ``quit`` when it asks before leaving.
    confirming_quit: bool
    #: (turn, log length) at the player's own last save or load.
    saved_turn: tuple[int, int]
    last_typed: str | None
    last_request: tuple[str, Any] | None
    #: How many commands the last ``undo`` took back (a line of several is one step).
    undone: int

    @property
    def state(self) -> WorldState: ...
    @property
    def extra_verbs(self) -> dict[tuple[str, ...], str]: ...
    def repeat(self) -> Report: ...
    def correct(self, words: tuple[str, ...]) -> Report: ...
    def restart(self) -> list[str]: ...
    def undo(self) -> bool: ...
    def ending_question(self) -> str: ...
    def turn_dice(self) -> Dice: ...
    def load_state(self, state: WorldState) -> list[str]: ...
    def preview(self, command: Command, dice: Dice) -> tuple[str, Any] | None: ...
    def status_line(self) -> str: ...
    def flush_autosave(self) -> str: ...


class MetaCommands:
    """The engine's own commands."""

    def __init__(self, engine: Game) -> None:
        missing = sorted(verb for verb in META_VERBS if not hasattr(self, f"do_{verb}"))
        if missing:
            raise ValueError(f"meta verbs without a command: {missing}")
        self.engine = engine
        self.transcript: Transcript | None = None
        #: ``set odds on``: the chance shown before each risky command's roll.
        self.show_odds = False
        #: A question of the meta commands awaiting yes or no (``restart``, ``load``).
        self.confirming: str | None = None
        #: What the question is about: the ``load`` command, and the state it read with its notes.
        self._confirmed: tuple[Command, WorldState, list[str]] | None = None

    def run(self, command: Command) -> Report:
        handler = getattr(self, f"do_{command.verb}")
        result: Report = handler(command)
        return result

    def _report(self, *lines: str, quit: bool = False) -> Report:
        return Report(list(lines), quit=quit)

    def do_again(self, command: Command) -> Report:
        return self.engine.repeat()

    def do_hint(self, command: Command) -> Report:
        return self._report("There are no hints here. help lists the commands by purpose; oracle QUESTION answers a "
                            "yes-or-no question as a game master would; map shows the places you have been.")

    def do_verbose(self, command: Command) -> Report:
        return self._report("A place is always described in full when you arrive; look describes it again.")

    def do_version(self, command: Command) -> Report:
        engine = self.engine
        return self._report(f"Wayfarer {__version__}, playing {engine.adventure.title} under {engine.system.name}.")

    def do_oops(self, command: Command) -> Report:
        """As the engine answers ``oops`` itself (it must keep the last command's slip): the words as typed."""
        return self.engine.correct(tuple(command.raw.split()[1:]))

    def do_undo(self, command: Command) -> Report:
        if not self.engine.undo():
            return self._report("There is nothing to undo.")
        undone = self.engine.undone
        what = "last turn is" if undone < 2 else f"last line of commands ({undone} turns) is"
        return self._report(place_name(self.engine.world),  # where you are, as a look heads it (as Inform)
                            f"(Your {what} undone. The dice of a turn are fixed: trying the same again "
                            "brings the same roll.)")

    def _slot(self, command: Command) -> str:
        return self._slot_and_backup(command)[0]

    def _slot_and_backup(self, command: Command) -> tuple[str, bool]:
        """The slot named (``quicksave`` if none) and whether its backup is meant.

        ``load SLOT --backup``, ``load SLOT backup`` and ``load SLOT.toml.bak`` reach the backup.
        """
        typed = [w.strip(".,;:!\"'()[]") for w in command.arguments.split()]  # as typed, case kept
        words = [w for w in typed if w] if command.typed else list(command.words)
        backup = bool(words) and words[-1].lower() in ("--backup", "backup")
        if not words and command.arguments.strip():  # "save .", "load ..": what the parser dropped is a name
            return command.arguments.strip(), False
        if backup:
            words = words[:-1]
        slot = slot_as_typed(" ".join(words), self.engine.last_typed) if words else "quicksave"
        for suffix, is_backup in ((".toml.bak", True), (".bak", True), (".toml", False)):
            if slot.endswith(suffix) and len(slot) > len(suffix):
                return slot[: -len(suffix)], backup or is_backup
        return slot, backup

    def do_save(self, command: Command) -> Report:
        """Save to the slot named, read as ``load`` reads it: a slot's backup (``x.toml.bak``) is no place to save."""
        if self.engine.saves is None:
            return self._report("Saving is not available in this session.")
        slot, backup = self._slot_and_backup(command)
        if backup:
            return self._report(f"Not saved: that names the backup of slot \"{slot}\", which only the game writes "
                                f"(the save before the last one); to save to the slot itself: save {slot}")
        try:
            path = self.engine.saves.save(slot, self.engine.state)
        except SaveError as error:
            return self._report(f"Not saved: {error}")
        self.engine.saved_turn = (self.engine.state.turn, len(self.engine.state.log))
        return self._report(f"Saved to slot \"{self._slot(command)}\" ({path}).")

    def do_load(self, command: Command) -> Report:
        """Load a slot; first ask when the run moved on since the player's own last save (the run left is kept)."""
        if self.engine.saves is None:
            return self._report("Loading is not available in this session.")
        slot, backup = self._slot_and_backup(command)
        if slot == "quicksave" and not command.words and not self.engine.saves.path(slot).exists():  # which, then?
            listed = self._slot_lines()
            if not self.engine.saves.slots():
                return self._report(f"There is nothing to load: {listed[0][0].lower()}{listed[0][1:]}")
            return self._report("There is no quick save to load. Name a slot: load SLOT.", *listed[1:])
        read = self._read(command)
        if isinstance(read, Report):
            return read
        if self.unsaved_progress():
            self.confirming, self._confirmed = "load", (command, *read)
            what = f"the backup of slot \"{slot}\"" if backup else f"slot \"{slot}\""
            return Report([f"You have played on since your last save. Loading {what} leaves it.{self._kept()}",
                           "Load anyway? (yes/no)"], question=True)
        return self._load(command, *read)

    def unsaved_progress(self) -> bool:
        """Whether the living run moved on since the player's own last save or load."""
        engine = self.engine
        return bool(engine.state.log) and engine.state.status == "playing" and \
            (engine.state.turn, len(engine.state.log)) != engine.saved_turn

    def _kept(self) -> str:
        """`` This run is kept as run 3 (wayfarer --continue 3).``: where the run left stays (once its autosave
        is written); a failed autosave is said instead; nothing without an autosave."""
        engine, store = self.engine, self.engine.saves
        if not engine.autosave or store is None or not engine.state.log:
            return ""
        failed = engine.flush_autosave()
        if failed:
            return f" This run cannot be kept: the autosave failed ({failed})."
        run = store.run or "?"
        return f" This run is kept as run {run} ({continue_command(store.root, run)})."

    def _left(self) -> list[str]:
        """Leave the run for another (a load, a restart): a line saying where the run left is kept, if it was written."""
        store = self.engine.saves
        left = store.leave_run() if store is not None and self.engine.autosave else None
        if left is None or store is None:
            return []
        return [f"(The run you left is kept as run {left}: {continue_command(store.root, left)} resumes it.)"]

    def _read(self, command: Command) -> Report | tuple[WorldState, list[str]]:
        """The state of the slot ``command`` names and the notes of its load, or the refusal to show."""
        assert self.engine.saves is not None
        slot, backup = self._slot_and_backup(command)
        try:
            state, notes = self.engine.saves.load(slot, backup=backup)
        except SaveError as error:
            return self._report(f"Not loaded: {error}", "The game goes on as it was.")
        if state.system != self.engine.system.id:
            return self._report(f"Not loaded: slot \"{self._slot(command)}\" was played under {state.system}, and this "
                                f"game runs under {self.engine.system.id}. Start it with: wayfarer --system "
                                f"{state.system} --load {self._slot(command)}", "The game goes on as it was.")
        if state.rules != self.engine.state.rules:
            return self._report(f"Not loaded: slot \"{self._slot(command)}\" was played with other optional rules. "
                                f"Start it with: wayfarer --load {self._slot(command)}", "The game goes on as it was.")
        return state, notes

    def _load(self, command: Command, state: WorldState, notes: list[str]) -> Report:
        left = self._left()
        room = self.engine.load_state(state)
        self.engine.saved_turn = (state.turn, len(state.log))
        return self._report(*loaded_lines(self._slot(command), notes), *left, "", *room)

    # -- help and rules ----------------------------------------------------------------
    def system_verbs(self) -> list[helptext.SystemVerb]:
        """The system in play's own verbs, with their words and help lines."""
        engine = self.engine
        words = engine.play.verbs()
        found = []
        for verb in engine.registry.verbs():
            spec = engine.registry.get(verb) if verb not in VERB_WORDS else None
            if spec is not None:
                found.append(helptext.SystemVerb(verb, tuple(words.get(verb, (verb,))), spec.summary))
        return found

    def do_help(self, command: Command) -> Report:
        name = self.engine.system.name
        if command.words:
            return self._report(*helptext.verb_help(command.words, name, self.system_verbs()))
        return self._report(*helptext.short_help(name, self.system_verbs()))

    def do_rules(self, command: Command) -> Report:
        engine = self.engine
        summary = engine.play.help_lines()
        if command.words:
            word = " ".join(command.words)
            return self._report(*helptext.rules_topic(engine.system.id, engine.system.name, word, summary))
        return self._report(*helptext.rules_overview(engine.system.id, engine.system.name, summary))

    def do_quit(self, command: Command) -> Report:
        """Leave; first ask, as Inform does, when the run moved on since the player's own last save."""
        engine = self.engine
        progress = (engine.state.turn, len(engine.state.log)) != engine.saved_turn and engine.state.log
        if not progress or engine.state.status != "playing":
            return self._leave(command.typed or command.raw)
        engine.confirming_quit = True
        kept = self.kept_lines()
        return Report([f"You have played on since your last save.{' ' if kept else ''}{' '.join(kept)}",
                       "Quit anyway? (yes/no)"], question=True)

    def answer_quit(self, text: str) -> Report | None:
        """The answer to ``quit``'s question: yes leaves, no stays; any other command is run instead."""
        answer = " ".join(text.lower().split()).strip(".!")
        if answer in ("y", "yes", "quit", "q"):
            return self._leave(text)
        if answer in ("n", "no", ""):
            return self._report("Then play on.")
        return None

    def _leave(self, typed: str) -> Report:
        lines = self.farewell_lines()
        self.close_transcript(typed, lines)
        return self._report(*lines, quit=True)

    def farewell_lines(self) -> list[str]:
        """The goodbye of ``quit`` and of Ctrl-D alike: the farewell, then where the run is kept (once the
        autosave is written), or that it is not when the last write failed."""
        return ["Farewell, wanderer.", *self.kept_lines()]

    def kept_lines(self) -> list[str]:
        """Where the run is kept and how to resume it, told only once the autosave stands written; a failed
        last write is said instead (only the player's own saves keep the run then); nothing for an ended run."""
        engine = self.engine
        saves = engine.saves
        if not engine.autosave or saves is None or not engine.state.log or engine.state.status != "playing":
            return []
        failed = engine.flush_autosave()
        if failed:
            return [f"(The autosave failed: {failed}. Only your own saves keep this run.)"]
        return [saves.kept_line()]

    # -- restart and the end of a run -----------------------------------------------------
    def do_restart(self, command: Command) -> Report:
        if self.engine.state.status == "playing" and self.engine.state.turn > 0:
            self.confirming = "restart"
            return Report([f"Are you sure you want to start again from the beginning?{self._kept()} (yes/no)"],
                          question=True)
        return self._restart()

    def _restart(self) -> Report:
        left = self._left()
        return self._report(*self.engine.restart(), *([""] + left if left else []))

    def confirm(self, text: str) -> Report:
        """The answer to a meta command's yes/no question (asked again, the same question, on anything else)."""
        asked, self.confirming = self.confirming, None
        loading, self._confirmed = self._confirmed, None
        answer = " ".join(text.lower().split()).strip(".!")
        if answer in ("y", "yes") and asked == "restart":
            return self._restart()
        if answer in ("y", "yes") and asked == "load" and loading is not None:
            return self._load(*loading)
        if answer in ("n", "no"):
            return self._report("Then the journey goes on.")
        self.confirming, self._confirmed = asked, loading
        return Report(["Please answer yes or no."], question=True)

    def ending_lines(self) -> list[str]:
        """The summary of a run that has ended, and what the player may do now."""
        engine = self.engine
        world, state = engine.world, engine.state
        # Foes: those hostile to the player or that fought them; not a bystander the world killed.
        met = [n for n, npc in state.npcs.items()
               if npc.disposition == "hostile" or npc.memory & {"fought", "attacked"}]
        beaten = [n for n in met if world.npc_condition(n) != "ok"]
        how = {"won": "You won.", "lost": state.ending or "You lost."}.get(state.status, state.ending or "You died.")
        rolls = engine.dice_log.total
        foes = f"{join_names([world.the_npc(n) for n in met])}; beaten: {len(beaten)} of {len(met)}" if met else "none"
        banner = {"won": [], "lost": ["", "*** You have lost ***"]}.get(state.status, ["", "*** You have died ***"])
        return [
            *banner, "",
            f"{engine.adventure.title}, under {engine.system.name}: {state.day} day{'s' if state.day != 1 else ''}, "
            f"{state.turn} turn{'s' if state.turn != 1 else ''}, {rolls} roll{'s' if rolls != 1 else ''} this session.",
            f"Foes met: {foes}.",
            f"How it ended: {how}", "", engine.ending_question(),
        ]

    # -- saves -----------------------------------------------------------------------------
    def do_saves(self, command: Command) -> Report:
        store = self.engine.saves
        if store is None:
            return self._report("Saving is not available in this session.")
        self.engine.flush_autosave()  # the list shows the autosave as it stands now
        return self._report(*self._slot_lines(), *self._run_lines())

    def _slot_lines(self) -> list[str]:
        store = self.engine.saves
        assert store is not None
        slots = store.slots()
        if not slots:
            return [f"No saved games yet for {self.engine.adventure.title}. Save with: save [SLOT]"]
        return [f"Saved games of {self.engine.adventure.title} (load SLOT):",
                *(f"  {self._slot_line(slot)}" for slot in slots)]

    def _run_lines(self) -> list[str]:
        """The runs of this adventure kept in the saves folder (each resumed with ``wayfarer --continue RUN``)."""
        store = self.engine.saves
        assert store is not None
        found = kept_runs(store.root, self.engine.adventure.id)
        if not found:
            return []
        this = store.run if self.engine.autosave else None
        return [f"Runs of {self.engine.adventure.title} kept (wayfarer --continue RUN resumes one; the most recent "
                f"first):", *(f"  {run_line(run, explain.system_name, this_game=run.run == this, adventure=False)}" for run in found)]

    def _slot_line(self, slot: str) -> str:

        store = self.engine.saves
        assert store is not None
        path = store.path(slot)
        try:
            stamp = datetime.datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            state = store.read(path)
        except (OSError, SaveError) as error:
            try:
                store.read(path.with_name(path.name + ".bak"))
            except (OSError, SaveError):
                return f"{slot}: cannot be read ({error})"
            return f"{slot}: cannot be read ({error}); load {slot} loads its backup"
        room = self.engine.adventure.rooms.get(state.room)
        place = room.name if room is not None else "somewhere"
        system = explain.system_name(state.system)
        ended = {"won": ", won", "dead": ", dead", "lost": ", lost"}.get(state.status, "")
        return f"{slot}: {stamp}, {place}, day {state.day}, {system}{ended}"

    # -- the solo player's table ----------------------------------------------------------
    def do_oracle(self, command: Command) -> Report:
        words = command.arguments.split()  # as typed: "Is Tamsin lying?" keeps its capitals
        asked = oracle.read_question(words)
        if not asked.question:
            return self._report("Ask the oracle a yes-or-no question: oracle is the well guarded? likely",
                                f"(likelihoods: {', '.join(oracle.LIKELIHOODS)}; even if none is given)")
        engine = self.engine
        turn = engine.state.turn
        key = " ".join(asked.question.lower().strip("?.! ").split())
        result = oracle.consult(asked, oracle_dice(engine.state.seed, turn, f"{key}:{asked.likelihood}"))
        label = f"oracle: {asked.question}"
        engine.dice_log.append((turn, label, result))
        return self._report(f"[{label}] {result.text}", f"The oracle says: {oracle.answer_line(result)}")

    def do_transcript(self, command: Command) -> Report:
        words = command.arguments.split()  # as typed: a file name keeps its case
        action = words[0].lower() if words else "on"
        if action == "off":
            if self.transcript is None:
                return self._report("No transcript is being recorded.")
            said = f"Transcript stopped ({self.transcript.path})."
            self.close_transcript(command.typed or command.raw, [said])
            return self._report(said)
        if action != "on":
            return self._report("Say transcript on [FILE] or transcript off.")
        if self.transcript is not None:
            return self._report(f"A transcript is already being recorded ({self.transcript.path}).")
        engine = self.engine
        if len(words) > 1:
            path = Path(command.arguments.split(maxsplit=1)[1].strip("\"'")).expanduser()  # quotes allowed
        elif engine.saves is not None:
            path = default_path(Path(engine.saves.root), engine.adventure.id)
        else:
            path = default_path(Path.cwd(), engine.adventure.id)
        try:
            self.transcript = Transcript.open(path, f"{engine.adventure.title}, under {engine.system.name}")
        except OSError as error:
            return self._report(f"No transcript: {error.strerror or error}.")
        return self._report(f"Transcript on: recording to {path} (transcript off stops it).")

    def transcribe(self, text: str, lines: list[str]) -> list[str]:
        """Record one exchange if a transcript is on; a line to add if recording failed."""
        if self.transcript is None:
            return []
        try:
            self.transcript.record(text, lines)
        except OSError as error:
            path = self.transcript.path
            self.close_transcript()
            return [f"(The transcript stopped: {path} could not be written: {error.strerror or error}.)"]
        return []

    def close_transcript(self, command: str = "", lines: list[str] | None = None) -> None:
        """Close the transcript, its last exchange (``command`` and ``lines``) recorded first."""
        if self.transcript is None:
            return
        if command:
            try:
                self.transcript.record(command, lines or [])
            except OSError:
                pass  # closing anyway: there is nothing more to tell
        self.transcript.close()
        self.transcript = None

    def do_set(self, command: Command) -> Report:
        words = [w.lower() for w in command.raw.split()[1:]]
        if len(words) == 2 and words[0] == "odds" and words[1] in ("on", "off"):
            self.show_odds = words[1] == "on"
            if self.show_odds:
                return self._report("Odds on: the chance is shown before each risky command's roll.")
            return self._report("Odds off.")
        if len(words) == 2 and words[0] == "rolls" and words[1] in ("full", "short"):
            self.engine.world.display.full_rolls = words[1] == "full"
            if words[1] == "full":
                return self._report("Rolls full: each roll with its dice and every step; rules explained each time.")
            return self._report("Rolls short: each roll as its result against what it had to beat (why explains it).")
        return self._report("You can set: odds on, odds off, rolls full, rolls short.")

    def odds_line(self, command: Command) -> str | None:
        """``(Odds: ...)`` of the check ``command`` would make, for ``set odds on``; None if it makes none."""
        try:
            preview = self.preview(command)
        except ActionRefused:
            return None
        if preview is None:
            return None
        label, request = preview
        odds = self.engine.system.odds(request)
        return f"(Odds of {label}: {_percent(odds.p_success)} to succeed.)"

    def do_why(self, command: Command) -> Report:
        log = self.engine.dice_log
        if not log:
            return self._report("No dice rolled yet: why explains the last roll.")
        index = len(log) - 1
        while index > 0 and log[index][1].endswith(FOLLOW_UP) and log[index][0] == log[index - 1][0] and \
                log[index - 1][1] in (log[index][1], log[index][1].removesuffix(FOLLOW_UP)):
            index -= 1  # a hit's damage and resistance follow the attack: why explains the attack
        turn, label, result = log[index]
        lines = why_lines(self.engine.system.id, self.engine.system.name, label, result)
        then = [f"  Then: {entry[2].text}" for entry in list(log)[index + 1:]]
        return self._report(*lines[:lines.index("Why:")], *then, *lines[lines.index("Why:"):])

    def do_odds(self, command: Command) -> Report:
        engine = self.engine
        asked = command.raw.split(maxsplit=1)[1] if len(command.raw.split()) > 1 else ""
        if asked:
            try:
                preview = parser.parse(asked, self.engine.extra_verbs)
            except parser.ParseError as error:
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
        """The request of the first check ``command`` would make (see :meth:`Game.preview`)."""
        engine = self.engine
        dice = _NeverExhausted(engine.turn_dice())
        try:
            return engine.preview(command, dice)
        except ActionRefused as refusal:
            raise ActionRefused(f"You couldn't do that now. {refusal}") from refusal

    def do_dice(self, command: Command) -> Report:
        log = self.engine.dice_log[-DICE_LOG_SHOWN:]
        if not log:
            return self._report("No dice rolled yet.")
        system = self.engine.system
        lines = ["The dice so far (turn, what, roll, rule; why explains the last):"]
        if self.engine.dice_log.dropped:
            lines[0] = (f"The last {len(log)} of this session's {self.engine.dice_log.total:,} rolls "
                        "(turn, what, roll, rule; why explains the last):")
        lines += [f"  t{turn} {label}: {result.text}  [{explain.citation_words(system.id, result.rule, system.name)}]"
                  for turn, label, result in log]
        return self._report(*lines)

    def do_stats(self, command: Command) -> Report:
        engine = self.engine
        state = engine.state
        lines = [f"{engine.adventure.player.name}, playing under {engine.system.name}"]
        lines += [f"  {line}" for line in engine.play.sheet_view(engine.world).lines]
        lines.append(f"  Water {state.water}, food {state.food}; day {state.day}, {state.clock}.")
        if state.thirst_days:
            lines.append(f"  Deprived of water for {state.thirst_days} day(s).")
        if state.hunger_days:
            lines.append(f"  Deprived of food for {state.hunger_days} day(s).")
        return self._report(*lines)

    def do_status(self, command: Command) -> Report:
        return self._report(self.engine.status_line())

    def do_map(self, command: Command) -> Report:
        world = self.engine.world
        lines = ["Places you know:"]
        for room_id in sorted(world.state.visited, key=lambda r: world.adventure.rooms[r].name):
            exits = []
            for exit_def in world.visible_exits(room_id):
                known = place_name(world, exit_def.to) if exit_def.to in world.state.visited else "?"
                exits.append(f"{exit_def.direction} to {known}")
            here = " (you are here)" if room_id == world.state.room else ""
            lines.append(f"  {place_name(world, room_id)}{here}: {join_names(exits)}")
        return self._report(*lines)


#: The systems' figure names in a player's words (the rest read well with "_" as a space).
FIGURE_WORDS = {
    "tn": "target number", "dr": "armour absorbs", "natural": "dice alone", "pips": "pips added",
    "wild_die": "Wild Die", "net": "net successes", "kept": "die kept", "roll_player": "your initiative",
    "roll_foes": "the foes' initiative", "first": "first to act", "need": "successes needed",
    "criticals": "sixes (two successes each)", "removed_by_threshold": "successes the threshold took",
    "rolled_successes": "successes rolled", "cancelled": "successes cancelled by 1s", "code": "die code",
    "character_dice": "Character Point dice", "dropped": "dice dropped", "bonus_dice": "specialty bonus dice",
    "automatic": "automatic successes (Willpower)", "chance": "chance of yes",
}


def _figure(key: str, value: object) -> str:
    """One figure of a roll in words: ``target number 7``; who struck (BIND) as ``the defender's blow``."""
    if key == "striker":
        return f"the {value}'s blow"
    return f"{FIGURE_WORDS.get(key, key.replace('_', ' '))} {value}"


#: Figures that show a roll was made against something (a target, a need, a margin): it can succeed or fail.
AGAINST = ("margin", "target", "tn", "difficulty", "need", "net", "successes", "verdict")


def why_lines(system_id: str, system_name: str, label: str, result: RollResult) -> list[str]:
    """The last roll step by step: what was rolled, the figures, the outcome, the rule in words."""
    end = "" if label[-1:] in ".?!" else "."
    lines = [f"The last roll: {label}{end}", f"  Rolled: {result.text}"]
    if result.dice:
        lines.append(f"  The dice showed {', '.join(str(d) for d in result.dice)}.")
    unsaid = ("qualifier", "likelihood", *(("difficulty", "margin") if result.figures.get("secret") is True else ()))
    figures = [_figure(key, value) for key, value in result.figures.items()
               if not isinstance(value, bool) and key not in unsaid]
    if figures:
        lines.append(f"  Figures: {', '.join(figures)}.")
    outcome = result.outcome.replace("_", " ")
    extra = " (a critical success)" if result.critical_success else \
        " (a critical failure)" if result.critical_failure else ""
    if not any(key in result.figures for key in AGAINST):  # harm, damage: nothing to succeed at
        total, reading = result.figures.get("total"), result.figures.get("reaction")
        told = f"{reading}, " if isinstance(reading, str) else f"a total of {total}, " if total is not None else ""
        lines.append(f"  Outcome: {told}with no target to beat.")
    else:
        lines.append(f"  Outcome: {outcome}{extra}.")
    lines.append("Why:")
    lines += [f"  {line}" for line in explain.explain(system_id, result.rule, system_name)]
    return lines
