"""A game registered at run time is drawn and played in Chromium with no shared module changed.

The page ``tests/browser/toy_table.ipynb`` registers the test-only toy trick game
(``tests/toy_game.py``) in its own kernel and shows an ordinary ``PlayTable``; play_table.js
has never heard of it, yet draws its trick, pile, stock and hands and sends its moves.
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT, TABLE

pytestmark = pytest.mark.browser

MINE = f"{TABLE} .tk-hand.tk-mine"


def test_the_toy_game_plays_on_the_table(page: Page, toy_table_url: str) -> None:
    page.goto(toy_table_url)
    expect(page.locator(f"{TABLE} .tk-trick")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-title")).to_have_text("Toy tricks")
    expect(page.locator(f"{TABLE} .tk-trick .tk-trick-seat")).to_have_count(3)
    expect(page.locator(f"{MINE} .tk-card")).to_have_count(3)
    # The other hands stay face down: only their backs reach the page.
    expect(page.locator(f"{TABLE} .tk-hand:not(.tk-mine) .tk-back")).to_have_count(2)  # one back a hand
    assert page.locator(f"{TABLE} .tk-hand:not(.tk-mine) .tk-count").all_inner_texts() == ["×3", "×3"]
    playable = page.locator(f"{MINE} .tk-card.tk-playable")
    expect(playable).to_have_count(3)  # the leader may play any card

    code = playable.first.get_attribute("data-code")
    playable.first.click()
    # The two bots answer at once and the trick is won; if a bot won it, it leads the next.
    expect(page.locator(f"{MINE} .tk-card")).to_have_count(2, timeout=STEP_TIMEOUT)
    log = page.locator(f"{TABLE} .tk-log li")
    expect(log.first).to_have_text(f"Player 1 plays {code}.")
    expect(log.filter(has_text="wins the trick with")).to_have_count(1)
    expect(page.locator(f"{TABLE} .tk-trick .tk-trick-seat svg").first).to_be_visible()
    expect(page.locator(f"{TABLE} .tk-pile svg")).to_have_count(3)  # the won trick
    save_screenshot(page, "toy-game-trick")
    assert_no_error_text(page)
