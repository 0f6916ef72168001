"""What an NPC says once it remembers a deed of the player's: memory in words, for ``talk`` and ``ask``.

The deed (:data:`~game.world.content.TALK_MEMORIES`) is read from the NPC's memories
(:mod:`game.npc.memory`), the gravest first: a killing it saw, an assault on it or
one it saw, a theft from it or one it saw, being spared after it gave up, being
helped (given something).  The adventure's own line (``talk_after``) comes first;
else a generic line by deed and disposition.  A grudge (killing, assault, theft)
also stops it answering questions: a merchant who caught you stealing does not
greet you warmly, a pilgrim who saw you kill does not chat about the dead.
"""
from __future__ import annotations

from game.npc.memory import memories
from game.text import capital
from game.world.world import World

#: The deeds that make an NPC refuse to answer questions.
GRUDGE_DEEDS = frozenset({"killing", "assault", "theft"})

#: The memories behind each deed, gravest deed first.
_DEEDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("killing", frozenset({"saw-killing"})),
    ("assault", frozenset({"attacked", "saw-assault"})),
    ("theft", frozenset({"robbed", "saw-theft"})),
    ("spared", frozenset({"surrendered", "spared"})),
    ("helped", frozenset({"helped"})),
)

#: Generic lines: (deed, disposition) first, then (deed, "") for any disposition.
_LINES: dict[tuple[str, str], str] = {
    ("killing", "merchant"): '{Name} will not look at you: "I saw what you did. Take your trade elsewhere."',
    ("killing", "wary"): "{Name} keeps well out of your reach and says nothing.",
    ("killing", ""): '{Name} backs away from you. "I saw what you did. Keep away from me."',
    ("assault", "merchant"): '{Name} keeps the counter between you: "After what you did? Go."',
    ("assault", ""): '{Name} watches your hands. "After what you did, I have nothing to say to you."',
    ("theft", "merchant"): '{Name} keeps a hand on the goods: "I know a thief when I see one. Move along."',
    ("theft", ""): '{Name} eyes your hands. "Thief. I have nothing to say to you."',
    ("spared", ""): '{Name} will not meet your eyes. "You let me live. I will not forget it."',
    ("helped", ""): '{Name} greets you like a friend. "You were good to me. Ask what you like."',
}


def remembered_deed(world: World, npc_id: str) -> str | None:
    """The gravest deed of the player's that ``npc_id`` remembers, or None."""
    seen = memories(world, npc_id)
    return next((deed for deed, held in _DEEDS if seen & held), None)


def memory_line(world: World, npc_id: str, disposition: str) -> str | None:
    """What ``npc_id`` says first to ``talk`` or ``ask`` for what it remembers, or None: it speaks as ever."""
    deed = remembered_deed(world, npc_id)
    if deed is None:
        return None
    own = world.npc(npc_id).talk_after.get(deed)
    if own:
        return own
    line = _LINES.get((deed, disposition)) or _LINES[(deed, "")]
    return line.format(Name=capital(world.the_npc(npc_id)))


def answers_questions(world: World, npc_id: str) -> bool:
    """False while it holds a grudge it would speak of (it answers with :func:`memory_line`)."""
    return remembered_deed(world, npc_id) not in GRUDGE_DEEDS
