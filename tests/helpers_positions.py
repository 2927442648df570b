"""Positions for the tests that work on any registered game (the search bot, what-if)."""

from __future__ import annotations

import random
from typing import Any

from tablekit import make
from tablekit.core.game import Game
from tablekit.core.registry import spec


def midgame(name: str, steps: int = 6, choices: int = 1) -> tuple[Game[Any], Any, int]:
    """A game of ``name`` (middle player count) a few random moves in, at a position with at
    least ``choices`` legal moves; and the seat to play."""
    low, high = spec(name).players
    game = make(name, players=(low + high) // 2)
    rng = random.Random(11)
    state = game.initial_state(3)
    done = 0
    while done < steps or len(game.legal_actions(state)) < choices:
        legal = game.legal_actions(state)
        after, _ = game.step(state, legal[rng.randrange(len(legal))])
        assert not game.is_terminal(after), f"{name}: the game ended before a position to test"
        state, done = after, done + 1
    seat = game.current_player(state)
    assert seat is not None
    return game, state, seat
