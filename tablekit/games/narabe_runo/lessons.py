"""並べRUNO lessons: one short walkthrough per rule, each on an exact position.

Every lesson is a stacked deal (see ``NarabeRuno.initial_state``: ``deck``, ``first``,
``roads``, ``anchor``, ``captured``, ``moves``) on a small board: the diamond of four scoring
cards (``layout="small"``) or a custom layout passed as an option. On a strip such as
``[[-4, 0], [4, 0]]`` (nine cells in a row) a road's tip has one free neighbour, so the
learner's task is finding the card; on the diamonds the task is finding the road or the cell.
Seat 0 plays first. Each step names the section of the rules docstring (``rules.py``) it
teaches, and every lesson asks the learner to find at least one move (the seat to play is the
learner's). Narration codes are ``lesson.<lesson id>.<step>`` (``...<step>.wrong`` answers
another legal move) and titles ``lesson.<lesson id>.title``.

The course: starting a road, matching colour or number, the anchor's neighbours, a capture and
the free choice after it, a blocked road, Skip, Reverse (and a Reverse with no other road),
Wild, Wild Draw Four, Draw Two and the hand limit, the reshuffle of the discard pile, the end
at the last scoring card, the stall limit, and the final reveal (numbers and draw cards; Skip,
Reverse and Wild).

>>> [lesson.id for lesson in LESSONS][:3]
['narabe_runo.start', 'narabe_runo.match', 'narabe_runo.anchor']
>>> from tablekit.core.lessons import check_lesson
>>> check_lesson(LESSONS[1]).state.roads[-1][-1][2]
'G1'
"""

from __future__ import annotations

from typing import Any, Sequence

from tablekit.core.cards import UNO_108
from tablekit.core.lessons import Lesson, build_steps

GAME = "narabe_runo"
HAND = 3
#: Nine cells in a row, a scoring card at each end: a tip has one free neighbour.
STRIP = [[-4, 0], [4, 0]]
#: Five cells in a row: the first capture leaves one scoring card and ends the game.
SHORT = [[-2, 0], [2, 0]]
#: Eleven cells in a row (room for three cards beyond a road of one).
LONG = [[-5, 0], [5, 0]]
#: A diamond of 21 cells, a scoring card two cells from the start card on each side.
DIAMOND = [[-2, 0], [2, 0], [0, -2], [0, 2]]
#: Three scoring cards: left, right and below (13 cells).
TRIANGLE = [[-2, 0], [2, 0], [0, 2]]

Road = Sequence[Sequence[Any]]


