"""The one table of the game's own verbs: the words that mean each, its help line, who handles it.

The parser's vocabulary, the engine's split between actions and meta
commands, the action registry and ``help`` are all read from :data:`CORE_VERBS`;
nothing else lists them, so a verb is added here (with its handler written in
its family's module).  The engine checks that every meta verb has a meta
command (:class:`game.meta.MetaCommands`); an action's handler is found when
the verb is first used, and the tests find every one.  A rule system's own
verbs come from its play object's ``verbs()`` instead.
"""
from __future__ import annotations

from dataclasses import dataclass

#: The purposes ``help`` groups the verbs by, in its order (a system's own verbs come between
#: fighting and the table, under the system's name).
GROUPS: tuple[tuple[str, str], ...] = (
    ("moving", "Moving and time"),
    ("things", "Things"),
    ("people", "People"),
    ("fighting", "Fighting"),
    ("table", "The table"),
)


@dataclass(frozen=True)
class VerbDef:
    """One verb: canonical name, the words (or two-word phrases) meaning it, its help line.

    ``help VERB`` shows :attr:`help`, then :attr:`more` and :attr:`example`;
    the short ``help`` lists the verb under :attr:`group` by :attr:`usage`.
    """

    verb: str
    words: tuple[str, ...]
    #: The line ``help VERB`` starts with ("" for a verb another's line covers).
    help: str = ""
    #: The action's handler, ``family.function`` in :mod:`game.actions` ("" for a meta command);
    #: its module is imported when the verb is first used (:class:`game.actions.ActionRegistry`).
    action: str = ""
    #: The action never changes the world (look, inventory): no turn, no undo step.
    observe: bool = False
    #: Handled by the meta commands (no turn passes), not by an action.
    meta: bool = False
    #: The purpose ``help`` lists it under (a key of :data:`GROUPS`; "" puts it with "things").
    group: str = ""
    #: How it is written in the short ``help`` ("" for the verb itself; "-" leaves it out).
    usage: str = ""
    #: One example of a command using it.
    example: str = ""
    #: What ``help VERB`` adds to the help line.
    more: str = ""


