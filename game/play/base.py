"""The base behaviour of a rule system in play; systems override what their economy changes.

Every method receives the :class:`~game.actions.Turn` of the action under way,
reads dice only from ``turn.dice``, shows every roll with ``turn.show_roll``,
and changes the world only through ``turn.world``.

The round is two hooks: the player acts (:meth:`BasePlay.perform`), then the rest
of the round (:meth:`BasePlay.finish_round`) runs the shared steps: first meetings
(:meth:`BasePlay.arrivals`) and the NPCs (:meth:`BasePlay.npc_phase`: each NPC's
policy in :mod:`game.npc.policies` chooses an action from an
:class:`~game.npc.view.NpcView`, and the action performs itself with the NPC as its
actor, by the handlers the player's commands use: :mod:`game.actions.deeds`),
then the clock.  A system says who acts when, in those two places; the steps
themselves are shared and final.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from enum import IntEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, final

from game.actions import SheetView
from game.actions.combat import UNARMED, npc_weapon, put_sheet, report_attack, sheet_of
from game.deferred import deferred
from game.errors import ActionRefused
from game.events import PLAYER
from game.narration import Narrator
from game.play import living, npc_items
from game.rules.base import AttackResult, RollResult, RuleSystem, SheetChange, Situation, Weapon

if TYPE_CHECKING:
    from game.actions import ActionRegistry, Handler, Turn, deeds, trade_pricing
    from game.actions import theft as actions_theft
    from game.npc import intents, policies, view
    from game.parser import Command
    from game.world.world import World
else:
    actions_theft = deferred("game.actions.theft")
    intents = deferred("game.npc.intents")
    policies = deferred("game.npc.policies")
    trade_pricing = deferred("game.actions.trade_pricing")
    view = deferred("game.npc.view")
    deeds = deferred("game.actions.deeds")


SystemT = TypeVar("SystemT", bound=RuleSystem[Any, Any, Any])


class OwnVerbs(NamedTuple):
    """A system's own verbs: canonical verb -> the words meaning it (for the parser), the lines
    ``help`` adds, and what registers their handlers (``register(registry)``).  A named tuple:
    every start makes one, and its class costs a fraction of a frozen dataclass's."""

    words: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    help: tuple[str, ...] = ()
    register: Callable[[ActionRegistry], None] | None = None


class Use(IntEnum):
    """Whether an actor may use an item now (falsy: no), and whether it surely hits."""

    NO = 0
    YES = 1
    SURE = 2


