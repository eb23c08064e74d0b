"""A drawing of a region's adjacency graph: nodes placed by a deterministic spring embedder,
labels placed where no line runs through them.

Fruchterman and Reingold's spring embedder, started from a circle in the given order and run a
fixed number of steps with a cooling temperature: no randomness, so the same graph gives the
same picture. Then rounds of repair until the drawing says nothing false:

- no link passes through (or grazes) a node it does not join, which would suggest a link to
  that node (a line from A to C running over B reads as two links, A-B and B-C);
- each label takes the first of eight places around its node (below, above, right, left, then
  the diagonals) where it crosses no line and no other node or label; a node whose label finds
  no such place is pushed away from what blocks it, and the round starts again;
- every link between two drawn spaces is drawn, and nothing else (geometry.py checks a
  drawing: the tests run it over every region in every language).

Coordinates are rounded to 0.1 mm so that the SVG's bytes do not depend on floating-point
noise. Units are millimetres: the SVG's viewBox is the drawing's size in mm. Label widths are
measured with DejaVu Sans's advance widths (textwidth.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from compiler.back.sheets.geometry import Box, circle_hits_box, segment_distance, segment_hits_box
from compiler.back.sheets.textwidth import text_width

FONT = 2.5  # label font size, mm (about 7 pt)
LABEL_H = 3.0  # a label's box height
RADIUS = 2.2
CLEAR = 1.4  # a link passes at least this far from the circle of a node it does not join
GAP = 0.4  # between a label and its node, or a label and a line
ROUNDS = 120
ATTEMPTS = 6  # layouts tried, each started from the circle turned a little further, until one is clean
GOLDEN = math.pi * (3 - math.sqrt(5))  # the turn between attempts


@dataclass
class Node:
    id: str
    label: str
    outside: bool = False  # a neighbour from another region
    value: str = ""  # printed inside the node
    marked: bool = False  # drawn filled with the accent colour
    x: float = 0.0
    y: float = 0.0
    lx: float = 0.0  # the label's centre
    ly: float = 0.0

    @property
    def label_width(self) -> float:
        return round(text_width(self.label, FONT) + 0.6, 1)

    @property
    def label_box(self) -> Box:
        w = self.label_width
        return Box(self.lx - w / 2, self.ly - LABEL_H / 2, self.lx + w / 2, self.ly + LABEL_H / 2)

    @property
    def baseline(self) -> float:
        """Where the label's text sits (its baseline), for the SVG."""
        return round(self.ly + 0.36 * FONT, 1)

    def places(self) -> list[tuple[float, float]]:
        """Centres a label may take, in order of preference: below, above, right, left, then
        twelve more places around the node, each box just clear of the node's circle."""
        w, h, reach = self.label_width, LABEL_H, RADIUS + GAP
        out = [(0.0, reach + h / 2), (0.0, -reach - h / 2), (reach + w / 2, 0.0), (-reach - w / 2, 0.0)]
        for step in (1, 3, 5, 7, 2, 6, 9, 11, 13, 15, 10, 14):
            angle = math.pi * step / 8
            cos, sin = math.cos(angle), math.sin(angle)
            out.append((cos * reach + math.copysign(w / 2, cos) * min(1.0, abs(cos) * 3),
                        sin * reach + math.copysign(h / 2, sin) * min(1.0, abs(sin) * 3)))
        return out


@dataclass
class Drawing:
    width: float
    height: float
    nodes: list[Node] = field(default_factory=list)
    edges: list[tuple[Node, Node, bool]] = field(default_factory=list)  # (a, b, to outside)
    clean: bool = True  # every constraint met (see module docstring)


