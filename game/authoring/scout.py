"""The simulator's scripted player: one whole run of an adventure, played by a policy.

The scout plays as a sensible player who has read the adventure (it knows
where the goal's items lie, but rolls every check like anyone else): it
fights or flees by the exact odds of its next attack and its health, takes
what it finds, drinks and fills at water, buys food from merchants, rests
when hurt, searches rooms with hidden ways, unlocks doors with keys it
carries (or forces them), goes for the goal's items, foes and room, works
towards the triggers that win the adventure (:mod:`game.authoring.aims`:
leaving a thing where a trigger wants it, lighting a dark room by leaving
what darkens it, doing the winning action), never does what a trigger would
refuse unless a plan asks for it, and explores what it has not seen.  Darkness
alone it meets as a first-timer who has not read the adventure: it goes to see a
room that can be dark first and gropes about there (:meth:`Scout._first_time_dark`).  It talks to the engine through commands
only, like a player, and decides from the state of the world and typed
answers of the rules and play layers (health as
``RuleSystem.health_fraction``, closing in as ``BasePlay.closing_in``, a
guard from ``NpcDef.blocks``), never from the sentences the game prints.

A run ends in a win, a death (a losing ending counts as one, its cause
``ending: ...``) or the turn limit (a timeout).
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.actions import Turn
from game.actions.combat import striking_weapon
from game.actions.scope import Scope, words_of
from game.authoring.aims import may_stop, opener, plan, stopping_trigger
from game.engine import Engine
from game.errors import ActionRefused
from game.parser import ParseError, parse
from game.rules.registry import get_system
from game.systems.bind.traits import fatigue_penalty
from game.timekeeping import THIRST_DEATH_DAYS
from game.world import holders
from game.world.conditions import is_dark
from game.world.content import Adventure, ExitDef
from game.world.schema import trigger_name
from game.world.state import room_place

if TYPE_CHECKING:
    from game.engine import Engine


@dataclass
class Fight:
    """One encounter as the scout lived it."""

    npc: str
    start_health: float
    won: bool = False
    damage: float = 0.0


@dataclass
class RunResult:
    """What one run came to."""

    seed: int
    outcome: str  # won | dead | timeout
    cause: str
    turns: int
    days: int
    fights: list[Fight] = field(default_factory=list)
    #: Why the scout could not work towards a win (a trigger it cannot bring about, a way it could not
    #: open); "" when it could.
    beyond: str = ""
    #: An explorer's run (every room seen before the goal), and the room it died in ("" when it did not).
    explorer: bool = False
    death_room: str = ""
    #: The triggers it fired to open ways, and what each opened ("triggers[1] (pull rope in belfry)
    #: opened the way down from 'chapel'"), in the order fired.
    openings: tuple[str, ...] = ()


#: How often the scout tries an item that shows hidden ways in one room before it gives up (an
#: unidentified exotica may fail, or lash back, as the rules have it).
REVEAL_TRIES = 6

#: The share of first-time players who, warned in the dark ("You could easily disturb something!"),
#: grope about once more before going back (a choice of the simulator, not of any game).
SECOND_GROPE = 0.35


class Scout:
    """Plays one run through an :class:`~game.engine.Engine`."""

    def __init__(self, engine: Engine, seed: int, max_turns: int, *, explorer: bool = False,
                 transcript: list[str] | None = None) -> None:
        self.engine = engine
        #: Sees every room it can reach before it goes for the goal (the player who explores).
        self.explorer = explorer
        #: When given, each command and what the game answered are written here (``simulate --watch``).
        self.transcript = transcript
        #: The player's health before the last command (a fight that ends in death starts from it).
        self.last_health = 1.0
        #: Why the last way it looked at could not be opened (said when the run is not won).
        self.blocked = ""
        #: The ways it opened by triggers (see ``RunResult.openings``).
        self.openings: list[str] = []
        self.world = engine.world
        self.adventure: Adventure = engine.adventure
        self.rng = random.Random(f"scout:{seed}")
        self.seed = seed
        self.max_turns = max_turns
        self.commands = 0
        self.searched: dict[str, int] = {}
        self.looted: set[tuple[str, object]] = set()
        self.rests: dict[int, int] = {}
        self.bought: set[str] = set()
        self.filled: set[tuple[str, int, int]] = set()
        self.identified: set[str] = set()
        self.fight: Fight | None = None
        self.fights: list[Fight] = []
        self.last_foe = ""
        self.stuck = 0
        #: Items left behind on purpose (a trigger wants them elsewhere): not taken again.
        self.shed: set[str] = set()
        self.beyond = ""
        #: Rooms it has stood in while dark, and how many times it groped about in each (a first-timer).
        self.groped: dict[str, int] = {}
        #: How often it has tried an item that shows hidden ways, by room and item.
        self.revealing: dict[tuple[str, str], int] = {}
        #: An item it is on its way to fetch (a lamp for a dark room it must search), None when none.
        self.fetching: str | None = None
        #: The task of a winning plan it could not do when it last tried ("" when it could).
        self.stalled = ""
        #: The items the scout never drops to make room: keys, the goal's, those triggers and dark rooms name.
        self.needed = needed_items(self.adventure)
        #: What a search is worth repeating for: the keys of ways, the goal's items.
        self.searched_for = {e.locked_by for r in self.adventure.rooms.values() for e in r.exits.values()} \
            | set(self.adventure.goal.carrying)
        #: Items it found too heavy to lift even with everything else it may drop left behind.
        self.unliftable: set[str] = set()
        #: What the scout worked out this step (the world does not change between its commands): the NPCs
        #: living in a room, the rooms with foes, the paths found; emptied by every command it says.
        self.memo: dict[tuple[Any, ...], Any] = {}
        #: The commands it has read as the parser does (a command reads the same every time).
        self.parsed: dict[str, Any] = {}
        triggers = self.adventure.triggers
        #: Whether any trigger may refuse an action or end the run (else no action needs looking at first),
        #: and whether any wins it (else there is no plan to make).
        self.stoppers = any(t.on == "action" and (t.refuse or t.end) for t in triggers)
        self.winners = any(t.end == "won" for t in triggers)
        self.go_stoppers = any(t.on == "action" and (t.refuse or t.end) and (not t.verbs or "go" in t.verbs)
                               and "go" not in t.not_verbs for t in self.adventure.triggers)

    # -- the loop --------------------------------------------------------------------
    def play(self) -> RunResult:
        opening = self.engine.opening()
        if self.transcript is not None:
            self.transcript.extend(opening)
        goal = self.adventure.goal
        if not (goal.reach or goal.carrying or goal.defeat or any(t.end == "won" for t in self.adventure.triggers)):
            self.beyond = "the adventure has no goal and no trigger that wins it"
        while self.state.status == "playing" and self.commands < self.max_turns:
            self.step()
        status = self.state.status
        outcome = "dead" if status == "lost" else status if status in ("won", "dead") else "timeout"
        cause = f"ending: {self.state.ending}" if status == "lost" else self._cause() if outcome == "dead" else ""
        if outcome == "dead" and self.fight is None and cause in self._foe_names():
            # killed before the scout's next look: the fight is counted as the death is (lost)
            self.fight = Fight(self._foe_names()[cause], self.last_health)
        self._end_fight()
        beyond = (self.beyond or self._why_not_won() or self.stalled) if outcome != "won" else ""
        return RunResult(self.seed, outcome, cause, self.state.turn, self.state.day, self.fights, beyond,
                         self.explorer, self.state.room if outcome == "dead" else "", tuple(self.openings))

    def _foe_names(self) -> dict[str, str]:
        """NPC name -> id, for the NPCs a death may be laid to."""
        return {npc.name: npc_id for npc_id, npc in self.adventure.npcs.items()}

    @property
    def state(self) -> Any:
        return self.engine.state

    def say(self, text: str) -> list[str]:
        """Submit one command, answering any question it asks; the output lines."""
        self.commands += 1
        self.last_health = self.health()
        self.memo.clear()
        report = self.engine.submit(text)
        lines = list(report.lines)
        answers = 0
        while self.engine.asking is not None and answers < 3:
            choices = self.engine.asking.question.choices
            answer = "yes" if "yes" in choices else next(iter(choices))
            report = self.engine.submit(answer)
            lines.extend(report.lines)
            answers += 1
        if self.engine.asking is not None:
            self.engine.submit("undo")
        self.engine.pending = None
        self.memo.clear()
        if self.transcript is not None:
            self.transcript.extend(["", f"> {text}", *lines])
        return lines

    def step(self) -> None:
        turn_before = self.state.turn
        self._track_fight()
        action = (self._recover() or self._fight_or_flee() or self._survive() or self._loot()
                  or self._trade() or self._heal() or self._tired() or self._goal_foe())
        if not action and self.explorer:
            action = self._explore()
        # a plan's action (or a first-timer's groping in the dark) may be one a trigger refuses: that is the point
        planned = None if action else (self._first_time_dark() or self._pursue())
        action = planned or action or self._fetch() or self._search() or self._travel()
        self.say(planned or self._unstopped(action or "wait"))
        if self.state.turn == turn_before:
            self.stuck += 1
            if self.stuck >= 3:
                self.stuck = 0
                self.say(self.rng.choice(["end", "wait"]))
        else:
            self.stuck = 0

    def _noun(self, item_id: str) -> str:
        """A word the parser knows for an item: its name when it is plain words, else an alias."""
        name = self.world.item_name(item_id)
        item = self.world.item(item_id)
        if "-" not in name or not item.aliases:
            return name.replace("-", " ")
        return item.aliases[0]

    def _npc_noun(self, npc_id: str) -> str:
        npc = self.world.npc(npc_id)
        return npc.name if "-" not in npc.name or not npc.aliases else npc.aliases[0]

    def _blocker(self, direction: str) -> str | None:
        """A standing guard here that bars ``direction`` (``go`` that way would be refused); it becomes the foe."""
        world = self.world
        for npc_id in self._living():
            if world.npc(npc_id).blocks == direction and world.npc_condition(npc_id) == "ok":
                if self.fight is None:
                    self.fight = Fight(npc_id, self.health())
                    self.last_foe = npc_id
                return npc_id
        return None

    # -- fights ------------------------------------------------------------------------
    def hostiles(self) -> list[str]:
        world = self.world
        return [n for n in self._living() if world.hostile(n) and world.npc_condition(n) == "ok"]

    def _living(self, room_id: str | None = None) -> list[str]:
        """The living NPCs in a room (the player's by default), as the world has them this step."""
        room_id = room_id or self.state.room
        found: list[str] | None = self.memo.get(("living", room_id))
        if found is None:
            found = self.memo["living", room_id] = self.world.living_npcs_in(room_id)
        return found

    def health(self) -> float:
        """The player's health from 0.0 (dead) to 1.0 (unhurt), as the rule system measures it."""
        return float(self.engine.system.health_fraction(self.state.player))

    def _track_fight(self) -> None:
        foes = self.hostiles()
        if self.fight is not None and self.fight.npc in self._living() \
                and self.world.npc_condition(self.fight.npc) == "ok" and self.fight.npc not in foes:
            foes.append(self.fight.npc)  # a guard that blocks the way is a foe once fought
        if self.fight is not None and self.fight.npc not in foes:
            self._end_fight()
        if self.fight is None and foes:
            self.fight = Fight(foes[0], self.health())
            self.last_foe = foes[0]

    def _end_fight(self) -> None:
        fight, self.fight = self.fight, None
        if fight is None:
            return
        fight.won = self.world.npc_condition(fight.npc) != "ok" and self.state.status != "dead"
        fight.damage = max(0.0, fight.start_health - (0.0 if self.state.status == "dead" else self.health()))
        self.fights.append(fight)

    def _attack_odds(self, name: str) -> float:
        """The exact chance that ``attack NAME`` succeeds now (0.5 when it cannot be worked out)."""
        try:
            command = parse(f"attack {name}", self.engine.extra_verbs)
            if command is None:
                return 0.5
            preview = self.engine.meta.preview(command)
        except (ActionRefused, ParseError):
            return 0.5
        if preview is None:
            return 0.5
        return float(self.engine.system.odds(preview[1]).p_success)

    def _fight_or_flee(self) -> str | None:
        foes = self.hostiles()
        if not foes:
            return None
        health = self.health()
        if health < 0.35 and self._attack_odds(self._npc_noun(foes[0])) < 0.5 and self.rng.random() < 0.7:
            return "flee"
        return self._strike(foes[0], self._exotica_weapon())

    def _goal_foe(self) -> str | None:
        """Strike an NPC the goal asks to defeat, or one carrying the key of a shut way, that stands here
        though it is no foe now (a boss or guard that broke and fled, one that never was hostile): only
        hostiles strike first, and the way on is not open without it.  Merchants are bought from, not struck."""
        world = self.world
        for npc_id in (*self.adventure.goal.defeat, *self._key_carriers()):
            if world.npc_condition(npc_id) == "ok" and world.npc_room(npc_id) == self.state.room:
                if self.fight is None:
                    self.fight = Fight(npc_id, self.health())
                    self.last_foe = npc_id
                return self._strike(npc_id)
        return None

    def _key_carriers(self) -> list[str]:
        """The NPCs (no merchants) carrying the key of a way not yet open, when the scout has not got it."""
        world, found = self.world, []
        for room in self.adventure.rooms.values():
            for exit_def in room.exits.values():
                key = exit_def.locked_by
                if not key or world.exit_open(room.id, exit_def):
                    continue
                kind, _, holder = world.place_of(key).partition(":")
                npc = self.adventure.npcs.get(holder) if kind == "npc" else None
                if npc is not None and "merchant" not in (npc.behaviour, npc.disposition) and holder not in found:
                    found.append(holder)
        return found

    def _strike(self, npc_id: str, item_id: str | None = None) -> str:
        """``attack NPC`` (``use ITEM on NPC`` with an item), or first the command that closes in
        when the play layer says the blow cannot reach from here (Open Adventures' melee)."""
        closer = self.engine.play.closing_in(self.world, npc_id, striking_weapon(self.world, item_id))
        if closer is not None:
            return str(closer)
        name = self._npc_noun(npc_id)
        return f"attack {name}" if item_id is None else f"use {self._noun(item_id)} on {name}"

    def _exotica_weapon(self) -> str | None:
        """A damaging exotica carried and not yet tried (each is tried once)."""
        for item_id in self.world.carried():
            item = self.world.item(item_id)
            if item.kind == "exotica" and "damage" in item.effect and (item_id, 0) not in self.looted:
                self.looted.add((item_id, 0))
                return item_id
        return None

    # -- body and supplies ---------------------------------------------------------------
    def _survive(self) -> str | None:
        room = self.world.room
        key = (room.id, self.state.day, self.state.water)  # again after water was spent (on a trade)
        if room.water_source and key not in self.filled:
            self.filled.add(key)
            vessel = any(self.world.item(i).kind == "water" for i in self.world.carried())
            if self.state.thirst_days == 0 and vessel:
                return "fill"
            if self.state.thirst_days or self.state.water == 0:
                return "drink"
        if room.water_source:
            return None  # at the water already: nothing to go back for
        vessel = any(self.world.item(i).kind == "water" for i in self.world.carried())
        if self.state.thirst_days > 0 or (self.state.water == 0 and vessel):  # no vessel: water waits till thirst
            for item_id in self.world.carried():
                item = self.world.item(item_id)
                if item.effect.get("water") and (item_id, 1) not in self.looted:
                    self.looted.add((item_id, 1))
                    return f"use {self._noun(item_id)}"
            return self._to_water()
        return None

    def _to_water(self) -> str | None:
        """The next step to the nearest water source seen, as a player with an empty skin goes back to
        the well before the day's ration is due (None when none is known or reachable)."""
        sources = sorted(r for r in self.state.visited if self.adventure.rooms[r].water_source)
        paths = [p for r in sources if (p := self._search_path(r, False, False))]
        return self._move(min(paths, key=len)[0]) if paths else None

    def _recover(self) -> str | None:
        """Down but alive with no foe standing (OpenD6's incapacitated, a BIND save): only a long
        rest gets the player up again, so no other command is worth trying."""
        if self.engine.system.condition(self.state.player) == "ok" or self.hostiles():
            return None
        return "rest long"

    def _heal(self) -> str | None:
        health = self.health()
        if health >= 0.7:
            return None
        day = self.state.day
        if self.rests.get(day, 0) >= 3:
            return None
        self.rests[day] = self.rests.get(day, 0) + 1
        for item_id in self.world.carried():
            item = self.world.item(item_id)
            if item.effect.get("heal") and (item_id, 2) not in self.looted and health < 0.5:
                self.looted.add((item_id, 2))
                return f"use {self._noun(item_id)}"
        can_long = self.state.food > 0 and (self.state.water > 1 or self.world.room.water_source)
        return "rest long" if can_long and health < 0.5 else "rest short"

    def _tired(self) -> str | None:
        """A short rest when weariness costs the player on every roll (BIND's Fatigue above HP), as long
        as a meal can be spared for it (a rest eats one) and the day's rests are not used up."""
        if self._roll_penalty() <= 0 or self.state.deprived or self.hostiles():
            return None
        spare = self.state.food >= 1 or self.state.water >= 2 or self.world.room.water_source
        day = self.state.day
        if not spare or self.rests.get(day, 0) >= 3:
            return None
        self.rests[day] = self.rests.get(day, 0) + 1
        return "rest short"

    def _roll_penalty(self) -> int:
        """What weariness takes off the player's every roll now, as the rules count it (0: nothing)."""
        if self.engine.system.id != "bind":
            return 0
        return int(fatigue_penalty(self.state.player))

    def _loot(self) -> str | None:
        if is_dark(self.world, self.state.room):
            return None  # nothing can be seen to take: the room is looted once it is lit
        from_holder = self._loot_holders()
        if from_holder:
            return from_holder
        here = [i for i in self.world.room_items() if not self.world.item(i).fixed]
        for item_id in here:
            if item_id in self.needed and item_id not in self.shed and item_id not in self.unliftable:
                making_room = self._take(item_id)
                if making_room is not None and making_room.startswith("drop "):
                    return making_room
        key = (self.state.room, tuple(here))
        if not here or key in self.looted:
            return None
        self.looted.add(key)
        wanted = [i for i in here if i not in self.shed]
        if len(wanted) == len(here):
            return "take all"
        return f"take {self._noun(wanted[0])}" if wanted else None

    def _holders_here(self) -> list[tuple[str, str]]:
        """The containers and supporters here (their holder keys, and a word the parser knows for each)."""
        world, room = self.world, self.world.room
        found = [(i, self._noun(i)) for i in world.room_items() if holders.definition(world, i) is not None]
        found += [(f"{room.id}/{s}", self._scenery_noun(d)) for s, d in room.scenery.items()
                  if d.kind in ("container", "supporter")]
        return found

    def _loot_holders(self) -> str | None:
        """Open what is shut here (unlocking it with a key carried), and take what is in or on things."""
        world = self.world
        for key, noun in self._holders_here():
            inside = [i for i in world.items_at(f"in:{key}") if i not in self.shed]
            if not holders.is_open(world, key):
                lock = getattr(holders.definition(world, key), "locked_by", None)
                if (key, "open") not in self.looted and (not holders.is_locked(world, key)
                                                          or (lock is not None and world.place_of(lock) == "player")):
                    self.looted.add((key, "open"))
                    return f"open {noun}"
            elif inside and (key, tuple(inside)) not in self.looted:
                self.looted.add((key, tuple(inside)))
                return f"take all from {noun}"
        return None

    def _trade(self) -> str | None:
        world = self.world
        for npc_id in self._living():
            if world.npc(npc_id).behaviour != "merchant" and world.npc(npc_id).disposition != "merchant":
                continue
            for item_id in world.npc_items(npc_id):
                item = world.item(item_id)
                wanted = (item_id in self.adventure.goal.carrying or (item.kind == "food" and self.state.food < 2)
                          or (item.kind in ("weapon", "armor") and not item.ranged))
                if wanted and item_id not in self.bought:
                    self.bought.add(item_id)
                    return f"buy {self._noun(item_id)}"
        if world.room.settlement:
            for item_id in world.carried():
                if world.item(item_id).kind == "exotica" and item_id not in self.identified:
                    self.identified.add(item_id)
                    return f"identify {self._noun(item_id)}"
        return None

    def _search(self) -> str | None:
        room = self.world.room
        hidden = [e for e in room.exits.values() if e.hidden and not self.world.exit_visible(room.id, e)]
        things = [i for i in self.world.items_at(f"search:{room.id}")]
        needed = self.searched_for
        for item_id in self.world.carried():
            tries = self.revealing.get((room.id, item_id), 0)
            if hidden and self.world.item(item_id).effect.get("reveal") and tries < REVEAL_TRIES:
                self.revealing[room.id, item_id] = tries + 1  # an unknown exotica may fail: a player tries again
                return f"use {self._noun(item_id)}"
        if (hidden or things) and is_dark(self.world, room.id):
            return self._light(room.id)  # nobody can search in the dark: bring what lights it first
        wanted = hidden or things
        unexplored = any(e.to not in self.state.visited for e in hidden)  # a hidden way to new ground may be the way on
        limit = 20 if needed & set(things) or unexplored else 4 if wanted else 1 if room.search is not None else 0
        if self.searched.get(room.id, 0) >= limit:
            return None
        self.searched[room.id] = self.searched.get(room.id, 0) + 1
        return "search"

    def _light(self, room_id: str) -> str | None:
        """The next step to light a dark room the scout must search: carrying an item whose presence a
        trigger of that room answers by setting a flag the room's darkness waits for (the lamp brought in
        sets "lit"), it lights it there, or goes to fetch it; None when no such item is known."""
        dark = self.adventure.rooms[room_id].dark
        wanted = set(dark.not_flag) if dark is not None else set()
        for trigger in self.adventure.triggers:
            if not wanted & set(trigger.set) or (trigger.rooms and room_id not in trigger.rooms):
                continue
            for item_id in (trigger.when.carrying if trigger.when else ()) or trigger.things:
                if item_id not in self.adventure.items:
                    continue
                if self.world.place_of(item_id) != "player":
                    self.fetching = item_id
                    return self._fetch()
                if trigger.on == "action" and trigger.verbs:
                    return f"{trigger.verbs[0]} {self._noun(item_id)}"
        return None

    def _fetch(self) -> str | None:
        """On towards the item being fetched (a lamp for a dark room) until it is carried: without it the
        scout would turn back to its objective at the first step, and to the dark room again."""
        if self.fetching is None or self.world.place_of(self.fetching) == "player":
            self.fetching = None
            return None
        step = self._handle("carry", self.fetching, "") or self._explore()  # not seen yet: look for it
        if step is None:
            self.fetching = None
        return step

    # -- going places ----------------------------------------------------------------------
    def _objective(self) -> str | None:
        """The room the goal calls for next, or None to explore."""
        world, goal = self.world, self.adventure.goal
        for item_id in goal.carrying:
            place = world.place_of(item_id)
            if place == "player":
                continue
            kind, _, where = place.partition(":")
            if kind in ("room", "search"):
                return where
            if kind == "npc":
                return world.npc_room(where) or None
            if kind == "in":
                return self._holder_target(where)
        for npc_id in goal.defeat:
            if world.npc_condition(npc_id) == "ok":
                return world.npc_room(npc_id) or None
        return goal.reach

    def _holder_target(self, key: str) -> str | None:
        """Where to go for what lies in the holder ``key``: its key first when it is locked, else its room."""
        world = self.world
        lock = getattr(holders.definition(world, key), "locked_by", None)
        if holders.is_locked(world, key) and lock is not None and world.place_of(lock) != "player":
            kind, _, where = world.place_of(lock).partition(":")
            return where if kind in ("room", "search") else holders.room_of_place(world, world.place_of(lock))
        return holders.room_of_place(world, f"in:{key}")

    def _passable(self, room_id: str, exit_def: ExitDef, force: bool = True) -> bool:
        if not self.world.exit_visible(room_id, exit_def) or exit_def.to not in self.adventure.rooms:
            return False
        if self.go_stoppers and self._stopped("go", {exit_def.direction}, room_id):
            return False  # a trigger refuses that way (blundering about in the dark)
        if self.world.exit_open(room_id, exit_def) or not exit_def.lockable:
            return True
        return (exit_def.locked_by is not None and exit_def.locked_by in self.world.carried()) \
            or (force and exit_def.force is not None)

    def _key_room(self) -> str | None:
        """Where the key of a locked way lies, when the scout does not carry it (keys before force)."""
        for room in self.adventure.rooms.values():
            for exit_def in room.exits.values():
                key = exit_def.locked_by
                if not key or self.world.exit_open(room.id, exit_def) or self.world.place_of(key) == "player":
                    continue
                kind, _, where = self.world.place_of(key).partition(":")
                if kind in ("room", "search"):
                    return where
                if kind == "npc" and self.world.npc_condition(where) == "ok":
                    return self.world.npc_room(where) or None
        return None

    def _dangerous(self, room_id: str) -> bool:
        """A room where a living foe (hostile, or a guard) waits that the goal does not ask to defeat."""
        rooms: set[str] | None = self.memo.get(("dangerous",))
        if rooms is None:
            rooms = self.memo["dangerous",] = self._foes_wait()
        return room_id in rooms

    def _foes_wait(self) -> set[str]:
        """The rooms where such foes wait now: one look at each NPC, not one at each room a path passes."""
        world, rooms = self.world, set()
        for npc_id, npc in self.adventure.npcs.items():
            if npc_id in self.adventure.goal.defeat or not (npc.blocks is not None or world.hostile(npc_id)):
                continue
            if world.npc_condition(npc_id) == "ok":
                rooms.add(world.npc_room(npc_id))
        return rooms

    def _path(self, goal: str | None, force: bool = True) -> list[ExitDef] | None:
        """Exits from here to ``goal`` (the nearest unvisited room when None), around foes when there is a way."""
        return self._search_path(goal, force, careful=True) or self._search_path(goal, force, careful=False)

    def _search_path(self, goal: str | None, force: bool, careful: bool) -> list[ExitDef] | None:
        """The shortest way from here to ``goal`` (the nearest room not seen when None), through ways it can
        pass (forcing locks with ``force``; around rooms where foes wait when ``careful``); None when there is none."""
        key = ("path", goal, force, careful)
        if key not in self.memo:
            self.memo[key] = self._breadth_first(goal, force, careful)
        found: list[ExitDef] | None = self.memo[key]
        return found

    def _breadth_first(self, goal: str | None, force: bool, careful: bool) -> list[ExitDef] | None:
        start = self.state.room
        came: dict[str, tuple[str, ExitDef] | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if careful and here not in (start, goal) and self._dangerous(here):
                continue  # neither a way through nor a place to explore while there is another way
            if (goal is None and here not in self.state.visited) or here == goal:
                steps: list[ExitDef] = []
                link = came[here]
                while link is not None:
                    here, exit_def = link
                    steps.append(exit_def)
                    link = came[here]
                return steps[::-1]
            for exit_def in self.adventure.rooms[here].exits.values():
                if exit_def.to not in came and self._passable(here, exit_def, force):
                    came[exit_def.to] = (here, exit_def)
                    queue.append(exit_def.to)
        return None

    def _go_to(self, room_id: str) -> str | None:
        """The next step towards ``room_id`` (around foes when there is a way), or None when there is none."""
        healthy = self.health() >= 0.7
        for force, careful in ((False, True), (False, False), (healthy, False)):
            path = self._search_path(room_id, force, careful)
            if path:
                return self._move(path[0])
        return None

    def _travel(self) -> str | None:
        """The next step: to the goal around foes, to a key, to unseen rooms, then through foes and locks."""
        here = self.state.room
        target = self._objective()
        target = target if target != here else None
        key_room = self._key_room()
        key_room = key_room if key_room != here else None
        healthy = self.health() >= 0.7
        explore = ""  # the nearest unvisited room
        plans = ((target, False, True), (key_room, False, True), (explore, False, True), (target, False, False),
                 (key_room, False, False), (None, False, False), (target, healthy, False), (explore, healthy, False))
        path = None
        for goal, force, careful in plans:
            if goal is None and not force and not careful:  # no way on without a trigger: work one that opens a way
                opening = self._open_way()
                if opening:
                    return opening
            if goal is None:
                continue
            path = self._search_path(goal or None, force, careful)
            if path:
                break
        if not path:
            exits = [e for e in self.world.room.exits.values() if self._passable(here, e)]
            if not exits:
                return None
            path = [self.rng.choice(exits)]
        return self._move(path[0])

    def _move(self, step: ExitDef) -> str:
        """The command that takes ``step`` from here: unlock or open it first, or fight the guard barring it."""
        room_id = self.state.room
        if step.lockable and not self.world.exit_open(room_id, step):
            carried = self.world.carried()
            if step.locked_by is not None and step.locked_by in carried:
                noun = self._noun(step.locked_by)
                if any(self._noun(i) == noun for i in carried if i != step.locked_by):
                    return f"unlock {step.direction}"  # two of a name: the game finds the one that fits
                return f"unlock {step.direction} with {noun}"
            return f"open {step.direction}"
        blocker = self._blocker(step.direction)
        if blocker is not None:  # a guard bars the way: going would be refused, so fight it
            return self._strike(blocker)
        return f"go {step.direction}"

    def _first_time_dark(self) -> str | None:
        """A first-time player, who has not read the solution: it cannot know a room is dark before it
        stands there, so it goes to see a room that can be dark before any plan to light it; in the dark
        for the first time it gropes about (``look``: the game's warning comes only after it), and
        :data:`SECOND_GROPE` of players try again before going back; then it plans on, blind to what its
        groping did (:meth:`_unknowing_plan`)."""
        dark_rooms = [r for r, room in self.adventure.rooms.items() if room.dark is not None]
        if not dark_rooms:
            return None
        here = self.state.room
        if is_dark(self.world, here) and here not in self.groped:
            self.groped[here] = 1
            return "look"
        if is_dark(self.world, here) and self.groped.get(here) == 1:
            self.groped[here] = 2
            if self.rng.random() < SECOND_GROPE:
                return self.rng.choice(["search", "look", "go east", "feel the floor"])
            return None
        unseen = [r for r in dark_rooms if r not in self.state.visited]
        if unseen:
            return self._go_to(unseen[0])
        return self._unknowing_plan() if self.groped and self.state.counters else None

    def _unknowing_plan(self) -> str | None:
        """The next command of the plan a first-timer makes, blind to the counters its groping raised (no
        player sees them): it lights the room and reads the message it trampled, and loses."""
        counters = dict(self.state.counters)
        self.state.counters.clear()
        try:
            found = plan(self.world)
        finally:
            self.state.counters.update(counters)
        for task in found.tasks if found else ():
            action = self._do(task)
            if action or task.kind != "reach":
                return action
        return None

    def _explore(self) -> str | None:
        """An explorer's next step to the nearest room not yet seen (through foes: it means to see them)."""
        path = self._search_path(None, False, False)
        return self._move(path[0]) if path else None

    def _shut_ways(self) -> list[tuple[str, ExitDef]]:
        """Ways out of the rooms seen, to rooms not yet seen, that are shut and that no key carried and no
        force check opens (only a trigger may)."""
        world, found = self.world, []
        for room_id in sorted(self.state.visited):
            for exit_def in self.adventure.rooms[room_id].exits.values():
                if not exit_def.lockable or exit_def.force is not None or exit_def.to in self.state.visited \
                        or world.exit_open(room_id, exit_def) or not world.exit_visible(room_id, exit_def):
                    continue
                if exit_def.locked_by is None or world.place_of(exit_def.locked_by) != "player":
                    found.append((room_id, exit_def))
        return found

    def _open_way(self) -> str | None:
        """The next command towards a trigger that opens a shut way to new ground (``pull rope`` opens
        the slab); what stops it is kept (``blocked``) for the report when the run is not won."""
        for room_id, exit_def in self._shut_ways():
            found = opener(self.world, f"{room_id}/{exit_def.direction}")
            if found is None:
                continue
            if found.beyond:
                self.blocked = f"the way {exit_def.direction} from '{room_id}' is shut: {found.beyond}"
                continue
            for task in found.tasks:
                action = self._do(task)
                if action or task.kind != "reach":
                    if action:
                        self._note_opening(found.index, room_id, exit_def, task, action)
                        return action
                    self.blocked = (f"the way {exit_def.direction} from '{room_id}' is shut: "
                                    f"{trigger_name(found.index)} opens it, but {self._undoable(task)}")
                    break
        return None

    @staticmethod
    def _undoable(task: Any) -> str:
        """What stops one task of a plan, in words."""
        if task.kind == "act" and task.room:
            return f"its action ({task.verb} {task.thing}) is done in room '{task.room}', which it cannot get to"
        if task.kind in ("carry", "place"):
            return f"it needs item '{task.item}', which it cannot get"
        if task.kind == "defeat":
            return f"it needs npc '{task.npc}' defeated, and it cannot get to it"
        return f"it cannot {task.kind} {task.room or task.thing}".rstrip()

    def _note_opening(self, index: int, room_id: str, exit_def: ExitDef, task: Any, action: str) -> None:
        """Remember the trigger fired to open a way (once its own action is the one taken)."""
        if task.kind != "act" or task.room not in ("", self.state.room):
            return
        where = f" in {self.adventure.rooms[self.state.room].name}"
        note = f"{trigger_name(index)} ({action}{where}) opens the way {exit_def.direction} from '{room_id}'"
        if note not in self.openings:
            self.openings.append(note)

    def _why_not_won(self) -> str:
        """The step a run not won could not make: the goal's room, item or foe it could not get to, and
        the shut way in between; "" when it was on its way (it ran out of turns)."""
        target = self._objective()
        if target is None or target == self.state.room or self._search_path(target, True, False):
            return ""
        ways = self._shut_ways()
        if self.blocked:
            return f"could not get to room '{target}': {self.blocked}"
        if ways:
            room_id, exit_def = ways[0]
            how = (f"locked by '{exit_def.locked_by}', which it never got" if exit_def.locked_by
                   else "shut, and no trigger opens it")
            return f"could not get to room '{target}': the way {exit_def.direction} from '{room_id}' is {how}"
        return f"could not get to room '{target}': no way it found leads there"

    # -- the adventure's triggers (game.authoring.aims) ------------------------------------
    def _stopped(self, verb: str, named: set[str], room_id: str | None = None) -> bool:
        """Whether a trigger would refuse ``verb`` on ``named`` in ``room_id`` (here by default) or end the
        run lost: blundering about in a dark room, leaving a thing where it may not be left."""
        found = stopping_trigger(self.world, verb, named, room_id)
        return found is not None and found[1].end != "won"

    def _unstopped(self, action: str) -> str:
        """``action``, or when a trigger would stop it, a way out of here that none stops."""
        if not self.stoppers:
            return action
        if action not in self.parsed:
            try:
                self.parsed[action] = parse(action, self.engine.extra_verbs)
            except ParseError:
                self.parsed[action] = None
        command = self.parsed[action]
        if command is None or not may_stop(self.world, command.verb, self.state.room) \
                or not self._stopped(command.verb, self._named(command)):
            return action
        here = self.state.room
        ways = [e for e in self.world.room.exits.values() if self._passable(here, e, force=False)]
        return f"go {ways[0].direction}" if ways else action

    def _named(self, command: Any) -> set[str]:
        """The ids (or the direction) ``command`` names among what is in scope, as the triggers see them."""
        if command.direction:
            return {command.direction}
        phrases = [p for p in (*(command.objects or (command.words,)), command.second) if p]
        if not phrases:
            return set()
        scope = Scope.around(self.world, scenery=True)
        return {thing[1].rpartition("/")[2] if thing[0] == "scenery" else thing[1] for thing in scope.things
                if any(set(phrase) - {"the", "a", "an", "some"} <= words_of(self.world, thing) for phrase in phrases)}

    def _pursue(self) -> str | None:
        """The next command towards a trigger that wins the adventure, when one does."""
        if not self.winners:
            return None
        found = plan(self.world)
        if found is None:
            return None
        goal = self.adventure.goal
        self.beyond = "" if goal.reach or goal.carrying or goal.defeat else found.beyond  # the goal table may win
        for task in found.tasks:
            action = self._do(task)
            if action or task.kind != "reach":  # a task not workable now: not on to the next (the winning action)
                self.stalled = "" if action else f"{trigger_name(found.index)} wins it, but {self._undoable(task)}"
                return action
        return None

    def _do(self, task: Any) -> str | None:
        """The next command for one task of a plan (None when it needs none now)."""
        here, world = self.state.room, self.world
        if task.kind in ("carry", "shed", "place"):
            return self._handle(task.kind, task.item, task.room)
        if task.kind == "put":
            return self._put(task.item, task.thing, task.room)
        if task.kind == "defeat":
            where = world.npc_room(task.npc)
            return None if not where else self._strike(task.npc) if where == here else self._go_to(where)
        if task.kind == "reach":
            return self._go_to(task.room) if task.room != here else None
        if task.kind == "wait":
            return "wait"
        if task.thing in self.adventure.items and world.place_of(task.thing) not in ("player", f"room:{here}"):
            return self._handle("carry", task.thing, "")  # the thing first, then the room
        if task.room and task.room != here:
            return self._go_to(task.room)
        return self._act(task.verb, task.thing)

    def _handle(self, kind: str, item: str, room: str) -> str | None:
        """Carry, shed (leave where no trigger refuses it) or place ``item`` (in ``room``)."""
        world, here = self.world, self.state.room
        carried = world.place_of(item) == "player"
        if kind == "shed":
            if not carried:
                return None
            self.shed.add(item)
            if not self._stopped("drop", {item}):
                return f"drop {self._noun(item)}"
            allowed = [r for r in self.adventure.rooms if not self._stopped("drop", {item}, r)]
            return next((step for r in allowed if (step := self._go_to(r))), None)
        if not carried:
            self.shed.discard(item)
            kind_of, _, where = world.place_of(item).partition(":")
            if where == here and kind_of == "room":
                return self._take(item)
            if where == here and kind_of == "search":
                return "search"
            if kind_of == "in":
                return self._from_holder(item, where)
            target = world.npc_room(where) if kind_of == "npc" else where if kind_of in ("room", "search") else ""
            return self._go_to(target) if target and target != here else None
        if kind == "place":
            if room != here:
                return self._go_to(room)
            self.shed.add(item)
            return f"drop {self._noun(item)}"
        return None

    def _put(self, item: str, holder: str, room: str) -> str | None:
        """Carry ``item`` to the holder ``holder`` (in ``room``), open it if it is shut, and put it there."""
        world = self.world
        if world.place_of(item) != "player":
            return self._handle("carry", item, "")
        if room and room != self.state.room:
            return self._go_to(room)
        here = dict(self._holders_here())
        key = holder if holder in here else f"{self.state.room}/{holder}"
        noun = here.get(key) or (self._noun(holder) if holder in self.adventure.items else holder)
        if not holders.is_open(world, key):
            return f"open {noun}"
        definition = holders.definition(world, key)
        where = "on" if definition is not None and definition.kind == "supporter" else "in"
        return f"put {self._noun(item)} {where} {noun}"

    def _from_holder(self, item: str, key: str) -> str | None:
        """The next command to get ``item`` out of the holder ``key``: go there, open it, take it."""
        world = self.world
        room = self._holder_target(key)
        if room is not None and room != self.state.room:
            return self._go_to(room)
        lock = getattr(holders.definition(world, key), "locked_by", None)
        if holders.is_locked(world, key) and lock is not None and world.place_of(lock) != "player":
            return self._handle("carry", lock, "")
        if not holders.is_open(world, key):
            noun = next((n for k, n in self._holders_here() if k == key), None)
            return f"open {noun}" if noun else None
        return self._take(item)

    # -- a load too heavy -------------------------------------------------------------------
    def _take(self, item_id: str) -> str | None:
        """``take ITEM``; when the rules say the load is too heavy for it, first ``drop`` the least
        useful thing carried that makes room, as a player with a full pack does.  None when nothing
        it may leave behind would make room (the item is then too heavy for it)."""
        if self._refusal(item_id) is None:
            return f"take {self._noun(item_id)}"
        droppable = self._droppable()
        if any(self._refusal(item_id, tuple(droppable[:count])) is None for count in range(1, len(droppable) + 1)):
            return self._drop(droppable[0])  # the least useful first, as many as it takes, one a turn
        self.unliftable.add(item_id)
        return None

    def _drop(self, item_id: str) -> str:
        self.shed.add(item_id)
        return f"drop {self._noun(item_id)}"

    def _refusal(self, item_id: str, without: tuple[str, ...] = ()) -> str | None:
        """Why the rules would refuse ``take ITEM`` for its load (the play layer's answer), with the
        items ``without`` left here first; None when the item can be carried."""
        world = self.world
        state = world.state
        if without:
            trial = state.copy(share_log=True)
            for left in without:
                trial.item_moves[left] = room_place(state.room)
                trial.worn.discard(left)
            world.state = trial
        try:
            return self.engine.play.take_refusal(Turn(world, self.engine.turn_dice(), play=self.engine.play), item_id)
        finally:
            world.state = state

    def _droppable(self) -> list[str]:
        """The things carried the scout may leave behind, the least useful first: plain tools and
        keys no longer needed, then treasure (the cheapest first), spare weapons, what heals or
        waters, what it wears, and last its one weapon; never a water vessel or a thing it needs."""
        world = self.world
        carried = world.carried()
        weapons = [i for i in carried if world.item(i).is_weapon]
        kept_weapon = world.state.wielded if world.state.wielded in weapons else weapons[0] if weapons else ""

        def rank(item_id: str) -> int:
            item = world.item(item_id)
            if item_id == kept_weapon:
                return 5
            if item_id in world.state.worn:
                return 4
            if item.kind == "treasure":
                return 1
            if item.is_weapon:
                return 2
            return 3 if item.effect or item.kind == "exotica" else 0

        loose = [i for i in carried if i not in self.needed and world.item(i).kind != "water"]
        return sorted(loose, key=lambda i: (rank(i), world.item(i).value, -world.item(i).slots, i))

    def _act(self, verb: str, thing: str) -> str | None:
        """``verb thing`` as a player types it (the thing by a name the parser knows)."""
        world = self.world
        if not thing:
            return verb
        if thing in self.adventure.items:
            if verb == "put":  # on or in the first thing here that holds things
                holders = [s for s in world.room.scenery.values() if s.kind in ("supporter", "container")]
                if holders:
                    where = "on" if holders[0].kind == "supporter" else "in"
                    return f"put {self._noun(thing)} {where} {self._scenery_noun(holders[0])}"
            return f"{verb} {self._noun(thing)}"
        if thing in self.adventure.npcs:
            return f"{verb} {self._npc_noun(thing)}"
        scenery = self.world.room.scenery.get(thing)
        if scenery is not None:
            return f"{verb} {self._scenery_noun(scenery)}"
        return f"go {thing}" if verb == "go" else f"{verb} {thing}"

    @staticmethod
    def _scenery_noun(scenery: Any) -> str:
        return str(scenery.name if "-" not in scenery.name or not scenery.aliases else scenery.aliases[0])

    def _cause(self) -> str:
        if self.state.thirst_days >= THIRST_DEATH_DAYS:
            return "thirst"
        if self.fight is not None:
            return self.world.npc_name(self.fight.npc)
        if self.last_foe and self.world.npc_room(self.last_foe) == self.state.room:
            return self.world.npc_name(self.last_foe)
        foes = [n for n in self._living() if self.world.hostile(n) or self.world.npc(n).blocks]
        if foes:
            return self.world.npc_name(foes[0])
        last = self.state.log[-1] if self.state.log else ""
        if last.startswith(("open", "force", "kick", "break")):
            return "forcing a way open"
        return f"hazard: {self.world.room.name}"


def needed_items(adventure: Adventure) -> frozenset[str]:
    """The items an adventure may ask the player to have: keys of ways and holders, the goal's, and
    those that triggers' conditions and dark rooms name."""
    found = set(adventure.goal.carrying)
    for room in adventure.rooms.values():
        found.update(e.locked_by for e in room.exits.values() if e.locked_by)
        found.update(s.locked_by for s in room.scenery.values() if s.locked_by)
        if room.dark is not None:
            found.update(_when_items(room.dark))
    found.update(i.locked_by for i in adventure.items.values() if i.locked_by)
    for trigger in adventure.triggers:
        if trigger.when is not None:
            found.update(_when_items(trigger.when))
        found.update(trigger.things)
    found.update(i for i, item in adventure.items.items() if item.effect.get("reveal"))
    return frozenset(found & set(adventure.items))


def _when_items(when: Any) -> set[str]:
    return {*when.carrying, *when.item_here, *when.item_in, *when.item_in.values()}


def play_run(adventure: Adventure, system_id: str, seed: int, max_turns: int, *, explorer: bool = False,
             transcript: list[str] | None = None) -> RunResult:
    """One whole run of ``adventure`` under ``system_id`` from ``seed`` (an explorer's, when asked; its
    commands and answers written to ``transcript`` when given)."""
    system = get_system(system_id, adventure.rules.get(system_id, {}))
    engine = Engine.new_game(adventure, system, seed)
    return Scout(engine, seed, max_turns, explorer=explorer, transcript=transcript).play()
