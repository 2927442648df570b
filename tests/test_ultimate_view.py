"""The Ultimate view-model and end-of-deal summary, in PlayTable without a browser.

Whole games are played by sending the requests the browser sends, and at every turn of the
person the synced state is checked: no card the seat may not see, bid buttons that are legal
bids, the discard counter, the trick in seat order with its leader, and a summary at the end of
every deal (``final`` only at the end of the game).
"""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest
from helpers_ultimate import deal, game
from test_play_table import without_round_end

from tablekit import make
from tablekit.core.view import ZONE_KINDS, iter_cards

from tablekit.games.ultimate.actions import card_code
from tablekit.games.ultimate.state import DISCARD, PLAY
from tablekit.games.ultimate.view import offered_bids, round_summary, view_model
from tablekit.i18n import tr
from tablekit.render.svg import standard_name
from tablekit.widgets.play_table import PlayTable


def faces(node: Any) -> Iterator[str]:
    """Every standard card face anywhere in a JSON-like value."""
    if isinstance(node, dict):
        if node.get("deck") == "standard" and isinstance(node.get("code"), str):
            yield node["code"]
        for value in node.values():
            yield from faces(value)
    elif isinstance(node, list):
        for value in node:
            yield from faces(value)


def visible_to(state: Any, seat: int) -> set[str]:
    """The cards ``seat`` may see now: its hand, the current and last trick, and for the
    declarer the kitty cards taken and the discards."""
    seen = {card_code(c) for c in state.hands[seat]}
    seen |= {card_code(c) for _, c in state.trick + state.last_trick}
    if seat == state.declarer:
        seen |= {card_code(c) for c in state.discards + state.picked}
    return seen


def assert_no_leak(table: PlayTable) -> None:
    state, seat = table.match.state, table.seat
    shown = without_round_end(table.get_state())
    allowed = visible_to(state, seat)
    assert set(faces(shown)) <= allowed, f"hidden cards reached the browser: {set(faces(shown)) - allowed}"
    text = json.dumps(shown, ensure_ascii=False)
    for c in range(52):
        code = card_code(c)
        if code not in allowed:
            assert f'aria-label=\\"{standard_name(code, table.lang)}\\"' not in text, code
    for z in table.view["zones"]:
        if z["kind"] == "hand" and z["owner"] != seat:
            assert z["cards"] == [] and z["hidden"] == len(state.hands[z["owner"]])


def options(view: dict[str, Any]) -> list[str]:
    """Every code a click can send: playable cards (their action or each choice) and buttons."""
    codes = []
    for c in iter_cards(view):
        if c["playable"]:
            codes += [c["action"]] if c["action"] else [ch["code"] for ch in c["choices"]]
    return codes + [b["code"] for b in view["buttons"]]


def check_turn(table: PlayTable) -> None:
    """What the person sees on their turn, phase by phase."""
    g, state, view = table.match.game, table.match.state, table.view
    legal = {a.code for a in g.legal_actions(state)}
    assert view["my_turn"] and set(options(view)) <= legal and options(view)
    kinds = {z["kind"] for z in view["zones"]}
    assert kinds <= set(ZONE_KINDS) and {"hand", "counter"} <= kinds
    buttons = [b["code"] for b in view["buttons"]]
    if state.phase == 0:  # the auction
        bids = sorted(int(code[4:]) for code in legal if code.startswith("bid:"))
        offered = offered_bids(bids[0], bids[-1]) if bids else []  # none above the highest bid allowed
        assert [int(b[4:]) for b in buttons if b.startswith("bid:")] == offered
        assert not bids or f"bid:{bids[0]}" in buttons
        assert ("pass" in buttons) == ("pass" in legal)
        assert set(buttons) <= legal
    elif state.phase == DISCARD:
        counter = next(z for z in view["zones"] if z["id"] == "discarded")
        done, total = len(state.discards), g.config.layout[1]
        assert counter["value"] == tr("ultimate.view.discarded_value", table.lang, done=done, total=total)
        mine = next(z for z in view["zones"] if z["id"] == f"hand-{table.seat}")
        assert [c["action"] for c in mine["cards"]] == [f"discard:{c['face']['code']}" for c in mine["cards"]]
        assert str(total - done) in view["prompt"]
    elif state.phase == PLAY:
        trick = next(z for z in view["zones"] if z["kind"] == "trick" and z["id"] == "trick")
        seats = [p["seat"] for p in trick["plays"]]
        n = g.num_players
        assert seats == [seat for seat, _ in state.trick]
        assert [p["card"]["face"]["code"] for p in trick["plays"]] == [card_code(c) for _, c in state.trick]
        leader = state.trick[0][0] if state.trick else state.current
        assert trick["leader"] == leader and seats == [(leader + i) % n for i in range(len(seats))]
        assert not buttons  # every move is a click on a hand card
    else:  # naming trumps, calling a partner: buttons only
        assert buttons and set(buttons) <= legal


