"""TableWidget: what every widget drawn by ``play_table.js`` shares.

``PlayTable`` and ``RuleWalkthrough`` are both a table of cards with a message line, a game
log, a live line for screen readers, a language switch and requests from the browser that
Python checks. This base holds those synced traits and the request loop: a request is a dict
with a ``type``; each subclass maps types to handlers; whatever goes wrong becomes a friendly
message (a refusal with the rule's reason, or a sentence of the catalogues: never an
exception's text, see ``tablekit.widgets.problems``) and no traceback ever reaches the
learner. Synced traits are display state only: Python never acts on a trait value written by
the browser.

>>> view = {"lang": "en", "zones": [
...     {"kind": "hand", "id": "h", "label": "", "hidden": 2, "cards": [{"face": None, "playable": True, "action": "x"}]},
...     {"kind": "trick", "id": "t", "label": "", "plays": [{"seat": 0, "label": "", "card": {"face": None}}]},
...     {"kind": "grid", "id": "g", "label": "", "cells": [{"x": 0, "y": 0, "card": None, "playable": True,
...                                                          "action": "c"}]}],
...     "buttons": [{"code": "pass", "label": "Pass"}],
...     "pickers": [number_picker("bid", "Your bid", 3, 9, "bid:{n}", submit="Bid {n}")]}
>>> len(list(iter_cards(view))), len(list(iter_clickables(view)))
(2, 4)
>>> [offers(item, "c") for item in iter_clickables(view)], [offers(item, "bid:5") for item in iter_clickables(view)]
([False, True, False, False], [False, False, False, True])
>>> mark_places(view, "bid:5", "hint"), view["pickers"][0]["value"], view["pickers"][0]["mark"]
(1, 5, 'hint')
>>> all(c["svg"].startswith("<svg") for c in iter_cards(with_svg(view)))
True
"""

from __future__ import annotations

import asyncio
import logging
import pathlib
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import anywidget
import traitlets

from tablekit.core.errors import IllegalActionError, InvalidActionError, TablekitError
from tablekit.core.game import Game
from tablekit.core.view import iter_cards, marks_shown, number_picker, picker_value, put_mark
from tablekit.core.verdict import Event, Verdict
from tablekit.i18n import LANGUAGES, tr
from tablekit.render.svg import card_svg
from tablekit.widgets.limits import check_request
from tablekit.widgets.problems import problem_text
from tablekit.widgets.fonts import font_css

STATIC = pathlib.Path(__file__).parent / "static"
LOG_LIMIT = 300
#: The words the front end shows around the cards (``widgets.table.<key>``), for every widget
#: that draws a table with ``play_table.js``.
TABLE_LABELS = (
    "hint", "undo", "new", "deal_code", "teaching", "large", "log", "language", "speed",
    "choose_target", "cancel", "summary", "play_again", "your_cards", "table", "replay",
    "replay_start", "replay_back", "replay_forward", "replay_end", "replay_exit", "face_down",
    "choose_play", "four_colour", "moves", "last_move", "next_round", "share", "replay_round_back",
    "replay_round_forward", "replay_slider", "revealed", "standings", "worked", "opponents",
    # the legend of the marks (core.view.MARKS), also said after a marked card's name
    "marks", "mark_hint", "mark_target", "mark_last", "mark_received",
    # the words of tricks, rings and columns
    "leader", "winner", "trump", "wrap", "empty", "up", "down", "ways",
    # the buttons of a number picker
    "picker_less", "picker_more")

#: What a teacher's link can fix so that a visitor cannot change it.
LOCKABLE = ("game", "preset", "players", "bots", "open_hands", "lang", "deal", "lesson")

Handler = Callable[[dict[str, Any]], None]
_log = logging.getLogger(__name__)


def table_labels(lang: str) -> dict[str, str]:
    """Every word the table's front end shows; ``player`` names a seat (``{n}`` from 1)."""
    labels = {k: tr(f"widgets.table.{k}", lang) for k in TABLE_LABELS}
    labels["player"] = tr("core.seat", lang, n="{n}")
    return labels


