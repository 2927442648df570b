"""The teacher's page without a browser: refused without the teacher key (nothing of any class
shown, the key in no trait), a class and its tables made from the page and bad values refused,
the join link and its QR code, the live lists picking up what learners' pages write to the
store, the CSV downloads, and the comparison of three tables dealt one deal.

Everything is driven the way the page is (button clicks, control values) and checked on the
widgets' synced values, which is what the browser gets.
"""

from __future__ import annotations

import asyncio
import base64
import csv
import io
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from helpers_async import run_on_own_loop

pytest.importorskip("sqlalchemy")

import ipywidgets as widgets  # noqa: E402

from tablekit.classroom import ClassStore, SharedSession  # noqa: E402
from tablekit.core.match import Match  # noqa: E402
from tablekit.core.registry import spec  # noqa: E402
from tablekit.i18n import tr  # noqa: E402
from tablekit.widgets import teacher  # noqa: E402
from tablekit.widgets.teacher import TeacherPage, teacher_page  # noqa: E402

ADDRESS = "http://192.168.1.10:8866/voila/render/"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ClassStore]:
    with ClassStore(str(tmp_path / "class.sqlite")) as s:
        yield s


@pytest.fixture
def tpage(store: ClassStore) -> Iterator[TeacherPage]:
    """The teacher's page, opened with the key (no background task: tests call refresh)."""
    p = teacher_page(query="key=" + store.teacher_key(), store=store, address=ADDRESS, refresh=False)
    yield p
    p.close()


def every_widget(root: widgets.Widget) -> Iterator[widgets.Widget]:
    yield root
    for child in getattr(root, "children", ()):
        yield from every_widget(child)


def synced_text(root: widgets.Widget) -> str:
    """Every synced trait value of every widget under ``root``, as one text (what a browser
    can read)."""
    parts = []
    for w in every_widget(root):
        state = w.get_state()
        parts.append(repr(state))
    return "\n".join(parts)


def make_class(page: TeacherPage, name: str = "5B", empty_seat: str = "bot", minutes: int = 5) -> Any:
    page.class_name.value = name
    page.empty_seat.value = empty_seat
    page.away_minutes.value = minutes
    page.create_class_button.click()
    return page.current_class


def play_to_the_end(store: ClassStore, key: str, table_id: int, choice: int) -> SharedSession:
    """The learner with ``key`` plays their table to the end (their ``choice``-th legal move from
    the fifth of their moves on, the first before), the bots theirs."""
    session = SharedSession.for_learner(store, key, table_id)
    mine = 0
    while not session.is_over:
        if session.human_to_play is not None:
            moves = session.legal_actions()
            session.play(moves[(choice * mine) % len(moves)] if mine >= 4 else moves[0])
            mine += 1
        else:
            assert session.bot_move() is not None
    return session


# --- the key ------------------------------------------------------------------------------------
@pytest.mark.parametrize("query", ["", "key=", "key=nope-nope-nope", "lang=ja", "key=a&key=b"])
def test_refused_without_the_right_key(store: ClassStore, query: str) -> None:
    store.create_class("Secret 5B")
    page = teacher_page(query=query, store=store, refresh=False)
    assert not page.allowed and page.store is None
    shown = synced_text(page)
    assert "Secret 5B" not in shown and "join.ipynb" not in shown
    lang = "ja" if "lang=ja" in query else "en"
    assert tr("classroom.error.teacher_key", lang) == page.message_text
    assert page.message_text in html_text(page.message.value)


def test_the_right_key_in_another_case_or_with_more_is_refused_too(store: ClassStore) -> None:
    key = store.teacher_key()
    for wrong in (key.lower() if key.lower() != key else key.upper(), key + "x", key[:-1], " " + key):
        assert not teacher_page(query="key=" + wrong.replace(" ", "%20"), store=store, refresh=False).allowed


def test_no_key_opens_no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "never.sqlite"
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(db))
    page = teacher_page(query="lang=ja", refresh=False)
    assert not page.allowed and page.lang == "ja" and not db.exists()


def test_a_store_that_cannot_be_opened_is_said_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLEKIT_CLASS_DB", str(tmp_path / "no" / "such" / "folder" / "class.sqlite"))
    page = teacher_page(query="key=abcdefghijkl", refresh=False)
    assert not page.allowed and page.message_text == tr("widgets.teacher.no_store", "en")


