"""Forged traffic from a real page, against the real Voilà server (``voila.json`` applies).

- Frames sent on the page's own kernel websocket: one nested 5,000 deep and one oversized are
  dropped by ``tablekit.widgets.server.NoDelayConnection`` with one warning line each in the
  server log (no RecursionError, no traceback), the page shows a friendly message (the server
  told the kernel, ``tablekit.widgets.notices``) and keeps working. A 2 MiB text pasted into
  the deal-code box (what a real page may send) is dropped the same way, with the message in
  the page's language and nothing of the text.
- What real pages send is recorded: only kernel_info_request and comm messages, and the only
  comm they open is ipywidgets' control comm (``limits.PAGE_COMM_TARGETS``). 3,000 forged
  ``jupyter.widget`` comm_opens of 200 KB each (which took a kernel from 64 MB to 750 MB before)
  are refused by the server: the kernel stays small, the page plays on, other pages load.
- A widget update forged from the page (the Games box's ``max`` and value raised to 3,000,000,
  sent by the page's own widget model, exactly as a typed value is sent): Run shows the
  friendly message and nothing runs.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from helpers_browser import ROOT, artifact, assert_no_error_text, kernel_pid, save_screenshot
from playwright.sync_api import BrowserContext, Page, WebSocket, expect
from tk_page import (MY_CARDS, MY_PLAYABLE, STEP_TIMEOUT, board_html, open_dashboard, play_first_playable,
                     wait_for_my_turn)

from tablekit.i18n import tr
from tablekit.widgets.culling import MIB, process_tree_rss
from tablekit.widgets.limits import MAX_MESSAGE_BYTES, PAGE_COMM_TARGETS
from tablekit.widgets.server import LOGGED_REFUSALS

pytestmark = pytest.mark.browser

RUN_TIMEOUT = 60_000  # ms
LOG_NAME = "voila.log"
LOG = artifact(LOG_NAME)

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

# Send ``count`` forged comm_opens of ipywidgets' widget target on the page's kernel websocket,
# each creating a Text widget whose value is ``padBytes`` long (jupyter_server's v1 framing),
# without letting the socket buffer more than a few MiB; resolves once all are sent.
FORGE_COMM_OPENS = r"""
async ([count, padBytes]) => {
  const ws = window.__tkSockets.find((s) => s.url.includes("/api/kernels/") && s.readyState === 1);
  if (!ws) { throw new Error("no open kernel websocket"); }
  const enc = new TextEncoder();
  const pad = "x".repeat(padBytes);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const controls = {_model_module: "@jupyter-widgets/controls", _model_module_version: "2.0.0",
                    _view_module: "@jupyter-widgets/controls", _view_module_version: "2.0.0"};
  for (let i = 0; i < count; i++) {
    const header = JSON.stringify({msg_id: "forged-open-" + i, msg_type: "comm_open", session: "forged",
                                   username: "", date: new Date().toISOString(), version: "5.3"});
    const content = JSON.stringify({comm_id: "forged-comm-" + i, target_name: "jupyter.widget",
                                    data: {state: {...controls, _model_name: "TextModel", _view_name: "TextView",
                                                   value: pad}, buffer_paths: []}});
    // ipywidgets builds a widget only for its own protocol version (2.x), named in the metadata.
    const parts = ["shell", header, "{}", '{"version": "2.1.0"}', content].map((p) => enc.encode(p));
    const offsets = [8 * (1 + parts.length + 1)];
    for (const p of parts) { offsets.push(offsets[offsets.length - 1] + p.length); }
    const frame = new Uint8Array(offsets[offsets.length - 1]);
    const view = new DataView(frame.buffer);
    view.setBigUint64(0, BigInt(parts.length + 1), true);
    offsets.forEach((o, j) => view.setBigUint64(8 * (j + 1), BigInt(o), true));
    parts.forEach((p, j) => frame.set(p, offsets[j]));
    ws.send(frame.buffer);
    while (ws.bufferedAmount > (4 << 20)) { await sleep(5); }
  }
  while (ws.bufferedAmount > 0) { await sleep(20); }
  return count;
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

    def wait_for(self, text: str, timeout: float = 30.0) -> bool:
        """Does ``text`` appear in the log within ``timeout`` seconds?"""
        deadline = time.monotonic() + timeout
        while text not in self.text():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)
        return True

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
    # The page says so in its words (the first drop is told; the next ones, within
    # NOTICE_INTERVAL, are not told again: on a slow machine the last one may be).
    notice = page.locator(".tk-notice")
    expect(notice).to_be_visible()
    assert notice.inner_text().strip() in {tr(f"widgets.dash.notice.{reason}", "en")
                                           for reason in ("frame_too_deep", "frame_too_large")}

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



