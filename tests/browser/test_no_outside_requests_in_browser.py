"""No page asks another host for anything: the file list, play, learn and explore (with a chart
drawn) are loaded with every request recorded, and none leaves the server. Voilà's stock
templates link Font Awesome from a public CDN; the ``tablekit`` template (``voila.json``,
``share/jupyter/voila/templates/tablekit``) drops those links, and the icons still show from
the Font Awesome that Voilà's own bundle carries (served by this server)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers_browser import assert_no_error_text
from playwright.sync_api import Page, Request, expect
from tk_page import LOAD_TIMEOUT, open_dashboard

pytestmark = pytest.mark.browser

OWN = ("data:", "blob:")
# Wait for the icon font the way the page would use it; [] if no font face matched.
LOAD_ICON_FONT = """
async () => {
  const faces = await document.fonts.load('900 16px "Font Awesome 5 Free"', "\\uf021");
  return faces.map((face) => face.status);
}
"""
ICON_GLYPH = """
(icon) => { const style = getComputedStyle(icon, "::before"); return [style.fontFamily, style.content]; }
"""


def record_requests(page: Page, base_url: str) -> list[str]:
    outside: list[str] = []
    own = (base_url, base_url.replace("http://", "ws://"), *OWN)

    def on_request(request: Request) -> None:
        if not request.url.startswith(own):
            outside.append(request.url)

    page.on("request", on_request)
    return outside


def test_no_page_loads_anything_from_another_host(page: Page, voila_url: str) -> None:
    outside = record_requests(page, voila_url)

    page.goto(voila_url + "/voila/tree/")  # the file list
    expect(page.get_by_text("play.ipynb")).to_be_visible(timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle")

    page.goto(voila_url + "/")  # the start page, with its link builder's QR code
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)
    expect(page.get_by_role("img", name="QR code of the link")).to_be_visible(timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle")

    open_dashboard(page, voila_url, "play")
    expect(page.locator(".tk-table")).to_be_visible(timeout=LOAD_TIMEOUT)
    deal_icon = page.get_by_role("button", name="Deal").locator("i.fa-refresh")
    expect(deal_icon).to_have_count(1)
    statuses: Any = page.evaluate(LOAD_ICON_FONT)
    assert statuses and all(s == "loaded" for s in statuses), statuses
    family, content = deal_icon.evaluate(ICON_GLYPH)
    assert "Font Awesome" in family and content not in ("", "none", "normal"), (family, content)
    page.wait_for_load_state("networkidle")

    open_dashboard(page, voila_url, "learn")
    page.wait_for_load_state("networkidle")

    open_dashboard(page, voila_url, "explore")
    stats = page.locator(".tk-stats")
    games = stats.get_by_label("Games to play")
    games.fill("20")
    games.press("Enter")
    stats.get_by_role("button", name="Run").click()
    expect(stats.locator(".tk-status.tk-done")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle")
    assert_no_error_text(page)

    assert outside == [], outside
