"""The learn page keeps a learner's finished lessons for the teacher (no browser).

Opened with a learner's own link (``learn.ipynb?class=CODE&key=KEY``), a lesson finished on the
page is written to the class store's progress for that learner, once, however the learner got to
its end; the page says whose lessons are kept. A bad class or key, a class without a key or a
store out of reach: a friendly sentence of the catalogues in the page's language, the page works
as before, and nothing is written. Without ``class`` and ``key`` no store is opened at all.
"""

from __future__ import annotations

import html
import re
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("sqlalchemy")

import ipywidgets as widgets  # noqa: E402

from tablekit.classroom import ClassStore  # noqa: E402
from tablekit.core.registry import spec  # noqa: E402
from tablekit.i18n import tr  # noqa: E402
from tablekit.widgets import lesson_progress  # noqa: E402
from tablekit.widgets.dashboards import LearnDashboard, learn_dashboard  # noqa: E402
from tablekit.widgets.walkthrough import RuleWalkthrough  # noqa: E402


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "class.sqlite")


@pytest.fixture
def store(db: str) -> Iterator[ClassStore]:
    """The teacher's side of the store (another kernel than the learn page's)."""
    with ClassStore(db) as s:
        yield s


@pytest.fixture
def learner(store: ClassStore) -> tuple[Any, Any, str]:
    """(class, learner, key) of a learner who joined a class."""
    cls = store.create_class("5B")
    ann, key = store.join(cls.code, "Ann")
    return cls, ann, key


def finish(walk: RuleWalkthrough) -> None:
    """Step a lesson to its end as a learner would: Next, and "Show me" on a "your turn" step."""
    while walk._step() is not None:
        walk.handle({"type": "show" if walk._step().your_turn else "next"})
    assert walk.lesson["finished"]


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", value))


def synced_text(root: widgets.Widget) -> str:
    parts = [repr(root.get_state())]
    for child in getattr(root, "children", ()):
        parts.append(synced_text(child))
    return "\n".join(parts)


def kept(store: ClassStore, class_id: int) -> list[tuple[str, str, str]]:
    return [(p.learner_name, p.game, p.lesson) for p in store.progress(class_id)]


# --- the walkthrough tells when a lesson ends -------------------------------------------------
def test_the_walkthrough_tells_each_time_a_lesson_reaches_its_end() -> None:
    walk = RuleWalkthrough("page_one", autoplay_delay=0)
    ends: list[tuple[str, str]] = []
    walk.on_finish(lambda game, lesson: ends.append((game, lesson)))
    lessons = spec("page_one").lessons
    walk.handle({"type": "next"})
    assert ends == []  # (opening and stepping is not finishing)
    finish(walk)
    assert ends == [("page_one", lessons[0].id)]
    walk.handle({"type": "prev"})
    finish(walk)  # back one step and to the end again: told again (the store keeps it once)
    walk.handle({"type": "lesson", "index": 1})
    walk.handle({"type": "autoplay", "on": True})  # autoplay stops at a "your turn" step
    finish(walk)
    assert ends == [("page_one", lessons[0].id)] * 2 + [("page_one", lessons[1].id)]


