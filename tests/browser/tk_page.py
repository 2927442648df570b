"""Helpers shared by the interaction tests: opening a dashboard, the play dashboard's header (Mode,
Players, Deal), driving the PlayTable front end (one move, or a whole match by clicking), and
checking the widget traffic for hidden cards.

Everything here reads the page only through what a visitor's browser has: the DOM, and the
widget states the kernel sent (``helpers_browser.widget_messages``).
"""

from __future__ import annotations

import re
import time
from typing import Any, Callable, Iterable, Sequence

from helpers_browser import save_screenshot, widget_messages
from playwright.sync_api import Locator, Page, expect

from tablekit.i18n import LANGUAGES, tr
from tablekit.widgets.labels import preset_label
from tablekit.widgets.walkthrough import finished_text

LOAD_TIMEOUT = 120_000  # ms: a cold kernel plus the widget bundles (on a busy two-core machine)
STEP_TIMEOUT = 15_000  # ms: one click -> Python -> (bots) -> DOM; ~50 ms when healthy
# s: a whole game played by clicking (a guard against a game that never ends; max_clicks bounds
# the moves). Solo and Cul-de-sac work out the "Still winnable?" meter after each move (up to
# 0.5 CPU-s), so on a busy two-core machine 31 moves of solo took over 30 s.
GAME_BUDGET = 180.0

TABLE = ".tk-table"
MY_HAND = ".tk-table .tk-hand.tk-mine"
MY_CARDS = f"{MY_HAND} .tk-card"
MY_PLAYABLE = f"{MY_HAND} .tk-card.tk-playable"
MY_BLOCKED = f"{MY_HAND} .tk-card.tk-blocked"
# The playable cards of the seat to act: only ever the seats the person at the screen controls
# (my own seat, or every seat in Solo, where the current hand need not be ``.tk-mine``).
CURRENT_PLAYABLE = f"{TABLE} .tk-hand.tk-current .tk-card.tk-playable"

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


def bots_at_full_speed(page: Page) -> None:
    """Drag the table's speed slider to its right end: the bots move at once (a wait of 0 ms)."""
    page.locator(f"{TABLE} .tk-speed").evaluate(
        """(s) => { s.value = s.max;
                     s.dispatchEvent(new Event("input", {bubbles: true}));
                     s.dispatchEvent(new Event("change", {bubbles: true})); }""")


def board_html(page: Page) -> str:
    """The board (field, counters, hands): drawn from the view-model only, so it changes exactly
    when Python sends a new view (other redraws, e.g. for the log, rebuild the same HTML)."""
    html: str = page.locator(f"{TABLE} .tk-board").evaluate("(el) => el.innerHTML")
    return html


_SETTLED = """([prev, playable]) => {
  const table = document.querySelector(".tk-table");
  if (!table) return false;
  if (table.querySelector(".tk-summary.tk-final")) return "over";
  if (table.querySelector(".tk-summary .tk-next-round")) return "round";
  const board = table.querySelector(".tk-board");
  if (!board || board.innerHTML === prev) return false;
  return document.querySelector(playable) ? "turn" : false;
}"""


def wait_for_my_turn(page: Page, previous_board: str | None, timeout: float = STEP_TIMEOUT,
                     playable: str = MY_PLAYABLE) -> str:
    """Wait until the end-of-game summary shows ("over"), a round's end waits for Next round
    ("round"), or a *new* view lets me play ("turn").

    While bots move the views have no playable card of mine, and a view that again has one is
    the one Python waits on (bots never move on my turn), so this never acts on a stale view.
    ``playable`` is where my playable cards are (``CURRENT_PLAYABLE`` in Solo).
    """
    result: str = page.wait_for_function(_SETTLED, arg=[previous_board, playable], timeout=timeout).json_value()
    return result


def my_hand_keys(page: Page) -> list[str]:
    return page.locator(MY_CARDS).evaluate_all("(els) => els.map((e) => e.dataset.key)")


