"""PlayTable at a class table (its shared mode), without a browser: two learners' pages on one
SQLite store in one process (each page a ClassStore of its own, as two Voilà kernels hold), driven
by the requests their browsers would send and by the background task's ``poll``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from helpers_async import run_on_own_loop

from tablekit.classroom import ClassStore, MoveTaken, SharedSession, shared
from tablekit.core.view import iter_cards
from tablekit.i18n import tr
from tablekit.widgets.play_table import PlayTable


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def a_class(db: str, game: str = "page_one", players: int = 3, options: dict[str, Any] | None = None,
            clock: Clock | None = None, **policy: Any) -> dict[str, Any]:
    """A class with Ann and Ben seated at one table (seats 0 and 1; the others bots; at Page One,
    Ann plays first)."""
    store = ClassStore(db, clock=clock or Clock())
    cls = store.create_class("5B", **policy)
    (ann, ann_key), (ben, ben_key) = store.join(cls.code, "Ann"), store.join(cls.code, "Ben")
    seats = ["learner", "learner"] + ["heuristic"] * (players - 2)
    [table] = store.create_tables(cls.id, game, players=players, seats=seats, options=options, seed=13, bot_seed=12)
    store.take_seat(ann.id, table.id)
    store.take_seat(ben.id, table.id)
    return {"store": store, "cls": cls, "table": table, "ann": ann, "ann_key": ann_key, "ben": ben,
            "ben_key": ben_key}


def page(db: str, key: str, table_id: int, lang: str = "en", clock: Clock | None = None) -> PlayTable:
    """A learner's page: a store of its own, the session from the key, the table in shared mode."""
    store = ClassStore(db, clock=clock or Clock())
    return PlayTable(session=SharedSession.for_learner(store, key, table_id), lang=lang, bot_delay=0, follow=False)


def hidden_from(table: PlayTable) -> set[str]:
    """The cards in the other seats' hands (what this page may never receive)."""
    session = table.session
    players = session.game.observe(session.state, None)["players"]
    return {c for p in players if p["seat"] != session.seat for c in (p["hand"] or ())}


def assert_sees_only_its_own_seat(table: PlayTable) -> None:
    """No card of another hand anywhere in what the browser gets (outside a round's summary,
    which shows every hand by the rules), other hands face down, never the open view."""
    state = table.get_state()
    view = state["view"]
    assert not view["teaching"]
    for zone in view["zones"]:
        if zone["kind"] == "hand" and zone.get("owner") != table.seat:
            assert not any(c.get("face") for c in zone.get("cards", ())), zone
    hidden = hidden_from(table)
    shown = {c["face"]["code"] for c in iter_cards(view) if c.get("face")}
    assert not shown & hidden
    if "round_end" not in view:  # (the summary of a round shows every hand: the rules say so)
        text = json.dumps(state, ensure_ascii=False)
        assert not [code for code in hidden if f'"code": "{code}"' in text]


def my_move(table: PlayTable) -> str:
    return str(table.view["actions"][0]["code"])


