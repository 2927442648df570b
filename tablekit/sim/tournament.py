"""Learners' own bots: wrap a function as a bot, check it against the rules, race it.

A learner writes a function ``fn(observation, legal_actions) -> action``: the observation is
what its seat may know (``game.observe(state, seat)``, a JSON-ready dict) and ``legal_actions``
the tuple of legal :class:`~tablekit.core.actions.Action` values. It may return

* one of the actions it was given (or any equal action), or
* an action's code as a string (``"26"``, ``"P"``, ``"bid:25"``).

A number is *not* read as an index into ``legal_actions``: in Up&Down the card 26 has the code
``"26"``, and ``26`` meaning "the 27th legal action" would be a trap. Returning a number, None or
anything else is reported with a sentence saying what to return instead.

:func:`function_bot` makes a :class:`~tablekit.bots.Bot` of such a function; :func:`check_bot`
plays a few games with it and reports, in words, every illegal choice (with the rule's reason,
the seat and the legal actions), exception (its type, message and the line of the learner's
code) and stall (a move longer than ``move_seconds``); :func:`tournament` plays a round-robin
between built-in bots (by name) and learners' bots, where a bot that raises, chooses an
illegal action or stalls loses that game and the tournament goes on.

**Seating.** Every pairing plays the same deals (game ``k`` of every pairing is dealt from
``derive_seed(seed, "tournament", k // 2)``); games ``2j`` and ``2j + 1`` play deal ``j`` with
the two bots' seats swapped, so an even ``games_per_pairing`` gives neither bot the better
seat or the better cards. Only the pairing's two bots sit at the table: in a game of more than
two players they sit alternately (seats 0, 2, 4... for the bot who starts the deal, 1, 3, 5...
for the other; each seat has its own random stream). A bot's *points* in a game are its share
of the winners' seats (1 for a win, 0 for a loss, ½ each when both have winners or nobody
wins), so a draw counts half a win.

**Stalls.** In the main thread of a Unix process (a Jupyter or Voilà kernel, pytest, a script,
the worker processes of ``workers > 1``) a move is stopped after ``move_seconds`` by a
``SIGALRM`` timer (``signal.setitimer``) whose handler raises :class:`MoveTimeout` inside the
bot's code; it derives from ``BaseException``, so a learner's ``except Exception`` does not
swallow it. Elsewhere (another thread, Windows) a slow move is detected only when it returns,
so a move that never returns cannot be stopped there: a warning says so. The limit is wall
time, so results are the same for a seed as long as no move comes near the limit. tablekit's
own bots (random, heuristic, search) are never timed: they always answer, and a busy machine
must not change who wins.

>>> from tablekit import make
>>> game = make("up_and_down", players=2, single_game=True)
>>> def lowest(observation, legal):
...     return min(legal, key=lambda a: a.code)
>>> check_bot(lowest, game, n=3).ok
True
>>> result = tournament(game, [lowest, "random"], games_per_pairing=4, seed=1)
>>> sorted(result.ratings["entrant"])
['lowest', 'random']
>>> int(result.ratings["games"].sum())
8
"""

from __future__ import annotations

import html
import itertools
import math
import os
import pickle
import random
import signal
import threading
import time
import traceback
import warnings
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from tablekit.bots import Bot, bot_names, decide, make_bot
from tablekit.core.actions import Action
from tablekit.core.errors import ConfigError, TablekitError
from tablekit.core.game import Game
from tablekit.core.rng import derive_seed
from tablekit.i18n import tr
from tablekit.sim.executor import check_executor, executor_width, map_ordered
from tablekit.sim.stats import wilson_interval

#: The search bot's budget in a tournament (``"search"`` as an entrant): playouts per move, no
#: CPU-time cap, so its moves are repeatable and a round-robin stays quick.
SEARCH_PLAYOUTS = 100
#: Bootstrap resamples for the rating intervals.
BOOTSTRAP = 200
#: A game that takes more decisions than this is stopped and counted as a draw.
MAX_DECISIONS = 100_000

