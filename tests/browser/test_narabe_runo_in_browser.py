"""並べRUNO in Chromium, played by clicking on the play dashboard: a whole two-player game in which
every card is laid by clicking a hand card and then a lit board cell (by mouse on some turns, by
keyboard on others), a wild's colour is picked from the bar that the cell opens, and a card no
cell takes is discarded from the bar, to the end-of-game reveal. No hidden card (other hands,
the draw pile, the face-down scoring cards, captured cards) reaches the browser before the end.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import TABLE, board_html, open_play, play_again, play_table_views, press, wait_for_my_turn


pytestmark = pytest.mark.browser

HAND = f"{TABLE} .tk-hand.tk-mine .tk-card.tk-playable"
PASS = f"{TABLE} .tk-buttons button, {TABLE} .tk-action-button"
TARGETS = f"{TABLE} .tk-grid button.tk-choice-target"
BAR = f"{TABLE} .tk-choose .tk-choice-button"


def _move(page: Page, keyboard: bool, seen: dict[str, int]) -> None:
    """One turn: a hand card, then a lit cell (and, where the cell takes the card in several
    ways, one of them from the bar); with no lit cell, the card's discard from the bar."""
    cards = page.locator(HAND)
    if not cards.count():
        seen["pass"] = seen.get("pass", 0) + 1
        press(page.locator(PASS).first, keyboard)
        return
    # Prefer a card some cell takes: try the cards in turn.
    for i in range(cards.count()):
        press(cards.nth(i), keyboard)
        targets = page.locator(TARGETS)
        if targets.count():
            cell = targets.first
            press(cell, keyboard)
            bar = page.locator(BAR)
            if bar.count():
                # The cell takes the card in several ways: the bar now offers only those.
                codes = bar.evaluate_all("(els) => els.map((e) => e.dataset.code)")
                assert codes and all(c.startswith("play:") for c in codes), codes
                seen["ways"] = seen.get("ways", 0) + 1
                press(bar.first, keyboard)
            seen["cell"] = seen.get("cell", 0) + 1
            return
        page.locator(f"{TABLE} .tk-cancel").click()
    # No card goes on the board: discard the first one from its bar.
    press(cards.first, keyboard)
    discard = page.locator(f'{BAR}[data-code^="discard:"]').first
    seen["discard"] = seen.get("discard", 0) + 1
    press(discard, keyboard)


def _leaks(views: list[dict[str, Any]]) -> list[str]:
    """Other hands and the scoring cards never show a face while the game goes on."""
    problems = []
    for i, view in enumerate(views):
        if view.get("teaching") or view.get("over"):
            continue
        for zone in view["zones"]:
            if zone.get("kind") == "hand" and zone.get("owner") != view.get("viewer") and zone.get("cards"):
                problems.append(f"view {i}: {zone['id']} shows cards")
            if zone.get("kind") == "grid":
                for cell in zone["cells"]:
                    if cell.get("sign") == "score" and cell.get("card") and cell["card"].get("face"):
                        problems.append(f"view {i}: a scoring card shows its face")
            if zone.get("id") == "draw" and any(c.get("face") for c in zone.get("cards", [])):
                problems.append(f"view {i}: the draw pile shows a face")
    return problems


