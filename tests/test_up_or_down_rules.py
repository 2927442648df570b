"""Up or Down? rules: every test vector UOD-01..UOD-14 of shared/rules/up_or_down.md (each test
names its vector), the set-up, the turn, every refusal with its reason (the state unchanged),
each variant alone and in combination, the options and their errors, and hidden information.
Positions are stacked with the engine's set-up options (``first``, ``deck``, ``columns``,
``discards``, ``moves``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablekit import make
from tablekit.core.errors import ConfigError, IllegalActionError, InvalidActionError
from tablekit.games.up_or_down import PRESETS, colour
from tablekit.games.up_or_down.config import (
    PROVISIONAL_GREEN_TABLE,
    PROVISIONAL_PURE_TABLE,
    RANGES,
    UpOrDownConfig,
    card_range,
)
from tablekit.games.up_or_down.lessons import deal
from tablekit.games.up_or_down.rules import UpOrDown, cards_in_areas, neighbours
from tablekit.games.up_or_down.state import DOWN, DRAW, NONE, PLACE, PLAY, TAKE, UP

NS = "up_or_down"


def game(players: int = 2, preset: str = "base", **options: Any) -> UpOrDown:
    g = make(NS, preset=preset, players=players, **options)
    assert isinstance(g, UpOrDown)
    return g


def play(g: UpOrDown, state: Any, *codes: str) -> Any:
    for code in codes:
        state, _ = g.step(state, g.action_from_code(code))
    return state


def legal(g: UpOrDown, state: Any) -> set[str]:
    return {a.code for a in g.legal_actions(state)}


def refused(g: UpOrDown, state: Any, code: str) -> tuple[str, dict[str, Any]]:
    """Step an illegal action: the reason code and params; the state is left as it was."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        g.step(state, g.action_from_code(code))
    assert state == before
    verdict = info.value.verdict
    assert not g.explain(state, g.action_from_code(code)).ok
    for lang in ("en", "ja"):
        text = verdict.text(lang)
        assert text and "{" not in text and text != verdict.reason
    return verdict.reason, dict(verdict.params)


