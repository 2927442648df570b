"""The teacher's page in Chromium, on a server with a class store and a teacher key of its own
(``helpers_classroom``):

- refused without the teacher key, with a wrong one (the key kept in the database is not the
  server's when ``TABLEKIT_TEACHER_KEY`` sets another), in English and Japanese: a sentence and
  the language switch, nothing of any class on the page or in a frame;
- live: the class and a table made on the page; a learner opens the learn page with their own
  link (``learn.ipynb?class=CODE&key=KEY``) in a browser context of their own and finishes a
  lesson; the teacher's page, never reloaded, shows them online and the lesson finished; a move
  made at the table appears too; the CSV download holds the same;
- the same deal at three tables (played to the end through the store, as the learners' pages
  write it): the comparison side by side (scores, who won, where the games part, the move there),
  then table 2's replay on the teacher's page, every hand face up as its own player sees it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages, widget_models
from helpers_classroom import classroom_server, device_page
from playwright.sync_api import BrowserContext, Page, expect
from tk_page import LOAD_TIMEOUT, STEP_TIMEOUT, TABLE

from tablekit.classroom import ClassStore, SharedSession, compare
from tablekit.core.match import Match
from tablekit.core.registry import spec
from tablekit.i18n import tr

pytestmark = pytest.mark.browser

TEACHER_KEY = "TeacherKeyOfTheBrowserTests7"  # the server's (TABLEKIT_TEACHER_KEY)
LIVE_TIMEOUT = 30_000  # ms: the page refreshes every 2 s; generous on a busy machine
LESSON = "page_one.starter"  # a short lesson with one "your turn" step
SAME_DOCUMENT = "() => window.__tkSameDocument === true"


@pytest.fixture(scope="module")
def class_server(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """(base URL, store file) of a Voilà server for ``dashboards/`` with its own class store."""
    with classroom_server(pytestconfig, tmp_path_factory.mktemp("classroom"), "voila-teacher.log",
                          TEACHER_KEY) as served:
        yield served


@pytest.fixture
def store(class_server: tuple[str, Path]) -> Iterator[ClassStore]:
    """The server's class store, opened by the test process (as another kernel would)."""
    with ClassStore(str(class_server[1])) as s:
        yield s


@pytest.fixture
def other_device(pytestconfig: pytest.Config, new_context: Callable[..., BrowserContext]) -> Callable[[], Page]:
    """``other_device()``: a page in a browser context of its own (a learner's device)."""
    return lambda: device_page(pytestconfig, new_context())


def open_page(page: Page, base: str, name: str, query: str) -> None:
    page.goto(f"{base}/voila/render/{name}.ipynb?{query}")
    expect(page.locator("h1.tk-title")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)


def open_teacher(page: Page, base: str, query: str) -> None:
    open_page(page, base, "teacher", query)
    page.evaluate("() => { window.__tkSameDocument = true; }")  # gone if the page is ever reloaded


def finish_lesson(page: Page, lesson: Any) -> None:
    """Step the learn page's lesson to its end: Next, and "Show me" on its "your turn" step."""
    total = len(lesson.steps) + 1
    counter = page.locator(f"{TABLE} .tk-lesson-step")
    for k, step in enumerate(lesson.steps):
        expect(counter).to_have_text(f"{tr('widgets.walk.step', 'en')} {k + 1} / {total}", timeout=STEP_TIMEOUT)
        page.locator(f"{TABLE} {'.tk-show' if step.your_turn else '.tk-next'}").click()
    expect(counter).to_have_text(f"{tr('widgets.walk.step', 'en')} {total} / {total}", timeout=STEP_TIMEOUT)


def play_to_the_end(store: ClassStore, key: str, table_id: int, choice: int) -> None:
    """The learner with ``key`` plays their table to the end as their page would write it: after
    their first move, the first where they have at least three to choose from is their
    ``choice``-th, every other one their first; the bots move theirs."""
    session = SharedSession.for_learner(store, key, table_id)
    decisions, chosen = 0, False
    while not session.is_over:
        if session.human_to_play is None:
            assert session.bot_move() is not None
            continue
        moves = session.legal_actions()
        if decisions and not chosen and len(moves) >= 3:
            session.play(moves[choice])
            chosen = True
        else:
            session.play(moves[0])
        decisions += 1
    assert chosen


def hand_codes(view: dict[str, Any]) -> dict[int, list[str]]:
    """Each seat's hand as a view shows it (face-up card codes)."""
    return {z["owner"]: [c["face"]["code"] for c in z.get("cards", []) if c.get("face")]
            for z in view["zones"] if z["kind"] == "hand"}


