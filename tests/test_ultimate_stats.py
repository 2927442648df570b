"""Ultimate in the statistics: contract columns from the outcome, the contracts chart, the summary."""

from __future__ import annotations

import re

import pytest

from tablekit import make
from tablekit.games.ultimate.rules import CONTRACT_BUCKETS, contract_bucket
from tablekit.sim import play_game, simulate, wilson_interval
from tablekit.widgets import StatsExplorer, plots

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
BUCKETS = [f"{low}_{high}" for low, high in CONTRACT_BUCKETS]


@pytest.fixture(scope="module", params=["basic", "circle"])
def frame(request: pytest.FixtureRequest) -> object:
    return simulate(make("ultimate", preset=request.param), "heuristic", n=4, seed=3, progress=False)


def test_buckets_cover_every_bid_once() -> None:
    assert [contract_bucket(b) for b in range(1, 105)].count("1_14") == 14
    assert {contract_bucket(b) for b in range(1, 105)} == set(BUCKETS)
    for bad in (0, 105):
        with pytest.raises(ValueError):
            contract_bucket(bad)


def test_contract_columns_add_up_with_the_deals() -> None:
    game = make("ultimate", preset="partner")
    result = play_game(game, "heuristic", seed=5)
    details = result.outcome.details
    deals = details["results"]
    assert deals, "a game to 150 scores at least one contract"
    assert details["contracts"] == len(deals) <= details["deals"]
    assert details["contracts_made"] == sum(d["made"] for d in deals)
    assert details["declarer_points"] == sum(d["points"] for d in deals)
    for name in BUCKETS:
        low, high = (int(x) for x in name.split("_"))
        assert details[f"bid_{name}"] == sum(low <= d["contract"] <= high for d in deals)
        assert details[f"made_{name}"] == sum(low <= d["contract"] <= high and d["made"] for d in deals)


def test_simulated_columns_are_consistent(frame: object) -> None:
    df = frame
    assert plots.has_contracts(df)
    for name in BUCKETS:
        assert (df[f"made_{name}"] <= df[f"bid_{name}"]).all()
    assert (df[[f"bid_{b}" for b in BUCKETS]].sum(axis=1) == df["contracts"]).all()
    assert (df[[f"made_{b}" for b in BUCKETS]].sum(axis=1) == df["contracts_made"]).all()
    assert (df["contracts"] <= df["deals"]).all() and (df["contracts"] > 0).all()


def test_contracts_figure_has_wilson_intervals(frame: object) -> None:
    df = frame
    figs = plots.figures(df, "en")
    assert set(figs) == {"win_rate", "length", "contracts"}
    bar = figs["contracts"].data[0]
    played = [(b, int(df[f"bid_{b}"].sum()), int(df[f"made_{b}"].sum())) for b in BUCKETS]
    played = [p for p in played if p[1] > 0]
    assert list(bar.x) == [b.replace("_", "–") for b, _, _ in played]
    for (_, n, k), y, up, down in zip(played, bar.y, bar.error_y.array, bar.error_y.arrayminus):
        lo, hi = wilson_interval(k, n)
        assert y == pytest.approx(k / n)
        assert y + up == pytest.approx(hi) and y - down == pytest.approx(lo)
    assert "contract success rate by bid size" in figs["contracts"].layout.title.text
    summary = plots.contract_summary(df)
    assert summary["mean_points"] == pytest.approx(df["declarer_points"].sum() / df["contracts"].sum())


def test_japanese_labels(frame: object) -> None:
    fig = plots.figures(frame, "ja")["contracts"]
    for text in (fig.layout.title.text, fig.layout.xaxis.title.text, fig.layout.yaxis.title.text,
                 fig.data[0].hovertext[0]):
        assert JAPANESE.search(text), text


def test_no_contracts_figure_for_page_one() -> None:
    df = simulate(make("page_one"), "random", n=3, seed=1, progress=False)
    assert not plots.has_contracts(df)
    assert "contracts" not in plots.figures(df)
    assert "contracts" not in plots.compare_figures(df, df)


def test_compare_figure_for_two_ultimate_variants(frame: object) -> None:
    other = simulate(make("ultimate", preset="circle"), "random", n=3, seed=1, progress=False)
    fig = plots.compare_figures(frame, other, "en")["contracts"]
    assert len(fig.data) == 2
    order = list(fig.layout.xaxis.categoryarray)
    assert order == sorted(order, key=lambda x: int(x.split("–")[0]))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_explorer_shows_contracts(lang: str) -> None:
    ex = StatsExplorer(game="ultimate", lang=lang)
    ex.n_games.value = 3
    df = ex.run(wait=True)
    assert df is not None and len(df) == 3, ex.last_error
    assert "contracts" in ex.figures
    c = plots.contract_summary(df)
    mean = f"{c['mean_points']:.1f}"
    if lang == "en":
        assert f"Average points taken by the declarer: {mean} per contract" in ex.summary.value
    else:
        assert f"親が取った平均得点: 契約1回あたり{mean}点" in ex.summary.value
