"""simulate allocates per chunk, never for the whole run, and stops soon after a cancel.

A forged request for millions of games (the explore page) must not make the kernel build every
(index, seed) item or submit every chunk before playing one; Cancel must work at once.
"""

from __future__ import annotations

import multiprocessing
import re
import time
import tracemalloc
from typing import Any, Callable

import pandas as pd  # noqa: F401  (imported before tracemalloc starts: its import is not a run's cost)
import pytest

from tablekit import make
from tablekit.sim import POLL_SECONDS, STOP_EVERY, CancelledError, play_game, simulate

MB = 1024 * 1024


def after_first_report() -> tuple[Callable[[int, int], None], Callable[[], bool]]:
    """A progress callback and a cancel callable that says yes once one chunk was reported."""
    reports: list[int] = []
    return (lambda done, total: reports.append(done)), (lambda: bool(reports))


def cancelled_count(exc: pytest.ExceptionInfo[CancelledError]) -> int:
    match = re.search(r"after (\d+) of", str(exc.value))
    assert match is not None, str(exc.value)
    return int(match.group(1))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_huge_run_allocates_per_chunk_not_up_front(workers: int) -> None:
    game = make("up_and_down", preset="basic", players=2)
    progress, cancel = after_first_report()
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(CancelledError) as exc:
            simulate(game, "random", n=3_000_000, seed=1, workers=workers, progress=progress, cancel=cancel,
                     chunk_size=25)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Building the 3,000,000 (index, seed) items first took over 300 MB and several seconds.
    assert peak < 8 * MB, f"peak {peak / MB:.1f} MB"
    assert time.perf_counter() - started < 10
    assert 25 <= cancelled_count(exc) < 25 * (2 * workers + 2)


@pytest.mark.parametrize("workers, chunk_size", [(1, 7), (1, 1000), (2, 1), (2, 6), (3, 50)])
def test_the_same_rows_for_any_workers_and_chunk_size(workers: int, chunk_size: int) -> None:
    game = make("up_and_down", preset="carry_over", players=3)
    bots = ["heuristic", "random", "random"]
    expected = simulate(game, bots, n=61, seed=9, workers=1, progress=False)
    calls: list[tuple[int, int]] = []
    df = simulate(game, bots, n=61, seed=9, workers=workers, chunk_size=chunk_size,
                  progress=lambda done, total: calls.append((done, total)))
    assert df.equals(expected)
    # progress still comes once per chunk, in order, to the total
    sizes = [min(chunk_size, 61 - k) for k in range(0, 61, chunk_size)]
    assert calls == [(sum(sizes[: i + 1]), 61) for i in range(len(sizes))]


def test_cancel_is_polled_between_the_games_of_a_chunk() -> None:
    """One chunk of 10,000 games: a cancel that says yes at a poll between games (never at the
    chunk's start, however slow the machine) stops the run at once, part way through."""
    game = make("up_and_down", preset="basic", players=2)
    polls: list[float] = []

    def cancel() -> bool:
        polls.append(time.perf_counter())
        return len(polls) >= 3

    with pytest.raises(CancelledError) as exc:
        simulate(game, "random", n=10_000, seed=0, progress=False, chunk_size=10_000, cancel=cancel)
    stopped = time.perf_counter()
    # The first poll is the chunk's start; the next two came between games, within the chunk.
    assert len(polls) == 3
    assert 0 < cancelled_count(exc) < 10_000
    # Between games the callable is asked about every POLL_SECONDS, and the run stops on its yes.
    assert polls[2] - polls[1] >= POLL_SECONDS - 0.01
    assert stopped - polls[2] < 1.0


def test_a_costly_cancel_callable_is_not_called_after_every_game() -> None:
    game = make("up_and_down", preset="basic", players=2)
    polls: list[float] = []

    def cancel() -> bool:
        polls.append(time.perf_counter())
        return False

    started = time.perf_counter()
    simulate(game, "random", n=300, seed=0, progress=False, chunk_size=100, cancel=cancel)
    elapsed = time.perf_counter() - started
    # one poll per chunk, plus at most one per POLL_SECONDS in between (300 games take ~0.1 s)
    assert 3 <= len(polls) <= 3 + elapsed / POLL_SECONDS + 1


def slow_game() -> Any:
    """Page One for 8 heuristic bots over 1,000 rounds: about 0.6 s a game here."""
    return make("page_one", players=8, rounds=1000)


def test_play_game_asks_stop_every_few_decisions_and_abandons_the_game_on_yes() -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(len(asked))
        return len(asked) == 3

    with pytest.raises(CancelledError, match=f"after {3 * STOP_EVERY - 1} decisions"):
        play_game(slow_game(), "heuristic", seed=0, stop=stop)
    assert len(asked) == 3
    # the same game, never stopped, is far longer (the stop did cut it short) and unchanged by asking
    unasked = play_game(slow_game(), "heuristic", seed=0)
    assert unasked.decisions > 10 * STOP_EVERY
    assert play_game(slow_game(), "heuristic", seed=0, stop=lambda: False) == unasked


def test_a_cancel_reaches_the_game_being_played() -> None:
    """One game only, so no poll comes between games: the second poll (the first is the
    chunk's start) can only have come from within the game, and the run stops there."""
    polls: list[float] = []

    def cancel() -> bool:
        polls.append(time.perf_counter())
        return len(polls) >= 2

    with pytest.raises(CancelledError, match="after 0 of 1 games"):
        simulate(slow_game(), "heuristic", n=1, seed=0, progress=False, cancel=cancel)
    assert len(polls) == 2


def test_cancel_with_workers_returns_at_once_and_the_workers_stop() -> None:
    """With chunks of 25 games of ~0.6 s, waiting for the running chunks took ~15 s."""
    before = set(multiprocessing.active_children())
    started = time.perf_counter()
    clicked: list[float] = []

    def cancel() -> bool:
        if time.perf_counter() - started > 1.0:
            clicked.append(time.perf_counter())
            return True
        return False

    with pytest.raises(CancelledError, match="after 0 of 100000 games"):
        simulate(slow_game(), "heuristic", n=100_000, seed=0, workers=2, progress=False, chunk_size=25,
                 cancel=cancel)
    assert time.perf_counter() - clicked[0] < 1.0
    # the worker processes stop within their current game, not after it or their chunk
    deadline = time.monotonic() + 10
    while set(multiprocessing.active_children()) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not set(multiprocessing.active_children()) - before


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="chunk_size must be a positive integer"):
        simulate(make("up_and_down", players=2), "random", n=10, chunk_size=0, progress=False)
    with pytest.raises(ValueError, match="n must be a positive integer"):
        simulate(make("up_and_down", players=2), "random", n=True, progress=False)
