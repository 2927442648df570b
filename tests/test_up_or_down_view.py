"""The Up or Down? view-model: in each part of a turn exactly the legal moves are clickable, where
they are made (hand, ring, column rows, piles); the ring marks its wrap point and lights the two
neighbours of the card just played; rows show their direction and the next bound; hidden cards
stay hidden; the end-of-game summary works every score out as the engine scores it, and says
when a table is provisional. (tests/test_every_game.py checks every view is JSON-ready and shows
nothing its viewer may not see, under resampling.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablekit import make
from tablekit.core.view import iter_cards
from tablekit.games.up_or_down.lessons import deal
from tablekit.games.up_or_down.view import bound_text, round_summary, view_model
from tablekit.render.svg import card_svg


def zones(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {z["id"]: z for z in view["zones"]}


def clickable(view: dict[str, Any]) -> set[str]:
    """Every action code the view lets the person send, on cards, rows and their choices."""
    codes = set()
    for z in view["zones"]:
        items = list(z.get("cards", ())) + list(z.get("rows", ()))
        for item in items:
            if item.get("playable"):
                if item.get("action"):
                    codes.add(item["action"])
                codes.update(c["code"] for c in item.get("choices", ()))
    codes.update(b["code"] for b in view["buttons"])
    return codes


def position() -> tuple[Any, Any]:
    game = make("up_or_down", players=2)
    state = game.initial_state(0, **deal([[14, 2, 40], [11, 39, 26]], [7, 10, 33, 45, 50, 54], up=[37],
                                         columns=[[[20, 25]], []]))
    return game, state


def test_each_part_of_a_turn_offers_exactly_the_legal_moves() -> None:
    game, state = position()
    rng = random.Random(4)
    for _ in range(120):
        if game.is_terminal(state):
            break
        view = view_model(game, state, viewer=state.current)
        assert clickable(view) == {a.code for a in game.legal_actions(state)}, state.phase
        other = view_model(game, state, viewer=1 - state.current)
        assert clickable(other) == set(), "nothing is clickable on someone else's turn"
        state, _ = game.step(state, rng.choice(game.legal_actions(state)))


def test_where_each_part_is_clicked() -> None:
    game, state = position()
    z = zones(view_model(game, state, viewer=0))
    assert {c["action"] for c in z["hand-0"]["cards"]} == {"play:2", "play:14", "play:40"}
    state, _ = game.step(state, game.action_from_code("play:14"))
    z = zones(view_model(game, state, viewer=0))
    ring = z["ring"]
    assert [c["face"]["code"] for c in ring["cards"]] == ["7", "10", "14", "33", "45", "50", "54"]
    assert ring["wrap"] == 0 and sorted(ring["highlight"]) == [1, 3]  # 10 and 33, around 14
    assert [c["face"]["code"] for c in ring["cards"] if c["mark"]] == ["14"] and ring["cards"][2]["mark"] == "last"
    assert {c["action"] for c in ring["cards"] if c["playable"]} == {"take:10", "take:33"}
    assert {c["why"] for c in ring["cards"] if "why" in c} == {"take:7", "take:14", "take:45", "take:50", "take:54"}
    state, _ = game.step(state, game.action_from_code("take:33"))
    z = zones(view_model(game, state, viewer=0))
    assert z["taken"]["value"] == 33
    rows = {r["id"]: r for r in z["cols-0"]["rows"]}
    assert {c["code"] for c in rows["col-0-0"]["choices"]} == {"col:1", "abandon:1"}
    assert rows["col-0-new"]["action"] == "new"
    state, _ = game.step(state, game.action_from_code("col:1"))
    z = zones(view_model(game, state, viewer=0))
    assert z["down"]["cards"][0]["face"] is None and z["down"]["cards"][0]["action"] == "draw:down"
    assert z["up"]["cards"][0]["face"]["code"] == "37" and z["up"]["cards"][0]["action"] == "draw:up"
    row = z["cols-0"]["rows"][0]
    assert row["direction"] == "up" and row["bound"] == "next: above 33"


def test_bounds_in_both_languages() -> None:
    assert bound_text([20, 15], "down", "en") == "next: below 15"
    assert bound_text([20, 15], "down", "ja") == "次：15より小さいカード"
    assert bound_text([20], None, "en").startswith("next: any card")
    assert bound_text([], None, "en") == ""


def test_hidden_cards_stay_hidden() -> None:
    game = make("up_or_down", players=3)
    state = game.initial_state(9)
    rng = random.Random(2)
    for _ in range(90):
        state, _ = game.step(state, rng.choice(game.legal_actions(state)))
    view = view_model(game, state, viewer=0)
    shown = {c["face"]["code"] for c in iter_cards(view) if c.get("face")}
    secret = set(state.down) | set(state.up[:-1]) | {c for seat in (1, 2) for c in state.hands[seat]}
    assert not shown & {str(c) for c in secret - set(state.shown[1]) - set(state.shown[2])}
    z = zones(view)
    assert z["hand-1"]["cards"] == [] and z["hand-1"]["hidden"] == len(state.hands[1])


def test_cards_carry_their_colour_letter_and_name() -> None:
    game, state = position()
    card = zones(view_model(game, state, viewer=0, lang="ja"))["hand-0"]["cards"][0]
    assert card["face"]["colour"] == "red" and card["face"]["aria"] == "2, 赤 R"
    svg = card_svg(card["face"])
    assert ">R<" in svg and ">2<" in svg


@pytest.mark.parametrize("preset", ["pure_colour", "greenhorn", "special_colour_pro"])
def test_the_summary_works_every_score_out(preset: str) -> None:
    game = make("up_or_down", preset=preset, players=3)
    state = game.initial_state(12)
    rng = random.Random(7)
    events: tuple[Any, ...] = ()
    while not game.is_terminal(state):
        state, events = game.step(state, rng.choice(game.legal_actions(state)))
    for lang in ("en", "ja"):
        summary = round_summary(game, events, lang)
        assert summary is not None and summary["final"]
        for seat, hand in enumerate(summary["hands"]):
            assert hand["worked"].endswith(f"= {game.breakdown(state, seat).total}")
            assert hand["score"] == str(game.breakdown(state, seat).total)
        columns = [c for seat in range(3) for c in game.breakdown(state, seat).columns]
        assert len(summary["piles"]) == len(columns)
        for pile, column in zip(summary["piles"], columns):
            assert [c["face"]["code"] for c in pile["cards"]] == [str(c) for c in column.cards]
            assert f"= {column.base}" in pile["worked"]
    text = round_summary(game, events, "en")["text"]
    assert ("provisional" in text) == (preset in ("pure_colour", "greenhorn"))
    scoring = zones(view_model(game, state, viewer=0))["scoring"]["value"]
    assert ("provisional" in scoring) == (preset in ("pure_colour", "greenhorn"))


def test_no_summary_before_the_end() -> None:
    game, state = position()
    _, events = game.step(state, game.action_from_code("play:14"))
    assert round_summary(game, events, "en") is None
