"""The engine: one line of text in, a report out.  Orchestration only.

``Engine.submit(text)`` parses the line, resolves it to an action, runs the
action's check-then-perform against the world, lets time pass and NPCs act,
checks for the end of the run, and returns what to show.  It never prints and
never touches the terminal; saving and loading go through a
:class:`~game.saves.SaveStore` handed in.

Dice are deterministic by construction: the dice of turn *n* come from a
generator seeded with ``(seed, n)``.  Loading a save restores the turn, so the
next roll after a load is the roll that would have come; undoing restores the
turn too, so undoing and retrying brings back the very same dice (undo cannot
fish for a better roll).

Two nets lie under every command (see :meth:`Engine.submit`): an unexpected
exception inside a command rolls the command back and reports the path of a
crash report instead of ending the game; and, when ``autosave`` is on, the run
is written to its adventure's autosave after every command that changed it.
"""
from __future__ import annotations

import gc
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from game import version
from game.actions import ActionRegistry, ActionSpec, Handler, Question, Turn, triggers
from game.actions.observe import describe_room
from game.actions.registry import default_registry
from game.actions.scope import (
    PRONOUNS,
    SELF,
    Ambiguous,
    Misspelt,
    Orphan,
    Thing,
    UnknownWord,
    name_of,
    vocabulary,
    words_of,
)
from game.deferred import deferred
from game.dicelog import DiceLog
from game.errors import ActionRefused, ContentError
from game.meta import ENDING_QUESTION, MetaCommands
from game.play import play_for
from game.play.living import stranded
from game.report import Report
from game.rules.base import SystemInPlay
from game.rules.dice import Dice, RandomDice, dice_for_turn
from game.text import clean, is_plural, quote_back
from game.timekeeping import advance
from game.verbs import META_VERBS, VERB_WORDS
from game.world import limits
from game.world.conditions import PLAYING_ON, has_after_win, place_name
from game.world.content import Adventure
from game.world.state import PLAYER, WorldState
from game.world.world import World

if TYPE_CHECKING:
    import traceback

    from game import parser
    from game.events import fight as events_fight
    from game.events import world as events_world
    from game.saves import SaveStore
else:
    events_fight = deferred("game.events.fight")
    events_world = deferred("game.events.world")
    parser = deferred("game.parser")
    traceback = deferred("traceback")


#: A line of save, load or restore and one word: the word is a slot's name, whatever its dots.
_ONE_SLOT = re.compile(r"\s*(?:save|load|restore)\s+\S+\s*\Z", re.IGNORECASE)
#: How many questions a preview answers on its way to the first check.
PREVIEW_ANSWERS = 4
#: The modules of the events that tell of someone coming or going (``follow`` remembers them).
_COMINGS_AND_GOINGS = ("game.events.fight", "game.events.world")
#: How many undo steps are kept.
UNDO_DEPTH = 100
#: The most commands one run may log: a save of the run must load (``game.saves`` reads at most this many).
MAX_LOG = limits.MAX_LOG


@dataclass
class Pending:
    """A command waiting for the player to say which thing they meant (``things``), or what
    it should act on (``orphan``: "What do you want to examine?")."""

    command: parser.Command
    things: list[Thing]
    orphan: bool = False
    #: For an orphan: the word between the command and the reply ("put knife" + "in" + "chest").
    join: str = ""
    #: When the question came part-way through several objects: those done, and those still to do.
    each: Each | None = None


@dataclass
class Asking:
    """An action paused on a question; answering reruns it on the same turn and dice."""

    command: parser.Command
    question: Question
    snapshot: WorldState
    log: list[str]
    answers: list[str]
    #: As for :class:`Pending`.
    each: Each | None = None


class Each(NamedTuple):
    """A command on several objects stopped by a question on one of them (``drop knife, skin, robe``):
    the things named before it, and the commands for the objects after it, run once it is answered."""

    named: list[Thing]
    rest: list[parser.Command]


def world_dice_for_turn(seed: int, turn: int) -> Dice:
    """The dice of the world's own rolls in turn ``turn`` (NPC morale, reactions): apart from the
    player's, so a wanderer or a reaction never changes the player's rolls; replayed identically."""
    return RandomDice(random.Random(f"wayfarer:{seed}:{turn}:world"))


def new_state(adventure: Adventure, system: SystemInPlay, seed: int) -> WorldState:
    """The state at the start of a run: the player made from content or by the system's rules."""
    stats = adventure.player.stats.get(system.id)
    creation_dice = RandomDice(random.Random(f"wayfarer:{seed}:character"))
    sheet = system.new_character(stats, creation_dice)
    state = WorldState(
        adventure_id=adventure.id, adventure_version=adventure.version, system=system.id, seed=seed,
        room=adventure.start, player=sheet, water=adventure.player.water, food=adventure.player.food,
        drank_day=0,  # seed 001 §Water: "must drink one ration of water every day", the first day too
    )
    state.visited.add(adventure.start)
    # What the player sets out with to wear is worn, as Inform's "the player wears the cloak".
    state.worn.update(i for i in adventure.player.items if adventure.items[i].kind in ("armor", "clothing"))
    for item_id in _starting_kit(adventure, system.id, stats):
        # Owned from the start, never "found" (seed 001 §Exotica asks an INT save of a
        # new find): the character knows what a kit Exotica does.
        state.item_moves[item_id] = PLAYER
        state.identified.add(item_id)
    return state


