"""Simulation: seeded, identical for any number of workers, with progress and cancelling."""

from __future__ import annotations

import pytest

from tablekit import make
from tablekit.bots import RandomBot
from tablekit.sim import CancelledError, play_game, seat_summary, simulate, wilson_interval


def test_same_dataframe_for_one_and_two_workers() -> None:
    game = make("up_and_down", preset="carry_over", players=4)
    bots = ["heuristic", "random", "random", "random"]
    one = simulate(game, bots, n=120, seed=5, workers=1, progress=False, chunk_size=25)
    two = simulate(game, bots, n=120, seed=5, workers=2, progress=False, chunk_size=25)
    assert one.equals(two)
    assert list(one["game"]) == list(range(120))
    assert one["seed"].is_unique


def test_columns_and_values() -> None:
    game = make("up_and_down", preset="basic", players=3)
    df = simulate(game, "random", n=30, seed=1, progress=False)
    for col in ("seed", "players", "preset", "winners", "winner", "decisions", "termination",
                "score_0", "score_2", "bot_0", "bot_2", "games"):
        assert col in df.columns
    assert (df["preset"] == "basic").all() and (df["players"] == 3).all()
    assert (df[["score_0", "score_1", "score_2"]].max(axis=1) == 3).all()  # a match to 3 wins
    assert set(df["termination"]) == {"up_and_down.end.target_wins"}


def test_cul_de_sac_columns() -> None:
    df = simulate(make("up_and_down", preset="cul_de_sac", players=4), "heuristic", n=20, seed=3, progress=False)
    assert {"result", "score", "face_down_cards", "face_down_sum"} <= set(df.columns)
    assert df["score"].between(0, 1).all()


def test_play_game_record_replays_to_the_outcome() -> None:
    game = make("up_and_down", preset="carry_over", players=3)
    result = play_game(game, [RandomBot(), "heuristic", "random"], seed=77)
    final = result.record.replay()
    assert game.outcome(final) == result.outcome
    assert result.decisions == len(result.record.actions)


def test_progress_callback_and_cancel() -> None:
    game = make("up_and_down", preset="basic", players=2)
    calls: list[tuple[int, int]] = []
    simulate(game, "random", n=30, seed=0, progress=lambda d, t: calls.append((d, t)), chunk_size=10)
    assert calls == [(10, 30), (20, 30), (30, 30)]
    polls: list[int] = []

    def cancel_on_second_poll() -> bool:
        polls.append(1)
        return len(polls) >= 2

    with pytest.raises(CancelledError, match="after 10 of 30 games"):
        simulate(game, "random", n=30, seed=0, progress=False, chunk_size=10, cancel=cancel_on_second_poll)


def test_bad_arguments() -> None:
    game = make("up_and_down", players=3)
    with pytest.raises(ValueError, match="one per seat"):
        simulate(game, ["random", "random"], n=1, progress=False)
    with pytest.raises(ValueError, match="n must be a positive integer"):
        simulate(game, "random", n=0, progress=False)


def test_seat_summary_uses_wilson_intervals() -> None:
    df = simulate(make("up_and_down", players=2), "random", n=40, seed=2, progress=False)
    summary = seat_summary(df)
    assert summary["wins"].sum() == pytest.approx(40)
    for _, row in summary.iterrows():
        assert (row.ci_low, row.ci_high) == pytest.approx(wilson_interval(row.wins, 40))
        assert row.ci_low <= row.win_rate <= row.ci_high
