"""Every table fits the projector: what a learner must see is in the window without scrolling at
1280x800 and 1366x768, and a 400x800 phone never scrolls sideways, at every decision of whole
games of every game and preset (at its largest player count) and at every step of every lesson
(on the phone, every other one: see below).

The checks (``fit.MEASURE``) and the loops that run them inside the page (``fit.RUN_STOPS``,
``fit.CLICK_THROUGH``) are in ``fit.py``. Whole games and lessons run on
``tests/browser/fit_table.ipynb``: the real play and learn dashboards, driven stop by stop by the
kernel (``fit_harness.py``: bots choose the learner's moves and send them through the table's
own requests). Each page has a kernel of its own, and the pages run at the same time. Then one
whole game of each game is played by clicking on the real play dashboard
(``dashboards/play.ipynb``) at 1280x800.

The sizes and languages: the cases (a game's preset, or a lesson) are dealt alternately to two
halves. Every case is measured once at a projector size and once on the phone, in the two
languages: the first half at 1280x800 in one language and on the phone in the other, the second
half at 1366x768 and on the phone the other way round (the table is as wide at both projector
sizes: only the height differs). So every game is seen at both projector sizes, one language at
each, and on the phone in both languages, and a run costs two passes over the cases, not three.
The projector pages measure every stop; the phone pages every other stop of each case (its
first and last always: ``every=2``, the harness plays the stop between without drawing it), as
what makes a page scroll sideways (a row of cards, a long line of text) does not come and go
from one decision to the next.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fit import CLICK_THROUGH, MEASURE, RUN_STOPS
from helpers_browser import save_screenshot
from playwright.sync_api import BrowserContext, Page, expect
from tk_page import LOAD_TIMEOUT, TABLE, bots_at_full_speed

pytestmark = pytest.mark.browser

STOP_TIMEOUT = 20_000  # ms: one stop (the kernel plays the bots' moves of a whole round at most)
RUN_TIMEOUT = 900_000  # ms: a whole run of one page
MOST_PROBLEMS = 40  # lines of a failure message
PHONE_EVERY = "every=2"  # the phone pages measure every other stop (see the docstring)


def _open(context: BrowserContext, url: str, width: int, height: int) -> Page:
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url)
    return page


def _start(page: Page, script: str, args: list[Any]) -> None:
    """Run ``script`` (a function's source) with ``args`` inside the page, without waiting: its
    result goes to ``window.__fitResult``."""
    page.evaluate(
        """([source, args]) => {
             window.__fitResult = undefined;
             (0, eval)(`(${source})`)(args).then(
               (r) => { window.__fitResult = r; }, (e) => { window.__fitResult = {error: String(e)}; });
           }""", [script, args])


def _result(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => window.__fitResult !== undefined", timeout=RUN_TIMEOUT, polling=500)
    result: dict[str, Any] = page.evaluate("() => window.__fitResult")
    assert "error" not in result, result
    return result


def _run_pages(context: BrowserContext, base: str, runs: list[tuple[str, int, int, str]]) -> list[str]:
    """Open one harness page per run (query, width, height, mode), run them all at once, and
    return every problem, each naming its run."""
    pages = []
    for query, width, height, _mode in runs:
        pages.append(_open(context, f"{base}?{query}", width, height))
    for page in pages:
        expect(page.locator(".tk-fit-status")).to_have_count(1, timeout=LOAD_TIMEOUT)
        expect(page.locator(TABLE)).to_be_visible(timeout=LOAD_TIMEOUT)
    for page, (_query, _width, _height, mode) in zip(pages, runs):
        _start(page, RUN_STOPS, [mode, 100_000, STOP_TIMEOUT])
    problems = []
    for page, (query, width, height, _mode) in zip(pages, runs):
        result = _result(page)
        name = f"{query} at {width}x{height}"
        if result["problems"]:
            save_screenshot(page, f"fit-FAILED-{query}-{width}x{height}")
        problems += [f"{name}: {p}" for p in result["problems"]]
        if not result["done"]:
            problems.append(f"{name}: stopped after {result['stops']} stops")
        assert result["stops"] > 10, (name, result["stops"])
        page.close()
    return problems


def _halves(page: str, first: str) -> list[tuple[str, int, int, str]]:
    """The four runs of a page (see the module's docstring): each half of the cases at a
    projector size in one language and on the phone in the other (every other stop)."""
    other = "ja" if first == "en" else "en"
    half = "parts=2&part={}"
    return [
        (f"page={page}&lang={first}&{half.format(0)}", 1280, 800, "screen"),
        (f"page={page}&lang={other}&{half.format(0)}&{PHONE_EVERY}", 400, 800, "phone"),
        (f"page={page}&lang={other}&{half.format(1)}", 1366, 768, "screen"),
        (f"page={page}&lang={first}&{half.format(1)}&{PHONE_EVERY}", 400, 800, "phone"),
    ]


def _report(problems: list[str]) -> str:
    more = f"\n... and {len(problems) - MOST_PROBLEMS} more" if len(problems) > MOST_PROBLEMS else ""
    return "\n".join(problems[:MOST_PROBLEMS]) + more


def test_the_checks_can_fail(page: Page, fit_table_url: str) -> None:
    """A prompt pushed out of the window, a card out of view and a box wider than a phone are
    each reported."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{fit_table_url}?page=play&games=page_one")
    expect(page.locator(f"{TABLE} .tk-hand.tk-mine .tk-card.tk-playable").first).to_be_visible(timeout=LOAD_TIMEOUT)
    assert page.evaluate(MEASURE, "screen") == []
    page.locator(f"{TABLE} .tk-hand.tk-mine").evaluate("(el) => { el.style.marginTop = '900px'; }")
    problems = page.evaluate(MEASURE, "screen")
    assert any("clickable" in p for p in problems) and any("the zone of" in p for p in problems), problems
    page.locator(f"{TABLE} .tk-part-prompt").evaluate("(el) => { el.style.marginLeft = '1400px'; }")
    assert any(p.startswith("prompt:") for p in page.evaluate(MEASURE, "screen"))
    page.set_viewport_size({"width": 400, "height": 800})
    page.wait_for_timeout(100)
    page.locator(f"{TABLE} .tk-part-prompt").evaluate("(el) => { el.style.marginLeft = '0'; }")
    page.locator(f"{TABLE} .tk-hand.tk-mine").evaluate("(el) => { el.style.marginTop = '0'; }")
    assert page.evaluate(MEASURE, "phone") == []
    page.locator(f"{TABLE} .tk-board").evaluate("(el) => { el.style.minWidth = '600px'; }")
    assert page.evaluate(MEASURE, "phone"), "a board wider than the phone is reported"


def test_every_decision_of_every_game_fits(context: BrowserContext, fit_table_url: str) -> None:
    """Whole seeded games of every preset of every game at its largest player count: at each
    of the learner's decisions (and each choice it opens, each round's end, each game's end)."""
    started = time.monotonic()
    problems = _run_pages(context, fit_table_url, _halves("play", "en"))
    print(f"whole games at three sizes, in halves: {time.monotonic() - started:.0f} s")
    assert not problems, _report(problems)


def test_every_lesson_step_fits(context: BrowserContext, fit_table_url: str) -> None:
    """Every step of every lesson on the learn dashboard (a "your turn" step also with its
    choice open)."""
    started = time.monotonic()
    problems = _run_pages(context, fit_table_url, _halves("learn", "ja"))
    print(f"every lesson at three sizes, in halves: {time.monotonic() - started:.0f} s")
    assert not problems, _report(problems)


# One game of each, as a learner clicks it, on the real play dashboard (its presets chosen for a
# short whole game at the most players, and the 並べRUNO board that is hardest to fit).
CLICKED = [
    "game=up_and_down&preset=basic&players=7",
    "game=ultimate&preset=circle&players=8",
    "game=up_or_down&preset=short&players=6",
    "game=narabe_runo&preset=large_board&players=4",
    "game=page_one&preset=party&players=8",
]


def test_whole_games_by_clicking_fit(context: BrowserContext, voila_url: str) -> None:
    started = time.monotonic()
    pages = [_open(context, f"{voila_url}/voila/render/play.ipynb?{query}", 1280, 800) for query in CLICKED]
    for page in pages:
        expect(page.locator(f"{TABLE} .tk-speed")).to_be_visible(timeout=LOAD_TIMEOUT)
        bots_at_full_speed(page)
        _start(page, CLICK_THROUGH, [600, STOP_TIMEOUT])
    problems = []
    for page, query in zip(pages, CLICKED):
        result = _result(page)
        save_screenshot(page, f"fit-clicked-{query.split('&')[0]}-end")
        if not result["done"]:
            problems.append(f"{query}: the game did not end ({result['moves']} moves)")
        problems += [f"{query}: {p}" for p in result["problems"]]
        assert result["decisions"] > 3, (query, result)
        page.close()
    print(f"five whole games by clicking: {time.monotonic() - started:.0f} s")
    assert not problems, _report(problems)
