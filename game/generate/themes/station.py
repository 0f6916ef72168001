"""A derelict station: dead decks, cold light, machines that still keep their orders."""
from __future__ import annotations

from game.generate.themes import Person, Place, Scenery, Theme, Thing

S = Scenery

DOCK = Place("dock", ("Docking Collar", "{Adj} Airlock", "Boarding Tube"), (
    "Your shuttle's umbilical hangs from a docking collar ringed with {colour} hazard paint.",
    "The airlock cycles shut behind you; frost creeps over its {adj} inner door.",
    "You float, then stand, as the station's weak spin takes you: a boarding tube lined with {material}.",
), (
    S("umbilical", "umbilical", ("tube", "hose", "shuttle"), ("A ribbed hose back to your shuttle. Your way home.",),
      ("The umbilical flexes with every breath of the station.", "Frost beads on the umbilical's seals.")),
    S("hazard-stripes", "hazard stripes", ("stripes", "paint"), ("Yellow and black, worn through to bare metal where boots scuffed.",),
      ("Hazard stripes frame the hatch.", "The hazard stripes are scuffed to bare metal.")),
))

MARKET = Place("market", ("Galley", "{Adj} Commissary", "Mess Hall"), (
    "Tables bolted to the deck stand in rows under a hum of {adj} strip lights.",
    "A commissary counter of {material} runs the length of the room, its shutters half raised.",
    "The galley still smells faintly of coffee; a vending wall flickers {colour}.",
), (
    S("water-tap", "water tap", ("tap", "faucet", "dispenser"), ("A drinking tap on a flexible neck. It still runs, cold and metallic.",),
      ("A water tap drips into a steel basin.", "Someone has polished the water tap.")),
    S("vending-wall", "vending wall", ("vending", "machines", "wall"), ("Row on row of little glass doors, most of them empty.",),
      ("A vending wall blinks its {adj} prices.", "The vending wall flickers behind the counter.")),
), water=True)

GOAL = Place("core", ("Command Core", "{Adj} Bridge", "Observation Dome"), (
    "A dome of {material} opens on the stars; the planet turns below, slow and {colour}.",
    "The station's command core: consoles in a ring, all dark but one.",
    "Here the station's heart beats: a column of {colour} light rising through every deck.",
), (
    S("console", "console", ("consoles", "screen", "controls"), ("Dead keys and one live screen, scrolling a message nobody read.",),
      ("One console still glows.", "A console scrolls {adj} text.")),
    S("viewport", "viewport", ("window", "stars", "dome"), ("Thick glass, scratched by nineteen years of dust. Beyond it, everything.",),
      ("Stars wheel past the viewport.", "The planet fills the {adj} viewport.")),
))

