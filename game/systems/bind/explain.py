"""BIND (seed 003) in a player's words, by the section of its rules."""
from __future__ import annotations

NAME = "BIND"

SECTIONS: dict[str, str] = {
    "Basic Actions": ("roll 2d6 and add your Attribute and Skill: above the target number (TN, 7 unless said) "
                      "succeeds, below fails and the danger happens, and equal is a tie: you may succeed if "
                      "you accept the danger."),
    "Resisted Actions": "against someone, the TN is 7 plus their ability.",
    "One Roll Only": ("a roll stands: trying the same thing again gives the same result until something "
                      "changes (time, gear, help)."),
    "Resting Actions": ("with no danger about and time to spare, one die counts as a 6 and you may try again "
                        "and again, an hour a try."),
    "Margins": "beating the TN by 3 or more succeeds well (an identify, say, also tells what the thing does).",
    "Teamwork": "a friend at your side adds their help to your roll.",
    "Stacking": "bonuses of the same kind do not add up; the best one counts.",
    "Weight": ("each item heavier than your Strength encumbers you: -1 Speed a point, and as much Fatigue "
               "each interval on the move."),
    "Time": "a day has four intervals of six hours.",
    "Space": "regions are crossed an interval at a time; trouble may find you as you enter an area.",
    "Healing": "wounds heal a quarter of your HP a week; healing is counted in days.",
    "Downtime": "a week's rest at a settlement heals and passes time.",
    "The Mission": "the adventure's goal is your mission.",
    "Combat": ("each exchange of a fight is one roll of yours, attacking or defending, against TN 7 plus the "
               "foe's ability; each round adds a point of Fatigue."),
    "Damage": ("a hit deals 1D6 plus Strength, less the armour that covers the spot; harm from the world "
               "deals 1D6 plus the bonus the adventure names."),
    "0 HP": ("at 0 HP someone may save you: a Wits + Medicine roll against TN 7 plus how far below 0 you "
             "are; below it you die. A tie is yours: live with a permanent wound, 1D6 off an Attribute you "
             "choose (one below -5 kills), or refuse."),
}
