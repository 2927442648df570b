"""The class store: every read and write of the class database, with no widget and no Session.

A :class:`ClassStore` opens the database named by ``TABLEKIT_CLASS_DB`` (an SQLAlchemy URL such
as ``postgresql://user:password@host/db``, or a file path; by default the SQLite file
``classroom.sqlite`` under ``$XDG_DATA_HOME/tablekit/``, else ``~/.local/share/tablekit/``) and
creates its tables when they are missing. Every page of a class (each a kernel of its own under
Voilà) opens its own store on the same database; the database, not the kernels, holds the class.

>>> store = ClassStore("sqlite://")            # (a database in memory, for this example)
>>> cls = store.create_class("5B", empty_seat="bot", away_minutes=3)
>>> len(cls.code), cls.empty_seat
(6, 'bot')
>>> ann, ann_key = store.join(cls.code.lower(), "  Ann ")   # the class code as a learner types it
>>> ann.name, store.learner_by_key(ann_key) == ann
('Ann', True)
>>> store.join(cls.code, "ANN")
Traceback (most recent call last):
...
tablekit.core.errors.ClassroomError: Someone in this class already has this name: choose another one.

A table: a game, and per seat a learner or a bot. Its deal stays on the server (only
:meth:`ClassStore.record` gives it, for the shared table's Session).

>>> [table] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"])
>>> table.seats, table.learner_seats, table.status
(('learner', 'learner', 'heuristic'), (0, 1), 'playing')
>>> store.take_seat(ann.id, table.id), store.take_seat(ann.id, table.id)  # the same seat again
(0, 0)
>>> store.free_seats(table.id)
(1,)

The move log is append-only, numbered from 1: the second of two writers of the same move number
is told the table moved on (:class:`~tablekit.core.errors.MoveTaken`) and nothing is written.

>>> store.append_move(table.id, 1, "6H", 0, ann.id)
>>> store.append_move(table.id, 1, "9D", 0, ann.id)
Traceback (most recent call last):
...
tablekit.core.errors.MoveTaken: The table moved on before your move arrived: look at it again and choose your move.
>>> [(m.seq, m.code, m.seat) for m in store.moves(table.id)]
[(1, '6H', 0)]

Keys: a learner's key is shown once (it goes into the learner's link) and kept only as its
SHA-256; keys are compared in constant time. The teacher key is one per server
(``TABLEKIT_TEACHER_KEY`` when set); the store keeps it in clear too (the ``settings`` table)
so that ``python -m tablekit classroom teacher-link`` can print the link again: whoever can
read the database already reads every hand and every seed in it, so the clear copy gives them
nothing more. ``teacher-link --new`` replaces it.

>>> store.check_teacher_key(store.teacher_key()), store.check_teacher_key("guess")
(True, False)

Every refusal (a bad class code, a taken seat, a learner of another class, a name too long or
empty, a stale move) is a :class:`~tablekit.core.errors.ClassroomError` with an i18n reason,
raised before anything is written. :meth:`ClassStore.backup` copies the store while the class
goes on.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as _dt
import hashlib
import hmac
import io
import os
import re
import secrets
import sqlite3
import string
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from sqlalchemy import URL, Connection, Engine, create_engine, event, func, insert, inspect, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from tablekit.bots import bot_names
from tablekit.core.errors import ClassroomError, ConfigError, MoveTaken
from tablekit.core.game import Outcome
from tablekit.core.record import Record
from tablekit.core.registry import make, spec
from tablekit.core.rng import check_seed, random_seed
from tablekit.classroom import schema as s
from tablekit.classroom.schema import NAME_MAX, SCHEMA_VERSION

#: The environment variable naming the database (an SQLAlchemy URL or a file path).
ENV_DB = "TABLEKIT_CLASS_DB"
#: The environment variable that, when set, is the teacher key (instead of the stored one).
ENV_TEACHER_KEY = "TABLEKIT_TEACHER_KEY"
#: How long a writer waits for SQLite's write lock before giving up (seconds).
BUSY_SECONDS = 15.0
#: Letters of class codes: no 0/O, 1/I, so that a code read aloud or from a board is typed right.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: What happens to a learner's seat left empty: a bot takes it over, or the table waits.
EMPTY_SEAT_POLICIES = ("bot", "wait")
#: The minutes a teacher may choose before a seat counts as empty (whole numbers).
AWAY_MINUTES = (1, 120)
#: A learner whose page gave a sign of life this recently counts as online (seconds).
ONLINE_SECONDS = 45.0
#: The most tables one call deals (the same deal at every table of a class).
MAX_COPIES = 40
#: What :meth:`ClassStore.csv` exports.
CSV_EXPORTS = ("learners", "progress", "tables", "results", "leaderboard")

_KEY_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")
_KEY_LETTERS = string.ascii_letters + string.digits
_WRITE = "tablekit_write"  # an execution option: this transaction writes (SQLite: BEGIN IMMEDIATE)


# --- where the store is -----------------------------------------------------------------------
def default_path() -> Path:
    """The default SQLite file: ``classroom.sqlite`` under ``$XDG_DATA_HOME/tablekit/`` (else
    ``~/.local/share/tablekit/``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tablekit" / "classroom.sqlite"


def store_url(name: str | None = None) -> URL:
    """The database URL for ``name`` (default: ``TABLEKIT_CLASS_DB``, else :func:`default_path`):
    an SQLAlchemy URL (``postgresql://`` uses psycopg 3) or a file path for SQLite.

    >>> store_url("postgresql://tk@db.example/class").drivername
    'postgresql+psycopg'
    >>> store_url("/srv/class.sqlite").render_as_string()
    'sqlite:////srv/class.sqlite'
    """
    name = os.environ.get(ENV_DB, "") if name is None else name
    if not name.strip():
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return URL.create("sqlite", database=str(path))
    if "://" in name:
        url = make_url(name.strip())
        if url.drivername in ("postgresql", "postgres"):
            url = url.set(drivername="postgresql+psycopg")
        return url
    return URL.create("sqlite", database=str(Path(name).expanduser().resolve()))


def _engine(url: URL) -> Engine:
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_SECONDS})
    in_memory = url.database in (None, "", ":memory:")

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own transaction handling off: the "begin" hook below says BEGIN.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if not in_memory:
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # A writer takes the write lock at once (waiting up to busy_timeout), so that it never
        # fails half-way when another process wrote since it started reading.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "BEGIN")

    return engine


