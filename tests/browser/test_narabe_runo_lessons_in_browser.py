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
from tk_page import STEP_TIMEOUT, TABLE, finish_every_lesson

from tablekit.core.lessons import Lesson, LessonStep
from tablekit.games.narabe_runo.actions import Play, from_code
from tablekit.games.narabe_runo.lessons import LESSONS
from tablekit.games.narabe_runo.view import Frame

pytestmark = pytest.mark.browser


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


def test_every_narabe_runo_lesson_can_be_finished_by_clicking(page: Page, voila_url: str) -> None:
    ways = finish_every_lesson(page, voila_url, "narabe_runo", LESSONS,
                               lambda lesson, k, step: _make_the_move(page, lesson, k, step))
    # Moves were made on a cell alone and, for the wilds, through the cell's choice bar.
    assert ways == {"cell", "choice"}, ways
    save_screenshot(page, "narabe-runo-lessons-done")
    assert_no_error_text(page)