def test_a_whole_game_by_clicking_cells(page: Page, voila_url: str) -> None:
    open_play(page, voila_url, "game=narabe_runo&preset=small_board&players=2", "narabe_runo.title")
    board = page.locator(f"{TABLE} .tk-grid")
    expect(board).to_have_count(1)
    # The board: the start card, four face-down scoring cards, the cells outside the area void.
    expect(page.locator(f"{TABLE} .tk-grid .tk-sign-score")).to_have_count(4)
    assert page.locator(f"{TABLE} .tk-grid .tk-void").count() > 0
    seen: dict[str, int] = {}
    moves = games = 0
    playable = f"{HAND}, {PASS}"
    state = wait_for_my_turn(page, None, playable=playable)
    # Deals are random: one may stall after a few discards, so play on with "Play again" until
    # at least three cards were laid by clicking cells (at most four games).
    while games < 4:
        while state == "turn" and moves < 300:
            before = board_html(page)
            _move(page, keyboard=(moves // 3) % 2 == 1, seen=seen)
            moves += 1
            if moves == 6:
                save_screenshot(page, "narabe-runo-play")
            state = wait_for_my_turn(page, before, playable=playable)
        assert state == "over", f"no end of the game after {moves} moves"
        games += 1
        if seen.get("cell", 0) >= 3:
            break
        play_again(page)
        state = wait_for_my_turn(page, None, playable=playable)
    assert seen.get("cell", 0) >= 3, seen
    summary = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(summary.locator(".tk-summary-text")).not_to_be_empty()
    expect(summary.locator(".tk-revealed-hand")).to_have_count(2)
    expect(summary.locator(".tk-standings tr")).to_have_count(2)
    assert _leaks(play_table_views(widget_messages(page))) == []
    save_screenshot(page, "narabe-runo-game-over")
    assert_no_error_text(page)


def test_the_board_fits_a_laptop_screen_and_names_its_cells(page: Page, voila_url: str) -> None:
    """The large board zooms to fit a 1280 px wide window; every cell has a label for screen
    readers, the start card and the scoring cards say what they are, and each colour carries a
    letter as well."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_play(page, voila_url, "game=narabe_runo&preset=large_board&players=3", "narabe_runo.title")
    grid = page.locator(f"{TABLE} .tk-grid")
    expect(grid).to_have_count(1)
    box = grid.bounding_box()
    zone = page.locator(f'{TABLE} [data-zone="board"]').bounding_box()
    assert box and zone and box["width"] <= zone["width"] + 1, (box, zone)
    # Thirteen rows of cells (and a row of column names), zoomed so that the whole board takes
    # at most 60% of the window's height: the hand stays in reach.
    assert box["height"] <= 0.6 * 800 + 30, box
    labels = page.locator(f"{TABLE} .tk-grid .tk-cell:not(.tk-void)").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert labels and all(labels), "every cell of the area has a label"
    assert sum("scoring card" in label for label in labels) == 8
    assert any(label.startswith("Start card") for label in labels)
    svg = page.locator(f"{TABLE} .tk-grid .tk-sign-start svg, {TABLE} .tk-grid .tk-sign-anchor svg").first.inner_html()
    assert any(f">{letter}<" in svg for letter in "RYGB"), "the start card prints its colour's letter"
    # Column names along the top and row names down the side, as prompts and buttons name cells
    # ("(-2,0)"): each named cell sits under its column's name and beside its row's name.
    xs = page.locator(f"{TABLE} .tk-grid .tk-axis-x").all_inner_texts()
    ys = page.locator(f"{TABLE} .tk-grid .tk-axis-y").all_inner_texts()
    assert xs == [str(x) for x in range(-6, 7)] and ys == [str(y) for y in range(-6, 7)], (xs, ys)
    named = page.locator(f"{TABLE} .tk-grid .tk-cell:not(.tk-void)").evaluate_all(
        """(els) => els.map((e) => { const r = e.getBoundingClientRect();
             return [e.getAttribute('aria-label'), r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; })""")
    axis = page.locator(f"{TABLE} .tk-grid .tk-axis").evaluate_all(
        """(els) => els.map((e) => { const r = e.getBoundingClientRect();
             return [e.classList.contains('tk-axis-x') ? 'x' : 'y', e.textContent, r.left + r.width / 2, r.top + r.height / 2]; })""")
    centre = {(kind, text): (x, y) for kind, text, x, y in axis}
    checked = 0
    for label, x, y, width, height in named:
        found = re.search(r"\((-?\d+),(-?\d+)\)", label)
        if found:
            assert abs(centre[("x", found[1])][0] - x) < width / 2, (label, found[1])
            assert abs(centre[("y", found[2])][1] - y) < height / 2, (label, found[2])
            checked += 1
    assert checked > 100, checked
    save_screenshot(page, "narabe-runo-large-board")
    assert_no_error_text(page)
