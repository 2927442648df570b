"""The shared table: a :class:`~tablekit.session.Session` over a table of the class store.

Each page at a table (a learner's, the teacher's, a bot runner) opens the table as a
:class:`SharedSession`: the table's deal and move log come from the store, so the session
replays the game as it stands (a restarted server resumes every table). A learner's session is
found from the learner's key, and its seat from the store's seating: the browser never names
a seat. Its moves are checked by the engine and written to the log; other pages learn of them
when they :meth:`~SharedSession.poll`.

>>> from tablekit.classroom.store import ClassStore
>>> store = ClassStore("sqlite://")
>>> cls = store.create_class("5B")
>>> ann, ann_key = store.join(cls.code, "Ann")
>>> ben, ben_key = store.join(cls.code, "Ben")
>>> [table] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"],
...                               seed=1, bot_seed=2)
>>> store.take_seat(ann.id, table.id), store.take_seat(ben.id, table.id)
(0, 1)
>>> a = SharedSession.for_learner(store, ann_key, table.id)
>>> b = SharedSession.for_learner(store, ben_key, table.id)
>>> a.human_to_play, b.human_to_play
(0, None)
>>> _ = a.play(a.legal_actions()[0])
>>> len(b.poll()), b.state == a.state, b.human_to_play   # Ben's page polls: one new move
(1, True, 1)

Each page sees only its own seat's hand; the teacher (with the teacher key) sees every hand and
moves nothing.

>>> hands = lambda view: {z["owner"]: sum("face" in c for c in z["cards"]) for z in view["zones"] if z["kind"] == "hand"}
>>> hands(a.view())
{0: 6, 1: 0, 2: 0}
>>> t = SharedSession.for_teacher(store, table.id, store.teacher_key())
>>> hands(t.view()), t.humans, t.bot_to_play
({0: 6, 1: 7, 2: 7}, frozenset(), None)

Bot seats: any page may move them (the same seeded move on every page), and the log keeps one.

>>> _ = b.play(b.legal_actions()[0])
>>> _ = a.poll(); a.bot_to_play, b.bot_to_play
(2, 2)
>>> a.bot_move() == b.bot_move(), [m.seq for m in store.moves(table.id)]
(True, [1, 2, 3])
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Sequence

from tablekit.core.errors import ClassroomError
from tablekit.core.actions import Action
from tablekit.core.match import Match
from tablekit.core.verdict import Event
from tablekit.session import Session, hint_bot_name
from tablekit.classroom.store import ClassStore, Learner, TableInfo

#: How often a page's background task polls its table (seconds): about 50 ms from a move to
#: the other pages on average, for one cheap query per page.
POLL_SECONDS = 0.1
#: At most one presence write per page in this time (seconds).
HEARTBEAT_SECONDS = 15.0
#: How often a session looks again at which seats are empty (seconds).
POLICY_SECONDS = 5.0

#: Who opened a shared session.
ROLES = ("learner", "teacher", "bots")


class StoreLog:
    """A table's move log in the class store (a :class:`tablekit.session.MoveLog`): a move of
    ``seat`` is written as sent by ``learner_id``; any other seat's (a bot's) by nobody."""

    def __init__(self, store: ClassStore, table_id: int, learner_id: int | None = None,
                 seat: int | None = None) -> None:
        self.store, self.table_id, self.learner_id, self.seat = store, table_id, learner_id, seat

    def append(self, seq: int, code: str, seat: int) -> None:
        by = self.learner_id if seat == self.seat else None
        self.store.append_move(self.table_id, seq, code, seat, by)

    def since(self, seq: int) -> list[tuple[int, str, int]]:
        return [(m.seq, m.code, m.seat) for m in self.store.moves(self.table_id, seq)]


class SharedSession(Session):
    """A table of the class store as a Session; open it with :meth:`for_learner`,
    :meth:`for_teacher` or :meth:`for_bots`.

    * A learner plays their own seat (``humans``); the other learners' seats are ``remote``;
      the bots' seats, and learners' seats left empty under the class's "bot" policy, are
      moved by whichever page moves them first. Their view is their seat's, never the open one.
    * The teacher moves nothing (``humans`` and ``bot_to_play`` are empty) and sees every hand.
    * A bot runner moves the bots' seats (and empty seats) of a table nobody else may be at.

    No undo. :meth:`poll` is what the page's background task calls; when the game ends, any
    session that sees it keeps the results in the store.
    """

    def __init__(self, store: ClassStore, table_id: int, role: str, learner: Learner | None = None,
                 seat: int | None = None) -> None:
        if role not in ROLES:
            raise ValueError(f"role must be one of {', '.join(ROLES)} (got {role!r})")
        record = store.record(table_id)
        table = store.get_table(table_id)
        game = record.make_game()
        self.store = store
        self.table: TableInfo = table
        self.learner = learner
        self.role = role
        self._own = seat if role == "learner" else None
        self._finished = table.status != "playing"
        self._next_policy = 0.0
        self._next_heartbeat = 0.0
        names = [hint_bot_name(game) if who == "learner" else who for who in table.seats]
        bot_seed = record.meta["bot_seed"]
        log = StoreLog(store, table_id, None if learner is None else learner.id, seat)
        super().__init__(game, record.seed, 0 if seat is None else seat, names, bot_seed=bot_seed,
                         allow_undo=False, log=log, remote=self._remote_seats())
        if role != "learner":
            self.humans = frozenset()
        self.sync()  # the game as it stands

    # --- opening a table --------------------------------------------------------------------
    @classmethod
    def for_learner(cls, store: ClassStore, key: object, table_id: int) -> SharedSession:
        """The table as the learner with ``key`` (from their link) plays it, at the seat they
        took. ClassroomError when the key is bad, the table is another class's, or the learner
        has no seat there."""
        learner = store.learner_by_key(key)
        table = store.get_table(table_id)
        if table.class_id != learner.class_id:
            raise ClassroomError("classroom.error.other_class")
        seat = store.seat_of(learner.id, table_id)
        if seat is None:
            raise ClassroomError("classroom.error.not_seated")
        return cls(store, table_id, "learner", learner, seat)

    @classmethod
    def for_teacher(cls, store: ClassStore, table_id: int, teacher_key: object) -> SharedSession:
        """The table as the teacher watches it: every hand, no move. ClassroomError
        (``classroom.error.teacher_key``) without the teacher key."""
        if not store.check_teacher_key(teacher_key):
            raise ClassroomError("classroom.error.teacher_key")
        return cls(store, table_id, "teacher")

    @classmethod
    def for_bots(cls, store: ClassStore, table_id: int) -> SharedSession:
        """The table as a bot runner sees it: it moves the bots' seats and the empty ones (call
        :meth:`~tablekit.session.Session.run_bots` after each :meth:`poll`)."""
        return cls(store, table_id, "bots")

    # --- who moves which seat -------------------------------------------------------------------
    def _remote_seats(self) -> frozenset[int]:
        """The seats people on other pages play: the learners' seats, less the empty ones a bot
        plays under the class's policy (and, for a learner, their own)."""
        if self.role == "teacher":
            return frozenset(range(self.table.players))
        away = self.store.away_seats(self.table.id) if not self._finished else frozenset()
        return frozenset(self.table.learner_seats) - away - {self._own}

    # --- following the table ----------------------------------------------------------------------
    def poll(self) -> list[tuple[Event, ...]]:
        """What a page's background task calls every ``POLL_SECONDS``: the moves the other pages
        wrote since, applied (their events, in order; empty: nothing new, nothing to redraw).
        Every ``POLICY_SECONDS`` it also looks again at which learners' seats are empty."""
        now = time.monotonic()
        if now >= self._next_policy:
            self.refresh_seats()
        return self.sync()

    def refresh_seats(self) -> frozenset[int]:
        """Look again at which learners' seats are empty (the class's policy): a bot moves for
        those from now on; a learner back at theirs plays it again. Gives the ``remote`` seats."""
        self._next_policy = time.monotonic() + POLICY_SECONDS
        self.remote = self._remote_seats()
        return self.remote

    def heartbeat(self, force: bool = False) -> bool:
        """Tell the store the learner is here (their seat is not empty; the teacher sees them
        online); at most once in ``HEARTBEAT_SECONDS`` unless ``force``. True when written.
        Call it on a sign of the browser (a request, the page's periodic ping), not from the
        kernel alone: a kernel outlives a closed tab. Nothing for the teacher or a bot runner."""
        now = time.monotonic()
        if self.learner is None or (not force and now < self._next_heartbeat):
            return False
        self._next_heartbeat = now + HEARTBEAT_SECONDS
        self.store.heartbeat(self.learner.id, self.table.id)
        return True

    def sync(self) -> list[tuple[Event, ...]]:
        applied = super().sync()
        self._settle()
        return applied

    def play(self, action: Action | str) -> tuple[Event, ...]:
        """The learner's move (see :meth:`tablekit.session.Session.play`): MoveTaken when the
        table moved on first (the session then holds the table as it is)."""
        events = super().play(action)
        self._settle()
        return events

    def bot_move(self) -> tuple[Event, ...] | None:
        events = super().bot_move()
        self._settle()
        return events

    def _settle(self) -> None:
        """Keep the results in the store once the game is over (whichever page sees it first)."""
        if self._finished or not self.is_over:
            return
        outcome = self.outcome()
        if outcome is not None:
            self.store.finish_table(self.table.id, outcome)
        self._finished = True

    @property
    def viewer(self) -> int | None:
        """The learner's seat; the teacher watches as nobody (every hand alike, no "you")."""
        return None if self.role == "teacher" else self.seat

    def view(self, lang: str = "en", step: int | None = None, events: Sequence[Event] | None = None,
             teaching: bool = False, **display: Any) -> dict[str, Any]:
        """The view-model of the page: the learner's seat (never the open view, whatever is
        asked), or every hand for the teacher."""
        return super().view(lang, step, events, teaching=self.role == "teacher", **display)


