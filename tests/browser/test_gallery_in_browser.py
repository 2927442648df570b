"""The zone gallery in Chromium: every zone kind of the table vocabulary drawn by play_table.js,
each choice clicked on its zone by mouse and by keyboard, and a 400 px wide screen.

The page is ``tests/browser/gallery.ipynb`` (a ``tablekit.widgets.gallery.ZoneGallery``: a
synthetic view-model, no game), served by its own Voilà server (``gallery_url``). The widget
answers a click by writing the code it received into the message line ("Chosen: <code>"), so
each test sees exactly what the browser sent.
"""

from __future__ import annotations

import math
import re

import pytest
from helpers_browser import assert_no_error_text, save_screenshot
from playwright.sync_api import Page, expect
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT, TABLE

from tablekit.i18n import tr

pytestmark = pytest.mark.browser

MINE = f"{TABLE} .tk-hand.tk-mine"
MESSAGE = f"{TABLE} .tk-message"
CHOOSE = f"{TABLE} .tk-choose"
TARGETS = f"{TABLE} .tk-choice-target"
ACTIVE = "() => { const a = document.activeElement; return a ? {key: a.dataset.key || null, x: a.dataset.x, " \
         "y: a.dataset.y, code: a.dataset.code || null} : null; }"


def _open(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator(f"{TABLE} .tk-grid")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator(f"{MINE} .tk-card")).to_have_count(7)


