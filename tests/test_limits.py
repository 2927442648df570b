"""Limits on what a browser may send (tablekit.widgets.limits) and the server connection that
applies them to every kernel websocket frame (tablekit.widgets.server.NoDelayConnection)."""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from tablekit.widgets import limits, notices
from tablekit.widgets.limits import (
    MAX_COMM_OPEN_BYTES,
    MAX_DEPTH,
    MAX_MESSAGE_BYTES,
    PAGE_COMM_TARGETS,
    V1_PROTOCOL,
    Frame,
    Refusal,
    check_request,
    comm_open_problem,
    incoming_problem,
    json_depth,
    read_frame,
    split_v1_frame,
    too_deep,
)
from tablekit.widgets.server import LOGGED_REFUSALS, NOTICE_INTERVAL, NoDelayConnection


def nested(depth: int, inner: str = "0") -> str:
    return "[" * depth + inner + "]" * depth


def v1_frame(content: Any = None, raw_content: bytes | None = None, channel: str = "shell") -> bytes:
    header = {"msg_id": "m1", "msg_type": "comm_msg", "session": "s", "username": "", "date": "", "version": "5.3"}
    parts = [json.dumps(header).encode(), b"{}", b"{}",
             raw_content if raw_content is not None else json.dumps(content).encode()]
    frame: bytes = serialize_msg_to_ws_v1(parts, channel)
    return frame


# --- scanning -----------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [
    0, "text", [], {}, [1, [2, [3]]], {"a": {"b": {"c": [None, True, 1.5]}}},
    {"tricky": "]]]}}} [[[ {{{ \\\" \\\\", "k\"ey[": ["\u00e9\u65e5", "\\"]},
    [[[[{"x": [[["deep"]]]}]]]],
])
def test_json_depth_agrees_with_the_parsed_value(value: Any) -> None:
    def depth(v: Any) -> int:
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        return 0

    text = json.dumps(value, ensure_ascii=False)
    assert json_depth(text) == depth(value)
    assert json_depth(text.encode("utf-8")) == depth(value)


def test_a_deep_text_is_measured_without_recursion_and_fast() -> None:
    text = nested(200_000)
    assert json_depth(text) == 200_000 > sys.getrecursionlimit()
    started = time.process_time()  # (this process's CPU: what else the machine runs does not count)
    assert too_deep(nested(5_000), MAX_DEPTH)
    assert too_deep("[" * 10_000_000, MAX_DEPTH)  # stops as soon as it knows
    assert time.process_time() - started < 1.0
    assert not too_deep(nested(MAX_DEPTH), MAX_DEPTH) and too_deep(nested(MAX_DEPTH + 1), MAX_DEPTH)
    # brackets inside strings are not nesting, even with escaped quotes in the string
    assert not too_deep(json.dumps({"s": "[" * 5_000 + '\\"' + "{" * 5_000}))


@pytest.mark.parametrize("text", [
    nested(10, '"' + nested(5_000)),           # the string never ends
    nested(10, '"\\' + "\n" + nested(5_000)),   # an escape a parser refuses, then no end
])
def test_after_an_unterminated_string_nothing_can_nest(text: str) -> None:
    """The scan stops at a string that never ends: a parser fails there, not deeper."""
    assert json_depth(text) == 10 and not too_deep(text, 64)
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)


def test_many_escaped_quotes_scan_in_linear_time() -> None:
    # A scan that went back over the escapes would take minutes here, not a fraction of a
    # second; counted in this process's CPU time, which a loaded machine does not inflate.
    started = time.process_time()
    for text in ('"' + '\\"' * 120_000, '"' * 250_000, "[" + '"\\\\",' * 40_000 + "0]"):
        assert json_depth(text) <= 1
    assert time.process_time() - started < 1.0


# --- binary frames -------------------------------------------------------------------------------

def test_split_v1_frame_matches_jupyter_servers_own_format() -> None:
    frame = v1_frame({"comm_id": "c", "data": {"method": "update", "state": {"value": 5}}})
    parts = split_v1_frame(frame)
    assert parts[0] == b"shell" and len(parts) == 5
    assert json.loads(parts[4])["data"]["state"] == {"value": 5}