def _starting_kit(adventure: Adventure, system_id: str, stats: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The items a system's player stat table hands over at the start (``kit``; Vaarn's accepts one)."""
    kit = (stats or {}).get("kit", [])
    unknown = [item_id for item_id in kit if item_id not in adventure.items]
    if unknown:
        raise ContentError([f"player.stats.{system_id}: kit: no item '{item_id}'" for item_id in unknown])
    return tuple(kit)


class Engine:
    """Runs one adventure under one rule system."""

    def __init__(self, adventure: Adventure, system: SystemInPlay, state: WorldState,
                 registry: ActionRegistry | None = None, saves: SaveStore | None = None) -> None:
        # The content lives as long as the run and never changes: move it out of the
        # cyclic collector's sight, so collections stay short in a 10,000-room world.
        gc.freeze()
        self.adventure = adventure
        self.system = system
        self.play = play_for(system)
        self.world = World(adventure, state, system)
        if registry is None:
            registry = default_registry()
            self.play.register(registry)
        register_author_verbs(registry, adventure)
        self.registry = registry
        self.saves = saves
        #: Snapshots for undo, each with the length the shared command log had then.
        #: (the state before a timed action, the log's length then, the session's rolls then, and how
        #: many commands the step takes back: a line of several is one step).
        self.undo_stack: list[tuple[WorldState, int, int, int]] = []
        #: How many commands the last ``undo`` took back.
        self.undone = 0
        #: The session's rolls as the timed action under way began (its undo snapshot keeps the count).
        self._rolls_before = 0
        #: Write the autosave after every command that changes the run (``wayfarer play`` turns it on).
        self.autosave = False
        self._autosaved: tuple[int, int, int] | None = None
        self._autosave_failed = False
        self._generation = 0
        #: Set by ``quit`` when it asks before leaving (see MetaCommands.do_quit).
        self.confirming_quit = False
        #: (turn, log length) at the player's own last save or load; quit asks when the run moved on.
        self.saved_turn: tuple[int, int] = (0, 0)
        self.pending: Pending | None = None
        self.asking: Asking | None = None
        self.referent: Thing | None = None
        #: Pronoun -> the last thing it fits; ``group`` the things the last several-object command named.
        self.pronouns: dict[str, Thing] = {}
        self.group: list[Thing] = []
        #: NPC -> (room, direction): the way the player last saw it go, for ``follow``.
        self.seen_going: dict[str, tuple[str, str]] = {}
        self.last_command: str | None = None
        #: The last command typed (not an answer to a question), for ``again``.
        self.last_typed: str | None = None
        #: The last command, if a word of it was not known: for ``oops`` and "Did you mean ...?".
        self.slip: parser.Slip | None = None
        #: The session's rolls, the recent ones kept (see game.dicelog).
        self.dice_log = DiceLog()
        self.last_request: tuple[str, Any] | None = None
        #: The seed ``restart`` uses (``--seed`` given); None draws a new one.
        self.fixed_seed: int | None = None
        #: Whether an unknown word has been pointed to ``help`` yet.
        self.told_help = False
        self.meta = MetaCommands(self)
        self._start()
        self._autosaved = (self._generation, state.turn, len(state.log))  # nothing to write until the run moves

    def _start(self) -> None:
        """Let the system bring the sheet in step with the world (a new run, or a load)."""
        self.play.on_start(Turn(self.world, dice_for_turn(self.state.seed, self.state.turn), play=self.play))

    @classmethod
    def new_game(cls, adventure: Adventure, system: SystemInPlay, seed: int,
                 saves: SaveStore | None = None) -> Engine:
        return cls(adventure, system, new_state(adventure, system, seed), saves=saves)

    @property
    def state(self) -> WorldState:
        return self.world.state

    # -- the loop ---------------------------------------------------------------
    def opening(self) -> list[str]:
        """The intro and the first room, shown once at the start of a new run."""
        intro = self.adventure.intro.strip()
        return ([clean(intro), ""] if intro else []) + self.look_lines()

    def look_lines(self) -> list[str]:
        """The current room described, as after ``look``."""
        turn = Turn(self.world, dice_for_turn(self.state.seed, self.state.turn), play=self.play)
        describe_room(turn)
        return [clean(line) for line in turn.lines]

    @cached_property
    def extra_verbs(self) -> dict[tuple[str, ...], str]:
        """The system's own verbs as the parser reads them (see :func:`game.parser.phrases_of`)."""
        return {**author_phrases(self.adventure), **parser.phrases_of(self.play.verbs())}

    def _names_something(self, word: str) -> bool:
        """Whether ``word`` is a noun of the adventure; asked only of a line with a comma, so the
        vocabulary is built at the first such line, not at every start."""
        return word in vocabulary(self.world)

    def submit(self, text: str) -> Report:
        """Run one line of player input (several commands, maybe) and report what happened.

        The commands of a line run in turn; an unknown word, the end of the run or
        ``quit`` drops the rest of the line.  A question asked half-way is answered
        by what follows on the line, if anything does.  Never raises but
        a KeyboardInterrupt outside a command (Ctrl-C during one takes it back: see :meth:`_submit_guarded`).
        """
        if self.asking is None and self.pending is None and self.meta.confirming is None:
            text = parser.addressed(text, self._names_something, self.extra_verbs) or text  # "pilgrim, hello"
        # "save ." names a slot (refused), as "load ." does: one word after save or load is never split off
        commands = [text] if _ONE_SLOT.match(text) else parser.split_commands(text, self.extra_verbs) or [text]
        report = Report()
        several = len(commands) > 1
        undo_depth = len(self.undo_stack)
        for index, one in enumerate(commands):
            foes = self._foes_here() if several else []
            part, understood = self._submit_guarded(one)
            if index and part.lines and several:
                report.lines.append("")
            report.lines += part.lines
            report.aside += part.aside
            report.quit = report.quit or part.quit
            report.question = part.question
            last = index == len(commands) - 1
            if part.quit or not understood or (self.state.status != "playing" and not last):
                break
            if part.question and not last:  # a question waits for its answer: the rest of the line is not done
                rest = "; ".join(commands[index + 1:])
                report.lines.insert(len(report.lines) - 1, f"(The rest of the line waits: {quote_back(rest)} "
                                                           "is not done.)")
                break
            met = [n for n in self._foes_here() if n not in foes] if not last else []
            if met and not part.question:
                report.lines.append(f"(You stop there: {self.world.the_npc(met[0])} is here.)")
                break
        if self._one_undo_step(undo_depth):
            self._autosaved = None  # the autosave holds the undo as the session does: the line as one step
            self._autosaved_report(report)
        return report

    def _one_undo_step(self, depth: int) -> bool:
        """Make the turns a line of commands took since the undo stack was ``depth`` deep one undo step:
        ``undo`` after ``take egg. n`` takes back the whole line, as it was typed at once.  Whether it did."""
        steps = self.undo_stack[depth:]
        if len(steps) > 1:
            state, log_length, rolls, _ = steps[0]
            self.undo_stack[depth:] = [(state, log_length, rolls, sum(step[3] for step in steps))]
            return True
        return False

    def _foes_here(self) -> list[str]:
        """Hostile NPCs standing in the player's room (a line of commands stops on meeting one)."""
        world = self.world
        return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]

    def _submit_guarded(self, text: str, *, record: bool = True) -> tuple[Report, bool]:
        """One command, under the safety net; the report, and whether its words were understood.

        Any unexpected exception rolls the command back (state, undo stack, dice
        log and questions as they were), writes a crash report and answers with
        one line naming it; the game goes on.  Then the transcript and the
        autosave, when on and the run changed.
        """
        mark = self._mark()
        understood = True
        try:
            if self.confirming_quit:
                self.confirming_quit = False
                answered = self.meta.answer_quit(text)
                if answered is not None:
                    return answered, True
            report, understood = self._submit(text)
        except KeyboardInterrupt:  # Ctrl-C while a long command runs: the command is taken back, the game goes on
            self._roll_back(mark)
            report, understood = Report(["(Interrupted: the command was taken back; the game goes on as it was.)"]), False
        except ActionRefused as refusal:
            report = Report([clean(str(refusal))])
        except Exception as error:  # noqa: BLE001 - the safety net: no bug in a command ends the game
            report = self._crashed(text, mark, error)
        if record:  # ``again`` and ``oops`` run a command inside their own: the transcript has it once
            report.aside += self.meta.transcribe(text, report.shown)
        return self._autosaved_report(report), understood

    def repeat(self) -> Report:
        """``again``: the last command typed, whatever became of it."""
        if self.last_typed is None:
            return Report(["There is nothing to do again."])
        return self._submit_guarded(self.last_typed, record=False)[0]

    def correct(self, words: tuple[str, ...]) -> Report:
        """``oops WORDS``: the last command again, ``words`` in place of the word it did not know."""
        if self.slip is None:
            return Report(["There is no word to correct: oops follows a command with a word I did not know."])
        if not words:
            return Report([f"Type oops and the word you meant in place of {quote_back(self.slip.word)}."])
        return self._submit_guarded(self.slip.corrected(words), record=False)[0]

    def _note_unknown(self, refusal: ActionRefused) -> None:
        """Remember the command a word was not known in, for ``oops`` and ``yes``."""
        if isinstance(refusal, UnknownWord) and self.last_typed and refusal.word in parser.tokenize(self.last_typed):
            self.slip = parser.Slip(self.last_typed, refusal.word, refusal.guesses)

    def _mark(self) -> tuple[Any, ...]:
        """What a command may change, to put back if it crashes (the state copied, cheaply)."""
        return (self.state.copy(share_log=True), self.state, len(self.state.log), len(self.undo_stack),
                self.dice_log.total, self.pending, self.asking, self.referent, self.last_command, self.last_request)

    def _crashed(self, text: str, mark: tuple[Any, ...], error: Exception) -> Report:
        self._roll_back(mark)
        path = write_crash_report(self, text, error)
        where = f" A crash report is in {path}." if path else ""
        return Report([f"Something went wrong inside the game ({type(error).__name__}); the command was taken "
                       f"back and nothing is lost.{where}"])

    def _roll_back(self, mark: tuple[Any, ...]) -> None:
        """Put back what a command changed (see :meth:`_mark`): a crash, or Ctrl-C while it ran."""
        copy, live, log_length, undo_length, dice_length = mark[:5]
        if self.saves is not None:
            self.saves.log_will_shrink()
        del live.log[log_length:]
        self.world.state = copy
        del self.undo_stack[undo_length:]
        self.dice_log.cut_to(dice_length)
        self.pending, self.asking, self.referent, self.last_command, self.last_request = mark[5:]
        self.confirming_quit = False

    def _autosaved_report(self, report: Report) -> Report:
        if not self.autosave or self.saves is None or report.quit and not self.state.log:
            return report
        key = (self._generation, self.state.turn, len(self.state.log))
        if key == self._autosaved:
            return report
        failure = self.saves.autosave_later(self.state, self.undo_stack)
        self._autosaved = key
        report.aside += self.saves.take_notes()
        if not failure:
            self._autosave_failed = False
        elif not self._autosave_failed:
            self._autosave_failed = True
            report.aside.append(f"(Autosave failed: {failure}. Use save to keep your run.)")
        return report

    def flush_autosave(self) -> str:
        """Wait for the autosave writer (tests, and the end of a session); the reason it failed, or ""."""
        return self.saves.flush_autosave() if self.saves is not None else ""

    def _submit(self, text: str) -> tuple[Report, bool]:
        slip, self.slip = self.slip, None
        if self.meta.confirming is not None:
            return self.meta.confirm(text), True
        if self.asking is not None:
            return self._resume(text), True
        if self.pending is not None:
            answered = self._answer(text)
            if answered is not None:
                return answered, True
        if self.state.status != "playing" and parser.tokenize(text) in PLAY_ON_WORDS:
            return self._play_on(), True
        if parser.tokenize(text) in (["yes"], ["y"], ["no"]):
            if slip is None or not slip.guesses:
                return Report(["That was a rhetorical question."]), True
            if parser.tokenize(text) == ["no"]:
                return Report(["All right."]), True
            if len(slip.guesses) == 1:
                return self._submit_guarded(slip.corrected(slip.guesses), record=False)[0], True
            self.slip = slip  # "Did you mean listen or lie?": yes does not say which
            return Report([f"Which one? Type oops and the word you meant, as in: oops {slip.guesses[0]}."]), True
        try:
            command = parser.parse(text, self.extra_verbs)
        except parser.ParseError as error:
            hint, self.told_help = ([] if self.told_help else ["(Type help for the commands by purpose.)"]), True
            if error.word is None:
                return Report([str(error)], aside=hint), False
            if error.word in vocabulary(self.world):  # "oops x hook" then puts a verb before it
                self.slip = parser.Slip(text, error.word)
                return Report([f"I know {quote_back(error.word)}, but not as a verb: say what to do with it, "
                               f"as in \"examine {error.word}\"."], aside=hint), False
            self.slip = parser.Slip(text, error.word, error.guesses)
            return Report([str(error)], aside=hint), False
        if command is None:
            return Report(["Say something: type help for the commands."]), True
        if command.verb == "again":
            return self.repeat(), True
        if command.verb == "oops":
            self.slip = slip
            return self.correct(tuple(parser.tokenize(text)[1:])), True  # as typed: "oops the" puts "the" back
        self.last_typed = text
        meta = command.verb in META_VERBS
        odds = self.meta.odds_line(command) if self.meta.show_odds and not meta and self.state.status == "playing" \
            else None
        try:
            report = self.meta.run(command) if meta else self.run(command)
        except ActionRefused as refusal:
            self._note_unknown(refusal)
            report = Report([clean(str(refusal))])
        if odds is not None:
            report.lines.insert(0, odds)
        return report, True

    def _answer(self, text: str) -> Report | None:
        """Treat ``text`` as the answer to a pending question, unless it is a new command.

        An answer is read as the noun it can be before anything else (Inform's
        parser does the same): words the adventure knows as names answer the
        question even when one is also a verb (``fire``), a direction or close
        to another word.  Only a reply that reads as a command and names no
        known thing starts a new command.
        """
        pending, self.pending = self.pending, None
        assert pending is not None
        words = tuple(parser.tokenize(text))
        if not words or not self._is_answer(words):
            return None
        if pending.orphan:
            # "on the hook" answers "put it in what?"; "give knife to" already ends with its "to"
            typed = parser.tokenize(pending.command.raw)
            join = "" if words[0] in parser.PREPOSITIONS or typed[-1:] == [pending.join] else pending.join
            completed = parser.parse(" ".join([pending.command.raw, join, *words]), self.extra_verbs)
            if completed is None:
                return None
            self.last_typed = completed.raw
            return self.run(completed)
        nouns = tuple(w for w in words if w not in parser.ARTICLES)
        chosen = [t for t in pending.things if set(nouns) <= words_of(self.world, t)]
        if len(chosen) == 1:
            self.last_typed = _clarified(pending.command, nouns)
            report = self._answered(pending, pending.command.with_words(("it",)), log_as=self.last_typed,
                                    chosen=chosen[0])
        else:  # not one of those offered: the reply names what the command is about instead ("x heart")
            self.last_typed = pending.command.with_words(nouns).raw
            report = self._answered(pending, pending.command.with_words(nouns))
        return self._go_on_each(report, pending.each, pending.command)

    def _answered(self, pending: Pending, command: parser.Command, log_as: str | None = None,
                  chosen: Thing | None = None) -> Report:
        """The command an answer completes; a refusal of it, when other objects wait, is said and they go on."""
        try:
            return self.run(command, log_as=log_as, chosen=chosen)
        except ActionRefused as refusal:
            if pending.each is None:
                raise
            return Report([clean(str(refusal))])

    def _is_answer(self, words: tuple[str, ...]) -> bool:
        """Whether a reply to "Which do you mean...?" or "What do you want to...?" answers it.

        Known names come first: a reply whose words the adventure knows as names
        (or pronouns) is an answer, whatever else the words could be.  Otherwise a
        reply that starts with a verb or is a lone direction is a new command;
        anything else (a misspelt name, say) is an answer, and is refused as such.
        """
        known = vocabulary(self.world)
        nouns = [w for w in words if w not in parser.ARTICLES and w not in parser.PREPOSITIONS]
        if nouns and all(w in known or w in PRONOUNS for w in nouns):
            return True
        verb, _ = parser.split_verb(list(words), self.extra_verbs)
        return verb is None and not (len(words) == 1 and words[0] in parser.DIRECTION_WORDS)

    def run(self, command: parser.Command, log_as: str | None = None, chosen: Thing | None = None) -> Report:
        """Check and perform one action; then time, NPCs and the end of the run.

        ``chosen`` is the thing an answer to "Which do you mean?" picked: ``it`` in
        ``command`` means that thing, whatever ``it`` meant before.
        """
        spec = self.registry.get(command.verb)
        if spec is None:
            return Report([f"I don't know how to \"{command.verb}\"."])
        if self.state.status != "playing":  # the end is final, as in Inform: only the meta commands go on
            return Report([self._ended_line()])
        if len(self.state.log) >= MAX_LOG and not spec.observe:
            return Report([f"This run has reached the most commands a save can hold ({MAX_LOG:,}). "
                           "Save it, then start a new run."])
        if command.words == ("them",) and len(self.group) > 1 and not command.objects:
            return self._run_each(spec, [command.with_words(("it",))] * len(self.group), list(self.group))
        if len(command.objects) > 1:
            return self._run_each(spec, command.singles(), [])
        if chosen is not None:
            self.referent = chosen
        elif len(command.words) == 1 and command.words[0] in PRONOUNS:
            word = command.words[0]
            self.referent = self.pronouns.get(word) if word in ("him", "her", "them") else \
                self.pronouns.get("it", self.referent)
        return self._perform(spec, command, [log_as or command.raw], [])

    def _run_each(self, spec: ActionSpec, commands: list[parser.Command], referents: list[Thing]) -> Report:
        """One command per object, in turn (``take knife and key``; ``drop them``)."""
        report = Report()
        named: list[Thing] = []
        for index, one in enumerate(commands):
            if referents:
                self.referent = referents[index]
            try:
                part = self._perform(spec, one, [one.raw if not referents else _clarified_thing(self, one, referents[index])], [])
            except ActionRefused as refusal:
                self._note_unknown(refusal)
                part = Report([clean(str(refusal))])
            report.lines += part.lines
            if self.referent is not None:
                named.append(self.referent)
            if part.question and not referents:  # the rest waits for the answer, then goes on
                self._paused_each(Each(list(dict.fromkeys(named)), commands[index + 1:]))
            if part.question or self.state.status != "playing":
                report.question = part.question
                break
        self._named_together(named)
        return report

    def _named_together(self, named: list[Thing]) -> None:
        """The things a command on several objects named: what ``them`` means next."""
        self.group = list(dict.fromkeys(named))
        if len(self.group) > 1:
            self.pronouns["them"] = self.group[-1]

    def _paused_each(self, each: Each) -> None:
        """Keep with the question just asked the rest of the objects it interrupted."""
        if self.pending is not None:
            self.pending.each = each
        elif self.asking is not None:
            self.asking.each = each

    def _go_on_each(self, report: Report, each: Each | None, command: parser.Command) -> Report:
        """After a question that stopped a command on several objects is answered: the objects
        after it, in turn; ``them`` is all of them."""
        if each is None or report.question:
            return report
        named = [*each.named, *([self.referent] if self.referent is not None else [])]
        if each.rest:
            spec = self.registry.get(command.verb)
            assert spec is not None
            before = list(named)
            rest = self._run_each(spec, each.rest, [])
            report.lines += rest.lines
            report.question = rest.question
            named = [*before, *self.group] if self.group else [*before, *([self.referent] if self.referent else [])]
        if not report.question:
            self._named_together(named)
        return report

    def _perform(self, spec: ActionSpec, command: parser.Command, log: list[str], answers: list[str]) -> Report:
        if spec.observe and triggers.watches(self.world, command.verb, triggers.typed_verb(command, self.extra_verbs)):
            spec = replace(spec, observe=False)  # a trigger may answer it: it is a turn, and undoable
        snapshot = None if spec.observe else self.state.copy(share_log=True)
        if snapshot is not None:
            self._rolls_before = self.dice_log.total
        turn = Turn(self.world, dice_for_turn(self.state.seed, self.state.turn), play=self.play, referent=self.referent,
                    pronouns=dict(self.pronouns), answers=list(answers), command=command, start_room=self.state.room,
                    seen_going=self.seen_going,
                    world_dice=world_dice_for_turn(self.state.seed, self.state.turn))
        try:
            if spec.observe:
                spec.handler(turn, command)
            else:
                self.play.perform(turn, command, partial(_triggered, spec.handler))
                self._world_turn(turn)
        except Ambiguous as question:
            self._restore(snapshot)
            self.pending = Pending(command, question.things)
            return Report([str(question)], question=True)
        except Orphan as question:
            self._restore(snapshot)
            self.pending = Pending(command, [], orphan=True, join=question.join)
            return Report([str(question)], question=True)
        except Misspelt as question:
            self._restore(snapshot)
            self._note_unknown(question)
            return Report([str(question)], question=True)
        except Question as question:
            assert snapshot is not None, "an observing action cannot ask"
            self._restore(snapshot)
            # Kept without its traceback: its frames reach back to the answer that asked it again (a command in
            # reply), and so to every question before it: a question re-asked must keep constant memory.
            self.asking = Asking(command, question.with_traceback(None), snapshot, log, answers)
            if turn.referent not in (None, SELF):  # "Drop anyway?": it, and the line's them, include what is asked of
                self.referent = turn.referent
                self._name(turn.referent)
            return Report([clean(line) for line in [*turn.lines, question.prompt]], question=True)
        except ActionRefused:
            self._restore(snapshot)
            if turn.referent not in (None, SELF):  # a refused action still named it: "take key" (had), "put it in chest"
                self.referent = turn.referent
                self._name(turn.referent)
            raise
        return self._finish(turn, snapshot, log)

    def _finish(self, turn: Turn, snapshot: WorldState | None, log: list[str]) -> Report:
        if turn.referent != SELF:  # "x me" then "take it": it is never the player
            self.referent = turn.referent
        self._name(turn.referent)
        self._see_going(turn)
        if len(turn.group) > 1:
            self.group = list(turn.group)
        if snapshot is not None:
            self._after_action(turn, snapshot, log)
        report = Report([clean(line) for line in turn.lines])
        if snapshot is not None and snapshot.status == "playing" and self.state.status != "playing":
            report.aside = [clean(line) for line in self.meta.ending_lines()]
        return report

    def _resume(self, text: str) -> Report:
        """Answer the question an action is paused on, or undo the whole action."""
        asking = self.asking
        assert asking is not None
        words = parser.tokenize(text)
        answer = " ".join(words)
        if answer == "undo":
            self.asking = None
            self._restore(asking.snapshot)
            return Report(["You take the action back."])
        if answer == "quit":
            self.asking = None
            self._restore(asking.snapshot)
            return self.meta.run(parser.Command("quit", raw="quit"))
        if answer not in asking.question.choices:
            command = self._command_or_none(text)
            no = _no_of(asking.question.choices)
            if command is not None and no is not None:
                return self._taken_as_no(asking, no, text)
            options = "/".join(dict.fromkeys(asking.question.choices))
            return Report([f"Please answer {options} (or undo to take the action back).", asking.question.prompt],
                          question=True)
        note = []
        if answer in parser.DIRECTION_WORDS and any(e.direction == parser.DIRECTION_WORDS[answer] for e in self.world.visible_exits()):
            # "n" answers no; say so where the player may have meant north
            note = [f"(Taking \"{answer}\" as \"{asking.question.choices[answer]}\"; to go that way, type it in full.)"]
        report = self._answer_asking(asking, answer)
        report.lines[:0] = note
        return report

    def _answer_asking(self, asking: Asking, answer: str) -> Report:
        self.asking = None
        spec = self.registry.get(asking.command.verb)
        assert spec is not None
        try:
            report = self._perform(spec, asking.command, [*asking.log, answer], [*asking.answers, answer])
        except ActionRefused as refusal:  # "Drop anyway?" no: said, and the other objects still go on
            if asking.each is None:
                raise
            report = Report([clean(str(refusal))])
        return self._go_on_each(report, asking.each, asking.command)

    def _command_or_none(self, text: str) -> parser.Command | None:
        try:
            return parser.parse(text, self.extra_verbs)
        except parser.ParseError:
            return None

    def _taken_as_no(self, asking: Asking, no: str, text: str) -> Report:
        """A command in reply to a question: the question is answered no, then the command runs."""
        try:
            report = self._answer_asking(asking, no)
        except ActionRefused as refusal:
            report = Report([clean(str(refusal))])
        report.lines.insert(0, f"(Taking that as \"{no}\".)")
        if report.question:
            return report
        rest, _ = self._submit_guarded(text, record=False)
        report.lines += ["", *rest.lines]
        report.question, report.quit = rest.question, rest.quit
        return report

    def _see_going(self, turn: Turn) -> None:
        """Remember which way each NPC the player saw leave went, for ``follow``."""
        if not any(type(event).__module__ in _COMINGS_AND_GOINGS for event in turn.events):
            return  # a turn with no one coming or going need not import their events
        for event in turn.events:
            if isinstance(event, (events_world.Left, events_fight.Fled)) and event.direction and event.who != PLAYER:
                self.seen_going[event.who] = (self.state.room, event.direction)
            elif isinstance(event, events_world.Crossed) and event.heading:
                self.seen_going[event.who] = (self.state.room, event.heading)
            if isinstance(event, (events_world.Arrived, events_world.Left, events_world.Crossed)) and event.who in self.adventure.npcs:
                self._name(("npc", event.who))  # named by the game: "him" is who just came or went

    def _name(self, thing: Thing | None) -> None:
        """Let the pronouns that fit ``thing`` refer to it (``him`` a man, ``them`` a plural...)."""
        if thing is None or thing[0] == "self":
            return
        if thing not in self.group:  # naming one of the things just named together keeps them together
            self.group = []
        kind, thing_id = thing
        if kind == "npc":
            pronoun = self.adventure.npcs[thing_id].pronoun
            self.pronouns[{"he": "him", "she": "her", "they": "them"}.get(pronoun, "it")] = thing
            if pronoun != "it":
                return
        elif kind in ("item", "scenery") and is_plural(name_of(self.world, thing)):
            self.pronouns["them"] = thing
        self.pronouns["it"] = thing

    def _world_turn(self, turn: Turn) -> None:
        """After the player's action: the NPCs, the clock, and the end of the run.

        It runs inside the action (a question an NPC's turn asks reruns it all).
        """
        if turn.minutes:
            self.play.finish_round(turn)
            self._check_down(turn)  # before the clock: a spared player's senseless hours are time too
            since = self.state.minutes
            advance(turn, turn.minutes)
            if self.state.status == "playing":
                self.play.routines(turn, since)
        self._check_player(turn)
        if self.state.status == "playing":
            triggers.after_turn(turn)
        self._check_goal(turn)

    def _after_action(self, turn: Turn, snapshot: WorldState, log: list[str]) -> None:
        state = self.state
        self.undo_stack.append((snapshot, len(state.log), self._rolls_before, 1))
        del self.undo_stack[:-UNDO_DEPTH]
        state.log.extend(map(sys.intern, log))  # a long run repeats its commands: one string each, not one a turn
        self.last_command = log[0]
        state.turn += 1
        for label, result in turn.rolls:
            self.dice_log.append((state.turn, label, result))
        if turn.rolls:
            self.last_request = turn.requests[-1] if turn.requests else self.last_request

    def _restore(self, snapshot: WorldState | None) -> None:
        if snapshot is not None:
            self.world.state = snapshot.copy(share_log=True)

    def _check_down(self, turn: Turn) -> None:
        """A player down at the end of the round: the foes' choice, then the system's dying rule."""
        if self.state.status == "playing" and self.system.condition(self.state.player) == "down":
            self.play.player_down(turn)

    def _check_player(self, turn: Turn) -> None:
        state = self.state
        if state.status != "playing":
            return
        condition = self.system.condition(state.player)
        if condition == "dead":
            state.status, state.ending = "dead", "You are dead."
            turn.say(state.ending)
        elif condition == "down" and not turn.minutes:
            self.play.player_down(turn)
        if state.status == "playing" and self.system.condition(state.player) == "down":
            lost = stranded(self.world, long_rest=self.play.sheet_view(self.world).long_rest_to_rise)
            if lost:
                state.status, state.ending = "lost", lost
                turn.say(lost)

    def _check_goal(self, turn: Turn) -> None:
        state, goal = self.state, self.adventure.goal
        if state.status != "playing" or not (goal.reach or goal.carrying or goal.defeat) or PLAYING_ON in state.flags:
            return
        if goal.reach and state.room != goal.reach:
            return
        if any(self.world.place_of(i) != PLAYER for i in goal.carrying):
            return
        if any(self.world.npc_condition(n) == "ok" for n in goal.defeat):
            return
        state.status = "won"
        state.ending = goal.text.strip() or "You have done what you came to do. You have won."
        turn.say("", state.ending, "*** You have won ***")

    def _ended_line(self) -> str:
        verdict = {"won": "won", "lost": "lost"}.get(self.state.status, "died")
        return f"You have {verdict}. {self.ending_question()}"

    def ending_question(self) -> str:
        """What the player may do once the run has ended (and, after a win with more to show, play on)."""
        if self.can_play_on():
            return ENDING_QUESTION.replace(" or QUIT?", ", PLAY ON to see the world after your win, or QUIT?")
        return ENDING_QUESTION

    def can_play_on(self) -> bool:
        """Whether the run is won and the adventure has something to show after the win."""
        return self.state.status == "won" and has_after_win(self.adventure)

    def _play_on(self) -> Report:
        """``play on`` after a win: the run goes on, still won (``goal_reached`` holds), for the epilogue."""
        if not self.can_play_on():
            return Report([self._ended_line()])
        self.state.status = "playing"
        self.state.flags.add(PLAYING_ON)
        return Report(["You play on, after the end. (The win stands; undo, restart or quit as ever.)", "",
                       *self.look_lines()])

    def restart(self) -> list[str]:
        """Start the adventure again under the same system (the ``--seed`` given, else a new seed)."""
        seed = self.fixed_seed if self.fixed_seed is not None else random.SystemRandom().randrange(2**32)
        state = new_state(self.adventure, self.system, seed)
        state.rules = dict(self.state.rules)  # the options the player chose go on with the new run
        self.load_state(state)
        self.dice_log.clear()
        self.last_request = None
        self.last_command = None
        return [f"{self.adventure.title} — begun again under {self.system.name} (seed {seed})", "",
                *self.opening()]

    # -- state swaps (undo, load) ---------------------------------------------
    def replace_state(self, state: WorldState) -> None:
        """Put another state in place (load); pending questions and referents are dropped."""
        self.world.state = state
        self._generation += 1
        self.pending = None
        self.asking = None
        self.referent = None
        self.pronouns = {}
        self.group = []
        self.seen_going = {}
        self._start()

    def undo(self) -> bool:
        """Put back the state before the last timed action; False when there is none.

        ``again`` then has nothing to repeat.
        """
        if not self.undo_stack:
            return False
        state, log_length, rolls, self.undone = self.undo_stack.pop()
        if self.saves is not None:
            self.saves.log_will_shrink()  # the autosave writer may share the log too
        del state.log[log_length:]  # the log is shared with the snapshot: cut back to its length then
        self.replace_state(state)
        self.dice_log.cut_to(rolls)  # why and dice tell of the rolls that stand, not the ones taken back
        self.last_command = None
        return True

    def turn_dice(self) -> Dice:
        """The dice of the coming turn."""
        return dice_for_turn(self.state.seed, self.state.turn)

    def load_state(self, state: WorldState) -> list[str]:
        """Put a loaded state in place (no undo past it) and return the room as ``look`` shows it."""
        self.replace_state(state)
        self.undo_stack.clear()
        self.dice_log.clear()  # the rolls of the run left behind are not this one's
        return self.look_lines()

    def preview(self, command: parser.Command, dice: Dice) -> tuple[str, Any] | None:
        """The labelled request of the first check ``command`` would make, with nothing changed.

        The action runs on its very own code path against ``dice`` (the turn's
        own, so it meets the same circumstances), then the state is put back;
        only the request of its first check is kept, its outcome never shown.
        A refusal is raised as it would be in play.  A question asked before the
        first check (an "are you sure?") is taken as yes, to reach the check.
        """
        spec = self.registry.get(command.verb)
        if spec is None or spec.observe:
            return None
        snapshot = self.state.copy(share_log=True)
        answers: list[str] = []
        try:
            for _ in range(PREVIEW_ANSWERS):
                self.world.state = snapshot.copy(share_log=True)
                turn = Turn(self.world, dice, play=self.play, referent=self.referent, command=command, answers=list(answers))
                try:
                    self.play.perform(turn, command, spec.handler)
                except Question as question:
                    if not turn.requests:
                        answers.append(_agreeing(question))
                        continue
                break
        finally:
            self.world.state = snapshot
        return turn.requests[0] if turn.requests else None

    def status_line(self) -> str:
        """Place, health, water, food, day and system, for the status bar."""
        state = self.state
        health = self.play.sheet_view(self.world).health
        return (f"{place_name(self.world)} | {health} | water {state.water} | food {state.food} | "
                f"day {state.day} {state.clock} | {self.system.id}")


