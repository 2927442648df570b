"""American Page One lessons: one short walkthrough per rule and per house rule, as a course.

Every lesson is a stacked deal (see ``PageOne.initial_state``: the hands, then the stock from
the top, whose first card is turned as the starter; the last seat deals, so seat 0 plays
first) and a handful of steps. Each step names the section of the rules docstring
(``rules.py``) it teaches, and at least one step per lesson asks the learner to find the move
themselves among several legal ones. The narration codes are ``lesson.<lesson id>.<step>``
(``...<step>.wrong`` for the answer to another legal move) and the titles
``lesson.<lesson id>.title``; both catalogs hold them all.

The course: matching suit or rank, the Eight, Jump, Quick Turn, Two and Three, drawing, the
starter, the calls, reshuffling, scoring (both value tables), then the house rules: drawing
variants, rank options (Eight not wild, only the Two, extra Jump rank), the linked Two and
Three, the joker (a caught bluff and a wrong challenge), no going out on an Eight, Page One on
the last card, reversal on a suit change, several cards of one rank, special starters,
penalties that cannot be answered, playing on without "Stop", catching a missed call (a
3-card penalty), jokers only without the suit (compared with ``free`` and the challenge), the
Queen as a Jump with two players, two decks, a match of several rounds ending on a target, and a
special starter (a Two) that takes effect, with a last Two whose penalty is still drawn.

>>> [lesson.id for lesson in LESSONS][:3]
['page_one.matching', 'page_one.eight', 'page_one.jump']
>>> from tablekit.core.lessons import check_lesson
>>> from tablekit.games.page_one.actions import card_code
>>> [card_code(c) for c in check_lesson(LESSONS[0]).state.hands[0]]
['KH', '4S']
"""

from __future__ import annotations

from typing import Any, Sequence

from tablekit.core.deck import stack
from tablekit.core.lessons import Lesson, build_steps
from tablekit.core.lessons import lesson_codes as core_lesson_codes
from tablekit.games.page_one.actions import card_code, card_from_code, full_deck, rank_of

GAME = "page_one"
PLAIN_RANKS = (0, 3, 4, 5, 6, 8, 9, 12)  # A 4 5 6 7 9 T K: no effect under the default ranks


def deck(hands: Sequence[Sequence[str]], stock: Sequence[str] = (), size: int = 0,
         decks: int = 1, jokers: int = 0) -> list[int]:
    """The whole deck that deals ``hands`` (seat 0 first), then ``stock`` from the top (its
    first card is the starter), then every card not named (in ``full_deck`` order). With
    ``size``, each hand shorter than that is filled up with unnamed cards, plain ones first.

    >>> d = deck([["7H", "KH"], ["2C", "JK"]], stock=["5S"], jokers=1)
    >>> d[:6], len(d)
    ([19, 25, 40, 52, 4, 0], 53)
    """
    full_codes = [card_code(c) for c in full_deck(decks, jokers)]
    named = [x for hand in hands for x in hand] + list(stock)
    unnamed = [card_from_code(x) for x in stack(full_codes, named)[len(named):]]  # checks the names
    spare = sorted(unnamed, key=lambda c: rank_of(c) not in PLAIN_RANKS)  # plain ranks first
    full: list[list[str]] = []
    for hand in hands:
        codes = list(hand)
        while len(codes) < size and spare:
            codes.append(card_code(spare.pop(0)))
        full.append(codes)
    if len({len(h) for h in full}) != 1:
        raise ValueError("every hand must have the same size")
    return [card_from_code(x) for x in stack(full_codes, [x for h in full for x in h] + list(stock))]


def _played(action: str) -> tuple[str, ...]:
    """The card codes a play action lays down ('8S:H!' -> ('8S',), 'KC+KH' -> ('KC', 'KH'));
    () for the other actions."""
    text = action.rstrip("!").split(":")[0]
    if text in ("draw", "pass", "catch", "challenge", "name"):
        return ()
    return tuple(text.split("+"))