def play_game(table: PlayTable, rng: random.Random, limit: int = 5000) -> list[dict[str, Any]]:
    """Play to the end by clicking; return the deal summaries seen."""
    summaries: list[dict[str, Any]] = []
    for _ in range(limit):
        view = table.view
        ended = view.get("round_end")
        if ended and (not summaries or summaries[-1] is not ended):
            summaries.append(ended)
            assert ended["final"] == view["over"]
            assert all(h["id"].startswith("reveal-") for h in ended["hands"])
            assert_no_leak(table)
        if view["over"]:
            return summaries
        if ended:
            table.handle({"type": "next_round"})
            continue
        assert_no_leak(table)
        check_turn(table)
        table.handle({"type": "play", "code": rng.choice(options(view))})
        assert table.message_kind != "error", table.message
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("preset, players, target", [
    ("basic", 4, 150), ("partner", 5, 80), ("circle", 3, 150), ("basic", 8, 60),
])
def test_whole_games_by_clicking(preset: str, players: int, target: int) -> None:
    table = PlayTable("ultimate", preset=preset, players=players, seed=7, bots="random", bot_delay=0,
                      bot_seed=3, target=target)
    summaries = play_game(table, random.Random(11))
    state = table.match.state
    assert len(summaries) == state.deal_no + 1, "one summary per deal, thrown-in deals included"
    assert [s["final"] for s in summaries] == [False] * (len(summaries) - 1) + [True]
    last = summaries[-1]
    assert max(state.totals) >= target
    assert [s["value"] for s in last["standings"]] == [tr("ultimate.view.standing", "en", total=t, target=target)
                                                      for t in state.totals]


def test_japanese_table_and_teaching_view() -> None:
    table = PlayTable("ultimate", preset="partner", players=4, seed=2, bots="random", bot_delay=0, bot_seed=1,
                      lang="ja", single_deal=True)
    summaries = play_game(table, random.Random(5))
    assert summaries[-1]["final"] and "第1回" in summaries[-1]["title"]
    open_table = PlayTable("ultimate", preset="basic", players=4, seed=2, bots="random", bot_delay=0, bot_seed=1)
    open_table.handle({"type": "teaching", "on": True})
    hands = [z for z in open_table.view["zones"] if z["kind"] == "hand"]
    assert all(len(z["cards"]) == 11 for z in hands)
    assert len(next(z for z in open_table.view["zones"] if z["id"] == "kitty")["cards"]) == 5
    open_table.handle({"type": "teaching", "on": False})
    assert_no_leak(open_table)


@pytest.mark.parametrize("preset, options", [
    ("partner", {}), ("partner", {"show_running_points": True, "call_timing": "before_kitty"}),
    ("basic", {"remainder": "to_kitty", "allow_no_trump": True}), ("circle", {"players": 3}),
])
def test_a_view_never_changes_when_hidden_cards_are_resampled(preset: str, options: dict[str, Any]) -> None:
    """Whatever the seat cannot see (other hands, kitty, discards, leftovers, the partner's seat,
    won tricks) can change without changing its view: nothing hidden is in it."""
    players = options.pop("players", 4)
    g = game(preset, players, single_deal=True, **options)
    rng = random.Random(4)
    for seed in range(3):
        s = g.initial_state(seed)
        while not g.is_terminal(s):
            for seat in range(players):
                other = g.determinize(s, seat, rng)
                assert view_model(g, other, seat) == view_model(g, s, seat)
            s, _ = g.step(s, rng.choice(g.legal_actions(s)))


def test_the_auction_exchange_and_trick_at_a_glance() -> None:
    g = game("partner", 4, show_running_points=True)
    s = deal(g, [["AS", "KS", "QS", "JS"]], dealer=0)
    for code in ["bid:20", "pass", "pass"]:
        s, _ = g.step(s, g.action_from_code(code))
    vm = view_model(g, s, 3)
    assert [b["code"] for b in vm["buttons"]] == ["bid:21", "bid:22", "bid:23", "bid:25", "bid:30", "bid:35",
                                                    "bid:40", "pass"]
    badges = {z["owner"]: z["badges"] for z in vm["zones"] if z["kind"] == "hand"}
    assert "Bid 20" in badges[0] and "Dropped out" in badges[1] and "Dropped out" in badges[2]
    assert next(z for z in vm["zones"] if z["id"] == "contract")["value"] == "20 (Player 1)"
    s, _ = g.step(s, g.action_from_code("pass"))  # seat 0 is the declarer with 20
    vm = view_model(g, s, 0)
    assert vm["prompt"].startswith("Player 1, click a card") and "5 more cards" in vm["prompt"]
    picked = {card_code(c) for c in s.picked}
    mine = next(z for z in vm["zones"] if z["id"] == "hand-0")
    assert {c["face"]["code"] for c in mine["cards"] if c["mark"] == "received"} == picked
    assert all(c["mark"] is None for c in mine["cards"] if c["face"]["code"] not in picked)
    for c in mine["cards"][:5]:
        s, _ = g.step(s, g.action_from_code(c["action"]))
    vm = view_model(g, s, 0)
    assert [b["code"] for b in vm["buttons"]] == ["trump:S", "trump:H", "trump:D", "trump:C"]
    assert vm["buttons"][0]["label"].startswith("♠ spades trumps (")
    assert len(next(z for z in vm["zones"] if z["id"] == "discards")["cards"]) == 5
    other = view_model(g, s, 1)
    assert next(z for z in other["zones"] if z["id"] == "discards")["value"] == "5 cards face down"
    s, _ = g.step(s, g.action_from_code("trump:S"))
    vm = view_model(g, s, 0)
    calls = [b["code"] for b in vm["buttons"]]
    assert all(code.startswith("call:") for code in calls) and len(calls) <= 9
    held = {card_code(c) for c in s.hands[0] + s.discards}
    assert [b for b in calls if b[5:] in held] == calls[-1:], "one own card, last: play alone"
    s, _ = g.step(s, g.action_from_code(calls[0]))
    vm = view_model(g, s, 1)
    assert "Trump: ♠ spades" in vm["subtitle"] and "Contract: 20 by Player 1" in vm["subtitle"]
    assert next(z for z in vm["zones"] if z["id"] == "partner")["value"].endswith("secret until it is played")
    assert next(z for z in vm["zones"] if z["id"] == "running")["value"] == "0 of 20"
    trick = next(z for z in vm["zones"] if z["kind"] == "trick")
    assert trick["plays"] == [] and trick["leader"] == 0


