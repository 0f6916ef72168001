"""Writing a blueprint out as an ordinary adventure folder: TOML an author can read and edit.

Room ids become words from the rooms' names (``salt-flat``, ``salt-flat-2``);
items and NPCs already have theirs.  Files: ``adventure.toml`` (the adventure,
the player, the triggers), ``rooms.toml``, ``items.toml``, ``npcs.toml``, and
``tests/walkthrough.transcript`` when a walkthrough is given.  What is written
is a function of the blueprint alone: keys in a fixed order, no timestamps.
"""
from __future__ import annotations

import itertools
import os
import tempfile
from pathlib import Path
from typing import Any

import tomli_w

from game.generate.model import GENERATOR_VERSION, Blueprint, ExitPlan, RoomPlan
from game.generate.people import slug
from game.paths import saves_home
from game.systems.bind.traits import TIER_STATS as BIND_TIERS
from game.systems.maelstrom.build import NPC_ABILITIES, NPC_TIERS
from game.systems.maelstrom.sheet import MENTAL, PHYSICAL
from game.systems.open_adventures.dice import TIER_STATS
from game.systems.opend6.codes import ATTRIBUTES
from game.systems.opend6.make import COMBAT_SKILLS, TIERS
from game.systems.vaarn.combat import TIERS as VAARN_TIERS


def room_ids(blueprint: Blueprint) -> dict[str, str]:
    """The blueprint's room ids (``room-N``) -> the ids written (words of the room's name)."""
    taken = set(blueprint.items) | set(blueprint.npcs)
    names: dict[str, str] = {}
    for room in blueprint.rooms.values():
        base = slug(room.name)
        new, number = base, 2
        while new in taken:
            new, number = f"{base}-{number}", number + 1
        taken.add(new)
        names[room.id] = new
    return names


def adventure_tables(blueprint: Blueprint) -> dict[str, dict[str, Any]]:
    """File name -> the TOML data it holds."""
    ids = room_ids(blueprint)
    theme = blueprint.theme
    goal: dict[str, Any] = {"text": blueprint.goal_text}
    if blueprint.goal_kind == "reach":
        goal["reach"] = ids[blueprint.goal_room]
    elif blueprint.goal_kind == "bring":
        goal.update(reach=ids[blueprint.start], carrying=blueprint.goal_item)
    else:
        goal["defeat"] = blueprint.goal_npc
    adventure: dict[str, Any] = {
        "id": blueprint.adventure_id, "title": blueprint.title, "version": GENERATOR_VERSION,
        "start": ids[blueprint.start], "system": theme.system, "intro": blueprint.intro, "goal": goal,
    }
    main: dict[str, Any] = {
        "adventure": adventure,
        "player": {"name": theme.player, "items": blueprint.player_items, "water": 2, "food": 2},
    }
    if blueprint.triggers:
        main["triggers"] = [_trigger(t, ids) for t in blueprint.triggers]
    rooms = {ids[r.id]: _room(r, ids) for r in blueprint.rooms.values()}
    items = {i.id: _item(i) for i in blueprint.items.values()}
    npcs = {n.id: _npc(n, ids, blueprint.shifts) for n in blueprint.npcs.values()}
    return {"adventure.toml": main, "rooms.toml": {"rooms": rooms}, "items.toml": {"items": items},
            "npcs.toml": {"npcs": npcs}}


def _trigger(trigger: dict[str, Any], ids: dict[str, str]) -> dict[str, Any]:
    out = dict(trigger)
    if "room" in out:
        out["room"] = ids[out["room"]]
    if "open" in out:
        room, _, direction = str(out["open"]).partition("/")
        out["open"] = f"{ids[room]}/{direction}"
    return out


def _exit(plan: ExitPlan, ids: dict[str, str]) -> str | dict[str, Any]:
    if not plan.lock or plan.lock == "guard":
        return ids[plan.to]
    out: dict[str, Any] = {"to": ids[plan.to]}
    for key in ("name", "locked_by", "force"):
        if getattr(plan, key):
            out[key] = getattr(plan, key)
    if plan.lock == "hidden":
        out["hidden"] = True
        out["find"] = {"check": "perceive", "difficulty": plan.find or "normal"}
    if plan.description:
        out["description"] = plan.description
    return out


def _room(room: RoomPlan, ids: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": room.name, "description": room.description, "travel_minutes": room.travel,
                           "exits": {d: _exit(e, ids) for d, e in room.exits.items()}}
    if room.items:
        out["items"] = list(room.items)
    if room.npcs:
        out["npcs"] = list(room.npcs)
    if room.water:
        out["water_source"] = True
    if room.settlement:
        out["settlement"] = True
    if room.search:
        out["search"] = room.search
        out["search_items"] = list(room.search_items)
    if room.dark:
        out["dark"] = {"not_flag": room.dark_flag}
    if room.scenery:
        out["scenery"] = {s.id: _scenery(room, s) for s in room.scenery}
    if room.shut_features:
        out["descriptions"] = _opened_descriptions(room)
    return out


def _opened_descriptions(room: RoomPlan) -> list[dict[str, Any]]:
    """The room's text once its shut ways open: one entry for each set of open ways, the largest first
    (the first entry that holds wins), each with the shut sentences of those ways said open."""
    shut = list(room.shut_features.items())
    entries: list[dict[str, Any]] = []
    for size in range(len(shut), 0, -1):
        for chosen in itertools.combinations(shut, size):
            text = room.description
            for sentence, (_direction, opened) in chosen:
                text = text.replace(sentence, opened)
            entries.append({"when": {"exit_open": [d for _s, (d, _o) in chosen] if size > 1 else chosen[0][1][0]},
                            "text": text})
    return entries