# --- UOD-01 ---------------------------------------------------------------------------------------
def test_uod01_colour_of_a_card() -> None:
    assert [colour(n) for n in (1, 6, 7, 121, 126)] == ["yellow", "teal", "yellow", "yellow", "teal"]
    g = game(6)
    assert [g.colour_of(n) for n in (1, 2, 3, 4, 5, 6)] == ["yellow", "red", "blue", "pink", "purple", "teal"]
    for top in (42, 54, 60, 78, 96, 102, 126):  # every range holds each colour equally often
        counts = {c: sum(colour(n) == c for n in range(1, top + 1)) for c in set(map(colour, range(1, 7)))}
        assert set(counts.values()) == {top // 6}


# --- UOD-02 .. UOD-06: the ring --------------------------------------------------------------------
def _ring_position(ring: list[int], hand: list[int], players: int = 4) -> tuple[UpOrDown, Any]:
    g = game(players)
    others = [c for c in range(1, g.config.top_card + 1) if c not in ring and c not in hand]
    deck = hand + others[: 3 * (players - 1)] + ring
    return g, g.initial_state(0, first=0, deck=deck)


def test_uod02_a_card_between_two_ring_cards() -> None:
    g, s = _ring_position([3, 7, 33, 60, 80, 99], [14, 50, 90])
    s = play(g, s, "play:14")
    assert neighbours(s.ring, 14) == (7, 33)
    assert legal(g, s) == {"take:7", "take:33"}


def test_uod03_below_the_lowest_wraps_round() -> None:
    g, s = _ring_position([7, 20, 40, 60, 80, 106 - 4], [5, 50, 90])
    g, s = _ring_position([7, 20, 40, 60, 80, 101], [5, 50, 90])
    s = play(g, s, "play:5")
    assert neighbours(s.ring, 5) == (101, 7)
    assert legal(g, s) == {"take:101", "take:7"}
    assert refused(g, s, "take:5")[0] == f"{NS}.illegal.take_played"
    # The spec's own figures (lowest 7, highest 106) need the 126-card range.
    g6, s6 = _ring_position([7, 20, 40, 60, 80, 106], [5, 50, 90], players=6)
    s6 = play(g6, s6, "play:5")
    assert legal(g6, s6) == {"take:106", "take:7"}


def test_uod04_neighbours_34_and_52() -> None:
    g, s = _ring_position([10, 34, 52, 70, 80, 90], [37, 1, 2])
    s = play(g, s, "play:37")
    assert neighbours(s.ring, 37) == (34, 52) and legal(g, s) == {"take:34", "take:52"}


def test_uod05_and_06_the_note_review_ring() -> None:
    ring = [10, 24, 45, 70, 91, 102]
    g, s = _ring_position(ring, [68, 1, 2], players=5)
    assert legal(g, play(g, s, "play:68")) == {"take:45", "take:70"}
    g, s = _ring_position(ring, [105, 1, 2], players=5)
    assert legal(g, play(g, s, "play:105")) == {"take:102", "take:10"}


# --- UOD-07 .. UOD-09: columns ------------------------------------------------------------------
def _taken(card: int, columns: list[list[int]], **options: Any) -> tuple[UpOrDown, Any]:
    """Seat 0 about to place ``card`` (played 1, which lands next to ``card`` in the ring)."""
    g = game(2, **options)
    ring = sorted([card, 53, 50, 47, 44, 41])
    s = g.initial_state(0, **deal([[1, 2, 3], [4, 5, 8]], ring, columns=[columns, []]))
    s = play(g, s, "play:1", f"take:{card}")
    assert s.phase == PLACE and s.taken == card
    return g, s


def test_uod07_second_card_makes_a_column_descending() -> None:
    g, s = _taken(15, [[20]])
    assert g.explain(s, g.action_from_code("col:1")).reason == f"{NS}.ok.sets_down"
    s = play(g, s, "col:1")
    assert s.columns[0] == ((20, 15),) and s.dirs[0] == (DOWN,)


def test_uod08_descending_column_refuses_a_higher_card() -> None:
    g, s = _taken(18, [[20, 15]])
    assert "col:1" not in legal(g, s)
    reason, params = refused(g, s, "col:1")
    assert reason == f"{NS}.illegal.not_lower" and params == {"card": 18, "column": 1, "last": 15}
    assert g.explain(s, g.action_from_code("col:1")).text("en") == "Column 1 goes down: 18 is not below 15."
    g, s = _taken(18, [[10, 25]])
    assert refused(g, s, "col:1")[0] == f"{NS}.illegal.not_higher"


def test_uod09_a_card_that_fits_nowhere_abandons_a_column() -> None:
    g, s = _taken(18, [[20, 15], [30, 40], [25, 35]])
    assert legal(g, s) == {"abandon:1", "abandon:2", "abandon:3"}
    assert refused(g, s, "new")[0] == f"{NS}.illegal.fourth_column"
    s = play(g, s, "abandon:2")
    assert s.columns[0] == ((20, 15), (18,), (25, 35)) and s.dirs[0] == (DOWN, NONE, UP)
    assert s.discards[0] == (30, 40)
    assert g.breakdown(s, 0).discard_points == 2


def test_abandoning_is_allowed_while_a_slot_is_free_or_the_card_fits() -> None:
    g, s = _taken(18, [[10, 12]])
    assert legal(g, s) == {"col:1", "new", "abandon:1"}
    reason, params = refused(g, s, "col:2")
    assert reason == f"{NS}.illegal.no_such_column" and params["column"] == 2
    assert refused(g, s, "abandon:3")[0] == f"{NS}.illegal.no_such_column"


# --- UOD-10: every worked scoring example of the source ---------------------------------------------
# Columns of real cards (placement order, directions) that reproduce each printed row: its
# length and the count of its most frequent colour. Colours: n -> (n - 1) % 6 of yellow, red,
# blue, pink, purple, teal; teal (green) cards are the multiples of 6.
Y = [1, 7, 13, 19, 25, 31, 37, 43, 49, 55, 61]
R = [2, 8, 14, 20, 26, 32, 38, 44, 50, 56]
B = [3, 9, 15, 21, 27, 33, 39, 45, 51, 57]
P = [4, 10, 16, 22, 28, 34, 40, 46, 52, 58]
V = [5, 11, 17, 23, 29, 35, 41, 47, 53, 59]
G = [6, 12, 18, 24, 30, 36, 42, 48, 54, 60]


def _column(groups: list[list[int]]) -> tuple[int, ...]:
    """An ascending column made of the given cards."""
    return tuple(sorted(c for group in groups for c in group))


EXAMPLES: dict[str, dict[str, Any]] = {
    "basic_1": dict(options={}, columns=[_column([Y[:3], R[:3], B[:3]]), _column([P[:5], V[:2]]),
                                         _column([R[3:5], B[3:5]])], discards=[], rows=[27, 35, 8], extra=0, total=70),
    "basic_2": dict(options={}, columns=[_column([Y[:7]]), (70,), _column([R[:2], B[:2], P[:1], V[:1]])],
                    discards=[100, 101, 102, 103, 104, 105], rows=[49, 1, 12], extra=0, total=68),
    "rainbow": dict(options={"rainbow": "consecutive"},
                    columns=[(1, 2, 3, 4, 5, 6, 7), _column([R[5:8], B[5:7]]), (60, 66)],
                    discards=[100, 101, 102, 103, 104, 105], rows=[14, 15, 4], extra=10, total=49),
    "pure_colour": dict(options={"pure_colour": True},
                        columns=[_column([Y[:2], R[:2], B[:1], P[:1]]), _column([V[:3], Y[5:7]]), _column([G[:3]])],
                        discards=[100, 101, 102, 103, 104, 105], rows=[12, 15, 9], extra=10, total=52),
    "greenhorn": dict(options={"greenhorn": "bonus"},
                      columns=[_column([Y[:2], R[:2], B[:1], G[:1]]), _column([P[:5], G[1:3]]), _column([V[:2]])],
                      discards=[G[3], G[4], 100, 101, 103, 104], rows=[12, 35, 4], extra=15, total=72),
    "greenhorn_pro": dict(options={"greenhorn": "pro"},
                          columns=[_column([Y[:2], R[:2], B[:2], G[:1]]), _column([P[:4], G[1:2], V[:1]]),
                                   _column([G[2:4]])],
                          discards=[G[4], G[5], 100, 101, 103, 104], rows=[14, 24, 4], extra=-6, total=42),
    # Special colour pink: +1 per pink card going up, -1 per pink card going down.
    "special": dict(options={"special": "basic", "special_colour": "pink"},
                    columns=[_column([Y[:2], R[:1], P[:2]]), _column([V[:5], P[2:3], B[:1]]),
                             tuple(sorted([P[5], P[6]], reverse=True))],
                    discards=[100, 101, 102, 103, 104, 105], rows=[10, 35, 4], extra=1, total=56),
    # Pro: pink +1 going up, red -1 going down; the printed "6 x 2 = 10" is a 5-card row (spec).
    "special_pro": dict(options={"special": "pro", "special_colour": "pink", "special_down_colour": "red"},
                        columns=[_column([Y[:2], B[:2], V[:1]]), _column([P[:5], V[1:3]]),
                                 tuple(sorted([R[5], R[6]], reverse=True))],
                        discards=[100, 101, 102, 103, 104, 105], rows=[10, 35, 4], extra=3, total=58),
}


def _directions(columns: list[tuple[int, ...]]) -> list[int]:
    return [NONE if len(c) < 2 else (UP if c[1] > c[0] else DOWN) for c in columns]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_uod10_every_worked_scoring_example(name: str) -> None:
    example = EXAMPLES[name]
    g = game(6, **example["options"])
    colours = g._variant_colours(0)  # the fixed colours of the options
    columns = example["columns"]
    b = g.score(columns, _directions(columns), example["discards"], colours)
    assert [c.base for c in b.columns] == example["rows"], [(c.length, c.top_count) for c in b.columns]
    extras = sum(c.rainbow + c.pure + c.special for c in b.columns) + b.green_points
    assert b.discard_points == len(example["discards"])
    assert extras == example["extra"] and b.total == example["total"]


def test_uod10_special_colour_splits_into_plus_and_minus() -> None:
    """The printed bonus of the special-colour examples: +3 -2 (basic) and +5 -2 (pro)."""
    for name, plus, minus in (("special", 3, -2), ("special_pro", 5, -2)):
        example = EXAMPLES[name]
        g = game(6, **example["options"])
        b = g.score(example["columns"], _directions(example["columns"]), example["discards"], g._variant_colours(0))
        specials = [c.special for c in b.columns]
        assert sum(s for s in specials if s > 0) == plus and sum(s for s in specials if s < 0) == minus, specials


def test_uod10_greens_behind_the_provisional_tables() -> None:
    example = EXAMPLES["greenhorn"]
    g = game(6, greenhorn="bonus")
    b = g.score(example["columns"], _directions(example["columns"]), example["discards"])
    assert (b.greens, b.green_points) == (5, 15)  # columns and discards together
    example = EXAMPLES["greenhorn_pro"]
    g = game(6, greenhorn="pro")
    b = g.score(example["columns"], _directions(example["columns"]), example["discards"])
    assert (b.greens, b.green_points) == (3, -6)  # only columns shorter than 7; discards cost nothing


# --- UOD-11, UOD-12, UOD-13, UOD-14 -----------------------------------------------------------------
@pytest.mark.parametrize("preset", ["base", "short", "remove_one", "take_any"])
@pytest.mark.parametrize("players", [2, 5])
def test_uod11_the_areas_hold_every_card_but_the_ring(preset: str, players: int) -> None:
    g = game(players, preset)
    rng = random.Random(preset)
    s = g.initial_state(11)
    turns = 0
    while not g.is_terminal(s):
        s, _ = g.step(s, rng.choice(g.legal_actions(s)))
        turns += s.phase == PLAY
    assert cards_in_areas(s) == g.config.top_card - 6 - len(s.removed)
    assert len(s.ring) == 6 and not any(s.hands) and not s.down and not s.up


def test_uod12_one_pile_empty_draws_from_the_other() -> None:
    g = game(2)
    setup = deal([[1, 2, 3], [4, 5, 8]], [10, 20, 30, 40, 50, 54],
                 columns=[[[9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29]], [[31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51]]],
                 discards=[[6, 7, 12, 14, 16, 18, 22, 24, 26], [28, 32, 34, 36, 38, 42, 44, 46, 48]])
    s = g.initial_state(0, **setup)
    assert (len(s.down), len(s.up)) == (1, 1)
    s = play(g, s, "play:1", "take:54", "new", "draw:up")
    assert s.up == () and s.current == 1
    s = play(g, s, "play:4", "take:10", "new")
    assert s.phase == DRAW and legal(g, s) == {"draw:down"}
    reason, params = refused(g, s, "draw:up")
    assert reason == f"{NS}.illegal.pile_empty" and params == {"pile": f"@{NS}.pile.up"}
    s, events = g.step(s, g.action_from_code("draw:down"))
    assert f"{NS}.event.piles_empty" in [e.code for e in events]
    s = play(g, s, "play:2", "take:1", "abandon:1")
    assert s.phase == PLAY and s.current == 1, "no draw once both piles are empty"


def test_uod13_a_tie_is_a_shared_win() -> None:
    g = game(2)
    setup = deal([[1, 3, 5], [2, 4, 6]], [48, 49, 50, 51, 52, 53],
                 columns=[[list(range(7, 28))], [list(range(47, 27, -1))]], discards=[[54], []])
    s = g.initial_state(0, **setup)
    assert not s.down and not s.up
    rng = random.Random(3)
    while not g.is_terminal(s):
        s, _ = g.step(s, rng.choice(g.legal_actions(s)))
    totals = [g.breakdown(s, seat).total for seat in (0, 1)]
    outcome = g.outcome(s)
    assert outcome.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))
    # A state scored equal for both: both win.
    b = g.score([(1, 7)], [UP], [2])
    assert g._winners([b.total, b.total]) == (0, 1)


