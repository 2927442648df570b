"""The server's notices to a page: a fixed reason, sent by the server to the page's kernel, which
shows the page's friendly message for it.

The Voilà server (``tablekit.widgets.server``, ``tablekit.widgets.culling``) tells a kernel
when it dropped a frame the page sent (too large, nested too deeply) and just before it ends the
kernel (over its memory ceiling, or an open page idle for hours). It does so by opening a comm
of target ``TARGET`` in the kernel with ``{"reason": <one of REASONS>}`` and nothing else: no
part of the dropped frame, no exception text. A dashboard registers with :func:`listen` and
shows the catalogue text ``widgets.dash.notice.<reason>`` in its own language.

A page cannot send such a notice itself: the server refuses every ``comm_open`` from a page but
ipywidgets' control comm (``limits.PAGE_COMM_TARGETS``).

>>> notice = open_content("frame_too_large", comm_id="c1")
>>> notice
{'comm_id': 'c1', 'target_name': 'tablekit.server_notice', 'data': {'reason': 'frame_too_large'}}
>>> shown = []
>>> handle(notice, shown.append), shown
(True, ['frame_too_large'])
>>> handle({"target_name": TARGET, "data": {"reason": "<b>anything</b>"}}, shown.append), shown
(False, ['frame_too_large'])
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

#: The comm target a kernel listens on for the server's notices.
TARGET = "tablekit.server_notice"
#: The notices there are; each has a text ``widgets.dash.notice.<reason>`` in every catalogue.
REASONS = ("frame_too_large", "frame_too_deep", "memory", "idle")


def open_content(reason: str, comm_id: str | None = None) -> dict[str, Any]:
    """The content of the ``comm_open`` message that carries ``reason`` to a kernel."""
    if reason not in REASONS:
        raise ValueError(f"reason must be one of {', '.join(REASONS)} (got {reason!r})")
    return {"comm_id": comm_id or uuid.uuid4().hex, "target_name": TARGET, "data": {"reason": reason}}


def handle(content: Mapping[str, Any], show: Callable[[str], None]) -> bool:
    """Call ``show(reason)`` for a notice's content; anything but a known reason is ignored.
    Returns whether something was shown."""
    data = content.get("data")
    reason = data.get("reason") if isinstance(data, Mapping) else None
    if reason not in REASONS:
        return False
    show(reason)
    return True


def listen(show: Callable[[str], None]) -> None:
    """Show this kernel's server notices with ``show(reason)`` (the last caller wins: a kernel
    serves one page). Outside a kernel this registers with ``comm``'s stand-in manager and
    nothing ever arrives."""
    from comm import get_comm_manager  # ipykernel's manager inside a kernel

    def opened(comm: Any, msg: Mapping[str, Any]) -> None:
        try:
            content = msg.get("content")
            handle(content if isinstance(content, Mapping) else {}, show)
        finally:
            comm.close()

    get_comm_manager().register_target(TARGET, opened)


__all__ = ["REASONS", "TARGET", "handle", "listen", "open_content"]
