"""The words: room names and texts from a theme's tables, combined by a small grammar.

A template's ``{slot}`` is filled from the theme's word pool of that name
(``{Adj}`` capitalised), drawn afresh at each use.  A room's description is
an opening sentence of its kind of place, one sentence for each piece of
scenery chosen for it (so every noun the text names is declared scenery or a
placed item, and the parser knows it), a sentence for what the chain put
there (a lever, a locked door, a spring) and a mood line.
"""
from __future__ import annotations

import random
import re

from game.generate.model import Blueprint, RoomPlan
from game.generate.themes import Place, Scenery, Theme

SLOT = re.compile(r"(?:\b([Aa]n?|[Tt]he) )?\{([A-Za-z]+)\}")  # with the article before it, if any
SPARE_NAMES = ("Upper", "Lower", "Outer", "Inner", "Far", "Near", "Old", "North", "South", "East", "West")


def fill(rng: random.Random, theme: Theme, template: str, **given: str) -> str:
    """``template`` with each ``{slot}`` from ``given`` or the theme's pool (``{Slot}``: capitalised).

    An article written before a slot agrees with the word put in it: "a {adj}" becomes
    "an abandoned", and "the {light}" drops the value's own article ("the heat shimmer",
    not "the a heat shimmer"), so the pools may hold words as they read alone.
    """
    def one(match: re.Match[str]) -> str:
        article, word = match.group(1), match.group(2)
        lower = word.lower()
        value = given[lower] if lower in given else rng.choice(theme.words[lower]) if lower in theme.words else None
        if value is None:
            return match.group(0)
        value = value[:1].upper() + value[1:] if word[:1].isupper() else value
        return value if article is None else f"{_agreeing(article, value)} {_bare(article, value)}"
    text = SLOT.sub(one, template)
    return text[:1].upper() + text[1:]


def _agreeing(article: str, value: str) -> str:
    """``article`` (a, an, the; as capitalised as written) as it must read before ``value``."""
    if article.lower() == "the":
        return article
    agreed = "an" if value[:1].lower() in "aeiou" else "a"
    return agreed.capitalize() if article[:1].isupper() else agreed


def _bare(article: str, value: str) -> str:
    """``value`` without an article of its own when ``article`` is "the"."""
    first, _, rest = value.partition(" ")
    return rest if article.lower() == "the" and rest and first.lower() in ("a", "an") else value


def write_words(rng: random.Random, blueprint: Blueprint) -> None:
    theme = blueprint.theme
    _choose_places(rng, blueprint)
    used: set[str] = set()
    for room in blueprint.rooms.values():
        room.travel = rng.randint(*theme.travel) // 10 * 10
        room.name = _name(rng, theme, room, used)
        room.scenery = _scenery(rng, room.place) if room.place else []
        room.description = _describe(rng, blueprint, room)
    relic = blueprint.items[blueprint.goal_item].thing.name if blueprint.goal_item else ""
    boss = blueprint.npcs[blueprint.goal_npc].person.name if blueprint.goal_npc else ""
    foe = boss if boss[:1].isupper() else f"the {boss}"  # a proper name takes no article
    goal_name = blueprint.rooms[blueprint.goal_room].name
    thing = relic or theme.relics[0].name
    blueprint.title = fill(rng, theme, rng.choice(theme.titles))
    blueprint.intro = fill(rng, theme, rng.choice(theme.phrases[f"intro_{blueprint.goal_kind}"]), goal=goal_name,
                           thing=thing, foe=foe)
    blueprint.goal_text = fill(rng, theme, rng.choice(theme.phrases[f"goal_{blueprint.goal_kind}"]),
                               goal=goal_name, thing=relic, foe=foe)


def _choose_places(rng: random.Random, blueprint: Blueprint) -> None:
    """A kind of place for each room not yet given one: a water place where there is water, no kind twice
    in a row along an exit when it can be helped."""
    places = list(blueprint.theme.places)
    for room in blueprint.rooms.values():
        if room.place is not None:
            continue
        neighbours = {place.key for e in room.exits.values() if (place := blueprint.rooms[e.to].place) is not None}
        pool = [p for p in places if p.water == room.water and p.key not in neighbours] \
            or [p for p in places if p.key not in neighbours] or places
        room.place = rng.choice(pool)


def _name(rng: random.Random, theme: Theme, room: RoomPlan, used: set[str]) -> str:
    assert room.place is not None
    name = ""
    for _ in range(8):
        name = fill(rng, theme, rng.choice(room.place.names))
        if name.lower() not in used:
            break
    spares = list(SPARE_NAMES)
    while name.lower() in used:
        name = f"{spares.pop(rng.randrange(len(spares)))} {name}" if spares else f"{name} {len(used)}"
    used.add(name.lower())
    return name


def _scenery(rng: random.Random, place: Place) -> list[Scenery]:
    return rng.sample(place.scenery, min(2, len(place.scenery)))


def _describe(rng: random.Random, blueprint: Blueprint, room: RoomPlan) -> str:
    theme = blueprint.theme
    assert room.place is not None
    # One material and one colour a room, so its scenery reads the same in the room's text and on examining.
    fixed = {key: rng.choice(theme.words[key]) for key in theme.ROOM_FIXED if key in theme.words}
    sentences = [fill(rng, theme, rng.choice(room.place.openers), **fixed)]
    wheres = rng.sample(theme.words["where"], len(room.scenery))  # never the same place twice in a room
    for scenery, where in zip(room.scenery, wheres, strict=True):
        mention = fill(rng, theme, rng.choice(scenery.mentions), name=scenery.name, **fixed)
        if rng.random() < 0.85:  # where it stands: the same scenery reads differently from room to room
            mention = f"{mention[:-1]}, {where}."
        sentences.append(mention)
    if room.water and not room.place.water:
        name, aliases, description, *mentions = theme.phrases["spring"]
        room.scenery.append(Scenery("spring", name, tuple(aliases.split(",")), (description,), tuple(mentions)))
        sentences.append(fill(rng, theme, rng.choice(mentions), **fixed))
    sentences += room.features
    room.scenery += room.fixed_scenery
    room.scenery_text = {s.id: fill(rng, theme, rng.choice(s.description), **fixed) for s in room.scenery}
    sentences.append(fill(rng, theme, rng.choice(theme.moods)))
    return " ".join(sentences)