def _chosen(page: Page, code: str) -> None:
    expect(page.locator(MESSAGE)).to_have_text(f"Chosen: {code}", timeout=STEP_TIMEOUT)


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_every_zone_kind_is_drawn(page: Page, gallery_url: str) -> None:
    _open(page, gallery_url)
    # Hands: my seven cards (six playable, one blocked); the other hand face down.
    expect(page.locator(f"{MINE} .tk-card.tk-playable")).to_have_count(6)
    expect(page.locator(f"{MINE} .tk-card.tk-blocked")).to_have_count(1)
    # (a hand seen from behind is one small back and its count)
    expect(page.locator(f'{TABLE} .tk-hand[data-zone="hand-1"] .tk-back')).to_have_count(1)
    expect(page.locator(f'{TABLE} .tk-hand[data-zone="hand-1"] .tk-count')).to_have_text("×3")
    expect(page.locator(f'{TABLE} .tk-hand[data-zone="hand-1"] button')).to_have_count(0)
    # Pile and counter.
    expect(page.locator(f'{TABLE} .tk-pile[data-zone="discard"] .tk-card svg')).to_have_count(1)
    expect(page.locator(f'{TABLE} .tk-counter[data-zone="stock"] .tk-counter-value')).to_have_text("23")

    # Trick: one slot per seat around the table, my seat at the bottom; seats 2 and 3 (0-based
    # 1, 2) played, the leader and the winner marked; the trump shown in the middle.
    seats = page.locator(f"{TABLE} .tk-trick .tk-trick-seat")
    expect(seats).to_have_count(4)
    seat = {i: page.locator(f'{TABLE} .tk-trick .tk-trick-seat[data-seat="{i}"]') for i in range(4)}
    expect(seat[1]).to_have_class("tk-trick-seat tk-leader")
    expect(seat[1].locator(".tk-leader-mark")).to_have_text("leads")
    expect(seat[2]).to_have_class("tk-trick-seat tk-winner")
    expect(seat[2].locator(".tk-winner-mark")).to_have_text("wins")
    for i, played in ((0, False), (1, True), (2, True), (3, False)):
        expect(seat[i].locator(".tk-card svg")).to_have_count(1 if played else 0)
        expect(seat[i].locator(".tk-card.tk-empty")).to_have_count(0 if played else 1)
    expect(page.locator(f"{TABLE} .tk-trick .tk-trump")).to_contain_text("♥")
    box = {i: seat[i].bounding_box() for i in range(4)}
    assert box[0]["y"] > box[1]["y"] > box[2]["y"], box  # me at the bottom, opposite at the top
    assert box[1]["x"] < box[0]["x"] < box[3]["x"], box  # the others to my left and right

    # Ring: eight positions on a circle, clockwise from the top; an empty slot; highlighted
    # positions; the wrap marker just before position 3.
    positions = page.locator(f"{TABLE} .tk-ring .tk-ring-pos")
    expect(positions).to_have_count(8)
    points = [_centre(positions.nth(i).bounding_box()) for i in range(8)]
    # (The ring's box is as tight as its cards and marker: the circle's centre is its cards'.)
    cx, cy = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    ring = page.locator(f"{TABLE} .tk-ring").bounding_box()
    assert all(ring["x"] <= x <= ring["x"] + ring["width"] and ring["y"] <= y <= ring["y"] + ring["height"]
               for x, y in points), (ring, points)
    radii = [math.hypot(x - cx, y - cy) for x, y in points]
    assert max(radii) < 1.1 * min(radii), radii
    angles = [math.degrees(math.atan2(x - cx, cy - y)) % 360 for x, y in points]  # 0 = top, clockwise
    assert angles[0] < 5 or angles[0] > 355, angles
    assert all(a < b for a, b in zip(angles[1:], angles[2:])), angles
    lit = positions.evaluate_all("(els) => els.map((e) => e.classList.contains('tk-lit'))")
    assert lit == [True, False, False, False, True, False, False, False]
    expect(positions.nth(3)).to_have_class(re.compile(r"\btk-empty\b"))
    marker = page.locator(f'{TABLE} .tk-ring .tk-wrap-mark[data-wrap="3"]')
    expect(marker).to_have_attribute("aria-label", "the ring's order wraps round here")
    mx, my = _centre(marker.bounding_box())
    wrap_angle = math.degrees(math.atan2(mx - cx, cy - my)) % 360
    assert angles[2] < wrap_angle < angles[3], (angles, wrap_angle)

    # Columns: a row per column with its arrow and bound; the playable row is a button.
    rows = page.locator(f"{TABLE} .tk-columns-zone .tk-row")
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".tk-arrow")).to_have_text("▲")
    expect(rows.nth(0).locator(".tk-arrow")).to_have_attribute("aria-label", "going up")
    expect(rows.nth(0).locator(".tk-bound")).to_have_text("> 22")
    expect(rows.nth(1).locator(".tk-arrow")).to_have_text("▼")
    expect(rows.nth(1).locator(".tk-bound")).to_have_text("< 90")
    expect(rows.nth(2).locator(".tk-arrow")).to_have_count(0)
    assert [rows.nth(i).locator(".tk-card").count() for i in range(3)] == [2, 1, 0]
    expect(page.locator(f"{TABLE} .tk-columns-zone button.tk-row-head")).to_have_count(1)
    expect(page.locator(f"{TABLE} .tk-columns-zone button.tk-card")).to_have_count(1)  # a playable card
    expect(page.locator(f'{TABLE} .tk-columns-zone button.tk-row-head[data-row="c2"]')).to_have_count(1)

    # Grid: 6 x 4 squares, signed cells, a card, two clickable cells; the board fits its box.
    grid = page.locator(f"{TABLE} .tk-grid")
    expect(grid.locator(".tk-cell")).to_have_count(24)
    expect(grid.locator('.tk-cell.tk-sign-start[data-x="0"][data-y="1"] .tk-sign')).to_have_text("start")
    expect(grid.locator('.tk-cell.tk-sign-score[data-x="5"][data-y="2"] .tk-sign')).to_have_text("score")
    expect(grid.locator('.tk-cell[data-x="1"][data-y="1"] .tk-card svg')).to_have_count(1)
    expect(grid.locator("button.tk-cell")).to_have_count(2)
    gbox, fit = grid.bounding_box(), page.locator(f"{TABLE} .tk-grid-zone .tk-fit").bounding_box()
    assert gbox["x"] >= fit["x"] - 1 and gbox["x"] + gbox["width"] <= fit["x"] + fit["width"] + 1, (gbox, fit)
    first, last = (grid.locator(f'.tk-cell[data-x="{x}"][data-y="{y}"]').bounding_box() for x, y in ((0, 0), (5, 3)))
    assert last["x"] > first["x"] and last["y"] > first["y"]  # laid out as a 2-D board
    save_screenshot(page, "gallery-zones")

    # Marks: one of each, on a button, a hand card, a pile card and a column row, each with its
    # own frame and badge and its meaning after its name; the legend lists the four.
    marked = page.locator(f"{TABLE} [data-mark]:not(.tk-legend-item)")
    looks = marked.evaluate_all("""(els) => els.map((e) => [e.dataset.mark, e.dataset.code,
        getComputedStyle(e, "::after").borderTopStyle, getComputedStyle(e, "::before").backgroundImage])""")
    assert sorted(x[:3] for x in looks) == sorted([["hint", "pass", "solid"], ["received", "4C", "dashed"],
                                                   ["last", "5S", "double"], ["target", "row:c2", "dotted"]]), looks
    badges = [x[3] for x in looks]
    assert len(set(badges)) == 4 and all(b.startswith('url("data:image/svg+xml') for b in badges), badges
    expect(page.locator(f'{MINE} .tk-card[data-code="4C"]')).to_have_attribute("aria-label", re.compile(r"\(just received\)$"))
    expect(page.locator(f"{TABLE} .tk-moves .tk-action-button .tk-sr-only")).to_have_text(" (hint)")
    legend = page.locator(f"{TABLE} .tk-legend .tk-legend-item")
    assert legend.evaluate_all("(els) => els.map((e) => e.dataset.mark)") == ["hint", "target", "last", "received"]
    expect(legend).to_have_text(["hint", "this step's card", "played last", "just received"])

    # The words around the zones follow the language.
    page.locator(f"{TABLE} .tk-lang").select_option("ja")
    expect(seat[1].locator(".tk-leader-mark")).to_have_text("リード", timeout=STEP_TIMEOUT)
    expect(rows.nth(0).locator(".tk-arrow")).to_have_attribute("aria-label", "上がっていく")
    expect(page.locator(f"{TABLE} .tk-legend .tk-legend-item").first).to_have_text("ヒント")
    assert_no_error_text(page)


