"""What if? Play a position on after each of several actions, and compare the results.

``what_if(game, state, seat, actions, bots, n, seed)``: at ``state``, where ``seat`` is to play,
each action in ``actions`` (say the move actually made and the one a learner wonders about) is
played and the game is played on to its end by bots, ``n`` times. Playout ``i`` of every branch:

1. deals anew what ``seat`` cannot see: ``game.determinize(state, seat, rng_i)`` (the other hands,
   the stock's order, the seed of later deals), so the answer uses only what ``seat`` knew;
2. plays the branch's action, then lets the bots play on (``tablekit.bots.decide``; ``seat``
   itself is played by its bot after the action) until the game, or the match, is over.

The branches are **paired** (common random numbers): playout ``i`` uses the same world and the
same random streams of the bots in every branch, so the difference between two branches is
measured on the same deals and its interval (from the paired differences,
:func:`tablekit.sim.stats.paired_difference`) is much narrower than that of two independent
runs. The same action given twice differs by exactly 0.

What is measured for ``seat``: its **win share**, 1 for a win alone, ``1/k`` for a win shared
by ``k`` winners (a tie), 0 otherwise, as everywhere in tablekit (the win rate, the search bot);
the mean of these is the win probability, with its 95% Wilson interval; and its final **score**
(``Outcome.scores[seat]``, whatever the game counts) with a 95% interval of the mean.

In a notebook (a finished game of a :class:`tablekit.session.Session` works too:
:func:`what_if_at`):

>>> from tablekit import make
>>> game = make("narabe_runo", players=2, layout=[(-2, 0), (2, 0)])
>>> state = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]], captured=[["R9"], []],
...                            deck=["Y1", "B6", "G5", "R3", "B1", "B7", "Y8", "G6", "G9"])
>>> [a.code for a in game.legal_actions(state)][:2]
['play:R3:1,0>2,0', 'discard:B7']
>>> result = what_if(game, state, 0, ["discard:B7", "play:R3:1,0>2,0"], n=40, seed=1)
>>> [b.action.code for b in result.branches], result.n
(['discard:B7', 'play:R3:1,0>2,0'], 40)
>>> difference, low, high = result.difference()
>>> low > 0   # capturing now wins more often than throwing a card away
True
>>> list(result.table().columns[:4])
['action', 'games', 'win_rate', 'win_low']
"""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from tablekit.bots import Bot, bot_names, decide, make_bot
from tablekit.core.actions import Action
from tablekit.core.errors import ConfigError, IllegalActionError
from tablekit.core.game import Game
from tablekit.core.rng import derive_seed
from tablekit.core.verdict import Verdict
from tablekit.sim.executor import check_executor, executor_width, map_ordered
from tablekit.sim.stats import mean_interval, paired_difference, wilson_interval

if TYPE_CHECKING:
    from tablekit.session import Session

BotSpec = Bot | str
#: A playout that has not ended after this many decisions is a bug (a game that never ends).
MAX_DECISIONS = 1_000_000


