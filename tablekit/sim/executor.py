"""Chunks of simulation on any ``concurrent.futures.Executor``: local processes, or a Dask cluster.

``simulate``, ``tournament`` and ``what_if`` take ``executor=`` besides ``workers=``. Whatever runs
the chunks, each chunk is a pure function of its arguments (its seeds are derived from the
master seed and the game index), and the results are put back in submission order, so the
same call gives the same result on one process, on a pool, or on a cluster.

A Dask cluster works through ``dask.distributed``'s own executor (the ``tablekit[cluster]``
extra; the engine never imports Dask)::

    from distributed import Client
    client = Client("tcp://scheduler:8786")        # or Client() for a local cluster
    df = simulate(game, "heuristic", n=100_000, executor=client.get_executor())

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     list(map_ordered(pool, abs, [-3, 1, -2], width=executor_width(pool)))
[3, 1, 2]
"""

from __future__ import annotations

import os
from collections import deque
from concurrent.futures import Executor, Future
from typing import Any, Callable, Iterable, Iterator

from tablekit.core.errors import ConfigError

ALLOWED = "a concurrent.futures.Executor (a ProcessPoolExecutor, or distributed.Client(...).get_executor()), or None"


def check_executor(owner: str, executor: Any) -> Executor | None:
    """``executor`` itself when it is an Executor or None; else ConfigError naming the field."""
    if executor is not None and not isinstance(executor, Executor):
        raise ConfigError(owner, "executor", type(executor).__name__, ALLOWED)
    return executor


def executor_width(executor: Executor) -> int:
    """How many chunks ``executor`` runs at once: a pool's ``max_workers``, a Dask client's
    threads over all its workers, else the CPUs of this machine."""
    n = getattr(executor, "_max_workers", None)
    if isinstance(n, int) and n > 0:
        return n
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # pragma: no cover - a client that cannot answer: fall back
            pass
    return os.cpu_count() or 1


def map_ordered(executor: Executor, fn: Callable[[Any], Any], args: Iterable[Any], width: int,
                wait: Callable[[Future[Any]], Any] | None = None) -> Iterator[Any]:
    """``fn(arg)`` for each arg on ``executor``, yielded in the order of ``args``.

    At most ``2 * width`` chunks are in flight (the next is submitted as the oldest is taken),
    so memory never grows with the number of chunks. ``wait(future)`` returns a future's result
    (default: ``future.result()``); a caller polls a cancel button in it. When the caller stops
    early (an error, a cancel, or closing the generator), the chunks not yet started are
    cancelled; running ones finish on their own and their results are dropped.
    """
    take = wait or (lambda future: future.result())
    pending: deque[Future[Any]] = deque()
    try:
        for arg in args:
            pending.append(executor.submit(fn, arg))
            while len(pending) >= 2 * width:
                yield take(pending.popleft())
        while pending:
            yield take(pending.popleft())
    finally:
        for future in pending:
            future.cancel()


__all__ = ["ALLOWED", "check_executor", "executor_width", "map_ordered"]
