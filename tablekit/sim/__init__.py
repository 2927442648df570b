"""Seeded simulation into pandas.

``play_game`` plays one game (or match) between bots and returns its result and record;
``simulate`` plays many, each from a seed derived from (master seed, game index), so the
DataFrame is identical whatever the number of worker processes.

>>> from tablekit import make
>>> game = make("up_and_down", preset="basic", players=3)
>>> df = simulate(game, ["heuristic", "random", "random"], n=4, seed=1, progress=False)
>>> list(df.columns[:6])
['game', 'seed', 'game_name', 'preset', 'players', 'winners']
>>> df.equals(simulate(game, ["heuristic", "random", "random"], n=4, seed=1, workers=2, progress=False))
True

``executor=`` runs the chunks on any ``concurrent.futures.Executor`` instead, such as a Dask
cluster's (``tablekit.sim.executor``); the DataFrame is the same.
"""

from __future__ import annotations

import os
import random
import sys
import time
from concurrent.futures import Executor, Future
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from tablekit.bots import Bot, decide, make_bot
from tablekit.core.game import Game, Outcome
from tablekit.core.record import Record
from tablekit.core.rng import derive_seed
from tablekit.sim.executor import check_executor, executor_width, map_ordered
from tablekit.sim.stats import seat_summary, wilson_interval

BotSpec = Bot | str
Progress = Callable[[int, int], None]
#: Within a chunk (and while waiting for workers), ``cancel`` is polled at most this often.
POLL_SECONDS = 0.1
#: Within a game, ``play_game``'s ``stop`` is asked after this many decisions (a long game,
#: such as eight bots over many rounds, must not delay a cancel until it ends).
STOP_EVERY = 64


@dataclass(frozen=True)
class GameResult:
    """One finished game: its outcome, its record and how many decisions it took."""

    outcome: Outcome
    record: Record
    decisions: int


class CancelledError(Exception):
    """Raised by ``simulate`` when its ``cancel`` callable returns True."""


def _bots_for(game: Game[Any], bots: Sequence[BotSpec] | BotSpec) -> list[Bot]:
    if isinstance(bots, (str, Bot)) and not isinstance(bots, (list, tuple)):
        bots = [bots]
    resolved = [make_bot(b, game) if isinstance(b, str) else b for b in bots]
    if len(resolved) == 1:
        resolved = resolved * game.num_players
    if len(resolved) != game.num_players:
        raise ValueError(f"bots: give one bot, or one per seat ({game.num_players}), not {len(resolved)}")
    return resolved


def play_game(game: Game[Any], bots: Sequence[BotSpec] | BotSpec, seed: int, max_decisions: int = 1_000_000,
              stop: Callable[[], bool] | None = None) -> GameResult:
    """Play one game from ``seed`` with one bot per seat (or one bot for every seat).

    Each bot draws from its own random stream derived from (seed, seat), and only ever sees
    its seat's observation and the legal actions (a searching bot the position, which it reads
    only through ``determinize``; see ``tablekit.bots.decide``).

    ``stop``: asked every ``STOP_EVERY`` decisions; when it returns True the game is abandoned
    with CancelledError (a simulation's cancel reaches the game being played).
    """
    players = _bots_for(game, bots)
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(game.num_players)]
    state = game.initial_state(seed)
    codes: list[str] = []
    while not game.is_terminal(state):
        if len(codes) >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions (seed {seed})")
        if stop is not None and len(codes) % STOP_EVERY == STOP_EVERY - 1 and stop():
            raise CancelledError(f"game stopped after {len(codes)} decisions (seed {seed})")
        seat = game.current_player(state)
        assert seat is not None
        action = decide(players[seat], game, state, rngs[seat])
        state, _ = game.step(state, action)
        codes.append(action.code)
    outcome = game.outcome(state)
    assert outcome is not None
    record = Record.start(game, seed).with_actions(tuple(codes))
    return GameResult(outcome, record, len(codes))


