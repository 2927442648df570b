"""Ultimate lessons: one short walkthrough per rule section and per option that changes play.

Every lesson is a stacked first deal (see ``Ultimate.initial_state``: seat 0's hand, seat 1's
hand, ..., then the kitty, then the leftovers), dealt by seat 0 unless it says otherwise, and
a handful of steps. A lesson about the tricks starts in the middle of the deal: the setup's
``moves`` (the auction, the five discards, the trump and, for the scoring lessons, the first
nine tricks) are played before its first step, so the steps show only the rule. Each step
names the section of the rules docstring (``rules.py``) it teaches, and at least one step per
lesson asks the learner to find the move themselves among several legal ones. The narration
codes are ``lesson.<lesson id>.<step>`` (``...<step>.wrong`` for the answer to another legal
move) and the titles ``lesson.<lesson id>.title``; both catalogs hold them all.

The course: ranking and point values, the auction, the kitty and the five discards, naming
trumps, following suit, trumping, a made contract, a failed contract, the end of the game at
the target, the partner call and its reveal, and the all-pass deal (thrown in, or with
``all_pass="last_forced_min_bid"`` the last speaker's forced bid).

>>> [lesson.id for lesson in LESSONS][:3]
['ultimate.ranking', 'ultimate.auction', 'ultimate.kitty']
>>> from tablekit.core.lessons import check_lesson
>>> check_lesson(LESSONS[0]).state.tricks_won
(0, 0, 1, 0)
"""

from __future__ import annotations

from typing import Any, Sequence

from tablekit.core.cards import STANDARD_52
from tablekit.core.deck import stack
from tablekit.core.lessons import Lesson, build_steps
from tablekit.core.lessons import lesson_codes as core_lesson_codes
from tablekit.games.ultimate.config import hand_layout

GAME = "ultimate"
PLAYERS = 4
#: Filler for the hands a lesson does not name in full: clubs and diamonds before spades and
#: hearts, so the filled-in hands hold no card of the suits a lesson leads.
CLUBS_FIRST = tuple(c for suit in "CDSH" for c in STANDARD_52 if c.endswith(suit))


def deck(hands: Sequence[Sequence[str]], kitty: Sequence[str] = (), fill: Sequence[str] = CLUBS_FIRST,
         players: int = PLAYERS) -> list[str]:
    """The 52 card codes of a stacked first deal: ``hands`` (seat 0 first), each completed to
    the hand size with the unnamed cards in ``fill`` order, then the kitty (``kitty``, completed
    the same way), then the leftovers.

    >>> d = deck([["AS", "KD"], ["5D"]], kitty=["2H"])
    >>> d[:4], d[11], d[44], len(d)
    (['AS', 'KD', 'AC', '2C'], '5D', '2H', 52)
    """
    size, kitty_size, _ = hand_layout(players)
    named = [c for h in hands for c in h] + list(kitty)
    pool = [c for c in stack(list(fill), named)[len(named):]]  # checks the names are cards, once each
    out: list[str] = []
    for seat in range(players):
        hand = list(hands[seat]) if seat < len(hands) else []
        if len(hand) > size:
            raise ValueError(f"seat {seat} is dealt {size} cards, not {len(hand)}")
        out += hand + [pool.pop(0) for _ in range(size - len(hand))]
    if len(kitty) > kitty_size:
        raise ValueError(f"the kitty holds {kitty_size} cards")
    return out + list(kitty) + [pool.pop(0) for _ in range(kitty_size - len(kitty))] + pool


def auction(declarer: int, bid: int, dealer: int = 0, players: int = PLAYERS) -> list[str]:
    """The shortest auction that makes ``declarer`` the declarer at ``bid``: the players before
    them (from the dealer, clockwise) drop out, they bid, and the rest drop out.

    >>> auction(1, 20)
    ['pass', 'bid:20', 'pass', 'pass']
    """
    return ["pass" if (dealer + i) % players != declarer else f"bid:{bid}" for i in range(players)]


