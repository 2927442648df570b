"""PlayTable without a browser: drive it with the requests the browser would send, and check
that its synced state never holds a card the seat may not see."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from helpers_async import run_on_own_loop

from tablekit.games.up_and_down.actions import card_code
from tablekit.i18n import tr
from tablekit.widgets.play_table import PlayTable


def synced(table: PlayTable) -> dict[str, Any]:
    """Everything the browser receives (the widget's synced state)."""
    return table.get_state()


def without_round_end(state: dict[str, Any]) -> dict[str, Any]:
    """A synced state less the summary of a round that has ended: the hands it reveals were
    that round's (public once it is scored), and the new deal may hold cards of the same names."""
    if isinstance(state.get("view"), dict) and "round_end" in state["view"]:
        ended = state["view"]["round_end"]
        assert all(z["id"].startswith("reveal-") for z in ended["hands"])
        state = {**state, "view": {k: v for k, v in state["view"].items() if k != "round_end"}}
    return state


def visible_codes(table: PlayTable) -> set[str]:
    return {c["face"]["code"] for z in table.view["zones"] for c in z.get("cards", []) if c["face"]}


def hidden_codes(table: PlayTable) -> set[str]:
    """Cards the human's seat may not see: other hands and the stock (minus what is public)."""
    state = table.match.state
    mine = {card_code(c) for c in state.hands[table.seat]}
    public = {card_code(c) for c in state.pile}
    open_seats = public_seats(table)  # open hands in Cul-de-sac; every hand in solo
    secret = {card_code(c) for i, h in enumerate(state.hands) if i != table.seat and i not in open_seats for c in h}
    secret |= {card_code(c) for c in state.deck[state.drawn:]}
    return secret - mine - public - {"P", "T", "S"}  # specials have copies: checked by count below


def public_seats(table: PlayTable) -> set[int]:
    seats = set(table.match.game.public_seats(table.match.state))
    return seats | table.controls if table.solo else seats


def assert_no_leak(table: PlayTable) -> None:
    assert not (visible_codes(table) & hidden_codes(table))
    for z in table.view["zones"]:
        if z["kind"] == "hand" and z["owner"] != table.seat and z["owner"] not in public_seats(table):
            assert z["cards"] == [] or table.view["teaching"]
    # Every card picture carries its name as an aria label: no hidden card may be pictured.
    text = json.dumps(without_round_end(synced(table)), ensure_ascii=False)
    for code in hidden_codes(table):
        assert f'aria-label=\\"{code}\\"' not in text, f"hidden card {code} reached the browser"


def play_to_end(table: PlayTable, limit: int = 3000) -> int:
    moves = 0
    while not table.view["over"] and moves < limit:
        if table.view.get("round_end"):  # a game of the match ended: it waits for Next round
            table.handle({"type": "next_round"})
            continue
        assert table.view["my_turn"]
        assert_no_leak(table)
        card = next(c for z in table.view["zones"] for c in z.get("cards", []) if c["playable"])
        code = card["action"] or card["choices"][0]["code"]
        table.handle({"type": "play", "code": code})
        assert table.message_kind != "error", table.message
        moves += 1
    return moves


@pytest.mark.parametrize("preset", ["basic", "carry_over", "cul_de_sac", "solo"])
def test_a_whole_game_by_clicking(preset: str) -> None:
    table = PlayTable(preset=preset, players=4, seed=21, bot_delay=0, single_game=preset in ("basic", "carry_over"))
    assert play_to_end(table) > 0
    assert table.view["over"] and table.view["outcome"]["text"]
    assert table.log, "the game log holds the events"


def test_browser_never_gets_other_hands_unless_teaching_is_allowed() -> None:
    table = PlayTable(players=3, seed=8, bot_delay=0, allow_teaching=False)
    table.handle({"type": "teaching", "on": True})
    assert table.message_kind == "refusal"
    assert_no_leak(table)
    open_table = PlayTable(players=3, seed=8, bot_delay=0)
    open_table.handle({"type": "teaching", "on": True})
    others = [z for z in open_table.view["zones"] if z["kind"] == "hand" and z["owner"] != 0]
    assert all(len(z["cards"]) == 5 for z in others)
    open_table.handle({"type": "teaching", "on": False})
    assert_no_leak(open_table)


def test_forged_requests_cannot_make_an_illegal_move() -> None:
    table = PlayTable(players=3, seed=8, bot_delay=0)
    before = (table.match.state, table.match.step_index)
    hand = {c["face"]["code"] for c in table.view["zones"][2]["cards"]}
    missing = next(str(n) for n in range(1, 101) if str(n) not in hand)
    for forged in (
        {"type": "play", "code": missing},            # a card the seat does not hold
        {"type": "play", "code": "S9"},                # a seat that does not exist
        {"type": "play", "code": "x" * 50},            # garbage
        {"type": "play"},                              # no code
        {"type": "teleport"},                          # unknown request
        "not even a dict",
    ):
        table.handle(forged)  # never raises
        assert (table.match.state, table.match.step_index) == before
        assert table.message
    table.handle({"type": "play", "code": missing})
    assert table.message_kind == "refusal" and "not in Player 1's hand" in table.message


def test_forged_trait_updates_do_nothing_in_python() -> None:
    table = PlayTable(players=3, seed=8, bot_delay=0)
    before = (table.match.state, table.match.step_index)
    table.set_state({"view": {"zones": [], "my_turn": True}, "deal": "UD-B3-1", "lang": "xx"})
    assert (table.match.state, table.match.step_index) == before


def test_not_your_turn_is_refused() -> None:
    table = PlayTable(players=3, seed=8, bot_delay=0)
    table.controls = set()  # pretend the human sits out: every request comes at a bot's turn
    table.seat = 0
    before = table.match.step_index
    legal = table.match.legal_actions()[0].code
    table.handle({"type": "play", "code": legal})
    assert table.match.step_index == before
    assert "not your turn" in table.message


def test_clicking_an_unplayable_card_explains_why() -> None:
    for seed in range(40):
        table = PlayTable(players=3, seed=seed, bot_delay=0)
        table.handle({"type": "play", "code": table.view["actions"][-1]["code"]})  # a high card
        blocked = [c for c in table.view["zones"][2 if "pot" not in table.view else 3]["cards"] if not c["playable"]]
        if blocked:
            table.handle({"type": "why", "code": blocked[0]["face"]["code"]})
            assert table.message_kind == "refusal"
            assert "cannot play" in table.message or "not" in table.message
            return
    pytest.fail("no seed gave an unplayable card in the opening hand")


def test_hint_marks_a_card_and_gives_a_reason() -> None:
    table = PlayTable(players=4, seed=3, bot_delay=0)
    assert "hint" not in table.view["marks"]
    table.handle({"type": "hint"})
    assert table.message_kind == "hint" and ":" in table.message
    hinted = [c for z in table.view["zones"] for c in z.get("cards", []) if c["mark"] == "hint"]
    assert len(hinted) == 1 and hinted[0]["action"] == table._hint_code and "hint" in table.view["marks"]


def test_undo_returns_to_the_humans_turn() -> None:
    table = PlayTable(players=4, seed=3, bot_delay=0)
    first = table.match.state
    table.handle({"type": "play", "code": table.view["actions"][0]["code"]})
    assert table.match.step_index > 1  # the bots moved too
    table.handle({"type": "undo"})  # their cards were hidden from the person: refused (tests/test_undo.py)
    assert table.message_kind == "refusal" and table.match.step_index > 1
    table.handle({"type": "teaching", "on": True})  # with open hands undo is free
    table.handle({"type": "undo"})
    assert table.match.state == first and table.view["my_turn"]
    table.handle({"type": "undo"})
    assert table.message_kind == "info"


def test_deal_codes_reproduce_a_deal_and_bad_codes_are_friendly() -> None:
    a = PlayTable(players=4, seed=0x7F3A9, bot_delay=0)
    assert a.deal == "UD-B4-7F3A9"
    b = PlayTable(players=3, seed=1, bot_delay=0)
    b.handle({"type": "new", "deal": "ud-b4-7f3a9"})
    assert b.match.state == a.match.state
    b.handle({"type": "new", "deal": "hello"})
    assert b.message_kind == "refusal" and "UD-B4-7F3A9" in b.message
    b.handle({"type": "new", "deal": ""})
    assert b.deal != "UD-B4-7F3A9"


def test_language_switch_and_labels() -> None:
    table = PlayTable(players=3, seed=2, bot_delay=0)
    assert table.labels["hint"] == "Hint"
    table.handle({"type": "lang", "lang": "ja"})
    assert table.labels["hint"] == "ヒント" and "アップんダウン" in table.view["title"]
    table.handle({"type": "lang", "lang": "fr"})
    assert table.lang == "ja" and table.message_kind == "error"


def test_solo_controls_every_hand() -> None:
    table = PlayTable(preset="solo", seed=4, bot_delay=0)
    assert table.controls == {0, 1, 2, 3}
    assert all(z["cards"] for z in table.view["zones"] if z["kind"] == "hand")


def test_speed_is_validated() -> None:
    table = PlayTable(players=3, seed=2, bot_delay=0)
    table.handle({"type": "speed", "ms": 99999})
    assert table.bot_delay == 0 and table.message_kind == "error"
    table.handle({"type": "speed", "ms": 300})
    assert table.bot_delay == pytest.approx(0.3)


def test_replay_a_finished_game_step_by_step() -> None:
    table = PlayTable(preset="basic", players=3, seed=11, bot_delay=0, single_game=True)
    table.handle({"type": "replay", "step": 0})
    assert table.replay_at is None and table.message_kind == "refusal"  # not over yet
    play_to_end(table)
    end = table.match.step_index
    final_view = table.view
    table.handle({"type": "replay", "step": 0})
    assert table.replay_at == 0 and table.view["replay"]["total"] == end
    assert table.log == [] and not any(c["playable"] for z in table.view["zones"] for c in z.get("cards", []))
    assert_no_leak(table)
    table.handle({"type": "replay", "step": 1})
    assert table.announce == " ".join(e.text("en") for e in table.match.events[1])
    before = (table.match.step_index, table.match.state)
    for forged in ({"type": "play", "code": "P"}, {"type": "undo"}, {"type": "hint"}):
        table.handle(forged)
        assert table.message_kind == "refusal"
    assert (table.match.step_index, table.match.state) == before
    for bad in (-1, end + 1, True, "2"):
        table.handle({"type": "replay", "step": bad})
        assert table.message_kind == "error" and table.replay_at == 1
    table.handle({"type": "replay", "step": end})
    assert table.view["over"]
    table.handle({"type": "replay", "step": "exit"})
    assert table.replay_at is None and "replay" not in table.view
    assert table.view["zones"] == final_view["zones"]


def test_one_request_announces_every_move_it_caused() -> None:
    table = PlayTable(preset="basic", players=4, seed=5, bot_delay=0)
    before = table.match.step_index
    card = next(c for z in table.view["zones"] for c in z.get("cards", []) if c["playable"])
    table.handle({"type": "play", "code": card["action"] or card["choices"][0]["code"]})
    moves = [e.text("en") for events in table.match.events[before + 1:table.match.step_index + 1] for e in events]
    assert table.match.step_index - before >= 2  # the human and at least one bot moved
    assert table.announce == " ".join(moves)


def test_a_shot_hint_lights_the_card_that_offers_it_as_a_choice() -> None:
    """The Shot is played by choosing a player on the S card: the hint marks that card."""
    for seed in range(200):
        table = PlayTable(players=4, seed=seed, bot_delay=0, single_game=True)
        rng = random.Random(seed)
        while not table.view["over"]:
            advice = table.session.hint()
            if advice is not None and advice.action.code[0] == "S" and len(advice.action.code) > 1:
                table.handle({"type": "hint"})
                lit = [c for z in table.view["zones"] for c in z.get("cards", []) if c["mark"] == "hint"]
                assert lit and all(c["face"]["code"] == "S" for c in lit)
                assert all(advice.action.code in [ch["code"] for ch in c["choices"]] for c in lit)
                target = next(ch for ch in lit[0]["choices"] if ch["code"] == advice.action.code)
                assert target["zone"] == f"hand-{target['at']}"
                return
            table.handle({"type": "play", "code": rng.choice([a.code for a in table.match.legal_actions()])})
    pytest.fail("no game reached a Shot hint")


def test_an_unexpected_failure_is_a_friendly_message(monkeypatch: pytest.MonkeyPatch) -> None:
    table = PlayTable(players=3, seed=8, bot_delay=0)

    def broken(code: str) -> None:
        raise RuntimeError("a bug deep inside")

    monkeypatch.setattr(table.session, "play", broken)
    table.handle({"type": "play", "code": table.view["actions"][0]["code"]})  # never raises
    assert table.message_kind == "error" and table.message == tr("widgets.table.bad_request", "en")
    assert "RuntimeError" not in table.message and "deep inside" not in table.message


def test_the_table_and_the_walkthrough_share_one_base() -> None:
    from tablekit.widgets.base import TableWidget
    from tablekit.widgets.walkthrough import RuleWalkthrough

    table, walk = PlayTable(players=3, seed=1, bot_delay=0), RuleWalkthrough(autoplay_delay=0)
    assert isinstance(table, TableWidget) and isinstance(walk, TableWidget)
    shared = set(TableWidget.class_trait_names(sync=True))
    assert {"view", "log", "message", "announce", "lang", "labels"} <= shared
    assert shared <= set(table.keys) and shared <= set(walk.keys)
    for widget in (table, walk):
        widget.handle({"type": "lang", "lang": "ja"})
        assert widget.lang == "ja" and widget.labels["hint"] == "ヒント"
        widget.handle({"type": "nonsense"})
        assert widget.message_kind == "error" and widget.message == tr("widgets.table.bad_request", "ja")


def test_in_an_event_loop_bots_move_one_at_a_time() -> None:
    async def scenario() -> None:
        table = PlayTable(players=4, seat=3, seed=5, bot_delay=0.001)  # Player 1 leads: three bots first
        assert table.match.step_index == 0 and not table.view["my_turn"]  # they wait for the loop
        for _ in range(2000):
            if table.view["my_turn"]:
                break
            await asyncio.sleep(0.002)
        assert table.view["my_turn"] and table.match.step_index == 3
        assert len(table.log) >= 3

    run_on_own_loop(scenario)


def test_scheduled_moves_stop_when_cancelled() -> None:
    """What a new deal or an undo relies on: moves scheduled for the old line never run."""
    async def scenario() -> None:
        table = PlayTable(players=3, seed=1, bot_delay=0)
        calls: list[int] = []
        table._repeat(lambda: calls.append(1) is None, lambda: 0.001)
        await asyncio.sleep(0.02)  # the first call is due long before
        assert calls
        table._cancel_repeat()
        seen = len(calls)
        await asyncio.sleep(0.02)
        assert len(calls) == seen

    run_on_own_loop(scenario)


@pytest.mark.parametrize("game, preset, players", [("up_and_down", "basic", 7), ("page_one", "house", 4)])
def test_the_header_names_the_round_that_ended_while_its_summary_shows(game: str, preset: str, players: int) -> None:
    """The game has dealt the next round when a round's summary shows: the header still names
    the round that ended, and the next one once Next round is pressed."""
    table = PlayTable(game, preset=preset, players=players, seed=4, bot_delay=0, bot_seed=1)
    for _ in range(400):
        if table.view.get("round_end"):
            break
        table.handle({"type": "play", "code": table.session.hint().action.code})
    ended = table.view["round_end"]
    assert not ended.get("final"), "a round ended before the game did"
    before = table.session.view("en", step=table.session.step_index - 1)
    after = table.session.view("en")
    assert before["subtitle"] != after["subtitle"], "the next round's header differs"
    assert table.view["subtitle"] == before["subtitle"]
    table.handle({"type": "next_round"})
    assert table.view["subtitle"] == after["subtitle"]