def _row(game: Game[Any], bots: list[Bot], index: int, seed: int, records: bool = False,
         stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    result = play_game(game, bots, seed, stop=stop)
    out = result.outcome
    row: dict[str, Any] = {
        "game": index,
        "seed": seed,
        "game_name": game.name,
        "preset": game.preset,
        "players": game.num_players,
        "winners": ";".join(str(w) for w in out.winners),
        "winner": out.winners[0] if len(out.winners) == 1 else -1,
        "n_winners": len(out.winners),
        "decisions": result.decisions,
        "termination": out.termination,
    }
    for seat, score in enumerate(out.scores):
        row[f"score_{seat}"] = score
    for seat, bot in enumerate(bots):
        row[f"bot_{seat}"] = bot.name
    for key, value in out.details.items():
        if isinstance(value, (int, float, str, bool)):
            row[key] = value
    if records:
        row["actions"] = result.record.actions
    return row


# Set in each worker process by ``_start_worker``: the run's "stop now" flag.
_WORKER_STOP: Any = None


def _start_worker(stop: Any) -> None:
    global _WORKER_STOP
    _WORKER_STOP = stop


def _chunk(args: tuple[Game[Any], list[Bot], list[tuple[int, int]], bool]) -> list[dict[str, Any]]:
    """Play one chunk in a worker process; it stops within a few decisions once the run is
    cancelled (the partial result is thrown away)."""
    game, bots, items, records = args
    stop = None if _WORKER_STOP is None else _WORKER_STOP.is_set
    rows = []
    try:
        for i, s in items:
            if stop is not None and stop():
                break
            rows.append(_row(game, bots, i, s, records, stop))
    except CancelledError:
        pass
    return rows


def _chunks(n: int, seed: int, size: int) -> Iterator[list[tuple[int, int]]]:
    """The (index, seed) items of ``n`` games, ``size`` at a time, made only when asked for."""
    for start in range(0, n, size):
        yield [(i, derive_seed(seed, "game", i)) for i in range(start, min(n, start + size))]


class _Poller:
    """Polls a ``cancel`` callable: always when asked at a chunk boundary, and between games or
    within one (``requested``, asked every ``STOP_EVERY`` decisions) at most every
    ``POLL_SECONDS`` (so a run stops soon after the click, and a costly callable is not called
    after every short game)."""

    def __init__(self, cancel: Callable[[], bool] | None) -> None:
        self.cancel = cancel
        self.last = time.monotonic()

    def requested(self, boundary: bool = False) -> bool:
        """Whether the run is to stop (``cancel`` is called only if ``boundary`` or it is due)."""
        if self.cancel is None:
            return False
        now = time.monotonic()
        if not boundary and now - self.last < POLL_SECONDS:
            return False
        self.last = now
        return bool(self.cancel())

    def check(self, done: int, n: int, boundary: bool = True) -> None:
        if self.requested(boundary):
            raise CancelledError(f"simulation cancelled after {done} of {n} games")


def _default_progress(total: int) -> tuple[Progress | None, Callable[[], None]]:
    if not sys.stderr.isatty():
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is part of the [sim] extra
        return None, lambda: None
    bar = tqdm(total=total, unit="game", file=sys.stderr)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def simulate(
    game: Game[Any],
    bots: Sequence[BotSpec] | BotSpec,
    n: int,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | bool | None = None,
    cancel: Callable[[], bool] | None = None,
    chunk_size: int = 50,
    records: bool = False,
    executor: Executor | None = None,
) -> Any:
    """Play ``n`` games and return a pandas DataFrame with one row per game.

    Columns: game (index), seed, game_name, preset, players, winners (seats joined by ';'),
    winner (the single winner or -1), n_winners, decisions (length), termination, score_<seat>,
    bot_<seat>, plus the game's numeric outcome details (e.g. games, score, face_down_cards).

    ``progress``: a callable ``(done, total)`` called after each chunk of ``chunk_size`` games,
    False for none, or None for a tqdm bar when stderr is a terminal. ``cancel``: polled before
    each chunk and, within a chunk or while waiting for worker processes, every
    ``POLL_SECONDS`` between games and every ``STOP_EVERY`` decisions within a game; if it
    returns True the run stops with CancelledError, so a run stops within a few decisions of the
    request (a long game is abandoned, not finished). Results never depend on ``workers`` or
    ``chunk_size`` (``workers=0`` means one per CPU).

    ``records=True`` adds an ``actions`` column: each game's action codes (a tuple), so that
    ``Record.start(game, seed).with_actions(actions)`` replays it (for measures taken mid-game,
    such as the lead changes of ``tablekit.sim.scorecard``).

    ``executor``: any ``concurrent.futures.Executor`` to play the chunks on, instead of the
    ``workers`` processes this call would start: a pool of your own, or a Dask cluster's
    (``distributed.Client(address).get_executor()``; the ``tablekit[cluster]`` extra). The
    executor is left running. The bots must pickle, as the built-in ones do. On a cancel, the
    chunks not started are dropped and the call returns at once; a chunk already running on
    the executor plays to its end (within a pool of this call's own, it stops within its game).

    Memory grows with the games played, never with ``n`` up front: the (index, seed) items are
    made one chunk at a time, and at most twice as many chunks as the pool (or cluster) runs
    at once are in flight.
    """
    import pandas as pd

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive integer (got {n!r})")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive integer (got {chunk_size!r})")
    check_executor(game.name, executor)
    players = _bots_for(game, bots)
    close: Callable[[], None] = lambda: None
    if progress is None:
        report, close = _default_progress(n)
    elif progress is False or progress is True:
        report = None
    else:
        report = progress
    if workers == 0:
        workers = os.cpu_count() or 1
    poller = _Poller(cancel)
    rows: list[dict[str, Any]] = []
    try:
        if executor is not None:
            tasks = ((game, players, chunk, records) for chunk in _chunks(n, seed, chunk_size))
            for part in map_ordered(executor, _chunk, tasks, executor_width(executor),
                                    lambda future: _wait(future, len(rows), n, poller)):
                _add(part, n, rows, report)
        elif workers <= 1 or n <= chunk_size:
            stop = None if cancel is None else poller.requested
            for chunk in _chunks(n, seed, chunk_size):
                poller.check(len(rows), n)
                for k, (i, s) in enumerate(chunk):
                    if k:
                        poller.check(len(rows), n, boundary=False)
                    try:
                        rows.append(_row(game, players, i, s, records, stop))
                    except CancelledError:  # within the game: say how far the run got
                        raise CancelledError(f"simulation cancelled after {len(rows)} of {n} games") from None
                if report:
                    report(len(rows), n)
        else:
            _run_in_pool(game, players, _chunks(n, seed, chunk_size), n, workers, rows, report, poller, records)
    finally:
        close()
    frame = pd.DataFrame(rows)
    return frame.sort_values("game", kind="stable").reset_index(drop=True)


