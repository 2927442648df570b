"""並べRUNO in the statistics: the outcome's figures in a simulation, the layout offered by name in
the explorer (a layout given as cells stays a teacher's code option), the scores chart, and a
refused layout that the page forged."""

from __future__ import annotations

from typing import Any

import pytest

from tablekit import make
from tablekit.sim import play_game, simulate
from tablekit.widgets import StatsExplorer, plots


@pytest.fixture(scope="module")
def small() -> Any:
    return simulate(make("narabe_runo", preset="small_board", players=3), "heuristic", n=12, seed=4, progress=False)


def test_outcome_details_add_up() -> None:
    game = make("narabe_runo", preset="small_board", players=3)
    result = play_game(game, "heuristic", seed=3)
    details = result.outcome.details
    assert details["points_total"] == sum(result.outcome.scores)
    assert sum(details["captures"]) + details["scoring_left"] == len(game.scoring_cells)
    assert details["layout"] == "small" and 0 <= details["first_player"] < 3
    assert details["stalled"] == (result.outcome.termination == "narabe_runo.end.stalled")


def test_a_simulation_has_the_layout_and_the_points(small: Any) -> None:
    assert len(small) == 12 and set(small["layout"]) == {"small"}
    assert plots.has_points(small), "a points game: the explorer charts its scores"
    assert (small["points_total"] == small[["score_0", "score_1", "score_2"]].sum(axis=1)).all()
    figure = plots.scores_figure(small)
    assert len(figure.data) >= 1


def test_the_explorer_offers_the_layout_by_name_and_runs_it() -> None:
    ex = StatsExplorer(game="narabe_runo", lang="en")
    layout = ex.options_a.widgets["layout"]
    assert [value for _, value in layout.options] == ["six", "small", "large"]
    assert dict(layout.options)["Eight cards, far out"] == "large"
    layout.value = "large"
    ex.n_games.value, ex.players.value = 6, 3
    df = ex.run(wait=True)
    assert ex.last_status == "done" and set(df["layout"]) == {"large"}
    assert "Scoring-card layout = Eight cards, far out" in ex.summary.value, "the summary names the layout played"


def test_the_explorer_refuses_a_forged_layout() -> None:
    ex = StatsExplorer(game="narabe_runo", lang="en")
    ex.n_games.value = 3
    layout = ex.options_a.widgets["layout"]
    # As a forged update from the page would: a value the Dropdown never offered.
    layout.set_trait("index", None)
    layout.set_trait("value", None)
    assert ex.run(wait=True) is None and ex.last_frame is None
    assert ex.last_error.startswith("Scoring-card layout must be one of: Six cards (recommended)"), ex.last_error