def test_void_mark_and_last_trick() -> None:
    g = game("basic", 4)
    s = deal(g, [["AS"], ["2S"], ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H"]], dealer=0)
    for code in ["bid:1", "pass", "pass", "pass"]:
        s, _ = g.step(s, g.action_from_code(code))
    for c in sorted(s.hands[0])[:5]:
        s, _ = g.step(s, g.action_from_code(f"discard:{card_code(c)}"))
    s, _ = g.step(s, g.action_from_code("trump:C"))
    lead = next(card_code(c) for c in s.hands[0] if card_code(c)[-1] == "S")
    s, _ = g.step(s, g.action_from_code(lead))
    s, _ = g.step(s, g.legal_actions(s)[0])
    s, _ = g.step(s, g.action_from_code("4H"))  # seat 2 holds only hearts
    vm = view_model(g, s, 3)
    badges = next(z for z in vm["zones"] if z["id"] == "hand-2")["badges"]
    assert "no ♠" in badges
    s, _ = g.step(s, g.legal_actions(s)[0])
    vm = view_model(g, s, 3)
    last = next(z for z in vm["zones"] if z["id"] == "last-trick")
    assert [p["seat"] for p in last["plays"]] == [0, 1, 2, 3] and last["winner"] == s.last_winner
    assert next(z for z in vm["zones"] if z["id"] == "trick")["leader"] == s.last_winner


def test_round_summary_reveals_kitty_discards_and_leftovers() -> None:
    g = game("basic", 5)
    s = g.initial_state(1)
    rng = random.Random(0)
    while True:
        s, events = g.step(s, rng.choice(g.legal_actions(s)))
        summary = round_summary(g, events, "en")
        if summary is not None and s.results:
            break
    assert [h["id"] for h in summary["hands"]] == ["reveal-0", "reveal-1", "reveal-2", "reveal-3", "reveal-4"]
    assert [z["id"] for z in summary["piles"]] == ["reveal-kitty", "reveal-discards", "reveal-leftovers"]
    shown = {z["id"]: [c["face"]["code"] for c in z["cards"]] for z in summary["piles"]}
    assert len(shown["reveal-kitty"]) == 5 and len(shown["reveal-discards"]) == 5
    assert len(shown["reveal-leftovers"]) == 2
    declarer, contract, points, made = s.results[-1]
    assert summary["hands"][declarer]["worked"] == tr("ultimate.view.summary_took", "en", points=points,
                                                      amount=contract)
    assert summary["hands"][declarer]["score"] == (f"+{contract}" if made else "0")
    assert summary["final"] is False and summary["standings"][0]["value"].endswith("of 150")
    assert round_summary(g, [], "en") is None
    with pytest.raises(TypeError):
        round_summary(make("page_one"), events, "en")


def test_a_thrown_in_deal_has_a_summary_that_reveals_nothing() -> None:
    g = game("basic", 4)
    s = g.initial_state(0, dealer=0)
    for _ in range(3):
        s, events = g.step(s, g.action_from_code("pass"))
        assert round_summary(g, events, "en") is None
    vm = view_model(g, s, 3)
    assert vm["buttons"][-1] == {"code": "pass", "label": "Pass (nobody has bid: the deal is thrown in)"}
    s, events = g.step(s, g.action_from_code("pass"))
    summary = round_summary(g, events, "ja")
    assert summary is not None and summary["title"] == "第1回は配り直し" and not summary["final"]
    assert summary["hands"] == [] and summary["standings"] == []
    forced = game("basic", 4, all_pass="last_forced_min_bid")
    s = forced.initial_state(0, dealer=0)
    for _ in range(3):
        s, _ = forced.step(s, forced.action_from_code("pass"))
    vm = view_model(forced, s, 3)
    assert "pass" not in [b["code"] for b in vm["buttons"]] and "must bid at least 1" in vm["prompt"]
