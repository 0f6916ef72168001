"""The simulation report as text (``wayfarer simulate`` without ``--json``)."""
from __future__ import annotations

from typing import Any


def format_report(result: dict[str, Any]) -> list[str]:
    """One block per system: win rate, deaths by cause, medians of the won runs, why the scout could not
    work towards a win (when it could not), and each encounter."""
    lines = [f"{result['adventure']}: {result['runs']} runs a system from seed {result['seed']} "
             f"(a run stops after {result['max_turns']} commands)"]
    for system_id, figures in result["systems"].items():
        lines.append("")
        lines.append(f"{system_id}: won {figures['win_rate']:.0%} ({figures['wins']} won, {figures['deaths']} died, "
                     f"{figures['timeouts']} timed out); {_medians(figures)}")
        if figures.get("beyond"):
            lines.append(f"  the scripted player cannot work towards a win: {figures['beyond']}")
        for opening in figures.get("openings", ()):
            lines.append(f"  the win needs a way a trigger opens: {opening}")
        if figures["causes_of_death"]:
            causes = ", ".join(f"{cause} {count}" for cause, count in figures["causes_of_death"].items())
            lines.append(f"  deaths: {causes}")
        off = figures.get("off_path")
        if off:
            causes = ", ".join(f"{cause} {count}" for cause, count in off["causes_of_death"].items())
            lines.append(f"  off the path to the goal ({', '.join(off['rooms'])}): {off['explorer_runs']} explorer "
                         f"run{'s' if off['explorer_runs'] != 1 else ''} saw every room first; "
                         f"{off['explorer_deaths']} died there" + (f" ({causes})" if causes else ""))
        for npc_id, fight in figures["encounters"].items():
            fights = f"{fight['fights']:>4} fight{'' if fight['fights'] == 1 else 's'}"
            lines.append(f"  {npc_id:<20} {fights}, player won {fight['player_won']:.0%}, "
                         f"lost {fight['mean_damage_taken']:.0%} of full health on average")
    return lines


def _medians(figures: dict[str, Any]) -> str:
    """``median 5 turns, 1 day`` of the won runs; when none was won, that no run was."""
    if not figures["wins"]:
        return "no run won"
    turns, days = figures["median_turns"], figures["median_days"]
    return f"median {turns} turn{'' if turns == 1 else 's'}, {days} day{'' if days == 1 else 's'}"
