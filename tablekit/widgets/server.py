"""Server-side settings for serving the dashboards with Voilà (named in ``voila.json``).

``NoDelayConnection`` is the kernel websocket with Nagle's algorithm switched off. jupyter_server
leaves it on, so a small widget update (the answer to a click) can wait about 40 ms for the
browser's delayed acknowledgement; ``bench/voila_perf.py`` measured that stall on the minimal
page and on ours alike.

It also refuses what no page of ours sends: a frame larger than ``limits.MAX_MESSAGE_BYTES``,
JSON nested deeper than ``limits.MAX_DEPTH`` (which would make ``json.loads`` in the server or
in the kernel hit a ``RecursionError``), or a malformed binary frame. Such a frame is dropped
with one warning line in the server log, before anything parses it; the connection stays open.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from tablekit.widgets.limits import V1_PROTOCOL, incoming_problem


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket that sends each message at once (TCP_NODELAY) and drops oversized or
    deeply nested incoming frames."""

    def connect(self) -> Any:  # jupyter_server's own annotations disagree between base and subclass
        self.websocket_handler.set_nodelay(True)
        return super().connect()

    def handle_incoming_message(self, incoming_msg: str | bytes) -> None:
        """Check a frame from the browser before jupyter_server parses it (``super()``)."""
        problem = incoming_problem(incoming_msg, v1=self.subprotocol == V1_PROTOCOL)
        if problem is not None:
            self.log.warning("Dropped a websocket frame for kernel %s: %s", self.kernel_id, problem)
            return
        super().handle_incoming_message(incoming_msg)  # type: ignore[arg-type]  # bytes in v1, typed str upstream
