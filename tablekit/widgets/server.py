"""Server-side settings for serving the dashboards with Voilà (named in ``voila.json``).

``NoDelayConnection`` is the kernel websocket with Nagle's algorithm switched off. jupyter_server
leaves it on, so a small widget update (the answer to a click) can wait about 40 ms for the
browser's delayed acknowledgement; ``bench/voila_perf.py`` measured that stall on the minimal
page and on ours alike.

It also refuses what no page of ours sends: a frame larger than ``limits.MAX_MESSAGE_BYTES``,
JSON nested deeper than ``limits.MAX_DEPTH`` (which would make ``json.loads`` in the server or
in the kernel hit a ``RecursionError``), or a malformed binary frame. Such a frame is dropped
with one warning line in the server log, before anything parses it; the connection stays open.

``StartPageIdentityProvider`` (the ``StartPageRoot`` mixin on Voilà's default provider) makes
the server's root (``/``) open the start page, ``dashboards/start.ipynb``, instead of Voilà's
file list. Voilà 0.5.13 has no setting for the root page, and its only configurable class that
adds routes ahead of the file list's is the identity provider (``Voila.identity_provider_class``):
its ``get_handlers()`` are added before the tree's. This one is Voilà's default
(``PasswordIdentityProvider``, so the login, the token and everything else stay as they were)
plus a redirect of ``/`` to ``voila/render/start.ipynb`` (the query kept: ``/?lang=ja`` opens
the start page in Japanese). The redirect is added only when Voilà serves a folder that holds
``start.ipynb``; the file list stays at ``voila/tree/``.
"""

from __future__ import annotations

import os
import re
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler

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


#: The start page, in the dashboards' folder.
START_PAGE = "start.ipynb"


class StartPageRoot:
    """Mixin for an identity provider: its handlers also send the server's root to the start
    page (see the module's docstring). Put it first: ``class P(StartPageRoot, SomeProvider)``."""

    parent: Any

    def get_handlers(self) -> list[tuple[Any, ...]]:  # (upstream says pairs; tornado takes triples too)
        handlers: list[tuple[Any, ...]] = list(super().get_handlers())  # type: ignore[misc]
        app = self.parent  # the Voilà application
        root_dir = getattr(app, "root_dir", None)
        if getattr(app, "notebook_path", None) or not root_dir or not os.path.isfile(os.path.join(root_dir, START_PAGE)):
            return handlers  # one notebook served alone, or no start page: Voilà's own root
        server_url = getattr(app, "server_url", None) or getattr(app, "base_url", None) or "/"
        target = url_path_join(getattr(app, "base_url", None) or "/", "voila/render", START_PAGE)
        handlers.insert(0, (re.escape(server_url), RedirectHandler, {"url": target, "permanent": False}))
        return handlers


class StartPageIdentityProvider(StartPageRoot, PasswordIdentityProvider):
    """Voilà's default identity provider whose handlers also send the server's root to the
    start page."""
