"""The salt deserts: blue dunes, fused-salt roads and glass left by an old fire (Glass Oasis country)."""
from __future__ import annotations

from game.generate.themes import Person, Place, Scenery, Theme, Thing

S = Scenery

CAMP = Place("camp", ("{Adj} Camp", "Windbreak Camp", "Last Fire"), (
    "A half-buried windbreak of {material} shelters the ashes of your own fire.",
    "Your camp is a scrape in the {colour} sand, a windbreak of {material} and little else.",
    "Here you slept: a hollow under a {adj} dune, walled on one side with {material}.",
), (
    S("windbreak", "windbreak", ("screen", "wall"), ("Stakes and {material}, lashed with cord. It leans with the wind.",),
      ("The windbreak creaks against its stakes.", "Sand drifts against the {adj} windbreak.")),
    S("fire-ring", "fire ring", ("ashes", "ring", "fire"), ("Blackened stones round cold ashes.",),
      ("The fire ring holds only ashes now.", "Wind lifts a grey plume from the fire ring.")),
))

MARKET = Place("market", ("Salt Market", "{Adj} Caravanserai", "Tollhouse of the Wells"), (
    "Arches of {material} ring a courtyard where caravans rest between crossings.",
    "A trading post squats in the lee of a {adj} ridge, its walls patched with {material}.",
    "Awnings of {colour} cloth snap over stalls built from the ribs of old wagons.",
), (
    S("cistern", "cistern", ("tank", "well"), ("A covered tank of {material}, sweating cool water into the dust.",),
      ("A cistern sweats cool water at the heart of it all.", "Drovers queue at the cistern with their skins.")),
    S("awning", "awning", ("awnings", "canopy", "cloth"), ("Striped cloth, sun-rotted at the edges and patched many times.",),
      ("The awning throws a {adj} square of shade.", "Wind fills the awning like a sail.")),
    S("tally-post", "tally post", ("post", "tally"), ("A post notched with the debts of a hundred caravans.",),
      ("Someone has cut fresh notches in the tally post.", "The tally post is scored with old debts.")),
), water=True)

GOAL = Place("vault", ("Glass Sanctum", "{Adj} Vault", "Heart of the Mirage"), (
    "The sand gives way to a floor of poured glass, {colour} and flawless, that hums underfoot.",
    "Here the old fire burned hottest: walls of fused glass curve up into a dome that drinks the light.",
    "A chamber of melted stone opens around you, its ceiling dripping frozen glass like icicles.",
), (
    S("dais", "dais", ("platform", "plinth"), ("A raised ring of {material}, swept clean by no hand you can see.",),
      ("A dais rises at the centre, clean of sand.", "Light pools on the {adj} dais.")),
    S("glyphs", "glyphs", ("glyph", "writing", "marks"), ("Marks in a script of circles; they seem to turn as you look away.",),
      ("Glyphs crawl across the walls in slow spirals.", "The glyphs glow faintly when you breathe near them.")),
))

