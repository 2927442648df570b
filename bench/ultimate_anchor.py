"""Random-playout throughput of tablekit's Ultimate against OpenSpiel's skat (and bridge), in one run.

The machinery is ``bench/compare_anchors.py``'s (its interleaved ``throughput``, its OpenSpiel
loops and its machine facts); this script only adds the subjects. The unit is the decision: one
choice of one player (a card dealt is a chance outcome in OpenSpiel and not a decision). All
times are CPU times (``time.process_time``). Subjects:

* ``ultimate``: ``Ultimate(PRESETS["basic"], "basic")`` (4 players, a whole game to 150
  points: about 9 deals), driven like every tablekit game in ``bench/``: ``initial_state(seed)``,
  then ``step(state, rng.choice(legal_actions(state)))`` until ``is_terminal``.
* ``ultimate_single``: the same with ``single_deal=True`` (one deal per playout, like skat).
* ``openspiel_skat``: ``pyspiel.load_game("skat")`` (3 players, its only size), driven from
  Python with ``compare_anchors.run_openspiel``. **The anchor.**
* ``openspiel_skat_cpp``: the same game played whole in C++ by ``pyspiel.evaluate_bots`` with
  uniform random bots (``compare_anchors.run_openspiel_cpp``): the engine's ceiling, no goal.
* ``openspiel_bridge``: ``pyspiel.load_game("bridge", {"use_double_dummy_result": False})``
  driven from Python: auction and all 52 cards played (with the default ``True`` the play is
  replaced by a double-dummy solver and there are no tricks to play). For reference.

Why skat: it is the OpenSpiel game with Ultimate's structure: a declarer chosen in a bidding
phase, a kitty (the two-card skat) taken up and discarded from, trumps chosen by the declarer
(the game type), a declarer against the defenders, and card points counted in the tricks won
(A 11, 10 10, K 4, Q 3, J 2 of 120). Bridge has a real ascending auction but no kitty, no
discard, a dummy, and counts tricks, not card points.

Usage: python bench/ultimate_anchor.py [--seconds 1.0] [--rounds 5] [--describe 300] [--profile N]
                                       [--json PATH]
(run it with bench/.venv/bin/python after ``bash bench/run.sh --anchors --help`` has set it up).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import compare_anchors as ca  # bench/ is on sys.path when this runs as a script
from compare_anchors import OPENSPIEL_ERROR, pyspiel, run_openspiel, run_openspiel_cpp

from tablekit.games.ultimate import PRESETS, Bid, Discard, NameTrump, Pass, Play, Ultimate

UL = "ultimate"
UL1 = "ultimate_single"
SKAT = "openspiel_skat"
SKAT_CPP = "openspiel_skat_cpp"
BRIDGE = "openspiel_bridge"
ANCHOR = SKAT
GOAL = 0.5  # ultimate / openspiel_skat, decisions per CPU-second
ENGINE_FILES = ("actions.py", "config.py", "rules.py", "state.py")  # tablekit/games/ultimate/
LABELS = {
    UL: "tablekit Ultimate, preset basic, 4 players, whole game to 150 (Python)",
    UL1: "tablekit Ultimate, basic + single_deal, 4 players (Python)",
    SKAT: "OpenSpiel skat, 3 players, Python-driven (**anchor**)",
    SKAT_CPP: "OpenSpiel skat, C++ loop (`evaluate_bots`)",
    BRIDGE: "OpenSpiel bridge, use_double_dummy_result=False, Python-driven",
}


def ultimate_game(single: bool) -> Ultimate:
    cfg = PRESETS["basic"]
    return Ultimate(dataclasses.replace(cfg, single_deal=True), "basic") if single else Ultimate(cfg, "basic")


def run_ultimate(single: bool, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random Ultimate playouts for ``seconds`` of CPU: (playouts, decisions, cpu seconds)."""
    return ca.run_game(ultimate_game(single), seconds, seed)