def ready(deal: Sequence[str], declarer: int, bid: int, trump: str, dealer: int = 0) -> list[str]:
    """Moves from the deal to the first lead: ``auction``, the declarer lays the five kitty
    cards they picked up aside again (so their hand is as dealt), and names ``trump``."""
    kitty = deal[PLAYERS * hand_layout(PLAYERS)[0]:][:5]
    return auction(declarer, bid, dealer) + [f"discard:{c}" for c in kitty] + [f"trump:{trump}"]


def _played(action: str) -> tuple[str, ...]:
    """The card an action shows ('discard:7H' and '7H' -> ('7H',)); () for bids, passes, the
    trump and the partner call (the called card is not on the table)."""
    kind, _, arg = action.partition(":")
    if kind == "discard":
        return (arg,)
    return () if arg or kind == "pass" else (kind,)


def _lesson(name: str, hands: Sequence[Sequence[str]], steps: Sequence[tuple[Any, ...]], *,
            kitty: Sequence[str] = (), moves: Sequence[str] = (), seat: int | None = None,
            preset: str = "basic", dealer: int = 0, **options: Any) -> Lesson:
    """Build a lesson. Each step is ``(step, action, section)`` optionally followed by a dict of
    extra LessonStep fields (``params``, ``your_turn``). A ``your_turn`` step gets the
    wrong-move code ``<step>.wrong`` and no target; another move targets the card it shows.
    Every step's params name the seats ``p1``, ``p2``, ... (seat 0, 1, ...)."""
    lesson_id = f"{GAME}.{name}"
    setup: dict[str, Any] = {"deck": deck(hands, kitty), "dealer": dealer}
    if moves:
        setup["moves"] = list(moves)
    return Lesson(
        id=lesson_id, title=f"lesson.{lesson_id}.title", game=GAME, preset=preset, players=PLAYERS,
        steps=build_steps(lesson_id, PLAYERS, steps, _played), options=dict(options), setup=setup, seat=seat,
    )


def _with_moves(hands: Sequence[Sequence[str]], kitty: Sequence[str], bid: int, trump: str,
                tricks: Sequence[str] = ()) -> dict[str, Any]:
    """The hands, kitty and setup moves of a lesson that starts after the trump is named (seat
    0 the dealer and declarer), and after ``tricks`` (card codes in playing order)."""
    return {"hands": hands, "kitty": kitty, "moves": ready(deck(hands, kitty), 0, bid, trump) + list(tricks)}


_YOU: dict[str, Any] = {"your_turn": True}

# 1. Ranking and point values: the ace is the highest card; A 5, K Q J 3, 10 1, 5 -1.
RANKING = _lesson(
    "ranking", seat=2, **_with_moves(
        [["KD", "2D", "4D", "6D", "7D", "8D", "9D", "JD", "QD", "AS", "KS"], ["5D"], ["AD", "3D"], ["TD"]],
        kitty=["2C", "3C", "4C", "6C", "7C"], bid=10, trump="S"),
    steps=[
        ("intro", None, "Setup"),
        ("lead", "KD", "Turn"),
        ("five", "5D", "Setup"),
        ("ace", "AD", "Setup", _YOU),
        ("ten", "TD", "Setup"),
        ("points", None, "Scoring"),
    ],
)

# 2. The auction: the dealer speaks first; each bid is higher; a player who drops out is out.
AUCTION = _lesson(
    "auction", [["AS", "KS", "QS", "JS", "TS", "AH", "KH", "QH", "AD", "KD", "AC"]], seat=0,
    steps=[
        ("intro", None, "Turn"),
        ("open", "bid:10", "Turn"),
        ("higher", "bid:12", "Turn"),
        ("drop", "pass", "Turn"),
        ("again", "bid:14", "Turn"),
        ("raise", "bid:15", "Turn", _YOU),
        ("out", "pass", "Turn"),
        ("skipped", "pass", "Turn"),
        ("declarer", None, "Overview"),
    ],
)

