"""Accessibility of the play table in Chromium, on a 400 px wide phone-sized viewport: every card
and control has an accessible name, the table does not scroll sideways, and large cards work."""

from __future__ import annotations

import re

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import FloatRect, Page, expect
from tk_page import MY_CARDS, STEP_TIMEOUT, TABLE, open_dashboard

pytestmark = pytest.mark.browser

WIDTH = 400
NON_EMPTY = re.compile(r"\S")


def _no_sideways_scroll(page: Page) -> None:
    sizes = page.locator(TABLE).evaluate("(el) => [el.scrollWidth, el.clientWidth]")
    assert sizes[0] <= sizes[1] + 1, f"the table scrolls sideways: scrollWidth/clientWidth {sizes}"


def _cards_on_screen(page: Page) -> list[FloatRect]:
    boxes = []
    cards = page.locator(MY_CARDS)
    assert cards.count() == 5
    for i in range(cards.count()):
        expect(cards.nth(i)).to_be_visible()
        box = cards.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 0.5, box
        boxes.append(box)
    return boxes


def test_names_narrow_screen_and_large_cards(page: Page, voila_url: str) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 1500})
    open_dashboard(page, voila_url, "play")
    expect(page.locator(MY_CARDS).first).to_be_visible(timeout=STEP_TIMEOUT)

    # Every card, face up or down, says what it is.
    cards = page.locator(f"{TABLE} .tk-card")
    labels = cards.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label') || '')")
    assert len(labels) >= 5 + 3, labels  # my five cards and three hidden hands (one back each)
    assert all(label.strip() for label in labels), labels
    for i in range(page.locator(MY_CARDS).count()):
        expect(page.locator(MY_CARDS).nth(i)).to_have_accessible_name(NON_EMPTY)
    # Face-down cards are pictures, not buttons: nothing to click, nothing to read out.
    expect(page.locator(f"{TABLE} .tk-card.tk-back")).to_have_count(3)
    expect(page.locator(f"{TABLE} button.tk-back")).to_have_count(0)
    expect(page.locator(f"{TABLE} .tk-card.tk-back").first).to_have_accessible_name("Player 2: 5 × face-down card")
    # The card names itself once: its picture inside is hidden from screen readers.
    assert cards.evaluate_all(
        "(els) => els.every((e) => [...e.querySelectorAll('svg')].every((s) => s.getAttribute('aria-hidden') === 'true'))")

    # Every control of the table has an accessible name.
    controls = page.locator(f"{TABLE} button, {TABLE} input, {TABLE} select")
    assert controls.count() >= 8
    for i in range(controls.count()):
        expect(controls.nth(i)).to_have_accessible_name(NON_EMPTY)
    expect(page.locator(f"{TABLE} .tk-prompt")).to_have_attribute("role", "status")
    expect(page.locator(f"{TABLE} .tk-live")).to_have_attribute("aria-live", "polite")
    expect(page.locator(TABLE)).to_have_attribute("lang", "en")

    # A narrow screen: no sideways scrolling, my whole hand on screen.
    _no_sideways_scroll(page)
    small = _cards_on_screen(page)
    save_screenshot(page, "play-400px")

    # Large cards: the class is set and the cards grow, still without sideways scrolling.
    expect(page.locator(f"{TABLE}.tk-large")).to_have_count(0)
    page.locator(f"{TABLE} .tk-large-toggle").check()
    expect(page.locator(f"{TABLE}.tk-large")).to_have_count(1, timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-large-toggle")).to_be_checked()
    page.wait_for_timeout(300)  # the round trip through Python redraws the table once more
    expect(page.locator(f"{TABLE}.tk-large")).to_have_count(1)
    large = _cards_on_screen(page)
    assert large[0]["height"] >= 1.5 * small[0]["height"], (small[0], large[0])
    _no_sideways_scroll(page)
    save_screenshot(page, "play-400px-large")
    assert_no_error_text(page)
