"""Up or Down? in Chromium, played by clicking on the play dashboard: a whole two-player game, every
part of a turn (a hand card into the ring, a ring card to take, a column row to place it, a pile
to draw from) done with the mouse on some turns and with the keyboard (focus, Enter) on the
others, to the end-of-game summary with every score worked out. No hidden card reaches the
browser meanwhile; the ring shows its wrap mark and lights the two neighbours of the card just
played; the columns show their direction and the next bound.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import STEP_TIMEOUT, TABLE, board_html, open_play, play_table_views, press, wait_for_my_turn

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

# Where my moves are, in the order of the parts of a turn.
HAND = f"{TABLE} .tk-hand.tk-mine .tk-card.tk-playable"
RING = f"{TABLE} .tk-ring .tk-ring-pos.tk-playable"
ROWS = f"{TABLE} .tk-columns-zone .tk-row-head.tk-playable"
PILES = f"{TABLE} .tk-pile .tk-card.tk-playable"
MOVES = ", ".join((HAND, RING, ROWS, PILES))


def _move(page: Page, keyboard: bool, seen: dict[str, int]) -> None:
    """One part of my turn, by mouse or by keyboard; a row with several choices opens the choice
    bar, where the first choice is taken the same way."""
    for name, selector in (("hand", HAND), ("ring", RING), ("row", ROWS), ("pile", PILES)):
        target = page.locator(selector).first
        if target.count():
            if name == "ring":
                # The two neighbours of the card just played are lit while it is taken back.
                assert page.locator(f"{TABLE} .tk-ring-pos.tk-lit").count() == 2
                if "why" not in seen:
                    # A ring card that may not be taken says why not (here: the card just played,
                    # or one that is not a neighbour), and nothing moves.
                    seen["why"] = 1
                    board = board_html(page)
                    page.locator(f"{TABLE} .tk-ring-pos:not(.tk-playable)").first.click()
                    expect(page.locator(f"{TABLE} .tk-message")).to_contain_text(
                        re.compile(r"you just played|does not lie next to"), timeout=STEP_TIMEOUT)
                    assert board_html(page) == board
            seen[name] = seen.get(name, 0) + 1
            press(target, keyboard)
            bar = page.locator(f"{TABLE} .tk-choose .tk-choice-button")
            if name == "row" and bar.count():
                seen["choice"] = seen.get("choice", 0) + 1
                press(bar.first, keyboard)
            return
    raise AssertionError("my turn, but nothing to click")


def _hidden_cards_seen(views: list[dict[str, Any]]) -> list[str]:
    """Other seats' hands and the face-down pile never show a face while the game goes on."""
    problems = []
    for i, view in enumerate(views):
        if view.get("teaching"):
            continue
        for zone in view["zones"]:
            if zone.get("kind") == "hand" and zone.get("owner") != view.get("viewer") and zone.get("cards"):
                problems.append(f"view {i}: {zone['id']} shows cards")
            if zone.get("id") == "down" and any(c.get("face") for c in zone.get("cards", [])):
                problems.append(f"view {i}: the face-down pile shows a face")
            if zone.get("id") == "up" and len(zone.get("cards", [])) > 1:
                problems.append(f"view {i}: the face-up pile shows more than its top card")
    return problems


def test_a_whole_game_by_mouse_and_keyboard(page: Page, voila_url: str) -> None:
    open_play(page, voila_url, "game=up_or_down&preset=base&players=2", "up_or_down.title")
    expect(page.locator(f"{TABLE} .tk-wrap-mark")).to_have_count(1)
    seen: dict[str, int] = {}
    moves = 0
    state = wait_for_my_turn(page, None, playable=MOVES)
    while state == "turn" and moves < 400:
        board = board_html(page)
        _move(page, keyboard=(moves // 4) % 2 == 1, seen=seen)
        moves += 1
        state = wait_for_my_turn(page, board, playable=MOVES)
        if moves == 12:
            save_screenshot(page, "up-or-down-play")
            bounds = page.locator(f"{TABLE} .tk-columns-zone .tk-bound").all_inner_texts()
            assert any(re.match(r"next: (above|below) \d+|next: any card", b) for b in bounds), bounds
    assert state == "over", f"no end of the game after {moves} moves"
    # 48 turns in a two-player game, half of them mine: play, take, place, and draw while the
    # piles last; every part was done by mouse and by keyboard.
    assert moves >= 24 * 3
    assert {"hand", "ring", "row", "pile", "why"} <= set(seen), seen
    summary = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(summary.locator(".tk-summary-text")).not_to_be_empty()
    expect(summary.locator(".tk-revealed-hand")).to_have_count(2)
    expect(summary.locator(".tk-standings tr")).to_have_count(2)
    # Every total is worked out column by column, and each column shows its product.
    worked = summary.locator(".tk-revealed-hand .tk-worked").all_inner_texts()
    scores = [int(s) for s in summary.locator(".tk-standings td").all_inner_texts() if s.strip().lstrip("-").isdigit()]
    assert len(worked) == 2 and all(w.startswith("Column 1") for w in worked), worked
    assert sorted(int(w.rsplit("= ", 1)[1]) for w in worked) == sorted(scores), (worked, scores)
    products = summary.locator(".tk-revealed-pile .tk-worked").all_inner_texts()
    assert products and all(re.match(r"\d+ × \d+ \S.* = \d+", p) for p in products), products
    assert _hidden_cards_seen(play_table_views(widget_messages(page))) == []
    save_screenshot(page, "up-or-down-game-over")
    assert_no_error_text(page)


def test_a_variant_game_shows_its_scoring_and_colours(page: Page, voila_url: str) -> None:
    """A Greenhorn game: the scoring counter says the green table is provisional, and each card
    carries its colour's letter for readers who cannot tell the colours apart."""
    open_play(page, voila_url, "game=up_or_down&preset=greenhorn&players=3", "up_or_down.title")
    # On my turn the ring holds its six cards (a bot who began may be between its play and take).
    assert wait_for_my_turn(page, None, playable=HAND) == "turn"
    scoring = page.locator(f'{TABLE} [data-zone="scoring"]')
    expect(scoring).to_contain_text("Greenhorn")
    expect(scoring).to_contain_text(tr("up_or_down.view.provisional", "en"))
    labels = page.locator(f"{TABLE} .tk-ring .tk-ring-pos").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert len(labels) == 6 and all(re.search(r", \S.* [YRBPVG]$", label) for label in labels), labels
    svg = page.locator(f"{TABLE} .tk-ring .tk-ring-pos svg").first.inner_html()
    assert re.search(r">[YRBPVG]<", svg), "each card prints its colour's letter"
    assert_no_error_text(page)
