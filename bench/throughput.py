"""Random-playout throughput of tablekit's Up&Down against RLCard's UNO, in one process.

What is measured (all times are CPU times from ``time.process_time``):

* Throughput: random playouts (every decision is ``rng.choice`` over the legal actions) of
  every Up&Down preset at 4 players, as whole matches (the presets' default) and as single
  games (``single_game=True``; cul_de_sac and solo are single games anyway), and of RLCard's
  ``UnoGame`` with 4 players as the reference. One decision = one ``step``.
  The machine's speed drifts (by up to 2x from one second to the next on a shared VM), so the
  measurements are interleaved finely: in each round, every tablekit subject gets ``--seconds``
  of CPU split into 0.1 s slices, each slice right next to a slice of the reference (in ABBA
  order); the subject's ratio for the round is its decisions per CPU-second over the
  reference's in those paired slices. The subjects' order rotates from round to round.
  Reported: the medians over the rounds (the reference's over all its pairings).
* The reason path: ``game.explain(state, action)`` for every legal action of a state vs one
  ``game.legal_actions(state)``, over the states of seeded random playouts.
* Keeping a position: tablekit states are immutable NamedTuples, so keeping one is keeping a
  reference; what costs is producing the next state (one ``step``) and ``Match.fork()``.
  RLCard's game object is mutated in place, so keeping a position means
  ``copy.deepcopy(game)``.

Usage: python bench/throughput.py [--seconds 1.0] [--rounds 5] [--json PATH]
(or ``bash bench/run.sh ...``, which sets up bench/.venv with RLCard first).
"""

from __future__ import annotations

import argparse
import copy
import datetime as _dt
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

try:
    import tablekit
except ImportError:  # run from a checkout without installing: use the repo root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import tablekit
from tablekit import Match, make

try:  # the reference is optional: without it the tablekit part still runs
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    RLCARD_ERROR: str | None = None
except ImportError as exc:  # pragma: no cover - depends on the environment
    UnoGame = None  # type: ignore[assignment,misc]
    np = None  # type: ignore[assignment]
    RLCARD_ERROR = f"{type(exc).__name__}: {exc}"

PLAYERS = 4
PRESETS = ("basic", "carry_over", "cul_de_sac", "solo")
ALWAYS_SINGLE = ("cul_de_sac", "solo")
GOAL_SUBJECT = "basic"  # the project goal: basic (a whole match), 4 players, >= 1.0x UNO
GOAL_RATIO = 1.0
REF = "rlcard_uno"
clock = time.process_time
SLICE = 0.1  # CPU seconds of one interleaved slice (a round's --seconds is split into these)


# --- the playout loops ------------------------------------------------------------------------
# Both loops are written the same way: the game object is made once per measurement, each
# playout starts a fresh game (init_game / initial_state), every decision is one rng.choice over
# the legal actions and one step, and the clock is read once per playout. The only per-playout
# bookkeeping besides counting decisions is how many Up&Down games a match held (one len()).


def run_uno(seconds: float, seed: int) -> tuple[int, int, int, float]:
    """Random UNO playouts for ``seconds`` of CPU: (playouts, games, decisions, cpu seconds)."""
    rng = random.Random(seed)
    g = UnoGame(num_players=PLAYERS)
    g.np_random = np.random.RandomState(seed)  # init_game hands this to the dealer and round
    playouts = games = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        g.init_game()
        while not g.is_over():
            legal = g.get_legal_actions()
            g.step(rng.choice(legal))
            decisions += 1
        playouts += 1
        games += 1
        now = clock()
        if now >= deadline:
            return playouts, games, decisions, now - start