def draw(nodes: list[Node], edges: list[tuple[str, str]], width: float = 180.0,
         height: float | None = None, steps: int = 250) -> Drawing:
    """Place `nodes` (their order seeds the layout) and their labels; return the drawing.

    >>> d = draw([Node("a", "A"), Node("b", "B")], [("a", "b")], 60, 30)
    >>> [(n.x, n.y) for n in d.nodes] == [(n.x, n.y) for n in draw(
    ...     [Node("a", "A"), Node("b", "B")], [("a", "b")], 60, 30).nodes]
    True
    """
    if height is None:
        height = min(150.0, 55.0 + 3.2 * len(nodes))
    by_id = {n.id: n for n in nodes}
    links = [(by_id[a], by_id[b]) for a, b in edges if a in by_id and b in by_id and a != b]
    best: tuple[int, list[tuple[float, float, float, float]]] | None = None
    for attempt in range(ATTEMPTS):  # the same graph always takes the same attempts
        _spring(nodes, links, width, height, steps, attempt * GOLDEN)
        _fit(nodes, width, height)
        _repair(nodes, links, width, height)
        for n in nodes:
            n.lx, n.ly = round(n.lx, 1) + 0.0, round(n.ly, 1) + 0.0
        faults = len(conflicts(nodes, links, width, height))
        if best is None or faults < best[0]:
            best = (faults, [(n.x, n.y, n.lx, n.ly) for n in nodes])
        if faults == 0:
            break
    for n, (x, y, lx, ly) in zip(nodes, best[1] if best else [], strict=True):
        n.x, n.y, n.lx, n.ly = x, y, lx, ly
    drawn = [(a, b, a.outside or b.outside) for a, b in links]
    return Drawing(width, height, nodes, drawn, best is None or best[0] == 0)


def _spring(nodes: list[Node], links: list[tuple[Node, Node]], width: float, height: float,
            steps: int, turn: float = 0.0) -> None:
    count = len(nodes)
    if count == 0:
        return
    for i, n in enumerate(nodes):
        angle = 2 * math.pi * i / count + turn
        n.x, n.y = width / 2 + width / 3 * math.cos(angle), height / 2 + height / 3 * math.sin(angle)
    k = math.sqrt(width * height / count) * 0.75
    temperature = width / 8
    index = {id(n): i for i, n in enumerate(nodes)}
    for _ in range(steps):
        dx = [0.0] * count
        dy = [0.0] * count
        for i in range(count):
            a = nodes[i]
            for j in range(i + 1, count):
                b = nodes[j]
                ex, ey = a.x - b.x, a.y - b.y
                dist = max(math.hypot(ex, ey), 0.01)
                force = k * k / dist
                dx[i] += ex / dist * force
                dy[i] += ey / dist * force
                dx[j] -= ex / dist * force
                dy[j] -= ey / dist * force
        for a, b in links:
            i, j = index[id(a)], index[id(b)]
            ex, ey = a.x - b.x, a.y - b.y
            dist = max(math.hypot(ex, ey), 0.01)
            force = dist * dist / k
            dx[i] -= ex / dist * force
            dy[i] -= ey / dist * force
            dx[j] += ex / dist * force
            dy[j] += ey / dist * force
        for i, n in enumerate(nodes):
            # A little gravity keeps parts without links from drifting away.
            dx[i] += (width / 2 - n.x) * 0.05 * k / 10
            dy[i] += (height / 2 - n.y) * 0.05 * k / 10
            length = max(math.hypot(dx[i], dy[i]), 0.01)
            move = min(length, temperature)
            n.x += dx[i] / length * move
            n.y += dy[i] / length * move
        temperature = max(0.2, temperature * (1 - 1.5 / steps))


def _margin(nodes: list[Node]) -> float:
    return max((n.label_width for n in nodes), default=0.0) / 2 + 1


def _fit(nodes: list[Node], width: float, height: float) -> None:
    """Scale the layout into the drawing, leaving room for the labels."""
    if not nodes:
        return
    min_x, max_x = min(n.x for n in nodes), max(n.x for n in nodes)
    min_y, max_y = min(n.y for n in nodes), max(n.y for n in nodes)
    margin_x = _margin(nodes)
    margin_y = RADIUS + GAP + LABEL_H + 1
    span_x, span_y = max(max_x - min_x, 1e-6), max(max_y - min_y, 1e-6)
    for n in nodes:
        n.x = margin_x + (n.x - min_x) / span_x * (width - 2 * margin_x) if len(nodes) > 1 else width / 2
        n.y = margin_y + (n.y - min_y) / span_y * (height - 2 * margin_y) if len(nodes) > 1 else height / 2


