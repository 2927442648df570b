"""並べRUNO bots: the heuristic bot plays only legal actions in whole games of every preset,
gives a catalogued hint for each, is deterministic, clearly beats random play on fixed seeds, a
table of heuristic bots ends its games by captures rather than by the stall rule, and the bot
chooses sensibly in hand-made positions (capture now, keep the wild, leave no gratuitous
one-step capture, accept one when waiting would bring the stall closer, set up a capture with a
Skip, name the colour it holds most of, discard the least useful card)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablekit import make
from tablekit.bots import advise, make_bot
from tablekit.games.narabe_runo import codes as K
from tablekit.games.narabe_runo.actions import Discard
from tablekit.games.narabe_runo.bots import HeuristicBot
from tablekit.i18n import catalog
from tablekit.sim import play_game

# A two-player deal with seat 0 first: the start card, the scoring cards in the layout's order,
# then the hands one card at a time (seat 0, seat 1, seat 0, ...).
SMALL_SCORING = ["G2", "G3", "G4", "G5"]  # on (-3, 0), (3, 0), (0, -3), (0, 3)
SIX_SCORING = ["G2", "G3", "G4", "G5", "G6", "G7"]  # on (-4, 0), (4, 0), (-2, -3), (2, -3), (-2, 3), (2, 3)
OTHER_HAND = ["Y7", "Y8", "Y9"]


def _deal(scoring: list[str], mine: list[str], start: str = "G1") -> list[str]:
    hands = [card for pair in zip(mine, OTHER_HAND) for card in pair]
    return [start, *scoring, *hands]


def _position(layout: str, mine: list[str], roads: list[list[list[Any]]]) -> tuple[Any, Any]:
    game = make("narabe_runo", players=2, layout=layout)
    scoring = SMALL_SCORING if layout == "small" else SIX_SCORING
    return game, game.initial_state(0, first=0, deck=_deal(scoring, mine), roads=roads)


def _advice(game: Any, state: Any, seed: int = 0) -> Any:
    return HeuristicBot().advise(game.observe(state, state.current), game.legal_actions(state), random.Random(seed))


def _codes(game: Any, state: Any) -> set[str]:
    return {a.code for a in game.legal_actions(state)}


def _check_hint(advice: Any) -> None:
    assert advice.reason in K.HINT_CODES
    for lang in ("en", "ja"):
        assert catalog(lang).get(advice.reason)
        text = advice.text(lang)
        assert text and "{" not in text and "@" not in text and text != advice.reason


# --- whole games -------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["basic", "official", "small_board", "large_board"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_choice_is_legal_with_a_catalogued_hint(preset: str, players: int) -> None:
    """Heuristic bots in every seat but one random one (so games last), one seeded game each."""
    game = make("narabe_runo", preset=preset, players=players)
    bot = make_bot("heuristic", game)
    other = make_bot("random", game)
    rng = random.Random(players)
    state = game.initial_state(11 + players)
    reasons = set()
    for _ in range(5_000):
        if game.is_terminal(state):
            break
        seat = state.current
        legal = game.legal_actions(state)
        obs = game.observe(state, seat)
        if seat == players - 1:
            action = other.choose(obs, legal, rng)
        else:
            advice = advise(bot, obs, legal, rng)
            _check_hint(advice)
            reasons.add(advice.reason)
            action = advice.action
        assert action in legal, f"{action} (legal: {sorted(a.code for a in legal)})"
        state, _ = game.step(state, action)
    assert game.is_terminal(state) and game.outcome(state) is not None
    assert reasons


def test_hints_seen_over_many_turns_are_varied() -> None:
    """Over a few seeded games against random play the bot gives captures, approaches and
    discards their own words."""
    game = make("narabe_runo", players=3)
    bot, other = HeuristicBot(), make_bot("random", game)
    seen = set()
    for seed in range(6):
        state = game.initial_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            obs = game.observe(state, state.current)
            if state.current == 0:
                advice = bot.advise(obs, legal, rng)
                seen.add(advice.reason.rsplit(".", 1)[1])
                action = advice.action
            else:
                action = other.choose(obs, legal, rng)
            state, _ = game.step(state, action)
    assert {"capture", "approach", "discard_stuck"} <= seen, seen


def test_deterministic_given_the_rng() -> None:
    game = make("narabe_runo", players=3)
    records = [play_game(game, ["heuristic", "random", "heuristic"], seed=5).record.actions for _ in range(2)]
    assert records[0] == records[1]
    state = game.initial_state(8)
    obs, legal = game.observe(state, state.current), game.legal_actions(state)
    first = HeuristicBot().advise(obs, legal, random.Random(3))
    assert all(HeuristicBot().advise(obs, legal, random.Random(3)) == first for _ in range(3))


def test_the_heuristic_beats_random_play() -> None:
    """40 seeded two-player games, the heuristic bot alternating seats. Shared wins (a stalled
    game with no captures ends 0-0) count as half. Fair share 50%; on these seeds the bot wins
    about 74% with a margin of about +7 points."""
    game = make("narabe_runo", players=2)
    wins = margin = 0.0
    n = 40
    for i in range(n):
        seat = i % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic"
        outcome = play_game(game, bots, seed=2000 + i).outcome
        wins += 1 / len(outcome.winners) if seat in outcome.winners else 0.0
        margin += outcome.scores[seat] - outcome.scores[1 - seat]
    assert wins / n >= 0.62, wins / n
    assert margin / n >= 3.0, margin / n


def test_a_table_of_heuristic_bots_captures_instead_of_stalling() -> None:
    """Three heuristic bots on the default six-card layout, 12 seeded games: most games end
    because only one scoring card is left (five captures), not by the stall rule. (A bot that
    never brings a road next to a scoring card for fear of the next player stalls nearly every
    game with nothing captured.)"""
    game = make("narabe_runo", players=3)
    ends = [play_game(game, "heuristic", seed=seed).outcome.termination for seed in range(12)]
    assert sum(end == K.END_LAST for end in ends) >= 9, ends


# --- hand-made positions -----------------------------------------------------------------------
def test_takes_an_immediate_capture() -> None:
    """The road's tip, a red 9 on (2, 0), touches the scoring card on (3, 0); a green 9 or the
    red 2 steps on it, and both could also go sideways."""
    game, state = _position("small", ["R2", "B7", "G9"], [[[1, 0, "R5"], [2, 0, "R9"]]])
    assert {"play:R2:2,0>2,-1", "play:R2:2,0>3,0", "play:G9:2,0>3,0"} <= _codes(game, state)
    advice = _advice(game, state)
    assert advice.action.cell == (3, 0) and advice.reason == "narabe_runo.hint.capture"
    assert advice.params == {"card": f"@cards.uno.{advice.action.card}", "cell": "3,0"}
    assert "(3,0)" in advice.text("en") and "(3,0)" in advice.text("ja")


def test_captures_with_a_coloured_card_and_keeps_the_wild() -> None:
    game, state = _position("small", ["R2", "B7", "W"], [[[1, 0, "R5"], [2, 0, "R9"]]])
    assert {"play:W:2,0>3,0", "play:R2:2,0>3,0"} <= _codes(game, state)
    assert _advice(game, state).action.code == "play:R2:2,0>3,0"


def test_a_wild_captures_when_nothing_else_does() -> None:
    game, state = _position("small", ["B1", "B7", "W"], [[[1, 0, "R5"], [2, 0, "R9"]]])
    advice = _advice(game, state)
    assert advice.action.code == "play:W:2,0>3,0" and advice.reason == "narabe_runo.hint.capture_wild"


def test_keeps_the_wild_when_a_coloured_card_does_the_same_job() -> None:
    """Default board: the red 5 on (1, 0) is three steps from the scoring card on (4, 0); the red
    3 and the wild can both go on (2, 0), two steps from it."""
    game, state = _position("six", ["R3", "W", "B7"], [[[1, 0, "R5"]]])
    assert {"play:R3:1,0>2,0", "play:W:1,0>2,0:B"} <= _codes(game, state)
    advice = _advice(game, state)
    assert advice.action.code == "play:R3:1,0>2,0" and advice.reason == "narabe_runo.hint.approach"
    assert advice.params["distance"] == 2 and advice.params["target"] == "4,0"


def test_a_wild_names_the_colour_held_most() -> None:
    """Two wilds and a blue card: one wild may go (the other is kept), asking for blue."""
    game, state = _position("six", ["W", "W", "B7"], [[[1, 0, "R5"]]])
    advice = _advice(game, state)
    assert advice.action.code == "play:W:1,0>2,0:B" and advice.reason == "narabe_runo.hint.wild"
    assert advice.params["colour"] == "@cards.uno.colour.B" and "blue" in advice.text("en")


def test_leaves_no_easy_capture_for_the_next_player() -> None:
    """Small board: the red 5 on (1, 0). The red 3 on (2, 0) would be the closest play but leaves
    the scoring card on (3, 0) one step away for the other player, who holds three cards."""
    game, state = _position("small", ["R3", "B7", "G9"], [[[1, 0, "R5"]]])
    assert "play:R3:1,0>2,0" in _codes(game, state)
    advice = _advice(game, state)
    assert advice.action.code != "play:R3:1,0>2,0"
    assert advice.reason in ("narabe_runo.hint.safe", "narabe_runo.hint.discard_safe")
    assert advice.params["player"] == 1
    # The same play is fine when it captures nothing for anybody: no scoring card near (3, 0).
    far = make("narabe_runo", players=2, layout=[(6, 0), (-6, 0), (0, -6), (0, 6)])
    state = far.initial_state(0, first=0, deck=_deal(SMALL_SCORING, ["R3", "B7", "G9"]), roads=[[[1, 0, "R5"]]])
    assert _advice(far, state).action.code == "play:R3:1,0>2,0"


def _three_players(hands: list[list[str]], first: int, moves: list[str], draw: list[str]) -> tuple[Any, Any]:
    """Small board, three players. The red 5 on (1, 0) is the anchor; two other roads block
    (1, -1) and (1, 1), so its only free side is (2, 0), one step from the scoring card on
    (3, 0). ``hands``: seats 0, 1, 2; ``draw``: the top of the draw pile."""
    game = make("narabe_runo", players=3, layout="small")
    order = [(first + i) % 3 for i in range(3)]
    deal = [hands[seat][i] for i in range(3) for seat in order]
    roads = [[[0, -1, "G6"], [1, -1, "G8"]], [[0, 1, "B6"], [1, 1, "B8"]], [[1, 0, "R5"]]]
    state = game.initial_state(0, first=first, deck=["Y5", *SMALL_SCORING, *deal, *draw], roads=roads, moves=moves)
    return game, state


def test_leaves_a_capture_open_only_when_waiting_costs_more() -> None:
    """Three players; the red 3 fits only on (2, 0), next to the scoring card on (3, 0), and
    neither other seat holds a red card, a 3 or a wild. Right after a card was laid the bot
    discards rather than hand seat 1 a likely capture; after five turns without a card laid,
    waiting costs more (a stalled game scores nothing more for anybody) and it lays the red 3, saying why."""
    hands = [["R3", "B7", "G9"], ["Y7", "Y8", "Y9"], ["B1", "B2", "B4"]]
    game, state = _three_players(hands, 0, [], [])
    assert state.current == 0 and state.idle == 0
    assert {a.code for a in game.legal_plays(state)} == {"play:R3:1,0>2,0"}
    early = _advice(game, state)
    assert isinstance(early.action, Discard) and early.reason == "narabe_runo.hint.discard_safe"
    assert early.params["player"] == 1
    moves = ["discard:Y7", "discard:B1", "discard:G9", "discard:Y8", "discard:B2"]
    game, state = _three_players(hands, 1, moves, ["Y1", "Y2", "G1", "Y4", "G2"])
    assert state.current == 0 and state.idle == 5 and sorted(state.hands[0]) == ["B7", "G1", "R3"]
    late = _advice(game, state)
    assert late.action.code == "play:R3:1,0>2,0" and late.reason == "narabe_runo.hint.press"
    assert late.params["player"] == 1 and late.params["danger"] == "3,0" and 30 <= late.params["chance"] <= 100
    _check_hint(late)
    # Holding the blue 3, which fits the red 3 on (2, 0), it says it may capture there itself.
    game, state = _three_players(hands, 1, moves, ["Y1", "Y2", "B3", "Y4", "G2"])
    assert sorted(state.hands[0]) == ["B3", "B7", "R3"]
    own = _advice(game, state)
    assert own.action.code == "play:R3:1,0>2,0" and own.reason == "narabe_runo.hint.race"
    _check_hint(own)


def test_a_skip_sets_up_its_own_capture_with_two_players() -> None:
    """With two players a Skip gives its player the next turn: the red Skip on (2, 0), next to the
    scoring card, and the red 3 kept to step on it."""
    game, state = _position("small", ["RS", "R3", "B7"], [[[1, 0, "R5"]]])
    advice = _advice(game, state)
    assert advice.action.code == "play:RS:1,0>2,0" and advice.reason == "narabe_runo.hint.set_up"
    state, _ = game.step(state, advice.action)
    assert state.current == 0
    follow = _advice(game, state)
    assert follow.action.cell == (3, 0) and follow.reason == "narabe_runo.hint.capture"


def test_discards_the_least_useful_card_when_nothing_fits() -> None:
    """Nothing matches the red 5: a pair of blues is worth more than the lone yellow."""
    game, state = _position("six", ["B1", "B8", "Y3"], [[[1, 0, "R5"]]])
    assert _codes(game, state) == {"discard:B1", "discard:B8", "discard:Y3"}
    advice = _advice(game, state)
    assert advice.action.code == "discard:Y3" and advice.reason == "narabe_runo.hint.discard_stuck"
    # A Draw Two outweighs a lone number card too.
    game, state = _position("six", ["GD", "B1", "B8"], [[[1, 0, "R5"]]])
    assert _advice(game, state).action.code in ("discard:B1", "discard:B8")


def test_a_wild_draw_four_is_played_when_it_is_the_only_card_that_fits() -> None:
    """Strict rule: the Wild Draw Four is legal because nothing else fits; it moves the road and
    refills four cards, better than throwing a card away."""
    game, state = _position("six", ["W4", "B1", "B8"], [[[1, 0, "R5"]]])
    advice = _advice(game, state)
    assert advice.action.card == "W4" and advice.action.colour == "B"
