"""Up or Down? lessons: one short walkthrough per rule and per variant.

Every lesson is a two-player game (cards 1 to 54) on a stacked deal: both hands, the ring, the
top cards of the two piles, and often columns and discards already on the table (see
``UpOrDown.initial_state``: ``columns``, ``discards``, ``deck``); seat 0, the learner, plays
first. Each step names the section of the rules docstring (``rules.py``) it teaches, and every
lesson asks the learner to find one move among several legal ones. Narration codes are
``lesson.<lesson id>.<step>`` (``...<step>.wrong`` answers another legal move) and titles
``lesson.<lesson id>.title``.

Colours of the cards used here (the cycle repeats every six): 1 yellow, 2 red, 3 blue, 4 pink,
5 purple, 6 teal; so the teal (green) cards are 6, 12, 18, 24, 30, 36, 42, 48 and 54.

The course: the ring and its wrap-around, taking a neighbour (and the face-up pile), a
column's direction, a card that fits nowhere (abandoning a column), scoring by length times
the most frequent colour, the end of the game, then each variant: rainbow, pure colour,
greenhorn, greenhorn for pros, special colour, special colour for pros, taking a card of the
special colour, taking any card, and removing one card.

>>> [lesson.id for lesson in LESSONS][:3]
['up_or_down.ring', 'up_or_down.take', 'up_or_down.direction']
>>> from tablekit.core.lessons import check_lesson
>>> check_lesson(LESSONS[2]).state.dirs[0]
(-1,)
"""

from __future__ import annotations

from typing import Any, Sequence

from tablekit.core.lessons import Lesson, build_steps

GAME = "up_or_down"
PLAYERS = 2
TOP = 54  # two players use cards 1 to 54
HAND = 3
RING = 6


def deal(hands: Sequence[Sequence[int]], ring: Sequence[int], *, down: Sequence[int] = (), up: Sequence[int] = (),
         columns: Sequence[Sequence[Sequence[int]]] = ((), ()), discards: Sequence[Sequence[int]] = ((), ())
         ) -> dict[str, Any]:
    """The setup of a stacked two-player deal: ``hands`` (seat 0 first, three cards each), the
    six ``ring`` cards, the top cards of the face-down (``down``) and face-up (``up``) piles,
    top first, and cards already in ``columns`` and on ``discards`` (one list per seat). The
    cards not named fill the piles in ascending order, the face-down pile taking the odd card.

    >>> s = deal([[5, 30, 22], [11, 40, 26]], [7, 14, 33, 41, 46, 50], up=[9])
    >>> s["deck"][:12], s["deck"][12 + 21]
    ([5, 30, 22, 11, 40, 26, 7, 14, 33, 41, 46, 50], 9)
    """
    placed = [c for cols in columns for col in cols for c in col] + [c for pile in discards for c in pile]
    named = [c for h in hands for c in h] + list(ring) + list(down) + list(up) + placed
    if len(set(named)) != len(named) or not all(1 <= c <= TOP for c in named):
        raise ValueError(f"a lesson deal names each card of 1 to {TOP} at most once: {sorted(named)}")
    if [len(h) for h in hands] != [HAND] * PLAYERS or len(ring) != RING:
        raise ValueError("a lesson deal names three cards per hand and six ring cards")
    rest = [c for c in range(1, TOP + 1) if c not in set(named)]
    piles = TOP - len(placed) - PLAYERS * HAND - RING
    split = (piles + 1) // 2
    fill_down = split - len(down)
    if fill_down < 0 or piles - split < len(up):
        raise ValueError("more pile cards named than the piles hold")
    down_pile = list(down) + rest[:fill_down]
    up_pile = list(up) + rest[fill_down:]
    setup: dict[str, Any] = {"first": 0, "deck": [c for h in hands for c in h] + list(ring) + down_pile + up_pile}
    if placed:
        setup["columns"] = [[list(col) for col in cols] for cols in columns]
        setup["discards"] = [list(pile) for pile in discards]
    return setup


def _played(action: str) -> tuple[str, ...]:
    """The card a step shows ('play:37' and 'take:37' -> ('37',)); () for placing and drawing."""
    kind, _, arg = action.partition(":")
    return (arg,) if kind in ("play", "take") else ()


