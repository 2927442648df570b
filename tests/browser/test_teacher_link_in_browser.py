"""Teacher links in Chromium: the page's address reaches the kernel, preheated or not.

Voilà gives a kernel started for the visitor the query in ``QUERY_STRING``; a preheated pool
kernel (``voila.json``) has run the notebook before anyone came and gets the query over Voilà's
``voila/query`` websocket when the visitor's request takes it (``tablekit.widgets.links``).
The page ``tests/browser/query_probe.ipynb`` prints ``query_string()`` and the
``parse_setup(..., "play")`` of it, and whether its kernel was still waiting for a visitor.
"""

from __future__ import annotations

import time

import pytest
from helpers_browser import assert_no_error_text
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT

pytestmark = pytest.mark.browser

TEACHER_LINK = "game=page_one&preset=classic&players=4&lang=ja&lock=1"


def probe(page: Page, url: str) -> dict[str, str]:
    """Open the probe page at ``url``; what it printed, as name -> value."""
    page.goto(url)
    shown = page.locator("pre", has_text="query:")
    expect(shown).to_be_visible(timeout=LOAD_TIMEOUT)
    assert_no_error_text(page)
    lines = shown.inner_text().strip().splitlines()
    return dict(line.split(": ", 1) for line in lines)


def test_a_preheated_kernel_gets_the_teacher_link(page: Page, query_probe_url: str) -> None:
    got = probe(page, f"{query_probe_url}?{TEACHER_LINK}")
    assert got == {
        "preheated": "True", "query": TEACHER_LINK, "game": "page_one", "preset": "classic", "players": "4",
        "bots": "None", "open_hands": "None", "deal": "None", "lang": "ja", "lock": "True",
        "given": "game,lang,lock,players,preset",
    }


def test_a_kernel_started_for_the_visitor_gets_it_too(page: Page, query_probe_url: str) -> None:
    # A theme override is one of Voilà's own parameters: it is not refused, and a pool kernel
    # (rendered with the default theme) cannot serve it, so Voilà starts a kernel for this view.
    query = "theme=dark&game=up_and_down&players=3&open_hands=off&deal=ud-b3-7f3a9"
    got = probe(page, f"{query_probe_url}?{query}")
    assert got["preheated"] == "False" and got["query"] == query
    assert (got["game"], got["preset"], got["players"], got["deal"]) == ("up_and_down", "basic", "3", "UD-B3-7F3A9")
    assert (got["open_hands"], got["lock"], got["given"]) == ("False", "False", "deal,game,open_hands,players")


def test_a_late_visitor_with_a_misspelt_link_is_told_what_is_wrong(page: Page, query_probe_url: str) -> None:
    time.sleep(8)  # the pool kernel has run the notebook and waited for a visitor for seconds
    got = probe(page, f"{query_probe_url}?gmae=page_one")
    assert got["preheated"] == "True" and got["query"] == "gmae=page_one"
    assert got["error"].startswith("The link has a setting this page does not know: gmae. This page understands: game,")