def _lesson(name: str, players: int, hands: Sequence[Sequence[str]], steps: Sequence[tuple[Any, ...]], *,
            stock: Sequence[str] = (), preset: str = "classic", size: int = 0, seat: int | None = None,
            **options: Any) -> Lesson:
    """Build a lesson. Each step is ``(step, action, section)`` optionally followed by a dict of
    extra LessonStep fields (``params``, ``your_turn``). A ``your_turn`` step gets the
    wrong-move code ``<step>.wrong`` and no target; another play targets the cards it
    plays. Every step's params name the seats ``p1``, ``p2``, ... (seat 0, 1, ...)."""
    lesson_id = f"{GAME}.{name}"
    built = build_steps(lesson_id, players, steps, _played)
    options.setdefault("hand_size", size or len(hands[0]))
    return Lesson(
        id=lesson_id, title=f"lesson.{lesson_id}.title", game=GAME, preset=preset, players=players,
        steps=built, options=dict(options), seat=seat,
        setup={"deck": deck(hands, stock, size, int(options.get("decks", 1)), int(options.get("jokers", 0))),
               "dealer": players - 1},
    )


_YOU: dict[str, Any] = {"your_turn": True}

# --- the rules ---------------------------------------------------------------------------------
MATCHING = _lesson(
    "matching", 2, [["KH", "7C", "4S", "5D"], ["9H", "5C", "AS", "6D"]], stock=["7H"], seat=0,
    steps=[
        ("intro", None, "Overview"),
        ("same_rank", "7C", "Legality", _YOU),
        ("same_suit", "5C", "Legality"),
        ("rank_again", "5D", "Legality"),
        ("suit_again", "6D", "Legality"),
    ],
)

EIGHT = _lesson(
    "eight", 2, [["8S", "4C", "5C", "KD"], ["6C", "8D", "9H", "AS"]], stock=["7H"], seat=0,
    steps=[
        ("intro", None, "Special cards"),
        ("name_suit", "8S:C", "Special cards", _YOU),
        ("follow", "6C", "Legality"),
        ("club", "4C", "Legality"),
        ("any_time", "8D:H", "Special cards"),
    ],
)

JUMP = _lesson(
    "jump", 3, [["JH", "5H", "9C", "KS"], ["4D", "6S", "AD", "TS"], ["9H", "6C", "KC", "5S"]],
    stock=["4H"], seat=0,
    steps=[
        ("intro", None, "Special cards"),
        ("jump", "JH", "Special cards", _YOU),
        ("skipped", "9H", "Special cards"),
        ("back", "9C", "Legality"),
        ("two_players", None, "Special cards"),
    ],
)

QUICK_TURN = _lesson(
    "quick_turn", 3, [["QS", "5S", "9C", "KH"], ["KS", "4D", "AD", "TD"], ["6S", "6C", "KC", "5D"]],
    stock=["4S"], seat=0,
    steps=[
        ("intro", None, "Special cards"),
        ("reverse", "QS", "Special cards", _YOU),
        ("counter", "6S", "Special cards"),
        ("on", "KS", "Special cards"),
        ("back", "KH", "Legality"),
        ("two_players", None, "Special cards"),
    ],
)

TWO_THREE = _lesson(
    "two_three", 3, [["2H", "4C", "5C", "KS"], ["2S", "3S", "KD", "AC"], ["5S", "6S", "9S", "TC"]],
    stock=["7H", "AH", "4H", "6H", "TH"], seat=1,
    steps=[
        ("intro", None, "Special cards"),
        ("two", "2H", "Special cards"),
        ("answer", "2S", "Special cards", _YOU),
        ("draw_four", "draw", "Turn"),
        ("king", "KS", "Legality"),
        ("three", "3S", "Special cards"),
        ("draw_three", "draw", "Turn"),
    ],
)

DRAWING = _lesson(
    "drawing", 2, [["4C", "5C", "KS", "AD"], ["9S", "6D", "TC", "5D"]], stock=["7H", "9H", "4S"], seat=0,
    steps=[
        ("intro", None, "Turn"),
        ("stuck", "draw", "Turn"),
        ("play_drawn", "9H", "Turn", _YOU),
        ("rank", "9S", "Legality"),
        ("king", "KS", "Legality"),
        ("draw_again", "draw", "Turn"),
        ("keep", "pass", "Turn"),
    ],
)