def test_the_key_goes_into_no_trait(store: ClassStore, tpage: TeacherPage) -> None:
    key = store.teacher_key()
    cls = make_class(tpage)
    tpage.choose_table(game="page_one", players=3, seats=["learner", "learner", "heuristic"], copies=2)
    tpage.create_tables_button.click()
    store.join(cls.code, "Ann")
    tpage.refresh()
    tpage.compare(tpage.compare_choice.value)
    assert tpage.allowed and key not in synced_text(tpage)


def html_text(value: str) -> str:
    import html

    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


# --- a class and its tables ---------------------------------------------------------------------
def test_a_class_is_made_with_its_policy_and_join_link(store: ClassStore, tpage: TeacherPage) -> None:
    assert tpage.class_body.layout.display == "none"  # no class yet: nothing below the form
    cls = make_class(tpage, "Year 5 B", "bot", 7)
    assert [(c.name, c.empty_seat, c.away_minutes) for c in store.classes()] == [("Year 5 B", "bot", 7)]
    assert tpage.class_body.layout.display is None
    assert tpage.message_text == tr("widgets.teacher.class_made", "en", name="Year 5 B", code=cls.code)
    assert tpage.join_url == f"{ADDRESS}join.ipynb?class={cls.code}"
    join = tpage.join.value
    assert tpage.join_url in join and cls.code in join and "<svg" in join
    assert teacher.qr_svg(tpage.join_url) in join
    assert tr("widgets.teacher.policy_bot", "en", minutes=7) in html_text(join)
    tpage.set_lang("ja")
    assert tpage.join_url.endswith(f"class={cls.code}&lang=ja") and "<svg" in tpage.join.value
    assert tr("widgets.teacher.title", "ja") in tpage.title.value


def test_bad_class_values_are_refused_and_change_nothing(store: ClassStore, tpage: TeacherPage) -> None:
    tpage.class_name.value = "   "
    tpage.create_class_button.click()
    assert tpage.message_text == tr("classroom.error.name_empty", "en") and store.classes() == []
    tpage.class_name.value = "x" * 200
    tpage.create_class_button.click()
    assert tpage.message_text.startswith("A name may have at most") and store.classes() == []
    tpage.class_name.value = "5B"
    tpage.empty_seat.set_state({"index": 9})  # a forged choice from the tpage
    assert tpage.message_text == tr("widgets.start.refused", "en") and tpage.empty_seat.value == "bot"
    assert store.classes() == []


def test_tables_made_with_learners_and_bots_on_one_deal(store: ClassStore, tpage: TeacherPage) -> None:
    cls = make_class(tpage)
    tpage.choose_table(game="up_and_down", preset="carry_over", players=3, seats=["learner", "search", "random"],
                      copies=3, name="Pond")
    tpage.create_tables_button.click()
    tables = store.tables(cls.id)
    assert [t.name for t in tables] == ["Pond 1", "Pond 2", "Pond 3"]
    assert {(t.game, t.preset, t.players, t.seats) for t in tables} == {
        ("up_and_down", "carry_over", 3, ("learner", "search", "random"))}
    assert len({t.deal_group for t in tables}) == 1 and tables[0].deal_group is not None
    records = [store.record(t.id) for t in tables]
    assert len({(r.seed, r.meta["bot_seed"]) for r in records}) == 1  # one deal, the same bots
    assert tpage.message_text == tr("widgets.teacher.tables_made", "en", count=3, names="Pond 1, Pond 2, Pond 3")
    shown = html_text(tpage.tables_view.value)
    assert "Pond 2" in shown and "Strongest (bot)" in shown and "Beginner (bot)" in shown
    assert tpage.compare_choice.value == tables[0].deal_group
    # One table on its own deal: no deal group.
    tpage.choose_table(game="page_one", players=2, seats=["learner", "learner"], copies=1)
    tpage.create_tables_button.click()
    assert store.tables(cls.id)[-1].deal_group is None and len(tpage.compare_choice.options) == 1


def test_the_form_offers_only_modes_a_class_can_share() -> None:
    assert "solo" not in teacher.shareable_presets("up_and_down")
    assert set(teacher.shareable_presets("page_one")) == set(spec("page_one").presets)


