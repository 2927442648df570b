"""The search bot: information-set Monte Carlo search on the protocol alone, so it plays every game.

Two algorithms share the roll-outs (a ``policy``: random legal moves, or the game's heuristic bot
in every seat, :func:`bot_policy`) and the rewards (each seat's share of the win, or of the lead
by ``GameSpec.standing`` when a roll-out is cut at a ``horizon``):

* :func:`paired_search` (the default of :class:`SearchBot`) searches the root only: each
  iteration samples one world and plays *every* legal move in it, each followed by a roll-out
  with the same random stream, so the moves are compared on the same worlds (common random
  numbers). It keeps a baseline (the heuristic's move) unless another move beats it by more
  than ``z`` standard errors of the paired differences.
* :func:`search` grows a tree, as follows.

``search(game, state, seat, ...)`` chooses an action for ``seat`` (the seat to play) by
single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012). Each iteration:

1. **determinize**: ``game.determinize(state, seat, rng)`` deals the cards ``seat`` cannot see
   anew (and the seed of future deals), giving one world consistent with what it knows;
2. **select and expand** in one tree of action codes shared by every world: at a node, the
   children whose actions are legal in this world are *available*; an untried legal action is
   expanded, otherwise the available child with the highest UCB value (its mean reward for the
   player who chose it, plus ``c * sqrt(ln(times available) / visits)``) is followed;
3. **roll out** with the policy (uniformly random legal actions unless one is given) to the end
   of the game, or to the horizon;
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
from typing import Any, Callable, NamedTuple

from tablekit.core.actions import Action
from tablekit.core.game import Game
from tablekit.core.registry import spec

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


#: A roll-out policy: the action to play in a world (any seat's turn), from the world and the rng.
Policy = Callable[[Any, random.Random], Action]


def random_policy(game: Game[Any]) -> Policy:
    """Uniformly random legal actions (the plain MCTS roll-out)."""
    legal_actions = game.legal_actions

    def play(world: Any, rng: random.Random) -> Action:
        actions = legal_actions(world)
        return actions[rng.randrange(len(actions))]

    return play


def bot_policy(game: Game[Any], bot_name: str = "heuristic", epsilon: float = 0.1) -> Policy:
    """Every seat plays as ``bot_name`` (each from its own observation of the world, through
    :func:`tablekit.bots.decide`), except that a share ``epsilon`` of the moves are random, so
    roll-outs from one position do not all tell the same story. A game without that bot gets
    random roll-outs."""
    from tablekit.bots import bot_names, decide, make_bot

    if bot_name not in bot_names(game.name) or bot_name == "search":
        return random_policy(game)
    bot = make_bot(bot_name, game)
    legal_actions = game.legal_actions

    def play(world: Any, rng: random.Random) -> Action:
        if rng.random() < epsilon:
            actions = legal_actions(world)
            return actions[rng.randrange(len(actions))]
        return decide(bot, game, world, rng)

    return play


def standing_rewards(game: Game[Any], state: Any) -> list[float] | None:
    """Rewards of a game cut short, from ``GameSpec.standing``: the leaders share the win.
    None when the game does not say who leads."""
    standing = spec(game.name).standing
    if standing is None:
        return None
    now = list(standing(game, state))
    best = max(now)
    leaders = [seat for seat, value in enumerate(now) if value == best]
    return [1.0 / len(leaders) if seat in leaders else 0.0 for seat in range(len(now))]


def search(game: Game[Any], state: Any, seat: int, playouts: int = 200, seconds: float | None = None,
           rng: random.Random | None = None, exploration: float = EXPLORATION,
           policy: Policy | None = None, horizon: int | None = None,
           max_rollout: int = 100_000) -> SearchResult:
    """Choose ``seat``'s action in ``state`` by information-set MCTS (see the module docstring).

    ``policy`` plays the roll-outs (None: random legal actions; see :func:`bot_policy`).
    ``horizon``: cut a roll-out after that many moves and score it by ``GameSpec.standing``
    (games played as long matches); None plays every roll-out to the end.
    """
    if horizon is not None and spec(game.name).standing is None:
        raise ValueError(f"search: {game.name} has no standing, so its roll-outs cannot be cut short")
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
    play = policy if policy is not None else random_policy(game)
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
        # Roll-out: the policy's moves to the end (or to the horizon).
        steps = 0
        limit = max_rollout if horizon is None else min(horizon, max_rollout)
        while not is_terminal(world) and steps < limit:
            world, _ = apply(world, play(world, rng))
            steps += 1
        if is_terminal(world):
            reward = rewards(game, world)
        elif horizon is not None:
            reward = standing_rewards(game, world) or [0.0] * game.num_players
        else:
            raise RuntimeError(f"search: a roll-out did not end within {max_rollout} moves")
        for visited, mover in path:
            visited.visits += 1
            visited.reward += reward[mover]
        done += 1
    visits = {code: root.children[code].visits for code in by_code if code in root.children}
    values = {code: root.children[code].reward / root.children[code].visits for code in visits
              if root.children[code].visits}
    best = max(by_code, key=lambda code: (visits.get(code, 0), values.get(code, 0.0)))
    return SearchResult(by_code[best], done, visits, values)


def paired_search(game: Game[Any], state: Any, seat: int, playouts: int = 200, seconds: float | None = None,
                  rng: random.Random | None = None, policy: Policy | None = None,
                  baseline: Action | None = None, horizon: int | None = None, z: float = 1.0,
                  max_rollout: int = 100_000) -> SearchResult:
    """Choose ``seat``'s action by comparing every legal action on the same sampled worlds.

    The root of the tree only (a one-level information-set search), with *common random
    numbers*: each iteration determinizes one world and plays every legal action in it, each
    followed by a roll-out with the same random stream. The actions' rewards in one world are
    therefore paired, and their differences are far less noisy than separate samples would be.
    ``playouts`` counts roll-outs (one world costs one per legal action; at least two worlds
    are played unless ``seconds`` of CPU time run out first: a world that was not played for
    every action is left out, and with none left the baseline is played).

    With a ``baseline`` (the move the game's own heuristic would make), the search keeps it
    unless another action's mean paired advantage over it exceeds ``z`` standard errors: it
    improves on its roll-out policy where the samples show it, and otherwise plays like it.
    """
    if game.current_player(state) != seat:
        raise ValueError(f"search: it is not seat {seat}'s turn")
    rng = rng if rng is not None else random.Random()
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return SearchResult(legal[0], 0, {legal[0].code: 0}, {})
    if horizon is not None and spec(game.name).standing is None:
        raise ValueError(f"search: {game.name} has no standing, so its roll-outs cannot be cut short")
    play = policy if policy is not None else random_policy(game)
    apply, is_terminal = game.apply, game.is_terminal
    limit = max_rollout if horizon is None else min(horizon, max_rollout)

    def roll_out(world: Any, stream: random.Random) -> float:
        steps = 0
        while not is_terminal(world) and steps < limit:
            world, _ = apply(world, play(world, stream))
            steps += 1
        if is_terminal(world):
            return rewards(game, world)[seat]
        if horizon is not None:
            return (standing_rewards(game, world) or [0.0] * game.num_players)[seat]
        raise RuntimeError(f"search: a roll-out did not end within {max_rollout} moves")

    worlds = max(2, playouts // len(legal))
    deadline = None if seconds is None else time.process_time() + seconds
    samples: list[list[float]] = []
    while len(samples) < worlds:
        world = game.determinize(state, seat, rng)
        stream_seed = rng.getrandbits(64)
        row = []
        for action in legal:
            if deadline is not None and time.process_time() >= deadline:
                break
            row.append(roll_out(apply(world, action)[0], random.Random(stream_seed)))
        if len(row) < len(legal):
            break  # out of time: a world not played for every action is left out
        samples.append(row)
    n = len(samples)
    if n == 0:  # not one whole world in the time: the baseline (or the first legal action)
        fallback = baseline if baseline is not None and baseline in legal else legal[0]
        return SearchResult(fallback, 0, {}, {})
    means = [sum(row[k] for row in samples) / n for k in range(len(legal))]
    best = max(range(len(legal)), key=lambda k: means[k])
    choice = best
    if baseline is not None and baseline in legal:
        base = legal.index(baseline)
        diffs = [row[best] - row[base] for row in samples]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        choice = best if mean > 0 and mean > z * spread / math.sqrt(n) else base
    codes = [a.code for a in legal]
    return SearchResult(legal[choice], n * len(legal), {code: n for code in codes},
                        dict(zip(codes, means)))


#: The search bot's default budget: enough playouts to beat the heuristic bots where skill
#: matters, and a CPU-time cap that keeps a move under a second on a 2-core laptop (measured in
#: ``bench/search_strength.py``; see ``bench/README.md``).
DEFAULT_PLAYOUTS = 300
DEFAULT_SECONDS = 0.8
#: Moves a roll-out plays in a match before the standing scores it (``SearchBot(horizon="auto")``):
#: about a deal or two, so a move is judged by the deal it is in, not by the luck of later deals.
MATCH_HORIZON = 100
#: Roll-out policies by name: random legal moves, or the game's heuristic bot in every seat.
ROLLOUTS = ("heuristic", "random")
#: Search algorithms by name: the root-paired search (:func:`paired_search`) or the tree (:func:`search`).
ALGORITHMS = ("paired", "mcts")


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

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, seconds: float | None = DEFAULT_SECONDS,
                 rollout: str = "heuristic", epsilon: float = 0.1, horizon: int | str | None = "auto",
                 algorithm: str = "paired", z: float = 1.0) -> None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"SearchBot: playouts must be a whole number of at least 1 (got {playouts!r})")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"SearchBot: seconds must be a positive number or None (got {seconds!r})")
        if rollout not in ROLLOUTS:
            raise ValueError(f"SearchBot: rollout must be one of {', '.join(ROLLOUTS)} (got {rollout!r})")
        if algorithm not in ALGORITHMS:
            raise ValueError(f"SearchBot: algorithm must be one of {', '.join(ALGORITHMS)} (got {algorithm!r})")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"SearchBot: epsilon must be between 0 and 1 (got {epsilon!r})")
        if horizon not in (None, "auto") and (isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1):
            raise ValueError("SearchBot: horizon must be a whole number of at least 1, 'auto' or None "
                             f"(got {horizon!r})")
        self.playouts = playouts
        self.seconds = seconds
        self.rollout = rollout
        self.epsilon = epsilon
        self.horizon = horizon
        self.algorithm = algorithm
        self.z = z
        self._policies: dict[Game[Any], Policy] = {}

    def __getstate__(self) -> dict[str, Any]:
        # Roll-out policies are closures: a copy (e.g. in a worker process) makes its own.
        return {**self.__dict__, "_policies": {}}

    def horizon_for(self, game: Game[Any]) -> int | None:
        """The roll-out horizon in ``game``: ``"auto"`` takes the game's ``GameSpec.search_horizon``
        (a game whose roll-outs are long), else cuts roll-outs at :data:`MATCH_HORIZON` moves in a
        match (a game of several deals to a target) whose game has a standing, and plays every
        other roll-out to the end."""
        if self.horizon != "auto":
            return self.horizon if isinstance(self.horizon, int) else None
        game_spec = spec(game.name)
        if game_spec.search_horizon is not None:
            return game_spec.search_horizon
        if game_spec.standing is not None and game_spec.is_match(game.config):
            return MATCH_HORIZON
        return None

    def policy(self, game: Game[Any]) -> Policy:
        """The roll-out policy for ``game`` (made once per game)."""
        found = self._policies.get(game)
        if found is None:
            found = random_policy(game) if self.rollout == "random" else bot_policy(game, self.rollout, self.epsilon)
            self._policies[game] = found
        return found

    def __repr__(self) -> str:
        return (f"SearchBot(playouts={self.playouts}, seconds={self.seconds}, rollout={self.rollout!r}, "
                f"epsilon={self.epsilon}, horizon={self.horizon})")

    def choose(self, observation: dict[str, Any], legal: Any, rng: random.Random) -> Action:
        raise TypeError("the search bot needs the position, not only an observation: "
                        "ask it with tablekit.bots.decide(bot, game, state, rng)")

    def choose_in(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
        """``seat``'s move in ``state`` (it reads the hidden cards only through ``determinize``)."""
        return self.search(game, state, seat, rng).action

    def search(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> SearchResult:
        """The whole search result: the move and each root action's visits and mean reward."""
        if self.algorithm == "mcts":
            return search(game, state, seat, playouts=self.playouts, seconds=self.seconds, rng=rng,
                          policy=self.policy(game), horizon=self.horizon_for(game))
        return paired_search(game, state, seat, playouts=self.playouts, seconds=self.seconds, rng=rng,
                             policy=self.policy(game), baseline=self._baseline(game, state, rng),
                             horizon=self.horizon_for(game), z=self.z)

    def _baseline(self, game: Game[Any], state: Any, rng: random.Random) -> Action | None:
        """The move the roll-out bot would make here, from the seat's own observation."""
        from tablekit.bots import bot_names, decide, make_bot

        if self.rollout == "random" or self.rollout not in bot_names(game.name):
            return None
        return decide(make_bot(self.rollout, game), game, state, random.Random(rng.getrandbits(64)))


__all__ = ["ALGORITHMS", "DEFAULT_PLAYOUTS", "DEFAULT_SECONDS", "EXPLORATION", "MATCH_HORIZON", "ROLLOUTS", "Policy",
           "SearchBot",
           "SearchResult", "bot_policy", "paired_search", "random_policy", "rewards", "search", "standing_rewards"]