LearnerFunction = Callable[[dict[str, Any], Sequence[Action]], Any]
Entrant = Bot | LearnerFunction | str

_TABLEKIT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class MoveTimeout(BaseException):
    """Raised inside a bot's move when it runs past the time limit (a ``BaseException``, so that
    ``except Exception`` in the bot's code does not swallow it)."""


class ChoiceError(TablekitError):
    """A learner's function returned something that is not an action of the legal ones: ``kind``
    is ``"code"`` (a string that is no legal action's code), ``"none"``, ``"number"`` or
    ``"other"``; ``value`` is what it returned."""

    def __init__(self, kind: str, value: Any) -> None:
        self.kind = kind
        self.value = value
        super().__init__(f"the bot returned {value!r}, which is not one of the legal actions")


def as_action(value: Any, legal: Sequence[Action]) -> Action:
    """The action a learner's return value stands for: an :class:`Action` as it is (the referee
    checks that it is legal), a string as the legal action with that code.

    >>> from tablekit import make
    >>> game = make("up_and_down", players=2)
    >>> legal = game.legal_actions(game.initial_state(4))
    >>> as_action("59", legal)
    Play(59)
    >>> as_action(3, legal)
    Traceback (most recent call last):
    ...
    tablekit.sim.tournament.ChoiceError: the bot returned 3, which is not one of the legal actions
    """
    if isinstance(value, Action):
        return value
    if isinstance(value, str):
        for action in legal:
            if action.code == value:
                return action
        raise ChoiceError("code", value)
    if value is None:
        raise ChoiceError("none", value)
    if isinstance(value, (int, float)):
        raise ChoiceError("number", value)
    raise ChoiceError("other", value)


class FunctionBot:
    """A bot made of a learner's function ``fn(observation, legal_actions) -> action`` (an
    :class:`Action` or its code). Pickles when ``fn`` does (a function defined at the top of a
    module or notebook), which ``tournament(..., workers=2)`` needs."""

    def __init__(self, fn: LearnerFunction, name: str | None = None) -> None:
        if not callable(fn):
            raise TypeError(f"function_bot: expected a function (observation, legal_actions) -> action, got {fn!r}")
        self.fn = fn
        self.name = name or _function_name(fn)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return as_action(self.fn(observation, tuple(legal)), legal)

    def __repr__(self) -> str:
        return f"function_bot({_function_name(self.fn)}, name={self.name!r})"


def _function_name(fn: Any) -> str:
    name = getattr(fn, "__name__", None) or type(fn).__name__
    return "lambda" if name == "<lambda>" else str(name)


def function_bot(fn: LearnerFunction, name: str | None = None) -> FunctionBot:
    """A bot that asks ``fn(observation, legal_actions)`` for its move; named ``name`` or the
    function's name. See the module docstring for what ``fn`` may return.

    >>> import random
    >>> from tablekit import make
    >>> from tablekit.bots import decide
    >>> game = make("up_and_down", players=2)
    >>> bot = function_bot(lambda observation, legal: legal[-1].code, name="last")
    >>> bot.name, decide(bot, game, game.initial_state(4), random.Random(0))
    ('last', Play(P))
    """
    return FunctionBot(fn, name)


# --- referee -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Incident:
    """A bot's failure in one position: ``kind`` is ``"illegal"`` (an illegal action or a value
    that is no action), ``"crash"`` (an exception) or ``"stall"`` (over the time limit).
    ``message`` says it in words; ``reason`` is the rule's reason for an illegal action, ``where``
    the line of the bot's code for a crash."""

    entrant: str
    kind: str
    seed: int
    seat: int
    move: int
    legal: tuple[str, ...]
    message: str
    reason: str = ""
    where: str = ""
    error: str = ""


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _raise_timeout(signum: int, frame: Any) -> None:
    raise MoveTimeout()


_warned_no_alarm = False


