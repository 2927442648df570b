"""Forged traffic from a real page, against the real Voilà server (``voila.json`` applies).

- Frames sent on the page's own kernel websocket: one nested 5,000 deep and one oversized are
  dropped by ``tablekit.widgets.server.NoDelayConnection`` with one warning line each in the
  server log (no RecursionError, no traceback), and the page keeps working.
- A widget update forged from the page (the Games box's ``max`` and value raised to 3,000,000,
  sent by the page's own widget model, exactly as a typed value is sent): Run shows the
  friendly message and nothing runs.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from helpers_browser import ARTIFACTS, assert_no_error_text
from playwright.sync_api import Page, WebSocket, expect
from tk_page import open_dashboard

from tablekit.widgets.limits import MAX_MESSAGE_BYTES

pytestmark = pytest.mark.browser

RUN_TIMEOUT = 60_000  # ms
LOG = ARTIFACTS / "voila.log"

# Keep every websocket the page opens, so the test can send on the kernel's own connection.
RECORD_SOCKETS = r"""
(() => {
  if (window.__tkSockets) { return; }
  window.__tkSockets = [];
  const Native = window.WebSocket;
  class Recorded extends Native {
    constructor(...args) { super(...args); window.__tkSockets.push(this); }
  }
  window.WebSocket = Recorded;
})();
"""

# Send frames on the page's kernel websocket: ``kind`` "deep" (a comm_msg whose content nests
# 5,000 deep, in jupyter_server's binary v1 framing), "deep_text" (the same as one JSON text, the
# legacy framing), or "big" (a comm_msg of MAX_MESSAGE_BYTES + 40 KiB).
SEND_FORGED = r"""
([kind, bigBytes]) => {
  const ws = window.__tkSockets.find((s) => s.url.includes("/api/kernels/") && s.readyState === 1);
  if (!ws) { throw new Error("no open kernel websocket"); }
  const header = JSON.stringify({msg_id: "forged-" + kind, msg_type: "comm_msg", session: "forged",
                                 username: "", date: new Date().toISOString(), version: "5.3"});
  const deep = "[".repeat(5000) + "0" + "]".repeat(5000);
  const content = kind === "big"
    ? JSON.stringify({comm_id: "none", data: {method: "custom", content: {pad: "x".repeat(bigBytes)}}})
    : '{"comm_id": "none", "data": ' + deep + "}";
  if (kind === "deep_text") {
    ws.send('{"channel": "shell", "header": ' + header + ', "parent_header": {}, "metadata": {}, '
            + '"content": ' + content + "}");
    return ws.protocol;
  }
  const enc = new TextEncoder();
  const parts = ["shell", header, "{}", "{}", content].map((p) => enc.encode(p));
  const count = parts.length + 1;
  const offsets = [8 * (1 + count)];
  for (const p of parts) { offsets.push(offsets[offsets.length - 1] + p.length); }
  const frame = new Uint8Array(offsets[offsets.length - 1]);
  const view = new DataView(frame.buffer);
  view.setBigUint64(0, BigInt(count), true);
  offsets.forEach((o, i) => view.setBigUint64(8 * (i + 1), BigInt(o), true));
  parts.forEach((p, i) => frame.set(p, offsets[i]));
  ws.send(frame.buffer);
  return ws.protocol;
}
"""

# Forge an update of the Games box from the page: its own widget model sends it to the kernel.
FORGE_GAMES = r"""
async ([label, value]) => {
  const manager = await window.__tkApp.widgetManagerPromise.promise;
  const models = await Promise.all(Object.values(manager._models));
  const games = models.filter((m) => m.get("_model_name") === "BoundedIntTextModel"
                                     && m.get("description") === label);
  if (games.length !== 1) { throw new Error("found " + games.length + " Games boxes"); }
  games[0].set({max: value, value: value});
  games[0].save_changes();
  return games[0].model_id;
}
"""


class ServerLog:
    """The lines the session's Voilà server writes to ``test-artifacts/voila.log`` from now on.

    Lines are picked by kernel id where possible: on a machine where several test sessions run
    at once, each truncates and writes that same file, so offsets alone are not reliable.
    """

    def __init__(self) -> None:
        self.start = LOG.stat().st_size if LOG.exists() else 0

    def text(self) -> str:
        return LOG.read_bytes().decode("utf-8", errors="replace") if LOG.exists() else ""

    def since_start(self) -> str | None:
        """What was written since ``__init__``, or None if the file was truncated meanwhile."""
        data = LOG.read_bytes() if LOG.exists() else b""
        if len(data) < self.start:
            return None
        return data[self.start:].replace(b"\0", b"").decode("utf-8", errors="replace")

    def dropped(self, kernel: str, count: int, timeout: float = 15.0) -> list[str]:
        """The reasons of the first ``count`` "Dropped a websocket frame" lines for ``kernel``."""
        pattern = re.compile(rf"Dropped a websocket frame for kernel {re.escape(kernel)}: (.*)")
        deadline = time.monotonic() + timeout
        while True:
            found = pattern.findall(self.text())
            if len(found) >= count or time.monotonic() > deadline:
                return found
            time.sleep(0.1)

    def assert_no_failure(self, kernel: str) -> None:
        """Nothing of what the forged frames caused before the fix: a RecursionError in the
        server or the kernel, an uncaught exception in this kernel's websocket handler, a kernel
        refusing an invalid message; and no traceback at all since the start (when known)."""
        text = self.text()
        assert "RecursionError" not in text, text[-3000:]
        assert f"Uncaught exception GET /api/kernels/{kernel}/channels" not in text, text[-3000:]
        assert "ERROR | Invalid message" not in text, text[-3000:]
        since = self.since_start()
        assert since is None or "Traceback" not in since, since[-3000:]


KERNEL_URL = r"""
() => window.__tkSockets.find((s) => s.url.includes("/api/kernels/") && s.readyState === 1).url
"""


def run_games(page: Page, n: int) -> None:
    stats = page.locator(".tk-stats")
    games = stats.get_by_label("Games to play")
    games.fill(str(n))
    games.press("Enter")  # BoundedIntText syncs on Enter / blur
    stats.get_by_role("button", name="Run").click()
    done = stats.locator(".tk-status.tk-done")
    expect(done).to_be_visible(timeout=RUN_TIMEOUT)
    expect(done).to_contain_text(f"{n} games played")


def record_sent_sizes(page: Page) -> list[int]:
    sizes: list[int] = []

    def on_websocket(ws: WebSocket) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framesent", lambda payload: sizes.append(
                len(payload.encode("utf-8")) if isinstance(payload, str) else len(payload)))

    page.on("websocket", on_websocket)
    return sizes


def test_deep_and_oversized_frames_are_dropped_and_the_page_keeps_working(page: Page, voila_url: str) -> None:
    page.add_init_script(RECORD_SOCKETS)
    sent = record_sent_sizes(page)
    open_dashboard(page, voila_url, "explore")
    log = ServerLog()
    run_games(page, 20)  # what a visitor sends: small frames
    legit = list(sent)
    assert legit and max(legit) < 16 * 1024 < MAX_MESSAGE_BYTES, max(legit)
    match = re.search(r"/api/kernels/([0-9a-f-]+)/channels", page.evaluate(KERNEL_URL))
    assert match is not None
    kernel = match.group(1)

    assert page.evaluate(SEND_FORGED, ["deep", 0]) == "v1.kernel.websocket.jupyter.org"
    page.evaluate(SEND_FORGED, ["deep_text", 0])
    page.evaluate(SEND_FORGED, ["big", MAX_MESSAGE_BYTES + 40 * 1024])
    dropped = log.dropped(kernel, 3)
    assert len(dropped) == 3 and dropped[:2] == ["content nested more than 64 levels deep",
                                                 "a text frame on a binary (v1) connection"], dropped
    size = re.fullmatch(rf"a frame of (\d+) bytes \(at most {MAX_MESSAGE_BYTES}\)", dropped[2])
    assert size is not None and int(size.group(1)) > MAX_MESSAGE_BYTES, dropped
    log.assert_no_failure(kernel)

    run_games(page, 25)  # the same page, the same kernel connection: still working
    assert_no_error_text(page)
    assert kernel in page.evaluate(KERNEL_URL)  # still the same kernel
    log.assert_no_failure(kernel)
    assert len(log.dropped(kernel, 4, timeout=0)) == 3  # one line per dropped frame


def test_a_forged_games_update_is_refused_when_run_is_pressed(page: Page, voila_url: str) -> None:
    open_dashboard(page, voila_url, "explore")
    stats = page.locator(".tk-stats")
    games = stats.get_by_label("Games to play")
    expect(games).to_have_value("2000")
    page.evaluate(FORGE_GAMES, ["Games to play", 3_000_000])
    expect(games).to_have_value("3000000")  # the page shows the forged value, and the kernel took it
    stats.get_by_role("button", name="Run").click()

    error = stats.locator(".tk-error")
    expect(error).to_be_visible(timeout=RUN_TIMEOUT)
    expect(error).to_contain_text("Games to play must be a whole number from 1 to 100,000 (got 3000000). "
                                  "Nothing was run.")
    page.wait_for_timeout(1_000)  # had a run started, progress would move and Cancel would enable
    expect(stats.locator(".tk-status.tk-running")).to_have_count(0)
    expect(stats.locator(".tk-status.tk-done")).to_have_count(0)
    expect(page.locator(".js-plotly-plot")).to_have_count(0)
    expect(stats.get_by_role("button", name="Cancel")).to_be_disabled()
    values: Any = page.evaluate(
        """async () => {
             const manager = await window.__tkApp.widgetManagerPromise.promise;
             const models = await Promise.all(Object.values(manager._models));
             return models.filter((m) => m.get("_model_name") === "IntProgressModel").map((m) => m.get("value"));
           }""")
    assert values == [0], values  # not one game was played

    run_games(page, 20)  # a value the page offers runs as usual
    expect(stats.locator(".tk-error")).to_have_count(0)

