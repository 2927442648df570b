"""Japanese text on a machine with no Japanese font (CI has none): the pages load "Tablekit JP"
(the subset of Noto Sans JP in tablekit/widgets/static/fonts/) and Chromium draws the Japanese
characters with it: the table, the dashboard's header (whose text is first drawn in English, then
switched), the controls, and on the explore page the plotly charts. The stack names "Tablekit JP"
first for Japanese script, so this holds on a machine with Japanese fonts too.

Which font drew a text node is read with the DevTools protocol (``CSS.getPlatformFontsForNode``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import (
    GAME_BUDGET,
    LOAD_TIMEOUT,
    STEP_TIMEOUT,
    TABLE,
    bots_at_full_speed,
    open_dashboard,
    play_page_one_round,
)

from tablekit.i18n import tr
from tablekit.widgets.fonts import FONT_FAMILY

pytestmark = pytest.mark.browser

RUN_TIMEOUT = 90_000  # ms: a short simulation plus the plotly charts
# Kana, kanji and the CJK punctuation and full-width forms: what a Latin system font lacks.
JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")

# Every "Tablekit JP" face the page knows, once the fonts it is loading are ready.
FACES_JS = """async (family) => {
  await document.fonts.ready;
  return Array.from(document.fonts)
    .filter((f) => f.family.replace(/["']/g, "") === family)
    .map((f) => ({weight: String(f.weight), status: f.status}));
}"""

# Mark the first element inside `scope` whose own text (not its children's) has Japanese in it,
# so the DevTools protocol can find it; returns that text.
MARK_JS = """([scope, pattern, skip]) => {
  const re = new RegExp(pattern);
  for (const root of document.querySelectorAll(scope)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!re.test(node.data) || !el || el.closest(skip) || !el.getClientRects().length) continue;
      document.querySelectorAll("[data-tk-font-probe]").forEach((e) => e.removeAttribute("data-tk-font-probe"));
      el.setAttribute("data-tk-font-probe", "1");
      return Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.data).join("");
    }
  }
  return null;
}"""


def _switch_to_japanese(page: Page, scope: str) -> None:
    """Press the "日本語" toggle of the page's header, or choose it in the table's menu."""
    toggle = page.locator(scope).get_by_role("button", name="日本語", exact=True)
    if toggle.count():
        toggle.first.click()
    else:
        page.locator(scope).locator("select").filter(has=page.locator('option[value="ja"]')).first.select_option("ja")


def _assert_tablekit_jp_loaded(page: Page) -> None:
    page.wait_for_function(
        """(family) => Array.from(document.fonts).some(
             (f) => f.family.replace(/["']/g, "") === family && f.status === "loaded")""",
        arg=FONT_FAMILY, timeout=STEP_TIMEOUT)
    faces: list[dict[str, Any]] = page.evaluate(FACES_JS, FONT_FAMILY)
    assert {f["weight"] for f in faces} >= {"400", "700"}, faces
    assert any(f["weight"] == "400" and f["status"] == "loaded" for f in faces), faces
    assert page.evaluate(f"""() => document.fonts.check('16px "{FONT_FAMILY}"', 'あ')""")


def _fonts_drawing(page: Page, scope: str, skip: str = "script, style") -> tuple[str, list[dict[str, Any]]]:
    """The text of the first visible element in ``scope`` with Japanese in its own text, and the
    fonts Chromium used for it (``CSS.getPlatformFontsForNode``)."""
    text = page.evaluate(MARK_JS, [scope, JAPANESE.pattern, skip])
    assert text, f"no Japanese text in {scope}"
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "[data-tk-font-probe]"})["nodeId"]
        assert node, "the marked element vanished"
        fonts: list[dict[str, Any]] = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        cdp.detach()
    return text, fonts


def _assert_drawn_with_tablekit_jp(text: str, fonts: list[dict[str, Any]]) -> None:
    ours = [f for f in fonts if f["familyName"] == FONT_FAMILY]
    assert ours, f"{text!r} was drawn with {fonts}, not {FONT_FAMILY}"
    assert ours[0]["isCustomFont"]
    # Every Japanese character of the text came from Tablekit JP (no system font drew one).
    assert sum(f["glyphCount"] for f in ours) >= len(JAPANESE.findall(text)), (text, fonts)


