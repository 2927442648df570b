"""Learn dashboard in Chromium: every Up&Down lesson in the lesson menu can be finished.

For each lesson: open it from the menu, press Next through its steps and, on each "your turn"
step, make the move the step teaches by clicking the card (for a Shot, the Shot card and then the
named player's target button), as a learner does. The last step says the lesson is complete.
Then "Show me" is checked once: it makes the expected move for the learner.

The lessons share one page (a page load costs ~3 s); a failing lesson is recorded and the next
one is opened from the menu, so one report names every lesson that fails.
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from tk_page import STEP_TIMEOUT, TABLE, open_dashboard

from tablekit.core.lessons import Lesson, LessonStep
from tablekit.games.up_and_down.lessons import LESSONS
from tablekit.i18n import tr
from tablekit.widgets.walkthrough import finished_text

pytestmark = pytest.mark.browser

CURRENT = f"{TABLE} .tk-hand.tk-current"


def _counter(page: Page, step: int, total: int) -> None:
    expect(page.locator(f"{TABLE} .tk-lesson-step")).to_have_text(
        f"{tr('widgets.walk.step', 'en')} {step} / {total}", timeout=STEP_TIMEOUT)


def _make_the_move(page: Page, step: LessonStep) -> None:
    """Click the card of ``step.action`` in the hand of the seat to act ("S2": Shot, then seat 2)."""
    code = step.action or ""
    card = code[0] if code.startswith("S") else code
    # (a hand may hold two of a special card: either one is the move)
    page.locator(f'{CURRENT} .tk-card.tk-playable[data-code="{card}"]').first.click()
    if code.startswith("S"):
        target = page.locator(f'{TABLE} .tk-target-button[data-target="{code[1:]}"]')
        expect(target).to_be_visible(timeout=STEP_TIMEOUT)
        target.click()


def _finish_lesson(page: Page, index: int, lesson: Lesson) -> None:
    title = tr(lesson.title, "en")
    total = len(lesson.steps) + 1
    page.locator(f"{TABLE} .tk-lesson-select").select_option(str(index))
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(title, timeout=STEP_TIMEOUT)
    _counter(page, 1, total)
    message = page.locator(f"{TABLE} .tk-message")
    for k, step in enumerate(lesson.steps):
        narration = page.locator(f"{TABLE} .tk-narration")
        expect(narration).to_have_text(tr(step.narration, "en", **dict(step.params)))
        if step.your_turn:
            expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_be_visible()
            expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled()
            expect(page.locator(f"{TABLE} .tk-show")).to_be_visible()
            _make_the_move(page, step)
            expect(message).to_have_text(tr("widgets.walk.well_done", "en"), timeout=STEP_TIMEOUT)
        else:
            expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_have_count(0)
            page.locator(f"{TABLE} .tk-next").click()
        _counter(page, k + 2, total)
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(
        finished_text(LESSONS, index, "en"))
    expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled()
    expect(page.locator(f"{TABLE} .tk-show")).to_have_count(0)
    save_screenshot(page, f"learn-lesson-{index + 1:02d}-complete")
    assert_no_error_text(page)


def test_every_lesson_can_be_finished_by_clicking(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "learn")
    select = page.locator(f"{TABLE} .tk-lesson-select")
    expect(select).to_be_visible(timeout=STEP_TIMEOUT)
    options = select.locator("option").all_inner_texts()
    assert options == [f"{i + 1}. {tr(lesson.title, 'en')}" for i, lesson in enumerate(LESSONS)]
    assert len(options) == 12

    failures = []
    for index, lesson in enumerate(LESSONS):
        try:
            _finish_lesson(page, index, lesson)
        except (AssertionError, PlaywrightError) as exc:
            save_screenshot(page, f"learn-lesson-{index + 1:02d}-FAILED")
            failures.append(f"lesson {index + 1} ({tr(lesson.title, 'en')}): {str(exc)[:600]}")
    assert not failures, "\n\n".join(failures)


def test_show_me_makes_the_expected_move(page: Page, voila_url: str) -> None:
    index = 3  # Shot: "Show me" has to name the target too
    lesson = LESSONS[index]
    your_turn = next(k for k, s in enumerate(lesson.steps) if s.your_turn)
    step = lesson.steps[your_turn]
    assert step.action and step.action.startswith("S")
    total = len(lesson.steps) + 1
    open_dashboard(page, voila_url, "learn")
    page.locator(f"{TABLE} .tk-lesson-select").select_option(str(index))
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(lesson.title, "en"), timeout=STEP_TIMEOUT)
    for k in range(your_turn):
        page.locator(f"{TABLE} .tk-next").click()
        _counter(page, k + 2, total)
    expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_be_visible()
    pile = page.locator(f'{TABLE} .tk-pile span.tk-card[data-code="S"]')
    shots_before = pile.count()

    page.locator(f"{TABLE} .tk-show").click()
    expect(page.locator(f"{TABLE} .tk-message")).to_have_text(tr("widgets.walk.shown", "en"), timeout=STEP_TIMEOUT)
    _counter(page, your_turn + 2, total)
    expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_have_count(0)
    expect(pile).to_have_count(shots_before + 1)
    # The move's own announcement (the log also holds the lesson's earlier Shot), as the engine
    # narrates that move.
    match = lesson.start()
    for earlier in lesson.steps[:your_turn]:
        if earlier.action is not None:
            match.play(earlier.action)
    event = match.play(step.action)[0]
    assert event.code == "up_and_down.event.played_shot"
    expected = event.text("en")
    expect(page.locator(f"{TABLE} .tk-live")).to_contain_text(expected)
    save_screenshot(page, "learn-show-me")
    assert_no_error_text(page)
