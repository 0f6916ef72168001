"""Open Adventures (seed 000) in a player's words, by the section of its core rules."""
from __future__ import annotations

NAME = "Open Adventures"

SECTIONS: dict[str, str] = {
    "The Dice Pool": ("your pool of d6s is everything you do in a turn: you assign dice to actions, never more "
                      "to one attribute than its value, and dice left over defend you."),
    "Attributes": ("Move, Fight, Shoot, Skill, Will and Defence each cap how many dice of your pool you may "
                   "spend on that kind of action in one turn."),
    "Move": "each success of a Move roll carries you 6 inches (a 6 counts two); melee needs you at the foe's side.",
    "Will": "a Will roll resists fear, stress and minds bent on yours; each 4 or 5 is one success, a 6 two.",
    "Health": "your pool is your health: each point of damage removes a die from it; at none you are out.",
    "Close Combat Attacks": ("you choose how many dice to attack with (at most your Fight) and roll them: each "
                             "4 or 5 is one success, each 6 two, and each success is a point of damage."),
    "Ranged Attacks": ("as close combat, with Shoot: each 4 or 5 is one success, each 6 two, each success a "
                       "point of damage."),
    "Damage and Defence": ("dice left in your pool defend, up to your Defence against each attack: each 4 or 5 "
                           "ignores a point of damage, each 6 two. A foe is hurt only when one attack's damage "
                           "reaches its Defence."),
    "Skill Checks": ("you spend dice from your pool on the task; each 4 or 5 is one success, each 6 counts "
                     "two. A hard task needs several successes and they add up over tries, but doing anything "
                     "else between tries starts it again."),
    "Pushing and Fatigue": ("acting past your pool is pushing: each push marks a point of fatigue, and each "
                            "fatigue point costs a die at the start of a turn. Fatigue equal to your pool and "
                            "you collapse."),
    "Recovering Fatigue": ("resting a turn rolls as many dice as your fatigue: each 4 or 5 removes one point, "
                           "each 6 two."),
}
