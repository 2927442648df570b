"""Play dashboard in Chromium: after a finished match, the replay's "What if?" panel plays my
move and another one on, and draws the plotly chart of the two chances to win.

The short Basic match of the replay test is played to its end, the replay is opened and moved on
until one of my moves is shown (the panel appears only there), another legal move is picked,
a few games are played on and the chart's two bars appear in an SVG. No hidden card reaches
the browser on the way.
"""

from __future__ import annotations

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from playwright.sync_api import Page, expect
from tk_page import (
    STEP_TIMEOUT,
    TABLE,
    hidden_card_leaks,
    open_fast_play,
    play_until_over,
    type_deal_code,
)

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

SHORT_MATCH = "UD-B4-79"  # Basic, 4 players: over after 5 of my moves (my last playable card)
PANEL = ".tk-whatif"
RUN_TIMEOUT = 60_000  # ms: a few games played on twice in the kernel, then plotly draws


def test_what_if_in_the_replay(page: Page, voila_url: str) -> None:
    open_fast_play(page, voila_url)
    type_deal_code(page, SHORT_MATCH)
    play_until_over(page, last=True, max_clicks=200)
    panel = page.locator(PANEL)
    expect(panel).to_be_hidden()  # not in a replay

    page.locator(f"{TABLE} .tk-summary .tk-replay-button").click()
    expect(page.locator(f"{TABLE} .tk-replay")).to_be_visible(timeout=STEP_TIMEOUT)
    expect(panel).to_be_hidden()  # the deal: no move to ask about
    choice = panel.get_by_label(tr("widgets.whatif.alternative", "en"))
    for step in range(1, 200):
        page.locator(f"{TABLE} .tk-replay-forward").click()
        # The panel names the step it has followed: then its visibility is up to date.
        expect(page.locator(f"{PANEL}.tk-whatif-at-{step}")).to_have_count(1, timeout=STEP_TIMEOUT)
        if panel.is_visible() and choice.locator("option").count() > 0:
            break
    else:
        raise AssertionError("the replay showed none of my moves with another move possible")
    expect(panel.locator(".tk-whatif-intro")).to_contain_text(f"Move {step}:")

    # Another move, a few games, and play both on.
    options = choice.locator("option")
    choice.select_option(index=options.count() - 1)
    games = panel.locator("input[type=number]")
    games.fill("4")
    games.press("Enter")  # BoundedIntText syncs on Enter / blur
    panel.get_by_role("button", name=tr("widgets.whatif.run", "en")).click()
    expect(panel.locator(".tk-whatif-note")).to_have_text(tr("widgets.whatif.done", "en", count=4),
                                                           timeout=RUN_TIMEOUT)
    chart = panel.locator(".js-plotly-plot .main-svg").first
    expect(chart).to_be_visible(timeout=RUN_TIMEOUT)
    expect(panel.locator(".js-plotly-plot .barlayer .point")).to_have_count(2)
    expect(panel.locator(".js-plotly-plot")).to_contain_text("Difference:")
    expect(panel.locator(".tk-problem")).to_have_count(0)
    save_screenshot(page, "what-if-chart")

    # Leaving the replay hides the panel again.
    page.locator(f"{TABLE} .tk-replay-exit").click()
    expect(panel).to_be_hidden(timeout=STEP_TIMEOUT)
    assert_no_error_text(page)
    assert hidden_card_leaks(widget_messages(page)) == [], "a hidden card reached the browser"
