"""並べRUNO rules: every test vector NR-01..NR-13 of shared/rules/narabe_runo.md (each test names its
vector), the set-up, matching and placement, the playing area, the choice of anchor, every card
effect, the Wild Draw Four rules, captures, refills, the two ends, the final scoring, hidden
information, every option of (f)/(g), and every refusal with its reason code (the state left as it
was). Positions are stacked with the engine's set-up options (``deck``, ``first``, ``roads``,
``anchor="free"``, ``captured``, ``moves``); see ``helpers_narabe_runo``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

import pytest
from helpers_narabe_runo import (
    K,
    anchor_cells,
    deal,
    event_codes,
    event_params,
    game,
    legal,
    play,
    position,
    reason,
    rejects,
    rest_of_deck,
)

from tablekit.core.cards import UNO_108, UNO_COLOURS, uno_kind, uno_number
from tablekit.core.errors import ConfigError
from tablekit.games.narabe_runo import PRESETS
from tablekit.games.narabe_runo.config import LAYOUTS, NarabeRunoConfig
from tablekit.games.narabe_runo.rules import NarabeRuno
from tablekit.games.narabe_runo.state import NarabeRunoState

NS = "narabe_runo"
SIX = LAYOUTS["six"]
#: Three hands no test card matches (for the seats that only discard).
QUIET = (["Y6", "Y7", "B8"], ["G6", "G7", "B6"], ["Y3", "G3", "B3"])
#: Two scoring cells: one capture leaves one scoring card, so it ends the game.
TWO = [(-2, 0), (2, 0)]
#: A two-row area (x -3..3, y 0..1) where roads can box each other in.
STRIP = [(-3, 0), (3, 0), (-3, 1), (3, 1)]


def hands(n: int, seat0: list[str], *others: list[str]) -> list[list[str]]:
    """Seat 0's hand, then the given hands, then quiet hands up to ``n`` seats."""
    out = [seat0, *others]
    out += [list(h) for h in QUIET[: n - len(out)]]
    return out


def cards_held(s: NarabeRunoState) -> list[int]:
    return [len(h) for h in s.hands]


def end_by_stall(g: NarabeRuno, s: NarabeRunoState) -> NarabeRunoState:
    """Everybody discards their first card until the stall limit ends the game."""
    while not g.is_terminal(s):
        s, _ = g.step(s, g.action_from_code(f"discard:{s.hands[s.current][0]}"))
    assert s.termination == K.END_STALLED
    return s


# === (a) components: NR-13 =========================================================================
def test_nr_13_deck_composition() -> None:
    assert len(UNO_108) == 108
    for colour in UNO_COLOURS:
        cards = [c for c in UNO_108 if c in {colour + k for k in "0123456789SRD"}]
        assert len(cards) == 25
        assert Counter(uno_kind(c) for c in cards) == Counter({"0": 1, **{k: 2 for k in "123456789SRD"}})
    wilds = Counter(c for c in UNO_108 if c in ("W", "W4"))
    assert wilds == {"W": 4, "W4": 4} and sum(wilds.values()) == 8
    g = game()
    assert g.census(g.initial_state(5)) == Counter(UNO_108)


# === (b) setup ======================================================================================
@pytest.mark.parametrize("players", [2, 3, 4])
def test_nr_05_initial_hand_is_three_cards(players: int) -> None:
    g = game(players)
    for seed in range(5):
        s = g.initial_state(seed)
        assert cards_held(s) == [3] * players
        assert len(s.scoring) == 6 and len(s.draw) == 108 - 1 - 6 - 3 * players
        assert s.discard == () and s.roads == () and s.current == s.first


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_two_to_four_is_refused(players: int) -> None:
    with pytest.raises(ConfigError) as info:
        game(players)
    assert info.value.field == "players"


def test_first_player_comes_from_the_seed_or_the_setup() -> None:
    g = game(4)
    assert {g.initial_state(seed).first for seed in range(40)} == {0, 1, 2, 3}
    assert all(g.initial_state(seed, first=2).current == 2 for seed in range(5))
    with pytest.raises(ValueError):
        g.initial_state(0, first=4)


def test_start_card_is_always_a_number_card() -> None:
    g = game()
    for seed in range(60):
        s = g.initial_state(seed)
        assert uno_number(s.start) is not None
        assert g.census(s) == Counter(UNO_108)


def test_flipped_cards_are_shuffled_back_not_left_on_top() -> None:
    """A seed whose shuffled deck begins with a Skip/Reverse/Draw Two: ``start_card="coloured"``
    keeps that card as the start card; the default flips on to a number card and the flipped
    cards are shuffled back (the deal does not simply go on below the start card)."""
    number, coloured = game(), game(start_card="coloured")
    found = 0
    for seed in range(200):
        c = coloured.initial_state(seed)
        if uno_number(c.start) is not None:
            continue
        n = number.initial_state(seed)
        assert uno_number(n.start) is not None
        unflipped = [c.start, *(card for _, card in c.scoring)]
        if n.start in unflipped:
            unflipped.remove(n.start)
        assert [card for _, card in n.scoring] != unflipped[:6]
        found += 1
    assert found >= 3


def test_start_card_coloured_option() -> None:
    hs = hands(3, ["R1", "R2", "R3"])
    number, coloured = game(), game(start_card="coloured")
    for start in ("RS", "GR", "BD"):
        assert position(coloured, hs, start=start).start == start
        with pytest.raises(ValueError, match="number card"):
            position(number, hs, start=start)
    for start in ("W", "W4"):
        with pytest.raises(ValueError, match="start card"):
            position(coloured, hs, start=start)
    # a coloured start card matches by its colour or symbol
    s = position(coloured, hs, start="RS")
    assert {"play:R1:0,0>1,0"} <= legal(coloured, s)


@pytest.mark.parametrize("start", ["RS", "YR", "GD", "W", "W4"])
def test_stacked_deck_with_a_non_number_start_card_raises(start: str) -> None:
    with pytest.raises(ValueError, match="start card"):
        game().initial_state(0, first=0, deck=[start])


@pytest.mark.parametrize("setup, option, card", [
    ({"captured": [["W"] * 5, []]}, "captured", "'W'"),  # the deck holds four wilds
    ({"captured": [["R1", "R1"], ["R1"]]}, "captured", "'R1'"),  # two of each number 1-9, over both seats
    ({"roads": [[[1, 0, "R1"], [2, 0, "R1"], [3, 0, "R1"]]]}, "roads", "'R1'"),
    ({"roads": [[[1, 0, "W", "R"], [2, 0, "W", "R"]]], "captured": [["W", "W", "W"], []]}, "captured", "'W'"),
    ({"captured": [["X9"], []]}, "captured", "'X9'"),
])
def test_set_up_cards_beyond_the_deck_name_the_option_and_the_card(setup: dict[str, Any], option: str,
                                                                     card: str) -> None:
    with pytest.raises(ValueError) as caught:
        game(players=2).initial_state(0, **setup)
    message = str(caught.value)
    assert message.startswith(f"{option}:") and card in message
    assert "x not in list" not in message


@pytest.mark.parametrize("captured", ["WW", [["W"]], [["W"], [], []], {"0": ["W"]}, [["W"], "R1"], 5])
def test_captured_must_be_one_list_of_cards_per_seat(captured: Any) -> None:
    with pytest.raises(ValueError, match=r"^captured must be one list of UNO cards per seat, 2 lists"):
        game(players=2).initial_state(0, captured=captured)


def test_set_up_cards_up_to_the_decks_copies_are_taken() -> None:
    s = game(players=2).initial_state(0, captured=[["W", "W"], ["W", "W"]])
    assert s.captured == (("W", "W"), ("W", "W"))
    assert "W" not in [*s.hands[0], *s.hands[1], *s.draw, s.start, *(c for _, c in s.scoring)]


def test_scoring_cards_are_dealt_in_layout_order() -> None:
    scoring = ["B4", "Y2", "GS", "W", "RD", "G7"]
    s = position(game(), hands(3, ["R1", "R2", "R3"]), scoring=scoring)
    assert s.scoring == tuple(zip(SIX, scoring))
    g = game(layout=[(3, 0), (-3, 0), (0, 3)])
    s = position(g, hands(3, ["R1", "R2", "R3"]), scoring=["B4", "Y2", "GS"])
    assert s.scoring == (((3, 0), "B4"), ((-3, 0), "Y2"), ((0, 3), "GS"))


def test_hands_are_dealt_one_card_at_a_time_from_the_first_player() -> None:
    g = game(3)
    dealt = ["R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9", "B1"]
    s = g.initial_state(0, first=2, deck=["R5", *"Y0 G0 B0 Y9 G9 B9".split(), *dealt, "G4", "G5"])
    assert s.hands[2] == ("R1", "R4", "R8")
    assert s.hands[0] == ("R2", "R6", "R9")
    assert s.hands[1] == ("B1", "R3", "R7")
    assert s.draw[-1] == "G4" and s.draw[-2] == "G5"  # the draw pile from its top
    assert deal("R5", [], [["a", "b", "c"], ["d", "e", "f"]], first=1) == ["R5", "d", "a", "e", "b", "f", "c"]


