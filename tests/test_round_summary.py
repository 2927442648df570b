"""The end-of-round moment: ``GameSpec.round_summary`` and the events it is built from.

A summary is built from the events of ONE step (the next round is dealt within the same step,
so the final hands are in no later state). These tests play seeded games and check, at every
step, that the summary exists exactly when the step ended a round (or a game of a match), and
then check it against the engine's own states, never against the event it was built from: the
revealed hands are the hands at the end of the round, each worked line adds up to the hand's
value, the scores are the round's scores (zero-sum in Page One), the winner is named, and
``final`` is True only when the match is over.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any, Iterator

import helpers_page_one as po
import helpers_up_and_down as ud
import pytest
import toy_game

from tablekit import make
from tablekit.bots import make_bot
from tablekit.core.registry import list_games, spec
from tablekit.core.view import signed
from tablekit.games.page_one.actions import Pass, Play, card_code
from tablekit.games.page_one.actions import card_from_code as po_card
from tablekit.games.up_and_down.actions import card_code as ud_code
from tablekit.games.up_and_down.state import FINISHED, SITTING_OUT
from tablekit.i18n import LANGUAGES, seat_name

PO = "page_one"
UD = "up_and_down"
MINUS = "\u2212"


def score_of(text: str) -> int:
    """'+65' / '−65' / '0' as a number."""
    return int(text.replace(MINUS, "-"))


def leading_number(text: str) -> int:
    """The number a standings value starts with ('3 game wins' -> 3)."""
    found = re.search(r"-?\d+", text)
    assert found, text
    return int(found.group())


def worked_total(line: str) -> int:
    """Check that a worked line ('K♠ 10 + 5♦ 5 = 15') adds up; return its total."""
    terms, total = line.rsplit(" = ", 1)
    points = [int(term.rsplit(" ", 1)[-1]) for term in terms.split(" + ")]
    assert sum(points) == int(total), line
    return int(total)


def steps(game: Any, seed: int, bot: Any = None) -> Iterator[tuple[Any, Any, Any, tuple[Any, ...]]]:
    """(state before, action, state after, events) for every step of a seeded game."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        if bot is None:
            action = legal[rng.randrange(len(legal))]
        else:
            action = bot.choose(game.observe(state, game.current_player(state)), legal, rng)
        after, events = game.step(state, action)
        yield state, action, after, events
        state = after


def check_shape(summary: dict[str, Any], players: int, lang: str = "en") -> None:
    """What every summary looks like (and that it is JSON-ready)."""
    json.dumps(summary)
    assert set(summary) == {"final", "title", "text", "hands", "standings", "piles"}
    assert isinstance(summary["final"], bool) and summary["title"] and summary["text"]
    assert "{" not in summary["text"] + summary["title"]
    # One hand a seat in seat order (or none: a deal thrown in before anyone saw a card).
    assert [h["owner"] for h in summary["hands"]] in (list(range(players)), [])
    for z in summary["piles"]:
        assert z["kind"] == "pile" and z["id"].startswith("reveal-") and isinstance(z["worked"], str)
        assert all(c["face"] is not None and not c["playable"] for c in z["cards"])
    for h in summary["hands"]:
        assert h["kind"] == "hand" and h["id"] == f"reveal-{h['owner']}" and h["hidden"] == 0
        assert all(c["face"] is not None and not c["playable"] and not c["choices"] for c in h["cards"])
        assert isinstance(h["worked"], str) and isinstance(h["score"], str) and isinstance(h["badges"], list)
    for row in summary["standings"]:
        assert set(row) == {"seat", "label", "value", "leader"} and row["label"] == seat_name(row["seat"], lang)


def revealed(summary: dict[str, Any]) -> list[list[str]]:
    return [[c["face"]["code"] for c in h["cards"]] for h in summary["hands"]]


# --- Page One ----------------------------------------------------------------------------------
PO_CASES = [
    ("classic", {}),  # Crazy Eights values, one round
    ("classic", {"values": "pageone_jp", "rounds": 3}),
    ("house", {}),  # jokers, multi-play, Japanese values, five rounds
    ("party", {}),  # play_on: the round ends when all but one are out
    ("classic", {"final_penalty_drawn": True, "rounds": 6, "hand_size": 3}),
    ("family", {"rounds": 8, "target": 60}),
    ("classic", {"players": 4, "round_limit": 50, "rounds": 2}),  # stopped rounds (scored like blocked)
]