@pytest.mark.parametrize(("card", "target", "code", "on_zone"), [
    ("QS", '.tk-trick-seat[data-seat="3"]', "trick:QS:3", 2),
    ("9D", '.tk-ring-pos[data-pos="5"]', "ring:9D:5", 2),
    ("4C", '.tk-row-head[data-row="c3"]', "row:4C:c3", 2),
    ("KH", '.tk-cell[data-x="4"][data-y="3"]', "cell:KH:4,3", 2),
    ("8S", '.tk-hand[data-zone="hand-1"] .tk-target-button', "name:8S:1", 1),
    ("8S", '.tk-choose .tk-choice-button[data-code="suit:8S:H"]', "suit:8S:H", 1),
])
def test_a_choice_clicked_on_its_zone_sends_its_code(page: Page, gallery_url: str, card: str, target: str,
                                                      code: str, on_zone: int) -> None:
    _open(page, gallery_url)
    page.locator(f'{MINE} .tk-card[data-code="{card}"]').click()
    choose = page.locator(CHOOSE)
    expect(choose).to_be_visible()
    expect(choose.locator(".tk-choice-button")).to_have_count(2)  # every choice is in the bar too
    expect(page.locator(f'{MINE} .tk-card.tk-selected[data-code="{card}"]')).to_have_count(1)
    expect(page.locator(TARGETS)).to_have_count(on_zone)  # the choices that name a zone, marked there
    if on_zone == 2:
        page.locator(TARGETS).first.scroll_into_view_if_needed()
        save_screenshot(page, f"gallery-choosing-{card}")
    # Cancel sends nothing and removes the marks.
    choose.locator(".tk-cancel").click()
    expect(page.locator(TARGETS)).to_have_count(0)
    expect(page.locator(CHOOSE)).to_have_count(0)
    page.wait_for_timeout(300)
    expect(page.locator(MESSAGE)).to_have_count(0)

    page.locator(f'{MINE} .tk-card[data-code="{card}"]').click()
    page.locator(f"{TABLE} {target}").click()
    # The choice is made: nothing stays clickable that would send it a second time.
    expect(page.locator(TARGETS)).to_have_count(0)
    expect(page.locator(CHOOSE)).to_have_count(0)
    _chosen(page, code)
    assert_no_error_text(page)


