"""PlayTable: play a real hand against bots, in a notebook or a Voilà dashboard.

The widget is an anywidget over a game's view-model (``tablekit.games.<game>.view``). The
browser only ever receives the view-model of the human's seat (or the open view when teaching
mode is on and allowed), and everything it sends is a request that Python checks: that it is
the human's turn, and that the action is legal. Synced traits are display state only: Python
never acts on a trait value written by the browser.

>>> table = PlayTable(preset="basic", players=3, seed=5, bot_delay=0)
>>> table.view["my_turn"]
True
>>> code = table.view["actions"][0]["code"]
>>> table.handle({"type": "play", "code": code})
>>> table.match.step_index >= 1
True
"""

from __future__ import annotations

import asyncio
import pathlib
import random
from typing import Any, Callable

import anywidget
import traitlets

from tablekit.bots import Bot, advise, make_bot
from tablekit.core import deal_code
from tablekit.core.errors import ConfigError, IllegalActionError, InvalidActionError, TablekitError
from tablekit.core.match import Match
from tablekit.core.registry import make, spec
from tablekit.core.rng import derive_seed
from tablekit.core.verdict import Event
from tablekit.i18n import LANGUAGES, tr
from tablekit.render.svg import card_svg

STATIC = pathlib.Path(__file__).parent / "static"
LOG_LIMIT = 300
#: The words the front end shows around the cards (``widgets.table.<key>``), for every widget
#: that draws a table with ``play_table.js``.
TABLE_LABELS = (
    "hint", "undo", "new", "deal_code", "teaching", "large", "log", "language", "speed",
    "choose_target", "cancel", "summary", "play_again", "your_cards", "table", "replay",
    "replay_start", "replay_back", "replay_forward", "replay_end", "replay_exit", "face_down",
    "choose_play", "four_colour", "moves")


def table_labels(lang: str) -> dict[str, str]:
    return {k: tr(f"widgets.table.{k}", lang) for k in TABLE_LABELS}


def _with_svg(view: dict[str, Any], four_colour: bool | None = None) -> dict[str, Any]:
    """Add the SVG picture of every card (the JavaScript only places them); ``four_colour``
    (when not None) picks the four-colour suits of a standard deck."""
    for z in view["zones"]:
        for c in z.get("cards", []):
            c["svg"] = card_svg(c["face"], four_colour=four_colour)
        if z.get("hidden"):
            z["back_svg"] = card_svg(None, tr("widgets.table.face_down", view["lang"]))
    return view


