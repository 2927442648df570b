"""Statistics over simulation DataFrames: win rates by seat with Wilson intervals."""

from __future__ import annotations

import math
from typing import Any


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_summary(df: Any) -> Any:
    """Win rate per seat with a 95% Wilson interval.

    A game shared by k winners counts 1/k of a win to each. Columns: seat, bot, games, wins,
    win_rate, ci_low, ci_high, mean_score.
    """
    import pandas as pd

    players = int(df["players"].max())
    games = len(df)
    rows = []
    split = df["winners"].astype(str).str.split(";")
    for seat in range(players):
        share = split.apply(lambda ws, s=str(seat): (1.0 / len(ws)) if s in ws else 0.0)
        wins = float(share.sum())
        lo, hi = wilson_interval(wins, games)
        bot_col = f"bot_{seat}"
        rows.append({
            "seat": seat,
            "bot": df[bot_col].iloc[0] if bot_col in df else "",
            "games": games,
            "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "ci_low": lo,
            "ci_high": hi,
            "mean_score": float(df[f"score_{seat}"].mean()) if f"score_{seat}" in df else math.nan,
        })
    return pd.DataFrame(rows)


def mean_interval(values: Any, z: float = 1.96) -> tuple[float, float, float]:
    """The mean of some numbers with its 95% interval (normal approximation: mean ± z·sd/√n).

    >>> m, lo, hi = mean_interval([10, 12, 14, 16])
    >>> m, round(lo, 2), round(hi, 2)
    (13.0, 10.47, 15.53)
    >>> mean_interval([5])
    (5.0, 5.0, 5.0)
    """
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(xs) / n
    if n < 2:
        return (mean, mean, mean)
    half = z * math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)
    return (mean, mean - half, mean + half)


def _score_columns(df: Any) -> list[str]:
    return [f"score_{seat}" for seat in range(int(df["players"].max())) if f"score_{seat}" in df]


def game_mean_scores(df: Any) -> Any:
    """Each game's mean score over its seats (one number per game, so the games are the
    independent samples of an interval)."""
    return df[_score_columns(df)].mean(axis=1)


def score_summary(df: Any) -> Any:
    """Mean score per seat with its 95% interval. Columns: seat, bot, mean, ci_low, ci_high,
    sd, min, max.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"players": [2, 2, 2], "bot_0": ["random"] * 3, "bot_1": ["random"] * 3,
    ...                    "score_0": [10, 20, 30], "score_1": [5, 5, 5]})
    >>> score_summary(df)[["seat", "mean", "min", "max"]].to_dict("records")[0]
    {'seat': 0, 'mean': 20.0, 'min': 10.0, 'max': 30.0}
    """
    import pandas as pd

    rows = []
    for seat, column in enumerate(_score_columns(df)):
        values = df[column]
        mean, lo, hi = mean_interval(values)
        rows.append({"seat": seat, "bot": df[f"bot_{seat}"].iloc[0] if f"bot_{seat}" in df else "",
                     "mean": mean, "ci_low": lo, "ci_high": hi, "sd": float(values.std(ddof=1)) if len(values) > 1 else 0.0,
                     "min": float(values.min()), "max": float(values.max())})
    return pd.DataFrame(rows)


def first_player_edge(df: Any) -> tuple[float, float, float] | None:
    """How much more the first player scores than the average of the others, per game, with
    its 95% interval; None when the rows do not say who played first (``first_player``).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"players": [2, 2], "first_player": [0, 1], "score_0": [12, 10], "score_1": [10, 14]})
    >>> first_player_edge(df)[0]
    3.0
    """
    if "first_player" not in df:
        return None
    columns = _score_columns(df)
    n = len(columns)
    edges = []
    for _, row in df.iterrows():
        first = int(row["first_player"])
        scores = [float(row[c]) for c in columns]
        edges.append(scores[first] - (sum(scores) - scores[first]) / (n - 1))
    return mean_interval(edges)