@pytest.mark.parametrize("frame, message", [
    (b"", "shorter than its header"),
    ((1).to_bytes(8, "little"), "announces 1 offsets"),
    ((2**63).to_bytes(8, "little") + b"\0" * 64, "announces 9223372036854775808 offsets"),
    ((3).to_bytes(8, "little") + b"\0" * 8, "shorter than its offsets"),
    ((3).to_bytes(8, "little") + (32).to_bytes(8, "little") + (40).to_bytes(8, "little")
     + (36).to_bytes(8, "little") + b"x" * 8, "out of order or out of range"),
    ((3).to_bytes(8, "little") + (32).to_bytes(8, "little") + (33).to_bytes(8, "little")
     + (99).to_bytes(8, "little") + b"x" * 8, "out of order or out of range"),
])
def test_a_malformed_binary_frame_is_refused_before_any_big_allocation(frame: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        split_v1_frame(frame)


def test_incoming_problem() -> None:
    ok = v1_frame({"comm_id": "c", "data": {"method": "update", "state": {"value": 5, "layout": {"a": [1]}}}})
    assert incoming_problem(ok, v1=True) is None
    assert incoming_problem(v1_frame(raw_content=nested(5_000).encode()), v1=True) == \
        Refusal("content nested more than 64 levels deep", "frame_too_deep")
    assert incoming_problem(nested(5_000), v1=False) == Refusal("nested more than 64 levels deep", "frame_too_deep")
    assert incoming_problem(json.dumps({"channel": "shell", "content": {"a": 1}}), v1=False) is None
    big = v1_frame({"comm_id": "c", "data": {"method": "custom", "content": {"x": "y" * MAX_MESSAGE_BYTES}}})
    assert incoming_problem(big, v1=True) == \
        Refusal(f"a frame of {len(big)} bytes (at most {MAX_MESSAGE_BYTES})", "frame_too_large")
    # What no page sends gets no friendly message, only the log line.
    assert incoming_problem("{}", v1=True) == Refusal("a text frame on a binary (v1) connection", None)
    assert incoming_problem(serialize_msg_to_ws_v1([b"{}", b"{}"], "shell"), v1=True) == \
        Refusal("a binary frame with 3 parts (at least 5)", None)
    assert {n for n in ("frame_too_deep", "frame_too_large")} <= set(notices.REASONS)


def comm_open_frame(target: str, data: Any = None, comm_id: str = "c1") -> bytes:
    header = {"msg_id": "m2", "msg_type": "comm_open", "session": "s", "username": "", "date": "", "version": "5.3"}
    content = {"comm_id": comm_id, "target_name": target, "data": data if data is not None else {}}
    frame: bytes = serialize_msg_to_ws_v1([json.dumps(header).encode(), b"{}", b"{}", json.dumps(content).encode()],
                                          "shell")
    return frame


def test_read_frame_finds_the_message_type_and_a_comm_opens_target() -> None:
    assert read_frame(v1_frame({"comm_id": "c"}), v1=True) == Frame("comm_msg")
    assert read_frame(comm_open_frame("jupyter.widget"), v1=True) == Frame("comm_open", "jupyter.widget")
    assert read_frame(comm_open_frame(""), v1=True) == Frame("comm_open", "")
    legacy = json.dumps({"channel": "shell", "header": {"msg_type": "comm_open"}, "content": {"target_name": 5}})
    assert read_frame(legacy, v1=False) == Frame("comm_open", "")  # a target that is no text matches nothing
    for bad in (serialize_msg_to_ws_v1([b"not json", b"{}", b"{}", b"{}"], "shell"),
                serialize_msg_to_ws_v1([b'{"msg_type": 7}', b"{}", b"{}", b"{}"], "shell"),
                serialize_msg_to_ws_v1([b"\xff\xfe", b"{}", b"{}", b"{}"], "shell")):
        with pytest.raises(ValueError, match="not a kernel message"):
            read_frame(bad, v1=True)
    with pytest.raises(ValueError, match="content is not JSON"):
        read_frame(serialize_msg_to_ws_v1([b'{"msg_type": "comm_open"}', b"{}", b"{}", b"{oops"], "shell"), v1=True)


def test_a_page_may_open_only_the_control_comm_a_few_times_and_small() -> None:
    assert PAGE_COMM_TARGETS == {"jupyter.widget.control": 4}
    assert comm_open_problem("jupyter.widget.control", 500, 3) is None
    assert "more comm_opens" in (comm_open_problem("jupyter.widget.control", 500, 4) or "")
    assert "at most 4096" in (comm_open_problem("jupyter.widget.control", MAX_COMM_OPEN_BYTES + 1, 0) or "")
    for target in ("jupyter.widget", "jupyter.widget.version", "tablekit.server_notice", "", "x" * 10_000):
        problem = comm_open_problem(target, 100, 0)
        assert problem is not None and "may open only jupyter.widget.control" in problem
        assert len(problem) < 200  # a long forged name is cut in the log line


# --- the server connection ----------------------------------------------------------------------

class _Probe(NoDelayConnection):
    """NoDelayConnection without a server around it: the attributes jupyter_server would set."""

    protocol: str | None = V1_PROTOCOL

    @property
    def subprotocol(self) -> str | None:
        return self.protocol

    @property
    def kernel_id(self) -> str:
        return "k-1"


@pytest.fixture
def passed(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Frames that reached jupyter_server's own handler (which parses and forwards them)."""
    seen: list[Any] = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "handle_incoming_message",
                        lambda self, msg: seen.append(msg))
    return seen


def test_the_connection_drops_deep_and_oversized_frames_with_one_warning(
        passed: list[Any], caplog: pytest.LogCaptureFixture) -> None:
    conn = _Probe()
    conn.log = logging.getLogger("test.voila")
    good = v1_frame({"comm_id": "c", "data": {"method": "update", "state": {"index": 1}}})
    with caplog.at_level(logging.DEBUG, logger="test.voila"):
        conn.handle_incoming_message(good)
        conn.handle_incoming_message(v1_frame(raw_content=nested(5_000).encode()))
        conn.handle_incoming_message(v1_frame({"x": "y" * (300 * 1024)}))
        conn.handle_incoming_message(b"\xff" * 64)
    assert passed == [good]
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "Dropped a websocket frame for kernel k-1: content nested more than 64 levels deep",
        f"Dropped a websocket frame for kernel k-1: a frame of {len(v1_frame({'x': 'y' * (300 * 1024)}))} "
        "bytes (at most 262144)",
        "Dropped a websocket frame for kernel k-1: a binary frame announces 18446744073709551615 offsets "
        "(at most 65)",
    ]
    assert all(r.levelno == logging.WARNING and r.exc_info is None for r in caplog.records)


