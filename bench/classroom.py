"""Classroom benchmark: N learners play on one Voilà server at the same time.

Run on demand only (CI never runs it; nothing asserts on it). Needs the dev install (voila,
playwright) and Debian's /usr/bin/chromium (never ``playwright install``). From the repository
root:

    .venv/bin/python bench/classroom.py [N] [--clicks 20] [--bot-delay default|0] [--json PATH]

It starts one Voilà server on ``dashboards/`` (``python -m voila dashboards --port=<free>
--no-browser --Voila.ip=127.0.0.1``, from the repository root so the real ``voila.json``
applies: preheated pool of one kernel per dashboard, culling, TCP_NODELAY websocket), waits
until the server is idle, then opens N play pages at once in one headless Chromium (one browser
context per learner, so each has its own cookies, like N machines) and waits until every page
shows its table. Then every page plays by itself, all at the same time: it waits for its turn,
clicks one of its playable cards, and times click -> DOM update inside the page
(``performance.now()`` and a MutationObserver, as ``bench/voila_perf.py`` does): the time until
the clicked card has left the hand drawn by the page. When a game ends it presses the summary's
button (play again / next round) and goes on, until it has made ``--clicks`` timed clicks.
The bots move at the dashboard's own speed (``--bot-delay default``: 0.6 s a move, a learner's
view) or instantly (``--bot-delay 0``, the ``.tk-speed`` range at its right end: more load per click).

Reported (printed, and written to ``bench/classroom/results-N.json``): pages playable (loaded
and every timed click answered), page load times, click -> DOM latency median / p90 / max over
all clicks, the part of it after the last websocket message (the page's own JavaScript), the
RSS of each page's kernel (median, max) and of the server, and the CPU used by the server, the
kernels and Chromium during the clicks (all on the same cores here; in a classroom the browsers
run on the learners' machines). Everything is bounded: page loads (``--load-timeout``), each
click (``--click-timeout``), each wait for a turn, and the whole click phase. Only loopback
traffic: every other request is aborted.

The play table's markup is being reworked: every selector the script relies on is in
``SELECTORS`` below. Results and their reading: bench/README.md, section "Classroom".

Shared tables (``--shared``): learners at class tables, from their own pages::

    .venv/bin/python bench/classroom.py --shared [--tables 6] [--seats 4] [--moves 40] [--think 0.5,1.5] [--arrive 4]

A class store (a temporary SQLite file, ``TABLEKIT_CLASS_DB`` for the server and its kernels)
holds one class with ``--tables`` Page One tables (preset ``classic``, five rounds, so that no
game ends during the run) of ``--seats`` learners each, every learner seated. One headless
Chromium opens every learner's own link (``join.ipynb?class=..&key=..``: the join page, which
shows the learner's shared table) in a browser context of its own, ``--arrive`` pages at a time
(the next ones once these show their table: a class does not arrive in one second, and Voila
hands out kernels from a pool of one per notebook, started one after the other). Then every page
plays by itself: on its turn it waits a think time (uniform in ``--think`` seconds), clicks a
playable card (and the first choice it asks for), else the first move button, and presses Next
round when a round ends, until every table has ``--moves`` moves in the store. Each page notes,
on the clock every page shares (``performance.timeOrigin + performance.now()``), when it clicked
and which move number the click was (the table's ``data-step`` plus one), and when each move
number was first drawn on it (the table's ``data-step`` attribute, set once a view is drawn). A
move's latency on another page is the time it was drawn there minus the time its learner
clicked: reported over every move and every other page at its table (median, p90, max), with the
RSS of each page's kernel and the server's, and the CPU used. Written to
``bench/classroom/shared-<pages>.json``; reading in bench/README.md, section "Shared tables".
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

# bench/ is on sys.path when this file runs as a script: share voila_perf's helpers.
from voila_perf import (CHROMIUM, CHROMIUM_ARGS, KERNEL_WS, LOOPBACK, ROOT, VoilaProcess, _cmdline, _cpu_seconds, _f,
                        _free_port, _machine, _proc_children, _shown_python, _versions, median, memory, p90,
                        write_json)

# Every selector the page script uses, in one place (the play table's markup is being changed).
SELECTORS: dict[str, Any] = {
    "table": ".tk-table",
    "my_cards": ".tk-table .tk-hand.tk-mine .tk-card",
    "playable": ".tk-table .tk-hand.tk-mine .tk-card.tk-playable",
    "summary": ".tk-table .tk-summary",
    # A finished game or round: the first of these that exists is pressed.
    "continue": [".tk-table .tk-play-again", ".tk-table .tk-next-round"],
    # A card that needs a choice (Up&Down's Shot names a seat): the first target is chosen.
    "choice": [".tk-table .tk-target-button", ".tk-table .tk-choice-button"],
    "needs_choice": ["S"],  # card codes that ask for a target: not timed
    # no card and no summary for too long: deal anew (the dashboard's Deal; a notebook table's own)
    "stuck": ".tk-dash-bar button.mod-primary, .tk-table .tk-new-button",
    "speed": ".tk-table .tk-speed",  # the bots' speed range (--bot-delay 0 drags it to its right end)
    "code_attr": "code",  # card.dataset[code_attr] is the card's code
}
PLAY_PATH = "/voila/render/play.ipynb"
MIB = 1024 * 1024
EXTRA_ARGS = [  # each page stands for a learner's own machine: no throttling of hidden pages
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]

PAGE_SCRIPT = r"""
(() => {
  if (window.__class) { return; }
  const S = __SELECTORS__;
  const C = window.__class = { readyAt: null, results: [], skips: {}, done: false, error: null,
                               steps: 0, visibility: document.visibilityState };
  const q = (s) => document.querySelector(s);
  const qa = (s) => Array.from(document.querySelectorAll(s));
  const first = (list) => { for (const s of list) { const e = q(s); if (e) { return e; } } return null; };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const waitFor = async (f, ms) => {
    const end = performance.now() + ms;
    while (!f()) { if (performance.now() > end) { return false; } await sleep(20); }
    return true;
  };
  const shown = (el) => !!el && el.isConnected && el.getClientRects().length > 0;
  const code = (el) => el.dataset[S.code_attr] || "";

  // Time stamp every websocket message before the page's listeners see it.
  const NativeWS = window.WebSocket;
  C.wsLast = null;
  window.WebSocket = class extends NativeWS {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => { C.wsLast = performance.now(); });
    }
  };

  const ready = setInterval(() => {
    if (shown(q(S.my_cards))) { C.readyAt = performance.now(); clearInterval(ready); }
  }, 25);

  const count = (c) => qa(S.my_cards).filter((el) => code(el) === c).length;
  // Click a card of my hand; resolve the ms until the page's DOM no longer has it there
  // (null: not within timeout), and until the last websocket message before that.
  const clickTimed = (el, timeout) => new Promise((resolve) => {
    const c = code(el);
    const n = count(c);
    let finished = false;
    const finish = (ms) => {
      if (finished) { return; }
      finished = true;
      mo.disconnect();
      clearTimeout(timer);
      const ws = ms !== null && C.wsLast !== null && C.wsLast >= t0 ? C.wsLast - t0 : null;
      resolve({ ms, ws, code: c });
    };
    // Answered: the card left my hand, or the move ended a round (its summary shows over the
    // next deal, where my new hand may hold a card of the same code).
    const mo = new MutationObserver(() => {
      if (count(c) < n || q(S.summary)) { finish(performance.now() - t0); }
      else if (first(S.choice)) { finish("choice"); }
    });
    mo.observe(q(S.table) || document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const timer = setTimeout(() => finish(null), timeout);
    const t0 = performance.now();
    el.click();
  });

  C.setSpeedZero = () => {
    const s = q(S.speed);
    if (!s) { return false; }
    s.value = s.max;  // the right end: the bots wait 0 ms
    s.dispatchEvent(new Event("input", { bubbles: true }));
    s.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  };

  // One step: a timed click on a playable card, or (not timed) what it takes to get one.
  C.step = async (clickTimeout, turnTimeout) => {
    const settled = () => q(S.playable) || q(S.summary);
    if (!(await waitFor(settled, turnTimeout))) {
      const fresh = q(S.stuck);
      if (fresh) { fresh.click(); await sleep(500); }
      return { skip: "no turn in time: new deal" };
    }
    if (!q(S.playable)) {
      const next = first(S.continue);
      if (!next) { await sleep(100); return { skip: "summary without a button" }; }
      next.click();
      await waitFor(() => q(S.playable) || !q(S.summary), turnTimeout);
      return { skip: "game or round over: continue" };
    }
    const cards = qa(S.playable);
    const plain = cards.find((el) => !S.needs_choice.includes(code(el)));
    if (!plain) {
      C.choiceRuns = (C.choiceRuns || 0) + 1;
      if (C.choiceRuns > 2) {  // the choice did not get the game on: deal anew
        C.choiceRuns = 0;
        const fresh = q(S.stuck);
        if (fresh) { fresh.click(); }
        await waitFor(() => !q(S.playable), 3000);
        return { skip: "choice made no progress: new deal" };
      }
      cards[0].click();
      await waitFor(() => first(S.choice), 3000);
      const target = first(S.choice);
      if (target) { target.click(); }
      await waitFor(() => !first(S.choice), 5000);
      return { skip: "only a card that needs a choice" };
    }
    C.choiceRuns = 0;
    const r = await clickTimed(plain, clickTimeout);
    if (r.ms === "choice") {  // this card asks for a choice first: choose, and do not time it
      S.needs_choice.push(r.code);
      first(S.choice).click();
      await waitFor(() => !first(S.choice), 5000);
      return { skip: "a card that asked for a choice" };
    }
    return r;
  };

  C.run = async (clicks, clickTimeout, turnTimeout, maxSteps) => {
    try {
      while (C.results.length < clicks && C.steps < maxSteps) {
        C.steps += 1;
        const r = await C.step(clickTimeout, turnTimeout);
        if (r.skip) { C.skips[r.skip] = (C.skips[r.skip] || 0) + 1; } else { C.results.push(r); }
        if (r.ms === null) { break; }  // a click the kernel never answered: this page is stuck
      }
    } catch (e) {
      C.error = String(e && e.stack || e);
    }
    C.done = true;
  };
})();
"""


class ClassroomServer(VoilaProcess):
    """``python -m voila dashboards`` on a free loopback port, from the repository root."""

    def __init__(self, log_path: Path, start_timeout: float = 180.0) -> None:
        port = _free_port()
        super().__init__([sys.executable, "-m", "voila", "dashboards", f"--port={port}", "--no-browser",
                          "--Voila.ip=127.0.0.1", "--VoilaConfiguration.show_tracebacks=True"], log_path, port)
        deadline = time.monotonic() + start_timeout
        while "Kernel pool of play.ipynb is filled" not in self.log_text():
            self.check_alive()
            if time.monotonic() > deadline:
                raise RuntimeError(f"voila's play pool was not filled within {start_timeout:.0f} s:\n"
                                   f"{self.log_tail()}")
            time.sleep(0.25)
        with urllib.request.urlopen(self.url + "/", timeout=30) as response:
            assert response.status == 200

    def kernel_pids(self) -> dict[int, str]:
        """Every kernel process of the server -> its command line."""
        out = {}
        for pid in _proc_children(self.proc.pid):
            cmd = _cmdline(pid)
            if "ipykernel" in cmd:
                out[pid] = cmd
        return out

    def wait_idle(self, window: float = 1.0, windows: int = 2, busy: float = 0.1, timeout: float = 60.0) -> float:
        """Wait until the server and its kernels use < ``busy`` of a core for two windows."""
        return super().wait_idle(window=window, windows=windows, busy=busy, timeout=timeout)

    def stop(self, timeout: float = 60.0) -> None:
        super().stop(timeout)


def _chromium_pids() -> list[int]:
    return [p for p in _proc_children(os.getpid()) if "chrom" in _cmdline(p)]


def _stat(values: list[Any]) -> dict[str, Any]:
    ok = [float(v) for v in values if v is not None]
    return {"n": len(ok), "missing": len(values) - len(ok), "median": median(ok), "p90": p90(ok),
            "max": max(ok) if ok else None}


def _open_pages(browser: Any, n: int, script: str) -> tuple[list[Any], list[list[str]]]:
    """``n`` pages, each in a context of its own that reaches only the loopback and runs
    ``script`` first; with, per page, the kernel ids its websockets name (filled as they open)."""
    pages: list[Any] = []
    kernel_ids: list[list[str]] = []
    for _ in range(n):
        context = browser.new_context(viewport={"width": 1000, "height": 1200})
        context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOOPBACK) else r.abort())
        context.add_init_script(script)
        page = context.new_page()
        ids: list[str] = []
        page.on("websocket", lambda ws, ids=ids: ids.extend(KERNEL_WS.findall(ws.url)))
        pages.append(page)
        kernel_ids.append(ids)
    return pages, kernel_ids


def run(n: int, clicks: int, bot_delay: str, load_timeout: float, click_timeout: float,
        turn_timeout: float, log_path: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    server = ClassroomServer(log_path)
    out: dict[str, Any] = {"voila_command": server.command}
    try:
        out["idle_wait_s"] = server.wait_idle()
        out["loadavg_before"] = os.getloadavg()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS + EXTRA_ARGS)
            pages, kernel_ids = _open_pages(browser, n, PAGE_SCRIPT.replace("__SELECTORS__", json.dumps(SELECTORS)))
            # All at once: every navigation is started before any page has loaded.
            t_open = time.monotonic()
            for page in pages:
                page.goto(server.url + PLAY_PATH, wait_until="commit", timeout=load_timeout * 1000)
            out["open_spread_s"] = time.monotonic() - t_open
            deadline = time.monotonic() + load_timeout
            ready_at: list[float | None] = [None] * n
            while time.monotonic() < deadline and any(r is None for r in ready_at):
                for i, page in enumerate(pages):
                    if ready_at[i] is None:
                        ready_at[i] = page.evaluate("() => window.__class && window.__class.readyAt")
                time.sleep(0.25)
            out["load_wall_s"] = time.monotonic() - t_open
            out["load_ms"] = ready_at  # navigation start -> my cards visible, per page
            loaded = [i for i, r in enumerate(ready_at) if r is not None]
            if bot_delay == "0":
                for i in loaded:
                    pages[i].evaluate("() => window.__class.setSpeedZero()")
                time.sleep(1.0)
            server.wait_idle(timeout=30)
            mem_loaded = {i: memory(server.kernel_pid(kernel_ids[i][0])) if kernel_ids[i] else None for i in loaded}

            # The click phase: every page plays by itself, all at once.
            server_pids = [server.proc.pid]
            kernels_before = list(server.kernel_pids())
            cpu0 = {"server": _cpu_seconds(server_pids), "kernels": _cpu_seconds(kernels_before),
                    "chromium": _cpu_seconds(_chromium_pids())}
            t_clicks = time.monotonic()
            max_steps = clicks * 6 + 20
            for i in loaded:
                pages[i].evaluate("([c, ct, tt, ms]) => { window.__class.run(c, ct, tt, ms); }",
                                  [clicks, click_timeout * 1000, turn_timeout * 1000, max_steps])
            phase_limit = time.monotonic() + max_steps * (turn_timeout + click_timeout) / 4 + 60
            states: dict[int, dict[str, Any]] = {}
            while time.monotonic() < phase_limit:
                for i in loaded:
                    if i not in states or not states[i].get("done"):
                        states[i] = pages[i].evaluate(
                            "() => ({done: window.__class.done, results: window.__class.results, "
                            "skips: window.__class.skips, error: window.__class.error, steps: window.__class.steps, "
                            "visibility: window.__class.visibility})")
                if all(states.get(i, {}).get("done") for i in loaded):
                    break
                time.sleep(0.5)
            click_wall = time.monotonic() - t_clicks
            cpu1 = {"server": _cpu_seconds(server_pids), "kernels": _cpu_seconds(kernels_before),
                    "chromium": _cpu_seconds(_chromium_pids())}
            out["click_phase_s"] = click_wall
            out["cpu_cores_during_clicks"] = {k: (cpu1[k] - cpu0[k]) / click_wall for k in cpu0}
            out["loadavg_after"] = os.getloadavg()
            server.wait_idle(timeout=30)
            per_page = []
            for i in range(n):
                s = states.get(i, {})
                results = s.get("results", [])
                kid = kernel_ids[i][0] if kernel_ids[i] else None
                pid = server.kernel_pid(kid) if kid else None
                per_page.append({
                    "loaded": ready_at[i] is not None, "load_ms": ready_at[i], "kernel_id": kid,
                    "clicks_ms": [r["ms"] for r in results], "ws_ms": [r["ws"] for r in results],
                    "skips": s.get("skips", {}), "error": s.get("error"), "done": s.get("done", False),
                    "visibility": s.get("visibility"),
                    "rss_loaded_mib": (mem_loaded.get(i) or {}).get("rss"),
                    "rss_after_mib": (memory(pid) or {}).get("rss") if pid else None,
                })
            out["server_rss_mib"] = (memory(server.proc.pid) or {}).get("rss")
            out["kernels_running"] = len(server.kernel_pids())
            out["chromium"] = browser.version
            browser.close()
    finally:
        server.stop()
    out["pages"] = per_page
    out["wall_s"] = time.monotonic() - started
    return out


def summarize(out: dict[str, Any], n: int, clicks: int) -> dict[str, Any]:
    pages = out["pages"]
    all_clicks = [ms for p in pages for ms in p["clicks_ms"]]
    browser_part = [ms - ws for p in pages for ms, ws in zip(p["clicks_ms"], p["ws_ms"])
                    if ms is not None and ws is not None]
    playable = [p["loaded"] and not p["error"] and len(p["clicks_ms"]) == clicks
                and all(ms is not None for ms in p["clicks_ms"]) for p in pages]
    page_p90 = [p90(p["clicks_ms"]) for p in pages if p["clicks_ms"]]
    return {
        "pages": n, "clicks_per_page": clicks,
        "pages_loaded": sum(p["loaded"] for p in pages),
        "pages_playable": sum(playable),
        "load_ms": _stat([p["load_ms"] for p in pages]),
        "click_ms": _stat(all_clicks),
        "click_after_last_ws_message_ms": _stat(browser_part),
        "worst_page_p90_ms": max(page_p90) if page_p90 else None,
        "kernel_rss_mib": _stat([p["rss_after_mib"] for p in pages]),
        "kernel_rss_loaded_mib": _stat([p["rss_loaded_mib"] for p in pages]),
        "server_rss_mib": out.get("server_rss_mib"),
        "kernels_running": out.get("kernels_running"),
        "cpu_cores_during_clicks": out.get("cpu_cores_during_clicks"),
        "skips": {k: sum(p["skips"].get(k, 0) for p in pages) for p in pages for k in p["skips"]},
        "errors": [p["error"] for p in pages if p["error"]],
        "hidden_pages": sum(1 for p in pages if p.get("visibility") not in (None, "visible")),
        "loadavg_before": out.get("loadavg_before"), "loadavg_after": out.get("loadavg_after"),
        "wall_s": out["wall_s"], "load_wall_s": out.get("load_wall_s"), "click_phase_s": out.get("click_phase_s"),
        "goals": {
            "all pages playable": sum(playable) == n,
            "click p90 < 150 ms": (p90(all_clicks) or 1e9) < 150.0,
        },
    }


def table(s: dict[str, Any]) -> str:
    cpu = s.get("cpu_cores_during_clicks") or {}
    rows = [
        ("pages playable (loaded, every click answered)", f"{s['pages_playable']} / {s['pages']}"),
        ("page load: nav start -> my cards (ms), median / p90 / max",
         f"{_f(s['load_ms']['median'])} / {_f(s['load_ms']['p90'])} / {_f(s['load_ms']['max'])}"),
        (f"click -> DOM (ms), median / p90 / max (n={s['click_ms']['n']})",
         f"{_f(s['click_ms']['median'], 1)} / {_f(s['click_ms']['p90'], 1)} / {_f(s['click_ms']['max'], 1)}"),
        ("  after the last websocket message (ms), median / p90",
         f"{_f(s['click_after_last_ws_message_ms']['median'], 1)} / {_f(s['click_after_last_ws_message_ms']['p90'], 1)}"),
        ("  worst page's own p90 (ms)", _f(s["worst_page_p90_ms"], 1)),
        ("kernel RSS per page (MiB), median / max",
         f"{_f(s['kernel_rss_mib']['median'], 1)} / {_f(s['kernel_rss_mib']['max'], 1)}"),
        ("server RSS (MiB); kernels running", f"{_f(s['server_rss_mib'], 1)}; {s['kernels_running']}"),
        ("CPU during clicks (cores): server / kernels / Chromium",
         f"{_f(cpu.get('server'), 2)} / {_f(cpu.get('kernels'), 2)} / {_f(cpu.get('chromium'), 2)}"),
        ("1-min load average before / after", f"{_f((s['loadavg_before'] or [None])[0], 1)} / "
                                               f"{_f((s['loadavg_after'] or [None])[0], 1)}"),
        ("wall time: all (s), loading (s), clicking (s)",
         f"{_f(s['wall_s'])}, {_f(s['load_wall_s'])}, {_f(s['click_phase_s'])}"),
    ]
    width = max(len(r[0]) for r in rows)
    lines = [f"{label.ljust(width)}  {value}" for label, value in rows]
    lines.append("Goals: " + ", ".join(f"[{'met' if ok else 'MISS'}] {g}" for g, ok in s["goals"].items()))
    if s["skips"]:
        lines.append("Untimed steps: " + ", ".join(f"{k}: {v}" for k, v in s["skips"].items()))
    if s["errors"]:
        lines.append("Page errors: " + "; ".join(e.splitlines()[0] for e in s["errors"]))
    return "\n".join(lines)


# --- shared tables ------------------------------------------------------------------------------
JOIN_PATH = "/voila/render/join.ipynb"
SHARED_SCRIPT = r"""
(() => {
  if (window.__shared) { return; }
  const C = window.__shared = { ready: false, clicks: [], seen: [], skips: {}, done: false, stop: false,
                                error: null, visibility: document.visibilityState };
  const now = () => performance.timeOrigin + performance.now();  // one clock for every page
  const q = (s) => document.querySelector(s);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const MOVES = ".tk-table .tk-hand.tk-mine .tk-card.tk-playable, .tk-table .tk-action-button";
  let last = -1;
  const note = (table) => {
    const step = table.dataset.step;
    if (step === undefined) { return; }
    const n = Number(step);
    if (n > last) { last = n; C.seen.push([n, now()]); C.ready = true; }
  };
  // When each move number is first drawn on this page (the table sets data-step after drawing).
  const watch = setInterval(() => {
    const table = q(".tk-table");
    if (!table) { return; }
    clearInterval(watch);
    note(table);
    new MutationObserver(() => note(table)).observe(table, { attributes: true, attributeFilter: ["data-step"] });
  }, 50);
  const skip = (why) => { C.skips[why] = (C.skips[why] || 0) + 1; };

  C.run = async (thinkMin, thinkMax) => {
    try {
      while (!C.stop) {
        const table = q(".tk-table");
        if (!table || q(".tk-table .tk-summary.tk-final")) { await sleep(100); continue; }
        const next = q(".tk-table .tk-next-round");
        if (next) { next.click(); skip("next round"); await sleep(300); continue; }
        if (!q(MOVES)) { await sleep(30); continue; }
        await sleep(1000 * (thinkMin + Math.random() * (thinkMax - thinkMin)));
        const move = q(".tk-table .tk-hand.tk-mine .tk-card.tk-playable") || q(".tk-table .tk-action-button");
        if (!move || C.stop) { continue; }
        const before = Number(table.dataset.step);
        const t0 = now();
        move.click();
        const choice = q(".tk-table .tk-choice-button");
        if (choice) { choice.click(); }
        C.clicks.push([before + 1, t0]);
        const end = performance.now() + 15000;  // my own move drawn, or the table moved on
        while (Number(table.dataset.step) <= before && performance.now() < end && !C.stop) { await sleep(10); }
        if (!C.stop && Number(table.dataset.step) <= before) { skip("own move not drawn in 15 s"); }
      }
    } catch (e) {
      C.error = String(e && e.stack || e);
    }
    C.done = true;
  };
})();
"""


def set_up_class(db: str, tables: int, seats: int) -> dict[str, Any]:
    """The class in a new store: ``tables`` Page One tables of ``seats`` learners, all seated."""
    from tablekit.classroom import ClassStore

    store = ClassStore(db)
    cls = store.create_class("Benchmark")
    made = [t for _ in range(tables)  # (each its own deal)
            for t in store.create_tables(cls.id, "page_one", preset="classic", players=seats,
                                         seats=["learner"] * seats, options={"rounds": 5})]
    learners = []
    for t in made:
        for seat in range(seats):
            who, key = store.join(cls.code, f"Learner {len(learners) + 1}")
            assert store.take_seat(who.id, t.id) == seat
            learners.append({"table": t.id, "seat": seat, "key": key, "learner_id": who.id})
    return {"store": store, "code": cls.code, "tables": [t.id for t in made], "learners": learners}


def run_shared(tables: int, seats: int, moves: int, think: tuple[float, float], arrive: int, load_timeout: float,
               play_timeout: float, log_path: Path) -> dict[str, Any]:
    import tempfile

    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    folder = tempfile.TemporaryDirectory(prefix="tk-bench-class-")
    db = str(Path(folder.name) / "class.sqlite")
    os.environ["TABLEKIT_CLASS_DB"] = db  # for the server and its kernels
    setup = set_up_class(db, tables, seats)
    store = setup["store"]
    server = ClassroomServer(log_path)
    out: dict[str, Any] = {"voila_command": server.command, "class_db": "SQLite (WAL) in a temporary directory"}
    n = len(setup["learners"])
    try:
        out["idle_wait_s"] = server.wait_idle()
        out["loadavg_before"] = os.getloadavg()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS + EXTRA_ARGS)
            pages, kernel_ids = _open_pages(browser, n, SHARED_SCRIPT)
            # The class arrives a table at a time (``arrive`` pages at once): Voila gives each page
            # view a kernel from a pool of one per notebook, so a whole class opening in the same
            # second waits for kernels to start one after the other.
            t_open = time.monotonic()
            ready = [False] * n
            load_s: list[float | None] = [None] * n
            for first in range(0, n, arrive):
                wave = range(first, min(n, first + arrive))
                opened = {}
                for i in wave:
                    learner = setup["learners"][i]
                    opened[i] = time.monotonic()
                    pages[i].goto(f"{server.url}{JOIN_PATH}?class={setup['code']}&key={learner['key']}&lang=en",
                                  wait_until="commit", timeout=load_timeout * 1000)
                deadline = time.monotonic() + load_timeout
                while time.monotonic() < deadline and not all(ready[i] for i in wave):
                    for i in wave:
                        if not ready[i] and pages[i].evaluate("() => !!(window.__shared && window.__shared.ready)"):
                            ready[i], load_s[i] = True, time.monotonic() - opened[i]
                    time.sleep(0.1)
            out["load_s"] = load_s
            out["load_wall_s"] = time.monotonic() - t_open
            out["pages_loaded"] = sum(ready)
            server.wait_idle(timeout=60)
            mem_loaded = [memory(server.kernel_pid(ids[0])) if ids and server.kernel_pid(ids[0]) else None
                          for ids in kernel_ids]

            # Everyone plays, all at once, until every table has its moves.
            server_pids = [server.proc.pid]
            kernels = list(server.kernel_pids())
            cpu0 = {"server": _cpu_seconds(server_pids), "kernels": _cpu_seconds(kernels),
                    "chromium": _cpu_seconds(_chromium_pids())}
            t_play = time.monotonic()
            for i, page in enumerate(pages):
                if ready[i]:
                    page.evaluate("([lo, hi]) => { window.__shared.run(lo, hi); }", list(think))
            limit = time.monotonic() + play_timeout
            while time.monotonic() < limit:
                counts = [len(store.moves(t)) for t in setup["tables"]]
                if min(counts) >= moves:
                    break
                time.sleep(1.0)
            out["moves_per_table"] = [len(store.moves(t)) for t in setup["tables"]]
            for page in pages:
                page.evaluate("() => { if (window.__shared) { window.__shared.stop = true; } }")
            play_wall = time.monotonic() - t_play
            cpu1 = {"server": _cpu_seconds(server_pids), "kernels": _cpu_seconds(kernels),
                    "chromium": _cpu_seconds(_chromium_pids())}
            out["play_phase_s"] = play_wall
            out["cpu_cores_during_play"] = {k: (cpu1[k] - cpu0[k]) / play_wall for k in cpu0}
            out["loadavg_after"] = os.getloadavg()
            time.sleep(2.0)
            records = []
            for i, (page, learner) in enumerate(zip(pages, setup["learners"])):
                state = page.evaluate("() => window.__shared && {clicks: window.__shared.clicks, seen: "
                                      "window.__shared.seen, skips: window.__shared.skips, error: window.__shared.error, "
                                      "visibility: window.__shared.visibility}") or {}
                pid = server.kernel_pid(kernel_ids[i][0]) if kernel_ids[i] else None
                records.append({"table": learner["table"], "seat": learner["seat"], "loaded": ready[i],
                                "clicks": state.get("clicks", []), "seen": state.get("seen", []),
                                "skips": state.get("skips", {}), "error": state.get("error"),
                                "visibility": state.get("visibility"),
                                "rss_loaded_mib": (mem_loaded[i] or {}).get("rss"),
                                "rss_after_mib": (memory(pid) or {}).get("rss") if pid else None})
            out["server_rss_mib"] = (memory(server.proc.pid) or {}).get("rss")
            out["kernels_running"] = len(server.kernel_pids())
            out["chromium"] = browser.version
            browser.close()
        out["moves"] = {t: [(m.seq, m.seat, m.learner_id) for m in store.moves(t)] for t in setup["tables"]}
    finally:
        server.stop()
        store.close()
        folder.cleanup()
    out["pages"] = records
    out["wall_s"] = time.monotonic() - started
    return out


def shared_latencies(out: dict[str, Any]) -> dict[str, list[float]]:
    """Per move of the store: from its learner's click to its drawing on each other page at the
    table ("others"), on the slowest of them ("slowest other"), and on the mover's own page ("own")."""
    pages = out["pages"]
    others: list[float] = []
    slowest: list[float] = []
    own: list[float] = []
    for table, moves in out["moves"].items():
        at = {p["seat"]: p for p in pages if p["table"] == int(table)}
        for seq, seat, _learner in moves:
            clicks = [t for step, t in at[seat]["clicks"] if step == seq] if seat in at else []
            if not clicks:
                continue
            t0 = clicks[-1]  # (a click refused because the table moved on is followed by the one taken)

            def drawn(page: dict[str, Any]) -> float | None:
                return next((t - t0 for step, t in page["seen"] if step >= seq), None)

            mine = drawn(at[seat])
            if mine is not None:
                own.append(mine)
            theirs = [drawn(p) for s, p in at.items() if s != seat]
            got = [x for x in theirs if x is not None]
            others += got
            if got and len(got) == len(theirs):
                slowest.append(max(got))
    return {"others": others, "slowest": slowest, "own": own}


