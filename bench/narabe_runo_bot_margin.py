"""How much better than random play is 並べRUNO's heuristic bot?

One heuristic bot plays random bots and is rotated through every seat, so seat advantage cancels
out (the same design as ``bench/bot_margin.py``'s ``competitive``). For each case the table gives
its win share with a 95% Wilson interval against the fair share 1/players (a shared win counts as
1/winners: a game that stalls with nothing captured is a tie of everybody), its mean point
margin over the average random opponent in the same game (with a 95% interval over the games),
and how the games ended. A second table plays heuristic bots in every seat on each layout and
player count and gives how often a game stalls, the captures and points per game, and the turns
per game. Seeded: the numbers reproduce exactly.

Usage: python bench/narabe_runo_bot_margin.py [-n GAMES] [--workers W] [--json PATH]
(``-n`` games per case, split evenly over the seats, and games per self-play case; ``--json``
writes the results under the key ``bot_margin`` of that file, keeping its other keys.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from tablekit import make
from tablekit.sim import simulate
from tablekit.sim.stats import mean_interval, wilson_interval

CASES = [("basic", 2), ("basic", 4), ("basic", 3), ("small_board", 2), ("large_board", 4)]
SELF_PLAY = [(layout, players) for layout in ("small", "six", "large") for players in (2, 3, 4)]


def case(preset: str, players: int, n: int, workers: int) -> dict[str, Any]:
    game = make("narabe_runo", preset=preset, players=players)
    per_seat = max(1, n // players)
    wins = 0.0
    margins: list[float] = []
    stalled = 0.0
    total = 0
    for seat in range(players):
        bots = ["random"] * players
        bots[seat] = "heuristic"
        df = simulate(game, bots, n=per_seat, seed=3000 + seat, workers=workers, progress=False)
        split = df["winners"].astype(str).str.split(";")
        wins += float(split.apply(lambda ws, s=str(seat): 1 / len(ws) if s in ws else 0.0).sum())
        others = [f"score_{q}" for q in range(players) if q != seat]
        margins += list(df[f"score_{seat}"] - df[others].mean(axis=1))
        stalled += float(df["stalled"].sum())
        total += len(df)
    lo, hi = wilson_interval(wins, total)
    mean, mlo, mhi = mean_interval(margins)
    return {"preset": preset, "players": players, "games": total, "win_share": wins / total, "win_low": lo,
            "win_high": hi, "fair_share": 1 / players, "margin": mean, "margin_low": mlo, "margin_high": mhi,
            "stalled_share": stalled / total}


def self_play(layout: str, players: int, n: int, workers: int) -> dict[str, Any]:
    """Heuristic bots in every seat: how the games end."""
    game = make("narabe_runo", players=players, layout=layout)
    df = simulate(game, "heuristic", n=n, seed=5000, workers=workers, progress=False)
    captures = len(game.scoring_cells) - df["scoring_left"]
    lo, hi = wilson_interval(float(df["stalled"].sum()), len(df))
    return {"layout": layout, "players": players, "games": len(df), "stalled_share": float(df["stalled"].mean()),
            "stalled_low": lo, "stalled_high": hi, "captures": float(captures.mean()),
            "scoring_cards": len(game.scoring_cells), "points": float(df["points_total"].mean()),
            "turns": float(df["turns"].mean())}


def self_play_row(r: dict[str, Any]) -> str:
    return (f"| {r['layout']} | {r['players']} | {r['games']} | {r['stalled_share']:.0%} [{r['stalled_low']:.0%}, "
            f"{r['stalled_high']:.0%}] | {r['captures']:.2f} of {r['scoring_cards'] - 1} | {r['points']:.1f} "
            f"| {r['turns']:.1f} |")


def row(r: dict[str, Any]) -> str:
    return (f"| {r['preset']} | {r['players']} | {r['games']} | {r['win_share']:.1%} [{r['win_low']:.1%}, "
            f"{r['win_high']:.1%}] | {r['fair_share']:.1%} | {r['win_share'] / r['fair_share']:.2f}x "
            f"| {r['margin']:+.2f} [{r['margin_low']:+.2f}, {r['margin_high']:+.2f}] | {r['stalled_share']:.0%} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=400, help="games per case, split over the seats (default 400)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", metavar="PATH", help="also write the results (key 'bot_margin')")
    args = parser.parse_args(argv)
    start = time.time()
    print("| preset | players | games | heuristic win share [95% CI] | fair share | ratio "
          "| point margin [95% CI] | stalled |")
    print("|---|---|---|---|---|---|---|---|")
    results = []
    for preset, players in CASES:
        r = case(preset, players, args.n, args.workers)
        results.append(r)
        print(row(r), flush=True)
    print("\n| layout | players | games | stalled [95% CI] | captures / game | points / game (all players) "
          "| turns / game |")
    print("|---|---|---|---|---|---|---|")
    selfplay = []
    for layout, players in SELF_PLAY:
        r = self_play(layout, players, args.n, args.workers)
        selfplay.append(r)
        print(self_play_row(r), flush=True)
    seconds = time.time() - start
    print(f"\n({seconds:.0f} s, {args.workers} worker{'s' if args.workers != 1 else ''})")
    if args.json:
        path = Path(args.json)
        data = json.loads(path.read_text()) if path.exists() else {}
        data["bot_margin"] = {"command": " ".join([Path(sys.argv[0]).name] + sys.argv[1:]), "seconds": seconds,
                              "cases": results, "self_play": selfplay}
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        print(f"(results written to {args.json}, key 'bot_margin')", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
