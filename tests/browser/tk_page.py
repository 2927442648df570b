"""Helpers shared by the interaction tests: opening a dashboard, driving the PlayTable front end,
and checking the widget traffic for hidden cards.

Everything here reads the page only through what a visitor's browser has: the DOM, and the
widget states the kernel sent (``helpers_browser.widget_messages``).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from helpers_browser import widget_messages
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 60_000  # ms: a cold kernel plus the widget bundles
STEP_TIMEOUT = 15_000  # ms: one click -> Python -> (bots) -> DOM; ~50 ms when healthy

TABLE = ".tk-table"
MY_HAND = ".tk-table .tk-hand.tk-mine"
MY_CARDS = f"{MY_HAND} .tk-card"
MY_PLAYABLE = f"{MY_HAND} .tk-card.tk-playable"
MY_BLOCKED = f"{MY_HAND} .tk-card.tk-blocked"

# A card code of Up&Down (a number 1-100, Pass, Turn or Shot), or an action code: "S2" is a Shot
# naming seat 2 (it uses a Shot card).
ACTION_CODE = re.compile(r"^(100|[1-9][0-9]?|P|T|S)[0-9]*$")


def open_dashboard(page: Page, base_url: str, name: str) -> None:
    """Load ``dashboards/<name>.ipynb`` and wait until Voilà finished executing it."""
    page.goto(f"{base_url}/voila/render/{name}.ipynb")
    expect(page.locator("h1.tk-title")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)


def set_range(page: Page, selector: str, value: int) -> None:
    """Move a range input the way a user does: set its value, then fire ``input`` and ``change``."""
    page.locator(selector).evaluate(
        """(el, v) => { el.value = String(v);
                         el.dispatchEvent(new Event("input", {bubbles: true}));
                         el.dispatchEvent(new Event("change", {bubbles: true})); }""",
        value,
    )


def board_html(page: Page) -> str:
    """The board (field, counters, hands): drawn from the view-model only, so it changes exactly
    when Python sends a new view (other redraws, e.g. for the log, rebuild the same HTML)."""
    html: str = page.locator(f"{TABLE} .tk-board").evaluate("(el) => el.innerHTML")
    return html


_SETTLED = """(prev) => {
  const table = document.querySelector(".tk-table");
  if (!table) return false;
  if (table.querySelector(".tk-summary")) return "over";
  const board = table.querySelector(".tk-board");
  if (!board || board.innerHTML === prev) return false;
  return table.querySelector(".tk-hand.tk-mine .tk-card.tk-playable") ? "turn" : false;
}"""


def wait_for_my_turn(page: Page, previous_board: str | None, timeout: float = STEP_TIMEOUT) -> str:
    """Wait until the end-of-game summary shows ("over"), or a *new* view lets me play ("turn").

    While bots move the views have no playable card of mine, and a view that again has one is
    the one Python waits on (bots never move on my turn), so this never acts on a stale view.
    """
    result: str = page.wait_for_function(_SETTLED, arg=previous_board, timeout=timeout).json_value()
    return result


def my_hand_keys(page: Page) -> list[str]:
    return page.locator(MY_CARDS).evaluate_all("(els) => els.map((e) => e.dataset.key)")


def play_first_playable(page: Page) -> str:
    """Click my first playable card (and, for a Shot, the first target). Returns the code sent.

    Call it on a settled view (``wait_for_my_turn``) and take ``board_html`` *before* it.
    """
    card = page.locator(MY_PLAYABLE).first
    code = card.get_attribute("data-code") or ""
    card.click()
    if code == "S":
        target = page.locator(f"{TABLE} .tk-target-button").first
        expect(target).to_be_visible(timeout=2_000)
        seat = target.get_attribute("data-target")
        target.click()
        # The choice is made: no target button may stay clickable while Python answers (a
        # second click would send a second Shot).
        assert page.locator(f"{TABLE} .tk-target-button").count() == 0, "target buttons outlive the choice"
        return f"S{seat}"
    return code


# --- hidden information -------------------------------------------------------------------

def _card_codes(value: Any) -> Iterable[str]:
    """Every card code in a JSON value: faces ({"code": ..}), legal actions, anything with a code."""
    if isinstance(value, dict):
        code = value.get("code")
        if isinstance(code, str) and ACTION_CODE.match(code):
            yield ACTION_CODE.match(code).group(1)  # type: ignore[union-attr]
        for item in value.values():
            yield from _card_codes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _card_codes(item)


def _game_number(view: dict[str, Any]) -> int:
    match = re.search(r"\d+", str(view.get("subtitle", "")))
    return int(match.group()) if match else 0


def hidden_card_leaks(messages: list[dict[str, Any]], viewer: int = 0) -> list[str]:
    """What the browser received that seat ``viewer`` may not see, as readable problems.

    Walks every widget state in the order received. For each PlayTable view (a state with
    ``view.zones``) the public cards are the viewer's own hand and the pile, accumulated over
    the current game (a new game reshuffles). Two checks per view:

    - structural: another seat's hand zone holds card faces (it must only carry a ``hidden`` count);
    - by code: some card code anywhere in the message (any widget) is not public in this game.
    """
    problems: list[str] = []
    public: set[str] = set()
    game_no = None
    for index, item in enumerate(messages):
        state = item.get("state") or {}
        view = state.get("view")
        if isinstance(view, dict) and isinstance(view.get("zones"), list):
            number = _game_number(view)
            if number != game_no:
                game_no, public = number, set()
            for zone in view["zones"]:
                cards = zone.get("cards") or []
                codes = {c["face"]["code"] for c in cards if c.get("face")}
                if zone.get("kind") == "pile" or (zone.get("kind") == "hand" and zone.get("owner") == viewer):
                    public |= codes
                elif zone.get("kind") == "hand":
                    if cards:
                        problems.append(f"message {index}: {zone.get('id')} shows {sorted(codes)}")
                    if not isinstance(zone.get("hidden"), int):
                        problems.append(f"message {index}: {zone.get('id')} has no face-down count")
        unseen = set(_card_codes(state)) - public
        if unseen:
            problems.append(f"message {index} ({item.get('method')}): cards not public in game "
                            f"{game_no}: {sorted(unseen)}")
    return problems


def play_table_views(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m["state"]["view"] for m in messages
            if isinstance(m.get("state", {}).get("view"), dict) and "zones" in m["state"]["view"]]


def recent_views(page: Page, count: int = 10) -> str:
    """A short account of the last views the page received (for failure messages)."""
    lines = []
    for view in play_table_views(widget_messages(page))[-count:]:
        mine = [z for z in view["zones"] if z.get("kind") == "hand" and z.get("owner") == view.get("viewer")]
        hand = [(c["face"]["code"], c.get("playable")) for z in mine for c in z.get("cards", []) if c.get("face")]
        lines.append(f"current={view.get('current')} my_turn={view.get('my_turn')} over={view.get('over')} "
                     f"prompt={view.get('prompt')!r} hand={hand}")
    return "\n".join(lines)