def summarize_shared(out: dict[str, Any], tables: int, seats: int, moves: int) -> dict[str, Any]:
    pages = out["pages"]
    lat = shared_latencies(out)
    return {
        "pages": len(pages), "tables": tables, "seats": seats, "moves_wanted_per_table": moves,
        "pages_loaded": out.get("pages_loaded"),
        "load_s": _stat(out.get("load_s") or []),
        "moves_per_table": out.get("moves_per_table"),
        "move_to_other_pages_ms": _stat(lat["others"]),
        "move_to_slowest_other_page_ms": _stat(lat["slowest"]),
        "move_to_own_page_ms": _stat(lat["own"]),
        "kernel_rss_mib": _stat([p["rss_after_mib"] for p in pages]),
        "kernel_rss_loaded_mib": _stat([p["rss_loaded_mib"] for p in pages]),
        "server_rss_mib": out.get("server_rss_mib"),
        "kernels_running": out.get("kernels_running"),
        "cpu_cores_during_play": out.get("cpu_cores_during_play"),
        "skips": {k: sum(p["skips"].get(k, 0) for p in pages) for p in pages for k in p["skips"]},
        "errors": [p["error"] for p in pages if p["error"]],
        "hidden_pages": sum(1 for p in pages if p.get("visibility") not in (None, "visible")),
        "loadavg_before": out.get("loadavg_before"), "loadavg_after": out.get("loadavg_after"),
        "wall_s": out["wall_s"], "load_wall_s": out.get("load_wall_s"), "play_phase_s": out.get("play_phase_s"),
        "goals": {
            "every table reached its moves": min(out.get("moves_per_table") or [0]) >= moves,
            "move -> other pages median < 300 ms": (median(lat["others"]) or 1e9) < 300.0,
            "move -> other pages p90 < 1 s": (p90(lat["others"]) or 1e9) < 1000.0,
        },
    }