def sorted_codes(cards: Any) -> list[str]:
    return [card_code(x) for x in sorted(cards)]


def check_page_one_step(game: Any, before: Any, action: Any, after: Any, events: tuple[Any, ...],
                        summary: dict[str, Any]) -> str:
    """Check one round's summary against the states; returns the round's end code."""
    n = game.config.players
    check_shape(summary, n)
    assert summary["final"] == game.is_terminal(after)
    ended = next(e for e in events if e.code == f"{PO}.event.round_over").params["end"]
    winners = after.round_winners[len(before.round_winners):]
    assert winners
    assert [h["winner"] for h in summary["hands"]] == [i in winners for i in range(n)]
    for w in winners:
        assert seat_name(w) in summary["text"]
    scores = [score_of(h["score"]) for h in summary["hands"]]
    assert scores == list(after.round_scores) and sum(scores) == 0
    assert [score_of(row["value"]) for row in summary["standings"]] == list(after.totals)
    assert [row["leader"] for row in summary["standings"]] == [t == max(after.totals) for t in after.totals]
    hands = revealed(summary)
    if summary["final"]:
        # The last round's state keeps the final hands.
        assert hands == [sorted_codes(h) for h in after.hands]
    actor = before.current
    victims = {e.params["player"] for e in events if e.code == f"{PO}.event.penalty_drawn"} - {actor}
    for seat in range(n):
        held = Counter(sorted_codes(before.hands[seat]))
        shown = Counter(hands[seat])
        if seat in victims:
            # A last Two/Three/joker: the next player drew the penalty before the scoring.
            extra = shown - held
            assert held <= shown and extra
            assert extra <= Counter(sorted_codes(before.stock[before.drawn:] + before.discard))
            marked = [c["face"]["code"] for c in summary["hands"][seat]["cards"] if c["mark"] == "received"]
            assert Counter(marked) == extra
            assert f"{seat_name(seat)} had to draw the" in summary["text"]
        elif seat != actor:
            assert shown == held
        elif isinstance(action, Play):
            assert shown == held - Counter(card_code(x) for x in action.cards)
        elif isinstance(action, Pass):
            assert shown == held
    for h, codes in zip(summary["hands"], hands):
        if codes:
            assert worked_total(h["worked"]) == game.hand_value([po_card(x) for x in codes])
        else:
            assert h["worked"] == "No cards left"
    if summary["final"] and game.config.rounds > 1:
        best = max(after.totals)
        leaders = [i for i, t in enumerate(after.totals) if t == best]
        if len(leaders) == 1:
            assert f"{seat_name(leaders[0])} wins the match with {best} point" in summary["text"]
        else:
            assert "share the win" in summary["text"]
    return str(ended)


@pytest.mark.parametrize(("preset", "options"), PO_CASES)
def test_page_one_summary_at_every_step(preset: str, options: dict[str, Any]) -> None:
    game = make(PO, preset=preset, **options)
    build = spec(PO).round_summary
    assert build is not None
    ends: Counter[str] = Counter()
    finals = 0
    for seed in range(3):
        for before, action, after, events in steps(game, seed):
            summaries = {lang: build(game, events, lang) for lang in LANGUAGES}
            if not any(e.code == f"{PO}.event.round_over" for e in events):
                assert summaries == {"en": None, "ja": None}
                continue
            summary, ja = summaries["en"], summaries["ja"]
            assert summary is not None and ja is not None
            ends[check_page_one_step(game, before, action, after, events, summary)] += 1
            check_shape(ja, game.config.players, "ja")
            assert revealed(ja) == revealed(summary) and ja["final"] == summary["final"]
            finals += summary["final"]
    assert finals == 3  # one per game, at its very end
    assert sum(ends.values()) >= 3
    if game.config.play_on:
        assert set(ends) == {f"{PO}.end.all_out"}
    if game.config.round_limit == 50:
        assert f"{PO}.end.stalled" in ends