def _lesson(name: str, setup: dict[str, Any], steps: Sequence[tuple[Any, ...]], *, preset: str = "base",
            **options: Any) -> Lesson:
    """Build a lesson: each step is ``(step, action, section)``, optionally followed by a dict
    of extra LessonStep fields (``your_turn``)."""
    lesson_id = f"{GAME}.{name}"
    return Lesson(id=lesson_id, title=f"lesson.{lesson_id}.title", game=GAME, preset=preset, players=PLAYERS,
                  steps=build_steps(lesson_id, PLAYERS, steps, _played), options=dict(options), setup=setup, seat=0)


_YOU: dict[str, Any] = {"your_turn": True}

# 1. The ring: six cards in order, clockwise; a card below the lowest (or above the highest)
#    goes between the highest and the lowest.
RING_LESSON = _lesson(
    "ring", deal([[5, 30, 22], [11, 40, 26]], [7, 14, 33, 41, 46, 50]),
    steps=[
        ("intro", None, "Setup"),
        ("wrap", "play:5", "Turn", _YOU),
        ("neighbours", "take:50", "Turn"),
        ("start", "new", "Turn"),
        ("draw", "draw:down", "Turn"),
        ("next", None, "Turn"),
    ],
)

# 2. Taking a neighbour (the one that suits a column), then the face-up pile's top card.
TAKE = _lesson(
    "take", deal([[14, 2, 40], [11, 39, 26]], [7, 10, 33, 45, 50, 54], up=[37], columns=[[[20, 25]], []]),
    steps=[
        ("intro", None, "Turn"),
        ("play", "play:14", "Turn"),
        ("choose", "take:33", "Turn", _YOU),
        ("place", "col:1", "Turn"),
        ("face_up", "draw:up", "Turn", _YOU),
        ("public", None, "Turn"),
    ],
)

# 3. A column's second card fixes its direction for good.
DIRECTION = _lesson(
    "direction", deal([[10, 44, 52], [3, 39, 26]], [8, 15, 27, 35, 47, 53], columns=[[[20]], []]),
    steps=[
        ("intro", None, "Turn"),
        ("play", "play:10", "Turn"),
        ("take", "take:15", "Turn"),
        ("second", "col:1", "Turn", _YOU),
        ("fixed", None, "Turn"),
        ("draw", "draw:down", "Turn"),
    ],
)

# 4. A card that fits no column: abandon one (its cards go to the discard pile, +1 each).
ABANDON = _lesson(
    "abandon", deal([[12, 44, 50], [4, 38, 29]], [6, 17, 23, 35, 46, 52],
                    columns=[[[20, 15], [31, 41], [3, 9, 19]], []]),
    steps=[
        ("intro", None, "Turn"),
        ("play", "play:12", "Turn"),
        ("take", "take:17", "Turn"),
        ("abandon", "abandon:1", "Turn", _YOU),
        ("discards", None, "Scoring"),
        ("draw", "draw:down", "Turn"),
    ],
)

# 5. Scoring: a column scores its length times the cards of its most frequent colour.
SCORING = _lesson(
    "scoring", deal([[28, 44, 50], [4, 38, 29]], [5, 24, 33, 39, 46, 53], columns=[[[6, 12, 18], [20, 15]], []]),
    steps=[
        ("intro", None, "Scoring"),
        ("play", "play:28", "Turn"),
        ("take", "take:24", "Turn"),
        ("teal", "col:1", "Scoring", _YOU),
        ("total", None, "Scoring"),
        ("draw", "draw:down", "Turn"),
    ],
)

# 6. The end: no piles left, so nobody draws; the last cards are played, then everyone scores.
#    Most cards already lie in columns and discard piles; each player holds one card.
_END_COLUMNS = [[[1, 7, 13, 19, 25, 31, 37, 43, 49], [54, 48, 42, 36, 30], [2, 8]],
                [[3, 9, 15, 21, 27, 33], [52, 46, 40, 34], [5, 11, 17, 23]]]
_END_DISCARDS = [[14, 20, 26, 32], [10, 16, 22, 28, 38, 44, 47, 50]]
END = _lesson(
    "end", {**deal([[51, 4, 6], [53, 35, 45]], [12, 18, 24, 29, 39, 41], columns=_END_COLUMNS,
                   discards=_END_DISCARDS),
            # Two turns each before the lesson starts, so each player holds one card.
            "moves": ["play:4", "take:12", "col:2", "play:35", "take:29", "col:2",
                      "play:6", "take:4", "col:2", "play:45", "take:6", "col:2"]},
    steps=[
        ("intro", None, "End"),
        ("play", "play:51", "Turn"),
        ("take", "take:45", "Turn"),
        ("place", "col:3", "End", _YOU),
        ("last", "play:53", "End"),
        ("take_last", "take:51", "End"),
        ("over", "col:1", "End"),
        ("scores", None, "Scoring"),
    ],
)

