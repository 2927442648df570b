"""One mark, one meaning: the marks of ``core.view.MARKS`` on the view-models the widgets send.

The hinted move carries ``hint`` (and only it), cards just received ``received``, the card played
last ``last``, a lesson's target ``target``; the widget's ``marks`` list (what the legend
explains) names exactly the marks on the table. A lesson's "your turn" step marks nothing that
could give the answer away until the learner makes a wrong choice; then the answer is the target.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterator

import pytest

from tablekit import list_games, make
from tablekit.core.registry import spec
from tablekit.core.view import MARKS, card, column_row, grid_cell, iter_cards, iter_places, marks_shown, put_mark
from tablekit.i18n import LANGUAGES, tr
from tablekit.widgets.base import offers, table_labels
from tablekit.widgets.gallery import ZoneGallery
from tablekit.widgets.play_table import PlayTable
from tablekit.widgets.walkthrough import RuleWalkthrough


def places(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every place of a view-model that may carry a mark: cards, rows, cells, buttons, pickers."""
    return list(iter_places(view))  # type: ignore[arg-type]


def marked(view: dict[str, Any], mark: str) -> list[dict[str, Any]]:
    return [p for p in places(view) if p.get("mark") == mark]


def hand(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return next(z for z in view["zones"] if z["kind"] == "hand" and z["owner"] == seat)["cards"]


# --- the vocabulary ------------------------------------------------------------------------------
def test_a_mark_is_one_of_a_small_fixed_set() -> None:
    assert MARKS == ("hint", "target", "last", "received")
    for build in (lambda m: card(None, key="k", mark=m), lambda m: column_row("r", "Row", [], mark=m),
                  lambda m: grid_cell(0, 0, mark=m)):
        assert build(None)["mark"] is None and build("last")["mark"] == "last"
        with pytest.raises(ValueError, match="mark must be one of hint, target, last, received"):
            build("gold")
    with pytest.raises(ValueError):
        put_mark({"mark": None}, "highlight")


def test_the_stronger_mark_wins_and_the_legend_lists_what_is_shown() -> None:
    c = card(None, key="k", mark="received")
    assert put_mark(c, "last")["mark"] == "last"  # stronger: earlier in MARKS
    assert put_mark(c, "received")["mark"] == "last"  # weaker: the mark stays
    assert put_mark(c, "hint")["mark"] == "hint" and put_mark(c, "target")["mark"] == "hint"
    view = {"zones": [{"kind": "pile", "cards": [card(None, key="a", mark="received")]}],
            "buttons": [{"code": "x", "label": "X", "mark": "target"}],
            "round_end": {"hands": [{"cards": [card(None, key="b", mark="last")]}], "piles": []}}
    assert marks_shown(view) == ["target", "last", "received"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_mark_has_words_in_both_languages(lang: str) -> None:
    labels = table_labels(lang)
    words = [labels[f"mark_{m}"] for m in MARKS]
    assert labels["marks"] and all(words) and len(set(words)) == len(MARKS)
    assert words == [tr(f"widgets.table.mark_{m}", lang) for m in MARKS]


def test_the_gallery_shows_every_mark_once() -> None:
    view = ZoneGallery().view
    assert view["marks"] == list(MARKS)
    assert Counter(p.get("mark") for p in places(view) if p.get("mark")) == Counter(MARKS)
    board = next(z for z in view["zones"] if z["kind"] == "grid")
    assert {c["sign"] for c in board["cells"]} == {None, "start", "score"}  # a cell's own kind is its sign


# --- play: hint, received, last ------------------------------------------------------------------
def _ultimate_discard_table() -> PlayTable:
    """An Ultimate table where the person (seat 0) won the auction and discards: the human bids
    the highest bid offered until the bots drop out."""
    for seed in range(40):
        table = PlayTable("ultimate", players=4, seed=seed, bot_delay=0, bot_seed=1)
        while table.match.state.phase == 0 and table.view["my_turn"]:
            bids = [b["code"] for b in table.view["buttons"] if b["code"].startswith("bid:")]
            table.handle({"type": "play", "code": bids[-1] if bids else "pass"})
        if table.view["my_turn"] and table.match.game.observe(table.match.state, 0)["phase"] == "discard":
            return table
    pytest.fail("no deal let the person win the auction")


def test_ultimate_kitty_discard_after_hint_has_one_hint_and_the_kitty_received() -> None:
    table = _ultimate_discard_table()
    picked = set(table.match.game.observe(table.match.state, 0)["picked"])
    assert len(picked) == table.match.game.config.layout[1]
    mine = hand(table.view, 0)
    assert {c["face"]["code"] for c in mine if c["mark"] == "received"} == picked
    assert table.view["marks"] == ["received"]
    table.handle({"type": "hint"})
    assert table.message_kind == "hint"
    mine = hand(table.view, 0)
    hinted = marked(table.view, "hint")
    assert len(hinted) == 1 and hinted[0] in mine and hinted[0]["action"] == table._hint_code
    # every card of the kitty still says so, except the hinted one if it came from the kitty
    received = {c["face"]["code"] for c in mine if c["mark"] == "received"}
    assert received == picked - {hinted[0]["face"]["code"]}
    assert all(c["mark"] is None for c in mine if c["face"]["code"] not in picked | {hinted[0]["face"]["code"]})
    assert table.view["marks"] == ["hint", "received"]
    # the move made, the hint is gone and the discarded card is the one laid aside last
    code = hinted[0]["face"]["code"]
    table.handle({"type": "play", "code": table._hint_code})
    assert not marked(table.view, "hint")
    discards = next(z for z in table.view["zones"] if z["id"] == "discards")["cards"]
    assert [c["face"]["code"] for c in discards if c["mark"] == "last"] == [code]


def test_up_or_down_the_card_played_into_the_ring_is_last_not_hint() -> None:
    table = PlayTable("up_or_down", players=3, seed=2, bot_delay=0, bot_seed=1)
    assert table.view["marks"] == []  # nothing played yet, nothing hinted
    played = table.view["actions"][0]["code"].split(":")[1]
    table.handle({"type": "play", "code": f"play:{played}"})
    ring = next(z for z in table.view["zones"] if z["kind"] == "ring")
    assert [(c["face"]["code"], c["mark"]) for c in ring["cards"] if c["mark"]] == [(played, "last")]
    table.handle({"type": "hint"})
    ring = next(z for z in table.view["zones"] if z["kind"] == "ring")
    hinted = marked(table.view, "hint")
    assert len(hinted) == 1 and hinted[0] in ring["cards"] and hinted[0]["face"]["code"] != played
    assert [c["face"]["code"] for c in ring["cards"] if c["mark"] == "last"] == [played]
    assert table.view["marks"] == ["hint", "last"]
    # the card taken waits to be placed: received
    taken = hinted[0]["face"]["code"]
    table.handle({"type": "play", "code": table._hint_code})
    waiting = next(z for z in table.view["zones"] if z["id"] == "taken")["cards"]
    assert [(c["face"]["code"], c["mark"]) for c in waiting] == [(taken, "received")]


@pytest.mark.parametrize("name", list_games())
def test_cards_new_in_my_hand_since_my_last_decision_are_received(name: str) -> None:
    """A draw, a refill, a penalty, a kitty: at each of my turns the cards I hold now and did
    not hold at my previous turn are marked received (the game's rules may mark more, such as
    the rest of a kitty), and nothing else is; a new round marks nothing."""
    table = PlayTable(name, seed=5, bot_delay=0, bot_seed=4, bots="random")
    rng = random.Random(1)
    before: Counter[str] | None = None
    seen = 0
    for _ in range(25):
        view = table.view
        if view["over"]:
            break
        if view.get("round_end"):
            table.handle({"type": "next_round"})
            before = None  # a new deal: nothing is "received" card by card
            continue
        mine = [c for c in hand(view, 0) if c["face"]]
        now = Counter(c["face"]["code"] for c in mine)
        marked_now = Counter(c["face"]["code"] for c in mine if c["mark"] == "received")
        expected = now - before if before is not None else Counter()
        assert expected <= marked_now, (expected, marked_now)
        if name in ("up_and_down", "narabe_runo", "up_or_down"):  # no rule of theirs marks a hand card
            assert marked_now == expected, (expected, marked_now)
        seen += sum(expected.values())
        before = now
        table.handle({"type": "play", "code": rng.choice(view["actions"])["code"]})
        assert table.message_kind != "error", table.message
    # (In Ultimate only the kitty comes into a hand: see the exchange test above.)
    assert seen or name == "ultimate", "no card came into the hand"


def _last_cards(view: dict[str, Any]) -> list[str]:
    return [c["face"]["code"] for c in iter_cards(view) if c["mark"] == "last"]


def _card_move(view: dict[str, Any], seat: int) -> tuple[str, str] | None:
    """A move of ``seat`` that lays a hand card on the table: (its code, the card), or None."""
    for c in hand(view, seat):
        codes = [c["action"]] if c["action"] else [ch["code"] for ch in c["choices"]]
        codes = [code for code in codes if not code.startswith("discard:") or view["game"] == "ultimate"]
        if c["playable"] and codes:
            return codes[0], c["face"]["code"]
    return None


@pytest.mark.parametrize("name", list_games())
def test_at_most_one_card_is_played_last_and_it_is_the_one_just_played(name: str) -> None:
    """Over the first moves of a game (hand cards laid down, other moves at random), never more
    than one ``last`` mark, and a hand card just laid on the table carries it (unless the move
    took it off the board again, as a capture in 並べRUNO does)."""
    game = make(name)
    view_of = spec(name).view
    state = game.initial_state(7)
    rng = random.Random(3)
    checked = 0
    for _ in range(80):
        if game.outcome(state) is not None:
            break
        seat = game.current_player(state)
        view = view_of(game, state, seat, "en", controls={seat}, teaching=True)
        assert len(_last_cards(view)) <= 1, _last_cards(view)
        move = _card_move(view, seat)
        if move is None or rng.random() < 0.2:
            state, _ = game.step(state, rng.choice(game.legal_actions(state)))
            continue
        code, played = move
        state, events = game.step(state, code)
        if spec(name).round_summary is not None and spec(name).round_summary(game, events, "en") is not None:
            continue  # a new round (or the end) clears the table
        view = view_of(game, state, seat, "en", controls={seat}, teaching=True)
        shown = _last_cards(view)
        captured = any(e.code.endswith(".captured") for e in events)  # 並べRUNO: the road goes to the discards
        assert shown == [played] or (not shown and captured), (code, shown, [e.code for e in events])
        checked += shown == [played]
    assert checked >= 5, checked


# --- lessons: target, and a "your turn" step that gives nothing away ------------------------------
def _walk_every_step(name: str) -> Iterator[tuple[RuleWalkthrough, Any]]:
    """Every step of every lesson of game ``name``: the widget before the step is applied."""
    w = RuleWalkthrough(name, autoplay_delay=0)
    for index in range(len(w.lessons)):
        w.open_lesson(index)
        while (step := w._step()) is not None:
            yield w, step
            if step.your_turn:
                w.handle({"type": "show"})
            else:
                w.handle({"type": "next"})


@pytest.mark.parametrize("name", list_games())
def test_a_your_turn_step_marks_nothing_until_a_wrong_choice(name: str) -> None:
    seen_wrong = 0
    for w, step in _walk_every_step(name):
        if not step.your_turn:
            continue
        view, acting = w.view, w.match.current_player
        where = f"{w.current.id}: {step.narration}"
        # nothing says where the answer is: no hint, no target (what was played last, or the card
        # taken that waits to be placed, may show)
        assert not {"hint", "target"} & set(view["marks"]), (where, view["marks"])
        cards = hand(view, acting)
        looks = {(c["playable"], c["mark"]) for c in cards if c["face"]}
        assert looks <= {(True, None)} or looks <= {(False, None)}, (where, looks)  # every card alike
        for z in view["zones"]:
            tryable = [c for c in z.get("cards", ()) if c.get("why") or c.get("action")]
            if z["kind"] != "hand" and any(c["playable"] for c in tryable):
                assert all(c["playable"] and c["mark"] in (None, "last") for c in tryable), where
        answer = [p for p in places(view) if offers(p, step.action) or p.get("code") == step.action]
        assert answer, where
        # a wrong (but legal) choice: the lesson explains it, and now marks the answer
        wrong = next((a.code for a in w.match.legal_actions() if a.code != step.action), None)
        assert wrong is not None, where
        w.handle({"type": "play", "code": wrong})
        assert w.message == tr(step.wrong, w._lang, **dict(step.params)), where
        targets = marked(w.view, "target")
        assert targets and all(offers(p, step.action) or p.get("code") == step.action for p in targets), where
        assert "target" in w.view["marks"]
        seen_wrong += 1
    assert seen_wrong


def test_an_illegal_try_explains_and_marks_nothing() -> None:
    w = RuleWalkthrough("up_and_down", autoplay_delay=0)
    step = w._step()
    while not step.your_turn:
        w.handle({"type": "next"})
        step = w._step()
    acting = w.match.current_player
    legal = {a.code for a in w.match.legal_actions()}
    illegal = [c for c in hand(w.view, acting) if c["face"]["code"] not in legal and not c["choices"]]
    assert illegal and all(c["playable"] and c["action"] is None for c in illegal)  # looks like any other
    w.handle({"type": "why", "code": illegal[0]["face"]["code"]})
    assert w.message_kind == "refusal"
    assert not marked(w.view, "target") and w._step() is step
    w.handle({"type": "show"})  # "Show me" makes the move: it is now the card played last
    assert w._step() is not step and w.message == tr("widgets.walk.shown", "en")
    assert _last_cards(w.view) == [step.action]


@pytest.mark.parametrize("name", list_games())
def test_a_watch_step_targets_the_card_about_to_move(name: str) -> None:
    checked = 0
    for w, step in _walk_every_step(name):
        if step.your_turn:
            continue
        targets = [c["face"]["code"] for c in iter_cards(w.view) if c["mark"] == "target"]
        assert sorted(set(targets)) == sorted(set(step.target)), (w.current.id, step.narration, targets)
        assert not marked(w.view, "hint")
        if step.target:
            checked += 1
            assert all(c["playable"] is False for c in iter_cards(w.view))  # a watch step: nothing to click
    assert checked