def score_effect(df_a: Any, df_b: Any, z: float = 1.96) -> tuple[float, float, float]:
    """How much variant B moves the mean score per player against variant A: the difference of
    the means of the games' mean scores (B − A) with its 95% interval (Welch's normal
    approximation; the games of A and B are independent samples).

    >>> import pandas as pd
    >>> a = pd.DataFrame({"players": [2] * 3, "score_0": [10, 12, 14], "score_1": [10, 12, 14]})
    >>> b = a.assign(score_0=a["score_0"] + 5, score_1=a["score_1"] + 5)
    >>> d, lo, hi = score_effect(a, b)
    >>> d, lo < 5 < hi
    (5.0, True)
    """
    a, b = game_mean_scores(df_a), game_mean_scores(df_b)
    diff = float(b.mean() - a.mean())
    var = (float(a.var(ddof=1)) / len(a) if len(a) > 1 else 0.0) + (float(b.var(ddof=1)) / len(b) if len(b) > 1 else 0.0)
    half = z * math.sqrt(var)
    return (diff, diff - half, diff + half)


def paired_difference(first: Any, second: Any, z: float = 1.96) -> tuple[float, float, float]:
    """How much ``second`` exceeds ``first`` when they come in pairs (sample i of both was
    measured on the same world, as in common random numbers): the mean of the differences
    ``second[i] − first[i]`` with its 95% interval (normal approximation, mean ± z·sd/√n).

    Pairing removes what both samples share, so the interval is far narrower than that of two
    independent samples. Equal pairs throughout give exactly 0 with a zero-width interval
    (there is no variation to measure: with few samples, read that with care).

    >>> d, lo, hi = paired_difference([0, 1, 1, 0], [1, 1, 1, 0])
    >>> d, round(lo, 2), round(hi, 2)
    (0.25, -0.24, 0.74)
    >>> paired_difference([1, 0, 1], [1, 0, 1])
    (0.0, 0.0, 0.0)
    """
    a = [float(v) for v in first]
    b = [float(v) for v in second]
    if len(a) != len(b):
        raise ValueError(f"paired samples must have the same length (got {len(a)} and {len(b)})")
    return mean_interval([y - x for x, y in zip(a, b)], z)


def bootstrap_interval(statistic: Any, n: int, reps: int = 1000, seed: int = 0,
                       level: float = 0.95) -> tuple[float, float]:
    """A percentile bootstrap interval (95% by default) of a statistic of ``n`` samples.

    ``statistic(idx)`` gets an integer array of shape ``(reps, n)``, each row a resample of the
    sample indices drawn with replacement, and returns the ``reps`` values of the statistic (one
    per row). The resamples come from ``seed``, so the interval is the same on every run. To
    bootstrap a paired difference, compute both statistics on the same rows.

    >>> import numpy as np
    >>> xs = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
    >>> lo, hi = bootstrap_interval(lambda idx: xs[idx].mean(axis=1), len(xs), seed=1)
    >>> bool(lo < 4.5 < hi), (lo, hi) == bootstrap_interval(lambda idx: xs[idx].mean(axis=1), len(xs), seed=1)
    (True, True)
    >>> bootstrap_interval(lambda idx: xs[idx].mean(axis=1), 0)
    (nan, nan)
    """
    import numpy as np

    if n <= 0:
        return (math.nan, math.nan)
    idx = np.random.default_rng(seed).integers(0, n, size=(reps, n))
    values = np.asarray(statistic(idx), dtype=float)
    tail = (1.0 - level) / 2 * 100
    low, high = np.nanpercentile(values, [tail, 100 - tail])
    return (float(low), float(high))


def lead_changes(standings: Any) -> int:
    """How often the lead changes over a sequence of standings (one tuple of per-seat numbers
    per moment, higher is better). The leader is the seat strictly ahead of every other; a tie
    for first names no leader and does not count as a change, so the lead changes each time a
    leader differs from the latest leader before it.

    >>> lead_changes([(0, 0), (1, 0), (1, 1), (1, 2), (3, 2), (3, 2)])
    2
    >>> lead_changes([(0, 0, 0), (1, 1, 0), (1, 1, 1)])
    0
    """
    changes = 0
    leader: int | None = None
    for row in standings:
        values = list(row)
        best = max(values)
        if values.count(best) != 1:
            continue
        seat = values.index(best)
        if leader is not None and seat != leader:
            changes += 1
        leader = seat
    return changes
