"""Ultimate in Chromium, played by clicking on the play dashboard: a whole deal (auction buttons,
the choose-five exchange, trump buttons, following suit in the trick) to the end-of-deal summary
that shows the kitty, the discards and the leftovers; the partner variant until the called card
is played and the partner revealed. No hidden card reaches the browser meanwhile.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    LOAD_TIMEOUT,
    STEP_TIMEOUT,
    TABLE,
    board_html,
    bots_at_full_speed,
    play_table_views,
    type_deal_code,
    wait_for_my_turn,
)

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

MOVES = f"{TABLE} .tk-hand.tk-mine .tk-card.tk-playable, {TABLE} .tk-action-button"
CARD = re.compile(r"^(10|[2-9JQKA])[SHDC]$|^[2-9TJQKA][SHDC]$")


def _open(page: Page, voila_url: str, query: str) -> None:
    page.goto(f"{voila_url}/voila/render/play.ipynb?{query}")
    expect(page.locator(f"{TABLE} .tk-title")).to_contain_text(tr("ultimate.title", "en"), timeout=LOAD_TIMEOUT)
    bots_at_full_speed(page)


def _move(page: Page) -> None:
    """One move of mine: the first playable card (with its first choice), else the first button."""
    card = page.locator(f"{TABLE} .tk-hand.tk-mine .tk-card.tk-playable").first
    if card.count():
        card.click()
        choice = page.locator(f"{TABLE} .tk-choice-button")
        if choice.count():
            choice.first.click()
        return
    page.locator(f"{TABLE} .tk-action-button").first.click()


def _hidden_cards_seen(views: list[dict[str, Any]]) -> list[str]:
    """Other seats' hands must be counts only while the deal goes on."""
    problems = []
    for i, view in enumerate(views):
        if view.get("teaching"):
            continue
        for zone in view["zones"]:
            if zone.get("kind") == "hand" and zone.get("owner") != view.get("viewer") and zone.get("cards"):
                problems.append(f"view {i}: {zone['id']} shows cards")
    return problems


def _play_until_summary(page: Page, budget_moves: int = 200) -> int:
    moves = 0
    state = wait_for_my_turn(page, None, playable=MOVES)
    while state == "turn" and moves < budget_moves:
        board = board_html(page)
        _move(page)
        moves += 1
        state = wait_for_my_turn(page, board, playable=MOVES)
    assert state in ("round", "over"), f"no end of deal after {moves} moves"
    return moves


def test_a_whole_deal_by_clicking(page: Page, voila_url: str) -> None:
    _open(page, voila_url, "game=ultimate&preset=basic&players=4")
    moves = _play_until_summary(page)
    assert moves >= 1
    summary = page.locator(f"{TABLE} .tk-summary")
    expect(summary.locator(".tk-summary-text")).not_to_be_empty()
    expect(summary.locator(".tk-revealed-hand")).to_have_count(4)
    expect(summary.locator(".tk-standings tr")).to_have_count(4)
    # The kitty and the discards (and the 7 leftovers of a 4-player deal) are shown at the end.
    piles = summary.locator(".tk-revealed-pile")
    assert piles.count() >= 2
    for i in range(piles.count()):
        codes = piles.nth(i).locator(".tk-card").evaluate_all("(els) => els.map((e) => e.dataset.code)")
        assert codes and all(CARD.match(c) for c in codes), codes
    assert _hidden_cards_seen(play_table_views(widget_messages(page))) == []
    save_screenshot(page, "ultimate-deal-over")
    assert_no_error_text(page)


def test_the_partner_is_revealed_when_the_called_card_is_played(page: Page, voila_url: str) -> None:
    """Partner deals until one reveals its partner (the called card is usually in another hand;
    when it lay in the kitty, the discards or out of play the declarer plays alone)."""
    _open(page, voila_url, "game=ultimate&preset=partner&players=4")
    revealed = re.compile(re.escape(tr("ultimate.event.partner_revealed", "en", player=0, card="X", declarer=1))
                          .replace("Player\\ 1", "Player \\d").replace("Player\\ 2", "Player \\d")
                          .replace("X", ".+"))
    for deal in range(8):
        _play_until_summary(page)
        log = page.locator(f"{TABLE} .tk-log li").all_inner_texts()
        if any(revealed.search(line) for line in log):
            break
        if page.locator(f"{TABLE} .tk-summary.tk-final").count():
            break
        summary = page.locator(f"{TABLE} .tk-summary").element_handle()
        page.locator(f"{TABLE} .tk-summary .tk-next-round").click()
        page.wait_for_function("(el) => !el.isConnected", arg=summary, timeout=STEP_TIMEOUT)
    assert any(revealed.search(line) for line in log), log[-12:]
    # Before the reveal no view named the partner: the partner badge appears only after it.
    views = play_table_views(widget_messages(page))
    assert _hidden_cards_seen(views) == []
    save_screenshot(page, "ultimate-partner-revealed")
    assert_no_error_text(page)


