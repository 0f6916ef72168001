"""Actions: one module per family, registered into an :class:`ActionRegistry`.

An action handler is ``handler(turn, command) -> None``.  It checks first and
raises :class:`~game.errors.ActionRefused` (the player's message; no time
passes, nothing changes), then performs: it changes the world only through
:class:`~game.world.world.World`, says what happened through
:meth:`Turn.say`, shows every roll through :meth:`Turn.show_roll`, and spends
game time through :meth:`Turn.spend`.  NPC policies use the same handlers.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

from game.events import Event, RollMade, Said
from game.rules.base import AttackResult, RollResult, Situation, SystemInPlay, Weapon
from game.rules.dice import Dice
from game.world.world import World

if TYPE_CHECKING:
    from fractions import Fraction

    from game.actions.trade_terms import Appraisal, Goods, Terms
    from game.narration import Narrator
    from game.parser import Command


class Question(Exception):
    """An action pauses to ask the player (a BIND tie, an OpenD6 Character Point).

    ``choices`` maps each accepted answer word to its meaning.  When the player
    answers, the engine runs the action again from the start, on the same turn
    and therefore the same dice, with the answers given so far; :meth:`Turn.ask`
    hands them out in order instead of asking.  A reply that is itself a
    command counts as the answer meaning "no" (said in one line), and then the
    command runs, as in Inform; the rerun reads the same dice, so nothing can
    be fished for.  ``undo`` drops the whole action.
    """

    def __init__(self, prompt: str, choices: dict[str, str]) -> None:
        super().__init__(prompt)
        self.prompt = prompt
        self.choices = choices


YES_NO = {"yes": "yes", "y": "yes", "no": "no", "n": "no"}


class Prices(Protocol):
    """What the actions ask of a system's pricing (:class:`~game.actions.trade_pricing.Pricing` is
    one): named here, beside :class:`Turn`, since pricing takes the turn and the turn's play hands
    out pricing; the concrete class imports the actions, and would close an import cycle.  A new
    method the actions call on a pricing is added here too (mypy says so)."""

    @property
    def asks_before_overpaying(self) -> bool: ...

    def scale_note(self) -> str: ...

    def figure(self, worth: Fraction) -> str: ...

    def worth_words(self, worth: Fraction) -> str: ...

    def item_worth(self, world: World, item_id: str, full: bool = False) -> Fraction: ...

    def water_worth(self, count: int) -> Fraction: ...

    def goods_worth(self, world: World, goods: Goods, from_trader: bool) -> Fraction: ...

    def water_for(self, worth: Fraction, rounding: Callable[[Fraction], int]) -> int: ...

    def appraise(self, turn: Turn, item_id: str, npc_id: str | None) -> Appraisal: ...

    def merchant_says(self, turn: Turn, item_id: str, npc_id: str) -> str | None: ...

    def terms(self, turn: Turn, npc_id: str) -> Terms: ...

    def haggled(self, world: World, npc_id: str) -> str: ...

    def remember_haggle(self, world: World, npc_id: str, won: bool) -> None: ...

    def persuade(self, turn: Turn, npc_id: str, command: Command) -> bool: ...

    def deal_refusal(self, turn: Turn, give: Goods, get: Goods) -> str | None: ...

    def receive_refusal(self, turn: Turn, item_id: str) -> str | None: ...

    def after_deal(self, turn: Turn, npc_id: str, give: Goods) -> None: ...


class SheetView(NamedTuple):
    """The player's sheet now, as the system states it to shared code: what the player sees (the
    status line's health figure, the lines ``stats`` shows, each with what the system's moment
    adds: a point readied for the next roll) and the facts of the sheet the shared rules of
    survival read, so that no system needs a hook for them.  A named tuple: every start makes
    one, and its class costs a fraction of a frozen dataclass's."""

    health: str
    lines: tuple[str, ...]
    #: Days one ration of water lasts (:mod:`game.timekeeping`): a week for Vaarn's synthetics.
    water_days: int = 1
    #: Whether a player down gets up only through a fed long rest (a healing item aside), not
    #: any rest: the stranded rule (:func:`game.play.living.stranded`) asks when they are down.
    long_rest_to_rise: bool = False
    #: Whether a meal is eaten (or missed) at each day's end (:mod:`game.timekeeping`): not for
    #: Vaarn's synthetics, nor under its option ``meals = "rests-only"``.
    daily_meals: bool = True