# === (d) matching: NR-01, NR-02 =====================================================================
@pytest.mark.parametrize("card", ["R7", "RS", "RR", "RD", "R1", "B1", "G1", "Y1"])
def test_nr_01_anchor_red_1_takes_any_red_card_or_any_1(card: str) -> None:
    g = game()
    s = position(g, hands(3, [card, "G6", "B7"]), start="R1")
    assert f"play:{card}:0,0>1,0" in legal(g, s)
    assert g.explain(s, g.action_from_code(f"play:{card}:0,0>1,0")).reason == K.OK_NEW_ROAD


def test_nr_01_wilds_match_anything() -> None:
    g = game()
    s = position(g, hands(3, ["W", "W4", "G6"]), start="R1")
    codes = legal(g, s)
    assert {f"play:W:0,0>1,0:{c}" for c in UNO_COLOURS} <= codes
    # the Wild Draw Four is barred only by the strict rule (the Wild is playable), not by matching
    assert reason(g, s, "play:W4:0,0>1,0:B") == K.NO_WD4_STRICT
    s = position(g, hands(3, ["W4", "G6", "B7"]), start="R1")
    assert "play:W4:0,0>1,0:B" in legal(g, s)


@pytest.mark.parametrize(("tip", "card", "ok"), [
    ("GR", "YR", True), ("GR", "G4", True), ("GR", "YS", False), ("BS", "RS", True), ("BS", "RD", False),
    ("YD", "BD", True), ("YD", "B2", False), ("Y2", "B2", True),
])
def test_symbols_match_like_numbers(tip: str, card: str, ok: bool) -> None:
    g = game()
    s = position(g, hands(3, [card, "W4", "R6"]), start="R5", roads=[[[0, 1, tip]]])
    code = f"play:{card}:0,1>0,2"
    if ok:
        assert code in legal(g, s)
    else:
        rejects(g, s, code, K.NO_NO_MATCH)


def test_nr_02_anchor_red_1_refuses_blue_7() -> None:
    g = game()
    s = position(g, hands(3, ["B7", "G6", "Y2"]), start="R1")
    params = rejects(g, s, "play:B7:0,0>1,0", K.NO_NO_MATCH)
    assert params["anchor"] == "@cards.uno.R1" and params["anchor_colour"] == "@cards.uno.colour.R"
    assert legal(g, s) == {"discard:B7", "discard:G6", "discard:Y2"}


def test_a_wild_anchor_matches_the_colour_it_asked_for() -> None:
    g = game()
    s = position(g, hands(3, ["G7", "R3", "W"]), start="B3", roads=[[[1, 0, "W", "G"]]])
    assert g.anchors(s) == [((1, 0), "W", "G", (1, 0))]
    assert "play:G7:1,0>2,0" in legal(g, s)
    rejects(g, s, "play:R3:1,0>2,0", K.NO_NO_MATCH)  # matches the start card, but the Wild is the anchor
    assert "play:W:1,0>2,0:Y" in legal(g, s)
    s = position(g, hands(3, ["Y2", "G2", "B5"]), start="B3", roads=[[[0, 1, "W4", "Y"]]])
    assert "play:Y2:0,1>0,2" in legal(g, s)
    rejects(g, s, "play:G2:0,1>0,2", K.NO_NO_MATCH)


def test_a_named_colour_becomes_the_anchor_colour() -> None:
    g = game()
    s = position(g, hands(3, ["W", "R1", "R2"], ["G2", "R3", "Y4"]))
    assert reason(g, s, "play:W:0,0>1,0") == K.NO_WILD_COLOUR
    s, events = play(g, s, "play:W:0,0>1,0:G")
    assert event_params(events, K.EV_COLOUR) == [{"player": 0, "colour": "@cards.uno.colour.G"}]
    assert g.anchors(s) == [((1, 0), "W", "G", (1, 0))]
    assert "play:G2:1,0>2,0" in legal(g, s)
    rejects(g, s, "play:R3:1,0>2,0", K.NO_NO_MATCH)


# === (c)2 placement =================================================================================
def test_a_card_goes_next_to_the_anchor_only() -> None:
    g = game()
    s = position(g, hands(3, ["R7", "G1", "G2"]))
    rejects(g, s, "play:R7:0,0>0,2", K.NO_NOT_NEXT)
    rejects(g, s, "play:R7:0,0>1,1", K.NO_NOT_NEXT)  # diagonal
    assert {a.code for a in g.legal_plays(s)} == {f"play:R7:0,0>{c}" for c in ("0,-1", "1,0", "0,1", "-1,0")}


def test_a_cell_holds_one_card() -> None:
    g = game()
    s = position(g, hands(3, ["R8", "G1", "G2"]), roads=[[[1, 0, "R7"]]], anchor="free")
    params = rejects(g, s, "play:R8:0,0>1,0", K.NO_TAKEN)
    assert params["cell"] == "1,0"
    rejects(g, s, "play:R8:1,0>0,0", K.NO_TAKEN)
    assert "play:R8:1,0>2,0" in legal(g, s) and "play:R8:0,0>0,1" in legal(g, s)


def test_nr_07_the_convex_hull_boundary() -> None:
    """(4,2) lies partly inside the hull: legal. (4,3) lies entirely outside it: illegal, though
    legal under ``boundary="bbox"``. (5,0) only shares an edge with the hull: out of the area."""
    up = [[1, 0, "R1"], [2, 0, "R2"], [3, 0, "R3"], [3, 1, "R4"], [3, 2, "R6"]]
    hull, box = game(), game(boundary="bbox")
    s = position(hull, hands(3, ["R7", "G1", "G2"]), roads=[up])
    assert "play:R7:3,2>4,2" in legal(hull, s)
    assert reason(hull, s, "play:R7:3,2>4,2") == K.OK_PLAY
    down = [*up, [3, 3, "R8"]]
    s = position(hull, hands(3, ["R7", "G1", "G2"]), roads=[down])
    params = rejects(hull, s, "play:R7:3,3>4,3", K.NO_OUTSIDE)
    assert params["cell"] == "4,3"
    s = position(box, hands(3, ["R7", "G1", "G2"]), roads=[down])
    assert "play:R7:3,3>4,3" in legal(box, s)
    assert (5, 0) not in hull.area and (4, 0) in hull.area and (4, 2) in hull.area and (4, 3) not in hull.area
    assert (4, 3) in box.area and (5, 0) not in box.area
    assert len(hull.area) == 59 and len(box.area) == 9 * 7


def test_a_cell_touching_the_area_only_along_an_edge_or_at_a_corner_is_outside() -> None:
    square = game(layout=[(-3, -3), (3, -3), (-3, 3), (3, 3)])
    s = position(square, hands(3, ["R7", "G1", "G2"]), scoring=["Y0", "G0", "B0", "Y9"],
                 roads=[[[1, 0, "R1"], [2, 0, "R2"], [3, 0, "R3"]]])
    rejects(square, s, "play:R7:3,0>4,0", K.NO_OUTSIDE)  # shares the hull's edge x = 3.5
    assert len(square.area) == 49
    small = game(layout="small")
    s = position(small, hands(3, ["R7", "G1", "G2"]), scoring=["Y0", "G0", "B0", "Y9"],
                 roads=[[[1, 0, "R1"], [1, 1, "R2"], [2, 1, "R3"], [2, 2, "R4"]]])
    rejects(small, s, "play:R7:2,2>2,3", K.NO_OUTSIDE)  # touches the diamond at one corner
    assert "play:R7:2,2>3,2" not in legal(small, s) and (1, 3) in small.area


def test_large_layout() -> None:
    g = game(layout="large")
    assert g.scoring_cells == LAYOUTS["large"] and len(g.scoring_cells) == 8
    assert game(preset="large_board").scoring_cells == LAYOUTS["large"]
    s = g.initial_state(4)
    assert [cell for cell, _ in s.scoring] == list(LAYOUTS["large"])
    assert len(s.draw) == 108 - 1 - 8 - 9
    assert game().area < g.area and (5, 0) in g.area and (6, 0) in g.area and (7, 0) not in g.area
    assert game(layout="small").area < game().area


def test_custom_layout_is_used_in_its_order() -> None:
    g = game(layout=[[0, 4], [-3, -1], [3, -1]])
    assert g.scoring_cells == ((0, 4), (-3, -1), (3, -1))
    assert g.config.layout_name == "custom" and g.config.to_dict()["layout"] == [[0, 4], [-3, -1], [3, -1]]
    s = g.initial_state(1)
    assert [cell for cell, _ in s.scoring] == [(0, 4), (-3, -1), (3, -1)] and (0, 0) in g.area


@pytest.mark.parametrize("layout", [
    "huge", [(0, 0), (3, 0)], [(3, 0)], [(3, 0), (3, 0)], [(13, 0), (-3, 0)], [(1.5, 0), (-3, 0)],
    [(2, 0), (4, 0)], [(1, 2, 3), (3, 0)], 7, [[(1, 0)] * 17][0], [(x, 1) for x in range(1, 18)],
])
def test_bad_layouts_raise_a_config_error_naming_the_field(layout: Any) -> None:
    with pytest.raises(ConfigError) as info:
        game(layout=layout)
    assert info.value.field == "layout"
    assert "'layout'" in str(info.value)


@pytest.mark.parametrize(("field", "value"), [
    ("boundary", "circle"), ("wd4_rule", "sometimes"), ("hand_limit", 2), ("hand_limit", 16), ("stall_limit", 0),
    ("draw_refill", "double"), ("start_card", "any"), ("draw_scoring", "lowest"),
    ("skip_scoring_two_players", "nobody"),
])
def test_bad_options_raise_a_config_error_naming_the_field(field: str, value: Any) -> None:
    with pytest.raises(ConfigError) as info:
        game(**{field: value})
    assert info.value.field == field