def play_first_playable(page: Page, playable: str = MY_PLAYABLE, last: bool = False) -> str:
    """Click my first playable card (``last``: the last one) and, for a Shot, the first target.
    Returns the code sent.

    Call it on a settled view (``wait_for_my_turn``) and take ``board_html`` *before* it.
    """
    cards = page.locator(playable)
    card = cards.last if last else cards.first
    code = card.get_attribute("data-code") or ""
    card.click()
    if code == "S":
        target = page.locator(f"{TABLE} .tk-target-button").first
        expect(target).to_be_visible(timeout=STEP_TIMEOUT)
        seat = target.get_attribute("data-target")
        target.click()
        # The choice is made: no target button may stay clickable while Python answers (a
        # second click would send a second Shot).
        assert page.locator(f"{TABLE} .tk-target-button").count() == 0, "target buttons outlive the choice"
        return f"S{seat}"
    return code


# What I can click on my turn at American Page One: a card, or a move button (draw, pass, ...).
PAGE_ONE_MOVE = f"{MY_PLAYABLE}, {TABLE} .tk-action-button"


def page_one_move(page: Page) -> str:
    """Click a Page One move on a settled view of my turn (a card, then the choice it asks for:
    an Eight's suit, a call, several cards; else the first move button); returns the code sent
    (a button's label)."""
    card = page.locator(MY_PLAYABLE).first
    if card.count():
        code = card.get_attribute("data-code") or ""
        card.click()
        choice = page.locator(f"{TABLE} .tk-choice-button")
        if choice.count():  # an Eight's suit, a call, several cards: decided after the click
            code = choice.first.get_attribute("data-code") or ""
            choice.first.click()
            assert page.locator(f"{TABLE} .tk-choice-button").count() == 0, "choices outlive the pick"
        return code
    move = page.locator(f"{TABLE} .tk-action-button").first
    text = move.inner_text()
    move.click()
    return text


def play_page_one_round(page: Page, budget: float, max_clicks: int, step_timeout: float = STEP_TIMEOUT) -> tuple[int, str]:
    """Play my seat of a Page One round to its end by clicking (``page_one_move`` on each of my
    turns), within ``budget`` seconds and ``max_clicks`` moves, each answered within
    ``step_timeout`` ms. Once, on a turn with a card that cannot be played, click it first: the
    page must refuse it with a reason and change nothing. Returns the number of moves made and
    that refusal's text ("" if no card was ever blocked)."""
    clicks, sent, refusal = 0, "", ""
    deadline = time.monotonic() + budget
    state = wait_for_my_turn(page, None, step_timeout, playable=PAGE_ONE_MOVE)
    while state == "turn":
        assert clicks < max_clicks, f"no end after {clicks} moves"
        assert time.monotonic() < deadline, f"round not over after {budget:.0f} s ({clicks} moves)"
        if not refusal and page.locator(MY_BLOCKED).count():  # a card that cannot be played says why
            before = board_html(page)
            page.locator(MY_BLOCKED).first.click()
            message = page.locator(f"{TABLE} .tk-message")
            expect(message).to_have_class("tk-message tk-msg-refusal", timeout=step_timeout)
            refusal = message.inner_text().strip()
            assert refusal and board_html(page) == before
        board = board_html(page)
        try:
            sent = page_one_move(page)
            clicks += 1
            state = wait_for_my_turn(page, board, step_timeout, playable=PAGE_ONE_MOVE)
        except Exception as exc:
            raise AssertionError(f"move {clicks + 1} ({sent}): {exc}\nlast views:\n{recent_views(page)}") from exc
    return clicks, refusal


def deal_code_shown(page: Page) -> str:
    """The deal code on screen: only once a game is over (or shared); "(hidden)" before."""
    code = page.locator(f"{TABLE} .tk-deal-code")
    return code.first.inner_text().strip() if code.count() else "(hidden)"


def next_round(page: Page) -> None:
    """Close a round's summary with its Next round button and wait until that summary is gone
    (the next round may end at once, without a move of mine, and show a summary of its own)."""
    summary = page.locator(f"{TABLE} .tk-summary").element_handle()
    page.locator(f"{TABLE} .tk-summary .tk-next-round").click()
    page.wait_for_function("(el) => !el.isConnected", arg=summary, timeout=STEP_TIMEOUT)


def play_again(page: Page) -> None:
    """Start a new game with the final summary's Play again button and wait until that summary
    is gone, so that a wait for the next turn never takes the old game's summary for its end."""
    summary = page.locator(f"{TABLE} .tk-summary.tk-final").element_handle()
    page.locator(f"{TABLE} .tk-summary .tk-play-again").click()
    page.wait_for_function("(el) => !el.isConnected", arg=summary, timeout=STEP_TIMEOUT)