def test_places_that_play_at_once(page: Page, gallery_url: str) -> None:
    _open(page, gallery_url)
    for selector, code in [
        (f'{MINE} .tk-card[data-code="7H"]', "play:7H"),
        (f'{TABLE} .tk-ring-pos[data-pos="6"]', "ring:6"),
        (f'{TABLE} .tk-row-head[data-row="c2"]', "row:c2"),
        (f'{TABLE} .tk-cell[data-x="3"][data-y="1"]', "cell:3,1"),
        (f'{TABLE} .tk-row[data-row="c1"] button.tk-card[data-code="22"]', "take:22"),
        (f"{TABLE} .tk-moves .tk-action-button", "pass"),
    ]:
        page.locator(selector).click()
        _chosen(page, code)
        expect(page.locator(CHOOSE)).to_have_count(0)
    expect(page.locator(f"{TABLE} .tk-log li")).to_have_count(6)
    # A card that cannot be played asks why.
    page.locator(f'{MINE} .tk-card[data-code="2C"]').click()
    expect(page.locator(MESSAGE)).to_have_text("You asked why about 2C.", timeout=STEP_TIMEOUT)
    # Places that are only shown are not buttons.
    for selector in (f'{TABLE} .tk-ring-pos[data-pos="0"]', f'{TABLE} .tk-cell[data-x="1"][data-y="1"]',
                     f'{TABLE} .tk-row-head[data-row="c1"]', f'{TABLE} .tk-trick-seat[data-seat="1"]'):
        assert page.locator(selector).evaluate("(e) => e.tagName") != "BUTTON", selector
    assert_no_error_text(page)