def test_play_page_in_japanese_uses_tablekit_jp(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "play")
    _switch_to_japanese(page, ".tk-dash")
    expect(page.locator(TABLE)).to_have_attribute("lang", "ja", timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-board")).to_contain_text(JAPANESE, timeout=STEP_TIMEOUT)
    _assert_tablekit_jp_loaded(page)

    # The table (drawn by play_table.js), the dashboard's own header (ipywidgets), and a control.
    for scope in (f"{TABLE} .tk-board", f"{TABLE} .tk-header", "h1.tk-title", f"{TABLE} button"):
        text, fonts = _fonts_drawing(page, scope)
        _assert_drawn_with_tablekit_jp(text, fonts)
    save_screenshot(page, "font-play-japanese")
    assert_no_error_text(page)


def test_explore_page_loads_tablekit_jp_and_its_charts_use_it(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "explore")
    stats = page.locator(".tk-stats")
    _switch_to_japanese(page, ".tk-stats")
    expect(page.locator("h1.tk-title")).to_contain_text(JAPANESE, timeout=STEP_TIMEOUT)
    _assert_tablekit_jp_loaded(page)

    text, fonts = _fonts_drawing(page, "h1.tk-title")
    _assert_drawn_with_tablekit_jp(text, fonts)

    # A short run, then the charts' Japanese titles and labels (plotly's SVG text).
    games = stats.get_by_label(tr("widgets.stats.label.games", "ja"))
    games.fill("20")
    games.press("Enter")  # BoundedIntText syncs on Enter / blur
    stats.get_by_role("button", name=tr("widgets.stats.button.run", "ja")).click()
    chart = page.locator(".js-plotly-plot").first
    expect(chart).to_be_visible(timeout=RUN_TIMEOUT)
    expect(page.locator(".js-plotly-plot .main-svg text").filter(has_text=JAPANESE).first).to_be_attached(
        timeout=RUN_TIMEOUT)
    text, fonts = _fonts_drawing(page, ".js-plotly-plot")
    _assert_drawn_with_tablekit_jp(text, fonts)
    save_screenshot(page, "font-explore-japanese")
    assert_no_error_text(page)


# Elements whose own text has Japanese but whose font stack does not name Tablekit JP (a rule
# that sets its own font-family, e.g. a monospace line, would draw empty boxes on such a machine).
STACKS_JS = """([scope, pattern, family]) => {
  const re = new RegExp(pattern);
  const bad = [];
  for (const el of document.querySelectorAll(scope + ", " + scope + " *")) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("");
    if (re.test(own) && !getComputedStyle(el).fontFamily.includes(family)) {
      bad.push(el.className + ": " + own.slice(0, 40) + " (" + getComputedStyle(el).fontFamily + ")");
    }
  }
  return bad;
}"""


def test_every_japanese_text_of_a_round_end_names_tablekit_jp(page: Page, voila_url: str) -> None:
    """Page One's end of round in Japanese: the summary, the worked scores, the standings."""
    page.goto(f"{voila_url}/voila/render/play.ipynb?game=page_one&preset=classic&players=2&lang=ja")
    expect(page.locator(TABLE)).to_have_attribute("lang", "ja", timeout=LOAD_TIMEOUT)
    bots_at_full_speed(page)
    play_page_one_round(page, GAME_BUDGET, max_clicks=300)
    expect(page.locator(f"{TABLE} .tk-summary .tk-worked").first).to_be_visible(timeout=STEP_TIMEOUT)
    assert page.evaluate(STACKS_JS, [TABLE, JAPANESE.pattern, FONT_FAMILY]) == []
    text, fonts = _fonts_drawing(page, f"{TABLE} .tk-summary")
    _assert_drawn_with_tablekit_jp(text, fonts)
    save_screenshot(page, "font-round-end-japanese")
    assert_no_error_text(page)