def play_until_over(page: Page, *, playable: str = MY_PLAYABLE, last: bool = False, max_clicks: int = 400,
                    budget: float = GAME_BUDGET, every: Callable[[int], None] | None = None) -> int:
    """Play settled views by clicking (``play_first_playable``) until the summary shows; the
    number of clicks. Call it on a settled view of my turn, or where bots still have to move:
    it first waits for a view that lets me play. ``every(clicks)`` runs after each move. A
    failure names the deal code (type it into the table to replay the same match).
    """
    deal = deal_code_shown(page)
    clicks, sent = 0, ""
    deadline = time.monotonic() + budget
    state = wait_for_my_turn(page, None, playable=playable)
    while state in ("turn", "round"):
        if state == "round":  # a game of the match is over: look, then go on
            assert time.monotonic() < deadline, f"{deal}: not over after {budget:.0f} s ({clicks} moves)"
            next_round(page)
            state = wait_for_my_turn(page, None, playable=playable)
            continue
        assert clicks < max_clicks, f"{deal}: no end after {clicks} moves"
        assert time.monotonic() < deadline, f"{deal}: not over after {budget:.0f} s ({clicks} moves)"
        board = board_html(page)  # before the click: choosing a Shot's target redraws the board
        try:
            sent = play_first_playable(page, playable, last)
            clicks += 1
            state = wait_for_my_turn(page, board, playable=playable)
        except Exception as exc:
            raise AssertionError(f"{deal}, move {clicks + 1} ({sent}): {exc}\n"
                                 f"last views:\n{recent_views(page)}") from exc
        if every is not None:
            every(clicks)
    return clicks


def log_received(page: Page) -> list[str]:
    """The table's log as Python last sent it (the widget with a ``view`` and a ``log``)."""
    table_ids = {m["model_id"] for m in widget_messages(page) if isinstance(m["state"].get("view"), dict)}
    logs = [m["state"]["log"] for m in widget_messages(page)
            if m["model_id"] in table_ids and isinstance(m["state"].get("log"), list)]
    return logs[-1] if logs else []


def assert_log_is_current(page: Page) -> None:
    """The log on screen is the end of the log Python sent last (the table shows 40 lines)."""
    expected = log_received(page)[-40:]
    expect(page.locator(f"{TABLE} .tk-log li")).to_have_count(len(expected))
    assert page.locator(f"{TABLE} .tk-log li").all_inner_texts() == expected


# --- the play dashboard's header ------------------------------------------------------------

def choose_preset(page: Page, preset: str, lang: str = "en") -> None:
    """Pick a Mode in the header (an ipywidgets Dropdown: a ``<select>`` named by its label).

    Python then sets Players to the preset's number of seats."""
    select = page.get_by_label(tr("widgets.dash.preset", lang), exact=True)
    label = preset_label("up_and_down", preset, lang)
    # ipywidgets writes option texts with no-break spaces ("Cul-de-sac\u00a0solo"): pick by index.
    index = select.evaluate(r"(el, label) => Array.from(el.options).findIndex("
                            r"(o) => o.textContent.replace(/\u00a0/g, ' ') === label)", label)
    assert index >= 0, f"no Mode {label!r} in the header"
    select.select_option(index=index)


def set_players(page: Page, players: int, lang: str = "en") -> None:
    """Type a number of players into the header's Players box (sent on Enter, like a user)."""
    box = page.get_by_label(tr("widgets.dash.players", lang), exact=True)
    box.fill(str(players))
    box.press("Enter")
    expect(box).to_have_value(str(players))


def press_deal(page: Page, preset: str, players: int, lang: str = "en") -> str:
    """Press the bar's Deal button and wait for the new deal's board (the deal code stays hidden
    while the game goes on) with ``players`` hands; returns the title the table shows for it.

    The board changing means the new deal is on screen, so no stale card gets clicked.
    """
    board = board_html(page)
    # (the button's accessible name also holds its icon, so it is found by its text)
    page.locator(".tk-dash-bar button.widget-button", has_text=tr("widgets.dash.deal", lang)).click()
    page.wait_for_function(f"(prev) => document.querySelector('{TABLE} .tk-board').innerHTML !== prev",
                           arg=board, timeout=STEP_TIMEOUT)
    expect(page.locator(f"{TABLE} .tk-board .tk-hand, {TABLE} .tk-side-hands .tk-hand")).to_have_count(
        players, timeout=STEP_TIMEOUT)
    return str(page.locator(f"{TABLE} .tk-title").inner_text())


