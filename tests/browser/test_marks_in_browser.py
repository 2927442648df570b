"""One mark, one meaning, in Chromium at a projector's 1280x800: each mark of
``core.view.MARKS`` has its own frame and corner badge (told apart without colour), its meaning
in the card's accessible name, and a one-line legend beside the table lists the marks on it.

- Ultimate, won auction, the exchange: the kitty's five cards are "just received"; Hint marks
  exactly one card as the hint; the legend says both, in English and in Japanese.
- Up&Down's first lesson, the step "find the card lower than 85": every card of the hand looks
  alike and nothing is marked until a wrong choice, which marks the answer as the target.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Locator, Page, expect
from tk_page import (
    LOAD_TIMEOUT,
    STEP_TIMEOUT,
    TABLE,
    board_html,
    choose_language,
    open_play,
    play_table_views,
    wait_for_my_turn,
)

from tablekit.core.view import MARKS
from tablekit.games.up_and_down.lessons import LESSONS
from tablekit.i18n import tr

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 800}
MINE = f"{TABLE} .tk-hand.tk-mine .tk-card"
MOVES = f"{MINE}.tk-playable, {TABLE} .tk-action-button"
LEGEND = f"{TABLE} .tk-legend"


def marked(kind: str) -> str:
    """The places on the table with mark ``kind`` (not the legend's swatch of it)."""
    return f"{TABLE} .tk-mark-{kind}:not(.tk-legend-swatch)"


# What the page draws for each mark: the frame's border style and the badge's picture (shape,
# not colour, tells them apart).
LOOKS = """(els) => els.map((e) => {
  const frame = getComputedStyle(e, "::after"), badge = getComputedStyle(e, "::before");
  return [e.dataset.mark, frame.borderTopStyle, badge.backgroundImage];
})"""
FRAMES = {"hint": "solid", "target": "dotted", "last": "double", "received": "dashed"}


def assert_own_looks(looks: list[list[str]]) -> None:
    """Each mark drawn has its own frame style and its own badge picture (drawn, not a font's)."""
    frames = {mark: frame for mark, frame, _ in looks}
    badges = {mark: badge for mark, _, badge in looks}
    assert frames == {mark: FRAMES[mark] for mark in frames}, looks
    assert all(b.startswith('url("data:image/svg+xml') for b in badges.values()), looks
    assert len(set(badges.values())) == len(badges), looks
    assert all(len({(f, b) for m, f, b in looks if m == mark}) == 1 for mark in frames), looks


def _last_view(page: Page) -> dict[str, Any]:
    return play_table_views(widget_messages(page))[-1]


def _legend(page: Page) -> list[str]:
    marks: list[str] = page.locator(f"{LEGEND} .tk-legend-item").evaluate_all(
        "(els) => els.map((e) => e.dataset.mark)")
    return marks


def _looks(locator: Locator) -> list[list[str]]:
    looks: list[list[str]] = locator.evaluate_all(LOOKS)
    return looks


def test_kitty_and_hint_marks_with_their_legend(page: Page, voila_url: str) -> None:
    page.set_viewport_size(PROJECTOR)
    open_play(page, voila_url, "game=ultimate&preset=basic&players=4", "ultimate.title")
    # Win the auction: bid the highest bid offered until the bots drop out.
    state = wait_for_my_turn(page, None, playable=MOVES)
    for _ in range(12):
        view = _last_view(page)
        bids = [b for b in view["buttons"] if b["code"].startswith("bid:")]
        if state != "turn" or not bids:
            break
        board = board_html(page)
        page.locator(f'{TABLE} .tk-moves .tk-action-button[data-code="{bids[-1]["code"]}"]').click()
        state = wait_for_my_turn(page, board, playable=MOVES)
    # (The highest offered bid jumps ahead of the bots: they drop out, 40 deals out of 40 tried.)
    view = _last_view(page)
    assert state == "turn" and view["marks"] == ["received"], (state, view["prompt"], view["marks"])

    received = page.locator(f"{MINE}.tk-mark-received")
    expect(received).to_have_count(5)
    expect(page.locator(marked("hint"))).to_have_count(0)
    assert _legend(page) == ["received"]
    label = tr("widgets.table.mark_received", "en")
    assert all(name.endswith(f"({label})") for name in received.evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))"))

    page.locator(f"{TABLE} .tk-hint-button").click()
    hinted = page.locator(f"{MINE}.tk-mark-hint")
    expect(hinted).to_have_count(1, timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-message.tk-msg-hint")).to_be_visible()
    expect(page.locator(f"{TABLE} [data-mark]:not(.tk-legend-item):not(.tk-legend-swatch)")).to_have_count(
        1 + received.count())
    assert 4 <= received.count() <= 5  # the hinted card may be one of the five
    assert _legend(page) == ["hint", "received"]
    assert (hinted.get_attribute("aria-label") or "").endswith(f"({tr('widgets.table.mark_hint', 'en')})")
    # Each mark its own frame and badge; the legend's swatches look like the marks they explain.
    looks = _looks(page.locator(f"{MINE}[data-mark]"))
    assert {mark for mark, _, _ in looks} == {"hint", "received"}
    assert_own_looks(looks)
    by_mark = {mark: [frame, badge] for mark, frame, badge in looks}
    swatches = _looks(page.locator(f"{LEGEND} .tk-legend-swatch"))
    assert [x[1:] for x in swatches] == [by_mark["hint"], by_mark["received"]]  # the legend shows the same
    # The legend sits beside the table: it moves neither my hand nor Hint/Undo off the screen.
    for part in (LEGEND, f"{TABLE} .tk-hand.tk-mine", f"{TABLE} .tk-hint-button"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] + min(box["height"], 40) <= PROJECTOR["height"], (part, box)
    expect(page.locator(f"{LEGEND} .tk-legend-word")).to_have_text(
        [tr("widgets.table.mark_hint", "en"), tr("widgets.table.mark_received", "en")])
    save_screenshot(page, "marks-ultimate-kitty-hint-en")

    choose_language(page, "ja")
    expect(page.locator(f"{LEGEND} .tk-legend-word")).to_have_text(
        [tr("widgets.table.mark_hint", "ja"), tr("widgets.table.mark_received", "ja")], timeout=STEP_TIMEOUT)
    expect(page.locator(f"{MINE}.tk-mark-hint")).to_have_count(1)
    save_screenshot(page, "marks-ultimate-kitty-hint-ja")
    assert_no_error_text(page)


def test_find_the_card_step_marks_nothing_until_a_wrong_choice(page: Page, voila_url: str) -> None:
    lesson = LESSONS[0]
    your_turn = next(i for i, s in enumerate(lesson.steps) if s.your_turn)
    step = lesson.steps[your_turn]
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{voila_url}/voila/render/learn.ipynb?game=up_and_down&lesson={lesson.id}")
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(lesson.title, "en"), timeout=LOAD_TIMEOUT)
    hand = page.locator(f"{TABLE} .tk-hand.tk-current .tk-card")
    for k in range(your_turn):
        page.locator(f"{TABLE} .tk-next").click()
        expect(page.locator(f"{TABLE} .tk-lesson-step")).to_contain_text(f" {k + 2} /", timeout=STEP_TIMEOUT)
        if k == your_turn - 2:  # the watch step before: the card about to move is the target
            nxt = lesson.steps[your_turn - 1]
            expect(page.locator(marked("target"))).to_have_attribute("data-code", nxt.action)
            expect(page.locator(f"{TABLE} .tk-pile .tk-mark-last")).to_have_count(1)
            assert _legend(page) == ["target", "last"]
            save_screenshot(page, "marks-lesson-watch-step-en")
    expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_be_visible()
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(tr(step.narration, "en", **dict(step.params)))

    # Nothing gives the answer away: no target, no hint; every card of the hand looks alike.
    expect(page.locator(f"{marked('target')}, {marked('hint')}")).to_have_count(0)
    expect(page.locator(f"{TABLE} .tk-hand.tk-current .tk-card.tk-blocked")).to_have_count(0)
    assert hand.count() >= 3 and page.locator(f"{TABLE} .tk-hand.tk-current .tk-card.tk-playable").count() == hand.count()
    assert hand.evaluate_all("(els) => new Set(els.map((e) => getComputedStyle(e).outline)).size") == 1
    assert set(_legend(page)) <= {"last"}
    save_screenshot(page, "marks-lesson-find-the-card-en")

    # A wrong but legal choice: explained, and the answer is now marked as the target.
    wrong = next(a for a in _legal(lesson, your_turn) if a != step.action)
    hand.and_(page.locator(f'[data-code="{wrong}"]')).first.click()
    message = page.locator(f"{TABLE} .tk-message")
    expect(message).to_have_text(tr(step.wrong, "en", **dict(step.params)), timeout=STEP_TIMEOUT)
    target = page.locator(marked("target"))
    expect(target).to_have_count(1, timeout=STEP_TIMEOUT)
    expect(target).to_have_attribute("data-code", step.action)
    assert (target.get_attribute("aria-label") or "").endswith(f"({tr('widgets.table.mark_target', 'en')})")
    assert_own_looks(_looks(page.locator(f"{TABLE} [data-mark]:not(.tk-legend-item)")))
    assert _looks(target)[0][:2] == ["target", "dotted"]
    assert _legend(page)[0] == "target"
    save_screenshot(page, "marks-lesson-after-a-wrong-try-en")

    # The answer played: the step is done and the card is now the one played last.
    target.click()
    expect(message).to_have_text(tr("widgets.walk.well_done", "en"), timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-pile .tk-mark-last")).to_have_attribute("data-code", step.action)
    choose_language(page, "ja")
    expect(page.locator(f"{LEGEND} .tk-legend-word").last).to_have_text(tr("widgets.table.mark_last", "ja"),
                                                                       timeout=STEP_TIMEOUT)
    save_screenshot(page, "marks-lesson-done-ja")
    assert set(_legend(page)) <= set(MARKS)
    assert_no_error_text(page)


def _legal(lesson: Any, index: int) -> list[str]:
    """The legal moves at step ``index`` of ``lesson`` (its earlier steps played)."""
    match = lesson.start()
    for earlier in lesson.steps[:index]:
        if earlier.action is not None:
            match.play(earlier.action)
    return [a.code for a in match.legal_actions()]
