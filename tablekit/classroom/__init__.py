"""The classroom: a class store shared by every page of a class, and tables played from several
devices at once.

Under Voilà every page is a kernel of its own, so a class lives in a database that all of them
open (``TABLEKIT_CLASS_DB``: an SQLite file by default, PostgreSQL for several servers):

* :mod:`tablekit.classroom.schema`: the tables (SQLAlchemy Core) and the layout's version;
* :mod:`tablekit.classroom.store`: :class:`ClassStore`, every read and write (classes,
  learners and their keys, tables and seatings, the append-only move logs, lesson progress,
  results, CSV export, backup). No widget, no Session;
* :mod:`tablekit.classroom.shared`: :class:`SharedSession`, a table of the store as a
  :class:`tablekit.session.Session` (the one controller), and :func:`compare` for the tables
  dealt the same deal.

Needs the ``classroom`` extra (SQLAlchemy; psycopg for PostgreSQL): ``pip install -e
".[classroom]"``. Refusals are :class:`tablekit.core.errors.ClassroomError` (a reason code a
page words with ``text(lang)``); of two pages moving at once one gets ``MoveTaken``.

How a page uses the store
-------------------------

Two pages (two kernels: two stores on one database) and the teacher's page:

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> db = str(pathlib.Path(folder.name) / "class.sqlite")
>>> teacher_store = ClassStore(db)
>>> teacher_key = teacher_store.teacher_key()      # python -m tablekit classroom teacher-link

The teacher's page (refused without ``teacher_store.check_teacher_key(key)``) makes the class
and its tables; the join link carries the class code.

>>> cls = teacher_store.create_class("Year 5", empty_seat="bot", away_minutes=5)
>>> [table] = teacher_store.create_tables(cls.id, "page_one", players=3, seed=1,
...                                       seats=["learner", "learner", "heuristic"])

The join page (``join.ipynb?class=CODE``): a name gives the learner a key, which goes into the
learner's own link (``?class=CODE&key=KEY``): opened again, it finds the same learner and the
same seat. The browser never names a seat for a move: the kernel has it from the key.

>>> page = ClassStore(db)                           # Ann's kernel
>>> ann, ann_key = page.join(cls.code, "Ann")
>>> page.learner_by_key(ann_key, cls.code).name, page.free_seats(table.id)
('Ann', (0, 1))
>>> page.take_seat(ann.id, table.id)
0
>>> ben_page = ClassStore(db)                       # Ben's kernel
>>> ben, ben_key = ben_page.join(cls.code, "Ben")
>>> ben_page.take_seat(ben.id, table.id)
1

Each page opens the table as a Session for its learner (``PlayTable`` draws it). A background
task in the kernel polls every ``POLL_SECONDS`` and redraws when something came; it heartbeats
when the browser shows it is there, and moves bots (any page may: the log keeps one).

>>> mine = SharedSession.for_learner(page, ann_key, table.id)
>>> theirs = SharedSession.for_learner(ben_page, ben_key, table.id)
>>> _ = mine.play(mine.legal_actions()[0])          # Ann clicks a card
>>> [len(theirs.poll()), len(theirs.poll())]        # Ben's task: one move, then nothing new
[1, 0]
>>> theirs.heartbeat(force=True)
True

The background task, in outline (``redraw`` is the widget's)::

    async def follow(session, redraw):
        while not closed:
            if session.poll():
                redraw()
            if session.bot_to_play is not None and session.bot_move() is not None:
                redraw()
            await asyncio.sleep(POLL_SECONDS)

A move that arrives after another page's is refused with ``MoveTaken`` (its ``text(lang)``
tells the learner the table moved on) and the session then shows the table as it is. The
teacher's page follows every table with :meth:`SharedSession.for_teacher` (all hands, no
moves), shows ``learners``, ``online``, ``progress``, ``results``, ``leaderboard``, offers
``csv`` downloads and :func:`compare` for tables of one ``deal_group``. The learn page calls
``record_progress`` when a learner opened with a key finishes a lesson.

>>> page.record_progress(ann.id, "page_one", "page_one.matching")
True
>>> [(p.learner_name, p.lesson) for p in teacher_store.progress(cls.id)]
[('Ann', 'page_one.matching')]
>>> for store in (teacher_store, page, ben_page):
...     store.close()
>>> folder.cleanup()
"""

from tablekit.classroom.shared import (
    HEARTBEAT_SECONDS,
    POLL_SECONDS,
    ComparedTable,
    Comparison,
    SharedSession,
    compare,
)
from tablekit.classroom.store import (
    ClassInfo,
    ClassStore,
    Learner,
    Move,
    Progress,
    Result,
    Seating,
    Standing,
    TableInfo,
)
from tablekit.core.errors import ClassroomError, MoveTaken

__all__ = [
    "HEARTBEAT_SECONDS", "POLL_SECONDS", "ClassInfo", "ClassStore", "ClassroomError", "ComparedTable",
    "Comparison", "Learner", "Move", "MoveTaken", "Progress", "Result", "Seating", "SharedSession", "Standing",
    "TableInfo", "compare",
]
