"""Every Up or Down? lesson finished by clicking in the learn dashboard, opened from a teacher's
link (``learn.ipynb?game=up_or_down``): each watch step with Next, each "your turn" step by
making the move where it is made on the table (a hand card, a ring card, a column row and its
choice, a pile).
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page
from tk_page import TABLE, finish_every_lesson

from tablekit.core.lessons import LessonStep
from tablekit.games.up_or_down.lessons import LESSONS

pytestmark = pytest.mark.browser


def _make_the_move(page: Page, step: LessonStep) -> str:
    """Click where ``step.action`` is made; returns which part of the table it was."""
    code = step.action or ""
    kind, _, arg = code.partition(":")
    if kind == "play":
        page.locator(f'{TABLE} .tk-hand.tk-current .tk-card.tk-playable[data-code="{arg}"]').click()
        return "hand"
    if kind == "take":
        page.locator(f'{TABLE} .tk-ring .tk-ring-pos.tk-playable[data-code="{arg}"]').click()
        return "ring"
    if kind == "draw":
        page.locator(f'{TABLE} .tk-pile[data-zone="{arg}"] .tk-card.tk-playable').click()
        return "pile"
    row = "new" if kind == "new" else str(int(arg) - 1)
    page.locator(f'{TABLE} .tk-row-head[data-row="col-0-{row}"]').click()
    bar = page.locator(f"{TABLE} .tk-choose")
    if bar.count():
        offered = bar.locator(".tk-choice-button").evaluate_all("(els) => els.map((e) => e.dataset.code)")
        assert code in offered, f"{code} is not among the choices {offered}"
        bar.locator(f'.tk-choice-button[data-code="{code}"]').click()
        return "choice"
    return "row"


def test_every_up_or_down_lesson_can_be_finished_by_clicking(page: Page, voila_url: str) -> None:
    ways = finish_every_lesson(page, voila_url, "up_or_down", LESSONS, lambda lesson, k, step: _make_the_move(page, step))
    # The learner's moves were made on the hand, the ring, a pile and the column rows.
    assert {"hand", "ring", "pile"} <= ways and ways & {"row", "choice"}, ways
    save_screenshot(page, "up-or-down-lessons-done")
    assert_no_error_text(page)