STARTER = _lesson(
    "starter", 2, [["9H", "4H", "KC", "AS"], ["5C", "6D", "TS", "9C"]], stock=["JH", "2C", "7H"], seat=0,
    steps=[
        ("intro", None, "Setup"),
        ("covered", None, "Setup"),
        ("first", "9H", "Setup", _YOU),
        ("reply", "9C", "Legality"),
    ],
)

CALLS = _lesson(
    "calls", 2, [["5H", "6H", "9C"], ["5C", "9H", "KD"]], stock=["7H"], seat=0,
    steps=[
        ("intro", None, "Calls"),
        ("open", "5H", "Legality"),
        ("reply", "5C", "Legality"),
        ("page_one", "9C!", "Calls", _YOU),
        ("missed", "9H", "Calls"),
        ("stop", "6H!", "Calls", _YOU),
        ("won", None, "Scoring"),
    ],
)

RESHUFFLE = _lesson(
    "reshuffle", 4, [["2H"], ["2S"], ["2D"], []], stock=["7H", "2C", "3C", "3D"], size=12,
    steps=[
        ("intro", None, "Turn"),
        ("two", "2H", "Special cards"),
        ("answer", "2S", "Special cards"),
        ("again", "2D", "Special cards", _YOU),
        ("reshuffle", "draw", "Turn"),
        ("after", None, "Turn"),
    ],
)

SCORING = _lesson(
    "scoring", 2, [["JH", "6H"], ["8C", "QD"]], stock=["7H"], seat=0,
    steps=[
        ("intro", None, "Scoring"),
        ("jump", "JH!", "Calls", _YOU),
        ("stop", "6H!", "Calls", _YOU),
        ("score", None, "Scoring", {"params": {"total": 60}}),
    ],
)

SCORING_JP = _lesson(
    "scoring_jp", 2, [["JH", "6H"], ["8C", "QD"]], stock=["7H"], seat=0, values="pageone_jp",
    steps=[
        ("intro", None, "Scoring"),
        ("jump", "JH!", "Calls", _YOU),
        ("stop", "6H!", "Calls", _YOU),
        ("score", None, "Scoring", {"params": {"total": 40}}),
    ],
)

# --- house rules -------------------------------------------------------------------------------
KEEP_DRAWN = _lesson(
    "keep_drawn", 2, [["9H", "4C", "KS"], ["5H", "6D", "TC"]], stock=["7H", "5S"], seat=0,
    draw_rule="keep_drawn", voluntary_draw=True,
    steps=[
        ("intro", None, "Options"),
        ("voluntary", "draw", "Options", _YOU),
        ("reply", "5H", "Legality"),
        ("kept", "5S", "Options"),
    ],
)

UNTIL_PLAYABLE = _lesson(
    "until_playable", 2, [["4C", "5C", "KS"], ["9H", "6D", "TD"]], stock=["7H", "2S", "4D", "6H"], seat=1,
    draw_rule="until_playable",
    steps=[
        ("intro", None, "Options"),
        ("draw_on", "draw", "Options"),
        ("must_play", "6H", "Options"),
        ("reply", "6D", "Legality", _YOU),
    ],
)

RANK_OPTIONS = _lesson(
    "rank_options", 3, [["8H", "AH", "4C", "5S"], ["9D", "KD", "6S", "4D"], ["3H", "9S", "KC", "6C"]],
    stock=["7H"], seat=0, wild_ranks=(), three_ranks=(), jump_ranks=("A", "J"),
    steps=[
        ("intro", None, "Options"),
        ("ace", "AH", "Options", _YOU),
        ("plain_three", "3H", "Options"),
        ("plain_eight", "8H", "Options"),
        ("more", None, "Options"),
    ],
)

LINKED = _lesson(
    "linked", 3, [["2H", "4C", "5C", "KS"], ["3H", "3S", "KD", "AC"], ["5S", "6S", "9S", "TC"]],
    stock=["7H"], seat=1, linked_two_three=True,
    steps=[
        ("intro", None, "Options"),
        ("two", "2H", "Special cards"),
        ("linked", "3H", "Options", _YOU),
        ("draw_five", "draw", "Options"),
    ],
)

