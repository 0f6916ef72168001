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
"""
from __future__ import annotations

import gc
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.actions import ActionRegistry, ActionSpec, Question, Turn
from game.actions.observe import describe_room
from game.actions.registry import default_registry
from game.actions.scope import PRONOUNS, Ambiguous, Misspelt, Orphan, Thing, words_of
from game.errors import ActionRefused
from game.meta import MetaCommands
from game.parser import (
    DIRECTION_WORDS,
    Command,
    ParseError,
    parse,
    phrases_of,
    split_commands,
    split_verb,
    tokenize,
)
from game.play import play_for
from game.report import Report
from game.rules.base import RollResult, RuleSystem
from game.rules.dice import Dice, RandomDice, dice_for_turn
from game.text import clean, is_plural
from game.timekeeping import advance
from game.verbs import META_VERBS
from game.world.content import Adventure
from game.world.state import PLAYER, WorldState
from game.world.world import World

if TYPE_CHECKING:
    from game.saves import SaveStore

#: How many undo steps are kept.
UNDO_DEPTH = 100


@dataclass
class Pending:
    """A command waiting for the player to say which thing they meant (``things``), what
    it should act on (``orphan``: "What do you want to examine?"), or whether a misspelt
    word meant the word suggested (``misspelt``: the word and its suggestion)."""

    command: Command
    things: list[Thing]
    orphan: bool = False
    #: For an orphan: the word between the command and the reply ("put knife" + "in" + "chest").
    join: str = ""
    misspelt: tuple[str, str] | None = None


@dataclass
class Asking:
    """An action paused on a question; answering reruns it on the same turn and dice."""

    command: Command
    question: Question
    snapshot: WorldState
    log: list[str]
    answers: list[str]


def new_state(adventure: Adventure, system: RuleSystem, seed: int) -> WorldState:
    """The state at the start of a run: the player made from content or by the system's rules."""
    stats = adventure.player.stats.get(system.id)
    creation_dice = RandomDice(random.Random(f"wayfarer:{seed}:character"))
    sheet = system.new_character(stats, creation_dice)
    state = WorldState(
        adventure_id=adventure.id, adventure_version=adventure.version, system=system.id, seed=seed,
        room=adventure.start, player=sheet, water=adventure.player.water, food=adventure.player.food,
    )
    state.visited.add(adventure.start)
    return state