# --- the same deal at several tables ------------------------------------------------------------
@dataclass(frozen=True)
class ComparedTable:
    """One table of a comparison: its moves (codes), whether its game is over, the winners and
    scores when it is, and ``differs_at``: the first move number where its moves differ from
    another table's (None: they agree with every other table so far)."""

    table: TableInfo
    moves: tuple[str, ...]
    over: bool
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    differs_at: int | None


@dataclass(frozen=True)
class Comparison:
    """Tables dealt the same deal, side by side; ``common``: how many first moves all of them
    played alike."""

    tables: tuple[ComparedTable, ...]
    common: int


def _first_difference(a: Sequence[str], b: Sequence[str]) -> int | None:
    """The first move number (from 1) where both have a move and they differ."""
    return next((i + 1 for i, (x, y) in enumerate(zip(a, b)) if x != y), None)


def compare(store: ClassStore, table_ids: Sequence[int]) -> Comparison:
    """What each table did with one deal (tables of one ``deal_group``: the same deal and seat
    assignment). ClassroomError (``classroom.error.not_one_deal``) when they were not dealt alike.

    >>> store = ClassStore("sqlite://")
    >>> cls = store.create_class("5B")
    >>> tables = store.create_tables(cls.id, "up_and_down", copies=3, players=2, seats=["learner", "heuristic"],
    ...                              seed=3)
    >>> for i, t in enumerate(tables):
    ...     learner, key = store.join(cls.code, f"Learner {i + 1}")
    ...     _ = store.take_seat(learner.id, t.id)
    ...     s = SharedSession.for_learner(store, key, t.id)
    ...     _ = s.play(s.legal_actions()[-1 if i == 2 else 0])  # the third table starts another way
    >>> c = compare(store, [t.id for t in tables])
    >>> c.common, [x.differs_at for x in c.tables]
    (0, [1, 1, 1])
    """
    if not table_ids:
        return Comparison((), 0)
    records = [store.record(i) for i in table_ids]
    first = records[0]
    if any((r.game, r.config, r.seed, r.meta.get("seats")) != (first.game, first.config, first.seed, first.meta.get("seats"))
           for r in records):
        raise ClassroomError("classroom.error.not_one_deal")
    compared = []
    for table_id, record in zip(table_ids, records):
        match = Match.from_record(record)
        outcome = match.outcome() if match.is_over else None
        others = [_first_difference(record.actions, r.actions) for j, r in enumerate(records) if r is not record]
        found = [d for d in others if d is not None]
        compared.append(ComparedTable(store.get_table(table_id), tuple(record.actions), match.is_over,
                                      outcome.winners if outcome else (), outcome.scores if outcome else None,
                                      min(found) if found else None))
    common = 0
    shortest = min(len(r.actions) for r in records)
    while common < shortest and len({r.actions[common] for r in records}) == 1:
        common += 1
    return Comparison(tuple(compared), common)


__all__ = ["ComparedTable", "Comparison", "HEARTBEAT_SECONDS", "POLICY_SECONDS", "POLL_SECONDS", "ROLES",
           "SharedSession", "StoreLog", "compare"]