def _scenery(room: RoomPlan, scenery: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": scenery.name, "aliases": list(scenery.aliases),
                           "description": room.scenery_text[scenery.id]}
    if scenery.kind:
        out.update(kind=scenery.kind, closed=True, contents=list(room.holders.get(scenery.id, [])))
    if scenery.id in room.opened_text:
        direction, text = room.opened_text[scenery.id]
        out["descriptions"] = [{"when": {"exit_open": direction}, "text": text}]
    return out


def _item(item: Any) -> dict[str, Any]:
    thing = item.thing
    out: dict[str, Any] = {"name": thing.name, "kind": item.kind, "aliases": list(thing.aliases),
                           "description": thing.description}
    if item.fixed:
        out["fixed"] = True
    out.update(item.keys)
    return out


def _npc(npc: Any, ids: dict[str, str], shifts: dict[str, int]) -> dict[str, Any]:
    person = npc.person
    out: dict[str, Any] = {"name": person.name, "aliases": list(person.aliases), "description": person.description,
                           "disposition": npc.disposition, "behaviour": npc.behaviour, "tier": npc.tier,
                           "creature": person.creature}
    if person.pronoun != "it":
        out["pronoun"] = person.pronoun
    if person.attack:
        out["attack"] = person.attack
    if person.talk:
        out["talk"] = person.talk
    if person.topics:
        out["topics"] = dict(person.topics)
    if npc.items:
        out["items"] = list(npc.items)
    if npc.blocks:
        out["blocks"] = npc.blocks
    if npc.route:
        out["route"] = [ids[r] for r in npc.route]
    if npc.disposition == "hostile":
        tables = {system: shifted_stats(system, npc.tier + shift) for system, shift in sorted(shifts.items()) if shift}
        if tables:
            out["stats"] = tables
    return out


#: The generator's row below each table's tier 1 (a house rule of the generator, docs/generating.md): how the
#: fairness step makes a tier-1 foe weaker under BIND and Maelstrom, whose scripted player loses most.
BIND_TIER_0 = {"strength": -1, "dexterity": -1, "speed": 0, "wits": 0, "combat": 0, "projectiles": 0,
               "vigilance": 0, "hp": 4, "dr": 0, "covering": 0}
MAELSTROM_TIER_0 = {"physical": 1, "mental": 2, "ability": 1, "willpower": 1, "armor": 0}


def shifted_stats(system: str, tier: int) -> dict[str, Any]:
    """The stat table of ``tier``'s row of a system's own NPC table (docs/rules/<id>.md, "NPCs by tier"):
    how the fairness step makes one system's foes tougher or weaker while the others keep the NPC's tier.
    BIND and Maelstrom go one row below tier 1 (the generator's own), the others stop at tier 1."""
    if system == "bind":
        tier = max(0, min(5, tier))
        return dict(BIND_TIER_0) if tier == 0 else dict(BIND_TIERS[tier])
    if system == "maelstrom":
        return _maelstrom_stats(max(0, min(5, tier)))
    tier = max(1, min(5, tier))
    if system == "open_adventures":
        return dict(TIER_STATS[tier])
    if system == "vaarn":
        level, armour, morale, attacks = VAARN_TIERS[tier]
        return {"level": level, "armor": armour, "morale": morale, "attacks": attacks}
    attribute, combat, armor = TIERS[tier]
    return {**{name: attribute for name in ATTRIBUTES}, "skills": {skill: combat for skill in COMBAT_SKILLS},
            "armor": armor}


def _maelstrom_stats(tier: int) -> dict[str, Any]:
    """A Maelstrom stat table of one row: every physical and mental attribute, the NPC abilities, Willpower,
    armour (the shape of ``npc_from_tier``, laid over the NPC's own tier by ``apply_stats``)."""
    row = MAELSTROM_TIER_0 if tier == 0 else NPC_TIERS[tier]
    return {"attributes": {**{name: row["physical"] for name in PHYSICAL}, **{name: row["mental"] for name in MENTAL}},
            "abilities": {name: row["ability"] for name in NPC_ABILITIES},
            "willpower": row["willpower"], "armor": row["armor"]}


HEADER = ("# Generated by wayfarer generate (generator {version}): theme {theme}, size {size}, seed {seed}.\n"
          "# An ordinary adventure: edit it as you like (docs/authoring.md); `wayfarer generate` with the same\n"
          "# seed, theme and size writes it again as it was.\n\n")


def render(blueprint: Blueprint, walkthrough: str | None) -> dict[str, str]:
    """Relative path -> the text of each file of the folder."""
    header = HEADER.format(version=GENERATOR_VERSION, theme=blueprint.theme.id, size=blueprint.size,
                           seed=blueprint.seed)
    files = {name: header + tomli_w.dumps(data, multiline_strings=False)
             for name, data in adventure_tables(blueprint).items()}
    if walkthrough is not None:
        files["tests/walkthrough.transcript"] = walkthrough
    return files


def write_folder(folder: Path, files: dict[str, str]) -> None:
    """Write ``files`` under ``folder`` (made if need be), each atomically; stale ``.toml`` files removed."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.toml"):
        if stale.name not in files:
            stale.unlink()
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, path)


def generated_home(saves: str | None) -> Path:
    """Where generated adventures go without ``--out``: ``generated/`` in the saves home."""
    return saves_home(saves).path / "generated"