@pytest.mark.parametrize(("players", "length", "down", "up"), [
    (2, "long", 21, 21), (3, "long", 32, 31), (4, "long", 42, 42), (5, "long", 53, 52), (6, "long", 51, 51),
    (2, "short", 15, 15), (3, "short", 23, 22), (4, "short", 30, 30), (5, "short", 38, 37), (6, "short", 36, 36),
])
def test_uod14_pile_sizes_at_set_up(players: int, length: str, down: int, up: int) -> None:
    g = game(players, length=length)
    s = g.initial_state(5)
    assert (len(s.down), len(s.up)) == (down, up)
    assert [len(h) for h in s.hands] == [3] * players and len(s.ring) == 6 and list(s.ring) == sorted(s.ring)
    assert sorted(c for zone in (*s.hands, s.ring, s.down, s.up) for c in zone) == list(range(1, card_range(players, length) + 1))


def test_card_ranges_by_player_count() -> None:
    assert {n: RANGES[n] for n in range(2, 7)} == {2: (54, 42), 3: (78, 60), 4: (102, 78), 5: (126, 96), 6: (126, 96)}
    with pytest.raises(ConfigError, match="players"):
        game(7)


# --- the turn, and what each part refuses ------------------------------------------------------------
def test_a_turn_has_four_parts_and_refuses_the_others() -> None:
    g = game(2)
    s = g.initial_state(0, **deal([[14, 2, 40], [11, 39, 26]], [7, 10, 33, 45, 50, 54], up=[37]))
    assert s.phase == PLAY and legal(g, s) == {"play:14", "play:2", "play:40"}
    assert refused(g, s, "take:7")[0] == f"{NS}.illegal.during_play"
    reason, params = refused(g, s, "play:11")
    assert reason == f"{NS}.illegal.not_in_hand" and params == {"card": 11}
    s = play(g, s, "play:14")
    assert s.phase == TAKE and len(s.ring) == 7
    assert refused(g, s, "play:2")[0] == f"{NS}.illegal.during_take"
    reason, params = refused(g, s, "take:45")
    assert reason == f"{NS}.illegal.not_neighbour" and (params["left"], params["right"]) == (10, 33)
    assert refused(g, s, "take:20")[0] == f"{NS}.illegal.not_in_ring"
    s = play(g, s, "take:33")
    assert s.phase == PLACE and len(s.ring) == 6
    assert refused(g, s, "draw:up")[0] == f"{NS}.illegal.during_place"
    s = play(g, s, "new")
    assert s.phase == DRAW and refused(g, s, "col:1")[0] == f"{NS}.illegal.during_draw"
    s, events = g.step(s, g.action_from_code("draw:up"))
    assert s.current == 1 and 37 in s.hands[0] and s.shown[0] == (37,)
    assert [e.code for e in events][:2] == [f"{NS}.event.drew_up", f"{NS}.event.new_up_top"]


