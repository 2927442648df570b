"""Up or Down? options and presets. Every "option? yes" row of ``shared/rules/up_or_down.md``
(f) and (g) is a field here, with the spec's default.

Colours are names (``COLOURS``); a card's colour comes from ``colour_cycle``: card ``n`` has
colour ``colour_cycle[(n - 1) % 6]``. The two bonus tables are data: a tuple of ``(count,
points)`` pairs, given as a dict or pairs and stored sorted. A count looks up the points of the
greatest count listed that is not above it (0 below the first), so a short table such as
``{3: 10, 4: 15, 6: 30}`` also covers longer columns. Their defaults are **provisional**: the
printed tables were images that did not survive in the source (see ``rules.py``).

Presets: ``base`` (the long game), ``short`` (Board Game Arena's short game), and one per
variant family: ``rainbow``, ``pure_colour``, ``greenhorn``, ``greenhorn_pro``,
``special_colour``, ``special_colour_pro``, ``take_special``, ``take_any``, ``remove_one``.

>>> card_range(4, "long"), card_range(4, "short"), card_range(6, "long")
(102, 78, 126)
>>> UpOrDownConfig(pure_colour_table={3: 10, 4: 15}).pure_colour_table
((3, 10), (4, 15))
>>> lookup(((3, 10), (4, 15)), 2), lookup(((3, 10), (4, 15)), 3), lookup(((3, 10), (4, 15)), 9)
(0, 10, 15)
>>> UpOrDownConfig(special="pro", special_colour="red", special_down_colour="red")
Traceback (most recent call last):
...
tablekit.core.errors.ConfigError: up_or_down: option 'special_down_colour' must be a colour other than special_colour ('red'), or 'random' (got 'red')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from tablekit.core.actions import whole_number
from tablekit.core.config import GameConfig, option
from tablekit.core.errors import ConfigError

#: The six colours, in the order of the default cycle (card 1 is yellow, card 6 teal). The
#: source's "green" (Greenhorn) is teal.
COLOURS: tuple[str, ...] = ("yellow", "red", "blue", "pink", "purple", "teal")
GREEN = "teal"
#: A variant colour left as "random" is drawn from the seed at the start of the game.
RANDOM = "random"
COLOUR_CHOICES: tuple[str, ...] = (RANDOM, *COLOURS)
#: The highest card by player count: (long game, short game).
RANGES: dict[int, tuple[int, int]] = {2: (54, 42), 3: (78, 60), 4: (102, 78), 5: (126, 96), 6: (126, 96)}
RING_SIZE = 6
HAND_SIZE = 3
MAX_COLUMNS = 3
#: The most cards of one colour a range can hold (126 / 6): the tables need go no further.
MAX_OF_ONE_COLOUR = 21
#: Provisional tables (the printed ones are lost): length 1 -> 0, then 5 x (length - 1), which
#: gives the one known point (3 -> 10); greens n -> n(n + 1) / 2 (3 -> 6 and 5 -> 15 fit both
#: worked examples).
PROVISIONAL_PURE_TABLE: tuple[tuple[int, int], ...] = tuple((n, 5 * (n - 1)) for n in range(1, MAX_OF_ONE_COLOUR + 1))
PROVISIONAL_GREEN_TABLE: tuple[tuple[int, int], ...] = tuple((n, n * (n + 1) // 2) for n in range(0, MAX_OF_ONE_COLOUR + 1))
#: A column shorter than this pays the Greenhorn-for-pros malus for its greens.
PRO_GREEN_SHORT = 7


def card_range(players: int, length: str = "long") -> int:
    """The highest card (cards 1 to this are used) for a player count and game length."""
    long, short = RANGES[players]
    return long if length == "long" else short


def lookup(table: Sequence[tuple[int, int]], count: int) -> int:
    """The points of ``count`` in a bonus table: those of the greatest count listed that is not
    above it; 0 when every count listed is above it (or the table is empty)."""
    points = 0
    for key, value in table:
        if key > count:
            break
        points = value
    return points


def _table(field: str, value: Any) -> tuple[tuple[int, int], ...]:
    """A bonus table as sorted (count, points) pairs, from a dict or pairs (JSON gives lists and
    string keys); ConfigError names the field when it is not one."""
    allowed = "a table of counts to points, e.g. {3: 10, 4: 15} (counts 0 to 126, whole numbers)"
    try:
        items = list(value.items()) if isinstance(value, Mapping) else [tuple(pair) for pair in value]
        pairs = []
        for key, points in items:
            if isinstance(key, str):  # JSON writes the counts as text
                key = whole_number(key, signed=True)
            if isinstance(key, bool) or isinstance(points, bool) or not isinstance(key, int) or not isinstance(points, int):
                raise ValueError
            if not 0 <= key <= 126 or not -1000 <= points <= 1000:
                raise ValueError
            pairs.append((key, points))
    except (TypeError, ValueError):
        raise ConfigError("up_or_down", field, value, allowed) from None
    if len({k for k, _ in pairs}) != len(pairs):
        raise ConfigError("up_or_down", field, value, "a table that lists each count once")
    return tuple(sorted(pairs))


@dataclass(frozen=True)
class UpOrDownConfig(GameConfig):
    GAME = "up_or_down"

    players: int = option(4, between=(2, 6), doc="number of players")
    length: str = option("long", choices=("long", "short"),
                         doc="long game (the rulebook's card ranges) or short game (Board Game Arena's smaller ranges)")
    colour_cycle: tuple[str, ...] = option(COLOURS, doc="the colours of cards 1 to 6; the cycle repeats every six cards")
    discard_value: int = option(1, choices=(1, -1), doc="points per card in a player's discard pile: +1 or -1")
    rainbow: str = option("off", choices=("off", "consecutive", "anywhere"),
                          doc="Rainbow bonus: off, six colours on adjacent cards, or six colours anywhere in a column")
    rainbow_bonus: int = option(10, between=(0, 100), doc="Rainbow: points per rainbow")
    rainbow_per_column_max: int = option(1, between=(1, 3), doc="Rainbow: how many rainbows one column can earn")
    pure_colour: bool = option(False, doc="Pure colour: a column of a single colour earns a bonus by its length")
    pure_colour_table: tuple[tuple[int, int], ...] = option(
        PROVISIONAL_PURE_TABLE, doc="Pure colour: column length -> bonus (provisional default: 5 x (length - 1))")
    greenhorn: str = option("off", choices=("off", "bonus", "pro"),
                            doc="Greenhorn: off, a bonus for all green (teal) cards, or (pro) a malus for the greens in short columns")
    green_table: tuple[tuple[int, int], ...] = option(
        PROVISIONAL_GREEN_TABLE, doc="Greenhorn: number of green cards -> points (provisional default: n(n+1)/2)")
    special: str = option("off", choices=("off", "basic", "pro"),
                          doc="Special colour: off, one colour (+1 up, -1 down), or two colours (pro)")
    special_colour: str = option(RANDOM, choices=COLOUR_CHOICES,
                                 doc="Special colour: the colour (pro: the one worth +1 in ascending columns)")
    special_down_colour: str = option(RANDOM, choices=COLOUR_CHOICES,
                                      doc="Special colour for pros: the colour worth -1 in descending columns")
    take: str = option("neighbours", choices=("neighbours", "special_colour", "any"),
                       doc="what may be taken after playing a card of the take colour: only the neighbours, "
                           "also any other card of that colour, or any card")
    take_colour: str = option(RANDOM, choices=COLOUR_CHOICES, doc="the colour of the take variants")
    remove_one: bool = option(False, doc="Remove one card: a taken card of the remove colour may first remove the last card of the column it joins")
    remove_colour: str = option(RANDOM, choices=COLOUR_CHOICES, doc="Remove one card: the colour")
    remove_keeps_direction: bool = option(
        True, doc="Remove one card: a column cut back to one card keeps its direction (off: it may be set again)")

    def validate(self) -> None:
        object.__setattr__(self, "pure_colour_table", _table("pure_colour_table", self.pure_colour_table))
        object.__setattr__(self, "green_table", _table("green_table", self.green_table))
        cycle = self.colour_cycle
        if isinstance(cycle, str) or not isinstance(cycle, Sequence) or sorted(map(str, cycle)) != sorted(COLOURS):
            raise ConfigError(self.GAME, "colour_cycle", cycle, f"the six colours in some order ({', '.join(COLOURS)})")
        object.__setattr__(self, "colour_cycle", tuple(cycle))
        if self.special == "pro" and self.special_colour != RANDOM and self.special_colour == self.special_down_colour:
            raise ConfigError(self.GAME, "special_down_colour", self.special_down_colour,
                              f"a colour other than special_colour ({self.special_colour!r}), or 'random'")

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON values (the cycle and the tables as lists), as records keep them.

        >>> UpOrDownConfig(pure_colour_table={3: 10}).to_dict()["pure_colour_table"]
        [[3, 10]]
        """
        return {k: [list(x) if isinstance(x, tuple) else x for x in v] if isinstance(v, tuple) else v
                for k, v in super().to_dict().items()}

    @property
    def top_card(self) -> int:
        """The highest card in play (cards 1 to this)."""
        return card_range(self.players, self.length)

    def variant_colours(self) -> dict[str, str]:
        """The colour option of each active colour variant (some may be "random")."""
        out: dict[str, str] = {}
        if self.special != "off":
            out["special_colour"] = self.special_colour
        if self.special == "pro":
            out["special_down_colour"] = self.special_down_colour
        if self.take != "neighbours":
            out["take_colour"] = self.take_colour
        if self.remove_one:
            out["remove_colour"] = self.remove_colour
        return out


