"""Teacher links: a dashboard's set-up read from its page address.

A teacher shares ``play.ipynb?game=page_one&preset=classic&players=4&lang=ja&lock=1`` and every
learner's page opens on that game, in Japanese, with the settings the link gives fixed
(``lock=1``). :func:`query_string` reads the address's query inside the page's kernel and
:func:`parse_setup` checks it against the registry; :func:`setup_link` writes such a link.

>>> setup = parse_setup("game=page_one&preset=classic&players=4&lang=ja&lock=1", "play")
>>> setup.game, setup.preset, setup.players, setup.lang, setup.lock
('page_one', 'classic', 4, 'ja', True)
>>> sorted(setup.given)
['game', 'lang', 'lock', 'players', 'preset']
>>> setup_link("play", game="page_one", preset="classic", players=4, lang="ja", lock=True)
'play.ipynb?game=page_one&preset=classic&players=4&lang=ja&lock=1'

The parameters, and the pages that take them:

=========== ============== ==========================================================
parameter   pages          values
=========== ============== ==========================================================
game        all            a registered game (``list_games()``; on ``learn``, one with lessons)
preset      play, explore  one of the game's presets (needs ``game``)
players     play, explore  a whole number in the game's range (needs ``game``)
bots        play, explore  one of the game's bots, ``bot_names(game)`` (needs ``game``)
open_hands  play           ``on`` or ``off``: the open-hand teaching view
undo        play           ``on`` or ``off``: ``off`` takes Undo off the table (with or without
                           ``lock``; the default ``on`` keeps it, ``lock=1`` included)
deal        play           a deal code; it fixes game, preset and players
lesson      learn          a lesson's number as the lesson menu shows it (1, 2, ...; needs
                           ``game``) or its name (``page_one.eight``, or ``eight`` with ``game``)
class       join, learn    a class's join code as the teacher gives it (``tablekit.classroom``;
                           the page checks it in the class store)
key         join, learn    a learner's personal key (needs ``class``): the join page brings the
                           learner back to their seat; the learn page keeps the lessons they
                           finish for the teacher
lang        all            ``en`` or ``ja``
lock        all            ``1`` (or ``on``): the visitor cannot change what the link gives
                           (the learn page's lesson menu included), and the table does not
                           share its deal code before the game is over
=========== ============== ==========================================================

A class code and a learner's key belong to one learner's own link (the join page writes it):
the start page's link builder does not offer them (``PERSONAL``), and they are only checked for
their form here (the class store knows whether they are right).

Undo stays on under ``lock=1`` unless the link says ``undo=off``: it can no longer show anything
new (``Session.can_undo`` refuses to go back past a move that showed a card), so it lets a
learner try again but not peek. A teacher who wants no second tries (a class comparing results
on one deal) adds ``undo=off``.

Anything else is refused (a misspelt parameter would otherwise be silently ignored), except
what Voilà and Jupyter themselves read from a page address: ``template`` and ``theme``
(Voilà 0.5's overrides) and ``token`` (Jupyter Server's login). Every refusal is a
:class:`LinkError`: a ``ConfigError`` naming the parameter and the allowed values, with the
sentence in English and Japanese (``text(lang)``).

How the kernel gets the query (voila 0.5.13, read in ``voila/handler.py``, ``voila/utils.py``,
``voila/request_info_handler.py`` and ``voila/voila_kernel_manager.py``):

* A kernel Voilà starts for a page view gets the request in its environment: ``QUERY_STRING``
  (the raw, percent-encoded query without ``?``), ``SCRIPT_NAME``, ``SERVER_NAME`` and
  ``SERVER_PORT``, with ``VOILA_PREHEAT=False``. This is also the server extension's case
  (``jupyter lab``, Binder).
* With ``preheat_kernel`` (``voila.json``) a pool kernel runs the notebook *before* anyone
  asks for the page, with ``VOILA_PREHEAT=True`` and no query. When a visitor's request takes
  the kernel, Voilà sends that request's variables as one JSON message on the websocket
  ``ws://127.0.0.1:{VOILA_APP_PORT}{VOILA_SERVER_URL}voila/query/{VOILA_KERNEL_ID}`` (kept
  for the kernel if it has not connected yet; ``VOILA_KERNEL_ID`` is set in the kernel before
  the notebook runs). Voilà's own ``voila.utils.get_query_string()`` waits for it with no time
  limit; :func:`query_string` does the same with a ``timeout`` and without importing Voilà.
  A request that overrides ``template`` or ``theme`` gets a fresh kernel instead.
* On the static site (``make site``: Voici pages on Pyodide, ``tools/build_site.py``) the
  kernel runs in a web worker of the visitor's browser and cannot see the page's address, so
  the page's script (``tools/site/tablekit-site.js``) gives it to Python as environment
  variables before the kernel starts: ``QUERY_STRING``, ``SERVER_NAME``, ``SERVER_PORT`` and
  ``SCRIPT_NAME`` as Voilà names them, and ``TABLEKIT_SITE=static`` (:func:`on_static_site`).
  There the pages are ``play.html`` and ``learn.html`` (:func:`page_file`), and the explore
  page is not on the site (:data:`SITE_PAGES`).
* Elsewhere (JupyterLab, nbval, tests) there is no query: ``""``.

So in a dashboard notebook, read the link *after* the imports: a pool kernel then imports
everything ahead of time and waits at that line, and the rest of the page runs once the
visitor's address is known (a fraction of a second)::

    from tablekit.widgets.links import parse_setup, query_string
    setup = parse_setup(query_string(), "play")   # waits for the visitor in a pool kernel
"""