# 7-16. The variants.
RAINBOW = _lesson(
    "rainbow", deal([[28, 44, 50], [4, 38, 29]], [7, 12, 33, 39, 46, 53], columns=[[[1, 2, 3, 10, 11], [40, 30]], []]),
    preset="rainbow",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:28", "Turn"),
        ("take", "take:12", "Turn"),
        ("six", "col:1", "Options", _YOU),
        ("bonus", None, "Scoring"),
    ],
)

PURE = _lesson(
    "pure", deal([[14, 44, 50], [4, 38, 29]], [5, 13, 18, 39, 46, 53], columns=[[[6, 12], [40, 30]], []]),
    preset="pure_colour",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:14", "Turn"),
        ("take", "take:18", "Turn"),
        ("pure", "col:1", "Options", _YOU),
        ("bonus", None, "Scoring"),
    ],
)

GREENHORN = _lesson(
    "greenhorn", deal([[27, 44, 50], [4, 38, 29]], [5, 21, 30, 39, 46, 53],
                      columns=[[[6, 12], [40, 34]], []], discards=[[18], []]),
    preset="greenhorn",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:27", "Turn"),
        ("take", "take:30", "Turn"),
        ("green", "col:1", "Options", _YOU),
        ("bonus", None, "Scoring"),
    ],
)

GREENHORN_PRO = _lesson(
    "greenhorn_pro", deal([[32, 44, 50], [4, 38, 29]], [5, 27, 36, 39, 46, 53],
                          columns=[[[1, 7, 13, 19, 25, 31], [22, 15]], []]),
    preset="greenhorn_pro",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:32", "Turn"),
        ("take", "take:36", "Turn"),
        ("long", "col:1", "Options", _YOU),
        ("malus", None, "Scoring"),
    ],
)

SPECIAL = _lesson(
    "special", deal([[23, 44, 50], [4, 38, 29]], [5, 14, 22, 39, 46, 53], columns=[[[3, 9], [41, 30]], []]),
    preset="special_colour", special_colour="pink",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:23", "Turn"),
        ("take", "take:22", "Turn"),
        ("up", "col:1", "Options", _YOU),
        ("points", None, "Scoring"),
    ],
)

SPECIAL_PRO = _lesson(
    "special_pro", deal([[25, 44, 50], [4, 38, 29]], [5, 15, 26, 39, 46, 53], columns=[[[3, 9], [40, 30]], []]),
    preset="special_colour_pro", special_colour="pink", special_down_colour="red",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:25", "Turn"),
        ("take", "take:26", "Turn"),
        ("avoid", "col:1", "Options", _YOU),
        ("points", None, "Scoring"),
    ],
)

TAKE_SPECIAL = _lesson(
    "take_special", deal([[31, 44, 50], [4, 38, 29]], [5, 13, 26, 39, 43, 53], columns=[[[3, 9]], []]),
    preset="take_special", take_colour="yellow",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:31", "Turn"),
        ("far", "take:13", "Options", _YOU),
        ("place", "col:1", "Turn"),
    ],
)

TAKE_ANY = _lesson(
    "take_any", deal([[33, 44, 50], [4, 38, 29]], [5, 12, 26, 39, 43, 53], columns=[[[6]], []]),
    preset="take_any", take_colour="blue",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:33", "Turn"),
        ("any", "take:12", "Options", _YOU),
        ("place", "col:1", "Turn"),
    ],
)

REMOVE = _lesson(
    "remove", deal([[27, 44, 50], [4, 38, 29]], [5, 23, 30, 39, 46, 53], columns=[[[10, 20, 45]], []]),
    preset="remove_one", remove_colour="teal",
    steps=[
        ("intro", None, "Options"),
        ("play", "play:27", "Turn"),
        ("take", "take:30", "Turn"),
        ("remove", "remove:1", "Options", _YOU),
        ("gone", None, "Options"),
    ],
)

LESSONS: tuple[Lesson, ...] = (
    RING_LESSON, TAKE, DIRECTION, ABANDON, SCORING, END, RAINBOW, PURE, GREENHORN, GREENHORN_PRO, SPECIAL,
    SPECIAL_PRO, TAKE_SPECIAL, TAKE_ANY, REMOVE,
)

__all__ = ["LESSONS", "deal"]