def test_the_legacy_json_protocol_is_checked_too(passed: list[Any], caplog: pytest.LogCaptureFixture) -> None:
    conn = _Probe()
    conn.protocol = None
    conn.log = logging.getLogger("test.voila")
    good = json.dumps({"channel": "shell", "header": {"msg_type": "comm_msg"},
                       "content": {"data": {"state": {"value": 1}}}})
    with caplog.at_level(logging.WARNING, logger="test.voila"):
        conn.handle_incoming_message(good)
        conn.handle_incoming_message('{"channel": "shell", "content": ' + nested(5_000) + "}")
    assert passed == [good]
    assert [r.getMessage() for r in caplog.records] == [
        "Dropped a websocket frame for kernel k-1: nested more than 64 levels deep"]


class _Session(Session):
    """Records what the connection sends the kernel on its own instead of sending it."""

    sent: list[tuple[Any, str, dict[str, Any]]]

    def send(self, stream: Any, msg_or_type: Any, content: Any = None, *args: Any, **kwargs: Any) -> Any:
        self.sent.append((stream, msg_or_type, content))


def test_a_page_may_not_open_comms_but_the_control_comm(passed: list[Any], caplog: pytest.LogCaptureFixture,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "disconnect", lambda self: None)
    conn = _Probe()
    conn.log = logging.getLogger("test.voila")
    control = [comm_open_frame("jupyter.widget.control", comm_id=f"c{i}") for i in range(6)]
    forged = comm_open_frame("jupyter.widget", {"state": {"_model_name": "TextModel", "value": "x" * 200_000}})
    notice = comm_open_frame(notices.TARGET, {"reason": "memory"})  # only the server may send notices
    with caplog.at_level(logging.WARNING, logger="test.voila"):
        conn.handle_incoming_message(control[0])
        for _ in range(3):
            conn.handle_incoming_message(forged)
        conn.handle_incoming_message(notice)
        for frame in control[1:]:
            conn.handle_incoming_message(frame)
    assert passed == control[:4]  # four control comms per connection, none of the others
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "Refused for kernel k-1: a comm_open for target 'jupyter.widget' (a page may open only "
        "jupyter.widget.control)"] * 3 + [
        "Refused for kernel k-1: a comm_open for target 'tablekit.server_notice' (a page may open only "
        "jupyter.widget.control)"] + [
        "Refused for kernel k-1: more comm_opens for target 'jupyter.widget.control' than 4 on one connection"] * 2


def test_refusals_are_logged_a_few_at_a_time_and_counted_at_the_end(
        passed: list[Any], caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "disconnect", lambda self: None)
    conn = _Probe()
    conn.log = logging.getLogger("test.voila")
    forged = comm_open_frame("jupyter.widget", {"state": {"value": "x" * 1000}})
    with caplog.at_level(logging.WARNING, logger="test.voila"):
        for _ in range(3_000):
            conn.handle_incoming_message(forged)
        conn.disconnect()
    assert passed == []
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == LOGGED_REFUSALS + 1
    assert lines[-1] == f"Refused {3_000 - LOGGED_REFUSALS} more frames for kernel k-1 on one connection " \
                        "(not logged one by one)"


