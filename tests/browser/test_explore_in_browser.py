"""Explore dashboard in Chromium: play bot games from the page and see the plotly charts, readable on a
phone (400 px) and under a one-line control bar at 1280 px; another game clears the results."""

from __future__ import annotations

from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT, open_dashboard

from tablekit.i18n import tr
from tablekit.widgets.labels import game_label

pytestmark = pytest.mark.browser

RUN_TIMEOUT = 90_000  # ms: 200 Basic matches take ~3.5 s in the kernel here, plus the charts


def test_run_200_games_and_see_the_charts(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "explore")
    stats = page.locator(".tk-stats")
    expect(stats.locator(".tk-status")).to_contain_text("press Run")
    expect(page.locator(".js-plotly-plot")).to_have_count(0)

    games = stats.get_by_label("Games to play")
    expect(games).to_have_value("2000")
    games.fill("200")
    games.press("Enter")  # BoundedIntText syncs on Enter / blur
    stats.get_by_role("button", name="Run").click()  # the name is "<icon> Run"

    done = stats.locator(".tk-status.tk-done")
    expect(done).to_be_visible(timeout=RUN_TIMEOUT)
    expect(done).to_contain_text("200 games played")
    chart = page.locator(".js-plotly-plot").first
    expect(chart).to_be_visible(timeout=RUN_TIMEOUT)
    assert chart.bounding_box()["height"] > 100  # type: ignore[index]
    expect(page.locator(".js-plotly-plot .main-svg").first).to_be_visible()
    expect(stats.locator(".tk-stats-table")).to_be_visible()
    save_screenshot(page, "explore-200-games")
    assert_no_error_text(page)


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, locator
    return box  # type: ignore[no-any-return]


def _below(upper: dict[str, float], lower: dict[str, float], slack: float = 1.0) -> bool:
    return upper["y"] + upper["height"] <= lower["y"] + slack


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_charts_read_on_a_phone_the_bar_is_one_line_and_a_new_game_clears_results(
        page: Page, voila_url: str, lang: str) -> None:
    page.set_viewport_size({"width": 400, "height": 800})
    page.goto(f"{voila_url}/voila/render/explore.ipynb?lang={lang}&game=up_and_down")
    expect(page.locator(".tk-stats")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)
    stats = page.locator(".tk-stats")
    games = stats.get_by_label(tr("widgets.stats.label.games", lang), exact=True)
    games.fill("30")
    games.press("Enter")
    stats.get_by_role("button", name=tr("widgets.stats.button.run", lang)).click()
    expect(stats.locator(".tk-status.tk-done")).to_be_visible(timeout=RUN_TIMEOUT)

    charts = page.locator(".js-plotly-plot")
    expect(charts).to_have_count(2, timeout=RUN_TIMEOUT)  # win rate, length
    headings = stats.locator("h4.tk-chart-title")
    expect(headings).to_have_count(2)
    expect(headings.first).to_have_text(tr("widgets.stats.chart.win_rate.title", lang))
    for k in range(2):
        chart, heading = charts.nth(k), headings.nth(k)
        figure, plot = _box(chart.locator(".main-svg").first), _box(chart.locator(".nsewdrag").first)
        toolbar = _box(chart.locator(".modebar"))
        assert figure["width"] <= 400, "the chart fits the phone's width"
        assert _below(_box(heading), figure), "the title is a heading above the chart, clear of its toolbar"
        assert _below(toolbar, plot), "the toolbar lies above the plot, not over it"
        legend = chart.locator("g.legend")
        if legend.count():
            box = _box(legend)
            assert _below(plot, box), "the legend lies below the plot"
            assert box["x"] >= figure["x"] - 1 and box["x"] + box["width"] <= figure["x"] + figure["width"] + 1
        ticks = [_box(t) for t in chart.locator(".xtick text").all()]
        for left, right in zip(ticks, ticks[1:]):
            assert left["x"] + left["width"] <= right["x"] + 1, "axis labels do not run together"
    headings.first.evaluate("(el) => el.scrollIntoView()")  # the charts, for the screenshot
    save_screenshot(page, f"explore-400-{lang}")
    headings.last.evaluate("(el) => el.scrollIntoView()")
    save_screenshot(page, f"explore-400-{lang}-length")

    page.set_viewport_size({"width": 1280, "height": 800})
    bar = [_box(item) for item in stats.locator(".tk-stats-bar > *").all()]
    assert len(bar) == 5 and max(b["y"] for b in bar) - min(b["y"] for b in bar) < 8, "the control bar is one line"
    save_screenshot(page, f"explore-1280-{lang}-charts")
    stats.evaluate("(el) => el.scrollIntoView()")
    save_screenshot(page, f"explore-1280-{lang}")

    game = stats.locator(".tk-stats-bar select").first
    game.select_option(label=game_label("page_one", lang))
    expect(charts).to_have_count(0, timeout=STEP_TIMEOUT)
    expect(stats.locator(".tk-stats-table")).to_have_count(0)
    expect(stats.locator(".tk-status")).to_contain_text(game_label("page_one", lang))
    assert_no_error_text(page)
