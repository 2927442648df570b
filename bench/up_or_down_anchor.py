"""Random-playout throughput of tablekit's Up or Down? against RLCard's UNO game object, in one run.

The machinery is ``bench/compare_anchors.py``'s (its interleaved ``throughput``, its ``run_game``
and ``run_uno`` loops and its machine facts); this script only adds the subjects. The unit is the
decision: one choice of one player. A turn of Up or Down? is four decisions (play a card into
the ring, take a card, place it, draw), each a separate action in tablekit; a turn of UNO is one
(play a card or draw). All times are CPU times (``time.process_time``). Subjects:

* ``up_or_down``: ``make("up_or_down", preset="base", players=4)`` (cards 1 to 102, 96 turns),
  driven like every tablekit game in ``bench/``: ``initial_state(seed)``, then
  ``step(state, rng.choice(legal_actions(state)))`` until ``is_terminal``.
* ``up_or_down_variants``: the same with Rainbow, Greenhorn, Take any card and Remove one card
  switched on (the variant checks on the hot path).
* ``rlcard_uno``: RLCard's ``UnoGame`` object, 4 players, driven as in ``bench/throughput.py``.
  **The anchor** (goal: Up or Down? at least 1.0x its decisions per CPU second).

Usage: python bench/up_or_down_anchor.py [--seconds 1.0] [--rounds 5] [--json PATH]
(run it with bench/.venv/bin/python after ``bash bench/run.sh --anchors --help`` has set it up).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import compare_anchors as ca  # bench/ is on sys.path when this runs as a script
from compare_anchors import RLCARD_ERROR, run_game, run_uno

from tablekit import make

UD = "up_or_down"
UDV = "up_or_down_variants"
UNO = ca.UNO
ANCHOR = UNO
GOAL = 1.0  # up_or_down / rlcard_uno, decisions per CPU-second
PLAYERS = 4
ENGINE_FILES = ("actions.py", "config.py", "rules.py", "state.py")  # tablekit/games/up_or_down/
VARIANTS: dict[str, Any] = {"rainbow": "consecutive", "greenhorn": "bonus", "take": "any", "remove_one": True}
LABELS = {
    UD: "tablekit Up or Down?, preset base, 4 players (Python)",
    UDV: "tablekit Up or Down?, rainbow + greenhorn + take any + remove one, 4 players (Python)",
    UNO: "RLCard UNO game object, 4 players (Python, **anchor**)",
}


def runners() -> dict[str, Callable[[float, int], tuple[int, int, float]]]:
    base = make(UD, preset="base", players=PLAYERS)
    variants = make(UD, preset="base", players=PLAYERS, **VARIANTS)
    out: dict[str, Callable[[float, int], tuple[int, int, float]]] = {
        UD: lambda sec, seed: run_game(base, sec, seed),
        UDV: lambda sec, seed: run_game(variants, sec, seed),
    }
    if RLCARD_ERROR is None:
        out[UNO] = lambda sec, seed: run_uno(PLAYERS, sec, seed)
    return out


def machine() -> dict[str, Any]:
    return ca.game_machine("up_or_down", ENGINE_FILES)


def markdown(result: dict[str, Any]) -> str:
    m, tp = result["machine"], result["throughput"]
    lines = [
        f"Machine: {m.get('cpu', m['processor'])}, nproc={m['nproc']}, {m['implementation']} {m['python']}",
        f"tablekit {m['tablekit']} ({m.get('tablekit_commit', '?')}; up_or_down engine sha256 "
        f"{m['up_or_down_engine_sha256']}), rlcard {m.get('rlcard', '?')}",
        f"{result['rounds']} rounds x {result['seconds']} s per subject (interleaved); medians; CPU time",
        "",
        "| Subject | Playouts / CPU-s | Decisions / CPU-s | Decisions / playout | Up or Down? / subject (median) "
        "| min-max |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, e in tp.items():
        if "tablekit_over_this" in e:
            per = e["tablekit_over_this_per_round"]
            ratio = f"{e['tablekit_over_this']:.2f}x"
            ratio = f"**{ratio}**" if name == ANCHOR else ratio
            spread = f"{min(per):.2f}-{max(per):.2f}"
        else:
            ratio, spread = "1.00x", ""
        lines.append(f"| {e['label']} | {e['playouts_per_s']:,.1f} | {e['decisions_per_s']:,.0f} "
                     f"| {e['decisions_per_playout']:.1f} | {ratio} | {spread} |")
    if ANCHOR in tp:
        r = tp[ANCHOR]["tablekit_over_this"]
        lines += ["", f"Goal Up or Down? / RLCard UNO >= {GOAL}x: {r:.2f}x -> {'MET' if r >= GOAL else 'NOT MET'}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per subject per round (default 1.0)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--json", metavar="PATH", help="also write the full results as JSON")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        ap.error("--seconds must be > 0 and --rounds >= 1")
    if RLCARD_ERROR is not None:
        print(ca.INSTALL_HINT.format(what="rlcard", err=RLCARD_ERROR), file=sys.stderr)
    wall = time.perf_counter()
    result: dict[str, Any] = {"machine": machine(), "seconds": args.seconds, "rounds": args.rounds, "anchor": ANCHOR,
                              "command": " ".join([Path(sys.argv[0]).name] + sys.argv[1:])}
    labels, run = dict(LABELS), runners()
    pure = ca.both_engines(run, labels, {UD: (UD, "base", PLAYERS, {}), UDV: (UD, "base", PLAYERS, VARIANTS)})
    result["throughput"] = ca.throughput(PLAYERS, args.seconds, args.rounds, run=run, base=UD, labels=labels)
    if pure is not None:
        pure.close()
    if ANCHOR in result["throughput"]:
        per = result["throughput"][ANCHOR]["tablekit_over_this_per_round"]
        ratio = result["throughput"][ANCHOR]["tablekit_over_this"]
        result["goal"] = {"target": GOAL, "ratio": ratio, "min": min(per), "max": max(per),
                          "stdev": statistics.stdev(per) if len(per) > 1 else 0.0, "met": ratio >= GOAL}
    result["wall_seconds"] = time.perf_counter() - wall
    print(markdown(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        print(f"\n(results written to {args.json})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