def iter_clickables(view: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """Every place ``play_table.js`` lets a person click to make a move: the cards of hands,
    piles and rings, column rows and their cards, grid cells (each by its ``action`` or
    ``choices``), the move ``buttons`` and the ``pickers``. (The cards of a trick and the cards
    lying on grid cells are only shown.)"""
    for z in view["zones"]:
        yield from z.get("cards", ())
        for row in z.get("rows", ()):
            yield row
            yield from row.get("cards", ())
        yield from z.get("cells", ())
    yield from view.get("buttons", ())
    yield from view.get("pickers", ())


def offers(item: Mapping[str, Any], code: str) -> bool:
    """Does using ``item`` (a place of :func:`iter_clickables`) play ``code``: at once, as one
    of its choices, or as one of a picker's values? A place that may not be used now offers
    nothing."""
    if item.get("playable") is False:
        return False
    if "kind" in item:  # a picker
        return picker_value(item, code) is not None
    if "action" not in item and "choices" not in item:  # a button
        return item.get("code") == code
    return item.get("action") == code or any(ch["code"] == code for ch in item.get("choices", ()))


def mark_places(view: Mapping[str, Any], code: str, mark: str) -> int:
    """Put ``mark`` (see ``core.view.MARKS``) on the places that play ``code``: each card, row,
    cell or button that offers it (and the choice among a place's choices); only when none
    does, the pickers that offer it, each set to show that move. Returns how many places are
    marked (0: the view offers no way to play ``code``).

    >>> view = {"zones": [], "buttons": [{"code": "bid:5", "label": "Bid 5"}],
    ...         "pickers": [number_picker("bid", "Any bid", 3, 9, "bid:{n}", submit="Bid {n}")]}
    >>> mark_places(view, "bid:5", "hint"), view["buttons"][0]["mark"], view["pickers"][0]["mark"]
    (1, 'hint', None)
    >>> mark_places(view, "bid:7", "hint"), view["pickers"][0]["value"], view["pickers"][0]["mark"]
    (1, 7, 'hint')
    """
    places = [item for item in iter_clickables(view) if offers(item, code)]
    marked = [item for item in places if "kind" not in item] or places
    for item in marked:
        put_mark(item, mark)
        if "kind" in item:
            item["value"] = picker_value(item, code)
        for ch in item.get("choices", ()):
            if ch["code"] == code:
                put_mark(ch, mark)
    return len(marked)


def with_svg(view: dict[str, Any], four_colour: bool | None = None) -> dict[str, Any]:
    """Add the SVG picture of every card (the JavaScript only places them); ``four_colour``
    (when not None) picks the four-colour suits of a standard deck. An empty ring slot has no
    picture."""
    back = tr("widgets.table.face_down", view["lang"])
    ended = view.get("round_end") or {}
    revealed = [*ended.get("hands", []), *ended.get("piles", [])]  # what a round's end shows face up
    for part in (view, {"zones": revealed}):
        for c in iter_cards(part):
            c["svg"] = "" if c.get("empty") else card_svg(c["face"], back, four_colour=four_colour)
        for z in part["zones"]:
            if z.get("hidden"):
                z["back_svg"] = card_svg(None, back)
    return view


class CheckedRequests:
    """The request loop of a widget whose page sends requests: a request is a dict with a
    ``type``, which ``_requests`` maps to its handler; it is checked for size and form first, and
    whatever goes wrong becomes a friendly message (``_say``, in ``_lang``): a refusal with the
    rule's reason, or a sentence of the catalogues, never an exception's text. Mixed into an
    ``anywidget.AnyWidget`` that has ``_say(text, kind)`` and ``_lang``; the widget calls
    ``self.on_msg(self._on_msg)``."""

    _lang: str

    def _say(self, text: str, kind: str) -> None:
        raise NotImplementedError

    def _requests(self) -> dict[str, Handler]:
        """The request types this widget answers, each with its handler."""
        return {}

    def _allowed(self, kind: str) -> bool:
        """May a request of this type run now? (A subclass says why not with ``_say``.)"""
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: Any) -> None:
        """Handle one request from the browser. Never raises: problems become messages.
        Everything the request changes reaches the browser as one update."""
        with self.hold_sync():  # type: ignore[attr-defined]
            self._dispatch(content)

    def _dispatch(self, content: Any) -> None:
        try:
            check_request(content)  # size and nesting first: nothing below walks a huge value
            if not isinstance(content, dict) or not isinstance(content.get("type"), str):
                raise InvalidActionError("malformed request")
            kind = content["type"]
            handler = self._requests().get(kind)
            if handler is None:
                raise InvalidActionError(f"unknown request {kind[:40]!r}")
            if self._allowed(kind):
                handler(content)
        except IllegalActionError as exc:
            self._say(exc.text(self._lang), "refusal")
        except TablekitError as exc:  # a bad code or option: worded from the catalogues, never its text
            _log.info("refused a request: %.300s", exc)
            self._say(problem_text(exc, self._lang), "error")
        except (ValueError, TypeError) as exc:
            _log.info("refused a malformed request: %.300s", exc)
            self._say(tr("widgets.table.bad_request", self._lang), "error")
        except Exception:  # a bug: the kernel log keeps the traceback, the learner a sentence
            _log.exception("request of type %.40r failed", content.get("type") if isinstance(content, dict) else None)
            self._say(tr("widgets.table.bad_request", self._lang), "error")

    @staticmethod
    def _code(content: Mapping[str, Any], limit: int = 40) -> str:
        """The action or card code a request carries (a short text)."""
        code = content.get("code")
        if not isinstance(code, str) or not code or len(code) > limit:
            raise InvalidActionError("an action code is a short text")
        return code