def type_deal_code(page: Page, code: str) -> None:
    """Type a deal code into the bar's box and press Enter: the bar takes that deal and deals it."""
    board = board_html(page)
    box = page.locator(".tk-dash-bar .widget-text input[type=text]")
    box.fill(code)
    box.press("Enter")
    page.wait_for_function(f"(prev) => document.querySelector('{TABLE} .tk-board').innerHTML !== prev",
                           arg=board, timeout=STEP_TIMEOUT)


def choose_language(page: Page, lang: str) -> None:
    """Press the bar's language switch (English / 日本語)."""
    from tablekit.widgets.labels import LANGUAGE_NAMES

    page.locator(".tk-dash-bar .widget-toggle-buttons button", has_text=LANGUAGE_NAMES[lang]).click()
    expect(page.locator(TABLE)).to_have_attribute("lang", lang, timeout=STEP_TIMEOUT)


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


# Cul-de-sac (and its Solo form) is played with open hands (``UpAndDownConfig.open_hands``): the
# view-model names the mode in its title ("Up&Down — Cul-de-sac"), in every language.
OPEN_HAND_TITLES = frozenset(
    f"{tr('up_and_down.title', lang)} — {tr(f'up_and_down.label.mode.{mode}', lang)}"
    for lang in LANGUAGES for mode in ("cul_de_sac", "solo"))


def open_hands_view(view: dict[str, Any]) -> bool:
    """Does the rule let every seat see the other hands still in the game (Cul-de-sac, Solo)?"""
    return view.get("title") in OPEN_HAND_TITLES


def hidden_card_leaks(messages: list[dict[str, Any]], viewer: int = 0,
                      open_hands: Callable[[dict[str, Any]], bool] = open_hands_view) -> list[str]:
    """What the browser received that seat ``viewer`` may not see, as readable problems.

    Walks every widget state in the order received. For each PlayTable view (a state with
    ``view.zones``) the public cards are the viewer's own hand and the pile, accumulated over
    the current game (a new game or another mode reshuffles). Where ``open_hands(view)`` (by
    default: the view's title names Cul-de-sac or Solo) the hands of the seats still in are
    public too, and only an eliminated seat's hand (``out``, turned face down) must be hidden.
    Two checks per view:

    - structural: a hand that must be hidden holds card faces (it must only carry a ``hidden`` count);
    - by code: some card code anywhere in the message (any widget) is not public in this game
      (the hands a round's summary reveals, ``view.round_end``, are public: the rules show them).
    """
    problems: list[str] = []
    public: set[str] = set()
    game = None
    for index, item in enumerate(messages):
        state = item.get("state") or {}
        view = state.get("view")
        if isinstance(view, dict) and isinstance(view.get("zones"), list):
            key = (view.get("title"), _game_number(view))
            if key != game:
                game, public = key, set()
            is_open = open_hands(view)
            for zone in view["zones"]:
                cards = zone.get("cards") or []
                codes = {c["face"]["code"] for c in cards if c.get("face")}
                if zone.get("kind") == "pile" or (zone.get("kind") == "hand" and zone.get("owner") == viewer):
                    public |= codes
                elif zone.get("kind") == "hand":
                    if is_open and not zone.get("out"):
                        public |= codes
                        continue
                    if cards:
                        problems.append(f"message {index}: {zone.get('id')} shows {sorted(codes)}")
                    if not isinstance(zone.get("hidden"), int):
                        problems.append(f"message {index}: {zone.get('id')} has no face-down count")
        # The hands shown at a round's end are public from then on (the rules reveal them to score).
        revealed = set(_card_codes((view or {}).get("round_end") or {})) if isinstance(view, dict) else set()
        unseen = set(_card_codes(state)) - public - revealed
        if unseen:
            problems.append(f"message {index} ({item.get('method')}): cards not public in game "
                            f"{game}: {sorted(unseen)}")
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


# --- lessons in the learn dashboard -----------------------------------------------------------
def lesson_counter(page: Page, step: int, total: int, timeout: float = STEP_TIMEOUT) -> None:
    """Wait until the lesson's step counter reads ``step / total``."""
    expect(page.locator(f"{TABLE} .tk-lesson-step")).to_have_text(
        f"{tr('widgets.walk.step', 'en')} {step} / {total}", timeout=timeout)


