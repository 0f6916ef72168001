"""Maelstrom (seed 004) in a player's words, by the section of its rules."""
from __future__ import annotations

NAME = "Maelstrom"

SECTIONS: dict[str, str] = {
    "Dice Pool": "you roll a d10 for each dot of the attribute and of the ability the action uses.",
    "Difficulty": "each die at or above the difficulty (6 unless said) is a success.",
    "Resolving the Result": ("each success counts, each 1 cancels one; no successes left fails, and more 1s "
                             "than successes is a botch, which costs you something."),
    "Threshold": "a threshold takes successes away before the 1s are counted: a hard task needs more.",
    "Determining Thresholds": "a threshold comes from how hard the task is, or what you lack for it.",
    "Using Specialties": ("a specialty that fits rolls a bonus die for each 10; bonus dice never botch and "
                          "their 10s roll again. Lacking an advanced specialty the action needs adds a "
                          "threshold."),
    "Skills": "a skill at zero dots: the attribute alone, at +1 difficulty.",
    "Knowledges": "a knowledge at zero dots cannot be tried (unless the adventure allows it at +2).",
    "Talents": "talents can be tried untrained with the attribute alone.",
    "Actions": "you declare an action, build its pool, and roll against its difficulty.",
    "Characters": "attributes and abilities are dots; Fortitude and Willpower come from them.",
    "Step 4": ("the verdict (succeed, fail, or botch): any success left succeeds (one barely, three or more well); "
               "none left and no 1s left is a simple failure; more 1s than successes is a botch, and things "
               "go very wrong."),
    "Combat": ("the rules' combat chapter (turns, attacking, evading, taking damage) is left empty, so Wayfarer "
               "plays a fight as actions: your attack (Strength + Melee or Brawling, Precision + Firearms) "
               "against the foe's Reflexes + Dodge, each later evasion in a round at -2 dice; the attack's "
               "successes left after the evasion's are the margin, and each past the first adds a damage "
               "die; armour (and Strength against bashing) soaks; each health level past Bruised costs dice."),
}