class TableWidget(CheckedRequests, anywidget.AnyWidget):
    """The synced traits, the language, the message line, the log and the request loop that
    every table widget shares. Subclasses list their requests in ``_requests`` and draw with
    ``_show``."""

    _esm = STATIC / "play_table.js"
    _css = (STATIC / "play_table.css").read_text(encoding="utf-8") + font_css()

    view = traitlets.Dict().tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)
    deal = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    allow_teaching_ui = traitlets.Bool(False).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    chrome = traitlets.Unicode("full").tag(sync=True)
    locked = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, lang: str = "en", chrome: str = "full", locked: Iterable[str] = ()) -> None:
        """``chrome``: ``"full"``, the table offers its own language menu (and a game table its
        own deal controls), as in a notebook; ``"bar"``, a dashboard's control bar does.
        ``locked``: what a teacher's link fixed (any of ``LOCKABLE``), refused here whatever
        the browser sends."""
        super().__init__()
        if chrome not in ("full", "bar"):
            raise ValueError(f"chrome must be 'full' or 'bar' (got {chrome!r})")
        self._locked = frozenset(locked)
        unknown = sorted(self._locked - set(LOCKABLE))
        if unknown:
            raise ValueError(f"locked: {', '.join(unknown)} cannot be locked (allowed: {', '.join(LOCKABLE)})")
        self.chrome = chrome
        self.locked = sorted(self._locked)
        self._lang = lang if lang in LANGUAGES else "en"
        self.lang = self._lang
        self._announced: list[str] | None = None  # inside a request: every move it caused
        self._generation = 0  # moves scheduled by _repeat run only while this is unchanged
        self._log_events: list[Event] = []  # the log as events (codes), drawn in the current language
        self._lang_listeners: list[Callable[[str], None]] = []
        self._show_listeners: list[Callable[[], None]] = []
        self.on_msg(self._on_msg)

    # --- requests from the browser ---------------------------------------------------------
    def _requests(self) -> dict[str, Handler]:
        """The request types this widget answers, each with its handler."""
        return {"lang": self._req_lang}

    def _req_lang(self, content: dict[str, Any]) -> None:
        if "lang" in self._locked:
            self._say(tr("widgets.table.locked", self._lang), "refusal")
            return
        self.set_lang(content.get("lang"))

    def handle(self, content: Any) -> None:
        """Handle one request from the browser. Never raises: problems become messages.

        Everything the request changes reaches the browser as one update, and the live line
        announces every move made meanwhile.
        """
        self._announced = []
        try:
            with self.hold_sync():
                self._dispatch(content)
        finally:
            self._announced = None

    @staticmethod
    def _seconds(content: Mapping[str, Any], low_ms: int, high_ms: int) -> float:
        """A speed request's delay (``ms`` from ``low_ms`` to ``high_ms``), in seconds."""
        ms = content.get("ms")
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not low_ms <= ms <= high_ms:
            raise ValueError(f"speed must be from {low_ms} to {high_ms} ms")
        return float(ms) / 1000

    # --- moves that follow one another (bot turns, autoplay) ----------------------------------
    def _cancel_repeat(self) -> None:
        """Stop the moves that ``_repeat`` scheduled (the line changed under them)."""
        self._generation += 1

    def _repeat(self, step: Callable[[], bool], delay: Callable[[], float],
                done: Callable[[], None] | None = None) -> None:
        """Call ``step`` until it returns False, then ``done``. At once when the delay is 0 or
        no event loop runs (tests, scripts); otherwise one call every ``delay()`` seconds, each
        sent to the browser as one update, until ``_cancel_repeat``."""
        generation = self._generation

        def live() -> bool:
            return generation == self._generation

        loop = None
        if delay() > 0:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        if loop is None:
            while live() and step():
                pass
            if done is not None and live():
                done()
            return
        running = loop

        def tick() -> None:
            with self.hold_sync():
                moved = live() and step()
                if not moved and done is not None and live():
                    done()
            if moved:
                running.call_later(delay(), tick)

        running.call_later(delay(), tick)

    # --- language --------------------------------------------------------------------------
    def set_lang(self, lang: Any) -> None:
        """Show every text in ``lang`` (``"en"`` or ``"ja"``), the log's earlier lines included,
        and tell the ``on_lang`` listeners."""
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        changed = lang != self._lang
        self._lang = lang
        self.lang = lang
        self.log = self._log_texts()
        self._relabel()
        if changed:
            for listener in list(self._lang_listeners):
                listener(lang)

    def on_lang(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(lang)`` whenever the language changes (a checked request or Python;
        never a trait the browser wrote)."""
        self._lang_listeners.append(listener)

    @property
    def language(self) -> str:
        """The language the table speaks, as Python set it (the synced ``lang`` trait is only
        what the browser shows: a page can write anything there)."""
        return self._lang

    def on_show(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` after every new view-model Python sends (a move, an undo, a
        replay step, a new deal), never when the browser writes the ``view`` trait."""
        self._show_listeners.append(listener)

    def _relabel(self) -> None:
        """Redraw in the new language (subclasses)."""

    # --- drawing ---------------------------------------------------------------------------
    def _say(self, text: str, kind: str) -> None:
        """The message line: ``kind`` is info, hint, refusal or error."""
        self.message_kind = kind
        self.message = text

    def _say_verdict(self, verdict: Verdict) -> None:
        self._say(verdict.text(self._lang), "info" if verdict.ok else "refusal")

    def _say_why(self, game: Game[Any], state: Any, code: str) -> None:
        """The answer to a click on something that does not play at once: the rule's reason
        from ``game.explain_code`` (an action code, or a card of the hand as the front end
        sends it); a code that is neither is told so in a sentence of the catalogue."""
        try:
            verdict = game.explain_code(state, code)
        except InvalidActionError:
            self._say(tr("widgets.table.why_unknown", self._lang), "refusal")
            return
        self._say_verdict(verdict)

    def _log_texts(self) -> list[str]:
        return [e.text(self._lang) for e in self._log_events]

    def _set_log(self, events: Sequence[Event]) -> None:
        """Replace the whole log (a new game, a replay position)."""
        self._log_events = list(events)[-LOG_LIMIT:]
        self.log = self._log_texts()

    def _narrate(self, events: Sequence[Event]) -> None:
        """Add what happened to the log and say it on the live line (within one request, the
        live line keeps every move the request caused)."""
        if not events:
            return
        texts = [e.text(self._lang) for e in events]
        self._log_events = (self._log_events + list(events))[-LOG_LIMIT:]
        self.log = self._log_texts()  # (never the synced trait: the page may have written it)
        if self._announced is not None:
            self._announced.extend(texts)
            texts = self._announced
        self.announce = " ".join(texts)

    def _labels(self) -> dict[str, str]:
        return table_labels(self._lang)

    def _show(self, view: dict[str, Any], four_colour: bool | None = None) -> None:
        """Send a view-model to the browser, with its card pictures, the words around it and the
        marks on it (``marks``: what the legend explains)."""
        self.labels = self._labels()
        view["marks"] = marks_shown(view)
        self.view = with_svg(view, four_colour)
        for listener in list(self._show_listeners):
            listener()


__all__ = ["LOCKABLE", "LOG_LIMIT", "STATIC", "TABLE_LABELS", "TableWidget", "iter_cards", "iter_clickables",
           "mark_places", "offers", "table_labels", "with_svg"]
