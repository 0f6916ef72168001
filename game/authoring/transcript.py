"""Transcript tests (``wayfarer test``; a stable format, taught in docs/authoring.md §12).

A transcript is plain text::

    # system: bind
    # seed: 7
    > take the bucket
    ! You see no
    > x bucket
    ~ (?i)warped staves

Header lines (before the first command): ``# system: ID``, ``# seed: N``,
``# only: ID,ID`` (with ``--all-systems``, the systems this file runs under).
After each ``> command`` come expected lines for that command's output: a
plain line passes when it is a substring of one output line, ``~ REGEX`` when
the regex matches (``re.search``) an output line, ``! TEXT`` when TEXT is in no
output line.  Expected lines before the first command are checked against the
opening (the intro and the first room).  Inside the body, ``# only: ID,ID``
scopes the expected lines after it, up to the next command, to those systems
(``# only: all`` ends the scope).  Other ``#`` lines and blank lines are ignored.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import Engine
from game.errors import UsageError
from game.rules.registry import SYSTEM_IDS, get_system
from game.world.content import Adventure
from game.world.loader import not_content

#: The seed a transcript without ``# seed:`` plays with.
DEFAULT_SEED = 1
_HEADER = re.compile(r"#\s*(system|seed|only)\s*:\s*(.*?)\s*\Z")


class TranscriptError(UsageError):
    """A malformed transcript, named by file and line (exit 2)."""


@dataclass(frozen=True)
class Expect:
    """One expected line: ``mode`` is ``contains``, ``regex`` or ``absent``."""

    line: int
    mode: str
    text: str
    only: tuple[str, ...] = ()

    @property
    def written(self) -> str:
        prefix = {"contains": "", "regex": "~ ", "absent": "! "}[self.mode]
        return prefix + self.text

    def holds(self, output: Sequence[str]) -> bool:
        if self.mode == "contains":
            return any(self.text in out for out in output)
        if self.mode == "absent":
            return not any(self.text in out for out in output)
        pattern = re.compile(self.text)
        return any(pattern.search(out) for out in output)


@dataclass(frozen=True)
class Step:
    """A command (empty for the opening) and what its output must show."""

    line: int
    command: str
    expects: tuple[Expect, ...]


@dataclass(frozen=True)
class Transcript:
    path: Path
    system: str | None
    seed: int
    only: tuple[str, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Failure:
    path: Path
    system: str
    step: Step
    expect: Expect
    output: tuple[str, ...]

    def lines(self) -> list[str]:
        shown = self.step.command and f"> {self.step.command}" or "(the opening)"
        out = [f"{self.path}:{self.expect.line}: [{self.system}] {shown}",
               f"  expected: {self.expect.written}", "  actual output:"]
        out.extend(f"    | {line}" for line in self.output) if self.output else out.append("    (nothing)")
        return out


@dataclass
class Outcome:
    """What a run of transcripts found."""

    runs: int = 0
    commands: int = 0
    checks: int = 0
    failures: list[Failure] = field(default_factory=list)


def _systems(text: str, path: Path, line: int) -> tuple[str, ...]:
    names = tuple(s.strip() for s in text.split(",") if s.strip())
    if names == ("all",):
        return ()
    for name in names:
        if name not in SYSTEM_IDS:
            raise TranscriptError(f"{path}:{line}: unknown system '{name}'; allowed: {', '.join(SYSTEM_IDS)}")
    if not names:
        raise TranscriptError(f"{path}:{line}: '# only:' names no system")
    return names


def parse_transcript(path: Path, text: str) -> Transcript:
    """Parse one transcript; TranscriptError names the file and line of anything malformed."""
    system: str | None = None
    seed = DEFAULT_SEED
    only: tuple[str, ...] = ()
    steps: list[Step] = []
    command, command_line = "", 0
    expects: list[Expect] = []
    scope: tuple[str, ...] = ()
    in_header = True
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        header = _HEADER.match(line.strip())
        if line.startswith("#"):
            if header and in_header:
                key, value = header.groups()
                if key == "system":
                    if value not in SYSTEM_IDS:
                        raise TranscriptError(f"{path}:{number}: unknown system '{value}'; "
                                              f"allowed: {', '.join(SYSTEM_IDS)}")
                    system = value
                elif key == "seed":
                    if not re.fullmatch(r"-?[0-9]{1,18}", value):
                        raise TranscriptError(f"{path}:{number}: '# seed:' takes a whole number, not '{value}'")
                    seed = int(value)
                else:
                    only = _systems(value, path, number)
            elif header and header.group(1) == "only":
                scope = _systems(header.group(2), path, number)
            continue
        if line.startswith(">"):
            if in_header is False or expects:
                steps.append(Step(command_line, command, tuple(expects)))
            in_header = False
            command, command_line, expects, scope = line[1:].strip(), number, [], ()
            if not command:
                raise TranscriptError(f"{path}:{number}: '>' with no command after it")
            continue
        expects.append(_expect(path, number, line.strip(), scope))
    if not in_header or expects:
        steps.append(Step(command_line, command, tuple(expects)))
    if not any(step.command for step in steps):
        raise TranscriptError(f"{path}: no '> command' lines")
    return Transcript(path, system, seed, only, tuple(steps))


def _expect(path: Path, number: int, text: str, scope: tuple[str, ...]) -> Expect:
    if text.startswith("~"):
        pattern = text[1:].strip()
        try:
            re.compile(pattern)
        except re.error as error:
            raise TranscriptError(f"{path}:{number}: bad regular expression '{pattern}': {error}") from None
        return Expect(number, "regex", pattern, scope)
    if text.startswith("!"):
        return Expect(number, "absent", text[1:].strip(), scope)
    return Expect(number, "contains", text, scope)


def transcript_files(adventure_dir: Path, named: Iterable[str] = ()) -> list[Path]:
    """The transcripts to run: those named, else every ``tests/*.transcript`` of the adventure.

    A relative name is looked for in the current folder, then in the adventure's folder (so the
    ``tests/walkthrough.transcript`` an adventure's comments name works from anywhere).  An
    adventure's own transcript that is a link leading out of its folder, or no regular file, is
    refused, naming it (TranscriptError).
    """
    chosen = [_transcript_path(Path(name), adventure_dir) for name in named]
    if chosen:  # named on the command line: the author's own choice, wherever it is
        return chosen
    found = sorted((adventure_dir / "tests").glob("*.transcript"))
    for path in found:  # the adventure's own: only what is in its folder (see not_content)
        refused = not_content(adventure_dir, path)
        if refused is not None:
            raise TranscriptError(f"{path}: {refused}")
    return found


def _transcript_path(path: Path, adventure_dir: Path) -> Path:
    if path.is_file():
        return path
    if path.is_absolute():
        raise UsageError(f"no transcript file '{path}'")
    beside = adventure_dir / path
    if beside.is_file():
        return beside
    raise UsageError(f"no transcript file '{path}' in the current folder ({Path.cwd()}) "
                     f"or the adventure's folder ({adventure_dir})")


def run_transcript(adventure: Adventure, transcript: Transcript, system_id: str, outcome: Outcome) -> None:
    """Play ``transcript`` under ``system_id`` from its seed, adding what it found to ``outcome``."""
    system = get_system(system_id, adventure.rules.get(system_id, {}))
    engine = Engine.new_game(adventure, system, transcript.seed)
    outcome.runs += 1
    for step in transcript.steps:
        if step.command:
            output = _screen_lines(engine.submit(step.command).lines)
            outcome.commands += 1
        else:
            output = _screen_lines(engine.opening())
        for expect in step.expects:
            if expect.only and system_id not in expect.only:
                continue
            outcome.checks += 1
            if not expect.holds(output):
                outcome.failures.append(Failure(transcript.path, system_id, step, expect, output))


def _screen_lines(lines: Iterable[str]) -> tuple[str, ...]:
    """The output as the screen shows it, one line each: a paragraph of several lines (an intro) is split."""
    return tuple(part for line in lines for part in line.split("\n"))


def run_all(adventure: Adventure, adventure_dir: Path, *, files: Iterable[str] = (), system: str | None = None,
            all_systems: bool = False) -> Outcome:
    """Run the adventure's transcripts (each under its own system, ``system``, or every system)."""
    outcome = Outcome()
    paths = transcript_files(adventure_dir, files)
    if not paths:
        raise UsageError(f"no transcripts: put *.transcript files in {adventure_dir / 'tests'}")
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise TranscriptError(f"{path}: cannot read the transcript ({error})") from None
        transcript = parse_transcript(path, text)
        if all_systems:
            chosen = transcript.only or SYSTEM_IDS
        else:
            chosen = (system or transcript.system or adventure.system,)
        for system_id in chosen:
            run_transcript(adventure, transcript, system_id, outcome)
    return outcome