def test_nothing_is_legal_after_the_game() -> None:
    g = game(2)
    s = g.initial_state(2)
    rng = random.Random(0)
    while not g.is_terminal(s):
        s, _ = g.step(s, rng.choice(g.legal_actions(s)))
    assert g.legal_actions(s) == () and g.current_player(s) is None
    assert refused(g, s, "draw:down")[0] == f"{NS}.illegal.game_over"


def test_bad_action_codes_say_what_a_code_looks_like() -> None:
    g = game(2)
    for bad in ("play:0", "play:x", "col:4", "draw:side", "fly", "", "take:127"):
        with pytest.raises(InvalidActionError):
            g.action_from_code(bad)


# --- variants ----------------------------------------------------------------------------------------
def _played(card: int, ring: list[int], columns: list[list[int]] | None = None, **options: Any) -> tuple[UpOrDown, Any]:
    g = game(2, **options)
    s = g.initial_state(0, **deal([[card, 2, 3], [4, 8, 16]], ring, columns=[columns or [], []]))
    return g, play(g, s, f"play:{card}")


def test_take_special_colour() -> None:
    # 31 is yellow: the other yellow ring cards (13, 43) may be taken as well as the neighbours.
    g, s = _played(31, [9, 13, 26, 39, 43, 50], preset="take_special", take_colour="yellow")
    assert legal(g, s) == {"take:26", "take:39", "take:13", "take:43"}
    reason, params = refused(g, s, "take:9")
    assert reason == f"{NS}.illegal.take_wrong_colour" and params["colour"] == f"@{NS}.colour.yellow"
    assert g.explain(s, g.action_from_code("take:13")).reason == f"{NS}.ok.take_colour"
    assert refused(g, s, "take:31")[0] == f"{NS}.illegal.take_played"
    # A card of another colour played: only the neighbours.
    g, s = _played(30, [9, 13, 26, 39, 43, 50], preset="take_special", take_colour="yellow")
    assert legal(g, s) == {"take:26", "take:39"}
    assert refused(g, s, "take:13")[0] == f"{NS}.illegal.take_needs_colour"
    # With no other card of the colour in the ring, only the neighbours.
    g, s = _played(31, [9, 14, 26, 39, 44, 50], preset="take_special", take_colour="yellow")
    assert legal(g, s) == {"take:26", "take:39"}