from __future__ import annotations

import json
import os
import re
import threading
import unicodedata
import warnings
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence
from urllib.parse import parse_qs, urlencode

from tablekit.bots import bot_names
from tablekit.core import deal_code
from tablekit.core.errors import ConfigError
from tablekit.core.registry import list_games, make, spec
from tablekit.i18n import LANGUAGES, Verbatim, tr

#: The dashboards (``dashboards/<page>.ipynb``) and the parameters each takes, in link order.
PAGES: dict[str, tuple[str, ...]] = {
    "play": ("game", "preset", "players", "bots", "open_hands", "undo", "deal", "lang", "lock"),
    "learn": ("game", "lesson", "class", "key", "lang", "lock"),
    "explore": ("game", "preset", "players", "bots", "lang", "lock"),
    "join": ("class", "key", "lang"),
}
#: The dashboards the static site has (``make site``): the explore page needs pandas and numpy,
#: which the site's Python (Pyodide, from npm) cannot load.
SITE_PAGES = ("play", "learn")
#: Parameters of one learner's own link (their class and personal key): never in a class's link.
PERSONAL = frozenset({"class", "key"})
#: Parameters of the page address that Voilà or Jupyter Server read themselves: not ours.
PASSED_THROUGH = frozenset({"template", "theme", "token"})
_ORDER = ("game", "preset", "players", "bots", "open_hands", "undo", "deal", "lesson", "class", "key", "lang", "lock")
#: Fields of TeacherSetup named otherwise than their parameter ("class" is a Python keyword).
_FIELD = {"class": "class_code"}
#: Parameters that are on or off, with the words a link writes for (on, off); any of
#: 1/on/true/yes and 0/off/false/no is read.
FLAGS: dict[str, tuple[str, str]] = {"open_hands": ("on", "off"), "undo": ("on", "off"), "lock": ("1", "0")}
_TRUE, _FALSE = ("1", "on", "true", "yes"), ("0", "off", "false", "no")
_NUMBER = re.compile(r"^[0-9]{1,3}$")
# The form of a class code as typed (letters, digits, dashes, spaces) and of a learner's key;
# whether they are right is for the class store to say.
_CLASS_CODE = re.compile(r"^[\w\- ]{1,20}$")
_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


