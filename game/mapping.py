"""The adventure's map (``wayfarer map``): drawn as text, as Graphviz DOT, or as SVG (no Graphviz needed).

Rooms are laid out on a grid by the compass directions of their exits (a
breadth-first walk from the start; a room whose place is taken goes to the
nearest free cell).  Every format marks the start (``*``), the goal room
(``@``), water (``~``), settlements (``$``), the NPCs and items of each room
(items a search reveals are marked ``?``), and locked (``=``/``H``) and
hidden (``.``/``:``) exits.  Links that cannot be drawn as a straight line
between neighbours on the grid (up, down, in, out, long ones) are listed under
the drawing; the goal, and the triggers that win the adventure, above it.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from html import escape

from game.world.content import Adventure, ExitDef, RoomDef
from game.world.schema import trigger_name

#: Grid steps of the compass directions (x grows east, y grows south).
STEPS: dict[str, tuple[int, int]] = {
    "north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
    "northeast": (1, -1), "northwest": (-1, -1), "southeast": (1, 1), "southwest": (-1, 1),
}
_LABEL_WIDTH = 26


@dataclass(frozen=True)
class Link:
    """One way between two rooms (both directions merged when they match)."""

    room: str
    exit: ExitDef
    back: ExitDef | None

    @property
    def locked(self) -> bool:
        return bool(self.exit.locked_by or (self.back and self.back.locked_by))

    @property
    def hidden(self) -> bool:
        return self.exit.hidden or bool(self.back and self.back.hidden)


def layout(adventure: Adventure) -> dict[str, tuple[int, int]]:
    """A grid cell for every room, following the compass from the start."""
    cells: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()

    def place(room_id: str, want: tuple[int, int]) -> None:
        cell = _free_near(want, taken)
        cells[room_id] = cell
        taken.add(cell)

    order = [adventure.start] if adventure.start in adventure.rooms else []
    order += [r for r in adventure.rooms if r not in order]
    for root in order:
        if root in cells:
            continue
        place(root, (0, max((y for _, y in taken), default=-2) + 2) if taken else (0, 0))
        queue = deque([root])
        while queue:
            here = queue.popleft()
            x, y = cells[here]
            for exit_def in adventure.rooms[here].exits.values():
                if exit_def.to in cells or exit_def.to not in adventure.rooms:
                    continue
                dx, dy = STEPS.get(exit_def.direction, (1, 1))
                place(exit_def.to, (x + dx, y + dy))
                queue.append(exit_def.to)
    return cells


def _free_near(want: tuple[int, int], taken: set[tuple[int, int]]) -> tuple[int, int]:
    if want not in taken:
        return want
    for radius in range(1, 1000):
        ring = [(want[0] + dx, want[1] + dy) for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)
                if max(abs(dx), abs(dy)) == radius]
        for cell in sorted(ring, key=lambda c: (abs(c[0] - want[0]) + abs(c[1] - want[1]), c[1], c[0])):
            if cell not in taken:
                return cell
    raise ValueError("no free cell")  # pragma: no cover - a grid of a million rooms


def links(adventure: Adventure) -> list[Link]:
    """Each pair of rooms joined once (the way back merged into it when it leads straight back)."""
    seen: set[tuple[str, str, str]] = set()
    found: list[Link] = []
    for room in adventure.rooms.values():
        for exit_def in room.exits.values():
            if (room.id, exit_def.direction, exit_def.to) in seen or exit_def.to not in adventure.rooms:
                continue
            back = next((e for e in adventure.rooms[exit_def.to].exits.values() if e.to == room.id), None)
            if back is not None:
                seen.add((exit_def.to, back.direction, room.id))
            found.append(Link(room.id, exit_def, back))
    return found


def marks(adventure: Adventure, room: RoomDef) -> str:
    """``*@~$`` marks of a room: start, goal, water, settlement."""
    return "".join(mark for mark, on in (
        ("*", room.id == adventure.start), ("@", room.id == adventure.goal.reach), ("~", room.water_source),
        ("$", room.settlement)) if on)


def contents(adventure: Adventure, room: RoomDef) -> tuple[list[str], list[str]]:
    """The NPCs and items of a room as names (goal ones marked ``@``, search finds ``?``)."""
    goal = adventure.goal
    npcs = [adventure.npcs[n].name + ("@" if n in goal.defeat else "") for n in room.npcs if n in adventure.npcs]
    items = [adventure.items[i].name + ("@" if i in goal.carrying else "") for i in room.items if i in adventure.items]
    items += [adventure.items[i].name + "?" + ("@" if i in goal.carrying else "")
              for i in room.search_items if i in adventure.items]
    return npcs, items


def render_map(adventure: Adventure, fmt: str = "text") -> str:
    """The map as ``text``, ``dot`` or ``svg``."""
    if fmt == "dot":
        return _dot(adventure)
    if fmt == "svg":
        return _svg(adventure)
    return _text(adventure)


# -- text ---------------------------------------------------------------------------
def problem_lines(problems: list[str]) -> list[str]:
    """The problems ``wayfarer check`` finds, listed under a map drawn anyway (each marked ``!``)."""
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    return ["", f"{count} (wayfarer check); the map shows the content as it loaded:"] + [f"! {p}" for p in problems]


def _label(adventure: Adventure, room: RoomDef, number: int) -> str:
    mark = marks(adventure, room)
    text = f"{number} {room.name}"
    room_part = text[: _LABEL_WIDTH - 2 - len(mark)]
    return f"[{room_part}{mark}]"


def _text(adventure: Adventure) -> str:
    cells = layout(adventure)
    numbers = {room_id: index for index, room_id in enumerate(adventure.rooms, 1)}
    xs = [x for x, _ in cells.values()]
    ys = [y for _, y in cells.values()]
    x0, y0 = min(xs, default=0), min(ys, default=0)
    width, height = (max(xs, default=0) - x0 + 1), (max(ys, default=0) - y0 + 1)
    cell_w = _LABEL_WIDTH + 4
    canvas = [[" "] * (width * cell_w) for _ in range(height * 2 - 1)]

    def put(row: int, col: int, text: str) -> None:
        for offset, char in enumerate(text):
            if 0 <= col + offset < len(canvas[row]):
                canvas[row][col + offset] = char

    for room_id, (x, y) in cells.items():
        put((y - y0) * 2, (x - x0) * cell_w, _label(adventure, adventure.rooms[room_id], numbers[room_id]))
    others: list[str] = []
    for link in links(adventure):
        a, b = cells[link.room], cells[link.exit.to]
        dx, dy = b[0] - a[0], b[1] - a[1]
        if link.exit.direction not in STEPS or max(abs(dx), abs(dy)) != 1:
            others.append(_link_words(adventure, link, numbers))
            continue
        row = (min(a[1], b[1]) - y0) * 2 + (0 if dy == 0 else 1)
        left = (min(a[0], b[0]) - x0) * cell_w
        if dy == 0:
            end = len(_label(adventure, adventure.rooms[link.room if a[0] < b[0] else link.exit.to],
                             numbers[link.room if a[0] < b[0] else link.exit.to]))
            put(row, left + end, _dash("-", link) * (cell_w - end))
        elif dx == 0:
            put(row, (a[0] - x0) * cell_w + 2, _dash("|", link))
        else:
            slash = "/" if dx * dy < 0 else "\\"
            put(row, left + cell_w - 2, _dash(slash, link))
    lines = ["".join(row).rstrip() for row in canvas]
    legend = [f"{adventure.title}: {len(adventure.rooms)} rooms. Marks: * start, @ goal, ~ water, $ settlement; "
              "links: = or H locked, . or : hidden; ? found by searching."]
    goal = _goal_words(adventure)
    if goal:
        legend.append(f"Goal: {goal}.")
    legend += [f"Won by {trigger_name(index)}: {words}." for index, words in _winning_triggers(adventure)]
    return "\n".join(legend + [""] + lines + [""] + _key(adventure, numbers, others))


def _dash(char: str, link: Link) -> str:
    if link.locked:
        return {"-": "=", "|": "H"}.get(char, char + char if char in "/\\" else char)[:1]
    if link.hidden:
        return {"-": ".", "|": ":"}.get(char, char)
    return char


def _link_words(adventure: Adventure, link: Link, numbers: dict[str, int]) -> str:
    a, b = adventure.rooms[link.room], adventure.rooms[link.exit.to]
    notes = _exit_notes(link.exit)
    back = f" / {link.back.direction}{_exit_notes(link.back)}" if link.back else " (one way)"
    return f"{numbers[a.id]} {a.name} {link.exit.direction}{notes} -> {numbers[b.id]} {b.name}{back}"


def _exit_notes(exit_def: ExitDef) -> str:
    notes = []
    if exit_def.locked_by:
        notes.append(f"locked by {exit_def.locked_by}")
    if exit_def.hidden:
        notes.append("hidden")
    return f" ({', '.join(notes)})" if notes else ""


def _goal_words(adventure: Adventure) -> str:
    goal, parts = adventure.goal, []
    if goal.reach and goal.reach in adventure.rooms:
        parts.append(f"reach {adventure.rooms[goal.reach].name}")
    parts += [f"carry the {adventure.items[i].name}" for i in goal.carrying if i in adventure.items]
    parts += [f"defeat the {adventure.npcs[n].name}" for n in goal.defeat if n in adventure.npcs]
    return ", ".join(parts)


def _winning_triggers(adventure: Adventure) -> list[tuple[int, str]]:
    """Each trigger that ends the run won, in words: ``read or examine message in Foyer Bar``."""
    found = []
    for index, trigger in enumerate(adventure.triggers):
        if trigger.end != "won":
            continue
        rooms = " or ".join(adventure.rooms[r].name for r in trigger.rooms if r in adventure.rooms)
        where = f" in {rooms}" if rooms else ""
        if trigger.on == "action":
            things = " or ".join(_thing_name(adventure, t) for t in trigger.things)
            words = " or ".join(trigger.verbs) or "any action"
            found.append((index, f"{words}{' ' + things if things else ''}{where}"))
        elif trigger.on == "enter":
            found.append((index, f"entering {rooms or 'a room'}"))
        else:
            found.append((index, f"a condition{where}" if trigger.on == "when" else f"leaving {rooms or 'a room'}"))
    return found


def _thing_name(adventure: Adventure, thing: str) -> str:
    """The name of an item, NPC or piece of scenery a trigger names (a direction as itself)."""
    if thing in adventure.items:
        return adventure.items[thing].name
    if thing in adventure.npcs:
        return adventure.npcs[thing].name
    return next((room.scenery[thing].name for room in adventure.rooms.values() if thing in room.scenery), thing)


def _key(adventure: Adventure, numbers: dict[str, int], others: list[str]) -> list[str]:
    lines = []
    for room_id, number in numbers.items():
        room = adventure.rooms[room_id]
        npcs, items = contents(adventure, room)
        ways = [f"{e.direction}{_exit_notes(e)}" for e in room.exits.values() if e.locked_by or e.hidden]
        parts = [f"{number} {room.name} ({room_id}){' ' + marks(adventure, room) if marks(adventure, room) else ''}"]
        if npcs:
            parts.append("NPCs: " + ", ".join(npcs))
        if items:
            parts.append("items: " + ", ".join(items))
        if ways:
            parts.append("ways: " + ", ".join(ways))
        lines.append("; ".join(parts))
    if others:
        lines += ["", "Other links:"] + [f"  {line}" for line in others]
    return lines


# -- DOT ----------------------------------------------------------------------------
def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _dot(adventure: Adventure) -> str:
    lines = [f"digraph {_quote(adventure.id)} {{", "  node [shape=box];"]
    for room in adventure.rooms.values():
        npcs, items = contents(adventure, room)
        label = "\\n".join([room.name + (" " + marks(adventure, room) if marks(adventure, room) else "")]
                           + (["NPCs: " + ", ".join(npcs)] if npcs else []) + (["items: " + ", ".join(items)] if items else []))
        style = []
        if room.id == adventure.start:
            style.append("style=bold")
        if room.id == adventure.goal.reach:
            style.append("peripheries=2")
        extra = (", " + ", ".join(style)) if style else ""
        lines.append(f"  {_quote(room.id)} [label={_quote(label).replace(chr(92) * 2 + 'n', chr(92) + 'n')}{extra}];")
    for room in adventure.rooms.values():
        for exit_def in room.exits.values():
            attrs = [f"label={_quote(exit_def.direction + _exit_notes(exit_def))}"]
            if exit_def.hidden:
                attrs.append("style=dashed")
            if exit_def.locked_by:
                attrs.append("color=red")
            lines.append(f"  {_quote(room.id)} -> {_quote(exit_def.to)} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines)


# -- SVG ----------------------------------------------------------------------------
_BOX_W, _BOX_H, _GAP_X, _GAP_Y = 190, 74, 70, 56


def _svg(adventure: Adventure) -> str:
    """A standalone SVG drawing of the text map's layout (no Graphviz needed)."""
    cells = layout(adventure)
    xs = [x for x, _ in cells.values()] or [0]
    ys = [y for _, y in cells.values()] or [0]
    x0, y0 = min(xs), min(ys)
    step_x, step_y = _BOX_W + _GAP_X, _BOX_H + _GAP_Y
    width = (max(xs) - x0 + 1) * step_x + 20
    height = (max(ys) - y0 + 1) * step_y + 60

    def corner(room_id: str) -> tuple[int, int]:
        x, y = cells[room_id]
        return 20 + (x - x0) * step_x, 50 + (y - y0) * step_y

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f"<title>{escape(adventure.title)}</title>",
           f'<text x="20" y="24" font-size="16" font-weight="bold">{escape(adventure.title)}</text>',
           f'<text x="20" y="40" fill="#555">{escape("Goal: " + _goal_words(adventure))}</text>']
    for link in links(adventure):
        (ax, ay), (bx, by) = corner(link.room), corner(link.exit.to)
        color = "#c0392b" if link.locked else "#333"
        dash = ' stroke-dasharray="6 4"' if link.hidden else ""
        label = link.exit.direction + (" (locked)" if link.locked else "") + (" (hidden)" if link.hidden else "")
        x1, y1, x2, y2 = ax + _BOX_W // 2, ay + _BOX_H // 2, bx + _BOX_W // 2, by + _BOX_H // 2
        curve = "" if link.exit.direction in STEPS else ' transform="translate(12,12)"'
        out.append(f'<g{curve}><line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="2"{dash}/>'
                   f'<text x="{(x1 + x2) // 2 + 4}" y="{(y1 + y2) // 2 - 4}" fill="{color}" font-size="10">'
                   f"{escape(label)}</text></g>")
    for room_id, room in adventure.rooms.items():
        x, y = corner(room_id)
        npcs, items = contents(adventure, room)
        stroke = "#b8860b" if room_id == adventure.goal.reach else "#222"
        weight = 4 if room_id in (adventure.start, adventure.goal.reach) else 1.5
        fill = "#e8f4fb" if room.water_source else "#fafafa"
        out.append(f'<rect x="{x}" y="{y}" width="{_BOX_W}" height="{_BOX_H}" rx="6" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="{weight}"/>')
        title = room.name + (" " + marks(adventure, room) if marks(adventure, room) else "")
        rows = [(title, "bold", "#000")]
        if npcs:
            rows.append(("NPCs: " + ", ".join(npcs), "normal", "#7b241c"))
        if items:
            rows.append(("items: " + ", ".join(items), "normal", "#1a5276"))
        for index, (text, weight_name, color) in enumerate(rows):
            shown = text if len(text) <= 30 else text[:29] + "…"
            out.append(f'<text x="{x + 8}" y="{y + 20 + index * 18}" font-weight="{weight_name}" fill="{color}">'
                       f"{escape(shown)}</text>")
    out.append("</svg>")
    return "\n".join(out)
