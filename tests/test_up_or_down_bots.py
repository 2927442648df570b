"""Up or Down? bots: the heuristic bot's every choice is legal and comes with a hint in both
languages, it clearly beats random play on fixed seeds, and it chooses sensibly in hand-made
positions (the fitting neighbour, the column that keeps room, the useful face-up card)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablekit import make
from tablekit.bots import advise, make_bot
from tablekit.games.up_or_down.bots import HeuristicBot
from tablekit.games.up_or_down.lessons import deal
from tablekit.sim import simulate


def _advice(game: Any, state: Any) -> Any:
    return HeuristicBot().advise(game.observe(state, state.current), game.legal_actions(state), random.Random(0))


@pytest.mark.parametrize("preset", ["base", "rainbow", "greenhorn_pro", "take_any", "remove_one", "special_colour_pro"])
def test_every_choice_is_legal_with_a_hint(preset: str) -> None:
    game = make("up_or_down", preset=preset, players=3)
    state = game.initial_state(7)
    bot = make_bot("heuristic", game)
    hints = set()
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        advice = advise(bot, game.observe(state, state.current), legal, random.Random(1))
        assert advice.action in legal
        for lang in ("en", "ja"):
            text = advice.text(lang)
            assert "{" not in text and text != advice.reason
        hints.add(advice.reason.rsplit(".", 1)[1])
        state, _ = game.step(state, advice.action)
    assert {"play", "take", "draw_up", "draw_down"} <= hints and hints & {"extend", "start", "abandon"}


def test_the_heuristic_beats_random_play() -> None:
    """Seeded, so deterministic: one heuristic bot against three random ones, in every seat."""
    game = make("up_or_down", players=4)
    wins, margin, games = 0.0, 0.0, 0
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "heuristic"
        df = simulate(game, bots, n=5, seed=100 + seat, workers=1, progress=False)
        for _, row in df.iterrows():
            winners = str(row["winners"]).split(";")
            wins += (1 / len(winners)) if str(seat) in winners else 0
            others = [row[f"score_{q}"] for q in range(4) if q != seat]
            margin += row[f"score_{seat}"] - sum(others) / 3
            games += 1
    assert wins / games > 0.8, wins / games  # a fair share is 25%
    assert margin / games > 15, margin / games


def test_takes_the_neighbour_that_fits_its_column() -> None:
    """Column 1 is three yellow cards going up; 31, a neighbour of the card played, is yellow and
    above 25 (4 x 4 instead of 3 x 3); the other neighbour, 10, fits nowhere."""
    game = make("up_or_down", players=2)
    state = game.initial_state(0, **deal([[14, 2, 40], [11, 39, 26]], [7, 10, 31, 45, 50, 54],
                                         columns=[[[13, 19, 25]], []]))
    state, _ = game.step(state, game.action_from_code("play:14"))
    assert {a.code for a in game.legal_actions(state)} == {"take:10", "take:31"}
    advice = _advice(game, state)
    assert advice.action.code == "take:31" and advice.reason == "up_or_down.hint.take"


def test_prefers_the_column_that_keeps_room() -> None:
    """17 fits two rising columns, ending in 2 and in 16: on the 16 the other column still takes
    almost any card (and the purple-pink colours pair up better), on the 2 both would be closed
    to the cards below 17."""
    game = make("up_or_down", players=2)
    setup = deal([[12, 44, 50], [4, 38, 29]], [6, 17, 23, 35, 46, 52], columns=[[[1, 2], [10, 16]], []])
    state = game.initial_state(0, **setup)
    state, _ = game.step(state, game.action_from_code("play:12"))
    state, _ = game.step(state, game.action_from_code("take:17"))
    codes = {a.code for a in game.legal_actions(state)}
    assert {"col:1", "col:2"} <= codes
    assert _advice(game, state).action.code == "col:2"


def test_draws_the_face_up_card_when_it_fits() -> None:
    game = make("up_or_down", players=2)
    state = game.initial_state(0, **deal([[14, 2, 40], [11, 39, 26]], [7, 10, 33, 45, 50, 54], up=[37],
                                         columns=[[[19, 25, 31]], []]))
    for code in ("play:14", "take:33", "col:1"):
        state, _ = game.step(state, game.action_from_code(code))
    advice = _advice(game, state)
    assert advice.action.code == "draw:up" and advice.params == {"card": 37}
    assert "37" in advice.text("en")


def test_abandons_when_nothing_fits_and_not_a_growing_column() -> None:
    game = make("up_or_down", players=2)
    setup = deal([[12, 44, 50], [4, 38, 29]], [6, 17, 23, 35, 46, 52], columns=[[[20, 15], [31, 41], [3, 9, 19]], []])
    state = game.initial_state(0, **setup)
    for code in ("play:12", "take:17"):
        state, _ = game.step(state, game.action_from_code(code))
    advice = _advice(game, state)
    assert advice.action.code.startswith("abandon:") and advice.reason == "up_or_down.hint.abandon"
    # A card that grows a one-colour column goes there, never into a fresh start.
    setup = deal([[28, 44, 50], [4, 38, 29]], [5, 31, 33, 39, 46, 53], columns=[[[13, 19, 25], [40, 30]], []])
    state = game.initial_state(0, **setup)
    for code in ("play:28", "take:31"):
        state, _ = game.step(state, game.action_from_code(code))
    advice = _advice(game, state)
    assert advice.action.code == "col:1" and advice.reason == "up_or_down.hint.extend"
