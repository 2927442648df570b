"""Voilà page benchmark: the play dashboard against the minimal ipywidgets page, side by side.

Run on demand only (CI never runs it; nothing asserts on it). Needs the dev install (voila,
playwright; psutil is used if installed, else /proc) and Debian's /usr/bin/chromium (never
``playwright install``). Usage, from the repository root:

    .venv/bin/python bench/voila_perf.py [--loads 5] [--clicks 30] [--modes preheat,cold]
                                         [--warmup 1] [--nagle] [--json out.json]

One run starts ONE Voilà server (``python -m voila <tmpdir> --port=<free> --no-browser
--Voila.ip=127.0.0.1``, from the repository root so ``voila.json`` applies as ``make dashboards``
serves it: preheated kernels, pool size 1, culling, Voilà's XSRF check on, and the kernel websocket
with TCP_NODELAY, ``tablekit.widgets.server.NoDelayConnection``). The temporary directory holds
copies of ``dashboards/play.ipynb`` and ``bench/voila/minimal.ipynb``, and the same two copies again
under ``cold/``, which ``--VoilaKernelManager.preheat_denylist=cold`` keeps out of the
preheated pool. So one server measures both the preheated page (the kernel ran the notebook
before the visitor came, which is what ``make dashboards`` serves) and the cold page (the
kernel starts and runs the notebook when the request arrives).

For every repetition and mode (preheated, cold) both pages are loaded one after the other (the
order alternates from repetition to repetition), then clicked in alternation, in headless
Chromium. Everything is timed inside the page (``performance.now()``, whose origin is the
navigation start), with MutationObservers, so Playwright's own round trips are not counted:

* first visible: navigation start -> the first widget is in the DOM and visible (play: the first
  ``.tk-card``; minimal: the ``Button``);
* first interactive: the page clicks that widget the moment it is visible (play: a card of my
  hand, a blocked one if there is one, which asks "why"; else a playable one, which plays it)
  and the time is navigation start -> the DOM shows the answer (message text changed / the card
  left my hand; minimal: the HTML text changed). A click that gets no answer in 3 s is repeated
  (the attempts are recorded);
* click to DOM update: minimal: Button -> HTML text changed. Play, "why": a click on a blocked
  card of my hand (alternating between two, so the text changes every time) -> the
  ``.tk-message`` text changed: a pure round trip, the like-for-like of the minimal page. Play,
  "play": a click on a legal card with the bots at delay 0 (the ``.tk-speed`` range at its right end
  after the first click) -> the card has left my hand ("card gone"), and -> my hand is the current
  one again or the match summary is shown ("bots done": all three bot moves rendered). A
  click's time ends when the DOM has changed (MutationObserver), before the browser recomputes
  style and layout and paints: for both pages alike, those are not counted;
* kernel memory: RSS (and USS, the memory only that process holds) of the kernel that serves the
  page, found from the kernel id in the page's websocket URL (``/api/kernels/<id>/channels``) and
  the ``kernel-<id>.json`` connection file on the kernel's command line, among the children of the
  Voilà server; read once the server is idle after the first click, and again after the clicks.
  The compiled packages mapped into each kernel (``/proc/<pid>/maps``) are listed too: numpy or
  pandas there would mean the play page imports the statistics stack.

Two diagnostics split the click latency: the time of the last websocket message before the DOM
changed (so "browser part" = what the page's JavaScript did after the answer arrived), and the
count of loads whose clicks were all ~40 ms slow. That stall is the transport, not the page:
jupyter_server's default kernel websocket leaves Nagle's algorithm on, and when the browser
delays its ACK a small reply waits ~40 ms; whether a connection falls into it is a coin toss per
page load, for either page. ``voila.json`` ships the fix (``NoDelayConnection`` as
``Voila.kernel_websocket_connection_class``), so a default run should count 0 stalled loads.
``--nagle`` serves with jupyter_server's default connection class instead, for comparison.

Before each load and each memory reading the script waits until the server and its kernels are
idle (and, for a preheated page, until the pool has been refilled), so a kernel being preheated
in the background does not compete with the page being measured. A first repetition (``--warmup``)
fills the browser's HTTP cache and the OS file cache and is not counted. After each pair of
loads every kernel the pages used is shut down (``POST /voila/api/shutdown/<id>``).

Reported: medians and p90 (clicks pooled over the loads), the ratios play / minimal, and the
project's goals: first render and kernel memory <= 1.5x the minimal page, click median <= 1.5x
and < 100 ms. Results and their reading: bench/README.md, section "Voilà pages".
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

try:
    import psutil
except ImportError:  # /proc is enough on Linux
    psutil = None
MEM_ERRORS: tuple[type[BaseException], ...] = (OSError, ValueError) + ((psutil.Error,) if psutil else ())

ROOT = Path(__file__).resolve().parents[1]
PLAY_NB = ROOT / "dashboards" / "play.ipynb"
MINIMAL_NB = ROOT / "bench" / "voila" / "minimal.ipynb"
CHROMIUM = os.environ.get("TABLEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOOPBACK = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
KERNEL_WS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
PAGES = ("play", "minimal")
MODES = ("preheat", "cold")
MIB = 1024 * 1024
STALL_MS = 35.0  # a load whose median click is this slow hit the ~40 ms delayed-ACK stall
# --nagle: jupyter_server's (and Voilà's) default kernel websocket, without the TCP_NODELAY that
# voila.json ships (tablekit.widgets.server.NoDelayConnection).
DEFAULT_CONNECTION = "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection"


def shipped_connection_class() -> str | None:
    """The kernel websocket connection class voila.json names (None: Voilà's default)."""
    try:
        config = json.loads((ROOT / "voila.json").read_text())
    except (OSError, ValueError):
        return None
    name = config.get("Voila", {}).get("kernel_websocket_connection_class")
    return name if isinstance(name, str) else None

# Installed in every page before its own scripts run. The page times itself.
INIT_SCRIPT = r"""
(() => {
  if (window.__bench) { return; }
  const isPlay = /play\.ipynb/.test(location.pathname);
  const B = window.__bench = { page: isPlay ? "play" : "minimal", visible: null, interactive: null,
                               firstClickMs: null, firstHow: null, attempts: 0, lastWhy: null };
  // Time stamp every websocket message before the page's own listeners see it, to split a
  // click's latency into "until the answer arrived" and "browser work after it".
  const NativeWS = window.WebSocket;
  B.wsLast = null;
  B.wsOpen = null;     // the kernel websocket is open
  B.anyWidget = null;  // the first widget view (any .jupyter-widgets element) is in the DOM
  window.WebSocket = class extends NativeWS {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => { B.wsLast = performance.now(); });
      if (/\/api\/kernels\//.test(String(args[0])) && B.wsOpen === null) {
        this.addEventListener("open", () => { if (B.wsOpen === null) { B.wsOpen = performance.now(); } });
      }
    }
  };
  const MINE = ".tk-hand.tk-mine";
  const q = (s) => document.querySelector(s);
  const qa = (s) => Array.from(document.querySelectorAll(s));
  const shown = (el) => !!el && el.isConnected && el.getClientRects().length > 0 &&
    (typeof el.checkVisibility !== "function" || el.checkVisibility({ visibilityProperty: true }));
  const msgText = () => { const m = q(".tk-table .tk-message"); return m ? m.textContent : ""; };
  const labelText = () => { const l = q(".widget-html-content"); return l ? l.textContent : null; };
  const countCode = (code) => qa(MINE + " .tk-card").filter((c) => c.dataset.code === code).length;
  const myTurn = () => !!q(MINE + ".tk-current");
  const settled = () => myTurn() || !!q(".tk-summary");
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const waitFor = async (f, ms) => {
    const end = performance.now() + ms;
    while (!f()) { if (performance.now() > end) { return false; } await sleep(10); }
    return true;
  };

  // Click el, then resolve {t0, times, ws}: ms from the click to the first moment each condition
  // held (null if not within timeout), and to the last websocket message received before it.
  // Conditions are checked on every DOM mutation; each gets the times array, so a later
  // condition can require an earlier one.
  B.clickTimes = (el, conds, timeout) => new Promise((resolve) => {
    const times = conds.map(() => null);
    const ws = conds.map(() => null);
    let left = conds.length;
    let timer = null;
    const mo = new MutationObserver(() => check());
    const finish = () => { mo.disconnect(); clearTimeout(timer); resolve({ t0, times, ws }); };
    const check = () => {
      const now = performance.now();
      conds.forEach((c, i) => {
        if (times[i] === null && c(times)) {
          times[i] = now - t0;
          ws[i] = B.wsLast !== null && B.wsLast >= t0 ? B.wsLast - t0 : null;
          left -= 1;
        }
      });
      if (left === 0) { finish(); }
    };
    mo.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    timer = setTimeout(finish, timeout);
    const t0 = performance.now();
    el.click();
  });

  // What the first click is, and how its answer shows.
  const firstTarget = () => {
    if (!isPlay) {
      const b = q("button.widget-button");
      const before = labelText();
      return b ? { el: b, conds: [() => labelText() !== before], how: "button" } : null;
    }
    const cards = qa(MINE + " .tk-card");
    const blocked = cards.find((c) => c.classList.contains("tk-blocked"));
    if (blocked) {
      const before = msgText();
      return { el: blocked, conds: [() => msgText() !== before], how: "why" };
    }
    const card = cards.find((c) => c.classList.contains("tk-playable") && c.dataset.code !== "S");
    if (card) {
      const code = card.dataset.code;
      const n = countCode(code);
      return { el: card, conds: [() => countCode(code) < n], how: "play" };
    }
    return null;
  };
  const firstClick = async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      let t = firstTarget();
      if (!t) { await waitFor(() => (t = firstTarget()), 3000); }
      if (!t) { continue; }
      B.attempts = attempt;
      B.firstHow = t.how;
      const { t0, times } = await B.clickTimes(t.el, t.conds, 3000);
      if (times[0] !== null) {
        B.firstClickMs = times[0];
        B.interactive = t0 + times[0];
        return;
      }
    }
    B.interactive = -1;
  };

  const SEL = isPlay ? ".tk-card" : "button.widget-button";
  const seen = () => {
    if (B.anyWidget === null && q(".jupyter-widgets")) { B.anyWidget = performance.now(); }
    if (B.visible !== null) { return; }
    if (shown(q(SEL))) {
      B.visible = performance.now();
      watch.disconnect();
      firstClick();
    }
  };
  const watch = new MutationObserver(seen);
  watch.observe(document, { childList: true, subtree: true, attributes: true });
  const poll = () => { seen(); if (B.visible === null) { requestAnimationFrame(poll); } };
  requestAnimationFrame(poll);

  B.nav = () => {
    const n = performance.getEntriesByType("navigation")[0] || {};
    return { responseStart: n.responseStart, responseEnd: n.responseEnd,
             domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd,
             kernelWsOpen: B.wsOpen, firstWidgetInDom: B.anyWidget };
  };

  // --- after the first click ------------------------------------------------------------
  B.botsAtZero = async () => {
    const s = q(".tk-table .tk-speed");
    if (!s) { return false; }
    s.value = s.max;  // the right end: the bots wait 0 ms
    s.dispatchEvent(new Event("change"));
    return waitFor(settled, 15000);
  };

  B.button = async () => {
    const b = q("button.widget-button");
    const before = labelText();
    const { times, ws } = await B.clickTimes(b, [() => labelText() !== before], 5000);
    return { ms: times[0], ws: ws[0] };
  };

  // A click on a blocked card of my hand: Python answers with a message, nothing else moves.
  B.why = async () => {
    if (!myTurn() || q(".tk-summary")) { return { skip: "not my turn" }; }
    const blocked = qa(MINE + " .tk-card.tk-blocked");
    const codes = [...new Set(blocked.map((c) => c.dataset.code))];
    if (codes.length < 2) { return { skip: "fewer than 2 blocked cards" }; }
    const code = codes.find((c) => c !== B.lastWhy);
    const el = blocked.find((c) => c.dataset.code === code);
    const before = msgText();
    B.lastWhy = code;
    const { times, ws } = await B.clickTimes(el, [() => msgText() !== before], 5000);
    return { ms: times[0], ws: ws[0], code };
  };

  // A legal card: my hand is redrawn without it, then the bots (delay 0) move until my turn.
  B.play = async () => {
    if (q(".tk-summary")) {
      const again = q(".tk-play-again");
      if (again) { again.click(); }
      await waitFor(() => !q(".tk-summary") && myTurn(), 15000);
      return { skip: "match over: new deal" };
    }
    if (!myTurn() && !(await waitFor(settled, 5000))) { return { skip: "not my turn" }; }
    const playable = qa(MINE + " .tk-card.tk-playable");
    const card = playable.find((c) => c.dataset.code !== "S");
    if (!card) {
      if (playable.length) { // only a Shot: choose it and its target (not timed)
        const pick = () => q(".tk-target-button") || q(".tk-choice-button");
        playable[0].click();
        await waitFor(pick, 3000);
        const target = pick();
        if (target) { target.click(); }
        await sleep(50);
        await waitFor(() => !pick() && settled(), 15000);
        return { skip: "only a Shot" };
      }
      const fresh = q(".tk-new-button");
      if (fresh) { fresh.click(); }
      await sleep(200);
      await waitFor(settled, 15000);
      return { skip: "nothing playable: new deal" };
    }
    const code = card.dataset.code;
    const n = countCode(code);
    const { times, ws } = await B.clickTimes(card, [
      () => countCode(code) < n,
      (t) => t[0] !== null && settled(),
    ], 15000);
    return { ms: times[0], settled: times[1], ws: ws[0], code };
  };
})();
"""


# --- processes ------------------------------------------------------------------------------
def _proc_children(pid: int) -> list[int]:
    if psutil is not None:
        try:
            return [p.pid for p in psutil.Process(pid).children(recursive=True)]
        except psutil.Error:
            return []
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _cpu_seconds(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return total


def memory(pid: int) -> dict[str, float] | None:
    """RSS and USS (private pages) of one process, in MiB."""
    try:
        if psutil is not None:
            info = psutil.Process(pid).memory_full_info()
            return {"rss": info.rss / MIB, "uss": info.uss / MIB}
        rss = uss = 0
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key == "Rss":
                rss = int(rest.split()[0])
            elif key in ("Private_Clean", "Private_Dirty"):
                uss += int(rest.split()[0])
        return {"rss": rss / 1024, "uss": uss / 1024}
    except MEM_ERRORS:
        return None


def native_packages(pid: int) -> list[str]:
    """Top-level packages under site-packages whose compiled extensions the process has mapped:
    shows from outside whether numpy or pandas was imported into a kernel (plotly is pure
    Python, but brings numpy with it when it draws)."""
    found = set()
    try:
        for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
            path = line.split(maxsplit=5)[-1] if line.count(" ") >= 5 else ""
            if "site-packages/" in path:
                found.add(path.split("site-packages/", 1)[1].split("/", 1)[0])
    except OSError:
        return []
    return sorted(f for f in found if not f.endswith((".libs", ".dist-info", ".so")) and not f.startswith("_"))


class VoilaProcess:
    """``python -m voila`` started from the repository root (so voila.json applies: preheat,
    pool size 1, culling, the cross-site request check, the kernel websocket class), logging to
    ``log_path``; subclasses say what it serves and when it is ready."""

    def __init__(self, command: list[str], log_path: Path, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.command = command
        self.log_path = log_path
        self._log = open(log_path, "wb")
        self.proc = subprocess.Popen(command, cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)

    def check_alive(self) -> None:
        if self.proc.poll() is not None:
            raise RuntimeError(f"voila exited with {self.proc.returncode}:\n{self.log_tail()}")

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def pids(self) -> list[int]:
        return [self.proc.pid, *_proc_children(self.proc.pid)]

    def kernel_pid(self, kernel_id: str) -> int | None:
        for pid in _proc_children(self.proc.pid):
            if f"kernel-{kernel_id}.json" in _cmdline(pid):
                return pid
        return None

    def wait_idle(self, window: float = 0.5, windows: int = 2, busy: float = 0.05,
                  timeout: float = 30.0) -> float:
        """Wait until the server and all its kernels used < ``busy`` of a core for ``windows``
        windows in a row (a kernel being preheated is busy for seconds; /proc counts CPU in 10 ms
        ticks, so a window must be long enough to absorb a stray tick). Returns seconds waited."""
        start = time.monotonic()
        quiet = 0
        before = _cpu_seconds(self.pids())
        while quiet < windows and time.monotonic() - start < timeout:
            time.sleep(window)
            now = _cpu_seconds(self.pids())
            quiet = quiet + 1 if now - before < busy * window else 0
            before = now
        return time.monotonic() - start

    def stop(self, timeout: float = 30.0) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
            except ProcessLookupError:
                pass
        self._log.close()


class Server(VoilaProcess):
    """One Voilà server over a temporary directory of the two pages (and their cold copies)."""

    def __init__(self, workdir: Path, nagle: bool = False, start_timeout: float = 120.0) -> None:
        self.dir = workdir / "pages"
        (self.dir / "cold").mkdir(parents=True)
        for sub in ("", "cold"):
            shutil.copy(PLAY_NB, self.dir / sub / "play.ipynb")
            shutil.copy(MINIMAL_NB, self.dir / sub / "minimal.ipynb")
        port = _free_port()
        command = [
            sys.executable, "-m", "voila", str(self.dir), f"--port={port}", "--no-browser",
            "--Voila.ip=127.0.0.1", "--VoilaKernelManager.preheat_denylist=['cold']",
            "--VoilaConfiguration.show_tracebacks=True",
        ]
        self.connection_class = shipped_connection_class() or DEFAULT_CONNECTION
        if nagle:
            self.connection_class = DEFAULT_CONNECTION
            command.append(f"--Voila.kernel_websocket_connection_class={DEFAULT_CONNECTION}")
        super().__init__(command, workdir / "voila.log", port)
        deadline = time.monotonic() + start_timeout
        while True:
            self.check_alive()
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"voila did not answer within {start_timeout:.0f} s:\n{self.log_tail()}")
            time.sleep(0.25)
        for name in ("play.ipynb", "minimal.ipynb"):
            self.wait_pool(name, 1)

    def pool_fills(self, name: str) -> int:
        return len(re.findall(rf"Kernel pool of {re.escape(name)} is filled", self.log_text()))

    def wait_pool(self, name: str, count: int, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while self.pool_fills(name) < count:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the kernel pool of {name} was not refilled:\n{self.log_tail()}")
            time.sleep(0.1)

    def shutdown_kernel(self, kernel_id: str) -> None:
        pid = self.kernel_pid(kernel_id)
        # Voilà's cross-site request check is on (voila.json): send the same token as the
        # _xsrf cookie and the X-XSRFToken header, as a page of this origin would.
        token = os.urandom(16).hex()
        request = urllib.request.Request(f"{self.url}/voila/api/shutdown/{kernel_id}", data=b"", method="POST",
                                         headers={"X-XSRFToken": token, "Cookie": f"_xsrf={token}"})
        try:
            urllib.request.urlopen(request, timeout=15).close()
        except (urllib.error.URLError, OSError):
            pass
        deadline = time.monotonic() + 15
        while pid is not None and Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                break
            time.sleep(0.1)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# --- one page in the browser ----------------------------------------------------------------
class Page:
    def __init__(self, context: Any, server: Server, name: str, mode: str) -> None:
        self.name, self.mode, self.server = name, mode, server
        self.path = ("cold/" if mode == "cold" else "") + f"{name}.ipynb"
        self.page = context.new_page()
        self.kernel_ids: list[str] = []
        self.page.on("websocket", self._on_ws)
        self.record: dict[str, Any] = {"page": name, "mode": mode}

    def _on_ws(self, ws: Any) -> None:
        m = KERNEL_WS.search(ws.url)
        if m and m.group(1) not in self.kernel_ids:
            self.kernel_ids.append(m.group(1))

    def load(self, timeout_s: float) -> None:
        self.record["loadavg_1min"] = os.getloadavg()[0]  # the machine is shared: worth knowing
        fills = self.server.pool_fills(self.path)
        self.page.goto(f"{self.server.url}/voila/render/{self.path}", wait_until="commit",
                       timeout=timeout_s * 1000)
        self.page.wait_for_function("() => window.__bench && window.__bench.interactive !== null",
                                    timeout=timeout_s * 1000, polling=100)
        b = self.page.evaluate("""() => ({visible: window.__bench.visible, interactive: window.__bench.interactive,
            first_click_ms: window.__bench.firstClickMs, first_how: window.__bench.firstHow,
            attempts: window.__bench.attempts, nav: window.__bench.nav()})""")
        if b["interactive"] < 0:
            raise RuntimeError(f"{self.path}: the first click never got an answer")
        self.record.update(first_visible_ms=b["visible"], first_interactive_ms=b["interactive"],
                           first_click_ms=b["first_click_ms"], first_click=b["first_how"],
                           first_click_attempts=b["attempts"], nav=b["nav"])
        if self.name == "play":
            if not self.page.evaluate("() => window.__bench.botsAtZero()"):
                raise RuntimeError("play: the table did not come back to my turn after the speed change")
        if self.mode == "preheat":  # the server refills the pool 1 s after handing a kernel out
            self.server.wait_pool(self.path, fills + 1)
        self.record["kernel_id"] = self.kernel_ids[0] if self.kernel_ids else None

    def mem(self) -> dict[str, Any] | None:
        kid = self.record.get("kernel_id")
        pid = self.server.kernel_pid(kid) if kid else None
        m: dict[str, Any] | None = memory(pid) if pid else None
        if m is not None and pid:
            m["native_packages"] = native_packages(pid)
        return m

    def close(self) -> None:
        self.page.close()
        for kid in self.kernel_ids:
            self.server.shutdown_kernel(kid)


def clicks_on(play: Page, minimal: Page, n: int) -> None:
    """n "why" round trips alternating with n Button clicks, then n real plays."""
    why: list[float | None] = []
    button: list[float | None] = []
    gone: list[float | None] = []
    done: list[float | None] = []
    # ms from the click to the last websocket message before the DOM showed the answer
    why_ws: list[float | None] = []
    button_ws: list[float | None] = []
    gone_ws: list[float | None] = []
    skips: dict[str, int] = {}
    guard = 0

    def real_play() -> None:
        r = play.page.evaluate("() => window.__bench.play()")
        if "skip" in r:
            skips[r["skip"]] = skips.get(r["skip"], 0) + 1
        else:
            gone.append(r["ms"])
            done.append(r["settled"])
            gone_ws.append(r["ws"])

    while len(why) < n and guard < 50 * n:
        guard += 1
        r = play.page.evaluate("() => window.__bench.why()")
        if "skip" in r:  # not two blocked cards: play a legal card (timed as a play) and look again
            real_play()
            continue
        why.append(r["ms"])
        why_ws.append(r["ws"])
        b = minimal.page.evaluate("() => window.__bench.button()")
        button.append(b["ms"])
        button_ws.append(b["ws"])
    while len(gone) < n and guard < 50 * n:
        guard += 1
        real_play()
    play.record.update(why_ms=why, play_gone_ms=gone, play_done_ms=done, skips=skips,
                       why_ws_ms=why_ws, play_gone_ws_ms=gone_ws)
    minimal.record.update(button_ms=button, button_ws_ms=button_ws)


# --- statistics -----------------------------------------------------------------------------
def _ok(values: list[Any]) -> list[float]:
    return [float(v) for v in values if v is not None]


def median(values: list[Any]) -> float | None:
    v = _ok(values)
    return statistics.median(v) if v else None


def p90(values: list[Any]) -> float | None:
    v = sorted(_ok(values))
    if not v:
        return None
    if len(v) == 1:
        return v[0]
    return statistics.quantiles(v, n=10, method="inclusive")[8]


def summarize(records: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    rec = {p: [r for r in records if r["mode"] == mode and r["page"] == p] for p in PAGES}

    def col(page: str, key: str) -> list[Any]:
        out: list[Any] = []
        for r in rec[page]:
            v = r.get(key)
            if isinstance(v, list):
                out.extend(v)
            elif isinstance(v, dict):
                out.append(v)
            else:
                out.append(v)
        return out

    def mem(page: str, when: str, kind: str) -> list[Any]:
        return [r[when][kind] if r.get(when) else None for r in rec[page]]

    def stat(values: list[Any]) -> dict[str, Any]:
        return {"median": median(values), "p90": p90(values), "n": len(_ok(values)),
                "missing": len(values) - len(_ok(values))}

    s: dict[str, Any] = {"loads": len(rec["play"])}
    for page in PAGES:
        s[page] = {
            "native_packages": [(r.get("mem_after_clicks") or {}).get("native_packages", []) for r in rec[page]],
            "first_visible_ms": stat(col(page, "first_visible_ms")),
            "first_interactive_ms": stat(col(page, "first_interactive_ms")),
            "first_click_ms": stat(col(page, "first_click_ms")),
            "html_done_ms": stat([r["nav"].get("responseEnd") for r in rec[page]]),
            "load_event_ms": stat([r["nav"].get("load") for r in rec[page]]),
            "kernel_ws_open_ms": stat([r["nav"].get("kernelWsOpen") for r in rec[page]]),
            "first_widget_in_dom_ms": stat([r["nav"].get("firstWidgetInDom") for r in rec[page]]),
            # The two pages share everything up to the kernel connection (same bundles, same
            # extensions), so differences before it are the machine's noise; after it is the
            # page's own work (widget state, models, views, the anywidget module).
            "load_to_ws_ms": stat([_diff(r["nav"].get("kernelWsOpen"), r["nav"].get("load")) for r in rec[page]]),
            "ws_to_visible_ms": stat([_diff(r.get("first_visible_ms"), r["nav"].get("kernelWsOpen"))
                                      for r in rec[page]]),
            "rss_after_load_mib": stat(mem(page, "mem_after_load", "rss")),
            "rss_after_clicks_mib": stat(mem(page, "mem_after_clicks", "rss")),
            "uss_after_load_mib": stat(mem(page, "mem_after_load", "uss")),
            "uss_after_clicks_mib": stat(mem(page, "mem_after_clicks", "uss")),
        }
    # Per load, the clicks are either all fast or all ~40 ms slower (Nagle's algorithm on the
    # kernel websocket meeting a delayed ACK; see --nagle): count the loads that stalled.
    for page, key in (("minimal", "button_ms"), ("play", "why_ms")):
        per_load = [median(r.get(key, [])) for r in rec[page]]
        s[page]["click_median_per_load_ms"] = per_load
        s[page]["loads_stalled"] = sum(1 for v in per_load if v is not None and v >= STALL_MS)
    s["loadavg_1min"] = [r.get("loadavg_1min") for p in PAGES for r in rec[p]]
    s["minimal"]["click_ms"] = stat(col("minimal", "button_ms"))
    s["play"]["why_ms"] = stat(col("play", "why_ms"))
    s["play"]["play_gone_ms"] = stat(col("play", "play_gone_ms"))
    s["minimal"]["click_browser_ms"] = stat(_after_ws(col("minimal", "button_ms"), col("minimal", "button_ws_ms")))
    s["play"]["why_browser_ms"] = stat(_after_ws(col("play", "why_ms"), col("play", "why_ws_ms")))
    s["play"]["play_gone_browser_ms"] = stat(_after_ws(col("play", "play_gone_ms"), col("play", "play_gone_ws_ms")))
    s["play"]["play_done_ms"] = stat(col("play", "play_done_ms"))
    return s


def _diff(a: float | None, b: float | None) -> float | None:
    return a - b if a is not None and b is not None else None


def _after_ws(total: list[Any], ws: list[Any]) -> list[float | None]:
    """Per click: the ms between the last websocket message and the DOM update."""
    return [t - w if t is not None and w is not None else None for t, w in zip(total, ws)]


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


GOALS = [  # (label, play metric, minimal metric, max ratio, absolute limit in ms or None)
    ("first interactive", "first_interactive_ms", "first_interactive_ms", 1.5, None),
    ("click median: why (like-for-like)", "why_ms", "click_ms", 1.5, 100.0),
    ("click median: real play, card gone", "play_gone_ms", "click_ms", 1.5, 100.0),
    ("kernel RSS after load", "rss_after_load_mib", "rss_after_load_mib", 1.5, None),
    ("kernel RSS after clicks", "rss_after_clicks_mib", "rss_after_clicks_mib", 1.5, None),
]


def goals(s: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for label, pk, mk, max_ratio, limit in GOALS:
        p, m = s["play"][pk]["median"], s["minimal"][mk]["median"]
        r = _ratio(p, m)
        met = r is not None and r <= max_ratio and (limit is None or (p is not None and p < limit))
        out.append({"goal": label, "play": p, "minimal": m, "ratio": r, "max_ratio": max_ratio,
                    "limit_ms": limit, "met": met})
    return out


def _f(v: float | None, digits: int = 0) -> str:
    return "-" if v is None else f"{v:,.{digits}f}"


def table(summary: dict[str, Any]) -> str:
    rows = [("Metric", "minimal median", "minimal p90", "play median", "play p90", "play / minimal")]
    spec = [
        ("HTML fully received (ms)", "html_done_ms", "html_done_ms", 0),
        ("load event (ms)", "load_event_ms", "load_event_ms", 0),
        ("kernel websocket open (ms)", "kernel_ws_open_ms", "kernel_ws_open_ms", 0),
        ("any widget view in the DOM (ms)", "first_widget_in_dom_ms", "first_widget_in_dom_ms", 0),
        ("first widget visible (ms)", "first_visible_ms", "first_visible_ms", 0),
        ("first interactive: visible + 1st click answered (ms)", "first_interactive_ms", "first_interactive_ms", 0),
        ("  of which the first click (ms)", "first_click_ms", "first_click_ms", 0),
        ("  load event -> kernel websocket open (shared) (ms)", "load_to_ws_ms", "load_to_ws_ms", 0),
        ("  kernel websocket open -> widget visible (ms)", "ws_to_visible_ms", "ws_to_visible_ms", 0),
        ("click -> DOM: Button->HTML vs why->message (ms)", "click_ms", "why_ms", 1),
        ("click -> DOM: real play, card gone (ms)", "click_ms", "play_gone_ms", 1),
        ("click -> DOM: real play, bots done, my turn (ms)", "click_ms", "play_done_ms", 1),
        ("  browser part: last ws message -> DOM, why (ms)", "click_browser_ms", "why_browser_ms", 1),
        ("  browser part: last ws message -> DOM, play (ms)", "click_browser_ms", "play_gone_browser_ms", 1),
        ("kernel RSS after load (MiB)", "rss_after_load_mib", "rss_after_load_mib", 1),
        ("kernel RSS after clicks (MiB)", "rss_after_clicks_mib", "rss_after_clicks_mib", 1),
        ("kernel USS after load (MiB)", "uss_after_load_mib", "uss_after_load_mib", 1),
        ("kernel USS after clicks (MiB)", "uss_after_clicks_mib", "uss_after_clicks_mib", 1),
    ]
    out = []
    for mode in MODES:
        s = summary.get(mode)
        if not s:
            continue
        lines = [rows[0]]
        for label, mk, pk, d in spec:
            m, p = s["minimal"][mk], s["play"][pk]
            lines.append((label, _f(m["median"], d), _f(m["p90"], d), _f(p["median"], d), _f(p["p90"], d),
                          _f(_ratio(p["median"], m["median"]), 2) + "x"))
        widths = [max(len(r[i]) for r in lines) for i in range(len(lines[0]))]
        title = {"preheat": "PREHEATED kernels (voila.json: preheat_kernel, pool size 1)",
                 "cold": "COLD kernels (kernel started and notebook run when the request arrives)"}[mode]
        loadavg = [v for v in s["loadavg_1min"] if v is not None]
        out.append(f"\n{title}: {s['loads']} loads per page; clicks: "
                   f"minimal n={s['minimal']['click_ms']['n']}, why n={s['play']['why_ms']['n']}, "
                   f"play n={s['play']['play_gone_ms']['n']}; loads whose clicks stalled ~40 ms "
                   f"(median >= {STALL_MS:.0f} ms): minimal {s['minimal']['loads_stalled']}/{s['loads']}, "
                   f"play (why) {s['play']['loads_stalled']}/{s['loads']}; 1-min load average "
                   f"{_f(min(loadavg, default=None), 1)}-{_f(max(loadavg, default=None), 1)}")
        for i, r in enumerate(lines):
            out.append("  ".join(c.ljust(widths[j]) if j == 0 else c.rjust(widths[j]) for j, c in enumerate(r)))
            if i == 0:
                out.append("  ".join("-" * w for w in widths))
        for page in PAGES:
            natives = sorted({n for r in s[page].get("native_packages", []) for n in r})
            out.append(f"Compiled packages mapped in the {page} kernel: {', '.join(natives) or '-'}")
        out.append("Goals (play / minimal, medians):")
        for g in goals(s):
            lim = f" and < {g['limit_ms']:.0f} ms" if g["limit_ms"] else ""
            out.append(f"  [{'met ' if g['met'] else 'MISS'}] {g['goal']}: {_f(g['ratio'], 2)}x "
                       f"(goal <= {g['max_ratio']}x{lim})")
        if s["minimal"]["loads_stalled"] != s["play"]["loads_stalled"]:
            out.append("  Note: the pages' loads did not hit the ~40 ms websocket stall equally often, so the "
                       "click ratios above\n  compare the stall more than the pages (is TCP_NODELAY on? see --nagle).")
    return "\n".join(out)


def _rounded(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 2)
    if isinstance(v, dict):
        return {k: _rounded(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_rounded(x) for x in v]
    return v


def write_json(path: Path, payload: dict[str, Any]) -> None:
    """The summary indented, each raw record on one line (times rounded to 0.01 ms)."""
    payload = _rounded(payload)
    records = payload.pop("records", [])
    text = json.dumps(payload, indent=1)[:-2]
    text += ',\n "records": [\n' + ",\n".join("  " + json.dumps(r) for r in records) + "\n ]\n}\n"
    json.loads(text)  # still one valid document
    path.write_text(text)


# --- main -----------------------------------------------------------------------------------
def _versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for dist in ("tablekit", "voila", "ipywidgets", "anywidget", "ipykernel", "jupyter_server", "playwright"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            pass
    return out


def _shown_python() -> str:
    exe = Path(sys.executable)
    return str(exe.relative_to(ROOT)) if exe.is_relative_to(ROOT) else exe.name


def _machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    git = ""
    try:
        git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.split("\n")
        if any(d.strip() for d in dirty):
            git += " (+ uncommitted: " + ", ".join(d[3:] for d in dirty if d.strip()) + ")"
    except (OSError, subprocess.SubprocessError):
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "python": platform.python_version(),
            "platform": platform.platform(), "git": git, "memory_reader": "psutil" if psutil else "/proc"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--loads", type=int, default=5, help="measured loads of each page per mode (default 5)")
    ap.add_argument("--clicks", type=int, default=30, help="timed clicks of each kind per load (default 30)")
    ap.add_argument("--warmup", type=int, default=1, help="uncounted repetitions first (default 1)")
    ap.add_argument("--modes", default="preheat,cold", help="preheat, cold or both (default: both)")
    ap.add_argument("--timeout", type=float, default=90.0, help="seconds allowed for one page load")
    ap.add_argument("--nagle", action="store_true",
                    help="comparison: serve with jupyter_server's default kernel websocket (Nagle on) "
                         "instead of voila.json's TCP_NODELAY class")
    ap.add_argument("--json", type=Path, help="write every measurement and the summary here")
    args = ap.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    if any(m not in MODES for m in modes):
        ap.error(f"--modes: choose from {', '.join(MODES)}")
    if not Path(CHROMIUM).exists():
        print(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    records: list[dict[str, Any]] = []
    workdir = Path(tempfile.mkdtemp(prefix="tk-voila-perf-"))
    server = Server(workdir, nagle=args.nagle)
    print(f"voila: {' '.join(server.command)}  (cwd {ROOT}, log {server.log_path})", flush=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1000, "height": 1500})
            context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOOPBACK) else r.abort())
            context.add_init_script(INIT_SCRIPT)
            for rep in range(args.warmup + args.loads):
                counted = rep >= args.warmup
                order = list(PAGES) if rep % 2 == 0 else list(reversed(PAGES))
                for mode in modes:
                    pages: dict[str, Page] = {}
                    try:
                        for name in order:
                            server.wait_idle()
                            page = Page(context, server, name, mode)
                            pages[name] = page
                            page.load(args.timeout)
                            page.record["idle_wait_s"] = server.wait_idle()
                            page.record["mem_after_load"] = page.mem()
                        clicks_on(pages["play"], pages["minimal"], args.clicks if counted else 3)
                        server.wait_idle()
                        for page in pages.values():
                            page.record["mem_after_clicks"] = page.mem()
                    finally:
                        for page in pages.values():
                            page.close()
                    for name in order:
                        r = pages[name].record
                        r.update(rep=rep, counted=counted, order=order)
                        records.append(r)
                        clicks = {k: median(r[k]) for k in ("why_ms", "play_gone_ms", "button_ms") if k in r}
                        mem = r.get("mem_after_load") or {}
                        print(f"{'rep' if counted else 'warm-up'} {rep} {mode:7} {name:7} "
                              f"visible {_f(r['first_visible_ms'])} ms, interactive "
                              f"{_f(r['first_interactive_ms'])} ms ({r['first_click']}, "
                              f"{r['first_click_attempts']} click), RSS {_f(mem.get('rss'), 1)} MiB, "
                              + ", ".join(f"{k} {_f(v, 1)}" for k, v in clicks.items()), flush=True)
            chromium = browser.version
            browser.close()
    finally:
        server.stop()
    counted_records = [r for r in records if r["counted"]]
    summary = {mode: summarize(counted_records, mode) for mode in modes}
    machine = _machine()
    print(f"\nKernel websocket: {server.connection_class} "
          f"({'--nagle: jupyter_server default, Nagle on' if args.nagle else 'as voila.json ships it'}).")
    print(table(summary))
    wall = time.monotonic() - started
    print(f"\nWall time {wall:.0f} s. Machine: {machine['nproc']} cores, {machine['cpu']}, "
          f"Python {machine['python']}, {machine['git']}.")
    if args.json:
        payload = {
            "date": _dt.date.today().isoformat(),
            "command": " ".join([_shown_python(), *sys.argv]),
            "voila_command": server.command, "machine": machine, "nagle": args.nagle,
            "kernel_websocket_connection_class": server.connection_class,
            "versions": {**_versions(), "chromium": chromium}, "args": {k: str(v) for k, v in vars(args).items()},
            "wall_s": wall, "summary": summary,
            "goals": {mode: goals(summary[mode]) for mode in modes}, "records": records,
        }
        write_json(args.json, payload)
        print(f"Wrote {args.json}")
    shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
