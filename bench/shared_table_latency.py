"""Shared table: how long from one page's move to another page seeing it (poll -> seen).

Run on demand only (CI never runs it; nothing asserts on it). From the repository root, with the
dev install:

    .venv/bin/python bench/shared_table_latency.py [--moves 200] [--polls 0.1,0.02] [--pg] [--json PATH]

Two processes, as two Voilà kernels at one table would be: a writer (a bot runner of the class
store that plays every seat of an Up&Down match, one move every 50-150 ms, at random) and a
reader (the teacher's SharedSession, calling ``poll()`` every POLL seconds, as a page's
background task does). For each move the reader sees, the latency is the time it saw it (just
after the ``poll()`` that applied it) minus the time the writer stamped on the move when it
wrote it (``moves.at``, the same clock on one machine). Also: the time one ``poll()`` takes when
nothing is new. SQLite (a WAL file in a temporary directory) always; with ``--pg`` also a
private PostgreSQL server started as tests/helpers_postgres.py does. Results: bench/README.md,
section "Shared table: poll -> seen".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def writer(url: str, table_id: int, moves: int, seed: int) -> None:
    from tablekit.classroom import ClassStore, SharedSession

    store = ClassStore(url)
    session = SharedSession.for_bots(store, table_id)
    session.remote = frozenset()  # (this runner plays every seat; it never polls, so it keeps that)
    rng = random.Random(seed)
    print("ready", flush=True)
    sys.stdin.readline()  # go
    for _ in range(moves):
        time.sleep(rng.uniform(0.05, 0.15))
        if session.bot_move() is None:
            break
    store.close()


def reader(url: str, table_id: int, moves: int, poll: float) -> dict[str, object]:
    from tablekit.classroom import ClassStore, SharedSession

    store = ClassStore(url)
    session = SharedSession.for_teacher(store, table_id, store.teacher_key())
    latencies: list[float] = []
    idle: list[float] = []
    seen = session.step_index
    deadline = time.monotonic() + moves * 0.5 + 30
    while seen < moves and not session.is_over and time.monotonic() < deadline:
        start = time.perf_counter()
        applied = session.poll()
        took = time.perf_counter() - start
        now = time.time()
        if applied:
            latencies += [now - m.at for m in store.moves(table_id, after=seen)[:len(applied)]]
            seen = session.step_index
        else:
            idle.append(took)
        time.sleep(poll)
    store.close()
    return {"latencies": latencies, "idle": idle}


def quantiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    pick = (lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]) if xs else (lambda q: float("nan"))
    return {"n": len(xs), "median_ms": 1000 * statistics.median(xs) if xs else float("nan"),
            "p90_ms": 1000 * pick(0.9), "max_ms": 1000 * (xs[-1] if xs else float("nan"))}


def run(url: str, moves: int, poll: float) -> dict[str, object]:
    from tablekit.classroom import ClassStore

    with ClassStore(url) as store:
        cls = store.create_class("bench")
        [table] = store.create_tables(cls.id, "up_and_down", players=4, seats=["learner"] + ["heuristic"] * 3,
                                      seed=2, bot_seed=3)  # (the same match every run)
    proc = subprocess.Popen([sys.executable, __file__, "--writer", url, str(table.id), str(moves)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.stdin.write("go\n")
    proc.stdin.flush()
    got = reader(url, table.id, moves, poll)
    proc.wait(120)
    return {"poll_s": poll, "seen": quantiles(got["latencies"]),  # type: ignore[arg-type]
            "idle_poll": quantiles(got["idle"])}  # type: ignore[arg-type]


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--writer":
        writer(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), seed=int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--polls", default="0.1,0.02", help="poll intervals in seconds, comma-separated")
    parser.add_argument("--pg", action="store_true", help="also on a private PostgreSQL server")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    polls = [float(x) for x in args.polls.split(",")]
    results: list[dict[str, object]] = []
    server = None
    with tempfile.TemporaryDirectory() as tmp:
        backends = [("sqlite", lambda: str(Path(tmp) / f"class-{len(results)}.sqlite"))]
        if args.pg:
            sys.path.insert(0, str(ROOT / "tests"))
            import helpers_postgres

            bindir = helpers_postgres.postgres_bin()
            if bindir is None:
                raise SystemExit("PostgreSQL is not installed (apt-get install -y postgresql)")
            server = helpers_postgres.PostgresServer(bindir)
            server.start()
            backends.append(("postgresql", server.new_database))
        try:
            for name, new_url in backends:
                for poll in polls:
                    result = {"backend": name, **run(new_url(), args.moves, poll)}
                    results.append(result)
                    seen, idle = result["seen"], result["idle_poll"]
                    print(f"{name:10} poll {1000 * poll:5.0f} ms: seen after median {seen['median_ms']:6.1f} ms, "  # type: ignore[index]
                          f"p90 {seen['p90_ms']:6.1f} ms, max {seen['max_ms']:6.1f} ms ({seen['n']} moves); "  # type: ignore[index]
                          f"an idle poll takes median {idle['median_ms']:.2f} ms, p90 {idle['p90_ms']:.2f} ms",  # type: ignore[index]
                          flush=True)
        finally:
            if server is not None:
                server.stop()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
