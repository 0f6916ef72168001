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

import re
import textwrap
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from game.world.content import DIRECTIONS, OPPOSITE, Adventure, ExitDef, RoomDef, When
from game.world.schema import trigger_name

#: Grid steps of the compass directions (x grows east, y grows south).
STEPS: dict[str, tuple[int, int]] = {
    "north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
    "northeast": (1, -1), "northwest": (-1, -1), "southeast": (1, 1), "southwest": (-1, 1),
}
#: Where a room up, down, in or out goes when its place is free (no compass says): above, below, beside.
_OFF_COMPASS: dict[str, tuple[int, int]] = {"up": (0, -1), "down": (0, 1), "in": (1, 0), "out": (-1, 0)}
#: The widest a text map may be, in columns (wider maps shorten names and cells to fit).
MAX_COLUMNS = 100
_LABEL_WIDTH = 26


@dataclass(frozen=True)
class Link:
    """One way between two rooms (both directions merged when they match)."""

    room: str
    exit: ExitDef
    back: ExitDef | None
    #: The triggers (by name) that open this way or its way back: a way with no key.
    opened_by: tuple[str, ...] = ()

    @property
    def locked(self) -> bool:
        return bool(self.exit.locked_by or (self.back and self.back.locked_by)) and not self.opened_by

    @property
    def hidden(self) -> bool:
        return self.exit.hidden or bool(self.back and self.back.hidden)

    @property
    def vertical(self) -> bool:
        """Up or down (or in or out): a way no compass direction draws."""
        return self.exit.direction not in STEPS


def layout(adventure: Adventure) -> dict[str, tuple[int, int]]:
    """A grid cell for every room, following the compass from the start: a room whose cell is taken
    goes further the same way (a room east stays east), else to the nearest free cell."""
    cells: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()

    def place(room_id: str, origin: tuple[int, int], step: tuple[int, int], beside: bool = False) -> None:
        cell = _free_along(origin, step, taken, beside)
        cells[room_id] = cell
        taken.add(cell)

    order = [adventure.start] if adventure.start in adventure.rooms else []
    order += [r for r in adventure.rooms if r not in order]
    for root in order:
        if root in cells:
            continue
        place(root, (0, max((y for _, y in taken), default=-2) + 2) if taken else (0, 0), (0, 0))
        queue = deque([root])
        while queue:
            here = queue.popleft()
            compass = sorted(adventure.rooms[here].exits.values(), key=lambda e: e.direction not in STEPS)
            for exit_def in compass:  # the compass first: up and down take what is left
                if exit_def.to in cells or exit_def.to not in adventure.rooms:
                    continue
                step = STEPS.get(exit_def.direction) or _OFF_COMPASS.get(exit_def.direction, (1, 1))
                place(exit_def.to, cells[here], step, exit_def.direction not in STEPS)
                queue.append(exit_def.to)
    return cells


#: Where a room up, down, in or out may go beside its room, in order (each a neighbour: the link is straight).
_BESIDE: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    (0, -1): ((0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0)),
    (0, 1): ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)),
    (1, 0): ((1, 0), (1, -1), (1, 1)),
    (-1, 0): ((-1, 0), (-1, -1), (-1, 1)),
}


def _free_along(origin: tuple[int, int], step: tuple[int, int], taken: set[tuple[int, int]],
                beside: bool = False) -> tuple[int, int]:
    """The first free cell one, two or three steps from ``origin`` along ``step``, else the nearest free one;
    with ``beside`` (up, down, in, out), first any free neighbour in :data:`_BESIDE`'s order."""
    if step == (0, 0):
        return _free_near(origin, taken)
    for dx, dy in _BESIDE.get(step, ()) if beside else ():
        if (origin[0] + dx, origin[1] + dy) not in taken:
            return origin[0] + dx, origin[1] + dy
    for distance in (1, 2, 3):
        cell = (origin[0] + step[0] * distance, origin[1] + step[1] * distance)
        if cell not in taken:
            return cell
    return _free_near((origin[0] + step[0], origin[1] + step[1]), taken)


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
            ways = {f"{room.id}/{exit_def.direction}", *([f"{exit_def.to}/{back.direction}"] if back else [])}
            opened_by = tuple(trigger_name(i) for i, t in enumerate(adventure.triggers) if ways & set(t.open))
            found.append(Link(room.id, exit_def, back, opened_by))
    return found