def play_out(tables: list[PlayTable], limit: int = 3000) -> int:
    """The background tasks and the learners' clicks, until the game is over everywhere: each
    page polls, and plays its first legal move when it is its turn. Returns the moves clicked."""
    clicks = 0
    for _ in range(limit):
        if all(t.session.is_over for t in tables):
            return clicks
        for t in tables:
            t.poll()
            if t.view.get("round_end") and not t.view["round_end"].get("final"):
                t.handle({"type": "next_round"})
            if t.view["my_turn"]:
                before = t.session.step_index
                t.handle({"type": "play", "code": my_move(t)})
                assert t.session.step_index > before, t.message
                clicks += 1
            assert_sees_only_its_own_seat(t)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, players, options", [
    ("page_one", 3, {}),
    ("ultimate", 4, {"single_deal": True}),
])
def test_two_learners_play_a_whole_game_each_seeing_the_others_moves_never_cards(
        tmp_path: Path, game: str, players: int, options: dict[str, Any]) -> None:
    db = str(tmp_path / "class.sqlite")
    c = a_class(db, game, players, options)
    ann = page(db, c["ann_key"], c["table"].id)
    ben = page(db, c["ben_key"], c["table"].id, lang="ja")
    assert (ann.shared, ben.shared) == ("player", "player") and (ann.seat, ben.seat) == (0, 1)
    assert ann.deal == ben.deal == "" and not ann.allow_teaching_ui and ann.view["undo_off"]
    # A move of Ann's reaches Ben's page on his next poll, and only then.
    while not ann.view["my_turn"]:
        ann.poll()
        ben.poll()
        if ben.view["my_turn"]:
            ben.handle({"type": "play", "code": my_move(ben)})
    seen = ben.session.step_index
    ann.handle({"type": "play", "code": my_move(ann)})
    assert ann.session.step_index > seen and ben.session.step_index == seen
    assert ben.poll() is True and ben.session.state == ann.session.state
    assert ben.log[-1] and ben.view["step"] == ann.session.step_index
    assert play_out([ann, ben]) > 0
    store: ClassStore = c["store"]
    assert store.get_table(c["table"].id).status == "over"
    moves = store.moves(c["table"].id)
    assert [m.seq for m in moves] == list(range(1, len(moves) + 1)) == list(range(1, ann.session.step_index + 1))
    # The end as in an ordinary game: the final summary (or the outcome), and the results kept once.
    for t in (ann, ben):
        t.poll()
        assert t.view["over"] and (t.view.get("round_end", {}).get("final") or t.view.get("outcome"))
        assert t.deal == ""  # the deal stays on the server, after the game too
    assert len(store.results(c["cls"].id)) == players


def test_a_forged_request_for_the_other_seat_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "class.sqlite")
    c = a_class(db)
    ann = page(db, c["ann_key"], c["table"].id)
    ben = page(db, c["ben_key"], c["table"].id)
    assert ann.view["my_turn"] and not ben.view["my_turn"]
    store: ClassStore = c["store"]
    legal = [a["code"] for a in ann.view["actions"]]
    # Ben's browser sends Ann's legal moves, with a seat, a forged move number, as the teacher.
    for forged in ({"type": "play", "code": legal[0]}, {"type": "play", "code": legal[0], "seat": 0},
                   {"type": "play", "code": legal[0], "at": 0}, {"type": "play", "code": legal[0], "player": 0},
                   {"type": "new"}, {"type": "undo"}, {"type": "teaching", "on": True}, {"type": "share"},
                   {"type": "play", "code": legal[0], "at": "0"}):
        ben.handle(forged)
        assert ben.message_kind in ("refusal", "error"), forged
        assert store.moves(c["table"].id) == [] and ben.session.step_index == 0 and ann.poll() is False
    ben.handle({"type": "undo"})
    assert ben.message == tr("widgets.table.shared_off", "en")
    ben.handle({"type": "play", "code": legal[0]})
    assert ben.message == tr("core.illegal.not_your_turn", "en", player=0)
    assert_sees_only_its_own_seat(ben)


def test_a_reopened_page_gets_the_seat_back_mid_game(tmp_path: Path) -> None:
    db = str(tmp_path / "class.sqlite")
    c = a_class(db, "ultimate", 4, {"single_deal": True})
    ann = page(db, c["ann_key"], c["table"].id)
    ben = page(db, c["ben_key"], c["table"].id)
    for _ in range(40):  # a few moves of everyone
        for t in (ann, ben):
            t.poll()
            if t.view["my_turn"]:
                t.handle({"type": "play", "code": my_move(t)})
        if ann.session.step_index >= 8:
            break
    assert ann.session.step_index >= 8
    ann.poll()
    ann.close()  # the tab is closed; the same personal link is opened again: a new kernel
    again = page(db, c["ann_key"], c["table"].id)
    ben.poll()
    assert again.seat == 0 and again.session.state == ben.session.state == ann.session.state
    assert again.log == ann.log and len(again.log) >= again.session.step_index
    assert again.view["zones"] == ann.view["zones"] and again.view["my_turn"] == ann.view["my_turn"]
    play_out([again, ben])
    assert again.session.is_over


