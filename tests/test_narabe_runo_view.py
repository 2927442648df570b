"""並べRUNO's table: the board drawn as a grid of the playing area with the start card, the roads,
the face-down scoring cards and the anchors signed, the card placed last marked; hand cards whose choices are exactly the
legal plays (on the cell they name) and discards; prompts for each kind of turn; the reveal at
the end. (tests/test_every_game.py checks for every game that a view shows only what its viewer
may see.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekit import make
from tablekit.games.narabe_runo.state import new_state
from tablekit.games.narabe_runo.view import Frame, round_summary, view_model
from tablekit.i18n import tr
from tablekit.sim import play_game


def board(vm: dict[str, Any]) -> dict[str, Any]:
    return next(z for z in vm["zones"] if z["kind"] == "grid")


def cells_by_sign(vm: dict[str, Any], sign: str) -> list[dict[str, Any]]:
    return [c for c in board(vm)["cells"] if c["sign"] == sign]


def choices(vm: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    hand = next(z for z in vm["zones"] if z["id"] == f"hand-{seat}")
    return [ch for card in hand["cards"] for ch in card["choices"]] + [
        {"code": card["action"]} for card in hand["cards"] if card["action"]]


@pytest.mark.parametrize("preset", ["basic", "small_board", "large_board"])
def test_the_grid_is_the_playing_area(preset: str) -> None:
    game = make("narabe_runo", preset=preset, players=3)
    vm = view_model(game, game.initial_state(5, first=0), viewer=0)
    grid = board(vm)
    frame = Frame(game)
    assert (grid["width"], grid["height"]) == (frame.width, frame.height)
    listed = {(c["x"], c["y"]) for c in grid["cells"]}
    assert listed == {tuple(frame.at(cell)) for cell in game.area}, "every cell of the area and no other"
    assert len(cells_by_sign(vm, "score")) == len(game.scoring_cells)
    # At the start the start card is the only anchor and carries its sign and its face.
    [start] = [c for c in grid["cells"] if (c["x"], c["y"]) == tuple(frame.at((0, 0)))]
    assert start["sign"] == "anchor" and start["card"]["face"]["deck"] == "uno"
    assert start["sign_text"] == tr("narabe_runo.view.mark.anchor", "en")
    assert not [c for c in grid["cells"] if c["card"] and c["card"]["mark"]], "nothing placed yet: no card played last"
    assert all(c["card"]["face"] is None for c in cells_by_sign(vm, "score")), "scoring cards lie face down"


def test_hand_choices_are_the_legal_actions_on_their_cells() -> None:
    game = make("narabe_runo", players=2)
    state = game.initial_state(0, first=0, deck=["R5", "B1", "B2", "B3", "B4", "B6", "B7", "R7", "G1", "W", "Y9", "R2", "Y3"])
    vm = view_model(game, state, viewer=0)
    offered = choices(vm, 0)
    assert {c["code"] for c in offered} == {a.code for a in game.legal_actions(state)}
    frame = Frame(game)
    for c in offered:
        if c["code"].startswith("play:"):
            target = c["code"].split(">")[1].split(":")[0]
            x, y = (int(v) for v in target.split(","))
            assert c["zone"] == "board" and c["at"] == frame.at((x, y))
        else:
            assert c["code"].startswith("discard:") and c["zone"] == "discard"
    # A wild offers its four colours on each cell it may go to: the widget opens them together.
    wild = [c for c in offered if c["code"].startswith("play:W:")]
    by_cell: dict[str, int] = {}
    for c in wild:
        by_cell[json.dumps(c["at"])] = by_cell.get(json.dumps(c["at"]), 0) + 1
    assert by_cell and set(by_cell.values()) == {4}
    # The other player's hand is a count: no card, no choice.
    other = next(z for z in vm["zones"] if z["id"] == "hand-1")
    assert other["cards"] == [] and other["hidden"] == 3


def test_anchor_marks_follow_the_road_and_the_reverse() -> None:
    game = make("narabe_runo", players=2)
    roads = [[[1, 0, "R5"], [2, 0, "RR"]], [[-1, 0, "B5"]]]
    state = game.initial_state(0, first=0, roads=roads, anchor="free",
                               deck=["R5", "B1", "B2", "B3", "B4", "B6", "B7", "R7", "G1", "W", "Y9"])
    frame = Frame(game)
    vm = view_model(game, state, viewer=0)
    ox, oy = frame.at((0, 0))
    anchored = {(c["x"] - ox, c["y"] - oy) for c in cells_by_sign(vm, "anchor")}
    assert anchored == {(0, 0), (2, 0), (-1, 0)}, "free choice: the start card and both tips"
    assert vm["prompt"] == tr("narabe_runo.view.prompt_choose", "en", player=0)
    # After a Reverse on the red road its tip is marked closed and is no anchor.
    state2, _ = game.step(state, "play:R7:2,0>3,0")
    state3, _ = game.step(state2, "discard:" + state2.hands[1][0])
    vm = view_model(game, state3, viewer=0)
    laid = [c for c in board(vm)["cells"] if c["x"] == frame.at((3, 0))[0] and c["y"] == frame.at((3, 0))[1]]
    assert [c["sign"] for c in laid] == ["anchor"], "a plain card laid last is the one anchor"
    # Right after it was laid, it was the one card on the board marked as played last; after the
    # discard since, none is.
    just_laid = view_model(game, state2, viewer=0)
    assert [c["card"]["face"]["code"] for c in board(just_laid)["cells"] if c["card"] and c["card"]["mark"]] == ["R7"]
    assert not [c for c in board(vm)["cells"] if c["card"] and c["card"]["mark"]]
    assert "(3,0)" in vm["prompt"]


def test_a_reverse_marks_its_road_closed_and_says_so() -> None:
    game = make("narabe_runo", players=2)
    state = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]],
                               deck=["R5", "B1", "B2", "B3", "B4", "B6", "B7", "RR", "G1", "Y2", "Y9", "G3", "G4"])
    state, _ = game.step(state, "play:RR:1,0>2,0")
    vm = view_model(game, state, viewer=1)
    frame = Frame(game)
    closed = cells_by_sign(vm, "closed")
    assert [(c["x"], c["y"]) for c in closed] == [tuple(frame.at((2, 0)))]
    assert tr("narabe_runo.view.closed_mark", "en") in closed[0]["label"]
    assert vm["prompt"] in (tr("narabe_runo.view.prompt_reverse", "en", player=1),
                            tr("narabe_runo.view.prompt_discard", "en", player=1))


def test_an_empty_hand_offers_pass() -> None:
    game = make("narabe_runo", players=2)
    state = game.initial_state(0, first=0)
    # A hand run dry (both piles empty, so nothing came back): the only move is Pass.
    dry = new_state(state, hands=((), state.hands[1]), draw=(), discard=state.draw + state.hands[0])
    vm = view_model(game, dry, viewer=0)
    assert [b["code"] for b in vm["buttons"]] == ["pass"]
    assert vm["prompt"] == tr("narabe_runo.view.prompt_pass", "en", player=0)


def test_japanese_view_has_every_text() -> None:
    game = make("narabe_runo", players=3)
    vm = view_model(game, game.initial_state(2, first=0), viewer=0, lang="ja")
    text = json.dumps(vm, ensure_ascii=False)
    assert "narabe_runo." not in text, "no catalogue code shows through"
    assert "並べRUNO" in vm["title"]


def test_the_reveal_shows_every_captured_card_and_total() -> None:
    game = make("narabe_runo", preset="small_board", players=3)
    for seed in range(40):
        result = play_game(game, "random", seed=seed)
        if result.outcome.termination == "narabe_runo.end.last_scoring_card":
            break
    else:  # pragma: no cover - the random games above always include one
        pytest.fail("no game reached the last scoring card")
    state, _, events = list(result.record.steps())[-1]
    summary = round_summary(game, events, "en")
    assert summary is not None and summary["final"]
    assert len(summary["hands"]) == 3 and len(summary["standings"]) == 3
    captured = [len(c) for c in state.captured]
    assert [len(h["cards"]) for h in summary["hands"]] == captured
    assert [float(s["value"]) for s in summary["standings"]] == list(game.scores(state))
    assert summary["piles"] and len(summary["piles"][0]["cards"]) == 1, "the one scoring card left is shown"
    # After the end the board shows the scoring card that was left, face up.
    vm = view_model(game, state, viewer=0)
    assert all(c["card"]["face"] for c in cells_by_sign(vm, "score"))


def test_the_reveal_works_every_total_out_with_points_from_others() -> None:
    """Each player's line names every captured card and what it gave, and the points that came
    from the cards others captured, so the totals can be checked by hand."""
    game = make("narabe_runo", players=2, layout=[(-2, 0), (2, 0)])
    s = game.initial_state(0, first=0, roads=[[[1, 0, "R5"]]], captured=[["YS"], ["W"]],
                           deck=["Y1", "B6", "G5", "R3", "B1", "B7", "Y8", "G6", "G9"])
    _, events = game.step(s, "play:R3:1,0>2,0")
    summary = round_summary(game, events, "en")
    assert summary is not None
    worked = [h["worked"] for h in summary["hands"]]
    assert worked == ["yellow Skip: 3 points; green 5: 5 points; 3 points from Player 2's Wild",
                      "Wild: 3 points to every other player"]
    assert [s["value"] for s in summary["standings"]] == ["11", "0"]
    ja = round_summary(game, events, "ja")
    assert ja is not None and "プレイヤー2のワイルドから3点" in ja["hands"][0]["worked"]