def _timed(call: Callable[[], Any], seconds: float | None) -> Any:
    """``call()``, stopped with :class:`MoveTimeout` after ``seconds`` of wall time where a
    ``SIGALRM`` timer can interrupt it (see the module docstring), else timed when it returns.
    A timer already running (another tool's) is restored with the time it has left."""
    global _warned_no_alarm
    if seconds is None:
        return call()
    start = time.monotonic()
    if not _can_interrupt():
        if not _warned_no_alarm:
            warnings.warn("tablekit tournament: moves can only be stopped in the main thread on Unix; "
                          "here a move that never returns cannot be stopped", RuntimeWarning, stacklevel=3)
            _warned_no_alarm = True
        value = call()
        if time.monotonic() - start > seconds:
            raise MoveTimeout()
        return value
    previous = signal.signal(signal.SIGALRM, _raise_timeout)
    outer = (0.0, 0.0)
    try:
        try:
            outer = signal.setitimer(signal.ITIMER_REAL, seconds)
            value = call()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)
        if outer[0] > 0:
            signal.setitimer(signal.ITIMER_REAL, max(outer[0] - (time.monotonic() - start), 1e-6), outer[1])
    if time.monotonic() - start > seconds:
        raise MoveTimeout()
    return value


def _where(error: BaseException) -> str:
    """The line of the bot's code the exception came from: the last frame outside tablekit
    (the last frame of all when every frame is tablekit's)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "?"
    outside = [f for f in frames if not os.path.abspath(f.filename).startswith(_TABLEKIT_DIR + os.sep)]
    frame = (outside or frames)[-1]
    text = f"{frame.name}, line {frame.lineno}"
    return f"{text}: {frame.line.strip()}" if frame.line else text


def _fmt_seconds(seconds: float) -> str:
    return f"{seconds:g}"


@dataclass(frozen=True)
class _Position:
    """Where a bot is asked for a move: what an incident there reports."""

    name: str
    seat: int
    legal: tuple[str, ...]
    seed: int
    move: int
    lang: str

    def incident(self, kind: str, key: str, reason: str = "", where: str = "", error: str = "",
                 **params: Any) -> Incident:
        message = tr(f"tournament.{key}", self.lang, bot=self.name, player=self.seat,
                     legal=", ".join(self.legal), reason=reason, where=where, error=error, **params)
        return Incident(self.name, kind, self.seed, self.seat, self.move, self.legal, message,
                        reason=reason, where=where, error=error)


def _trusted(bot: Bot) -> bool:
    """tablekit's own bots (not a learner's function) are never timed: they always answer, and
    a wall-clock limit on them would let a busy machine change a tournament's results."""
    return not isinstance(bot, FunctionBot) and type(bot).__module__.startswith("tablekit.")


def _move(game: Game[Any], state: Any, bot: Bot, name: str, rng: random.Random, seconds: float | None,
          seed: int, move: int, lang: str) -> Action | Incident:
    """Ask ``bot`` for its move with :func:`tablekit.bots.decide`; an :class:`Incident` when it
    stalls, raises or chooses an illegal action."""
    seat = game.current_player(state)
    assert seat is not None
    legal = game.legal_actions(state)
    here = _Position(name, seat, tuple(a.code for a in legal), seed, move, lang)
    try:
        value = _timed(lambda: decide(bot, game, state, rng), None if _trusted(bot) else seconds)
    except MoveTimeout:
        return here.incident("stall", "stall", seconds=_fmt_seconds(seconds or 0))
    except ChoiceError as problem:
        return _choice_incident(game, state, problem, here)
    except Exception as error:  # the bot's own bug: it loses the game, the caller goes on
        return here.incident("crash", "crash", where=_where(error), error=type(error).__name__,
                             message=str(error) or "-")
    if not isinstance(value, Action):  # a Bot object that answered with a code
        try:
            value = as_action(value, legal)
        except ChoiceError as problem:
            return _choice_incident(game, state, problem, here)
    if value in legal:
        return value
    return _illegal(game, state, value, here)


