"""Server-side classes for serving the dashboards with Voilà (named in ``voila.json``).

``NoDelayConnection`` (``Voila.kernel_websocket_connection_class``) is the kernel websocket:

- Nagle's algorithm is off. jupyter_server leaves it on, so a small widget update (the answer to
  a click) can wait about 40 ms for the browser's delayed acknowledgement; ``bench/voila_perf.py``
  measured that stall on the minimal page and on ours alike.
- It refuses what no page of ours sends, before anything parses it: a frame larger than
  ``limits.MAX_MESSAGE_BYTES``, JSON nested deeper than ``limits.MAX_DEPTH`` (which would make
  ``json.loads`` in the server or in the kernel hit a ``RecursionError``), a malformed binary
  frame, and any ``comm_open`` but ipywidgets' control comm (``limits.PAGE_COMM_TARGETS``): a
  page creates no widget, so a forged ``jupyter.widget`` comm cannot make the kernel build and
  keep widgets from the page's data. The connection stays open. The first ``LOGGED_REFUSALS``
  refusals of a connection are logged one warning line each, the rest counted in one line when
  the connection closes.
- When it drops a frame for its size or depth (what a real page could send, e.g. a huge text
  pasted into a box), it tells the kernel (``tablekit.widgets.notices``), whose dashboard shows
  a friendly message in the page's language. The notice carries a fixed reason only, at most
  one per ``NOTICE_INTERVAL`` seconds per connection.

``OwnHostIdentityProvider`` (``Voila.identity_provider_class``) is jupyter_server's password
identity provider (what Voilà uses) that also makes the server answer only to its own name:
every request whose ``Host`` header is not one of ``allowed_hosts`` — pages, static files,
the API and the websockets alike — gets ``403`` before any handler runs. That defeats DNS
rebinding (a foreign site whose name is made to point at the classroom server). The allowed
names are the loopback names and addresses, the address the server is bound to (with every
address of the machine, and its host name, when it listens on all interfaces), the names in
``OwnHostIdentityProvider.hosts`` (``voila.json``) and those in the ``TABLEKIT_HOSTS``
environment variable (comma- or space-separated), e.g.
``TABLEKIT_HOSTS=classroom.local make dashboards``.

The same provider makes the server's root (``/``) open the start page, ``dashboards/start.ipynb``,
instead of Voilà's file list (the ``StartPageRoot`` mixin). Voilà 0.5.13 has no setting for the
root page, and its only configurable class that adds routes ahead of the file list's is the
identity provider: its ``get_handlers()`` are added before the tree's. The redirect keeps the
query (``/?lang=ja`` opens the start page in Japanese) and is added only when Voilà serves a
folder that holds ``start.ipynb``; the file list stays at ``voila/tree/``.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.utils import url_path_join
from tornado import httputil, routing, web
from tornado.web import RedirectHandler
from traitlets import List, Unicode

from tablekit.widgets import notices
from tablekit.widgets.limits import V1_PROTOCOL, comm_open_problem, incoming_problem, read_frame

#: Refusals logged one line each per connection; later ones are counted.
LOGGED_REFUSALS = 10
#: Seconds between two notices to the kernel from one connection.
NOTICE_INTERVAL = 5.0
#: The environment variable a teacher sets to the classroom's names for this server.
HOSTS_VARIABLE = "TABLEKIT_HOSTS"


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket that sends each message at once (TCP_NODELAY), drops oversized or
    deeply nested incoming frames (telling the page's kernel) and refuses comms a page does not
    open."""

    def connect(self) -> Any:  # jupyter_server's own annotations disagree between base and subclass
        self.websocket_handler.set_nodelay(True)
        return super().connect()

    # Per-connection state (class defaults, so a connection built without ``connect`` works).
    _comm_opens: Counter[str] | None = None
    _refusals = 0
    _last_notice = float("-inf")

    def handle_incoming_message(self, incoming_msg: str | bytes) -> None:
        """Check a frame from the browser before jupyter_server parses it (``super()``)."""
        v1 = self.subprotocol == V1_PROTOCOL
        refusal = incoming_problem(incoming_msg, v1=v1)
        if refusal is not None:
            self._refuse("Dropped a websocket frame", refusal.reason)
            if refusal.notice is not None:
                self._tell_kernel(refusal.notice)
            return
        try:
            frame = read_frame(incoming_msg, v1=v1)
        except ValueError as exc:
            self._refuse("Dropped a websocket frame", str(exc))
            return
        if frame.msg_type == "comm_open":
            if self._comm_opens is None:
                self._comm_opens = Counter()
            target = frame.target or ""
            problem = comm_open_problem(target, len(incoming_msg), self._comm_opens[target])
            if problem is not None:
                self._refuse("Refused", problem)
                return
            self._comm_opens[target] += 1
        super().handle_incoming_message(incoming_msg)  # type: ignore[arg-type]  # bytes in v1, typed str upstream

    def _refuse(self, what: str, reason: str) -> None:
        self._refusals += 1
        if self._refusals <= LOGGED_REFUSALS:
            self.log.warning("%s for kernel %s: %s", what, self.kernel_id, reason)

    def _tell_kernel(self, reason: str) -> None:
        """Open a notice comm in the kernel (``tablekit.widgets.notices``), at most once per
        ``NOTICE_INTERVAL`` seconds."""
        now = time.monotonic()
        stream = (self.channels or {}).get("shell")
        if stream is None or now - self._last_notice < NOTICE_INTERVAL:
            return
        self._last_notice = now
        self.session.send(stream, "comm_open", content=notices.open_content(reason))

    def disconnect(self) -> Any:  # jupyter_server's annotations disagree between base and subclass
        if self._refusals > LOGGED_REFUSALS:
            self.log.warning("Refused %d more frames for kernel %s on one connection (not logged one by one)",
                             self._refusals - LOGGED_REFUSALS, self.kernel_id)
            self._refusals = 0
        return super().disconnect()