# --- what the store gives -----------------------------------------------------------------------
@dataclass(frozen=True)
class ClassInfo:
    """A class: ``code`` is what learners type to join; ``empty_seat`` ("bot" or "wait") is what
    happens to a learner's seat left empty for ``away_minutes``."""

    id: int
    code: str
    name: str
    empty_seat: str
    away_minutes: int
    created_at: float


@dataclass(frozen=True)
class Learner:
    """A learner of a class (their key is never kept: only its hash)."""

    id: int
    class_id: int
    name: str
    created_at: float
    last_seen: float | None


@dataclass(frozen=True)
class TableInfo:
    """A table, without its deal: ``seats`` names each seat's player ("learner" or a bot's
    name); ``config`` is the game's whole config; ``deal_group`` is shared by the tables dealt
    the same deal; ``status`` is "playing" or "over"."""

    id: int
    class_id: int
    name: str
    game: str
    preset: str
    players: int
    config: Mapping[str, Any]
    seats: tuple[str, ...]
    deal_group: str | None
    status: str
    created_at: float

    @property
    def learner_seats(self) -> tuple[int, ...]:
        """The seats learners play (the others are bots')."""
        return tuple(i for i, who in enumerate(self.seats) if who == "learner")


@dataclass(frozen=True)
class Seating:
    """A learner at a seat; ``last_seen``: the latest sign of their page at this table."""

    table_id: int
    seat: int
    learner_id: int
    learner_name: str
    seated_at: float
    last_seen: float


@dataclass(frozen=True)
class Move:
    """Move number ``seq`` of a table: ``code`` played by ``seat`` (``learner_id``: who sent
    it; None for a bot's move)."""

    seq: int
    code: str
    seat: int
    learner_id: int | None
    at: float


@dataclass(frozen=True)
class Progress:
    """A lesson a learner finished."""

    learner_id: int
    learner_name: str
    game: str
    lesson: str
    finished_at: float


@dataclass(frozen=True)
class Result:
    """One seat's result at a table whose game ended (``bot``: the bot's name at a bot's seat;
    a learner's seat that nobody took has neither)."""

    table_id: int
    table_name: str
    game: str
    seat: int
    learner_id: int | None
    learner_name: str | None
    bot: str | None
    score: float
    won: bool
    finished_at: float


@dataclass(frozen=True)
class Standing:
    """A line of the class's leaderboard: games finished and won."""

    learner_id: int
    name: str
    games: int
    wins: int


# --- checking what people type --------------------------------------------------------------------
def clean_name(value: object) -> str:
    """A display name as kept: trimmed, inner spaces collapsed, control characters removed,
    1 to ``NAME_MAX`` characters; otherwise a ClassroomError.

    >>> clean_name("  Mia \\t  Tanaka ")
    'Mia Tanaka'
    >>> clean_name("   ")
    Traceback (most recent call last):
    ...
    tablekit.core.errors.ClassroomError: Type a name.
    """
    if not isinstance(value, str):
        raise ClassroomError("classroom.error.name_empty")
    value = unicodedata.normalize("NFC", value)
    value = "".join(" " if ch.isspace() else ch for ch in value if ch.isspace() or unicodedata.category(ch)[0] != "C")
    value = " ".join(value.split())
    if not value:
        raise ClassroomError("classroom.error.name_empty")
    if len(value) > NAME_MAX:
        raise ClassroomError("classroom.error.name_long", max=NAME_MAX)
    return value


def _name_key(name: str) -> str:
    """What makes two names the same in a class: case and width do not count."""
    return unicodedata.normalize("NFKC", name).casefold()


