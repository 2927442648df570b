"""Learn dashboard in Chromium: step through the first lesson, answer its "your turn" step wrongly
(a legal move that is not the point: refused with the lesson's explanation) and rightly (praised),
then step to the end of the lesson."""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import STEP_TIMEOUT, TABLE, open_dashboard

from tablekit.games.up_and_down.lessons import LESSONS
from tablekit.i18n import tr
from tablekit.widgets.walkthrough import finished_text

pytestmark = pytest.mark.browser

LESSON = LESSONS[0]  # the learn dashboard opens on the first lesson of the first game (Up&Down)


def _step_counter(page: Page) -> str:
    return page.locator(f"{TABLE} .tk-lesson-step").inner_text()


def _press_next(page: Page) -> None:
    before = _step_counter(page)
    page.locator(f"{TABLE} .tk-next").click()
    expect(page.locator(f"{TABLE} .tk-lesson-step")).not_to_have_text(before, timeout=STEP_TIMEOUT)


def test_first_lesson_with_its_your_turn_step(page: Page, voila_url: str) -> None:
    your_turn = next(i for i, s in enumerate(LESSON.steps) if s.your_turn)
    step = LESSON.steps[your_turn]
    total = len(LESSON.steps) + 1
    params = dict(step.params)
    assert step.action is not None and step.wrong is not None

    open_dashboard(page, voila_url, "learn")
    panel = page.locator(f"{TABLE} .tk-lesson")
    expect(panel.locator(".tk-lesson-title")).to_have_text(tr(LESSON.title, "en"), timeout=STEP_TIMEOUT)
    expect(panel.locator(".tk-lesson-step")).to_have_text(f"Step 1 / {total}")
    expect(page.locator(f"{TABLE} .tk-prev")).to_be_disabled()

    for _ in range(your_turn):
        expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_have_count(0)
        _press_next(page)
    expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_be_visible()
    expect(panel.locator(".tk-lesson-step")).to_have_text(f"Step {your_turn + 1} / {total}")
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(tr(step.narration, "en", **params))
    expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled()  # the learner must move
    expect(page.locator(f"{TABLE} .tk-show")).to_be_visible()

    cards = page.locator(f"{TABLE} .tk-hand.tk-current .tk-card.tk-playable")
    codes = cards.evaluate_all("(els) => els.map((e) => e.dataset.code)")
    assert step.action in codes, (step.action, codes)
    # Every card of the hand may be tried and looks alike: the legal ones are not singled out.
    expect(page.locator(f"{TABLE} .tk-hand.tk-current .tk-card")).to_have_count(len(codes))
    match = LESSON.start()
    for earlier in LESSON.steps[:your_turn]:
        if earlier.action is not None:
            match.play(earlier.action)
    legal = {a.code for a in match.legal_actions()}
    wrong = [c for c in codes if c != step.action and c in legal]
    assert wrong, "a 'your turn' step offers more than one legal move"

    # A legal move that is not the one the step teaches: refused, with the lesson's explanation.
    page.locator(f'{TABLE} .tk-hand.tk-current .tk-card.tk-playable[data-code="{wrong[0]}"]').click()
    message = page.locator(f"{TABLE} .tk-message")
    expect(message).to_have_text(tr(step.wrong, "en", **params), timeout=STEP_TIMEOUT)
    expect(message).to_have_class("tk-message tk-msg-refusal")
    expect(panel.locator(".tk-lesson-step")).to_have_text(f"Step {your_turn + 1} / {total}")
    expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_be_visible()

    # The right card: praised, the step is done and the lesson goes on.
    page.locator(f'{TABLE} .tk-hand.tk-current .tk-card.tk-playable[data-code="{step.action}"]').click()
    expect(message).to_have_text(tr("widgets.walk.well_done", "en"), timeout=STEP_TIMEOUT)
    expect(message).to_contain_text("Well done")
    expect(panel.locator(".tk-lesson-step")).to_have_text(f"Step {your_turn + 2} / {total}")
    expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_have_count(0)
    expect(page.locator(f'{TABLE} .tk-pile span.tk-card[data-code="{step.action}"]')).to_have_count(1)
    expect(page.locator(f"{TABLE} .tk-field-value")).to_have_text(step.action)
    save_screenshot(page, "learn-your-turn-done")

    # Step to the end of the lesson.
    for _ in range(total - your_turn - 2):
        _press_next(page)
    expect(panel.locator(".tk-lesson-step")).to_have_text(f"Step {total} / {total}")
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(
        finished_text(LESSONS, 0, "en"))
    expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled()
    expect(page.locator(f"{TABLE} .tk-prev")).to_be_enabled()
    save_screenshot(page, "learn-lesson-complete")
    assert_no_error_text(page)