def run_tablekit(preset: str, single: bool, seconds: float, seed: int) -> tuple[int, int, int, float]:
    """Random tablekit playouts for ``seconds`` of CPU: (playouts, games, decisions, cpu seconds)."""
    rng = random.Random(seed)
    overrides = {"single_game": True} if single and preset not in ALWAYS_SINGLE else {}
    g = make("up_and_down", preset=preset, players=PLAYERS, **overrides)
    playouts = games = decisions = 0
    game_seed = seed * 1_000_003
    start = clock()
    deadline = start + seconds
    while True:
        s = g.initial_state(game_seed)
        while not g.is_terminal(s):
            acts = g.legal_actions(s)
            s, _ = g.step(s, rng.choice(acts))
            decisions += 1
        playouts += 1
        games += len(s.game_winners) or 1  # Cul-de-sac games have no survivor
        game_seed += 1
        now = clock()
        if now >= deadline:
            return playouts, games, decisions, now - start


def subjects() -> list[tuple[str, str, bool]]:
    """(name, preset, single_game) for every tablekit subject."""
    out = []
    for p in PRESETS:
        if p in ALWAYS_SINGLE:
            out.append((p, p, True))
        else:
            out.append((p, p, False))
            out.append((f"{p}+single_game", p, True))
    return out


def throughput(seconds: float, rounds: int, with_ref: bool) -> dict[str, Any]:
    subs = subjects()
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in subs}
    if with_ref:
        runs[REF] = []
    ratios: dict[str, list[float]] = {name: [] for name, _, _ in subs}
    slices = max(1, round(seconds / SLICE))
    piece = seconds / slices

    def run(name: str, seed: int) -> tuple[int, int, int, float]:
        if name == REF:
            return run_uno(piece, seed)
        _, preset, single = next(x for x in subs if x[0] == name)
        return run_tablekit(preset, single, piece, seed)

    def row(totals: list[float]) -> dict[str, float]:
        p, g, d, t = totals
        return {"playouts": p, "games": g, "decisions": d, "cpu_s": t,
                "playouts_per_s": p / t, "games_per_s": g / t, "decisions_per_s": d / t}

    # Warm-up (not recorded): imports, caches, the interpreter's specialisation.
    for name, preset, single in subs:
        run_tablekit(preset, single, min(0.2, seconds / 4), 999_999)
    if with_ref:
        run_uno(min(0.2, seconds / 4), 999_999)

    seed = 0
    for r in range(rounds):
        order = subs[r % len(subs):] + subs[: r % len(subs)]  # rotate: no subject always first
        print(f"  round {r + 1}/{rounds}: " + ", ".join(n for n, _, _ in order), file=sys.stderr, flush=True)
        for name, _, _ in order:
            # `slices` slices of the subject, each next to one of the reference (ABBA order, so
            # a steady drift cancels): both see the same machine within a fraction of a second.
            mine = [0, 0, 0, 0.0]
            ref = [0, 0, 0, 0.0]
            for i in range(slices):
                pair = [name, REF] if with_ref else [name]
                for who in (pair if i % 2 == 0 else pair[::-1]):
                    seed += 1
                    res = run(who, seed)
                    acc = ref if who == REF else mine
                    for j in range(4):
                        acc[j] += res[j]
            runs[name].append(row(mine))
            if with_ref:
                runs[REF].append(row(ref))
                ratios[name].append(runs[name][-1]["decisions_per_s"] / runs[REF][-1]["decisions_per_s"])

    summary: dict[str, Any] = {}
    for name in ([REF] if with_ref else []) + [n for n, _, _ in subs]:
        rs = runs[name]
        entry = {
            "rounds": len(rs),
            "playouts_per_s": statistics.median(x["playouts_per_s"] for x in rs),
            "games_per_s": statistics.median(x["games_per_s"] for x in rs),
            "decisions_per_s": statistics.median(x["decisions_per_s"] for x in rs),
            "decisions_per_playout": sum(x["decisions"] for x in rs) / sum(x["playouts"] for x in rs),
            "games_per_playout": sum(x["games"] for x in rs) / sum(x["playouts"] for x in rs),
            "runs": rs,
        }
        if name != REF and with_ref:
            entry["ratio_per_round"] = ratios[name]
            entry["ratio_median"] = statistics.median(ratios[name])
        summary[name] = entry
    return summary