class Engine:
    """Runs one adventure under one rule system."""

    def __init__(self, adventure: Adventure, system: RuleSystem, state: WorldState,
                 registry: ActionRegistry | None = None, saves: SaveStore | None = None) -> None:
        # The content lives as long as the run and never changes: move it out of the
        # cyclic collector's sight, so collections stay short in a 10,000-room world.
        gc.freeze()
        self.adventure = adventure
        self.system = system
        self.play = play_for(system)
        self.world = World(adventure, state, system, self.play)
        if registry is None:
            registry = default_registry()
            self.play.register(registry)
        self.registry = registry
        self.extra_verbs = phrases_of(self.play.verbs())
        self.saves = saves
        self.undo_stack: list[WorldState] = []
        self.pending: Pending | None = None
        self.asking: Asking | None = None
        self.referent: Thing | None = None
        #: Pronoun -> the last thing it fits; ``group`` the things the last several-object command named.
        self.pronouns: dict[str, Thing] = {}
        self.group: list[Thing] = []
        self.last_command: str | None = None
        #: The last command typed (not an answer to a question), for ``again``.
        self.last_typed: str | None = None
        self.dice_log: list[tuple[int, str, RollResult]] = []
        self.last_request: tuple[str, Any] | None = None
        self.meta = MetaCommands(self)
        self._start()

    def _start(self) -> None:
        """Let the system bring the sheet in step with the world (a new run, or a load)."""
        self.play.on_start(Turn(self.world, dice_for_turn(self.state.seed, self.state.turn)))

    @classmethod
    def new_game(cls, adventure: Adventure, system: RuleSystem, seed: int,
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
        turn = Turn(self.world, dice_for_turn(self.state.seed, self.state.turn))
        describe_room(turn)
        return [clean(line) for line in turn.lines]

    def submit(self, text: str) -> Report:
        """Run one line of player input (several commands, maybe) and report what happened.

        The commands of a line run in turn; an unknown word, the end of the run or
        ``quit`` drops the rest of the line.  A question asked half-way is answered
        by what follows on the line, if anything does.
        """
        commands = split_commands(text, self.extra_verbs) or [text]
        report = Report()
        several = len(commands) > 1
        for index, one in enumerate(commands):
            foes = self._foes_here() if several else []
            part, understood = self._submit_guarded(one)
            if index and part.lines and several:
                report.lines.append("")
            report.lines += part.lines
            report.quit = report.quit or part.quit
            report.question = part.question
            if part.quit or not understood or (self.state.status != "playing" and index < len(commands) - 1):
                break
            met = [n for n in self._foes_here() if n not in foes] if index < len(commands) - 1 else []
            if met and not part.question:
                report.lines.append(f"(You stop there: {self.world.the_npc(met[0])} is here.)")
                break
        return report

    def _foes_here(self) -> list[str]:
        """Hostile NPCs standing in the player's room (a line of commands stops on meeting one)."""
        world = self.world
        return [n for n in world.living_npcs_in() if world.hostile(n) and world.npc_condition(n) == "ok"]

    def _submit_guarded(self, text: str) -> tuple[Report, bool]:
        try:
            return self._submit(text)
        except ActionRefused as refusal:
            return Report([clean(str(refusal))]), True

    def repeat(self) -> Report:
        """``again``: the last command typed, whatever became of it."""
        if self.last_typed is None:
            return Report(["There is nothing to do again."])
        return self._submit_guarded(self.last_typed)[0]

    def _submit(self, text: str) -> tuple[Report, bool]:
        if self.asking is not None:
            return self._resume(text), True
        if self.pending is not None:
            answered = self._answer(text)
            if answered is not None:
                return answered, True
        if tokenize(text) in (["yes"], ["y"], ["no"]):
            return Report(["That was a rhetorical question."]), True
        try:
            command = parse(text, self.extra_verbs)
        except ParseError as error:
            return Report([str(error)]), False
        if command is None:
            return Report(["Say something: type help for the commands."]), True
        if command.verb == "again":
            return self.repeat(), True
        self.last_typed = text
        try:
            report = self.meta.run(command) if command.verb in META_VERBS else self.run(command)
        except ActionRefused as refusal:
            report = Report([clean(str(refusal))])
        if command.note:
            report.lines.insert(0, command.note)
        return report, True

    def _answer(self, text: str) -> Report | None:
        """Treat ``text`` as the answer to a pending question, unless it is a new command."""
        pending, self.pending = self.pending, None
        assert pending is not None
        words = tuple(tokenize(text))
        verb, _ = split_verb(list(words), self.extra_verbs)
        if pending.misspelt is not None and words in (("yes",), ("y",)):
            word, meant = pending.misspelt
            fixed = " ".join(meant if w == word else w for w in tokenize(pending.command.raw))
            return self._submit_guarded(fixed)[0]
        if pending.misspelt is not None and words in (("no",),):
            return Report(["All right."])
        if not words or verb is not None or (len(words) == 1 and words[0] in DIRECTION_WORDS):
            return None
        if pending.orphan:
            completed = parse(" ".join([pending.command.raw, pending.join, *words]), self.extra_verbs)
            if completed is None:
                return None
            self.last_typed = completed.raw
            return self.run(completed)
        chosen = [t for t in pending.things if set(words) <= words_of(self.world, t)]
        if len(chosen) != 1:
            return None
        self.referent = chosen[0]
        self.last_typed = _clarified(pending.command, words)
        return self.run(pending.command.with_words(("it",)), log_as=self.last_typed)

    def run(self, command: Command, log_as: str | None = None) -> Report:
        """Check and perform one action; then time, NPCs and the end of the run."""
        spec = self.registry.get(command.verb)
        if spec is None:
            return Report([f"I don't know how to \"{command.verb}\"."])
        if self.state.status != "playing" and not spec.observe:
            return Report([self._ended_line()])
        if command.words == ("them",) and len(self.group) > 1 and not command.objects:
            return self._run_each(spec, [command.with_words(("it",))] * len(self.group), list(self.group))
        if len(command.objects) > 1:
            return self._run_each(spec, command.singles(), [])
        if len(command.words) == 1 and command.words[0] in PRONOUNS:
            word = command.words[0]
            self.referent = self.pronouns.get(word) if word in ("him", "her", "them") else \
                self.pronouns.get("it", self.referent)
        return self._perform(spec, command, [log_as or command.raw], [])

    def _run_each(self, spec: ActionSpec, commands: list[Command], referents: list[Thing]) -> Report:
        """One command per object, in turn (``take knife and key``; ``drop them``)."""
        report = Report()
        named: list[Thing] = []
        for index, one in enumerate(commands):
            if referents:
                self.referent = referents[index]
            try:
                part = self._perform(spec, one, [one.raw if not referents else _clarified_thing(self, one, referents[index])], [])
            except ActionRefused as refusal:
                part = Report([clean(str(refusal))])
            report.lines += part.lines
            if self.referent is not None:
                named.append(self.referent)
            if part.question or self.state.status != "playing":
                report.question = part.question
                break
        self.group = list(dict.fromkeys(named))
        if len(self.group) > 1:
            self.pronouns["them"] = self.group[-1]
        return report

    def _perform(self, spec: ActionSpec, command: Command, log: list[str], answers: list[str]) -> Report:
        snapshot = None if spec.observe else self.state.copy()
        turn = Turn(self.world, dice_for_turn(self.state.seed, self.state.turn), referent=self.referent,
                    pronouns=dict(self.pronouns), answers=list(answers), command=command)
        try:
            if spec.observe:
                spec.handler(turn, command)
            else:
                self.play.before_player_action(turn)
                self.play.perform(turn, command, spec.handler)
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
            self.pending = Pending(command, [], misspelt=(question.word, question.meant))
            return Report([str(question)], question=True)
        except Question as question:
            assert snapshot is not None, "an observing action cannot ask"
            self._restore(snapshot)
            self.asking = Asking(command, question, snapshot, log, answers)
            return Report([clean(line) for line in [*turn.lines, question.prompt]], question=True)
        except ActionRefused:
            self._restore(snapshot)
            raise
        return self._finish(turn, snapshot, log)

    def _finish(self, turn: Turn, snapshot: WorldState | None, log: list[str]) -> Report:
        self.referent = turn.referent
        self._name(turn.referent)
        if len(turn.group) > 1:
            self.group = list(turn.group)
        if snapshot is not None:
            self._after_action(turn, snapshot, log)
        return Report([clean(line) for line in turn.lines])

    def _resume(self, text: str) -> Report:
        """Answer the question an action is paused on, or undo the whole action."""
        asking = self.asking
        assert asking is not None
        words = tokenize(text)
        answer = " ".join(words)
        if answer == "undo":
            self.asking = None
            self._restore(asking.snapshot)
            return Report(["You take the action back."])
        if answer == "quit":
            self.asking = None
            self._restore(asking.snapshot)
            return self.meta.run(Command("quit", raw="quit"))
        if answer not in asking.question.choices:
            command = self._command_or_none(text)
            no = _no_of(asking.question.choices)
            if command is not None and no is not None:
                return self._taken_as_no(asking, no, text)
            options = "/".join(dict.fromkeys(asking.question.choices))
            return Report([f"Please answer {options} (or undo to take the action back).", asking.question.prompt],
                          question=True)
        note = []
        if answer in DIRECTION_WORDS and any(e.direction == DIRECTION_WORDS[answer] for e in self.world.visible_exits()):
            # "n" answers no; say so where the player may have meant north
            note = [f"(Taking \"{answer}\" as \"{asking.question.choices[answer]}\"; to go that way, type it in full.)"]
        report = self._answer_asking(asking, answer)
        report.lines[:0] = note
        return report

    def _answer_asking(self, asking: Asking, answer: str) -> Report:
        self.asking = None
        spec = self.registry.get(asking.command.verb)
        assert spec is not None
        return self._perform(spec, asking.command, [*asking.log, answer], [*asking.answers, answer])

    def _command_or_none(self, text: str) -> Command | None:
        try:
            return parse(text, self.extra_verbs)
        except ParseError:
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
        rest, _ = self._submit_guarded(text)
        report.lines += ["", *rest.lines]
        report.question, report.quit = rest.question, rest.quit
        return report

    def _name(self, thing: Thing | None) -> None:
        """Let the pronouns that fit ``thing`` refer to it (``him`` a man, ``them`` a plural...)."""
        if thing is None or thing[0] == "self":
            return
        self.group = []
        kind, thing_id = thing
        if kind == "npc":
            pronoun = self.adventure.npcs[thing_id].pronoun
            self.pronouns[{"he": "him", "she": "her", "they": "them"}.get(pronoun, "it")] = thing
            if pronoun != "it":
                return
        elif kind == "item" and is_plural(self.world.item_name(thing_id)):
            self.pronouns["them"] = thing
        self.pronouns["it"] = thing

    def _world_turn(self, turn: Turn) -> None:
        """After the player's action: the NPCs, the clock, and the end of the run.

        It runs inside the action (a question an NPC's turn asks reruns it all).
        """
        if turn.minutes:
            if self.play.round_over(turn):
                self.play.npc_phase(turn)
                self.play.after_npc_phase(turn)
            advance(turn, turn.minutes)
        self._check_player(turn)
        self._check_goal(turn)

    def _after_action(self, turn: Turn, snapshot: WorldState, log: list[str]) -> None:
        state = self.state
        self.undo_stack.append(snapshot)
        del self.undo_stack[:-UNDO_DEPTH]
        state.log.extend(log)
        self.last_command = log[0]
        state.turn += 1
        for label, result in turn.rolls:
            self.dice_log.append((state.turn, label, result))
        if turn.rolls:
            self.last_request = turn.requests[-1] if turn.requests else self.last_request

    def _restore(self, snapshot: WorldState | None) -> None:
        if snapshot is not None:
            self.world.state = snapshot.copy()

    def _check_player(self, turn: Turn) -> None:
        state = self.state
        if state.status != "playing":
            return
        condition = self.system.condition(state.player)
        if condition == "dead":
            state.status, state.ending = "dead", "You are dead."
            turn.say(state.ending)
        elif condition == "down":
            self.play.player_down(turn)

    def _check_goal(self, turn: Turn) -> None:
        state, goal = self.state, self.adventure.goal
        if state.status != "playing" or not (goal.reach or goal.carrying or goal.defeat):
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
        verdict = "won" if self.state.status == "won" else "died"
        return f"You have {verdict}. You can undo, load a save, start again, or quit."

    # -- state swaps (undo, load) ---------------------------------------------
    def replace_state(self, state: WorldState) -> None:
        """Put another state in place (load); pending questions and referents are dropped."""
        self.world.state = state
        self.pending = None
        self.asking = None
        self.referent = None
        self.pronouns = {}
        self.group = []
        self._start()

    def undo(self) -> bool:
        """Put back the state before the last timed action; False when there is none.

        ``again`` then has nothing to repeat.
        """
        if not self.undo_stack:
            return False
        self.replace_state(self.undo_stack.pop())
        self.last_command = None
        return True

    def turn_dice(self) -> Dice:
        """The dice of the coming turn."""
        return dice_for_turn(self.state.seed, self.state.turn)

    def load_state(self, state: WorldState) -> list[str]:
        """Put a loaded state in place (no undo past it) and return the room as ``look`` shows it."""
        self.replace_state(state)
        self.undo_stack.clear()
        return self.look_lines()

    def preview(self, command: Command, dice: Dice) -> tuple[str, Any] | None:
        """The labelled request of the first check ``command`` would make, with nothing changed.

        The action runs on its very own code path against ``dice`` (the turn's
        own, so it meets the same circumstances), then the state is put back;
        only the request of its first check is kept, its outcome never shown.
        A refusal is raised as it would be in play.
        """
        spec = self.registry.get(command.verb)
        if spec is None or spec.observe:
            return None
        snapshot = self.state.copy()
        turn = Turn(self.world, dice, referent=self.referent, command=command)
        try:
            self.play.before_player_action(turn)
            self.play.perform(turn, command, spec.handler)
        except Question:
            pass  # the first check's request is recorded before anything is asked
        finally:
            self.world.state = snapshot
        return turn.requests[0] if turn.requests else None

    def status_line(self) -> str:
        """Place, health, water, food, day and system, for the status bar."""
        state = self.state
        health = self.play.status_health(self.world)
        return (f"{self.world.room.name} | {health} | water {state.water} | food {state.food} | "
                f"day {state.day} {state.clock} | {self.system.id}")


def _no_of(choices: dict[str, str]) -> str | None:
    """The answer word meaning no (or declining), if the question has one."""
    for word, meaning in choices.items():
        if meaning in ("no", "decline", "declined") or word == "no":
            return word
    return None


def _clarified_thing(engine: Engine, command: Command, thing: Thing) -> str:
    """The command as logged with a pronoun replaced by the name of what it meant."""
    from game.actions.scope import name_of

    name = name_of(engine.world, thing).removesuffix(" (dead)").lower()
    return command.with_words(tuple(name.split())).raw


def _clarified(command: Command, answer: tuple[str, ...]) -> str:
    """The command text with the answer's words added to its noun phrase."""
    words = tuple(dict.fromkeys(answer + command.words))
    return command.with_words(words).raw