def test_presets() -> None:
    assert PRESETS["basic"].wd4_rule == "strict" and not PRESETS["basic"].discard_only_if_stuck
    assert PRESETS["official"].wd4_rule == "official" and PRESETS["official"].discard_only_if_stuck
    assert PRESETS["small_board"].layout == "small" and PRESETS["large_board"].layout == "large"
    default = PRESETS["basic"]
    assert (default.boundary, default.hand_limit, default.draw_refill, default.stall_limit, default.reverse_turns,
            default.two_player_reverse_skips, default.start_card, default.draw_scoring,
            default.skip_scoring_two_players) == ("convex_hull", 7, "total", 3, False, False, "number",
                                                  "highest_or_zero", "capturer")


# === (c)2 anchors ===================================================================================
def test_at_the_start_only_the_start_card_is_an_anchor() -> None:
    g = game()
    s = position(g, hands(3, ["R7", "G1", "G2"]))
    assert g.anchors(s) == [((0, 0), "R5", "R", None)]
    assert g.observe(s, 0)["anchor"] is None


def test_the_next_card_extends_the_card_laid_last() -> None:
    g = game()
    s = position(g, hands(3, ["R7", "G1", "G2"], ["R8", "R9", "G4"]))
    s, events = play(g, s, "play:R7:0,0>1,0")
    assert event_codes(events)[0] == K.EV_NEW_ROAD
    assert anchor_cells(g, s) == {(1, 0)}
    params = rejects(g, s, "play:R8:0,0>0,1", K.NO_MUST_EXTEND)
    assert params["tip"] == "1,0"
    s, events = play(g, s, "play:R8:1,0>1,1")
    assert event_codes(events)[0] == K.EV_PLAYED
    assert s.roads == (((1, 0, "R7", "R"), (1, 1, "R8", "R")),)
    # set-up roads: the tip of the last road is the anchor unless anchor="free"
    s = position(g, hands(3, ["R7", "G1", "G2"]), roads=[[[1, 0, "R1"]], [[-1, 0, "R2"]]])
    assert anchor_cells(g, s) == {(-1, 0)}
    s = position(g, hands(3, ["R7", "G1", "G2"]), roads=[[[1, 0, "R1"]], [[-1, 0, "R2"]]], anchor="free")
    assert anchor_cells(g, s) == {(0, 0), (1, 0), (-1, 0)}


def test_a_play_names_its_anchor_when_a_cell_touches_two() -> None:
    g = game()
    s = position(g, hands(3, ["R7", "G1", "G2"], ["R8", "B2", "B4"]),
                 roads=[[[1, 0, "R1"], [1, -1, "R2"]]], anchor="free")
    codes = legal(g, s)
    assert {"play:R7:0,0>0,-1", "play:R7:1,-1>0,-1"} <= codes
    new, _ = play(g, s, "play:R7:0,0>0,-1")
    extended, _ = play(g, s, "play:R7:1,-1>0,-1")
    assert new.roads == (((1, 0, "R1", "R"), (1, -1, "R2", "R")), ((0, -1, "R7", "R"),))
    assert extended.roads == (((1, 0, "R1", "R"), (1, -1, "R2", "R"), (0, -1, "R7", "R")),)


