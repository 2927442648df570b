"""The kernel manager named in ``voila.json``: kernels end when their page has gone, whatever they
are doing; an open page idle for hours lets its kernel go; every kernel has a memory ceiling.

Voilà starts one kernel per page view. jupyter_server's own culler ends a kernel only once it
has been *idle* (no message) for ``cull_idle_timeout``, and Voilà exempts kernels waiting in its
preheated pool. Both miss a kernel that keeps working for a closed tab: an explore run's progress
messages count as activity, so an 8-player Ultimate run of 100,000 games held a core for about
78 minutes after its tab was closed. ``PoolSafeKernelManager`` culls on the page instead:

- **A page that has gone.** The manager notes when a kernel's last websocket closes
  (``notify_disconnect``), and a kernel that left Voilà's pool without a page connecting yet is
  noted at the first cull pass that sees it so. Such a kernel is shut down once
  ``page_gone_timeout`` seconds have passed with no page, busy or not; a page that reconnects in
  time (a network blip) keeps it. Kernels waiting in the pool are kept: they wait for a visitor.
  A handed-out kernel whose page is slow to load its scripts gets the whole timeout to connect
  (that gap once lost visitors their kernel under jupyter_server's idle rule: voila 0.5.13 on a
  2-core machine, a play page opened after the pool kernel had waited 28 s with a 20 s timeout).
- **An open page idle for very long.** A kernel whose page is open but has had no activity at
  all (no click, no message either way) for ``open_page_idle_timeout`` seconds (default two
  hours: longer than a lesson) is shut down: a forgotten tab does not hold memory overnight. The
  page first gets a friendly message (``tablekit.widgets.notices``, reason ``idle``) saying to
  reload it. 0 keeps open pages' kernels for ever.
- **Memory.** Every ``memory_check_interval`` seconds the manager sums the resident memory (RSS,
  psutil) of each kernel's process and its children. A kernel above ``memory_limit_mb`` is sent
  the ``memory`` notice (its page says it was stopped and to reload it; a kernel too busy to
  answer at once shows nothing), then killed ``notice_grace`` seconds later. The server and every
  other kernel go on. 0 switches the ceiling off.

The passes run every ``cull_interval`` seconds (jupyter_server's setting), so a closed tab's
kernel goes between ``page_gone_timeout`` and ``page_gone_timeout + cull_interval`` seconds after
its page went (plus the few seconds a shutdown takes). jupyter_server's ``cull_idle_timeout``,
``cull_busy`` and ``cull_connected`` are not used.

Voilà wraps ``VoilaConfiguration.multi_kernel_manager_class`` in its pooling subclass, whose
``cull_kernel_if_idle`` returns early for pooled kernels and calls this class's for the others.
The pool is read from that subclass's ``_pools`` (a list of start tasks per notebook), as Voilà's
own override does; without preheating there is no pool.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Integer

from tablekit.widgets import notices

MIB = 1 << 20


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


def cull_reason(connections: int, page_gone_for: float | None, idle_for: float,
                page_gone_timeout: float, open_page_idle_timeout: float) -> str | None:
    """Why a kernel outside the pool must end now, or None.

    ``connections``: its open websockets; ``page_gone_for``: seconds since it was last seen
    without a page (None while a page is connected); ``idle_for``: seconds since its last
    activity. Whether it is busy does not matter.

    >>> cull_reason(0, 61.0, 0.0, 60, 7200)   # a closed tab, its kernel still computing
    'page_gone'
    >>> cull_reason(0, 30.0, 900.0, 60, 7200) is None   # not gone long enough (maybe a network blip)
    True
    >>> cull_reason(1, None, 7201.0, 60, 7200), cull_reason(1, None, 7201.0, 60, 0)
    ('idle', None)
    """
    if connections <= 0:
        return "page_gone" if page_gone_for is not None and page_gone_for > page_gone_timeout else None
    if open_page_idle_timeout > 0 and idle_for > open_page_idle_timeout:
        return "idle"
    return None


def process_tree_rss(pid: int) -> int:
    """Resident memory in bytes of process ``pid`` and all its descendants (0 if it is gone).

    >>> import os
    >>> process_tree_rss(os.getpid()) > 10 * MIB
    True
    """
    import psutil

    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.Error:
        return 0
    total = 0
    for process in processes:
        try:
            total += process.memory_info().rss
        except psutil.Error:  # ended meanwhile
            continue
    return total


def kernel_pid(kernel: Any) -> int | None:
    """The process id of a kernel manager's kernel (jupyter_client's local provisioner), or None."""
    provisioner = getattr(kernel, "provisioner", None)
    pid = getattr(provisioner, "pid", None)
    return pid if isinstance(pid, int) else None


class PoolSafeKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager that ends a kernel whose page has gone (busy or not), a
    kernel whose open page has been idle for hours, and a kernel over its memory ceiling; the
    kernels in Voilà's preheated pool wait untouched."""

    page_gone_timeout = Integer(60, config=True, help=(
        "Seconds a kernel outside the preheated pool may live without a page connected (its last "
        "websocket closed, or it was handed out and no page connected yet); then it is shut down, "
        "busy or not."))
    open_page_idle_timeout = Integer(7200, config=True, help=(
        "Seconds a kernel whose page is open may go without any activity; then the page is told "
        "and the kernel shut down. 0: never."))
    memory_limit_mb = Integer(1024, config=True, help=(
        "The most resident memory (MiB) a kernel and its child processes may use; a kernel above it "
        "is told, then killed. 0: no ceiling."))
    memory_check_interval = Float(2.0, config=True, help="Seconds between two memory checks.")
    notice_grace = Float(1.0, config=True, help=(
        "Seconds between telling a kernel's page why the kernel ends and ending it."))

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Kernel id -> time.monotonic() when it was last seen without a page.
        self._page_gone_since: dict[str, float] = {}
        self._ending: set[str] = set()
        self._memory_callback: PeriodicCallback | None = None

    # --- what the pool holds, who is connected -----------------------------------------------
    def _current_pool(self) -> set[str]:
        pools = getattr(self, "_pools", None)  # set by Voilà's pooling subclass
        return pooled_kernel_ids(pools) if isinstance(pools, dict) else set()

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._page_gone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 1) <= 0:
            self._page_gone_since[kernel_id] = time.monotonic()

    # --- the passes ----------------------------------------------------------------------------
    def initialize_culler(self) -> None:
        """Start the cull pass (every ``cull_interval`` seconds) and the memory check; unlike
        jupyter_server's, whatever ``cull_idle_timeout`` says."""
        if self._initialized_culler:
            return
        self._initialized_culler = True
        culler = PeriodicCallback(self.cull_kernels, 1000 * max(self.cull_interval, 1))
        self._culler_callback = culler  # type: ignore[assignment]  # jupyter_server declares it as None
        culler.start()
        self.log.info("Shutting kernels down %s s after their page has gone and %s s after an open page's last "
                      "activity (checked every %s s)", self.page_gone_timeout, self.open_page_idle_timeout or "never",
                      self.cull_interval)
        if self.memory_limit_mb > 0:
            self._memory_callback = PeriodicCallback(self.check_memory, 1000 * self.memory_check_interval)
            self._memory_callback.start()
            self.log.info("Memory ceiling per kernel: %s MiB (checked every %s s)", self.memory_limit_mb,
                          self.memory_check_interval)

    async def cull_kernels(self) -> None:
        """One cull pass: note the kernels without a page (kernels in the pool are not noted),
        then cull (Voilà's subclass skips the pool's kernels)."""
        now = time.monotonic()
        pooled = self._current_pool()
        for kernel_id in set(self._page_gone_since) - set(self._kernels):
            del self._page_gone_since[kernel_id]
        for kernel_id in list(self._kernels):
            if kernel_id in pooled or self._kernel_connections.get(kernel_id, 0) > 0:
                self._page_gone_since.pop(kernel_id, None)
            else:
                self._page_gone_since.setdefault(kernel_id, now)
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Shut ``kernel_id`` down if its page has gone long enough, or its open page has been
        idle too long (Voilà calls this only for kernels that are not in the pool)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None or kernel_id in self._ending:
            return
        if getattr(kernel, "execution_state", None) == "dead":
            await super().cull_kernel_if_idle(kernel_id)  # jupyter_server removes dead kernels
            return
        since = self._page_gone_since.get(kernel_id)
        now = time.monotonic()
        last_activity = getattr(kernel, "last_activity", None)
        idle_for = (time.time() - last_activity.timestamp()) if last_activity is not None else 0.0
        reason = cull_reason(self._kernel_connections.get(kernel_id, 0), None if since is None else now - since,
                             idle_for, self.page_gone_timeout, self.open_page_idle_timeout)
        if reason == "page_gone":
            self.log.warning("Culling kernel %s (%s): its page has gone for %d s", kernel_id,
                             getattr(kernel, "execution_state", "?"), now - (since or now))
            await self._end(kernel_id)
        elif reason == "idle":
            self.log.warning("Culling kernel %s: its open page has been idle for %d s", kernel_id, idle_for)
            await self._end(kernel_id, notice="idle")

    async def check_memory(self) -> None:
        """End every kernel above the memory ceiling."""
        limit = self.memory_limit_mb * MIB
        for kernel_id, kernel in list(self._kernels.items()):
            pid = kernel_pid(kernel)
            if pid is None or kernel_id in self._ending:
                continue
            rss = process_tree_rss(pid)
            if rss > limit:
                self.log.warning("Kernel %s uses %d MiB, over its ceiling of %d MiB: ending it", kernel_id,
                                 rss // MIB, self.memory_limit_mb)
                asyncio.ensure_future(self._end(kernel_id, notice="memory", now=True))

    # --- ending a kernel --------------------------------------------------------------------------
    async def _end(self, kernel_id: str, notice: str | None = None, now: bool = False) -> None:
        """Tell the kernel's page why (``notice``), wait ``notice_grace`` seconds, shut it down."""
        self._ending.add(kernel_id)
        try:
            if notice is not None:
                socket = None
                try:
                    kernel = self.get_kernel(kernel_id)
                    socket = kernel.connect_shell()
                    kernel.session.send(socket, "comm_open", content=notices.open_content(notice))
                    await asyncio.sleep(self.notice_grace)
                except Exception as exc:  # the kernel may already be gone: end it anyway
                    self.log.debug("Could not tell kernel %s why it ends: %s", kernel_id, exc)
                finally:
                    if socket is not None:
                        socket.close(linger=1000)
            if kernel_id in self._kernels:
                await self.shutdown_kernel(kernel_id, now=now)
        finally:
            self._ending.discard(kernel_id)
            self._page_gone_since.pop(kernel_id, None)
