"""Play dashboard in Chromium: a whole round of American Page One by clicking (cards, the choices
a card asks for, and the move buttons), with no other seat's card ever reaching the browser.

The header's Game dropdown switches to Page One (Classic, 4 seats) and Deal deals it; the bots'
delay is set to 0 from the speed slider. A round is ~10-40 of my moves.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    LOAD_TIMEOUT, MY_PLAYABLE, STEP_TIMEOUT, TABLE, bots_at_full_speed, open_dashboard, play_page_one_round,
    play_table_views,
)

from tablekit.i18n import tr
from tablekit.widgets.labels import game_label

pytestmark = pytest.mark.browser

MAX_CLICKS = 300
ROUND_BUDGET = 120.0  # seconds
CARD = r"(?:[A2-9TJQK][SHDC]|JK)"
# A Page One card or play code: "7H", "8S:H!", "KC+KH"; the cards it names are group 1.
PLAY_CODE = re.compile(rf"^({CARD}(?:\+{CARD})*)(?::[SHDC])?!?$")


def _codes(value: Any) -> Iterable[str]:
    """Every card named by a "code" anywhere in a JSON value (faces, actions, choices)."""
    if isinstance(value, dict):
        code = value.get("code")
        if isinstance(code, str):
            match = PLAY_CODE.match(code)
            if match:
                yield from match.group(1).split("+")
        for item in value.values():
            yield from _codes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _codes(item)


def page_one_leaks(messages: list[dict[str, Any]], viewer: int = 0) -> list[str]:
    """What the browser received that seat ``viewer`` may not see (``tk_page.hidden_card_leaks``
    for Page One's codes): public are the viewer's hand and the discard pile, accumulated over
    the current round; every other hand must be a face-down count until the round's summary
    reveals them all."""
    problems: list[str] = []
    public: set[str] = set()
    game = None
    for index, item in enumerate(messages):
        state = item.get("state") or {}
        view = state.get("view")
        if isinstance(view, dict) and isinstance(view.get("zones"), list):
            key = (view.get("title"), view.get("subtitle"))
            if key != game:
                game, public = key, set()
            for zone in view["zones"]:
                cards = zone.get("cards") or []
                codes = {c["face"]["code"] for c in cards if c.get("face")}
                if zone.get("kind") == "pile" or (zone.get("kind") == "hand" and zone.get("owner") == viewer):
                    public |= codes
                elif zone.get("kind") == "hand":
                    if cards:
                        problems.append(f"message {index}: {zone.get('id')} shows {sorted(codes)}")
                    if not isinstance(zone.get("hidden"), int):
                        problems.append(f"message {index}: {zone.get('id')} has no face-down count")
        # Once a round is over its summary shows every hand (the scores come from them).
        revealed = set(_codes(view.get("round_end") or {})) if isinstance(view, dict) else set()
        unseen = set(_codes(state)) - public - revealed
        if unseen:
            problems.append(f"message {index}: cards not public in {game}: {sorted(unseen)}")
    return problems


def _choose_page_one(page: Page) -> None:
    """Pick Page One in the header's Game dropdown and press Deal."""
    select = page.get_by_label(tr("widgets.dash.game", "en"), exact=True)
    label = game_label("page_one", "en")
    index = select.evaluate(r"(el, label) => Array.from(el.options).findIndex("
                            r"(o) => o.textContent.replace(/\u00a0/g, ' ') === label)", label)
    assert index >= 0, f"no Game {label!r} in the header"
    select.select_option(index=index)
    page.locator(".tk-dash-bar button.widget-button", has_text=tr("widgets.dash.deal", "en")).click()
    expect(page.locator(f"{TABLE} .tk-title")).to_contain_text(tr("page_one.title", "en"), timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-deal-code")).to_have_count(0)  # the code stays hidden during play


def test_a_round_of_page_one_by_clicking_keeps_other_hands_hidden(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "play")
    expect(page.locator(TABLE)).to_be_visible(timeout=LOAD_TIMEOUT)
    bots_at_full_speed(page)
    _choose_page_one(page)
    expect(page.locator(f"{TABLE} .tk-counter[data-zone='stock']")).to_be_visible()
    expect(page.locator(f"{TABLE} .tk-counter[data-zone='suit']")).to_contain_text(re.compile("[♠♥♦♣] [a-z]+"))
    expect(page.locator(f"{TABLE} .tk-counter[data-zone='direction']")).to_contain_text("clockwise")

    clicks, _refusal = play_page_one_round(page, ROUND_BUDGET, MAX_CLICKS)

    # The end of the round: who won and why, every hand face up with its score worked out card by
    # card, the standings, Play again, and the deal code now that the round is played out.
    summary = page.locator(f"{TABLE} .tk-summary.tk-final")
    expect(summary).to_be_visible()
    expect(summary.locator(".tk-summary-text")).to_contain_text("Player")
    expect(summary.locator(".tk-revealed-hand")).to_have_count(4)
    expect(summary.locator(".tk-standings tr")).to_have_count(4)
    expect(summary.locator(".tk-play-again")).to_be_visible()
    expect(summary.locator(".tk-deal-code")).to_have_text(re.compile(r"^PO-C4-[0-9A-F]+$"))
    final = play_table_views(widget_messages(page))[-1]["round_end"]
    for hand in final["hands"]:
        faces = [c["face"]["code"] for c in hand["cards"]]
        shown = summary.locator(f'.tk-revealed-hand[data-seat="{hand["owner"]}"]')
        assert shown.locator(".tk-card").evaluate_all("(els) => els.map((e) => e.dataset.code)") == faces
        if faces:  # the worked line names each card's points: a class can check the sum
            expect(shown.locator(".tk-worked")).to_have_text(hand["worked"])
    expect(page.locator(MY_PLAYABLE)).to_have_count(0)
    save_screenshot(page, "play-page-one-over")
    assert_no_error_text(page)
    assert not page.locator(f"{TABLE} .tk-msg-problem").count()

    messages = widget_messages(page)
    views = [v for v in play_table_views(messages) if str(v.get("title", "")).startswith(tr("page_one.title", "en"))]
    assert len(views) >= clicks and views[-1]["over"] is True
    assert page_one_leaks(messages) == [], "a hidden card reached the browser"

    # The checker can fail: open hands (teaching mode) send the other hands, and it sees them.
    page.locator(f"{TABLE} .tk-teaching").check()
    expect(page.locator(f"{TABLE} .tk-hand:not(.tk-mine) button.tk-card").first).to_be_visible(
        timeout=STEP_TIMEOUT)
    leaks = page_one_leaks(widget_messages(page))
    assert any("shows" in p for p in leaks), leaks
    assert_no_error_text(page)