def _illegal(game: Game[Any], state: Any, action: Action, here: _Position) -> Incident:
    try:
        verdict = game.explain(state, action)
    except Exception:  # an action of another game: no rule speaks of it
        return here.incident("illegal", "not_action", value=repr(action))
    return here.incident("illegal", "illegal", reason=verdict.text(here.lang), choice=action.code)


def _choice_incident(game: Game[Any], state: Any, problem: ChoiceError, here: _Position) -> Incident:
    if problem.kind == "code":
        try:
            action = game.action_from_code(problem.value)
        except Exception:  # not a code of this game at all
            return here.incident("illegal", "not_action", value=repr(problem.value))
        return _illegal(game, state, action, here)
    if problem.kind == "none":
        return here.incident("illegal", "none")
    if problem.kind == "number":
        return here.incident("illegal", "number", value=repr(problem.value), example=here.legal[0] if here.legal else "")
    return here.incident("illegal", "not_action", value=repr(problem.value))


# --- one refereed game ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Played:
    """One refereed game: the winners (seats; empty for nobody) or the incident that ended it."""

    winners: tuple[int, ...]
    decisions: int
    termination: str
    incident: Incident | None
    by_seat: tuple[int, ...]


def _referee(game: Game[Any], seats: Sequence[tuple[str, Bot]], seed: int, seconds: float | None,
             lang: str) -> _Played:
    """Play one game from ``seed`` with ``seats[i] = (name, bot)`` (each seat with its own random
    stream, as in :func:`tablekit.sim.play_game`); the first incident ends it. A game longer
    than :data:`MAX_DECISIONS` ends without winners."""
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(game.num_players)]
    by_seat = [0] * game.num_players
    state = game.initial_state(seed)
    decisions = 0
    while not game.is_terminal(state):
        if decisions >= MAX_DECISIONS:
            return _Played((), decisions, "max_decisions", None, tuple(by_seat))
        seat = game.current_player(state)
        assert seat is not None
        name, bot = seats[seat]
        by_seat[seat] += 1
        chosen = _move(game, state, bot, name, rngs[seat], seconds, seed, decisions + 1, lang)
        if isinstance(chosen, Incident):
            return _Played((), decisions, chosen.kind, chosen, tuple(by_seat))
        state, _ = game.step(state, chosen)
        decisions += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return _Played(tuple(outcome.winners), decisions, str(outcome.termination), None, tuple(by_seat))


def _check_lang(lang: str) -> None:
    if lang not in ("en", "ja"):
        raise ConfigError("tournament", "lang", lang, ("en", "ja"))


# --- check_bot -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BotCheck:
    """What :func:`check_bot` found: games and moves checked and the problems, each an
    :class:`Incident` with its message. ``ok`` when there were none."""

    bot: str
    games: int
    moves: int
    problems: tuple[Incident, ...]
    lang: str = "en"

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self) -> str:
        if self.ok:
            return tr("tournament.check.ok", self.lang, bot=self.bot, games=self.games, moves=self.moves)
        lines = [tr("tournament.check.problems", self.lang, bot=self.bot, games=self.games, moves=self.moves,
                    count=len(self.problems))]
        lines += ["- " + tr("tournament.check.problem", self.lang, move=p.move, seed=p.seed, message=p.message)
                  for p in self.problems]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        head, *rest = self.text().split("\n")
        colour = "#2e7d32" if self.ok else "#c62828"
        items = "".join(f"<li>{html.escape(line[2:])}</li>" for line in rest)
        return f'<div><b style="color:{colour}">{html.escape(head)}</b>' + (f"<ul>{items}</ul>" if items else "") + "</div>"


