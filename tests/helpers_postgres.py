"""A throw-away PostgreSQL server for tests, from Debian's ``postgresql`` package.

``initdb`` refuses to run as root, so as root the server runs as an unprivileged user (the
``postgres`` user the package made, else ``nobody``) through ``runuser``, in a temporary
directory that user owns, on a free loopback port, with its socket in that directory. Nothing
of the machine's own PostgreSQL (if any) is used or touched. ``.ci/run`` installs the package.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


def postgres_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` holding initdb and pg_ctl (None: not installed)."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    found = [d for d in found if (d / "pg_ctl").exists()]
    return max(found, key=lambda d: int(d.parent.name) if d.parent.name.isdigit() else 0) if found else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """``start()`` a private server; ``new_database()`` gives a URL of a fresh empty database;
    ``stop()`` ends the server and removes its directory."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="tablekit-pg-"))
        self.data = self.dir / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    entry = pwd.getpwnam(name)
                except KeyError:
                    continue
                self.user = name
                os.chown(self.dir, entry.pw_uid, entry.pw_gid)
                break
            else:
                raise RuntimeError("no unprivileged user (postgres or nobody) to run PostgreSQL as")
        os.chmod(self.dir, 0o700)
        self.started = False

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.dir)

    def start(self) -> None:
        done = self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "tablekit", "-E", "UTF8",
                         "--no-locale", "--no-sync")
        if done.returncode:
            raise RuntimeError(f"initdb failed: {done.stdout}{done.stderr}")
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100")
        done = self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.dir / "server.log"),
                         "-w", "-t", "60", "start")
        if done.returncode:
            log = (self.dir / "server.log").read_text(errors="replace") if (self.dir / "server.log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {done.stdout}{done.stderr}{log}")
        self.started = True

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://tablekit@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty database on this server."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=tablekit dbname=postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            if self.started:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            self.started = False
            shutil.rmtree(self.dir, ignore_errors=True)