def test_take_any_card() -> None:
    g, s = _played(33, [5, 12, 26, 39, 43, 53], preset="take_any", take_colour="blue")
    assert legal(g, s) == {f"take:{c}" for c in (5, 12, 26, 39, 43, 53)}
    assert g.explain(s, g.action_from_code("take:5")).reason == f"{NS}.ok.take_any"
    assert refused(g, s, "take:33")[0] == f"{NS}.illegal.take_played"
    g, s = _played(32, [5, 12, 26, 39, 43, 53], preset="take_any", take_colour="blue")
    assert legal(g, s) == {"take:26", "take:39"}
    assert refused(g, s, "take:5")[0] == f"{NS}.illegal.take_needs_colour"


@pytest.mark.parametrize("keeps", [True, False])
def test_remove_one_card(keeps: bool) -> None:
    g, s = _taken(30, [[10, 20, 45], [40, 35]], preset="remove_one", remove_colour="teal", remove_keeps_direction=keeps)
    assert "col:1" not in legal(g, s) and "remove:1" in legal(g, s)
    assert "remove:2" in legal(g, s)  # 35 removed: 30 below 40 still goes down
    after = play(g, s, "remove:1")
    assert after.columns[0][0] == (10, 20, 30) and after.removed == (45,) and after.dirs[0][0] == UP
    # A two-card column cut back to one: its direction stays (or, when not kept, the card sets it).
    g, s = _taken(30, [[40, 35]], preset="remove_one", remove_colour="teal", remove_keeps_direction=keeps)
    if keeps:
        assert "remove:1" in legal(g, s) and play(g, s, "remove:1").dirs[0] == (DOWN,)
    else:
        assert play(g, s, "remove:1").dirs[0] == (DOWN,)  # 30 below 40 sets it down again
    g, s = _taken(30, [[40, 45]], preset="remove_one", remove_colour="teal", remove_keeps_direction=keeps)
    if keeps:  # [40] still goes up: 30 is not above 40
        reason, params = refused(g, s, "remove:1")
        assert reason == f"{NS}.illegal.not_higher" and params["last"] == 40
    else:  # [40] has no direction any more: 30 sets it going down
        after = play(g, s, "remove:1")
        assert after.columns[0] == ((40, 30),) and after.dirs[0] == (DOWN,)
    # A one-card column is emptied and restarts with the taken card, without a direction.
    g, s = _taken(30, [[20]], preset="remove_one", remove_colour="teal", remove_keeps_direction=keeps)
    after = play(g, s, "remove:1")
    assert after.columns[0] == ((30,),) and after.dirs[0] == (NONE,) and after.removed == (20,)


