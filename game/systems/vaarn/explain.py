"""Vaults of Vaarn (seed 001) in a player's words, by the section of its basic rules."""
from __future__ import annotations

NAME = "Vaults of Vaarn"

SECTIONS: dict[str, str] = {
    "Abilities": ("six abilities (STR, DEX, CON, INT, PSY, EGO), each a bonus you add to a d20 and a defence "
                  "(bonus + 10) others must beat."),
    "Saving Throws": ("roll a d20 and add the ability's bonus; a total over 15 succeeds (against someone, over "
                      "their defence instead). Advantage rolls two d20 and keeps the better, disadvantage the "
                      "worse."),
    "Item Slots": ("you have as many item slots as your CON defence; more than that and you are encumbered, "
                   "with disadvantage on physical saves. Wounds fill slots too."),
    "Combat": ("each round both sides roll a d6 for initiative, ties to you. An attack is a d20 plus STR "
               "(melee) or DEX (ranged) over the defender's armour; a hit rolls the weapon's damage off HP."),
    "Wounds and Healing": ("below 0 HP each hit is a wound from the chart, by how far past 0 you are; ten "
                           "slots of wounds or an ability defence at 0 kills. A short rest heals d8 + CON, a "
                           "long rest all HP or one wound; deprived, you rest for nothing."),
    "Water": ("drink a ration of water a day (a synthetic, a week) or be deprived; three days deprived of "
              "water in a row kill."),
    "Barter": ("merchants trade a slot's worth of goods for similar, and prize water and exotica; a good "
               "word (an EGO save) can shift the price."),
    "Mystic Gifts": "a gift costs HP to invoke and its damage adds your PSY bonus.",
    "Psyche Slots": "you can hold as many gifts as your PSY bonus allows.",
    "Exotica": "strange relics: an INT save works out what one does; using one untried is a risk.",
    "Advancement": "experience raises your level; each level gives HP and ability points to spend.",
    "enemies": "enemies roll as characters do: a d20 plus their bonus against your defence.",
    "morale": ("a foe rolls a d20 plus its morale; 15 or less and it flees, hides or gives up. It is checked "
               "when half its group is down, its leader falls, or a lone foe is at half its HP."),
    "reactions": ("someone met for the first time rolls a d20 plus your EGO: 1-3 attacks at once, 4-7 is "
                  "hostile, 8-12 indifferent, 13-17 talkative, 18 and more helpful."),
    "character creation": "your abilities and HP are rolled by the rules' creation method from the run's seed.",
}