#: What the player types to play on after a win.
PLAY_ON_WORDS = (["play", "on"], ["continue"], ["amusing"])


def author_phrases(adventure: Adventure) -> dict[tuple[str, ...], str]:
    """The adventure's own words (``[verbs]``) as the parser reads them: each -> the verb it means."""
    return {tuple(word.split()): author_verb_of(adventure, word) for word in adventure.verbs}


def author_verb_of(adventure: Adventure, word: str) -> str:
    """The verb an author's word means: a verb of the game's table (named, or by one of its words), or the
    author's own verb (a word meaning itself, or another word of ``[verbs]`` that does)."""
    meant = adventure.verbs.get(word, word)
    for _ in range(len(adventure.verbs) + 1):
        if meant in VERB_WORDS:
            return meant
        core = next((verb for verb, words in VERB_WORDS.items() if meant in words), None)
        if core is not None:
            return core
        if adventure.verbs.get(meant, meant) == meant:
            return meant
        meant = adventure.verbs[meant]
    return meant


def register_author_verbs(registry: ActionRegistry, adventure: Adventure) -> None:
    """A handler for each verb the adventure makes up: it means nothing until a trigger answers it."""
    for word in adventure.verbs:
        verb = author_verb_of(adventure, word)
        if registry.get(verb) is None:
            registry.register(verb, triggers.author_verb, observe=True)


