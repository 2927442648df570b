"""Limits on what a browser may send: checked before anything is parsed recursively or acted on.

Everything a page sends is untrusted (``../shared/stack.md``: the viewer can write any synced
trait and any websocket frame). This module holds the pure checks, with no Jupyter import:

- :func:`json_depth` / :func:`too_deep` measure how deeply a JSON text nests arrays and
  objects by scanning its raw characters iteratively (string contents and escapes skipped), so
  a message nested 5,000 deep is refused before ``json.loads`` recurses into it.
- :func:`incoming_problem` says why a kernel websocket frame must be dropped (too large, too
  deep, a malformed binary frame), or None; ``tablekit.widgets.server`` calls it on every frame.
- :func:`read_frame` and :func:`comm_open_problem`: a page may open only the comms a dashboard
  opens (``PAGE_COMM_TARGETS``); every widget is created by the kernel, never by the page.
- :func:`check_request` validates an already-parsed widget request (the small ``{"type": ...}``
  dicts that ``play_table.js`` sends) and raises ``ValueError`` with a clear message.

>>> json_depth('{"a": [1, {"b": "]]] {{{"}]}')
3
>>> too_deep("[" * 5000 + "]" * 5000, 64), too_deep('[[["x"]]]', 64)
(True, False)
>>> check_request({"type": "play", "code": "8H"})
>>> check_request({"type": "play", "code": [[[[["8H"]]]]]})
Traceback (most recent call last):
...
ValueError: a request may nest at most 4 levels (this one nests deeper)
"""

from __future__ import annotations

import json
import math
import re
from typing import NamedTuple

#: The largest websocket frame the kernel connection accepts. What the dashboards send is far
#: smaller: widget updates (a value, an index) and ``{"type": ...}`` requests are well under
#: 2 KiB (``tests/browser/test_forged_in_browser.py`` measures it).
MAX_MESSAGE_BYTES = 256 * 1024
#: The deepest nesting of arrays and objects a JSON part of a frame may have. A widget update
#: nests about 6 levels deep (message, content, data, state, a dict-valued trait).
MAX_DEPTH = 64
#: The most parts a binary (v1) frame may have: channel, 4 JSON parts, a few buffers.
MAX_PARTS = 64
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: The comms a page may open, with how many times on one websocket connection. A dashboard opens
#: ipywidgets' control comm (through which it asks for every widget's state) once per connection
#: and creates no widget itself: the kernel creates them all. A forged ``comm_open`` of the
#: ``jupyter.widget`` target would make the kernel build (and keep) a widget from whatever state
#: the page sent. ``tests/browser/test_forged_in_browser.py`` records what real pages send.
PAGE_COMM_TARGETS: dict[str, int] = {"jupyter.widget.control": 4}
#: The largest ``comm_open`` frame a page may send (the control comm's is about 500 bytes).
MAX_COMM_OPEN_BYTES = 4 * 1024

# A complete JSON string (escapes skipped), else one structural character. A lone quote opens
# a string that never ends: everything after it is inside that string for any JSON parser (which
# fails there, before it could nest deeper), so the scan stops. Restarting after it instead
# would make a text of many escaped quotes quadratic to scan.
_TOKENS_TEXT = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}"]', re.DOTALL)
_TOKENS_BYTES = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}"]', re.DOTALL)
_OPEN = frozenset(("[", "{", b"[", b"{"))
_CLOSE = frozenset(("]", "}", b"]", b"}"))
_QUOTE = frozenset(('"', b'"'))


def _scan(text: str | bytes, stop_above: int | None) -> int:
    """The deepest nesting in ``text``; stops early once it exceeds ``stop_above``."""
    tokens = _TOKENS_BYTES if isinstance(text, (bytes, bytearray, memoryview)) else _TOKENS_TEXT
    depth = deepest = 0
    for match in tokens.finditer(text):  # type: ignore[arg-type]  # the pattern fits the text's type
        token = match.group()
        if token in _OPEN:
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and deepest > stop_above:
                    break
        elif token in _CLOSE and depth > 0:
            depth -= 1
        elif token in _QUOTE:  # an unterminated string (see _TOKENS_TEXT)
            break
    return deepest


def json_depth(text: str | bytes) -> int:
    """How deeply ``text`` nests JSON arrays and objects (0 for a scalar), without parsing it.

    Brackets inside strings do not count, escapes included; UTF-8 bytes are scanned as they
    are (a multi-byte character never contains an ASCII byte).

    >>> json_depth('[]'), json_depth('{"k": {"k": [0]}}'), json_depth('"[\\\\"[" '), json_depth(b'[[1]]')
    (1, 3, 0, 2)
    """
    return _scan(text, None)


