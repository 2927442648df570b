"""Play dashboard in Chromium: the "Still winnable?" meter of Up&Down's solo mode.

A solo deal (three open hands, typed in as a deal code) shows the meter with the sampled share
of stock orders as a bar; after a move the kernel sends a new view whose meter was worked out
again; "Show me a winning line" answers in the message line and lights up a card of the hand
to play; and no view ever carries a card the stock hides.
"""

from __future__ import annotations

import re

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    CURRENT_PLAYABLE,
    STEP_TIMEOUT,
    TABLE,
    board_html,
    bots_at_full_speed,
    hidden_card_leaks,
    open_dashboard,
    play_first_playable,
    play_table_views,
    type_deal_code,
)

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

DEAL = "UD-S3-4"  # solo, three hands, seed 4
METER = f"{TABLE} .tk-meter"


def _meters(page: Page) -> list[dict[str, object]]:
    return [v["winnable"] for v in play_table_views(widget_messages(page)) if "winnable" in v]


def test_meter_updates_and_shows_a_card(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "play")
    bots_at_full_speed(page)
    type_deal_code(page, DEAL)
    meter = page.locator(METER)
    expect(meter).to_be_visible(timeout=STEP_TIMEOUT)
    expect(meter.locator(".tk-meter-title")).to_have_text(tr("widgets.table.winnable.title", "en"))
    # Cards remain in the stock: a share of the stock orders, drawn as a bar.
    expect(meter.locator(".tk-meter-text")).to_have_text(re.compile(r"^Winnable in \d+% of stock orders \(95%: \d+–\d+%\)$"))
    bar = meter.locator(".tk-meter-bar")
    expect(bar).to_be_visible()
    assert 0 <= int(bar.get_attribute("aria-valuenow") or "-1") <= 100
    before = len(_meters(page))
    assert before >= 1

    # A move: the kernel sends the next view, with its own meter.
    board = board_html(page)
    play_first_playable(page, CURRENT_PLAYABLE)
    page.wait_for_function(f"(prev) => document.querySelector('{TABLE} .tk-board').innerHTML !== prev",
                           arg=board, timeout=STEP_TIMEOUT)
    expect(meter).to_be_visible(timeout=STEP_TIMEOUT)
    page.wait_for_function("(n) => true", arg=0)
    after = _meters(page)
    assert len(after) > before, "the meter comes with every new view"
    assert after[-1]["text"] == meter.locator(".tk-meter-text").inner_text()

    # "Show me a winning line": the stock is hidden, so the best play over the sampled orders,
    # named in the message line and lit up in the hand to play.
    meter.locator(".tk-winning-line-button").click()
    message = page.locator(f"{TABLE} .tk-message")
    expect(message).to_have_class("tk-message tk-msg-hint", timeout=STEP_TIMEOUT)
    expect(message).to_contain_text("keeps the most stock orders winnable")
    lit = page.locator(f"{TABLE} .tk-hand.tk-current .tk-card.tk-mark-hint")
    expect(lit).to_have_count(1, timeout=STEP_TIMEOUT)
    code = lit.get_attribute("data-code") or ""
    assert code and code in message.inner_text(), (code, message.inner_text())
    save_screenshot(page, "play-winnable-meter")
    assert_no_error_text(page)
    assert hidden_card_leaks(widget_messages(page)) == []