def test_after_a_capture_the_next_player_chooses_any_anchor() -> None:
    g = game()
    roads = [[[-1, 0, "G1"]], [[0, 1, "Y1"]], [[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R1"]]]
    s = position(g, hands(3, ["R7", "G2", "B3"], ["Y2", "G4", "R2"], ["B9", "R4", "G7"]), roads=roads)
    assert anchor_cells(g, s) == {(3, 0)}
    s, events = play(g, s, "play:R7:3,0>4,0")
    assert K.EV_CAPTURE in event_codes(events)
    assert anchor_cells(g, s) == {(0, 0), (-1, 0), (0, 1)}
    # the choice lasts through a discard
    s, _ = play(g, s, "discard:G4")
    assert anchor_cells(g, s) == {(0, 0), (-1, 0), (0, 1)}
    assert {"play:R4:0,0>1,0", "play:R4:0,0>0,-1"} <= legal(g, s)


def test_a_reverse_closes_its_road_for_the_next_card() -> None:
    g = game()
    roads = [[[1, 0, "R7"]], [[-1, 0, "R3"]]]
    s = position(g, hands(3, ["RR", "G1", "G2"], ["R8", "B2", "Y1"], ["R9", "Y4", "B6"]), roads=roads)
    s, events = play(g, s, "play:RR:-1,0>-2,0")
    assert K.EV_REVERSE in event_codes(events)
    assert s.current == 1 and s.direction == 1
    assert anchor_cells(g, s) == {(0, 0), (1, 0)}
    params = rejects(g, s, "play:R8:-2,0>-3,0", K.NO_CLOSED)
    assert params["at"] == "-2,0"
    # the duty passes on through a discard to the next player who lays a card
    s, _ = play(g, s, "discard:B2")
    assert anchor_cells(g, s) == {(0, 0), (1, 0)}
    rejects(g, s, "play:R9:-2,0>-3,0", K.NO_CLOSED)
    s, _ = play(g, s, "play:R9:1,0>2,0")
    assert anchor_cells(g, s) == {(2, 0)}


def test_a_reverse_on_a_new_road_leaves_the_start_card_open() -> None:
    g = game()
    s = position(g, hands(3, ["RR", "G1", "G2"], ["R8", "B2", "Y1"]), roads=[[[1, 0, "R7"]]], anchor="free")
    s, _ = play(g, s, "play:RR:0,0>0,1")
    assert anchor_cells(g, s) == {(0, 0), (1, 0)}
    rejects(g, s, "play:R8:0,1>0,2", K.NO_CLOSED)
    assert "play:R8:0,0>-1,0" in legal(g, s)


def test_after_a_reverse_with_no_other_anchor_the_reverse_road_goes_on() -> None:
    """The two-row area: road B (0,1) and road C (ending on (-1,1)) are boxed in, and the start
    card's three sides in the area are taken; the Reverse's own road is the only way on."""
    g = game(layout=STRIP)
    roads = [[[0, 1, "B1"]], [[-1, 0, "B2"], [-2, 0, "B3"], [-2, 1, "B4"], [-1, 1, "B6"]], [[1, 0, "G1"], [1, 1, "R1"]]]
    s = position(g, hands(3, ["RR", "G2", "Y2"], ["R8", "B7", "Y1"]), scoring=["Y0", "G0", "B0", "Y9"], roads=roads)
    s, _ = play(g, s, "play:RR:1,1>2,1")
    assert g.anchors(s) == [((2, 1), "RR", "R", (1, 0))]
    assert {"play:R8:2,1>2,0", "play:R8:2,1>3,1"} <= legal(g, s)
    rejects(g, s, "play:R8:0,0>0,-1", K.NO_NOT_ANCHOR)


def test_after_a_reverse_with_every_anchor_blocked_only_discards_remain() -> None:
    g = game(layout=STRIP)
    roads = [[[0, 1, "B1"]], [[-1, 0, "B2"], [-2, 0, "B3"], [-2, 1, "B4"], [-1, 1, "B6"]],
             [[1, 0, "G1"], [2, 0, "G2"], [2, 1, "R1"]]]
    s = position(g, hands(3, ["RR", "G4", "Y2"], ["R8", "B7", "Y1"]), scoring=["Y0", "G0", "B0", "Y9"], roads=roads)
    s, events = play(g, s, "play:RR:2,1>1,1")
    assert g.anchors(s) == []
    assert legal(g, s) == {"discard:B7", "discard:R8", "discard:Y1"}
    rejects(g, s, "play:R8:1,1>1,0", K.NO_NO_ANCHOR)


def test_a_blocked_anchor_gives_a_free_choice() -> None:
    g = game(layout=STRIP)
    roads = [[[0, 1, "B1"]], [[-1, 0, "B2"], [-2, 0, "B3"], [-2, 1, "B4"]]]
    s = position(g, hands(3, ["B6", "G4", "Y2"], ["B7", "R8", "Y1"]), scoring=["Y0", "G0", "B0", "Y9"], roads=roads)
    s, events = play(g, s, "play:B6:-2,1>-1,1")
    assert event_params(events, K.EV_BLOCKED) == [{"cell": "-1,1"}]
    assert anchor_cells(g, s) == {(0, 0), (0, 1)}  # the blocked tip (-1, 1) is no anchor
    rejects(g, s, "play:B7:-1,1>-1,2", K.NO_NOT_ANCHOR)
    assert {"play:B7:0,1>1,1", "play:R8:0,0>1,0"} <= legal(g, s)
    # a mid-road card is never an anchor
    rejects(g, s, "play:B7:-2,0>-3,0", K.NO_NOT_ANCHOR)


def test_a_scoring_cell_counts_as_empty_for_placement_and_for_a_free_neighbour() -> None:
    g = game(layout=TWO)
    s = position(g, hands(3, ["R7", "G1", "G2"]), scoring=["Y0", "G0"], roads=[[[1, 0, "R1"]]])
    assert anchor_cells(g, s) == {(1, 0)}  # its only free neighbour is a scoring card's cell
    assert legal(g, s) >= {"play:R7:1,0>2,0"}


# === (c)3 card effects ==============================================================================
@pytest.mark.parametrize(("players", "first", "nxt"),
                         [(2, 0, 0), (2, 1, 1), (3, 0, 2), (3, 2, 1), (4, 0, 2), (4, 3, 1)])
def test_skip_passes_over_the_next_player(players: int, first: int, nxt: int) -> None:
    g = game(players)
    hs = [list(h) for h in ([["Y6", "Y7", "B8"], ["G6", "G7", "B6"], ["Y3", "G3", "B3"], ["Y4", "G4", "B4"]])[:players]]
    hs[first] = ["RS", "G1", "G2"]
    s = position(g, hs, first=first)
    skipped = (first + 1) % players
    before = s
    s, events = play(g, s, "play:RS:0,0>1,0")
    assert s.current == nxt
    assert event_params(events, K.EV_SKIP) == [{"player": skipped}]
    assert len(before.draw) - len(s.draw) == 1  # the player's own refill only
    if skipped != first:
        assert s.hands[skipped] == before.hands[skipped]  # no turn, no refill


def test_skipped_player_gets_no_refill_and_plays_later_normally() -> None:
    g = game(3)
    s = position(g, hands(3, ["RS", "G1", "G2"], ["G4", "R8", "Y1"], ["R9", "Y4", "B6"]), draw=["B1", "B2", "B3"])
    s, _ = play(g, s, "play:RS:0,0>1,0")
    assert s.hands[1] == ("G4", "R8", "Y1") and s.current == 2
    s, _ = play(g, s, "play:R9:1,0>2,0")
    assert s.current == 0 and s.hands[2] == ("B2", "B6", "Y4")


def test_reverse_does_not_turn_the_order_by_default() -> None:
    g = game(3)
    s = position(g, hands(3, ["RR", "G1", "G2"]))
    s, events = play(g, s, "play:RR:0,0>1,0")
    assert s.current == 1 and s.direction == 1 and K.EV_DIRECTION not in event_codes(events)


def test_reverse_turns_option() -> None:
    g = game(3, reverse_turns=True)
    s = position(g, hands(3, ["RR", "G1", "G2"], ["G4", "R8", "Y1"], ["RS", "Y4", "B6"]))
    s, events = play(g, s, "play:RR:0,0>1,0")
    assert s.direction == -1 and s.current == 2
    assert event_params(events, K.EV_DIRECTION) == [{"player": 0}]
    s, events = play(g, s, "play:RS:0,0>0,1")  # a Skip now skips seat 1, counter-clockwise
    assert s.current == 0 and event_params(events, K.EV_SKIP) == [{"player": 1}]
    s, _ = play(g, s, "discard:G1")
    assert s.current == 2


@pytest.mark.parametrize(("option", "nxt"), [(False, 1), (True, 0)])
def test_two_player_reverse_skips_option(option: bool, nxt: int) -> None:
    g = game(2, two_player_reverse_skips=option)
    s = position(g, hands(2, ["RR", "R1", "G2"], ["G4", "R8", "Y1"]), roads=[[[-1, 0, "R3"]]], anchor="free")
    s, _ = play(g, s, "play:RR:-1,0>-2,0")
    assert s.current == nxt
    assert anchor_cells(g, s) == {(0, 0)}  # the Reverse's road stays closed either way
    assert game(3, two_player_reverse_skips=True).initial_state(0).direction == 1
    g3 = game(3, two_player_reverse_skips=True)
    s3, _ = play(g3, position(g3, hands(3, ["RR", "R1", "G2"])), "play:RR:0,0>1,0")
    assert s3.current == 1  # only with two players


@pytest.mark.parametrize("card", ["W", "W4"])
def test_a_wild_must_name_a_colour_unless_it_captures(card: str) -> None:
    g = game(layout=TWO)
    s = position(g, hands(3, [card, "G6", "G7"]), scoring=["Y0", "G0"], roads=[[[1, 0, "B1"]], [[-1, 0, "Y2"]]],
                 anchor="free")
    params = rejects(g, s, f"play:{card}:1,0>2,0:R", K.NO_CAPTURE_COLOUR)
    assert params["card"] == f"@cards.uno.{card}"
    assert f"play:{card}:1,0>2,0" in legal(g, s)
    assert not any(code.startswith(f"play:{card}:1,0>2,0:") for code in legal(g, s))
    done, events = play(g, s, f"play:{card}:1,0>2,0")
    assert K.EV_COLOUR not in event_codes(events) and done.captured[0] == ("G0",)
    assert done.discard == ("B1", card)
    g6 = game()
    s = position(g6, hands(3, [card, "G1", "G2"]), start="B5")
    params = rejects(g6, s, f"play:{card}:0,0>1,0", K.NO_WILD_COLOUR)
    assert params["card"] == f"@cards.uno.{card}"


@pytest.mark.parametrize(("card", "refill", "option"), [("RD", 2, "total"), ("RD", 3, "extra"), ("W4", 4, "total"),
                                                         ("W4", 5, "extra"), ("R7", 1, "total"), ("R7", 1, "extra")])
def test_draw_cards_refill_their_player(card: str, refill: int, option: str) -> None:
    g = game(3, draw_refill=option)
    s = position(g, hands(3, [card, "G1", "G2"]))
    code = f"play:{card}:0,0>1,0" + (":B" if card == "W4" else "")
    after, events = play(g, s, code)
    assert len(after.hands[0]) == 2 + refill
    assert len(s.draw) - len(after.draw) == refill
    assert after.hands[1] == s.hands[1] and after.hands[2] == s.hands[2]  # nothing for the next player
    assert event_params(events, K.EV_REFILL) == [{"player": 0, "count": refill, "hand": 2 + refill}]


def _grow(g: NarabeRuno, draws: list[str], plays: list[str]) -> NarabeRunoState:
    """Two players: seat 0 lays Draw Twos up the column x = 1 while seat 1 discards."""
    s = position(g, [["RD", "R1", "R2"], ["B5", "B8", "Y5"]], draw=draws)
    for code in plays:
        s, _ = play(g, s, code)
        s, _ = play(g, s, f"discard:{s.hands[1][0]}")
    return s


def test_nr_06a_hand_of_seven_plays_draw_two_and_draws_one() -> None:
    g = game(2)
    draws = ["YD", "R3", "B4", "GD", "Y1", "B6", "BD", "B2", "B7", "RD", "Y3", "G5", "Y4"]
    s = _grow(g, draws, ["play:RD:0,0>1,0", "play:YD:1,0>1,-1", "play:GD:1,-1>1,-2", "play:BD:1,-2>1,-3"])
    assert len(s.hands[0]) == 7 and "RD" in s.hands[0]
    before = len(s.draw)
    s, events = play(g, s, "play:RD:1,-3>0,-3")
    assert len(s.hands[0]) == 7 and before - len(s.draw) == 1
    assert event_params(events, K.EV_REFILL) == [{"player": 0, "count": 1, "hand": 7}]


def test_nr_06b_hand_of_six_plays_wild_draw_four_and_draws_two() -> None:
    g = game(2)
    draws = ["YD", "R3", "B4", "GD", "W4", "B6", "Y1", "B2", "B7", "Y3", "Y4", "Y6"]
    s = _grow(g, draws, ["play:RD:0,0>1,0", "play:YD:1,0>1,-1", "play:GD:1,-1>1,-2"])
    assert s.hands[0] == ("B2", "R1", "R2", "R3", "W4", "Y1")
    assert {a.code for a in g.legal_plays(s)} == {f"play:W4:1,-2>{c}:{k}" for c in ("1,-3", "0,-2", "2,-2")
                                                  for k in UNO_COLOURS}
    before = len(s.draw)
    s, events = play(g, s, "play:W4:1,-2>1,-3:B")
    assert len(s.hands[0]) == 7 and before - len(s.draw) == 2
    assert event_params(events, K.EV_REFILL) == [{"player": 0, "count": 2, "hand": 7}]


@pytest.mark.parametrize(("limit", "after"), [(3, 3), (4, 4), (5, 5), (15, 6)])
def test_hand_limit_option(limit: int, after: int) -> None:
    g = game(3, hand_limit=limit)
    s = position(g, hands(3, ["W4", "G1", "G2"]))
    s, _ = play(g, s, "play:W4:0,0>1,0:Y")
    assert len(s.hands[0]) == after
    s, _ = play(g, s, f"discard:{s.hands[1][0]}")
    assert len(s.hands[1]) == min(3, limit)


def test_nr_03_a_draw_four_is_not_answered() -> None:
    """NR-03 is about plain UNO, where a Draw Four makes the *next* player draw and cannot be
    answered with another. In 並べRUNO no card ever makes another player draw: the player who
    lays a draw card refills, so there is nothing to answer. After seat 0's Wild Draw Four seat
    1 draws nothing and takes an ordinary turn; if seat 1 lays a Wild Draw Four on it, seat 1
    refills and nobody else draws."""
    g = game(3)
    s = position(g, hands(3, ["W4", "G1", "G2"], ["W4", "G3", "G4"], ["Y5", "G6", "G7"]))
    s1, events = play(g, s, "play:W4:0,0>1,0:Y")
    assert cards_held(s1) == [6, 3, 3] and len(s.draw) - len(s1.draw) == 4
    assert [e.params["player"] for e in events if e.code == K.EV_REFILL] == [0]
    assert s1.current == 1 and {"discard:G3", "discard:G4", "discard:W4"} <= legal(g, s1)
    s2, events = play(g, s1, "play:W4:1,0>2,0:B")
    assert cards_held(s2) == [6, 6, 3] and len(s1.draw) - len(s2.draw) == 4
    assert [e.params["player"] for e in events if e.code == K.EV_REFILL] == [1]


def test_nr_04_three_draw_fours_are_three_refills_of_four() -> None:
    """NR-04's house story (three Draw Fours stacked, the fourth player draws 3 x 4 = 12) has no
    stacking here; what stays true is the arithmetic: three Wild Draw Fours in a row are three
    refills of four, 12 cards in all, drawn by the three players who laid them; the fourth
    player, who holds none, draws only the usual one."""
    g = game(4)
    s = position(g, [["W4", "G1", "G2"], ["W4", "G3", "G4"], ["W4", "G6", "G7"], ["G8", "Y6", "Y7"]])
    start_draw = len(s.draw)
    s, _ = play(g, s, "play:W4:0,0>1,0:Y", "play:W4:1,0>2,0:B", "play:W4:2,0>3,0:R")
    assert start_draw - len(s.draw) == 3 * 4 == 12
    assert cards_held(s) == [6, 6, 6, 3]
    s, _ = play(g, s, "discard:G8")
    assert start_draw - len(s.draw) == 13 and cards_held(s) == [6, 6, 6, 3]


# === (d) Wild Draw Four rules =======================================================================
def test_wd4_strict_refuses_while_another_card_can_be_played() -> None:
    g = game(3)
    s = position(g, hands(3, ["W4", "R1", "G2"]))
    params = rejects(g, s, "play:W4:0,0>1,0:B", K.NO_WD4_STRICT)
    assert params["other"] == "@cards.uno.R1"
    assert not any(code.startswith("play:W4") for code in legal(g, s))
    # a number match of another colour counts too
    s = position(g, hands(3, ["W4", "B5", "G2"]))
    rejects(g, s, "play:W4:0,0>1,0:B", K.NO_WD4_STRICT)
    # a Wild in hand always bars it
    s = position(g, hands(3, ["W4", "W", "G2"]))
    assert rejects(g, s, "play:W4:0,0>1,0:B", K.NO_WD4_STRICT)["other"] == "@cards.uno.W"
    # other Wild Draw Fours do not count
    s = position(g, hands(3, ["W4", "W4", "G2"]))
    assert "play:W4:0,0>1,0:B" in legal(g, s)


def test_wd4_strict_looks_at_every_anchor_the_player_may_use() -> None:
    g = game(3)
    roads = [[[1, 0, "G1"]], [[-1, 0, "B3"]]]
    s = position(g, hands(3, ["W4", "Y3", "G2"]), roads=roads, anchor="free", start="R5")
    # Y3 fits only the blue 3 on (-1, 0); G2 fits the green 1: both bar the Wild Draw Four
    rejects(g, s, "play:W4:1,0>2,0:B", K.NO_WD4_STRICT)
    s = position(g, hands(3, ["W4", "Y7", "Y2"]), roads=roads, anchor="free", start="R5")
    assert "play:W4:1,0>2,0:B" in legal(g, s)
    # with the anchor fixed on the green 1 the blue 3 no longer counts
    s = position(g, hands(3, ["W4", "Y3", "Y2"]), roads=[[[-1, 0, "B3"]], [[1, 0, "G1"]]], start="R5")
    assert anchor_cells(g, s) == {(1, 0)} and "play:W4:1,0>2,0:B" in legal(g, s)


def test_wd4_official_refuses_only_while_holding_an_anchor_colour() -> None:
    g = game(3, wd4_rule="official")
    s = position(g, hands(3, ["W4", "B5", "G2"]))  # B5 is playable (a 5) but not red: allowed
    assert "play:W4:0,0>1,0:B" in legal(g, s)
    s = position(g, hands(3, ["W4", "R9", "G2"]))
    params = rejects(g, s, "play:W4:0,0>1,0:B", K.NO_WD4_COLOUR)
    assert params["other"] == "@cards.uno.R9" and params["colour"] == "@cards.uno.colour.R"
    # a Wild held is no card of the anchor's colour
    s = position(g, hands(3, ["W4", "W", "G2"]))
    assert "play:W4:0,0>1,0:B" in legal(g, s)
    # the colour of any anchor the player may use
    roads = [[[1, 0, "G1"]], [[-1, 0, "B3"]]]
    s = position(g, hands(3, ["W4", "Y7", "B2"]), roads=roads, anchor="free")
    rejects(g, s, "play:W4:1,0>2,0:Y", K.NO_WD4_COLOUR)
    s = position(g, hands(3, ["W4", "Y7", "B2"]), roads=[[[-1, 0, "B3"]], [[1, 0, "G1"]]])
    assert "play:W4:1,0>2,0:Y" in legal(g, s)


def test_wd4_rule_none_allows_it_always() -> None:
    g = game(3, wd4_rule="none")
    s = position(g, hands(3, ["W4", "R1", "W"]))
    assert "play:W4:0,0>1,0:B" in legal(g, s)


# === (c)1 discard and pass ==========================================================================
def test_a_discard_is_allowed_even_when_a_card_could_be_played() -> None:
    g = game(3)
    s = position(g, hands(3, ["R1", "G1", "G2"]), draw=["B4"])
    assert {"discard:R1", "discard:G1", "discard:G2"} <= legal(g, s)
    s2, events = play(g, s, "discard:R1")
    assert s2.discard == ("R1",) and s2.hands[0] == ("B4", "G1", "G2") and s2.roads == ()
    assert event_codes(events)[:2] == [K.EV_DISCARDED, K.EV_REFILL]
    assert g.explain(s, g.action_from_code("discard:R1")).reason == K.OK_DISCARD


def test_discard_only_if_stuck_option() -> None:
    g = game(3, discard_only_if_stuck=True)
    s = position(g, hands(3, ["R1", "G1", "G2"]))
    params = rejects(g, s, "discard:G1", K.NO_DISCARD_PLAYABLE)
    assert params["other"] == "@cards.uno.R1"
    assert not any(code.startswith("discard") for code in legal(g, s))
    s = position(g, hands(3, ["B1", "G1", "G2"]))
    assert legal(g, s) == {"discard:B1", "discard:G1", "discard:G2"}


def _empty_piles(g: NarabeRuno, first_hand: list[str], other: list[str], **setup: Any) -> NarabeRunoState:
    """Two players, the draw pile empty: every other card is in seat 1's captured pile."""
    scoring = ["Y0", "G0", "B0", "Y9", "G9", "B9"]
    roads = setup.pop("roads", [])
    on_roads = [c for road in roads for _, _, c, *_ in road]
    rest = rest_of_deck(["R5"], scoring, first_hand, other, on_roads)
    return position(g, [first_hand, other], scoring=scoring, captured=[[], rest], roads=roads, **setup)


def test_pass_only_with_an_empty_hand() -> None:
    g = game(2)
    s = _empty_piles(g, ["R1", "R2", "RR"], ["B4", "B6", "B7"], roads=[[[-1, 0, "G1"]]], anchor="free")
    assert s.draw == ()
    params = rejects(g, s, "pass", K.NO_PASS_CARDS)
    assert params == {"count": 3}
    s, events = play(g, s, "play:R1:0,0>1,0")
    assert event_params(events, K.EV_REFILL) == [{"player": 0, "count": 0, "hand": 2}]  # both piles empty
    s, events = play(g, s, "discard:B4")  # the discard pile is shuffled back: seat 1 draws its own card
    assert K.EV_RESHUFFLE in event_codes(events) and s.hands[1] == ("B4", "B6", "B7") and s.reshuffles == 1
    s, _ = play(g, s, "play:R2:1,0>2,0", "discard:B6", "play:RR:2,0>3,0", "discard:B7")
    assert s.hands[0] == () and s.current == 0
    assert legal(g, s) == {"pass"}
    assert g.explain(s, g.action_from_code("pass")).reason == K.OK_PASS
    rejects(g, s, "discard:R1", K.NO_NOT_IN_HAND)
    closed = anchor_cells(g, s)
    assert closed == {(0, 0), (-1, 0)}
    s, events = play(g, s, "pass")
    assert event_codes(events)[0] == K.EV_PASSED
    assert anchor_cells(g, s) == closed  # the Reverse's duty outlasts the pass
    assert s.hands[1] == ("B4", "B6", "B7")
    rejects(g, s, "play:B6:3,0>3,1", K.NO_CLOSED)


def test_free_choice_after_a_capture_lasts_through_a_pass() -> None:
    g = game(2)
    road = [[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R9"]]
    s = _empty_piles(g, ["R1", "R2", "RR"], ["B4", "B6", "R8"], roads=[road], anchor="free")
    s, _ = play(g, s, "play:R1:0,0>0,1", "discard:B4", "play:R2:0,1>0,2", "discard:B4", "play:RR:0,2>0,3")
    assert s.hands[0] == () and anchor_cells(g, s) == {(0, 0), (3, 0)}
    s, events = play(g, s, "play:R8:3,0>4,0")
    assert K.EV_CAPTURE in event_codes(events)
    free = {(0, 0), (0, 3)}  # the Reverse's road is open again: the capture gives a free choice
    assert anchor_cells(g, s) == free
    s, events = play(g, s, "pass")
    assert event_codes(events)[:2] == [K.EV_PASSED, K.EV_REFILL] and len(s.hands[0]) == 1  # a pass still refills
    assert anchor_cells(g, s) == free and s.current == 1


def test_every_option_is_covered() -> None:
    """Each field of the config is an option of (f)/(g) (or the player count) and has its tests
    in this file; a new field must get tests too."""
    assert set(NarabeRunoConfig.field_names()) == {
        "players", "layout", "boundary", "wd4_rule", "discard_only_if_stuck", "hand_limit", "draw_refill",
        "stall_limit", "reverse_turns", "two_player_reverse_skips", "start_card", "draw_scoring",
        "skip_scoring_two_players"}


# === (c)4 capture: NR-08 ============================================================================
def test_nr_08_capture_on_a_road_of_five_cards() -> None:
    g = game(3)
    road_a: list[list[Any]] = [[1, 0, "B1"], [2, 0, "B2"], [2, -1, "B3"], [2, -2, "R1"]]
    road_b: list[list[Any]] = [[0, -1, "G1"], [0, -2, "G2"], [0, -3, "G3"], [1, -3, "R2"]]
    road_c: list[list[Any]] = [[-1, 0, "Y1"]]
    s = position(g, hands(3, ["R7", "G4", "B4"], ["R8", "Y4", "B6"], ["R9", "Y2", "G6"]),
                 scoring=["Y0", "G0", "B0", "Y9", "G9", "B9"], roads=[road_b, road_c, road_a])
    area_before, placed = g.area, s.placed
    s, events = play(g, s, "play:R7:2,-2>2,-3")
    assert event_params(events, K.EV_CAPTURE) == [{"player": 0, "cell": "2,-3", "count": 5, "left": 5}]
    assert s.discard == ("B1", "B2", "B3", "R1", "R7")  # the five path cards
    assert s.captured[0] == ("Y9",)
    assert s.start == "R5"
    assert s.roads == (tuple((x, y, c, c[0]) for x, y, c in road_b), tuple((x, y, c, c[0]) for x, y, c in road_c))
    assert (2, -3) not in {cell for cell, _ in s.scoring} and (2, -3) not in g.occupied(s)
    assert g.area == area_before and (2, -3) in g.area and s.placed == placed + 1
    assert anchor_cells(g, s) == {(0, 0), (1, -3), (-1, 0)}  # the next player chooses freely
    assert g.census(s) == Counter(UNO_108)
    # the captured cell is an ordinary empty cell now: laying a card there captures nothing
    assert reason(g, s, "play:R8:1,-3>2,-3") == K.OK_PLAY
    s, events = play(g, s, "play:R8:1,-3>2,-3")
    assert K.EV_CAPTURE not in event_codes(events) and s.roads[0][-1] == (2, -3, "R8", "R")


def test_capture_with_a_skip_gives_the_free_choice_to_the_player_after_the_skipped_one() -> None:
    g = game(3)
    roads = [[[-1, 0, "G1"]], [[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R1"]]]
    s = position(g, hands(3, ["RS", "G4", "B4"], ["R8", "Y4", "B6"], ["R9", "Y2", "G6"]), roads=roads)
    s, events = play(g, s, "play:RS:3,0>4,0")
    assert K.EV_CAPTURE in event_codes(events) and event_params(events, K.EV_SKIP) == [{"player": 1}]
    assert s.current == 2 and anchor_cells(g, s) == {(0, 0), (-1, 0)}
    assert reason(g, s, "play:R9:0,0>1,0") == K.OK_NEW_ROAD


def test_capture_reason_code() -> None:
    g = game(3)
    s = position(g, hands(3, ["R7", "G4", "B4"]), roads=[[[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R1"]]])
    assert g.explain(s, g.action_from_code("play:R7:3,0>4,0")).reason == K.OK_CAPTURE
    assert g.explain(s, g.action_from_code("play:R7:3,0>3,1")).reason == K.OK_PLAY


# === (c)5 refill and reshuffle ======================================================================
def test_an_empty_draw_pile_is_replaced_by_the_shuffled_discard_pile() -> None:
    g = game(2)
    s = _empty_piles(g, ["R1", "R2", "R3"], ["B4", "B6", "B7"], roads=[[[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R9"]]])
    s, events = play(g, s, "play:R1:3,0>4,0")  # capture: four road cards go to the discard pile
    assert K.EV_RESHUFFLE in event_codes(events)
    assert event_params(events, K.EV_RESHUFFLE) == [{"count": 4}]
    assert s.reshuffles == 1 and len(s.draw) == 3 and s.discard == ()
    assert sorted(s.draw + tuple(c for c in s.hands[0] if c not in ("R2", "R3"))) == ["B1", "B2", "R1", "R9"]
    assert g.census(s) == Counter(UNO_108)


# === (e) end ========================================================================================
def test_nr_12_six_scoring_cards_end_at_the_fifth_capture() -> None:
    g = game(2)
    roads = [[[-1, 0, "B1"], [-2, 0, "B2"], [-3, 0, "R1"]], [[1, 0, "B3"], [2, 0, "B4"], [3, 0, "R2"]],
             [[0, -1, "B6"], [0, -2, "B7"], [1, -2, "B8"], [2, -2, "R3"]],
             [[0, 1, "G1"], [0, 2, "G2"], [-1, 2, "G3"], [-2, 2, "R4"]]]
    s = position(g, [["R6", "R8", "R6"], ["R7", "R9", "R7"]], scoring=["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"],
                 draw=["R8", "R9", "R0"], roads=roads, anchor="free")
    captures = ["play:R6:-3,0>-4,0", "play:R7:3,0>4,0", "play:R8:2,-2>2,-3", "play:R9:-2,2>-2,3"]
    for i, code in enumerate(captures):
        s, events = play(g, s, code)
        assert K.EV_CAPTURE in event_codes(events) and not g.is_terminal(s)
        assert len(s.scoring) == 5 - i
    assert s.roads == () and anchor_cells(g, s) == {(0, 0)}
    s, _ = play(g, s, "play:R6:0,0>0,1", "play:R7:0,1>1,1", "play:R8:1,1>2,1", "play:R9:2,1>2,2")
    assert not g.is_terminal(s)
    hand = len(s.hands[0])
    s, events = play(g, s, "play:R0:2,2>2,3")
    codes = event_codes(events)
    assert codes.index(K.EV_CAPTURE) < codes.index(K.EV_REFILL) < codes.index(K.EV_LAST) < codes.index(K.EV_GAME_OVER)
    assert len(s.hands[0]) == hand  # the capturer still refilled
    assert g.is_terminal(s) and s.termination == K.END_LAST and legal(g, s) == set()
    assert [c for _, c in s.scoring] == ["Y3"]  # left on the table: it scores for nobody
    assert s.captured == (("Y1", "Y4", "Y6"), ("Y2", "Y5"))
    outcome = g.outcome(s)
    assert outcome is not None and outcome.termination == K.END_LAST
    assert outcome.scores == (11.0, 7.0) and outcome.winners == (0,)
    assert outcome.details["captures"] == [3, 2] and outcome.details["scoring_left"] == 1
    rejects(g, s, "discard:R1", K.NO_GAME_OVER)


def test_the_game_ends_when_one_scoring_card_is_left_on_any_layout() -> None:
    g = game(2, layout=[(-3, 0), (3, 0), (0, 3)])
    roads = [[[1, 0, "B1"], [2, 0, "R1"]], [[-1, 0, "B2"], [-2, 0, "R2"]]]
    s = position(g, [["R6", "R7", "G1"], ["R8", "R9", "G2"]], scoring=["Y1", "Y2", "Y3"], roads=roads,
                 anchor="free")
    s, _ = play(g, s, "play:R6:2,0>3,0")
    assert not g.is_terminal(s) and len(s.scoring) == 2
    s, events = play(g, s, "play:R8:-2,0>-3,0")
    assert s.termination == K.END_LAST and event_params(events, K.EV_LAST) == [{"player": 1}]
    assert g.scores(s) == (2.0, 1.0)  # seat 0 took Y2 on (3, 0), seat 1 Y1 on (-3, 0)


def test_stall_limit_ends_the_game() -> None:
    g = game(3)
    s = position(g, hands(3, ["R1", "G1", "G2"]), captured=[["R7"], [], []])
    for _ in range(8):
        s, _ = play(g, s, f"discard:{s.hands[s.current][0]}")
    assert not g.is_terminal(s) and s.idle == 8
    s, events = play(g, s, f"discard:{s.hands[s.current][0]}")
    assert event_params(events, K.EV_STALLED) == [{"rounds": 3}]
    assert s.termination == K.END_STALLED
    outcome = g.outcome(s)
    assert outcome is not None and outcome.termination == "narabe_runo.end.stalled"
    assert outcome.scores == (7.0, 0.0, 0.0) and outcome.details["stalled"]


def test_a_card_laid_resets_the_stall_count() -> None:
    g = game(2, stall_limit=1)
    s = position(g, [["R1", "G1", "G2"], ["B6", "B7", "B8"]])
    s, _ = play(g, s, "discard:G1")
    assert s.idle == 1
    s, _ = play(g, s, "discard:B6")
    assert s.termination == K.END_STALLED
    s = position(g, [["R1", "G1", "G2"], ["B6", "B7", "B8"]])
    s, _ = play(g, s, "play:R1:0,0>1,0")
    assert s.idle == 0
    s, _ = play(g, s, "discard:B6")
    assert not g.is_terminal(s)
    s, _ = play(g, s, f"discard:{s.hands[0][0]}")
    assert g.is_terminal(s)


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_stall_limit_option(limit: int) -> None:
    g = game(4, stall_limit=limit)
    s = position(g, hands(4, ["G1", "G2", "G4"], ["Y4", "G4", "B4"]))
    for turn in range(4 * limit):
        assert not g.is_terminal(s)
        s, _ = play(g, s, f"discard:{s.hands[s.current][0]}")
    assert s.termination == K.END_STALLED and s.turn == 4 * limit


# === (e) scoring ====================================================================================
def _capture_ends(players: int, capturer: int, card: str, draw: tuple[str, ...] | list[str] = (), **options: Any
                  ) -> tuple[NarabeRuno, NarabeRunoState]:
    """Seat ``capturer`` moves first and captures ``card`` on (2, 0) of the two-cell layout."""
    g = game(players, layout=TWO, **options)
    hs = [list(h) for h in ([["Y6", "Y7", "B8"], ["G6", "G7", "B6"], ["Y3", "G3", "B3"], ["Y4", "G4", "B4"]])[:players]]
    hs[capturer] = ["R7", "G1", "G2"]
    s = position(g, hs, first=capturer, scoring=["Y5", card], roads=[[[1, 0, "R1"]]], draw=list(draw))
    s, _ = play(g, s, "play:R7:1,0>2,0")
    assert s.termination == K.END_LAST and s.captured[capturer] == (card,)
    return g, s


def test_a_number_scores_its_number_for_the_capturer() -> None:
    g, s = _capture_ends(3, 1, "G8")
    assert g.scores(s) == (0.0, 8.0, 0.0)
    g, s = _capture_ends(3, 2, "B0")
    assert g.scores(s) == (0.0, 0.0, 0.0)
    outcome = g.outcome(s)
    assert outcome is not None and outcome.winners == (0, 1, 2)  # a tie is shared


def test_nr_09_four_players_seat_1_captures_a_skip() -> None:
    g, s = _capture_ends(4, 1, "GS")
    assert g.scores(s) == (0.0, 0.0, 0.0, 3.0)


def test_nr_10_four_players_seat_1_captures_a_reverse() -> None:
    g, s = _capture_ends(4, 1, "GR")
    assert g.scores(s) == (3.0, 0.0, 0.0, 0.0)


def test_nr_11_four_players_seat_1_captures_a_wild() -> None:
    g, s = _capture_ends(4, 1, "W")
    assert g.scores(s) == (3.0, 0.0, 3.0, 3.0)
    outcome = g.outcome(s)
    assert outcome is not None and outcome.winners == (0, 2, 3)


def test_skip_and_reverse_scoring_count_the_fixed_seating() -> None:
    g, s = _capture_ends(3, 0, "GS")
    assert g.scores(s) == (0.0, 0.0, 3.0)  # three players: the player before the capturer
    g, s = _capture_ends(3, 0, "GR", reverse_turns=True)
    assert g.scores(s) == (0.0, 0.0, 3.0)
    g, s = _capture_ends(4, 3, "YS", reverse_turns=True)
    assert g.scores(s) == (0.0, 3.0, 0.0, 0.0)


@pytest.mark.parametrize(("option", "scores"), [("capturer", (3.0, 0.0)), ("opponent", (0.0, 3.0))])
def test_skip_scoring_with_two_players_option(option: str, scores: tuple[float, float]) -> None:
    g, s = _capture_ends(2, 0, "BS", skip_scoring_two_players=option)
    assert g.scores(s) == scores
    g, s = _capture_ends(2, 0, "BR", skip_scoring_two_players=option)
    assert g.scores(s) == (0.0, 3.0)  # a Reverse is not affected


@pytest.mark.parametrize(("card", "drawn", "points"), [
    ("GD", ["Y3", "B8"], 8), ("GD", ["B8", "Y3"], 8), ("GD", ["GS", "YR"], 0), ("GD", ["W", "B0"], 0),
    ("W4", ["Y2", "GS", "B7", "R4"], 7), ("W4", ["W", "GS", "YD", "BR"], 0),
])
def test_draw_cards_score_the_highest_number_drawn(card: str, drawn: list[str], points: int) -> None:
    g, s = _capture_ends(3, 1, card, draw=["B1", *drawn, "Y9"])
    assert s.hands[1] == ("B1", "G1", "G2")  # the capturer refilled before the reveal
    assert g.scores(s) == (0.0, float(points), 0.0)
    assert s.reveal[1] == ((card, points, 1, tuple(drawn)),)
    assert s.discard[-len(drawn):] == tuple(drawn) and s.draw[-1] == "Y9"  # drawn cards to the discard pile
    assert g.census(s) == Counter(UNO_108)


@pytest.mark.parametrize(("option", "drawn", "points"), [
    ("highest_or_zero", ["GS", "YR"], 0), ("draw_until_number", ["GS", "YR", "W", "B6"], 6),
    ("draw_until_number", ["Y2", "YR"], 2),
])
def test_draw_scoring_option(option: str, drawn: list[str], points: int) -> None:
    g, s = _capture_ends(3, 1, "GD", draw=["B1", *drawn, "Y9", "R8"], draw_scoring=option)
    assert g.scores(s)[1] == points
    assert s.reveal[1][0][3] == tuple(drawn) and s.draw[-1] == "Y9"


def test_draw_cards_resolve_in_seat_order_from_the_first_player() -> None:
    g = game(3, layout=TWO)
    s = position(g, [["Y6", "Y7", "B8"], ["R7", "G1", "G2"], ["Y3", "G3", "B3"]], first=1, scoring=["Y5", "G6"],
                 roads=[[[1, 0, "R1"]]], captured=[["RD"], ["BD"], ["YD"]],
                 draw=["B1", "Y2", "B4", "G8", "R3", "Y7", "B9"])
    s, events = play(g, s, "play:R7:1,0>2,0")
    assert s.reveal[1] == (("BD", 4, 1, ("Y2", "B4")), ("G6", 6, 1, ()))
    assert s.reveal[2] == (("YD", 8, 2, ("G8", "R3")),)
    assert s.reveal[0] == (("RD", 9, 0, ("Y7", "B9")),)
    assert g.scores(s) == (9.0, 10.0, 8.0)
    reveals = [e.params["player"] for e in events if e.code.startswith(f"{NS}.event.reveal_")]
    assert reveals == [1, 1, 2, 0]


def test_scoring_draws_reshuffle_the_discard_pile_or_take_what_there_is() -> None:
    g = game(2, layout=TWO)
    scoring = ["Y5", "GD"]
    first_hand, other = ["R7", "G1", "G2"], ["B4", "B6", "B7"]
    rest = rest_of_deck(["R5"], scoring, first_hand, other, ["B1", "R1"])
    s = position(g, [first_hand, other], scoring=scoring, roads=[[[1, 0, "R1"]]], captured=[[], rest])
    assert s.draw == ("B1",)
    s, events = play(g, s, "play:R7:1,0>2,0")
    # the capturer refilled B1; the road (R1, R7) is the discard pile, shuffled in for the Draw Two
    assert s.hands[0] == ("B1", "G1", "G2")
    assert sorted(s.reveal[0][0][3]) == ["R1", "R7"] and s.reveal[0][0][1] == 7
    assert event_params(events, K.EV_RESHUFFLE)[0] == {"count": 2} and s.reshuffles >= 1
    g2 = game(2, layout=TWO)
    rest = rest_of_deck(["R5"], scoring, first_hand, other, ["R1"])
    s = position(g2, [first_hand, other], scoring=scoring, roads=[[[1, 0, "R1"]]], captured=[[], rest])
    s, _ = play(g2, s, "play:R7:1,0>2,0")  # the refill took the reshuffled road; one card is left
    assert s.hands[0] in (("G1", "G2", "R1"), ("G1", "G2", "R7"))
    assert len(s.reveal[0][0][3]) == 1


def test_ties_share_the_win() -> None:
    g = game(3, stall_limit=1)
    s = position(g, hands(3, ["R1", "G1", "G2"]), captured=[["R3"], ["B1", "Y2"], ["G2"]])
    s = end_by_stall(g, s)
    outcome = g.outcome(s)
    assert outcome is not None and outcome.scores == (3.0, 3.0, 2.0) and outcome.winners == (0, 1)


def test_scores_are_zero_before_the_end() -> None:
    g = game(3)
    s = position(g, hands(3, ["R1", "G1", "G2"]), captured=[["R9"], [], []])
    assert g.scores(s) == (0.0, 0.0, 0.0) and g.outcome(s) is None


# === hidden information =============================================================================
def _midgame() -> tuple[NarabeRuno, NarabeRunoState]:
    g = game(3)
    roads = [[[-1, 0, "G1"]], [[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R1"]]]
    s = position(g, hands(3, ["R7", "W", "B4"], ["R8", "Y4", "B6"], ["R9", "Y2", "G6"]), roads=roads,
                 captured=[["G9"], ["YS"], []], scoring=["Y0", "G0", "B0", "W4", "GD", "B9"])
    s, _ = play(g, s, "play:R7:3,0>4,0")
    assert s.captured == (("G9", "G0"), ("YS",), ())
    return g, s


def test_observe_hides_hands_draw_pile_scoring_and_captured_cards() -> None:
    g, s = _midgame()
    for seat in range(3):
        obs = g.observe(s, seat)
        for q, p in enumerate(obs["players"]):
            assert p["hand"] == (list(s.hands[q]) if q == seat else None)
            assert p["hand_count"] == len(s.hands[q])
            assert p["captured"] is None and p["captured_count"] == len(s.captured[q])  # own captures too
        assert obs["scoring_cards"] is None and obs["reveal"] is None and obs["scores"] is None
        assert obs["draw_count"] == len(s.draw) and "draw" not in obs
        assert obs["scoring_cells"] == [list(cell) for cell, _ in s.scoring]
        assert obs["discard"] == list(s.discard)
        # swapping everything the seat may not see changes nothing it sees
        other = [list(h) for h in s.hands]
        pool = [c for q in range(3) if q != seat for c in other[q]] + list(s.draw)
        pool += [c for _, c in s.scoring] + [c for cards in s.captured for c in cards]
        random.Random(seat).shuffle(pool)
        it = iter(pool)
        swapped = s._replace(
            hands=tuple(s.hands[q] if q == seat else tuple(sorted(next(it) for _ in s.hands[q])) for q in range(3)),
            scoring=tuple((cell, next(it)) for cell, _ in s.scoring),
            captured=tuple(tuple(next(it) for _ in cards) for cards in s.captured),
            draw=tuple(it))
        assert swapped != s and g.census(swapped) == g.census(s)
        assert g.observe(swapped, seat) == obs


def test_observe_reveals_everything_at_the_end() -> None:
    g, s = _capture_ends(3, 1, "G8")
    for seat in (0, 1, 2):
        obs = g.observe(s, seat)
        assert obs["players"][1]["captured"] == ["G8"] and obs["scoring_cards"] == ["Y5"]
        assert obs["scores"] == [0.0, 8.0, 0.0] and obs["termination"] == K.END_LAST
        assert obs["players"][(seat + 1) % 3]["hand"] is None


def test_determinize_keeps_the_observation() -> None:
    g, s = _midgame()
    for seat in range(3):
        changed = 0
        for k in range(6):
            d = g.determinize(s, seat, random.Random(k))
            assert g.observe(d, seat) == g.observe(s, seat)
            assert g.census(d) == g.census(s)
            assert d.hands[seat] == s.hands[seat]
            changed += d.captured != s.captured or d.scoring != s.scoring
        assert changed  # the hidden cards really are resampled
    g, s = _capture_ends(3, 1, "G8")
    d = g.determinize(s, 0, random.Random(1))
    assert d.captured == s.captured and d.scoring == s.scoring


def test_events_never_name_a_captured_or_scoring_card_before_the_end() -> None:
    g = game(3)
    s = position(g, hands(3, ["R7", "G4", "B4"]), roads=[[[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R1"]]],
                 scoring=["Y0", "GS", "B0", "Y9", "G9", "B9"])
    _, events = play(g, s, "play:R7:3,0>4,0")
    assert "GS" not in repr([e.params for e in events])


# === every refusal, by reason code ==================================================================
def _finished() -> tuple[NarabeRuno, NarabeRunoState, str]:
    g = game(2, stall_limit=1)
    s = end_by_stall(g, position(g, [["R1", "G1", "G2"], ["B6", "B7", "B8"]]))
    return g, s, "discard:R1"


def _one(code: str, hand: list[str], options: dict[str, Any] | None = None, **setup: Any
         ) -> Callable[[], tuple[NarabeRuno, NarabeRunoState, str]]:
    """A three-player position with seat 0 holding ``hand``, and the action to refuse."""
    def build() -> tuple[NarabeRuno, NarabeRunoState, str]:
        g = game(3, **(options or {}))
        return g, position(g, hands(3, hand), **setup), code
    return build


def _closed() -> tuple[NarabeRuno, NarabeRunoState, str]:
    g = game(3)
    s = position(g, hands(3, ["RR", "G1", "G2"], ["R8", "B2", "Y1"]), roads=[[[1, 0, "R7"]], [[-1, 0, "R3"]]])
    s, _ = play(g, s, "play:RR:-1,0>-2,0")
    return g, s, "play:R8:-2,0>-3,0"


def _no_anchor() -> tuple[NarabeRuno, NarabeRunoState, str]:
    g = game(3, layout=STRIP)
    roads = [[[0, 1, "B1"]], [[-1, 0, "B2"], [-2, 0, "B3"], [-2, 1, "B4"], [-1, 1, "B6"]],
             [[1, 0, "G1"], [2, 0, "G2"], [2, 1, "R1"]]]
    s = position(g, hands(3, ["RR", "G4", "Y2"], ["R8", "B7", "Y1"]), scoring=["Y0", "G0", "B0", "Y9"], roads=roads)
    s, _ = play(g, s, "play:RR:2,1>1,1")
    return g, s, "play:R8:0,0>0,-1"


def _capture_colour() -> tuple[NarabeRuno, NarabeRunoState, str]:
    g = game(3)
    s = position(g, hands(3, ["W", "G1", "G2"]), roads=[[[1, 0, "B1"], [2, 0, "B2"], [3, 0, "R1"]]])
    return g, s, "play:W:3,0>4,0:G"


def _pass_with_cards() -> tuple[NarabeRuno, NarabeRunoState, str]:
    g = game(3)
    return g, position(g, hands(3, ["R1", "G1", "G2"])), "pass"


REFUSALS: dict[str, Callable[[], tuple[NarabeRuno, NarabeRunoState, str]]] = {
    K.NO_GAME_OVER: _finished,
    K.NO_NOT_IN_HAND: _one("play:R9:0,0>1,0", ["R1", "G1", "G2"]),
    K.NO_NO_MATCH: _one("play:B7:0,0>1,0", ["B7", "G1", "G2"]),
    K.NO_NOT_NEXT: _one("play:R1:0,0>-2,0", ["R1", "G1", "G2"]),
    K.NO_TAKEN: _one("play:R1:0,0>1,0", ["R1", "G1", "G2"], roads=[[[1, 0, "R7"]]], anchor="free"),
    K.NO_OUTSIDE: _one("play:R1:3,3>4,3", ["R1", "G1", "G2"],
                       roads=[[[1, 0, "R2"], [2, 0, "R3"], [3, 0, "R4"], [3, 1, "R6"], [3, 2, "R7"], [3, 3, "R8"]]]),
    K.NO_MUST_EXTEND: _one("play:R1:0,0>0,1", ["R1", "G1", "G2"], roads=[[[1, 0, "R7"]]]),
    K.NO_NOT_ANCHOR: _one("play:R1:1,0>1,1", ["R1", "G1", "G2"], roads=[[[1, 0, "R7"], [2, 0, "R8"]]],
                          anchor="free"),
    K.NO_CLOSED: _closed,
    K.NO_NO_ANCHOR: _no_anchor,
    K.NO_WD4_STRICT: _one("play:W4:0,0>1,0:R", ["W4", "R1", "G2"]),
    K.NO_WD4_COLOUR: _one("play:W4:0,0>1,0:R", ["W4", "R9", "G2"], options={"wd4_rule": "official"}),
    K.NO_DISCARD_PLAYABLE: _one("discard:G1", ["R1", "G1", "G2"], options={"discard_only_if_stuck": True}),
    K.NO_PASS_CARDS: _pass_with_cards,
    K.NO_WILD_COLOUR: _one("play:W:0,0>1,0", ["W", "G1", "G2"]),
    K.NO_CAPTURE_COLOUR: _capture_colour,
}


def test_every_refusal_code_has_a_scenario() -> None:
    # (NO_FITS_NOWHERE answers a click on a card, not an action: see the test below)
    assert set(REFUSALS) == {code for code in K.REASON_CODES if ".illegal." in code} - {K.NO_FITS_NOWHERE}
    assert {code for code in K.REASON_CODES if ".ok." in code} == {
        K.OK_PLAY, K.OK_NEW_ROAD, K.OK_CAPTURE, K.OK_DISCARD, K.OK_PASS}


def test_a_clicked_card_is_explained_by_its_plays_its_discard_or_why_it_fits_nowhere() -> None:
    g, s, _ = _one("discard:G1", ["R1", "G1", "G2"], options={"discard_only_if_stuck": True})()
    assert g.explain_code(s, "R1").reason == K.OK_NEW_ROAD  # its first legal play
    verdict = g.explain_code(s, "G1")  # fits no anchor, and discarding waits until nothing fits
    assert verdict.reason == K.NO_FITS_NOWHERE and verdict.params["other"] == "@cards.uno.R1"
    assert verdict.text("en") == ("green 1 fits no anchor now, and a card may be discarded only when none can be "
                                  "laid: you could lay red 1.")
    g, s, _ = _one("discard:G1", ["R1", "G1", "G2"])()
    assert g.explain_code(s, "G1").reason == K.OK_DISCARD  # without the option it may be discarded
    g, s, _ = _one("play:W4:0,0>1,0:R", ["W4", "R1", "G2"], options={"discard_only_if_stuck": True})()
    assert g.explain_code(s, "W4").reason == K.NO_WD4_STRICT  # a rule bars its plays (and R1 fits)
    assert g.explain_code(s, "B5").reason == K.NO_NOT_IN_HAND
    assert g.explain_code(s, "play:R1:0,0>1,0").ok  # an action code is explained as it is


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_refusal_leaves_the_state_unchanged(code: str) -> None:
    g, s, action = REFUSALS[code]()
    rejects(g, s, action, code)