def marks(adventure: Adventure, room: RoomDef) -> str:
    """``*@~$#`` marks of a room: start, goal, water, settlement, dark."""
    return "".join(mark for mark, on in (
        ("*", room.id == adventure.start), ("@", room.id in goal_rooms(adventure)), ("~", room.water_source),
        ("$", room.settlement), ("#", room.dark is not None)) if on)


def goal_rooms(adventure: Adventure) -> set[str]:
    """The goal's room, and the rooms the winning triggers fire in."""
    rooms = {adventure.goal.reach} if adventure.goal.reach else set()
    return rooms | {r for t in adventure.triggers if t.end == "won" for r in t.rooms}


def contents(adventure: Adventure, room: RoomDef) -> tuple[list[str], list[str]]:
    """The NPCs (and wanderers passing) and items of a room as names (goal ones marked ``@``, search
    finds ``?``, what is in or on a thing after it in brackets)."""
    goal = adventure.goal
    npcs = [adventure.npcs[n].name + ("@" if n in goal.defeat else "") + (" (walks)" if adventure.npcs[n].route else "")
            for n in room.npcs if n in adventure.npcs]
    npcs += [f"{npc.name} (passes)" for npc_id, npc in adventure.npcs.items()
             if room.id in npc.route and npc_id not in room.npcs]
    items = [_item_words(adventure, i) for i in room.items if i in adventure.items]
    items += [adventure.items[i].name + "?" + ("@" if i in goal.carrying else "")
              for i in room.search_items if i in adventure.items]
    for scenery in room.scenery.values():
        held = [_item_words(adventure, i) for i in scenery.contents if i in adventure.items]
        if held:
            items.append(f"{scenery.name} ({', '.join(held)})")
    return npcs, items


def _item_words(adventure: Adventure, item_id: str) -> str:
    item = adventure.items[item_id]
    held = [_item_words(adventure, i) for i in item.contents if i in adventure.items and i != item_id]
    return item.name + ("@" if item_id in adventure.goal.carrying else "") + (f" ({', '.join(held)})" if held else "")


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


