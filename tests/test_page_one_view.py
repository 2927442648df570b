"""American Page One in PlayTable without a browser: whole rounds driven by the requests the
browser would send, and the synced state checked for cards the seat may not see."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from tablekit import make
from tablekit.games.page_one.actions import card_code
from tablekit.games.page_one.view import view_model
from tablekit.render.svg import standard_name
from test_play_table import without_round_end
from tablekit.widgets.play_table import PlayTable


def synced(table: PlayTable) -> dict[str, Any]:
    return table.get_state()


def all_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for z in view["zones"] for c in z.get("cards", [])]


def my_cards(table: PlayTable) -> list[dict[str, Any]]:
    return [c for z in table.view["zones"] if z["kind"] == "hand" and z["owner"] == table.seat
            for c in z["cards"]]


def options(view: dict[str, Any]) -> list[str]:
    """Every code a click can send: playable cards (their action or each choice) and buttons."""
    codes = []
    for c in all_cards(view):
        if c["playable"]:
            codes += [c["action"]] if c["action"] else [ch["code"] for ch in c["choices"]]
    return codes + [b["code"] for b in view["buttons"]]


def hidden_counter(table: PlayTable) -> Counter[str]:
    """The cards seat ``table.seat`` may not see: other hands and the stock, minus every copy
    that is public (its own hand, the discard pile; two decks and jokers have copies)."""
    state = table.match.state
    secret = Counter(card_code(c) for i, h in enumerate(state.hands) if i != table.seat for c in h)
    secret.update(card_code(c) for c in state.stock[state.drawn:])
    public = Counter(card_code(c) for c in state.hands[table.seat])
    public.update(card_code(c) for c in state.discard)
    return Counter({code: n for code, n in secret.items() if code not in public})


def assert_no_leak(table: PlayTable) -> None:
    view = table.view
    secret = hidden_counter(table)
    assert not ({c["face"]["code"] for c in all_cards(view) if c["face"]} & set(secret))
    for z in view["zones"]:
        if z["kind"] == "hand" and z["owner"] != table.seat:
            assert z["cards"] == [] or view["teaching"]
            assert isinstance(z["hidden"], int)
    # Codes the table may send (actions, choices, buttons) only name the seat's own cards.
    mine = {c["face"]["code"] for c in my_cards(table)}
    for code in options(view) + [a["code"] for a in view["actions"]]:
        for part in code.split(":")[0].rstrip("!").split("+"):
            assert part in mine or part in ("draw", "pass", "catch", "challenge") or part.startswith("name")
    # Every card picture carries its spoken name as an aria label: no hidden card is pictured.
    text = json.dumps(without_round_end(synced(table)), ensure_ascii=False)
    for code in secret:
        for lang in ("en", "ja"):
            assert f'aria-label=\\"{standard_name(code, lang)}\\"' not in text, f"hidden {code} reached the browser"


def play_round(table: PlayTable, rng: random.Random, limit: int = 3000, check: bool = True) -> int:
    moves = 0
    while not table.view["over"] and moves < limit:
        if table.view.get("round_end"):  # a round of the match is over: it waits for Next round
            assert not table.view["my_turn"] and not options(table.view)
            table.handle({"type": "next_round"})
            continue
        assert table.view["my_turn"], table.view["prompt"]
        if check:
            assert_no_leak(table)
        codes = options(table.view)
        assert codes, "my turn always offers a move"
        table.handle({"type": "play", "code": rng.choice(codes)})
        assert table.message_kind != "error", table.message
        moves += 1
    return moves


@pytest.mark.parametrize("preset", ["classic", "house"])
@pytest.mark.parametrize("players", [2, 4])
def test_whole_rounds_by_clicking(preset: str, players: int) -> None:
    table = PlayTable("page_one", preset=preset, players=players, seed=11, bot_delay=0)
    moves = play_round(table, random.Random(players), check=preset == "classic" or players == 2)
    assert table.view["over"] and table.view["outcome"]["text"], moves
    assert table.log
    assert_no_leak(table)


def test_the_table_shows_the_public_state() -> None:
    table = PlayTable("page_one", preset="classic", players=4, seed=3, bot_delay=0)
    view = table.view
    ids = [z["id"] for z in view["zones"]]
    assert ids[:4] == ["pile", "suit", "stock", "direction"]
    assert [z["id"] for z in view["zones"] if z["kind"] == "hand"] == [f"hand-{i}" for i in range(4)]
    state = table.match.state
    zones = {z["id"]: z for z in view["zones"]}
    assert zones["pile"]["cards"][-1]["face"]["code"] == card_code(state.discard[-1])
    assert zones["stock"]["value"] == state.stock_count
    assert zones["suit"]["value"].startswith("♠♥♦♣"[state.suit])  # symbol and word
    assert any(word in zones["direction"]["value"] for word in ("clockwise", "counter-clockwise"))
    for z in view["zones"]:
        if z["kind"] == "hand" and z["owner"] != 0:
            assert z["hidden"] == len(state.hands[z["owner"]]) and z["cards"] == []
            assert f"{len(state.hands[z['owner']])} cards" in z["badges"]


def test_teaching_mode_opens_the_hands_only_when_allowed() -> None:
    table = PlayTable("page_one", players=3, seed=8, bot_delay=0, allow_teaching=False)
    table.handle({"type": "teaching", "on": True})
    assert table.message_kind == "refusal"
    assert_no_leak(table)
    open_table = PlayTable("page_one", players=3, seed=8, bot_delay=0)
    open_table.handle({"type": "teaching", "on": True})
    others = [z for z in open_table.view["zones"] if z["kind"] == "hand" and z["owner"] != 0]
    assert all(len(z["cards"]) == z["hidden"] + len(z["cards"]) > 0 for z in others)
    open_table.handle({"type": "teaching", "on": False})
    assert_no_leak(open_table)


def test_forged_requests_are_refused_and_change_nothing() -> None:
    table = PlayTable("page_one", players=3, seed=8, bot_delay=0)
    before = (table.match.state, table.match.step_index)
    mine = {c["face"]["code"] for c in my_cards(table)}
    missing = next(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC" if f"{r}{s}" not in mine)
    blocked = [c["face"]["code"] for c in my_cards(table) if not c["playable"]]
    for forged in (
        {"type": "play", "code": missing},           # a card the seat does not hold
        {"type": "play", "code": "JK"},              # no jokers in this deck
        {"type": "play", "code": f"{next(iter(mine))}:X"},  # no such suit
        {"type": "play", "code": "+".join(sorted(mine))},   # cards of different ranks together
        {"type": "play", "code": "catch"},           # nothing to catch
        {"type": "play", "code": "challenge"},       # nothing to challenge
        {"type": "play", "code": "name:H"},          # not the starter's Eight
        {"type": "play", "code": "x" * 50},          # garbage
        {"type": "play", "code": 7},                 # not a text
        {"type": "why", "code": "ZZ"},
        {"type": "four_colour"},                     # harmless: switches four colours off
        "not even a dict",
        *({"type": "play", "code": b} for b in blocked),
    ):
        table.handle(forged)  # never raises
        assert (table.match.state, table.match.step_index) == before, forged
    table.handle({"type": "play", "code": missing})
    assert table.message_kind == "refusal" and "not in Player 1's hand" in table.message


def test_not_your_turn_is_refused() -> None:
    table = PlayTable("page_one", players=3, seed=8, bot_delay=0)
    table.controls = set()
    before = table.match.step_index
    table.handle({"type": "play", "code": table.match.legal_actions()[0].code})
    assert table.match.step_index == before and "not your turn" in table.message


def test_a_blocked_card_says_why() -> None:
    for seed in range(40):
        table = PlayTable("page_one", players=2, seed=seed, bot_delay=0)
        blocked = [c for c in my_cards(table) if not c["playable"]]
        if blocked:
            break
    before = table.match.state
    code = blocked[0]["face"]["code"]
    table.handle({"type": "why", "code": code})
    assert table.message_kind == "refusal" and table.message
    assert table.match.state == before


def _table_where(predicate: Any, preset: str = "classic", players: int = 2, seeds: int = 300) -> PlayTable:
    """A table (seeds 0..) played at random until ``predicate(table)`` holds on my turn."""
    for seed in range(seeds):
        table = PlayTable("page_one", preset=preset, players=players, seed=seed, bot_delay=0)
        rng = random.Random(seed)
        while not table.view["over"]:
            if predicate(table):
                return table
            table.handle({"type": "play", "code": rng.choice(options(table.view))})
    raise AssertionError("no such position found")


def test_an_eight_asks_for_the_suit_after_the_click() -> None:
    table = _table_where(lambda t: any(c["playable"] and c["face"]["code"][0] == "8" for c in my_cards(t)))
    eight = next(c for c in my_cards(table) if c["playable"] and c["face"]["code"][0] == "8")
    assert eight["action"] is None
    codes = [ch["code"] for ch in eight["choices"]]
    assert {code.rstrip("!")[-1] for code in codes} == set("SHDC")
    assert all(ch["label"].startswith("Play 8") for ch in eight["choices"])
    chosen = next(code for code in codes if code.endswith(":H") or code.endswith(":H!"))
    step = table.match.step_index
    table.handle({"type": "play", "code": chosen})
    assert table.message_kind != "error", table.message
    state = table.match.states[step + 1]
    assert card_code(state.discard[-1]) == eight["face"]["code"] and state.suit == 1
    view = view_model(table.match.game, state, 0)
    suit = next(z for z in view["zones"] if z["id"] == "suit")["value"]
    assert suit == "♥ hearts (named)"


def test_a_call_is_a_choice_of_the_card() -> None:
    def call_due(t: PlayTable) -> bool:
        return any(c["playable"] and any(ch["code"].endswith("!") for ch in c["choices"]) for c in my_cards(t))

    table = _table_where(call_due)
    assert len(my_cards(table)) in (1, 2)
    c = next(c for c in my_cards(table) if c["playable"] and any(ch["code"].endswith("!") for ch in c["choices"]))
    called = next(ch for ch in c["choices"] if ch["code"].endswith("!"))
    assert "call" in called["label"]
    step = table.match.step_index
    table.handle({"type": "play", "code": called["code"]})
    assert table.message_kind != "error", table.message
    said = " ".join(e.text("en") for e in table.match.events[step + 1])
    assert "Page One" in said or "Stop" in said, said


def test_draw_is_a_button_and_draws() -> None:
    table = _table_where(lambda t: [b["code"] for b in t.view["buttons"]] == ["draw"]
                         and not any(c["playable"] for c in my_cards(t)))
    assert "no card can be played" in table.view["prompt"]
    stock, hand = table.match.state.stock_count, len(my_cards(table))
    button = table.view["buttons"][0]
    assert button["label"] in ("Draw",) or "penalty" in button["label"]
    table.handle({"type": "hint"})
    assert table.message_kind == "hint" and table.view["buttons"][0].get("mark") == "hint"
    step = table.match.step_index
    table.handle({"type": "play", "code": "draw"})
    after = table.match.states[step + 1]
    assert len(after.hands[0]) > hand or after.stock_count != stock


def test_a_drawn_card_that_fits_can_be_played_or_kept() -> None:
    table = _table_where(lambda t: t.match.state.phase == 1 and t.match.current_player == 0)
    assert "you drew" in table.view["prompt"]
    assert [b["code"] for b in table.view["buttons"]] == ["pass"]
    assert table.view["buttons"][0]["label"] == "Keep the card drawn"
    drawn = [c for c in my_cards(table) if c["mark"] == "received"]
    assert len({c["face"]["code"] for c in drawn}) == 1 and all(c["playable"] for c in drawn)
    assert all(c["mark"] is None for c in my_cards(table) if c not in drawn)


def test_hint_marks_a_card_and_undo_takes_back() -> None:
    table = PlayTable("page_one", players=3, seed=4, bot_delay=0)
    table.handle({"type": "hint"})
    assert table.message_kind == "hint"
    lit = [c for c in my_cards(table) if c["mark"] == "hint"] + [b for b in table.view["buttons"] if b.get("mark") == "hint"]
    assert lit and table.view["marks"][0] == "hint"
    start = table.match.step_index
    table.handle({"type": "play", "code": options(table.view)[0]})
    assert table.match.step_index > start
    table.handle({"type": "teaching", "on": True})  # the bots' cards are shown: undo is free
    table.handle({"type": "undo"})
    assert table.match.step_index == start and table.view["my_turn"]


def test_four_colour_suits_are_a_table_option() -> None:
    table = PlayTable("page_one", players=2, seed=4, bot_delay=0)
    svgs = [c["svg"] for c in all_cards(table.view)]
    table.handle({"type": "four_colour", "on": True})
    assert table.four_colour and table.view["four_colour_option"]
    diamonds_or_clubs = [c for c in all_cards(table.view) if c["face"]["code"][-1] in "DC"]
    if diamonds_or_clubs:
        assert [c["svg"] for c in all_cards(table.view)] != svgs
    assert PlayTable("page_one", players=2, seed=4, bot_delay=0, four_colour=True).four_colour


def test_language_switch_relabels_the_page_one_table() -> None:
    table = PlayTable("page_one", players=2, seed=4, bot_delay=0)
    table.handle({"type": "lang", "lang": "ja"})
    assert table.view["title"].startswith("アメリカンページワン") or "ページワン" in table.view["title"]
    assert "page_one." not in json.dumps(table.view, ensure_ascii=False)


def test_view_model_never_holds_hidden_cards_for_any_seat() -> None:
    game = make("page_one", preset="house", players=4)
    state = game.initial_state(2)
    rng = random.Random(0)
    for _ in range(200):
        if game.is_terminal(state):
            break
        for viewer in range(4):
            view = view_model(game, state, viewer, controls={0, 1, 2, 3})
            for z in view["zones"]:
                if z["kind"] == "hand" and z["owner"] != viewer:
                    assert z["cards"] == []
        state, _ = game.apply(state, rng.choice(game.legal_actions(state)))


def test_letting_a_missed_call_go_says_out_only_when_the_player_is_out() -> None:
    from helpers_page_one import deal, play

    from tablekit.i18n import tr

    def pass_label(state: Any) -> str:
        seat = game.current_player(state)
        return {b["code"]: b["label"] for b in view_model(game, state, seat)["buttons"]}["pass"]

    # One card left and no "Page One": the others are asked in turn whether to catch it.
    game, s = deal([["4H", "KC"], ["9H", "TD"], ["6H", "TS"]], stock=["7H"], call_mode="catchable",
                   catch_by="any")
    s, _ = play(game, s, "4H")
    assert pass_label(s) == tr("page_one.view.let_go_plain", "en")
    # The last card without "Stop": letting that go lets the player out.
    game, s = deal([["4H"], ["9D"], ["TD"]], stock=["7H"], call_mode="catchable", catch_by="any")
    s, _ = play(game, s, "4H")
    assert pass_label(s) == tr("page_one.view.let_go", "en", player=0)
