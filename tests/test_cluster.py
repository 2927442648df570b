"""Simulation on any executor (``executor=``): a local Dask cluster of two worker processes,
started here, gives exactly what one process gives, for ``simulate``, ``tournament`` and
``what_if``; the progress callback and the cancel button work through it; a bad executor is
refused with the field's name."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest

distributed = pytest.importorskip("distributed")

from tablekit import make  # noqa: E402
from tablekit.core.errors import ConfigError  # noqa: E402
from tablekit.sim import CancelledError, simulate  # noqa: E402
from tablekit.sim.executor import executor_width  # noqa: E402
from tablekit.sim.tournament import tournament  # noqa: E402
from tablekit.sim.whatif import what_if  # noqa: E402


SOAK = Path(__file__).resolve().parent.parent / "bench" / "soak.py"


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()


def test_the_cluster_has_two_worker_processes(dask_executor: Any) -> None:
    assert executor_width(dask_executor) == 2
    pids = set(dask_executor._client.run(lambda: __import__("os").getpid()).values())
    assert len(pids) == 2 and __import__("os").getpid() not in pids


@pytest.mark.parametrize(("name", "preset", "bots"), [
    ("up_and_down", "basic", ["heuristic", "random", "random", "random"]),
    ("page_one", "classic", "heuristic"),
    ("ultimate", "basic", ["heuristic", "random", "heuristic", "random"]),
])
def test_simulate_on_dask_equals_one_process(dask_executor: Any, name: str, preset: str, bots: Any) -> None:
    game = make(name, preset=preset)
    local = simulate(game, bots, n=37, seed=5, progress=False, records=True)
    seen: list[int] = []
    remote = simulate(game, bots, n=37, seed=5, chunk_size=4, records=True, executor=dask_executor,
                      progress=lambda done, total: seen.append(done))
    assert remote.equals(local)
    assert seen == sorted(seen) and seen[-1] == 37 and len(seen) == 10  # one report per chunk of 4


def test_simulate_on_a_process_pool_of_ones_own(dask_executor: Any) -> None:
    game = make("up_and_down", players=3)
    with ProcessPoolExecutor(2) as pool:
        mine = simulate(game, "heuristic", n=20, seed=2, chunk_size=3, progress=False, executor=pool)
    assert mine.equals(simulate(game, "heuristic", n=20, seed=2, progress=False))


def test_tournament_and_what_if_on_dask(dask_executor: Any) -> None:
    game = make("up_and_down", players=2)
    local = tournament(game, ["random", "heuristic", "random"], games_per_pairing=6, seed=3, bootstrap=50)
    remote = tournament(game, ["random", "heuristic", "random"], games_per_pairing=6, seed=3, bootstrap=50,
                        executor=dask_executor)
    assert remote.games.equals(local.games) and remote.ratings.equals(local.ratings)
    state = game.initial_state(9)
    seat = game.current_player(state)
    actions = [a.code for a in game.legal_actions(state)][:2]
    assert len(actions) == 2
    mine = what_if(game, state, seat, actions, n=24, seed=4)
    theirs = what_if(game, state, seat, actions, n=24, seed=4, executor=dask_executor)
    assert theirs == mine


def test_cancel_through_the_cluster(dask_executor: Any) -> None:
    game = make("up_and_down", players=4)
    calls: list[int] = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(CancelledError, match="simulation cancelled after"):
        simulate(game, "heuristic", n=5000, seed=1, chunk_size=10, progress=False, cancel=cancel,
                 executor=dask_executor)
    # The cluster is still there for the next run.
    assert len(simulate(game, "random", n=3, seed=1, progress=False, executor=dask_executor)) == 3


def test_a_bad_executor_names_the_field() -> None:
    game = make("up_and_down")
    for call in (lambda: simulate(game, "random", n=2, executor="tcp://127.0.0.1:8786"),
                 lambda: tournament(game, ["random", "random"], executor=object()),
                 lambda: what_if(game, game.initial_state(0), None, [game.legal_actions(game.initial_state(0))[0]],
                                 n=2, executor=4)):
        with pytest.raises(ConfigError, match="option 'executor' must be a concurrent.futures.Executor"):
            call()


def test_the_soak_runs_on_the_cluster(dask_executor: Any, tmp_path: Path) -> None:
    """``bench/soak.py --scheduler``: the script's own task function reaches the cluster's
    workers (it is pickled from the script, which the workers cannot import) and the checked
    actions come back counted."""
    address = dask_executor._client.scheduler.address
    out = tmp_path / "soak.json"
    done = subprocess.run([sys.executable, str(SOAK), "--scheduler", address, "--games", "page_one",
                           "--actions", "400", "--chunk-actions", "100", "--seed", "3", "--json", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"on Dask scheduler {address}" in done.stdout
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["violations"] == [] and result["reached"] is True
    totals = result["games"]["page_one"]
    assert totals["actions"] >= 400 and totals["games"] >= 1 and totals["violations"] == 0