def test_a_whole_game_to_150_by_clicking(page: Page, voila_url: str) -> None:
    """Deal after deal (closing each deal's summary with Next round) until someone reaches 150."""
    _open(page, voila_url, "game=ultimate&preset=basic&players=4")
    deals = 0
    for _ in range(40):
        _play_until_summary(page)
        if page.locator(f"{TABLE} .tk-summary.tk-final").count():
            break
        deals += 1
        summary = page.locator(f"{TABLE} .tk-summary").element_handle()
        page.locator(f"{TABLE} .tk-summary .tk-next-round").click()
        page.wait_for_function("(el) => !el.isConnected", arg=summary, timeout=STEP_TIMEOUT)
    final = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(final).to_be_visible()
    expect(final.locator(".tk-play-again")).to_be_visible()
    values = final.locator(".tk-standings td").all_inner_texts()
    best = max(int(v.split()[0]) for v in values)
    assert best >= 150 and deals >= 1, (values, deals)
    assert _hidden_cards_seen(play_table_views(widget_messages(page))) == []
    save_screenshot(page, "ultimate-game-over")
    assert_no_error_text(page)


# --- the bid picker: every legal bid, and the hinted one ------------------------------------------
HINT_DEAL = "UL-B4-E"  # seat 0 deals and speaks first; the hint is "Bid 7", which no quick button offers


def _bid_logged(page: Page, amount: int) -> None:
    expect(page.locator(f"{TABLE} .tk-log li").first).to_have_text(
        tr("ultimate.event.bid", "en", player=0, amount=amount), timeout=STEP_TIMEOUT)


def test_any_bid_with_the_picker_and_a_hinted_bid(page: Page, voila_url: str) -> None:
    """A bid off the quick buttons made with the picker (its − and + buttons, the arrow keys,
    Enter), a number out of range brought back to the legal bids, and the hint followed: Hint
    sets the picker to the hinted bid and marks it, and its button sends that bid."""
    _open(page, voila_url, f"deal={HINT_DEAL}")
    picker = page.locator(f"{TABLE} .tk-moves .tk-picker-number")
    expect(picker).to_be_visible(timeout=STEP_TIMEOUT)
    name = tr("ultimate.view.bid_picker", "en")
    expect(picker).to_have_attribute("aria-label", name)
    field = picker.get_by_role("spinbutton", name=name, exact=True)
    less = picker.get_by_role("button", name=f"{tr('widgets.table.picker_less', 'en')}: {name}", exact=True)
    more = picker.get_by_role("button", name=f"{tr('widgets.table.picker_more', 'en')}: {name}", exact=True)
    send = picker.locator(".tk-picker-submit")
    quick = page.locator(f"{TABLE} .tk-moves > .tk-action-button").all_inner_texts()
    assert tr("ultimate.action.bid", "en", amount=4) not in quick and tr("ultimate.action.bid", "en", amount=6) not in quick
    expect(field).to_have_value("1")
    expect(less).to_have_attribute("aria-disabled", "true")
    for _ in range(3):
        more.click()
    expect(field).to_have_value("4")
    expect(send).to_have_text(tr("ultimate.action.bid", "en", amount=4))
    field.fill("75")  # beyond the highest bid: leaving the field brings it back to 60
    field.press("Tab")
    expect(field).to_have_value("60")
    expect(more).to_have_attribute("aria-disabled", "true")
    field.fill("4")
    field.press("ArrowUp")
    field.press("ArrowUp")
    less.click()
    less.click()
    field.press("ArrowUp")
    field.press("ArrowUp")
    expect(field).to_have_value("6")
    expect(send).to_have_text(tr("ultimate.action.bid", "en", amount=6))
    field.press("Enter")
    _bid_logged(page, 6)
    assert_no_error_text(page)

    # The same deal again: the hint is a bid that no quick button offers.
    type_deal_code(page, HINT_DEAL)
    expect(picker).to_be_visible(timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-log li")).to_have_count(0)
    page.locator(f"{TABLE} .tk-hint-button").click()
    marked = page.locator(f"{TABLE} .tk-moves .tk-picker.tk-mark-hint")
    expect(marked).to_have_count(1, timeout=STEP_TIMEOUT)
    # The hint says its move once, in the rules' words (its sentence ends "…: bid 7.").
    expect(page.locator(f"{TABLE} .tk-message")).to_contain_text(re.compile(r"\bbid 7\b", re.IGNORECASE))
    expect(field).to_have_value("7")
    expect(send).to_have_text(tr("ultimate.action.bid", "en", amount=7))
    expect(page.locator(f"{TABLE} .tk-moves > .tk-action-button.tk-mark-hint")).to_have_count(0)
    save_screenshot(page, "ultimate-bid-picker-hint")
    send.click()
    _bid_logged(page, 7)
    assert_no_error_text(page)
