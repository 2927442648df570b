"""Up or Down? passes the shared conformance checker in every preset at the player counts the
registry-driven tests leave out (they take 2, 4 and 6 players): 3 and 5."""

from __future__ import annotations

import pytest

from tablekit import make
from tablekit.games.up_or_down import PRESETS
from tablekit.testing import check_game


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_check_game_at_every_player_count(preset: str, players: int) -> None:
    game = make("up_or_down", preset=preset, players=players)
    report = check_game(game, seeds=range(1))
    # every turn moves one card into an area and takes at least play, take and place
    assert report.games == 1 and report.steps >= 3 * (game.config.top_card - 6)
    assert report.illegal_tried > 0
