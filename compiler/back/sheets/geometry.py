"""Plane geometry for the drawings, in mm: boxes, and whether segments and circles meet them.

>>> segment_hits_box(0, 0, 10, 10, Box(4, 4, 6, 6)), segment_hits_box(0, 10, 3, 10, Box(4, 4, 6, 6))
(True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    x1: float
    y1: float
    x2: float
    y2: float

    def grown(self, by: float) -> Box:
        return Box(self.x1 - by, self.y1 - by, self.x2 + by, self.y2 + by)

    def overlaps(self, other: Box) -> bool:
        return self.x1 < other.x2 and other.x1 < self.x2 and self.y1 < other.y2 and other.y1 < self.y2

    def contains(self, x: float, y: float) -> bool:
        return self.x1 < x < self.x2 and self.y1 < y < self.y2


def segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float
                     ) -> tuple[float, tuple[float, float]]:
    """The distance from point p to segment ab, and the nearest point of the segment."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    qx, qy = ax + t * dx, ay + t * dy
    return math.hypot(px - qx, py - qy), (qx, qy)


def segment_hits_box(ax: float, ay: float, bx: float, by: float, box: Box) -> bool:
    """Does segment ab pass through the inside of `box` (Liang-Barsky clipping)?"""
    if box.contains(ax, ay) or box.contains(bx, by):
        return True
    dx, dy = bx - ax, by - ay
    low, high = 0.0, 1.0
    for p, q in ((-dx, ax - box.x1), (dx, box.x2 - ax), (-dy, ay - box.y1), (dy, box.y2 - ay)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low >= high:
            return False
    return True


def circle_hits_box(cx: float, cy: float, radius: float, box: Box) -> bool:
    """Does the disc of `radius` around c reach into `box`?"""
    nx, ny = min(max(cx, box.x1), box.x2), min(max(cy, box.y1), box.y2)
    return math.hypot(cx - nx, cy - ny) < radius