# --- a learner's own link ------------------------------------------------------------------------
def test_a_finished_lesson_is_kept_for_the_learner(db: str, store: ClassStore, learner: tuple[Any, Any, str]) -> None:
    cls, ann, key = learner
    other = store.join(cls.code, "Ben")[0]
    later = time.time() + 100
    page = learn_dashboard(autoplay_delay=0, query=f"class={cls.code}&key={key}&game=page_one",
                           store=ClassStore(db, clock=lambda: later))
    try:
        assert page.progress is not None and page.progress.learner == ann
        line = text_of(page.progress_line.value)
        assert line == tr("widgets.progress.on", "en", name="Ann", cls="5B")
        # Opening the page is a sign that Ann is here (and of nobody else).
        assert store.get_learner(ann.id).last_seen == later
        assert store.get_learner(other.id).last_seen == other.last_seen
        assert kept(store, cls.id) == []
        first, second = spec("page_one").lessons[:2]
        finish(page.walkthrough)
        assert kept(store, cls.id) == [("Ann", "page_one", first.id)]
        assert text_of(page.progress_line.value) == tr("widgets.progress.kept", "en", name="Ann", cls="5B",
                                                       lesson=tr(first.title, "en"))
        # The same lesson again: kept once; the next lesson and another game's: kept too.
        page.walkthrough.handle({"type": "lesson", "index": 0})
        finish(page.walkthrough)
        page.walkthrough.handle({"type": "lesson", "index": 1})
        finish(page.walkthrough)
        page.game.value = "up_and_down"
        finish(page.walkthrough)
        up_first = spec("up_and_down").lessons[0]
        assert sorted(kept(store, cls.id)) == sorted([("Ann", "page_one", first.id), ("Ann", "page_one", second.id),
                                                      ("Ann", "up_and_down", up_first.id)])
        assert other.id not in {p.learner_id for p in store.progress(cls.id)}
        # In Japanese, the line is worded again.
        page.set_lang("ja")
        assert text_of(page.progress_line.value) == tr("widgets.progress.kept", "ja", name="Ann", cls="5B",
                                                       lesson=tr(up_first.title, "ja"))
        assert key not in synced_text(page)  # (the key stays in the kernel)
    finally:
        page.close()


def test_a_name_that_looks_like_a_catalogue_code_is_shown_as_it_is(db: str, store: ClassStore) -> None:
    cls = store.create_class("@widgets.dash.learn.title")
    _, key = store.join(cls.code, "@core.seat")
    page = learn_dashboard(query=f"class={cls.code}&key={key}", store=ClassStore(db))
    try:
        line = text_of(page.progress_line.value)
        assert line.startswith("@core.seat (@widgets.dash.learn.title): ")
        assert tr("core.seat", "en", n=1) not in line and tr("widgets.dash.learn.title", "en") not in line
    finally:
        page.close()


def test_any_request_from_the_page_says_the_learner_is_here(db: str, store: ClassStore,
                                                           learner: tuple[Any, Any, str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cls, ann, key = learner
    now = [time.time() + 100]
    monkeypatch.setattr(lesson_progress, "HEARTBEAT_SECONDS", 0.0)
    page = learn_dashboard(query=f"class={cls.code}&key={key}", store=ClassStore(db, clock=lambda: now[0]))
    try:
        first = store.get_learner(ann.id).last_seen
        assert first == now[0]
        now[0] += 20
        # (a message as the page sends it, through ipywidgets' own dispatch)
        page.walkthrough._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "next"}}},
                                      "buffers": []})
        later = store.get_learner(ann.id).last_seen
        assert later == now[0]
    finally:
        page.close()