def table_shared(s: dict[str, Any]) -> str:
    cpu = s.get("cpu_cores_during_play") or {}

    def trio(stat: dict[str, Any]) -> str:
        return f"{_f(stat['median'], 1)} / {_f(stat['p90'], 1)} / {_f(stat['max'], 1)} (n={stat['n']})"

    rows = [
        ("pages loaded (seated at their table)", f"{s['pages_loaded']} / {s['pages']}"),
        ("page load: link -> table drawn (s), median / p90 / max",
         f"{_f(s['load_s']['median'], 1)} / {_f(s['load_s']['p90'], 1)} / {_f(s['load_s']['max'], 1)}"),
        ("moves per table (store)", ", ".join(str(m) for m in s["moves_per_table"] or [])),
        ("move -> drawn on each other page (ms), median / p90 / max", trio(s["move_to_other_pages_ms"])),
        ("move -> drawn on the slowest of the others (ms)", trio(s["move_to_slowest_other_page_ms"])),
        ("move -> drawn on the mover's own page (ms)", trio(s["move_to_own_page_ms"])),
        ("kernel RSS per page (MiB), median / max",
         f"{_f(s['kernel_rss_mib']['median'], 1)} / {_f(s['kernel_rss_mib']['max'], 1)}"),
        ("server RSS (MiB); kernels running", f"{_f(s['server_rss_mib'], 1)}; {s['kernels_running']}"),
        ("CPU while playing (cores): server / kernels / Chromium",
         f"{_f(cpu.get('server'), 2)} / {_f(cpu.get('kernels'), 2)} / {_f(cpu.get('chromium'), 2)}"),
        ("1-min load average before / after", f"{_f((s['loadavg_before'] or [None])[0], 1)} / "
                                               f"{_f((s['loadavg_after'] or [None])[0], 1)}"),
        ("wall time: all (s), loading (s), playing (s)",
         f"{_f(s['wall_s'])}, {_f(s['load_wall_s'])}, {_f(s['play_phase_s'])}"),
    ]
    width = max(len(r[0]) for r in rows)
    lines = [f"{label.ljust(width)}  {value}" for label, value in rows]
    lines.append("Goals: " + ", ".join(f"[{'met' if ok else 'MISS'}] {g}" for g, ok in s["goals"].items()))
    if s["skips"]:
        lines.append("Other steps: " + ", ".join(f"{k}: {v}" for k, v in s["skips"].items()))
    if s["errors"]:
        lines.append("Page errors: " + "; ".join(e.splitlines()[0] for e in s["errors"]))
    return "\n".join(lines)