def test_remove_one_card_refusals() -> None:
    g, s = _taken(29, [[10, 20, 45]], preset="remove_one", remove_colour="teal")
    reason, params = refused(g, s, "remove:1")
    assert reason == f"{NS}.illegal.remove_wrong_colour" and params == {"card": 29, "colour": f"@{NS}.colour.teal"}
    g, s = _taken(30, [[10, 20, 45]])
    assert refused(g, s, "remove:1")[0] == f"{NS}.illegal.remove_off"
    g, s = _taken(30, [[10, 20, 45]], preset="remove_one", remove_colour="teal")
    assert refused(g, s, "remove:2")[0] == f"{NS}.illegal.no_such_column"


def test_rainbow_modes_and_cap() -> None:
    rainbow_twice = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
    assert game(6, rainbow="consecutive").score([rainbow_twice], [UP], []).columns[0].rainbows == 1
    assert game(6, rainbow="consecutive", rainbow_per_column_max=2).score([rainbow_twice], [UP], []).columns[0].rainbows == 2
    scattered = (1, 7, 2, 3, 4, 5, 6)  # six colours, but 1 and 7 are both yellow side by side
    assert game(6, rainbow="consecutive").score([scattered], [NONE], []).columns[0].rainbows == 1  # 7..6 run
    mixed = (1, 7, 13, 2, 3, 4, 5, 6)
    assert game(6, rainbow="consecutive").score([mixed], [NONE], []).columns[0].rainbow == 10
    no_run = (1, 2, 3, 7, 4, 5, 13, 6)  # six colours, but no six adjacent cards differ
    assert game(6, rainbow="consecutive").score([no_run], [NONE], []).columns[0].rainbows == 0
    assert game(6, rainbow="anywhere").score([no_run], [NONE], []).columns[0].rainbow == 10
    assert game(6, rainbow="anywhere", rainbow_bonus=7).score([no_run], [NONE], []).columns[0].rainbow == 7
    assert game(6).score([rainbow_twice], [UP], []).columns[0].rainbow == 0  # off


