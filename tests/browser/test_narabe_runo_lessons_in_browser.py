"""Every 並べRUNO lesson finished by clicking in the learn dashboard, opened from a teacher's
link (``learn.ipynb?game=narabe_runo``): each watch step with Next, each "your turn" step by
making the move where it is made on the table: the hand card, then the board cell it goes to,
then (where that cell takes the card in several ways, such as a wild's four colours) the button
of the wanted way in the choice bar.
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT, TABLE

from tablekit.core.lessons import Lesson, LessonStep
from tablekit.games.narabe_runo.actions import Play, from_code
from tablekit.games.narabe_runo.lessons import LESSONS
from tablekit.games.narabe_runo.view import Frame
from tablekit.i18n import tr
from tablekit.widgets.walkthrough import finished_text

pytestmark = pytest.mark.browser


def _counter(page: Page, step: int, total: int) -> None:
    expect(page.locator(f"{TABLE} .tk-lesson-step")).to_have_text(
        f"{tr('widgets.walk.step', 'en')} {step} / {total}", timeout=STEP_TIMEOUT)


def _ways_at(lesson: Lesson, index: int, move: Play) -> list[str]:
    """The legal codes that lay the same card on the same cell at step ``index`` (a wild's colours,
    or two anchors next to one cell)."""
    match = lesson.start()
    for step in lesson.steps[:index]:
        if step.action is not None:
            match.play(step.action)
    return [a.code for a in match.legal_actions()
            if isinstance(a, Play) and a.card == move.card and a.cell == move.cell]


def _make_the_move(page: Page, lesson: Lesson, index: int, step: LessonStep) -> str:
    """Click the hand card, then its cell (and the wanted way when the cell offers several);
    returns "cell" or "choice"."""
    code = step.action or ""
    move = from_code(code)
    assert isinstance(move, Play), f"the lessons' your-turn moves are plays ({code})"
    page.locator(f'{TABLE} .tk-hand.tk-current .tk-card.tk-playable[data-code="{move.card}"]').first.click()
    x, y = Frame(lesson.make_game()).at(move.cell)
    cell = page.locator(f'{TABLE} .tk-grid-zone button.tk-cell.tk-choice-target[data-x="{x}"][data-y="{y}"]')
    expect(cell).to_be_visible(timeout=STEP_TIMEOUT)
    cell.click()
    ways = _ways_at(lesson, index, move)
    if len(ways) == 1:
        return "cell"
    bar = page.locator(f"{TABLE} .tk-choose")
    expect(bar).to_be_visible(timeout=STEP_TIMEOUT)
    offered = bar.locator(".tk-choice-button").evaluate_all("(els) => els.map((e) => e.dataset.code)")
    assert code in offered, f"{code} is not among the choices {offered}"
    bar.locator(f'.tk-choice-button[data-code="{code}"]').click()
    return "choice"


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
                ways.add(_make_the_move(page, lesson, k, step))
                expect(message).to_have_text(tr("widgets.walk.well_done", "en"), timeout=STEP_TIMEOUT)
            except AssertionError as exc:
                raise AssertionError(f"step {k + 1} ({step.action}): {exc}; message: {message.all_inner_texts()}") from exc
        else:
            page.locator(f"{TABLE} .tk-next").click()
        _counter(page, k + 2, total)
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(finished_text(LESSONS, index, "en"))


def test_every_narabe_runo_lesson_can_be_finished_by_clicking(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/learn.ipynb?game=narabe_runo")
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(LESSONS[0].title, "en"), timeout=LOAD_TIMEOUT)
    options = page.locator(f"{TABLE} .tk-lesson-select option").all_inner_texts()
    assert options == [f"{i + 1}. {tr(lesson.title, 'en')}" for i, lesson in enumerate(LESSONS)]
    ways: set[str] = set()
    failures = []
    for index, lesson in enumerate(LESSONS):
        try:
            _finish(page, index, lesson, ways)
        except AssertionError as exc:
            save_screenshot(page, f"narabe-runo-lesson-{index + 1:02d}-FAILED")
            failures.append(f"lesson {index + 1} ({tr(lesson.title, 'en')}): {str(exc)[:600]}")
    assert not failures, "\n".join(failures)
    # Moves were made on a cell alone and, for the wilds, through the cell's choice bar.
    assert ways == {"cell", "choice"}, ways
    save_screenshot(page, "narabe-runo-lessons-done")
    assert_no_error_text(page)
