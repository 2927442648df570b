"""Shared tables (tablekit.classroom.shared) on SQLite and PostgreSQL, without a browser.

Each learner's page is a SharedSession on a ClassStore of its own (as two Voilà kernels would
hold); the races run in separate processes (tests/classroom_worker.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tablekit import make
from tablekit.classroom import ClassroomError, ClassStore, MoveTaken, SharedSession, compare
from tablekit.classroom.shared import HEARTBEAT_SECONDS
from tablekit.core.errors import IllegalActionError
from tablekit.core.view import iter_cards
from tablekit.session import Session, hint_bot_name

WORKER = str(Path(__file__).with_name("classroom_worker.py"))


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def faces(view: dict[str, Any]) -> set[str]:
    return {c["face"]["code"] for c in iter_cards(view) if c.get("face")}


def assert_sees_only_its_own_hand(session: SharedSession) -> None:
    """No card of another seat's hand is in the page's view, and other hands are drawn face down."""
    view = session.view()
    state = session.state
    open_obs = session.game.observe(state, None)
    mine = set(open_obs["players"][session.seat]["hand"] or ())
    others = {c for p in open_obs["players"] if p["seat"] != session.seat for c in (p["hand"] or ())}
    assert not (faces(view) & (others - mine)), faces(view) & others
    for zone in view["zones"]:
        if zone["kind"] == "hand" and zone.get("owner") != session.seat:
            assert zone["cards"] == [] or all(not c.get("face") for c in zone["cards"])
    assert not view["teaching"]


def new_class(store: ClassStore, names: tuple[str, ...] = ("Ann", "Ben"), **policy: Any) -> tuple[Any, list[Any]]:
    cls = store.create_class("5B", **policy)
    return cls, [store.join(cls.code, name) for name in names]


def step(sessions: list[SharedSession]) -> bool:
    """One round of every page's background task: poll, then play (first legal move) or move
    a bot. False when nothing moved anywhere."""
    moved = False
    for s in sessions:
        s.poll()
        if s.human_to_play is not None:
            s.play(s.legal_actions()[0])
            moved = True
        elif s.bot_to_play is not None:
            moved = s.bot_move() is not None or moved
    return moved


@pytest.mark.parametrize("game, players, options", [
    ("page_one", 3, {}),
    ("ultimate", 4, {"single_deal": True}),
])
def test_two_pages_play_a_whole_game_seeing_moves_never_cards(store_url: str, game: str, players: int,
                                                            options: dict[str, Any]) -> None:
    teacher_store = ClassStore(store_url)
    cls, [(ann, ann_key), (ben, ben_key)] = new_class(teacher_store)
    seats = ["learner", "learner"] + ["heuristic"] * (players - 2)
    [table] = teacher_store.create_tables(cls.id, game, players=players, seats=seats, options=options,
                                          seed=7, bot_seed=8)
    ann_page, ben_page = ClassStore(store_url), ClassStore(store_url)
    ann_page.take_seat(ann.id, table.id)
    ben_page.take_seat(ben.id, table.id)
    a = SharedSession.for_learner(ann_page, ann_key, table.id)
    b = SharedSession.for_learner(ben_page, ben_key, table.id)
    teacher = SharedSession.for_teacher(teacher_store, table.id, teacher_store.teacher_key())
    moves = 0
    while not (a.is_over and b.is_over):
        assert step([a, b]) or a.is_over or b.is_over, "the table is stuck"
        for s in (a, b):
            assert_sees_only_its_own_hand(s)
            assert s.view(teaching=True)["teaching"] is False  # never the open view for a learner
        moves += 1
        assert moves < 3000
    teacher.poll()
    assert a.state == b.state == teacher.state and a.step_index == len(teacher_store.moves(table.id))
    assert teacher.view()["teaching"] is True
    assert all(c.get("face") for z in teacher.view()["zones"] if z["kind"] == "hand" for c in z["cards"])
    # Who wrote what: each learner's moves are theirs, the bots' are nobody's.
    by_seat = {(m.seat, m.learner_id) for m in teacher_store.moves(table.id)}
    assert by_seat <= {(0, ann.id), (1, ben.id)} | {(s, None) for s in range(2, players)}
    assert {(0, ann.id), (1, ben.id)} <= by_seat
    assert teacher_store.get_table(table.id).status == "over"
    assert len(teacher_store.results(cls.id)) == players
    for store in (teacher_store, ann_page, ben_page):
        store.close()


def test_the_teacher_sees_every_hand_and_moves_nothing(store_url: str) -> None:
    with ClassStore(store_url) as store:
        cls, [(ann, key), _] = new_class(store)
        [t] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "heuristic", "heuristic"], seed=1)
        store.take_seat(ann.id, t.id)
        refused = [None, "", "guess", key]
        for bad in refused:
            with pytest.raises(ClassroomError) as caught:
                SharedSession.for_teacher(store, t.id, bad)
            assert caught.value.reason == "classroom.error.teacher_key"
        teacher = SharedSession.for_teacher(store, t.id, store.teacher_key())
        hands = [z for z in teacher.view()["zones"] if z["kind"] == "hand"]
        assert len(hands) == 3 and all(len(faces({"zones": [z]})) == 7 for z in hands)
        assert teacher.humans == frozenset() and teacher.bot_to_play is None and teacher.run_bots() == []
        with pytest.raises(IllegalActionError):
            teacher.play(teacher.legal_actions()[0])
        assert store.moves(t.id) == []


def test_a_forged_or_stale_request_is_refused_and_changes_nothing(store_url: str) -> None:
    with ClassStore(store_url) as store:
        cls, [(ann, ann_key), (ben, ben_key), (cat, cat_key)] = new_class(store, ("Ann", "Ben", "Cat"))
        other = store.create_class("5C")
        eve, eve_key = store.join(other.code, "Eve")
        [t] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"], seed=1)
        store.take_seat(ann.id, t.id)
        store.take_seat(ben.id, t.id)
        a = SharedSession.for_learner(store, ann_key, t.id)
        b = SharedSession.for_learner(store, ben_key, t.id)
        # Ben sends a move while it is Ann's turn: even a move Ann could make is not his to make.
        for code in [x.code for x in a.legal_actions()]:
            with pytest.raises(IllegalActionError):
                b.play(code)
        assert store.moves(t.id) == []
        for key, reason in ((cat_key, "classroom.error.not_seated"), (eve_key, "classroom.error.other_class"),
                            ("no-such-key-at-all", "classroom.error.bad_key"), (None, "classroom.error.bad_key")):
            with pytest.raises(ClassroomError) as caught:
                SharedSession.for_learner(store, key, t.id)
            assert caught.value.reason == reason
        a.play(a.legal_actions()[0])
        assert [(m.seq, m.seat, m.learner_id) for m in store.moves(t.id)] == [(1, 0, ann.id)]
        # Ann's second tab, opened now: it replays the log, then falls behind (it does not poll).
        stale = SharedSession.for_learner(ClassStore(store_url), ann_key, t.id)
        assert stale.step_index == 1
        for _ in range(20):
            step([a, b])
            if a.human_to_play is not None:
                break
        assert a.human_to_play == 0 and stale.human_to_play is None
        written = len(store.moves(t.id))
        with pytest.raises(IllegalActionError):  # by what the stale tab knows, it is not Ann's turn
            stale.play(a.legal_actions()[0])
        stale.poll()  # caught up, both tabs send a move; the second one arrives late
        a.play(a.legal_actions()[0])
        with pytest.raises(MoveTaken) as caught:
            stale.play(stale.legal_actions()[-1])
        assert caught.value.seq == written + 1
        assert stale.state == a.state and len(store.moves(t.id)) == written + 1
        stale.store.close()


def test_two_simultaneous_moves_exactly_one_is_taken(store_url: str, tmp_path: Path) -> None:
    with ClassStore(store_url) as store:
        cls, [(ann, key)] = new_class(store, ("Ann",))
        [t] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "heuristic", "heuristic"], seed=1)
        store.take_seat(ann.id, t.id)
    go = tmp_path / "go"
    # Ann's page open twice (two tabs, two kernels), each sending another of her moves at once.
    procs = [subprocess.Popen([sys.executable, WORKER, "move", store_url, str(t.id), key, str(go), str(i)],
                              stdout=subprocess.PIPE, text=True) for i in (0, 1)]
    ready = [json.loads(p.stdout.readline()) for p in procs if p.stdout is not None]
    assert ready == [{"ready": 0}, {"ready": 0}]  # both tabs show the table as it was
    go.touch()
    outs = [json.loads(p.communicate(timeout=120)[0].strip().splitlines()[-1]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert sorted(o["result"] for o in outs) == ["moved_on", "taken"]
    with ClassStore(store_url) as store:
        log = [m.code for m in store.moves(t.id)]
    winner = next(o for o in outs if o["result"] == "taken")
    loser = next(o for o in outs if o["result"] == "moved_on")
    assert log == [winner["code"]] and winner["code"] != loser["code"]
    assert loser["seq"] == 1 and loser["step"] == 1 and loser["actions"] == log  # consistent with the table


def test_bots_move_exactly_once_when_two_processes_race(store_url: str, tmp_path: Path) -> None:
    game = make("up_and_down", players=4, single_game=True)
    with ClassStore(store_url) as store:
        cls = store.create_class("5B", empty_seat="bot", away_minutes=1)  # (the runner plays every seat)
        [t] = store.create_tables(cls.id, "up_and_down", players=4, options={"single_game": True},
                                  seats=["learner", "heuristic", "random", "heuristic"], seed=21, bot_seed=22)
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, WORKER, "bots", store_url, str(t.id), str(go)],
                              stdout=subprocess.PIPE, text=True) for _ in range(2)]
    assert [json.loads(p.stdout.readline()) for p in procs if p.stdout is not None] == [{"ready": 0}] * 2
    go.touch()
    outs = [json.loads(p.communicate(timeout=300)[0].strip().splitlines()[-1]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    # The same game as one process alone would play: every move written exactly once.
    alone = Session(game, seed=21, seat=0, bots=[hint_bot_name(game), "heuristic", "random", "heuristic"],
                    bot_seed=22)
    alone.humans = frozenset()
    alone.run_bots()
    with ClassStore(store_url) as store:
        log = store.moves(t.id)
        assert [m.code for m in log] == [a.code for a in alone.match.actions]
        assert [m.seq for m in log] == list(range(1, len(log) + 1))
        assert outs[0]["step"] == outs[1]["step"] == len(log) and alone.is_over
        assert store.get_table(t.id).status == "over" and len(store.results(cls.id)) == 4


def test_a_restart_resumes_every_table_mid_game(store_url: str) -> None:
    store = ClassStore(store_url)
    cls, [(ann, ann_key), (ben, ben_key)] = new_class(store)
    [t] = store.create_tables(cls.id, "ultimate", players=4, options={"single_deal": True},
                              seats=["learner", "heuristic", "learner", "heuristic"], seed=3, bot_seed=4)
    store.take_seat(ann.id, t.id)
    store.take_seat(ben.id, t.id)
    pages = [SharedSession.for_learner(store, k, t.id) for k in (ann_key, ben_key)]
    for _ in range(12):
        step(pages)
    pages[0].poll()
    before, state = pages[0].step_index, pages[0].state
    assert before == len(store.moves(t.id))
    assert 0 < before and not pages[0].is_over
    store.close()  # the server stops; every kernel is gone
    again = [SharedSession.for_learner(ClassStore(store_url), k, t.id) for k in (ann_key, ben_key)]
    assert [s.step_index for s in again] == [before, before] and again[0].state == state
    assert (again[0].seat, again[1].seat) == (0, 2)
    while step(again):
        pass
    assert again[0].is_over and again[1].is_over and again[0].state == again[1].state
    for s in again:
        s.store.close()


def test_the_empty_seat_policy(store_url: str) -> None:
    clock = Clock()
    store = ClassStore(store_url, clock=clock)
    cls, [(ann, ann_key), (ben, ben_key)] = new_class(store, empty_seat="bot", away_minutes=1)
    [t] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"], seed=1)
    store.take_seat(ann.id, t.id)
    store.take_seat(ben.id, t.id)
    a = SharedSession.for_learner(store, ann_key, t.id)
    b = SharedSession.for_learner(store, ben_key, t.id)
    a.play(a.legal_actions()[0])
    a.poll()
    assert a.bot_to_play is None and a.remote == frozenset({1})  # Ben is here: his turn, nobody moves it
    clock.now += 61
    assert a.heartbeat(force=True) and not a.heartbeat()  # at most once in HEARTBEAT_SECONDS
    assert HEARTBEAT_SECONDS > 0
    assert a.refresh_seats() == frozenset() and a.bot_to_play == 1  # Ben away for a minute: a bot plays
    a.bot_move()
    [_, moved] = store.moves(t.id)
    assert (moved.seat, moved.learner_id) == (1, None)
    b.heartbeat(force=True)  # Ben is back
    assert a.refresh_seats() == frozenset({1})
    # "wait": the table waits for Ben, however long he is away.
    store.set_empty_seat(cls.id, "wait", 1)
    clock.now += 3600
    assert a.refresh_seats() == frozenset({1})
    for _ in range(20):  # (Ann and the bot play until it is Ben's turn again)
        if a.current_player == 1:
            break
        step([a])
    written = len(store.moves(t.id))
    assert a.current_player == 1 and a.bot_to_play is None and a.bot_move() is None and a.run_bots() == []
    assert len(store.moves(t.id)) == written
    store.close()


def test_the_same_deal_at_three_tables_compared(store_url: str) -> None:
    with ClassStore(store_url) as store:
        cls, learners = new_class(store, ("Ann", "Ben", "Cat"))
        tables = store.create_tables(cls.id, "up_and_down", copies=3, players=2, options={"single_game": True},
                                     seats=["learner", "heuristic"], seed=5, bot_seed=6)
        assert len({t.deal_group for t in tables}) == 1 and tables[0].deal_group
        assert len({(store.record(t.id).seed, store.record(t.id).meta["bot_seed"]) for t in tables}) == 1
        sessions = []
        for (learner, key), t in zip(learners, tables):
            store.take_seat(learner.id, t.id)
            sessions.append(SharedSession.for_learner(store, key, t.id))
        # Tables 1 and 2 play alike; table 3 plays another card at its learner's second turn.
        turns = [0, 0, 0]
        for i, s in enumerate(sessions):
            while not s.is_over:
                if s.human_to_play is not None:
                    legal = s.legal_actions()
                    s.play(legal[-1] if i == 2 and turns[i] == 1 and len(legal) > 1 else legal[0])
                    turns[i] += 1
                else:
                    s.run_bots()
        comparison = compare(store, [t.id for t in tables])
        one, two, three = comparison.tables
        assert one.moves == two.moves != three.moves
        first = next(i for i, (x, y) in enumerate(zip(one.moves, three.moves)) if x != y) + 1
        assert comparison.common == first - 1 and first > 1
        assert (one.differs_at, two.differs_at, three.differs_at) == (first, first, first)
        assert all(x.over and x.scores is not None and x.winners for x in comparison.tables)
        assert one.scores == two.scores and one.winners == two.winners
        results = store.results(cls.id)
        assert [(r.table_id, r.seat) for r in results] == [(t.id, s) for t in tables for s in (0, 1)]
        assert {(r.table_id, r.score) for r in results} == {(x.table.id, x.scores[r.seat]) for x in comparison.tables
                                                            for r in results if r.table_id == x.table.id}
        [other] = store.create_tables(cls.id, "up_and_down", players=2, seats=["learner", "heuristic"], seed=99)
        with pytest.raises(ClassroomError) as caught:
            compare(store, [tables[0].id, other.id])
        assert caught.value.reason == "classroom.error.not_one_deal"


def test_results_are_kept_once_however_many_pages_see_the_end(store_url: str) -> None:
    with ClassStore(store_url) as store:
        cls, [(ann, key)] = new_class(store, ("Ann",))
        [t] = store.create_tables(cls.id, "up_and_down", players=2, options={"single_game": True},
                                  seats=["learner", "heuristic"], seed=5)
        store.take_seat(ann.id, t.id)
        pages = [SharedSession.for_learner(ClassStore(store_url), key, t.id) for _ in range(3)]
        watcher = SharedSession.for_teacher(ClassStore(store_url), t.id, store.teacher_key())
        while step(pages):
            pass
        watcher.poll()
        assert all(p.is_over for p in pages) and watcher.is_over
        outcome = watcher.outcome()
        assert outcome is not None
        results = store.results(cls.id)
        assert [(r.seat, r.score, r.won) for r in results] == [
            (s, outcome.scores[s], s in outcome.winners) for s in (0, 1)]
        assert results[0].learner_name == "Ann" and results[1].bot == "heuristic"
        assert [(x.name, x.games) for x in store.leaderboard(cls.id)] == [("Ann", 1)]
        # A finished table opens as it ended; nobody moves there any more.
        late = SharedSession.for_learner(store, key, t.id)
        assert late.is_over and late.bot_to_play is None and late.human_to_play is None
        for p in [*pages, watcher]:
            p.store.close()
