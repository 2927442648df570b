"""Every Up or Down? lesson finished by clicking in the learn dashboard, opened from a teacher's
link (``learn.ipynb?game=up_or_down``): each watch step with Next, each "your turn" step by
making the move where it is made on the table (a hand card, a ring card, a column row and its
choice, a pile).
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT, TABLE

from tablekit.core.lessons import Lesson, LessonStep
from tablekit.games.up_or_down.lessons import LESSONS
from tablekit.i18n import tr
from tablekit.widgets.walkthrough import finished_text

pytestmark = pytest.mark.browser


def _counter(page: Page, step: int, total: int) -> None:
    expect(page.locator(f"{TABLE} .tk-lesson-step")).to_have_text(
        f"{tr('widgets.walk.step', 'en')} {step} / {total}", timeout=STEP_TIMEOUT)


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


def _finish(page: Page, index: int, lesson: Lesson, ways: set[str]) -> None:
    title = tr(lesson.title, "en")
    total = len(lesson.steps) + 1
    page.locator(f"{TABLE} .tk-lesson-select").select_option(str(index))
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(title, timeout=STEP_TIMEOUT)
    _counter(page, 1, total)
    message = page.locator(f"{TABLE} .tk-message")
    for k, step in enumerate(lesson.steps):
        expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(tr(step.narration, "en", **dict(step.params)))
        if step.your_turn:
            expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled()
            try:
                ways.add(_make_the_move(page, step))
                expect(message).to_have_text(tr("widgets.walk.well_done", "en"), timeout=STEP_TIMEOUT)
            except AssertionError as exc:
                raise AssertionError(f"step {k + 1} ({step.action}): {exc}; message: {message.all_inner_texts()}") from exc
        else:
            page.locator(f"{TABLE} .tk-next").click()
        _counter(page, k + 2, total)
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(finished_text(LESSONS, index, "en"))


def test_every_up_or_down_lesson_can_be_finished_by_clicking(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/learn.ipynb?game=up_or_down")
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(LESSONS[0].title, "en"), timeout=LOAD_TIMEOUT)
    options = page.locator(f"{TABLE} .tk-lesson-select option").all_inner_texts()
    assert options == [f"{i + 1}. {tr(lesson.title, 'en')}" for i, lesson in enumerate(LESSONS)]
    ways: set[str] = set()
    failures = []
    for index, lesson in enumerate(LESSONS):
        try:
            _finish(page, index, lesson, ways)
        except AssertionError as exc:
            save_screenshot(page, f"up-or-down-lesson-{index + 1:02d}-FAILED")
            failures.append(f"lesson {index + 1} ({tr(lesson.title, 'en')}): {str(exc)[:600]}")
    assert not failures, "\n".join(failures)
    # The learner's moves were made on the hand, the ring, a pile and the column rows.
    assert {"hand", "ring", "pile"} <= ways and ways & {"row", "choice"}, ways
    save_screenshot(page, "up-or-down-lessons-done")
    assert_no_error_text(page)