# 3. The kitty and the five discards: any five cards, face down, worth nothing to anyone.
_KITTY_HAND = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AH", "KH", "2C"]
_KITTY = ["3D", "4D", "6D", "9C", "QD"]
KITTY = _lesson(
    "kitty", [_KITTY_HAND], kitty=_KITTY, moves=auction(0, 18), seat=0,
    steps=[
        ("intro", None, "Turn"),
        ("first", "discard:3D", "Turn"),
        ("second", "discard:4D", "Turn"),
        ("third", "discard:6D", "Turn"),
        ("fourth", "discard:9C", "Turn"),
        ("last", "discard:2C", "Turn", _YOU),
        ("nobody", None, "Scoring"),
    ],
)

# 4. Naming trumps: the declarer names the suit, then the dealer leads.
TRUMP = _lesson(
    "trump", [_KITTY_HAND, ["2H"], ["3H"], ["4H"]], kitty=_KITTY, seat=0,
    moves=auction(0, 18) + ["discard:3D", "discard:4D", "discard:6D", "discard:9C", "discard:2C"],
    steps=[
        ("intro", None, "Turn"),
        ("name", "trump:S", "Turn", _YOU),
        ("lead", "AH", "Turn"),
        ("follow", "2H", "Turn"),
        ("follow_more", "3H", "Turn"),
        ("fourth", "4H", "Turn"),
        ("won", None, "Turn"),
    ],
)

