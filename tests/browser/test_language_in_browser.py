"""Japanese on the play dashboard: the bar's one language switch turns the title, the table and
the log into Japanese, and back: the lines written before a switch change language too."""

from __future__ import annotations

import re

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Locator, Page, expect
from tk_page import MY_PLAYABLE, STEP_TIMEOUT, TABLE, board_html, bots_at_full_speed, open_dashboard, wait_for_my_turn

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji


def _header_button(page: Page, text: str) -> Locator:
    return page.locator(".tk-dash-bar .widget-toggle-button", has_text=text)


def test_one_language_switch_for_the_whole_page_and_its_log(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "play")
    expect(page.locator(f"{TABLE} .tk-prompt")).to_have_text(tr("widgets.table.your_turn", "en", player=0))
    assert not JAPANESE.search(page.locator(f"{TABLE} .tk-board").inner_text())

    _header_button(page, "日本語").click()
    expect(page.locator("h1.tk-title")).to_have_text(tr("widgets.dash.play.title", "ja"), timeout=STEP_TIMEOUT)
    expect(page.locator(".tk-dash-lead")).to_have_text(tr("widgets.dash.play.lead", "ja"))
    expect(page.locator(f"{TABLE} .tk-prompt")).to_have_text(tr("widgets.table.your_turn", "ja", player=0))
    expect(page.locator(f"{TABLE} .tk-header .tk-title")).to_contain_text(tr("up_and_down.title", "ja"))
    expect(page.locator(f"{TABLE} .tk-hint-button")).to_have_text(tr("widgets.table.hint", "ja"))
    expect(page.locator(TABLE)).to_have_attribute("lang", "ja")
    assert JAPANESE.search(page.locator(f"{TABLE} .tk-board").inner_text())  # zone labels
    expect(page.locator(f"{TABLE} .tk-lang")).to_have_count(0)  # the bar's switch is the only one
    expect(page.get_by_role("button", name=tr("widgets.dash.deal", "ja"))).to_be_visible()

    # A move in Japanese: the log speaks Japanese too.
    bots_at_full_speed(page)
    board = board_html(page)
    code = page.locator(MY_PLAYABLE).first.get_attribute("data-code")
    page.locator(MY_PLAYABLE).first.click()
    wait_for_my_turn(page, board)
    log = page.locator(f"{TABLE} .tk-log li").all_inner_texts()
    assert log and all(JAPANESE.search(line) for line in log), log
    if code and code.isdigit():
        assert tr("up_and_down.event.played_number", "ja", player=0, card=int(code)) in log, log
    save_screenshot(page, "play-japanese")
    assert_no_error_text(page)

    # Back to English: the log's earlier lines are rewritten in English, not left in Japanese.
    _header_button(page, "English").click()
    expect(page.locator("h1.tk-title")).to_have_text(tr("widgets.dash.play.title", "en"), timeout=STEP_TIMEOUT)
    expect(_header_button(page, "English")).to_have_class(re.compile(r"\bmod-active\b"))
    expect(page.locator(TABLE)).to_have_attribute("lang", "en")
    expect(page.locator(f"{TABLE} .tk-hint-button")).to_have_text("Hint")
    expect(page.locator(f"{TABLE} .tk-log li").first).not_to_have_text(JAPANESE, timeout=STEP_TIMEOUT)
    english = page.locator(f"{TABLE} .tk-log li").all_inner_texts()
    assert len(english) == len(log) and not any(JAPANESE.search(line) for line in english), english
    if code and code.isdigit():
        assert tr("up_and_down.event.played_number", "en", player=0, card=int(code)) in english, english
    assert_no_error_text(page)