class PlayHooks(Protocol):
    """What actions, NPCs and the living world call on the system in play through
    :attr:`Turn.play` (:class:`~game.play.base.BasePlay` is one): typed here, in the actions'
    layer, so that no action imports the play layer above it."""

    @property
    def narrator_class(self) -> type[Narrator]: ...

    def check(self, turn: Turn, kind: str, difficulty: str, situation: Situation, label: str,
              numbers: Mapping[str, int]) -> RollResult: ...

    def exchange(self, turn: Turn, attacker: str, defender: str, weapon: Weapon,
                 situation: Situation) -> AttackResult[Any] | None: ...

    def strikes(self, turn: Turn, actor: str, mode: str, weapon: Weapon | None = None) -> list[Weapon]: ...

    def follow_up_label(self, label: str, defender: str) -> str: ...

    def natural_weapon(self, sheet: Any) -> Weapon: ...

    def situation(self, turn: Turn, **extra: Any) -> Situation: ...

    def harm(self, turn: Turn, damage: str, label: str) -> None: ...

    def heal(self, turn: Turn, healing: str, label: str, actor: str = ...) -> None: ...

    def unhurt(self, world: World) -> bool: ...

    def sheet_view(self, world: World) -> SheetView: ...

    def use_item(self, turn: Turn, item_id: str, target_words: tuple[str, ...], actor: str = ...) -> bool: ...

    def take_refusal(self, turn: Turn, item_id: str) -> str | None: ...

    def pricing(self) -> Prices: ...

    def npc_assaulted(self, turn: Turn, npc_id: str) -> None: ...

    def npc_killed(self, turn: Turn, npc_id: str) -> None: ...

    def theft_seen(self, turn: Turn, victim: str, item_id: str, *, victim_saw: bool) -> None: ...

    def player_yields(self, turn: Turn) -> None: ...

    def on_enter_room(self, turn: Turn) -> None: ...

    def rest_minutes(self, kind: str) -> int: ...

    def rest(self, turn: Turn, kind: str, fed: bool) -> None: ...

    def end_of_day(self, turn: Turn, day: int) -> None: ...