def shorten(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, cut after a whole word with ``…`` (mid-word only when its
    first word alone is longer)."""
    if len(text) <= width:
        return text
    words, kept = re.findall(r"[^ -]+-?", text), ""  # a hyphen ends a word too: Under-Channel
    for word in words:
        longer = f"{kept} {word}" if kept and not kept.endswith("-") else kept + word
        if len(longer) > width - 1:
            break
        kept = longer
    return (kept or text[: width - 1]).rstrip(" ,;-") + "…"


def _label(adventure: Adventure, room: RoomDef, number: int, width: int = _LABEL_WIDTH) -> str:
    """``[12 Wind Canyon*]`` in at most ``width`` characters: the number always, then as many whole
    words of the name as fit (``[12 Wind…]``), or the number alone (the key below names every room)."""
    mark = marks(adventure, room)
    room_width = width - 2 - len(mark)
    text = f"{number} {room.name}"
    if len(text) > room_width:
        kept = shorten(room.name, room_width - len(str(number)) - 1)
        whole_word = kept.endswith("…") and len(kept) > 1 and room.name.startswith(kept[:-1]) and \
            (len(kept) - 1 == len(room.name) or room.name[len(kept) - 1] in " -" or kept[-2] == "-")
        text = f"{number} {kept}" if whole_word else str(number)
    return f"[{text}{mark}]"


def _text(adventure: Adventure) -> str:
    """The text map: one drawing when it fits :data:`MAX_COLUMNS`, else parts of whole columns,
    west to east, each repeating the last column of the one before (so a link between
    neighbouring columns is drawn whole in one of them), as a mapmaker splits a wide map
    over sheets.  A link no part can draw is listed under the map."""
    numbers = {room_id: index for index, room_id in enumerate(adventure.rooms, 1)}
    drawings, undrawn = text_parts(adventure)
    body: list[str] = []
    for index, lines in enumerate(drawings, 1):
        if len(drawings) > 1:
            body += [f"Part {index} of {len(drawings)}, west to east"
                     + (f" (its first column ends part {index - 1})" if index > 1 else "") + ":", ""]
        body += lines + [""]
    others = [_link_words(adventure, link, numbers) for link in undrawn]
    legend = [f"{adventure.title}: {len(adventure.rooms)} rooms.",
              "Rooms: * start, @ goal, ~ water, $ settlement, # dark; items: ? found by searching.",
              "Links: = or H locked, . or : hidden, + opened by a trigger, ^ up or down (else listed below)."]
    legend += [f"Goal: {words}." for words in goal_lines(adventure)]
    notes = [wrapped for line in legend + [""] for wrapped in _wrap(line)]
    key = [wrapped for line in _key(adventure, numbers, others) for wrapped in _wrap(line)]
    return "\n".join(notes + body + key)


def text_parts(adventure: Adventure) -> tuple[list[list[str]], list[Link]]:
    """The text map's drawing in parts (one when it fits), and the links no part draws."""
    cells = layout(adventure)
    numbers = {room_id: index for index, room_id in enumerate(adventure.rooms, 1)}
    full = {r: _label(adventure, adventure.rooms[r], numbers[r]) for r in cells}
    natural = {x: max(len(full[r]) for r, c in cells.items() if c[0] == x) for x in {x for x, _ in cells.values()}}
    every = links(adventure)
    drawn: set[int] = set()
    drawings = []
    for columns in _parts(natural):
        lines, done = _draw_part(adventure, cells, numbers, {x: natural[x] for x in columns}, every)
        drawings.append(lines)
        drawn |= done
    return drawings, [link for index, link in enumerate(every) if index not in drawn]


def _draw_part(adventure: Adventure, cells: dict[str, tuple[int, int]], numbers: dict[str, int],
               natural: dict[int, int], every: list[Link]) -> tuple[list[str], set[int]]:
    """The drawing of the rooms in the columns of ``natural`` (their widest labels), and the indexes
    in ``every`` of the links it drew; blank rows above and below its rooms left out."""
    here = {r: c for r, c in cells.items() if c[0] in natural}
    widths = _column_widths(natural)
    starts: dict[int, int] = {}
    col = 0
    for x in sorted(widths):
        starts[x] = col
        col += widths[x] + _GAP
    y0 = min(y for _, y in cells.values())
    height = max(y for _, y in cells.values()) - y0 + 1
    canvas = [[" "] * col for _ in range(height * 2 - 1)]
    at = {cell: room_id for room_id, cell in cells.items()}

    def put(row: int, column: int, text: str) -> None:
        for offset, char in enumerate(text):
            if 0 <= row < len(canvas) and 0 <= column + offset < len(canvas[row]):
                canvas[row][column + offset] = char

    labels = {r: _label(adventure, adventure.rooms[r], numbers[r], widths[here[r][0]]) for r in here}
    for room_id, (x, y) in here.items():
        put((y - y0) * 2, starts[x], labels[room_id])
    done = set()
    for index, link in enumerate(every):
        if link.room in here and link.exit.to in here and \
                _draw_text_link(link, here[link.room], here[link.exit.to], at, put, labels, (starts, y0)):
            done.add(index)
    lines = ["".join(row).rstrip() for row in canvas]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines, done


#: Spaces between two columns of the text map (where a link is drawn).
_GAP = 4
#: The narrowest a label is made before a map is split into parts (``[12 Wind Canyon]``).
_READABLE_LABEL = 16


def _fits(widths: list[int]) -> bool:
    return sum(widths) + _GAP * (len(widths) - 1) <= MAX_COLUMNS


def _parts(natural: dict[int, int]) -> list[list[int]]:
    """The grid's columns in parts that each fit :data:`MAX_COLUMNS` with labels no narrower than
    :data:`_READABLE_LABEL`: all in one when they do; else runs of whole columns, each part
    beginning with the last column of the one before."""
    columns = sorted(natural)
    readable = [min(natural[x], _READABLE_LABEL) for x in columns]
    if _fits(readable):
        return [columns]
    parts: list[list[int]] = []
    first = 0
    while True:
        last = first + 1
        while last + 1 < len(columns) and _fits(readable[first:last + 2]):
            last += 1
        parts.append(columns[first:last + 1])
        if last >= len(columns) - 1:
            return parts
        first = last


def _column_widths(natural: dict[int, int]) -> dict[int, int]:
    """Each column's label width: its widest label, the widest columns narrowed one at a time until the
    map fits :data:`MAX_COLUMNS` (or every column is down to the narrowest label worth reading)."""
    widths = dict(natural)
    while sum(widths.values()) + _GAP * (len(widths) - 1) > MAX_COLUMNS:
        widest = max(widths, key=lambda x: (widths[x], -x))
        if widths[widest] <= _READABLE_LABEL:
            break
        widths[widest] -= 1
    return widths


def _wrap(line: str) -> list[str]:
    """A line of the legend or key in lines of at most :data:`MAX_COLUMNS`, broken after words, the
    rest indented."""
    if len(line) <= MAX_COLUMNS:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return textwrap.wrap(line, MAX_COLUMNS, subsequent_indent=indent, break_on_hyphens=False) or [line]


def _draw_text_link(link: Link, a: tuple[int, int], b: tuple[int, int], at: dict[tuple[int, int], str],
                    put: Callable[[int, int, str], None], labels: dict[str, str],
                    origin: tuple[dict[int, int], int]) -> bool:
    """Draw a link that runs straight (across or up and down past no room, or at 45° to a neighbour);
    False when it cannot be drawn so (it is then listed under the map)."""
    starts, y0 = origin
    dx, dy = b[0] - a[0], b[1] - a[1]
    steps = max(abs(dx), abs(dy))
    if steps == 0 or (dx and dy and steps != 1):
        return False
    ux, uy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if any((a[0] + ux * k, a[1] + uy * k) in at for k in range(1, steps)):
        return False
    glyph = _glyph(link, "-" if dy == 0 else "|" if dx == 0 else ("/" if ux * uy < 0 else "\\"))
    if dy == 0:
        left, right = (a, b) if a[0] < b[0] else (b, a)
        start = starts[left[0]] + len(labels[at[left]])
        length = starts[right[0]] - start
        line = glyph * length
        if link.vertical and length > 2 and glyph in "-|/\\":
            line = line[: length // 2] + "^" + line[length // 2 + 1:]
        put((a[1] - y0) * 2, start, line)
        return True
    top, bottom = (a, b) if a[1] < b[1] else (b, a)
    for k in range(steps * 2 - 1):
        row = (top[1] - y0) * 2 + 1 + k
        if dx == 0:
            column = starts[a[0]] + 2
        else:
            column = starts[max(top[0], bottom[0])] - 2
        put(row, column, "^" if link.vertical and k == steps - 1 and glyph in "-|/\\" else glyph)
    return True


def _glyph(link: Link, char: str) -> str:
    if link.opened_by:
        return "+"
    if link.locked:
        return {"-": "=", "|": "H"}.get(char, char)
    if link.hidden:
        return {"-": ".", "|": ":"}.get(char, char)
    return char


def _dash(char: str, link: Link) -> str:
    return _glyph(link, char)


def _link_words(adventure: Adventure, link: Link, numbers: dict[str, int]) -> str:
    a, b = adventure.rooms[link.room], adventure.rooms[link.exit.to]
    notes = _exit_notes(adventure, link.room, link.exit)
    back = f" / {link.back.direction}{_exit_notes(adventure, b.id, link.back)}" if link.back else " (one way)"
    return f"{numbers[a.id]} {a.name} {link.exit.direction}{notes} -> {numbers[b.id]} {b.name}{back}"


def _exit_notes(adventure: Adventure, room_id: str, exit_def: ExitDef) -> str:
    notes = []
    if exit_def.locked_by:
        notes.append(f"locked by {exit_def.locked_by}")
    openers = [trigger_name(i) for i, t in enumerate(adventure.triggers) if f"{room_id}/{exit_def.direction}" in t.open]
    if exit_def.locked or (openers and not exit_def.locked_by):
        notes.append(f"opened by {' or '.join(openers)}" if openers else "shut")
    elif openers:
        notes.append(f"or {' or '.join(openers)}")
    if exit_def.hidden:
        notes.append("hidden")
    return f" ({', '.join(notes)})" if notes else ""


def goal_lines(adventure: Adventure) -> list[str]:
    """The goal in words: the goal table's, then each trigger that wins, in its own words
    (``put the silver reliquary on the altar (triggers[4])``)."""
    found = [_goal_words(adventure)] if _goal_words(adventure) else []
    found += [f"{words} ({trigger_name(index)})" for index, words in _winning_triggers(adventure)]
    return found


def _goal_words(adventure: Adventure) -> str:
    goal, parts = adventure.goal, []
    if goal.reach and goal.reach in adventure.rooms:
        parts.append(f"reach {adventure.rooms[goal.reach].name}")
    parts += [f"carry the {adventure.items[i].name}" for i in goal.carrying if i in adventure.items]
    parts += [f"defeat the {adventure.npcs[n].name}" for n in goal.defeat if n in adventure.npcs]
    return ", ".join(parts)


def _winning_triggers(adventure: Adventure) -> list[tuple[int, str]]:
    """Each trigger that ends the run won, in words: ``read or examine the message in Foyer Bar``."""
    found = []
    for index, trigger in enumerate(adventure.triggers):
        if trigger.end != "won":
            continue
        rooms = " or ".join(adventure.rooms[r].name for r in trigger.rooms if r in adventure.rooms)
        where = f" in {rooms}" if rooms else ""
        when = _when_words(adventure, trigger.when)
        if trigger.on == "action":
            things = " or ".join(f"the {_thing_name(adventure, t)}" for t in trigger.things)
            targets = " or ".join(f"the {_thing_name(adventure, t)}" for t in trigger.targets)
            words = " or ".join(trigger.verbs) or "any action"
            found.append((index, f"{words}{' ' + things if things else ''}{' with ' + targets if targets else ''}"
                                 f"{where}{', ' + when if when else ''}"))
        elif trigger.on == "enter":
            found.append((index, f"enter {rooms or 'a room'}{', ' + when if when else ''}"))
        elif trigger.on == "when":
            found.append((index, f"{when or 'a condition'}{where}"))
        else:
            found.append((index, f"leave {rooms or 'a room'}"))
    return found


def _when_words(adventure: Adventure, when: When | None) -> str:
    """The conditions of a ``when`` in words, those a player brings about (what is carried, put, done)."""
    if when is None:
        return ""
    parts = [f"carrying the {_thing_name(adventure, i)}" for i in when.carrying]
    parts += [f"the {_thing_name(adventure, i)} in or on the {_thing_name(adventure, h)}" for i, h in when.item_in.items()]
    parts += [f"the {_thing_name(adventure, i)} left here" for i in when.item_here]
    parts += [f"the {_thing_name(adventure, n)} dead" for n in when.npc_dead]
    parts += [f"the {_thing_name(adventure, n)} down" for n in when.npc_down]
    parts += [f"flag {f}" for f in when.flag]
    parts += [f"not carrying the {_thing_name(adventure, i)}" for i in when.not_carrying]
    if when.dark is not None:
        parts.append("in the dark" if when.dark else "in the light")
    return ", ".join(parts)


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
        ways = [f"{e.direction}{_exit_notes(adventure, room_id, e)}" for e in room.exits.values()
                if e.lockable or e.hidden]
        parts = [f"{number} {room.name} ({room_id}){' ' + marks(adventure, room) if marks(adventure, room) else ''}"]
        if npcs:
            parts.append("NPCs: " + ", ".join(npcs))
        if items:
            parts.append("items: " + ", ".join(items))
        if ways:
            parts.append("ways: " + ", ".join(ways))
        lines.append("; ".join(parts))
    wanderers = [(npc.name, npc.route) for npc in adventure.npcs.values() if npc.route]
    if wanderers:
        lines += ["", "Wanderers:"] + [
            f"  {name}: " + " -> ".join(f"{numbers[r]} {adventure.rooms[r].name}" for r in route if r in numbers)
            for name, route in wanderers]
    if others:
        lines += ["", "Other links:"] + [f"  {line}" for line in others]
    return lines


# -- DOT ----------------------------------------------------------------------------
def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _dot(adventure: Adventure) -> str:
    lines = [f"digraph {_quote(adventure.id)} {{", "  node [shape=box];"]
    goals = goal_rooms(adventure)
    for room in adventure.rooms.values():
        npcs, items = contents(adventure, room)
        label = "\\n".join([room.name + (" " + marks(adventure, room) if marks(adventure, room) else "")]
                           + (["NPCs: " + ", ".join(npcs)] if npcs else []) + (["items: " + ", ".join(items)] if items else []))
        style = []
        if room.id == adventure.start:
            style.append("style=bold")
        if room.id in goals:
            style.append("peripheries=2")
        if room.dark is not None:
            style.append("fillcolor=gray80, style=filled" if room.id != adventure.start else "fillcolor=gray80")
        extra = (", " + ", ".join(style)) if style else ""
        lines.append(f"  {_quote(room.id)} [label={_quote(label).replace(chr(92) * 2 + 'n', chr(92) + 'n')}{extra}];")
    for room in adventure.rooms.values():
        for exit_def in room.exits.values():
            attrs = [f"label={_quote(exit_def.direction + _exit_notes(adventure, room.id, exit_def))}"]
            if exit_def.hidden:
                attrs.append("style=dashed")
            opened = any(f"{room.id}/{exit_def.direction}" in t.open for t in adventure.triggers)
            if opened:
                attrs.append("color=purple")
            elif exit_def.locked_by:
                attrs.append("color=red")
            lines.append(f"  {_quote(room.id)} -> {_quote(exit_def.to)} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines)


# -- SVG ----------------------------------------------------------------------------
_BOX_W, _BOX_H, _GAP_X, _GAP_Y = 200, 78, 90, 60
#: Characters of 12-pixel text that fit in a box (about 7 pixels a character, less the margins).
_BOX_CHARS = 26
_COLOURS = {"locked": "#c0392b", "opened": "#7d3c98", "plain": "#333"}


def _svg(adventure: Adventure) -> str:
    """A standalone SVG drawing of the text map's layout (no Graphviz needed).

    Every link is drawn, up and down included. One between neighbours runs straight from box to box;
    any other runs along the lanes between the rows and columns of boxes (out of its room, along the
    lane, down the lane beside its other room, into it), so no line crosses a box. Labels sit in the
    gaps, drawn over everything with a white halo, so no box hides one.
    """
    cells = layout(adventure)
    xs = [x for x, _ in cells.values()] or [0]
    ys = [y for _, y in cells.values()] or [0]
    x0, y0 = min(xs), min(ys)
    step_x, step_y = _BOX_W + _GAP_X, _BOX_H + _GAP_Y
    goals = goal_lines(adventure)
    top = 50 + 16 * len(goals)
    width = max((max(xs) - x0 + 1) * step_x + 20, 40 + 7 * max((len(g) + 6 for g in goals), default=0))
    height = (max(ys) - y0 + 1) * step_y + top + 20

    def corner(room_id: str) -> tuple[int, int]:
        x, y = cells[room_id]
        return 20 + (x - x0) * step_x, top + (y - y0) * step_y

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f"<title>{escape(adventure.title)}</title>",
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
           f'<text x="20" y="24" font-size="16" font-weight="bold">{escape(adventure.title)}</text>']
    for index, words in enumerate(goals or ["(none: explore)"]):
        out.append(f'<text x="20" y="{42 + 16 * index}" fill="#555">{escape("Goal: " + words)}</text>')
    labels: list[str] = []
    routed = 0
    for link in links(adventure):
        points, label_at = _route(cells[link.room], cells[link.exit.to], corner, link.room, link.exit.to, routed)
        routed += len(points) > 2
        kind = "opened" if link.opened_by else "locked" if link.locked else "plain"
        dash = ' stroke-dasharray="6 4"' if link.hidden else ""
        path = " ".join(f"{x},{y}" for x, y in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{_COLOURS[kind]}" stroke-width="2"{dash}/>')
        words = _short_direction(link) + (" locked" if link.locked else "") + (" hidden" if link.hidden else "") \
            + (f" {link.opened_by[0]}" if link.opened_by else "")
        labels.append(f'<text x="{label_at[0]}" y="{label_at[1]}" fill="{_COLOURS[kind]}" font-size="10" '
                      f'text-anchor="middle" stroke="white" stroke-width="3" paint-order="stroke">{escape(words)}</text>')
    for room_id, room in adventure.rooms.items():
        out += _svg_room(adventure, room, corner(room_id))
    out += labels
    out.append("</svg>")
    return "\n".join(out)


def _short_direction(link: Link) -> str:
    """``n``/``s``... for a compass link (both ends when the way back is another), ``up``/``down`` in full."""
    short = {d: a for d, a in DIRECTIONS.items() if d in STEPS}
    name = short.get(link.exit.direction, link.exit.direction)
    if link.back is not None and link.back.direction not in (OPPOSITE[link.exit.direction],):
        name += "/" + short.get(link.back.direction, link.back.direction)
    return name


def _route(a: tuple[int, int], b: tuple[int, int], corner: Callable[[str], tuple[int, int]], a_id: str, b_id: str,
           nth: int) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """The points of a link's line and where its label goes: straight between neighbours (nothing can be
    in the way), else out of its room off-centre, along the lane between the rows, down the lane between
    the columns and into the other room; the ``nth`` such link keeps its own lanes, a few pixels over."""
    (ax, ay), (bx, by) = corner(a_id), corner(b_id)
    ca, cb = (ax + _BOX_W // 2, ay + _BOX_H // 2), (bx + _BOX_W // 2, by + _BOX_H // 2)
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) == 1:
        return [ca, cb], ((ca[0] + cb[0]) // 2, (ca[1] + cb[1]) // 2 + 4)
    shift = (nth % 5) * 7 - 14
    start_x = ax + _BOX_W - 24 - (nth % 4) * 10
    lane_y = (ay + _BOX_H + _GAP_Y // 2 if dy >= 0 else ay - _GAP_Y // 2) + shift
    if dx > 0:
        lane_x = bx - _GAP_X // 2 + shift
    elif dx < 0:
        lane_x = bx + _BOX_W + _GAP_X // 2 + shift
    else:  # the same column: in the lane on its right
        lane_x = ax + _BOX_W + _GAP_X // 2 + shift
    end_y = cb[1] + 10 + (nth % 3) * 6
    points = [(start_x, ca[1]), (start_x, lane_y), (lane_x, lane_y), (lane_x, end_y), (cb[0], end_y)]
    return points, ((start_x + lane_x) // 2, lane_y + 4)


def _svg_room(adventure: Adventure, room: RoomDef, at: tuple[int, int]) -> list[str]:
    x, y = at
    npcs, items = contents(adventure, room)
    goal = room.id in goal_rooms(adventure)
    stroke = "#b8860b" if goal else "#222"
    weight = 4 if room.id == adventure.start or goal else 1.5
    fill = "#d5d8dc" if room.dark is not None else "#e8f4fb" if room.water_source else "#fafafa"
    out = [f'<rect x="{x}" y="{y}" width="{_BOX_W}" height="{_BOX_H}" rx="6" fill="{fill}" '
           f'stroke="{stroke}" stroke-width="{weight}"/>']
    mark = marks(adventure, room)
    rows = [(shorten(room.name, _BOX_CHARS - len(mark) - 1) + (" " + mark if mark else ""), "bold", "#000")]
    if npcs:
        rows.append((shorten("NPCs: " + ", ".join(npcs), _BOX_CHARS + 1), "normal", "#7b241c"))
    if items:
        rows.append((shorten("items: " + ", ".join(items), _BOX_CHARS + 1), "normal", "#1a5276"))
    for index, (text, weight_name, color) in enumerate(rows):
        out.append(f'<text x="{x + 8}" y="{y + 20 + index * 18}" font-weight="{weight_name}" fill="{color}">'
                   f"{escape(text)}</text>")
    return out