def test_two_moves_at_once_one_is_taken_the_other_page_says_the_table_moved_on(tmp_path: Path) -> None:
    db = str(tmp_path / "class.sqlite")
    c = a_class(db)
    store: ClassStore = c["store"]
    tab1 = page(db, c["ann_key"], c["table"].id)
    tab2 = page(db, c["ann_key"], c["table"].id, lang="ja")  # Ann's link open in two tabs
    codes = [a["code"] for a in tab1.view["actions"]]
    tab1.handle({"type": "play", "code": codes[0], "at": 0})
    tab2.handle({"type": "play", "code": codes[-1], "at": 0})  # it has not polled yet: the store refuses it
    assert tab2.message == MoveTaken(1).text("ja") and tab2.message_kind == "refusal"
    assert [(m.seq, m.code) for m in store.moves(c["table"].id)] == [(1, codes[0])]
    assert tab2.session.state == tab1.session.state and tab2.view["step"] == 1  # drawn as the table is now
    assert len(tab2.log) == len(tab1.log) == 1 and tab2.log != tab1.log  # (each in its own language)
    # A click made on a view the page has already left (its poll drew the new one meanwhile).
    ben = page(db, c["ben_key"], c["table"].id)
    ben.poll()
    assert ben.view["my_turn"]
    stale = ben.view["step"]
    store.append_move(c["table"].id, stale + 1, my_move(ben), 1, c["ben"].id)  # the other tab of Ben's, say
    assert ben.poll() is True
    ben.handle({"type": "play", "code": my_move(ben), "at": stale})
    assert ben.message == tr("classroom.error.moved_on", "en")
    assert len(store.moves(c["table"].id)) == ben.session.step_index  # nothing more was written
    # A direct write to the store at the move number the page is about to use.
    tab1.poll()
    while not tab1.view["my_turn"]:
        tab1.poll()
        ben.poll()
        if ben.view["my_turn"]:
            ben.handle({"type": "play", "code": my_move(ben)})
    seq = tab1.session.step_index + 1
    store.append_move(c["table"].id, seq, my_move(tab1), 0, c["ann"].id)
    tab1.handle({"type": "play", "code": tab1.view["actions"][-1]["code"]})  # (no move number: still refused)
    assert tab1.message == tr("classroom.error.moved_on", "en")
    assert [m.seq for m in store.moves(c["table"].id)].count(seq) == 1 and tab1.session.step_index >= seq


def test_the_teachers_view_shows_every_hand_and_moves_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "class.sqlite")
    c = a_class(db)
    store: ClassStore = c["store"]
    teacher = PlayTable(session=SharedSession.for_teacher(ClassStore(db), c["table"].id, store.teacher_key()),
                        bot_delay=0, follow=False)
    ann = page(db, c["ann_key"], c["table"].id)
    assert teacher.shared == "spectator" and teacher.view["teaching"]
    hands = [z for z in teacher.view["zones"] if z["kind"] == "hand"]
    assert len(hands) == 3 and all(c_["face"] for z in hands for c_ in z["cards"])
    code = my_move(ann)
    for request in ({"type": "play", "code": code}, {"type": "hint"}):
        teacher.handle(request)
        assert teacher.message == tr("widgets.table.spectator", "en")
    assert store.moves(c["table"].id) == []
    ann.handle({"type": "play", "code": code})
    assert teacher.poll() is True and teacher.session.step_index == 1
    while teacher.session.current_player == 1:  # Ben's moves (written by his page; a draw may keep him to move)
        seq = teacher.session.step_index + 1
        store.append_move(c["table"].id, seq, teacher.session.legal_actions()[0].code, 1, c["ben"].id)
        assert teacher.poll() is True and teacher.session.step_index == seq
    assert teacher.session.bot_to_play is None and teacher.session.current_player == 2
    written = len(store.moves(c["table"].id))
    for _ in range(5):  # the bot's turn: the teacher's page never moves anyone, bots included
        assert teacher.poll() is False
    assert len(store.moves(c["table"].id)) == written == teacher.session.step_index