# --- the host check -------------------------------------------------------------------------------

_PORT = re.compile(r":\d*$")


def host_name(host_header: str) -> str:
    """The name or address in a ``Host`` header, without port, brackets, trailing dot or case.

    >>> host_name("LocalHost.:8866"), host_name("[::1]:8866"), host_name("192.168.1.10")
    ('localhost', '::1', '192.168.1.10')
    """
    host = host_header.strip()
    if host.startswith("["):
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = _PORT.sub("", host)
    return host.rstrip(".").lower()


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def machine_addresses() -> set[str]:
    """Every address of this machine's network interfaces (psutil), and its host name."""
    import psutil

    found = {socket.gethostname().lower()}
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family in (socket.AF_INET, socket.AF_INET6):
                found.add(address.address.split("%", 1)[0].lower())
    return found


def allowed_hosts(bound: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The names and addresses a server bound to ``bound`` (``Voila.ip``) answers to: loopback
    ones, ``bound`` itself (every address of the machine and its host name when ``bound`` is
    all interfaces: ``""``, ``0.0.0.0`` or ``::``), and ``extra``. Loopback addresses
    (127.0.0.0/8, ::1) are always allowed (see :func:`is_allowed`).

    >>> sorted(allowed_hosts("127.0.0.1", ["Classroom.local."]))
    ['127.0.0.1', '::1', 'classroom.local', 'localhost']
    """
    names = {"localhost", "127.0.0.1", "::1"}
    bound = host_name(bound) if bound else ""
    if bound in ("", "0.0.0.0", "::", "*"):
        names |= machine_addresses()
    else:
        names.add(bound)
    names |= {host_name(name) for name in extra if name.strip()}
    return frozenset(names)


def is_allowed(host_header: str, allowed: frozenset[str]) -> bool:
    """Does a request with this ``Host`` header come for this server?

    >>> hosts = allowed_hosts("127.0.0.1")
    >>> [is_allowed(h, hosts) for h in ("127.0.0.1:8866", "localhost:8866", "127.0.0.2", "[::1]:1")]
    [True, True, True, True]
    >>> [is_allowed(h, hosts) for h in ("evil.example:8866", "localhost.evil.example", "10.0.0.5", "")]
    [False, False, False, False]
    """
    name = host_name(host_header)
    if name in allowed:
        return True
    if _is_ip(name):
        return ipaddress.ip_address(name).is_loopback
    return False


def hosts_from_environment(environ: dict[str, str] | os._Environ[str] = os.environ) -> list[str]:
    """The names in ``TABLEKIT_HOSTS`` (comma- or space-separated).

    >>> hosts_from_environment({"TABLEKIT_HOSTS": "classroom.local, 192.168.1.10  teacher-pc"})
    ['classroom.local', '192.168.1.10', 'teacher-pc']
    """
    return [name for name in re.split(r"[,\s]+", environ.get(HOSTS_VARIABLE, "")) if name]


class _ForeignHost(routing.Matcher):
    """Matches every request whose Host is not one of ``allowed``."""

    def __init__(self, allowed: frozenset[str]) -> None:
        self.allowed = allowed

    def match(self, request: httputil.HTTPServerRequest) -> dict[str, Any] | None:
        return None if is_allowed(request.host or "", self.allowed) else {}


class RefusedHostHandler(web.RequestHandler):
    """403 for every method (websocket upgrades included): the request named another host."""

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish("403: this server answers only to its own address.\n")


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


class OwnHostIdentityProvider(StartPageRoot, PasswordIdentityProvider):
    """Voilà's identity provider (jupyter_server's password/token one), plus the host check:
    while Voilà builds its handlers it asks this provider for its own (login, logout); the
    provider then puts a rule in front of every other one that answers ``403`` to a request for
    a host the server does not answer to (:func:`allowed_hosts`)."""

    hosts = List(Unicode(), config=True,
                 help=f"Extra host names (or addresses) this server answers to, e.g. the classroom's name for "
                      f"it; the {HOSTS_VARIABLE} environment variable adds more.")

    def get_handlers(self) -> list[tuple[str, object]]:
        handlers: list[tuple[str, object]] = super().get_handlers()
        app = getattr(self.parent, "app", None)
        if not isinstance(app, web.Application):
            raise RuntimeError("OwnHostIdentityProvider: Voilà's tornado application was not found, so the host "
                               "check cannot be installed (a Voilà other than 0.5?)")
        allowed = allowed_hosts(getattr(self.parent, "ip", "127.0.0.1"), [*self.hosts, *hosts_from_environment()])
        app.default_router.rules.insert(0, routing.Rule(_ForeignHost(allowed), RefusedHostHandler))
        self.log.info("Answering only to the host names %s (and loopback addresses); %s adds more",
                      ", ".join(sorted(allowed)), HOSTS_VARIABLE)
        return handlers


__all__ = ["HOSTS_VARIABLE", "NoDelayConnection", "OwnHostIdentityProvider", "RefusedHostHandler", "START_PAGE", "StartPageRoot", "allowed_hosts",
           "host_name", "hosts_from_environment", "is_allowed", "machine_addresses"]