def test_keyboard_tab_enter_and_arrows_in_the_grid(page: Page, gallery_url: str) -> None:
    _open(page, gallery_url)
    # Enter on a focused card plays it.
    page.locator(f'{MINE} .tk-card[data-code="7H"]').focus()
    page.keyboard.press("Enter")
    _chosen(page, "play:7H")

    # Enter on the King opens its choices: two grid cells (plus the two playable cells).
    page.locator(f'{MINE} .tk-card[data-code="KH"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{TABLE} .tk-grid .tk-choice-target")).to_have_count(2)
    buttons = page.locator(f"{TABLE} .tk-grid button.tk-cell")
    expect(buttons).to_have_count(4)
    # One tab stop for the whole board: Tab from the last control before it lands on it.
    stops = buttons.evaluate_all("(els) => els.map((e) => e.getAttribute('tabindex'))")
    assert sorted(stops) == ["-1", "-1", "-1", "0"], stops
    page.locator(f'{TABLE} .tk-row-head[data-row="c2"]').focus()
    page.keyboard.press("Tab")
    now = page.evaluate(ACTIVE)
    assert (now["x"], now["y"]) == ("2", "1"), now  # the first clickable cell
    # Arrows move between clickable cells: the nearest one in that direction.
    # (None: no clickable cell that way, the focus stays.)
    for key, expected in [("ArrowRight", ("3", "1")), ("ArrowDown", ("4", "3")), ("ArrowRight", None),
                          ("ArrowUp", ("3", "1")), ("ArrowUp", ("3", "0")), ("ArrowUp", None),
                          ("ArrowLeft", ("2", "1")), ("ArrowRight", ("3", "1")), ("ArrowDown", ("4", "3"))]:
        before = page.evaluate(ACTIVE)
        page.keyboard.press(key)
        now = page.evaluate(ACTIVE)
        assert (now["x"], now["y"]) == (expected or (before["x"], before["y"])), (key, before, now)
    # The focused cell is now the board's tab stop.
    expect(page.locator(f'{TABLE} .tk-grid button.tk-cell[tabindex="0"]')).to_have_attribute("data-x", "4")
    page.keyboard.press("Enter")
    _chosen(page, "cell:KH:4,3")

    # Arrows in the ring move between its clickable positions; Enter picks one.
    page.locator(f'{MINE} .tk-card[data-code="9D"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{TABLE} .tk-ring .tk-choice-target")).to_have_count(2)
    page.locator(f'{TABLE} .tk-ring-pos[data-pos="2"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE)["key"] == "ring:5"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE)["key"] == "ring:6"  # the playable position
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    _chosen(page, "ring:9D:5")

    # Tab reaches the choose bar's buttons too; Enter there sends that choice.
    page.locator(f'{MINE} .tk-card[data-code="4C"]').focus()
    page.keyboard.press("Enter")
    bar = page.locator(f"{CHOOSE} .tk-choice-button")
    expect(bar).to_have_count(2)
    bar.first.focus()
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE)["code"] == "row:4C:c3"
    page.keyboard.press("Enter")
    _chosen(page, "row:4C:c3")
    save_screenshot(page, "gallery-keyboard")
    assert_no_error_text(page)


def test_pickers_by_keyboard(page: Page, gallery_url: str) -> None:
    """A number picker (2 to 12 in steps of two) and a list picker, used with the keyboard only:
    Tab between their parts, Enter or Space on − and +, arrows in the field and the list, Enter
    to send; each part is named from the catalogue; a typed number becomes an allowed one."""
    _open(page, gallery_url)
    count = page.get_by_role("group", name=tr("widgets.gallery.count", "en"), exact=True)
    field = count.get_by_role("spinbutton", name=tr("widgets.gallery.count", "en"), exact=True)
    more = count.get_by_role("button", name=f"{tr('widgets.table.picker_more', 'en')}: {tr('widgets.gallery.count', 'en')}")
    expect(field).to_have_value("2")
    page.locator(f"{TABLE} .tk-moves .tk-action-button").first.focus()  # Pass, just before the pickers
    page.keyboard.press("Tab")  # −
    page.keyboard.press("Tab")  # the field
    assert page.evaluate(ACTIVE)["key"] == "tk-picker-count-value"
    page.keyboard.press("ArrowUp")
    expect(field).to_have_value("4")
    page.keyboard.press("Tab")  # +
    assert page.evaluate(ACTIVE)["key"] == "tk-picker-count-more"
    page.keyboard.press("Enter")
    page.keyboard.press(" ")
    expect(field).to_have_value("8")
    expect(count.locator(".tk-picker-submit")).to_have_text(tr("widgets.gallery.count_submit", "en", n=8))
    page.keyboard.press("Tab")  # the send button
    page.keyboard.press("Enter")
    _chosen(page, "count:8")
    field.fill("7")  # between two allowed numbers: leaving the field takes the nearest above
    field.press("Tab")
    expect(field).to_have_value("8")
    field.fill("99")
    field.press("Enter")  # brought back to the largest allowed number, then sent
    _chosen(page, "count:12")
    expect(more).to_have_attribute("aria-disabled", "true")

    colour = page.get_by_role("group", name=tr("widgets.gallery.colour", "en"), exact=True)
    menu = colour.get_by_role("combobox", name=tr("widgets.gallery.colour", "en"), exact=True)
    menu.focus()
    menu.select_option(label=tr("widgets.gallery.colour_G", "en"))
    page.keyboard.press("Enter")
    _chosen(page, "colour:G")
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE)["key"] == "tk-picker-colour-submit"
    page.keyboard.press("Enter")
    _chosen(page, "colour:G")
    assert_no_error_text(page)


def test_a_400px_screen_keeps_every_zone_usable(page: Page, gallery_url: str) -> None:
    page.set_viewport_size({"width": 400, "height": 1500})
    _open(page, gallery_url)
    width = page.evaluate("() => window.innerWidth")
    assert width == 400
    # No horizontal overflow: not the page, and no part of the table beyond the screen.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    overflow = page.locator(TABLE).evaluate(
        """(t) => Array.from(t.querySelectorAll('*')).filter((e) => e.getClientRects().length)
               .map((e) => [e.className && e.className.baseVal === undefined ? e.className : e.tagName,
                            Math.round(e.getBoundingClientRect().right)])
               .filter(([, right]) => right > window.innerWidth)""")
    assert overflow == [], overflow[:10]
    # Cards stay big enough to see and to hit.
    for selector in (f"{MINE} .tk-card", f"{TABLE} .tk-ring .tk-ring-pos",
                     f"{TABLE} .tk-trick .tk-card", f"{TABLE} .tk-grid .tk-cell"):
        box = page.locator(selector).first.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 34, (selector, box)
    save_screenshot(page, "gallery-400px")
    # Still usable: a choice on the ring and one on the grid.
    page.locator(f'{MINE} .tk-card[data-code="9D"]').click()
    page.locator(f'{TABLE} .tk-ring-pos[data-pos="2"]').click()
    _chosen(page, "ring:9D:2")
    page.locator(f'{MINE} .tk-card[data-code="KH"]').click()
    page.locator(f'{TABLE} .tk-cell[data-x="2"][data-y="1"]').click()
    _chosen(page, "cell:KH:2,1")
    page.locator(f"{TABLE} .tk-large-toggle").check()  # large mode still fits
    expect(page.locator(TABLE)).to_have_class("tk-table tk-large")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    save_screenshot(page, "gallery-400px-large")
    assert_no_error_text(page)
