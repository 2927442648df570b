"""Play dashboard in Chromium: watch a finished match again with the replay bar.

A short Basic match is loaded from its deal code, played to the end screen (closing each game's
summary with Next round), then replayed: Forward, Back, To the end and To the deal move through
it, nothing is playable, a click on one of my cards is refused, and leaving the replay brings the
summary back. The scrubber: a slider over every step, jumps to the start of each game of the
match (Previous/Next round, Page Up/Down) and the arrow keys. My seat's view only: no other hand
reaches the browser during the replay either.
"""

from __future__ import annotations

import re

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    MY_CARDS,
    MY_PLAYABLE,
    STEP_TIMEOUT,
    TABLE,
    board_html,
    bots_at_full_speed,
    hidden_card_leaks,
    my_hand_keys,
    open_dashboard,
    play_until_over,
    set_range,
    type_deal_code,
)

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

SHORT_MATCH = "UD-B4-79"  # Basic, 4 players: over after 5 of my moves (my last playable card)
PILE_CARDS = f"{TABLE} .tk-pile span.tk-card"
REPLAY_TEXT = re.compile(
    "^" + re.escape(tr("widgets.table.replay_step", "en", step=999, total=888))
    .replace("999", r"(\d+)").replace("888", r"(\d+)") + "$")


def _replay_step(page: Page) -> tuple[int, int]:
    text = page.locator(f"{TABLE} .tk-replay .tk-replay-step").inner_text().strip()
    match = REPLAY_TEXT.match(text)
    assert match, f"not a replay step text: {text!r}"
    return int(match.group(1)), int(match.group(2))


