"""Bots see only observations, always choose a legal action, and the heuristic one is better
than random play."""

from __future__ import annotations

import random

import pytest

from tablekit import make
from tablekit.bots import RandomBot, advise, make_bot
from tablekit.core.errors import ConfigError
from tablekit.sim import simulate


@pytest.mark.parametrize("preset", ["basic", "carry_over", "cul_de_sac", "solo"])
def test_bots_choose_legal_actions_with_reasons(preset: str) -> None:
    game = make("up_and_down", preset=preset, players=4)
    bot = make_bot("heuristic", game)
    rng = random.Random(0)
    for seed in range(5):
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            advice = advise(bot, game.observe(state, seat), legal, rng)
            assert advice.action in legal
            assert advice.reason in game.codes()
            assert advice.text("en") != advice.reason and advice.text("ja") != advice.text("en")
            state, _ = game.step(state, advice.action)


def test_heuristic_bot_sees_only_the_observation() -> None:
    """Two states that look the same to the seat get the same choice."""
    game = make("up_and_down", preset="basic", players=4)
    bot = make_bot("heuristic", game)
    state = game.initial_state(12)
    for _ in range(6):
        state, _ = game.step(state, game.legal_actions(state)[0])
    seat = game.current_player(state)
    other = game.determinize(state, seat, random.Random(1))
    assert other != state
    a = bot.choose(game.observe(state, seat), game.legal_actions(state), random.Random(0))
    b = bot.choose(game.observe(other, seat), game.legal_actions(other), random.Random(0))
    assert a == b


def test_heuristic_beats_random_in_basic() -> None:
    game = make("up_and_down", preset="basic", players=4)
    df = simulate(game, ["heuristic", "random", "random", "random"], n=200, seed=11, progress=False)
    share = (df["winner"] == 0).mean()
    assert share > 0.35  # a fair seat would win 25%; bench/README.md reports the measured margin


def test_heuristic_completes_more_cul_de_sac_missions_than_random() -> None:
    game = make("up_and_down", preset="cul_de_sac", players=4)
    smart = simulate(game, "heuristic", n=100, seed=4, progress=False)
    dumb = simulate(game, "random", n=100, seed=4, progress=False)
    assert (smart["result"] == "scored").mean() > (dumb["result"] == "scored").mean() + 0.1


def test_make_bot_rejects_unknown_names() -> None:
    with pytest.raises(ConfigError, match="'random', 'heuristic'"):
        make_bot("genius", "up_and_down")
    assert isinstance(make_bot("random", "up_and_down"), RandomBot)
