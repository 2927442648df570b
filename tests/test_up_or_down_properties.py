"""Up or Down? properties (hypothesis): any random game, in any preset and at any player count,
ends; cards are conserved at every step; at the end the columns and discard piles hold the whole
range less the six ring cards and the removed ones (UOD-11); and its record round-trips."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit import make
from tablekit.core.record import Record
from tablekit.games.up_or_down import PRESETS
from tablekit.games.up_or_down.rules import cards_in_areas


@settings(max_examples=30, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 6), seed=st.integers(0, 2**32),
       moves=st.integers(0, 2**32))
def test_random_games_end_with_every_card_accounted_for(preset: str, players: int, seed: int, moves: int) -> None:
    game = make("up_or_down", preset=preset, players=players)
    rng = random.Random(moves)
    state = game.initial_state(seed)
    census = game.census(state)
    codes = []
    for _ in range(4 * game.config.top_card):
        if game.is_terminal(state):
            break
        action = rng.choice(game.legal_actions(state))
        codes.append(action.code)
        state, _ = game.step(state, action)
        assert game.census(state) == census
    assert game.is_terminal(state)
    assert cards_in_areas(state) == game.config.top_card - 6 - len(state.removed)
    assert sum(map(len, state.hands)) == 0 and not state.down and not state.up
    record = Record.start(game, seed).with_actions(tuple(codes))
    again = Record.from_json(record.to_json())
    assert again == record and again.replay() == state