def normalize_code(value: object) -> str | None:
    """A class code as typed (any case, spaces, dashes, full-width letters) in its stored form,
    or None when it cannot be one.

    >>> normalize_code(" abc-2de "), normalize_code("ＡＢＣ２ＤＥ"), normalize_code("AB")
    ('ABC2DE', 'ABC2DE', None)
    """
    if not isinstance(value, str):
        return None
    code = re.sub(r"[\s\-]", "", unicodedata.normalize("NFKC", value)).upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def new_key(length: int = 22) -> str:
    """A fresh secret key of letters and digits (22 of them: about 131 bits), safe in a link
    and whole when a chat program or a terminal picks a link out of text."""
    return "".join(secrets.choice(_KEY_LETTERS) for _ in range(length))


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _key_hash(key: object) -> str | None:
    """The hash of a well-formed key, else None (nothing typed is ever looked up as it is)."""
    return _hash(key) if isinstance(key, str) and _KEY_RE.fullmatch(key) else None


def _policy(empty_seat: object, away_minutes: object) -> tuple[str, int]:
    if empty_seat not in EMPTY_SEAT_POLICIES:
        raise ClassroomError("classroom.error.empty_seat")
    low, high = AWAY_MINUTES
    if isinstance(away_minutes, bool) or not isinstance(away_minutes, int) or not low <= away_minutes <= high:
        raise ClassroomError("classroom.error.minutes", low=low, high=high)
    return str(empty_seat), away_minutes


