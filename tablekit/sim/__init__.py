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
"""

from __future__ import annotations

import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from tablekit.bots import Bot, make_bot
from tablekit.core.game import Game, Outcome
from tablekit.core.record import Record
from tablekit.core.rng import derive_seed
from tablekit.sim.stats import seat_summary, wilson_interval

BotSpec = Bot | str
Progress = Callable[[int, int], None]


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


def play_game(game: Game[Any], bots: Sequence[BotSpec] | BotSpec, seed: int, max_decisions: int = 1_000_000) -> GameResult:
    """Play one game from ``seed`` with one bot per seat (or one bot for every seat).

    Each bot draws from its own random stream derived from (seed, seat), and only ever sees
    its seat's observation and the legal actions.
    """
    players = _bots_for(game, bots)
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(game.num_players)]
    state = game.initial_state(seed)
    codes: list[str] = []
    while not game.is_terminal(state):
        if len(codes) >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions (seed {seed})")
        seat = game.current_player(state)
        assert seat is not None
        legal = game.legal_actions(state)
        action = players[seat].choose(game.observe(state, seat), legal, rngs[seat])
        state, _ = game.step(state, action)
        codes.append(action.code)
    outcome = game.outcome(state)
    assert outcome is not None
    record = Record.start(game, seed).with_actions(tuple(codes))
    return GameResult(outcome, record, len(codes))


def _row(game: Game[Any], bots: list[Bot], index: int, seed: int) -> dict[str, Any]:
    result = play_game(game, bots, seed)
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
    return row


def _chunk(args: tuple[Game[Any], list[Bot], list[tuple[int, int]]]) -> list[dict[str, Any]]:
    game, bots, items = args
    return [_row(game, bots, i, s) for i, s in items]


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
) -> Any:
    """Play ``n`` games and return a pandas DataFrame with one row per game.

    Columns: game (index), seed, game_name, preset, players, winners (seats joined by ';'),
    winner (the single winner or -1), n_winners, decisions (length), termination, score_<seat>,
    bot_<seat>, plus the game's numeric outcome details (e.g. games, score, face_down_cards).

    ``progress``: a callable ``(done, total)``, False for none, or None for a tqdm bar when
    stderr is a terminal. ``cancel``: polled between chunks; if it returns True the run stops
    with CancelledError. Results never depend on ``workers`` (``0`` means one per CPU).
    """
    import pandas as pd

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive integer (got {n!r})")
    players = _bots_for(game, bots)
    items = [(i, derive_seed(seed, "game", i)) for i in range(n)]
    chunks = [items[k : k + chunk_size] for k in range(0, n, chunk_size)]
    close: Callable[[], None] = lambda: None
    if progress is None:
        report, close = _default_progress(n)
    elif progress is False or progress is True:
        report = None
    else:
        report = progress
    rows: list[dict[str, Any]] = []
    if workers == 0:
        workers = os.cpu_count() or 1
    try:
        if workers <= 1 or len(chunks) == 1:
            for chunk in chunks:
                if cancel is not None and cancel():
                    raise CancelledError(f"simulation cancelled after {len(rows)} of {n} games")
                rows.extend(_chunk((game, players, chunk)))
                if report:
                    report(len(rows), n)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(_chunk, (game, players, c)) for c in chunks]
                try:
                    for fut in futures:
                        if cancel is not None and cancel():
                            raise CancelledError(f"simulation cancelled after {len(rows)} of {n} games")
                        rows.extend(fut.result())
                        if report:
                            report(len(rows), n)
                except CancelledError:
                    for fut in futures:
                        fut.cancel()
                    raise
    finally:
        close()
    frame = pd.DataFrame(rows)
    return frame.sort_values("game", kind="stable").reset_index(drop=True)


__all__ = [
    "CancelledError",
    "GameResult",
    "play_game",
    "seat_summary",
    "simulate",
    "wilson_interval",
]
