"""Talking: talk and ask."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.actions import Turn
from game.actions.scope import Ambiguous, Orphan, Scope, Thing, resolve, the_name
from game.errors import ActionRefused
from game.npc.words import answers_questions, memory_line
from game.text import capital, join_names, possessive, quote_back, subject, the, verb_s

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


def _the_one_here(turn: Turn, command: Command, verb: str) -> Command:
    """``command`` naming the one person here when it names nobody (``talk``, ``ask about water``);
    with several here, the question "Whom do you want to ask, ...?" (answered by a name)."""
    world = turn.world
    if command.words:
        return command
    living = [n for n in world.living_npcs_in() if world.npc_condition(n) == "ok"]
    if not living:
        raise ActionRefused(f"There is nobody here to {verb}.")
    if len(living) > 1:
        people = [("npc", n) for n in living]
        if verb == "talk to":
            raise Orphan("Who do you want to talk to?", join="to")
        names = [the_name(world, p) for p in people]
        raise Ambiguous(f"Whom do you want to {verb}, {join_names(names, 'or')}?", people, ())
    return command.with_words(tuple(world.npc_name(living[0]).lower().split()))


def talk(turn: Turn, command: Command) -> None:
    world = turn.world
    command = _the_one_here(turn, command, "talk to")
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
    """``ask NPC about TOPIC``; ``ask NPC for THING`` (a request, answered as a topic when there is
    one); without a name, of the one person here."""
    world = turn.world
    npc_id = _npc(turn, _the_one_here(turn, command, "ask").words, "ask")
    npc = world.npc(npc_id)
    if not command.second:
        raise Orphan(f"What do you want to ask {world.the_npc(npc_id)} about?", join="about")
    topic = " ".join(command.second)
    disposition = world.npc_state(npc_id).disposition if npc_id in world.state.npcs else npc.disposition
    answer = _topic(npc.topics, command.second)
    if answer is None and set(command.second) <= _ABOUT_THEMSELVES | {w.lower() for w in npc.aliases} \
            | set(npc.name.lower().split()):
        answer = npc.talk or None  # ask the pilgrim about himself: what he says of himself
    if disposition == "hostile":
        turn.say(GREETINGS["hostile"].format(name=npc.name).replace(f"The {npc.name}", capital(the(npc.name))))
    elif not answers_questions(world, npc_id):
        turn.say(memory_line(world, npc_id, disposition) or "")
    elif command.preposition == "for" and not answer:
        turn.say(_request(turn, npc_id, command.second))
    else:
        turn.say(answer.strip() if answer else f"{capital(world.the_npc(npc_id))} knows nothing about {quote_back(topic)}.")
    turn.spend(1)


#: Topics that mean the one asked ("ask the pilgrim about himself").
_ABOUT_THEMSELVES = frozenset({"himself", "herself", "themselves", "themself", "itself", "yourself", "you", "him",
                               "her", "them", "it", "his", "their", "its", "your", "life", "name", "past"})


def _request(turn: Turn, npc_id: str, words: tuple[str, ...]) -> str:
    """The answer to ``ask NPC for THING`` with no topic for it: a merchant points to the wares,
    anyone else keeps what they have (nobody hands things over for the asking)."""
    world = turn.world
    who = capital(world.the_npc(npc_id))
    pronoun = world.npc(npc_id).pronoun
    if world.npc_state(npc_id).disposition == "merchant" or world.npc(npc_id).behaviour == "merchant":
        return f"{who} {verb_s(pronoun, 'smiles', 'smile')}. \"Everything I have is for trade: see my wares.\""
    return (f"{who} {verb_s(pronoun, 'shakes', 'shake')} {possessive(pronoun)} head: "
            f"{subject(pronoun)} {verb_s(pronoun, 'has', 'have')} no {' '.join(words)} to spare.")


def _topic(topics: Mapping[str, str], words: tuple[str, ...]) -> str | None:
    """The answer to the first topic sharing a word with the question."""
    for key, answer in topics.items():
        key_words = set(key.lower().replace("-", " ").split())
        if key_words & set(words):
            return str(answer)
    return None


def order(turn: Turn, command: Command) -> None:
    """``NPC, COMMAND`` that is no greeting, question or request: Inform's answer to persuasion."""
    world = turn.world
    npc_id = _npc(turn, command.words, "ask")
    pronoun = world.npc(npc_id).pronoun
    raise ActionRefused(f"{capital(world.the_npc(npc_id))} {verb_s(pronoun, 'has', 'have')} better things to do.")