# --- (a) the reason path ----------------------------------------------------------------------


def sample_states(preset: str, seeds: range) -> list[Any]:
    """Every non-terminal state of seeded random playouts (whole matches at 4 players)."""
    g = make("up_and_down", preset=preset, players=PLAYERS)
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = g.initial_state(seed)
        while not g.is_terminal(s):
            out.append(s)
            s, _ = g.step(s, rng.choice(g.legal_actions(s)))
    return out


def cpu_per_pass(fn: Callable[[], Any], seconds: float) -> float:
    """CPU seconds of one ``fn()``, repeating it for at least ``seconds``."""
    n = 0
    start = clock()
    while True:
        fn()
        n += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / n


def reason_path(seconds: float, rounds: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for preset in PRESETS:
        g = make("up_and_down", preset=preset, players=PLAYERS)
        states = sample_states(preset, range(20))
        pairs = [(s, a) for s in states for a in g.legal_actions(s)]
        cands = g.candidate_actions(states[0])
        legal_actions, explain, is_legal = g.legal_actions, g.explain, g.is_legal

        def p_legal() -> None:
            for s in states:
                legal_actions(s)

        def p_explain() -> None:
            for s, a in pairs:
                explain(s, a)

        def p_is_legal() -> None:
            for s, a in pairs:
                is_legal(s, a)

        def p_candidates() -> None:
            for s in states:
                for a in cands:
                    explain(s, a)

        # Checked once, outside the timing: explain agrees with the fast path.
        assert all(explain(s, a).ok for s, a in pairs)
        t: dict[str, list[float]] = {"legal": [], "explain": [], "is_legal": [], "candidates": []}
        for _ in range(rounds):
            t["legal"].append(cpu_per_pass(p_legal, seconds) / len(states))
            t["explain"].append(cpu_per_pass(p_explain, seconds) / len(pairs))
            t["is_legal"].append(cpu_per_pass(p_is_legal, seconds) / len(pairs))
            t["candidates"].append(cpu_per_pass(p_candidates, seconds) / len(states))
        legal_us = statistics.median(t["legal"]) * 1e6
        explain_us = statistics.median(t["explain"]) * 1e6
        per_state = len(pairs) / len(states)
        out[preset] = {
            "states": len(states),
            "legal_actions_per_state": per_state,
            "candidates_per_state": len(cands),
            "legal_actions_us": legal_us,
            "explain_us": explain_us,
            "is_legal_us": statistics.median(t["is_legal"]) * 1e6,
            "explain_all_legal_us": explain_us * per_state,
            "explain_all_legal_vs_legal_actions": explain_us * per_state / legal_us,
            "explain_all_candidates_us": statistics.median(t["candidates"]) * 1e6,
        }
    return out


# --- (b) keeping / forking a position ---------------------------------------------------------


def keeping(seconds: float, rounds: int, with_ref: bool) -> dict[str, Any]:
    g = make("up_and_down", preset="basic", players=PLAYERS)
    # step: every (state, chosen action) of seeded basic playouts
    pairs = []
    for seed in range(20):
        rng = random.Random(seed)
        s = g.initial_state(seed)
        while not g.is_terminal(s):
            a = rng.choice(g.legal_actions(s))
            pairs.append((s, a))
            s, _ = g.step(s, a)
    step = g.step

    def p_step() -> None:
        for s, a in pairs:
            step(s, a)

    # fork: matches played 100 random steps (seeds whose match lasts that long)
    matches = []
    seed = 0
    while len(matches) < 20:
        m = Match(g, seed=seed)
        rng = random.Random(seed)
        while m.step_index < 100 and not m.is_over:
            m.play(rng.choice(m.legal_actions()))
        if m.step_index == 100:
            matches.append(m)
        seed += 1

    def p_fork() -> None:
        for m in matches:
            m.fork()

    # deepcopy of RLCard's UnoGame at positions from seeded games (every 10th decision)
    unos = []
    if with_ref:
        seed = 0
        while len(unos) < 100:
            rng = random.Random(seed)
            u = UnoGame(num_players=PLAYERS)
            u.np_random = np.random.RandomState(seed)
            u.init_game()
            k = 0
            while not u.is_over() and len(unos) < 100:
                if k % 10 == 0:
                    unos.append(copy.deepcopy(u))
                u.step(rng.choice(u.get_legal_actions()))
                k += 1
            seed += 1

    def p_deepcopy() -> None:
        for u in unos:
            copy.deepcopy(u)

    t: dict[str, list[float]] = {"step": [], "fork": [], "deepcopy": []}
    for _ in range(rounds):
        t["step"].append(cpu_per_pass(p_step, seconds) / len(pairs))
        t["fork"].append(cpu_per_pass(p_fork, seconds) / len(matches))
        if with_ref:
            t["deepcopy"].append(cpu_per_pass(p_deepcopy, seconds) / len(unos))
    out: dict[str, Any] = {
        "step_us": statistics.median(t["step"]) * 1e6,
        "step_samples": len(pairs),
        "fork_100_step_match_us": statistics.median(t["fork"]) * 1e6,
        "fork_samples": len(matches),
    }
    if with_ref:
        out["uno_deepcopy_us"] = statistics.median(t["deepcopy"]) * 1e6
        out["uno_deepcopy_samples"] = len(unos)
    return out


# --- reporting --------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    info: dict[str, Any] = {
        "date": _dt.date.today().isoformat(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "nproc": os.cpu_count(),
        "tablekit": tablekit.__version__,
    }
    try:
        root = Path(__file__).resolve().parent.parent
        info["tablekit_commit"] = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    if RLCARD_ERROR is None:
        from importlib.metadata import version

        info["rlcard"] = version("rlcard")
        info["numpy"] = np.__version__
    return info


def fmt(x: float, digits: int = 0) -> str:
    return f"{x:,.{digits}f}"


def markdown(result: dict[str, Any]) -> str:
    m = result["machine"]
    tp = result["throughput"]
    with_ref = REF in tp
    lines = [
        f"Machine: {m.get('cpu', m['processor'])}, nproc={m['nproc']}, "
        f"{m['implementation']} {m['python']}, {m['platform']}",
        f"tablekit {m['tablekit']} ({m.get('tablekit_commit', '?')})"
        + (f", rlcard {m['rlcard']}, numpy {m['numpy']}" if with_ref else ", rlcard not installed"),
        f"{result['rounds']} rounds x {result['seconds']} s per subject; medians over the rounds; "
        f"{PLAYERS} players; CPU time (time.process_time)",
        "",
        "### Random-playout throughput",
        "",
        "| Subject | Playouts / CPU-s | Games / CPU-s | Decisions / CPU-s | Decisions / playout "
        "| Games / playout | tablekit / RLCard (decisions, median) | per round |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, e in tp.items():
        label = "RLCard UNO (reference)" if name == REF else f"Up&Down {name}"
        if name == REF:
            ratio, per = "1.00x", ""
        elif "ratio_median" in e:
            ratio = f"**{e['ratio_median']:.2f}x**" if name == GOAL_SUBJECT else f"{e['ratio_median']:.2f}x"
            per = " ".join(f"{x:.2f}" for x in e["ratio_per_round"])
        else:
            ratio, per = "n/a", ""
        lines.append(
            f"| {label} | {fmt(e['playouts_per_s'])} | {fmt(e['games_per_s'])} | {fmt(e['decisions_per_s'])} "
            f"| {e['decisions_per_playout']:.1f} | {e['games_per_playout']:.2f} | {ratio} | {per} |")
    rp = result["reason_path"]
    lines += [
        "",
        "### Reason path: `explain` vs `legal_actions` (per state of seeded playouts)",
        "",
        "| Preset | States | Legal actions / state | `legal_actions` µs | `explain` µs / call "
        "| `explain` every legal action µs | ratio to `legal_actions` | `is_legal` µs / call "
        "| `explain` all candidates µs |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for preset, e in rp.items():
        lines.append(
            f"| {preset} | {e['states']:,} | {e['legal_actions_per_state']:.2f} | {e['legal_actions_us']:.2f} "
            f"| {e['explain_us']:.2f} | {e['explain_all_legal_us']:.2f} "
            f"| {e['explain_all_legal_vs_legal_actions']:.1f}x | {e['is_legal_us']:.2f} "
            f"| {e['explain_all_candidates_us']:.1f} ({e['candidates_per_state']} actions) |")
    k = result["keeping"]
    lines += [
        "",
        "### Keeping / forking a position",
        "",
        "| Operation | µs per call |",
        "|---|---:|",
        "| tablekit: keep a state (immutable NamedTuple: a reference) | 0 (no copy) |",
        f"| tablekit: `game.step(state, action)` (checks legality, builds the new state; basic, "
        f"{k['step_samples']:,} samples) | {k['step_us']:.2f} |",
        f"| tablekit: `Match.fork()` of a 100-step basic match ({k['fork_samples']} matches) "
        f"| {k['fork_100_step_match_us']:.2f} |",
    ]
    if "uno_deepcopy_us" in k:
        lines.append(f"| RLCard: `copy.deepcopy(UnoGame)` (every 10th decision of seeded games, "
                     f"{k['uno_deepcopy_samples']} positions) | {k['uno_deepcopy_us']:.1f} |")
    else:
        lines.append("| RLCard: `copy.deepcopy(UnoGame)` | n/a (rlcard not installed) |")
    if with_ref:
        e = tp[GOAL_SUBJECT]
        met = e["ratio_median"] >= GOAL_RATIO
        lines += ["", f"Goal (Up&Down {GOAL_SUBJECT}, {PLAYERS} players, >= {GOAL_RATIO:.1f}x RLCard UNO "
                      f"decisions per CPU-second): {e['ratio_median']:.2f}x -> {'MET' if met else 'NOT MET'}"]
    else:
        lines += ["", "Goal (>= 1.0x RLCard UNO decisions per CPU-second): not evaluated, rlcard is not installed."]
    return "\n".join(lines)


INSTALL_HINT = """\
rlcard is not importable ({err}); the RLCard UNO reference is skipped.
To include it: bash bench/run.sh   (makes bench/.venv with rlcard), or
               python -m pip install -r bench/requirements.txt
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per subject per round (default 1.0)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--json", metavar="PATH", help="also write the full results as JSON")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        ap.error("--seconds must be > 0 and --rounds >= 1")
    with_ref = RLCARD_ERROR is None
    if not with_ref:
        print(INSTALL_HINT.format(err=RLCARD_ERROR), file=sys.stderr)
    wall = time.perf_counter()
    result: dict[str, Any] = {"machine": machine(), "seconds": args.seconds, "rounds": args.rounds,
                              "players": PLAYERS}
    print("throughput ...", file=sys.stderr, flush=True)
    result["throughput"] = throughput(args.seconds, args.rounds, with_ref)
    extra = max(0.05, args.seconds / 5)
    print("reason path ...", file=sys.stderr, flush=True)
    result["reason_path"] = reason_path(extra, args.rounds)
    print("keeping / forking ...", file=sys.stderr, flush=True)
    result["keeping"] = keeping(extra, args.rounds, with_ref)
    if with_ref:
        e = result["throughput"][GOAL_SUBJECT]
        result["goal"] = {"subject": GOAL_SUBJECT, "target_ratio": GOAL_RATIO,
                          "ratio": e["ratio_median"], "met": e["ratio_median"] >= GOAL_RATIO}
    result["wall_seconds"] = time.perf_counter() - wall
    print(markdown(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        print(f"\n(results written to {args.json})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
