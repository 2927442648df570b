"""Teacher locks in Chromium, tried from the page the way a visitor could: the table's own widget
model sends forged requests and writes forged traits (``model.send`` / ``model.set``), exactly as
the front end sends its own. The widget-level walk of every lock is ``tests/test_locks.py``;
these are the ones that need the page:

- a locked play link (``open_hands=off&undo=off&lock=1``) shows neither Share nor Undo; with the
  lock written out of the ``locked`` trait the Share button comes back, and pressing it is
  refused (no deal code reaches the page); a forged Undo, Open hands or language request is
  refused;
- a locked lesson link disables the lesson menu, and a forged lesson request is refused;
- in a finished game's replay, a forged ``lang: "xx"`` trait does not reach the What-if panel:
  it still runs, in English.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers_browser import assert_no_error_text, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    STEP_TIMEOUT,
    TABLE,
    hidden_card_leaks,
    open_fast_play,
    open_play,
    play_until_over,
    type_deal_code,
)

from tablekit.core.registry import spec
from tablekit.i18n import tr

pytestmark = pytest.mark.browser

SHORT_MATCH = "UD-B4-79"  # Basic, 4 players: over after 5 of my moves (as in the What-if test)
RUN_TIMEOUT = 60_000  # ms: a few games played on in the kernel, then plotly draws

# The page's own model of the table widget (the one with trait ``kind``: ``four_colour`` for
# PlayTable, ``lesson`` for RuleWalkthrough): write ``traits`` into it and/or send ``message``,
# as its front end would.
FORGE = r"""
async ([kind, traits, message]) => {
  const manager = await window.__tkApp.widgetManagerPromise.promise;
  const models = await Promise.all(Object.values(manager._models));
  const tables = models.filter((m) => m.get("locked") !== undefined && m.get(kind) !== undefined);
  if (tables.length !== 1) { throw new Error("found " + tables.length + " tables"); }
  const table = tables[0];
  if (traits) { table.set(traits); table.save_changes(); }
  if (message) { table.send(message); }
  return table.get("locked");
}
"""


def forge(page: Page, kind: str, traits: dict[str, Any] | None = None, message: dict[str, Any] | None = None) -> Any:
    return page.evaluate(FORGE, [kind, traits, message])


def expect_message(page: Page, text: str) -> None:
    message = page.locator(f"{TABLE} .tk-message")
    expect(message).to_have_text(text, timeout=STEP_TIMEOUT)
    expect(message).to_have_class("tk-message tk-msg-refusal")


def test_a_locked_play_link_refuses_share_undo_and_open_hands(page: Page, voila_url: str) -> None:
    open_play(page, voila_url, "game=up_and_down&players=4&open_hands=off&undo=off&lock=1", "up_and_down.title")
    controls = page.locator(f"{TABLE} .tk-controls").first
    expect(controls.locator(".tk-hint-button")).to_be_visible()
    for absent in (".tk-share-button", ".tk-undo-button", ".tk-teaching", ".tk-deal-code"):
        expect(page.locator(f"{TABLE} {absent}")).to_have_count(0)

    # The page writes the lock out of its own trait: the button comes back, Python still refuses.
    assert sorted(forge(page, "four_colour", traits={"locked": []})) == []
    share = page.locator(f"{TABLE} .tk-share-button")
    expect(share).to_be_visible(timeout=STEP_TIMEOUT)
    share.click()
    expect_message(page, tr("widgets.table.share_locked", "en"))
    expect(page.locator(f"{TABLE} .tk-deal-code")).to_have_count(0)

    forge(page, "four_colour", message={"type": "undo"})
    expect_message(page, tr("core.undo.off", "en"))
    forge(page, "four_colour", message={"type": "teaching", "on": True})
    expect_message(page, tr("widgets.table.locked", "en"))
    forge(page, "four_colour", message={"type": "share"})
    expect_message(page, tr("widgets.table.share_locked", "en"))
    assert_no_error_text(page)
    assert hidden_card_leaks(widget_messages(page)) == [], "a hidden card reached the browser"


def test_a_locked_lesson_link_locks_the_lesson_menu(page: Page, voila_url: str) -> None:
    lesson = spec("page_one").lessons[2]
    page.goto(f"{voila_url}/voila/render/learn.ipynb?game=page_one&lesson=3&lock=1")
    title = page.locator(f"{TABLE} .tk-lesson .tk-lesson-title")
    expect(title).to_have_text(tr(lesson.title, "en"), timeout=60_000)
    expect(page.locator(f"{TABLE} .tk-lesson-select")).to_be_disabled()
    forge(page, "lesson", message={"type": "lesson", "index": 0})
    expect_message(page, tr("widgets.table.locked", "en"))
    expect(title).to_have_text(tr(lesson.title, "en"))
    assert_no_error_text(page)


def test_what_if_ignores_a_forged_language(page: Page, voila_url: str) -> None:
    open_fast_play(page, voila_url)
    type_deal_code(page, SHORT_MATCH)
    play_until_over(page, last=True, max_clicks=200)
    page.locator(f"{TABLE} .tk-summary .tk-replay-button").click()
    expect(page.locator(f"{TABLE} .tk-replay")).to_be_visible(timeout=STEP_TIMEOUT)

    panel = page.locator(".tk-whatif")
    choice = panel.get_by_label(tr("widgets.whatif.alternative", "en"))
    forge(page, "four_colour", traits={"lang": "xx"})  # the page's own table model, forged
    for step in range(1, 200):
        page.locator(f"{TABLE} .tk-replay-forward").click()
        expect(page.locator(f".tk-whatif.tk-whatif-at-{step}")).to_have_count(1, timeout=STEP_TIMEOUT)
        if panel.is_visible() and choice.locator("option").count() > 0:
            break
    else:
        raise AssertionError("the replay showed none of my moves with another move possible")
    expect(panel.locator(".tk-whatif-title")).to_have_text(tr("widgets.whatif.title", "en"))
    games = panel.locator("input[type=number]")
    games.fill("2")
    games.press("Enter")
    panel.get_by_role("button", name=tr("widgets.whatif.run", "en")).click()
    expect(panel.locator(".tk-whatif-note")).to_have_text(tr("widgets.whatif.done", "en", count=2),
                                                           timeout=RUN_TIMEOUT)
    expect(panel.locator(".tk-problem")).to_have_count(0)
    assert_no_error_text(page)
