"""OpenD6 (seed 002) in a player's words, by the section of its rules."""
from __future__ import annotations

NAME = "OpenD6"

SECTIONS: dict[str, str] = {
    "Making Actions": ("you roll your die code (3D+1 is three dice plus 1) and must reach the difficulty. One "
                       "die is the Wild Die: a 6 adds and rolls again, again and again; a 1 on its first roll "
                       "is a complication."),
    "Wild Die": ("one die of every roll is the Wild Die: a 6 adds and rolls again; a 1 on its first roll is a "
                 "critical failure, a complication."),
    "Taking Damage": ("a hit's damage is resisted with a Physique (Strength) roll; what gets through is a "
                      "wound, and each wound costs dice on later rolls (or, with Body Points, comes off them)."),
    "Improving Rolls": ("a Character Point adds one die after a roll; a Fate Point doubles all the dice of one "
                        "action."),
    "Order of Play": ("each round of a fight starts with initiative: you and every foe roll Perception (OpenD6's "
                      "rule; wounds take their dice off), and the highest acts first. A tie goes to the better "
                      "Perception; a tie of that too goes to you (Wayfarer's choice: the books let both act at "
                      "once). Foes that beat you act before your action."),
    "Specializations": ("a specialization is a narrower focus of a skill (melee: knives) with its own die code "
                        "above the skill's; it is rolled instead of the skill when the action falls within it, "
                        "and costs half as many Character Points to improve."),
}