def test_a_frame_dropped_for_its_size_or_depth_is_told_to_the_kernel_once_in_a_while(
        passed: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    conn = _Probe()
    conn.log = logging.getLogger("test.voila")
    session = _Session()
    session.sent = []
    conn.session = session
    conn.channels = {"shell": "shell-stream"}
    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    big = v1_frame({"x": "y" * (300 * 1024)})
    deep = v1_frame(raw_content=nested(5_000).encode())
    conn.handle_incoming_message(big)
    conn.handle_incoming_message(deep)  # within NOTICE_INTERVAL: not told again
    conn.handle_incoming_message(b"\xff" * 64)  # what no page sends: never told
    clock[0] += NOTICE_INTERVAL
    conn.handle_incoming_message(b"\xff" * 64)
    conn.handle_incoming_message(deep)
    assert passed == []
    assert [(stream, kind, c["target_name"], c["data"]) for stream, kind, c in session.sent] == [
        ("shell-stream", "comm_open", notices.TARGET, {"reason": "frame_too_large"}),
        ("shell-stream", "comm_open", notices.TARGET, {"reason": "frame_too_deep"}),
    ]
    # The notice names its reason only: nothing of the dropped frame.
    assert all(set(c) == {"comm_id", "target_name", "data"} for _s, _k, c in session.sent)


def test_the_deep_frame_would_have_broken_json_loads() -> None:
    """What the check prevents: the parser in the server (and in the kernel) recursing."""
    with pytest.raises(RecursionError):
        json.loads('{"channel": "shell", "content": ' + nested(100_000) + "}")


def test_jupyter_server_still_routes_frames_through_handle_incoming_message() -> None:
    """The override only protects if jupyter_server calls it for every frame."""
    import inspect

    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    assert "self.connection.handle_incoming_message(" in inspect.getsource(KernelWebsocketHandler.on_message)
    assert NoDelayConnection.handle_incoming_message is not ZMQChannelsWebsocketConnection.handle_incoming_message


# --- parsed requests ------------------------------------------------------------------------------

@pytest.mark.parametrize("request_", [
    {"type": "play", "code": "8H"},
    {"type": "new", "deal": "UD-C4-1A2B"},
    {"type": "speed", "ms": 600},
    {"type": "teaching", "on": True},
    {"type": "lesson", "index": 3},
    {"type": "why", "code": "S2", "extra": {"a": [1, 2.5, None]}},
])
def test_check_request_accepts_what_the_pages_send(request_: dict[str, Any]) -> None:
    check_request(request_)


@pytest.mark.parametrize("request_, message", [
    ("play", "must be a JSON object, not str"),
    (None, "must be a JSON object, not NoneType"),
    ({"type": json.loads(nested(500))}, "nest at most 4 levels"),
    ({"type": "x", "list": list(range(100))}, "at most 64 values"),
    ({"type": "x", **{f"k{i}": i for i in range(70)}}, "at most 64 values"),
    ({"type": "x" * 1001}, "texts of at most 1000 characters"),
    ({"k" * 1001: 1}, "texts of at most 1000 characters"),
    ({1: "x"}, "keys must be texts"),
    ({"type": "x", "n": 10**400}, "whole numbers up to 2\\*\\*53"),
    ({"type": "x", "n": float("nan")}, "finite numbers"),
    ({"type": "x", "n": float("inf")}, "finite numbers"),
    ({"type": "x", "b": b"bytes"}, "JSON values only, not bytes"),
    ({"type": "x", "s": {1, 2}}, "JSON values only, not set"),
])
def test_check_request_refuses_with_a_clear_message(request_: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_request(request_)


def test_check_request_is_iterative_and_its_limits_are_parameters() -> None:
    deep: Any = {"type": "x"}
    for _ in range(100_000):  # deeper than any recursion limit
        deep = {"a": deep}
    with pytest.raises(ValueError, match="nest at most 4 levels"):
        check_request(deep)
    check_request({"a": {"b": {"c": {"d": {"e": 1}}}}}, max_depth=5)
    with pytest.raises(ValueError, match="at most 2 values"):
        check_request({"a": 1, "b": 2, "c": 3}, max_items=2)
    with pytest.raises(ValueError, match="at most 3 characters"):
        check_request({"a": "abcd"}, max_text=3)
    assert limits.check_request.__module__ == "tablekit.widgets.limits"