def _clamp(n: Node, width: float, height: float) -> None:
    """Keep `n` far enough from the edges for its label to fit on any side of it."""
    side = n.label_width + RADIUS + GAP + 0.5
    n.x = min(max(n.x, side), width - side)
    n.y = min(max(n.y, RADIUS + GAP + LABEL_H + 0.5), height - RADIUS - GAP - LABEL_H - 0.5)


def _repair(nodes: list[Node], links: list[tuple[Node, Node]], width: float, height: float) -> bool:
    """Rounds of: keep nodes apart, push nodes off links they do not belong to, place labels and
    push the nodes whose labels have no free place. True when a round finds nothing to do."""
    for round_ in range(ROUNDS):
        moved = _spread(nodes, width, height)
        moved = _off_links(nodes, links, width, height) or moved
        if moved:
            continue
        for n in nodes:  # the drawing's coordinates are 0.1 mm: lay labels out on those
            n.x, n.y = round(n.x, 1) + 0.0, round(n.y, 1) + 0.0
        blocked = _place_labels(nodes, links, width, height)
        if not blocked:
            return True
        for n, obstacle in blocked:  # longer steps as rounds go by, out of a back-and-forth
            _push(n, obstacle, width, height, 1.5 + round_ / 20)
    for n in nodes:
        n.x, n.y = round(n.x, 1) + 0.0, round(n.y, 1) + 0.0
    _place_labels(nodes, links, width, height)
    return False


def _spread(nodes: list[Node], width: float, height: float) -> bool:
    """Push apart nodes closer than their labels need (room for a label beside or below)."""
    moved = False
    for i, a in enumerate(nodes):
        for b in nodes[i + 1:]:
            need_x = (a.label_width + b.label_width) / 2 + 1.0
            need_y = 2 * (RADIUS + GAP) + LABEL_H + 1.0
            over_x = need_x - abs(a.x - b.x)
            over_y = need_y - abs(a.y - b.y)
            if over_x <= 0 or over_y <= 0:
                continue
            moved = True
            if over_x * 0.5 < over_y:  # moving sideways costs less (labels are wide)
                shift, sign = over_x / 2 + 0.05, (1 if (a.x, a.id) >= (b.x, b.id) else -1)
                a.x += sign * shift
                b.x -= sign * shift
            else:
                shift, sign = over_y / 2 + 0.05, (1 if (a.y, a.id) >= (b.y, b.id) else -1)
                a.y += sign * shift
                b.y -= sign * shift
            _clamp(a, width, height)
            _clamp(b, width, height)
    return moved


def _off_links(nodes: list[Node], links: list[tuple[Node, Node]], width: float, height: float) -> bool:
    """Move every node that lies on or near a link it does not join off that link."""
    moved = False
    need = RADIUS + CLEAR
    for a, b in links:
        for c in nodes:
            if c is a or c is b:
                continue
            distance, (px, py) = segment_distance(c.x, c.y, a.x, a.y, b.x, b.y)
            if distance >= need:
                continue
            nx, ny = c.x - px, c.y - py
            if math.hypot(nx, ny) < 1e-6:  # on the line: step to its left
                nx, ny = -(b.y - a.y), b.x - a.x
            length = math.hypot(nx, ny)
            step = need - distance + 0.3
            c.x += nx / length * step
            c.y += ny / length * step
            _clamp(c, width, height)
            moved = True
    return moved