@dataclass
class Turn:
    """The context of one action: the world, the turn's dice, and what is said."""

    world: World
    dice: Dice
    #: The system in play's hooks (handed by the engine: the world below holds no play object).
    play: PlayHooks = field(kw_only=True)
    #: What happened, in order; :attr:`lines` is their prose.
    events: list[Event] = field(default_factory=list)
    rolls: list[tuple[str, RollResult]] = field(default_factory=list)
    minutes: int = 0
    #: The thing the last noun phrase named (for "it").
    referent: tuple[str, str] | None = None
    #: The things an action on several at once acted on (``take all``): "them" afterwards.
    group: list[tuple[str, str]] = field(default_factory=list)
    #: Pronoun -> the last thing it fits ("him" the last man named...), kept by the engine.
    pronouns: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The requests behind the rolls made, labelled (for ``odds`` of the last check).
    requests: list[tuple[str, Any]] = field(default_factory=list)
    #: Answers already given to this action's questions, handed out in order by :meth:`ask`.
    answers: list[str] = field(default_factory=list)
    #: The player's command this turn performs (None for NPC-only or opening turns).
    command: Command | None = None
    #: The room the player was in when the turn began (NPCs who saw them run may follow).
    start_room: str = ""
    #: NPC id -> (room, direction): where the player last saw it go (``follow``), kept by the engine.
    seen_going: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The dice of the world's own rolls this turn (NPC morale, first-meeting reactions), a stream
    #: apart from the player's so the living world never shifts the player's dice; None: ``dice``.
    world_dice: Dice | None = None

    @property
    def npc_dice(self) -> Dice:
        """The dice the world's own rolls read (:attr:`world_dice`, else the turn's dice)."""
        return self.world_dice if self.world_dice is not None else self.dice

    @property
    def system(self) -> SystemInPlay:
        return self.world.system

    def record(self, label: str, request: Any, *, amend: bool = False) -> None:
        """Keep the request behind a coming roll (``odds`` shows it); ``amend`` replaces the last one.

        A system that changes the request the engine recorded (a Fate Point
        doubling the dice) amends it, so ``odds`` shows the roll as it will be made.
        """
        if amend and self.requests:
            self.requests[-1] = (label, request)
        else:
            self.requests.append((label, request))

    def ask(self, prompt: str, choices: dict[str, str]) -> str:
        """The player's answer (its meaning in ``choices``): given already, or asked for now.

        Asking raises :class:`Question`; the engine reruns the action with the answer.
        Play code must therefore ask before changing anything it could not redo,
        which holds because a rerun starts again from the state before the action.
        """
        if self.answers:
            return choices[self.answers.pop(0)]
        raise Question(prompt, choices)

    def confirm(self, prompt: str) -> bool:
        """An "are you sure?" before a step the player may not mean: True for yes (see :meth:`ask`)."""
        return self.ask(prompt, YES_NO) == "yes"

    @property
    def lines(self) -> list[str]:
        """The events so far as prose, in the words of the system's narrator."""
        return self.play.narrator_class(self.world).lines(self.events)

    def emit(self, *events: Event) -> None:
        self.events.extend(events)

    def say(self, *lines: str) -> None:
        """Prose with no mechanical meaning (descriptions, speech, reasons)."""
        self.events.extend(Said(line) for line in lines)

    def show_roll(self, label: str, result: RollResult, *, shown: bool = True) -> None:
        """Log a roll for the dice log and show it to the player.

        ``shown=False`` is for rolls the system's own narration already states
        (damage dice in an attack's lines), so no roll is shown twice.
        """
        self.rolls.append((label, result))
        self.events.append(RollMade(label, result, shown))

    def spend(self, minutes: int) -> None:
        self.minutes += minutes


Handler = Callable[[Turn, "Command"], None]


@dataclass(frozen=True)
class ActionSpec:
    """One verb's action: its handler, and whether it leaves the world as it was."""

    verb: str
    handler: Handler
    #: True when the action never changes the world (look, inventory): no turn, no undo step.
    observe: bool = False
    summary: str = ""


class ActionRegistry:
    """Verb -> action.  Registering a verb twice is an error, found when it is registered.

    A verb of the verb table is registered by the name of its handler
    (:meth:`register_named`): the handler's module is imported when the verb is
    first looked up, so a start imports only the families its first screen uses.
    """

    def __init__(self) -> None:
        self._actions: dict[str, ActionSpec] = {}
        #: Verb -> (``family.function`` in game.actions, whether it only observes).
        self._named: dict[str, tuple[str, bool]] = {}

    def register(self, verb: str, handler: Handler, *, observe: bool = False, summary: str = "") -> None:
        self._new(verb)
        self._actions[verb] = ActionSpec(verb, handler, observe, summary)

    def register_named(self, verb: str, action: str, *, observe: bool = False) -> None:
        """Register ``verb`` as the function ``action`` (``family.function``) of :mod:`game.actions`."""
        self._new(verb)
        self._named[verb] = (action, observe)

    def _new(self, verb: str) -> None:
        if verb in self._actions or verb in self._named:
            raise ValueError(f"verb '{verb}' is registered twice")

    def get(self, verb: str) -> ActionSpec | None:
        if verb in self._named:
            action, observe = self._named[verb]
            self._actions[verb] = ActionSpec(verb, _handler(verb, action), observe)
            del self._named[verb]  # only once found: a handler named wrongly fails at every use
        return self._actions.get(verb)

    def verbs(self) -> list[str]:
        return [*self._actions, *self._named]


def _handler(verb: str, action: str) -> Handler:
    """The function ``family.function`` of :mod:`game.actions`, imported now; ValueError if there is none."""
    family, _, name = action.rpartition(".")
    handler = getattr(importlib.import_module(f"game.actions.{family}"), name, None) if family else None
    if not callable(handler):
        raise ValueError(f"verb '{verb}': no action {action} in game.actions")
    return cast(Handler, handler)
