"""What NPCs remember of the player, and how those who see a deed react to it.

Memories are words kept on the NPC's state (``NpcState.memory``, saved with
the run).  They are facts, never moods: the policies and the play layer read
them to decide.

- ``attacked``: the player attacked it (a fight it did not start).
- ``fought``: it fought the player (either side starting): a routed or beaten
  foe is never friendly again on its own.
- ``routed``: it fled from the player or surrendered.
- ``spared``: the player left it alive when it was down or surrendered.
- ``beat``: it put the player down and let them live.
- ``robbed``: the player stole from it, or was caught trying.
- ``missing:<item>``: the player stole ``<item>`` from it unseen; it finds the
  loss (and becomes ``robbed``) when the player next walks in on it.
- ``surrendered``: it gave up the fight (a thief needs no roll against it).
- ``saw-theft``, ``saw-assault``, ``saw-killing``: it saw the player steal,
  attack someone who meant no harm, or kill them.
- ``called``: it has already called for help in this fight.
- ``pursued``: it followed the player who ran from it; it does not follow again.
- ``met``: the first-meeting reaction has been rolled.
- ``helped``: the player gave it something.

:mod:`game.npc.words` turns them into what the NPC says to ``talk`` and ``ask``.

:func:`refuses_trade` is the query trade asks before a merchant deals.
"""
from __future__ import annotations

from game.world.world import World

#: The prefix of the memory of an item stolen unseen (``missing:<item id>``).
MISSING = "missing:"

#: Memories that mean the NPC has reason to distrust the player.
GRUDGES: frozenset[str] = frozenset({"attacked", "fought", "routed", "robbed", "saw-theft", "saw-assault",
                                     "saw-killing"})


def remembers(world: World, npc_id: str, what: str) -> bool:
    """Whether ``npc_id`` remembers ``what`` (an NPC never changed remembers nothing)."""
    changed = world.state.npcs.get(npc_id)
    return changed is not None and what in changed.memory


def remember(world: World, npc_id: str, *what: str) -> None:
    """Add memories to ``npc_id``."""
    state = world.npc_state(npc_id)
    state.memory = state.memory | frozenset(what)


def forget(world: World, npc_id: str, *what: str) -> None:
    """Drop memories from ``npc_id`` (``called`` when a fight is over)."""
    changed = world.state.npcs.get(npc_id)
    if changed is not None and changed.memory & frozenset(what):
        state = world.npc_state(npc_id)  # the state to change: its own, not one shared with undo (WorldState.copy)
        state.memory = state.memory - frozenset(what)


def memories(world: World, npc_id: str) -> frozenset[str]:
    changed = world.state.npcs.get(npc_id)
    return changed.memory if changed is not None else frozenset()


def holds_grudge(world: World, npc_id: str) -> bool:
    """Whether it has a reason of its own to distrust the player (it is never friendly again on its own)."""
    return bool(memories(world, npc_id) & GRUDGES)


def refuses_trade(world: World, npc_id: str) -> str | None:
    """Why ``npc_id`` will not trade with the player now, or None when it will.

    A merchant will not deal with someone who attacked or robbed it, nor with
    someone it saw steal, attack the harmless or kill; nor while hostile.
    """
    name = world.the_npc(npc_id)
    name = name[:1].upper() + name[1:]
    seen = memories(world, npc_id)
    if world.hostile(npc_id) or "attacked" in seen:
        return f"{name} wants nothing to do with you after what you did."
    if "robbed" in seen or "saw-theft" in seen:
        return f"{name} keeps a hand on the goods: \"Not to a thief.\""
    if "saw-killing" in seen or "saw-assault" in seen:
        return f"{name} will not look at you: \"I saw what you did. Go.\""
    return None


def witnesses(world: World, room_id: str, *, besides: tuple[str, ...] = ()) -> list[str]:
    """The NPCs in ``room_id`` able to see (standing), but ``besides``."""
    return [n for n in world.living_npcs_in(room_id) if n not in besides and world.npc_condition(n) == "ok"]


def missing(world: World, npc_id: str) -> list[str]:
    """The items stolen from ``npc_id`` unseen, whose loss it has not found yet."""
    return sorted(m[len(MISSING):] for m in memories(world, npc_id) if m.startswith(MISSING))
