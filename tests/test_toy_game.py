"""A third game registered only in a test: it passes the conformance checker, test_every_game
covers it, and the play table draws its trick and plays its cards, all without a line of it in
a shared module."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
import test_every_game
import toy_game

from tablekit import IllegalActionError, Record, make
from tablekit.core.errors import ConfigError
from tablekit.core.registry import GameSpec, list_games
from tablekit.i18n import has, tr
from tablekit.testing import ConformanceError, check_game


def test_registered_only_while_the_fixture_lasts(toy: GameSpec) -> None:
    assert "toy" in list_games() and make("toy").name == "toy"
    assert tr("toy.title", "ja") == "トイ・トリック"


def test_nothing_is_left_behind() -> None:
    with toy_game.registered():
        assert "toy" in list_games()
    assert "toy" not in list_games() and not has("toy.title", "en") and not has("toy.title", "ja")
    with pytest.raises(ConfigError):
        make("toy")


def test_registering_texts_never_overwrites_the_real_catalog() -> None:
    from tablekit.i18n import register_texts

    with pytest.raises(ValueError, match="up_and_down.title"):
        register_texts("en", {"up_and_down.title": "Something else"})
    assert tr("up_and_down.title", "en") != "Something else"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_passes_check_game(toy: GameSpec, players: int) -> None:
    report = check_game(make("toy", players=players), seeds=range(10))
    assert report.games == 10 and report.steps == 10 * 3 * players
    assert {"toy.event.trick_won", "toy.end.tricks_done"} <= (report.codes_seen or set())


def test_is_covered_by_test_every_game() -> None:
    assert "toy" in test_every_game.GAMES
    assert ("toy", "standard", 2) in test_every_game.CASES and ("toy", "standard", 4) in test_every_game.CASES
    assert ("toy", "random") in test_every_game.BOTS


def test_highest_card_wins_the_trick_and_leads(toy: GameSpec) -> None:
    game = make("toy", players=3)
    # Hands: seat 0 gets 2S 9S AS, seat 1 3S KS 4S, seat 2 5S 6S 7S; the rest is the stock.
    deck = ["2S", "9S", "AS", "3S", "KS", "4S", "5S", "6S", "7S", "8S", "TS", "JS", "QS"]
    state = game.initial_state(0, deck=deck)
    for code in ("9S", "KS", "5S"):
        state, events = game.step(state, code)
    assert events[-1].code == "toy.event.trick_won" and events[-1].params == {"player": 1, "card": "KS"}
    assert game.current_player(state) == 1 and state.tricks == (0, 1, 0)
    with pytest.raises(IllegalActionError) as info:
        game.step(state, "AS")  # seat 0's card, not seat 1's
    assert info.value.verdict.reason == "toy.illegal.not_in_hand"
    state, _ = game.step(state, "3S")
    state, _ = game.step(state, "6S")
    state, events = game.step(state, "AS")
    assert events[-1].params == {"player": 0, "card": "AS"} and game.current_player(state) == 0
    for code in ("2S", "4S", "7S"):
        state, _ = game.step(state, code)
    outcome = game.outcome(state)
    assert game.is_terminal(state) and outcome is not None
    assert outcome.winners == (0, 1, 2) and outcome.scores == (1.0, 1.0, 1.0)
    assert game.observe(state, 0)["pile"] == ["9S", "KS", "5S", "3S", "6S", "AS", "2S", "4S", "7S"]
    assert Record.start(game, 0, {"deck": deck}).with_actions(("9S", "KS", "5S")).replay().tricks == (0, 1, 0)


def test_checker_catches_a_toy_that_leaks_the_stock(toy: GameSpec) -> None:
    game = make("toy", players=2)

    class Leaky(toy_game.Toy):
        def observe(self, state: toy_game.ToyState, player: int | None) -> dict[str, Any]:
            return {**super().observe(state, player), "stock_cards": list(state.stock)}

    with pytest.raises(ConformanceError, match="hidden information"):
        check_game(Leaky(game.config, "standard"), seeds=range(1))


class _Tally(tuple):  # type: ignore[type-arg]
    """Trick counts that come back from pickle with one seat more."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self) + (0,),))


class ChangedByPickle(toy_game.Toy):
    """A toy whose first state does not survive pickle (the game itself does)."""

    def initial_state(self, seed: int, **setup: Any) -> toy_game.ToyState:
        state = super().initial_state(seed, **setup)
        return dataclasses.replace(state, tricks=_Tally(state.tricks))


