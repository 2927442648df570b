"""Limits on what a browser may send: checked before anything is parsed recursively or acted on.

Everything a page sends is untrusted (``../shared/stack.md``: the viewer can write any synced
trait and any websocket frame). This module holds the pure checks, with no Jupyter import:

- :func:`json_depth` / :func:`too_deep` measure how deeply a JSON text nests arrays and
  objects by scanning its raw characters iteratively (string contents and escapes skipped), so
  a message nested 5,000 deep is refused before ``json.loads`` recurses into it.
- :func:`incoming_problem` says why a kernel websocket frame must be dropped (too large, too
  deep, a malformed binary frame), or None; ``tablekit.widgets.server`` calls it on every frame.
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

import math
import re

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


def incoming_problem(message: str | bytes, v1: bool, max_bytes: int = MAX_MESSAGE_BYTES,
                     max_depth: int = MAX_DEPTH) -> str | None:
    """Why a kernel websocket frame from the browser must be dropped, or None if it may pass.

    ``v1``: the connection speaks the binary protocol (``V1_PROTOCOL``); its JSON parts are
    checked (the buffers are binary data). Otherwise the frame is one JSON text (the legacy
    protocol), checked whole.

    >>> incoming_problem('{"channel": "shell"}', v1=False) is None
    True
    >>> incoming_problem("[" * 5000, v1=False)
    'nested more than 64 levels deep'
    >>> incoming_problem("x" * 300_000, v1=False)
    'a frame of 300000 bytes (at most 262144)'
    >>> incoming_problem("{}", v1=True)
    'a text frame on a binary (v1) connection'
    """
    if len(message) > max_bytes:
        return f"a frame of {len(message)} bytes (at most {max_bytes})"
    if not v1:
        return f"nested more than {max_depth} levels deep" if too_deep(message, max_depth) else None
    if isinstance(message, str):
        return "a text frame on a binary (v1) connection"
    try:
        parts = split_v1_frame(message)
    except ValueError as exc:
        return str(exc)
    if len(parts) < 5:
        return f"a binary frame with {len(parts)} parts (at least 5)"
    for name, part in zip(("header", "parent header", "metadata", "content"), parts[1:5]):
        if too_deep(part, max_depth):
            return f"{name} nested more than {max_depth} levels deep"
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


__all__ = ["MAX_DEPTH", "MAX_MESSAGE_BYTES", "MAX_PARTS", "V1_PROTOCOL", "check_request", "incoming_problem",
           "json_depth", "split_v1_frame", "too_deep"]
