"""Every registered game and preset as a PettingZoo AEC environment (``tablekit.interop.pettingzoo``),
checked with PettingZoo's own ``api_test`` and ``seed_test``, plus what those do not check: the
mask is exactly the legal actions, an illegal index is refused with the rule's reason and
changes nothing, the rewards follow the outcome, and the same seed replays the same game."""

from __future__ import annotations

import copy
import random
import warnings

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tablekit.core.errors import ConfigError, IllegalActionError  # noqa: E402
from tablekit.core.registry import list_games, spec  # noqa: E402
from tablekit.interop.pettingzoo import bot_policy, env, raw_env  # noqa: E402

CASES = [(name, preset) for name in list_games() if spec(name).encoder is not None for preset in spec(name).presets]

# What api_test says of every Dict observation (PettingZoo's classic games draw the same words).
EXPECTED_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
)


@pytest.mark.parametrize(("name", "preset"), CASES, ids=[f"{g}-{p}" for g, p in CASES])
def test_pettingzoo_api_and_seed_tests(name: str, preset: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, preset=preset), num_cycles=200)
        seed_test(lambda: env(name, preset=preset), num_cycles=200)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected, unexpected


def _play(e: object, seed: int, pick: int = 0) -> list[str]:
    """Play one whole game through the environment, always the ``pick``-th legal index."""
    e.reset(seed=seed)  # type: ignore[attr-defined]
    codes = []
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, _reward, terminated, truncated, _info = e.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            e.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(obs["action_mask"])
        index = int(legal[pick % len(legal)])
        codes.append(e.unwrapped.action_code(index))  # type: ignore[attr-defined]
        e.step(index)  # type: ignore[attr-defined]
    return codes


@pytest.mark.parametrize("name", [name for name in list_games() if spec(name).encoder is not None])
def test_mask_is_the_legal_actions_and_illegal_indices_are_refused(name: str) -> None:
    e = raw_env(name)
    e.reset(seed=7)
    rng = random.Random(1)
    for _ in range(60):
        if e.game.is_terminal(e.game_state):
            break
        agent = e.agent_selection
        obs = e.observe(agent)
        legal = {e.action_code(int(i)) for i in np.flatnonzero(obs["action_mask"])}
        assert legal == {a.code for a in e.game.legal_actions(e.game_state)}
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any(), "only the agent to act has legal actions"
        illegal = [i for i in range(len(e.codes)) if not obs["action_mask"][i]]
        before = copy.deepcopy(e.game_state)
        index = rng.choice(illegal)
        with pytest.raises(IllegalActionError) as refused:
            e.step(index)
        assert refused.value.verdict.reason and refused.value.verdict.text("en") in str(refused.value)
        assert e.game_state == before and e.agent_selection == agent
        with pytest.raises(ValueError, match=f"action must be an index from 0 to {len(e.codes) - 1}"):
            e.step(len(e.codes))
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_rewards_follow_the_outcome() -> None:
    e = env("up_and_down", preset="basic", players=3, single_game=True)
    totals: dict[str, float] = {}
    e.reset(seed=4)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    outcome = e.unwrapped.game.outcome(e.unwrapped.game_state)
    assert outcome is not None and outcome.winners
    assert totals == {f"player_{i}": (1.0 if i in outcome.winners else -1.0) for i in range(3)}


def test_same_seed_same_game_and_bot_policy_plays_legally() -> None:
    a, b = env("page_one" if spec("page_one").encoder else "up_and_down"), None
    first = _play(a, 11, pick=1)
    assert first == _play(a, 11, pick=1)
    assert first != _play(a, 12, pick=1)
    b = env("up_and_down", preset="basic", players=2)
    heuristic = bot_policy("heuristic")
    b.reset(seed=2)
    moves = 0
    for agent in b.agent_iter():
        obs, _r, terminated, truncated, _ = b.last()
        if terminated or truncated:
            b.step(None)
            continue
        index = heuristic(b, agent)
        assert obs["action_mask"][index] == 1
        b.step(index)
        moves += 1
    assert moves > 0 and b.unwrapped.game.is_terminal(b.unwrapped.game_state)


def test_bad_options_name_the_field() -> None:
    with pytest.raises(ConfigError, match="option 'reward' must be 'win', 'score' \\(got 'points'\\)"):
        raw_env("up_and_down", reward="points")
    with pytest.raises(ConfigError, match="'max_steps'"):
        raw_env("up_and_down", max_steps=0)
    with pytest.raises(ConfigError, match="'render_mode'"):
        raw_env("up_and_down", render_mode="rgb_array")


def test_truncation_and_render() -> None:
    e = env("up_and_down", preset="basic", players=2, max_steps=3, render_mode="ansi")
    e.reset(seed=1)
    steps = 0
    for agent in e.agent_iter():
        obs, _r, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and steps == 3
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    text = e.render()
    assert text.startswith("up_and_down step 3: player_")