class MutatesOnRefusal(toy_game.Toy):
    """A toy that scribbles on the (here mutable) pile before it refuses a move."""

    def initial_state(self, seed: int, **setup: Any) -> toy_game.ToyState:
        state = super().initial_state(seed, **setup)
        return dataclasses.replace(state, pile=list(state.pile))  # type: ignore[arg-type]

    def step(self, state: toy_game.ToyState, action: Any) -> Any:
        if not self.is_legal(state, action):
            state.pile.append("?")  # type: ignore[attr-defined]
        return super().step(state, action)


def test_checker_catches_a_refusal_that_changes_the_state(toy: GameSpec) -> None:
    game = MutatesOnRefusal(make("toy", players=2).config, "standard")
    with pytest.raises(ConformanceError, match="step=0: rejecting .* changed the state"):
        check_game(game, seeds=range(1))


def test_checker_catches_a_game_or_a_state_that_pickle_changes(toy: GameSpec) -> None:
    game = make("toy", players=2)

    class Local(toy_game.Toy):  # (pickle finds no class defined inside a function)
        pass

    with pytest.raises(ConformanceError, match="a Local does not pickle"):
        check_game(Local(game.config, "standard"), seeds=range(1))
    with pytest.raises(ConformanceError, match="step=0: a ToyState comes back from pickle changed"):
        check_game(ChangedByPickle(game.config, "standard"), seeds=range(1))


def test_view_check_catches_a_view_that_shows_a_hidden_card(toy: GameSpec) -> None:
    game = make("toy", players=3)
    state = game.initial_state(4)

    def leaky_view(game: Any, state: Any, viewer: int | None, lang: str = "en", **kw: Any) -> dict[str, Any]:
        view = toy_game.view_model(game, state, viewer, lang, **kw)
        pile = next(z for z in view["zones"] if z["id"] == "pile")
        pile["cards"].append({"face": {"deck": "standard", "code": state.stock[0], "aria": "x"}})
        return view

    test_every_game.check_view("toy", game, state, 0, "en", random.Random(0))  # the real view passes
    spec = test_every_game.SPECS["toy"]
    test_every_game.SPECS["toy"] = dataclasses.replace(spec, view=leaky_view)
    try:
        with pytest.raises(AssertionError, match="cannot see"):
            test_every_game.check_view("toy", game, state, 0, "en", random.Random(0))
    finally:
        test_every_game.SPECS["toy"] = spec


def test_plays_on_the_table(toy: GameSpec) -> None:
    from tablekit.widgets.play_table import PlayTable

    table = PlayTable(game="toy", players=3, seed=1, bots="random", bot_delay=0)  # seat 0 holds AS
    view = table.view
    trick = next(z for z in view["zones"] if z["kind"] == "trick")
    assert trick["plays"] == [] and trick["seats"] == 3 and trick["leader"] == 0
    assert view["my_turn"] and view["title"] == "Toy tricks"
    hand = next(z for z in view["zones"] if z["id"] == "hand-0")
    ace = next(c for c in hand["cards"] if c["face"]["code"] == "AS")
    code = ace["action"]
    assert code == "AS" and ace["svg"].startswith("<svg")
    table.handle({"type": "play", "code": code})
    # The two bots follow; the ace wins, so the person leads the next trick.
    assert table.message == "" and table.match.step_index == 3 and table.view["my_turn"]
    trick = next(z for z in table.view["zones"] if z["kind"] == "trick")
    assert [p["seat"] for p in trick["plays"]] == [0, 1, 2]
    assert trick["plays"][0]["card"]["face"]["code"] == code and trick["winner"] == 0
    assert all(p["card"]["svg"].startswith("<svg") for p in trick["plays"])  # drawn as cards
    assert code not in [c["face"]["code"] for c in next(z for z in table.view["zones"] if z["id"] == "hand-0")["cards"]]
    assert table.log[0] == "Player 1 plays AS." and table.log[-1] == "Player 1 wins the trick with AS."
    table.handle({"type": "play", "code": "XX"})
    assert table.message_kind == "error"


def test_a_table_without_named_bots_uses_the_random_bot_when_the_game_has_no_other(toy: GameSpec) -> None:
    from tablekit.widgets.play_table import PlayTable

    table = PlayTable(game="toy", players=3, seed=1, bot_delay=0)
    assert [bot.name for bot in table.bots] == ["random"] * 3
    assert [bot.name for bot in PlayTable(players=3, seed=1, bot_delay=0).bots] == ["heuristic"] * 3
