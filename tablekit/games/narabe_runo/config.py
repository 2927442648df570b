"""並べRUNO options, presets and scoring-card layouts. Every "option? yes" row of
``shared/rules/narabe_runo.md`` (f) and (g) is a field here, with the spec's default.

A layout is where the face-down scoring cards lie, as grid cells ``(x, y)`` around the start
card at ``(0, 0)`` (``x`` grows to the right, ``y`` downwards). ``layout`` is the name of a
built-in layout (``LAYOUTS``) or the cells themselves, which a teacher passes as data::

    make("narabe_runo", layout=[(-3, 0), (3, 0), (0, -3), (0, 3)])

The layout fixes the playing area (``boundary``): the convex hull of the outer corners of the
scoring cards' squares (default), or their bounding box.

>>> NarabeRunoConfig().scoring_cells
((-4, 0), (4, 0), (-2, -3), (2, -3), (-2, 3), (2, 3))
>>> NarabeRunoConfig(layout=[[3, 0], [-3, 0]]).scoring_cells
((3, 0), (-3, 0))
>>> NarabeRunoConfig(layout=[(0, 0), (3, 0)])
Traceback (most recent call last):
...
tablekit.core.errors.ConfigError: narabe_runo: option 'layout' must be a layout name (six, small, large) or 2 to 16 distinct cells [x, y] with whole numbers from -12 to 12, none of them the start card's cell (0, 0) (got [(0, 0), (3, 0)])
>>> NarabeRunoConfig(layout=[(2, 0), (4, 0)])
Traceback (most recent call last):
...
tablekit.core.errors.ConfigError: narabe_runo: option 'layout' must be cells whose convex_hull area holds the start card's cell (0, 0) (got [(2, 0), (4, 0)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from tablekit.core.config import GameConfig, option
from tablekit.core.errors import ConfigError

#: The built-in layouts. ``six`` is the spec's recommended one (roads of 4 or 5 cards); ``small``
#: is a diamond of four for short games and lessons; ``large`` spreads eight cards further out.
LAYOUTS: dict[str, tuple[tuple[int, int], ...]] = {
    "six": ((-4, 0), (4, 0), (-2, -3), (2, -3), (-2, 3), (2, 3)),
    "small": ((-3, 0), (3, 0), (0, -3), (0, 3)),
    "large": ((-6, 0), (6, 0), (-4, -4), (4, -4), (-4, 4), (4, 4), (0, -6), (0, 6)),
}
DEFAULT_LAYOUT = "six"
#: Limits of a layout passed as data.
MAX_COORD = 12
MIN_SCORING, MAX_SCORING = 2, 16
HAND_SIZE = 3
START = (0, 0)


def _cells(value: Any) -> tuple[tuple[int, int], ...]:
    """A layout's cells from its name or from a list of pairs; ConfigError names the field."""
    if isinstance(value, str):
        if value in LAYOUTS:
            return LAYOUTS[value]
        raise ConfigError("narabe_runo", "layout", value, f"a layout name ({', '.join(LAYOUTS)}) or a list of cells [x, y]")
    allowed = (f"a layout name ({', '.join(LAYOUTS)}) or {MIN_SCORING} to {MAX_SCORING} distinct cells [x, y] with whole "
               f"numbers from -{MAX_COORD} to {MAX_COORD}, none of them the start card's cell (0, 0)")
    try:
        cells = tuple((int(x), int(y)) if all(type(v) is int for v in (x, y)) else _bad() for x, y in value)
    except (TypeError, ValueError):
        raise ConfigError("narabe_runo", "layout", value, allowed) from None
    if (not MIN_SCORING <= len(cells) <= MAX_SCORING or len(set(cells)) != len(cells) or START in cells
            or any(abs(v) > MAX_COORD for cell in cells for v in cell)):
        raise ConfigError("narabe_runo", "layout", value, allowed)
    return cells


def _bad() -> tuple[int, int]:
    raise ValueError


