"""The start page in Chromium: the server's root opens it (no file list), its cards open the
dashboards, and its link builder writes a link (at the address the page was opened with) and a
QR code, and the link opens a play page set up and locked as chosen."""

from __future__ import annotations

import re

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT

from tablekit.i18n import tr
from tablekit.widgets.labels import game_label

pytestmark = pytest.mark.browser


def open_start_page(page: Page, base_url: str, query: str = "") -> None:
    page.goto(f"{base_url}/{query}")
    expect(page.locator(".tk-start h1.tk-title")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)


def choose(page: Page, field: str, label: str) -> None:
    """Pick ``label`` in the link builder's menu called ``field`` (an ipywidgets Dropdown),
    once Python has offered it (choosing a game fills the other menus)."""
    select = page.locator(".tk-start-fields").get_by_label(field, exact=True)
    find = (r"(el, label) => Array.from(el.options).findIndex("
            r"(o) => o.textContent.replace(/\u00a0/g, ' ') === label)")
    page.wait_for_function(f"([el, label]) => ({find})(el, label) >= 0", arg=[select.element_handle(), label],
                           timeout=STEP_TIMEOUT)
    select.select_option(index=select.evaluate(find, label))


def test_the_root_opens_the_start_page_whose_cards_open_the_dashboards(page: Page, voila_url: str) -> None:
    open_start_page(page, voila_url, "?lang=ja")
    assert page.url == f"{voila_url}/voila/render/start.ipynb?lang=ja"
    expect(page.locator(".tk-start h1.tk-title")).to_have_text(tr("widgets.start.title", "ja"))
    expect(page.locator("#voila-tree-main")).to_have_count(0)  # Voilà's file list is not shown
    for game in ("up_and_down", "ultimate", "up_or_down", "narabe_runo", "page_one"):
        expect(page.locator(".tk-start-games")).to_contain_text(game_label(game, "ja"))
    cards = page.locator(".tk-start-pages a")
    expect(cards).to_have_count(4)  # the three dashboards, then the class's join page
    assert cards.evaluate_all("(els) => els.map((a) => a.getAttribute('href'))") == [
        "play.ipynb?lang=ja", "learn.ipynb?lang=ja", "explore.ipynb?lang=ja", "join.ipynb?lang=ja"]
    save_screenshot(page, "start-page-ja")
    assert_no_error_text(page)
    page.locator(".tk-start-pages a", has_text=tr("widgets.start.page.learn", "ja")).click()
    expect(page.locator("h1.tk-title")).to_have_text(tr("widgets.dash.learn.title", "ja"), timeout=LOAD_TIMEOUT)
    assert page.url == f"{voila_url}/voila/render/learn.ipynb?lang=ja"


def test_the_link_builder_writes_a_working_link_and_its_qr_code(page: Page, voila_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_start_page(page, voila_url)
    choose(page, tr("widgets.dash.game", "en"), game_label("page_one", "en"))
    choose(page, tr("widgets.dash.players", "en"), "3")
    choose(page, tr("widgets.dash.bots", "en"), tr("widgets.stats.bot.random", "en"))
    choose(page, tr("widgets.dash.language", "en"), "日本語")
    page.locator(".tk-start-fields").get_by_label(tr("widgets.start.param.lock", "en")).check()
    link = page.locator(".tk-start-link code")
    expected = f"{voila_url}/voila/render/play.ipynb?game=page_one&players=3&bots=random&lang=ja&lock=1"
    expect(link).to_have_text(expected, timeout=STEP_TIMEOUT)  # the address this page was opened with
    qr = page.locator("svg.tk-qr")
    # The QR code is drawn for this link. Its widget is updated just after the link's, so it
    # is measured only then: measured before, it can be taken away while it is measured.
    expect(qr.locator("title")).to_have_text(expected, timeout=STEP_TIMEOUT)
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 200 and abs(box["width"] - box["height"]) < 1
    save_screenshot(page, "start-page-link-builder-1280")
    assert_no_error_text(page)

    page.goto(link.inner_text())
    expect(page.locator("h1.tk-title")).to_have_text(tr("widgets.dash.play.title", "ja"), timeout=LOAD_TIMEOUT)
    game = page.locator(".tk-dash-bar select").first
    expect(game).to_be_disabled()  # locked by the link
    assert re.sub(r"\s", " ", game.evaluate("(el) => el.options[el.selectedIndex].textContent")).strip() == \
        game_label("page_one", "ja")
    expect(page.locator(".tk-table .tk-hand")).to_have_count(3, timeout=STEP_TIMEOUT)
