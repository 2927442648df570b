"""The strongest opponent in Chromium: the play dashboard offers the search bot in its opponents
menu, a learner picks it and deals, and the bots that search play on until the learner's turn
comes round again, move after move, with no hidden card reaching the browser.

How long a search move takes is measured in ``bench/search_strength.py`` (not asserted here).
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, widget_messages
from playwright.sync_api import Page
from tk_page import (
    STEP_TIMEOUT,
    board_html,
    hidden_card_leaks,
    log_received,
    open_fast_play,
    play_first_playable,
    press_deal,
    set_players,
    wait_for_my_turn,
)

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

MOVES = 4  # my moves: each waits for the search bots' replies


def test_a_learner_plays_against_the_search_bot(page: Page, voila_url: str) -> None:
    open_fast_play(page, voila_url)
    opponents = page.locator(".tk-dash-bar select").and_(page.get_by_label(tr("widgets.dash.bots", "en"), exact=True))
    label = tr("widgets.stats.bot.search", "en")
    index = opponents.evaluate(r"(el, label) => Array.from(el.options).findIndex("
                               r"(o) => o.textContent.replace(/\u00a0/g, ' ') === label)", label)
    assert index >= 0, f"the opponents menu does not offer {label!r}"
    opponents.select_option(index=index)
    set_players(page, 2)
    press_deal(page, "basic", 2)

    state = wait_for_my_turn(page, None)
    moves = 0
    while state == "turn" and moves < MOVES:
        board = board_html(page)
        play_first_playable(page)
        moves += 1
        state = wait_for_my_turn(page, board, timeout=3 * STEP_TIMEOUT)
    assert moves == MOVES or state in ("round", "over"), f"the table stopped: {state}"
    # The other seat is played by the search bot: it has moved after each of my moves.
    assert sum(line.startswith("Player 2 ") for line in log_received(page)) >= moves - 1
    assert_no_error_text(page)
    assert hidden_card_leaks(widget_messages(page)) == []