def _run_in_pool(game: Game[Any], players: list[Bot], chunks: Iterator[list[tuple[int, int]]], n: int,
                 workers: int, rows: list[dict[str, Any]], report: Progress | None, poller: _Poller,
                 records: bool = False) -> None:
    """Play the chunks in ``workers`` processes of this call's own, appending their rows to
    ``rows`` in order (``map_ordered``: at most ``2 * workers`` chunks in flight).

    On a cancel (polled while waiting, at least every ``POLL_SECONDS``) or an error, nothing
    more is submitted, pending chunks are cancelled, the running ones stop within their current
    game (the pool's "stop now" flag) and the call returns without waiting for them.
    """
    # (imported here: the static site's Python, Pyodide, has no process pools, and the pages
    # that import this module there never start one)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context()
    stop = context.Event()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                               initargs=(stop,))
    finished = False
    try:
        tasks = ((game, players, chunk, records) for chunk in chunks)
        for part in map_ordered(pool, _chunk, tasks, workers, lambda future: _wait(future, len(rows), n, poller)):
            _add(part, n, rows, report)
        finished = True
    finally:
        if not finished:
            stop.set()
        pool.shutdown(wait=finished, cancel_futures=True)


def _wait(future: Future[list[dict[str, Any]]], done: int, n: int, poller: _Poller) -> list[dict[str, Any]]:
    """Wait for one chunk's rows, polling ``cancel`` meanwhile."""
    poller.check(done, n)
    while True:
        try:
            return future.result(timeout=POLL_SECONDS)
        except FuturesTimeout:
            poller.check(done, n, boundary=False)


def _add(part: list[dict[str, Any]], n: int, rows: list[dict[str, Any]], report: Progress | None) -> None:
    rows.extend(part)
    if report:
        report(len(rows), n)


__all__ = [
    "CancelledError",
    "GameResult",
    "POLL_SECONDS",
    "STOP_EVERY",
    "play_game",
    "seat_summary",
    "simulate",
    "wilson_interval",
]