JOKER_BLUFF = _lesson(
    "joker_bluff", 2, [["JK", "5H", "9C", "KS"], ["4D", "6S", "AD", "TS"]], stock=["7H"], seat=1, jokers=1,
    steps=[
        ("intro", None, "Options"),
        ("bluff", "JK:C", "Options"),
        ("challenge", "challenge", "Options", _YOU),
        ("instead", "5H", "Options"),
        ("after", None, "Options"),
    ],
)

JOKER_HONEST = _lesson(
    "joker_honest", 2, [["JK", "4C", "9C", "KS"], ["4D", "6S", "AD", "TS"]], stock=["7H"], seat=0, jokers=1,
    steps=[
        ("intro", None, "Options"),
        ("honest", "JK:C", "Options", _YOU),
        ("wrong_challenge", "challenge", "Options"),
        ("on", "4C", "Legality"),
    ],
)

LAST_CARD = _lesson(
    "last_card", 2, [["5H", "8C"], ["KD", "9S"]], stock=["7H", "4S"], seat=0, last_card="no_eight",
    steps=[
        ("intro", None, "Options"),
        ("first", "5H!", "Options", _YOU),
        ("reply", "draw", "Turn"),
        ("stuck", "draw", "Options"),
        ("no_special", None, "Options"),
    ],
)

PAGE_ONE_ON_LAST = _lesson(
    "page_one_on_last", 2, [["5H", "6H"], ["KD", "9S"]], stock=["7H", "4S"], seat=0, page_one_on_last=True,
    steps=[
        ("intro", None, "Options"),
        ("no_call", "5H", "Options"),
        ("reply", "draw", "Turn"),
        ("last", "6H!", "Options", _YOU),
    ],
)

SUIT_CHANGE = _lesson(
    "suit_change", 3, [["9H", "7C", "4S", "5D"], ["9S", "6C", "KD", "AD"], ["KC", "5S", "6S", "TH"]],
    stock=["7H"], seat=0, reverse_on_suit_change=True,
    steps=[
        ("intro", None, "Options"),
        ("change", "7C", "Options", _YOU),
        ("same_suit", "KC", "Options"),
        ("again", "KD", "Options"),
    ],
)

MULTI_PLAY = _lesson(
    "multi_play", 3, [["2H", "2C", "5S", "9D"], ["4D", "6S", "AD", "TS"], ["KC", "5D", "6D", "TH"]],
    stock=["7H"], seat=0, multi_play=True,
    steps=[
        ("intro", None, "Options"),
        ("double", "2H+2C", "Options", _YOU),
        ("draw_four", "draw", "Options"),
        ("next", "KC", "Legality"),
    ],
)

SPECIAL_STARTER = _lesson(
    "special_starter", 2, [["4C", "9C", "KH"], ["5D", "6S", "TS"]], stock=["8D"], seat=1, starter_effect=True,
    steps=[
        ("intro", None, "Options"),
        ("name", "name:C", "Options", _YOU),
        ("follow", "9C", "Options"),
        ("others", None, "Options"),
    ],
)

NO_COUNTER = _lesson(
    "no_counter", 3, [["2H", "5H", "9C", "KS"], ["2S", "6S", "AD", "TS"], ["KH", "5D", "6D", "TD"]],
    stock=["7H"], seat=0, no_counter=True,
    steps=[
        ("intro", None, "Options"),
        ("two", "2H", "Options", _YOU),
        ("cannot", "draw", "Options"),
        ("next", "KH", "Legality"),
    ],
)

PLAY_ON = _lesson(
    "play_on", 3, [["5H", "9C"], ["9H", "KD"], ["9S", "6D"]], stock=["7H"], seat=0, play_on=True,
    steps=[
        ("intro", None, "Options"),
        ("page_one", "5H!", "Calls", _YOU),
        ("reply", "9H!", "Calls"),
        ("reply_again", "9S!", "Calls"),
        ("finished", "9C", "Options"),
        ("on", None, "Options"),
    ],
)