def record_sent(page: Page) -> list[tuple[str, str | None]]:
    """(msg_type, a comm_open's target_name) of every frame the page sends its kernel."""
    sent: list[tuple[str, str | None]] = []

    def decode(payload: str | bytes) -> None:
        if isinstance(payload, str):
            message = json.loads(payload)
            header, content = message["header"], message["content"]
        else:
            count = int.from_bytes(payload[:8], "little")
            offsets = [int.from_bytes(payload[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
            parts = [payload[offsets[i]:offsets[i + 1]] for i in range(count - 1)]
            header, content = json.loads(parts[1]), json.loads(parts[4])
        sent.append((header["msg_type"], content.get("target_name") if header["msg_type"] == "comm_open" else None))

    def on_websocket(ws: WebSocket) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framesent", decode)

    page.on("websocket", on_websocket)
    return sent


def test_real_pages_send_only_kernel_info_and_comm_messages_and_open_only_the_control_comm(
        page: Page, voila_url: str) -> None:
    sent = record_sent(page)
    for name in ("play", "learn", "explore"):
        open_dashboard(page, voila_url, name)
        if name == "play":
            before = board_html(page)
            play_first_playable(page)
            wait_for_my_turn(page, before)
        if name == "explore":
            run_games(page, 20)
    kinds = {kind for kind, _target in sent}
    assert kinds <= {"kernel_info_request", "comm_open", "comm_msg", "comm_close"}, kinds
    opened = [target for kind, target in sent if kind == "comm_open"]
    assert opened == ["jupyter.widget.control"] * 3, opened  # one per page
    assert set(opened) == set(PAGE_COMM_TARGETS)


def open_play(context: BrowserContext, url: str) -> tuple[Page, str]:
    page = context.new_page()
    page.add_init_script(RECORD_SOCKETS)
    open_dashboard(page, url, "play")
    expect(page.locator(MY_CARDS).first).to_be_visible(timeout=RUN_TIMEOUT)
    match = re.search(r"/api/kernels/([0-9a-f-]+)/channels", page.evaluate(KERNEL_URL))
    assert match is not None
    return page, match.group(1)


def play_a_card(page: Page, timeout: float = STEP_TIMEOUT) -> None:
    """Play my first playable card and wait for my next turn, each within ``timeout``."""
    expect(page.locator(MY_PLAYABLE).first).to_be_visible(timeout=timeout)
    before = board_html(page)
    play_first_playable(page)
    wait_for_my_turn(page, before, timeout=timeout)


def test_3000_forged_widget_comm_opens_are_refused_and_the_kernel_stays_small(
        context: BrowserContext, voila_url: str) -> None:
    ceiling = json.loads((ROOT / "voila.json").read_text())["PoolSafeKernelManager"]["memory_limit_mb"] * MIB
    page, kernel = open_play(context, voila_url)
    pid = kernel_pid(kernel)
    assert pid is not None
    play_a_card(page)
    before = process_tree_rss(pid)
    log = ServerLog()

    assert page.evaluate(FORGE_COMM_OPENS, [3_000, 200 * 1024]) == 3_000
    play_a_card(page)  # answered on the same connection, so every forged frame was handled first
    after = process_tree_rss(pid)
    assert after - before < 40 * MIB, (before // MIB, after // MIB)  # unrefused, they took it past 700 MiB
    assert after < ceiling
    refused = re.findall(rf"Refused for kernel {re.escape(kernel)}: (.*)", log.text())
    assert refused and set(refused) == {
        "a comm_open for target 'jupyter.widget' (a page may open only jupyter.widget.control)"}, refused[:3]
    assert "Traceback" not in (log.since_start() or "")

    # The server serves other pages meanwhile, and this one plays on (its kernel may still be
    # working through the refused flood on a busy machine, so its move gets RUN_TIMEOUT).
    other, other_kernel = open_play(context, voila_url)
    assert other_kernel != kernel
    play_a_card(other)
    play_a_card(page, timeout=RUN_TIMEOUT)
    assert_no_error_text(page)
    other.close()
    page.close()  # the connection's refusals beyond the first ten are counted when it closes
    assert log.wait_for(f"Refused {3_000 - LOGGED_REFUSALS} more frames for kernel {kernel} on one connection")


def test_a_huge_paste_is_dropped_with_a_friendly_message_in_the_pages_language(
        context: BrowserContext, voila_url: str) -> None:
    page = context.new_page()
    page.add_init_script(RECORD_SOCKETS)
    page.goto(f"{voila_url}/voila/render/play.ipynb?lang=ja")
    expect(page.locator(MY_CARDS).first).to_be_visible(timeout=RUN_TIMEOUT)
    kernel = re.search(r"/api/kernels/([0-9a-f-]+)/channels", page.evaluate(KERNEL_URL))
    assert kernel is not None
    log = ServerLog()
    # Its update is far larger than any frame the server takes (MAX_MESSAGE_BYTES), and smaller
    # than tornado's websocket_max_message_size (voila.json), past which tornado closes the
    # connection instead (the page reconnects by itself, without a message).
    tornado_limit = json.loads((ROOT / "voila.json").read_text())["Voila"]["tornado_settings"][
        "websocket_max_message_size"]
    pasted = "UD-B4-" + "7" * (2 << 20)
    assert MAX_MESSAGE_BYTES < len(pasted) < tornado_limit - 1024
    box = page.locator(".tk-dash-bar .widget-text input[type=text]")
    box.fill(pasted)
    box.press("Enter")
    dropped = log.dropped(kernel.group(1), 1)
    assert len(dropped) == 1 and dropped[0].startswith("a frame of "), dropped
    notice = page.locator(".tk-notice")
    expect(notice).to_have_text(tr("widgets.dash.notice.frame_too_large", "ja"), timeout=STEP_TIMEOUT)
    assert "777" not in notice.inner_text()
    save_screenshot(page, "notice-frame-too-large-ja")
    play_a_card(page)  # the page keeps working
    assert_no_error_text(page)
    log.assert_no_failure(kernel.group(1))
