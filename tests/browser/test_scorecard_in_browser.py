"""Explore dashboard in Chromium: compare two variants and read the variant scorecard; choosing
the search bot tells the user that a run is capped."""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import open_dashboard

from tablekit.i18n import tr
from tablekit.widgets.labels import bot_label, option_label
from tablekit.widgets.stats_explorer import SEARCH_MAX_GAMES, SEARCH_PLAYOUTS

pytestmark = pytest.mark.browser

RUN_TIMEOUT = 90_000  # ms: 2 x 60 Basic matches and the replays of the scorecard take ~3 s here


def test_compare_two_variants_and_see_the_scorecard(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "explore")
    stats = page.locator(".tk-stats")
    expect(stats.locator(".tk-status")).to_contain_text("press Run")
    expect(stats.locator(".tk-scorecard")).to_have_count(0)

    games = stats.get_by_label(tr("widgets.stats.label.games", "en"))
    games.fill("60")
    games.press("Enter")  # BoundedIntText syncs on Enter / blur
    stats.get_by_label(tr("widgets.stats.label.compare", "en")).check()
    # Variant B (the second options panel) plays single games instead of matches.
    single = stats.get_by_label(option_label("up_and_down", "single_game", "en"))
    expect(single).to_have_count(2)
    single.nth(1).check()
    stats.get_by_role("button", name=tr("widgets.stats.button.run", "en")).click()

    done = stats.locator(".tk-status.tk-done")
    expect(done).to_be_visible(timeout=RUN_TIMEOUT)
    expect(done).to_contain_text("120 games played")
    card = stats.locator("table.tk-scorecard")
    expect(card).to_be_visible(timeout=RUN_TIMEOUT)
    expect(stats).to_contain_text(tr("widgets.stats.scorecard.heading", "en"))
    for key in ("seat_advantage", "length_sd", "limit_rate", "lead_changes"):
        expect(card).to_contain_text(tr(f"widgets.stats.scorecard.measure.{key}", "en"))
    expect(card.locator("tbody tr")).to_have_count(8)
    expect(card).to_contain_text("B − A")
    # Win rate, length and the scorecard chart.
    expect(page.locator(".js-plotly-plot")).to_have_count(3, timeout=RUN_TIMEOUT)
    # (each chart's title is a heading above it, which wraps on a phone)
    expect(stats.locator("h4.tk-chart-title", has_text="Variant scorecard")).to_have_count(1)
    save_screenshot(page, "explore-scorecard")
    assert_no_error_text(page)


def test_choosing_the_search_bot_says_the_run_is_capped(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "explore")
    stats = page.locator(".tk-stats")
    note = stats.locator(".tk-search-note")
    expect(note).to_be_hidden()
    seat = stats.locator("select").filter(has=page.locator("option", has_text=bot_label("search", "en"))).first
    seat.select_option(label=bot_label("search", "en"))
    expect(note).to_be_visible()
    expect(note).to_contain_text(f"at most {SEARCH_MAX_GAMES} games")
    expect(note).to_contain_text(f"{SEARCH_PLAYOUTS} playouts")
    seat.select_option(label=bot_label("heuristic", "en"))
    expect(note).to_be_hidden()
    assert_no_error_text(page)
