"""The search bot of ``tablekit.bots.search`` (the tree search and the root-paired search): it
plays every registered game through the protocol alone, never learns a hidden card except
through ``determinize`` (two states that differ only in what its seat cannot see give the same
search), keeps its budget, finds a move that wins on the spot, keeps the heuristic's move unless
the samples show a better one, and plays for a person's opponents in a Session and the play
dashboard."""

from __future__ import annotations

import dataclasses
import random

import pytest

from helpers_positions import midgame

from tablekit import make
from tablekit.bots import decide, make_bot
from tablekit.bots.search import SearchBot, paired_search, rewards, search
from tablekit.core.errors import ConfigError
from tablekit.core.registry import list_games, spec
from tablekit.session import Session


@pytest.mark.parametrize("name", list_games())
def test_the_search_sees_only_what_its_seat_may_know(name: str) -> None:
    game, state, seat = midgame(name)
    # The same position with everything the seat cannot see dealt anew.
    other = game.determinize(state, seat, random.Random(99))
    assert game.observe(other, seat) == game.observe(state, seat)
    assert other != state, "the position hides something from the seat"
    first = search(game, state, seat, playouts=12, rng=random.Random(5))
    second = search(game, other, seat, playouts=12, rng=random.Random(5))
    assert first.action.code == second.action.code and first.visits == second.visits
    assert first.action in game.legal_actions(state)
    assert first.playouts == 12 and sum(first.visits.values()) == 12


def test_the_budget_is_kept() -> None:
    game, state, seat = midgame("narabe_runo")
    assert search(game, state, seat, playouts=7, rng=random.Random(1)).playouts == 7
    # A time budget that is already spent still runs one iteration (there is always an answer).
    assert search(game, state, seat, playouts=50, seconds=0.0, rng=random.Random(1)).playouts == 1
    with pytest.raises(ValueError, match="playouts must be at least 1"):
        search(game, state, seat, playouts=0)
    with pytest.raises(ValueError, match="not seat"):
        search(game, state, (seat + 1) % game.num_players)


def test_it_takes_the_capture_that_almost_surely_wins() -> None:
    """並べRUNO with two scoring cards: the first capture ends the game. Player 1 has captured a
    card before and can capture now with the red 3; a discard would leave the capture to the
    other player. Player 1 does not know its own captured cards (nobody does until the end), so
    the capture is not a sure win in every world the search deals, but it wins in nearly all."""
    game = make("narabe_runo", players=2, layout=[(-2, 0), (2, 0)])
    state = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]], captured=[["R9"], []],
                               deck=["Y1", "B6", "G5", "R3", "B1", "B7", "Y8", "G6", "G9"])
    found = search(game, state, 0, playouts=60, rng=random.Random(2))
    assert found.action.code == "play:R3:1,0>2,0", found
    assert found.values[found.action.code] == max(found.values.values()) > 0.9


def test_rewards_share_a_tied_win() -> None:
    game = make("narabe_runo", players=2, layout=[(-2, 0), (2, 0)])
    state = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]], captured=[[], ["Y6"]],
                               deck=["Y1", "B6", "G6", "R3", "B1", "B7", "Y8", "G5", "G9"])
    end, _ = game.step(state, game.action_from_code("play:R3:1,0>2,0"))
    # Player 1 captures the green 6; Player 2 holds the yellow 6: 6 points each.
    outcome = game.outcome(end)
    assert outcome is not None and outcome.scores == (6.0, 6.0)
    assert rewards(game, end) == [0.5, 0.5]


@pytest.mark.parametrize("name", list_games())
def test_the_search_bot_sees_only_what_its_seat_may_know(name: str) -> None:
    """The bot as the menus make it (the root-paired search with the heuristic's roll-outs)."""
    game, state, seat = midgame(name)
    other = game.determinize(state, seat, random.Random(99))
    assert other != state and game.observe(other, seat) == game.observe(state, seat)
    bot = SearchBot(playouts=24, seconds=None)
    first = bot.search(game, state, seat, random.Random(5))
    second = bot.search(game, other, seat, random.Random(5))
    assert (first.action.code, first.values) == (second.action.code, second.values)
    assert first.action in game.legal_actions(state)


def test_the_paired_search_compares_actions_on_the_same_worlds() -> None:
    game = make("narabe_runo", players=2, layout=[(-2, 0), (2, 0)])
    state = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]], captured=[["R9"], []],
                               deck=["Y1", "B6", "G5", "R3", "B1", "B7", "Y8", "G6", "G9"])
    legal = game.legal_actions(state)
    found = paired_search(game, state, 0, playouts=10 * len(legal), rng=random.Random(2))
    assert found.action.code == "play:R3:1,0>2,0", found
    assert found.playouts == 10 * len(legal) and set(found.visits.values()) == {10}
    # A baseline is kept unless another action beats it by more than z standard errors: with a
    # z no sample can reach, the baseline stands; with z = 0 the best mean wins.
    discard = game.action_from_code("discard:B7")
    kept = paired_search(game, state, 0, playouts=10 * len(legal), rng=random.Random(2), baseline=discard, z=1e9)
    assert kept.action == discard
    beaten = paired_search(game, state, 0, playouts=10 * len(legal), rng=random.Random(2), baseline=discard, z=0.0)
    assert beaten.action.code == "play:R3:1,0>2,0"


