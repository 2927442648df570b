"""The class store's tables, as SQLAlchemy Core metadata, and the version of their layout.

One layout serves SQLite and PostgreSQL. Times are seconds since the epoch (UTC). Seeds are
kept as decimal text: a seed takes 64 bits, one more than a signed BIGINT holds.

* ``schema_version``: one row, the layout's version (:data:`SCHEMA_VERSION`).
* ``settings``: name -> value, for the server's teacher key (see ``store.py``).
* ``classes``: a class with its join ``code`` and what happens to a learner's seat left empty
  (``empty_seat``: ``"bot"`` or ``"wait"``, after ``away_minutes``).
* ``learners``: a display name (unique in its class, compared case-folded as ``name_key``) and
  the SHA-256 of the learner's key; ``last_seen`` is the latest sign of the learner's page.
* ``tables``: a game (its whole config, so a later change of a preset never changes a table),
  the deal's ``seed`` and the bots' ``bot_seed`` (never sent to a browser), ``seats`` (per
  seat ``{"kind": "learner"}`` or ``{"kind": "bot", "bot": NAME}``), ``deal_group`` (the tables
  dealt the same deal), ``status`` (``"playing"`` or ``"over"``).
* ``seatings``: who sits where, one learner per seat and one seat per learner at a table;
  ``last_seen`` is the latest sign of the learner's page at that table.
* ``moves``: the append-only move log, ``(table_id, seq)`` unique: of two pages writing the
  same next move only one can.
* ``progress``: lessons a learner finished; ``results``: each seat's score when a game ended.

>>> sorted(metadata.tables)
['classes', 'learners', 'moves', 'progress', 'results', 'schema_version', 'seatings', 'settings', 'tables']
>>> [c.name for c in moves.primary_key]
['table_id', 'seq']
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Double,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

#: The version of this layout; a store written by a newer version is refused.
SCHEMA_VERSION = 1
#: The longest name of a learner, a class or a table (characters).
NAME_MAX = 40

metadata = MetaData()

schema_version = Table(
    "schema_version", metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
)

settings = Table(
    "settings", metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(200), nullable=False),
)

classes = Table(
    "classes", metadata,
    Column("id", Integer, primary_key=True),
    Column("code", String(8), nullable=False, unique=True),
    Column("name", String(NAME_MAX), nullable=False),
    Column("empty_seat", String(8), nullable=False),
    Column("away_minutes", Integer, nullable=False),
    Column("created_at", Double, nullable=False),
)

learners = Table(
    "learners", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("name", String(NAME_MAX), nullable=False),
    Column("name_key", String(4 * NAME_MAX), nullable=False),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("created_at", Double, nullable=False),
    Column("last_seen", Double),
    UniqueConstraint("class_id", "name_key"),
)

tables = Table(
    "tables", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("name", String(NAME_MAX), nullable=False),
    Column("game", String(40), nullable=False),
    Column("preset", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("config", JSON, nullable=False),
    Column("seed", String(20), nullable=False),
    Column("bot_seed", String(20), nullable=False),
    Column("seats", JSON, nullable=False),
    Column("deal_group", String(16), index=True),
    Column("status", String(8), nullable=False),
    Column("created_at", Double, nullable=False),
)

seatings = Table(
    "seatings", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("seated_at", Double, nullable=False),
    Column("last_seen", Double, nullable=False),
    UniqueConstraint("table_id", "learner_id"),
)

moves = Table(
    "moves", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("code", String(64), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="SET NULL")),
    Column("at", Double, nullable=False),
)

progress = Table(
    "progress", metadata,
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("lesson", String(80), primary_key=True),
    Column("finished_at", Double, nullable=False),
)

results = Table(
    "results", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="SET NULL"), index=True),
    Column("bot", String(40)),
    Column("score", Double, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("finished_at", Double, nullable=False),
)

__all__ = ["NAME_MAX", "SCHEMA_VERSION", "classes", "learners", "metadata", "moves", "progress", "results",
           "schema_version", "seatings", "settings", "tables"]
