"""The teacher's page in Chromium, on a server with a class store of its own
(``helpers_classroom``): refused without the teacher key; live (a lesson finished and a move
made elsewhere appear without reloading; a CSV download); the same deal at three tables
compared, with a table's replay opened, every hand shown.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers_browser import assert_no_error_text, save_screenshot, widget_messages
from helpers_classroom import classroom_server
from playwright.sync_api import Page, expect

from tablekit.classroom import ClassStore, SharedSession
from tablekit.core.registry import spec
from tablekit.i18n import tr

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 60_000  # ms: a cold kernel plus the widget bundles
LIVE_TIMEOUT = 20_000  # ms: the page refreshes every 2 s; generous under load


@pytest.fixture(scope="module")
def class_server(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """(base URL, store file) of a Voilà server for ``dashboards/`` with its own class store."""
    with classroom_server(pytestconfig, tmp_path_factory.mktemp("classroom"), "voila-teacher.log") as served:
        yield served


@pytest.fixture
def store(class_server: tuple[str, Path]) -> Iterator[ClassStore]:
    """The server's class store, opened by the test process (as another kernel would)."""
    with ClassStore(str(class_server[1])) as s:
        yield s


def open_teacher(page: Page, base: str, query: str) -> None:
    page.goto(f"{base}/voila/render/teacher.ipynb?{query}")
    expect(page.locator("h1.tk-title")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#loading")).to_have_count(0, timeout=LOAD_TIMEOUT)


def play_to_the_end(store: ClassStore, key: str, table_id: int, choice: int) -> None:
    """The learner with ``key`` plays their table to the end (from their fifth move on their
    ``choice``-th legal move), the bots theirs: what their page would write to the store."""
    session = SharedSession.for_learner(store, key, table_id)
    mine = 0
    while not session.is_over:
        if session.human_to_play is not None:
            moves = session.legal_actions()
            session.play(moves[(choice * mine) % len(moves)] if mine >= 4 else moves[0])
            mine += 1
        else:
            assert session.bot_move() is not None


def test_the_teacher_page_is_refused_without_the_key(page: Page, class_server: tuple[str, Path],
                                                    store: ClassStore) -> None:
    base, _ = class_server
    store.create_class("Secret class")
    for query in ("", "key=not-the-teacher-key", "lang=ja"):
        open_teacher(page, base, query)
        lang = "ja" if "ja" in query else "en"
        expect(page.get_by_role("alert")).to_have_text(tr("classroom.error.teacher_key", lang), timeout=LOAD_TIMEOUT)
        assert_no_error_text(page)
        assert "Secret class" not in page.content()
        assert page.locator(".tk-teacher select, .tk-teacher input").count() == 0
        assert page.locator(".tk-teacher button").all_inner_texts() == ["English", "日本語"]  # the language switch
    assert not any("Secret class" in repr(m) for m in widget_messages(page))


def test_the_teacher_page_follows_the_class_live(page: Page, class_server: tuple[str, Path],
                                                 store: ClassStore) -> None:
    base, _ = class_server
    key = store.teacher_key()
    open_teacher(page, base, f"key={key}")
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
    # A learner's pages (other kernels) write a lesson finished and a move; the teacher's page
    # shows them without being reloaded.
    lesson = spec("page_one").lessons[0]
    ann, ann_key = store.join(cls.code, "Ann")
    store.record_progress(ann.id, "page_one", lesson.id)
    store.take_seat(ann.id, table.id)
    session = SharedSession.for_learner(store, ann_key, table.id)
    if session.human_to_play is None:
        session.bot_move()
    session.play(session.legal_actions()[0])
    moves = len(store.moves(table.id))
    learners = page.locator("table.tk-teacher-learners tbody tr")
    expect(learners).to_have_count(1, timeout=LIVE_TIMEOUT)
    expect(learners.first.locator("td")).to_have_text(["Ann", "yes", "1", tr(lesson.title, "en")])
    expect(page.locator("table.tk-teacher-tables tbody tr td").nth(3)).to_have_text(str(moves),
                                                                                   timeout=LIVE_TIMEOUT)
    # The CSV download holds what the store holds.
    with page.expect_download() as download:
        page.get_by_role("link", name=tr("widgets.teacher.csv.learners", "en"), exact=True).click()
    assert download.value.suggested_filename == f"{cls.code}-learners.csv"
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["name"], r["lessons_finished"]) for r in rows] == [("Ann", "1")]
    assert key not in page.content() and not any(key in repr(m) for m in widget_messages(page))
    assert_no_error_text(page)
    save_screenshot(page, "teacher-live")


def test_three_tables_on_one_deal_compared(page: Page, class_server: tuple[str, Path], store: ClassStore) -> None:
    base, _ = class_server
    cls = store.create_class("Duplicate 5B")
    tables = store.create_tables(cls.id, "up_and_down", copies=3, players=2, seats=["learner", "heuristic"])
    for i, t in enumerate(tables):
        learner, key = store.join(cls.code, f"Learner {i + 1}")
        store.take_seat(learner.id, t.id)
        play_to_the_end(store, key, t.id, i + 1)
    open_teacher(page, base, f"key={store.teacher_key()}")
    expect(page.locator(".tk-teacher-code")).to_have_text(cls.code, timeout=LOAD_TIMEOUT)  # the newest class
    page.get_by_role("button", name=tr("widgets.teacher.compare_button", "en"), exact=True).click()
    compared = page.locator("table.tk-teacher-compare")
    expect(compared.locator("thead th")).to_have_text(["", "1", "2", "3"], timeout=LIVE_TIMEOUT)
    results = {(r.table_name, r.seat): r for r in store.results(cls.id)}
    first_row = compared.locator("tbody tr").first.locator("td")
    expect(first_row).to_have_text(["Player 1"] + [f"Learner {k}: {results[(str(k), 0)].score:g}" for k in (1, 2, 3)])
    differs = compared.locator(".tk-teacher-differs")
    expect(differs).to_have_count(3)
    assert len({d for d in differs.all_inner_texts()}) == 1 and "parts at move" in differs.first.inner_text()
    save_screenshot(page, "teacher-compare")
