"""Stacked 並べRUNO positions for scenario tests.

``deal`` builds the front of the deck that ``NarabeRuno.initial_state(seed, deck=...)`` deals
from: the start card, the scoring cards in the layout's order, the three-card hands one card at a
time from the first player, then the draw pile from its top. Tests name the cards that matter;
the cards they do not name follow in the seed's shuffled order.

>>> deal("R5", ["G1", "G2"], [["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]], draw=["R9"], first=1)
['R5', 'G1', 'G2', 'Y1', 'B1', 'Y2', 'B2', 'Y3', 'B3', 'R9']
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from helpers_scenarios import assert_rejects, event_codes, event_params, legal, play, reason

from tablekit import make
from tablekit.core.cards import UNO_108
from tablekit.games.narabe_runo import codes as K
from tablekit.games.narabe_runo.rules import NarabeRuno
from tablekit.games.narabe_runo.state import NarabeRunoState

NS = "narabe_runo"
HAND = 3
#: Scoring cards no test plays with (the six of the default layout; the first K of a smaller one).
SCORING = ("Y0", "G0", "B0", "Y9", "G9", "B9", "Y8", "G8")


def game(players: int = 3, preset: str = "basic", **options: Any) -> NarabeRuno:
    g = make(NS, preset=preset, players=players, **options)
    assert isinstance(g, NarabeRuno)
    return g


def deal(start: str, scoring: Sequence[str], hands: Sequence[Sequence[str]], draw: Sequence[str] = (),
         first: int = 0) -> list[str]:
    """The deck front dealing ``hands`` (one list of three per seat, in seat order)."""
    n = len(hands)
    if any(len(h) != HAND for h in hands):
        raise ValueError(f"each hand needs {HAND} cards (got {hands!r})")
    order = [start, *scoring]
    for j in range(HAND * n):
        order.append(hands[(first + j) % n][j // n])
    return order + list(draw)


def position(g: NarabeRuno, hands: Sequence[Sequence[str]], start: str = "R5", scoring: Sequence[str] | None = None,
             draw: Sequence[str] = (), first: int = 0, seed: int = 0, **setup: Any) -> NarabeRunoState:
    """A stacked position: ``hands`` per seat, seat ``first`` to move (plus any set-up option)."""
    if scoring is None:
        scoring = SCORING[:len(g.scoring_cells)]
    return g.initial_state(seed, first=first, deck=deal(start, scoring, hands, draw, first), **setup)


def rest_of_deck(*used: Sequence[str] | str) -> list[str]:
    """Every card of the 108 not named in ``used`` (lists of cards or single cards), in deck order:
    handy as ``captured`` to empty the draw pile."""
    left = Counter(UNO_108)
    for group in used:
        left.subtract([group] if isinstance(group, str) else group)
    assert all(v >= 0 for v in left.values()), f"too many copies in {used!r}"
    out: list[str] = []
    for card in UNO_108:
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    return out


def anchor_cells(g: NarabeRuno, s: NarabeRunoState) -> set[tuple[int, int]]:
    return {a[0] for a in g.anchors(s)}


def rejects(g: NarabeRuno, s: NarabeRunoState, code: str, reason_code: str) -> dict[str, Any]:
    """``code`` is refused with ``reason_code``, the state unchanged, ``explain`` agreeing and the
    reason readable in English and Japanese; the verdict's parameters."""
    error = assert_rejects(g, s, code, reason_code)
    verdict = g.explain(s, g.action_from_code(code))
    assert not verdict.ok and verdict.reason == reason_code
    assert code not in legal(g, s)
    for lang in ("en", "ja"):
        text = error.verdict.text(lang)
        assert text and "{" not in text and text != reason_code
    return dict(error.verdict.params)


__all__ = ["HAND", "K", "NS", "SCORING", "anchor_cells", "deal", "event_codes", "event_params", "game", "legal",
           "play", "position", "reason", "rejects", "rest_of_deck"]
