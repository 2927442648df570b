"""Learn dashboard in Chromium: every American Page One lesson can be finished by clicking.

The header's Game dropdown is switched to Page One, which replaces the walkthrough with Page One's
lessons. For each lesson: open it from the menu, press Next through its steps and, on each "your
turn" step, make the move the step teaches as a learner does:

- a card move ("7C", "8S:C", "9C!", "2H+2C"): click the card in the hand of the seat to act (for
  several cards, the last one named: the view offers the multi-card plays on that card), then,
  if a choice panel opens (a suit, a call, several cards), the choice button carrying the code;
- any other move ("draw", "pass", "challenge", "name:C"): the ``.tk-action-button`` whose label
  the view-model gives for that code (the buttons carry no code in the DOM, so the label is read
  from the walkthrough's synced ``view`` trait).

The step must then say "well done"; the last step says the lesson is complete. The lessons share
one page; a failing lesson is recorded and the next one is opened, so one report names them all.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_models
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from tk_page import STEP_TIMEOUT, TABLE, open_dashboard

from tablekit.core.lessons import Lesson, LessonStep
from tablekit.games.page_one.lessons import LESSONS
from tablekit.i18n import tr
from tablekit.widgets.walkthrough import finished_text
from tablekit.widgets.labels import game_label

pytestmark = pytest.mark.browser

CURRENT = f"{TABLE} .tk-hand.tk-current"
CARD = re.compile(r"^((?:[A2-9TJQK][SHDC]|JK)(?:\+(?:[A2-9TJQK][SHDC]|JK))*)(?::[SHDC])?!?$")


def _choose_page_one(page: Page) -> None:
    """Pick Page One in the header's Game dropdown; wait for its lesson menu."""
    select = page.get_by_label(tr("widgets.dash.game", "en"), exact=True)
    label = game_label("page_one", "en")
    assert label == tr("page_one.title", "en")
    # ipywidgets writes option texts with no-break spaces: pick by index.
    index = select.evaluate(r"(el, label) => Array.from(el.options).findIndex("
                            r"(o) => o.textContent.replace(/\u00a0/g, ' ') === label)", label)
    assert index >= 0, f"no Game {label!r} in the header"
    select.select_option(index=index)
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(LESSONS[0].title, "en"),
                                                                   timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-title")).to_contain_text(tr("page_one.title", "en"))


def _counter(page: Page, step: int, total: int) -> None:
    expect(page.locator(f"{TABLE} .tk-lesson-step")).to_have_text(
        f"{tr('widgets.walk.step', 'en')} {step} / {total}", timeout=STEP_TIMEOUT)


def _synced_view(page: Page, title: str, step: int) -> dict[str, Any]:
    """The ``view`` the walkthrough showing ``title`` at ``step`` synced to the browser."""
    found = [m["state"]["view"] for m in widget_models(page).values()
             if isinstance((m.get("state") or {}).get("lesson"), dict)
             and m["state"]["lesson"].get("title") == title and m["state"]["lesson"].get("step") == step
             and isinstance(m["state"].get("view"), dict)]
    assert len(found) == 1, f"{len(found)} walkthrough models show {title!r} at step {step}"
    return found[0]


def page_one_card(code: str) -> str | None:
    """The hand card a Page One move is made with (the top one of several), else None (a button)."""
    match = CARD.match(code)
    return match.group(1).split("+")[-1] if match else None


def _make_the_move(page: Page, step: LessonStep, title: str, number: int,
                   card_of: Callable[[str], str | None] = page_one_card) -> str:
    """Make the step's move by clicking; returns how: "card", "choice" (card, then choice) or "button".
    ``card_of(code)`` names the hand card a move is made with (None: a button)."""
    code = step.action or ""
    card = card_of(code)
    if card is not None:
        page.locator(f'{CURRENT} .tk-card.tk-playable[data-code="{card}"]').first.click()
        panel = page.locator(f"{TABLE} .tk-choose")
        if panel.count():  # several legal plays of this card: pick the one the step teaches
            offered = panel.locator(".tk-choice-button").evaluate_all("(els) => els.map((e) => e.dataset.code)")
            assert code in offered, f"{code} is not among the choices {offered}"
            panel.locator(f'.tk-choice-button[data-code="{code}"]').click()
            expect(page.locator(f"{TABLE} .tk-choice-button")).to_have_count(0)
            return "choice"
        return "card"
    buttons = _synced_view(page, title, number)["buttons"]
    labels = [b["label"] for b in buttons if b["code"] == code]
    assert labels, f"no button for {code!r} in the view (buttons: {buttons})"
    button = page.locator(f"{TABLE} .tk-moves .tk-action-button").filter(
        has_text=re.compile("^" + re.escape(labels[0]) + "$"))
    expect(button).to_have_count(1)
    button.click()
    return "button"


def _finish_lesson(page: Page, index: int, lesson: Lesson, ways: set[str],
                   lessons: Sequence[Lesson] = LESSONS, card_of: Callable[[str], str | None] = page_one_card) -> None:
    title = tr(lesson.title, "en")
    total = len(lesson.steps) + 1
    page.locator(f"{TABLE} .tk-lesson-select").select_option(str(index))
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(title, timeout=STEP_TIMEOUT)
    _counter(page, 1, total)
    message = page.locator(f"{TABLE} .tk-message")
    for k, step in enumerate(lesson.steps):
        expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(tr(step.narration, "en", **dict(step.params)))
        if step.your_turn:
            expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_be_visible()
            expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled()
            expect(page.locator(f"{TABLE} .tk-show")).to_be_visible()
            try:
                ways.add(_make_the_move(page, step, title, k + 1, card_of))
                expect(message).to_have_text(tr("widgets.walk.well_done", "en"), timeout=STEP_TIMEOUT)
            except (AssertionError, PlaywrightError) as exc:
                shown = message.all_inner_texts()
                raise AssertionError(f"step {k + 1} ({step.action}): {exc}; message shown: {shown}") from exc
        else:
            expect(page.locator(f"{TABLE} .tk-your-turn-flag")).to_have_count(0)
            page.locator(f"{TABLE} .tk-next").click()
        _counter(page, k + 2, total)
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(finished_text(lessons, index, "en"))
    expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled()
    expect(page.locator(f"{TABLE} .tk-show")).to_have_count(0)
    assert_no_error_text(page)


def test_every_page_one_lesson_can_be_finished_by_clicking(page: Page, voila_url: str) -> None:
    assert len(LESSONS) >= 24  # (the course grows: every lesson in it is finished here)
    open_dashboard(page, voila_url, "learn")
    expect(page.locator(f"{TABLE} .tk-lesson-select")).to_be_visible(timeout=STEP_TIMEOUT)
    _choose_page_one(page)
    options = page.locator(f"{TABLE} .tk-lesson-select option").all_inner_texts()
    assert options == [f"{i + 1}. {tr(lesson.title, 'en')}" for i, lesson in enumerate(LESSONS)]

    failures: list[str] = []
    ways: set[str] = set()
    for index, lesson in enumerate(LESSONS):
        try:
            _finish_lesson(page, index, lesson, ways)
        except (AssertionError, PlaywrightError) as exc:
            save_screenshot(page, f"learn-page-one-{index + 1:02d}-FAILED")
            failures.append(f"lesson {index + 1} ({tr(lesson.title, 'en')}): {str(exc)[:600]}")
    save_screenshot(page, "learn-page-one-last-lesson")
    assert not failures, "\n\n".join(failures)
    assert ways == {"card", "choice", "button"}, ways  # every kind of move was clicked
