"""Dice: each system's roller against its exact odds (chi-square, 100,000 rolls), and seeded runs replay.

For a representative check of every system, 100,000 rolls from a seeded
generator (by default and under ``--slow`` alike: they take about a second a
system) are bucketed by the result the exact distribution of ``odds`` is keyed
by (successes, total or net successes; bins expected fewer than 5 times are
merged) and by outcome, and compared with a chi-square test at a significance
of one in a million (deterministic, since the seed is fixed).  A roller whose
dice turn half their 1s into their highest face fails the same test within
30,000 rolls: the test has the power to notice a cheat.
Then a scripted run under every system is saved and ``wayfarer replay``
re-runs it to the same state.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.rules.dice import RandomDice
from game.rules.registry import SYSTEM_IDS, get_system
from tests.conftest import DATA

ROLLS = 100_000
#: A representative request per system and the figure its distribution is keyed by.
REQUESTS: dict[str, tuple[dict[str, str], str]] = {
    "open_adventures": ({"dice": "4", "need": "2"}, "successes"),
    "vaarn": ({"bonus": "2", "target": "15", "mode": "advantage"}, "total"),
    "opend6": ({"dice": "3", "pips": "1", "difficulty": "12"}, "total"),
    "bind": ({"bonus": "1", "tn": "8"}, "total"),
    "maelstrom": ({"dice": "5", "difficulty": "7", "specialties": "1"}, "net"),
}
#: z for a one-sided tail of 1e-6.
Z = 4.753424


def critical_value(degrees: int) -> float:
    """The chi-square value exceeded with probability 1e-6 (Wilson-Hilferty)."""
    k = degrees
    return k * (1 - 2 / (9 * k) + Z * math.sqrt(2 / (9 * k))) ** 3


def chi_square(observed: Counter[str], expected: dict[str, Fraction], n: int) -> tuple[float, int]:
    """The statistic and degrees of freedom, adjacent bins merged until each expects 5 or more."""
    keys = sorted(expected, key=lambda k: float(k) if k.lstrip("-").replace(".", "").isdigit() else k)
    unknown = sum(count for key, count in observed.items() if key not in expected)
    bins: list[tuple[float, int]] = []
    exp_acc, obs_acc = 0.0, 0
    for key in keys:
        exp_acc += float(expected[key]) * n
        obs_acc += observed.get(key, 0)
        if exp_acc >= 5:
            bins.append((exp_acc, obs_acc))
            exp_acc, obs_acc = 0.0, 0
    tail_expected = exp_acc + (1 - float(sum(expected.values()))) * n
    if bins:
        last_e, last_o = bins.pop()
        bins.append((last_e + tail_expected, last_o + obs_acc + unknown))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    return statistic, len(bins) - 1


def _roll_all(system_id: str, dice: Any, rolls: int) -> tuple[Counter[str], Counter[str], Any]:
    system = get_system(system_id)
    keys, figure = REQUESTS[system_id]
    request = system.parse_request(keys)
    results: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    for _ in range(rolls):
        dice.faces.clear()
        result = system.roll(request, dice)
        results[str(result.figures[figure])] += 1
        outcomes[result.outcome] += 1
    return results, outcomes, system.odds(request)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_each_roller_matches_its_exact_odds(system_id: str) -> None:
    results, outcomes, odds = _roll_all(system_id, RandomDice(random.Random(20260101)), ROLLS)
    statistic, degrees = chi_square(results, dict(odds.distribution), ROLLS)
    assert degrees >= 1
    assert statistic < critical_value(degrees), f"{system_id}: chi2 {statistic:.1f} on {degrees} df"
    expected = {"success": odds.p_success}
    names = {"p_failure": "failure", "p_tie": "tie", "p_botch": "botch"}
    expected.update({names[k]: p for k, p in odds.probabilities.items() if k in names})
    rest = 1 - sum(expected.values())
    assert rest >= -Fraction(1, 10**9)
    outcome_stat, outcome_df = chi_square(outcomes, {k: v for k, v in expected.items() if v > 0}, ROLLS)
    if outcome_df >= 1:
        assert outcome_stat < critical_value(outcome_df), f"{system_id} outcomes: chi2 {outcome_stat:.1f}"
    print(f"\n[dice] {system_id}: {ROLLS} rolls, chi2 {statistic:.1f} on {degrees} df "
          f"(limit {critical_value(degrees):.1f}); outcomes chi2 {outcome_stat:.1f} on {outcome_df} df")


class LoadedDice(RandomDice):
    """A die that turns half of its 1s into its highest face: a d20 shows 20 one time in 13 instead of 20."""

    def roll(self, sides: int) -> int:
        face = self.rng.randint(1, sides)
        if face == 1 and self.rng.random() < 0.5:
            face = sides
        self.faces.append(face)
        return face


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_the_chi_square_test_notices_a_loaded_die(system_id: str) -> None:
    rolls = 30_000
    results, _, odds = _roll_all(system_id, LoadedDice(random.Random(7)), rolls)
    statistic, degrees = chi_square(results, dict(odds.distribution), rolls)
    assert statistic > critical_value(degrees), f"{system_id}: a loaded die passed (chi2 {statistic:.1f})"


SCRIPT = ["look", "take all", "brass", "i", "n", "attack raider", "attack raider", "attack raider", "talk hermit",
          "s", "search", "d", "identify rod", "u", "wait", "unlock east", "e", "take gem", "stats"]


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_seeded_run_replays_identically(system_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A scripted run (questions a system asks answered "no", or with their first choice) replays to its state."""
    from game.engine import Engine
    from game.saves import SaveStore
    from game.world.loader import load_adventure

    tiny = load_adventure(DATA / "tiny")
    engine = Engine.new_game(tiny, get_system(system_id), 17, saves=SaveStore(tmp_path, tiny))
    rolled = 0
    for command in SCRIPT:
        engine.submit(command)
        while engine.asking is not None:
            choices = engine.asking.question.choices
            engine.submit("no" if "no" in choices else next(iter(choices)))
        rolled = len(engine.dice_log)
    assert rolled >= 3, "the script should make rolls to replay"
    assert engine.submit("save run").lines[0].startswith('Saved to slot "run"')
    assert main(["replay", str(tmp_path / "tiny" / "run.toml"), "--adventure", str(DATA / "tiny")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Replay matches: ") and f"seed 17, {system_id}" in out, out
