"""The one-screen summary ``generate`` prints: rooms, the chain of steps, foes, merchants, the certificate."""
from __future__ import annotations

from game.generate.certificate import Certificate
from game.generate.emit import room_ids
from game.generate.model import Blueprint


def _holder(blueprint: Blueprint, room: str | None) -> str:
    plan = blueprint.rooms.get(room or "")
    return next((s.name for s in plan.fixed_scenery if s.kind == "container"), "?") if plan else "?"


def chain_lines(blueprint: Blueprint) -> list[str]:
    """The chain of steps to the goal, one line a step, in the words of the written adventure."""
    names = {r.id: r.name for r in blueprint.rooms.values()}
    item = {i.id: i.thing.name for i in blueprint.items.values()}
    npc = {n.id: n.person.name for n in blueprint.npcs.values()}
    lines = []
    for number, lock in enumerate(blueprint.locks, 1):
        where = f"{names[lock.room]}, {lock.direction}"
        if lock.kind == "key" and lock.item:
            got = {"floor": f"lying in {names.get(lock.key_room or '', '?')}",
                   "search": f"found by searching {names.get(lock.key_room or '', '?')}",
                   "dark": f"in the dark of {names.get(lock.key_room or '', '?')} (bring the {item.get(lock.aid or '', '')})",
                   "keeper": f"carried by the {npc.get(lock.npc or '', '?')} in {names.get(lock.key_room or '', '?')}",
                   "container": f"shut in the {_holder(blueprint, lock.key_room)} in {names.get(lock.key_room or '', '?')}",
                   }.get(lock.placement, "")
            step = f"unlock {where} with the {item[lock.item]}, {got}"
        elif lock.kind == "lever" and lock.item and lock.aid:
            lever = next((x.name for x in blueprint.rooms[lock.room].scenery if x.id == lock.item), lock.item)
            step = (f"work the {lever} in {where} with the {item[lock.aid]} "
                    f"from {names.get(lock.aid_room or '', '?')}")
        elif lock.kind == "hidden":
            step = f"find the hidden way at {where}" + (
                f" (the {item[lock.item]} from {names.get(lock.key_room or '', '?')} shows it)" if lock.item else " by searching")
        else:
            step = f"get past the {npc.get(lock.npc or '', '?')} at {where}"
        lines.append(f"  {number}. {step}")
    goal = {"reach": f"reach {names[blueprint.goal_room]}",
            "bring": f"bring the {item.get(blueprint.goal_item or '', '?')} from {names[blueprint.goal_room]} "
                     f"back to {names[blueprint.start]}",
            "defeat": f"defeat {npc.get(blueprint.goal_npc or '', '?')} in {names[blueprint.goal_room]}"}[blueprint.goal_kind]
    lines.append(f"  {len(blueprint.locks) + 1}. {goal}")
    return lines


def summary(blueprint: Blueprint, certificate: Certificate, folder: str) -> list[str]:
    ids = room_ids(blueprint)
    foes = [f"{n.person.name} (tier {n.tier}, {n.role})" for n in blueprint.npcs.values()
            if n.role in ("foe", "guardian", "boss", "keeper")]
    merchants = [f"{n.person.name} in {blueprint.rooms[n.room].name}" for n in blueprint.npcs.values()
                 if n.role == "merchant" and n.room]
    water = sum(1 for r in blueprint.rooms.values() if r.water)
    lines = [f"{blueprint.title} ({blueprint.adventure_id}): {len(blueprint.rooms)} rooms, theme {blueprint.theme.id}, "
             f"seed {blueprint.seed}", f"Written to {folder}", f"Play it: wayfarer play {folder}", "",
             "The chain of steps to the goal:", *chain_lines(blueprint), "",
             f"Foes: {', '.join(foes) or 'none'}", f"Merchants: {', '.join(merchants) or 'none'}",
             f"Water sources: {water}; start: {blueprint.rooms[blueprint.start].name} ({ids[blueprint.start]})", "",
             "Certificate:"]
    lines.append(f"  check: {'clean (no error, no warning)' if certificate.clean else f'{len(certificate.problems)} problems'}")
    for problem in certificate.problems[:5]:
        lines.append(f"    {problem}")
    lines.append(f"  walkthrough (test --all-systems): {certificate.walkthrough}")
    lines.append(f"  dead ends: {certificate.dead_ends} in {certificate.states} puzzle states "
                 f"(shortest win: {certificate.shortest} moves)")
    if certificate.fairness:
        rates = ", ".join(f"{s} {round(r * 100)}%" for s, r in certificate.fairness.items())
        lines.append(f"  fairness (simulate --all-systems --runs 100): {rates}: {certificate.fair.split(':')[0]}")
    else:
        lines.append(f"  fairness: {certificate.fair}")
    if certificate.tuning:
        lines.append(f"  tuned: {'; '.join(certificate.tuning)}")
    return lines
