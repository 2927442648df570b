"""A Session with a move log and remote seats (a shared table), without any database: the log is
a ``MemoryLog``. The class store's own log is tested in tests/test_classroom_store.py."""

from __future__ import annotations

import pytest

from tablekit import make
from tablekit.core.errors import ConfigError, IllegalActionError, InvalidActionError, MoveTaken, RecordError
from tablekit.session import MemoryLog, Session


def pair(players: int = 3, seed: int = 1) -> tuple[MemoryLog, Session, Session]:
    """Seat 0 and seat 1 on two sessions over one log; any other seat is a bot's."""
    log = MemoryLog()
    game = make("page_one", players=players)
    a = Session(game, seed=seed, seat=0, bot_seed=5, log=log, remote={1})
    b = Session(game, seed=seed, seat=1, bot_seed=5, log=log, remote={0})
    return log, a, b


def test_a_move_is_written_then_seen_by_the_other_session() -> None:
    log, a, b = pair()
    code = a.legal_actions()[0].code
    a.play(code)
    assert log.moves == [(1, code, 0)]
    assert b.sync() and b.state == a.state and b.step_index == 1
    assert b.sync() == []  # nothing new


def test_an_illegal_or_unknown_move_writes_nothing() -> None:
    log, a, _ = pair()
    with pytest.raises(InvalidActionError):
        a.play("not a card")
    legal = {x.code for x in a.legal_actions()}
    refused = [c for c in a.observe(0)["players"][0]["hand"] if c not in legal]
    assert refused  # (seed 1: seat 0 holds cards it may not play now)
    with pytest.raises(IllegalActionError):
        a.play(refused[0])
    assert log.moves == [] and a.step_index == 0


def test_no_move_for_a_remote_seat_nor_by_a_bot_for_it() -> None:
    log, a, b = pair()
    with pytest.raises(IllegalActionError):  # seat 0 is to play: not Ben's turn
        b.play(b.legal_actions()[0])
    assert b.bot_to_play is None and b.bot_move() is None and b.run_bots() == []
    assert log.moves == []


def test_the_second_of_two_moves_at_once_is_told_the_table_moved_on() -> None:
    log, a, b = pair()
    a.play(a.legal_actions()[0])
    b.sync()
    twin = Session(b.game, seed=b.seed, seat=1, bot_seed=5, log=log, remote={0})
    twin.sync()  # a second page of seat 1, at the same position
    first = b.legal_actions()[0].code
    b.play(first)
    with pytest.raises(MoveTaken) as caught:
        twin.play(twin.legal_actions()[-1])
    assert caught.value.seq == 2 and caught.value.reason == "classroom.error.moved_on"
    assert "moved on" in caught.value.text("en") and caught.value.text("ja") != caught.value.text("en")
    assert twin.state == b.state and [m[1] for m in log.moves][1] == first and len(log.moves) == 2


def test_a_bot_seat_is_moved_once_whichever_session_moves_it() -> None:
    log, a, b = pair()
    a.play(a.legal_actions()[0])
    b.sync()
    b.play(b.legal_actions()[0])
    a.sync()
    assert a.bot_to_play == b.bot_to_play == 2
    first = a.bot_move()
    second = b.bot_move()  # b computed the same move: the log already has it, b syncs
    assert first == second and len(log.moves) == 3 and a.state == b.state


def test_undo_is_refused_on_a_shared_table() -> None:
    _, a, _ = pair()
    a.play(a.legal_actions()[0])
    assert a.can_undo().reason == "core.undo.shared"
    with pytest.raises(IllegalActionError):
        a.undo()
    assert a.step_index == 1


@pytest.mark.parametrize("bad", ["seat", "illegal", "gap"])
def test_a_bad_stored_move_is_a_record_error_naming_it(bad: str) -> None:
    log, a, b = pair()
    code = a.legal_actions()[0].code
    if bad == "seat":
        log.moves.append((1, code, 1))  # written as seat 1's while seat 0 is to play
    elif bad == "illegal":
        log.moves.append((1, "XX", 0))
    else:
        log.moves.append((2, code, 0))
    with pytest.raises(RecordError, match="stored move"):
        b.sync()
    assert b.step_index == 0


def test_remote_seats_are_checked_and_the_record_names_them_people() -> None:
    game = make("page_one", players=3)
    with pytest.raises(ConfigError):
        Session(game, seed=1, remote={3})
    s = Session(game, seed=1, seat=0, log=MemoryLog(), remote={1})
    assert s.humans == frozenset({0}) and s.shared
    assert s.record().meta["seats"][:2] == ["human", "human"]
    spectator = Session(game, seed=1, seat=0, remote={0, 1, 2})
    assert spectator.humans == frozenset() and spectator.human_to_play is None and spectator.bot_to_play is None


def test_a_session_without_a_log_is_unchanged() -> None:
    s = Session(make("page_one", players=3), seed=1, bot_seed=3)
    assert not s.shared and s.sync() == [] and s.remote == frozenset()
    s.play(s.legal_actions()[0])
    assert s.run_bots() and s.human_to_play == 0
