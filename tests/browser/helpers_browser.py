"""Helpers for browser tests of the Voilà dashboards (used through ``conftest.py``).

- ``assert_no_error_text(page)``: fail on a traceback or an error shown to the learner.
- ``widget_models(page)``: the state of every widget model the page holds now, read from the
  Voilà widget manager inside the page.
- ``widget_messages(page)``: every widget state the page received over the kernel websocket
  since it opened, so a test also sees values that were later overwritten or closed.
- ``save_screenshot(page, name)``: a PNG under ``test-artifacts/`` (gitignored);
  ``artifact(name)``: a server log's path there, named for this run (``make test`` runs two
  browser runs at once).
- ``KERNEL_WS``, ``kernel_pid(kernel_id)``, ``process_alive(pid)``: a page's kernel from its
  websocket URL, and that kernel's process on this machine.

Voilà 0.5.13 keeps its application and widget manager in closures: nothing is on ``window``.
``INIT_SCRIPT`` (added to every browser context by ``conftest.py``) wraps ``window._JUPYTERLAB``,
the registry through which Voilà loads its federated extensions, so that the first plugin to
activate hands over the application object; ``app.widgetManagerPromise`` then gives the
manager, whose ``_models`` maps model ids to promises of models.
"""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import socket
import subprocess
import weakref
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
#: The name of this test run when several run at once (``make test`` sets it): their servers'
#: logs get it in their names, so that runs never write into one another's logs.
RUN = os.environ.get("TABLEKIT_TEST_RUN", "")
#: What a page may ask for: this machine's servers (everything else is aborted).
LOOPBACK = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
STOP_TIMEOUT = 20.0  # Voilà shuts its kernels down on SIGTERM: 3-8 s

# Stderr and error outputs of a cell are both rendered with this mime type in Voilà's lab template.
STDERR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
# Our own widgets show problems in an element of this class.
TK_ERROR = ".tk-error"

INIT_SCRIPT = r"""
(() => {
  if (window.__tkInstalled) { return; }
  window.__tkInstalled = true;
  const wrapPlugin = (plugin) => {
    if (!plugin || typeof plugin.activate !== "function" || plugin.__tkWrapped) { return; }
    const activate = plugin.activate;
    plugin.activate = function (app, ...rest) {
      if (!window.__tkApp) { window.__tkApp = app; }
      return activate.call(this, app, ...rest);
    };
    plugin.__tkWrapped = true;
  };
  // A federated extension's container has non-writable get/init: hand out a wrapper instead.
  const wrapContainer = (container) => ({
    init: (...args) => container.init(...args),
    get: async (module) => {
      const factory = await container.get(module);
      return () => {
        const exports = factory();
        const hasDefault = exports && Object.prototype.hasOwnProperty.call(exports, "__esModule");
        const plugins = hasDefault ? exports.default : exports;
        (Array.isArray(plugins) ? plugins : [plugins]).forEach(wrapPlugin);
        return exports;
      };
    },
  });
  window._JUPYTERLAB = new Proxy({}, {
    set(target, name, value) {
      target[name] = value && typeof value.get === "function" ? wrapContainer(value) : value;
      return true;
    },
  });
})();
"""

_READ_MODELS = r"""
async () => {
  const manager = await window.__tkApp.widgetManagerPromise.promise;
  const toBase64 = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    let text = "";
    for (const byte of bytes) { text += String.fromCharCode(byte); }
    return btoa(text);
  };
  const plain = (value) => {
    if (value instanceof ArrayBuffer) { return {buffer_base64: toBase64(new Uint8Array(value))}; }
    if (ArrayBuffer.isView(value)) { return {buffer_base64: toBase64(value)}; }
    if (Array.isArray(value)) { return value.map(plain); }
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
    }
    return value;
  };
  const ids = Object.keys(manager._models);
  const settled = await Promise.allSettled(ids.map((id) => manager._models[id]));
  const result = {};
  settled.forEach((outcome, i) => {
    if (outcome.status !== "fulfilled") {
      result[ids[i]] = {error: String(outcome.reason)};
      return;
    }
    const model = outcome.value;
    result[ids[i]] = {
      model_name: model.get("_model_name"),
      model_module: model.get("_model_module"),
      state: plain(model.serialize(model.get_state(false))),
    };
  });
  return result;
}
"""


def assert_no_error_text(page: Page) -> None:
    """Fail if the page shows a traceback, an error output or a tablekit error element."""
    problems = []
    for text in page.locator(STDERR_OUTPUT).all_inner_texts():
        if "Traceback" in text or "Error" in text or "error" in text:
            problems.append(f"stderr output: {text.strip()[:2000]}")
    for text in page.locator(f"{TK_ERROR}:visible").all_inner_texts():
        problems.append(f"{TK_ERROR}: {text.strip()[:2000]}")
    body = page.locator("body").inner_text()
    if "Traceback" in body:
        start = body.index("Traceback")
        problems.append(f"page text: {body[start:start + 2000]}")
    assert not problems, "\n".join(problems)


def widget_models(page: Page, timeout: float = 30_000) -> dict[str, dict[str, Any]]:
    """Every widget model the page holds: {model_id: {model_name, model_module, state}}.

    ``state`` is what the kernel synced to the browser (references to other widgets are
    ``"IPY_MODEL_<id>"``; binary values become ``{"buffer_base64": ...}``). A model that failed
    to load appears as ``{"error": ...}``. Only the current values are here: see
    ``widget_messages`` for everything ever received.
    """
    try:
        page.wait_for_function("() => window.__tkApp !== undefined", timeout=timeout)
    except PlaywrightTimeoutError:
        raise AssertionError(
            "the Voilà application never reached window.__tkApp: the page must come from the "
            "conftest `page`/`context` fixtures (INIT_SCRIPT), and a Voilà other than 0.5.x may "
            "load its extensions differently"
        ) from None
    models: dict[str, dict[str, Any]] = page.evaluate(_READ_MODELS)
    return models


