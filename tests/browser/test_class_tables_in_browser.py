"""Class tables in Chromium: learners join their class on the join page (``dashboards/join.ipynb``),
each in a browser context of their own, and play whole games at one table by clicking.

The server's class store is a temporary SQLite file (``class_voila``; the test process opens the
same file to set the class up, as the teacher's page would). At one Page One table and at one
Ultimate table (other seats bots):

- each learner joins with the class's link and a name, gets their own link in the address bar,
  takes a seat, and sees the other's moves drawn (the move's words in their own language reach
  their table's log);
- every websocket frame either page received is checked for the cards of every other seat that
  the page's seat could not have seen by then (the engine's own observations, move by move);
- a forged message from one page playing the other's legal move (naming that seat) is refused
  in the page's language, and nothing changes;
- closing the tab and opening the personal link again gives the same seat back, mid-game;
- (Page One) the same learner's link open in two tabs, both clicking at once: exactly one move
  is taken and the other tab says, in its language, that the table moved on.

A server restart mid-game: the pages opened again with the personal links go on with the game.
Screenshots (``test-artifacts/``): the join page's form and list of tables and a class table at
1280x800 and 400x800, in English and Japanese.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from helpers_browser import INIT_SCRIPT, assert_no_error_text, record_widget_messages, save_screenshot, widget_messages
from playwright.sync_api import Browser, Page, expect
from tk_page import (
    LOAD_TIMEOUT,
    MY_PLAYABLE,
    STEP_TIMEOUT,
    TABLE,
    assert_log_is_current,
    board_html,
    bots_at_full_speed,
    log_received,
    play_table_views,
)

from tablekit.classroom import ClassStore, SharedSession
from tablekit.core.match import Match
from tablekit.core.record import Record
from tablekit.core.view import iter_cards
from tablekit.i18n import tr
from tablekit.widgets import links

pytestmark = pytest.mark.browser

LOOPBACK = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
MOVES = f"{MY_PLAYABLE}, {TABLE} .tk-action-button"  # what a learner can click on their turn
GAME_BUDGET = 300.0  # seconds for a whole game (both learners' clicks, the bots, the polls)
SEEN_TIMEOUT = 20.0  # seconds for a move to reach the other learner's page

# Where the page stands: "over" (the final summary), "round" (a round's summary waits for Next
# round), "turn" (a move of mine can be clicked), "wait" (another seat is to move).
_STATE = """(moves) => {
  const table = document.querySelector(".tk-table");
  if (!table) return "none";
  if (table.querySelector(".tk-summary.tk-final")) return "over";
  if (table.querySelector(".tk-summary .tk-next-round")) return "round";
  return document.querySelector(moves) ? "turn" : "wait";
}"""

# Click, from the page's own code, the first move of mine that plays at once (a card without a
# choice to make, else a move button); returns its code (null: none).
_CLICK_NOW = """() => {
  const cards = Array.from(document.querySelectorAll(".tk-table .tk-hand.tk-mine .tk-card.tk-playable"))
    .filter((c) => c.dataset.code);
  const target = cards[0] || document.querySelector(".tk-table .tk-action-button");
  if (!target) return null;
  target.click();
  return target.dataset.code || target.textContent;
}"""

# Send a request to the page's table (``"table"``) or join panel (``"join"``) from the page, as a
# forged message would: the widget model's own ``send``.
_FORGE = """async ([which, request]) => {
  const manager = await window.__tkApp.widgetManagerPromise.promise;
  for (const promise of Object.values(manager._models)) {
    const model = await promise;
    const view = model.get("view");
    if (!view) continue;
    if ((which === "table" && view.zones) || (which === "join" && view.stage)) { model.send(request); return true; }
  }
  return false;
}"""


@dataclass
class Learner:
    """A learner's browser page, their language and, once seated, their seat."""

    page: Page
    name: str
    lang: str
    seat: int = -1
    key: str = ""
    learner_id: int = 0

    def state(self) -> str:
        result: str = self.page.evaluate(_STATE, MOVES)
        return result


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[[tuple[int, int]], Page]]:
    """``new_page((width, height))``: a page in a browser context of its own (a learner's own
    device), recording the frames its kernel sends (``widget_messages``)."""
    contexts = []

    def make(size: tuple[int, int] = (1000, 1500)) -> Page:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(LOOPBACK)
                      else route.abort())
        context.add_init_script(INIT_SCRIPT)
        contexts.append(context)
        page = context.new_page()
        record_widget_messages(page)
        return page

    yield make
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()