class BasePlay(Generic[SystemT]):
    """Checks, attacks, rests, NPC turns and days as the protocol alone allows."""

    #: How this system's events are worded.
    narrator_class: type[Narrator] = Narrator
    #: How long a rest of each kind lasts, in minutes: an hour (short) or eight hours (long).
    rest_lengths: Mapping[str, int] = MappingProxyType({"short": 60, "long": 8 * 60})
    #: The rules' ``health_fraction`` at or below which a hurt NPC uses a healing item it
    #: carries: 1.0 (hurt at all) by default; 0.5 (half its HP or below) where the system counts HP.
    badly_hurt_at: float = 1.0

    def __init__(self, system: SystemT) -> None:
        self.system: SystemT = system
        self._own: OwnVerbs | None = None

    # -- set-up ---------------------------------------------------------------------
    def own_verbs(self) -> OwnVerbs:
        """The system's own verbs (none by default); asked once, when first needed."""
        return OwnVerbs()

    @final
    def register(self, registry: ActionRegistry) -> None:
        """Add the system's own verbs' handlers to ``registry``."""
        own = self._own_verbs()
        if own.register is not None:
            own.register(registry)

    @final
    def verbs(self) -> Mapping[str, tuple[str, ...]]:
        """The system's own verbs for the parser: canonical verb -> the words meaning it."""
        return self._own_verbs().words

    @final
    def help_lines(self) -> list[str]:
        """Lines ``help`` adds about this system's own commands."""
        return list(self._own_verbs().help)

    def _own_verbs(self) -> OwnVerbs:
        if self._own is None:
            self._own = self.own_verbs()
        return self._own

    def pricing(self) -> trade_pricing.Pricing:
        """How this system prices trade: the common value scale unless the system barters its own way."""
        return trade_pricing.Pricing()

    # -- checks ---------------------------------------------------------------------
    def situation(self, turn: Turn, **extra: Any) -> Situation:
        """The player's circumstances: slots and weight carried, plus ``extra`` fields."""
        world = turn.world
        carried = [world.item(i) for i in world.carried()]
        slots = sum(item.slots for item in carried)
        weight = sum(item.weight if item.weight is not None else item.slots for item in carried)
        return dataclasses.replace(Situation(carried_slots=slots, carried_weight=weight), **extra)

    @final
    def check_request(self, turn: Turn, kind: str, difficulty: str, situation: Situation,
                      numbers: Mapping[str, int]) -> Any:
        """The system's request for a player check; an author's number for this system wins."""
        target = numbers.get(self.system.id)
        if target is not None:
            situation = dataclasses.replace(situation, target=target)
        return self.system.check_request(turn.world.state.player, kind, difficulty, situation)

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult:
        """Roll a player check, record its request (for ``odds``), show it, return it."""
        request = self.check_request(turn, kind, difficulty, situation, numbers)
        turn.record(label, request)
        result = self.system.roll(request, turn.dice)
        turn.show_roll(label, result)
        return result

    # -- fighting -------------------------------------------------------------------
    def exchange(self, turn: Turn, attacker: str, defender: str, weapon: Weapon,
                 situation: Situation) -> AttackResult[Any] | None:
        """One exchange of blows: ``attacker`` strikes ``defender`` (ids; ``PLAYER`` is the player)
        with ``weapon`` in ``situation``; both sheets are put back, the rolls shown, the events
        emitted.  The one path of an attack, whoever makes it.  None when no blow was struck
        (the system's economy left the attacker nothing to strike with; it says why).
        """
        world = turn.world
        result = self.system.attack(sheet_of(world, attacker), sheet_of(world, defender), weapon, situation,
                                    turn.dice)
        put_sheet(world, attacker, result.attacker)
        put_sheet(world, defender, result.defender)
        report_attack(turn, attacker, defender, result)
        return result

    def strikes(self, turn: Turn, actor: str, mode: str, weapon: Weapon | None = None) -> list[Weapon]:
        """The round's economy of an NPC's fighting deed (``mode``: ``melee``, ``shoot``, ``close``
        or ``hold``): the blows it strikes this turn, with ``weapon`` when the deed names one (an
        item used), after any move it makes first.

        By default one blow, with ``weapon`` or its own (:func:`~game.actions.combat.npc_weapon`),
        from wherever it stands; holding back is no blow.
        """
        if mode == "hold":
            return []
        return [weapon if weapon is not None else npc_weapon(turn, actor)]

    def closing_in(self, world: World, npc_id: str, weapon: Weapon) -> str | None:
        """The command that brings the player within reach of ``npc_id`` to strike with ``weapon``,
        or None when the blow can be struck from where the two stand (either way: an NPC that
        needs no move is engaged, its view says).

        None by default: an NPC in the room is within reach.  A system that counts
        distance overrides it, and its :meth:`exchange` refuses the player's blow until
        the player has closed in.
        """
        return None

    def natural_weapon(self, sheet: Any) -> Weapon:
        """The weapon of an NPC that carries none."""
        return Weapon(name="its attack", damage="d6")

    @final
    def follow_up_label(self, label: str, defender: str) -> str:
        """The dice-log label of a roll that follows an attack roll (``label``) against
        ``defender``; a system whose follow-up is the defender's own roll names it."""
        return f"{label}: follow-up"

    # -- the flow of time -------------------------------------------------------------
    def on_start(self, turn: Turn) -> None:
        """Called when a run starts or is loaded, before the first command.

        For bringing figures the sheet mirrors from the world (armour worn) in
        step; it must not roll dice.
        """

    def perform(self, turn: Turn, command: Command, handler: Handler) -> None:
        """The player's part of the round: run the player's action (one that may take time), with
        whatever the system does before it (a new round: initiative, fresh dice, armour in step).

        A system may act around it (its NPCs winning initiative first), refuse it
        (raise ActionRefused: a severed leg cannot walk) or replace it (a player
        felled before acting never gets to act).  ``odds`` runs it too, on the turn's own dice,
        to learn the first check's request: all it changes is put back.
        """
        handler(turn, command)

    def finish_round(self, turn: Turn) -> None:
        """The rest of the round, after a player action that took time: by default first meetings
        in a room just entered (:meth:`arrivals`), then every NPC near the player (:meth:`npc_phase`).

        The one place a system says who acts when after the player: one whose turn holds several
        actions (the Open Adventures pool) returns while the player's turn lasts; one that counts
        who has acted this round (initiative, BIND's exchanges) names to :meth:`npc_phase` those
        left, in order; what ends its round (stuns wearing off, a fallen player's roll) follows.
        """
        self.arrivals(turn)
        self.npc_phase(turn)

    @final
    def arrivals(self, turn: Turn, *, react: bool = True) -> None:
        """The player walked into a room this turn: the NPCs robbed unseen find their loss
        (:func:`living.losses_found`), then, with ``react``, each wary or neutral NPC met for the
        first time reacts (the house rule :func:`living.react`; Vaarn rolls its own table)."""
        if turn.start_room and turn.start_room != turn.world.state.room:
            living.losses_found(self, turn)
            if react:
                living.react(self, turn)

    @final
    def npc_phase(self, turn: Turn, here: Sequence[str] | None = None) -> None:
        """The NPCs near the player act: each policy chooses an action, which is performed.

        First ``here``, the NPCs of the player's room that act this round, in order (by default
        the living ones; in a room just entered, a foe strikes first only by an ``ambush`` the
        content names: the system's initiative, or the player's turn, comes first), then those of
        the room the player just left, who may follow, then the foes next door who
        fought the player and may come searching.  Only
        these act, so a turn's cost grows with the NPCs near the player, not with
        the world.  The phase stops as soon as the run ends or the player is down.
        """
        world = turn.world
        arrived = bool(turn.start_room) and turn.start_room != world.state.room
        acting = world.living_npcs_in() if here is None else here
        here = [n for n in acting if not (arrived and living.waits_for_arrival(world, n))]
        for npc_id in [*here, *living.pursuers(turn), *living.searchers(turn)]:
            if world.state.status != "playing" or self.system.condition(world.state.player) != "ok":
                return
            self.npc_turn(turn, npc_id)

    @final
    def npc_turn(self, turn: Turn, npc_id: str) -> None:
        """One NPC's turn: its policy chooses an action from its view, performed with the NPC as its actor.

        An action the rules refuse (``ActionRefused``: a shot while engaged in melee) is the NPC's
        turn lost, as an impossible action costs the player nothing: the refusal, worded for the
        player, is not said.
        """
        deed = policies.policy_for(turn.world.npc(npc_id).behaviour).choose(self.npc_view(turn, npc_id))
        try:
            deed.perform(turn, npc_id)
        except ActionRefused:
            return

    @final
    def routines(self, turn: Turn, since: int) -> None:
        """After the clock moved on from minute ``since``: wanderers seen arriving or leaving."""
        living.passers_by(turn, since)

    @final
    def player_down(self, turn: Turn) -> None:
        """The player is down (alive, out of the fight) at the end of an action: what the foes do.

        The first standing foe's policy chooses to finish, rob, take prisoner or
        leave the player; every foe here goes along.  A player left alive then
        meets this system's own dying rule (:meth:`player_spared`).  With no foe
        standing, the system's rule runs in its own round as before.
        """
        world = turn.world
        victors = deeds.standing_hostiles(world)
        if not victors:
            return
        leader = victors[0]
        choice = policies.policy_for(world.npc(leader).behaviour).on_player_down(self.npc_view(turn, leader))
        if living.downed(turn, leader, choice, victors):
            self.player_spared(turn)

    @final
    def player_yields(self, turn: Turn) -> None:
        """The player surrenders (``surrender``): the first standing foe's policy chooses as over
        a player it put down, and every foe here goes along.  One that would finish them takes
        no surrender: ActionRefused, nothing changed."""
        world = turn.world
        victors = deeds.standing_hostiles(world)
        leader = victors[0]
        choice = policies.policy_for(world.npc(leader).behaviour).on_player_down(self.npc_view(turn, leader))
        if isinstance(choice, intents.Finish):
            raise ActionRefused(f"{living.cap(world.the_npc(leader))} takes no surrender: it means to kill you.")
        turn.say("You throw down your guard and yield.")
        living.downed(turn, leader, choice, victors, yielded=True)

    def player_spared(self, turn: Turn) -> None:
        """The system's dying rule for a player down with no foe left standing over them.

        Nothing by default: the system's own round (:meth:`finish_round`) deals
        with a fallen player; a system whose rule should run at once overrides this.
        """

    @final
    def npc_view(self, turn: Turn, npc_id: str) -> view.NpcView:
        """What ``npc_id`` knows as it chooses: the system's morale verdict, whether it may shoot
        (a ranged weapon it may use, :meth:`may_use`) and whether it is within reach of the player
        (:meth:`closing_in` says no move is needed)."""
        world = turn.world
        condition = world.npc_condition(npc_id)
        hostile = world.hostile(npc_id)
        with_player = world.npc_room(npc_id) == world.state.room
        broken = condition == "ok" and hostile and with_player and self.morale_broken(turn, npc_id)
        fearful = broken or world.npc(npc_id).behaviour == "coward"
        fighting = condition == "ok" and hostile and with_player
        harm, heal = npc_items.usable(self, turn, npc_id) if fighting else (None, None)
        bow = next((i for i in world.npc_items(npc_id) if world.item(i).is_weapon and world.item(i).ranged), None)
        return view.NpcView(
            can_shoot=bow is not None and bool(self.may_use(turn, npc_id, bow, deeds.HARM)),
            engaged=self.closing_in(world, npc_id, UNARMED) is None,
            npc_id=npc_id, behaviour=world.npc(npc_id).behaviour, hostile=hostile, condition=condition,
            with_player=with_player,
            player_standing=self.system.condition(world.state.player) == "ok",
            morale_broken=broken, ways_out=tuple(self.ways_out(turn, npc_id)) if fearful else (),
            badly_hurt=fighting and self.badly_hurt(world.npc_state(npc_id).sheet), harm_item=harm, heal_item=heal,
            harm_sure=harm is not None and self.may_use(turn, npc_id, harm, deeds.HARM) is Use.SURE,
            harm_stronger=harm is not None and npc_items.stronger(self, turn, npc_id, harm),
            **living.view_extras(turn, npc_id))

    def morale_broken(self, turn: Turn, npc_id: str) -> bool:
        """The system's morale rule: whether the NPC breaks now.

        House rule for systems whose rules have none (all but Vaarn): the NPC's
        own ``will`` check when first hurt or when an ally falls (:func:`living.will_breaks`).
        """
        return living.will_breaks(self, turn, npc_id)

    @final
    def badly_hurt(self, sheet: Any) -> bool:
        """Whether an NPC is hurt enough to use a healing item: hurt (its ``health_fraction``
        below 1) and at or below :attr:`badly_hurt_at`."""
        fraction = self.system.health_fraction(sheet)
        return bool(fraction < 1.0 and fraction <= self.badly_hurt_at)

    @final
    def ways_out(self, turn: Turn, npc_id: str) -> list[str]:
        """The directions an NPC could flee through: the open, known exits of its room.

        House rule: one that guards an exit runs by it first.
        """
        world = turn.world
        room = world.adventure.rooms[world.npc_room(npc_id)]
        ways = [e for e in room.exits.values() if not e.hidden and world.exit_open(room.id, e)]
        guarded = world.npc(npc_id).blocks
        ways.sort(key=lambda e: e.direction != guarded)
        return [e.direction for e in ways]

    # -- NPCs using what they carry (game.play.npc_items) -----------------------------------
    def may_use(self, turn: Turn, actor: str, item_id: str, purpose: str) -> Use:
        """Whether ``actor`` may use this item now for ``purpose`` (``harm`` or ``heal``), and how
        surely: :attr:`Use.SURE` for a harmful one that never misses (an NPC uses it before any
        blow).  :attr:`Use.YES` by default."""
        return Use.YES

    # -- what the player does to people (witnesses) ----------------------------------------
    @final
    def npc_assaulted(self, turn: Turn, npc_id: str) -> None:
        """The player attacked ``npc_id``, which was not hostile: it remembers, witnesses react."""
        living.assaulted(turn, npc_id)

    @final
    def npc_killed(self, turn: Turn, npc_id: str) -> None:
        """``npc_id`` died by the player's hand: witnesses of an unprovoked killing remember it."""
        living.killed(turn, npc_id)

    @final
    def theft_seen(self, turn: Turn, victim: str, item_id: str, *, victim_saw: bool) -> None:
        """The player was seen taking ``item_id`` from ``victim`` (caught, or robbing the helpless):
        the victim and the witnesses remember and react (:func:`living.theft_seen`)."""
        living.theft_seen(self, turn, victim, victim_saw=victim_saw, helpless=actions_theft.helpless(turn.world, victim))

    def end_of_day(self, turn: Turn, day: int) -> None:
        """Called when a day ends, after water and food are settled."""

    def on_enter_room(self, turn: Turn) -> None:
        """Called when the player has entered a room, before it is described."""

    # -- items ----------------------------------------------------------------------
    def use_item(self, turn: Turn, item_id: str, target_words: tuple[str, ...], actor: str = PLAYER) -> bool:
        """``actor`` uses an item the system gives meaning to (a gift, a risky exotica), on the thing
        ``target_words`` name (an NPC's is the player); True if handled, else the item's ``effect``
        does what it says through the shared deeds."""
        return False

    # -- rest, harm and healing ---------------------------------------------------------
    @final
    def apply_change(self, turn: Turn, change: SheetChange[Any], label: str) -> None:
        """Put a changed player sheet in place, show its rolls under ``label``, then emit its events."""
        turn.world.state.player = change.sheet
        for roll in change.rolls:
            turn.show_roll(label, roll)
        turn.emit(*change.events)

    @final
    def rest_minutes(self, kind: str) -> int:
        """How long a rest of ``kind`` lasts (:attr:`rest_lengths`)."""
        return self.rest_lengths[kind]

    def rest(self, turn: Turn, kind: str, fed: bool) -> None:
        """Rest ``short`` or ``long``; ``fed`` is False when deprived or without supplies."""
        self.apply_change(turn, self.system.rest(turn.world.state.player, kind, fed, turn.dice), "rest")

    def harm(self, turn: Turn, damage: str, label: str) -> None:
        """Harm the player from no attacker; the rolls are shown."""
        self.apply_change(turn, self.system.harm(turn.world.state.player, damage, turn.dice), label)

    @final
    def unhurt(self, world: World) -> bool:
        """Whether the player is whole, on the system's own measure of health (nothing for healing to do)."""
        return self.system.health_fraction(world.state.player) >= 1.0

    @final
    def heal(self, turn: Turn, healing: str, label: str, actor: str = PLAYER) -> None:
        """Heal ``actor`` by the die ``healing``; the rolls are shown under ``label``.  The system's
        events speak of the player: an NPC's recovery is told by its health (``NpcRecovered``)."""
        world = turn.world
        change = self.system.heal(sheet_of(world, actor), healing, turn.dice)
        if actor == PLAYER:
            self.apply_change(turn, change, label)
            return
        put_sheet(world, actor, change.sheet)
        for roll in change.rolls:
            turn.show_roll(label, roll)

    # -- what the player sees of the sheet ------------------------------------------------
    def sheet_view(self, world: World) -> SheetView:
        """The player's sheet as the status line and ``stats`` show it and the survival rules read it:
        by default the rules' ``health`` and ``sheet_lines``, a ration of water a day, any rest
        to rise; a system adds what its moment holds and states its own facts."""
        sheet = world.state.player
        return SheetView(self.system.health(sheet), tuple(self.system.sheet_lines(sheet)))

    def take_refusal(self, turn: Turn, item_id: str) -> str | None:
        """Why the player cannot pick this item up (too much to carry), or None."""
        return None