# Websocket frames received per page, recorded from the moment ``record_widget_messages`` ran.
_TRAFFIC: weakref.WeakKeyDictionary[Page, list[dict[str, Any]]] = weakref.WeakKeyDictionary()


def _decode_frame(payload: str | bytes) -> dict[str, Any] | None:
    """A kernel message from a websocket frame (JSON, or jupyter_server's binary v1 protocol)."""
    if isinstance(payload, str):
        message: dict[str, Any] = json.loads(payload)
        return message
    count = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    parts = [payload[offsets[i] : offsets[i + 1]] for i in range(count - 1)]
    channel, header, parent, metadata, content, *buffers = parts
    return {
        "channel": channel.decode(),
        "header": json.loads(header),
        "parent_header": json.loads(parent),
        "metadata": json.loads(metadata),
        "content": json.loads(content),
        "buffers": [base64.b64encode(bytes(b)).decode() for b in buffers],
    }


def record_widget_messages(page: Page) -> None:
    """Start recording the kernel websocket frames of ``page`` (call before ``page.goto``)."""
    frames = _TRAFFIC.setdefault(page, [])

    def on_websocket(ws: WebSocket) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framereceived", lambda payload: frames.append({"payload": payload}))

    page.on("websocket", on_websocket)


_SENT: weakref.WeakKeyDictionary[Page, list[str | bytes]] = weakref.WeakKeyDictionary()


def record_sent_requests(page: Page) -> None:
    """Start recording what ``page`` sends its kernel (call before ``page.goto``)."""
    frames = _SENT.setdefault(page, [])

    def on_websocket(ws: WebSocket) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framesent", lambda payload: frames.append(payload))

    page.on("websocket", on_websocket)


def sent_requests(page: Page) -> list[Any]:
    """Every custom message the page's widgets sent to Python (a table's requests such as
    ``{"type": "speed", "ms": 0}``), in order, since ``record_sent_requests``."""
    page.wait_for_timeout(0)
    found = []
    for payload in _SENT.get(page, []):
        message = _decode_frame(payload)
        data = (message or {}).get("content", {}).get("data", {})
        if (message or {}).get("header", {}).get("msg_type") == "comm_msg" and data.get("method") == "custom":
            found.append(data.get("content"))
    return found


def widget_messages(page: Page) -> list[dict[str, Any]]:
    """Every widget state the page received from the kernel, one item per model per message.

    Items are ``{"model_id", "method", "state", "buffers"}`` where ``method`` is ``"open"``
    (a widget created after the page loaded), ``"update_states"`` (ipywidgets 8 restoring all
    widgets of a preheated or already executed notebook at page load), ``"update"`` or
    ``"echo_update"``; ``buffers`` are the message's binary buffers in base64. Messages of
    every document the page showed since recording began are included. The page must
    come from the ``page`` fixture of ``conftest.py`` (or ``record_widget_messages`` must have
    run before it loaded).
    """
    page.wait_for_timeout(0)  # let Playwright deliver pending websocket events
    items: list[dict[str, Any]] = []
    for frame in _TRAFFIC.get(page, []):
        message = _decode_frame(frame["payload"])
        if not message:
            continue
        msg_type = message["header"].get("msg_type")
        content = message["content"]
        data = content.get("data") or {}
        buffers = message.get("buffers", [])
        if msg_type == "comm_open" and "state" in data:
            items.append({"model_id": content["comm_id"], "method": "open",
                          "state": data["state"], "buffers": buffers})
        elif msg_type == "comm_msg" and data.get("method") == "update_states":
            for model_id, model in data.get("states", {}).items():
                items.append({"model_id": model_id, "method": "update_states",
                              "state": model.get("state", {}), "buffers": buffers})
        elif msg_type == "comm_msg" and "state" in data:
            items.append({"model_id": content["comm_id"], "method": data.get("method"),
                          "state": data["state"], "buffers": buffers})
    return items


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM a server's process group (Voilà then shuts its kernels down), SIGKILL if stuck.

    Kernels run in sessions of their own; if Voilà had to be killed they notice their parent is
    gone (ipykernel polls JPY_PARENT_PID) and exit.
    """
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        pass


def artifact(name: str) -> Path:
    """``test-artifacts/<name>``, with this run's name (``RUN``) before the suffix if it has one."""
    path = ARTIFACTS / name
    return path.with_name(f"{path.stem}.{RUN}{path.suffix}") if RUN else path


def save_screenshot(page: Page, name: str) -> Path:
    """Save a PNG of the viewport under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / (re.sub(r"[^A-Za-z0-9_.-]+", "_", name) + ".png")
    page.screenshot(path=str(path))
    return path


#: A kernel websocket's URL; the group is the kernel's id.
KERNEL_WS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")


def kernel_pid(kernel_id: str) -> int | None:
    """The process whose command line names the kernel's connection file."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f"kernel-{kernel_id}.json".encode() in (entry / "cmdline").read_bytes():
                    return int(entry.name)
            except OSError:
                continue
    return None


def process_alive(pid: int) -> bool:
    """Is ``pid`` a running process (not gone, not a zombie)?"""
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except (OSError, IndexError):
        return False
