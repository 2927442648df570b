"""Games per second on 1 and 2 local processes and on 1 and 2 local Dask workers, in one run,
and the overhead a Dask task adds (issue 14).

    .venv/bin/python bench/scaling.py                      # the run in bench/README.md
    .venv/bin/python bench/scaling.py -n 400 --rounds 3 --json bench/scaling_results.json

Every configuration plays the same seeded games with ``simulate(..., executor=...)``: a
``ProcessPoolExecutor`` of 1 or 2 processes, and a ``distributed.LocalCluster`` of 1 or 2 worker
processes (one thread each) through ``client.get_executor()``. The pools and clusters are started
before timing (their start-up is reported apart). Rounds interleave the configurations, so a
slow spell of the machine touches them all; the median round is reported. Each result is
checked to equal the one-process result. The reference is ``simulate`` in this process with no
executor at all (``workers=1``): the Dask overhead is the extra wall time of a one-worker
cluster over it, for several chunk sizes, and a no-op task's round trip gives the cost per task.
Needs the ``cluster`` extra (``pip install -e '.[cluster]'``); wall-clock times
(``time.perf_counter``), since the work runs in other processes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tablekit import make  # noqa: E402
from tablekit.sim import simulate  # noqa: E402


def _noop(x: int) -> int:
    return x


def _timed(game: Any, n: int, chunk: int, executor: Any, bots: str) -> tuple[float, Any]:
    start = time.perf_counter()
    frame = simulate(game, bots, n=n, seed=0, chunk_size=chunk, progress=False, executor=executor)
    return time.perf_counter() - start, frame


def _round_trip(executor: Any, tasks: int) -> float:
    """Seconds per no-op task, with 4 in flight (the executor's own cost for one chunk)."""
    start = time.perf_counter()
    pending = [executor.submit(_noop, i) for i in range(4)]
    done = 0
    while pending:
        pending.pop(0).result()
        done += 1
        if done + len(pending) < tasks:
            pending.append(executor.submit(_noop, done))
    return (time.perf_counter() - start) / tasks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=600, help="games per configuration and round (default 600)")
    parser.add_argument("--chunk", type=int, default=50, help="games per task in the scaling table (default 50)")
    parser.add_argument("--chunks", default="1,5,20,50", help="chunk sizes for the overhead table")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", default="up_and_down")
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    try:
        import distributed
    except ImportError:
        print("needs the cluster extra: pip install -e '.[cluster]'", file=sys.stderr)
        return 2
    game = make(args.game, preset=args.preset, players=args.players)
    reference = simulate(game, args.bots, n=args.n, seed=0, progress=False)
    started: dict[str, float] = {}
    executors: dict[str, Any] = {}
    closers: list[Any] = []
    try:
        for k in (1, 2):
            t = time.perf_counter()
            pool = ProcessPoolExecutor(k)
            list(pool.map(_noop, range(4 * k)))  # the processes are up
            started[f"processes {k}"] = time.perf_counter() - t
            executors[f"processes {k}"] = pool
            closers.append(pool.shutdown)
        for k in (1, 2):
            t = time.perf_counter()
            cluster = distributed.LocalCluster(n_workers=k, threads_per_worker=1, processes=True, host="127.0.0.1",
                                               dashboard_address=None, silence_logs=40)
            client = distributed.Client(cluster)
            started[f"dask workers {k}"] = time.perf_counter() - t
            executors[f"dask workers {k}"] = client.get_executor()
            closers += [client.close, cluster.close]
            client.run(lambda: __import__("tablekit.sim"))  # imports done before timing

        names = list(executors)
        times: dict[str, list[float]] = {name: [] for name in names}
        serial: list[float] = []
        for r in range(args.rounds):
            t = time.perf_counter()
            simulate(game, args.bots, n=args.n, seed=0, chunk_size=args.chunk, progress=False)
            serial.append(time.perf_counter() - t)
            for name in (names if r % 2 == 0 else names[::-1]):
                seconds, frame = _timed(game, args.n, args.chunk, executors[name], args.bots)
                if not frame.equals(reference):
                    raise SystemExit(f"{name}: the result differs from one process's")
                times[name].append(seconds)
            print(f"round {r + 1}: " + ", ".join(f"{k} {statistics.median(v):.2f}s" for k, v in times.items()),
                  file=sys.stderr)

        rate = {name: args.n / statistics.median(v) for name, v in times.items()}
        serial_rate = args.n / statistics.median(serial)
        # Dask's overhead against this process, by chunk size (one worker, so no parallelism).
        overhead = []
        dask1 = executors["dask workers 1"]
        for chunk in (int(c) for c in args.chunks.split(",")):
            d, s = [], []
            for _ in range(args.rounds):
                t = time.perf_counter()
                simulate(game, args.bots, n=args.n, seed=0, chunk_size=chunk, progress=False)
                s.append(time.perf_counter() - t)
                d.append(_timed(game, args.n, chunk, dask1, args.bots)[0])
            ds, ss = statistics.median(d), statistics.median(s)
            overhead.append({"chunk": chunk, "tasks": -(-args.n // chunk), "dask_s": round(ds, 3), "local_s": round(ss, 3),
                             "overhead_pct": round(100 * (ds - ss) / ss, 1)})
        trip = {name: _round_trip(executors[name], 400) for name in ("dask workers 1", "processes 1")}
    finally:
        for close in reversed(closers):
            close()

    game_ms = 1000 / serial_rate
    print(f"\n{args.game} {args.preset}, {args.players} players, bots {args.bots}: {args.n} games a run, "
          f"{args.rounds} rounds (median), chunk {args.chunk}; {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"one game in this process: {game_ms:.2f} ms ({serial_rate:.0f} games/s, no executor)\n")
    print("| Executor | games/s | 1 → 2 | start-up |")
    print("|---|---:|---:|---:|")
    for kind in ("processes", "dask workers"):
        one, two = rate[f"{kind} 1"], rate[f"{kind} 2"]
        print(f"| {kind} 1 | {one:.0f} | | {started[f'{kind} 1']:.1f} s |")
        print(f"| {kind} 2 | {two:.0f} | {two / one:.2f}x | {started[f'{kind} 2']:.1f} s |")
    print("\nDask (1 worker) against this process, by chunk size:\n")
    print("| Games per task | Tasks | Dask | This process | Overhead |")
    print("|---:|---:|---:|---:|---:|")
    for row in overhead:
        print(f"| {row['chunk']} | {row['tasks']} | {row['dask_s']:.2f} s | {row['local_s']:.2f} s | {row['overhead_pct']:+.1f}% |")
    print(f"\nA no-op task's round trip: Dask {1000 * trip['dask workers 1']:.2f} ms, "
          f"process pool {1000 * trip['processes 1']:.2f} ms.")
    if args.json:
        args.json.write_text(json.dumps({
            "game": args.game, "preset": args.preset, "players": args.players, "bots": args.bots, "n": args.n,
            "rounds": args.rounds, "chunk": args.chunk, "cpus": os.cpu_count(), "game_ms": round(game_ms, 3),
            "games_per_s": {k: round(v, 1) for k, v in rate.items()}, "serial_games_per_s": round(serial_rate, 1),
            "start_up_s": {k: round(v, 2) for k, v in started.items()}, "overhead": overhead,
            "round_trip_ms": {k: round(1000 * v, 3) for k, v in trip.items()},
        }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
