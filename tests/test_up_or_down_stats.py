"""Up or Down? in the statistics: the score columns of the outcome, the scores chart with its
intervals, the first player's edge and the effect of a variant (A/B) in the explorer."""

from __future__ import annotations

import re
from typing import Any

import pandas as pd
import pytest

from tablekit import make
from tablekit.sim import play_game, simulate
from tablekit.sim.stats import first_player_edge, game_mean_scores, mean_interval, score_effect, score_summary
from tablekit.widgets import StatsExplorer, plots

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def base() -> Any:
    return simulate(make("up_or_down", preset="base", players=3), "random", n=12, seed=4, progress=False)


@pytest.fixture(scope="module")
def greenhorn() -> Any:
    return simulate(make("up_or_down", preset="greenhorn", players=3), "random", n=12, seed=4, progress=False)


def test_outcome_details_add_up_to_the_scores() -> None:
    game = make("up_or_down", preset="greenhorn", players=4)
    result = play_game(game, "random", seed=2)
    details = result.outcome.details
    discard_points = details["discarded"] * game.config.discard_value
    assert sum(result.outcome.scores) == details["column_points"] + details["bonus_points"] + discard_points
    assert 0 <= details["first_player"] < 4


def test_scores_figure_marks_each_seat_mean_with_its_interval(base: Any) -> None:
    assert plots.has_points(base)
    fig = plots.figures(base, "en")["scores"]
    box, means = fig.data
    assert len(box.y) == 3 * len(base)
    summary = score_summary(base)
    for seat in range(3):
        mean, low, high = mean_interval(base[f"score_{seat}"])
        assert means.y[seat] == pytest.approx(mean) == pytest.approx(summary["mean"][seat])
        assert means.y[seat] + means.error_y.array[seat] == pytest.approx(high)
        assert means.y[seat] - means.error_y.arrayminus[seat] == pytest.approx(low)
    assert "Score by seat" in fig.layout.title.text


def test_the_effect_of_a_variant_is_the_difference_of_mean_scores(base: Any, greenhorn: Any) -> None:
    diff, low, high = score_effect(base, greenhorn)
    assert diff == pytest.approx(game_mean_scores(greenhorn).mean() - game_mean_scores(base).mean())
    assert low < diff < high
    # The Greenhorn bonus only adds points, on the same seeded deals.
    assert diff > 0
    fig = plots.compare_figures(base, greenhorn, "en")["scores"]
    assert f"{diff:+.1f}" in fig.layout.title.text and len(fig.data) == 4


def test_first_player_edge_is_first_minus_the_others() -> None:
    df = pd.DataFrame({"players": [3, 3], "first_player": [2, 0], "score_0": [9, 30], "score_1": [10, 20],
                       "score_2": [20, 10]})
    edge, low, high = first_player_edge(df)
    assert edge == pytest.approx(((20 - 9.5) + (30 - 15)) / 2)
    assert low < edge < high
    assert first_player_edge(df.drop(columns="first_player")) is None


def test_no_scores_chart_for_games_not_scored_in_points() -> None:
    df = simulate(make("page_one"), "random", n=3, seed=1, progress=False)
    assert not plots.has_points(df)
    assert "scores" not in plots.figures(df) and "scores" not in plots.compare_figures(df, df)


def test_japanese_labels(base: Any) -> None:
    fig = plots.figures(base, "ja")["scores"]
    for text in (fig.layout.title.text, fig.layout.yaxis.title.text, fig.data[1].hovertext[0]):
        assert JAPANESE.search(text), text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_explorer_offers_up_or_down_and_summarises_scores(lang: str) -> None:
    ex = StatsExplorer(game="up_or_down", lang=lang)
    ex.n_games.value = 4
    df = ex.run(wait=True)
    assert df is not None and len(df) == 4, ex.last_error
    assert "scores" in ex.figures
    mean, _, _ = mean_interval(game_mean_scores(df))
    if lang == "en":
        assert f"Mean score per player: {mean:.1f}" in ex.summary.value
        assert "The first player scores" in ex.summary.value
    else:
        assert f"1人あたりの平均得点：{mean:.1f}" in ex.summary.value


def test_explorer_a_b_gives_the_effect_of_a_variant_on_scores() -> None:
    ex = StatsExplorer(game="up_or_down", lang="en")
    ex.n_games.value = 4
    ex.players.value = 2
    ex.compare.value = True
    ex.options_b.widgets["greenhorn"].value = "bonus"
    ex.run(wait=True)
    a, b = ex.last_frames["A"], ex.last_frames["B"]
    diff, low, high = score_effect(a, b)
    assert "scores" in ex.figures and len(ex.figures["scores"].data) == 4
    assert f"With variant B the mean score per player changes by {diff:+.1f} against variant A" in ex.summary.value
    assert f"(95% interval {low:+.1f} to {high:+.1f})" in ex.summary.value