PLACES = (
    Place("flat", ("Salt Flat", "{Adj} Pan", "White Mile", "Crust of the Dry Sea"), (
        "A flat of {colour} salt runs to the horizon, cracked into plates the size of doors.",
        "The ground here is a crust of salt over mud; it booms hollow under each step.",
        "Nothing grows on this {adj} pan; even the wind seems to hurry across it.",
    ), (
        S("salt-plates", "salt plates", ("plates", "plate", "crust"), ("Six-sided plates of salt, their edges curled up like old paper.",),
          ("Salt plates curl at their edges like {adj} paper.", "The salt plates ring faintly as they cool.")),
        S("cairn", "cairn", ("stones", "marker"), ("A waist-high pile of {material}, built by someone who wanted to be found.",),
          ("A lone cairn marks some forgotten way.", "Someone has topped the cairn with a {adj} skull.")),
    )),
    Place("dunes", ("Singing Dunes", "{Adj} Dunes", "Dune Sea", "Blue Ridges"), (
        "Dunes of {colour} sand rise in long ridges, their crests smoking in the wind.",
        "You wade across slopes of {adj} sand that slide and whisper under your weight.",
        "The dunes here are tall as towers, and their shadows are the only cool thing for miles.",
    ), (
        S("crest", "dune crest", ("crest", "dune", "ridge"), ("A knife-edge of sand that the wind keeps redrawing.",),
          ("A dune crest smokes with blown sand.", "The crest above you sings a low, {adj} note.")),
        S("scrub", "thornscrub", ("scrub", "thorns", "bush"), ("Grey thorns with roots that go down further than you could dig.",),
          ("A clump of thornscrub clings to the slope.", "Dry thornscrub rattles in the wind.")),
    )),
    Place("glassfield", ("Glass Field", "{Adj} Glass", "Field of Lenses"), (
        "The sand here was melted long ago into sheets of {colour} glass that crack underfoot.",
        "Bubbled glass covers the ground, {adj} and treacherous, hot enough to feel through your soles.",
        "A field of fused glass throws the sun back at you from a thousand facets.",
    ), (
        S("lens", "glass lens", ("lens", "glass", "sheet"), ("A clear disc of glass as wide as a cartwheel, with sand trapped inside it.",),
          ("A great glass lens focuses a {adj} point of light.", "Sand lies trapped inside a glass lens.")),
        S("spire", "glass spire", ("spire", "spike"), ("A frozen splash of glass, taller than you, that rings when struck.",),
          ("A glass spire stands up like a frozen splash.", "The glass spire chimes when the wind turns.")),
    )),
    Place("ruin", ("Drowned Arcade", "{Adj} Ruin", "Broken Colonnade", "House of Pillars"), (
        "Pillars of {material} stand in a double row, holding up nothing but sky.",
        "The walls of some {adj} building rise from the sand to the height of a man, roofless.",
        "Sand has filled these halls to the lintels; you walk where the ancients' heads once were.",
    ), (
        S("pillar", "pillar", ("pillars", "column", "columns"), ("Fluted {material}, worn smooth on the windward side.",),
          ("A pillar leans at a {adj} angle.", "Pillars throw long bars of shade.")),
        S("mosaic", "mosaic", ("tiles", "floor"), ("Tiles of blue and gold: a fish, a moon, a hand holding a key.",),
          ("A mosaic peeks through the drifted sand.", "Blue tiles of an old mosaic catch the light.")),
        S("lintel", "carved lintel", ("lintel", "carving"), ("Figures with long necks carry jars towards a sun.",),
          ("A carved lintel shows figures carrying jars.", "Wind has worn the carved lintel smooth.")),
    )),
    Place("wellhollow", ("Sunken Well", "Dew Hollow", "{Adj} Spring"), (
        "A hollow in the {colour} sand hides a ring of stones and the glint of water below.",
        "Reeds, real living reeds, crowd a {adj} hollow around a trickle of water.",
        "Old hands built steps down to water here; the stones are cupped by their feet.",
    ), (
        S("well-stones", "well stones", ("well", "stones", "ring"), ("Blocks of {material}, scratched with travellers' names.",),
          ("Names are scratched into the well stones.", "The well stones are cool to the touch.")),
        S("reeds", "reeds", ("reed", "rushes"), ("Green and sharp-edged, impossible and welcome.",),
          ("Reeds rustle around the water.", "A few {adj} reeds lean over the water.")),
    ), water=True),
    Place("canyon", ("Wind Canyon", "{Adj} Gorge", "Throat of Stone"), (
        "Walls of {material} close in on either side, carved by wind into ribs and hollows.",
        "A crack in the plateau, {adj} and narrow, funnels the wind into a constant moan.",
        "The canyon floor is strewn with boulders fallen from walls striped {colour} and rust.",
    ), (
        S("boulder", "boulder", ("rock", "boulders"), ("A slab fallen from the wall above, split clean in two.",),
          ("A boulder the size of a hut blocks half the floor.", "Wind moans round a {adj} boulder.")),
        S("wall-carvings", "wall carvings", ("carvings", "wall", "walls"), ("Hunters and long-legged beasts, pecked into the rock.",),
          ("Carvings of hunters run along the wall.", "Someone carved {adj} beasts into the wall.")),
    )),
    Place("bones", ("Bone Orchard", "{Adj} Ribs", "Boneyard"), (
        "The ribs of some huge dead beast rise from the sand in rows, {adj} and white.",
        "Bones lie everywhere, bleached {colour}, too large to have belonged to anything living now.",
        "A skull as big as a wagon grins half out of the sand.",
    ), (
        S("ribs", "great ribs", ("ribs", "rib", "bones"), ("Each rib is thick as a tree; wind whistles chords through them.",),
          ("The great ribs whistle in the wind.", "Shade falls in stripes between the great ribs.")),
        S("skull", "skull", ("head",), ("Its eye sockets are big enough to sit in. Something has nested in one.",),
          ("A skull watches from the sand.", "Sand pours from the {adj} skull's eye.")),
    )),
    Place("shrine", ("Pilgrim Shrine", "{Adj} Shrine", "Niche of Lamps"), (
        "A shrine has been cut into a low cliff of {material}, its steps worn into bowls.",
        "Prayer strips of {colour} cloth flutter from poles around a little roofed shrine.",
        "Someone keeps this {adj} shrine: the niches are swept, and there are fresh offerings.",
    ), (
        S("prayer-strips", "prayer strips", ("strips", "cloth",
          "poles"), ("Cloth strips written with wishes for water, for safe roads, for sons.",),
          ("Prayer strips flutter on their poles.", "The prayer strips have faded to {colour}.")),
        S("niche", "niche", ("niches", "alcove"), ("A hollow for a lamp, sooted black.",),
          ("An empty niche is blackened with soot.", "A {adj} niche holds a dried flower.")),
    )),
)

