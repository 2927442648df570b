"""The lessons a learner finishes on the learn page, kept for their teacher.

The join page gives a learner their own link to the learn page,
``learn.ipynb?class=CODE&key=KEY`` (``tablekit.widgets.links`` reads ``class`` and ``key``).
Opened with it, the learn page finds the learner in the class store (``TABLEKIT_CLASS_DB``)
and writes each lesson they finish to the store's progress (the teacher's page shows it live);
while they work through the lessons the page also tells the store they are here (the teacher
sees them online). A class or key the store does not know, a link with a class but no key, or
a store out of reach: the page says so in its language and goes on working, keeping nothing.
Without ``class`` and ``key`` the learn page opens no store at all.

>>> from tablekit.classroom import ClassStore
>>> store = ClassStore("sqlite://")
>>> cls = store.create_class("5B")
>>> ann, key = store.join(cls.code, "Ann")
>>> kept = LessonProgress(cls.code, key, store=store)
>>> kept.learner == ann, kept.problem
(True, None)
>>> kept.record("page_one", "page_one.matching"), kept.record("page_one", "page_one.matching")
(True, False)
>>> [(p.learner_name, p.lesson) for p in store.progress(cls.id)]
[('Ann', 'page_one.matching')]
>>> LessonProgress(cls.code, "not-a-learner-key", store=store).problem
'classroom.error.bad_key'
>>> store.close()
"""

from __future__ import annotations

import html
import logging
import time
from typing import TYPE_CHECKING, Any

from tablekit.core.errors import ClassroomError
from tablekit.core.registry import spec
from tablekit.i18n import Verbatim, tr

if TYPE_CHECKING:  # (the classroom extra, which the dashboards extra includes)
    from tablekit.classroom import ClassInfo, ClassStore, Learner

#: At most one sign of life written to the store per page in this time (seconds); the teacher's
#: page counts a learner online for ``tablekit.classroom.store.ONLINE_SECONDS`` after one.
HEARTBEAT_SECONDS = 15.0

#: The longest name repeated (the store keeps names of at most 40 characters).
NAME = 80

_log = logging.getLogger(__name__)


def _p(code: str, lang: str, **params: Any) -> str:
    return tr(f"widgets.progress.{code}", lang, **params)


class LessonProgress:
    """The learner a learn page's link names, and the lessons they finish, kept in the store.

    ``class_code`` and ``key``: from the link (``key`` None: a class without a learner);
    ``store``: a :class:`tablekit.classroom.ClassStore` (None: the one ``TABLEKIT_CLASS_DB``
    names, opened here). ``learner`` is None when nothing can be kept, and ``problem`` then
    says why (a catalogue code). Nothing here raises: a failure is a sentence for the page,
    and the kernel's log keeps the details.
    """

    def __init__(self, class_code: str | None, key: str | None, store: ClassStore | None = None) -> None:
        self.learner: Learner | None = None
        self.cls: ClassInfo | None = None
        self.problem: str | None = None
        self.last_kept: tuple[str, str] | None = None  # (game, lesson) of the latest lesson kept
        self._store = store
        self._own = store is None  # (a store opened here is closed here)
        self._next_heartbeat = 0.0
        if not key:
            self.problem = "widgets.progress.needs_key"
            return
        try:
            if self._store is None:
                from tablekit.classroom import ClassStore

                self._store = ClassStore()
            self.learner = self._store.learner_by_key(key, class_code)
            self.cls = self._store.get_class(self.learner.class_id)
        except ClassroomError as exc:
            self.learner, self.problem = None, exc.reason
            return
        except Exception:  # no SQLAlchemy, the database out of reach: the log has it, the page a sentence
            _log.exception("the learn page could not open the class store")
            self.learner, self.problem = None, "widgets.progress.no_store"
            return
        self.heartbeat(force=True)

    @property
    def keeping(self) -> bool:
        """Are the lessons this page finishes kept for the teacher?"""
        return self.learner is not None

    def record(self, game: str, lesson: str) -> bool:
        """Keep that the learner finished ``lesson`` of ``game``: True when it was written now,
        False when it was kept already (or nothing can be kept; ``problem`` says why)."""
        if self.learner is None or self._store is None:
            return False
        try:
            written = bool(self._store.record_progress(self.learner.id, game, lesson))
            self._store.heartbeat(self.learner.id)
        except Exception:  # (the store out of reach for a moment: the learner is told, the page goes on)
            _log.exception("a finished lesson could not be kept")
            self.problem = "widgets.progress.not_kept"
            return False
        self.problem = None
        self.last_kept = (game, lesson)
        return written

    def heartbeat(self, force: bool = False) -> None:
        """A sign that the learner is here (written at most once in ``HEARTBEAT_SECONDS``
        unless ``force``)."""
        now = time.monotonic()
        if self.learner is None or self._store is None or (not force and now < self._next_heartbeat):
            return
        self._next_heartbeat = now + HEARTBEAT_SECONDS
        try:
            self._store.heartbeat(self.learner.id)
        except Exception:  # (the next sign tries again)
            _log.exception("a learn page's heartbeat failed")

    def note_html(self, lang: str) -> str:
        """The page's line about it, in ``lang``: whose lessons are kept, the latest one kept,
        or why nothing is kept."""
        if self.problem is not None:
            if self.problem.startswith("widgets.progress."):
                text = tr(self.problem, lang)
            else:  # the store's reason (a bad key, no such class): one sentence before ours
                text = _p("off", lang, detail=tr(self.problem, lang))
            return f'<div class="tk-problem tk-progress" role="alert">{html.escape(text)}</div>'
        if self.learner is None or self.cls is None:
            return ""
        if self.last_kept is None:
            text = _p("on", lang, name=Verbatim(self.learner.name, NAME), cls=Verbatim(self.cls.name, NAME))
        else:
            game, lesson = self.last_kept
            title = next((tr(x.title, lang) for x in spec(game).lessons if x.id == lesson), lesson)
            text = _p("kept", lang, name=Verbatim(self.learner.name, NAME), cls=Verbatim(self.cls.name, NAME),
                      lesson=title)
        return f'<div class="tk-progress tk-progress-on" role="status">{html.escape(text)}</div>'

    def close(self) -> None:
        """Close the store this page opened (a store given to it stays open)."""
        if self._own and self._store is not None:
            self._store.close()
        self._store = None


__all__ = ["HEARTBEAT_SECONDS", "LessonProgress"]