@dataclass(frozen=True)
class Branch:
    """One action played on ``n`` times: ``wins[i]`` and ``scores[i]`` are ``seat``'s win share
    and score in playout ``i``."""

    action: Action
    wins: tuple[float, ...]
    scores: tuple[float, ...]

    @property
    def n(self) -> int:
        return len(self.wins)

    @property
    def win_rate(self) -> float:
        """The win probability of the seat after this action (a tie counts 1/k)."""
        return sum(self.wins) / self.n if self.n else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate`."""
        return wilson_interval(sum(self.wins), self.n)

    @property
    def score(self) -> tuple[float, float, float]:
        """The mean score of the seat with its 95% interval."""
        return mean_interval(self.scores)


@dataclass(frozen=True)
class WhatIf:
    """The branches of a what-if, in the order the actions were given (the first is the one
    the others are compared with: usually the move actually played)."""

    game: str
    seat: int
    seed: int
    bots: tuple[str, ...]
    branches: tuple[Branch, ...]

    @property
    def n(self) -> int:
        """Playouts per branch (the same for every branch: they are paired)."""
        return self.branches[0].n if self.branches else 0

    def _index(self, which: int | str | Action) -> int:
        if isinstance(which, int) and not isinstance(which, bool):
            if not 0 <= which < len(self.branches):
                raise ValueError(f"branch must be from 0 to {len(self.branches) - 1} (got {which})")
            return which
        code = which.code if isinstance(which, Action) else str(which)
        for i, branch in enumerate(self.branches):
            if branch.action.code == code:
                return i
        raise ValueError(f"no branch plays {code!r} (branches: {', '.join(b.action.code for b in self.branches)})")

    def difference(self, other: int | str | Action = 1, base: int | str | Action = 0) -> tuple[float, float, float]:
        """How much more often the seat wins after ``other`` than after ``base`` (branch
        indexes or action codes): the mean paired difference of the win shares with its 95%
        interval. Positive: ``other`` is the better move."""
        a, b = self.branches[self._index(base)], self.branches[self._index(other)]
        return paired_difference(a.wins, b.wins)

    def score_difference(self, other: int | str | Action = 1, base: int | str | Action = 0) -> tuple[float, float, float]:
        """The same for the seat's score."""
        a, b = self.branches[self._index(base)], self.branches[self._index(other)]
        return paired_difference(a.scores, b.scores)

    def table(self, lang: str | None = None) -> Any:
        """One row per branch as a pandas DataFrame: action (the code, or the action's words
        in ``lang`` when given), games, win_rate, win_low, win_high, score, score_low,
        score_high, and the difference from the first branch: diff, diff_low, diff_high (win
        share) and score_diff, score_diff_low, score_diff_high."""
        import pandas as pd

        rows = []
        for i, branch in enumerate(self.branches):
            low, high = branch.win_interval
            score, s_low, s_high = branch.score
            diff = self.difference(i, 0)
            s_diff = self.score_difference(i, 0)
            rows.append({
                "action": branch.action.code if lang is None else branch.action.label(lang),
                "games": branch.n, "win_rate": branch.win_rate, "win_low": low, "win_high": high,
                "score": score, "score_low": s_low, "score_high": s_high,
                "diff": diff[0], "diff_low": diff[1], "diff_high": diff[2],
                "score_diff": s_diff[0], "score_diff_low": s_diff[1], "score_diff_high": s_diff[2],
            })
        return pd.DataFrame(rows)


def default_bot(game: Game[Any]) -> str:
    """The bot that plays the branches on when none is named: the game's heuristic bot (the
    one the play table's opponents and hints use), else the random one."""
    return "heuristic" if "heuristic" in bot_names(game.name) else "random"


def _bots_for(game: Game[Any], bots: Sequence[BotSpec] | BotSpec | None) -> list[Bot]:
    if bots is None:
        bots = default_bot(game)
    listed = [bots] if isinstance(bots, (str, Bot)) else list(bots)
    resolved = [make_bot(b, game) if isinstance(b, str) else b for b in listed]
    if len(resolved) == 1:
        resolved = resolved * game.num_players
    if len(resolved) != game.num_players:
        raise ConfigError(game.name, "bots", bots, f"one bot, or one per seat ({game.num_players})")
    return resolved


def _check(game: Game[Any], state: Any, seat: int | None, actions: Sequence[Action | str]) -> tuple[int, list[Action]]:
    """The seat to play and the actions as Action values; IllegalActionError with the rule's
    reason when the game is over, it is not ``seat``'s turn or an action is illegal."""
    if game.is_terminal(state):
        raise IllegalActionError(Verdict(False, "core.game_over", {}))
    mover = game.current_player(state)
    assert mover is not None
    if seat is not None and seat != mover:
        raise IllegalActionError(Verdict(False, "core.illegal.not_your_turn", {"player": mover}))
    if isinstance(actions, (str, Action)) or not actions:
        raise ValueError("actions: give a list of one or more actions (or action codes)")
    parsed = [a if isinstance(a, Action) else game.action_from_code(str(a)) for a in actions]
    for action in parsed:
        if not game.is_legal(state, action):
            raise IllegalActionError(game.explain(state, action))
    return mover, parsed


def _playout(game: Game[Any], world: Any, action: Action, seat: int, bots: Sequence[Bot], seed: int,
             index: int) -> tuple[float, float]:
    """``action`` in ``world``, then the bots to the end: the seat's win share and score."""
    rngs = [random.Random(derive_seed(seed, "bot", index, s)) for s in range(game.num_players)]
    state, _ = game.step(world, action)
    decisions = 0
    while not game.is_terminal(state):
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"what-if playout {index} did not end within {MAX_DECISIONS} decisions")
        mover = game.current_player(state)
        assert mover is not None
        state, _ = game.step(state, decide(bots[mover], game, state, rngs[mover]))
    outcome = game.outcome(state)
    assert outcome is not None
    share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    return share, float(outcome.scores[seat])


def _paired(game: Game[Any], state: Any, seat: int, actions: Sequence[Action], bots: Sequence[Bot], seed: int,
            index: int) -> list[tuple[float, float]]:
    """Playout ``index`` of every branch, all from the same world and with the same bot streams."""
    world = game.determinize(state, seat, random.Random(derive_seed(seed, "world", index)))
    return [_playout(game, world, action, seat, bots, seed, index) for action in actions]


def _chunk(args: tuple[Game[Any], Any, int, list[Action], list[Bot], int, range]) -> list[list[tuple[float, float]]]:
    game, state, seat, actions, bots, seed, indexes = args
    return [_paired(game, state, seat, actions, bots, seed, i) for i in indexes]


def what_if(game: Game[Any], state: Any, seat: int | None, actions: Sequence[Action | str],
            bots: Sequence[BotSpec] | BotSpec | None = None, n: int = 200, seed: int = 0, workers: int = 1,
            seconds: float | None = None, executor: Executor | None = None) -> WhatIf:
    """Play ``state`` on after each of ``actions`` ``n`` times (see the module docstring).

    ``seat``: the seat to play (None: whoever is); ``actions``: Action values or codes, the
    first is the one the others are compared with; ``bots``: one bot (name or Bot) for every
    seat or one per seat, None for the game's heuristic bot; ``seed``: the worlds and the bots'
    streams (the same seed gives the same result, whatever ``workers``); ``workers``: processes
    (0: one per CPU; the bots must then be picklable, as the built-in ones are); ``seconds``:
    with one worker, stop starting new playouts after this much time (at least one is played,
    and every branch always has the same playouts, so the pairing holds); ``executor``: any
    ``concurrent.futures.Executor`` to play the playouts on instead of ``workers`` processes
    (a Dask cluster's: ``tablekit.sim.executor``), with the same result.

    Raises IllegalActionError (with the rule's reason) when the game is over, when it is not
    ``seat``'s turn or when an action is illegal there; nothing is played then.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConfigError(game.name, "n", n, "a positive whole number of games")
    seat, parsed = _check(game, state, seat, actions)
    players = _bots_for(game, bots)
    check_executor(game.name, executor)
    if workers == 0:
        workers = os.cpu_count() or 1
    results: list[list[tuple[float, float]]] = []
    if executor is not None:
        width = executor_width(executor)
        size = -(-n // (4 * width))
        tasks = ((game, state, seat, parsed, players, seed, range(start, min(n, start + size)))
                 for start in range(0, n, size))
        for rows in map_ordered(executor, _chunk, tasks, width):
            results.extend(rows)
    elif workers <= 1 or n < 2 * workers:
        deadline = None if seconds is None else time.monotonic() + seconds
        for i in range(n):
            if deadline is not None and results and time.monotonic() > deadline:
                break
            results.append(_paired(game, state, seat, parsed, players, seed, i))
    else:
        size = -(-n // (4 * workers))  # a few chunks per worker
        chunks = [range(start, min(n, start + size)) for start in range(0, n, size)]
        import multiprocessing  # here: Pyodide (the static site) has no process pools
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context()) as pool:
            for rows in pool.map(_chunk, [(game, state, seat, parsed, players, seed, c) for c in chunks]):
                results.extend(rows)
    branches = tuple(
        Branch(action, tuple(r[k][0] for r in results), tuple(r[k][1] for r in results))
        for k, action in enumerate(parsed))
    return WhatIf(game.name, seat, seed, tuple(b.name for b in players), branches)


def move_at(session: Session, step: int) -> tuple[Any, int, Action]:
    """Move number ``step`` (1 is the first move) of a session: the position it was made in,
    the seat that made it and the action.

    >>> from tablekit import make
    >>> from tablekit.session import Session
    >>> s = Session(make("up_and_down", players=2), seed=3, bot_seed=1)
    >>> _ = s.play(s.legal_actions()[0])
    >>> state, seat, action = move_at(s, 1)
    >>> seat, action == s.match.actions[0], state == s.state_at(0)
    (0, True, True)
    """
    last = session.step_index
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= last:
        raise ValueError(f"a move is a whole number from 1 to {last} (got {step!r})")
    state = session.state_at(step - 1)
    seat = session.game.current_player(state)
    assert seat is not None
    return state, seat, session.match.actions[step - 1]


def what_if_at(session: Session, step: int, alternative: Action | str, bots: Sequence[BotSpec] | BotSpec | None = None,
               n: int = 200, seed: int = 0, workers: int = 1, seconds: float | None = None,
               executor: Executor | None = None) -> WhatIf:
    """What if move number ``step`` of ``session`` had been ``alternative``? The move actually
    played is branch 0, the alternative branch 1, both from the point of view of the seat
    that moved (``bots`` None: the session's own bots, seat by seat)."""
    state, seat, played = move_at(session, step)
    if bots is None:
        bots = list(session.bots)
    return what_if(session.game, state, seat, [played, alternative], bots, n=n, seed=seed, workers=workers,
                   seconds=seconds, executor=executor)


__all__ = ["Branch", "MAX_DECISIONS", "WhatIf", "default_bot", "move_at", "what_if", "what_if_at"]
