"""Play dashboard in Chromium: a whole Up&Down match by clicking, refusals, keyboard play, and no
hidden card ever reaching the browser.

The dashboard deals the Basic preset (4 seats, a match to 3 game wins; seat 0, the human, opens).
With the bots' delay set to 0 from the speed slider a match is ~30-100 clicks, ~15-30 s here.
"""

from __future__ import annotations

import statistics
import time

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    MY_BLOCKED,
    MY_CARDS,
    MY_PLAYABLE,
    STEP_TIMEOUT,
    TABLE,
    board_html,
    bots_at_full_speed,
    hidden_card_leaks,
    my_hand_keys,
    next_round,
    open_dashboard,
    play_first_playable,
    play_table_views,
    recent_views,
    type_deal_code,
    wait_for_my_turn,
)

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

MAX_CLICKS = 400  # a Basic match needs ~30-100 of my moves (measured over 30 seeds: max 98)
MATCH_BUDGET = 120.0  # seconds for the whole match, generous for a loaded 2-core machine


def _start_fast_table(page: Page, voila_url: str) -> str:
    """Open the play dashboard, set the bots' delay to 0 ms; return the board of my first turn."""
    open_dashboard(page, voila_url, "play")
    expect(page.locator(MY_PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
    bots_at_full_speed(page)
    return board_html(page)


SHOT_DEAL = "UD-B4-12"  # Basic, 4 players, seed 0x12: my opening hand is 31 49 77 85 Shot


def _load_deal(page: Page, code: str) -> None:
    """Type a deal code into the bar (what a learner does to replay a shared deal): a code the
    learner typed is no secret to them, so the table shows it."""
    type_deal_code(page, code)
    expect(page.locator(f"{TABLE} .tk-deal-code")).to_have_text(code, timeout=STEP_TIMEOUT)
    expect(page.locator(MY_PLAYABLE)).to_have_count(5)  # the field is empty


def _check_blocked_card(page: Page) -> str:
    """Click a card I may not play: a refusal with the reason, and nothing moves."""
    before_board, before_keys = board_html(page), my_hand_keys(page)
    blocked = page.locator(MY_BLOCKED).first
    code = blocked.get_attribute("data-code") or ""
    field = page.locator(f"{TABLE} .tk-field-value").inner_text().strip()
    blocked.click()
    message = page.locator(f"{TABLE} .tk-message")
    expect(message).to_be_visible(timeout=STEP_TIMEOUT)
    expect(message).to_have_class("tk-message tk-msg-refusal")
    text = message.inner_text().strip()
    assert text, "a refusal must say why"
    if code.isdigit():  # "You cannot play 37 on 85: ..."
        assert code in text and field in text, (code, field, text)
    page.wait_for_timeout(300)  # a (wrong) move would have come back by now
    assert my_hand_keys(page) == before_keys
    assert board_html(page) == before_board, "refusing a card must not change the table"
    expect(page.locator(MY_PLAYABLE).first).to_be_visible()
    return text


def test_a_whole_match_by_clicking_keeps_other_hands_hidden(page: Page, voila_url: str) -> None:
    board = _start_fast_table(page, voila_url)
    assert hidden_card_leaks(widget_messages(page)) == []
    assert len(play_table_views(widget_messages(page))) >= 1, "the checker must see the table's view"

    clicks, refusal, latencies, sent = 0, "", [], ""
    deadline = time.monotonic() + MATCH_BUDGET
    state, rounds = "turn", 0
    while state in ("turn", "round"):
        assert clicks < MAX_CLICKS, f"no end after {clicks} moves"
        assert time.monotonic() < deadline, f"match not over after {MATCH_BUDGET:.0f} s ({clicks} moves)"
        if state == "round":  # a game of the match ended: its summary waits for Next round
            rounds += 1
            expect(page.locator(MY_PLAYABLE)).to_have_count(0)
            next_round(page)
            state = wait_for_my_turn(page, None)
            continue
        if not refusal and page.locator(MY_BLOCKED).count():
            refusal = _check_blocked_card(page)
        # Taken before any click: choosing a Shot's target redraws the board locally, and a
        # redraw for the log (which Python sends before the new view) rebuilds this same HTML.
        board = board_html(page)
        started = time.monotonic()
        try:
            sent = play_first_playable(page)
            clicks += 1
            state = wait_for_my_turn(page, board)
        except Exception as exc:
            raise AssertionError(f"move {clicks + 1} ({sent}): {exc}\nlast views:\n{recent_views(page)}") from exc
        latencies.append(time.monotonic() - started)
        if clicks == 10:
            # The slider keeps the chosen speed across redraws (it used to jump back to 600).
            speed = page.locator(f"{TABLE} .tk-speed")
            assert speed.input_value() == speed.get_attribute("max")
            assert hidden_card_leaks(widget_messages(page)) == [], "a hidden card reached the browser"

    # The end of the match: who won and why, every hand face up, the standings, Play again.
    summary = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(summary).to_be_visible()
    expect(summary.locator(".tk-summary-text")).to_contain_text("Player")
    expect(summary.locator(".tk-standings tr")).to_have_count(4)
    expect(summary.locator(".tk-revealed-hand")).to_have_count(4)
    expect(summary.locator(".tk-play-again")).to_be_visible()
    assert rounds >= 2, "a match to 3 game wins stops at the end of each game before the last"
    expect(page.locator(MY_PLAYABLE)).to_have_count(0)
    assert refusal, "the match never offered a blocked card to test the refusal"
    # Bots answer at once: with the default 600 ms per bot move three bots take >= 1.8 s.
    assert statistics.median(latencies) < 1.2, latencies
    save_screenshot(page, "play-match-over")
    assert_no_error_text(page)

    # Hidden information, over every state the page received during the whole match.
    messages = widget_messages(page)
    views = play_table_views(messages)
    assert len(views) > clicks, "every move sends a view"
    assert views[-1]["over"] is True
    assert hidden_card_leaks(messages) == [], "a hidden card reached the browser"

    # The checker can fail: open hands (teaching mode) send the other hands, and it sees them.
    page.locator(f"{TABLE} .tk-teaching").check()
    expect(page.locator(f"{TABLE} .tk-hand:not(.tk-mine) button.tk-card").first).to_be_visible(
        timeout=STEP_TIMEOUT)
    opened = widget_messages(page)[len(messages):]
    leaks = hidden_card_leaks(messages + opened)
    assert any("shows" in p for p in leaks), leaks
    # (By code it finds nothing new: at the end of the match the summary revealed every hand. Its
    # by-code check failing is shown in the Page One and preset tests, where a game goes on.)
    save_screenshot(page, "play-match-over-open-hands")
    assert_no_error_text(page)


def test_keyboard_moves_focus_and_plays_a_card(page: Page, voila_url: str) -> None:
    _start_fast_table(page, voila_url)
    _load_deal(page, SHOT_DEAL)  # a known deal: whatever the bots do next, my move is logged
    board = board_html(page)
    cards = page.locator(MY_CARDS)
    keys = my_hand_keys(page)
    assert len(keys) == 5
    active_key = "() => document.activeElement && document.activeElement.dataset.key"

    cards.nth(0).focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(active_key) == keys[1]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(active_key) == keys[0]
    page.keyboard.press("ArrowLeft")  # wraps around to the last card
    assert page.evaluate(active_key) == keys[-1]

    # On the opening turn every card is playable (the field is empty): play a number by Enter.
    expect(page.locator(MY_PLAYABLE)).to_have_count(5)
    codes = cards.evaluate_all("(els) => els.map((e) => e.dataset.code)")
    numbers = [k for k, c in zip(keys, codes) if c.isdigit()]
    assert numbers, "no number card in the opening hand"
    key = numbers[0]
    code = page.locator(f'{MY_CARDS}[data-key="{key}"]').get_attribute("data-code")
    log_before = page.locator(f"{TABLE} .tk-log li").count()
    live_before = page.locator(f"{TABLE} .tk-live").inner_text()
    page.locator(f'{MY_CARDS}[data-key="{key}"]').focus()
    page.keyboard.press("Enter")
    assert wait_for_my_turn(page, board) in ("turn", "over")

    log = page.locator(f"{TABLE} .tk-log li").all_inner_texts()
    assert len(log) > log_before, "the move and the bots' answers go to the log"
    assert any(f"Player 1 plays {code}." in line for line in log[log_before:]), log
    live = page.locator(f"{TABLE} .tk-live")
    assert live.inner_text() != live_before and live.inner_text().strip()
    expect(live).to_have_attribute("aria-live", "polite")
    save_screenshot(page, "play-keyboard")
    assert_no_error_text(page)


def test_a_shot_from_a_deal_code_names_who_plays_next(page: Page, voila_url: str) -> None:
    _start_fast_table(page, voila_url)
    _load_deal(page, SHOT_DEAL)
    codes = page.locator(MY_CARDS).evaluate_all("(els) => els.map((e) => e.dataset.code)")
    assert codes == ["31", "49", "77", "85", "S"]
    log_before = page.locator(f"{TABLE} .tk-log li").count()

    shot = page.locator(f'{MY_PLAYABLE}[data-code="S"]')
    shot.click()
    targets = page.locator(f"{TABLE} .tk-target-button")
    expect(targets).to_have_count(3)
    assert sorted(targets.evaluate_all("(els) => els.map((e) => e.dataset.target)")) == ["1", "2", "3"]
    # The Shot's choices ({code, label, zone: "hand-<seat>", at: seat}) are also the choose bar's buttons.
    bar = page.locator(f"{TABLE} .tk-choose .tk-choice-button")
    assert sorted(bar.evaluate_all("(els) => els.map((e) => e.dataset.code)")) == ["S1", "S2", "S3"]
    assert sorted(targets.evaluate_all("(els) => els.map((e) => e.dataset.code)")) == ["S1", "S2", "S3"]
    expect(page.locator(f"{TABLE} .tk-hand.tk-mine.tk-target")).to_have_count(0)  # not myself
    page.locator(f"{TABLE} .tk-cancel").click()
    expect(targets).to_have_count(0)
    page.wait_for_timeout(300)
    assert page.locator(f"{TABLE} .tk-log li").count() == log_before, "Cancel must send nothing"

    board = board_html(page)  # before choosing: the redraws after the pick rebuild this HTML
    shot.click()
    page.locator(f'{TABLE} .tk-target-button[data-target="2"]').click()
    assert targets.count() == 0, "target buttons outlive the choice"
    assert wait_for_my_turn(page, board) == "turn"
    log = page.locator(f"{TABLE} .tk-log li").all_inner_texts()[log_before:]
    # The first move of the deal: the field is empty, so no number is in force yet.
    assert log[0] == tr("up_and_down.event.played_shot", "en", player=0, target=2,
                        number="@up_and_down.label.no_number"), log
    assert log[1].startswith("Player 3 plays"), log
    expect(page.locator(f'{TABLE} .tk-pile span.tk-card[aria-label="Shot"]')).to_have_count(1)
    assert hidden_card_leaks(widget_messages(page)) == []
    save_screenshot(page, "play-shot")
    assert_no_error_text(page)
