"""Up&Down lessons: one short walkthrough per rule, ordered as a course.

Every lesson is a stacked deal (see ``UpAndDown.initial_state``) and a handful of steps; each
step names the section of the rules docstring (``rules.py``) it teaches, and at least one step
per lesson asks the learner to find the move themselves among several legal ones. The narration
codes are ``lesson.<lesson id>.<step>`` (``...<step>.wrong`` for the answer to another legal
move) and the titles ``lesson.<lesson id>.title``; both catalogs hold them all.

The course: legal plays, Pass, Turn, Shot, elimination, the empty stock, the Basic match,
Carry-over (ante, payments, pot claim), Carry-over (payment after a Shot, the pot carried
over), Cul-de-sac (open hands, mission, score challenge, score and tie-breaks), solo, and
"still winnable?" (the play table's meter, from ``solver.py``). Basic
needs about a hundred plays to empty the stock, so the empty-stock lesson uses Cul-de-sac's
``removed_cards``; its point about Basic (an empty hand is out at its next turn) is narrated,
and checked by ``tests/test_up_and_down_lessons.py``.

>>> [lesson.id for lesson in LESSONS][:3]
['up_and_down.legal_plays', 'up_and_down.pass', 'up_and_down.turn']
>>> from tablekit.core.lessons import check_lesson
>>> check_lesson(LESSONS[0]).state.field
30
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence, Union

from tablekit.core.deck import stack
from tablekit.core.lessons import Lesson, build_steps
from tablekit.core.lessons import lesson_codes as core_lesson_codes
from tablekit.games.up_and_down.actions import card_from_code, full_deck

Card = Union[int, str]
GAME = "up_and_down"


def _card(c: Card) -> int:
    return card_from_code(c) if isinstance(c, str) else c


def deck(hands: Sequence[Sequence[Card]], stock: Iterable[Card] = (),
         removed: Iterable[Card] = ()) -> list[int]:
    """The 108-card deck that deals ``hands`` (five cards per seat, seat 0 first), then
    ``stock`` from the top, then every card not named (in ``full_deck`` order), and ends with
    ``removed`` (Cul-de-sac sets the last ``removed_cards`` cards aside).

    >>> d = deck([[85, 1, 2, 3, 4], ["P", "T", "S", 99, 100]], stock=[50], removed=[7])
    >>> d[:11], d[11:14], d[-1], len(d)
    ([85, 1, 2, 3, 4, 101, 102, 103, 99, 100, 50], [5, 6, 8], 7, 108)
    """
    if any(len(h) != 5 for h in hands):
        raise ValueError("every seat is dealt five cards")
    top = [_card(c) for h in hands for c in h] + [_card(c) for c in stock]
    bottom = [_card(c) for c in removed]
    middle = stack(full_deck(), top + bottom)[len(top) + len(bottom):]
    return top + middle + bottom


def _lesson(name: str, preset: str, players: int, hands: Sequence[Sequence[Card]],
            steps: Sequence[tuple[Any, ...]], *, stock: Iterable[Card] = (),
            removed: Iterable[Card] = (), seed: int = 0, seat: int | None = None,
            **options: Any) -> Lesson:
    """Build a lesson. Each step is ``(step, action, section)`` optionally followed by a dict
    of extra LessonStep fields (``params``, ``your_turn``, ``target``). A ``your_turn`` step
    gets the wrong-move code ``<step>.wrong`` and no target (that would give the answer
    away); another step with an action targets the card it plays. Every step's params name
    the seats ``p1``, ``p2``, ... (seat 0, 1, ...), so the texts write ``{p1!p}``."""
    lesson_id = f"{GAME}.{name}"
    # A Shot "S2" targets the Shot card "S"; a number or Pass/Turn, the card played.
    built = build_steps(lesson_id, players, steps, lambda a: (a[0] if a[0] == "S" else a,))
    return Lesson(
        id=lesson_id, title=f"lesson.{lesson_id}.title", game=GAME, preset=preset, players=players,
        steps=built, seed=seed, options=dict(options),
        setup={"deck": deck(hands, stock, removed)}, seat=seat,
    )


_YOU: dict[str, Any] = {"your_turn": True}

# 1. Legal plays: the empty field, higher, the same ones digit, specials at any time.
LEGAL_PLAYS = _lesson(
    "legal_plays", "basic", 2,
    [[40, 25, 30, 90, 24], [85, 100, "P", 7, 12]],
    stock=[2, 3, 4, 6, 8], seat=0, single_game=True,
    steps=[
        ("intro", None, "Setup"),
        ("empty_field", "40", "Legality"),
        ("higher", "85", "Legality"),
        ("same_digit", "25", "Legality", _YOU),
        ("hundred", "100", "Legality"),
        ("after_hundred", "30", "Legality"),
        ("special", "P", "Legality"),
    ],
)

# 2. Pass: the turn moves on to the neighbour, nobody is skipped, the field stays.
PASS_LESSON = _lesson(
    "pass", "basic", 3,
    [[80, "P", 98, 45, 25], [85, 15, 11, 12, 13], [95, "P", 1, 3, 4]],
    stock=[5, 6, 7, 8, 30, 10, 14], seat=0, single_game=True,
    steps=[
        ("intro", None, "Special cards"),
        ("open", "80", "Legality"),
        ("climb", "85", "Legality"),
        ("climb_more", "95", "Legality"),
        ("play_pass", "P", "Special cards", _YOU),
        ("field_stays", "15", "Special cards"),
        ("pass_again", "P", "Special cards"),
        ("not_skipped", "25", "Special cards"),
    ],
)

# 3. Turn: the direction reverses (three players: the turn goes back to the one before).
TURN_LESSON = _lesson(
    "turn", "basic", 3,
    [[10, 20, 50, 1, 2], ["T", "T", 15, 60, 3], [30, 40, 4, 5, 6]],
    stock=[7, 8, 9, 11, 12, 13, 14], seat=1, single_game=True,
    steps=[
        ("intro", None, "Special cards"),
        ("open", "10", "Turn"),
        ("play_turn", "T", "Special cards", _YOU),
        ("back", "20", "Special cards"),
        ("counter_clockwise", "30", "Special cards"),
        ("turn_again", "T", "Special cards"),
        ("clockwise", "40", "Special cards"),
        ("two_players", "50", "Options"),
    ],
)

# 4. Shot: the named player plays next and play goes on from them; a named player who cannot
# play is out and their neighbour plays.
SHOT_LESSON = _lesson(
    "shot", "basic", 4,
    [[50, "S", "S", 95, 2], [60, 11, 12, 13, 14], [70, 85, 100, 3, 4], [80, 90, 10, 5, 6]],
    stock=[8, 15, 16, 17, 9, 18, 19, 1, 21], seat=0, single_game=True,
    steps=[
        ("intro", None, "Special cards"),
        ("open", "50", "Legality"),
        ("p2", "60", "Legality"),
        ("p3", "70", "Legality"),
        ("p4", "80", "Legality"),
        ("shot", "S2", "Special cards"),
        ("target_plays", "85", "Special cards"),
        ("goes_on", "90", "Special cards"),
        ("shot_stuck", "S1", "Special cards", _YOU),
        ("neighbour", "100", "Special cards"),
    ],
)

# 5. Elimination: no legal card means out; a special card is a lifeline; the last one in wins.
ELIMINATION = _lesson(
    "elimination", "basic", 3,
    [[90, 99, 30, 1, 2], ["P", 25, 31, 42, 8], [11, 12, 13, 14, 16]],
    stock=[3, 5, 4], seat=0, single_game=True,
    steps=[
        ("intro", None, "Turn"),
        ("high", "90", "Legality"),
        ("lifeline", "P", "Legality"),
        ("out", None, "Turn"),
        ("finish", "99", "Turn", _YOU),
        ("survivor", None, "Scoring"),
    ],
)

# 6. The empty stock: nobody draws any more and hands only shrink. (A Basic deck takes about a
# hundred plays to run out, so this lesson uses Cul-de-sac's trimmed deck.)
EMPTY_STOCK = _lesson(
    "empty_stock", "cul_de_sac", 2,
    [[1, 20, 41, 62, 83], [10, 31, 52, 73, 94]],
    stock=[5, 6, 7], seat=1, removed_cards=95,
    steps=[
        ("intro", None, "Options"),
        ("open", "1", "Setup"),
        ("draw", "10", "Turn"),
        ("last_card", "20", "Turn"),
        ("no_draw", "31", "Turn", _YOU),
        ("shrinks", "41", "Turn"),
        ("empty_hand", None, "Turn"),
    ],
)

# 7. The match: the survivor scores a win point and deals the next game; three wins take it.
# Game 1 is stacked; games 2-4 come from seed 34.
MATCH = _lesson(
    "match", "basic", 2,
    [[99, 12, 45, 30, 8], [11, 22, 33, 44, 56]],
    seed=34, seat=0,
    steps=[
        ("intro", None, "End"),
        ("game1", "99", "Scoring", _YOU),
        ("game2", "86", "Scoring"),
        ("game3", "88", "Scoring"),
        ("game4", "6", "Setup"),
        ("match_point", "94", "End", _YOU),
        ("over", None, "End"),
    ],
)

# 8. Carry-over: the ante, paying whoever made the latest play, the survivor's pot claim.
CARRY_OVER = _lesson(
    "carry_over", "carry_over", 3,
    [[40, 97, 98, 1, 2], [50, 11, 12, 13, 14], [60, 15, 16, 18, 19]],
    stock=[3, 21, 22, 4], seat=0,
    steps=[
        ("intro", None, "Scoring"),
        ("open", "40", "Legality"),
        ("p2", "50", "Legality"),
        ("p3", "60", "Legality"),
        ("knockout", "97", "Scoring", _YOU),
        ("paid", None, "Scoring"),
        ("pot", None, "Scoring"),
    ],
)

# 9. Carry-over: a Shot's player gets paid; a survivor who cannot play again leaves the pot.
CARRY_POT = _lesson(
    "carry_pot", "carry_over", 3,
    [[60, 1, 2, 3, 4], [99, 100, 11, 12, 13], ["S", 21, 22, 23, 24]],
    stock=[5, 14, 25, 15], seat=2,
    steps=[
        ("intro", None, "Scoring"),
        ("open", "60", "Legality"),
        ("high", "99", "Legality"),
        ("shot", "S0", "Scoring", _YOU),
        ("hundred", "100", "Scoring"),
        ("carried", None, "Scoring"),
        ("next_ante", None, "End"),
    ],
)

# 10. Cul-de-sac: open hands, the lowest card opens, the mission, the score challenge.
CUL_DE_SAC = _lesson(
    "cul_de_sac", "cul_de_sac", 2,
    [[9, 95, 96, 97, 98], [3, 21, 31, 41, 51]],
    stock=[61, "P", 12], removed_cards=95,
    steps=[
        ("intro", None, "Setup"),
        ("opening", "3", "Setup"),
        ("mission", "9", "Scoring", _YOU),
        ("challenge", "21", "Scoring"),
        ("face_down", "95", "Scoring"),
        ("climb", "96", "Scoring"),
        ("climb_more", "97", "Scoring"),
        ("last_number", "98", "Scoring"),
        ("finished", "P", "Scoring"),
        ("score", None, "Scoring",
         {"params": {"finished": 1, "players": 2, "cards": 5, "total": 196}}),
    ],
)

# 11. Solo: one person plays four open hands.
SOLO = _lesson(
    "solo", "solo", 4,
    [[21, 45, 77, 88, 14], [30, 55, 75, 91, 12], [1, 40, 62, 83, 99], [8, 25, 50, 66, 100]],
    stock=[33, 47, 13, 58], removed_cards=84,
    steps=[
        ("intro", None, "Overview"),
        ("opening", "1", "Setup"),
        ("keep_low", "8", "Scoring", _YOU),
        ("follow", "14", "Scoring"),
        ("last_draw", "30", "Scoring"),
        ("plan", None, "Scoring"),
    ],
)

# 12. Still winnable? The play table's meter (solver.py) on a solo puzzle whose stock is empty:
# only one of five legal cards keeps every hand able to empty (tests check each claim with the
# solver and by brute force).
STILL_WINNABLE = _lesson(
    "still_winnable", "solo", 3,
    [[9, 37, 65, 35, 11], [63, 20, 76, 47, 51], [28, 21, 1, "P", 81]],
    removed_cards=93,
    steps=[
        ("intro", None, "Scoring"),
        ("opening", "1", "Setup"),
        ("only_now", "9", "Scoring", _YOU),
        ("choices", "20", "Scoring"),
        ("line", None, "Scoring"),
    ],
)

LESSONS: tuple[Lesson, ...] = (
    LEGAL_PLAYS, PASS_LESSON, TURN_LESSON, SHOT_LESSON, ELIMINATION, EMPTY_STOCK, MATCH,
    CARRY_OVER, CARRY_POT, CUL_DE_SAC, SOLO, STILL_WINNABLE,
)


def lesson_codes() -> frozenset[str]:
    """Every i18n code the lessons use: titles, step narrations and wrong-move answers (both
    catalogs hold them all; a test checks). The texts a lesson player adds around them (your
    turn, well done, another legal move) are ``widgets.walk.*``.

    >>> "lesson.up_and_down.pass.play_pass.wrong" in lesson_codes()
    True
    """
    return core_lesson_codes(LESSONS)


__all__ = ["LESSONS", "deck", "lesson_codes"]