def finish_lesson(page: Page, index: int, lessons: Sequence[Any], move: Callable[[Any, int, Any], str],
                  ways: set[str], step_timeout: float = STEP_TIMEOUT) -> None:
    """Open lesson ``index`` from the menu and finish it: Next on each watch step, ``move(lesson,
    step index, step)`` on each "your turn" step (it clicks the move and says where it was made,
    which goes into ``ways``); each narration and the closing text are checked, each within
    ``step_timeout`` ms."""
    lesson = lessons[index]
    total = len(lesson.steps) + 1
    page.locator(f"{TABLE} .tk-lesson-select").select_option(str(index))
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(lesson.title, "en"), timeout=step_timeout)
    lesson_counter(page, 1, total, step_timeout)
    message = page.locator(f"{TABLE} .tk-message")
    for k, step in enumerate(lesson.steps):
        expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(tr(step.narration, "en", **dict(step.params)),
                                                                    timeout=step_timeout)
        if step.your_turn:
            expect(page.locator(f"{TABLE} .tk-next")).to_be_disabled(timeout=step_timeout)
            try:
                ways.add(move(lesson, k, step))
                expect(message).to_have_text(tr("widgets.walk.well_done", "en"), timeout=step_timeout)
            except AssertionError as exc:
                raise AssertionError(f"step {k + 1} ({step.action}): {exc}; message: {message.all_inner_texts()}") from exc
        else:
            page.locator(f"{TABLE} .tk-next").click()
        lesson_counter(page, k + 2, total, step_timeout)
    expect(page.locator(f"{TABLE} .tk-narration")).to_have_text(finished_text(lessons, index, "en"), timeout=step_timeout)


def finish_every_lesson(page: Page, voila_url: str, game: str, lessons: Sequence[Any],
                        move: Callable[[Any, int, Any], str]) -> set[str]:
    """Open the learn dashboard from a teacher's link for ``game``, check its lesson menu, and
    finish every lesson (see :func:`finish_lesson`); one report names every lesson that fails.
    Returns where the learner's moves were made."""
    page.goto(f"{voila_url}/voila/render/learn.ipynb?game={game}")
    expect(page.locator(f"{TABLE} .tk-lesson-title")).to_have_text(tr(lessons[0].title, "en"), timeout=LOAD_TIMEOUT)
    options = page.locator(f"{TABLE} .tk-lesson-select option").all_inner_texts()
    assert options == [f"{i + 1}. {tr(lesson.title, 'en')}" for i, lesson in enumerate(lessons)]
    ways: set[str] = set()
    failures = []
    for index, lesson in enumerate(lessons):
        try:
            finish_lesson(page, index, lessons, move, ways)
        except AssertionError as exc:
            save_screenshot(page, f"{game.replace('_', '-')}-lesson-{index + 1:02d}-FAILED")
            failures.append(f"lesson {index + 1} ({tr(lesson.title, 'en')}): {str(exc)[:600]}")
    assert not failures, "\n".join(failures)
    return ways


# --- the play dashboard by mouse and keyboard ---------------------------------------------------
def open_play(page: Page, voila_url: str, query: str, title: str) -> None:
    """Open the play dashboard from a teacher's link (``query``), wait for the table titled
    ``title`` (an i18n code), and let the bots move at once."""
    page.goto(f"{voila_url}/voila/render/play.ipynb?{query}")
    expect(page.locator(f"{TABLE} .tk-title")).to_contain_text(tr(title, "en"), timeout=LOAD_TIMEOUT)
    bots_at_full_speed(page)


def press(target: Locator, keyboard: bool) -> None:
    """Use ``target`` with the mouse, or with the keyboard (focus, Enter)."""
    if keyboard:
        target.focus()
        target.press("Enter")
    else:
        target.click()


def open_fast_play(page: Page, voila_url: str) -> None:
    """Open the play dashboard as a visitor does (its default deal), wait until a card of mine
    can be played, and let the bots move at once."""
    open_dashboard(page, voila_url, "play")
    expect(page.locator(MY_PLAYABLE).first).to_be_visible(timeout=LOAD_TIMEOUT)
    bots_at_full_speed(page)
