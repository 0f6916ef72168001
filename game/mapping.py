"""The adventure's map as text or Graphviz dot (``wayfarer map``)."""
from __future__ import annotations

from game.world.content import Adventure, ExitDef


def _label(exit_def: ExitDef) -> str:
    notes = []
    if exit_def.locked_by:
        notes.append(f"locked by {exit_def.locked_by}")
    if exit_def.hidden:
        notes.append("hidden")
    return f"{exit_def.direction}{' (' + ', '.join(notes) + ')' if notes else ''}"


def render_map(adventure: Adventure, fmt: str = "text") -> str:
    """Every room and its exits; ``fmt`` is ``text`` or ``dot``."""
    if fmt == "dot":
        return _dot(adventure)
    lines = [f"{adventure.title} ({len(adventure.rooms)} rooms; start: {adventure.start})"]
    for room in adventure.rooms.values():
        marks = [m for m, on in (("start", room.id == adventure.start), ("water", room.water_source),
                                 ("settlement", room.settlement)) if on]
        lines.append(f"{room.id}: {room.name}{' [' + ', '.join(marks) + ']' if marks else ''}")
        for exit_def in room.exits.values():
            lines.append(f"  {_label(exit_def)} -> {exit_def.to}")
    return "\n".join(lines)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _dot(adventure: Adventure) -> str:
    lines = [f"digraph {_quote(adventure.id)} {{", "  node [shape=box];"]
    for room in adventure.rooms.values():
        style = ", style=bold" if room.id == adventure.start else ""
        lines.append(f"  {_quote(room.id)} [label={_quote(room.name)}{style}];")
    for room in adventure.rooms.values():
        for exit_def in room.exits.values():
            dashed = ", style=dashed" if exit_def.hidden or exit_def.locked_by else ""
            lines.append(f"  {_quote(room.id)} -> {_quote(exit_def.to)} [label={_quote(_label(exit_def))}{dashed}];")
    lines.append("}")
    return "\n".join(lines)