PLACES = (
    Place("corridor", ("Spinward Corridor", "{Adj} Passage", "Ring Corridor", "Service Walk"), (
        "A corridor curves away in both directions, floor rising ahead of you with the station's spin.",
        "Conduit bundles line a {adj} passage whose lights fade in and out like slow breath.",
        "Panels of {material} have come loose along this corridor and hang at odd angles.",
    ), (
        S("conduit", "conduit", ("conduits", "cables", "bundle"), ("Cables in {colour} sleeves, warm to the touch.",),
          ("Conduit runs overhead, humming.", "A {adj} conduit sags from its clips.")),
        S("panel", "loose panel", ("panel", "panels"), ("A wall panel hanging by one bolt. Behind it, dust and wires.",),
          ("A loose panel taps against the wall.", "A {adj} loose panel swings in a draught.")),
    )),
    Place("quarters", ("Crew Quarters", "{Adj} Bunkroom", "Officers' Cabins"), (
        "Bunks stacked three high line the walls, their curtains drawn on nothing.",
        "Personal things lie where the crew left them: photographs, a cup, a shoe.",
        "A cabin of {material} panels, its door jammed half open by a fallen locker.",
    ), (
        S("bunks", "bunks", ("bunk", "beds", "bed"), ("Narrow mattresses, strapped down against a spin that failed.",),
          ("The bunks are made, as if the crew meant to come back.", "Curtains drift over the {adj} bunks.")),
        S("locker", "locker", ("lockers",), ("A dented locker, its name tag scratched off.",),
          ("A locker lies on its side.", "Someone pried a locker open.")),
    )),
    Place("hydro", ("Hydroponics", "{Adj} Garden", "Grow Deck"), (
        "Grow-trays in racks run the length of the deck; most hold only {colour} dust.",
        "A jungle has escaped its trays here, vines looping over {material} gantries.",
        "The air is wet and warm; {adj} leaves brush your face at every step.",
    ), (
        S("grow-trays", "grow trays", ("trays", "tray", "racks"), ("Shallow trays of grey gel, some still growing something pale.",),
          ("Grow trays drip on the deck.", "The grow trays sprout {adj} shoots.")),
        S("vines", "vines", ("vine", "leaves", "plants"), ("Vines as thick as a wrist, with leaves that turn towards your lamp.",),
          ("Vines have swallowed a gantry.", "The vines stir though the air is still.")),
    ), water=True),
    Place("engineering", ("Engine Room", "{Adj} Reactor Gallery", "Pump Station"), (
        "Pipes as thick as tree trunks cross the room, beaded with {adj} condensation.",
        "A gallery of {material} looks down on silent turbines in a well of shadow.",
        "Warning lights turn lazily here, painting everything {colour}.",
    ), (
        S("pipes", "pipes", ("pipe", "pipework"), ("Insulated pipes, stencilled with flow arrows that point everywhere.",),
          ("Pipes knock and tick overhead.", "The pipes sweat {adj} drops.")),
        S("turbine", "turbine", ("turbines", "engine"), ("Its blades are still. Someone chalked a face on the housing.",),
          ("A turbine stands silent below.", "The {adj} turbine creaks as it cools.")),
    )),
    Place("lab", ("Research Lab", "{Adj} Laboratory", "Specimen Hall"), (
        "Benches of {material} stand in rows under cold white light, glassware smashed across them.",
        "Specimen tanks line the walls, their fluid gone {colour} and cloudy.",
        "A lab of clean lines and {adj} dust; a note on a bench still reads DO NOT.",
    ), (
        S("tanks", "specimen tanks", ("tank", "tanks", "specimens"), ("Tall tanks. Something in one of them has a hand.",),
          ("Specimen tanks bubble faintly.", "Something drifts in a {adj} specimen tank.")),
        S("bench", "lab bench", ("bench", "benches", "glassware"), ("A steel bench, scarred, with a sink of stained enamel.",),
          ("Broken glassware covers a lab bench.", "A lab bench is scorched black.")),
    )),
    Place("cargo", ("Cargo Hold", "{Adj} Bay", "Freight Deck"), (
        "Crates of {material} are stacked to the ceiling in canyons of shadow.",
        "The cargo bay is vast and {adj}; your footsteps come back to you twice.",
        "Freight pallets lie where the spin dropped them, straps snapped.",
    ), (
        S("crates", "crates", ("crate", "boxes", "pallets"), ("Crates stencilled with a company logo long bankrupt.",),
          ("Crates stand in {adj} stacks.", "A crate has burst, spilling packing foam.")),
        S("loader", "cargo loader", ("loader", "forklift"), ("A yellow loader frame, its arms raised as if in surrender.",),
          ("A cargo loader stands with raised arms.", "The cargo loader's lamp blinks {colour}.")),
    )),
    Place("medbay", ("Medbay", "{Adj} Infirmary", "Surgery"), (
        "Beds with restraints stand under lamps on jointed arms, all folded back.",
        "A medbay of {material} and white plastic, smelling of old antiseptic.",
        "The infirmary's {colour} curtains hang from their rails.",
    ), (
        S("surgical-lamp", "surgical lamp", ("lamp arm", "arm"), ("A lamp on a jointed arm, its lens cracked.",),
          ("A surgical lamp hangs folded above a bed.", "The surgical lamp's lens is grey with dust.")),
        S("cabinet", "drug cabinet", ("cabinet",), ("A glass-fronted cabinet, emptied long ago by someone in a hurry.",),
          ("A drug cabinet stands open and bare.", "The drug cabinet's glass is starred with cracks.")),
    )),
    Place("chapel", ("Quiet Room", "{Adj} Chapel", "Memorial Alcove"), (
        "A small room with soft {colour} walls and a bench facing a blank screen.",
        "Names are etched on a plaque of {material}: the crew who died in the first year.",
        "Somebody made this {adj} alcove into a shrine of paper flowers.",
    ), (
        S("plaque", "memorial plaque", ("plaque", "names"), ("Forty names, and room for more.",),
          ("A memorial plaque lists the dead.", "Someone keeps the memorial plaque polished.")),
        S("flowers", "paper flowers", ("flowers", "paper"), ("Flowers folded from ration wrappers, faded, still there.",),
          ("Paper flowers crowd a ledge.", "The paper flowers have faded to {colour}.")),
    )),
)