def check_bot(bot: Bot | LearnerFunction, game: Game[Any] | str, n: int = 5, seed: int = 0,
              move_seconds: float | None = 1.0, opponent: str = "random", lang: str = "en") -> BotCheck:
    """Play ``n`` games with ``bot`` (a function or a Bot) against ``opponent`` bots and report
    every problem in words: an illegal choice with the rule's reason, the seat and the legal
    actions; an exception with its type, message and line; a move longer than
    ``move_seconds``. The bot sits in seat ``i % players`` in game ``i``; a problem ends that game
    and the check goes on with the next.

    >>> from tablekit import make
    >>> game = make("up_and_down", players=2, single_game=True)
    >>> def first_card(observation, legal):      # ignores the rules
    ...     return observation["players"][observation["viewer"]]["hand"][0]
    >>> report = check_bot(first_card, game, n=4)
    >>> report.ok, report.problems[0].kind, report.problems[0].legal
    (False, 'illegal', ('15', '64', '78'))
    >>> print(report.problems[0].reason)
    You cannot play 8 on 45: it is not higher and its ones digit differs.
    """
    _check_lang(lang)
    if isinstance(game, str):
        from tablekit import make

        game = make(game)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConfigError(game.name, "n", n, "a whole number of at least 1")
    name, player = _entrant(game, bot, 0)
    other = make_bot(opponent, game)
    problems: list[Incident] = []
    moves = 0
    for index in range(n):
        deal = derive_seed(seed, "check", index)
        mine = index % game.num_players
        seats = [(name, player) if s == mine else (other.name, other) for s in range(game.num_players)]
        played = _referee(game, seats, deal, move_seconds, lang)
        moves += played.by_seat[mine]
        if played.incident is not None:
            problems.append(played.incident)
    return BotCheck(name, n, moves, tuple(problems), lang)


# --- the tournament ------------------------------------------------------------------------


def _entrant(game: Game[Any], entrant: Entrant, index: int, search_playouts: int = SEARCH_PLAYOUTS) -> tuple[str, Bot]:
    """(name, bot) for an entrant given by bot name, as a Bot or as a learner's function."""
    if isinstance(entrant, str):
        allowed = bot_names(game.name)
        if entrant not in allowed:
            raise ConfigError(game.name, "entrants", entrant,
                              ", ".join(repr(a) for a in allowed) + " (or a Bot, or a function (observation, legal_actions) -> action)")
        if entrant == "search":
            from tablekit.bots.search import SearchBot

            return "search", SearchBot(playouts=search_playouts, seconds=None)
        return entrant, make_bot(entrant, game)
    if isinstance(entrant, Bot) and not isinstance(entrant, type):
        return str(entrant.name), entrant
    if hasattr(entrant, "choose_in") and not isinstance(entrant, type):
        return str(getattr(entrant, "name", type(entrant).__name__)), entrant  # type: ignore[return-value]
    if callable(entrant) and not isinstance(entrant, type):
        bot = function_bot(entrant)
        return bot.name, bot
    raise ConfigError(game.name, f"entrants[{index}]", entrant,
                      "a bot name, a Bot or a function (observation, legal_actions) -> action")


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


def _seating(game: Game[Any], first: int, second: int) -> list[int]:
    """Entrant index per seat: ``first`` in the even seats, ``second`` in the odd ones."""
    return [first if seat % 2 == 0 else second for seat in range(game.num_players)]


_Task = tuple[int, int, int, int, int]  # pairing, a, b, game index within the pairing, deal seed


def _play_task(args: tuple[Game[Any], list[tuple[str, Bot]], _Task, float | None, str]) -> dict[str, Any]:
    """Play one game of a pairing; its row of the games table."""
    game, entrants, (pairing, a, b, k, deal), seconds, lang = args
    first, second = (a, b) if k % 2 == 0 else (b, a)
    order = _seating(game, first, second)
    played = _referee(game, [entrants[i] for i in order], deal, seconds, lang)
    if played.incident is not None:
        loser = order[played.incident.seat]
        points = {loser: 0.0, (b if loser == a else a): 1.0}
    elif played.winners:
        share = 1.0 / len(played.winners)
        points = {a: sum(share for w in played.winners if order[w] == a)}
        points[b] = 1.0 - points[a]
    else:
        points = {a: 0.5, b: 0.5}
    incident = played.incident
    why = ""
    if incident is not None:
        loser = order[incident.seat]
        why = tr("tournament.lost", lang, bot=entrants[loser][0], game=k + 1,
                 opponent=entrants[b if loser == a else a][0], seed=deal, why=incident.message)
    return {"pairing": pairing, "game": k, "seed": deal, "a": entrants[a][0], "b": entrants[b][0],
            "seat_0": entrants[first][0], "points_a": points[a], "points_b": points[b],
            "decisions": played.decisions, "termination": played.termination,
            "incident": incident.kind if incident else "", "_incident": incident, "_why": why}


