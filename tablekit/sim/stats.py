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
