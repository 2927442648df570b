"""What the teaching notebooks used to check in ``assert`` cells, checked here instead.

The notebooks read as lessons now: their worked examples print results that nbval compares
(``# NBVAL_CHECK_OUTPUT`` cells), and the checks that only a teacher or a maintainer needs (how a
widget answers requests, what a table sends to the browser, facts about presets) live here,
one section per notebook, on the notebooks' own seeds and positions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablekit
from tablekit import ConfigError, IllegalActionError, Match, Record, RecordError, make
from tablekit.games.page_one import card_code as page_one_code
from tablekit.games.page_one.lessons import deck as page_one_deck
from tablekit.games.page_one.rules import PLAY as PAGE_ONE_PLAY
from tablekit.games.up_and_down.view import card_face as up_and_down_face
from tablekit.games.up_and_down.view import view_model as up_and_down_view
from tablekit.render.svg import card_svg
from tablekit.render.text import render_record, render_state
from tablekit.sim import play_game, simulate, wilson_interval
from tablekit.sim.tournament import check_bot
from tablekit.widgets import PlayTable, RuleWalkthrough
from tablekit.widgets.plots import mission_summary


def first_playable(table: PlayTable) -> str:
    """The code a learner sends by clicking the first card that may be played (or the first
    button when no card may be)."""
    mine = next(z for z in table.view["zones"] if z["kind"] == "hand" and z["viewer"])
    card = next((c for c in mine["cards"] if c["playable"]), None)
    if card is None:
        return table.view["buttons"][0]["code"]
    return card["action"] or card["choices"][0]["code"]


def other_hands(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [z for z in view["zones"] if z["kind"] == "hand" and not z["viewer"]]


# --- 10_up_and_down ---------------------------------------------------------------------------

def test_up_and_down_walkthrough_starts_at_the_first_lesson() -> None:
    walkthrough = RuleWalkthrough()
    assert len(walkthrough.lessons) >= 10, "one lesson per rule"
    assert walkthrough.lesson["step"] == 1 and walkthrough.lesson["total"] > 1
    assert walkthrough.lesson["title"] == walkthrough.lesson["titles"][0]


def test_up_and_down_walkthrough_driven_from_python() -> None:
    """Next moves on until a 'your turn' step, which waits for the right card: a legal but wrong
    card is refused with an explanation, the right one moves on; the narration has Japanese."""
    check = RuleWalkthrough(autoplay_delay=0)
    assert check.next() is True, "the first step can be passed with Next"
    assert check.lesson["step"] == 2 and check.lesson["can_prev"]
    while check.next():
        pass
    assert check.lesson["your_turn"], "the first lesson asks the learner to find a move"
    assert check.next() is False, "Next does not skip a 'your turn' step"
    answer = check.current.steps[check.position].action
    wrong = next(a.code for a in check.match.legal_actions() if a.code != answer)
    position = check.position
    check.handle({"type": "play", "code": wrong})
    assert check.message_kind == "refusal" and check.position == position
    check.handle({"type": "play", "code": answer})
    assert check.message_kind == "hint" and check.position == position + 1
    check.handle({"type": "lang", "lang": "ja"})
    assert check.lang == "ja" and check.lesson["narration"]


@pytest.mark.parametrize(("preset", "prefix"), [("basic", "UD-B4-"), ("carry_over", "UD-C4-"),
                                                ("cul_de_sac", "UD-D4-")])
def test_up_and_down_tables_name_their_deal(preset: str, prefix: str) -> None:
    table = PlayTable(preset=preset, players=4)
    assert table.deal_code.startswith(prefix)
    if preset == "carry_over":
        assert "pot" in {z["id"] for z in table.view["zones"]}


def test_up_and_down_table_plays_a_click_and_the_bots_reply() -> None:
    table = PlayTable(preset="basic", players=4, seed=21, bot_delay=0)
    assert table.view["my_turn"], "Player 1 opens a Basic match"
    first = table.view["actions"][0]["code"]
    table.handle({"type": "play", "code": first})
    assert table.message_kind != "error", table.message
    assert table.match.actions[0].code == first
    assert table.match.step_index >= 4, "the three bots answered"
    assert table.view["my_turn"] or table.view["over"]


def test_up_and_down_table_refuses_without_changing_anything() -> None:
    table = PlayTable(preset="basic", players=4, seed=21, bot_delay=0)
    table.handle({"type": "play", "code": table.view["actions"][0]["code"]})
    hand = next(z for z in table.view["zones"] if z["id"] == "hand-0")["cards"]
    blocked = [c["face"]["code"] for c in hand if not c["playable"]]
    before = (table.match.state, table.match.step_index)
    if blocked:
        table.handle({"type": "play", "code": blocked[0]})
        assert table.message_kind == "refusal"
    table.handle({"type": "play", "code": "S9"})  # a Shot at a seat that does not exist
    assert table.message_kind in ("refusal", "error")
    assert (table.match.state, table.match.step_index) == before, "refused clicks change nothing"


@pytest.mark.parametrize("preset", ["basic", "carry_over", "cul_de_sac"])
def test_up_and_down_a_whole_game_by_clicks(preset: str) -> None:
    probe = PlayTable(preset=preset, players=4, seed=7, bot_delay=0, single_game=preset != "cul_de_sac")
    for _ in range(500):
        if probe.view["over"]:
            break
        probe.handle({"type": "play", "code": probe.view["actions"][0]["code"]})
        assert probe.message_kind != "error", probe.message
    assert probe.view["over"] and probe.view["outcome"]["text"]


# --- 20_page_one ------------------------------------------------------------------------------

def test_page_one_presets_and_deal_sizes() -> None:
    presets = tablekit.presets("page_one")
    assert set(presets) == {"classic", "crazy_eights", "family", "house", "party"}
    assert presets["classic"].wild_ranks == ("8",) and presets["crazy_eights"].jump_ranks == ()
    assert make("page_one", preset="classic", players=4).config.cards_per_hand == 6
    assert make("page_one", players=8).config.cards_per_hand == 4


def test_page_one_the_notebooks_deal() -> None:
    """Seed 7: the player left of the dealer starts; a fitting card is legal, another is refused
    by explain and by step."""
    game = make("page_one", preset="classic", players=4)
    state = game.initial_state(seed=7)
    first = game.current_player(state)
    assert first == (state.dealer + 1) % 4
    assert all(len(state.hands[seat]) == 6 for seat in range(4))
    legal = [a.code for a in game.legal_actions(state)]
    refused = next(c for c in (page_one_code(x) for x in state.hands[first]) if c not in legal and c[0] != "8")
    assert game.explain(state, game.action_from_code(legal[0])).ok
    assert not game.explain(state, game.action_from_code(refused)).ok
    with pytest.raises(IllegalActionError):
        game.step(state, game.action_from_code(refused))


def test_page_one_same_suit_or_same_rank() -> None:
    """On a 7♥ starter, K♥ (suit) and 7♣ (rank) fit and K♣ matches neither."""
    game = make("page_one", players=3, hand_size=3)
    hands = [["KH", "7C", "KC"], ["9D", "TD", "KD"], ["AD", "4D", "6D"]]
    state = game.initial_state(0, deck=page_one_deck(hands, ["7H"]), dealer=2)
    assert sorted(a.code for a in game.legal_actions(state)) == ["7C", "KH"]


def test_page_one_a_held_eight_can_always_be_played() -> None:
    """While Eights are wild and no penalty waits, a player holding an Eight can play it
    (40 games of random bots, every position where it applies)."""
    game = make("page_one", preset="classic", players=4)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = game.initial_state(seed)
        while not game.is_terminal(s):
            seat = game.current_player(s)
            legal = game.legal_actions(s)
            eights = [c for c in s.hands[seat] if page_one_code(c)[0] == "8"]
            if eights and s.phase == PAGE_ONE_PLAY and s.pending == 0:
                playable = {a.code.split(":")[0].rstrip("!") for a in legal}
                assert all(page_one_code(c) in playable for c in eights), (seed, page_one_code(s.top))
                checked += 1
            s, _ = game.step(s, rng.choice(legal))
    assert checked > 100


def test_page_one_transcript_in_japanese() -> None:
    result = play_game(make("page_one", preset="classic", players=3), "heuristic", seed=33)
    assert render_record(result.record, lang="ja").splitlines()[0].startswith("アメリカンページワン")


def test_page_one_walkthrough_and_a_round_driven_from_python() -> None:
    assert len(RuleWalkthrough("page_one").lessons) >= 24, "a lesson per rule and per house rule"
    check = PlayTable("page_one", preset="classic", players=4, seed=5, bot_delay=0)
    for _ in range(500):
        if check.view["over"]:
            break
        check.handle({"type": "play", "code": first_playable(check)})
        assert check.message_kind != "error", check.message
    assert check.view["over"], "the round reached its end"
    assert all(not z["cards"] for z in other_hands(check.view)), "no other hand is shown face up"


# --- 30_ultimate ------------------------------------------------------------------------------

def test_ultimate_presets_and_options() -> None:
    presets = tablekit.presets("ultimate")
    assert set(presets) == {"basic", "partner", "circle"}
    assert presets["partner"].partner_call and not presets["basic"].partner_call
    assert presets["circle"].deck_points == 100 and presets["basic"].deck_points == 56
    game = make("ultimate", preset="basic", players=4)
    assert {"min_bid", "max_bid", "all_pass", "first_lead", "partner_call", "target"} <= set(
        type(game.config).describe())
    assert game.config.target == 150 and game.config.max_bid == 60


def test_ultimate_the_notebooks_deal() -> None:
    game = make("ultimate", preset="basic", players=4)
    state = game.initial_state(seed=7)
    assert game.current_player(state) == state.dealer, "the dealer speaks first in the auction"
    assert all(len(hand) == 11 for hand in state.hands), "four players get eleven cards each"
    assert len(state.kitty) == 5 and len(state.leftovers) == 3


def test_ultimate_walkthrough_and_a_deal_driven_from_python() -> None:
    """A one-deal table driven as the browser would: drop out of every auction, then play the
    first card offered; no other hand is ever shown face up."""
    assert len(RuleWalkthrough("ultimate").lessons) >= 10, "a lesson per rule and per option that changes play"
    check = PlayTable("ultimate", preset="basic", players=4, seed=5, bot_delay=0, single_deal=True)
    for _ in range(200):
        if check.view["over"]:
            break
        assert all(not z["cards"] for z in other_hands(check.view)), "no other hand is shown face up"
        codes = [a["code"] for a in check.view["actions"]]
        check.handle({"type": "play", "code": "pass" if "pass" in codes else codes[0]})
        assert check.message_kind != "error", check.message
    assert check.view["over"], "the deal reached its end"


# --- 40_up_or_down ----------------------------------------------------------------------------

def test_up_or_down_presets_and_options() -> None:
    presets = tablekit.presets("up_or_down")
    assert set(presets) == {"base", "short", "rainbow", "pure_colour", "greenhorn", "greenhorn_pro",
                            "special_colour", "special_colour_pro", "take_special", "take_any", "remove_one"}
    assert presets["short"].length == "short" and presets["base"].length == "long"
    game = make("up_or_down", preset="base", players=4)
    assert {"length", "rainbow", "pure_colour", "greenhorn", "special", "take", "remove_one"} <= set(
        type(game.config).describe())
    assert game.config.top_card == 102


def test_up_or_down_the_notebooks_deal() -> None:
    game = make("up_or_down", preset="base", players=4)
    state = game.initial_state(seed=7)
    assert len(state.ring) == 6 and list(state.ring) == sorted(state.ring), "the ring is in ascending order"
    assert all(len(hand) == 3 for hand in state.hands)
    assert (len(state.down), len(state.up)) == (42, 42), "102 - 12 - 6 = 84 cards in two piles"


def test_up_or_down_walkthrough_and_a_game_driven_from_python() -> None:
    """Always the first move offered; no other hand and no face-down card is ever shown."""
    assert len(RuleWalkthrough("up_or_down").lessons) == 15, "the rules and all nine variants"
    check = PlayTable("up_or_down", preset="short", players=2, seed=5, bot_delay=0)
    for _ in range(400):
        view = check.view
        if view["over"]:
            break
        assert all(not z["cards"] for z in other_hands(view)), "no other hand is shown face up"
        down = [z for z in view["zones"] if z["id"] == "down"]
        assert all(c["face"] is None for z in down for c in z["cards"]), "the face-down pile stays face down"
        check.handle({"type": "play", "code": view["actions"][0]["code"]})
        assert check.message_kind != "error", check.message
    assert check.view["over"], "the game reached its end"


# --- 50_narabe_runo ---------------------------------------------------------------------------

def test_narabe_runo_presets_and_defaults() -> None:
    presets = tablekit.presets("narabe_runo")
    assert set(presets) >= {"basic", "official", "small_board", "large_board"}
    assert presets["official"].wd4_rule == "official" and presets["official"].discard_only_if_stuck
    game = make("narabe_runo", players=3)
    assert game.config.wd4_rule == "strict" and game.config.hand_limit == 7 and game.config.stall_limit == 3


def test_narabe_runo_the_notebooks_board_and_layouts() -> None:
    game = make("narabe_runo", players=3)
    state = game.initial_state(seed=7)
    assert len(state.scoring) == 6 and all(len(h) == 3 for h in state.hands)
    assert len(state.draw) == 108 - 1 - 6 - 9
    assert (4, 2) in game.area and (4, 3) not in game.area and (5, 0) not in game.area
    cross = make("narabe_runo", players=2, layout=[(-3, 0), (3, 0), (0, -2), (0, 2)])
    assert len(cross.scoring_cells) == 4
    large = make("narabe_runo", preset="large_board")
    assert len(large.scoring_cells) == 8 and len(large.area) > len(game.area)
    with pytest.raises(ConfigError, match="layout"):
        make("narabe_runo", layout=[(2, 0), (4, 0)])


def test_narabe_runo_capture_clears_the_road() -> None:
    two = make("narabe_runo", players=2, layout="small")
    s = two.initial_state(0, first=0, roads=[[[1, 0, "R5"], [2, 0, "R2"]]],
                          deck=["Y1", "G2", "B3", "Y4", "G5", "R9", "B1", "B7", "Y8", "G6", "G9"])
    after, _ = two.step(s, "play:R9:2,0>3,0")
    assert len(after.captured[0]) == 1 and not after.roads, "the road is gone"
    assert len(after.discard) == 3 and after.anchor is None, "three road cards discarded; free choice next"
    assert two.observe(after, 0)["players"][0]["captured"] is None, "even the capturer does not see the card"


def test_narabe_runo_walkthrough_and_a_game_driven_from_python() -> None:
    """The first move offered each time; no other hand and no scoring card shows its face
    before the end."""
    assert len(RuleWalkthrough("narabe_runo").lessons) >= 12, "every rule has its lesson"
    check = PlayTable("narabe_runo", preset="small_board", players=2, seed=5, bot_delay=0)
    for _ in range(400):
        view = check.view
        if view["over"]:
            break
        assert all(not z["cards"] for z in other_hands(view)), "no other hand is shown face up"
        grid = next(z for z in view["zones"] if z["kind"] == "grid")
        assert all(c["card"]["face"] is None for c in grid["cells"] if c["mark"] == "score"), "scoring cards face down"
        check.handle({"type": "play", "code": view["actions"][0]["code"]})
        assert check.message_kind != "error", check.message
    assert check.view["over"]


# --- 00_tour ----------------------------------------------------------------------------------

def test_tour_games_presets_and_options() -> None:
    assert "up_and_down" in tablekit.list_games()
    assert {"basic", "carry_over", "cul_de_sac", "solo"} <= set(tablekit.presets("up_and_down"))
    game = make("up_and_down", preset="basic", players=4)
    assert game.num_players == 4 and game.config.mode == "basic"
    assert "target_wins" in type(game.config).describe()
    with pytest.raises(ConfigError) as refused:
        make("up_and_down", payee="dealer")
    assert refused.value.field == "payee"


def test_tour_records_replay_and_a_broken_record_names_its_move() -> None:
    game = make("up_and_down", preset="basic", players=4)
    match = Match(game, seed=10)
    for _ in range(12):
        match.play(match.legal_actions()[0])
    text = match.record().to_json(indent=1)
    assert Match.from_record(Record.from_json(text)).state == match.state
    assert tablekit.replay(text) == match.state
    with pytest.raises(RecordError, match="23"):
        Record.start(game, seed=10).with_actions(("64", "23")).replay()


def test_tour_transcript_and_a_seats_view() -> None:
    short_game = make("up_and_down", preset="basic", players=3, single_game=True)
    result = play_game(short_game, "heuristic", seed=3)
    lines = render_record(result.record, "en").splitlines()
    assert lines[0].startswith("Up&Down")
    assert "Result" in lines and lines[-1] == "The single game is over."
    assert result.record.replay() == Record.from_json(result.record.to_json()).replay()
    seat_view = render_state(short_game, short_game.initial_state(seed=3), lang="en", seat=1)
    assert "(you)" in seat_view and "hidden" in seat_view


def test_tour_pictures() -> None:
    """The Shot's picture names its card; the open view after 64 holds the field card and four
    open hands of five cards (the tour draws one picture per card)."""
    assert 'aria-label="Shot"' in card_svg(up_and_down_face("S", "en"))
    game = make("up_and_down", preset="basic", players=4)
    state, _ = game.step(game.initial_state(seed=10), "64")
    view = up_and_down_view(game, state, viewer=None, lang="ja", teaching=True)
    faces = [c["face"] for z in view["zones"] if z["kind"] != "counter" for c in z["cards"] if c["face"]]
    assert len(faces) == 1 + 4 * 5


# --- 90_strategy ------------------------------------------------------------------------------
# Its statements about the numbers are printed as a yes/NO list that nbval compares; these are
# the facts its computations rely on.

def test_strategy_wilson_intervals_shrink_with_more_games() -> None:
    low, high = wilson_interval(100, 400)
    assert low < 0.25 < high
    wide_low, wide_high = wilson_interval(25, 100)
    assert high - low < wide_high - wide_low, "more games, narrower interval"


def test_strategy_cul_de_sac_removed_cards_and_missions() -> None:
    most = 108 - 5 * 4
    assert make("up_and_down", preset="cul_de_sac", removed_cards=most).config.removed_cards == most
    with pytest.raises(ConfigError, match="removed_cards"):
        make("up_and_down", preset="cul_de_sac", removed_cards=most + 1)
    df = simulate(make("up_and_down", preset="cul_de_sac"), "heuristic", n=20, seed=1000, workers=1, progress=False)
    failed = df["result"] == "failed"
    assert 0 < failed.sum() < len(df)
    assert mission_summary(df)["successes"] == int((~failed).sum())
    assert (df.loc[failed, "score"] == 0).all(), "a failed mission scores 0"


def test_strategy_one_deal_games_have_one_deal() -> None:
    one_deal = make("ultimate", preset="basic", players=4, single_deal=True)
    assert (simulate(one_deal, "heuristic", n=10, seed=77, workers=1, progress=False)["deals"] == 1).all()


def test_strategy_variants_are_compared_on_the_same_deals() -> None:
    """Up or Down? variants (and 並べRUNO layouts) are played on the same seeds, and an Up or
    Down? deal depends only on the seed and the cards used."""
    base, greenhorn = (make("up_or_down", preset=name, players=3) for name in ("base", "greenhorn"))
    for seed in range(3):
        a, b = base.initial_state(seed), greenhorn.initial_state(seed)
        assert (a.ring, a.hands, a.down, a.up) == (b.ring, b.hands, b.down, b.up)
    runs = [simulate(make("narabe_runo", players=3, layout=name), "heuristic", n=3, seed=9100, workers=1,
                     progress=False) for name in ("small", "large")]
    assert (runs[0]["seed"].values == runs[1]["seed"].values).all()


# --- 95_write_a_bot ---------------------------------------------------------------------------

def test_write_a_bot_what_a_bot_sees() -> None:
    game = make("up_and_down", players=2, single_game=True)
    assert game.num_players == 2 and game.config.single_game
    state = game.initial_state(seed=4)
    observation = game.observe(state, 0)
    assert observation["viewer"] == 0 and observation["field"] is None
    assert observation["players"][1]["hand"] is None, "the other hand is hidden"
    assert [a.code for a in game.legal_actions(state)] == observation["players"][0]["hand"], \
        "on an empty field any card fits"


def test_write_a_bot_a_careless_bot_is_told_the_rule() -> None:
    def careless(observation: dict[str, Any], legal_actions: Any) -> str:
        return observation["players"][observation["viewer"]]["hand"][0]

    report = check_bot(careless, make("up_and_down", players=2, single_game=True), n=6, seed=1)
    problem = report.problems[0]
    assert not report.ok and problem.kind == "illegal"
    assert "not higher" in problem.reason and problem.legal, "the reason, and the moves that were legal"


# --- 96_rl ------------------------------------------------------------------------------------

def test_rl_solo_observations_have_the_duels_length() -> None:
    from tablekit.interop.pettingzoo import env

    solo = env("up_and_down", preset="solo", players=2)
    assert solo.observation_space("player_0")["observation"].shape == (436,)