def iso_time(seconds: float | None) -> str:
    """A stored time as ISO 8601 in UTC (empty for none), as the CSV files give it.

    >>> iso_time(0.0), iso_time(None)
    ('1970-01-01T00:00:00Z', '')
    """
    if seconds is None:
        return ""
    return _dt.datetime.fromtimestamp(seconds, _dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _new_id(result: Any) -> int:
    """The id of the row an INSERT made."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def _cell(value: Any) -> Any:
    """A CSV cell; text that a spreadsheet would read as a formula gets a leading quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


# --- the store ------------------------------------------------------------------------------------
class ClassStore:
    """The class database (see the module's docstring). ``url``: an SQLAlchemy URL or a file
    path (None: ``TABLEKIT_CLASS_DB``, else the default file). ``clock`` gives the time in
    seconds (tests pass their own). Creates the tables when they are missing; a store written
    by a newer version of tablekit is a ClassroomError (``classroom.error.schema_new``)."""

    def __init__(self, url: str | URL | None = None, *, clock: Callable[[], float] = time.time) -> None:
        self.url: URL = url if isinstance(url, URL) else store_url(url)
        self.clock = clock
        self.engine: Engine = _engine(self.url)
        try:
            self._setup()
        except BaseException:
            self.engine.dispose()
            raise

    def __repr__(self) -> str:
        return f"ClassStore({self.url.render_as_string(hide_password=True)!r})"

    def __enter__(self) -> ClassStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the store's connections (the database stays as it is)."""
        self.engine.dispose()

    @property
    def dialect(self) -> str:
        """"sqlite" or "postgresql"."""
        return self.engine.dialect.name

    # --- transactions ---------------------------------------------------------------------------
    @contextlib.contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn:
            yield conn

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        """One transaction that writes: all of it is kept, or nothing (a process killed in the
        middle leaves nothing of it)."""
        with self.engine.connect() as conn:
            conn.execution_options(**{_WRITE: True})
            with conn.begin():
                yield conn

    def _setup(self) -> None:
        with self._read() as conn:
            if self._ready(conn):
                return
        with self._write() as conn:
            if self.dialect == "postgresql":  # one process creates the tables, the others wait
                conn.execute(text("SELECT pg_advisory_xact_lock(7226001)"))
            if not self._ready(conn):
                if not inspect(conn).has_table("schema_version"):
                    s.metadata.create_all(conn)
                if conn.execute(select(func.count()).select_from(s.schema_version)).scalar() == 0:
                    conn.execute(insert(s.schema_version).values(version=SCHEMA_VERSION))
                if self._setting(conn, "teacher_key") is None:
                    self._store_teacher_key(conn, new_key())

    def _ready(self, conn: Connection) -> bool:
        """Is the schema there, at a version this code reads, with a teacher key?"""
        if not inspect(conn).has_table("schema_version"):
            return False
        found = conn.execute(select(func.max(s.schema_version.c.version))).scalar()
        if found is None:
            return False
        if found > SCHEMA_VERSION:
            raise ClassroomError("classroom.error.schema_new", found=found, known=SCHEMA_VERSION)
        return self._setting(conn, "teacher_key") is not None

    # --- the teacher key ------------------------------------------------------------------------
    @staticmethod
    def _setting(conn: Connection, name: str) -> str | None:
        return conn.execute(select(s.settings.c.value).where(s.settings.c.name == name)).scalar()

    @staticmethod
    def _store_teacher_key(conn: Connection, key: str) -> None:
        for name, value in (("teacher_key", key), ("teacher_key_sha256", _hash(key))):
            if conn.execute(update(s.settings).where(s.settings.c.name == name).values(value=value)).rowcount == 0:
                conn.execute(insert(s.settings).values(name=name, value=value))

    def teacher_key(self) -> str:
        """The teacher key: ``TABLEKIT_TEACHER_KEY`` when set, else the one stored."""
        env = os.environ.get(ENV_TEACHER_KEY, "").strip()
        if env:
            return env
        with self._read() as conn:
            key = self._setting(conn, "teacher_key")
        assert key is not None
        return key

    def new_teacher_key(self) -> str:
        """Replace the stored teacher key (links with the old one stop working) and return it."""
        key = new_key()
        with self._write() as conn:
            self._store_teacher_key(conn, key)
        return key

    def check_teacher_key(self, key: object) -> bool:
        """Is ``key`` the teacher key? (Compared in constant time, as hashes.)"""
        if not isinstance(key, str) or not key or len(key) > 200:
            return False
        env = os.environ.get(ENV_TEACHER_KEY, "").strip()
        if env:
            expected = _hash(env)
        else:
            with self._read() as conn:
                expected = self._setting(conn, "teacher_key_sha256") or ""
        return hmac.compare_digest(_hash(key), expected)

    # --- classes --------------------------------------------------------------------------------
    def create_class(self, name: str, *, empty_seat: str = "wait", away_minutes: int = 5) -> ClassInfo:
        """A new class with a fresh join code."""
        name = clean_name(name)
        empty_seat, away_minutes = _policy(empty_seat, away_minutes)
        for _ in range(50):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self._write() as conn:
                    conn.execute(insert(s.classes).values(code=code, name=name, empty_seat=empty_seat,
                                                          away_minutes=away_minutes, created_at=self.clock()))
            except IntegrityError:  # (that code was taken: draw another)
                continue
            return self.class_by_code(code)
        raise RuntimeError("no free class code found")  # pragma: no cover - 2**30 codes

    def class_by_code(self, code: object) -> ClassInfo:
        """The class whose join code is ``code`` (as a learner types it); ClassroomError when
        there is none."""
        normal = normalize_code(code)
        row = None
        if normal is not None:
            with self._read() as conn:
                row = conn.execute(select(s.classes).where(s.classes.c.code == normal)).first()
        if row is None:
            raise ClassroomError("classroom.error.no_class")
        return ClassInfo(**row._mapping)

    def get_class(self, class_id: int) -> ClassInfo:
        with self._read() as conn:
            row = conn.execute(select(s.classes).where(s.classes.c.id == class_id)).first()
        if row is None:
            raise ClassroomError("classroom.error.no_class")
        return ClassInfo(**row._mapping)

    def classes(self) -> list[ClassInfo]:
        """Every class, oldest first."""
        with self._read() as conn:
            return [ClassInfo(**r._mapping) for r in conn.execute(select(s.classes).order_by(s.classes.c.id))]

    def set_empty_seat(self, class_id: int, empty_seat: str, away_minutes: int) -> ClassInfo:
        """Change what happens to a learner's seat left empty for ``away_minutes``."""
        empty_seat, away_minutes = _policy(empty_seat, away_minutes)
        with self._write() as conn:
            done = conn.execute(update(s.classes).where(s.classes.c.id == class_id)
                                .values(empty_seat=empty_seat, away_minutes=away_minutes)).rowcount
        if not done:
            raise ClassroomError("classroom.error.no_class")
        return self.get_class(class_id)

    # --- learners -------------------------------------------------------------------------------
    def join(self, code: object, name: object) -> tuple[Learner, str]:
        """A new learner in the class with join code ``code``: the learner and their key (give
        it to them now, in their link: the store keeps only its hash). A name already used in
        the class (ignoring case) is refused."""
        cls = self.class_by_code(code)
        clean = clean_name(name)
        key = new_key()
        now = self.clock()
        try:
            with self._write() as conn:
                learner_id = _new_id(conn.execute(insert(s.learners).values(
                    class_id=cls.id, name=clean, name_key=_name_key(clean), key_hash=_hash(key),
                    created_at=now, last_seen=now)))
        except IntegrityError:
            raise ClassroomError("classroom.error.name_taken") from None
        return self.get_learner(learner_id), key

    def learner_by_key(self, key: object, code: object = None) -> Learner:
        """The learner whose key is ``key`` (and, when ``code`` is given, of that class);
        ClassroomError ``classroom.error.bad_key`` otherwise."""
        wanted = _key_hash(key)
        row = None
        if wanted is not None:
            with self._read() as conn:
                row = conn.execute(select(s.learners).where(s.learners.c.key_hash == wanted)).first()
        if row is None or not hmac.compare_digest(row.key_hash, wanted or ""):
            raise ClassroomError("classroom.error.bad_key")
        if code is not None and self.get_class(row.class_id).code != normalize_code(code):
            raise ClassroomError("classroom.error.bad_key")
        return self._learner(row)

    @staticmethod
    def _learner(row: Any) -> Learner:
        return Learner(row.id, row.class_id, row.name, row.created_at, row.last_seen)

    def get_learner(self, learner_id: int) -> Learner:
        with self._read() as conn:
            row = conn.execute(select(s.learners).where(s.learners.c.id == learner_id)).first()
        if row is None:
            raise ClassroomError("classroom.error.no_learner")
        return self._learner(row)

    def learners(self, class_id: int) -> list[Learner]:
        """The learners of a class, in the order they joined."""
        with self._read() as conn:
            rows = conn.execute(select(s.learners).where(s.learners.c.class_id == class_id)
                                .order_by(s.learners.c.id))
            return [self._learner(r) for r in rows]

    def online(self, class_id: int) -> list[Learner]:
        """The learners whose page gave a sign of life in the last ``ONLINE_SECONDS``."""
        since = self.clock() - ONLINE_SECONDS
        return [x for x in self.learners(class_id) if x.last_seen is not None and x.last_seen >= since]

    def new_learner_key(self, learner_id: int) -> str:
        """A new key for a learner who lost their link (the old key stops working)."""
        key = new_key()
        with self._write() as conn:
            done = conn.execute(update(s.learners).where(s.learners.c.id == learner_id)
                                .values(key_hash=_hash(key))).rowcount
        if not done:
            raise ClassroomError("classroom.error.no_learner")
        return key

    def heartbeat(self, learner_id: int, table_id: int | None = None) -> None:
        """A sign of life from a learner's page (and from their seat at ``table_id``): the
        teacher sees them online, and their seat does not count as empty."""
        now = self.clock()
        with self._write() as conn:
            conn.execute(update(s.learners).where(s.learners.c.id == learner_id).values(last_seen=now))
            if table_id is not None:
                conn.execute(update(s.seatings).where(s.seatings.c.table_id == table_id,
                                                      s.seatings.c.learner_id == learner_id).values(last_seen=now))

    # --- tables ---------------------------------------------------------------------------------
    def create_tables(self, class_id: int, game: str, *, copies: int = 1, preset: str | None = None,
                      players: int | None = None, seats: Sequence[str] | None = None,
                      options: Mapping[str, Any] | None = None, name: str | None = None,
                      seed: int | None = None, bot_seed: int | None = None) -> list[TableInfo]:
        """``copies`` new tables of ``game`` (``preset``, ``players`` and option overrides as for
        :func:`tablekit.make`) on one deal and one seat assignment: ``seats`` gives each seat's
        player, "learner" or a bot's name (default: every seat a learner's). Several copies
        share a ``deal_group`` for :func:`tablekit.classroom.shared.compare`. ``seed`` and
        ``bot_seed`` default to fresh random ones. Names default to the tables' numbers in the
        class. A bad option is a ConfigError; bad seats or copies a ClassroomError."""
        cls = self.get_class(class_id)
        g = make(game, preset=preset, players=players, **dict(options or {}))
        n = g.num_players
        seat_list = ["learner"] * n if seats is None else list(seats)
        known = bot_names(g.name)
        if len(seat_list) != n or not all(isinstance(x, str) and (x == "learner" or x in known) for x in seat_list):
            raise ClassroomError("classroom.error.seats", players=n, bots=", ".join(known))
        if "learner" not in seat_list:
            raise ClassroomError("classroom.error.no_learner_seat")
        if any(spec(g.name).human_seats(g.config, i) != frozenset({i}) for i, x in enumerate(seat_list) if x == "learner"):
            raise ClassroomError("classroom.error.solo")
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
            raise ClassroomError("classroom.error.copies", high=MAX_COPIES)
        label = None if name is None else clean_name(name)
        seed = random_seed() if seed is None else check_seed(seed)
        bot_seed = random_seed() if bot_seed is None else check_seed(bot_seed)
        group = secrets.token_hex(6) if copies > 1 else None
        stored_seats = [{"kind": "learner"} if x == "learner" else {"kind": "bot", "bot": x} for x in seat_list]
        ids = []
        with self._write() as conn:
            count = conn.execute(select(func.count()).select_from(s.tables)
                                 .where(s.tables.c.class_id == cls.id)).scalar() or 0
            for i in range(copies):
                if label is None:
                    table_name = str(count + i + 1)
                else:
                    table_name = label if copies == 1 else clean_name(f"{label[:NAME_MAX - 3]} {i + 1}")
                ids.append(_new_id(conn.execute(insert(s.tables).values(
                    class_id=cls.id, name=table_name, game=g.name, preset=g.preset, players=n,
                    config=g.config.to_dict(), seed=str(seed), bot_seed=str(bot_seed), seats=stored_seats,
                    deal_group=group, status="playing", created_at=self.clock()))))
        return [self.get_table(i) for i in ids]

    @staticmethod
    def _table(row: Any) -> TableInfo:
        seats = tuple("learner" if x.get("kind") == "learner" else str(x.get("bot")) for x in row.seats)
        return TableInfo(row.id, row.class_id, row.name, row.game, row.preset, row.players, dict(row.config),
                         seats, row.deal_group, row.status, row.created_at)

    _TABLE_COLUMNS = (s.tables.c.id, s.tables.c.class_id, s.tables.c.name, s.tables.c.game, s.tables.c.preset,
                      s.tables.c.players, s.tables.c.config, s.tables.c.seats, s.tables.c.deal_group,
                      s.tables.c.status, s.tables.c.created_at)  # (never the seeds)

    def get_table(self, table_id: int) -> TableInfo:
        with self._read() as conn:
            row = conn.execute(select(*self._TABLE_COLUMNS).where(s.tables.c.id == table_id)).first()
        if row is None:
            raise ClassroomError("classroom.error.no_table")
        return self._table(row)

    def tables(self, class_id: int, *, status: str | None = None, deal_group: str | None = None) -> list[TableInfo]:
        """The tables of a class (only those with ``status`` / in ``deal_group`` when given)."""
        query = select(*self._TABLE_COLUMNS).where(s.tables.c.class_id == class_id).order_by(s.tables.c.id)
        if status is not None:
            query = query.where(s.tables.c.status == status)
        if deal_group is not None:
            query = query.where(s.tables.c.deal_group == deal_group)
        with self._read() as conn:
            return [self._table(r) for r in conn.execute(query)]

    def seatings(self, table_id: int) -> list[Seating]:
        """Who sits where at a table, by seat."""
        query = (select(s.seatings, s.learners.c.name)
                 .join(s.learners, s.learners.c.id == s.seatings.c.learner_id)
                 .where(s.seatings.c.table_id == table_id).order_by(s.seatings.c.seat))
        with self._read() as conn:
            return [Seating(r.table_id, r.seat, r.learner_id, r.name, r.seated_at, r.last_seen)
                    for r in conn.execute(query)]

    def seatings_of(self, learner_id: int) -> list[Seating]:
        """Every seat a learner has taken, oldest first (their page finds its tables here)."""
        query = (select(s.seatings, s.learners.c.name)
                 .join(s.learners, s.learners.c.id == s.seatings.c.learner_id)
                 .where(s.seatings.c.learner_id == learner_id).order_by(s.seatings.c.seated_at, s.seatings.c.table_id))
        with self._read() as conn:
            return [Seating(r.table_id, r.seat, r.learner_id, r.name, r.seated_at, r.last_seen)
                    for r in conn.execute(query)]

    def free_seats(self, table_id: int) -> tuple[int, ...]:
        """The learners' seats nobody has taken yet."""
        taken = {x.seat for x in self.seatings(table_id)}
        return tuple(i for i in self.get_table(table_id).learner_seats if i not in taken)

    def seat_of(self, learner_id: int, table_id: int) -> int | None:
        """The learner's seat at the table (None: not seated there)."""
        with self._read() as conn:
            return conn.execute(select(s.seatings.c.seat).where(s.seatings.c.table_id == table_id,
                                                                s.seatings.c.learner_id == learner_id)).scalar()

    def take_seat(self, learner_id: int, table_id: int, seat: int | None = None) -> int:
        """Seat a learner (the learner's page, or the teacher seating the class): ``seat``, or
        the first free learner's seat. A learner already at the table gets their seat back.
        Refused (ClassroomError, nothing changes): a table of another class or whose game is
        over, a bot's seat, a taken seat, no free seat."""
        learner = self.get_learner(learner_id)
        table = self.get_table(table_id)
        if table.class_id != learner.class_id:
            raise ClassroomError("classroom.error.other_class")
        now = self.clock()
        try:
            with self._write() as conn:
                rows = conn.execute(select(s.seatings.c.seat, s.seatings.c.learner_id)
                                    .where(s.seatings.c.table_id == table_id)).all()
                mine = [r.seat for r in rows if r.learner_id == learner_id]
                if mine:
                    return int(mine[0])
                if conn.execute(select(s.tables.c.status).where(s.tables.c.id == table_id)).scalar() != "playing":
                    raise ClassroomError("classroom.error.table_over")
                taken = {r.seat for r in rows}
                if seat is None:
                    free = [i for i in table.learner_seats if i not in taken]
                    if not free:
                        raise ClassroomError("classroom.error.no_free_seat")
                    seat = free[0]
                elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
                    raise ClassroomError("classroom.error.no_seat")
                elif table.seats[seat] != "learner":
                    raise ClassroomError("classroom.error.bot_seat")
                elif seat in taken:
                    raise ClassroomError("classroom.error.seat_taken")
                conn.execute(insert(s.seatings).values(table_id=table_id, seat=seat, learner_id=learner_id,
                                                       seated_at=now, last_seen=now))
        except IntegrityError:  # (another page took it at the same moment)
            raise ClassroomError("classroom.error.seat_taken") from None
        return seat

    def away_seats(self, table_id: int) -> frozenset[int]:
        """The learners' seats a bot plays now under the class's empty-seat policy: none when the
        policy is "wait"; with "bot", each learner's seat whose page gave no sign of life for the
        class's minutes (a seat nobody took counts from the table's creation)."""
        table = self.get_table(table_id)
        cls = self.get_class(table.class_id)
        if cls.empty_seat != "bot":
            return frozenset()
        limit = self.clock() - 60 * cls.away_minutes
        seen = {x.seat: x.last_seen for x in self.seatings(table_id)}
        return frozenset(i for i in table.learner_seats if seen.get(i, table.created_at) < limit)

    # --- moves ----------------------------------------------------------------------------------
    def append_move(self, table_id: int, seq: int, code: str, seat: int, learner_id: int | None = None) -> None:
        """Write move number ``seq`` (the next one: the last plus one) of a table, in one
        transaction: MoveTaken when another page wrote that number first (nothing written)."""
        with self._write() as conn:
            status = conn.execute(select(s.tables.c.status).where(s.tables.c.id == table_id)).scalar()
            if status is None:
                raise ClassroomError("classroom.error.no_table")
            last = conn.execute(select(func.max(s.moves.c.seq)).where(s.moves.c.table_id == table_id)).scalar() or 0
            if seq <= last:
                raise MoveTaken(seq)
            if seq != last + 1:
                raise ValueError(f"move {seq} of table {table_id} would leave a gap after move {last}")
            try:
                conn.execute(insert(s.moves).values(table_id=table_id, seq=seq, code=code, seat=seat,
                                                    learner_id=learner_id, at=self.clock()))
            except IntegrityError:  # (PostgreSQL: another writer's move committed meanwhile)
                raise MoveTaken(seq) from None

    def moves(self, table_id: int, after: int = 0) -> list[Move]:
        """The moves of a table after move number ``after``, in order (a page polls this)."""
        query = (select(s.moves.c.seq, s.moves.c.code, s.moves.c.seat, s.moves.c.learner_id, s.moves.c.at)
                 .where(s.moves.c.table_id == table_id, s.moves.c.seq > after).order_by(s.moves.c.seq))
        with self._read() as conn:
            return [Move(*r) for r in conn.execute(query)]

    def record(self, table_id: int) -> Record:
        """The table's game as a record: config, deal seed, moves, and in ``meta`` the seats
        and the bots' seed. Server-side only: it holds the deal."""
        with self._read() as conn:
            row = conn.execute(select(s.tables).where(s.tables.c.id == table_id)).first()
            if row is None:
                raise ClassroomError("classroom.error.no_table")
            codes = conn.execute(select(s.moves.c.code).where(s.moves.c.table_id == table_id)
                                 .order_by(s.moves.c.seq)).scalars().all()
        table = self._table(row)
        seats = ["human" if x == "learner" else x for x in table.seats]
        return Record(table.game, table.preset, table.config, int(row.seed), tuple(codes),
                      meta={"seats": seats, "bot_seed": int(row.bot_seed)})

    # --- results and progress -------------------------------------------------------------------
    def finish_table(self, table_id: int, outcome: Outcome) -> bool:
        """Mark a table's game over and keep each seat's result; False (nothing written) when
        another page already did."""
        now = self.clock()
        with self._write() as conn:
            done = conn.execute(update(s.tables).where(s.tables.c.id == table_id, s.tables.c.status == "playing")
                                .values(status="over")).rowcount
            if not done:
                return False
            table = self._table(conn.execute(select(*self._TABLE_COLUMNS).where(s.tables.c.id == table_id)).one())
            seated = dict(conn.execute(select(s.seatings.c.seat, s.seatings.c.learner_id)
                                       .where(s.seatings.c.table_id == table_id)).tuples().all())
            for seat, who in enumerate(table.seats):
                conn.execute(insert(s.results).values(
                    table_id=table_id, seat=seat, learner_id=seated.get(seat),
                    bot=None if who == "learner" else who, score=float(outcome.scores[seat]),
                    won=seat in outcome.winners, finished_at=now))
        return True

    def results(self, class_id: int) -> list[Result]:
        """Every seat's result at the class's finished tables."""
        query = (select(s.results, s.tables.c.name.label("table_name"), s.tables.c.game,
                        s.learners.c.name.label("learner_name"))
                 .join(s.tables, s.tables.c.id == s.results.c.table_id)
                 .outerjoin(s.learners, s.learners.c.id == s.results.c.learner_id)
                 .where(s.tables.c.class_id == class_id).order_by(s.results.c.table_id, s.results.c.seat))
        with self._read() as conn:
            return [Result(r.table_id, r.table_name, r.game, r.seat, r.learner_id, r.learner_name, r.bot,
                           r.score, bool(r.won), r.finished_at) for r in conn.execute(query)]

    def leaderboard(self, class_id: int) -> list[Standing]:
        """The class's learners by games won, then fewest games, then name."""
        board: dict[int, list[Any]] = {x.id: [x.name, 0, 0] for x in self.learners(class_id)}
        for r in self.results(class_id):
            if r.learner_id in board:
                board[r.learner_id][1] += 1
                board[r.learner_id][2] += int(r.won)
        lines = [Standing(i, name, games, wins) for i, (name, games, wins) in board.items()]
        return sorted(lines, key=lambda x: (-x.wins, x.games, _name_key(x.name), x.learner_id))

    def record_progress(self, learner_id: int, game: str, lesson: str) -> bool:
        """Keep that a learner finished a lesson; False when it was already kept. An unknown
        game or lesson is a ClassroomError."""
        try:
            lessons = spec(game).lessons if isinstance(game, str) else ()
        except ConfigError:
            lessons = ()
        if not isinstance(lesson, str) or lesson not in {x.id for x in lessons}:
            raise ClassroomError("classroom.error.lesson")
        self.get_learner(learner_id)
        key = (s.progress.c.learner_id == learner_id, s.progress.c.game == game, s.progress.c.lesson == lesson)
        try:
            with self._write() as conn:
                if conn.execute(select(func.count()).select_from(s.progress).where(*key)).scalar():
                    return False
                conn.execute(insert(s.progress).values(learner_id=learner_id, game=game, lesson=lesson,
                                                       finished_at=self.clock()))
        except IntegrityError:  # (the same lesson recorded by two pages at once)
            return False
        return True

    def progress(self, class_id: int) -> list[Progress]:
        """The lessons the class's learners finished, by learner then time."""
        query = (select(s.progress, s.learners.c.name).join(s.learners, s.learners.c.id == s.progress.c.learner_id)
                 .where(s.learners.c.class_id == class_id)
                 .order_by(s.progress.c.learner_id, s.progress.c.finished_at, s.progress.c.lesson))
        with self._read() as conn:
            return [Progress(r.learner_id, r.name, r.game, r.lesson, r.finished_at) for r in conn.execute(query)]

    # --- export and backup ----------------------------------------------------------------------
    def csv(self, class_id: int, what: str) -> str:
        """One of ``CSV_EXPORTS`` for a class as CSV text (times in ISO 8601, UTC).

        >>> store = ClassStore("sqlite://")
        >>> cls = store.create_class("5B")
        >>> _ = store.join(cls.code, "=Mia")
        >>> print(store.csv(cls.id, "learners").splitlines()[1].split(",")[1])
        '=Mia
        """
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        if what == "learners":
            finished: dict[int, int] = {}
            for p in self.progress(class_id):
                finished[p.learner_id] = finished.get(p.learner_id, 0) + 1
            online = {x.id for x in self.online(class_id)}
            w.writerow(["learner_id", "name", "joined", "last_seen", "online", "lessons_finished"])
            for x in self.learners(class_id):
                w.writerow([x.id, _cell(x.name), iso_time(x.created_at), iso_time(x.last_seen),
                            int(x.id in online), finished.get(x.id, 0)])
        elif what == "progress":
            w.writerow(["learner_id", "name", "game", "lesson", "finished"])
            for p in self.progress(class_id):
                w.writerow([p.learner_id, _cell(p.learner_name), p.game, p.lesson, iso_time(p.finished_at)])
        elif what == "tables":
            w.writerow(["table_id", "name", "game", "preset", "players", "seats", "deal_group", "status",
                        "moves", "created"])
            for t in self.tables(class_id):
                who = {x.seat: x.learner_name for x in self.seatings(t.id)}
                seats = "; ".join(who.get(i, "") if x == "learner" else f"bot:{x}" for i, x in enumerate(t.seats))
                with self._read() as conn:
                    count = conn.execute(select(func.count()).select_from(s.moves)
                                         .where(s.moves.c.table_id == t.id)).scalar()
                w.writerow([t.id, _cell(t.name), t.game, t.preset, t.players, _cell(seats), t.deal_group or "",
                            t.status, count, iso_time(t.created_at)])
        elif what == "results":
            w.writerow(["table_id", "table", "game", "seat", "learner_id", "player", "score", "won", "finished"])
            for r in self.results(class_id):
                player = r.learner_name if r.learner_id is not None else (f"bot:{r.bot}" if r.bot else "")
                w.writerow([r.table_id, _cell(r.table_name), r.game, r.seat, r.learner_id or "", _cell(player),
                            f"{r.score:g}", int(r.won), iso_time(r.finished_at)])
        elif what == "leaderboard":
            w.writerow(["rank", "learner_id", "name", "games", "wins"])
            for rank, line in enumerate(self.leaderboard(class_id), 1):
                w.writerow([rank, line.learner_id, _cell(line.name), line.games, line.wins])
        else:
            raise ValueError(f"what must be one of {', '.join(CSV_EXPORTS)} (got {what!r})")
        return out.getvalue()

    def backup(self, path: str | os.PathLike[str]) -> Path:
        """Copy the whole store, consistent as of one moment, to the SQLite file ``path`` while
        the class goes on (SQLite: its online backup; PostgreSQL: every row, read in one
        snapshot; ``pg_dump`` does the same from outside). The copy is written beside ``path``
        and then renamed over it, so ``path`` is never half-written. Open it as a store with
        ``TABLEKIT_CLASS_DB=path``."""
        target = Path(path).expanduser().resolve()
        fd, part = tempfile.mkstemp(prefix=target.name + ".", suffix=".part", dir=target.parent)
        os.close(fd)
        try:
            if self.dialect == "sqlite":
                with self._read() as conn:
                    source = conn.connection.driver_connection
                    copy = sqlite3.connect(part)
                    try:
                        source.backup(copy)  # type: ignore[union-attr]
                    finally:
                        copy.close()
            else:
                self._copy_rows(Path(part))
            os.replace(part, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(part)
            raise
        return target

    def _copy_rows(self, part: Path) -> None:
        """Every row of this store into a new SQLite store at ``part``, from one snapshot."""
        destination = create_engine(URL.create("sqlite", database=str(part)))
        try:
            with self.engine.connect() as conn, destination.begin() as out:
                conn.execution_options(isolation_level="REPEATABLE READ")
                s.metadata.create_all(out)
                for table in s.metadata.sorted_tables:
                    rows = [dict(r._mapping) for r in conn.execute(select(table))]
                    if rows:
                        out.execute(insert(table), rows)
        finally:
            destination.dispose()


__all__ = [
    "AWAY_MINUTES", "CODE_ALPHABET", "CSV_EXPORTS", "ClassInfo", "ClassStore", "EMPTY_SEAT_POLICIES", "ENV_DB",
    "ENV_TEACHER_KEY", "Learner", "MAX_COPIES", "Move", "ONLINE_SECONDS", "Progress", "Result", "Seating",
    "Standing", "TableInfo", "clean_name", "default_path", "iso_time", "normalize_code", "store_url",
]
