"""Explore dashboard in Chromium: play 200 bot games from the page and see the plotly charts."""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import open_dashboard

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