def test_the_page_says_it_is_open_and_the_empty_seat_policy_applies(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shared, "HEARTBEAT_SECONDS", 0.0)  # (a sign is written however soon it follows)
    db = str(tmp_path / "class.sqlite")
    clock = Clock()
    c = a_class(db, clock=clock, empty_seat="bot", away_minutes=2)
    store: ClassStore = c["store"]
    ann = page(db, c["ann_key"], c["table"].id, clock=clock)
    ben = page(db, c["ben_key"], c["table"].id, clock=clock)
    seen = {x.seat: x.last_seen for x in store.seatings(c["table"].id)}
    clock.now += 60
    ann.handle({"type": "here"})
    assert ann.message == ""  # (nothing to say)
    after = {x.seat: x.last_seen for x in store.seatings(c["table"].id)}
    assert after[0] == seen[0] + 60 and after[1] == seen[1]
    # Ben's page is gone (no sign for 3 minutes): Ann's page moves a bot for his seat.
    ann.handle({"type": "play", "code": my_move(ann)})
    clock.now += 180
    ann.handle({"type": "here"})
    ann.session.refresh_seats()
    assert 1 not in ann.session.remote
    ann.poll()
    moves = store.moves(c["table"].id)
    assert len(moves) >= 2 and moves[1].seat == 1 and moves[1].learner_id is None


def test_the_background_task_follows_the_table_and_stops_when_closed(tmp_path: Path) -> None:
    db = str(tmp_path / "class.sqlite")
    c = a_class(db)

    async def scenario() -> tuple[bool, bool, int, int]:
        ben = PlayTable(session=SharedSession.for_learner(ClassStore(db), c["ben_key"], c["table"].id), bot_delay=0)
        task = ben._task
        assert task is not None and not task.done()
        ann = page(db, c["ann_key"], c["table"].id)
        ann.handle({"type": "play", "code": my_move(ann)})
        for _ in range(600):  # (at most a minute on a busy machine; ~0.1 s when healthy)
            if ben.view["my_turn"]:
                break
            await asyncio.sleep(0.1)
        followed = ben.view["my_turn"] and ben.session.step_index == 1
        ben.close()
        await asyncio.sleep(0.3)
        c["store"].append_move(c["table"].id, 2, my_move(ben), 1, c["ben"].id)  # (Ben's other tab)
        await asyncio.sleep(0.5)
        return followed, task.done(), ben.session.step_index, len(c["store"].moves(c["table"].id))

    followed, stopped, step, written = run_on_own_loop(scenario)
    assert followed and stopped and step == 1 and written == 2


def test_a_round_end_is_shown_on_every_page(tmp_path: Path) -> None:
    db = str(tmp_path / "class.sqlite")
    c = a_class(db, "page_one", 3, {"rounds": 2})
    ann = page(db, c["ann_key"], c["table"].id)
    ben = page(db, c["ben_key"], c["table"].id)
    for _ in range(2000):
        for t in (ann, ben):
            t.poll()
            if t.view["my_turn"]:
                t.handle({"type": "play", "code": my_move(t)})
        if ann.view.get("round_end") or ben.view.get("round_end"):
            break
    ann.poll()
    ben.poll()
    for t in (ann, ben):
        assert t.view["round_end"] and not t.view["round_end"].get("final")
        t.handle({"type": "play", "code": "x"})
        assert t.message == tr("widgets.table.press_next_round", "en")
        t.handle({"type": "next_round"})
        assert "round_end" not in t.view
    play_out([ann, ben])
    assert ann.view["round_end"]["final"] and ben.view["round_end"]["final"]
