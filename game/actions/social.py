"""Talking: talk and ask."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.scope import Orphan, Scope, Thing, resolve, the_name
from game.errors import ActionRefused
from game.npc.words import answers_questions, memory_line
from game.text import capital, join_names, quote_back, the

if TYPE_CHECKING:
    from game.parser import Command

GREETINGS = {
    "hostile": "The {name} answers with a snarl.",
    "wary": "The {name} watches you carefully and says little.",
    "neutral": "The {name} nods to you.",
    "friendly": "The {name} greets you warmly.",
    "merchant": "The {name} spreads out wares for you to see.",
}


def _npc(turn: Turn, words: tuple[str, ...], what: str) -> str:
    world = turn.world
    try:
        _, npc_id = resolve(Scope(world, [("npc", n) for n in world.npcs_in()]), words, turn.referent,
                            pronouns=turn.pronouns, what=what)
    except ActionRefused as refused:
        thing = _not_a_person(turn, words) if type(refused) is ActionRefused and words else None
        if thing is None:
            raise
        raise ActionRefused(f"{capital(the_name(world, thing))} does not answer.") from None
    turn.referent = ("npc", npc_id)
    if world.npc_condition(npc_id) != "ok":
        raise ActionRefused(f"{capital(world.the_npc(npc_id))} cannot answer.")
    return npc_id


def _not_a_person(turn: Turn, words: tuple[str, ...]) -> Thing | None:
    """The thing here (an item, scenery) that ``words`` name, when it is not someone to talk to."""
    try:
        return resolve(Scope.around(turn.world, scenery=True, npcs=False), words, None, pronouns=turn.pronouns)
    except ActionRefused:
        return None


def talk(turn: Turn, command: Command) -> None:
    world = turn.world
    if not command.words:
        living = [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok"]
        if len(living) != 1:
            if not living:
                raise ActionRefused("There is nobody here to talk to.")
            raise Orphan("Who do you want to talk to?", join="to")
        command = command.with_words(tuple(world.npc_name(living[0]).split()))
    npc_id = _npc(turn, command.words, "talk to")
    npc = world.npc(npc_id)
    disposition = world.npc_state(npc_id).disposition if npc_id in world.state.npcs else npc.disposition
    remembered = memory_line(world, npc_id, disposition) if disposition != "hostile" else None
    if remembered:
        turn.say(remembered)  # what it remembers of you comes first (game.npc.words)
    elif disposition == "hostile" or not npc.talk:
        turn.say(GREETINGS.get(disposition, GREETINGS["neutral"]).format(name=npc.name).replace(f"The {npc.name}", capital(the(npc.name))))
    else:
        turn.say(npc.talk.strip())
    if npc.topics and disposition != "hostile" and answers_questions(world, npc_id):
        turn.say(f"(You could ask about {join_names(sorted(npc.topics), 'or')}.)")
    turn.spend(1)


def ask(turn: Turn, command: Command) -> None:
    world = turn.world
    npc_id = _npc(turn, command.words, "ask")
    npc = world.npc(npc_id)
    if not command.second:
        raise Orphan(f"What do you want to ask {world.the_npc(npc_id)} about?", join="about")
    topic = " ".join(command.second)
    disposition = world.npc_state(npc_id).disposition if npc_id in world.state.npcs else npc.disposition
    if disposition == "hostile":
        turn.say(GREETINGS["hostile"].format(name=npc.name).replace(f"The {npc.name}", capital(the(npc.name))))
    elif not answers_questions(world, npc_id):
        turn.say(memory_line(world, npc_id, disposition) or "")
    else:
        answer = _topic(npc.topics, command.second)
        turn.say(answer.strip() if answer else f"{capital(world.the_npc(npc_id))} knows nothing about {quote_back(topic)}.")
    turn.spend(1)


def _topic(topics: Mapping[str, str], words: tuple[str, ...]) -> str | None:
    """The answer to the first topic sharing a word with the question."""
    for key, answer in topics.items():
        key_words = set(key.lower().replace("-", " ").split())
        if key_words & set(words):
            return str(answer)
    return None