# --- joining and seating ---------------------------------------------------------------------------
def open_join(page: Page, url: str, query: str) -> None:
    page.goto(f"{url}/voila/render/join.ipynb?{query}")
    expect(page.locator(".tk-join[data-stage]")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)


def join_class(learner: Learner, url: str, code: str, shots: str | None = None) -> None:
    """Open the class's link, type a name, Join: the learner's own link goes into the address bar."""
    page = learner.page
    open_join(page, url, f"class={code}&lang={learner.lang}")
    expect(page.locator(".tk-join-code")).to_have_value(code)
    if shots:
        save_screenshot(page, f"join-form-{shots}")
    page.locator(".tk-join-name").fill(learner.name)
    page.locator(".tk-join-submit").click()
    expect(page.locator(".tk-join-list")).to_be_visible(timeout=STEP_TIMEOUT)
    expect(page.locator(".tk-join .tk-message")).to_have_text(
        tr("widgets.join.welcome", learner.lang, name=learner.name))
    page.wait_for_function("() => new URLSearchParams(location.search).has('key')", timeout=STEP_TIMEOUT)
    setup = links.parse_setup(urlsplit(page.url).query, "join")
    assert (setup.class_code, setup.lang) == (code, learner.lang) and setup.key
    learner.key = setup.key
    assert page.locator(".tk-join-url").inner_text().strip() == page.url  # the link shown is the address
    if shots:
        save_screenshot(page, f"join-tables-{shots}")
    assert_no_error_text(page)


def take_seat(learner: Learner, table_id: int, store: ClassStore, shots: str | None = None) -> None:
    page = learner.page
    page.locator(f".tk-join-table[data-table='{table_id}'] .tk-join-take").click()
    expect(page.locator(f"{TABLE} .tk-speed")).to_be_visible(timeout=STEP_TIMEOUT)
    me = store.learner_by_key(learner.key)
    seat = store.seat_of(me.id, table_id)
    assert seat is not None
    learner.seat, learner.learner_id = seat, me.id
    expect(page.locator(".tk-join-at")).to_contain_text(tr("core.seat", learner.lang, n=seat + 1))
    bots_at_full_speed(page)
    if shots:
        save_screenshot(page, f"class-table-{shots}")


def reopen(learner: Learner, make: Callable[[tuple[int, int]], Page], url: str, size: tuple[int, int]) -> Page:
    """Close the learner's tab; open their own link again in a new one (a new kernel)."""
    link = urlsplit(learner.page.url).query
    context = learner.page.context
    learner.page.close()
    page = context.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    record_widget_messages(page)
    learner.page = page
    open_join(page, url, link)
    expect(page.locator(f"{TABLE} .tk-speed")).to_be_visible(timeout=STEP_TIMEOUT)
    bots_at_full_speed(page)
    return page


# --- playing --------------------------------------------------------------------------------------
def one_move(page: Page) -> None:
    """Click a move on a settled view of my turn: the first playable card (and the first of the
    choices it asks for), else the first move button."""
    card = page.locator(MY_PLAYABLE).first
    if card.count():
        card.click()
        choice = page.locator(f"{TABLE} .tk-choice-button")
        if choice.count():
            choice.first.click()
        return
    page.locator(f"{TABLE} .tk-action-button").first.click()