def runners() -> dict[str, Callable[[float, int], tuple[int, int, float]]]:
    out: dict[str, Callable[[float, int], tuple[int, int, float]]] = {
        UL: lambda sec, seed: run_ultimate(False, sec, seed),
        UL1: lambda sec, seed: run_ultimate(True, sec, seed),
    }
    if OPENSPIEL_ERROR is None:
        skat = pyspiel.load_game("skat")
        bridge = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
        # Every chance node of both is a card dealt from the rest of one deck: uniform.
        out[SKAT] = lambda sec, seed: run_openspiel(3, sec, seed, game=skat, uniform=True)
        out[SKAT_CPP] = lambda sec, seed: run_openspiel_cpp(3, sec, seed, game=skat)
        out[BRIDGE] = lambda sec, seed: run_openspiel(4, sec, seed, game=bridge, uniform=True)
    return out


# --- describing the games (untimed) -----------------------------------------------------------


def describe_ultimate(single: bool, n: int) -> dict[str, Any]:
    g = ultimate_game(single)
    rng = random.Random(12345)
    mix: Counter[str] = Counter()
    kinds = {Bid: "bid", Pass: "pass", Discard: "discard", NameTrump: "trump", Play: "play"}
    decisions = legal_total = deals = 0
    for seed in range(n):
        s = g.initial_state(seed)
        while not g.is_terminal(s):
            acts = g.legal_actions(s)
            legal_total += len(acts)
            a = rng.choice(acts)
            mix[kinds.get(type(a), type(a).__name__)] += 1
            s, _ = g.step(s, a)
            decisions += 1
        deals += s.deal_no + 1
    return {"playouts": n, "decisions_per_playout": decisions / n, "legal_actions_per_decision": legal_total / decisions,
            "deals_per_playout": deals / n, "mix_per_playout": {k: v / n for k, v in sorted(mix.items())}}


def describe_openspiel(game: Any, n: int, bid_from: int) -> dict[str, Any]:
    """Decisions of ``n`` random playouts; actions >= ``bid_from`` are bidding, the others cards."""
    rng = random.Random(12345)
    mix: Counter[str] = Counter()
    decisions = legal_total = chance = 0
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
                chance += 1
                continue
            acts = s.legal_actions()
            legal_total += len(acts)
            a = rng.choice(acts)
            mix["bid" if a >= bid_from else "card"] += 1
            s.apply_action(a)
            decisions += 1
    return {"playouts": n, "decisions_per_playout": decisions / n, "legal_actions_per_decision": legal_total / decisions,
            "chance_nodes_per_playout": chance / n, "mix_per_playout": {k: v / n for k, v in sorted(mix.items())},
            "parameters": dict(game.get_parameters())}


def describe(n: int) -> dict[str, Any]:
    out = {UL: describe_ultimate(False, n), UL1: describe_ultimate(True, n)}
    if OPENSPIEL_ERROR is None:
        # skat: actions 0..31 are cards (the two discards and the 30 plays), 32.. the bidding;
        # bridge: 0..51 cards, 52.. calls.
        out[SKAT] = describe_openspiel(pyspiel.load_game("skat"), n, 32)
        out[BRIDGE] = describe_openspiel(pyspiel.load_game("bridge", {"use_double_dummy_result": False}), n, 52)
    return out


def profile_ultimate(playouts: int, top: int = 25) -> str:
    """cProfile of ``playouts`` seeded Ultimate (basic, whole game) random playouts, by own time."""
    return ca.profile_game(ultimate_game(False), playouts, top)


def machine() -> dict[str, Any]:
    return ca.game_machine("ultimate", ENGINE_FILES)


