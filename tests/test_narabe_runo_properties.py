"""並べRUNO properties (hypothesis): random legal play, in any preset, with any player count and a
random mix of options, keeps the 108 cards, keeps every road a path of neighbouring cells from the
start card that overlaps no other road and stays inside the playing area, never lets a hand grow
beyond the hand limit, agrees with ``explain`` and keeps observations under ``determinize``; and
every game ends within a bound the stall limit gives."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit import make
from tablekit.core.cards import UNO_108
from tablekit.games.narabe_runo import PRESETS
from tablekit.games.narabe_runo import codes as K
from tablekit.games.narabe_runo.board import neighbours
from tablekit.games.narabe_runo.rules import NarabeRuno
from tablekit.games.narabe_runo.state import NarabeRunoState

OPTIONS = st.fixed_dictionaries({}, optional={
    "boundary": st.sampled_from(["convex_hull", "bbox"]),
    "wd4_rule": st.sampled_from(["strict", "official", "none"]),
    "discard_only_if_stuck": st.booleans(),
    "hand_limit": st.integers(3, 9),
    "draw_refill": st.sampled_from(["total", "extra"]),
    "stall_limit": st.integers(1, 3),
    "reverse_turns": st.booleans(),
    "two_player_reverse_skips": st.booleans(),
    "start_card": st.sampled_from(["number", "coloured"]),
    "draw_scoring": st.sampled_from(["highest_or_zero", "draw_until_number"]),
    "skip_scoring_two_players": st.sampled_from(["capturer", "opponent"]),
})


def turn_bound(g: NarabeRuno) -> int:
    """Turns a game can last at most: fewer than ``stall_limit * players`` turns pass between two
    cards laid, and at most ``len(area)`` cards are laid between two captures, of which there are
    fewer than the scoring cards."""
    per_card = g.config.stall_limit * g.config.players
    return (len(g.scoring_cells) * (len(g.area) + 1) + 1) * per_card


def check_board(g: NarabeRuno, s: NarabeRunoState) -> None:
    scoring = {cell for cell, _ in s.scoring}
    seen = {(0, 0)}
    firsts = set()
    assert len(s.roads) <= 4
    for road in s.roads:
        assert road, "an empty road"
        previous = (0, 0)
        firsts.add((road[0][0], road[0][1]))
        for x, y, card, colour in road:
            cell = (x, y)
            assert cell in neighbours(previous), f"road {road} is not a path from the start card"
            assert cell in g.area, f"{cell} is outside the area"
            assert cell not in seen, f"{cell} holds two cards"
            assert cell not in scoring, f"{cell} covers a scoring card still on the board"
            assert colour in ("R", "Y", "G", "B") and (card in ("W", "W4") or colour == card[0])
            seen.add(cell)
            previous = cell
    assert len(firsts) == len(s.roads)
    assert g.occupied(s) == seen


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4), options=OPTIONS,
       seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_end(preset: str, players: int, options: dict[str, Any], seed: int,
                                                   moves: int) -> None:
    g = make("narabe_runo", preset=preset, players=players, **options)
    assert isinstance(g, NarabeRuno)
    rng = random.Random(moves)
    s = g.initial_state(seed)
    deck = Counter(UNO_108)
    limit = g.config.hand_limit
    peek = rng.randrange(40)
    for turn in range(turn_bound(g)):
        if g.is_terminal(s):
            break
        actions = g.legal_actions(s)
        assert actions
        for action in rng.sample(actions, min(3, len(actions))):
            assert g.explain(s, action).ok
        if turn == peek:
            seat = rng.randrange(players)
            assert g.observe(g.determinize(s, seat, rng), seat) == g.observe(s, seat)
        # plays more often than discards, so that captures happen
        plays = [a for a in actions if a.code.startswith("play")]
        action = rng.choice(plays if plays and rng.random() < 0.8 else actions)
        s, _ = g.step(s, action)
        assert g.census(s) == deck
        assert all(len(h) <= limit for h in s.hands)
        check_board(g, s)
    assert g.is_terminal(s)
    assert s.termination in (K.END_LAST, K.END_STALLED)
    if s.termination == K.END_LAST:
        assert len(s.scoring) == 1
    outcome = g.outcome(s)
    assert outcome is not None and outcome.winners and max(outcome.scores) in outcome.scores
    assert sum(map(len, s.captured)) == len(g.scoring_cells) - len(s.scoring)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 4), stall=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_nobody_laying_a_card_ends_the_game_after_the_stall_limit(players: int, stall: int, seed: int) -> None:
    g = make("narabe_runo", players=players, stall_limit=stall)
    s = g.initial_state(seed)
    for _ in range(stall * players):
        assert not g.is_terminal(s)
        s, _ = g.step(s, g.action_from_code(f"discard:{s.hands[s.current][0]}"))
    assert s.termination == K.END_STALLED
    assert g.census(s) == Counter(UNO_108)