#: In the order ``help`` lists them within their groups.
CORE_VERBS: tuple[VerbDef, ...] = (
    VerbDef("go", ("go", "walk", "run", "travel", "head", "enter", "exit"),
            "go DIR, or just n, s, e, w, ne, nw, se, sw, u, d, in, out", group="moving",
            usage="go DIR (or n, s, e, w, ne, nw, se, sw, u, d, in, out)", example="go north, or just n",
            more="Exits are listed with each place. A locked or hidden way has to be opened or found first.", action="movement.go"),
    VerbDef("look", ("look", "l"), "look (l): describe where you are", group="moving", usage="look (l)",
            example="look", action="observe.look", observe=True),
    VerbDef("flee", ("flee", "escape", "retreat"), "flee [DIR]: break away from a fight (a check)",
            group="fighting", usage="flee [DIR]", example="flee south",
            more="The foes may strike as you go, and the check may fail, keeping you in the fight.", action="movement.flee"),
    VerbDef("surrender", ("surrender", "yield"), "surrender: give up the fight; your foes choose what to do with you",
            group="fighting", usage="surrender", example="surrender",
            more="A foe robs you, takes you prisoner or lets you go, and remembers it: it will not spare you twice. "
                 "A beast that means to kill takes no surrender, and you are told so.", action="yielding.surrender"),
    VerbDef("wait", ("wait", "z"), "wait [N minutes|hours|days]: let time pass", group="moving",
            usage="wait [N hours]", example="wait 3 hours", more="Water and food are still due as the days pass. A long wait stops when "
            "someone comes or a foe is here, and asks before a day without water that would kill.", action="survival.wait"),
    VerbDef("follow", ("follow", "chase", "pursue", "trail", "tail"),
            "follow NPC: go the way you saw someone go", group="moving", usage="follow NPC",
            example="follow pilgrim", more="Only someone you saw leave, from the place you saw them leave.",
            action="movement.follow"),
    VerbDef("exits", ("exits", "ways"), "exits: the ways out of here", group="moving", example="exits",
            action="senses.exits", observe=True),
    VerbDef("climb", ("climb", "scale", "clamber"), "climb [up|down] [THING]", group="moving", usage="climb",
            example="climb down rope", action="senses.climb"),
    VerbDef("rest", ("rest", "sleep", "camp"),
            "rest [short|long]: rest to recover",
            group="moving", usage="rest short|long", example="rest long",
            more="Resting costs rations and cannot be done with a foe about; someone coming breaks it. "
            "sleep is a long rest.", action="survival.rest"),
    VerbDef("examine", ("examine", "x", "inspect", "look at", "check", "describe"),
            "examine (x) THING: look closely at something (x me: yourself)", group="things", usage="examine (x)",
            example="x glass key", action="observe.examine", observe=True),
    VerbDef("read", ("read", "peruse"), "read THING: read what is written on it", group="things", example="read ledger",
            action="senses.read", observe=True),
    VerbDef("listen", ("listen", "hear"), "listen [to THING], smell [THING]: use your ears and nose", group="things",
            usage="listen, smell", example="listen", action="senses.listen", observe=True),
    VerbDef("smell", ("smell", "sniff"), group="things", usage="-", action="senses.smell", observe=True),
    VerbDef("inventory", ("inventory", "i", "inv"), "inventory (i): what you carry", group="things",
            usage="inventory (i)", example="i", action="observe.inventory", observe=True),
    VerbDef("take", ("take", "get", "grab", "pick up", "pick"), "take THING, take all: pick things up",
            group="things", example="take rope, or take all",
            more=("take THING from NPC takes from someone down or surrendered; anyone else will not just hand "
                  "it over (buy it, or steal it)."), action="items.take"),
    VerbDef("drop", ("drop", "discard", "put down", "leave"), "drop THING: put something down", group="things",
            example="drop rope", action="items.drop"),
    VerbDef("put", ("put", "place", "insert", "hang", "set", "stow"), "put THING in/on THING, hang THING on THING",
            group="things", usage="put X in/on Y", example="put key in satchel",
            more=("put all in Y (or put all but X in Y) puts everything you carry, one thing at a time, and says "
                  "what would not fit."), action="things.put"),
    VerbDef("wear", ("wear", "don", "put on"), "wear THING, remove THING, wield WEAPON", group="things",
            usage="wear, remove, wield", example="wear cloak", action="things.wear"),
    VerbDef("remove", ("remove", "doff", "take off"), group="things", usage="-", action="things.remove"),
    VerbDef("wield", ("wield", "brandish", "ready"), group="things", usage="-", action="things.wield"),
    VerbDef("throw", ("throw", "toss", "hurl", "fling"), "throw THING [at TARGET]", group="things",
            usage="throw X at Y", example="throw stone at jackal", action="things.throw"),
    VerbDef("open", ("open", "force", "kick", "break"), "open DIR|door [with KEY]: open a locked way (or force it)",
            group="things", example="open north with glass key",
            more="Without the key you may try to force it: a check, and noisy.", action="items.open_exit"),
    VerbDef("unlock", ("unlock",), "unlock DIR|door [with KEY]: as open, with a key", group="things",
            example="unlock door with rusty key", action="items.open_exit"),
    VerbDef("use", ("use", "activate", "apply"), "use THING [on TARGET]: use an item or an exotica", group="things",
            example="use rope on well", action="items.use"),
    VerbDef("search", ("search", "explore"), "search: search the area for hidden ways and things (a check)",
            group="things", example="search", more="It takes a little time; what it may find is the adventure's.",
            action="survival.search"),
    VerbDef("identify", ("identify", "study", "appraise"),
            "identify (appraise) THING: work out what an exotica does (a check)", group="things",
            usage="identify (appraise)", example="identify humming orb", action="items.identify"),
    VerbDef("drink", ("drink", "sip"), "drink: drink a ration of water (free at a water source)", group="things",
            example="drink", action="survival.drink"),
    VerbDef("eat", ("eat",), "eat: eat a ration of food", group="things", example="eat", action="survival.eat"),
    VerbDef("fill", ("fill", "refill"), "fill: refill your water containers at a water source", group="things",
            example="fill", action="survival.fill"),
    VerbDef("talk", ("talk", "talk to", "speak", "speak to", "greet", "hail"), "talk to NPC: greet someone",
            group="people", usage="talk to", example="talk to tamsin", action="social.talk"),
    VerbDef("give", ("give", "offer", "hand"), "give THING to NPC, show THING to NPC", group="people",
            usage="give/show X to Y", example="give ledger to tamsin", action="things.give"),
    VerbDef("show", ("show", "display"), group="people", usage="-", action="things.show"),
    VerbDef("ask", ("ask", "tell", "question", "quiz"), "ask (tell) NPC about TOPIC: what they know of it",
            group="people", usage="ask ... about",
            example="ask tamsin about the oasis", action="social.ask"),
    VerbDef("attack", ("attack", "kill", "fight", "hit", "strike", "stab"),
            "attack NPC [with WEAPON]: fight in melee", group="fighting", example="attack raider with knife",
            more="Someone who is not hostile is not attacked without your yes. odds attack NPC gives the chance.", action="combat.attack"),
    VerbDef("shoot", ("shoot", "fire at", "fire"), "shoot NPC [with WEAPON]: attack at range", group="fighting",
            example="shoot raider with sling", action="combat.shoot"),
    VerbDef("odds", ("odds", "chance"), "odds [COMMAND]: the exact chance of the next check, or of COMMAND's check",
            meta=True, group="fighting", usage="odds [COMMAND]", example="odds attack raider"),
    VerbDef("save", ("save",), "save [SLOT]: save the game (slot names are plain words)", meta=True,
            group="table", usage="save/load [SLOT]", example="save before-the-vault"),
    VerbDef("load", ("load", "restore"), "load (restore) [SLOT]: load a saved game", meta=True, group="table",
            usage="-", example="load before-the-vault"),
    VerbDef("saves", ("saves",), "saves: the saved games, with their date, place, day and system", meta=True,
            group="table", example="saves"),
    VerbDef("undo", ("undo",), "undo: take back the last turn (its dice stay the same)", meta=True, group="table",
            example="undo"),
    VerbDef("wares", ("wares", "goods", "browse"), "wares [NPC]: what a merchant offers, and at what price",
            group="people", usage="wares", example="wares",
            more="Every merchant trades, under every system; the price follows the system's own scale.", action="trade.wares"),
    VerbDef("trade", ("trade", "barter", "exchange"),
            "trade X for Y: barter goods (items, N water, N food, joined by and)", group="people",
            usage="trade X for Y", example="trade knife for 2 water",
            more="Goods are items, N water or N food, joined by and. A deal that leaves you no water or food asks first.",
            action="trade.trade"),
    VerbDef("buy", ("buy", "purchase"), "buy THING, sell THING: deal with a merchant, paid in water", group="people",
            usage="buy/sell THING", example="buy rope", action="trade.buy"),
    VerbDef("sell", ("sell",), group="people", usage="-", action="trade.sell"),
    VerbDef("haggle", ("haggle", "bargain"), "haggle: talk a merchant's price down;  value THING: its worth",
            group="people", usage="haggle, value THING", example="haggle",
            more="A persuasion roll under the system's rules, once a day per trader.", action="trade.haggle"),
    VerbDef("value", ("value", "price"), group="people", usage="-", action="trade.value"),
    VerbDef("steal", ("steal", "pilfer", "pickpocket", "filch", "pinch"),
            "steal THING [from NPC]: take what someone carries, unseen (a sneak check)", group="people",
            usage="steal X from Y", example="steal pistol from tamsin",
            more=("Harder from someone alert (hostile, wary, a guard, a merchant minding the wares), easy from "
                  "a friend, no roll from someone down or surrendered. Caught, the victim and everyone watching "
                  "remember it: merchants stop trading, guards turn on you. Unseen, the victim finds the loss "
                  "when you next walk in on it. odds steal X from Y gives the chance."), action="theft.steal"),
    # Verbs that change nothing here, each with a plain reply (game.actions.idle); left out of the short help.
    VerbDef("shove", ("shove", "pull", "press", "turn", "shake", "twist", "rotate", "drag", "lift", "tug", "yank"),
            "pull, press, turn THING: nothing is worked that way here", usage="-", action="idle.shove", observe=True),
    VerbDef("touch", ("touch", "feel", "rub", "pat", "stroke", "poke", "prod"), "touch THING", usage="-",
            action="idle.touch", observe=True),
    VerbDef("close", ("close", "shut", "lock"), "close, lock THING [with KEY]: shut a container (and lock it)",
            usage="-", action="idle.close"),
    VerbDef("light", ("light", "ignite", "kindle", "burn"), "light THING", usage="-", action="idle.light", observe=True),
    VerbDef("extinguish", ("extinguish", "douse", "snuff", "quench"), "extinguish THING", usage="-",
            action="idle.extinguish", observe=True),
    VerbDef("pour", ("pour", "spill", "empty"), "pour THING", usage="-", action="idle.pour", observe=True),
    VerbDef("break", ("break", "smash", "shatter", "crack"), "break THING", usage="-", action="idle.break_thing", observe=True),
    VerbDef("jump", ("jump", "hop", "leap"), "jump", usage="-", action="idle.jump", observe=True),
    VerbDef("sing", ("sing", "hum", "whistle", "dance"), "sing, hum, whistle, dance", usage="-", action="idle.sing", observe=True),
    VerbDef("kiss", ("kiss", "hug", "embrace"), "kiss, hug SOMEONE", usage="-", action="idle.kiss", observe=True),
    VerbDef("sit", ("sit", "sit down", "lie", "lie down", "kneel", "stand", "stand up"),
            "sit, lie down, stand: rest and sleep are what count", usage="-", action="idle.sit", observe=True),
    VerbDef("think", ("think", "ponder", "meditate", "wonder"), "think: the oracle decides what you cannot",
            usage="-", action="idle.think", observe=True),
    VerbDef("say", ("say", "shout", "yell", "scream", "call", "whisper"), "say WORDS: talk and ask are how to speak",
            usage="-", action="idle.say", observe=True),
    VerbDef("order", ("order", "command", "bid"), "NPC, COMMAND: speak to someone (Inform's persuasion)",
            group="people", usage='"NPC, COMMAND"', example="pilgrim, hello",
            more="A greeting talks, give me X asks for it, tell me about X asks about it; other orders are declined.",
            action="social.order", observe=True),
    VerbDef("wake", ("wake", "wake up", "awake", "awaken"), "wake [SOMEONE]", usage="-", action="idle.wake", observe=True),
    VerbDef("again", ("again", "g"), "again (g): repeat the last command", meta=True, group="table",
            usage="again (g)", example="g"),
    VerbDef("oops", ("oops",), "oops WORD: the last command again, WORD in place of the word not known",
            meta=True, group="table", usage="oops WORD", example="oops ledger"),
    VerbDef("stats", ("sheet", "stats", "score", "character"),
            "sheet (stats): your character in the system's own terms", meta=True, group="table", usage="sheet",
            example="sheet"),
    VerbDef("dice", ("dice", "log"), "dice: the dice rolled so far, each with the rule it follows", meta=True,
            group="table", example="dice"),
    VerbDef("why", ("why",), "why: the last roll explained step by step, and the rule behind it", meta=True,
            group="table", example="why"),
    VerbDef("oracle", ("oracle",),
            "oracle QUESTION [certain|likely|even|unlikely|impossible]: a yes or no from the dice", meta=True,
            group="table", usage="oracle QUESTION", example="oracle is the well guarded? likely",
            more=("For what the adventure does not settle, as solo role-players ask. The likelihood comes last "
                  "(even if not given); a roll far from the line adds \"and...\", a close one \"but...\".")),
    VerbDef("map", ("map",), "map: the places you know and their ways", meta=True, group="table", example="map"),
    VerbDef("status", ("status",), "status: the status bar's figures as a line (for --plain, which has no bar)",
            meta=True, group="table", usage="-", example="status"),
    VerbDef("rules", ("rules",), "rules [TOPIC]: the rules of the system in play, or one topic of them", meta=True,
            group="table", usage="rules [TOPIC]", example="rules rest"),
    VerbDef("transcript", ("transcript", "script"),
            "transcript on [FILE], transcript off: record the session as plain text", meta=True, group="table",
            usage="transcript on|off", example="transcript on my-run.txt",
            more="Without a FILE it goes in the saves folder, under transcripts. Rolls are recorded too."),
    VerbDef("set", ("set",), "set odds on|off: show the chance before each risky command's roll", meta=True,
            group="table", usage="set odds on|off, set rolls full|short", example="set odds on",
            more="set rolls full shows each roll with its dice and every step, and explains a rule each time "
                 "it applies; set rolls short (the default) shows a roll as its result against what it had "
                 "to beat, and explains a rule the first time."),
    VerbDef("restart", ("restart",), "restart: start the adventure again (you are asked first)", meta=True,
            group="table", example="restart"),
    VerbDef("help", ("help", "?", "commands"), "help [VERB]: the commands, or one explained", meta=True,
            group="table", usage="help [VERB]", example="help attack"),
    VerbDef("hint", ("hint", "hints", "clue", "clues", "walkthrough"), "hint: where to turn for help", meta=True,
            group="table", usage="-"),
    VerbDef("verbose", ("verbose", "brief", "superbrief"), "verbose, brief: places are always described in full",
            meta=True, group="table", usage="-"),
    VerbDef("version", ("version", "credits", "about"), "version: the game, the adventure and the rules", meta=True,
            group="table", usage="-"),
    VerbDef("quit", ("quit", "q"), "quit (q): leave the game", meta=True, group="table", usage="quit (q)",
            example="quit"),
)

#: Canonical verbs and the words that mean them, for the parser.
VERB_WORDS: dict[str, tuple[str, ...]] = {v.verb: v.words for v in CORE_VERBS}
#: The verbs the meta commands handle.
META_VERBS: frozenset[str] = frozenset(v.verb for v in CORE_VERBS if v.meta)
#: The verbs actions handle.
ACTION_VERBS: tuple[str, ...] = tuple(v.verb for v in CORE_VERBS if not v.meta)
#: The verbs actions handle, with their definitions.
ACTIONS: tuple[VerbDef, ...] = tuple(v for v in CORE_VERBS if not v.meta)
