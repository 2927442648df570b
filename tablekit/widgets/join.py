"""The join page (``dashboards/join.ipynb``): a learner joins their class and sits at one of its
tables, from their own device.

The teacher gives the class code (or the link ``join.ipynb?class=CODE``, which fills it in). A
learner types the code and a name and gets a key of their own: the page shows their personal
link, ``join.ipynb?class=CODE&key=KEY&lang=en``, and puts it into the browser's address bar
(``history.replaceState``), so that reloading the tab, opening it again from the history or from
a bookmark brings them back. Then the class's open tables, each with its seats (who sits there,
which are free, which are bots') and a Take a seat button; once seated, the table itself: the
shared :class:`~tablekit.widgets.play_table.PlayTable` of their seat. Opening the personal link
again finds the learner by their key and their seat from the store, and shows the table as it
stands, mid-game.

Everything the browser asks is a checked request of :class:`JoinPanel` (``join`` with the code
and name typed, ``take`` with a table's number, ``tables``, ``refresh``, ``lang``): the browser
never names a seat (the store picks the learner's seat at the table, or gives back the one they
have), and Python never reads a trait the browser wrote. A bad class code, a bad key, a name
taken or a full table is said in the page's language and changes nothing.

The class store (``tablekit.classroom``: ``TABLEKIT_CLASS_DB``) is opened only when the page
needs it: the empty form needs no database.

>>> import tempfile, pathlib
>>> from tablekit.classroom import ClassStore
>>> folder = tempfile.TemporaryDirectory()
>>> db = str(pathlib.Path(folder.name) / "class.sqlite")
>>> teacher = ClassStore(db)
>>> cls = teacher.create_class("5B")
>>> [t] = teacher.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"])
>>> page = join_page(query=f"class={cls.code}", store=ClassStore(db), address="http://class.example/voila/render/")
>>> page.panel.view["stage"], page.panel.view["form"]["code"] == cls.code
('join', True)
>>> page.panel.handle({"type": "join", "class": cls.code, "name": "Ann"})
>>> page.panel.view["stage"], [x["text"] for x in page.panel.view["tables"]["items"][0]["seats"]]
('tables', ['Player 1: free', 'Player 2: free', 'Player 3: bot (Good)'])
>>> page.panel.address.startswith(f"join.ipynb?class={cls.code}&key=")
True
>>> page.panel.handle({"type": "take", "table": t.id})
>>> page.panel.view["stage"], page.table.seat, page.table.shared
('seated', 0, 'player')

The same link, opened again (another kernel: another store), gives the same seat back:

>>> again = join_page(query=page.panel.address.split("?", 1)[1], store=ClassStore(db))
>>> again.panel.view["stage"], again.table.seat
('seated', 0)
>>> for p in (page, again):
...     p.close()
>>> teacher.close(); folder.cleanup()
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Callable, Mapping

import anywidget
import ipywidgets as widgets
import traitlets

from tablekit.core.errors import ClassroomError, TablekitError
from tablekit.i18n import LANGUAGES, Verbatim, tr
from tablekit.widgets import links
from tablekit.widgets.base import STATIC, CheckedRequests, Handler
from tablekit.widgets.fonts import FontLoader
from tablekit.widgets.labels import LANGUAGE_NAMES, bot_label, game_label, preset_label
from tablekit.widgets.play_table import PlayTable
from tablekit.widgets.problems import problem_text

if TYPE_CHECKING:  # (the classroom extra, which the dashboards extra includes)
    from tablekit.classroom import ClassInfo, ClassStore, Learner, TableInfo

#: What the learner's browser may type at most (characters): more is refused before the store
#: sees it (a class code has 6, a name at most ``schema.NAME_MAX`` once tidied).
TYPED_MAX = 200
#: At most one sign of life written to the store per page in this time (seconds) while the
#: learner looks at the list of tables (at a table, the table's own heartbeat does it).
HEARTBEAT_SECONDS = 15.0
#: How often the page asks for the list of tables again while it shows it (milliseconds).
REFRESH_MS = 4000

_log = logging.getLogger(__name__)


def _j(code: str, lang: str, **params: Any) -> str:
    """A sentence of the join page; its text parameters (names of a class, a learner, a table,
    or words already in ``lang``) are shown as they are, never read as catalogue codes (a name
    may begin with "@")."""
    return tr(f"widgets.join.{code}", lang,
              **{k: Verbatim(v, limit=4000) if isinstance(v, str) else v for k, v in params.items()})


def _typed(content: Mapping[str, Any], name: str) -> str:
    """A text the learner typed, as the request carries it (a short text, else ValueError)."""
    value = content.get(name)
    if not isinstance(value, str) or len(value) > TYPED_MAX:
        raise ValueError(f"{name} must be a text of at most {TYPED_MAX} characters")
    return value


class JoinPanel(CheckedRequests, anywidget.AnyWidget):
    """The join page's form, the learner's own link and the class's tables (``static/join.js``
    draws ``view``, which only Python writes). ``table``: the shared table the learner sits at,
    or None; :meth:`on_table` tells the page when it changes.

    Parameters: ``lang``; ``setup`` (the page's link, :func:`tablekit.widgets.links.parse_setup`
    for ``join``) and ``problem`` (why the link could not be read); ``store`` (a
    :class:`tablekit.classroom.ClassStore`, or None: the one ``TABLEKIT_CLASS_DB`` names, opened
    when first needed); ``address`` (the dashboards' folder as the learner reached it, for the
    personal link shown; default :func:`tablekit.widgets.start.page_address`); ``bot_delay`` and
    ``follow`` go to the table (``follow=False``: no background task, tests call ``poll``).
    """

    _esm = STATIC / "join.js"
    _css = STATIC / "join.css"

    view = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: The learner's own link, relative to the page (the page puts it in the address bar).
    address = traitlets.Unicode("").tag(sync=True)

    def __init__(self, lang: str = "en", setup: links.TeacherSetup | None = None,
                 problem: BaseException | None = None, store: ClassStore | None = None,
                 address: str | None = None, bot_delay: float = 0.6, follow: bool = True) -> None:
        super().__init__()
        setup = setup if setup is not None else links.parse_setup("", "join")
        lang = setup.lang or lang
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        self._lang = lang
        self._store = store
        if address is None:
            from tablekit.widgets.start import page_address  # (segno loads with the start page only)

            address = page_address()
        self._base = address
        self.bot_delay = bot_delay
        self._follow = follow
        self.cls: ClassInfo | None = None
        self.learner: Learner | None = None
        self._key: str | None = None  # the learner's key: only in their own link
        self._class_code = setup.class_code or ""  # the class code the form shows
        self.table: PlayTable | None = None
        self.table_info: TableInfo | None = None
        self._over_shown = False
        self._sat_at = 0  # the table's move number when the learner sat down
        self._next_heartbeat = 0.0
        self._table_listeners: list[Callable[[PlayTable | None], None]] = []
        self._lang_listeners: list[Callable[[str], None]] = []
        self._message: tuple[Callable[[str], str], str] | None = None  # (words by language, kind)
        self.on_msg(self._on_msg)
        try:
            if problem is not None:
                self._draw()
                self._refuse(problem)
            elif setup.key is not None:
                self._come_back(setup.class_code or "", setup.key)
            elif setup.class_code:
                self._class_from_link(setup.class_code)
            else:
                self._draw()
        except Exception as exc:  # the store out of reach: the form, and a sentence
            self._unreachable(exc)

    # --- the store ----------------------------------------------------------------------------
    @property
    def store(self) -> ClassStore:
        """The class store, opened on first use."""
        if self._store is None:
            from tablekit.classroom import ClassStore

            self._store = ClassStore()
        return self._store

    def _unreachable(self, exc: BaseException) -> None:
        _log.exception("the join page could not use the class store", exc_info=exc)
        self._draw()
        self._tell("no_store", "error")

    # --- opening the page ------------------------------------------------------------------------
    def _class_from_link(self, code: str) -> None:
        """``join.ipynb?class=CODE``: the form, with the class named when the code is right."""
        try:
            self.cls = self.store.class_by_code(code)
            self._class_code = self.cls.code
        except ClassroomError as exc:
            self._draw()
            self._refuse(exc)
            return
        self._draw()

    def _come_back(self, code: str, key: str) -> None:
        """A learner's own link: the learner, and the table they sit at (the latest one whose
        game goes on), mid-game as it stands; else the class's tables."""
        try:
            learner = self.store.learner_by_key(key, code)
        except ClassroomError as exc:
            with_class = None
            try:
                with_class = self.store.class_by_code(code)
            except ClassroomError:
                pass
            self.cls = with_class
            self._class_code = with_class.code if with_class is not None else code
            self._draw()
            self._refuse(exc)
            return
        self._enter(learner, key)
        seats = [x for x in self.store.seatings_of(learner.id)
                 if self.store.get_table(x.table_id).status == "playing"]
        if seats:
            latest = max(seats, key=lambda x: (x.seated_at, x.table_id))
            self._sit(latest.table_id, latest.seat)
            self._tell("welcome_back", "info", name=learner.name, table=self.table_info.name if self.table_info else "",
                       player=latest.seat)
        else:
            self._draw()
            self._tell("welcome_again", "info", name=learner.name)

    def _enter(self, learner: Learner, key: str) -> None:
        """The page is now this learner's: their class, their key, their link."""
        self.learner, self._key = learner, key
        self.cls = self.store.get_class(learner.class_id)
        self._class_code = self.cls.code
        self._heartbeat(force=True)

    # --- requests from the browser ---------------------------------------------------------------
    def _requests(self) -> dict[str, Handler]:
        return {"join": self._req_join, "take": self._req_take, "tables": self._req_tables,
                "refresh": self._req_refresh, "lang": self._req_lang}

    def handle(self, content: Any) -> None:
        """One request from the browser (never raises: problems become messages). A request
        from a learner's page is a sign that they are here (written at most once in
        ``HEARTBEAT_SECONDS``)."""
        with self.hold_sync():
            self._dispatch(content)
            if self.learner is not None and self.table is None:
                try:
                    self._heartbeat()
                except Exception:  # (the store out of reach for a moment: the next sign tries again)
                    _log.exception("a join page's heartbeat failed")

    def _heartbeat(self, force: bool = False) -> None:
        now = time.monotonic()
        if self.learner is not None and (force or now >= self._next_heartbeat):
            self._next_heartbeat = now + HEARTBEAT_SECONDS
            self.store.heartbeat(self.learner.id)

    def _req_join(self, content: dict[str, Any]) -> None:
        code, name = _typed(content, "class"), _typed(content, "name")
        if self.learner is not None:
            self._tell("joined_already", "info")
            return
        try:
            learner, key = self.store.join(code, name)
        except ClassroomError as exc:
            self._refuse(exc)
            return
        self._enter(learner, key)
        self._draw()
        self._tell("welcome", "info", name=learner.name)

    def _req_take(self, content: dict[str, Any]) -> None:
        table_id = content.get("table")
        if isinstance(table_id, bool) or not isinstance(table_id, int):
            raise ValueError("a table is given by its number")
        if self.learner is None:
            self._tell("join_first", "refusal")
            return
        if self.table is not None and not self.table.session.is_over:
            self._tell("finish_first", "refusal")
            return
        try:
            seat = self.store.take_seat(self.learner.id, table_id)  # the store picks the seat
        except ClassroomError as exc:
            self._draw()  # (the list as it is now: someone may have taken the last seat)
            self._refuse(exc)
            return
        self._sit(table_id, seat)
        self._tell("seated_now", "info", table=self.table_info.name if self.table_info else "", player=seat)

    def _req_tables(self, _content: dict[str, Any]) -> None:
        if self.learner is None:
            self._tell("join_first", "refusal")
            return
        if self.table is not None and not self.table.session.is_over:
            self._tell("finish_first", "refusal")
            return
        self._leave()
        self._draw()
        self._say("", "info")

    def _req_refresh(self, _content: dict[str, Any]) -> None:
        if self.learner is not None and self.table is None:
            self._draw()

    def _req_lang(self, content: dict[str, Any]) -> None:
        self.set_lang(content.get("lang"))

    # --- the table ---------------------------------------------------------------------------
    def _sit(self, table_id: int, seat: int) -> None:
        """Open the learner's seat at the table as a shared PlayTable (the game as it stands)."""
        from tablekit.classroom import SharedSession

        assert self.learner is not None and self._key is not None
        session = SharedSession.for_learner(self.store, self._key, table_id)
        self._leave()
        self.table_info = session.table
        self.table = PlayTable(session=session, lang=self._lang, bot_delay=self.bot_delay, chrome="bar",
                               follow=self._follow)
        self.table.on_lang(self._on_table_lang)
        self.table.on_show(self._on_table_show)
        self._over_shown = session.is_over
        self._sat_at = session.step_index
        self._draw()
        for listener in list(self._table_listeners):
            listener(self.table)

    def _leave(self) -> None:
        """Close the table on the page (the seat stays the learner's in the store)."""
        if self.table is None:
            return
        self.table.close()
        self.table, self.table_info = None, None
        for listener in list(self._table_listeners):
            listener(None)

    def _on_table_show(self) -> None:
        """The table drew a new view: once the game goes on, the greeting above it goes (the
        table has its own message line); when the game has just ended, offer the list of tables."""
        if self.table is None:
            return
        session = self.table.session
        if self._message is not None and session.step_index != self._sat_at:
            self._say("", "info")
        if session.is_over and not self._over_shown:
            self._over_shown = True
            self._draw()

    def _on_table_lang(self, lang: str) -> None:
        if lang != self._lang:
            self.set_lang(lang)

    def on_table(self, listener: Callable[[PlayTable | None], None]) -> None:
        """Call ``listener(table)`` when the learner sits at a table (None: they left it)."""
        self._table_listeners.append(listener)

    def on_lang(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(lang)`` when the page's language changes."""
        self._lang_listeners.append(listener)

    def close(self) -> None:
        """Close the panel and the table (its background task stops)."""
        self._leave()
        super().close()

    # --- language -------------------------------------------------------------------------------
    @property
    def language(self) -> str:
        return self._lang

    def set_lang(self, lang: Any) -> None:
        """Show the page (and the table) in ``lang``; the learner's link says it too."""
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        changed = lang != self._lang
        self._lang = lang
        if self.table is not None and self.table.language != lang:
            self.table.set_lang(lang)
        self._draw()
        if self._message is not None:
            words, kind = self._message
            self._say_in(words, kind)
        if changed:
            for listener in list(self._lang_listeners):
                listener(lang)

    # --- what the page shows ----------------------------------------------------------------------
    def _say(self, text: str, kind: str) -> None:
        """The message line (``kind``: info, refusal or error)."""
        self._message = None
        self.message_kind = kind
        self.message = text

    def _say_in(self, words: Callable[[str], str], kind: str) -> None:
        """A message given as its words in any language: worded again when the language changes."""
        self._say(words(self._lang), kind)
        self._message = (words, kind)

    def _tell(self, code: str, kind: str, **params: Any) -> None:
        """A message of the catalogue (``widgets.join.<code>``)."""
        self._say_in(lambda lang: _j(code, lang, **params), kind)

    def _refuse(self, exc: BaseException) -> None:
        """A refusal of the store (a bad code or key, a name taken, a full table), or a bad link."""
        self._say_in(lambda lang: problem_text(exc, lang), "refusal")

    @property
    def link(self) -> str:
        """The learner's own link, relative to the dashboards' folder ("" before they joined)."""
        if self.cls is None or self._key is None:
            return ""
        return links.setup_link("join", class_code=self.cls.code, key=self._key, lang=self._lang)

    @property
    def url(self) -> str:
        """The learner's own link with the address the page was opened with."""
        return self._base + self.link if self.link else ""

    def _draw(self) -> None:
        lang = self._lang
        view: dict[str, Any] = {
            "lang": lang,
            "title": _j("title", lang),
            "languages": [{"code": c, "label": LANGUAGE_NAMES[c]} for c in LANGUAGES],
            "language": tr("widgets.dash.language", lang),
            "keep": sorted(links.PASSED_THROUGH),  # (the address bar keeps these when the link goes in)
        }
        if self.learner is None:
            view["stage"] = "join"
            view["lead"] = _j("lead", lang)
            view["form"] = {"code_label": _j("code", lang), "code": self._class_code, "name_label": _j("name", lang),
                            "name_note": _j("name_note", lang), "button": _j("join", lang),
                            "class": _j("class_named", lang, name=self.cls.name) if self.cls is not None else ""}
        else:
            assert self.cls is not None
            view["who"] = _j("you", lang, name=self.learner.name, cls=self.cls.name)
            view["link"] = {"label": _j("link", lang), "url": self.url, "note": _j("link_note", lang)}
            view["lessons"] = {"label": _j("lessons", lang),
                               "href": links.setup_link("learn", class_code=self.cls.code, key=self._key, lang=lang)}
            if self.table is not None and self.table_info is not None:
                view["stage"] = "seated"
                view["seated"] = self._seated_view(lang)
            else:
                view["stage"] = "tables"
                view["tables"] = self._tables_view(lang)
                view["refresh_ms"] = REFRESH_MS
        self.view = view
        self.address = self.link

    def _game_text(self, table: TableInfo, lang: str) -> str:
        return " · ".join([game_label(table.game, lang), preset_label(table.game, table.preset, lang),
                           _j("players", lang, count=table.players)])

    def _seated_view(self, lang: str) -> dict[str, Any]:
        assert self.table is not None and self.table_info is not None
        over = self.table.session.is_over
        return {"text": _j("seated", lang, table=self.table_info.name, game=self._game_text(self.table_info, lang),
                           player=self.table.seat),
                "over": _j("over", lang) if over else "",
                "back": _j("back", lang) if over else ""}

    def _tables_view(self, lang: str) -> dict[str, Any]:
        assert self.cls is not None and self.learner is not None
        items = []
        for table in self.store.tables(self.cls.id, status="playing"):
            seated = {x.seat: x for x in self.store.seatings(table.id)}
            mine = next((x.seat for x in seated.values() if x.learner_id == self.learner.id), None)
            seats, free = [], 0
            for seat, who in enumerate(table.seats):
                if who != "learner":
                    kind, text = "bot", _j("seat_bot", lang, player=seat, bot=bot_label(who, lang))
                elif seat == mine:
                    kind, text = "you", _j("seat_you", lang, player=seat)
                elif seat in seated:
                    kind, text = "learner", _j("seat_learner", lang, player=seat, name=seated[seat].learner_name)
                else:
                    kind, text = "free", _j("seat_free", lang, player=seat)
                    free += 1
                seats.append({"kind": kind, "text": text})
            action = _j("back_to_seat", lang) if mine is not None else (_j("take", lang) if free else "")
            items.append({"id": table.id, "name": _j("table", lang, name=table.name),
                          "game": self._game_text(table, lang), "seats": seats, "action": action,
                          "full": "" if action else _j("full", lang)})
        return {"head": _j("tables", lang), "items": items, "empty": _j("no_tables", lang),
                "refresh": _j("refresh", lang)}


class JoinPage(widgets.VBox):
    """The join page: the panel (form, link, tables) and, once the learner sits, their table."""

    def __init__(self, panel: JoinPanel) -> None:
        super().__init__()
        self.panel = panel
        self.add_class("tk-dash")  # the dashboards' font (tablekit.widgets.fonts)
        self.add_class("tk-join-page")
        self._fonts = FontLoader()
        panel.on_table(lambda _table: self._place())
        self._place()

    @property
    def table(self) -> PlayTable | None:
        """The shared table the learner sits at (None: not seated)."""
        return self.panel.table

    def _place(self) -> None:
        table = self.panel.table
        self.children = [self._fonts, self.panel] + ([table] if table is not None else [])

    def close(self) -> None:
        self.panel.close()
        super().close()


def join_page(lang: str = "en", query: str | Mapping[str, Any] | None = None, store: ClassStore | None = None,
              address: str | None = None, bot_delay: float = 0.6, follow: bool = True) -> JoinPage:
    """The join page; ``query`` is the page's query string (None: the one Voilà passed: ``class``,
    ``key``, ``lang``). The other parameters as for :class:`JoinPanel`."""
    given = links.query_string() if query is None else query
    problem: BaseException | None = None
    try:
        setup = links.parse_setup(given, "join")
    except (TablekitError, ValueError) as exc:
        problem = exc
        link_lang = links.link_lang(given)
        setup = links.parse_setup({"lang": link_lang} if link_lang else "", "join")
    panel = JoinPanel(lang=lang, setup=setup, problem=problem, store=store, address=address, bot_delay=bot_delay,
                      follow=follow)
    return JoinPage(panel)


__all__ = ["HEARTBEAT_SECONDS", "REFRESH_MS", "TYPED_MAX", "JoinPage", "JoinPanel", "join_page"]