def _play_chunk(args: tuple[Game[Any], list[tuple[str, Bot]], list[_Task], float | None, str]) -> list[dict[str, Any]]:
    game, entrants, tasks, seconds, lang = args
    return [_play_task((game, entrants, task, seconds, lang)) for task in tasks]


@dataclass(frozen=True)
class TournamentResult:
    """A round-robin's results (pandas DataFrames).

    * ``ratings``: one row per entrant, best first: entrant, games, wins (a draw counts ½),
      win_share with its 95% Wilson interval (ci_low, ci_high), rating (Bradley–Terry on the Elo
      scale: 400·log10 of the strength, mean 0; +100 ≈ 64% expected share against an opponent)
      with a seeded bootstrap 95% interval (rating_low, rating_high), incidents (games lost
      by a crash, illegal choice or stall);
    * ``pairwise``: the win share of the row's entrant against the column's;
    * ``games``: one row per game (pairing, game, seed, a, b, seat_0, points_a, points_b,
      decisions, termination, incident);
    * ``incidents``: entrant, kind, opponent, pairing, game, seed, seat, move, legal (the legal
      actions' codes), message (who lost which game, and why).
    """

    ratings: Any
    pairwise: Any
    games: Any
    incidents: Any
    lang: str = "en"

    def first_incidents(self) -> list[str]:
        """The message of each entrant's first incident of each kind (the full list is
        ``incidents``)."""
        if not len(self.incidents):
            return []
        return list(self.incidents.drop_duplicates(["entrant", "kind"])["message"])

    def __repr__(self) -> str:
        text = str(self.ratings.round(3).to_string(index=False))
        if len(self.incidents):
            text += "\n\n" + tr("tournament.incidents", self.lang, count=len(self.incidents)) + "\n"
            text += "\n".join(f"- {m}" for m in self.first_incidents())
        return text

    def _repr_html_(self) -> str:
        out = str(self.ratings.round(3).to_html(index=False))
        if len(self.incidents):
            out += f"<p>{html.escape(tr('tournament.incidents', self.lang, count=len(self.incidents)))}</p><ul>"
            out += "".join(f"<li>{html.escape(m)}</li>" for m in self.first_incidents()) + "</ul>"
        return out


