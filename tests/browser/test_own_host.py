"""The server answers only to its own name (``tablekit.widgets.server.OwnHostIdentityProvider``).

A page of another site whose name is made to resolve to the classroom server (DNS rebinding)
sends that site's name in the ``Host`` header: every such request is refused with 403 — pages,
static files, the API and both websockets — while the same requests with the server's own
address work. Requests are made by hand (``http.client``), so the ``Host`` header is exactly the
one given. The session's Voilà server (``voila_url``) runs with ``voila.json``.
"""

from __future__ import annotations

import http.client
import re
import urllib.request
from urllib.parse import urlsplit

import pytest

from tablekit.widgets.server import OwnHostIdentityProvider

pytestmark = pytest.mark.browser

FOREIGN = ["evil.example", "localhost.evil.example", "10.1.2.3", "127.0.0.1.nip.io"]
WEBSOCKET_HEADERS = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


def request(url: str, path: str, host: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    """GET ``path`` from the server at ``url`` with ``Host: host``: the status (101 for an
    accepted websocket) and the first bytes of the body."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host)
        for name, value in (headers or {}).items():
            conn.putheader(name, value)
        conn.endheaders()
        response = conn.getresponse()
        body = b"" if response.status == 101 else response.read(2000)
        return response.status, body
    finally:
        conn.close()


@pytest.fixture(scope="module")
def rendered(voila_url: str) -> tuple[str, str]:
    """A play page rendered with the server's own address: its HTML and its kernel's id (the page
    never connects, so the kernel is culled a minute later)."""
    with urllib.request.urlopen(f"{voila_url}/voila/render/play.ipynb", timeout=120) as response:
        html = response.read().decode()
    match = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)
    assert match is not None, html[:2000]
    return html, match.group(1)


def paths(html: str, kernel: str) -> dict[str, tuple[str, dict[str, str] | None, int]]:
    """What a page needs, each with the status the server's own address gets."""
    template_static = re.search(r'(/voila/templates/tablekit/static/index\.css[^"]*)"', html)
    assert template_static is not None, "the page links the template's own stylesheet"
    return {
        "start page (the root redirects to it)": ("/", None, 302),
        "file list": ("/voila/tree/", None, 200),
        "page": ("/voila/render/play.ipynb", None, 200),
        "static file": ("/voila/static/voila.js", None, 200),
        "template static file": (template_static.group(1), None, 200),
        "kernel API": (f"/api/kernels/{kernel}", None, 200),
        "kernel websocket": (f"/api/kernels/{kernel}/channels", WEBSOCKET_HEADERS, 101),
        "request-info websocket": (f"/voila/query/{kernel}", WEBSOCKET_HEADERS, 101),
    }


def test_a_foreign_host_is_refused_everywhere_and_the_real_one_works(
        voila_url: str, rendered: tuple[str, str]) -> None:
    html, kernel = rendered
    port = urlsplit(voila_url).port
    for name, (path, headers, ok) in paths(html, kernel).items():
        if name != "page":  # rendering a page takes a kernel: one was rendered above
            for own in (f"127.0.0.1:{port}", f"localhost:{port}"):
                status, body = request(voila_url, path, own, headers)
                assert status == ok, (name, own, status, body[:300])
        for foreign in FOREIGN:
            status, body = request(voila_url, path, f"{foreign}:{port}", headers)
            assert status == 403, (name, foreign, status, body[:300])
            assert body in (b"", b"403: this server answers only to its own address.\n"), body[:300]


def _handler_for(app: object, host: str) -> type:
    from tornado import httputil, web

    assert isinstance(app, web.Application)
    request = httputil.HTTPServerRequest(start_line=httputil.RequestStartLine("GET", "/", "HTTP/1.1"),
                                         headers=httputil.HTTPHeaders({"Host": host}))
    handler: type = app.find_handler(request).handler_class  # type: ignore[attr-defined]
    return handler


def test_a_teacher_names_more_hosts_in_voila_json_or_tablekit_hosts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule the provider installs, on a tornado application of its own (no server)."""
    from tornado import web
    from traitlets import Any, Unicode
    from traitlets.config import Config, Configurable

    from tablekit.widgets.server import RefusedHostHandler

    class Home(web.RequestHandler):
        def get(self) -> None:
            self.write("home")

    class FakeVoila(Configurable):
        ip = Unicode("127.0.0.1")
        app = Any()

    monkeypatch.setenv("TABLEKIT_HOSTS", "classroom.local, 192.168.1.10")
    config = Config({"OwnHostIdentityProvider": {"hosts": ["teacher-pc"]}})
    voila = FakeVoila(config=config, app=web.Application())
    provider = OwnHostIdentityProvider(parent=voila, config=config)
    voila.app.add_handlers(".*$", [*provider.get_handlers(), ("/", Home)])
    for host in ("127.0.0.1:8866", "localhost", "classroom.local:8866", "Classroom.Local.", "192.168.1.10:8866",
                 "teacher-pc", "[::1]:8866"):
        assert _handler_for(voila.app, host) is Home, host
    for host in ("evil.example", "192.168.1.11:8866", "classroom.local.evil.example", "teacher-pc.evil"):
        assert _handler_for(voila.app, host) is RefusedHostHandler, host