def main_shared(args: argparse.Namespace) -> int:
    think = tuple(float(x) for x in args.think.split(","))
    if len(think) != 2 or not 0 <= think[0] <= think[1]:
        print("--think is two numbers: the shortest and the longest think time (s)", file=sys.stderr)
        return 2
    pages = args.tables * args.seats
    json_path = args.json or ROOT / "bench" / "classroom" / f"shared-{pages}.json"
    log_path = Path(f"/tmp/tk-classroom-shared-{os.getpid()}.log")
    print(f"{args.tables} tables of {args.seats} learners ({pages} pages), {args.moves} moves a table, "
          f"think {think[0]}-{think[1]} s; voila log {log_path}", flush=True)
    out = run_shared(args.tables, args.seats, args.moves, (think[0], think[1]), args.arrive, args.load_timeout,
                     args.play_timeout, log_path)
    summary = summarize_shared(out, args.tables, args.seats, args.moves)
    print(table_shared(summary))
    payload = {
        "date": _dt.date.today().isoformat(), "command": " ".join([_shown_python(), *sys.argv]),
        "machine": _machine(), "versions": {**_versions(), "chromium": out.get("chromium")},
        "args": {k: str(v) for k, v in vars(args).items()}, "voila_command": out["voila_command"],
        "summary": summary, "records": out["pages"],
    }
    write_json(json_path, payload)
    print(f"Wrote {json_path.relative_to(ROOT) if json_path.is_relative_to(ROOT) else json_path}")
    return 0 if all(summary["goals"].values()) else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pages", nargs="?", type=int, default=20, help="play pages open at once (default 20)")
    ap.add_argument("--clicks", type=int, default=20, help="timed clicks per page (default 20)")
    ap.add_argument("--bot-delay", choices=("default", "0"), default="default",
                    help="bots at the dashboard's speed (default) or instant (0)")
    ap.add_argument("--load-timeout", type=float, default=300.0, help="seconds for all pages to show their table")
    ap.add_argument("--click-timeout", type=float, default=10.0, help="seconds for one click's answer")
    ap.add_argument("--turn-timeout", type=float, default=30.0, help="seconds to wait for my turn")
    ap.add_argument("--json", type=Path, help="default: bench/classroom/results-N.json (shared-N.json)")
    ap.add_argument("--shared", action="store_true", help="learners at shared class tables (the join page)")
    ap.add_argument("--tables", type=int, default=6, help="--shared: class tables (default 6)")
    ap.add_argument("--seats", type=int, default=4, help="--shared: learners at each table (default 4)")
    ap.add_argument("--moves", type=int, default=40, help="--shared: moves each table makes (default 40)")
    ap.add_argument("--think", default="0.5,1.5", help="--shared: a learner's think time, from,to (s)")
    ap.add_argument("--arrive", type=int, default=4, help="--shared: pages opened at once, a wave at a time")
    ap.add_argument("--play-timeout", type=float, default=900.0, help="--shared: seconds for all the moves")
    args = ap.parse_args(argv)
    if args.shared:
        if not 1 <= args.tables <= 20 or not 2 <= args.seats <= 8 or args.moves < 1:
            ap.error("tables must be 1-20, seats 2-8 and moves at least 1")
        if not Path(CHROMIUM).exists():
            print(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium", file=sys.stderr)
            return 2
        (ROOT / "bench" / "classroom").mkdir(exist_ok=True)
        return main_shared(args)
    if not 1 <= args.pages <= 200 or args.clicks < 1:
        ap.error("pages must be 1-200 and clicks at least 1")
    if not Path(CHROMIUM).exists():
        print(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium", file=sys.stderr)
        return 2
    out_dir = ROOT / "bench" / "classroom"
    out_dir.mkdir(exist_ok=True)
    json_path = args.json or out_dir / f"results-{args.pages}.json"
    log_path = Path(f"/tmp/tk-classroom-{os.getpid()}.log")
    print(f"{args.pages} play pages, {args.clicks} timed clicks each, bots {args.bot_delay}; voila log {log_path}",
          flush=True)
    out = run(args.pages, args.clicks, args.bot_delay, args.load_timeout, args.click_timeout, args.turn_timeout,
              log_path)
    summary = summarize(out, args.pages, args.clicks)
    print(table(summary))
    payload = {
        "date": _dt.date.today().isoformat(), "command": " ".join([_shown_python(), *sys.argv]),
        "machine": _machine(), "versions": {**_versions(), "chromium": out.get("chromium")},
        "args": {k: str(v) for k, v in vars(args).items()}, "selectors": SELECTORS,
        "voila_command": out["voila_command"], "summary": summary,
        "records": out["pages"],
    }
    write_json(json_path, payload)
    print(f"Wrote {json_path.relative_to(ROOT) if json_path.is_relative_to(ROOT) else json_path}")
    return 0 if all(summary["goals"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
