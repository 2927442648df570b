"""Information-set Monte Carlo tree search on the protocol alone, so it plays every game.

``search(game, state, seat, ...)`` chooses an action for ``seat`` (the seat to play) by
single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012). Each iteration:

1. **determinize**: ``game.determinize(state, seat, rng)`` deals the cards ``seat`` cannot see
   anew (and the seed of future deals), giving one world consistent with what it knows;
2. **select and expand** in one tree of action codes shared by every world: at a node, the
   children whose actions are legal in this world are *available*; an untried legal action is
   expanded, otherwise the available child with the highest UCB value (its mean reward for the
   player who chose it, plus ``c * sqrt(ln(times available) / visits)``) is followed;
3. **roll out** with uniformly random legal actions to the end of the game;
4. **back up** each seat's reward, its share of the win (``1 / len(winners)``, 0 for a loss):
   every node is credited with the reward of the player who made the move into it.

The choice is the root action visited most. ``state`` is read only through ``determinize``
(and ``legal_actions`` of the seat's own turn, which it may know), so two states that differ
only in what ``seat`` cannot see give the same choice for the same ``rng`` (tested), because
``determinize`` deals the same hidden cards alike wherever they lie (``core.deck.redeal_unseen``).

The budget is a number of iterations (``playouts``) and, optionally, CPU ``seconds``; whichever
ends first stops the search.

:class:`SearchBot` makes a player of it for every game (``make_bot("search", game)``). Unlike the
other bots it needs the position, read only through ``determinize``: ask it for a move with
:func:`tablekit.bots.decide`, as the simulator, the play table and the tournament do.

>>> import random
>>> from tablekit import make
>>> game = make("narabe_runo", players=2, layout="small")
>>> s = game.initial_state(5)
>>> found = search(game, s, game.current_player(s), playouts=40, rng=random.Random(1))
>>> found.action in game.legal_actions(s), found.playouts, sum(found.visits.values())
(True, 40, 40)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tablekit.core.actions import Action
from tablekit.core.game import Game

#: The exploration constant of UCB for rewards between 0 and 1.
EXPLORATION = 0.7


@dataclass
class _Node:
    """A node of the tree: the move into it was made by the player it credits."""

    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


class SearchResult(NamedTuple):
    """The action chosen, how many iterations were run, and the root statistics: each root
    action code's visits and mean reward for the seat that searched."""

    action: Action
    playouts: int
    visits: dict[str, int]
    values: dict[str, float]


def rewards(game: Game[Any], state: Any) -> list[float]:
    """Each seat's reward at the end of a game: its share of the win."""
    outcome = game.outcome(state)
    assert outcome is not None, "rewards of a game that is not over"
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    out = [0.0] * game.num_players
    for seat in outcome.winners:
        out[seat] = share
    return out


def search(game: Game[Any], state: Any, seat: int, playouts: int = 200, seconds: float | None = None,
           rng: random.Random | None = None, exploration: float = EXPLORATION,
           max_rollout: int = 100_000) -> SearchResult:
    """Choose ``seat``'s action in ``state`` by information-set MCTS (see the module docstring)."""
    if game.current_player(state) != seat:
        raise ValueError(f"search: it is not seat {seat}'s turn")
    if playouts < 1:
        raise ValueError(f"search: playouts must be at least 1 (got {playouts})")
    rng = rng if rng is not None else random.Random()
    legal = game.legal_actions(state)
    by_code = {a.code: a for a in legal}
    root = _Node()
    deadline = None if seconds is None else time.process_time() + seconds
    done = 0
    apply, legal_actions, is_terminal, current = game.apply, game.legal_actions, game.is_terminal, game.current_player
    while done < playouts and (deadline is None or done == 0 or time.process_time() < deadline):
        world = game.determinize(state, seat, rng)
        node = root
        path: list[tuple[_Node, int]] = []
        # Selection and expansion: down the shared tree while every legal action has been tried.
        while not is_terminal(world):
            actions = legal_actions(world)
            mover = current(world)
            assert mover is not None
            untried = []
            for action in actions:
                child = node.children.get(action.code)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action.code] = _Node(available=1)
                world, _ = apply(world, action)
                path.append((child, mover))
                break
            action = max(actions, key=lambda a: node.children[a.code].ucb(exploration))
            node = node.children[action.code]
            world, _ = apply(world, action)
            path.append((node, mover))
        # Roll-out: random legal moves to the end.
        steps = 0
        while not is_terminal(world) and steps < max_rollout:
            actions = legal_actions(world)
            world, _ = apply(world, actions[rng.randrange(len(actions))])
            steps += 1
        if not is_terminal(world):
            raise RuntimeError(f"search: a roll-out did not end within {max_rollout} moves")
        reward = rewards(game, world)
        for visited, mover in path:
            visited.visits += 1
            visited.reward += reward[mover]
        done += 1
    visits = {code: root.children[code].visits for code in by_code if code in root.children}
    values = {code: root.children[code].reward / root.children[code].visits for code in visits
              if root.children[code].visits}
    best = max(by_code, key=lambda code: (visits.get(code, 0), values.get(code, 0.0)))
    return SearchResult(by_code[best], done, visits, values)


#: The search bot's default budget: enough playouts to beat the heuristic bots where skill
#: matters, and a CPU-time cap that keeps a move under a second on a 2-core laptop (measured in
#: ``bench/search_strength.py``; see ``bench/README.md``).
DEFAULT_PLAYOUTS = 300
DEFAULT_SECONDS = 0.8


class SearchBot:
    """The search bot: :func:`search` with a budget of ``playouts`` iterations (and at most
    ``seconds`` of CPU time, None for no cap). The same position and ``rng`` seed give the same
    move whenever the CPU cap is not reached (a playout budget is what makes runs repeatable).

    >>> import random
    >>> from tablekit import make
    >>> from tablekit.bots import decide
    >>> game = make("up_and_down", players=2)
    >>> state = game.initial_state(4)
    >>> decide(SearchBot(playouts=30, seconds=None), game, state, random.Random(0)) in game.legal_actions(state)
    True
    """

    name = "search"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, seconds: float | None = DEFAULT_SECONDS) -> None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"SearchBot: playouts must be a whole number of at least 1 (got {playouts!r})")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"SearchBot: seconds must be a positive number or None (got {seconds!r})")
        self.playouts = playouts
        self.seconds = seconds

    def __repr__(self) -> str:
        return f"SearchBot(playouts={self.playouts}, seconds={self.seconds})"

    def choose(self, observation: dict[str, Any], legal: Any, rng: random.Random) -> Action:
        raise TypeError("the search bot needs the position, not only an observation: "
                        "ask it with tablekit.bots.decide(bot, game, state, rng)")

    def choose_in(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
        """``seat``'s move in ``state`` (it reads the hidden cards only through ``determinize``)."""
        return self.search(game, state, seat, rng).action

    def search(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> SearchResult:
        """The whole search result: the move and each root action's visits and mean reward."""
        return search(game, state, seat, playouts=self.playouts, seconds=self.seconds, rng=rng)


__all__ = ["DEFAULT_PLAYOUTS", "DEFAULT_SECONDS", "EXPLORATION", "SearchBot", "SearchResult", "rewards", "search"]