PRESETS: dict[str, UpOrDownConfig] = {
    "base": UpOrDownConfig(),
    "short": UpOrDownConfig(length="short"),
    "rainbow": UpOrDownConfig(rainbow="consecutive"),
    "pure_colour": UpOrDownConfig(pure_colour=True),
    "greenhorn": UpOrDownConfig(greenhorn="bonus"),
    "greenhorn_pro": UpOrDownConfig(greenhorn="pro"),
    "special_colour": UpOrDownConfig(special="basic"),
    "special_colour_pro": UpOrDownConfig(special="pro"),
    "take_special": UpOrDownConfig(take="special_colour"),
    "take_any": UpOrDownConfig(take="any"),
    "remove_one": UpOrDownConfig(remove_one=True),
}
DEFAULT_PRESET = "base"

__all__ = [
    "COLOURS", "COLOUR_CHOICES", "DEFAULT_PRESET", "GREEN", "HAND_SIZE", "MAX_COLUMNS", "MAX_OF_ONE_COLOUR",
    "PRESETS", "PROVISIONAL_GREEN_TABLE", "PROVISIONAL_PURE_TABLE", "PRO_GREEN_SHORT", "RANDOM", "RANGES",
    "RING_SIZE", "UpOrDownConfig", "card_range", "lookup",
]