def deal(start: str, scoring: Sequence[str], hands: Sequence[Sequence[str]], draw: Sequence[str] = (), *,
         roads: Sequence[Road] = (), captured: Sequence[Sequence[str]] | None = None, anchor: str | None = None,
         moves: Sequence[str] = ()) -> dict[str, Any]:
    """The setup of a stacked deal with seat 0 first: the ``start`` card, the ``scoring`` cards in
    the layout's order, the ``hands`` (seat 0 first, three cards each, dealt one at a time), then
    the top of the draw pile (``draw``, the next card drawn first). ``roads``, ``captured``,
    ``anchor`` and ``moves`` are passed on as they are.

    >>> deal("R5", ["G1", "G2"], [["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]], ["R9"])["deck"]
    ['R5', 'G1', 'G2', 'B1', 'Y1', 'B2', 'Y2', 'B3', 'Y3', 'R9']
    """
    if any(len(h) != HAND for h in hands):
        raise ValueError(f"a lesson deal names {HAND} cards per hand")
    order = [start, *scoring] + [hands[j % len(hands)][j // len(hands)] for j in range(HAND * len(hands))]
    setup: dict[str, Any] = {"first": 0, "deck": order + list(draw)}
    if roads:
        setup["roads"] = [[list(entry) for entry in road] for road in roads]
    if captured is not None:
        setup["captured"] = [list(cards) for cards in captured]
    if anchor is not None:
        setup["anchor"] = anchor
    if moves:
        setup["moves"] = list(moves)
    return setup


def _played(action: str) -> tuple[str, ...]:
    """The card a step lays down or throws away ('play:R7:0,0>1,0' -> ('R7',))."""
    kind, _, rest = action.partition(":")
    return (rest.split(":")[0],) if kind in ("play", "discard") else ()


def _lesson(name: str, setup: dict[str, Any], steps: Sequence[tuple[Any, ...]], *, players: int = 2,
            preset: str = "basic", **options: Any) -> Lesson:
    """Build a lesson: each step is ``(step, action, section)``, optionally followed by a dict
    of extra LessonStep fields (``your_turn``)."""
    lesson_id = f"{GAME}.{name}"
    return Lesson(id=lesson_id, title=f"lesson.{lesson_id}.title", game=GAME, preset=preset, players=players,
                  steps=build_steps(lesson_id, players, steps, _played), options=dict(options), setup=setup)


_YOU: dict[str, Any] = {"your_turn": True}

# 1. The start of the game: the start card is the only anchor; a road may leave it from any
#    side, and from then on roads grow from their tip (P2's red 1 fits the start card, not the tip).
START = _lesson(
    "start", deal("R7", ["B6", "Y2", "G8", "R4"], [["Y7", "B2", "G4"], ["R1", "B8", "G6"]], ["Y3", "B0"]),
    steps=[
        ("overview", None, "Overview"),
        ("components", None, "Components"),
        ("setup", None, "Setup"),
        ("first", "play:Y7:0,0>1,0", "Turn", _YOU),
        ("tip", "discard:R1", "Turn"),
        ("grow", "play:Y3:1,0>2,0", "Turn"),
    ],
    layout="small",
)

# 2. Matching: the number (green 5 on blue 5), then the colour (green 1 on green 5); nothing fits.
MATCH = _lesson(
    "match", deal("R5", ["Y6", "G2"], [["G5", "R7", "Y2"], ["G1", "Y4", "R8"]], ["B8", "Y9"],
                  roads=[[[1, 0, "B5"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("number", "play:G5:1,0>2,0", "Turn", _YOU),
        ("colour", "play:G1:2,0>3,0", "Turn", _YOU),
        ("stuck", "discard:R7", "Turn"),
    ],
    layout=STRIP,
)

# 3. The anchor's neighbours: of the yellow 7's four, one holds a card, two lie outside the area.
ANCHOR = _lesson(
    "anchor", deal("G6", ["B6", "Y2", "G8", "R4"], [["Y4", "R1", "G3"], ["Y8", "B5", "R9"]], ["B1", "R2"],
                   roads=[[[1, 0, "G2"], [2, 0, "B2"], [2, 1, "B7"], [2, 2, "Y7"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("tip", "play:Y4:2,2>1,2", "Turn", _YOU),
        ("grow", "play:Y8:1,2>0,2", "Turn"),
        ("next", None, "Turn"),
    ],
    layout="small",
)

# 4. A capture: the green road reaches a scoring card and goes to the discard pile; then the
#    next player chooses any road (or the start card).
CAPTURE = _lesson(
    "capture", deal("Y4", ["R8", "B3", "G7", "Y6"], [["G9", "R1", "B6"], ["B3", "Y1", "R8"]], ["R6", "G1"],
                    roads=[[[-1, 0, "Y9"], [-2, 0, "B9"]], [[1, 0, "G4"], [2, 0, "G5"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("capture", "play:G9:2,0>3,0", "Turn", _YOU),
        ("cleared", None, "Turn"),
        ("hidden", None, "Hidden information"),
        ("choose", "play:B3:-2,0>-3,0", "Turn", _YOU),
    ],
    layout="small",
)

# 5. A blocked road: the blue road's tip ends with no empty neighbour, so the next player
#    chooses another anchor.
BLOCKED = _lesson(
    "blocked", deal("R5", ["B4", "G1", "Y3", "R0"], [["B6", "G4", "Y1"], ["Y2", "R3", "G7"]], ["B5", "G0"],
                    roads=[[[0, 1, "R2"], [1, 1, "G2"], [1, 2, "G8"], [0, 2, "Y8"]],
                           [[1, 0, "R9"], [2, 0, "B9"], [2, 1, "B3"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("block", "play:B6:2,1>2,2", "Turn"),
        ("choose", "play:Y2:0,2>0,3", "Turn", _YOU),
        ("done", None, "Turn"),
    ],
    layout="small",
)

# 6. Skip (three players): P2 would reach the scoring card; the Skip makes them lose the turn.
SKIP = _lesson(
    "skip", deal("Y3", ["R6", "B1"], [["YS", "Y6", "B2"], ["Y7", "R4", "G9"], ["G5", "R2", "B7"]], ["G3", "R9", "B4"],
                 roads=[[[-1, 0, "Y5"]], [[1, 0, "Y8"], [2, 0, "Y1"]]]),
    players=3,
    steps=[
        ("intro", None, "Turn"),
        ("skip", "play:YS:2,0>3,0", "Turn", _YOU),
        ("skipped", None, "Turn"),
        ("stuck", "discard:R2", "Turn"),
        ("back", None, "Turn"),
    ],
    layout=STRIP,
)

# 7. Reverse: the next card must go on another road (the green 8 may not follow the Reverse).
REVERSE = _lesson(
    "reverse", deal("G7", ["R6", "Y1"], [["GR", "Y4", "R6"], ["G8", "B9", "Y1"]], ["R0", "Y5"],
                    roads=[[[-1, 0, "G2"], [-2, 0, "B2"]], [[1, 0, "G3"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("reverse", "play:GR:1,0>2,0", "Turn"),
        ("other", "play:B9:-2,0>-3,0", "Turn", _YOU),
        ("after", None, "Turn"),
    ],
    layout=STRIP,
)

# 8. A Reverse with no other road open: one road circles the start card, so it goes on.
REVERSE_ALONE = _lesson(
    "reverse_alone", deal("B4", ["R2", "G9", "B7", "Y0"], [["YR", "G3", "R8"], ["Y3", "G8", "B0"]], ["R5", "G6"],
                          roads=[[[0, 1, "B1"], [-1, 1, "R1"], [-1, 0, "R5"], [-1, -1, "G5"], [0, -1, "G2"],
                                  [1, -1, "Y2"], [1, 0, "Y6"], [1, 1, "Y9"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("reverse", "play:YR:1,1>2,1", "Turn"),
        ("same", "play:Y3:2,1>2,0", "Turn", _YOU),
        ("done", None, "Turn"),
    ],
    layout=DIAMOND,
)

# 9. Wild: it fits anything and names the colour the next card must match.
WILD = _lesson(
    "wild", deal("Y1", ["R3", "G5"], [["W", "B2", "G4"], ["R1", "R6", "G9"]], ["Y8", "R4"],
                 roads=[[[-1, 0, "Y7"]], [[1, 0, "Y3"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("wild", "play:W:1,0>2,0:B", "Turn", _YOU),
        ("stuck", "discard:R6", "Turn"),
        ("follow", "play:B2:2,0>3,0", "Turn"),
        ("capture", None, "Turn"),
    ],
    layout=STRIP,
)

# 10. Wild Draw Four under the strict rule: allowed when nothing else fits; refused otherwise.
WD4 = _lesson(
    "wd4", deal("Y1", ["B3", "G5"], [["W4", "R5", "R8"], ["W4", "R9", "G2"]], ["B1", "G6", "Y4", "B7", "Y0"],
                roads=[[[-1, 0, "Y7"]], [[1, 0, "Y3"]]]),
    steps=[
        ("intro", None, "Turn"),
        ("wd4", "play:W4:1,0>2,0:R", "Turn", _YOU),
        ("refill", None, "Turn"),
        ("refused", "play:R9:2,0>3,0", "Turn"),
    ],
    layout=STRIP,
)

# 11. Draw Two refills two, never beyond seven. P1 already holds six cards (a Wild Draw Four
#     played before the lesson: two left plus four).
DRAW_TWO = _lesson(
    "draw_two", deal("Y1", ["B3", "G5"], [["W4", "R5", "R8"], ["G1", "B6", "G9"]],
                     ["RD", "B4", "G6", "Y9", "Y5", "BD", "G0", "B2", "Y6"],
                     roads=[[[-1, 0, "Y7"]], [[1, 0, "Y3"]]], moves=["play:W4:1,0>2,0:R", "discard:G1"]),
    steps=[
        ("intro", None, "Turn"),
        ("draw_two", "play:RD:2,0>3,0", "Turn", _YOU),
        ("seven", "discard:B6", "Turn"),
        ("limit", "play:BD:3,0>4,0", "Turn"),
        ("done", None, "Turn"),
    ],
    layout=LONG,
)


def _long_game() -> dict[str, Any]:
    """A game far on (98 turns): the draw pile holds one card and the discard pile 96.

    Every card is stacked: each player throws away the card drawn the turn before, except that
    P1 starts a road with a red 2 on turn 38 and extends it with a red 9 on turn 76. Long runs of
    discards need a high stall limit, so this lesson plays with ``stall_limit=20``. On turn 98 P1
    holds the red Draw Two, a green 4 and a blue 7."""
    start, scoring = "R5", ["Y5", "G5"]
    hands = [["Y0", "RD", "G4"], ["G0", "B0", "Y1"]]
    named = [start, *scoring, *hands[0], *hands[1], "R2", "R9", "B7"]
    rest = list(UNO_108)
    for card in named:
        rest.remove(card)
    draw = rest[:36] + ["R2"] + rest[36:73] + ["R9"] + rest[73:94] + ["B7"] + rest[94:]
    moves = ["discard:Y0", "discard:G0"]
    for turn in range(2, 98):
        card = draw[turn - 2]
        moves.append({38: "play:R2:0,0>1,0", 76: "play:R9:1,0>2,0"}.get(turn, f"discard:{card}"))
    return deal(start, scoring, hands, draw, moves=moves)


# 12. The draw pile runs out: the discard pile is shuffled into a new one.
RESHUFFLE = _lesson(
    "reshuffle", _long_game(),
    steps=[
        ("intro", None, "Turn"),
        ("draw_two", "play:RD:2,0>3,0", "Turn", _YOU),
        ("shuffled", None, "Turn"),
        ("next", "discard:Y1", "Turn"),
    ],
    layout=STRIP, stall_limit=20,
)

# 13. The end: a capture leaves one scoring card, so the game ends after that turn.
LAST_CARD = _lesson(
    "last_card", deal("Y4", ["R8", "B1", "Y5"], [["G6", "R2", "B8"], ["B7", "R0", "Y9"]], ["G3", "R7", "Y2"],
                      roads=[[[-1, 0, "B3"]], [[0, 1, "G4"]]], moves=["play:G6:0,1>0,2"]),
    steps=[
        ("intro", None, "End"),
        ("capture", "play:B7:-1,0>-2,0", "End", _YOU),
        ("over", None, "End"),
        ("scores", None, "Scoring"),
    ],
    layout=TRIANGLE,
)

# 14. The stall limit: three full rounds (six turns with two players) without a card laid.
STALL = _lesson(
    "stall", deal("R5", ["Y5", "G5"], [["Y2", "G3", "R4"], ["Y6", "G7", "R0"]], ["G9", "Y1", "Y0", "B3", "R1", "G2"],
                  roads=[[[-1, 0, "R1"], [-2, 0, "G1"]], [[1, 0, "R8"], [2, 0, "B8"]]],
                  moves=["discard:Y2", "discard:Y6", "discard:G3", "discard:G7"]),
    steps=[
        ("intro", None, "End"),
        ("fifth", "discard:G9", "End"),
        ("keep", "play:B3:2,0>3,0", "End", _YOU),
        ("reset", None, "End"),
    ],
    layout=STRIP,
)

# 15. The reveal: number cards, and Draw Two / Wild Draw Four drawing for the highest number.
SCORE_DRAWS = _lesson(
    "score_draws", deal("Y4", ["G5", "R3"], [["G1", "R3", "B5"], ["Y2", "R9", "B6"]],
                        ["B1", "YS", "B3", "R2", "Y9", "BD", "G4"],
                        roads=[[[-1, 0, "G4"]]], captured=[["R7", "GD"], ["W4"]]),
    steps=[
        ("intro", None, "Scoring"),
        ("capture", "play:G1:-1,0>-2,0", "End", _YOU),
        ("numbers", None, "Scoring"),
        ("draws", None, "Scoring"),
        ("total", None, "Scoring"),
    ],
    layout=SHORT,
)

# 16. The reveal with four players: Skip, Reverse and Wild score for other seats.
SCORE_SEATS = _lesson(
    "score_seats", deal("Y4", ["R6", "B2"], [["R1", "G3", "B5"], ["Y2", "G9", "B6"], ["Y7", "G2", "B8"],
                                            ["Y0", "G8", "B9"]],
                        ["B1"], roads=[[[-1, 0, "R4"]]], captured=[["YS"], ["BR"], ["W"], []]),
    players=4,
    steps=[
        ("intro", None, "Scoring"),
        ("capture", "play:R1:-1,0>-2,0", "End", _YOU),
        ("skip", None, "Scoring"),
        ("reverse", None, "Scoring"),
        ("wild", None, "Scoring"),
        ("total", None, "Scoring"),
    ],
    layout=SHORT,
)

LESSONS: tuple[Lesson, ...] = (
    START, MATCH, ANCHOR, CAPTURE, BLOCKED, SKIP, REVERSE, REVERSE_ALONE, WILD, WD4, DRAW_TWO, RESHUFFLE,
    LAST_CARD, STALL, SCORE_DRAWS, SCORE_SEATS,
)

__all__ = ["LESSONS", "deal"]
