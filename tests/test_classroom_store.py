"""The class store (tablekit.classroom.store) on SQLite and on a real PostgreSQL server.

Every test runs on both (the ``store_url`` fixture of tests/conftest.py: an SQLite file, or a
fresh database on a private server started from Debian's postgresql package). "Pages" are
separate ClassStore objects on one database, as separate Voilà kernels would hold; the races
and the killed writer use separate processes (tests/classroom_worker.py).
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text, update

from tablekit import make
from tablekit.classroom import ClassroomError, ClassStore, MoveTaken
from tablekit.classroom import schema
from tablekit.classroom.store import NAME_MAX, clean_name, normalize_code, store_url
from tablekit.core.errors import ConfigError
from tablekit.core.game import Outcome
from tablekit.core.match import Match
from tablekit.i18n import tr

WORKER = str(Path(__file__).with_name("classroom_worker.py"))


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def counts(store: ClassStore) -> dict[str, int]:
    """Rows in every table: what "changes nothing" is checked against."""
    with store.engine.connect() as conn:
        return {t.name: conn.execute(select(func.count()).select_from(t)).scalar() or 0
                for t in schema.metadata.sorted_tables}


def refused(reason: str, call: Any, *args: Any, **kw: Any) -> ClassroomError:
    with pytest.raises(ClassroomError) as caught:
        call(*args, **kw)
    assert caught.value.reason == reason, caught.value.reason
    assert caught.value.text("ja") != caught.value.text("en")  # worded in both languages
    return caught.value


@pytest.fixture
def store(store_url: str) -> Any:
    with ClassStore(store_url) as s:
        yield s


# --- the database itself --------------------------------------------------------------------------
def test_a_new_store_has_its_schema_version_and_sqlite_runs_in_wal(store_url: str) -> None:
    with ClassStore(store_url) as first:
        with first.engine.connect() as conn:
            assert conn.execute(select(schema.schema_version.c.version)).scalars().all() == [schema.SCHEMA_VERSION]
            if first.dialect == "sqlite":
                assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
                assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
        key = first.teacher_key()
    with ClassStore(store_url) as again:  # opening it again changes nothing
        assert again.teacher_key() == key and counts(again)["schema_version"] == 1


def test_a_store_of_a_newer_version_is_refused(store_url: str) -> None:
    with ClassStore(store_url) as s:
        with s.engine.begin() as conn:
            conn.execute(update(schema.schema_version).values(version=schema.SCHEMA_VERSION + 1))
    error = refused("classroom.error.schema_new", ClassStore, store_url)
    assert error.params == {"found": schema.SCHEMA_VERSION + 1, "known": schema.SCHEMA_VERSION}


def test_many_pages_opening_a_new_store_at_once(store_url: str) -> None:
    code = ("import sys\nfrom tablekit.classroom import ClassStore\n"
            "s = ClassStore(sys.argv[1]); print(s.teacher_key()); s.close()")
    procs = [subprocess.Popen([sys.executable, "-c", code, store_url], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    keys = {p.communicate(timeout=120)[0].strip() for p in procs}
    assert all(p.returncode == 0 for p in procs)
    assert len(keys) == 1  # one schema, one teacher key


def test_urls_and_the_default_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("TABLEKIT_CLASS_DB", raising=False)
    assert store_url().database == str(tmp_path / "tablekit" / "classroom.sqlite")
    monkeypatch.setenv("TABLEKIT_CLASS_DB", "postgresql://u:secret@h/db")
    url = store_url()
    assert url.drivername == "postgresql+psycopg" and url.password == "secret"
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(tmp_path / "a" / ".." / "b.sqlite"))
    assert store_url().database == str(tmp_path / "b.sqlite")


# --- classes and learners ------------------------------------------------------------------------
def test_classes_codes_and_the_empty_seat_policy(store: ClassStore) -> None:
    cls = store.create_class("  Year 5  ", empty_seat="bot", away_minutes=10)
    assert cls.name == "Year 5" and normalize_code(cls.code) == cls.code
    assert not set(cls.code) & set("0O1I")
    assert store.class_by_code(" " + cls.code.lower()[:3] + "-" + cls.code[3:]) == cls
    before = counts(store)
    for bad in ("", "nope", None, 7, cls.code + "X"):
        refused("classroom.error.no_class", store.class_by_code, bad)
    refused("classroom.error.empty_seat", store.create_class, "x", empty_seat="robot")
    refused("classroom.error.minutes", store.create_class, "x", away_minutes=0)
    refused("classroom.error.minutes", store.set_empty_seat, cls.id, "wait", 10_000)
    refused("classroom.error.name_long", store.create_class, "x" * (NAME_MAX + 1))
    assert counts(store) == before
    assert store.set_empty_seat(cls.id, "wait", 3).empty_seat == "wait"
    assert [c.id for c in store.classes()] == [cls.id]


def test_names_are_cleaned_limited_and_unique_in_a_class(store: ClassStore) -> None:
    cls = store.create_class("5B")
    other = store.create_class("5C")
    ann, _ = store.join(cls.code, "Ann\u200b  \tLee")
    assert ann.name == "Ann Lee"
    before = counts(store)
    refused("classroom.error.name_empty", store.join, cls.code, " \n ")
    refused("classroom.error.name_empty", store.join, cls.code, None)
    refused("classroom.error.name_long", store.join, cls.code, "あ" * (NAME_MAX + 1))
    refused("classroom.error.name_taken", store.join, cls.code, "ANN LEE")
    refused("classroom.error.name_taken", store.join, cls.code, "Ａｎｎ Ｌｅｅ")  # full-width
    refused("classroom.error.no_class", store.join, "ZZZZZZ", "Zoe")
    assert counts(store) == before
    assert store.join(other.code, "Ann Lee")[0].class_id == other.id  # another class: fine
    assert clean_name("あ" * NAME_MAX) == "あ" * NAME_MAX


def test_learner_keys_are_kept_hashed_and_checked(store: ClassStore) -> None:
    cls = store.create_class("5B")
    other = store.create_class("5C")
    ann, key = store.join(cls.code, "Ann")
    assert store.learner_by_key(key) == ann and store.learner_by_key(key, cls.code.lower()) == ann
    with store.engine.connect() as conn:
        dump = json.dumps([list(map(str, r)) for t in schema.metadata.sorted_tables
                           for r in conn.execute(select(t))])
    assert key not in dump  # only its hash
    for bad in (key[:-1] + ("A" if key[-1] != "A" else "B"), "", None, "x" * 500, "' OR 1=1 --", key + " "):
        refused("classroom.error.bad_key", store.learner_by_key, bad)
    refused("classroom.error.bad_key", store.learner_by_key, key, other.code)
    new = store.new_learner_key(ann.id)
    refused("classroom.error.bad_key", store.learner_by_key, key)
    assert store.learner_by_key(new) == ann
    refused("classroom.error.no_learner", store.new_learner_key, 9999)


def test_the_teacher_key(store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLEKIT_TEACHER_KEY", raising=False)
    key = store.teacher_key()
    assert len(key) >= 20 and store.check_teacher_key(key)
    for bad in (key[:-1], "", None, key + "x", 12, "x" * 1000):
        assert not store.check_teacher_key(bad)
    new = store.new_teacher_key()
    assert new != key and store.check_teacher_key(new) and not store.check_teacher_key(key)
    monkeypatch.setenv("TABLEKIT_TEACHER_KEY", "from-the-environment")
    assert store.teacher_key() == "from-the-environment"
    assert store.check_teacher_key("from-the-environment") and not store.check_teacher_key(new)


def test_presence_and_who_is_online(store_url: str) -> None:
    clock = Clock()
    with ClassStore(store_url, clock=clock) as store:
        cls = store.create_class("5B")
        ann, _ = store.join(cls.code, "Ann")
        ben, _ = store.join(cls.code, "Ben")
        assert {x.name for x in store.online(cls.id)} == {"Ann", "Ben"}
        clock.now += 60
        store.heartbeat(ann.id)
        assert [x.name for x in store.online(cls.id)] == ["Ann"]
        assert store.get_learner(ann.id).last_seen == clock.now


# --- tables and seats -------------------------------------------------------------------------------
def test_tables_are_checked_before_anything_is_written(store: ClassStore) -> None:
    cls = store.create_class("5B")
    before = counts(store)
    refused("classroom.error.seats", store.create_tables, cls.id, "page_one", players=3, seats=["learner"] * 2)
    refused("classroom.error.seats", store.create_tables, cls.id, "page_one", players=3,
            seats=["learner", "learner", "genius"])
    refused("classroom.error.no_learner_seat", store.create_tables, cls.id, "page_one", players=2,
            seats=["heuristic", "random"])
    refused("classroom.error.solo", store.create_tables, cls.id, "up_and_down", preset="solo")
    refused("classroom.error.copies", store.create_tables, cls.id, "page_one", copies=0)
    refused("classroom.error.copies", store.create_tables, cls.id, "page_one", copies=1000)
    refused("classroom.error.no_class", store.create_tables, 999, "page_one")
    with pytest.raises(ConfigError):
        store.create_tables(cls.id, "page_one", players=99)
    with pytest.raises(ConfigError):
        store.create_tables(cls.id, "chess")
    with pytest.raises(ValueError):
        store.create_tables(cls.id, "page_one", seed=-1)
    assert counts(store) == before


def test_a_table_keeps_its_deal_on_the_server(store: ClassStore) -> None:
    cls = store.create_class("5B")
    [t] = store.create_tables(cls.id, "ultimate", players=4, seats=["learner", "heuristic", "learner", "random"],
                              seed=2**64 - 1, bot_seed=12)
    assert t.name == "1" and t.game == "ultimate" and t.players == 4 and t.deal_group is None
    assert t.seats == ("learner", "heuristic", "learner", "random") and t.learner_seats == (0, 2)
    assert "seed" not in t.__dataclass_fields__ and "bot_seed" not in t.__dataclass_fields__
    record = store.record(t.id)
    assert record.seed == 2**64 - 1 and record.meta == {"seats": ["human", "heuristic", "human", "random"],
                                                        "bot_seed": 12}
    assert record.make_game().config == make("ultimate", players=4).config
    [u] = store.create_tables(cls.id, "page_one")
    assert u.name == "2" and store.record(u.id).seed != store.record(t.id).seed  # fresh deals


def test_seating(store: ClassStore) -> None:
    cls = store.create_class("5B")
    other = store.create_class("5C")
    ann, _ = store.join(cls.code, "Ann")
    ben, _ = store.join(cls.code, "Ben")
    cat, _ = store.join(cls.code, "Cat")
    eve, _ = store.join(other.code, "Eve")
    [t] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "heuristic", "learner"])
    assert store.free_seats(t.id) == (0, 2)
    assert store.take_seat(ann.id, t.id, 2) == 2
    assert store.take_seat(ann.id, t.id, 0) == 2  # already seated: the same seat back
    assert store.seat_of(ann.id, t.id) == 2 and store.seat_of(ben.id, t.id) is None
    before = counts(store)
    refused("classroom.error.seat_taken", store.take_seat, ben.id, t.id, 2)
    refused("classroom.error.bot_seat", store.take_seat, ben.id, t.id, 1)
    refused("classroom.error.no_seat", store.take_seat, ben.id, t.id, 3)
    refused("classroom.error.no_seat", store.take_seat, ben.id, t.id, True)
    refused("classroom.error.other_class", store.take_seat, eve.id, t.id)
    refused("classroom.error.no_table", store.take_seat, ben.id, 999)
    refused("classroom.error.no_learner", store.take_seat, 999, t.id)
    assert counts(store) == before
    assert store.take_seat(ben.id, t.id) == 0
    refused("classroom.error.no_free_seat", store.take_seat, cat.id, t.id)
    assert [(x.seat, x.learner_name) for x in store.seatings(t.id)] == [(0, "Ben"), (2, "Ann")]
    assert [x.table_id for x in store.seatings_of(ann.id)] == [t.id]
    [u] = store.create_tables(cls.id, "page_one", players=2)
    store.finish_table(u.id, Outcome("x", (0,), (1.0, 0.0)))
    refused("classroom.error.table_over", store.take_seat, cat.id, u.id)


def test_two_pages_taking_one_seat_at_once(store_url: str) -> None:
    with ClassStore(store_url) as teacher:
        cls = teacher.create_class("5B")
        [t] = teacher.create_tables(cls.id, "page_one", players=2, seats=["learner", "heuristic"])
        learners = [teacher.join(cls.code, f"L{i}")[0] for i in range(6)]
    results: list[object] = []
    barrier = threading.Barrier(len(learners))

    def take(learner_id: int) -> None:
        with ClassStore(store_url) as page:
            barrier.wait()
            try:
                results.append(page.take_seat(learner_id, t.id, 0))
            except ClassroomError as exc:
                results.append(exc.reason)

    threads = [threading.Thread(target=take, args=(x.id,)) for x in learners]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert sorted(map(str, results)) == ["0"] + ["classroom.error.seat_taken"] * 5


def test_the_empty_seat_policy(store_url: str) -> None:
    clock = Clock()
    with ClassStore(store_url, clock=clock) as store:
        cls = store.create_class("5B", empty_seat="bot", away_minutes=2)
        ann, _ = store.join(cls.code, "Ann")
        [t] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"])
        store.take_seat(ann.id, t.id, 0)
        assert store.away_seats(t.id) == frozenset()
        clock.now += 119
        store.heartbeat(ann.id, t.id)
        clock.now += 2  # seat 1, never taken, has been empty since the table began
        assert store.away_seats(t.id) == frozenset({1})
        clock.now += 120
        assert store.away_seats(t.id) == frozenset({0, 1})
        store.heartbeat(ann.id, t.id)
        assert store.away_seats(t.id) == frozenset({1})
        store.set_empty_seat(cls.id, "wait", 2)
        assert store.away_seats(t.id) == frozenset()


# --- the move log -----------------------------------------------------------------------------------
def test_the_move_log_is_append_only_and_numbered(store: ClassStore) -> None:
    cls = store.create_class("5B")
    ann, _ = store.join(cls.code, "Ann")
    [t, u] = store.create_tables(cls.id, "page_one", copies=2)
    store.append_move(t.id, 1, "6H", 0, ann.id)
    store.append_move(u.id, 1, "7H", 0)  # another table's log is its own
    before = counts(store)
    with pytest.raises(MoveTaken) as caught:
        store.append_move(t.id, 1, "9D", 0)
    assert caught.value.seq == 1 and caught.value.text("en") == tr("classroom.error.moved_on", "en")
    with pytest.raises(ValueError, match="gap"):
        store.append_move(t.id, 3, "9D", 1)
    refused("classroom.error.no_table", store.append_move, 999, 1, "6H", 0)
    assert counts(store) == before
    store.append_move(t.id, 2, "9D", 1)
    assert [(m.seq, m.code, m.seat, m.learner_id) for m in store.moves(t.id)] == [(1, "6H", 0, ann.id),
                                                                                    (2, "9D", 1, None)]
    assert [m.seq for m in store.moves(t.id, after=1)] == [2]
    assert store.record(t.id).actions == ("6H", "9D")


def test_two_processes_racing_for_the_next_move(store_url: str) -> None:
    with ClassStore(store_url) as store:
        cls = store.create_class("5B")
        [t] = store.create_tables(cls.id, "page_one")
    procs = [subprocess.Popen([sys.executable, WORKER, "append", store_url, str(t.id), "150"],
                              stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [json.loads(p.communicate(timeout=300)[0].strip().splitlines()[-1]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    with ClassStore(store_url) as store:
        seqs = [m.seq for m in store.moves(t.id)]
    assert seqs == list(range(1, 151))  # no gap, no duplicate
    assert sum(o["taken"] for o in outs) == 150


def test_a_writer_killed_inside_its_move_leaves_nothing_of_it(store_url: str) -> None:
    with ClassStore(store_url) as store:
        cls = store.create_class("5B", empty_seat="bot", away_minutes=1)  # (the runner plays every seat)
        [t] = store.create_tables(cls.id, "up_and_down", players=3, options={"single_game": True},
                                  seats=["learner", "heuristic", "heuristic"], seed=5, bot_seed=6)
    for _ in range(3):
        proc = subprocess.run([sys.executable, WORKER, "die", store_url, str(t.id)], capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == -9, proc.stderr  # killed in the transaction of its move
        with ClassStore(store_url) as store:
            assert store.moves(t.id) == []  # the INSERT was never committed
    with ClassStore(store_url) as store:  # and the store still takes that move
        store.append_move(t.id, 1, Match.from_record(store.record(t.id)).legal_actions()[0].code, 0)


def test_writers_killed_at_random_leave_a_log_that_replays(store_url: str) -> None:
    with ClassStore(store_url) as store:
        cls = store.create_class("5B", empty_seat="bot", away_minutes=1)  # (the runner plays every seat)
        [t] = store.create_tables(cls.id, "up_and_down", players=4, options={"single_game": True},
                                  seats=["learner", "heuristic", "heuristic", "heuristic"], seed=11, bot_seed=12)
    seen: list[int] = []
    for i in range(12):
        proc = subprocess.Popen([sys.executable, WORKER, "play", store_url, str(t.id)], stdout=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None
        proc.stdout.readline()  # ready: it has replayed the log and is about to move
        time.sleep(0.01 * (i % 4))
        proc.kill()
        proc.wait(60)
        with ClassStore(store_url) as store:
            moves = store.moves(t.id)
            assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
            match = Match.from_record(store.record(t.id))  # every stored move replays
        seen.append(match.step_index)
        if match.is_over:
            break
    assert seen == sorted(seen) and seen[-1] > 0


# --- progress, results, export, backup ------------------------------------------------------------
def test_progress_results_and_the_leaderboard(store: ClassStore) -> None:
    cls = store.create_class("5B")
    ann, _ = store.join(cls.code, "Ann")
    ben, _ = store.join(cls.code, "Ben")
    assert store.record_progress(ann.id, "page_one", "page_one.matching") is True
    assert store.record_progress(ann.id, "page_one", "page_one.matching") is False  # once
    before = counts(store)
    refused("classroom.error.lesson", store.record_progress, ann.id, "page_one", "page_one.nope")
    refused("classroom.error.lesson", store.record_progress, ann.id, "chess", "x")
    refused("classroom.error.no_learner", store.record_progress, 999, "page_one", "page_one.matching")
    assert counts(store) == before
    assert [(p.learner_name, p.game, p.lesson) for p in store.progress(cls.id)] == [
        ("Ann", "page_one", "page_one.matching")]
    tables = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"], copies=2)
    for t in tables:
        store.take_seat(ann.id, t.id, 0)
    store.take_seat(ben.id, tables[0].id, 1)
    assert store.finish_table(tables[0].id, Outcome("x", (0,), (3.0, 1.0, 0.0)))
    assert not store.finish_table(tables[0].id, Outcome("x", (1,), (0.0, 9.0, 0.0)))  # once
    assert store.finish_table(tables[1].id, Outcome("x", (2,), (0.0, 1.0, 5.0)))
    rows = [(r.table_id, r.seat, r.learner_name, r.bot, r.score, r.won) for r in store.results(cls.id)]
    assert rows == [(tables[0].id, 0, "Ann", None, 3.0, True), (tables[0].id, 1, "Ben", None, 1.0, False),
                    (tables[0].id, 2, None, "heuristic", 0.0, False), (tables[1].id, 0, "Ann", None, 0.0, False),
                    (tables[1].id, 1, None, None, 1.0, False), (tables[1].id, 2, None, "heuristic", 5.0, True)]
    assert [(x.name, x.games, x.wins) for x in store.leaderboard(cls.id)] == [("Ann", 2, 1), ("Ben", 1, 0)]
    assert {t.status for t in store.tables(cls.id)} == {"over"}


def test_csv_export(store: ClassStore) -> None:
    cls = store.create_class("5B")
    ann, _ = store.join(cls.code, "=HYPERLINK(\"x\")")
    ben, _ = store.join(cls.code, "Ben, the second")
    store.record_progress(ben.id, "page_one", "page_one.matching")
    [t] = store.create_tables(cls.id, "page_one", players=2)
    store.take_seat(ann.id, t.id)
    store.take_seat(ben.id, t.id)
    store.append_move(t.id, 1, "6H", 0, ann.id)
    store.finish_table(t.id, Outcome("x", (1,), (0.0, 2.0)))

    def rows(what: str) -> list[dict[str, str]]:
        return list(csv.DictReader(io.StringIO(store.csv(cls.id, what))))

    learners = rows("learners")
    assert [r["name"] for r in learners] == ["'=HYPERLINK(\"x\")", "Ben, the second"]  # no formula
    assert [r["lessons_finished"] for r in learners] == ["0", "1"] and learners[0]["joined"].endswith("Z")
    assert [(r["name"], r["lesson"]) for r in rows("progress")] == [("Ben, the second", "page_one.matching")]
    [table] = rows("tables")
    assert (table["game"], table["moves"], table["status"]) == ("page_one", "1", "over")
    assert table["seats"] == "'=HYPERLINK(\"x\"); Ben, the second"
    assert [(r["seat"], r["score"], r["won"]) for r in rows("results")] == [("0", "0", "0"), ("1", "2", "1")]
    with pytest.raises(ValueError):
        store.csv(cls.id, "secrets")


def test_backup_while_a_writer_goes_on(store_url: str, tmp_path: Path) -> None:
    with ClassStore(store_url) as store:
        cls = store.create_class("5B")
        [t] = store.create_tables(cls.id, "page_one")
        writer = subprocess.Popen([sys.executable, WORKER, "append", store_url, str(t.id), "400"],
                                  stdout=subprocess.PIPE, text=True)
        try:
            sizes = []
            for i in range(4):
                path = store.backup(tmp_path / "backup.sqlite")
                with ClassStore(str(path)) as copy:  # a consistent store of its own
                    seqs = [m.seq for m in copy.moves(t.id)]
                    assert seqs == list(range(1, len(seqs) + 1))
                    assert copy.get_class(cls.id) == cls and copy.teacher_key() == store.teacher_key()
                sizes.append(len(seqs))
                time.sleep(0.05)
        finally:
            writer.communicate(timeout=300)
        assert sizes == sorted(sizes)
        assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
        final = store.backup(tmp_path / "backup.sqlite")
        with ClassStore(str(final)) as copy:
            assert len(copy.moves(t.id)) == 400


def test_a_database_url_with_a_password_is_never_shown(tmp_path: Path) -> None:
    with ClassStore(str(tmp_path / "x.sqlite")) as s:
        assert "x.sqlite" in repr(s)
    url = store_url("postgresql://tk:hunter2@db.example/class")
    assert "hunter2" not in url.render_as_string(hide_password=True)


def test_the_sql_in_a_name_is_only_a_name(store: ClassStore) -> None:
    cls = store.create_class("5B")
    bobby, key = store.join(cls.code, "Robert'); DROP TABLE learners;--")
    assert store.learner_by_key(key).name == "Robert'); DROP TABLE learners;--"
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM learners")).scalar() == 1