def test_the_paired_search_keeps_its_time_budget() -> None:
    game, state, seat = midgame("page_one")
    found = paired_search(game, state, seat, playouts=10_000, seconds=1e-9, rng=random.Random(1))
    # Out of time before one whole world: the first legal action (no baseline given), nothing sampled.
    assert found.playouts == 0 and found.action == game.legal_actions(state)[0]


def test_a_bad_budget_names_the_field() -> None:
    with pytest.raises(ValueError, match="playouts"):
        SearchBot(playouts=0)
    with pytest.raises(ValueError, match="seconds"):
        SearchBot(seconds=-1)
    with pytest.raises(ValueError, match="rollout must be one of heuristic, random"):
        SearchBot(rollout="oracle")
    with pytest.raises(ValueError, match="algorithm must be one of paired, mcts"):
        SearchBot(algorithm="alphabeta")
    with pytest.raises(ValueError, match="horizon"):
        SearchBot(horizon=0)


def test_the_search_bot_asks_for_the_position() -> None:
    game = make("page_one", players=2)
    state = game.initial_state(1)
    bot = make_bot("search", game)
    assert isinstance(bot, SearchBot) and bot.seconds is not None  # the play page's cap
    with pytest.raises(TypeError, match="decide"):
        bot.choose(game.observe(state, 0), game.legal_actions(state), random.Random(0))
    quick = SearchBot(playouts=20, seconds=None)
    assert decide(quick, game, state, random.Random(0)) in game.legal_actions(state)


def test_a_copy_of_the_bot_makes_its_own_policies() -> None:
    import pickle

    game = make("up_and_down", players=2)
    bot = SearchBot(playouts=8, seconds=None)
    state = game.initial_state(2)
    move = decide(bot, game, state, random.Random(3))
    assert bot._policies  # made on first use
    copy = pickle.loads(pickle.dumps(bot))
    assert copy._policies == {} and repr(copy) == repr(bot)
    assert decide(copy, game, state, random.Random(3)) == move


def test_the_search_bot_plays_a_persons_opponents() -> None:
    session = Session(make("page_one", players=2), seed=5, seat=0, bots="search", bot_seed=1)
    assert isinstance(session.bots[1], SearchBot)
    before = session.step_index
    session.run_bots()  # the search bot's moves, if it opens
    if session.human_to_play is not None:
        session.play(session.legal_actions()[0])
        session.run_bots(limit=1)
    assert session.step_index >= before + 2 or session.is_over
    assert session.current_player == 0 or session.is_over
    assert session.record().meta["seats"] == ["human", "search"]


def test_the_play_dashboard_offers_the_search_bot() -> None:
    from tablekit.widgets.dashboards import PlayDashboard

    page = PlayDashboard(bot_delay=0)
    assert [value for _, value in page.bots.options][-1] == "search"
    page.bots.value = "search"
    page.deal_button.click()
    assert page.problem.value == ""
    assert all(isinstance(bot, SearchBot) for bot in page.table.session.bots[1:])


def test_roll_outs_in_a_match_stop_at_the_horizon() -> None:
    from tablekit.bots.search import MATCH_HORIZON

    bot = SearchBot(playouts=8, seconds=None)
    assert bot.horizon_for(make("ultimate")) == MATCH_HORIZON  # a match to 150
    assert bot.horizon_for(make("ultimate", single_deal=True)) is None
    assert bot.horizon_for(make("page_one")) is None
    assert SearchBot(horizon=30).horizon_for(make("page_one")) == 30
    assert SearchBot(horizon=None).horizon_for(make("ultimate")) is None
    # A game whose roll-outs are long says so in its spec; a horizon needs a standing.
    assert bot.horizon_for(make("up_or_down")) == spec("up_or_down").search_horizon == 30
    with pytest.raises(ConfigError, match="search_horizon"):
        dataclasses.replace(spec("up_or_down"), standing=None)
    # A cut roll-out is scored by the standing: the leaders share the win.
    game = make("ultimate")
    state = game.initial_state(2)
    found = paired_search(game, state, game.current_player(state), playouts=20, rng=random.Random(0), horizon=5)
    assert found.playouts >= 2 and all(0.0 <= v <= 1.0 for v in found.values.values())
