"""The chart functions: plain plotly figures whose numbers are the simulation's statistics."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import pytest

from tablekit import make
from tablekit.sim import seat_summary, simulate, wilson_interval
from tablekit.widgets import plots


def _basic_frame() -> pd.DataFrame:
    """Six 3-player matches, two of them shared wins."""
    return pd.DataFrame({
        "game": range(6), "players": 3, "winners": ["0", "1", "0;2", "2", "0", "1;2"],
        "decisions": [40, 55, 61, 38, 90, 47], "games": [3, 4, 5, 3, 4, 3],
        "bot_0": "heuristic", "bot_1": "random", "bot_2": "random",
        "score_0": [3, 1, 3, 0, 3, 1], "score_1": [1, 3, 0, 2, 0, 3], "score_2": [0, 2, 3, 3, 1, 3],
    })


def _mission_frame() -> pd.DataFrame:
    """Cul-de-sac, 4 seats: 3 failed missions, scores 0/4, 2/4, 4/4 otherwise."""
    return pd.DataFrame({
        "game": range(6), "players": 4, "winners": ["", "", "", "", "0;1", "0;1;2;3"],
        "decisions": [10, 12, 9, 40, 44, 52], "games": 0,
        "result": ["failed", "failed", "failed", "scored", "scored", "scored"],
        "finished": [0, 0, 0, 0, 2, 4], "score": [0.0, 0.0, 0.0, 0.0, 0.5, 1.0],
        **{f"bot_{s}": "heuristic" for s in range(4)},
        **{f"score_{s}": [0.0] * 4 + [1.0 if s < 2 else 0.0, 1.0] for s in range(4)},
    })


def _assert_error_bars_are_wilson(bar: go.Bar, df: pd.DataFrame) -> None:
    summary = seat_summary(df)
    for k, row in summary.iterrows():
        lo, hi = wilson_interval(row["wins"], len(df))
        assert bar.y[k] == pytest.approx(row["wins"] / len(df))
        assert bar.y[k] - bar.error_y.arrayminus[k] == pytest.approx(lo)
        assert bar.y[k] + bar.error_y.array[k] == pytest.approx(hi)
    assert bar.error_y.symmetric is False


def test_win_rate_figure_has_wilson_error_bars_and_shares_ties() -> None:
    df = _basic_frame()
    fig = plots.win_rate_figure(df)
    assert type(fig) is go.Figure  # a plain figure, not a FigureWidget (shared/stack.md)
    bar, even = fig.data
    _assert_error_bars_are_wilson(bar, df)
    assert list(bar.y) == pytest.approx([2.5 / 6, 1.5 / 6, 2 / 6])  # 0;2 and 1;2 are half wins
    assert sum(bar.y) == pytest.approx(1.0)
    assert bar.x[0] == "Player 1<br>Good"
    (line,) = fig.layout.shapes  # the even share, 1/3, named in the legend (not over a bar)
    assert line.y0 == pytest.approx(1 / 3) and not fig.layout.annotations
    assert even.name == "even share 33.3%" and even.line.dash == "dot" and not bar.showlegend
    assert fig.layout.yaxis.tickformat == ".0%"


def test_length_figure_shows_games_per_match_only_for_matches() -> None:
    fig = plots.length_figure(_basic_frame())
    assert [t.type for t in fig.data] == ["histogram", "histogram"]
    assert list(fig.data[0].x) == [40, 55, 61, 38, 90, 47]
    assert list(fig.data[1].x) == [3, 4, 5, 3, 4, 3]
    single = plots.length_figure(_mission_frame())  # games is 0: no match histogram
    assert len(single.data) == 1
    assert not plots.has_matches(_mission_frame()) and plots.has_matches(_basic_frame())


def test_compare_figures_put_variants_side_by_side() -> None:
    a = _basic_frame()
    b = a.assign(winners=["0", "0", "0", "1", "2", "0"], decisions=a["decisions"] + 10)
    fig = plots.compare_win_rate_figure(a, b)
    assert fig.layout.barmode == "group"
    assert [t.name for t in fig.data] == ["Variant A", "Variant B", "even share 33.3%"]
    _assert_error_bars_are_wilson(fig.data[0], a)
    _assert_error_bars_are_wilson(fig.data[1], b)
    length = plots.compare_length_figure(a, b)
    decisions = [t for t in length.data if t.bingroup == "1"]
    assert [t.name for t in decisions] == ["Variant A (mean 55.2)", "Variant B (mean 65.2)"]
    assert length.layout.barmode == "overlay"
    assert sorted(plots.compare_figures(a, b)) == ["length", "win_rate"]


def test_mission_figure_rate_interval_and_score_shares() -> None:
    df = _mission_frame()
    assert plots.has_mission(df)
    m = plots.mission_summary(df)
    assert (m["successes"], m["games"]) == (3, 6)
    assert (m["ci_low"], m["ci_high"]) == pytest.approx(wilson_interval(3, 6))
    fig = plots.mission_figure(df)
    rate, scores = fig.data
    assert rate.orientation == "h" and rate.x[0] == pytest.approx(0.5)  # a bar above the score shares
    assert rate.x[0] + rate.error_x.array[0] == pytest.approx(m["ci_high"])
    assert rate.x[0] - rate.error_x.arrayminus[0] == pytest.approx(m["ci_low"])
    assert list(scores.x) == ["failed", "0/4", "1/4", "2/4", "3/4", "4/4"]
    assert list(scores.y) == pytest.approx([0.5, 1 / 6, 0, 1 / 6, 0, 1 / 6])
    both = plots.compare_mission_figure(df, df.assign(result="scored"))
    assert len(both.data) == 4 and both.data[2].x[0] == pytest.approx(1.0)
    assert sorted(plots.figures(df)) == ["length", "mission", "win_rate"]


def test_japanese_titles_and_summary_table() -> None:
    df = _basic_frame()
    assert plots.win_rate_figure(df, "ja").layout.title.text.startswith("席ごとの勝率")
    assert plots.win_rate_figure(df, "ja").data[0].x[1] == "プレイヤー2<br>初級"
    table = plots.summary_table(df, "ja", variant="B")
    assert list(table.columns) == ["バリアント", "席", "ボット", "ゲーム数", "勝ち数", "勝率", "95%区間", "平均スコア"]
    assert table.iloc[0].tolist()[:6] == ["B", "プレイヤー1", "上級", 6, "2.5", "41.7%"]
    en = plots.summary_table(df)
    lo, hi = wilson_interval(2.5, 6)
    assert en.loc[0, "95% interval"] == f"{lo:.1%} – {hi:.1%}"


def test_figures_from_a_real_simulation() -> None:
    df = simulate(make("up_and_down", preset="cul_de_sac", players=3), "heuristic", n=20, seed=2, progress=False)
    figs = plots.figures(df, "en")
    assert all(type(f) is go.Figure for f in figs.values())
    assert sum(figs["mission"].data[1].y) == pytest.approx(1.0)
    figs["win_rate"].to_json()  # serialisable as sent to the browser
