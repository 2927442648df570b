"""The information-set MCTS of ``tablekit.bots.search``: it plays every registered game through
the protocol alone, never learns a hidden card except through ``determinize`` (two states that
differ only in what its seat cannot see give the same search), keeps its budget, and finds a
move that wins on the spot."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablekit import make
from tablekit.bots.search import rewards, search
from tablekit.core.game import Game
from tablekit.core.registry import list_games, spec


def _midgame(name: str, steps: int = 6) -> tuple[Game[Any], Any, int]:
    """A game of ``name`` (middle player count) a few random moves in, and the seat to play."""
    low, high = spec(name).players
    game = make(name, players=(low + high) // 2)
    rng = random.Random(11)
    state = game.initial_state(3)
    for _ in range(steps):
        legal = game.legal_actions(state)
        after, _ = game.step(state, legal[rng.randrange(len(legal))])
        if game.is_terminal(after):
            break
        state = after
    seat = game.current_player(state)
    assert seat is not None
    return game, state, seat


@pytest.mark.parametrize("name", list_games())
def test_the_search_sees_only_what_its_seat_may_know(name: str) -> None:
    game, state, seat = _midgame(name)
    # The same position with everything the seat cannot see dealt anew.
    other = game.determinize(state, seat, random.Random(99))
    assert game.observe(other, seat) == game.observe(state, seat)
    assert other != state, "the position hides something from the seat"
    first = search(game, state, seat, playouts=12, rng=random.Random(5))
    second = search(game, other, seat, playouts=12, rng=random.Random(5))
    assert first.action.code == second.action.code and first.visits == second.visits
    assert first.action in game.legal_actions(state)
    assert first.playouts == 12 and sum(first.visits.values()) == 12


def test_the_budget_is_kept() -> None:
    game, state, seat = _midgame("narabe_runo")
    assert search(game, state, seat, playouts=7, rng=random.Random(1)).playouts == 7
    # A time budget that is already spent still runs one iteration (there is always an answer).
    assert search(game, state, seat, playouts=50, seconds=0.0, rng=random.Random(1)).playouts == 1
    with pytest.raises(ValueError, match="playouts must be at least 1"):
        search(game, state, seat, playouts=0)
    with pytest.raises(ValueError, match="not seat"):
        search(game, state, (seat + 1) % game.num_players)


def test_it_takes_the_capture_that_almost_surely_wins() -> None:
    """並べRUNO with two scoring cards: the first capture ends the game. Player 1 has captured a
    card before and can capture now with the red 3; a discard would leave the capture to the
    other player. Player 1 does not know its own captured cards (nobody does until the end), so
    the capture is not a sure win in every world the search deals, but it wins in nearly all."""
    game = make("narabe_runo", players=2, layout=[(-2, 0), (2, 0)])
    state = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]], captured=[["R9"], []],
                               deck=["Y1", "B6", "G5", "R3", "B1", "B7", "Y8", "G6", "G9"])
    found = search(game, state, 0, playouts=60, rng=random.Random(2))
    assert found.action.code == "play:R3:1,0>2,0", found
    assert found.values[found.action.code] == max(found.values.values()) > 0.9


def test_rewards_share_a_tied_win() -> None:
    game = make("narabe_runo", players=2, layout=[(-2, 0), (2, 0)])
    state = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]], captured=[[], ["Y6"]],
                               deck=["Y1", "B6", "G6", "R3", "B1", "B7", "Y8", "G5", "G9"])
    end, _ = game.step(state, game.action_from_code("play:R3:1,0>2,0"))
    # Player 1 captures the green 6; Player 2 holds the yellow 6: 6 points each.
    outcome = game.outcome(end)
    assert outcome is not None and outcome.scores == (6.0, 6.0)
    assert rewards(game, end) == [0.5, 0.5]
