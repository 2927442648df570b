"""Every Ultimate lesson finished by clicking in the learn dashboard, opened from a teacher's link
(``learn.ipynb?game=ultimate``): each watch step with Next, each "your turn" step by making the
move on the table (a card to play or to lay aside, or a bid, trump or call button), as Page One's
lessons are (the steps are driven by ``test_page_one_lessons_in_browser``'s helpers).
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from test_page_one_lessons_in_browser import _finish_lesson
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT, TABLE

from tablekit.games.ultimate.lessons import LESSONS
from tablekit.i18n import tr

pytestmark = pytest.mark.browser


def ultimate_card(code: str) -> str | None:
    """The hand card an Ultimate move is made with: a play ("QS") or a discard ("discard:7H")."""
    if code.startswith("discard:"):
        return code.split(":", 1)[1]
    return code if len(code) == 2 and code[-1] in "SHDC" else None


def test_every_ultimate_lesson_can_be_finished_by_clicking(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/learn.ipynb?game=ultimate")
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(LESSONS[0].title, "en"), timeout=LOAD_TIMEOUT)
    options = page.locator(f"{TABLE} .tk-lesson-select option").all_inner_texts()
    assert options == [f"{i + 1}. {tr(lesson.title, 'en')}" for i, lesson in enumerate(LESSONS)]
    ways: set[str] = set()
    failures = []
    for index, lesson in enumerate(LESSONS):
        try:
            _finish_lesson(page, index, lesson, ways, lessons=LESSONS, card_of=ultimate_card)
        except AssertionError as exc:
            save_screenshot(page, f"ultimate-lesson-{index + 1:02d}-FAILED")
            failures.append(f"lesson {index + 1} ({tr(lesson.title, 'en')}): {str(exc)[:600]}")
    assert not failures, "\n".join(failures)
    assert {"card", "button"} <= ways, ways  # moves were made on cards and with buttons
    expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled(timeout=STEP_TIMEOUT)
    save_screenshot(page, "ultimate-lessons-done")
    assert_no_error_text(page)