def markdown(result: dict[str, Any]) -> str:
    m, tp = result["machine"], result["throughput"]
    lines = [
        f"Machine: {m.get('cpu', m['processor'])}, nproc={m['nproc']}, {m['implementation']} {m['python']}, "
        f"{m['platform']}",
        f"tablekit {m['tablekit']} ({m.get('tablekit_commit', '?')}; ultimate engine sha256 "
        f"{m['ultimate_engine_sha256']}), " + ", ".join(f"{k} {m[k]}" for k in ("open_spiel",) if k in m),
        f"{result['rounds']} rounds x {result['seconds']} s per subject (0.1 s slices, interleaved); "
        f"medians over the rounds; CPU time; load average before {result['load_before']}, after {result['load_after']}",
        "",
        "| Subject | Playouts / CPU-s | Decisions / CPU-s | Decisions / playout | Ultimate / subject (median) "
        "| min-max | per round |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for name, e in tp.items():
        if "tablekit_over_this" in e:
            per = e["tablekit_over_this_per_round"]
            ratio = f"{e['tablekit_over_this']:.2f}x"
            if name == ANCHOR:
                ratio = f"**{ratio}**"
            spread = f"{min(per):.2f}-{max(per):.2f}"
            per_s = " ".join(f"{x:.2f}" for x in per)
        else:
            ratio, spread, per_s = "1.00x", "", ""
        lines.append(f"| {e['label']} | {e['playouts_per_s']:,.0f} | {e['decisions_per_s']:,.0f} "
                     f"| {e['decisions_per_playout']:.1f} | {ratio} | {spread} | {per_s} |")
    d = result.get("describe", {})
    if d:
        lines += ["", "Untimed description (seeded random playouts):", "",
                  "| Game | Playouts | Decisions / playout | Legal actions / decision | Deals or chance nodes / playout "
                  "| Decisions per playout by kind |",
                  "|---|---:|---:|---:|---|---|"]
        for name, e in d.items():
            extra = (f"{e['deals_per_playout']:.1f} deals" if "deals_per_playout" in e
                     else f"{e['chance_nodes_per_playout']:.1f} chance nodes")
            mix = ", ".join(f"{k} {v:.1f}" for k, v in e["mix_per_playout"].items())
            lines.append(f"| {name} | {e['playouts']} | {e['decisions_per_playout']:.1f} "
                         f"| {e['legal_actions_per_decision']:.2f} | {extra} | {mix} |")
    if ANCHOR in tp:
        r = tp[ANCHOR]["tablekit_over_this"]
        lines += ["", f"Goal Ultimate / OpenSpiel skat >= {GOAL}x: {r:.2f}x -> {'MET' if r >= GOAL else 'NOT MET'}"]
    return "\n".join(lines)


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per subject per round (default 1.0)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--describe", type=int, default=300, metavar="N",
                    help="untimed seeded playouts per game for the description (default 300; 0: skip)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also cProfile N Ultimate playouts and print the top functions (default 0: off)")
    ap.add_argument("--json", metavar="PATH", help="also write the full results as JSON")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.describe < 0 or args.profile < 0:
        ap.error("--seconds must be > 0, --rounds >= 1, --describe and --profile >= 0")
    if OPENSPIEL_ERROR is not None:
        print(ca.INSTALL_HINT.format(what="pyspiel (open-spiel)", err=OPENSPIEL_ERROR), file=sys.stderr)
    wall = time.perf_counter()
    result: dict[str, Any] = {"machine": machine(), "seconds": args.seconds, "rounds": args.rounds,
                              "anchor": ANCHOR, "load_before": load(),
                              "command": " ".join([Path(sys.argv[0]).name] + sys.argv[1:])}
    print("throughput ...", file=sys.stderr, flush=True)
    labels, run = dict(LABELS), runners()
    pure = ca.both_engines(run, labels, {UL: ("ultimate", "basic", 4, {}), UL1: ("ultimate", "basic", 4, {"single_deal": True})})
    result["throughput"] = ca.throughput(4, args.seconds, args.rounds, run=run, base=UL, labels=labels)
    if pure is not None:
        pure.close()
    result["load_after"] = load()
    if args.describe > 0:
        print("describing the games ...", file=sys.stderr, flush=True)
        result["describe"] = describe(args.describe)
    if ANCHOR in result["throughput"]:
        ratio = result["throughput"][ANCHOR]["tablekit_over_this"]
        per = result["throughput"][ANCHOR]["tablekit_over_this_per_round"]
        result["goal"] = {"target": GOAL, "ratio": ratio, "min": min(per), "max": max(per),
                          "stdev": statistics.stdev(per) if len(per) > 1 else 0.0, "met": ratio >= GOAL}
    if args.profile > 0:
        print("profiling Ultimate ...", file=sys.stderr, flush=True)
        result["profile"] = profile_ultimate(args.profile)
    result["wall_seconds"] = time.perf_counter() - wall
    print(markdown(result))
    if args.profile > 0:
        print("\n" + result["profile"])
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        print(f"\n(results written to {args.json})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