def test_discard_value_minus_one() -> None:
    assert game(2, discard_value=-1).score([(1, 7)], [UP], [3, 4, 5]).discard_points == -3


def test_special_colour_ignores_columns_without_direction_and_discards() -> None:
    g = game(2, special="basic", special_colour="pink")
    colours = g._variant_colours(0)
    b = g.score([(4,), (10, 16)], [NONE, UP], [22, 28], colours)
    assert [c.special for c in b.columns] == [0, 2] and b.total == 1 + 4 + 2 + 2


def test_variants_combine() -> None:
    g = game(6, rainbow="anywhere", pure_colour=True, greenhorn="bonus", special="basic", special_colour="teal")
    colours = g._variant_colours(0)
    b = g.score([(6, 12, 18), (1, 2, 3, 4, 5, 6 + 60)], [UP, UP], [24], colours)
    pure, rainbow = b.columns
    assert (pure.base, pure.pure, pure.special) == (9, 10, 3)
    assert (rainbow.base, rainbow.rainbow, rainbow.special) == (6, 10, 1)
    assert (b.greens, b.green_points) == (5, 15)
    assert b.total == 9 + 10 + 3 + 6 + 10 + 1 + 1 + 15
    # Take any and remove one together in a game played to the end.
    g = game(3, "take_any", remove_one=True)
    rng = random.Random(9)
    s = g.initial_state(4)
    while not g.is_terminal(s):
        s, _ = g.step(s, rng.choice(g.legal_actions(s)))
    assert cards_in_areas(s) == 78 - 6 - len(s.removed)


# --- variant colours and options ----------------------------------------------------------------------
def test_random_variant_colours_come_from_the_seed() -> None:
    g = game(4, "special_colour_pro")
    seen = set()
    for seed in range(40):
        a = g.initial_state(seed).colours
        assert a == g.initial_state(seed).colours and a[0] != a[1] and a[0] >= 0 and a[1] >= 0
        seen.add(a[:2])
    assert len(seen) > 10
    g = game(4, "special_colour_pro", special_down_colour="red")
    assert all(g.initial_state(seed).colours[0] != 1 for seed in range(40))
    s = g.initial_state(3)
    events = g.start_events(s)
    assert [e.code for e in events].count(f"{NS}.event.variant_colour") == 2
    assert g.observe(s, 0)["colours"]["special_down_colour"] == "red"


