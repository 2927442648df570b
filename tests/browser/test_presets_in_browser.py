"""Play dashboard in Chromium, the other ways to play Up&Down: the Mode is chosen in the page's
header and the Deal button deals it; each match is then played to its end screen by clicking.

- Carry-over (chips, ante and a pot; hands are secret): no other seat's card reaches the browser.
- Cul-de-sac (co-operative, open hands): the other hands are shown face up, and the hidden-card
  checker accepts them only because the rule makes them public.
- Solo (Cul-de-sac where one person plays every open hand): the seat to act is not always mine,
  and no bot moves.

The bots' delay is 0 (the table's speed slider), so a move is one round trip to the kernel.
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    CURRENT_PLAYABLE,
    MY_PLAYABLE,
    STEP_TIMEOUT,
    TABLE,
    assert_log_is_current,
    bots_at_full_speed,
    choose_preset,
    hidden_card_leaks,
    open_dashboard,
    play_table_views,
    play_until_over,
    press_deal,
    set_players,
)

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

OTHER_FACES = f"{TABLE} .tk-hand:not(.tk-mine) button.tk-card"  # face-up cards of other seats
OTHER_BACKS = f"{TABLE} .tk-hand:not(.tk-mine) .tk-back"
PLAYERS_BOX = "Players"


def _fast_play_page(page: Page, voila_url: str) -> None:
    """The play dashboard (Basic is dealt on load) with the bots' delay set to 0 ms."""
    open_dashboard(page, voila_url, "play")
    expect(page.locator(MY_PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
    bots_at_full_speed(page)


def _mode_title(mode: str) -> str:
    return f"{tr('up_and_down.title', 'en')} — {tr(f'up_and_down.label.mode.{mode}', 'en')}"


def _summary_shows(page: Page, players: int) -> None:
    summary = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(summary).to_be_visible()
    expect(summary.locator(".tk-summary-text")).not_to_be_empty()
    expect(summary.locator(".tk-revealed-hand")).to_have_count(players)  # every hand, face up
    expect(summary.locator(".tk-replay-button")).to_be_visible()
    expect(page.locator(f"{TABLE} .tk-playable")).to_have_count(0)
    assert_log_is_current(page)


def test_carry_over_match_from_the_header_keeps_other_hands_hidden(page: Page, voila_url: str) -> None:
    _fast_play_page(page, voila_url)
    choose_preset(page, "carry_over")
    # 4 players, the preset's number: fewer players make a carry-over match *longer*, not
    # shorter. Measured in Python when I always play my last playable card (as here): 4 players
    # need 25 of my moves (median of 1000 deals) and at most 85; 2 players up to 121 (200
    # deals). Always playing my first playable card, 4 players need up to 246. The longest of
    # the 1000 deals (UD-C4-3BD) plays in ~8.5 s here, a typical one in ~4 s.
    expect(page.get_by_label(PLAYERS_BOX, exact=True)).to_have_value("4")
    code = press_deal(page, "carry_over", 4)
    expect(page.locator(f"{TABLE} .tk-header .tk-title")).to_have_text(_mode_title("carry_over"))
    expect(page.locator(f'{TABLE} .tk-counter[data-zone="pot"]')).to_be_visible()
    expect(page.locator(f"{TABLE} .tk-hand").first.locator(
        ".tk-badge", has_text=tr("up_and_down.label.chips", "en"))).to_be_visible()
    expect(page.locator(OTHER_FACES)).to_have_count(0)  # secret hands: three seats of face-down cards
    # Each hand seen from behind is one small back with its count, in the side column.
    expect(page.locator(OTHER_BACKS)).to_have_count(3)
    assert page.locator(f"{TABLE} .tk-side-hands .tk-count").all_inner_texts() == ["×5"] * 3
    assert hidden_card_leaks(widget_messages(page)) == []

    def check(clicks: int) -> None:
        if clicks % 20 == 0:
            assert page.locator(OTHER_FACES).count() == 0, "another seat's card is face up"
            assert hidden_card_leaks(widget_messages(page)) == [], f"{code}: a hidden card reached the browser"

    clicks = play_until_over(page, last=True, max_clicks=200, every=check)
    _summary_shows(page, 4)
    expect(page.locator(f"{TABLE} .tk-summary .tk-summary-text")).to_contain_text("Player")
    save_screenshot(page, "play-carry-over-over")
    assert_no_error_text(page)

    messages = widget_messages(page)
    views = [v for v in play_table_views(messages) if v["title"] == _mode_title("carry_over")]
    assert len(views) > clicks and views[-1]["over"] is True
    assert sum(1 for v in views if "pot" in [z["id"] for z in v["zones"]]) == len(views)
    assert hidden_card_leaks(messages) == [], f"{code}: a hidden card reached the browser"


def test_cul_de_sac_with_three_open_hands_to_its_end(page: Page, voila_url: str) -> None:
    _fast_play_page(page, voila_url)
    choose_preset(page, "cul_de_sac")
    expect(page.get_by_label(PLAYERS_BOX, exact=True)).to_have_value("4")
    set_players(page, 3)  # the Players box reaches the deal
    code = press_deal(page, "cul_de_sac", 3)
    expect(page.locator(f"{TABLE} .tk-header .tk-title")).to_have_text(_mode_title("cul_de_sac"))
    expect(page.locator(f"{TABLE} .tk-hand")).to_have_count(3)
    # Open hands: the other seats' cards lie face up (five each: whoever plays draws, and
    # nobody can be out before the stock is drawn: that would end the game).
    expect(page.locator(OTHER_FACES)).to_have_count(10)
    expect(page.locator(OTHER_BACKS)).to_have_count(0)
    expect(page.locator(f"{TABLE} .tk-hand:not(.tk-mine) .tk-playable")).to_have_count(0)  # bots' cards

    clicks = play_until_over(page, max_clicks=60)
    assert clicks >= 1
    _summary_shows(page, 3)
    save_screenshot(page, "play-cul-de-sac-over")
    assert_no_error_text(page)

    # The checker accepts the open hands because the rule makes them public ...
    messages = widget_messages(page)
    assert hidden_card_leaks(messages) == [], code
    # ... and would flag them in a mode with secret hands.
    leaks = hidden_card_leaks(messages, open_hands=lambda view: False)
    assert any("shows" in p for p in leaks), leaks


def test_solo_plays_every_seat_to_the_end(page: Page, voila_url: str) -> None:
    _fast_play_page(page, voila_url)
    choose_preset(page, "solo")
    expect(page.get_by_label(PLAYERS_BOX, exact=True)).to_have_value("4")
    code = press_deal(page, "solo", 4)
    expect(page.locator(f"{TABLE} .tk-header .tk-title")).to_have_text(_mode_title("solo"))
    expect(page.locator(OTHER_BACKS)).to_have_count(0)
    assert page.locator(OTHER_FACES).count() == 15
    log_before = page.locator(f"{TABLE} .tk-log li").count()

    seats: list[str] = []  # the seat whose cards I clicked, move by move

    def note_seat(_clicks: int) -> None:
        current = page.locator(f"{TABLE} .tk-hand.tk-current")
        if current.count() and page.locator(CURRENT_PLAYABLE).count():
            seats.append(current.get_attribute("data-seat") or "")

    note_seat(0)
    clicks = play_until_over(page, playable=CURRENT_PLAYABLE, max_clicks=120, every=note_seat)
    _summary_shows(page, 4)
    save_screenshot(page, "play-solo-over")
    assert_no_error_text(page)

    # The lowest card opens, then play goes round: I moved for other seats than my own (no bot did).
    assert clicks == 1 or set(seats) - {"0"}, (code, seats)
    views = [v for v in play_table_views(widget_messages(page)) if v["title"] == _mode_title("solo")]
    assert len(views) == clicks + 1, f"{code}: one view per move, none from a bot ({len(views)} views)"
    assert page.locator(f"{TABLE} .tk-log li").count() >= min(40, log_before + clicks)
    assert hidden_card_leaks(widget_messages(page)) == [], code
