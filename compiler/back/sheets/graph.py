"""A drawing of a region's adjacency graph: a deterministic force-directed layout.

Fruchterman and Reingold's spring embedder, started from a circle in the given order and run
a fixed number of steps with a cooling temperature: no randomness, so the same graph gives the
same picture. Then labels are pushed apart where their boxes overlap, and coordinates are
rounded to 0.1 mm so that the SVG's bytes do not depend on floating-point noise.

Units are millimetres: the SVG's viewBox is the drawing's size in mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

FONT = 2.5  # label font size, mm (about 7 pt)
CHAR = 0.56 * FONT  # mean width of a character of DejaVu Sans at that size
RADIUS = 2.2
PAD = 1.5


@dataclass
class Node:
    id: str
    label: str
    outside: bool = False  # a neighbour from another region
    value: str = ""  # printed inside the node
    marked: bool = False  # drawn filled with the accent colour
    x: float = 0.0
    y: float = 0.0

    @property
    def label_width(self) -> float:
        return round(len(self.label) * CHAR + 0.6, 1)

    @property
    def width(self) -> float:
        return max(2 * RADIUS, self.label_width) + PAD

    @property
    def height(self) -> float:
        return 2 * RADIUS + FONT + PAD


@dataclass
class Drawing:
    width: float
    height: float
    nodes: list[Node] = field(default_factory=list)
    edges: list[tuple[Node, Node, bool]] = field(default_factory=list)  # (a, b, to outside)


def draw(nodes: list[Node], edges: list[tuple[str, str]], width: float = 180.0,
         height: float | None = None, steps: int = 250) -> Drawing:
    """Place `nodes` (their order seeds the layout) and return the drawing.

    >>> d = draw([Node("a", "A"), Node("b", "B")], [("a", "b")], 60, 30)
    >>> [(n.x, n.y) for n in d.nodes] == [(n.x, n.y) for n in draw(
    ...     [Node("a", "A"), Node("b", "B")], [("a", "b")], 60, 30).nodes]
    True
    """
    if height is None:
        height = min(130.0, 55.0 + 3.0 * len(nodes))
    by_id = {n.id: n for n in nodes}
    links = [(by_id[a], by_id[b]) for a, b in edges if a in by_id and b in by_id and a != b]
    _spring(nodes, links, width, height, steps)
    _fit(nodes, width, height)
    _separate(nodes, width, height)
    for n in nodes:
        n.x, n.y = round(n.x, 1) + 0.0, round(n.y, 1) + 0.0
    drawn = [(a, b, a.outside or b.outside) for a, b in links if not (a.outside and b.outside)]
    return Drawing(width, height, nodes, drawn)


def _spring(nodes: list[Node], links: list[tuple[Node, Node]], width: float, height: float,
            steps: int) -> None:
    count = len(nodes)
    if count == 0:
        return
    for i, n in enumerate(nodes):
        angle = 2 * math.pi * i / count
        n.x, n.y = width / 2 + width / 3 * math.cos(angle), height / 2 + height / 3 * math.sin(angle)
    k = math.sqrt(width * height / count) * 0.75
    temperature = width / 8
    for _ in range(steps):
        dx = [0.0] * count
        dy = [0.0] * count
        index = {id(n): i for i, n in enumerate(nodes)}
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


def _fit(nodes: list[Node], width: float, height: float) -> None:
    """Scale the layout into the drawing, leaving room for the labels."""
    if not nodes:
        return
    min_x, max_x = min(n.x for n in nodes), max(n.x for n in nodes)
    min_y, max_y = min(n.y for n in nodes), max(n.y for n in nodes)
    margin_x = max(n.width for n in nodes) / 2 + 1
    margin_top, margin_bottom = RADIUS + 1, RADIUS + FONT + 2
    span_x, span_y = max(max_x - min_x, 1e-6), max(max_y - min_y, 1e-6)
    for n in nodes:
        n.x = margin_x + (n.x - min_x) / span_x * (width - 2 * margin_x) if len(nodes) > 1 else width / 2
        n.y = margin_top + (n.y - min_y) / span_y * (height - margin_top - margin_bottom) \
            if len(nodes) > 1 else height / 2


def _separate(nodes: list[Node], width: float, height: float, rounds: int = 80) -> None:
    """Push apart nodes whose boxes (circle and label) overlap, along the cheaper axis."""
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(nodes):
            for b in nodes[i + 1:]:
                over_x = (a.width + b.width) / 2 - abs(a.x - b.x)
                over_y = (a.height + b.height) / 2 - abs(a.y - b.y)
                if over_x <= 0 or over_y <= 0:
                    continue
                moved = True
                if over_x * 0.5 < over_y:  # moving sideways costs less (labels are wide)
                    shift = over_x / 2 + 0.05
                    sign = 1 if a.x >= b.x else -1
                    a.x += sign * shift
                    b.x -= sign * shift
                else:
                    shift = over_y / 2 + 0.05
                    sign = 1 if a.y >= b.y else -1
                    a.y += sign * shift
                    b.y -= sign * shift
        for n in nodes:
            n.x = min(max(n.x, n.width / 2), width - n.width / 2)
            n.y = min(max(n.y, RADIUS + 0.5), height - RADIUS - FONT - 1)
        if not moved:
            return