@dataclass(frozen=True)
class NarabeRunoConfig(GameConfig):
    GAME = "narabe_runo"

    players: int = option(4, between=(2, 4), doc="number of players")
    layout: Any = option(DEFAULT_LAYOUT, menu=("six", "small", "large"),
                         doc="where the scoring cards lie: a layout name (six, small, large) "
                             "or a list of cells [x, y] around the start card at (0, 0)")
    boundary: str = option("convex_hull", choices=("convex_hull", "bbox"),
                           doc="the playing area: the convex hull of the scoring cards, or their bounding box")
    wd4_rule: str = option("strict", choices=("strict", "official", "none"),
                           doc="when a Wild Draw Four may be played: only if no other card can be played (strict), "
                               "not while holding a card of an anchor's colour (official), or always (none)")
    discard_only_if_stuck: bool = option(False, doc="a card may be discarded only when no card can be played")
    hand_limit: int = option(7, between=(3, 15), doc="refilling stops when a hand holds this many cards")
    draw_refill: str = option("total", choices=("total", "extra"),
                              doc="after a Draw Two / Wild Draw Four the player refills 2 / 4 in all (total) "
                                  "or 2 / 4 more than the usual 1 (extra)")
    stall_limit: int = option(3, between=(1, 20),
                              doc="the game ends after this many full rounds without a card placed on the board")
    reverse_turns: bool = option(False, doc="a Reverse also reverses the order of play")
    two_player_reverse_skips: bool = option(
        False, doc="with two players a Reverse also lets its player go again (official UNO's two-player rule)")
    start_card: str = option("number", choices=("number", "coloured"),
                             doc="the start card: a number card, or any card with a colour (Skip, Reverse, Draw Two too)")
    draw_scoring: str = option("highest_or_zero", choices=("highest_or_zero", "draw_until_number"),
                               doc="a captured Draw Two / Wild Draw Four scores the highest number among the cards "
                                   "drawn (0 without one), or the player draws on until a number comes")
    skip_scoring_two_players: str = option(
        "capturer", choices=("capturer", "opponent"),
        doc="with two players, who scores 3 for a captured Skip: the capturer ('two seats after' taken literally) "
            "or the opponent")

    def validate(self) -> None:
        cells = _cells(self.layout)
        from tablekit.games.narabe_runo.board import area

        if START not in area(cells, self.boundary):
            raise ConfigError(self.GAME, "layout", self.layout,
                              f"cells whose {self.boundary} area holds the start card's cell (0, 0)")
        if not isinstance(self.layout, str):
            object.__setattr__(self, "layout", cells)

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON values (a layout given as cells becomes a list of pairs).

        >>> NarabeRunoConfig(layout=[(3, 0), (-3, 0)]).to_dict()["layout"]
        [[3, 0], [-3, 0]]
        """
        data = super().to_dict()
        if not isinstance(self.layout, str):
            data["layout"] = [list(cell) for cell in self.layout]
        return data

    @property
    def scoring_cells(self) -> tuple[tuple[int, int], ...]:
        """The cells of the scoring cards, in the order they are dealt."""
        return _cells(self.layout)

    @property
    def layout_name(self) -> str:
        """The layout's name, or ``"custom"`` for cells passed as data."""
        return self.layout if isinstance(self.layout, str) else "custom"


PRESETS: dict[str, NarabeRunoConfig] = {
    "basic": NarabeRunoConfig(),
    "official": NarabeRunoConfig(wd4_rule="official", discard_only_if_stuck=True),
    "small_board": NarabeRunoConfig(layout="small"),
    "large_board": NarabeRunoConfig(layout="large"),
}
DEFAULT_PRESET = "basic"


def layout_cells(layout: str | Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    """The cells of a layout given by name or as data (ConfigError when it is not one)."""
    return _cells(layout)


__all__ = ["DEFAULT_LAYOUT", "DEFAULT_PRESET", "HAND_SIZE", "LAYOUTS", "MAX_COORD", "MAX_SCORING", "MIN_SCORING",
           "NarabeRunoConfig", "PRESETS", "START", "layout_cells"]