# --- refused ------------------------------------------------------------------------------------
def test_the_teacher_page_is_refused_without_the_key_or_with_a_wrong_one(page: Page, class_server: tuple[str, Path],
                                                                         store: ClassStore) -> None:
    base, _ = class_server
    cls = store.create_class("Secret class")
    stored = store.teacher_key()  # the database's own key: not the server's, which the environment sets
    assert stored != TEACHER_KEY
    for query, lang in (("", "en"), ("lang=ja&key=wrong-key-1234", "ja"), (f"key={stored}", "en"),
                        (f"key={TEACHER_KEY}x", "en")):
        open_page(page, base, "teacher", query)
        expect(page.get_by_role("alert")).to_have_text(tr("classroom.error.teacher_key", lang), timeout=LOAD_TIMEOUT)
        assert_no_error_text(page)
        shown = page.content()
        assert "Secret class" not in shown and cls.code not in shown
        assert page.locator(".tk-teacher select, .tk-teacher input, .tk-teacher table").count() == 0
        assert page.locator(".tk-teacher button").all_inner_texts() == ["English", "日本語"]  # the language switch
    assert not any("Secret class" in repr(m) or cls.code in repr(m) for m in widget_messages(page))
    save_screenshot(page, "teacher-refused")


# --- live ---------------------------------------------------------------------------------------
def test_the_teacher_page_follows_the_class_live(page: Page, class_server: tuple[str, Path], store: ClassStore,
                                                 other_device: Callable[[], Page]) -> None:
    base, _ = class_server
    open_teacher(page, base, f"key={TEACHER_KEY}")
    assert_no_error_text(page)
    # The class and a table, made on the page.
    page.get_by_label(tr("widgets.teacher.class_name", "en"), exact=True).fill("Live 5B")
    page.get_by_role("button", name=tr("widgets.teacher.create_class", "en")).click()
    expect(page.locator(".tk-teacher-done")).to_contain_text("Live 5B", timeout=LIVE_TIMEOUT)
    cls = next(c for c in store.classes() if c.name == "Live 5B")
    expect(page.locator(".tk-teacher-code")).to_have_text(cls.code)
    expect(page.locator(".tk-teacher-join code")).to_have_text(re.compile(rf"/join\.ipynb\?class={cls.code}$"))
    expect(page.locator(".tk-teacher-qr svg.tk-qr")).to_be_visible()
    page.get_by_label(tr("widgets.dash.game", "en"), exact=True).select_option(label="American Page One")
    page.get_by_label(tr("widgets.dash.players", "en"), exact=True).select_option(label="2")
    expect(page.locator(".tk-teacher-seats select")).to_have_count(2, timeout=LIVE_TIMEOUT)  # one per player
    page.get_by_label("Player 2", exact=True).select_option(label="Good (bot)")
    page.get_by_role("button", name=tr("widgets.teacher.create_tables", "en")).click()
    expect(page.locator(".tk-teacher-done")).to_contain_text("1 table made", timeout=LIVE_TIMEOUT)
    [table] = store.tables(cls.id)
    assert (table.game, table.seats) == ("page_one", ("learner", "heuristic"))
    learners = page.locator("table.tk-teacher-learners tbody tr")
    expect(learners).to_have_count(0)

    # Ann (her own device) opens the learn page with her own link and finishes a lesson.
    ann, ann_key = store.join(cls.code, "Ann")
    lesson = next(x for x in spec("page_one").lessons if x.id == LESSON)
    learn = other_device()
    open_page(learn, base, "learn", f"game=page_one&lesson={LESSON}&class={cls.code}&key={ann_key}")
    progress = learn.locator(".tk-progress")
    expect(progress).to_have_text(tr("widgets.progress.on", "en", name="Ann", cls="Live 5B"), timeout=LOAD_TIMEOUT)
    # The teacher's page shows her, online (her learn page is a sign of it), no lesson yet.
    expect(learners).to_have_count(1, timeout=LIVE_TIMEOUT)
    expect(learners.first.locator("td")).to_have_text(["Ann", "yes", "0", ""], timeout=LIVE_TIMEOUT)
    finish_lesson(learn, lesson)
    expect(progress).to_have_text(tr("widgets.progress.kept", "en", name="Ann", cls="Live 5B",
                                     lesson=tr(lesson.title, "en")), timeout=STEP_TIMEOUT)
    assert_no_error_text(learn)
    save_screenshot(learn, "learn-progress-kept")
    expect(learners.first.locator("td")).to_have_text(["Ann", "yes", "1", tr(lesson.title, "en")],
                                                      timeout=LIVE_TIMEOUT)
    assert [(p.learner_id, p.lesson) for p in store.progress(cls.id)] == [(ann.id, LESSON)]

    # A move at her table (written by her table's page) appears too.
    store.take_seat(ann.id, table.id)
    session = SharedSession.for_learner(store, ann_key, table.id)
    while session.human_to_play is None:  # (the bot may move first, more than once)
        assert session.bot_move() is not None
    session.play(session.legal_actions()[0])
    moves = len(store.moves(table.id))
    expect(page.locator("table.tk-teacher-tables tbody tr td").nth(3)).to_have_text(str(moves),
                                                                                   timeout=LIVE_TIMEOUT)
    assert page.evaluate(SAME_DOCUMENT), "the teacher's page was reloaded"
    # The CSV download holds what the store holds.
    with page.expect_download() as download:
        page.get_by_role("link", name=tr("widgets.teacher.csv.learners", "en"), exact=True).click()
    assert download.value.suggested_filename == f"{cls.code}-learners.csv"
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["name"], r["lessons_finished"]) for r in rows] == [("Ann", "1")]
    # The keys stay where they belong: the teacher's in the teacher's address, Ann's in hers.
    assert not any(TEACHER_KEY in repr(m) or ann_key in repr(m) for m in widget_messages(page))
    assert not any(ann_key in repr(m) for m in widget_messages(learn))
    assert_no_error_text(page)
    save_screenshot(page, "teacher-live")