def tournament(game: Game[Any], entrants: Sequence[Entrant], games_per_pairing: int = 20, seed: int = 0,
               move_seconds: float | None = 1.0, workers: int = 1, search_playouts: int = SEARCH_PLAYOUTS,
               bootstrap: int = BOOTSTRAP, lang: str = "en", executor: Executor | None = None) -> TournamentResult:
    """A round-robin between ``entrants``: bot names (``"random"``, ``"heuristic"``, ``"search"``,
    see :func:`tablekit.bots.bot_names`), Bot objects or learners' functions. Each pair of
    entrants plays ``games_per_pairing`` games (see the module docstring for the seating); every
    move is asked with :func:`tablekit.bots.decide`. A bot that raises, chooses an illegal action
    or takes longer than ``move_seconds`` (None: no limit; tablekit's own bots are never timed)
    for a move loses that game, the incident is recorded, and the tournament goes on.

    ``"search"`` is ``SearchBot(playouts=search_playouts, seconds=None)``: a small budget
    (default :data:`SEARCH_PLAYOUTS`) with no CPU-time cap, so its moves are repeatable and a
    tournament stays quick. ``workers > 1`` plays the pairings in that many processes (every
    bot must pickle: a learner's function must be defined at the top level of a module or
    notebook, not a lambda); the results never depend on ``workers``. ``executor``: any
    ``concurrent.futures.Executor`` to play the pairings on instead (a Dask cluster's:
    ``tablekit.sim.executor``), with the same results. Deterministic for a seed (as long as no
    move comes near ``move_seconds``).
    """
    import pandas as pd

    _check_lang(lang)
    if isinstance(games_per_pairing, bool) or not isinstance(games_per_pairing, int) or games_per_pairing < 1:
        raise ConfigError(game.name, "games_per_pairing", games_per_pairing, "a whole number of at least 1")
    if move_seconds is not None and (isinstance(move_seconds, bool) or not isinstance(move_seconds, (int, float))
                                     or not move_seconds > 0):
        raise ConfigError(game.name, "move_seconds", move_seconds, "a positive number of seconds, or None")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ConfigError(game.name, "workers", workers, "a whole number (0: one per CPU)")
    if isinstance(search_playouts, bool) or not isinstance(search_playouts, int) or search_playouts < 1:
        raise ConfigError(game.name, "search_playouts", search_playouts, "a whole number of at least 1")
    check_executor(game.name, executor)
    resolved = [_entrant(game, e, i, search_playouts) for i, e in enumerate(entrants)]
    if len(resolved) < 2:
        raise ConfigError(game.name, "entrants", len(resolved), "at least two entrants")
    names = _unique([name for name, _ in resolved])
    players = [(name, bot) for name, (_, bot) in zip(names, resolved)]
    pairs = list(itertools.combinations(range(len(players)), 2))
    deals = [derive_seed(seed, "tournament", k // 2) for k in range(games_per_pairing)]
    chunks = [[(p, a, b, k, deals[k]) for k in range(games_per_pairing)] for p, (a, b) in enumerate(pairs)]
    if workers == 0:
        workers = os.cpu_count() or 1
    rows: list[dict[str, Any]] = []
    tasks = [(game, players, c, move_seconds, lang) for c in chunks]
    if executor is None and (workers <= 1 or len(chunks) == 1):
        for task in tasks:
            rows += _play_chunk(task)
        return _results(names, pairs, rows, seed, bootstrap, lang, pd)
    field, value, allowed = (("executor", type(executor).__name__, "None") if executor is not None
                             else ("workers", workers, "1"))
    try:
        pickle.dumps(players)
    except Exception as error:
        raise ConfigError(game.name, field, value,
                          f"{allowed} with these entrants (a bot cannot be sent to a worker process: {error})") from error
    if executor is not None:
        for part in map_ordered(executor, _play_chunk, tasks, executor_width(executor)):
            rows += part
    else:
        from concurrent.futures import ProcessPoolExecutor  # here: Pyodide (the static site) has none

        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in map_ordered(pool, _play_chunk, tasks, workers):
                rows += part
    return _results(names, pairs, rows, seed, bootstrap, lang, pd)


def _results(names: list[str], pairs: list[tuple[int, int]], rows: list[dict[str, Any]], seed: int,
             bootstrap: int, lang: str, pd: Any) -> TournamentResult:
    k = len(names)
    games = pd.DataFrame([{c: v for c, v in r.items() if not c.startswith("_")} for r in rows])
    incidents = pd.DataFrame(
        [{"entrant": r["_incident"].entrant, "kind": r["_incident"].kind,
          "opponent": r["b"] if r["_incident"].entrant == r["a"] else r["a"], "pairing": r["pairing"],
          "game": r["game"], "seed": r["seed"],
          "seat": r["_incident"].seat, "move": r["_incident"].move, "legal": " ".join(r["_incident"].legal),
          "message": r["_why"]} for r in rows if r["_incident"] is not None],
        columns=["entrant", "kind", "opponent", "pairing", "game", "seed", "seat", "move", "legal", "message"])
    # points[p] = the first entrant's points in each game of pairing p
    points = [[r["points_a"] for r in rows if r["pairing"] == p] for p in range(len(pairs))]
    strength = bradley_terry(_wins_matrix(k, pairs, points))
    replicate_rng = random.Random(derive_seed(seed, "bootstrap"))
    samples: list[list[float]] = []
    for _ in range(bootstrap):
        resampled = [[xs[replicate_rng.randrange(len(xs))] for _ in xs] for xs in points]
        samples.append(bradley_terry(_wins_matrix(k, pairs, resampled)))
    wins = [0.0] * k
    played = [0] * k
    pairwise = [[math.nan] * k for _ in range(k)]
    for (a, b), xs in zip(pairs, points):
        got = sum(xs)
        wins[a] += got
        wins[b] += len(xs) - got
        played[a] += len(xs)
        played[b] += len(xs)
        pairwise[a][b] = got / len(xs)
        pairwise[b][a] = 1 - got / len(xs)
    table = []
    for i, name in enumerate(names):
        lo, hi = wilson_interval(wins[i], played[i])
        spread = _sd([s[i] for s in samples]) if samples else 0.0
        table.append({"entrant": name, "games": played[i], "wins": wins[i], "win_share": wins[i] / played[i],
                      "ci_low": lo, "ci_high": hi, "rating": strength[i],
                      "rating_low": strength[i] - 1.96 * spread, "rating_high": strength[i] + 1.96 * spread,
                      "incidents": int((incidents["entrant"] == name).sum()) if len(incidents) else 0})
    ratings = pd.DataFrame(table).sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)
    pairwise_frame = pd.DataFrame(pairwise, index=pd.Index(names, name="entrant"), columns=names)
    return TournamentResult(ratings, pairwise_frame, games, incidents, lang)


def _wins_matrix(k: int, pairs: list[tuple[int, int]], points: list[list[float]]) -> list[list[float]]:
    wins = [[0.0] * k for _ in range(k)]
    for (a, b), xs in zip(pairs, points):
        got = sum(xs)
        wins[a][b] += got
        wins[b][a] += len(xs) - got
    return wins


def _sd(xs: list[float]) -> float:
    if len(xs) < 2:
        return 0.0
    mean = sum(xs) / len(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = 0.5, iterations: int = 10_000) -> list[float]:
    """Bradley–Terry ratings on the Elo scale (400·log10 of each strength, mean 0) from
    ``wins[i][j]``, the points ``i`` scored against ``j`` (a draw counts ½ to each), fitted by
    Hunter's MM algorithm. ``prior`` adds that many points to each side of every pair that met
    (a virtual draw), which keeps a bot that won or lost everything at a finite rating.

    >>> [round(r) for r in bradley_terry([[0, 3], [1, 0]])]
    [74, -74]
    >>> bradley_terry([[0, 5], [5, 0]])
    [0.0, 0.0]
    """
    k = len(wins)
    w = [[float(wins[i][j]) for j in range(k)] for i in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            if w[i][j] + w[j][i] > 0:
                w[i][j] += prior
                w[j][i] += prior
    total = [sum(row) for row in w]
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(k) if j != i and games[i][j] > 0)
            new.append(total[i] / denom if denom > 0 else p[i])
        log_mean = sum(math.log(x) for x in new if x > 0) / k
        new = [x / math.exp(log_mean) for x in new]
        change = max(abs(x - y) for x, y in zip(new, p))
        p = new
        if change < 1e-10:
            break
    ratings = [400 * math.log10(x) for x in p]
    return [0.0 if abs(r) < 1e-9 else r for r in ratings]


__all__ = ["BOOTSTRAP", "BotCheck", "ChoiceError", "FunctionBot", "Incident", "MoveTimeout", "SEARCH_PLAYOUTS",
           "TournamentResult", "as_action", "bradley_terry", "check_bot", "function_bot", "tournament"]