THEME = Theme(
    id="salt",
    title="the salt deserts",
    titles=("The {Adj} Waste", "Salt and Glass", "The Road to the {Adj} Vault", "Beyond the {Adj} Pan"),
    player="Wanderer",
    system="vaarn",
    travel=(40, 100),
    words={
        "adj": ("bleached", "blinding", "brittle", "cracked", "dusty", "glittering", "hollow", "parched",
                "pale", "shifting", "silent", "sun-struck", "weathered", "wind-scoured"),
        "colour": ("blue", "bone-white", "ochre", "violet", "grey", "copper", "ash-pale", "indigo"),
        "material": ("sun-baked brick", "salt blocks", "red sandstone", "fused glass", "driftwood", "packed clay",
                     "bleached timber", "black basalt"),
        "sound": ("a bell", "the hiss of blown sand", "your own heartbeat", "a hawk's cry", "the tick of cooling stone",
                  "a dry rattle"),
        "smell": ("hot dust", "salt", "old smoke", "dry thorn", "cooling stone", "rot from somewhere"),
        "where": ("half in shadow", "off to one side", "where the wind has scoured the ground", "not far from the way in",
                  "in a drift of sand", "beneath a crust of salt", "under a skin of dust", "where the light falls hardest",
                  "on the far side", "a stone's throw away"),
        "light": ("white glare", "blue shadow", "copper evening light", "a heat shimmer", "slanting light"),
    },
    places=PLACES,
    start_place=CAMP,
    market_place=MARKET,
    goal_place=GOAL,
    moods=(
        "The air smells of {smell}, and somewhere you hear {sound}.",
        "In the {light} everything looks further off than it is.",
        "You hear {sound}; then only the wind.",
        "Heat presses on your shoulders like a hand; the air tastes of {smell}.",
        "{Light} lies over everything, and nothing moves.",
        "Your lips crack; the wind brings {smell}.",
        "Far off, {sound} carries on the still air.",
        "The {light} makes the {adj} ground swim before your eyes.",
    ),
    foes=(
        Person("glass jackal", ("jackal",), "A lean dog with a coat of shining glass flakes and a bright, starved eye.",
               "mineral", "its glass fangs"),
        Person("dune raider", ("raider",), "A raider wrapped in sun-faded rags, a hooked blade at the hip.",
               "biological", "his hooked blade", "he"),
        Person("salt wight", ("wight",), "A shape of crusted salt in the rough form of a man, weeping brine from its eyes.",
               "mineral", "its crusted fists"),
        Person("sand drake", ("drake", "lizard"), "A long blue lizard the length of a cart, with a frill like a torn sail.",
               "biological", "its serrated jaws"),
        Person("mirage stalker", ("stalker", "mirage"), "Something that is only there when you look away from it.",
               "hypergeometric", "its bending hands"),
    ),
    guardians=(
        Person("tollkeeper", ("keeper", "warden"), "A broad woman in lacquered scale, planted in the way with a spear.",
               "biological", "her spear", "she", "\"Nobody passes,\" she says. \"Not today.\""),
        Person("brass sentinel", ("sentinel", "automaton"), "A green brass automaton with a lantern for a face. It will not move aside.",
               "synthetic", "its brass fists", "it", "It clicks. Its lantern face turns to you and stays."),
        Person("bone hound", ("hound",), "A hound of lashed bones and dried sinew, standing watch over a threshold.",
               "biological", "its bone jaws"),
    ),
    bosses=(
        Person("glass tyrant", ("tyrant",), "A giant of fused glass, its body full of trapped, slow-moving light.",
               "mineral", "its faceted fists"),
        Person("Vashti the Salt-Queen", ("vashti", "queen"), "A raider queen in a crown of salt crystals, blade drawn, smiling.",
               "biological", "her salt-glass blade", "she"),
    ),
    merchants=(
        Person("Oruk the trader", ("oruk", "trader", "merchant"), "A huge trader with hennaed hands and a ledger slung on a cord.",
               "biological", "", "he", "\"Water, bread, iron,\" says Oruk. \"Everything has a price. Ask me about the road.\"",
               (("road", "\"The old road runs on past the glass. Carry light, the vaults are black inside.\""),
                ("water", "\"Drink at every well you pass. The waste forgives nothing.\""))),
        Person("Mother Saffa", ("saffa", "mother", "merchant", "trader"), "A tiny old woman behind a wall of bundles, chewing resin.",
               "biological", "", "she", "\"Sit, sit. Buy something, then we talk,\" says Mother Saffa.",
               (("road", "\"Searchers find. Walkers only walk. Look closely where the ruins are.\""),
                ("vault", "\"The old ones locked their doors. They left the keys lying about. Fools.\""))),
    ),
    wanderers=(
        Person("salt pilgrim", ("pilgrim",), "A pilgrim with bandaged feet and a staff hung with tiny bells.",
               "biological", "", "they", "\"Walk with the wind, not against it,\" the pilgrim says, and bows.",
               (("shrine", "\"The shrine keeps a lamp for anyone who needs one.\""),)),
        Person("water-seller", ("seller", "boy"), "A boy with two swollen skins on a yoke, calling prices to nobody.",
               "biological", "", "he", "\"Two sips for a song!\" he calls. He has no song for you.",
               (("water", "\"The trader has more than me. Don't tell him I said so.\""),)),
        Person("cartographer", ("mapmaker", "scholar"), "A scholar with ink-stained sleeves, pacing and counting steps.",
               "biological", "", "she", "\"Eleven hundred and... no. Start again,\" she mutters.",
               (("map", "\"Doors that will not open have keys nearby. The old builders were orderly.\""),)),
    ),
    keys=(
        (Thing("sun key", ("key",), "A heavy key of sun-bronze, its bow shaped like a rayed disc."), "sun door"),
        (Thing("glass key", ("key",), "A key of green glass, cool in the hand, with teeth like frost."), "glass gate"),
        (Thing("bone key", ("key",), "A key carved from a long bone, its teeth filed sharp."), "bone grille"),
        (Thing("salt key", ("key",), "A key of hard white salt crystal. It tastes of the sea."), "salt door"),
        (Thing("copper key", ("key",), "A green copper key on a loop of braided hair."), "copper gate"),
    ),
    lamp=Thing("oil lamp", ("lamp", "light"), "A clay lamp with a covered flame, made for crossing the dark vaults.",
               (("kind", "tool"),)),
    levers=(
        (Thing("stone lever", ("lever", "handle"), "A lever of worn stone in a slot in the wall; its grip is gone."),
         "sliding slab",
         Thing("lever grip", ("grip",), "A grip of bronze, worn by many hands, made to slot onto a stone lever.")),
        (Thing("bronze wheel", ("wheel", "handle"), "A bronze wheel, stiff with grit. Its hub lacks a crank."),
         "grinding door",
         Thing("bronze crank", ("crank",), "A bent bronze crank, made to fit the hub of a wheel.")),
    ),
    exotica=(
        Thing("humming glass rod", ("rod",), "A rod of clouded glass that hums when pointed at walls.",
              (("true_name", "Seer's Rod"),)),
        Thing("brass eye", ("eye",), "A brass eyeball on a chain. Its pupil widens in the dark.",
              (("true_name", "Eye of the Far Walker"),)),
    ),
    relics=(
        Thing("glass heart", ("heart",), "A heart of ruby glass as big as your fist, warm and faintly beating."),
        Thing("star map", ("map", "chart"), "A disc of blue enamel pricked with silver stars that are not ours."),
        Thing("rain crown", ("crown",), "A circlet of braided silver from which cold drops of water never stop falling."),
    ),
    treasures=(
        Thing("salt pearls", ("pearls",), "A string of cloudy pearls grown in the brine pools. Traders love them."),
        Thing("copper torc", ("torc",), "A twisted neck-ring of copper, heavy and green."),
        Thing("glass beads", ("beads",), "A pouch of beads, each with a tiny bubble of ancient air inside."),
    ),
    foods=(
        Thing("locust cakes", ("cakes", "cake"), "Flat cakes of ground locust and honey. Better than they sound."),
        Thing("dried dates", ("dates",), "A string of wrinkled dates, sweet as sin."),
    ),
    waters=(
        Thing("waterskin", ("skin",), "A goatskin bag, patched at the neck."),
        Thing("clay flask", ("flask",), "A round flask of unglazed clay that keeps water cool."),
    ),
    weapons=(
        Thing("hooked knife", ("knife",), "A short knife with a hooked tip, for cord and for worse.", (("damage", "d4"),)),
        Thing("salt spear", ("spear",), "A spear with a head of hard white salt-glass.", (("damage", "d8"),)),
        Thing("glass sabre", ("sabre", "sword"), "A curved blade of green glass, sharper than any iron.", (("damage", "d8"),)),
    ),
    armours=(
        Thing("lacquered scale", ("scale", "armour", "armor"), "A coat of lacquered leather scales, stiff with old sweat.",
              (("armor", 13),)),
        Thing("reed cuirass", ("cuirass",), "Bundled reeds bound with hide; light, and better than nothing.", (("armor", 12),)),
    ),
    healing=(
        Thing("aloe salve", ("salve", "aloe"), "A jar of green salve that smells of cut leaves.", (("effect", {"heal": "d6"}),)),
        Thing("bitter resin", ("resin",), "A lump of amber resin: chewed, it closes wounds.", (("effect", {"heal": "d6"}),)),
    ),
    phrases={
        "spring": ("seep", "water,pool,basin,crack", "Water beads out of the rock into a basin no bigger than two hands.",
          "Water seeps from a crack into a little {adj} basin."),
        "intro_bring": (
            "The caravans speak of a {goal} out past the {adj} pan, and of the {thing} that lies there. "
            "Bring it back to your camp. You have water for two days, a blade, and no reason left to stay.",
            "Three summers of drought have emptied the wells of your village. The old songs say the {thing} "
            "waits in the {goal}, and that whoever carries it home can call the rain. You set out at dawn.",
        ),
        "intro_reach": (
            "Your teacher's last words were a place: the {goal}. Nobody you ask has been there and come back. "
            "You have water for two days, a blade, and the map she drew in the sand.",
            "The {adj} road ends, they say, at the {goal}, where the old fire burned. You mean to stand there before you die.",
        ),
        "intro_defeat": (
            "{Foe} has held the wells of the waste for a year, and the caravans have stopped coming. "
            "You go to end it, in the {goal}.",
            "Every raid on your people comes out of the {goal}, where {foe} waits. Somebody has to go. You went.",
        ),
        "goal_reach": ("You step into the {goal} at last. The wind stops, as if the desert were holding its breath.",),
        "goal_bring": ("You carry the {thing} back into camp. Whatever it is, it is yours, and the waste let you go.",),
        "goal_defeat": ("{Foe} falls, and the sand begins at once to cover it. The road is safe again.",),
        "lever": ("The {lever} grinds over. Somewhere near, the {door} shudders open.",
                  "You heave on the {lever}; with a groan of old stone the {door} slides aside."),
        "lamp": ("Your lamp pushes the dark back to the walls.", "The lamp's small flame fills the room with gold."),
        "dark": ("It is black as the inside of a stone in here.",),
        "door": ("A door of {material} sealed with a {adj} lock.", "A heavy door of {material}, its keyhole rimmed with rust."),
    },
)