def test_page_one_winner_and_worked_lines() -> None:
    game, s = po.deal([["JH", "JD", "JS", "JC"], ["8S", "KH", "AD", "5C"]], stock=["7H"])
    s, events = po.play(game, s, "JH", "JD", "JS!")
    assert spec(PO).round_summary(game, events, "en") is None
    s, events = po.play(game, s, "JC!")
    summary = spec(PO).round_summary(game, events, "en")
    assert summary is not None and summary["final"] is True
    assert summary["text"] == "Player 1 went out first and takes 66 points."
    assert summary["hands"][1]["worked"] == "8♠ 50 + K♥ 10 + A♦ 1 + 5♣ 5 = 66"
    assert [h["score"] for h in summary["hands"]] == ["+66", "−66"]
    assert [h["badges"] for h in summary["hands"]] == [["Winner"], ["4 cards"]]
    ja = spec(PO).round_summary(game, events, "ja")
    assert ja is not None and ja["text"] == "プレイヤー1が最初に上がり、66点を獲得します。"
    assert ja["hands"][1]["badges"] == ["4枚"]


def test_page_one_japanese_values_are_worked_out_card_by_card() -> None:
    game, s = po.deal([["JH", "JD", "JS", "JC"], ["8S", "KH", "AD", "5C"]], stock=["7H"], values="pageone_jp")
    s, events = po.play(game, s, "JH", "JD", "JS!", "JC!")
    summary = spec(PO).round_summary(game, events, "en")
    assert summary is not None
    assert summary["hands"][1]["worked"] == "8♠ 20 + K♥ 10 + A♦ 1 + 5♣ 5 = 36"
    assert summary["text"] == "Player 1 went out first and takes 36 points."


def test_page_one_final_penalty_is_revealed_and_named() -> None:
    game, s = po.deal([["4H", "2H"], ["9D", "KD"]], stock=["7H", "5S", "6S", "9S"], final_penalty_drawn=True)
    s, events = po.play(game, s, "4H!", "draw")
    s, events = po.play(game, s, "2H!")
    summary = spec(PO).round_summary(game, events, "en")
    assert summary is not None
    assert summary["text"] == ("Player 1 went out first and takes 39 points. Player 2 had to draw the 2 penalty "
                               "cards of the last card before the hands were scored.")
    loser = summary["hands"][1]
    assert [c["face"]["code"] for c in loser["cards"]] == po.hand(s, 1)
    assert sorted(c["face"]["code"] for c in loser["cards"] if c["mark"] == "received") == ["6S", "9S"]
    assert worked_total(loser["worked"]) == game.hand_value(s.hands[1]) == 39
    assert loser["score"] == "−39"


def test_page_one_blocked_round_names_the_lowest_hand_and_tied_winners_share() -> None:
    game, s = po.deal([["4C"], ["4S"], ["5C"]], stock=["7H"], call_mode="off")
    s = s._replace(stock=(), drawn=0, hands=((po.c("4C"),), (po.c("4S"),), (po.c("5C"), po.c("KD"))))
    s, events = po.play(game, s, "pass", "pass")
    assert spec(PO).round_summary(game, events, "en") is None
    s, events = po.play(game, s, "pass")
    summary = spec(PO).round_summary(game, events, "en")
    assert summary is not None
    assert summary["text"] == ("Nobody can play any more. Player 1, Player 2 tie with the lowest hand (4) and "
                               "share 15 points.")
    assert [h["score"] for h in summary["hands"]] == ["+8", "+7", "−15"]
    assert [worked_total(h["worked"]) for h in summary["hands"]] == [4, 4, 15]
    assert [h["winner"] for h in summary["hands"]] == [True, True, False]


def test_page_one_stopped_round_says_why() -> None:
    game = make(PO, players=4, round_limit=50)
    last: tuple[Any, ...] = ()
    for _, _, _, events in steps(game, 7):
        last = events
    summary = spec(PO).round_summary(game, last, "en")
    assert summary is not None and summary["text"].startswith("The round was stopped after 50 moves. ")
    assert "holds the lowest hand" in summary["text"] or "tie with the lowest hand" in summary["text"]


def test_page_one_match_titles_and_final_text() -> None:
    game = make(PO, rounds=3)
    titles = []
    for _, _, after, events in steps(game, 11):
        summary = spec(PO).round_summary(game, events, "en")
        if summary is not None:
            titles.append(summary["title"])
    assert titles == ["Round 1 is over", "Round 2 is over", "Round 3: the match is over"]