# --- nothing kept, the page works ------------------------------------------------------------------
def bad_links(cls_code: str, other_code: str, other_key: str) -> list[tuple[str, str]]:
    """(query, the store's reason) of links whose class or key the store does not know."""
    return [
        (f"class={cls_code}&key=NotAKeyOfAnyone1", "classroom.error.bad_key"),
        (f"class={cls_code}&key={other_key}", "classroom.error.bad_key"),  # a key of another class
        (f"class=ZZZZZZ&key={other_key}", "classroom.error.bad_key"),  # no such class
        (f"class={other_code}&key=NotAKeyOfAnyone1", "classroom.error.bad_key"),
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bad_class_or_key_is_said_and_the_page_still_works(db: str, store: ClassStore,
                                                              learner: tuple[Any, Any, str], lang: str) -> None:
    cls, ann, _ = learner
    other = store.create_class("6A")
    mia, other_key = store.join(other.code, "Mia")
    for query, reason in bad_links(cls.code, other.code, other_key):
        page = learn_dashboard(autoplay_delay=0, query=f"{query}&lang={lang}", store=ClassStore(db))
        try:
            assert page.progress is not None and not page.progress.keeping
            assert 'role="alert"' in page.progress_line.value
            line = text_of(page.progress_line.value)
            assert line == tr("widgets.progress.off", lang, detail=tr(reason, lang)), query
            assert page.problem.value == ""  # (the link itself is well formed)
            finish(page.walkthrough)  # the lessons work as ever
        finally:
            page.close()
    assert store.progress(cls.id) == [] and store.progress(other.id) == []
    assert [store.get_learner(x.id).last_seen for x in (ann, mia)] == [ann.last_seen, mia.last_seen]


def test_a_class_without_a_key_is_said(db: str, store: ClassStore, learner: tuple[Any, Any, str]) -> None:
    cls, _, _ = learner
    page = learn_dashboard(autoplay_delay=0, query=f"class={cls.code}", store=ClassStore(db))
    try:
        assert text_of(page.progress_line.value) == tr("widgets.progress.needs_key", "en")
        page.set_lang("ja")
        assert text_of(page.progress_line.value) == tr("widgets.progress.needs_key", "ja")
        finish(page.walkthrough)
    finally:
        page.close()
    assert store.progress(cls.id) == []


def test_a_badly_formed_key_is_the_links_problem_and_opens_no_store(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    db = tmp_path / "never.sqlite"
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(db))
    page = learn_dashboard(autoplay_delay=0, query="class=ABC234&key=<b>")
    try:
        assert page.progress is None and page.progress_line.value == ""
        assert "role=\"alert\"" in page.problem.value and "<b>" not in page.problem.value
        finish(page.walkthrough)
    finally:
        page.close()
    assert not db.exists()


def test_without_class_or_key_no_store_is_opened(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = tmp_path / "never.sqlite"
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(db))
    page = learn_dashboard(autoplay_delay=0, query="game=page_one")
    try:
        assert page.progress is None and page.progress_line.value == ""
        finish(page.walkthrough)
    finally:
        page.close()
    assert not db.exists()


def test_a_store_out_of_reach_is_said_and_the_page_still_works(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    # A directory where the database file should be: SQLite cannot open it.
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(tmp_path))
    page = learn_dashboard(autoplay_delay=0, query="class=ABC234&key=AKeyOfTheRightForm&lang=ja")
    try:
        assert page.progress is not None and page.progress.problem == "widgets.progress.no_store"
        assert text_of(page.progress_line.value) == tr("widgets.progress.no_store", "ja")
        finish(page.walkthrough)
        assert text_of(page.progress_line.value) == tr("widgets.progress.no_store", "ja")
    finally:
        page.close()


def test_a_lesson_that_cannot_be_written_is_said(db: str, store: ClassStore, learner: tuple[Any, Any, str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    cls, _, key = learner
    page = learn_dashboard(autoplay_delay=0, query=f"class={cls.code}&key={key}", store=ClassStore(db))
    try:
        assert page.progress is not None and page.progress._store is not None

        def out_of_reach(*_args: Any) -> bool:
            raise OSError("disk I/O error")

        monkeypatch.setattr(page.progress._store, "record_progress", out_of_reach)
        finish(page.walkthrough)  # no exception reaches the page
        assert text_of(page.progress_line.value) == tr("widgets.progress.not_kept", "en")
        assert "disk" not in page.progress_line.value
        assert page.walkthrough.lesson["finished"]
        monkeypatch.undo()
        page.walkthrough.handle({"type": "lesson", "index": 0})
        finish(page.walkthrough)  # once the store answers again, the lesson is kept
        assert [p.lesson for p in store.progress(cls.id)] == [spec(page.walkthrough.game_name).lessons[0].id]
        assert "tk-progress-on" in page.progress_line.value
    finally:
        page.close()


def test_the_page_closes_the_store_it_opened(monkeypatch: pytest.MonkeyPatch, db: str, store: ClassStore,
                                             learner: tuple[Any, Any, str]) -> None:
    cls, _, key = learner
    monkeypatch.setenv("TABLEKIT_CLASS_DB", db)
    page = learn_dashboard(query=f"class={cls.code}&key={key}")
    assert isinstance(page, LearnDashboard) and page.progress is not None and page.progress.keeping
    opened = page.progress._store
    assert opened is not None
    closed: list[bool] = []
    monkeypatch.setattr(opened, "close", lambda: closed.append(True))
    page.close()
    assert closed == [True]