THEME = Theme(
    id="station",
    title="a derelict station",
    titles=("The {Adj} Station", "Orbit of Silence", "Deadlight", "The {Adj} Deck"),
    player="Salvager",
    system="opend6",
    travel=(10, 30),
    words={
        "adj": ("buckled", "cold", "dim", "flickering", "frosted", "grimy", "humming", "scorched", "silent",
                "stale", "tilted", "abandoned", "pitted", "sallow"),
        "colour": ("amber", "green", "sickly blue", "red", "grey", "white", "violet"),
        "material": ("brushed steel", "grey composite", "scuffed plastic", "cracked ceramic", "foam insulation",
                     "riveted alloy", "mesh grating"),
        "sound": ("a slow drip", "the creak of the hull", "a far-off alarm", "air hissing from a vent",
                  "a tapping you cannot place", "a distant hum"),
        "smell": ("ozone", "burnt plastic", "old sweat", "rust", "antiseptic", "mould"),
        "where": ("half in shadow", "off to one side", "behind a drift of dust", "not far from the hatch",
                  "at the edge of your lamp's reach", "beside a dead screen", "in a litter of packing foam",
                  "by the far bulkhead", "near a sealed vent", "under a tangle of cable"),
        "light": ("emergency red", "cold strip light", "blue standby light", "starlight", "a failing glow"),
    },
    places=PLACES,
    start_place=DOCK,
    market_place=MARKET,
    goal_place=GOAL,
    moods=(
        "The air tastes of {smell}; somewhere there is {sound}.",
        "In the {light} your breath hangs like smoke.",
        "You hear {sound}, then the station is still again.",
        "{Light} washes over everything, and the deck is {adj} underfoot.",
        "A draught from a vent carries {smell}.",
        "Far off, {sound} echoes down the decks.",
        "The {light} makes your shadow jump at every step.",
        "Your suit's fans whir against the smell of {smell}.",
    ),
    foes=(
        Person("scuttler drone", ("drone", "scuttler"), "A maintenance drone the size of a dog, its cutting arm twitching.",
               "synthetic", "its cutting arm"),
        Person("feral scavenger", ("scavenger",), "A hollow-eyed scavenger in a patched suit, gripping a pry bar.",
               "biological", "his pry bar", "he"),
        Person("pale bloom", ("bloom", "fungus"), "A knot of white cords slung between the walls, turning to follow you.",
               "fungal", "its lashing cords"),
        Person("security frame", ("frame", "robot"), "A security robot with one working eye and a shock prod for a hand.",
               "synthetic", "its shock prod"),
        Person("hull horror", ("horror", "thing"), "Something that came in through a breach: all joints, no face.",
               "outsider", "its hooked limbs"),
    ),
    guardians=(
        Person("door warden", ("warden", "robot"), "A squat warden robot bolted to the deck beside a hatch, weapons live.",
               "synthetic", "its twin stunners", "it", "\"Authorisation not recognised,\" it says. \"Step back.\""),
        Person("Sergeant Hale", ("hale", "sergeant", "soldier"), "A gaunt soldier in a faded uniform, still on a watch nobody relieved.",
               "biological", "his rifle butt", "he", "\"Orders are orders,\" Hale says. \"Nobody through.\""),
        Person("lurker mass", ("mass", "lurker"), "A wet grey mass filling a hatchway, pulsing slowly.",
               "fungal", "its stinging fronds"),
    ),
    bosses=(
        Person("Warden Prime", ("prime", "warden"), "The station's master security unit: three metres of armour and one red eye.",
               "synthetic", "its arc cannon"),
        Person("the Grey Captain", ("captain",), "The captain, or what the bloom made of him: a uniform full of white cords.",
               "fungal", "its cold grip", "he"),
    ),
    merchants=(
        Person("Pim the vendbot", ("pim", "vendbot", "robot", "merchant",
          "trader"), "A galley robot with a cash drawer for a chest and a painted grin.",
               "synthetic", "", "it", "\"Customer!\" Pim cries. \"Everything must go. Ask me about the station.\"",
               (("station", "\"Crew left. I stayed. Commerce never sleeps.\""),
                ("doors", "\"Keycards open doors. Keep them. Lose them, and you will be sad.\""))),
        Person("Old Mags", ("mags", "merchant", "trader", "woman"), "A salvager who never left, sitting on a throne of crates.",
               "biological", "", "she", "\"You buying or gawking?\" Mags says.",
               (("station", "\"Dark decks eat people. Carry a torch.\""),
                ("doors", "\"Half the hatches have a manual lever somewhere. Look for it.\""))),
    ),
    wanderers=(
        Person("maintenance bot", ("bot",), "A little wheeled bot endlessly sweeping the same corridors.",
               "synthetic", "", "it", "It beeps twice and goes on sweeping.",
               (("station", "It plays a recording: \"Please report all hull breaches to Engineering.\""),)),
        Person("Dr. Ines Vo", ("ines", "vo", "doctor"), "A thin woman in a stained lab coat, talking to herself.",
               "biological", "", "she", "\"The samples,\" she says. \"Nobody listens about the samples.\"",
               (("samples", "\"They grow in the dark. Keep a light on. Always.\""),)),
        Person("stray cat", ("cat",), "A ship's cat, thin and grey and entirely at home.",
               "biological", "", "it", "The cat blinks at you.", ()),
    ),
    keys=(
        (Thing("blue keycard", ("keycard", "card"), "A blue plastic keycard, its magnetic stripe worn pale."), "blue hatch"),
        (Thing("red keycard", ("keycard", "card"), "A red keycard with a crew photo half peeled away."), "red hatch"),
        (Thing("master fob", ("fob",), "A steel fob on a lanyard stamped with the station's crest."), "pressure door"),
        (Thing("green keycard", ("keycard", "card"), "A green keycard, bent but whole."), "green hatch"),
        (Thing("service key", ("key",), "A hexagonal service key for manual overrides."), "service hatch"),
    ),
    lamp=Thing("hand torch", ("torch", "light", "flashlight"), "A heavy rubber torch. The battery meter shows one bar, forever.",
               (("kind", "tool"),)),
    levers=(
        (Thing("override lever", ("lever", "override"), "A red lever behind a glass cover marked MANUAL OVERRIDE. The cover is locked."),
         "blast door", Thing("cover key", ("key",), "A small brass key tagged OVERRIDE COVER.")),
        (Thing("crank wheel", ("wheel",), "A wheel for opening the hatch by hand; its handle has been taken off."), "hatch",
         Thing("wheel handle", ("handle",), "A steel handle that slots onto a crank wheel.")),
    ),
    exotica=(
        Thing("ticking sphere", ("sphere", "ball"), "A smooth sphere that ticks faster near hollow walls.",
              (("true_name", "Void Sounder"),)),
        Thing("mirrored visor", ("visor",), "A visor whose inner face shows walls as thin lines of light.",
              (("true_name", "Survey Visor"),)),
    ),
    relics=(
        Thing("flight recorder", ("recorder", "box"), "An orange box, scorched, its data light still blinking."),
        Thing("seed vault", ("vault", "cylinder"), "A frosted cylinder holding the last seeds of a lost world."),
        Thing("captain's log", ("log",), "A slab of black glass: the captain's log, locked and warm."),
    ),
    treasures=(
        Thing("data shard", ("shard",), "A crystal data shard. Someone, somewhere, will pay for what is on it."),
        Thing("platinum wire", ("wire",), "A coil of platinum wire, worth a week's salvage."),
        Thing("crew medal", ("medal",), "A medal for twenty years' service, engraved on the back."),
    ),
    foods=(
        Thing("ration bars", ("bars", "bar", "rations"), "Foil-wrapped ration bars. Tastes of cardboard and salt."),
        Thing("tinned peaches", ("peaches", "tin"), "A tin of peaches, nineteen years old and perfectly fine."),
    ),
    waters=(
        Thing("water bottle", ("bottle",), "A dented steel bottle."),
        Thing("hydration pack", ("pack",), "A bladder pack with a drinking tube."),
    ),
    weapons=(
        Thing("utility knife", ("knife",), "A folding salvage knife with a cable hook.", (("damage", "d4"),)),
        Thing("stun baton", ("baton",), "A security baton that still crackles when shaken.", (("damage", "d8"),)),
        Thing("plasma cutter", ("cutter",), "A salvage cutter, dangerous at both ends.", (("damage", "d8"),)),
    ),
    armours=(
        Thing("padded vest", ("vest", "armour", "armor"), "A padded security vest with ceramic plates.", (("armor", 13),)),
        Thing("work suit", ("suit",), "Quilted orange fabric over thin plates.", (("armor", 12),)),
    ),
    healing=(
        Thing("medkit", ("kit",), "A white medkit with a red cross, still sealed.", (("effect", {"heal": "d6"}),)),
        Thing("stim patch", ("patch", "stim"), "An adhesive stim patch: a jolt and a closed wound.", (("effect", {"heal": "d6"}),)),
    ),
    phrases={
        "spring": ("leaking pipe", "pipe,leak,water,bucket", "A coolant-clean water main, cracked and dripping steadily into a bucket.",
          "A leaking pipe drips clean water into a bucket."),
        "intro_bring": (
            "The station stopped answering years ago. Your contract says: bring back the {thing} from the {goal}. "
            "Your tanks hold two days of water. Something aboard still moves.",
            "The salvage rights to this wreck cost you everything. The prize is the {thing}, somewhere past the "
            "{adj} decks, in the {goal}. Bring it back to your shuttle. The clamps close with a sound like a dropped bell.",
        ),
        "intro_reach": (
            "A distress beacon still pulses from the {goal}. Your job: get there and see who is calling. "
            "Your tanks hold two days of water.",
            "The insurers want eyes on the {goal} before they write the station off. Yours are the cheapest eyes they found.",
        ),
        "intro_defeat": (
            "{Foe} has locked the station down and killed every salvage crew since. You were hired to stop it, in the {goal}.",
            "Something in the {goal} calls itself {foe}, and it is waking the station's machines. End it.",
        ),
        "goal_reach": ("You reach the {goal}. The last live screen flickers, and shows your face.",),
        "goal_bring": ("You seal the {thing} into your shuttle's strongbox and cast off. The contract pays.",),
        "goal_defeat": ("{Foe} falls still at last. The station's lights, one by one, turn green.",),
        "lever": ("The {lever} clanks over; the {door} grinds open.", "You haul on the {lever}, and the {door} hisses aside."),
        "lamp": ("Your torch cuts a white cone through the dark.", "You sweep the torch around; the room springs out of the dark."),
        "dark": ("The lights are dead here.",),
        "door": ("A {material} hatch with a keycard slot glowing {colour}.", "A pressure door of {material}, sealed."),
    },
)