class PlayTable(anywidget.AnyWidget):
    """A game against bots. ``seat`` is the human's seat; in solo the human plays every seat.

    Parameters: ``game``, ``preset``, ``players``, ``seed`` (None: a fresh random deal when the
    table is shown), ``seat``, ``bots`` (a name or one per seat), ``lang``, ``bot_delay``
    (seconds between bot moves; 0 in tests), ``allow_teaching`` (may the learner open all hands),
    ``four_colour`` (standard cards with four-colour suits: ♦ blue, ♣ green).
    """

    _esm = STATIC / "play_table.js"
    _css = STATIC / "play_table.css"

    view = traitlets.Dict().tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)
    deal = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    allow_teaching_ui = traitlets.Bool(True).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        game: str = "up_and_down",
        preset: str | None = None,
        players: int = 4,
        seed: int | None = None,
        seat: int = 0,
        bots: str | list[str] = "heuristic",
        lang: str = "en",
        bot_delay: float = 0.6,
        allow_teaching: bool = True,
        four_colour: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        self._four_colour = bool(four_colour)
        self.four_colour = self._four_colour
        self._options = options
        self._bot_names = bots
        self.bot_delay = max(0.0, float(bot_delay))
        self.allow_teaching = allow_teaching
        self.allow_teaching_ui = allow_teaching
        self.teaching = False
        self._generation = 0
        self._announced: list[str] | None = None
        self._hint_code: str | None = None
        self._lang = lang if lang in LANGUAGES else "en"
        self.lang = self._lang
        self.on_msg(self._on_msg)
        self.new_game(game, preset, players, seed, seat)

    # --- setting up ---------------------------------------------------------------------
    def new_game(self, game: str = "up_and_down", preset: str | None = None, players: int = 4,
                 seed: int | None = None, seat: int = 0, bots: str | list[str] | None = None) -> None:
        """Deal a new game (``seed`` None: a fresh random deal; ``bots`` None: as before)."""
        g = make(game, preset=preset, players=players, **self._options)
        bot_names = self._bot_names if bots is None else bots
        if not 0 <= seat < g.num_players:
            raise ConfigError(game, "seat", seat, f"a seat from 0 to {g.num_players - 1}")
        names = [bot_names] * g.num_players if isinstance(bot_names, str) else list(bot_names)
        if len(names) != g.num_players:
            raise ConfigError(game, "bots", bot_names, f"one bot name or {g.num_players} of them")
        bots_made: list[Bot] = [make_bot(n, g) for n in names]  # checked before anything changes
        seed = deal_code.random_seed() if seed is None else seed
        self.match = Match(g, seed)
        self.seat = seat
        self.controls = set(spec(g.name).human_seats(g.config, seat))
        self.solo = len(self.controls) > 1
        self.bots = bots_made
        self._bot_names = bot_names
        self._rngs = [random.Random(derive_seed(seed, "bot", s)) for s in range(g.num_players)]
        try:
            self.deal = deal_code.encode(game, g.preset, g.num_players, seed)
        except ConfigError:
            self.deal = ""
        self._generation += 1
        self._hint_code = None
        self.replay_at: int | None = None
        self.log = []
        self._say("", "info")
        self._render(self.match.latest_events)
        self._schedule_bots()

    def load_deal(self, code: str) -> None:
        """Start the deal named by a deal code (as typed by a learner)."""
        game, preset, players, seed = deal_code.decode(code)
        self._options = {}
        self.new_game(game, preset, players, seed, min(self.seat, players - 1))

    # --- what the browser may ask ---------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: Any) -> None:
        """Handle one request from the browser. Never raises: problems become messages.

        Everything the request changes (with instant bots, their moves too) reaches the browser
        as one update, and the live line announces every move made meanwhile.
        """
        self._announced = []
        try:
            with self.hold_sync():
                self._handle(content)
        finally:
            self._announced = None

    def _handle(self, content: Any) -> None:
        try:
            if not isinstance(content, dict) or not isinstance(content.get("type"), str):
                raise InvalidActionError("malformed request")
            kind = content["type"]
            handler: Callable[[dict[str, Any]], None] | None = {
                "play": self._req_play, "why": self._req_why, "hint": self._req_hint,
                "undo": self._req_undo, "new": self._req_new, "teaching": self._req_teaching,
                "lang": self._req_lang, "speed": self._req_speed, "replay": self._req_replay,
                "four_colour": self._req_four_colour,
            }.get(kind)
            if handler is None:
                raise InvalidActionError(f"unknown request {kind!r}")
            if self.replay_at is not None and kind in ("play", "why", "hint", "undo"):
                self._say(tr("widgets.table.in_replay", self._lang), "refusal")
                return
            handler(content)
        except IllegalActionError as exc:
            self._say(exc.text(self._lang), "refusal")
        except (InvalidActionError, ConfigError, ValueError, TypeError) as exc:
            self._say(tr("widgets.table.bad_request", self._lang, detail=str(exc)), "error")
        except TablekitError as exc:  # pragma: no cover - any other engine error stays friendly
            self._say(tr("widgets.table.bad_request", self._lang, detail=str(exc)), "error")

    def _human_to_play(self) -> int | None:
        seat = self.match.current_player
        return seat if seat is not None and seat in self.controls else None

    def _req_play(self, content: dict[str, Any]) -> None:
        code = content.get("code")
        if not isinstance(code, str) or len(code) > 40:
            raise InvalidActionError("an action code is a short text")
        if self.match.is_over:
            self._say(tr("core.game_over", self._lang), "refusal")
            return
        seat = self._human_to_play()
        if seat is None:
            self._say(tr("core.illegal.not_your_turn", self._lang, player=self.match.current_player), "refusal")
            return
        events = self.match.play(code)  # raises IllegalActionError with the rule's reason
        self._hint_code = None
        self._say("", "info")
        self._render(events)
        self._schedule_bots()

    def _req_why(self, content: dict[str, Any]) -> None:
        code = content.get("code")
        if not isinstance(code, str) or len(code) > 12:
            raise InvalidActionError("a card code is a short text")
        seat = self._human_to_play()
        if seat is None:
            if self.match.is_over:
                self._say(tr("core.game_over", self._lang), "info")
            else:
                self._say(tr("core.illegal.not_your_turn", self._lang, player=self.match.current_player), "info")
            return
        verdict = self.match.explain(code)
        self._say(verdict.text(self._lang), "info" if verdict.ok else "refusal")

    def _req_hint(self, _content: dict[str, Any]) -> None:
        seat = self._human_to_play()
        if seat is None:
            self._say(tr("widgets.table.no_hint", self._lang), "info")
            return
        hinter = make_bot("heuristic", self.match.game)
        game, state = self.match.game, self.match.state
        advice = advise(hinter, game.observe(state, seat), game.legal_actions(state), random.Random(0))
        self._hint_code = advice.action.code
        self._say(f"{advice.action.label(self._lang)}: {advice.text(self._lang)}", "hint")
        self._render(())

    def _req_undo(self, _content: dict[str, Any]) -> None:
        target = self.seat if not self.solo else self.match.current_player
        moved = False
        if self.solo:
            if self.match.step_index > 0:
                self.match.undo()
                moved = True
        elif target is not None or self.match.is_over:
            moved = self.match.undo_to_turn_of(self.seat)
        if not moved:
            self._say(tr("widgets.table.nothing_to_undo", self._lang), "info")
            return
        self._generation += 1  # cancels bot moves still scheduled
        self._hint_code = None
        self._say(tr("widgets.table.undone", self._lang), "info")
        self._render(())

    def _req_new(self, content: dict[str, Any]) -> None:
        code = content.get("deal")
        if isinstance(code, str) and code.strip():
            try:
                self.load_deal(code[:40])
            except ConfigError:
                self._say(tr("widgets.table.bad_deal_code", self._lang, code=code[:40]), "refusal")
                return
        else:
            game = self.match.game
            self.new_game(game.name, game.preset, game.num_players, None, self.seat)
        self._say(tr("widgets.table.new_deal", self._lang, deal=self.deal), "info")

    def _req_teaching(self, content: dict[str, Any]) -> None:
        on = content.get("on") is True
        if on and not self.allow_teaching:
            self._say(tr("widgets.table.teaching_off", self._lang), "refusal")
            return
        self.teaching = on
        self._render(())

    def _req_four_colour(self, content: dict[str, Any]) -> None:
        self._four_colour = content.get("on") is True
        self.four_colour = self._four_colour
        self._render(())

    def _req_lang(self, content: dict[str, Any]) -> None:
        self.set_lang(content.get("lang"))

    def set_lang(self, lang: Any) -> None:
        """Show every text in ``lang`` (``"en"`` or ``"ja"``)."""
        if lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
        self._lang = lang
        self.lang = lang
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
                self.log = self._log_upto(self.match.step_index)
                self._say("", "info")
                self._render(())
            return
        if not self.match.is_over:
            self._say(tr("widgets.table.replay_after_end", self._lang), "refusal")
            return
        last = self.match.step_index
        if not 0 <= step <= last:
            raise ValueError(f"a replay step is from 0 to {last}")
        self.replay_at = step
        self.log = self._log_upto(step)
        self._say("", "info")
        self._render(())
        self.announce = " ".join(e.text(self._lang) for e in self.match.events[step])

    def _log_upto(self, step: int) -> list[str]:
        texts = [e.text(self._lang) for events in self.match.events[1:step + 1] for e in events]
        return texts[-LOG_LIMIT:]

    def _req_speed(self, content: dict[str, Any]) -> None:
        ms = content.get("ms")
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 0 <= ms <= 5000:
            raise ValueError("speed must be from 0 to 5000 ms")
        self.bot_delay = ms / 1000

    # --- bots ----------------------------------------------------------------------------
    def _schedule_bots(self) -> None:
        """Let bots move until it is the human's turn; with a delay, one move at a time."""
        generation = self._generation
        if self.bot_delay <= 0:
            while self._bot_move(generation):
                pass
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            while self._bot_move(generation):
                pass
            return

        def later() -> None:
            if self._bot_move(generation):
                loop.call_later(self.bot_delay, later)

        loop.call_later(self.bot_delay, later)

    def _bot_move(self, generation: int) -> bool:
        """One bot move; False when it is not a bot's turn (or the line was undone)."""
        if generation != self._generation or self.match.is_over or self.replay_at is not None:
            return False
        seat = self.match.current_player
        if seat is None or seat in self.controls:
            return False
        game, state = self.match.game, self.match.state
        action = self.bots[seat].choose(game.observe(state, seat), game.legal_actions(state), self._rngs[seat])
        events = self.match.play(action)
        self._render(events)
        return True

    # --- drawing -------------------------------------------------------------------------
    def _say(self, text: str, kind: str) -> None:
        self.message_kind = kind
        self.message = text

    def _render(self, events: tuple[Event, ...] | list[Event]) -> None:
        game = self.match.game
        replaying = self.replay_at is not None
        view = spec(game.name).view(
            game, self.match.states[self.replay_at] if self.replay_at is not None else self.match.state,
            self.seat, self._lang, controls=set() if replaying else self.controls,
            events=self.match.events[self.replay_at] if self.replay_at is not None else events,
            teaching=self.teaching and self.allow_teaching,
        )
        if self.replay_at is not None:
            view["replay"] = {"step": self.replay_at, "total": self.match.step_index,
                              "text": tr("widgets.table.replay_step", self._lang, step=self.replay_at,
                                         total=self.match.step_index)}
        if self._hint_code:
            hint = self._hint_code
            for z in view["zones"]:
                for c in z.get("cards", []):
                    # A card whose action is the hint, that offers it as a choice, or whose
                    # targets make it (the face code followed by a seat: Up&Down's Shot "S2").
                    face_code = c["face"]["code"] if c["face"] else None
                    if (c["action"] == hint or any(ch["code"] == hint for ch in c.get("choices", ()))
                            or (face_code and any(f"{face_code}{t}" == hint for t in c.get("targets", ())))):
                        c["highlight"] = True
            for b in view.get("buttons", ()):
                if b["code"] == hint:
                    b["highlight"] = True
        texts = [e.text(self._lang) for e in events]
        if texts:
            self.log = (list(self.log) + texts)[-LOG_LIMIT:]
            if self._announced is not None:  # inside one request: keep every move
                self._announced.extend(texts)
                texts = self._announced
            self.announce = " ".join(texts)
        self.labels = table_labels(self._lang)
        self.view = _with_svg(view, self._four_colour or None)