# --- Up&Down -----------------------------------------------------------------------------------
UD_CASES = [
    ("basic", {}, None),
    ("basic", {"players": 3, "target_wins": 2}, None),
    ("basic", {"single_game": True}, None),
    ("carry_over", {}, None),
    ("carry_over", {"inflation": True, "buy_in": 3, "max_buys": 2, "starting_chips": 3}, None),
    ("carry_over", {"max_games": 3}, None),
    ("cul_de_sac", {"players": 3}, "heuristic"),
    ("cul_de_sac", {"players": 3}, None),
    ("solo", {}, "heuristic"),
]
UD_ENDS = (f"{UD}.event.game_won", f"{UD}.event.score", f"{UD}.event.mission_failed")


def ud_codes(cards: Any) -> list[str]:
    return [ud_code(x) for x in sorted(cards)]


def check_up_and_down_step(game: Any, before: Any, action: Any, after: Any, events: tuple[Any, ...],
                           summary: dict[str, Any]) -> None:
    cfg = game.config
    n = cfg.players
    check_shape(summary, n)
    assert summary["final"] == game.is_terminal(after)
    hands = revealed(summary)
    games_ended = sum(e.code == f"{UD}.event.game_won" for e in events)
    if summary["final"]:
        assert hands == [ud_codes(h) for h in after.hands]
    elif games_ended == 1:
        # The hands of the state before, after the actor's play and draw.
        expected = [list(h) for h in before.hands]
        expected[before.current].remove(action.card)
        if before.drawn < len(before.deck):
            expected[before.current].append(before.deck[before.drawn])
        assert hands == [ud_codes(h) for h in expected]
    if cfg.open_hands:
        assert summary["final"]
        outcome = game.outcome(after)
        finished = [i for i, st in enumerate(after.status) if st == FINISHED]
        assert [h["winner"] for h in summary["hands"]] == [i in finished for i in range(n)]
        if outcome.details["result"] == "failed":
            failed = next(e for e in events if e.code == f"{UD}.event.mission_failed").params["player"]
            assert summary["text"].startswith(f"{seat_name(failed)} could not play")
        else:
            assert f"the team scores {len(finished)}/{n}" in summary["text"]
            down = [worked_total(h["worked"]) for h, codes in zip(summary["hands"], hands) if codes]
            assert sum(down) == outcome.details["face_down_sum"]
            if outcome.details["face_down_cards"]:
                assert f"worth {outcome.details['face_down_sum']} in all" in summary["text"]
        return
    survivor = after.game_winners[-1]
    assert summary["text"].startswith(f"{seat_name(survivor)} is the last player in and wins game ")
    assert [h["winner"] for h in summary["hands"]] == [i == survivor for i in range(n)]
    if cfg.uses_chips:
        chips = [leading_number(row["value"]) for row in summary["standings"]]
        if summary["final"]:
            assert chips == list(after.chips)
        else:
            # The next game's ante (and any chips bought to pay it) came after the standings.
            bought = Counter()
            for e in events:
                if e.code == f"{UD}.event.bought":
                    bought[e.params["player"]] += e.params["amount"]
            assert chips == [c - bought[i] + (after.ante if after.status[i] != SITTING_OUT else 0)
                             for i, c in enumerate(after.chips)]
        claimed = any(e.code == f"{UD}.event.pot_claimed" for e in events)
        fits = summary["hands"][survivor]["worked"]
        assert ("can still go on" in fits) == claimed and ("takes the pot" in summary["text"]) == claimed
    else:
        assert [leading_number(row["value"]) for row in summary["standings"]] == list(after.wins)
        assert [row["leader"] for row in summary["standings"]] == [w == max(after.wins) for w in after.wins]
        if summary["final"] and not cfg.single_game:
            outcome = game.outcome(after)
            if len(outcome.winners) == 1:
                w = outcome.winners[0]
                assert f"{seat_name(w)} wins the match with {after.wins[w]} game wins." in summary["text"]


