"""Server-side settings for serving the dashboards with Voilà (named in ``voila.json``).

``NoDelayConnection`` is the kernel websocket with Nagle's algorithm switched off. jupyter_server
leaves it on, so a small widget update (the answer to a click) can wait about 40 ms for the
browser's delayed acknowledgement; ``bench/voila_perf.py`` measured that stall on the minimal
page and on ours alike.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket that sends each message at once (TCP_NODELAY)."""

    def connect(self) -> Any:  # jupyter_server's own annotations disagree between base and subclass
        self.websocket_handler.set_nodelay(True)
        return super().connect()