def _place_labels(nodes: list[Node], links: list[tuple[Node, Node]], width: float, height: float
                  ) -> list[tuple[Node, tuple[float, float]]]:
    """Give each node's label its first free place; return (node, point to move away from) for
    the nodes whose labels found none (they take their least bad place meanwhile)."""
    placed: list[Node] = []
    blocked = []
    order = sorted(nodes, key=lambda n: (-sum(n in link for link in links), nodes.index(n)))
    for n in order:
        best = None
        for dx, dy in n.places():
            n.lx, n.ly = n.x + dx, n.y + dy
            hits = _label_hits(n, nodes, placed, links, width, height)
            if not hits:
                best = None
                break
            if best is None or len(hits) < len(best[1]):
                best = ((dx, dy), hits)
        if best is not None:
            (dx, dy), hits = best
            n.lx, n.ly = n.x + dx, n.y + dy
            blocked.append((n, (sum(x for x, _ in hits) / len(hits), sum(y for _, y in hits) / len(hits))))
        placed.append(n)
    return blocked


def _label_hits(n: Node, nodes: list[Node], placed: list[Node], links: list[tuple[Node, Node]],
                width: float, height: float) -> list[tuple[float, float]]:
    """What the label of `n` at its current place runs into, as points to move away from."""
    box = n.label_box
    hits = []
    if box.x1 < 0 or box.y1 < 0 or box.x2 > width or box.y2 > height:
        hits.append((n.lx, n.ly))
    grown = box.grown(GAP / 2)
    for a, b in links:
        if segment_hits_box(*_visible(a, b), grown):
            hits.append(_centre_of(a, b))
    for m in nodes:
        if circle_hits_box(m.x, m.y, RADIUS + (GAP if m is not n else 0.1), box):
            hits.append((m.x, m.y))
    for m in placed:
        if m is not n and m.label_box.grown(GAP / 2).overlaps(box):
            hits.append((m.x, m.y))
    return hits


def _visible(a: Node, b: Node) -> tuple[float, float, float, float]:
    """A link as drawn: from the edge of one node's circle to the other's."""
    length = max(math.hypot(b.x - a.x, b.y - a.y), 1e-6)
    ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
    return a.x + ux * RADIUS, a.y + uy * RADIUS, b.x - ux * RADIUS, b.y - uy * RADIUS


def _centre_of(a: Node, b: Node) -> tuple[float, float]:
    return (a.x + b.x) / 2, (a.y + b.y) / 2


def _push(n: Node, away: tuple[float, float], width: float, height: float, step: float = 1.5) -> None:
    """Move `n` a step away from a point (something its label runs into)."""
    dx, dy = n.x - away[0], n.y - away[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        dx, dy, length = 0.0, 1.0, 1.0
    n.x += dx / length * step
    n.y += dy / length * step
    _clamp(n, width, height)


def conflicts(nodes: list[Node], links: list[tuple[Node, Node]], width: float, height: float) -> list[str]:
    """Everything a drawing gets wrong, in words (empty when it says nothing false)."""
    out = []
    for a, b in links:
        for c in nodes:
            if c is not a and c is not b:
                distance, _ = segment_distance(c.x, c.y, a.x, a.y, b.x, b.y)
                if distance < RADIUS + CLEAR - 0.15:
                    out.append(f"the link {a.id}-{b.id} passes {distance:.1f} mm from {c.id}")
    for i, n in enumerate(nodes):
        box = n.label_box
        if box.x1 < -0.01 or box.y1 < -0.01 or box.x2 > width + 0.01 or box.y2 > height + 0.01:
            out.append(f"the label of {n.id} leaves the drawing")
        for a, b in links:
            if segment_hits_box(*_visible(a, b), box):
                out.append(f"the link {a.id}-{b.id} crosses the label of {n.id}")
        for m in nodes:
            if circle_hits_box(m.x, m.y, RADIUS, box):
                out.append(f"the label of {n.id} covers the node {m.id}")
        for m in nodes[i + 1:]:
            if m.label_box.overlaps(box):
                out.append(f"the labels of {n.id} and {m.id} overlap")
    return out