def test_options_refuse_bad_values_naming_the_field() -> None:
    with pytest.raises(ConfigError, match="special_down_colour"):
        UpOrDownConfig(special="pro", special_colour="red", special_down_colour="red")
    with pytest.raises(ConfigError, match="colour_cycle"):
        UpOrDownConfig(colour_cycle=("yellow", "red", "blue", "pink", "purple", "purple"))
    with pytest.raises(ConfigError, match="pure_colour_table"):
        UpOrDownConfig(pure_colour_table={"three": 10})
    with pytest.raises(ConfigError, match="green_table"):
        UpOrDownConfig(green_table=[(1, 2), (1, 3)])
    with pytest.raises(ConfigError, match="'rainbow' must be 'off', 'consecutive', 'anywhere'"):
        make(NS, rainbow="always")
    with pytest.raises(ConfigError, match="a known option"):
        make(NS, colours="many")
    UpOrDownConfig(special="basic", special_colour="red", special_down_colour="red")  # only pro needs two


def test_a_teacher_replaces_a_table_in_one_line() -> None:
    g = make(NS, preset="pure_colour", pure_colour_table={3: 12, 5: 30})
    assert g.config.pure_colour_table == ((3, 12), (5, 30))
    assert [g.score([c], [UP], []).columns[0].pure for c in ((6, 12), (6, 12, 18), (6, 12, 18, 24), (6, 12, 18, 24, 30, 36))] == [0, 12, 12, 30]
    assert PRESETS["pure_colour"].pure_colour_table == PROVISIONAL_PURE_TABLE
    assert PRESETS["greenhorn"].green_table == PROVISIONAL_GREEN_TABLE
    # A record keeps the table and plays the same game again.
    from tablekit.core.record import Record
    record = Record.start(g, 3)
    again = Record.from_json(record.to_json())
    assert again == record and again.replay() == g.initial_state(3)


def test_a_custom_colour_cycle() -> None:
    cycle = ("teal", "purple", "pink", "blue", "red", "yellow")
    g = game(2, colour_cycle=cycle)
    assert [g.colour_of(n) for n in (1, 6, 7)] == ["teal", "yellow", "teal"]
    assert g.score([(1, 7, 13)], [UP], []).columns[0].colour == "teal"


# --- hidden information -----------------------------------------------------------------------------
def test_observation_hides_hands_and_piles_but_not_public_cards() -> None:
    g = game(3)
    s = g.initial_state(6)
    rng = random.Random(1)
    for _ in range(60):
        s, _ = g.step(s, rng.choice(g.legal_actions(s)))
    obs = g.observe(s, 1)
    assert obs["players"][1]["hand"] == list(s.hands[1])
    assert obs["players"][0]["hand"] is None and obs["players"][2]["hand"] is None
    assert obs["up_top"] == (s.up[-1] if s.up else None)
    shown = set(obs["ring"]) | set(obs["removed"]) | {obs["up_top"], obs["played"], obs["taken"]}
    for p in obs["players"]:
        shown |= set(p["hand"] or ()) | set(p["shown"]) | set(p["discards"])
        shown |= {c for col in p["columns"] for c in col["cards"]}
    assert not shown & (set(s.down) | set(s.up[:-1]) | set(s.hands[0]) - set(s.shown[0]))
    assert obs["players"][0]["discards"] == list(s.discards[0])
    assert obs["players"][0]["shown"] == sorted(s.shown[0])


def test_determinize_never_moves_public_cards() -> None:
    g = game(4, "remove_one")
    s = g.initial_state(8)
    rng = random.Random(2)
    for _ in range(150):
        s, _ = g.step(s, rng.choice(g.legal_actions(s)))
    for seat in range(4):
        other = g.determinize(s, seat, random.Random(seat))
        assert g.observe(other, seat) == g.observe(s, seat)
        assert (other.ring, other.columns, other.discards, other.removed, other.up[-1:]) == \
               (s.ring, s.columns, s.discards, s.removed, s.up[-1:])
        for q in range(4):
            assert set(s.shown[q]) <= set(other.hands[q])
        assert other.hands[seat] == s.hands[seat]
        assert g.census(other) == g.census(s)