def _press(page: Page, name: str, step: int, total: int) -> None:
    """Press a replay button and wait for the bar to say ``step``."""
    page.locator(f"{TABLE} .tk-replay-{name}").click()
    expect(page.locator(f"{TABLE} .tk-replay-step")).to_have_text(
        tr("widgets.table.replay_step", "en", step=step, total=total), timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-playable")).to_have_count(0)  # nothing to play in a replay


def test_replay_a_finished_match_step_by_step(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "play")
    expect(page.locator(MY_PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
    bots_at_full_speed(page)
    type_deal_code(page, SHORT_MATCH)
    expect(page.locator(f"{TABLE} .tk-deal-code")).to_have_text(SHORT_MATCH, timeout=STEP_TIMEOUT)
    clicks = play_until_over(page, last=True, max_clicks=200)
    summary = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(summary).to_be_visible()
    final_board, final_log = board_html(page), page.locator(f"{TABLE} .tk-log li").all_inner_texts()
    final_pile = page.locator(PILE_CARDS).count()
    assert final_pile > 0

    # Into the replay: at the deal, with the replay bar instead of the table's controls.
    summary.locator(".tk-replay-button").click()
    bar = page.locator(f"{TABLE} .tk-replay")
    expect(bar).to_be_visible(timeout=STEP_TIMEOUT)
    step, total = _replay_step(page)
    assert step == 0 and total >= clicks, (step, total, clicks)
    expect(bar).to_have_attribute("aria-label", tr("widgets.table.replay_step", "en", step=0, total=total))
    expect(summary).to_have_count(0)
    expect(page.locator(f"{TABLE} .tk-hint-button")).to_have_count(0)
    expect(page.locator(f"{TABLE} .tk-playable")).to_have_count(0)
    expect(page.locator(PILE_CARDS)).to_have_count(0)  # the deal: nothing played yet
    expect(page.locator(MY_CARDS)).to_have_count(5)
    for name in ("start", "back"):
        expect(page.locator(f"{TABLE} .tk-replay-{name}")).to_be_disabled()
    save_screenshot(page, "replay-at-the-deal")

    # My cards are not plays now: a click asks Python, which says this is a replay.
    keys, board = my_hand_keys(page), board_html(page)
    page.locator(MY_CARDS).first.click()
    expect(page.locator(f"{TABLE} .tk-message")).to_have_text(tr("widgets.table.in_replay", "en"),
                                                              timeout=STEP_TIMEOUT)
    assert my_hand_keys(page) == keys and board_html(page) == board
    assert _replay_step(page) == (0, total)

    _press(page, "forward", 1, total)
    expect(page.locator(PILE_CARDS)).to_have_count(1)
    expect(page.locator(f"{TABLE} .tk-live")).not_to_be_empty()  # the move is announced
    _press(page, "forward", 2, total)
    _press(page, "back", 1, total)
    expect(page.locator(PILE_CARDS)).to_have_count(1)
    _press(page, "end", total, total)
    for name in ("forward", "end"):
        expect(page.locator(f"{TABLE} .tk-replay-{name}")).to_be_disabled()
    assert board_html(page) == final_board, "the end of the replay is the end of the match"
    save_screenshot(page, "replay-at-the-end")
    _press(page, "back", total - 1, total)
    _press(page, "start", 0, total)
    expect(page.locator(PILE_CARDS)).to_have_count(0)
    assert_no_error_text(page)

    # Leaving the replay: the end screen again, with the whole log.
    page.locator(f"{TABLE} .tk-replay-exit").click()
    expect(summary).to_be_visible(timeout=STEP_TIMEOUT)
    expect(bar).to_have_count(0)
    expect(page.locator(f"{TABLE} .tk-replay-button")).to_be_visible()
    expect(page.locator(PILE_CARDS)).to_have_count(final_pile)
    assert board_html(page) == final_board
    assert page.locator(f"{TABLE} .tk-log li").all_inner_texts() == final_log
    expect(page.locator(MY_PLAYABLE)).to_have_count(0)
    save_screenshot(page, "replay-left")
    assert_no_error_text(page)
    assert hidden_card_leaks(widget_messages(page)) == [], "a hidden card reached the browser"


def _marks(page: Page) -> list[int]:
    """The steps where the games of the match start, as the slider's ticks say."""
    return [int(v) for v in page.locator(f"{TABLE} .tk-replay datalist option").evaluate_all(
        "(els) => els.map((e) => e.value)")]


def test_the_replay_scrubber_slider_rounds_and_keys(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "play")
    expect(page.locator(MY_PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
    bots_at_full_speed(page)
    type_deal_code(page, SHORT_MATCH)
    play_until_over(page, last=True, max_clicks=200)
    page.locator(f"{TABLE} .tk-summary .tk-replay-button").click()
    slider = page.locator(f"{TABLE} .tk-replay-slider")
    expect(slider).to_be_visible(timeout=STEP_TIMEOUT)
    step, total = _replay_step(page)
    assert step == 0 and slider.get_attribute("max") == str(total)
    marks = _marks(page)
    assert marks[0] == 0 and len(marks) >= 3, marks  # a match to 3 game wins has 3 games or more
    assert marks == sorted(set(marks)) and marks[-1] < total

    # The slider: one drag to the middle of the match.
    middle = total // 2
    set_range(page, f"{TABLE} .tk-replay-slider", middle)
    expect(page.locator(f"{TABLE} .tk-replay-step")).to_have_text(
        tr("widgets.table.replay_step", "en", step=middle, total=total), timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-playable")).to_have_count(0)

    # Round by round, with the buttons and with Page Up / Page Down.
    before = max(m for m in marks if m < middle)
    after = min((m for m in marks if m > middle), default=total)
    page.locator(f"{TABLE} .tk-replay-round-back").click()
    expect(slider).to_have_value(str(before), timeout=STEP_TIMEOUT)
    page.locator(f"{TABLE} .tk-replay-forward").focus()
    page.keyboard.press("PageDown")
    expect(slider).to_have_value(str(min(m for m in marks + [total] if m > before)), timeout=STEP_TIMEOUT)
    # The arrow keys move one step; Home and End go to the deal and the end.
    at = int(slider.input_value())
    page.locator(f"{TABLE} .tk-replay-forward").focus()
    page.keyboard.press("ArrowRight")
    expect(slider).to_have_value(str(at + 1), timeout=STEP_TIMEOUT)
    page.locator(f"{TABLE} .tk-replay-back").focus()
    page.keyboard.press("ArrowLeft")
    expect(slider).to_have_value(str(at), timeout=STEP_TIMEOUT)
    page.locator(f"{TABLE} .tk-replay-back").focus()
    page.keyboard.press("End")
    expect(slider).to_have_value(str(total), timeout=STEP_TIMEOUT)
    page.locator(f"{TABLE} .tk-replay-exit").focus()
    page.keyboard.press("Home")
    expect(slider).to_have_value("0", timeout=STEP_TIMEOUT)
    del after
    save_screenshot(page, "replay-scrubber")
    assert_no_error_text(page)
    assert hidden_card_leaks(widget_messages(page)) == [], "a hidden card reached the browser"