def _triggered(handler: Handler, turn: Turn, command: parser.Command) -> None:
    """The action, unless a trigger refuses it first.

    What a trigger that fired did stands even when the action itself is then
    refused ("read inscription" with nothing written on it still lets the
    whisper be heard and its flag be set): the refusal is said, not raised.
    A trigger that ends the run is the command's last word: the action does not follow.
    A question the action asks is still raised (the answer runs it all again).
    """
    fired, refused = triggers.before_action(turn, command)
    if refused or turn.world.state.status != "playing":  # a trigger that ends the run ends the command too
        return
    try:
        handler(turn, command)
    except (Ambiguous, Orphan, UnknownWord):
        raise
    except ActionRefused as refusal:
        if not fired:
            raise
        turn.say(str(refusal))


def _agreeing(question: Question) -> str:
    """The answer that goes ahead: the word meaning yes, else the first offered."""
    return next((word for word, means in question.choices.items() if means == "yes"), next(iter(question.choices)))


def _no_of(choices: dict[str, str]) -> str | None:
    """The answer word meaning no (or declining), if the question has one."""
    for word, meaning in choices.items():
        if meaning in ("no", "decline", "declined") or word == "no":
            return word
    return None


def _clarified_thing(engine: Engine, command: parser.Command, thing: Thing) -> str:
    """The command as logged with a pronoun replaced by the name of what it meant."""
    name = name_of(engine.world, thing).removesuffix(" (dead)").lower()
    return command.with_words(tuple(name.split())).raw


def _clarified(command: parser.Command, answer: tuple[str, ...]) -> str:
    """The command text with the answer's words added to its noun phrase."""
    words = tuple(dict.fromkeys(answer + command.words))
    return command.with_words(words).raw


def write_crash_report(engine: Engine, text: str, error: BaseException) -> Path | None:
    """Write what a bug report needs (traceback, seed, versions, command log); its path, or None.

    The report goes to ``<saves>/crash-reports/`` (the system's temporary
    folder without a saves folder); failing to write it is not another crash.
    """
    state = engine.state
    lines = ["Wayfarer crash report", f"game version: {version()}",
             f"adventure: {engine.adventure.id} {engine.adventure.version}", f"system: {engine.system.id}",
             f"seed: {state.seed}", f"turn: {state.turn}", f"command: {clean(text)[:1000]}", "",
             *traceback.format_exception(error), "", "command log (replay from the seed):", *state.log]
    root = Path(engine.saves.root) if engine.saves is not None else Path(tempfile.gettempdir()) / "wayfarer"
    folder = root / "crash-reports"
    path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{state.turn}.txt"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as report:
            report.write("\n".join(line.rstrip("\n") for line in lines) + "\n")
    except OSError:
        return None
    return path