@pytest.mark.parametrize(("preset", "options", "bot_name"), UD_CASES)
def test_up_and_down_summary_at_every_step(preset: str, options: dict[str, Any], bot_name: str | None) -> None:
    game = make(UD, preset=preset, **options)
    bot = make_bot(bot_name, game) if bot_name else None
    build = spec(UD).round_summary
    assert build is not None
    seen = 0
    finals = 0
    for seed in range(4):
        for before, action, after, events in steps(game, seed, bot):
            summaries = {lang: build(game, events, lang) for lang in LANGUAGES}
            if not any(e.code in UD_ENDS for e in events):
                assert summaries == {"en": None, "ja": None}
                continue
            summary, ja = summaries["en"], summaries["ja"]
            assert summary is not None and ja is not None
            check_up_and_down_step(game, before, action, after, events, summary)
            check_shape(ja, game.config.players, "ja")
            assert revealed(ja) == revealed(summary) and ja["final"] == summary["final"]
            seen += 1
            finals += summary["final"]
    assert finals == 4 and seen >= 4


def test_up_and_down_cul_de_sac_reaches_both_ends() -> None:
    # The per-step test above covers both ends of Cul-de-sac only if they happen: make sure.
    game = make(UD, preset="cul_de_sac", players=3)
    ends = set()
    for seed, bot in ((1, make_bot("heuristic", game)), (0, None)):
        for _, _, after, events in steps(game, seed, bot):
            pass
        ends.add(after.termination)
    assert ends == {f"{UD}.end.challenge_done", f"{UD}.end.mission_failed"}


def test_up_and_down_carry_over_pot_claim_is_checkable() -> None:
    game, s = ud.deal("carry_over", 3, [[100, 90, 11, 12, 13], [15, 16, 17, 18, 19], [21, 22, 23, 24, 25]],
                      stock=(1,))
    s, events = ud.play(game, s, "100")
    summary = spec(UD).round_summary(game, events, "en")
    assert summary is not None and summary["final"] is False and summary["title"] == "Game 1 is over"
    assert summary["text"] == ("Player 1 is the last player in and wins game 1. Player 1 can still lay a card, "
                               "so takes the pot of 3 chips.")
    assert summary["hands"][0]["worked"] == "90 can still go on 100"
    assert summary["hands"][0]["score"] == "+3 chips"
    assert [row["value"] for row in summary["standings"]] == ["14 chips", "8 chips", "8 chips"]


def test_up_and_down_basic_match_end_names_the_winner() -> None:
    game = make(UD, players=2, target_wins=1)
    last: tuple[Any, ...] = ()
    for _, _, after, events in steps(game, 3):
        last = events
    summary = spec(UD).round_summary(game, last, "en")
    w = after.game_winners[-1]
    assert summary is not None and summary["final"] and summary["title"] == "Game 1: the match is over"
    assert summary["text"].endswith(f"{seat_name(w)} wins the match with 1 game win.")
    ja = spec(UD).round_summary(game, last, "ja")
    assert ja is not None and ja["text"].endswith(f"{seat_name(w, 'ja')}が1勝で対戦に勝ちました。")


# --- every registered game ---------------------------------------------------------------------
with toy_game.registered():
    GAMES = list_games()


@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    with toy_game.registered():
        yield


def test_the_toy_game_has_no_summary() -> None:
    assert spec(toy_game.NAME).round_summary is None


@pytest.mark.parametrize("name", GAMES)
def test_every_round_summary_is_json_ready_and_only_at_the_end_of_a_round(name: str) -> None:
    build = spec(name).round_summary
    if build is None:
        return  # a game without a summary (the toy game): nothing to show
    game = make(name)
    for seed in range(2):
        for _, _, after, events in steps(game, seed):
            for lang in LANGUAGES:
                assert build(game, (), lang) is None
                summary = build(game, events, lang)
                if game.is_terminal(after):
                    # The last step of a game always ends its last round.
                    assert summary is not None and summary["final"] is True
                if summary is not None:
                    check_shape(summary, game.num_players, lang)
                    assert summary["final"] == game.is_terminal(after)
                    assert all(c["face"]["code"] for h in summary["hands"] for c in h["cards"])


def test_signed_scores() -> None:
    assert [signed(x) for x in (65, -65, 0)] == ["+65", "−65", "0"]
