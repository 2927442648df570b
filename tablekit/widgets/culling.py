"""The kernel manager named in ``voila.json``: jupyter_server's idle culler, safe for Voilà's pool.

Voilà keeps one preheated kernel per dashboard in a pool (``preheat_kernel``), and its kernel
manager never culls a kernel that waits there. The exemption ends the moment Voilà hands the
kernel to a visitor, but the page's websocket connects only seconds later (its scripts load
first). A kernel that had waited in the pool for longer than ``cull_idle_timeout`` has no
connection and an old ``last_activity`` in that gap, so the next cull shut it down under the
visitor, whose page then never showed its widgets (seen with voila 0.5.13 on a 2-core machine:
with a 20 s timeout and a 3 s interval, a play page opened after the pool kernel had waited 28 s
lost its kernel before the websocket connected, in each try).

``PoolSafeKernelManager`` restarts a kernel's idle clock when it leaves the pool, so a handed-out
kernel gets the whole ``cull_idle_timeout`` to be connected. Everything else is jupyter_server's
culling: a kernel with an open page (``cull_connected`` false) or a busy one (``cull_busy``
false) is kept; a kernel whose page was closed goes once it has been idle for the timeout.

Voilà wraps ``VoilaConfiguration.multi_kernel_manager_class`` in its pooling subclass, whose
``cull_kernel_if_idle`` returns early for pooled kernels and calls this class's for the others.
The pool is read from that subclass's ``_pools`` (a list of start tasks per notebook), as Voilà's
own override does; without preheating there is no pool and nothing changes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


def pooled_kernel_ids(pools: dict[str, Iterable[asyncio.Future[Any]]]) -> set[str]:
    """Ids of the kernels started and waiting in Voilà's pools (tasks still starting are left out).

    >>> loop = asyncio.new_event_loop()
    >>> ready, starting = loop.create_future(), loop.create_future()
    >>> ready.set_result({"kernel_id": "k1"})
    >>> sorted(pooled_kernel_ids({"play.ipynb": [ready, starting]}))
    ['k1']
    >>> loop.close()
    """
    ids: set[str] = set()
    for pool in pools.values():
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                kernel_id = task.result().get("kernel_id")
                if isinstance(kernel_id, str):
                    ids.add(kernel_id)
    return ids


class PoolSafeKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager whose culler counts a pooled kernel's idle time from the
    moment Voilà hands it out, not from the end of its preheating."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Kernels seen waiting in the pool at the start of the last cull pass.
        self._seen_pooled: set[str] = set()

    def _current_pool(self) -> set[str]:
        pools = getattr(self, "_pools", None)  # set by Voilà's pooling subclass
        return pooled_kernel_ids(pools) if isinstance(pools, dict) else set()

    def _restart_idle_clock(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = datetime.now(timezone.utc)
        self.log.debug("Kernel %s left the preheated pool: idle clock restarted", kernel_id)

    async def cull_kernels(self) -> None:
        """One cull pass: first restart the idle clock of every kernel handed out since the last."""
        pooled = self._current_pool()
        for kernel_id in self._seen_pooled - pooled:
            self._restart_idle_clock(kernel_id)
        self._seen_pooled = pooled
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull ``kernel_id`` if idle, unless it left the pool during this pass (Voilà calls this
        only for kernels that are not in the pool now)."""
        if kernel_id in self._seen_pooled:
            self._seen_pooled.discard(kernel_id)
            self._restart_idle_clock(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)