def too_deep(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Does ``text`` nest JSON arrays and objects more than ``limit`` levels? (Stops scanning as
    soon as it knows.)

    >>> too_deep('[[[]]]', 2), too_deep('[[[]]]', 3)
    (True, False)
    """
    return _scan(text, limit) > limit


def split_v1_frame(frame: bytes, max_parts: int = MAX_PARTS) -> list[bytes]:
    """The parts of a frame of jupyter_server's binary websocket protocol (v1): channel, header,
    parent header, metadata, content, then the binary buffers.

    The frame starts with the number of offsets and the offsets (little-endian 64-bit), which
    are checked before use, so a forged count cannot make the server build a huge list.

    >>> parts = [b"shell", b"{}", b"{}", b"{}", b'{"a": 1}']
    >>> head = 8 * (len(parts) + 2)
    >>> offsets = [head]
    >>> for p in parts:
    ...     offsets.append(offsets[-1] + len(p))
    >>> frame = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    >>> split_v1_frame(frame + b"".join(parts)) == parts
    True
    >>> split_v1_frame(b"\\xff" * 16)
    Traceback (most recent call last):
    ...
    ValueError: a binary frame announces 18446744073709551615 offsets (at most 65)
    """
    data = bytes(frame[:8])
    if len(data) < 8:
        raise ValueError("a binary frame shorter than its header")
    count = int.from_bytes(data, "little")
    if not 2 <= count <= max_parts + 1:
        raise ValueError(f"a binary frame announces {count} offsets (at most {max_parts + 1})")
    if len(frame) < 8 * (count + 1):
        raise ValueError("a binary frame shorter than its offsets")
    offsets = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] < 8 * (count + 1) or offsets[-1] > len(frame) or any(
            a > b for a, b in zip(offsets, offsets[1:])):
        raise ValueError("a binary frame whose offsets are out of order or out of range")
    return [bytes(frame[offsets[i] : offsets[i + 1]]) for i in range(count - 1)]


class Refusal(NamedTuple):
    """Why a frame is dropped: ``reason`` (for the server log) and ``notice``, the name of the
    friendly message the page gets (``tablekit.widgets.notices``), or None for a frame no real
    page sends (a malformed binary frame)."""

    reason: str
    notice: str | None = None


def incoming_problem(message: str | bytes, v1: bool, max_bytes: int = MAX_MESSAGE_BYTES,
                     max_depth: int = MAX_DEPTH) -> Refusal | None:
    """Why a kernel websocket frame from the browser must be dropped, or None if it may pass.

    ``v1``: the connection speaks the binary protocol (``V1_PROTOCOL``); its JSON parts are
    checked (the buffers are binary data). Otherwise the frame is one JSON text (the legacy
    protocol), checked whole.

    >>> incoming_problem('{"channel": "shell"}', v1=False) is None
    True
    >>> incoming_problem("[" * 5000, v1=False)
    Refusal(reason='nested more than 64 levels deep', notice='frame_too_deep')
    >>> incoming_problem("x" * 300_000, v1=False).reason
    'a frame of 300000 bytes (at most 262144)'
    >>> incoming_problem("{}", v1=True)
    Refusal(reason='a text frame on a binary (v1) connection', notice=None)
    """
    if len(message) > max_bytes:
        return Refusal(f"a frame of {len(message)} bytes (at most {max_bytes})", "frame_too_large")
    if not v1:
        if too_deep(message, max_depth):
            return Refusal(f"nested more than {max_depth} levels deep", "frame_too_deep")
        return None
    if isinstance(message, str):
        return Refusal("a text frame on a binary (v1) connection")
    try:
        parts = split_v1_frame(message)
    except ValueError as exc:
        return Refusal(str(exc))
    if len(parts) < 5:
        return Refusal(f"a binary frame with {len(parts)} parts (at least 5)")
    for name, part in zip(("header", "parent header", "metadata", "content"), parts[1:5]):
        if too_deep(part, max_depth):
            return Refusal(f"{name} nested more than {max_depth} levels deep", "frame_too_deep")
    return None


class Frame(NamedTuple):
    """What the server needs to know of a frame that passed :func:`incoming_problem`."""

    msg_type: str
    #: A ``comm_open``'s ``target_name`` (None for other messages).
    target: str | None = None


def read_frame(message: str | bytes, v1: bool) -> Frame:
    """The message type of a frame (and a ``comm_open``'s target), parsing only what that takes:
    the header, and the content of a ``comm_open``. Raises ``ValueError`` for a frame that is
    not a kernel message. Call it on frames :func:`incoming_problem` let pass (so no part nests
    deeply). Without ``v1`` a frame is one JSON text; the legacy protocol's binary frames (with
    buffers) are refused: the dashboards' pages speak v1.

    >>> read_frame('{"channel": "shell", "header": {"msg_type": "comm_msg"}, "content": {}}', v1=False)
    Frame(msg_type='comm_msg', target=None)
    >>> read_frame('{"header": {"msg_type": "comm_open"}, "content": {"target_name": "t"}}', v1=False)
    Frame(msg_type='comm_open', target='t')
    >>> read_frame('[1]', v1=False)
    Traceback (most recent call last):
    ...
    ValueError: not a kernel message (no header with a msg_type)
    """
    content: object = None
    try:
        if v1:
            parts = split_v1_frame(message)  # type: ignore[arg-type]  # a v1 frame is bytes (checked before)
            header = json.loads(parts[1])
        else:
            whole = json.loads(message)
            header = whole.get("header") if isinstance(whole, dict) else None
            content = whole.get("content") if isinstance(whole, dict) else None
    except (ValueError, IndexError, TypeError) as exc:  # json.JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ValueError("not a kernel message (unreadable JSON)") from exc
    msg_type = header.get("msg_type") if isinstance(header, dict) else None
    if not isinstance(msg_type, str):
        raise ValueError("not a kernel message (no header with a msg_type)")
    if msg_type != "comm_open":
        return Frame(msg_type)
    if v1:
        try:
            content = json.loads(parts[4])
        except ValueError as exc:
            raise ValueError("a comm_open whose content is not JSON") from exc
    target = content.get("target_name") if isinstance(content, dict) else None
    return Frame(msg_type, target if isinstance(target, str) else "")


def comm_open_problem(target: str, size: int, opened_before: int,
                      allowed: dict[str, int] = PAGE_COMM_TARGETS, max_bytes: int = MAX_COMM_OPEN_BYTES) -> str | None:
    """Why a page's ``comm_open`` of ``target`` (a frame of ``size`` bytes; the page opened
    ``opened_before`` comms of that target on this connection already) is refused, or None.

    >>> comm_open_problem("jupyter.widget.control", 420, 0) is None
    True
    >>> comm_open_problem("jupyter.widget", 420, 0)
    "a comm_open for target 'jupyter.widget' (a page may open only jupyter.widget.control)"
    >>> comm_open_problem("jupyter.widget.control", 200_000, 0)
    'a comm_open of 200000 bytes (at most 4096)'
    >>> comm_open_problem("jupyter.widget.control", 420, 4)
    "more comm_opens for target 'jupyter.widget.control' than 4 on one connection"
    """
    limit = allowed.get(target)
    if limit is None:
        shown = target if len(target) <= 60 else target[:60] + "..."
        return f"a comm_open for target {shown!r} (a page may open only {', '.join(sorted(allowed))})"
    if size > max_bytes:
        return f"a comm_open of {size} bytes (at most {max_bytes})"
    if opened_before >= limit:
        return f"more comm_opens for target {target!r} than {limit} on one connection"
    return None


def check_request(content: object, max_depth: int = 4, max_items: int = 64, max_text: int = 1000) -> None:
    """Raise ``ValueError`` unless ``content`` is a small JSON object, as the pages send.

    A request must be a dict with string keys, nesting at most ``max_depth`` levels (the dict
    itself is level 1), holding at most ``max_items`` values in all, with no text (key or
    value) longer than ``max_text`` characters, and only JSON values: strings, booleans, None,
    finite numbers, integers no larger than a browser's safe integers (2**53). The walk is
    iterative, so no request can make it recurse.

    >>> check_request({"type": "speed", "ms": 600, "extra": [1, 2.5, None, True]})
    >>> check_request(["play"])
    Traceback (most recent call last):
    ...
    ValueError: a request must be a JSON object, not list
    >>> check_request({"type": "x" * 2000})
    Traceback (most recent call last):
    ...
    ValueError: a request may hold texts of at most 1000 characters (one has 2000)
    >>> check_request({"type": "new", "n": 2**60})
    Traceback (most recent call last):
    ...
    ValueError: a request may hold whole numbers up to 2**53 in size (got one of 61 bits)
    """
    if not isinstance(content, dict):
        raise ValueError(f"a request must be a JSON object, not {type(content).__name__}")
    items = 0
    stack: list[tuple[object, int]] = [(content, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > max_depth:
                raise ValueError(f"a request may nest at most {max_depth} levels (this one nests deeper)")
            items += len(value)
            if items > max_items:
                raise ValueError(f"a request may hold at most {max_items} values")
            if isinstance(value, dict):
                for key in value:
                    if not isinstance(key, str):
                        raise ValueError(f"a request's keys must be texts, not {type(key).__name__}")
                    if len(key) > max_text:
                        raise ValueError(f"a request may hold texts of at most {max_text} characters "
                                         f"(one has {len(key)})")
                children = list(value.values())
            else:
                children = list(value)
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(value, str):
            if len(value) > max_text:
                raise ValueError(f"a request may hold texts of at most {max_text} characters (one has {len(value)})")
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if abs(value) > 2**53:
                raise ValueError(f"a request may hold whole numbers up to 2**53 in size (got one of "
                                 f"{value.bit_length()} bits)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise ValueError(f"a request may hold finite numbers only (got {value})")
        else:
            raise ValueError(f"a request may hold JSON values only, not {type(value).__name__}")


__all__ = ["MAX_COMM_OPEN_BYTES", "MAX_DEPTH", "MAX_MESSAGE_BYTES", "MAX_PARTS", "PAGE_COMM_TARGETS", "V1_PROTOCOL",
           "Frame", "Refusal", "check_request", "comm_open_problem", "incoming_problem", "json_depth", "read_frame",
           "split_v1_frame", "too_deep"]
