"""Every registered game as a PettingZoo AEC environment (extra ``tablekit[rl]``).

>>> from tablekit.interop.pettingzoo import env
>>> e = env("up_and_down", preset="solo", players=2)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape == e.observation_space(e.agent_selection)["observation"].shape
True
>>> e.unwrapped.action_code(int(obs["action_mask"].argmax())) in e.unwrapped.legal_codes()
True

The agents are ``player_0`` ... ``player_{n-1}``, one per seat; the agent to act is the game's
current player, so the same agent may act several times in a row (Ultimate's discards). An
agent's observation is a dict:

* ``"observation"``: the seat's observation (``game.observe(state, seat)``, so nothing the seat
  may not know) as the game's fixed-shape encoding, float32 in [0, 1]
  (``tablekit.core.encoding``; ``layout()`` gives the table of segments);
* ``"action_mask"``: int8 over the game's fixed action space, 1 for each legal action of the
  agent to act (all 0 for the others).

``step(index)`` plays the action at that index. An index outside the space raises ValueError; an
index the mask forbids raises ``IllegalActionError`` with the rule's reason (the English text
that the tables show), and the game is left as it was.

Rewards come at the end: ``reward="win"`` (the default) gives +1 to each winner and -1 to every
other seat, and 0 to all when nobody wins (a failed co-op mission, for instance);
``reward="score"`` gives each seat its final score. ``max_steps`` truncates a game after that many actions (default: none, since
every game ends by its own rules).

``reset(seed=...)`` makes the deal reproducible: the same seed gives the same deals, and a
reset without a seed continues the stream of the last seed. The environment passes
``pettingzoo.test.api_test`` and ``seed_test`` for every game and preset (tests/test_pettingzoo.py).
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - the [rl] extra is missing
    raise ImportError("tablekit.interop.pettingzoo needs the rl extra: pip install 'tablekit[rl]'") from exc

from tablekit.core.encoding import action_index, action_mask, encoder_of, layout_table
from tablekit.core.errors import ConfigError
from tablekit.core.game import Game
from tablekit.core.registry import make

REWARDS = ("win", "score")


class TablekitEnv(AECEnv):
    """A tablekit game as an AEC environment; make one with :func:`env` or :func:`raw_env`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "tablekit_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game[Any] = "up_and_down", preset: str | None = None,
                 players: int | None = None, render_mode: str | None = None, reward: str = "win",
                 max_steps: int | None = None, **options: Any) -> None:
        super().__init__()
        self.game: Game[Any] = game if isinstance(game, Game) else make(game, preset=preset, players=players, **options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError("pettingzoo", "render_mode", render_mode, [None, *self.metadata["render_modes"]])
        if reward not in REWARDS:
            raise ConfigError("pettingzoo", "reward", reward, REWARDS)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ConfigError("pettingzoo", "max_steps", max_steps, "None or a whole number of at least 1")
        self.render_mode = render_mode
        self.reward_kind = reward
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"tablekit_{self.game.name}_v0"}
        self.encoder = encoder_of(self.game)
        self.codes: tuple[str, ...] = tuple(self.encoder.action_codes(self.game))
        self._index = action_index(self.codes)
        size = self.encoder.size(self.game)
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self._spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(len(self.codes),), dtype=np.int8),
            }) for agent in self.possible_agents
        }
        self._action_spaces: dict[str, Any] = {agent: spaces.Discrete(len(self.codes)) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.game_state: Any = None
        self.steps = 0
        self._events: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return f"TablekitEnv({self.game!r})"

    # --- spaces ------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> Any:
        return self._spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self._action_spaces[agent]

    # --- the AEC cycle -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_state = self.game.initial_state(self._seeds.getrandbits(63))
        self.steps = 0
        self._events = ()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _select(self) -> None:
        seat = self.game.current_player(self.game_state)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not getattr(self, "agent_selection", None):
            self.agent_selection = self.possible_agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        values = self.encoder.encode(self.game, self.game.observe(self.game_state, seat))
        live = (agent == self.agent_selection and not self.terminations.get(agent, True)
                and not self.truncations.get(agent, True))
        mask = action_mask(self._index, self.legal_codes()) if live else [0] * len(self.codes)
        return {"observation": np.asarray(values, dtype=np.float32), "action_mask": np.asarray(mask, dtype=np.int8)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or isinstance(action, bool) or not 0 <= int(action) < len(self.codes) or int(action) != action:
            raise ValueError(f"action must be an index from 0 to {len(self.codes) - 1} (got {action!r})")
        chosen = self.game.action_from_code(self.codes[int(action)])
        # IllegalActionError, with the rule's reason, when the mask forbids it; nothing changes.
        self.game_state, self._events = self.game.step(self.game_state, chosen)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_terminal(self.game_state):
            self.rewards = self._final_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def _final_rewards(self) -> dict[str, float]:
        outcome = self.game.outcome(self.game_state)
        assert outcome is not None
        if self.reward_kind == "score":
            return {agent: float(outcome.scores[i]) for i, agent in enumerate(self.possible_agents)}
        winners = set(outcome.winners)
        if not winners:
            return dict.fromkeys(self.possible_agents, 0.0)
        return {agent: 1.0 if i in winners else -1.0 for i, agent in enumerate(self.possible_agents)}

    # --- helpers for people and agents -------------------------------------------------------
    def legal_codes(self) -> list[str]:
        """The codes of the legal actions now (empty once the game is over)."""
        if self.game.is_terminal(self.game_state):
            return []
        return [a.code for a in self.game.legal_actions(self.game_state)]

    def action_code(self, index: int) -> str:
        """The action code at an index of the action space."""
        return self.codes[index]

    def index_of(self, code: str) -> int:
        """The index of an action code in the action space (ValueError: not in the space)."""
        if code not in self._index:
            raise ValueError(f"{code!r} is not in the action space of {self.game.name}")
        return self._index[code]

    def seat_observation(self, agent: str) -> dict[str, Any]:
        """The agent's observation as the game gives it (the dict a tablekit bot reads)."""
        return self.game.observe(self.game_state, self._seat(agent))

    def layout(self) -> str:
        """The encoding's layout as a Markdown table (offset, size, segment, meaning)."""
        return layout_table(self.encoder, self.game)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.game.current_player(self.game_state)
        said = " ".join(e.text("en") for e in self._events)
        who = "over" if seat is None else f"player_{seat} to act"
        return f"{self.game.name} step {self.steps}: {who}. {said}".rstrip()

    def close(self) -> None:
        pass


def raw_env(game: str | Game[Any] = "up_and_down", preset: str | None = None, players: int | None = None,
            **kwargs: Any) -> TablekitEnv:
    """The environment without PettingZoo's wrappers."""
    return TablekitEnv(game, preset=preset, players=players, **kwargs)


def env(game: str | Game[Any] = "up_and_down", preset: str | None = None, players: int | None = None,
        **kwargs: Any) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (errors for calls made before
    ``reset``); ``.unwrapped`` is the :class:`TablekitEnv`."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, preset, players, **kwargs))


def bot_policy(bot: Any, seed: int = 0) -> Any:
    """An agent function ``policy(env, agent) -> index`` that asks a tablekit bot (a name such as
    ``"heuristic"`` or a Bot) for its move through ``tablekit.bots.decide``: from the agent's own
    observation (a searching bot reads the position only through ``determinize``)."""
    from tablekit.bots import Bot, decide, make_bot

    rng = random.Random(seed)
    made: dict[str, Bot] = {}

    def policy(environment: Any, agent: str) -> int:
        raw: TablekitEnv = environment.unwrapped
        chosen = made.get(raw.game.name)
        if chosen is None:
            chosen = made[raw.game.name] = make_bot(bot, raw.game) if isinstance(bot, str) else bot
        if raw.agent_selection != agent:
            raise ValueError(f"it is {raw.agent_selection}'s turn, not {agent}'s")
        return raw.index_of(decide(chosen, raw.game, raw.game_state, rng).code)

    return policy


__all__ = ["REWARDS", "TablekitEnv", "bot_policy", "env", "raw_env"]