def wait_until(page: Page, check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(100)


def move_texts(store: ClassStore, table_id: int, seq: int, lang: str) -> list[str]:
    """The words of move ``seq`` at the table, as a page's log says them in ``lang``."""
    match = Match.from_record(store.record(table_id))
    return [e.text(lang) for e in match.events[seq]]


def has_run(log: list[str], texts: list[str]) -> bool:
    return any(log[i:i + len(texts)] == texts for i in range(len(log) - len(texts) + 1))


def their_move_is_drawn(viewer: Learner, store: ClassStore, table_id: int, seq: int) -> None:
    """The other learner's move ``seq`` reached ``viewer``'s page: its table's log has its words,
    in the viewer's language."""
    texts = move_texts(store, table_id, seq, viewer.lang)
    wait_until(viewer.page, lambda: has_run(log_received(viewer.page), texts), SEEN_TIMEOUT,
               f"move {seq} ({texts}) never reached {viewer.name}'s page: {log_received(viewer.page)[-6:]}")


def play_together(learners: list[Learner], store: ClassStore, table_id: int, clicks: int | None = None,
                  until: Callable[[], bool] | None = None) -> int:
    """The learners play by clicking, each on their own turn (until the game is over, ``clicks``
    moves of theirs were made or ``until()`` holds), and each of their moves is checked to reach
    the others' pages."""
    made = 0
    deadline = time.monotonic() + GAME_BUDGET
    anyone = learners[0].page
    while (clicks is None or made < clicks) and not (until is not None and until()):
        states = [x.state() for x in learners]
        if all(s == "over" for s in states):
            break
        assert time.monotonic() < deadline, f"the game is not over after {GAME_BUDGET:.0f} s ({made} clicks)"
        for x, s in zip(learners, states):
            if s == "round":
                summary = x.page.locator(f"{TABLE} .tk-summary").element_handle()
                x.page.locator(f"{TABLE} .tk-summary .tk-next-round").click()
                x.page.wait_for_function("(el) => !el.isConnected", arg=summary, timeout=STEP_TIMEOUT)
        mover = next((x for x, s in zip(learners, states) if s == "turn"), None)
        if mover is None:
            anyone.wait_for_timeout(100)
            continue
        board = board_html(mover.page)
        known = len(store.moves(table_id))
        one_move(mover.page)
        mover.page.wait_for_function(f"(prev) => document.querySelector('{TABLE} .tk-board').innerHTML !== prev",
                                     arg=board, timeout=STEP_TIMEOUT)
        made += 1
        mine = [m.seq for m in store.moves(table_id, known) if m.seat == mover.seat]
        assert mine and store.moves(table_id, known)[0].learner_id == mover.learner_id, (mover.name, mine)
        for other in learners:
            if other is not mover:
                their_move_is_drawn(other, store, table_id, mine[0])
    return made


# --- hidden cards -----------------------------------------------------------------------------------
def _strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return {str(value)} if value is not None else set()


def _codes_received(value: Any) -> set[str]:
    """The card codes a received widget state names: card faces, and the cards inside move codes
    (``"7H"``, ``"8S:H"``, ``"KC+KH"``); not the pictures' SVG, not a round's summary (the rules
    show every hand there)."""
    found: set[str] = set()
    if isinstance(value, dict):
        face = value.get("face")
        if isinstance(face, dict) and isinstance(face.get("code"), str):
            found.add(face["code"])
        for key, item in value.items():
            if key in ("svg", "back_svg", "round_end"):
                continue
            if key in ("code", "action") and isinstance(item, str):
                found |= set(re.split(r"[+:!,\s]", item))
            else:
                found |= _codes_received(item)
    elif isinstance(value, list):
        for item in value:
            found |= _codes_received(item)
    return found


def hidden_cards_received(messages: list[dict[str, Any]], record: Record, viewer: int) -> list[str]:
    """What ``viewer``'s page received that the seat could not know: for each frame, at the move
    number of the latest view it got, the cards in the other seats' hands that none of the seat's
    own observations (``game.observe``) named up to then; and any face in another seat's hand."""
    game = record.make_game()
    match = Match.from_record(record)
    seen: list[set[str]] = []
    hidden: list[set[str]] = []
    known: set[str] = set()
    for state in match.states:
        known = known | _strings(game.observe(state, viewer))
        seen.append(known)
        players = game.observe(state, None)["players"]
        hidden.append({str(c) for p in players if p["seat"] != viewer for c in (p["hand"] or ())})
    problems = []
    step = 0
    for index, item in enumerate(messages):
        state = item.get("state") or {}
        view = state.get("view")
        if isinstance(view, dict) and isinstance(view.get("zones"), list):
            if isinstance(view.get("step"), int):
                step = view["step"]
            for zone in view["zones"]:
                if zone.get("kind") == "hand" and zone.get("owner") != viewer and any(c.get("face") for c in zone.get("cards", ())):
                    problems.append(f"frame {index}: the hand {zone.get('id')} shows faces")
        at = min(step, len(match.states) - 1)
        leaked = _codes_received(state) & (hidden[at] - seen[at])
        if leaked:
            problems.append(f"frame {index} (move {step}): {sorted(leaked)} of another seat's hand")
    return problems


def check_frames(learner: Learner, store: ClassStore, table_id: int) -> None:
    messages = widget_messages(learner.page)
    assert play_table_views(messages), f"{learner.name}'s page received no table"
    problems = hidden_cards_received(messages, store.record(table_id), learner.seat)
    assert problems == [], f"{learner.name}'s page received hidden cards:\n" + "\n".join(problems[:20])


def checker_can_fail(store: ClassStore, table_id: int, viewer: int) -> None:
    """The teacher's view of the same table after its first move (every hand) as if a learner's
    page had received it: the checker flags it."""
    teacher = SharedSession.for_teacher(store, table_id, store.teacher_key())
    view = teacher.view("en", step=1)
    view["step"] = 1
    assert any(c.get("face") for z in view["zones"] if z["kind"] == "hand" and z.get("owner") != viewer
               for c in iter_cards({"zones": [z]}))
    problems = hidden_cards_received([{"state": {"view": view}}], store.record(table_id), viewer)
    assert any("shows faces" in p for p in problems) and any("another seat's hand" in p for p in problems), problems


# --- forged and simultaneous requests ---------------------------------------------------------------
def forged_move_is_refused(forger: Learner, victim: Learner, store: ClassStore, table_id: int) -> None:
    """On the victim's turn, the forger's page sends the victim's legal move, naming their seat:
    refused in the forger's language; nothing is written, the victim's table does not change."""
    view = play_table_views(widget_messages(victim.page))[-1]
    assert view["my_turn"] and view["step"] == len(store.moves(table_id))
    code = view["actions"][0]["code"]
    known, board = len(store.moves(table_id)), board_html(victim.page)
    for request in ({"type": "play", "code": code, "seat": victim.seat},
                    {"type": "play", "code": code, "at": known, "player": victim.seat}):
        assert forger.page.evaluate(_FORGE, ["table", request])
        expect(forger.page.locator(f"{TABLE} .tk-message")).to_have_text(
            tr("core.illegal.not_your_turn", forger.lang, player=victim.seat), timeout=STEP_TIMEOUT)
    # The join panel, asked to seat the forger elsewhere in the middle of the game.
    assert forger.page.evaluate(_FORGE, ["join", {"type": "take", "table": table_id, "seat": victim.seat}])
    expect(forger.page.locator(".tk-join .tk-message")).to_have_text(
        tr("widgets.join.finish_first", forger.lang), timeout=STEP_TIMEOUT)
    forger.page.wait_for_timeout(500)  # (time for a wrongly taken move to reach the store and the pages)
    assert len(store.moves(table_id)) == known and board_html(victim.page) == board
    assert store.seat_of(forger.learner_id, table_id) == forger.seat


def table_message(page: Page) -> str:
    """The table's message line ("" when it shows none)."""
    text: str = page.evaluate(f"() => (document.querySelector('{TABLE} .tk-message') || {{}}).textContent || ''")
    return text.strip()


def two_tabs_click_at_once(tab1: Learner, tab2: Learner, others: list[Learner], store: ClassStore,
                           table_id: int) -> None:
    """One learner's link open in two tabs (English and Japanese), both on the learner's turn:
    both click a move at once. Exactly one is taken; the other tab says the table moved on.
    (Should the first tab's move reach the second before its click, so that nothing is left to
    click there, the game goes on to the learner's next turn and they try again.)"""
    for _attempt in range(3):
        play_together([tab1, *others], store, table_id, until=lambda: tab1.state() == "turn")
        for tab in (tab1, tab2):
            wait_until(tab.page, lambda tab=tab: tab.state() == "turn", SEEN_TIMEOUT, f"{tab.name}: not my turn")
        known = len(store.moves(table_id))
        boards = [board_html(t.page) for t in (tab1, tab2)]
        sent = [t.page.evaluate(_CLICK_NOW) for t in (tab1, tab2)]
        if all(sent):
            break
    assert all(sent), sent
    moved_on = [tr("classroom.error.moved_on", t.lang) for t in (tab1, tab2)]

    def told() -> list[bool]:
        return [table_message(t.page) == text for t, text in zip((tab1, tab2), moved_on)]

    wait_until(tab1.page, lambda: any(told()), SEEN_TIMEOUT, "neither tab was told that the table moved on")
    assert told().count(True) == 1, told()
    for t, board in zip((tab1, tab2), boards):  # both show the table as it now is
        t.page.wait_for_function(f"(prev) => document.querySelector('{TABLE} .tk-board').innerHTML !== prev",
                                 arg=board, timeout=STEP_TIMEOUT)
    mine = [m for m in store.moves(table_id, known) if m.seat == tab1.seat]
    assert len(mine) == 1 and mine[0].seq == known + 1, mine


# --- the tests --------------------------------------------------------------------------------------
GAMES = {
    # game: (players' seats, options, (first learner's size, language), (second's), two tabs?)
    "page_one": (["learner", "learner", "heuristic"], {}, ((1280, 800), "en"), ((400, 800), "ja"), True),
    "ultimate": (["learner", "learner", "heuristic", "heuristic"], {"single_deal": True},
                 ((400, 800), "en"), ((1280, 800), "ja"), False),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_two_learners_play_a_whole_game_at_one_table(game: str, class_voila: tuple[str, Path],
                                                     new_page: Callable[[tuple[int, int]], Page]) -> None:
    url, db = class_voila
    seats, options, (size_a, lang_a), (size_b, lang_b), two_tabs = GAMES[game]
    store = ClassStore(str(db))
    cls = store.create_class(f"Class {game}"[:40])
    [table] = store.create_tables(cls.id, game, players=len(seats), seats=seats, options=options or None)
    ann = Learner(new_page(size_a), "Ann", lang_a)
    ben = Learner(new_page(size_b), "Ben", lang_b)
    for learner, size in ((ann, size_a), (ben, size_b)):
        shots = f"{game}-{size[0]}x{size[1]}-{learner.lang}"
        join_class(learner, url, cls.code, shots)
        take_seat(learner, table.id, store, shots)
    assert (ann.seat, ben.seat) == (0, 1)
    assert {x.learner_name for x in store.seatings(table.id)} == {"Ann", "Ben"}

    # A few moves each, then a forged move of Ben's page for Ann's seat on her turn.
    play_together([ann, ben], store, table.id, clicks=4)
    play_together([ann, ben], store, table.id, until=lambda: ann.state() == "turn")
    forged_move_is_refused(ben, ann, store, table.id)

    # Ann closes her tab and opens her own link again: the same seat, the game as it stands.
    check_frames(ann, store, table.id)
    reopen(ann, new_page, url, size_a)
    expect(ann.page.locator(".tk-join .tk-message")).to_have_text(
        tr("widgets.join.welcome_back", ann.lang, name="Ann", table=table.name, player=ann.seat), timeout=STEP_TIMEOUT)
    last = play_table_views(widget_messages(ann.page))[-1]
    assert last["viewer"] == ann.seat and last["step"] == len(store.moves(table.id))
    expect(ann.page.locator(TABLE)).to_have_attribute("data-step", str(last["step"]))  # (drawn: the benchmark reads it)

    if two_tabs:  # the same link open twice: both tabs click at once
        again = Learner(new_page((1000, 1500)), "Ann (2nd tab)", "ja", ann.seat, ann.key, ann.learner_id)
        open_join(again.page, url, f"class={cls.code}&key={ann.key}&lang=ja")
        expect(again.page.locator(f"{TABLE} .tk-speed")).to_be_visible(timeout=STEP_TIMEOUT)
        bots_at_full_speed(again.page)
        two_tabs_click_at_once(ann, again, [ben], store, table.id)
        check_frames(again, store, table.id)
        again.page.context.close()

    play_together([ann, ben], store, table.id)
    assert store.get_table(table.id).status == "over"
    for learner in (ann, ben):
        expect(learner.page.locator(f"{TABLE} .tk-summary.tk-final")).to_be_visible(timeout=STEP_TIMEOUT)
        expect(learner.page.locator(".tk-join-back")).to_be_visible(timeout=STEP_TIMEOUT)
        assert_log_is_current(learner.page)
        check_frames(learner, store, table.id)
        assert_no_error_text(learner.page)
        assert learner.key not in json.dumps(widget_messages((ben if learner is ann else ann).page))
    ann.page.locator(".tk-join-back").scroll_into_view_if_needed()
    save_screenshot(ann.page, f"class-table-over-{game}-{size_a[0]}x{size_a[1]}-{ann.lang}")
    checker_can_fail(store, table.id, ann.seat)
    # Back to the tables: the finished one is gone from the list.
    ann.page.locator(".tk-join-back").click()
    expect(ann.page.locator(".tk-join-list")).to_be_visible(timeout=STEP_TIMEOUT)
    expect(ann.page.locator(f".tk-join-table[data-table='{table.id}']")).to_have_count(0)
    store.close()


def test_a_class_table_goes_on_after_the_server_restarts(tmp_path: Path, own_voila: Callable[..., Any],
                                                          new_page: Callable[[tuple[int, int]], Page]) -> None:
    db = tmp_path / "class.sqlite"
    store = ClassStore(str(db))
    cls = store.create_class("Restart")
    [table] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"])
    learners = []
    for name, lang in (("Ann", "en"), ("Ben", "ja")):
        who, key = store.join(cls.code, name)
        seat = store.take_seat(who.id, table.id)
        learners.append(Learner(new_page((1000, 1500)), name, lang, seat, key, who.id))
    env = {"TABLEKIT_CLASS_DB": str(db)}

    def open_all(url: str) -> None:
        for x in learners:
            open_join(x.page, url, f"class={cls.code}&key={x.key}&lang={x.lang}")
            expect(x.page.locator(f"{TABLE} .tk-speed")).to_be_visible(timeout=STEP_TIMEOUT)
            bots_at_full_speed(x.page)

    with own_voila("dashboards", "voila-restart-1.log", env=env) as url:
        open_all(url)
        play_together(learners, store, table.id, clicks=3)
    played = len(store.moves(table.id))
    assert played >= 3 and store.get_table(table.id).status == "playing"
    for x in learners:  # (the old pages lost their kernels)
        x.page.goto("about:blank")
    with own_voila("dashboards", "voila-restart-2.log", env=env) as url:
        open_all(url)
        for x in learners:
            view = play_table_views(widget_messages(x.page))[-1]
            assert view["viewer"] == x.seat and view["step"] >= played
        play_together(learners, store, table.id)
        assert store.get_table(table.id).status == "over"
        for x in learners:
            check_frames(x, store, table.id)
            assert_no_error_text(x.page)
    store.close()