def test_bad_table_values_are_refused_and_change_nothing(store: ClassStore, tpage: TeacherPage) -> None:
    cls = make_class(tpage)
    tpage.choose_table(game="page_one", players=3, seats=["heuristic", "random", "heuristic"])
    tpage.create_tables_button.click()
    assert tpage.message_text == tr("classroom.error.no_learner_seat", "en")
    tpage.choose_table(seats=["learner", "learner", "learner"])
    tpage.players.set_state({"index": 40})  # forged: not a count the menu offers
    assert tpage.message_text == tr("widgets.start.refused", "en")
    tpage.copies.set_state({"value": "many"})
    tpage.table_name.value = "x" * 200
    tpage.create_tables_button.click()
    assert tpage.message_text.startswith("A name may have at most")
    assert store.tables(cls.id) == []
    # The form's seats follow the players; a seat's menu is a learner or the game's bots.
    tpage.players.value = 5
    assert len(tpage.seat_choices) == 5
    assert [v for _, v in tpage.seat_choices[0].options] == ["learner", "random", "heuristic", "search"]


# --- the class now --------------------------------------------------------------------------------
def test_live_refresh_picks_up_lessons_moves_and_who_is_online(store: ClassStore, tpage: TeacherPage) -> None:
    cls = make_class(tpage)
    tpage.choose_table(game="page_one", players=2, seats=["learner", "heuristic"])
    tpage.create_tables_button.click()
    [table] = store.tables(cls.id)
    assert tr("widgets.teacher.no_learners", "en") in html_text(tpage.learners_view.value)
    # Another tpage (another kernel: another store) writes a learner, a lesson and a move.
    with ClassStore(store.url) as other:
        ann, key = other.join(cls.code, "Ann <b>")
        lesson = spec("page_one").lessons[1]
        other.record_progress(ann.id, "page_one", lesson.id)
        other.take_seat(ann.id, table.id)
        mine = SharedSession.for_learner(other, key, table.id)
        while mine.human_to_play is None:  # (a bot may move twice in a row: a skip, a draw)
            assert mine.bot_move() is not None
        mine.play(mine.legal_actions()[0])
    before = tpage.learners_view.value
    tpage.refresh()
    learners = tpage.learners_view.value
    assert learners != before and "Ann &lt;b&gt;" in learners and "Ann <b>" not in learners
    row = re.search(r"<tr><td>Ann &lt;b&gt;</td><td>(.*?)</td><td>(\d+)</td><td>(.*?)</td></tr>", learners)
    assert row is not None and row.group(1) == "yes" and row.group(2) == "1"
    assert row.group(3) == tr(lesson.title, "en")
    tables = re.search(r"<tbody><tr><td>1</td><td>.*?</td><td>(.*?)</td><td>(\d+)</td>", tpage.tables_view.value)
    assert tables is not None and "Ann" in tables.group(1) and int(tables.group(2)) == len(store.moves(table.id)) >= 1
    assert tr("widgets.teacher.online", "en", count=1, names="Ann <b>") in html_text(learners)


def test_the_background_task_refreshes_and_stops_when_the_page_closes(store: ClassStore,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher, "REFRESH_SECONDS", 0.05)
    cls = store.create_class("5B")

    async def scenario() -> tuple[bool, bool, bool]:
        page = teacher_page(query="key=" + store.teacher_key(), store=store, refresh=True)
        started = page._task is not None
        store.join(cls.code, "Mia")
        for _ in range(100):
            await asyncio.sleep(0.05)
            if "Mia" in page.learners_view.value:
                break
        seen = "Mia" in page.learners_view.value
        task = page._task
        page.close()
        await asyncio.sleep(0.1)
        return started, seen, task is not None and task.done()

    assert run_on_own_loop(scenario) == (True, True, True)


def test_results_and_leaderboard(store: ClassStore, tpage: TeacherPage) -> None:
    cls = make_class(tpage)
    tpage.choose_table(game="up_and_down", players=2, seats=["learner", "heuristic"], copies=2)
    tpage.create_tables_button.click()
    tables = store.tables(cls.id)
    names = ["Ann", "Ben"]
    for name, t, choice in zip(names, tables, (1, 2)):
        learner, key = store.join(cls.code, name)
        store.take_seat(learner.id, t.id)
        play_to_the_end(store, key, t.id, choice)
    tpage.refresh()
    results = store.results(cls.id)
    shown = html_text(tpage.results_view.value)
    for r in results:
        assert f"{r.score:g}" in shown
    board = re.findall(r"<tr><td>(\d+)</td><td>(\w+)</td><td>(\d+)</td><td>(\d+)</td></tr>", tpage.leaderboard_view.value)
    expected = [(str(k + 1), s.name, str(s.games), str(s.wins)) for k, s in enumerate(store.leaderboard(cls.id))]
    assert board == expected and {b[1] for b in board} == set(names)
    wins = {r.learner_name: r.won for r in results if r.learner_name}
    assert {b[1]: b[3] == "1" for b in board} == wins