CATCH = _lesson(
    "catch", 2, [["5H", "4C", "9S"], ["5C", "4S", "9H"]], stock=["7H", "KC", "6D", "TD"], seat=1,
    call_mode="catchable", penalty=3,
    steps=[
        ("intro", None, "Calls"),
        ("open", "5H", "Legality"),
        ("reply", "5C", "Legality"),
        ("forget", "4C", "Calls"),
        ("let_go", "4S!", "Calls"),
        ("no_stop", "9S", "Calls"),
        ("catch", "catch", "Calls", _YOU),
        ("stop", "9H!", "Calls", _YOU),
    ],
)

JOKER_NO_SUIT = _lesson(
    "joker_no_suit", 2, [["JK", "JK", "7C", "9C"], ["4D", "6S", "AD", "TS"]], stock=["7H"], seat=0, jokers=2,
    joker_rule="no_suit",
    steps=[
        ("intro", None, "Options"),
        ("allowed", "JK:C", "Options", _YOU),
        ("draw_four", "draw", "Special cards"),
        ("refused", "9C", "Options"),
        ("free", None, "Options"),
    ],
)

Q_SKIP = _lesson(
    "q_skip", 2, [["QH", "5H", "9C", "KS"], ["4D", "6S", "AD", "TS"]], stock=["7H"], seat=0,
    two_player_q_is_skip=True,
    steps=[
        ("intro", None, "Options"),
        ("skip", "QH", "Options", _YOU),
        ("again", "5H", "Special cards"),
        ("reply", "draw", "Turn"),
    ],
)

TWO_DECKS = _lesson(
    "two_decks", 2, [["7H", "5H", "9C", "KS"], ["7C", "6S", "AD", "TS"]], stock=["7H"], seat=0, decks=2,
    steps=[
        ("intro", None, "Setup"),
        ("twin", "7H", "Options", _YOU),
        ("reply", "7C", "Legality"),
        ("on", "9C", "Legality"),
    ],
)

MATCH = _lesson(
    "match", 2, [["5H", "KS"], ["5C", "9C"]], stock=["7H", "4D"], seat=1, rounds=5, target=15,
    steps=[
        ("intro", None, "End"),
        ("open", "5H!", "Calls"),
        ("page_one", "5C!", "Calls", _YOU),
        ("stuck", "draw", "Turn"),
        ("stop", "9C!", "Calls", _YOU),
        ("totals", None, "End"),
        ("eight", "8D:H!", "Special cards", _YOU),
        ("reply", "5H!", "Calls"),
        ("out", "8H:C!", "End", _YOU),
        ("target", None, "End"),
    ],
)

SPECIAL_STARTERS_PLAYED = _lesson(
    "special_starters_played", 2, [["2S", "2D"], ["4D", "KC"]], stock=["2H", "5C", "6C", "9C", "TC", "4H", "6D"],
    seat=0, starter_effect=True, final_penalty_drawn=True,
    steps=[
        ("intro", None, "Options"),
        ("answer", "2S!", "Options", _YOU),
        ("draw_four", "draw", "Special cards"),
        ("last_two", "2D!", "End", _YOU),
        ("final", None, "End"),
    ],
)

LESSONS: tuple[Lesson, ...] = (
    MATCHING, EIGHT, JUMP, QUICK_TURN, TWO_THREE, DRAWING, STARTER, CALLS, RESHUFFLE, SCORING, SCORING_JP,
    KEEP_DRAWN, UNTIL_PLAYABLE, RANK_OPTIONS, LINKED, JOKER_BLUFF, JOKER_HONEST, LAST_CARD, PAGE_ONE_ON_LAST,
    SUIT_CHANGE, MULTI_PLAY, SPECIAL_STARTER, NO_COUNTER, PLAY_ON, CATCH, JOKER_NO_SUIT, Q_SKIP, TWO_DECKS,
    MATCH, SPECIAL_STARTERS_PLAYED,
)


def lesson_codes() -> frozenset[str]:
    """Every i18n code the lessons use: titles, step narrations and wrong-move answers.

    >>> "lesson.page_one.calls.page_one.wrong" in lesson_codes()
    True
    """
    return core_lesson_codes(LESSONS)


__all__ = ["LESSONS", "deck", "lesson_codes"]