class LinkError(ConfigError):
    """A teacher link that cannot be used: names the parameter, the value and what is allowed.

    ``text(lang)`` is the sentence for the page (``str()`` is the English one); it repeats
    what the link says only as a short :class:`~tablekit.i18n.Verbatim` excerpt.

    >>> try:
    ...     parse_setup("lang=fr", "play")
    ... except LinkError as exc:
    ...     print(exc.field, exc.text("en"), exc.text("ja"), sep="\\n")
    lang
    In the link, lang=fr is not possible. Choose one of: en, ja.
    リンクの lang=fr は使えません。次のどれかにしてください: en, ja
    """

    def __init__(self, code: str, field: str, value: Any, allowed: str | Sequence[Any], **params: Any) -> None:
        super().__init__("link", field, value, allowed)
        shown = allowed if isinstance(allowed, str) else ", ".join(str(a) for a in allowed)
        self.code = code
        self.params: dict[str, Any] = {"field": Verbatim(field), "value": Verbatim(value), "allowed": shown,
                                       **params}

    def text(self, lang: str = "en") -> str:
        return tr(self.code, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class TeacherSetup:
    """What a link sets up on a dashboard page (None: not given, the page's own default).

    ``lesson`` is the index in ``spec(game).lessons`` (0 for the first; the link shows the
    number 1 or the lesson's name). ``class_code`` and ``key`` are a learner's class and
    personal key, as the link gives them (the parameters ``class`` and ``key``). ``deal`` is the upper-case deal code; a deal or a lesson
    name also sets ``game`` (a deal also ``preset`` and ``players``). ``given`` holds the
    parameters the link wrote; :attr:`fixed` adds what a deal or a lesson implies, and with
    ``lock`` those are the settings the visitor may not change (:meth:`is_locked`).
    """

    page: str
    game: str | None = None
    preset: str | None = None
    players: int | None = None
    bots: str | None = None
    open_hands: bool | None = None
    undo: bool | None = None
    deal: str | None = None
    lesson: int | None = None
    class_code: str | None = None
    key: str | None = None
    lang: str | None = None
    lock: bool = False
    given: frozenset[str] = field(default=frozenset())

    @property
    def fixed(self) -> frozenset[str]:
        """The settings the link decides: those it gives and those its deal or lesson implies.

        >>> sorted(parse_setup("deal=UD-B4-7F3A9", "play").fixed)
        ['deal', 'game', 'players', 'preset']
        """
        implied = set()
        if self.deal is not None:
            implied |= {"game", "preset", "players"}
        if self.lesson is not None:
            implied.add("game")
        return frozenset(self.given | implied)

    def is_locked(self, name: str) -> bool:
        """May the visitor not change setting ``name`` (the link fixes it and says ``lock=1``)?

        >>> s = parse_setup("game=page_one&lock=1", "play")
        >>> s.is_locked("game"), s.is_locked("players")
        (True, False)
        """
        return self.lock and name in self.fixed

    @property
    def deal_seed(self) -> int | None:
        """The seed of the link's deal code (None: no deal given)."""
        return None if self.deal is None else deal_code.decode(self.deal)[3]

    def query(self) -> str:
        """The query string that gives exactly ``given`` (what :func:`setup_link` writes).

        >>> parse_setup("lock=1&lang=ja&game=up_and_down&open_hands=ON", "play").query()
        'game=up_and_down&open_hands=on&lang=ja&lock=1'
        """
        pairs = []
        for name in _ORDER:
            if name not in self.given:
                continue
            value = getattr(self, _FIELD.get(name, name))
            if name == "lesson":
                assert self.game is not None
                value = spec(self.game).lessons[value].id
            elif name in FLAGS:
                value = FLAGS[name][0 if value else 1]
            pairs.append((name, str(value)))
        return urlencode(pairs)


# --- reading the page address in the kernel --------------------------------------------------
_received: str | None = None  # the visitor's query, once a pool kernel has been given it
_lock = threading.Lock()


def on_static_site() -> bool:
    """Does this kernel serve a page of the static site (``make site``)? Its pages set
    ``TABLEKIT_SITE=static`` in the kernel's environment (``tools/site/tablekit-site.js``)."""
    return os.environ.get("TABLEKIT_SITE") == "static"


def page_file(page: str) -> str:
    """The file of dashboard ``page`` in links: ``play.ipynb`` on the Voilà server, ``play.html``
    on the static site (Voici renders each notebook to a page of that name).

    >>> page_file("play") if not on_static_site() else "play.ipynb"
    'play.ipynb'
    """
    return f"{page}.html" if on_static_site() else f"{page}.ipynb"


def in_voila() -> bool:
    """Does this kernel serve a Voilà page (Voilà sets ``VOILA_PREHEAT`` in every kernel it starts)?"""
    return "VOILA_PREHEAT" in os.environ


def visitor_pending() -> bool:
    """Is this a preheated Voilà kernel whose visitor's query has not arrived yet? (Then an
    empty :func:`query_string` means "not known yet", not "no parameters".)"""
    return os.environ.get("VOILA_PREHEAT") == "True" and _received is None and "QUERY_STRING" not in os.environ


def query_string(timeout: float | None = None) -> str:
    """The page address's query (``"game=page_one&lock=1"``, without ``?``) in a Voilà kernel
    or on the static site; ``""`` in JupyterLab, in tests and everywhere else. Never raises.

    A kernel Voilà started for the visitor has it at once. A preheated pool kernel runs the
    notebook before the visitor comes: it waits for the visitor's request, at most ``timeout``
    seconds (None: as long as it takes, like Voilà's own ``get_query_string``; the pool kernel
    has nothing else to do, and a visitor who comes an hour later still gets the link's
    set-up). When the wait ends without it (timeout, or no Voilà server to ask), the result is
    ``""`` and :func:`visitor_pending` stays True, so a later call can still ask: once the page
    has been requested, Voilà answers at once.

    >>> query_string() if not in_voila() else ""
    ''
    """
    global _received
    if _received is not None:
        return _received
    mode = os.environ.get("VOILA_PREHEAT")
    if mode is None:
        return os.environ.get("QUERY_STRING", "") if on_static_site() else ""
    if mode != "True" or "QUERY_STRING" in os.environ:
        # (in a pool kernel QUERY_STRING appears only once the request info has arrived,
        # e.g. through voila.utils.wait_for_request)
        return os.environ.get("QUERY_STRING", "")
    with _lock:
        if _received is None:
            info = _wait_for_request_info(timeout)
            if info is None:
                return ""
            for key, value in info.items():
                if isinstance(key, str) and isinstance(value, str):
                    os.environ[key] = value  # as voila.utils.wait_for_request does
            query = info.get("QUERY_STRING", "")
            _received = query if isinstance(query, str) else ""
        return _received


def _query_url() -> str | None:
    """Voilà's request-info websocket for this kernel (None: not known)."""
    kernel_id = os.environ.get("VOILA_KERNEL_ID")
    if not kernel_id:
        return None
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{kernel_id}"


def _wait_for_request_info(timeout: float | None) -> dict[str, Any] | None:
    url = _query_url()
    if url is None:
        return None
    try:
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect
    except ImportError:  # Voilà needs websockets; without it there is no Voilà server to ask
        return None
    try:
        with connect(url, open_timeout=10 if timeout is None else max(timeout, 0.1), close_timeout=1) as ws:
            message = ws.recv(timeout=timeout)
    except TimeoutError:
        return None
    except (OSError, WebSocketException) as exc:
        warnings.warn(f"the page's query could not be read from {url}: {exc}", RuntimeWarning, stacklevel=3)
        return None
    try:
        info = json.loads(message)
    except (TypeError, ValueError):
        return None
    return info if isinstance(info, dict) else None


# --- parsing --------------------------------------------------------------------------------
def _check_page(page: str) -> tuple[str, ...]:
    if page not in PAGES:
        raise LinkError("widgets.links.choice", "page", page, list(PAGES))
    return PAGES[page]


def _choice(name: str, value: str, allowed: Sequence[str]) -> str:
    low = value.strip().lower()
    if low not in allowed:
        raise LinkError("widgets.links.choice", name, value, list(allowed))
    return low


def _flag(name: str, value: str, shown: Sequence[str]) -> bool:
    low = value.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise LinkError("widgets.links.choice", name, value, list(shown))


def _single_values(query: str | Mapping[str, Any]) -> dict[str, str]:
    """name -> text value; a parameter given twice is refused."""
    if isinstance(query, str):
        text = query.strip()
        text = text[1:] if text.startswith("?") else text
        parsed: Mapping[str, Any] = parse_qs(text, keep_blank_values=True)
    else:
        parsed = query
    out: dict[str, str] = {}
    for raw_name, raw in parsed.items():
        name = str(raw_name).strip().lower()
        values = list(raw) if isinstance(raw, (list, tuple)) else [raw]
        if len(values) != 1 or name in out:
            raise LinkError("widgets.links.repeated", name, values, "one value")
        value = values[0]
        if isinstance(value, bool):
            value = "1" if value else "0"
        out[name] = str(value)
    return out


def link_lang(query: str | Mapping[str, Any]) -> str | None:
    """The language a link asks for, even when the rest of the link is wrong (the page then
    says what is wrong in that language); None when it names none, or not a language of ours.

    >>> link_lang("lang=JA&players=99"), link_lang("lang=fr"), link_lang("lang=ja&lang=en"), link_lang("")
    ('ja', None, None, None)
    """
    try:
        value = _single_values(query).get("lang")
    except LinkError:
        return None
    low = value.strip().lower() if value is not None else None
    return low if low in LANGUAGES else None


def _lesson_index(game: str | None, value: str, lesson_games: Sequence[str]) -> tuple[str, int]:
    """(game, index) of a lesson given by its menu number (needs ``game``) or its name (the
    short name needs ``game``, the full one names it)."""
    text = value.strip().lower()
    if game is None:
        prefix = text.split(".", 1)[0] if "." in text else ""
        if prefix not in lesson_games:
            raise LinkError("widgets.links.needs_game", "lesson", value, lesson_games)
        game = prefix
    lessons = spec(game).lessons
    if _NUMBER.match(text) and 1 <= int(text) <= len(lessons):
        return game, int(text) - 1
    for index, lesson in enumerate(lessons):
        if text in (lesson.id.lower(), lesson.id.lower().split(".", 1)[-1]):
            return game, index
    raise LinkError("widgets.links.bad_lesson", "lesson", value, f"1 to {len(lessons)} or a lesson name",
                    game=game, count=len(lessons), example=lessons[0].id)


def parse_setup(query: str | Mapping[str, Any], page: str) -> TeacherSetup:
    """The set-up a page address gives ``page`` (one of :data:`PAGES`: ``"play"``, ``"learn"``, ...).

    ``query`` is a query string (``"game=page_one&lock=1"``; a leading ``?`` is fine) or a
    mapping of parameters (values as text, numbers, booleans, or one-item lists as
    ``urllib.parse.parse_qs`` gives). Names and named values ignore case. Raises
    :class:`LinkError` (a ``ConfigError``) for an unknown parameter, one given twice, one the
    page does not take, a bad value, or values that contradict each other.

    >>> parse_setup("", "play") == TeacherSetup("play")
    True
    >>> s = parse_setup("?deal=po-c4-5eed&lang=en", "play")
    >>> s.game, s.preset, s.players, s.deal, s.deal_seed
    ('page_one', 'classic', 4, 'PO-C4-5EED', 24301)
    >>> parse_setup("game=page_one&lesson=2", "learn").lesson
    1
    >>> parse_setup("gmae=page_one", "play")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablekit.widgets.links.LinkError: The link has a setting this page does not know: gmae. ...
    """
    accepted = _check_page(page)
    values = _single_values(query)
    for name in values:
        if name in PASSED_THROUGH:
            continue
        if name not in accepted:
            raise LinkError("widgets.links.unknown", name, name, list(accepted), name=Verbatim(name))
    given = frozenset(name for name in values if name not in PASSED_THROUGH)
    out: dict[str, Any] = {}

    games = list_games()
    if page == "learn":
        games = [g for g in games if spec(g).lessons]
    if "game" in values:
        out["game"] = _choice("game", values["game"], games)

    if "deal" in values:
        try:
            d_game, d_preset, d_players, _ = deal_code.decode(values["deal"])
        except ConfigError:
            raise LinkError("widgets.links.bad_deal", "deal", values["deal"], "a deal code like UD-B4-7F3A9") from None
        out["deal"] = values["deal"].strip().upper()
        source = f"deal={out['deal']}"
        for name, implied in (("game", d_game), ("preset", d_preset), ("players", d_players)):
            if name in values and str(implied) != values[name].strip().lower():
                raise LinkError("widgets.links.conflict", name, values[name], [implied], source=source,
                                expected=str(implied))
        out.update(game=d_game, preset=d_preset, players=d_players)

    if "lesson" in values:
        lesson_game, index = _lesson_index(out.get("game"), values["lesson"], games)
        out.update(game=lesson_game, lesson=index)

    game: str | None = out.get("game")
    if "class" in values:
        code = unicodedata.normalize("NFKC", values["class"]).strip()
        if not _CLASS_CODE.match(code):
            raise LinkError("widgets.links.bad_class", "class", values["class"], "a class code such as ABC234")
        out["class_code"] = code
    if "key" in values:
        if not _KEY.match(values["key"].strip()):
            raise LinkError("widgets.links.bad_key", "key", values["key"], "the key of a learner's own link")
        if "class_code" not in out:
            raise LinkError("widgets.links.needs_class", "key", values["key"], "class=")
        out["key"] = values["key"].strip()

    for name in ("preset", "players", "bots"):
        if name in values and game is None:
            raise LinkError("widgets.links.needs_game", name, values[name], games)
    if game is not None and "deal" not in out:
        game_spec = spec(game)
        if "preset" in values:
            out["preset"] = _choice("preset", values["preset"], list(game_spec.presets))
        if "players" in values:
            low, high = game_spec.players_for(out.get("preset"))
            text = values["players"].strip()
            if not _NUMBER.match(text) or not low <= int(text) <= high:
                raise LinkError("widgets.links.range", "players", values["players"],
                                f"an integer from {low} to {high}", low=low, high=high)
            out["players"] = int(text)
            try:  # a preset may allow fewer player counts than the game
                make(game, preset=out.get("preset"), players=out["players"])
            except ConfigError as exc:
                low, high = (exc.low, exc.high) if exc.low is not None and exc.high is not None else (low, high)
                raise LinkError("widgets.links.range", "players", values["players"], f"an integer from {low} to {high}",
                                low=low, high=high) from None
    if game is not None and "bots" in values:
        out["bots"] = _choice("bots", values["bots"], bot_names(game))

    for name, words in FLAGS.items():
        if name in values:
            out[name] = _flag(name, values[name], words)
    if "lang" in values:
        out["lang"] = _choice("lang", values["lang"], LANGUAGES)
    return TeacherSetup(page, given=given, **out)


def setup_link(page: str, **fields: Any) -> str:
    """A relative link to dashboard ``page`` with the given set-up (the values as in
    :class:`TeacherSetup`, ``class_code`` for ``class``; None leaves a field out), checked like
    :func:`parse_setup` would. Relative to the dashboards' folder, e.g. after
    ``.../voila/render/`` (on the static site ``.../voici/render/``, and the page is
    ``play.html``: :func:`page_file`).

    >>> setup_link("learn", game="page_one", lesson=1, lang="ja")
    'learn.ipynb?game=page_one&lesson=page_one.eight&lang=ja'
    >>> setup_link("play")
    'play.ipynb'
    >>> setup_link("join", class_code="ABC234", key="s3cretKeyOfAnn", lang="ja")
    'join.ipynb?class=ABC234&key=s3cretKeyOfAnn&lang=ja'
    >>> setup_link("play", players=9, game="up_and_down")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablekit.widgets.links.LinkError: In the link, players=9 is not possible: ... from 2 to 7.
    """
    accepted = _check_page(page)
    if "class_code" in fields:  # (``class`` is a Python keyword)
        fields = {("class" if k == "class_code" else k): v for k, v in fields.items()}
    for name in fields:
        if name not in _ORDER:
            raise LinkError("widgets.links.unknown", name, name, list(accepted), name=Verbatim(name))
    pairs: list[tuple[str, str]] = []
    for name in _ORDER:
        value = fields.get(name)
        if value is None or (name == "lock" and value is False):
            continue
        if name == "lesson" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value + 1) if value >= 0 else str(value)  # the menu's number; checked below
        elif name in FLAGS and isinstance(value, bool):
            value = FLAGS[name][0 if value else 1]
        pairs.append((name, str(value)))
    setup = parse_setup(dict(pairs), page)  # the same checks as a visitor's page makes
    return f"{page_file(page)}?{setup.query()}" if pairs else page_file(page)


__all__ = ["FLAGS", "PAGES", "PASSED_THROUGH", "PERSONAL", "SITE_PAGES", "LinkError", "TeacherSetup", "in_voila",
           "link_lang", "on_static_site", "page_file", "parse_setup", "query_string", "setup_link", "visitor_pending"]