def test_csv_downloads_hold_the_whole_class(store: ClassStore, tpage: TeacherPage) -> None:
    cls = make_class(tpage)
    tpage.choose_table(game="up_and_down", players=2, seats=["learner", "heuristic"])
    tpage.create_tables_button.click()
    [table] = store.tables(cls.id)
    ann, key = store.join(cls.code, "=Ann")
    store.record_progress(ann.id, "page_one", spec("page_one").lessons[0].id)
    store.take_seat(ann.id, table.id)
    play_to_the_end(store, key, table.id, 1)
    tpage.refresh()
    files = tpage.csv_files()
    assert sorted(files) == sorted(f"{cls.code}-{what}.csv" for what in
                                   ("learners", "progress", "tables", "results", "leaderboard"))
    for name, text in files.items():
        what = name.split("-", 1)[1].removesuffix(".csv")
        assert text == store.csv(cls.id, what)
    learners = list(csv.DictReader(io.StringIO(files[f"{cls.code}-learners.csv"])))
    assert [(r["name"], r["lessons_finished"]) for r in learners] == [("'=Ann", "1")]
    progress = list(csv.DictReader(io.StringIO(files[f"{cls.code}-progress.csv"])))
    assert [(r["game"], r["lesson"]) for r in progress] == [("page_one", spec("page_one").lessons[0].id)]
    results = list(csv.DictReader(io.StringIO(files[f"{cls.code}-results.csv"])))
    assert len(results) == 2 and {r["player"] for r in results} == {"'=Ann", "bot:heuristic"}
    board = list(csv.DictReader(io.StringIO(files[f"{cls.code}-leaderboard.csv"])))
    assert [(r["rank"], r["name"], r["games"]) for r in board] == [("1", "'=Ann", "1")]
    # The links are data: URLs with a byte-order mark (a spreadsheet reads Japanese names right).
    link = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', tpage.csv_view.value)
    assert link is not None and base64.b64decode(link.group(1)).startswith("\ufeff".encode())
    assert "<script" not in tpage.csv_view.value and "javascript:" not in tpage.csv_view.value


# --- one deal, compared ---------------------------------------------------------------------------
def three_tables_played(store: ClassStore, tpage: TeacherPage) -> tuple[Any, list[Any], list[SharedSession]]:
    cls = make_class(tpage)
    tpage.choose_table(game="up_and_down", players=2, seats=["learner", "heuristic"], copies=3)
    tpage.create_tables_button.click()
    tables = store.tables(cls.id)
    sessions = []
    for i, t in enumerate(tables):
        learner, key = store.join(cls.code, f"Learner {i + 1}")
        store.take_seat(learner.id, t.id)
        sessions.append(play_to_the_end(store, key, t.id, i + 1))
    return cls, tables, sessions