# 5. Following suit: a player holding the suit led must play it; one who cannot plays anything.
FOLLOW = _lesson(
    "follow", seat=1, **_with_moves(
        [["KH", "2H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "AS"], ["QH", "3H"], ["7C"], ["AH"]],
        kitty=["2C", "3C", "4C", "5C", "6C"], bid=10, trump="S"),
    steps=[
        ("intro", None, "Turn"),
        ("lead", "KH", "Turn"),
        ("follow", "3H", "Turn", _YOU),
        ("cannot", "7C", "Turn"),
        ("ace", "AH", "Turn"),
        ("next", None, "Turn"),
    ],
)

# 6. Trumping: with no card of the suit led, any trump beats every card of that suit.
TRUMPING = _lesson(
    "trumping", seat=2, **_with_moves(
        [["AH", "2H", "3H", "5H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"], ["4H"], ["2S"], ["6H"]],
        kitty=["2C", "3C", "4C", "5C", "6C"], bid=10, trump="S"),
    steps=[
        ("intro", None, "Turn"),
        ("lead", "AH", "Turn"),
        ("follow", "4H", "Turn"),
        ("trump", "2S", "Turn", _YOU),
        ("last", "6H", "Turn"),
        ("won", None, "Turn"),
    ],
)

# 7-9. One deal played to its last two tricks. Nine tricks in which everyone follows suit leave
# the declarer (seat 0) with 13 points; then seat 3 leads ♣K, and seat 0, out of clubs, holds
# ♠2 and ♦4. Trumping takes 9 points (22 in all); ♦4 would leave them 18.
_DEAL_HANDS = [
    ["AS", "KS", "QS", "2H", "TH", "8D", "9D", "4C", "7C", "2S", "4D"],
    ["3S", "7S", "TS", "AH", "KH", "2D", "TD", "5C", "8C", "QC", "6D"],
    ["4S", "8S", "JS", "3H", "8H", "3D", "QD", "6C", "9C", "JC", "7D"],
    ["6S", "9S", "5S", "4H", "9H", "5D", "KD", "AC", "TC", "KC", "AD"],
]
_DEAL_KITTY = ["QH", "JH", "5H", "JD", "2C"]  # the leftovers: ♥6 ♥7 ♣3
_NINE_TRICKS = [
    "AS", "3S", "4S", "6S",  # seat 0 leads spades three times and wins them (5, 3, 6 points)
    "KS", "7S", "8S", "9S",
    "QS", "TS", "JS", "5S",
    "2H", "AH", "3H", "4H",  # seat 1 wins the hearts
    "KH", "8H", "9H", "TH",
    "2D", "3D", "5D", "8D",  # seat 0 wins -1 point
    "9D", "TD", "QD", "KD",  # seat 3 wins the diamonds and the clubs
    "AC", "4C", "5C", "6C",
    "TC", "7C", "8C", "9C",
]


def _last_tricks(name: str, bid: int, steps: Sequence[tuple[Any, ...]], **options: Any) -> Lesson:
    return _lesson(name, seat=0, **_with_moves(_DEAL_HANDS, _DEAL_KITTY, bid, "S", _NINE_TRICKS),
                   steps=steps, **options)


_LAST_TWO: list[tuple[Any, ...]] = [
    ("lead", "KC", "Turn"),
    ("trump", "2S", "Turn", _YOU),
    ("queen", "QC", "Turn"),
    ("jack", "JC", "Turn"),
    ("last", "4D", "Turn"),
    ("six", "6D", "Turn"),
    ("seven", "7D", "Turn"),
    ("ace", "AD", "Turn"),
]
MADE = _last_tricks("made", 20, [("intro", None, "Scoring"), *_LAST_TWO, ("score", None, "Scoring")])
FAILED = _last_tricks("failed", 23, [("intro", None, "Scoring"), *_LAST_TWO, ("score", None, "Scoring")])
END = _last_tricks("end", 20, [("intro", None, "End"), *_LAST_TWO, ("over", None, "End")], target=20)

# 10. The partner call: the holder of the called card is the declarer's secret partner until
# it is played.
PARTNER = _lesson(
    "partner", seat=0, preset="partner", **_with_moves(
        [["KH", "2H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "AS"], ["3H"], ["AH"], ["4H"]],
        kitty=["2C", "3C", "4C", "5C", "6C"], bid=15, trump="S"),
    steps=[
        ("intro", None, "Special cards"),
        ("call", "call:AH", "Special cards", _YOU),
        ("lead", "KH", "Turn"),
        ("follow", "3H", "Turn"),
        ("reveal", "AH", "Special cards"),
        ("last", "4H", "Turn"),
        ("together", None, "Scoring"),
    ],
)

# 11. Nobody bids: the last speaker may bid or pass; a pass throws the deal in.
_WEAK = [[], [], [], ["2S", "3S", "4S", "6S", "2H", "3H", "4H", "6H", "2D", "3D", "4D"]]
ALL_PASS = _lesson(
    "all_pass", _WEAK, seat=3,
    steps=[
        ("intro", None, "Turn"),
        ("first", "pass", "Turn"),
        ("second", "pass", "Turn"),
        ("third", "pass", "Turn"),
        ("last", "pass", "Turn", _YOU),
        ("redeal", None, "Setup"),
    ],
)

# 11b. all_pass="last_forced_min_bid": the last speaker may not pass.
FORCED_BID = _lesson(
    "forced_bid", _WEAK, seat=3, all_pass="last_forced_min_bid",
    steps=[
        ("intro", None, "Options"),
        ("first", "pass", "Turn"),
        ("second", "pass", "Turn"),
        ("third", "pass", "Turn"),
        ("forced", "bid:1", "Options", _YOU),
        ("declarer", None, "Options"),
    ],
)

LESSONS: tuple[Lesson, ...] = (
    RANKING, AUCTION, KITTY, TRUMP, FOLLOW, TRUMPING, MADE, FAILED, END, PARTNER, ALL_PASS, FORCED_BID,
)


def lesson_codes() -> frozenset[str]:
    """Every i18n code the lessons use: titles, step narrations and wrong-move answers.

    >>> "lesson.ultimate.auction.raise.wrong" in lesson_codes()
    True
    """
    return core_lesson_codes(LESSONS)


__all__ = ["LESSONS", "auction", "deck", "lesson_codes", "ready"]
