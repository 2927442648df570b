"""The geometry of the 並べRUNO board: the playing area a layout of scoring cards fixes.

Cell ``(x, y)`` is the unit square centred on the point ``(x, y)``. With ``boundary =
"convex_hull"`` the area is bounded by the convex hull of the outer corners of the scoring
cards' squares; a cell is in the area unless its square lies entirely outside the hull, and
touching the hull only along an edge or at a corner counts as outside. With ``"bbox"`` the
bound is the bounding box of those squares. Work is done in doubled coordinates, where every
corner is a whole number, so the test is exact.

NR-07: on the default layout, (4, 2) is in (partly inside the hull), (4, 3) is out (entirely
outside it, though inside the bounding box) and (5, 0) is out (it shares only an edge):

>>> from tablekit.games.narabe_runo.config import LAYOUTS
>>> hull = area(LAYOUTS["six"], "convex_hull")
>>> (4, 2) in hull, (4, 3) in hull, (5, 0) in hull, (4, 3) in area(LAYOUTS["six"], "bbox")
(True, False, False, True)
>>> len(hull), (0, 0) in hull, len(area(LAYOUTS["six"], "bbox")), (-5, 0) in area(LAYOUTS["six"], "bbox")
(59, True, 63, False)
"""

from __future__ import annotations

from typing import Final, Iterable, Sequence

Cell = tuple[int, int]
#: The four orthogonal steps, clockwise from up (y grows downwards): up, right, down, left.
STEPS: Final[tuple[Cell, ...]] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _corners(cells: Iterable[Cell]) -> list[Cell]:
    """The corners of the cells' squares in doubled coordinates."""
    return sorted({(2 * x + dx, 2 * y + dy) for x, y in cells for dx in (-1, 1) for dy in (-1, 1)})


def _cross(o: Cell, a: Cell, b: Cell) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def convex_hull(points: Sequence[Cell]) -> list[Cell]:
    """The convex hull of ``points``, counter-clockwise in a y-up frame,
    without collinear points (Andrew's monotone chain).

    >>> convex_hull([(0, 0), (1, 0), (2, 0), (0, 2), (2, 2), (1, 1)])
    [(0, 0), (2, 0), (2, 2), (0, 2)]
    """
    points = sorted(set(points))
    if len(points) <= 2:
        return points
    lower: list[Cell] = []
    for p in points:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Cell] = []
    for p in reversed(points):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _overlaps(hull: list[Cell], cell: Cell) -> bool:
    """Whether the cell's square and the convex polygon ``hull`` share some area: no edge
    normal of either separates them (touching projections count as separated)."""
    x, y = cell
    square = [(2 * x - 1, 2 * y - 1), (2 * x + 1, 2 * y - 1), (2 * x + 1, 2 * y + 1), (2 * x - 1, 2 * y + 1)]
    axes = [(1, 0), (0, 1)] + [(b[1] - a[1], a[0] - b[0]) for a, b in zip(hull, hull[1:] + hull[:1])]
    for ax, ay in axes:
        h = [ax * px + ay * py for px, py in hull]
        s = [ax * px + ay * py for px, py in square]
        if max(h) <= min(s) or max(s) <= min(h):
            return False
    return True


def area(cells: Sequence[Cell], boundary: str = "convex_hull") -> frozenset[Cell]:
    """Every cell of the playing area fixed by scoring cards on ``cells``."""
    corners = _corners(cells)
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    # the cells whose squares lie inside the bounding box: corners 2x - 1 .. 2x + 1 in doubled coordinates
    span = [(x, y) for x in range((min(xs) + 1) // 2, (max(xs) - 1) // 2 + 1)
            for y in range((min(ys) + 1) // 2, (max(ys) - 1) // 2 + 1)]
    if boundary == "bbox":
        return frozenset(span)
    if boundary != "convex_hull":
        raise ValueError(f"boundary must be 'convex_hull' or 'bbox' (got {boundary!r})")
    hull = convex_hull(corners)
    return frozenset(c for c in span if _overlaps(hull, c))


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The four orthogonal neighbours of a cell, clockwise from the one above.

    >>> neighbours((0, 0))
    ((0, -1), (1, 0), (0, 1), (-1, 0))
    """
    x, y = cell
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """``(min_x, min_y, max_x, max_y)`` of some cells."""
    cells = list(cells)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), min(ys), max(xs), max(ys)


__all__ = ["Cell", "STEPS", "area", "bounds", "convex_hull", "neighbours"]