def test_three_tables_on_one_deal_compared(store: ClassStore, tpage: TeacherPage) -> None:
    cls, tables, sessions = three_tables_played(store, tpage)
    tpage.refresh()
    assert tpage.compare_row.layout.display is None and tpage.watch_row.layout.display is None
    tpage.compare_button.click()
    shown = tpage.comparison_view.value
    moves = [store.record(t.id).actions for t in tables]
    common = 0
    while all(len(m) > common for m in moves) and len({m[common] for m in moves}) == 1:
        common += 1
    assert 0 < common < min(map(len, moves))  # alike at first, then each learner chose differently
    assert html_text(shown).startswith(tr("widgets.teacher.common", "en", count=common))
    header = re.findall(r"<th>(.*?)</th>", shown)
    assert header == ["", "1", "2", "3"]
    rows = {cells[0]: cells[1:] for cells in (re.findall(r"<td>(.*?)</td>", row)
                                              for row in re.findall(r"<tr>(.*?)</tr>", shown)) if cells}
    for k, (t, s) in enumerate(zip(tables, sessions)):
        outcome = Match.from_record(store.record(t.id)).outcome()
        assert outcome is not None and outcome == s.outcome()
        assert html_text(rows["Player 1"][k]) == f"Learner {k + 1}: {outcome.scores[0]:g}"
        assert html_text(rows["Player 2"][k]) == f"Good (bot): {outcome.scores[1]:g}"
        assert html_text(rows["Game"][k]) == tr("widgets.teacher.over_after", "en", count=len(moves[k]))
        winners = ", ".join(f"Player {w + 1}: " + ("Learner %d" % (k + 1) if w == 0 else "Good (bot)")
                            for w in outcome.winners)
        assert html_text(rows["Won"][k]) == winners
        assert html_text(rows["Parts from the others"][k]) == f"parts at move {common + 1}"
        match = Match.from_record(store.record(t.id).with_actions(moves[k][:common]))
        label = match.game.action_from_code(moves[k][common]).label("en")
        assert html_text(rows[f"Move {common + 1}"][k]) == f"{label} (Player 1: Learner {k + 1})"
    assert [b.description for b in tpage.replay_buttons.children] == ["Replay of table 1", "Replay of table 2",
                                                                      "Replay of table 3"]
    tpage.set_lang("ja")
    assert tr("widgets.teacher.common", "ja", count=common) in html_text(tpage.comparison_view.value)
    assert [b.description for b in tpage.replay_buttons.children][0] == "テーブル 1 のリプレイ"


def test_a_comparison_of_tables_not_dealt_alike_is_refused(store: ClassStore, tpage: TeacherPage) -> None:
    make_class(tpage)
    assert tpage.compare_row.layout.display == "none" and tpage.watch_row.layout.display == "none"  # empty menus
    tpage.compare("no-such-group")
    assert tpage.message_text == tr("classroom.error.not_one_deal", "en") and tpage.comparison_view.value != "x"
    assert tpage.replay_buttons.children == ()


def test_names_that_look_like_catalogue_codes_are_shown_as_they_are(store: ClassStore, tpage: TeacherPage) -> None:
    cls = make_class(tpage, name="@core.seat")
    assert cls.name == "@core.seat"
    assert "@core.seat" in tpage.message_text and tr("core.seat", "en", n=1) not in tpage.message_text
    store.join(cls.code, "@widgets.teacher.title")
    tpage.refresh()
    online = html_text(tpage.learners_view.value)
    assert "@widgets.teacher.title" in online and tr("widgets.teacher.title", "en") not in online


def hand_codes(view: dict[str, Any]) -> dict[int, list[str]]:
    """Each seat's hand as the view shows it (face-up card codes)."""
    return {z["owner"]: [c["face"]["code"] for c in z.get("cards", []) if c.get("face")]
            for z in view["zones"] if z["kind"] == "hand"}


def test_a_replay_from_the_comparison_shows_every_hand_to_the_teacher(store: ClassStore, tpage: TeacherPage) -> None:
    cls, tables, _ = three_tables_played(store, tpage)
    tpage.refresh()
    tpage.compare_button.click()
    tpage.replay_buttons.children[1].click()  # table 2
    table = tpage.spectator
    assert table is not None and table.shared == "spectator" and table in tpage.watch_area.children
    common = compare_common(store, tables)
    assert table.replay_at == common  # opened just before the tables parted
    view = table.view
    assert view["viewer"] is None and not view["my_turn"]  # the teacher is nobody at the table
    assert all("(you)" not in z.get("label", "") for z in view["zones"])
    # Every hand face up, each as its own player sees it at that step.
    record = store.record(tables[1].id)
    match = Match.from_record(record.with_actions(record.actions[:common]))
    shown = hand_codes(view)
    assert sorted(shown) == [0, 1] and all(shown.values())
    for seat, codes in shown.items():
        own = hand_codes(spec("up_and_down").view(match.game, match.state, seat, "en"))[seat]
        assert codes == own
    assert tr("widgets.teacher.replay_title", "en", name="2") in html_text(tpage.watch_head.value)
    tpage.stop_watching()
    assert tpage.spectator is None and tpage.watch_area.children == ()


def compare_common(store: ClassStore, tables: list[Any]) -> int:
    moves = [store.record(t.id).actions for t in tables]
    common = 0
    while all(len(m) > common for m in moves) and len({m[common] for m in moves}) == 1:
        common += 1
    return common
