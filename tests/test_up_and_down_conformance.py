"""Up&Down options pass the shared conformance checker, random play reaches every phase and
emits the common codes, and the checker itself catches broken games. (Every preset at the low,
middle and high player counts, perft and the playthroughs: tests/test_every_game.py.)"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import pytest

from tablekit import Game, make
from tablekit.bots import make_bot
from tablekit.games.up_and_down.rules import EVENT_CODES, END_CODES
from tablekit.testing import ConformanceError, check_game


@pytest.mark.parametrize("players", [2, 4, 7])
def test_cul_de_sac_reaches_the_score_challenge(players: int) -> None:
    # With most cards removed the stock is short, so random play reaches phase 2 too.
    game = make("up_and_down", preset="cul_de_sac", players=players, removed_cards=108 - 5 * players - 6)
    report = check_game(game, seeds=range(6))
    assert "up_and_down.event.challenge_begins" in report.codes_seen
    assert "up_and_down.end.challenge_done" in report.codes_seen


def test_cul_de_sac_with_the_heuristic_bot() -> None:
    game = make("up_and_down", preset="cul_de_sac", players=4)
    report = check_game(game, seeds=range(8), bot=make_bot("heuristic", game))
    assert "up_and_down.end.challenge_done" in report.codes_seen


OPTION_CASES = [
    ("basic", {"special_on_empty_field": "forbidden"}),
    ("basic", {"two_player_turn_is_skip": True}),
    ("basic", {"shot_may_name_self": True}),
    ("basic", {"single_game": True}),
    ("basic", {"target_wins": 1}),
    ("carry_over", {"inflation": True}),
    ("carry_over", {"inflation": True, "inflation_ante": 3}),
    ("carry_over", {"payee": "last_number"}),
    ("carry_over", {"allow_debt": True}),
    ("carry_over", {"pot_claim_allows_special": False}),
    ("carry_over", {"starting_chips": 3, "ante": 2}),
    ("carry_over", {"single_game": True}),
    ("carry_over", {"max_games": 3}),
    ("carry_over", {"buy_in": 5, "max_buys": 2}),
    ("cul_de_sac", {"removed_cards": 40, "special_tiebreak_value": 50}),
    ("cul_de_sac", {"shot_may_name_self": True, "removed_cards": 70}),
]


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize(("preset", "options"), OPTION_CASES, ids=[f"{p}-{o}" for p, o in OPTION_CASES])
def test_each_option_alone(preset: str, options: dict[str, object], players: int) -> None:
    game = make("up_and_down", preset=preset, players=players, **options)
    assert check_game(game, seeds=range(2)).games == 2


def test_random_play_emits_the_common_codes() -> None:
    seen: set[str] = set()
    for preset in ("basic", "carry_over"):
        seen |= check_game(make("up_and_down", preset=preset, players=4), seeds=range(4)).codes_seen or set()
    # Cul-de-sac events and the rare ones (a stock drawn to the end, a player sitting out)
    # are covered by the scenario tests.
    common = EVENT_CODES - {
        f"up_and_down.event.{k}" for k in (
            "challenge_begins", "finished", "mission_failed", "score", "sits_out", "cannot_pay",
            "stock_empty", "bought",
        )
    }
    assert common <= seen
    assert "up_and_down.end.target_wins" in seen and "up_and_down.end.cannot_ante" in seen
    assert END_CODES >= {c for c in seen if ".end." in c}


def altered(game: Game[Any], **methods: Callable[..., Any]) -> Game[Any]:
    """``game`` with some methods replaced by ``methods`` (each called with the game first); every
    other attribute is the game's own. (Not a subclass: the compiled engine's game classes take
    no subclasses written in Python.)"""

    class Altered(Game[Any]):
        def __getattribute__(self, name: str) -> Any:
            if name in methods:
                return partial(methods[name], game)
            return getattr(game, name)

    return Altered(game.config, game.preset)


def test_checker_catches_a_broken_game() -> None:
    """The checker is not vacuous: a game whose legal set disagrees with explain fails."""
    game = make("up_and_down", players=3)
    broken = altered(game, legal_actions=lambda g, state: g.legal_actions(state)[:-1] or g.legal_actions(state))
    with pytest.raises(ConformanceError, match="disagree"):
        check_game(broken, seeds=range(3))


def test_checker_catches_a_leaking_observation() -> None:
    game = make("up_and_down", players=3)

    def leaky_observe(g: Game[Any], state: Any, player: int | None) -> dict[str, Any]:
        obs = g.observe(state, player)
        obs["next_stock_card"] = state.deck[state.drawn] if state.drawn < len(state.deck) else None
        return obs

    leaky = altered(game, observe=leaky_observe)
    with pytest.raises(ConformanceError, match="hidden information"):
        check_game(leaky, seeds=range(1))