# --- the same deal at three tables --------------------------------------------------------------------
def test_three_tables_on_one_deal_compared_and_a_replay_with_every_hand(page: Page, class_server: tuple[str, Path],
                                                                        store: ClassStore) -> None:
    base, _ = class_server
    cls = store.create_class("Duplicate 5B")
    tables = store.create_tables(cls.id, "up_and_down", copies=3, players=2, seats=["learner", "heuristic"], seed=11)
    for i, t in enumerate(tables):
        learner, key = store.join(cls.code, f"Learner {i + 1}")
        store.take_seat(learner.id, t.id)
        play_to_the_end(store, key, t.id, i)
    c = compare(store, [t.id for t in tables])
    assert all(x.over for x in c.tables) and [x.differs_at for x in c.tables] == [c.common + 1] * 3
    assert c.common >= 2  # alike at first (a move of the learner's, one of the bot's), then not

    open_teacher(page, base, f"key={TEACHER_KEY}")
    page.get_by_label(tr("widgets.teacher.class_choice", "en"), exact=True).select_option(
        label=f"Duplicate 5B ({cls.code})")
    expect(page.locator(".tk-teacher-code")).to_have_text(cls.code, timeout=LIVE_TIMEOUT)
    page.get_by_role("button", name=tr("widgets.teacher.compare_button", "en"), exact=True).click()
    compared = page.locator("table.tk-teacher-compare")
    expect(compared.locator("thead th")).to_have_text(["", "1", "2", "3"], timeout=LIVE_TIMEOUT)
    rows = compared.locator("tbody tr")
    results = {(r.table_name, r.seat): r for r in store.results(cls.id)}
    expect(rows.nth(0).locator("td")).to_have_text(
        ["Player 1"] + [f"Learner {k}: {results[(str(k), 0)].score:g}" for k in (1, 2, 3)])
    expect(rows.nth(1).locator("td")).to_have_text(
        ["Player 2"] + [f"Good (bot): {results[(str(k), 1)].score:g}" for k in (1, 2, 3)])
    winners = [", ".join(f"Player {r.seat + 1}: " + (r.learner_name or "Good (bot)")
                         for r in store.results(cls.id) if r.table_id == t.id and r.won) for t in tables]
    expect(rows.nth(3).locator("td")).to_have_text([tr("widgets.teacher.row.winners", "en")] + winners)
    expect(compared.locator(".tk-teacher-differs")).to_have_text(
        [tr("widgets.teacher.differs_at", "en", n=c.common + 1)] * 3)
    labels = []
    for x in c.tables:
        match = Match.from_record(store.record(x.table.id).with_actions(x.moves[:c.common]))
        labels.append(match.game.action_from_code(x.moves[c.common]).label("en"))
    assert len(set(labels)) == 3  # each table's learner chose another move there
    expect(rows.nth(5).locator("td")).to_have_text(
        [tr("widgets.teacher.row.first_difference", "en", n=c.common + 1)]
        + [f"{label} (Player 1: Learner {k})" for k, label in enumerate(labels, 1)])
    save_screenshot(page, "teacher-compare")

    # Table 2's replay, on the teacher's page, opened just before the tables parted: every hand
    # face up, each as its own player sees it then; nobody is "you".
    page.get_by_role("button", name=tr("widgets.teacher.replay", "en", name="2"), exact=True).click()
    replay = page.locator(f".tk-teacher {TABLE}")
    expect(replay).to_contain_text(tr("widgets.table.replay_step", "en", step=c.common, total=len(c.tables[1].moves)),
                                   timeout=LIVE_TIMEOUT)
    record = store.record(tables[1].id)
    then = Match.from_record(record.with_actions(record.actions[:c.common]))
    expected = {seat: hand_codes(spec("up_and_down").view(then.game, then.state, seat, "en"))[seat] for seat in (0, 1)}
    spectator = [m["state"] for m in widget_models(page).values()
                 if m.get("state", {}).get("shared") == "spectator"]
    assert len(spectator) == 1 and hand_codes(spectator[0]["view"]) == expected
    hands = replay.locator(".tk-hand")
    expect(hands).to_have_count(2)
    for seat in (0, 1):
        hand = replay.locator(".tk-hand").filter(has_text=f"Player {seat + 1}")
        expect(hand.locator(".tk-card")).to_have_count(len(expected[seat]))
        expect(hand.locator(".tk-name")).not_to_contain_text(tr("core.you", "en"))
    assert_no_error_text(page)
    replay.scroll_into_view_if_needed()
    save_screenshot(page, "teacher-replay")
