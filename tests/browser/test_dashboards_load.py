"""Each Voilà dashboard loads in Chromium, shows its title and no traceback."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages, widget_models
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT

pytestmark = pytest.mark.browser

DASHBOARDS = ["play", "learn", "explore"]


def open_dashboard(page: Page, base_url: str, name: str) -> None:
    page.goto(f"{base_url}/voila/render/{name}.ipynb")
    expect(page.locator("h1.tk-title")).to_be_visible(timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize("name", ["start", *DASHBOARDS])
def test_dashboard_loads_with_its_title_and_no_traceback(
    page: Page, voila_url: str, name: str
) -> None:
    open_dashboard(page, voila_url, name)
    expect(page.locator("h1.tk-title")).to_contain_text("tablekit")
    # The page finished executing: Voilà removes its loading spinner.
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)
    save_screenshot(page, f"dashboard-{name}")
    assert_no_error_text(page)


def test_widget_helpers_see_what_the_page_received(page: Page, voila_url: str) -> None:
    """The hidden-information tests rely on these two readers: check them on a known widget."""
    open_dashboard(page, voila_url, "play")
    title = page.locator("h1.tk-title").inner_text()

    models = widget_models(page)
    html = [m for m in models.values() if m.get("model_name") == "HTMLModel"]
    assert any("tk-title" in m["state"]["value"] and title in m["state"]["value"]
               for m in html), models

    received = widget_messages(page)
    assert {m["model_id"] for m in received} >= set(models), received
    assert any(title in str(m["state"].get("value", "")) for m in received), received


def test_the_tree_lists_the_dashboards(page: Page, voila_url: str) -> None:
    """The server's root opens the start page (test_start_in_browser.py); Voilà's file list
    is still at voila/tree/."""
    page.goto(voila_url + "/voila/tree/")
    for name in ["start", *DASHBOARDS]:
        expect(page.get_by_text(f"{name}.ipynb")).to_be_visible(timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize("path", ["/voila/files/play.ipynb", "/voila/files/../pyproject.toml"])
def test_the_server_does_not_hand_out_sources(voila_url: str, path: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(voila_url + path, timeout=10)
    assert refused.value.code in (403, 404)


def _post(url: str, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=b"", method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_the_server_checks_cross_site_requests(voila_url: str) -> None:
    """voila.json keeps Voilà's XSRF check on: a POST without the token is refused; with the
    token in both the _xsrf cookie and the header (what a page of this origin sends) it reaches
    the handler, which does not know this kernel."""
    url = f"{voila_url}/voila/api/shutdown/00000000-0000-0000-0000-000000000000"
    assert _post(url, {}) == 403
    assert _post(url, {"X-XSRFToken": "a1b2c3", "Cookie": "_xsrf=a1b2c3"}) == 404
