"""The simulation report as text (``wayfarer simulate`` without ``--json``)."""
from __future__ import annotations

from typing import Any


def format_report(result: dict[str, Any]) -> list[str]:
    """One block per system: win rate, deaths by cause, medians, and each encounter."""
    lines = [f"{result['adventure']}: {result['runs']} runs a system from seed {result['seed']} "
             f"(a run stops after {result['max_turns']} commands)"]
    for system_id, figures in result["systems"].items():
        lines.append("")
        lines.append(f"{system_id}: won {figures['win_rate']:.0%} ({figures['wins']} won, {figures['deaths']} died, "
                     f"{figures['timeouts']} timed out); median {figures['median_turns']} turns, "
                     f"{figures['median_days']} days")
        if figures["causes_of_death"]:
            causes = ", ".join(f"{cause} {count}" for cause, count in figures["causes_of_death"].items())
            lines.append(f"  deaths: {causes}")
        for npc_id, fight in figures["encounters"].items():
            lines.append(f"  {npc_id:<20} {fight['fights']:>4} fights, player won {fight['player_won']:.0%}, "
                         f"lost {fight['mean_damage_taken']:.0%} of full health on average")
    return lines
