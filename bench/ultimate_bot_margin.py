"""How much better than random play is Ultimate's heuristic bot, and how often does it make its
contracts?

The win share is measured exactly as ``bench/bot_margin.py`` does for the other games (its
``competitive`` function: one heuristic bot against random bots, rotated through every seat,
games to 150, a 95% Wilson interval against the fair share 1/players). Ultimate is not in the
registry yet, so this script registers a stand-in spec (the engine and the heuristic bot, no
view) for the length of the run when it is missing.

Random bots outbid everyone (their bids are uniform up to 60, so nearly every deal ends with a
random declarer failing a contract near the maximum), so against them the heuristic bot almost
never declares and its margin is mostly defence. The contract table therefore also plays one
heuristic bot against bots that bid like it but discard, name trumps and play at random
(``BiddingRandomBot``): there both sides declare, and the difference is card play. Each row
plays the heuristic bot in every seat in turn (``tablekit.sim.play_game``, n/4 games per seat)
and reads every deal's result: contracts made with a 95% Wilson interval and their mean size,
and the win share against the bidding-random bots; the last column is a table of heuristic bots.

Usage: python bench/ultimate_bot_margin.py [-n GAMES_PER_SEAT] [--workers W]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Sequence

from bot_margin import competitive

from tablekit.bots import RandomBot
from tablekit.core.actions import Action
from tablekit.core.registry import GameSpec, list_games, register
from tablekit.core.rng import derive_seed
from tablekit.games.ultimate import DEFAULT_PRESET, PRESETS, Ultimate
from tablekit.games.ultimate.bots import HeuristicBot
from tablekit.sim import play_game, wilson_interval

CASES = [("basic", 4), ("basic", 6), ("partner", 4), ("circle", 3), ("circle", 5)]


def _no_view(*args: Any, **kwargs: Any) -> dict[str, Any]:  # pragma: no cover - never called
    raise NotImplementedError("Ultimate has no view yet")


def ensure_registered() -> None:
    if "ultimate" not in list_games():
        register(GameSpec(name="ultimate", game_class=Ultimate, presets=PRESETS, default_preset=DEFAULT_PRESET,
                          players=(3, 8), view=_no_view, bots={"heuristic": HeuristicBot}))


class BiddingRandomBot:
    """Bids like the heuristic bot, then plays (discards, trump, call, tricks) at random: against
    it, the heuristic bot's margin is its card play alone."""

    name = "bidding-random"

    def __init__(self) -> None:
        self._bids, self._rest = HeuristicBot(), RandomBot()

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        bot = self._bids if observation["phase"] == "auction" else self._rest
        return bot.choose(observation, legal, rng)


def _rate(made: float, total: int) -> str:
    if not total:
        return "-"
    lo, hi = wilson_interval(made, total)
    return f"{made / total:.1%} [{lo:.1%}, {hi:.1%}] of {total}"


def contracts(preset: str, players: int, n: int) -> str:
    """One row: the heuristic bot in each seat in turn (``n`` games per seat) against random bots
    and against bidding-random bots: how often its own contracts and the others' are made, and
    its win share against the bidding-random bots; then ``n`` games of heuristic bots only."""
    game = Ultimate(PRESETS[preset].from_dict({"players": players}, base=PRESETS[preset]), preset)
    cells = []
    for others in (RandomBot, BiddingRandomBot, None):
        mine, theirs, wins, games = [0, 0, 0], [0, 0, 0], 0.0, 0  # made, contracts, sum of bids
        for seat in range(players if others is not None else 1):
            bots: list[Any] = [HeuristicBot() if others is None or i == seat else others() for i in range(players)]
            for i in range(n):
                result = play_game(game, bots, derive_seed(2000 + seat, preset, players, i))
                games += 1
                winners = result.outcome.winners
                wins += 1 / len(winners) if seat in winners else 0.0
                for r in result.outcome.details["results"]:
                    t = mine if others is None or r["declarer"] == seat else theirs
                    t[0] += r["made"]
                    t[1] += 1
                    t[2] += r["contract"]
        if others is None:
            cells.append(f"{_rate(mine[0], mine[1])}, mean bid {mine[2] / mine[1]:.1f}")
            continue
        for m, total, bids in (mine, theirs):
            cells.append(f"{_rate(m, total)}, mean bid {bids / total:.1f}" if total else "-")
        if others is BiddingRandomBot:
            cells.append(f"{_rate(wins, games)} (fair {1 / players:.1%})")
    return f"| {preset} | {players} | " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=200, help="games per seat position (default 200)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    ensure_registered()
    start = time.time()
    print("| mode | players | games | heuristic win share [95% CI] | fair share | ratio |")
    print("|---|---|---|---|---|---|")
    for preset, players in CASES:
        # bot_margin labels a game without its single_game option "(round)": these are games to 150.
        row = competitive(preset, players, args.n, args.workers, None, "ultimate")
        print(row.replace("(round)", "(to 150)"), flush=True)
    print()
    print("Contracts made [95% CI]: one heuristic bot against random bots, then against bots that bid like it "
          "but play at random (and its win share there), then a table of heuristic bots only.")
    print()
    print("| preset | players | vs random: heuristic contracts | random contracts | vs bidding-random: heuristic "
          "contracts | bidding-random contracts | heuristic win share | heuristic bots only |")
    print("|---|---|---|---|---|---|---|---|")
    for preset, players in CASES:
        print(contracts(preset, players, max(1, args.n // 4)), flush=True)
    print(f"\n({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
