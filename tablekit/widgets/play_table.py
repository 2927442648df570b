"""PlayTable: play a real hand against bots, in a notebook or a Voilà dashboard.

The widget is an anywidget over a game's view-model (the builder its ``SPEC.view`` names). The
browser only ever receives the view-model of the human's seat (or the open view when teaching
mode is on and allowed), and everything it sends is a request that Python checks: that it is
the human's turn, and that the action is legal. Synced traits are display state only: Python
never acts on a trait value written by the browser.

In a mode whose game has a solver (``SPEC.solver``: Up&Down's Cul-de-sac and solo), the table
shows a "Still winnable?" meter that is worked out again after every move that leaves the
person to act (and when the game or a round ends), within ``meter_seconds`` of CPU time
(``METER_SECONDS``); while bots move, it shows its last answer as pending. The hands are open but the order of the stock
is not: while the stock holds cards, the meter gives the share of sampled stock orders that are
still winnable (the solver samples them with ``determinize``, never reading the real order),
and only once the stock is empty an exact answer; "Show me a winning line" then names the next
card of a winning line (marked as a hint) and says the whole line in words.

Marks (``core.view.MARKS``): the game's view marks the card played last and the cards its rules
hand to a player (a kitty); the table marks as ``received`` any card that came into the
person's hand since their last decision (a draw, a refill, a penalty) and as ``hint`` the place
that plays the hinted move (a card, a row, a cell or a button); the legend beside the table
explains the marks on it.

When a move ends a round (or a game of a match), the table stops there and shows the game's
``SPEC.round_summary`` (who won and why, every hand revealed with its score worked out, the
standings) until the learner presses "Next round"; the bots wait too. The deal code, which
names the whole deal, is kept in Python while the game goes on: the browser gets it once the
game is over, when the deal came from a code the learner already has, or when the learner
asks to share it (the table says that sharing reveals the deal). Bots draw from a seed of their
own, so the deal code does not give their moves away either; the record keeps that seed. While
a teacher's link locks any setting, Share is refused until the game is over: the code typed
into another, unlocked page would open what the lock keeps closed (every hand, with open hands).

Undo takes the table and the game log back to the person's previous turn, unless a move since
then showed a card the person had not seen (``Session.can_undo`` says why, and the table says it
too); in the open-hand teaching view it stays free. ``allow_undo=False`` (a teacher link's
``undo=off``) hides Undo and refuses it whatever the browser sends.

>>> table = PlayTable(preset="basic", players=3, seed=5, bot_delay=0)
>>> table.view["my_turn"]
True
>>> code = table.view["actions"][0]["code"]
>>> table.handle({"type": "play", "code": code})
>>> table.match.step_index >= 1
True

A class table (``session=``, a :class:`tablekit.classroom.SharedSession`) is the same widget in
its shared mode: the session is a learner's (their own seat; the browser never names it) or
the teacher's (every hand, no move). There is no New game, deal code, Share, Undo or open
hands. A background task in the kernel calls :meth:`PlayTable.poll` every ``POLL_SECONDS``: it
applies what the other pages wrote and redraws only when the table moved, moves the bots
(whichever page gets there first: the store keeps one move), and the session applies the
class's empty-seat policy. The learner's seat counts as present while the page sends its
periodic ``here`` request (a kernel outlives a closed tab). A move that arrives after the table
moved on is refused in the page's language, and the table is drawn as it now is.

>>> from tablekit.classroom import ClassStore, SharedSession
>>> store = ClassStore("sqlite://")
>>> cls = store.create_class("5B")
>>> (ann, ann_key), (ben, ben_key) = store.join(cls.code, "Ann"), store.join(cls.code, "Ben")
>>> [t] = store.create_tables(cls.id, "page_one", players=3, seats=["learner", "learner", "heuristic"], seed=1)
>>> store.take_seat(ann.id, t.id), store.take_seat(ben.id, t.id)
(0, 1)
>>> mine = PlayTable(session=SharedSession.for_learner(store, ann_key, t.id), bot_delay=0)
>>> theirs = PlayTable(session=SharedSession.for_learner(store, ben_key, t.id), bot_delay=0)
>>> mine.shared, mine.view["my_turn"], theirs.view["my_turn"]
('player', True, False)
>>> mine.handle({"type": "play", "code": mine.view["actions"][0]["code"]})
>>> theirs.poll(), theirs.view["my_turn"], theirs.poll()
(True, True, False)
>>> theirs.handle({"type": "undo"}); theirs.message
'At a class table this is not possible: everyone at the table plays the same game.'
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable, cast

import traitlets

from tablekit.core import deal_code
from tablekit.core.errors import ClassroomError, ConfigError, MoveTaken
from tablekit.core.match import Match
from tablekit.core.registry import make, spec
from tablekit.core.view import put_mark
from tablekit.core.verdict import Event
from tablekit.i18n import tr
from tablekit.session import Session, hint_bot_name
from tablekit.widgets.base import (
    LOCKABLE,
    STATIC,
    TABLE_LABELS,
    Handler,
    TableWidget,
    iter_clickables,
    mark_places,
    table_labels,
)
from tablekit.widgets.problems import problem_text

if TYPE_CHECKING:  # (the classroom extra: only a class table needs it)
    from tablekit.classroom.shared import SharedSession

#: CPU seconds the "Still winnable?" meter may spend after each move.
METER_SECONDS = 0.5
#: How often a class table's background task looks at the store (seconds); the classroom's
#: ``POLL_SECONDS`` (repeated here so that a table of one's own needs no classroom extra).
POLL_SECONDS = 0.1
#: How long the background task waits after a poll that failed (the store out of reach).
FAILED_POLL_SECONDS = 2.0
#: What a class table refuses (a request that would change the game for everyone at it).
SHARED_OFF = ("new", "undo", "teaching", "share", "winning_line")
#: What the teacher's view of a class table refuses too: it moves nothing.
SPECTATOR_OFF = ("play", "hint")

_log = logging.getLogger(__name__)


class PlayTable(TableWidget):
    """A game against bots. ``seat`` is the human's seat; in solo the human plays every seat.

    Parameters: ``game``, ``preset``, ``players`` (None: the preset's own count), ``seed``
    (None: a fresh random deal when the table is shown), ``seat``, ``bots`` (a name or one per
    seat; None: the game's heuristic bot, or the random one for a game without), ``lang``,
    ``bot_delay`` (seconds between bot moves; 0 in tests), ``allow_teaching`` (may the learner
    open all hands), ``four_colour`` (standard cards with four-colour suits: ♦ blue, ♣ green),
    ``bot_seed`` (None: fresh; the bots' own randomness), ``chrome`` (``"full"``: the table
    offers its own New game, deal code box and language menu, as in a notebook; ``"bar"``: a
    dashboard's control bar does that), ``locked`` (what a teacher's link fixed: any of
    ``LOCKABLE``; the table then refuses to change it, whatever the browser sends, and refuses
    Share until the game is over) and ``allow_undo`` (False: no Undo at this table).

    ``session``: a class table (a :class:`tablekit.classroom.SharedSession`; the game's
    parameters are then its own and ``game``, ``preset``, ``players``, ``seed``, ``seat``,
    ``bots``, ``bot_seed``, ``allow_teaching`` and ``allow_undo`` are not used). ``follow``:
    start the background task that follows the table (when an event loop runs, as in a
    kernel; tests call :meth:`poll` themselves).

    The game itself (seats, bot turns, hints, undo, replay positions) is a
    :class:`tablekit.session.Session`; the table draws it and times the bots.
    """

    four_colour = traitlets.Bool(False).tag(sync=True)
    #: A class table: "player" (a learner's page) or "spectator" (the teacher's); "" otherwise.
    shared = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        game: str = "up_and_down",
        preset: str | None = None,
        players: int | None = None,
        seed: int | None = None,
        seat: int = 0,
        bots: str | list[str] | None = None,
        lang: str = "en",
        bot_delay: float = 0.6,
        allow_teaching: bool = True,
        four_colour: bool = False,
        bot_seed: int | None = None,
        chrome: str = "full",
        locked: Iterable[str] = (),
        allow_undo: bool = True,
        *,
        session: SharedSession | None = None,
        follow: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(lang, chrome=chrome, locked=locked)
        self.allow_undo = bool(allow_undo) and session is None
        self._four_colour = bool(four_colour)
        self.four_colour = self._four_colour
        self._options = options
        self._bot_names = bots
        self.bot_delay = max(0.0, float(bot_delay))
        self.allow_teaching = allow_teaching and session is None
        self.allow_teaching_ui = self.allow_teaching
        self.teaching = False
        self._hint_code: str | None = None
        self.replay_at: int | None = None
        self._marks: list[tuple[int, int]] = []  # in a replay: (step where a round starts, round number)
        self._round_end: tuple[int, tuple[Event, ...]] | None = None  # the step that ended a round, shown
        self._deal_code = ""
        self._deal_public = False
        self.meter_seconds = METER_SECONDS
        self._solved: tuple[Any, Any] | None = None  # (state, the solver's answer for it)
        self._task: asyncio.Task[None] | None = None  # a class table's background task
        self._closed = False
        self._last_change = 0.0  # (monotonic) when the class table last moved, as this page saw it
        if session is not None:
            self._open_shared(session, follow)
        else:
            self.new_game(game, preset, players, seed, seat, bot_seed=bot_seed)

    # --- the session ----------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The game with its whole history."""
        return self.session.match

    @property
    def seat(self) -> int:
        return self.session.seat

    @seat.setter
    def seat(self, value: int) -> None:
        self.session.seat = value

    @property
    def controls(self) -> frozenset[int]:
        """The seats the person plays."""
        return self.session.humans

    @controls.setter
    def controls(self, seats: Iterable[int]) -> None:
        self.session.humans = frozenset(seats)

    @property
    def solo(self) -> bool:
        return self.session.solo

    @property
    def bots(self) -> tuple[Any, ...]:
        return self.session.bots

    # --- setting up ---------------------------------------------------------------------
    def new_game(self, game: str = "up_and_down", preset: str | None = None, players: int | None = None,
                 seed: int | None = None, seat: int = 0, bots: str | list[str] | None = None,
                 bot_seed: int | None = None) -> None:
        """Deal a new game (``seed`` None: a fresh random deal; ``bots`` None: as before;
        ``bot_seed`` None: fresh). Not at a class table (its game is the class's)."""
        if self.shared:
            raise ClassroomError("widgets.table.shared_off")
        g = make(game, preset=preset, players=players, **self._options)
        requested = self._bot_names if bots is None else bots
        # No bots named: the game's own heuristic bot where it has one, else the random bot.
        names = hint_bot_name(g) if requested is None else requested
        known = seed is not None  # a deal the learner named: its code is no secret to them
        seed = deal_code.random_seed() if seed is None else seed
        self.session = Session(g, seed, seat, names, bot_seed=bot_seed,  # checks seat and bots first
                               allow_undo=self.allow_undo)
        self._bot_names = requested
        try:
            self._deal_code = deal_code.encode(game, g.preset, g.num_players, seed)
        except ConfigError:
            self._deal_code = ""
        self._deal_public = known
        self._cancel_repeat()
        self._hint_code = None
        self.replay_at = None
        self._round_end = None
        self._solved = None
        self._set_log([])
        self._say("", "info")
        self._render(self.session.latest_events)
        self._schedule_bots()

    @property
    def deal_code(self) -> str:
        """The code of the deal on the table (kept from the browser until it may be shown)."""
        return self._deal_code

    def load_deal(self, code: str) -> None:
        """Start the deal named by a deal code (as typed by a learner)."""
        game, preset, players, seed = deal_code.decode(code)
        self._options = {}
        self.new_game(game, preset, players, seed, min(self.seat, players - 1))

    # --- a class table --------------------------------------------------------------------
    def _open_shared(self, session: SharedSession, follow: bool) -> None:
        """Draw a class table as it stands (mid-game too: its log so far, a round's end shown)
        and start following it."""
        self.session = session
        self.shared = "player" if session.role == "learner" else "spectator"
        self._set_log(session.events_between(1, max(session.step_index - 1, 0)))  # (drawing adds the last move's)
        if session.step_index:
            self._moved(session.latest_events)
        self._last_change = time.monotonic()
        if self.shared == "player":
            session.heartbeat(force=True)  # (a page is being built for a visitor: they are here)
        self._say("", "info")
        self._render(session.latest_events)
        if follow:
            self._start_following()

    @property
    def _class_table(self) -> SharedSession:
        """The session of a class table (in shared mode)."""
        return cast("SharedSession", self.session)

    def _start_following(self) -> None:
        """The background task (when an event loop runs: a kernel): :meth:`poll` every
        ``POLL_SECONDS`` until the widget closes."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._follow())

    async def _follow(self) -> None:
        while not self._closed:
            wait = POLL_SECONDS
            try:
                self.poll()
            except Exception:  # (the store out of reach for a moment: a later poll tries again)
                _log.exception("a class table's poll failed")
                wait = FAILED_POLL_SECONDS
            await asyncio.sleep(wait)

    def poll(self) -> bool:
        """One step of a class table's background task: apply the moves the other pages wrote,
        then let a bot move when one is to play and ``bot_delay`` has passed since the last move
        (not while this page shows a round's end or a replay; at 0, every bot move at once).
        True when the table moved (it is drawn again); when nothing changed nothing is sent.
        A table of one's own has nothing to poll: False."""
        if not self.shared or self._closed:
            return False
        session = self._class_table
        before = session.step_index
        session.poll()
        moved = session.step_index != before
        now = time.monotonic()
        if moved:
            with self.hold_sync():
                self._caught_up(before)
            self._last_change = now
        if (session.bot_to_play is not None and self.replay_at is None and not self._paused
                and now - self._last_change >= self.bot_delay):
            with self.hold_sync():
                if self.bot_delay > 0:
                    self._bot_move()  # one move, drawn; the next one a poll later
                else:
                    self._schedule_bots()  # every bot move at once, drawn once
            self._last_change = time.monotonic()
        return session.step_index != before

    def _caught_up(self, before: int) -> None:
        """Log and draw the moves the session applied since move ``before`` (another page's,
        a bot's), and show a round's end among them."""
        session = self.session
        last = session.step_index
        for step in range(before + 1, last + 1):
            events = session.events_at(step)
            self._moved(events)
            if step < last:
                self._narrate(events)
        self._hint_code = None
        self._render(session.events_at(last) if last > before else ())

    def _req_here(self, _content: dict[str, Any]) -> None:
        """The page's periodic sign that it is open (see :meth:`handle`)."""

    def handle(self, content: Any) -> None:
        """Handle one request from the browser (see :meth:`TableWidget.handle`). At a class
        table any request is a sign that the learner's page is open: their seat does not count
        as empty (at most one write to the store in ``HEARTBEAT_SECONDS``)."""
        if self.shared == "player" and not self._closed:
            try:
                self._class_table.heartbeat()
            except Exception:  # (the store out of reach for a moment: the next sign tries again)
                _log.exception("a class table's heartbeat failed")
        super().handle(content)

    def close(self) -> None:
        """Close the widget; a class table's background task stops."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            self._task = None
        super().close()

    # --- what the browser may ask ---------------------------------------------------------
    def _requests(self) -> dict[str, Handler]:
        return super()._requests() | {"here": self._req_here} | {
            "play": self._req_play, "why": self._req_why, "hint": self._req_hint,
            "undo": self._req_undo, "new": self._req_new, "teaching": self._req_teaching,
            "speed": self._req_speed, "replay": self._req_replay, "four_colour": self._req_four_colour,
            "next_round": self._req_next_round, "share": self._req_share,
            "winning_line": self._req_winning_line,
        }

    def _allowed(self, kind: str) -> bool:
        if self.shared and kind in SHARED_OFF:
            self._say(tr("widgets.table.shared_off", self._lang), "refusal")
            return False
        if self.shared == "spectator" and kind in SPECTATOR_OFF:
            self._say(tr("widgets.table.spectator", self._lang), "refusal")
            return False
        if self.replay_at is not None and kind in ("play", "why", "hint", "undo", "next_round", "winning_line"):
            self._say(tr("widgets.table.in_replay", self._lang), "refusal")
            return False
        if self._paused and kind in ("play", "hint", "winning_line"):
            self._say(tr("widgets.table.press_next_round", self._lang), "refusal")
            return False
        return True

    @property
    def _paused(self) -> bool:
        """A round has ended and its summary waits for "Next round" (the game goes on)."""
        return self._round_end is not None and not self.session.is_over

    def _req_play(self, content: dict[str, Any]) -> None:
        code = self._code(content)
        if self.shared:
            before = self.session.step_index
            at = content.get("at")  # the move number of the view the browser clicked on
            if isinstance(at, int) and not isinstance(at, bool) and at != before:
                self._moved_on(before, MoveTaken(at + 1))  # a click on a view the table has left
                return
            try:
                events = self.session.play(code)  # IllegalActionError: the rule's reason
            except MoveTaken as exc:  # another page wrote this move first: the session caught up
                self._moved_on(before, exc)
                return
        else:
            events = self.session.play(code)  # IllegalActionError: the rule's reason
        self._hint_code = None
        self._say("", "info")
        self._moved(events)
        self._last_change = time.monotonic()
        if self.bot_delay > 0:
            self._render(events)
            if not self.shared:  # (at a class table, the background task moves the bots)
                self._schedule_bots()
        else:  # the bots answer at once: the table is drawn once, after them
            self._narrate(events)
            self._schedule_bots(drawn=False)

    def _moved_on(self, before: int, exc: MoveTaken) -> None:
        """A class table moved on before the learner's move arrived: nothing of theirs was
        written; the table is drawn as it now is, and the learner is told so."""
        self._last_change = time.monotonic()
        self._caught_up(before)
        self._say(exc.text(self._lang), "refusal")

    def _moved(self, events: tuple[Event, ...]) -> None:
        """After any move: did it end a round (or the game)? Then its summary is shown."""
        if self._summary(events, self._lang) is not None:
            self._round_end = (self.session.step_index, events)
        if self.session.is_over:
            self._deal_public = True  # the deal may be shared once it is played out

    def _summary(self, events: tuple[Event, ...], lang: str) -> dict[str, Any] | None:
        build = spec(self.session.game.name).round_summary
        return None if build is None else build(self.session.game, events, lang)

    def _req_next_round(self, _content: dict[str, Any]) -> None:
        if not self._paused:
            self._say(tr("widgets.table.no_round_end", self._lang), "info")
            return
        self._round_end = None
        self._say("", "info")
        self._render(())
        if not self.shared:  # (at a class table, the background task moves the bots)
            self._schedule_bots()

    def _req_share(self, _content: dict[str, Any]) -> None:
        if self._locked and not self.session.is_over:
            # Typed into another page, the code would open the deal there without the lock.
            self._say(tr("widgets.table.share_locked", self._lang), "refusal")
            return
        if not self._deal_code:
            self._say(tr("widgets.table.no_deal_code", self._lang), "info")
            return
        warn = not self._deal_public
        self._deal_public = True
        self._render(())
        self._say(tr("widgets.table.share_note" if warn else "widgets.table.share_code", self._lang,
                     deal=self._deal_code), "hint" if warn else "info")

    def _req_why(self, content: dict[str, Any]) -> None:
        code = self._code(content)
        if self.session.human_to_play is None:
            if self.session.is_over:
                self._say(tr("core.game_over", self._lang), "info")
            else:
                self._say(tr("core.illegal.not_your_turn", self._lang, player=self.session.current_player), "info")
            return
        self._say_why(self.session.game, self.session.state, code)

    def _req_hint(self, _content: dict[str, Any]) -> None:
        advice = self.session.hint()
        if advice is None:
            self._say(tr("widgets.table.no_hint", self._lang), "info")
            return
        self._hint_code = advice.action.code
        self._say(advice.text(self._lang), "hint")  # the hint names its move itself
        self._render(())

    # --- "Still winnable?" -----------------------------------------------------------------
    def solution(self) -> Any | None:
        """The solver's answer for the position on the table, worked out once per position
        (None: the game has no solver, or not for this mode)."""
        game = self.session.game
        solver = spec(game.name).solver
        if solver is None:
            return None
        state = self.session.state
        if self._solved is None or self._solved[0] is not state:
            self._solved = (state, solver(game, state, self.meter_seconds))
        return self._solved[1]

    def _meter_waits(self) -> bool:
        """True while bots are to move: the meter keeps its last answer (shown as pending) and
        is worked out again when the person is to act or the game stops, so that bots do not
        wait for the solver after each of their moves."""
        session = self.session
        return session.human_to_play is None and not session.is_over and not self._paused

    def _meter(self, lang: str) -> dict[str, Any] | None:
        """The meter's part of the view-model: its words, and the share as a bar when sampled."""
        pending = self._meter_waits()
        if not pending:
            sol = self.solution()
        elif self._solved is None:  # bots open the game: the meter comes on the person's turn
            return None
        else:
            sol = self._solved[1]
            pending = self._solved[0] is not self.session.state
        if sol is None:
            return None
        over = self.session.is_over
        meter: dict[str, Any] = {
            "title": tr("widgets.table.winnable.title", lang),
            "goal": tr("widgets.table.winnable.goal" if not getattr(sol, "need", 0) else "widgets.table.winnable.goal_clear", lang),
            "status": sol.status, "exact": bool(sol.exact) or over,
            "show": tr("widgets.table.winnable.show", lang), "can_show": not over,
        }
        if over:
            meter["text"] = tr("widgets.table.winnable.won" if sol.status == "winnable" else "widgets.table.winnable.no", lang)
        elif sol.exact or sol.share is None:
            meter["text"] = tr(f"widgets.table.winnable.{_METER_WORDS[sol.status]}", lang)
        else:
            share, low, high = (round(100 * v) for v in (sol.share, sol.low, sol.high))
            meter.update(share=share, low=low, high=high,
                         text=tr("widgets.table.winnable.share", lang, share=share, low=low, high=high))
            detail = tr("widgets.table.winnable.samples", lang, count=sol.samples)
            if sol.undecided:
                detail += " " + tr("widgets.table.winnable.undecided", lang, count=sol.undecided)
            meter["detail"] = detail
        if pending:
            meter["pending"] = tr("widgets.table.winnable.pending", lang)
            meter["can_show"] = False
        return meter

    def _req_winning_line(self, _content: dict[str, Any]) -> None:
        lang = self._lang
        if self.session.is_over:
            self._say(tr("widgets.table.winnable.over", lang), "info")
            return
        if self._meter_waits():
            self._say(tr("core.illegal.not_your_turn", lang, player=self.session.current_player), "info")
            return
        sol = self.solution()
        if sol is None or sol.status == "unknown" and not sol.keeps:
            self._say(tr("widgets.table.winnable.no_line_unknown", lang), "info")
            return
        game = self.session.game
        if sol.exact and sol.line:
            words, state = [], self.session.state
            for code in sol.line:
                action = game.action_from_code(code)
                words.append(tr("widgets.table.winnable.step", lang, player=game.current_player(state),
                                action=action.label(lang)))
                state, _ = game.apply(state, action)
            first = game.action_from_code(sol.line[0]).label(lang)
            self._hint_code = sol.line[0]
            self._say(tr("widgets.table.winnable.line", lang, action=first, line=" → ".join(words)), "hint")
        elif not sol.exact and sol.keeps:
            # No sure line while the stock is hidden: the play that keeps the most samples winnable.
            best = sol.keeps[0]
            self._hint_code = best
            self._say(tr("widgets.table.winnable.best_guess", lang, action=game.action_from_code(best).label(lang),
                         count=sol.counts.get(best, 0), samples=sol.samples), "hint")
        else:
            self._say(tr("widgets.table.winnable.no_line", lang), "info")
            return
        self._render(())

    def _req_undo(self, _content: dict[str, Any]) -> None:
        # IllegalActionError (undo off, or a card seen since): the reason becomes the refusal.
        if not self.session.undo(open_hands=self.teaching and self.allow_teaching):
            self._say(tr("widgets.table.nothing_to_undo", self._lang), "info")
            return
        self._cancel_repeat()  # bot moves still scheduled belong to the line taken back
        self._hint_code = None
        self._round_end = None
        self._set_log(self.session.events_between(1, self.session.step_index))  # the log goes back too
        self._say(tr("widgets.table.undone", self._lang), "info")
        self._render(())

    def _req_new(self, content: dict[str, Any]) -> None:
        code = content.get("deal")
        if isinstance(code, str) and code.strip():
            try:
                game, preset, players, _seed = deal_code.decode(code[:40])
            except ConfigError as exc:  # worded from the catalogues, with a short excerpt of the code
                self._say(problem_text(exc, self._lang), "refusal")
                return
            if not self.fits_lock(game, preset, players) or ("deal" in self._locked and code.strip().upper() != self._deal_code):
                self._say(tr("widgets.table.locked", self._lang), "refusal")
                return
            self.load_deal(code[:40])
            self._say(tr("widgets.table.new_deal_code", self._lang, deal=self._deal_code), "info")
        elif "deal" in self._locked:  # a teacher's deal: "Play again" deals it again
            self.load_deal(self._deal_code)
            self._say(tr("widgets.table.new_deal_code", self._lang, deal=self._deal_code), "info")
        else:
            now = self.session.game
            self.new_game(now.name, now.preset, now.num_players, None, self.seat)
            self._say(tr("widgets.table.new_deal", self._lang), "info")

    def fits_lock(self, game: str, preset: str, players: int) -> bool:
        """May a deal of this game, preset and player count be dealt at this table?"""
        now = self.session.game
        return not (("game" in self._locked and game != now.name)
                    or ("preset" in self._locked and preset != now.preset)
                    or ("players" in self._locked and players != now.num_players))

    def _req_teaching(self, content: dict[str, Any]) -> None:
        on = content.get("on") is True
        if "open_hands" in self._locked:
            self._say(tr("widgets.table.locked", self._lang), "refusal")
            return
        if on and not self.allow_teaching:
            self._say(tr("widgets.table.teaching_off", self._lang), "refusal")
            return
        self.set_teaching(on)

    def set_teaching(self, on: bool) -> None:
        """Open every hand (teaching mode) or close them again (from Python: a teacher's link)."""
        self.teaching = bool(on)
        self._render(())

    def _req_four_colour(self, content: dict[str, Any]) -> None:
        self._four_colour = content.get("on") is True
        self.four_colour = self._four_colour
        self._render(())

    def _relabel(self) -> None:
        self._say("", "info")
        self._render(())

    def _req_replay(self, content: dict[str, Any]) -> None:
        step = content.get("step")
        if step == "exit":
            self.replay(None)
        elif isinstance(step, bool) or not isinstance(step, int):
            raise ValueError("a replay step is a whole number or 'exit'")
        else:
            self.replay(step)

    def replay(self, step: int | None) -> None:
        """Watch the finished game again from ``step`` (0 is the deal); None leaves the replay.

        Only a finished game can be replayed; the table shows the human's seat as it was then
        (other hands stay hidden unless teaching mode is on), and nothing can be played.
        """
        if step is None:
            if self.replay_at is not None:
                self.replay_at = None
                self._set_log(self.session.events_between(1, self.session.step_index))
                self._say("", "info")
                self._render(())
            return
        if not self.session.is_over:
            self._say(tr("widgets.table.replay_after_end", self._lang), "refusal")
            return
        self.session.state_at(step)  # ValueError for a step that is not in the game
        if self.replay_at is None:
            self._marks = self._round_starts()
        self.replay_at = step
        self._set_log(self.session.events_between(1, step))
        self._say("", "info")
        self._render(())
        self.announce = " ".join(e.text(self._lang) for e in self.session.events_at(step))

    def _round_starts(self) -> list[tuple[int, int]]:
        """(step, round number) where each round of the finished game starts: the deal, and
        after every move that ended a round but not the game."""
        last = self.session.step_index
        starts = [(0, 1)]
        for step in range(1, last):
            if self._summary(self.session.events_at(step), self._lang) is not None:
                starts.append((step, len(starts) + 1))
        return starts

    def _req_speed(self, content: dict[str, Any]) -> None:
        self.bot_delay = self._seconds(content, 0, 5000)

    # --- bots ----------------------------------------------------------------------------
    def _schedule_bots(self, drawn: bool = True) -> None:
        """Let bots move until it is the human's turn; with a delay, one move at a time (each
        drawn); without, all at once, and the table is drawn once when they are done (or at
        once if no bot moves and the position is not ``drawn`` yet)."""
        if self.bot_delay > 0:
            self._repeat(self._bot_move, lambda: self.bot_delay)
            return
        moved = not drawn

        def move() -> bool:
            nonlocal moved
            made = self._bot_move(draw=False)
            moved = moved or made
            return made

        self._repeat(move, lambda: 0.0, done=lambda: self._render(()) if moved else None)

    def _bot_move(self, draw: bool = True) -> bool:
        """One bot move (logged; drawn unless ``draw`` is False); False when it is not a bot's
        turn (or a replay or a round's end is shown)."""
        if self.replay_at is not None or self._paused:
            return False
        events = self.session.bot_move()
        if events is None:
            return False
        self._moved(events)
        if draw:
            self._render(events)
        else:
            self._narrate(events)
        return True

    # --- drawing -------------------------------------------------------------------------
    def _render(self, events: tuple[Event, ...] | list[Event]) -> None:
        lang, step = self._lang, self.replay_at
        teaching = self.teaching and self.allow_teaching
        view = self.session.view(lang, step=step, events=None if step is not None else events, teaching=teaching)
        if step is not None:
            total = self.session.step_index
            view["replay"] = {"step": step, "total": total,
                              "text": tr("widgets.table.replay_step", lang, step=step, total=total),
                              "marks": [{"step": at, "label": tr("widgets.table.round_n", lang, n=n)}
                                        for at, n in self._marks]}
        elif self._round_end is not None:
            summary = self._summary(self._round_end[1], lang)
            if summary is not None:
                if self._deal_public and summary.get("final"):
                    summary["deal"] = self._deal_code
                view["round_end"] = summary
                if summary.get("final"):  # the last line says who won, not only why it ended
                    view["prompt"] = summary["text"]
            if self._paused:  # nothing to play until "Next round"
                # The header names the round that just ended (the game has dealt the next one).
                ended = self.session.view(lang, step=self._round_end[0] - 1, teaching=teaching)
                view["title"], view["subtitle"] = ended["title"], ended["subtitle"]
                view["my_turn"] = False
                view["prompt"] = tr("widgets.table.round_over_prompt", lang)
                view["buttons"] = []
                view["pickers"] = []
                for item in iter_clickables(view):
                    item["playable"] = False
        if step is None:
            self._mark_received(view)
        if self._hint_code:
            # The card, row, cell, button or picker that plays the hint (at once, as a choice or a value).
            mark_places(view, self._hint_code, "hint")
        if step is None:
            meter = self._meter(lang)
            if meter is not None:
                view["winnable"] = meter
        if not self.session.allow_undo:
            view["undo_off"] = True  # no Undo button (and a forged request is refused anyway)
        if self.shared and step is None:
            view["step"] = self.session.step_index  # a click says which view it was made on
        shown = self.session.events_at(step) if step is not None else (events or self.session.latest_events)
        view["last_move"] = " ".join(e.text(lang) for e in shown)
        self.deal = self._deal_code if self._deal_public else ""
        self._narrate(events)
        self._show(view, self._four_colour or None)


    def _mark_received(self, view: dict[str, Any]) -> None:
        """Mark the cards that came into the person's hand(s) since their last decision (the
        game's view marks those its rules name, such as a kitty, already)."""
        for z in view["zones"]:
            if z["kind"] != "hand" or z.get("owner") not in self.session.humans or not z.get("cards"):
                continue
            new = Counter(self.session.received(z["owner"]))
            for c in z["cards"]:
                if c["face"] and new[c["face"]["code"]] > 0:
                    new[c["face"]["code"]] -= 1
                    put_mark(c, "received")


_METER_WORDS = {"winnable": "yes", "lost": "no", "unknown": "unknown"}

# STATIC and table_labels are re-exported for code that imports them from here.
__all__ = ["LOCKABLE", "PlayTable", "STATIC", "TABLE_LABELS", "table_labels"]
