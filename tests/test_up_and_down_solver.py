""""Still winnable?" (tablekit/games/up_and_down/solver.py): the exact search against plain
brute force on small positions, its winning lines and keeps, the sampled estimate against
every stock order of a small stock, the budget, determinism, bad input, and the meter on the
play table."""

from __future__ import annotations

import asyncio
import itertools
import random
import sys
from typing import Any

import pytest

from tablekit import make
from tablekit.core.game import Game
from tablekit.core.registry import spec
from tablekit.games.up_and_down.rules import UpAndDown
from tablekit.games.up_and_down.solver import LOST, UNKNOWN, WINNABLE, Solution, _Search, reachable, solve
from tablekit.games.up_and_down.state import FINISHED, OUT, UpAndDownState
from tablekit.widgets.play_table import PlayTable

sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))


# --- brute force: every legal line, no memory, no cuts ---------------------------------------------
def brute(game: Game[Any], s: UpAndDownState) -> bool:
    """Can the game still end with every hand emptied? Tries every legal action (through the
    checked ``step``) down to the end of the game."""
    if game.is_terminal(s):
        return all(st == FINISHED for st in s.status)
    return any(brute(game, game.step(s, a)[0]) for a in game.legal_actions(s))


def cards_left(s: UpAndDownState) -> int:
    return sum(map(len, s.hands))


def small_positions(players: int, seeds: range, cards: int) -> list[tuple[Any, UpAndDownState]]:
    """Positions with the stock empty and at most ``cards`` cards in hand, reached by random
    legal plays from Cul-de-sac deals with no stock (every card not dealt is removed)."""
    game = make("up_and_down", preset="cul_de_sac", players=players, removed_cards=108 - 5 * players)
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = game.initial_state(seed)
        while not game.is_terminal(s) and cards_left(s) > cards:
            # Random play rarely stays winnable: often follow a play the solver says keeps it
            # winnable (brute force judges the position reached anyway).
            keeps = solve(game, s, seconds=10).keeps if rng.random() < 0.8 else ()  # type: ignore[union-attr]
            moves = list(keeps) or [a.code for a in game.legal_actions(s)]
            s = game.step(s, game.action_from_code(rng.choice(moves)))[0]
        out.append((game, s))
    return out


POSITIONS = (small_positions(2, range(40), 8) + small_positions(3, range(40), 8)
             + small_positions(4, range(20), 8))


def to_stock(game: Game[Any], s: UpAndDownState, left: int) -> UpAndDownState | None:
    """Play (lowest card first, depth first) until ``left`` cards remain in the stock, with
    nobody eliminated."""
    if s.stock_count <= left:
        return s
    for a in sorted(game.legal_actions(s), key=lambda a: a.card):
        t = game.step(s, a)[0]
        if OUT not in t.status:
            found = to_stock(game, t, left)
            if found is not None:
                return found
    return None


# --- exact answers --------------------------------------------------------------------------------
def test_brute_force_positions_are_varied() -> None:
    answers = [brute(g, s) for g, s in POSITIONS]
    assert 15 <= sum(answers) <= len(answers) - 15  # many of each kind
    assert any(OUT in s.status for _, s in POSITIONS) and any(g.is_terminal(s) for g, s in POSITIONS)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_exact_answer_matches_brute_force(index: int) -> None:
    game, s = POSITIONS[index]
    sol = solve(game, s, seconds=30)
    assert sol is not None and sol.exact and sol.samples == 0 and sol.share is None
    assert sol.status == (WINNABLE if brute(game, s) else LOST)
    if sol.status == LOST:
        assert sol.line == () and sol.keeps == ()
        return
    # The line wins when played, through the checked step.
    t = s
    for code in sol.line:
        t = game.step(t, game.action_from_code(code))[0]
    assert game.is_terminal(t) and all(st == FINISHED for st in t.status)
    outcome = game.outcome(t)
    assert outcome is not None and outcome.details["score"] == 1.0
    # Keeps: exactly the legal actions after which brute force still wins.
    if not game.is_terminal(s):
        expected = [a.code for a in game.legal_actions(s) if brute(game, game.step(s, a)[0])]
        assert list(sol.keeps) == expected and sol.line[0] in sol.keeps


def test_lost_position_from_a_stacked_deal() -> None:
    # Two players, no stock: seat 0 opens with 2, seat 1 must then play 60 or more, and 11 can
    # never be played again (nothing brings the field below it or to ones digit 1).
    from helpers_up_and_down import stack

    game = make("up_and_down", preset="cul_de_sac", players=2, removed_cards=98)
    s = game.initial_state(0, deck=stack(2, [[2, 11, 30, 40, 50], [60, 70, 80, 90, 100]]))
    assert s.stock_count == 0 and s.current == 0
    sol = solve(game, s, seconds=10)
    assert sol is not None and sol.status == LOST and sol.exact and not brute(game, s)


def test_reachable_cut() -> None:
    assert reachable(85, [90, 25, 40]) and reachable(85, [90, 40]) and not reachable(85, [90, 41])
    assert reachable(100, [10, 20, 55]) and not reachable(100, [55])
    assert reachable(37, [7, 1, 17]) is False  # 1: nothing reaches a field below 1 or ending in 1...
    assert reachable(37, [7, 1, 11])  # ...unless a card ending in 1 fits first (11 after 7)


def test_finished_game_is_decided_without_search() -> None:
    for game, s in [(g, s) for g, s in POSITIONS if g.is_terminal(s)][:5]:
        sol = solve(game, s)
        won = all(st == FINISHED for st in s.status)
        assert sol is not None and sol.status == (WINNABLE if won else LOST) and sol.nodes == 1


# --- sampled answers ------------------------------------------------------------------------------
def stock_of_three(players: int, seed: int) -> tuple[Any, UpAndDownState, float]:
    """A mid-mission position with three cards left in the stock, and the exact share of the
    six stock orders from which every hand can still be emptied."""
    game = make("up_and_down", preset="cul_de_sac", players=players)
    s = to_stock(game, game.initial_state(seed), 3)
    assert s is not None and s.stock_count == 3 and not game.is_terminal(s)
    rest = s.deck[s.drawn:]
    wins = [brute_or_solve(game, s._replace(deck=s.deck[: s.drawn] + perm)) for perm in itertools.permutations(rest)]
    return game, s, sum(wins) / len(wins)


def brute_or_solve(game: Game[Any], s: UpAndDownState) -> bool:
    """Is this fixed stock order winnable? A whole mission's tail is too long for brute force,
    so this is the solver's exact search (checked against brute force above) on the known
    order: what the sampler runs on each sample."""
    assert isinstance(game, UpAndDown)
    return _Search(game, float("inf"), None).wins(s, None)


@pytest.mark.parametrize("players,seed", [(3, 7), (2, 11)])
def test_sampled_share_against_every_stock_order(players: int, seed: int) -> None:
    game, s, exact = stock_of_three(players, seed)
    assert 0 < exact < 1
    sol = solve(game, s, seconds=30, seed=5, samples=60, need=players, sample_nodes=None)
    assert sol is not None and not sol.exact and sol.samples == 60 and sol.undecided == 0 and sol.need == players
    assert sol.status == WINNABLE and sol.line == ()
    assert sol.low is not None and sol.high is not None and sol.share is not None
    assert sol.low <= exact <= sol.high and sol.low <= sol.share <= sol.high
    # The share is that of the very samples determinize deals from the seed.
    rng = random.Random(5)
    again = [brute_or_solve(game, game.determinize(s, s.current, rng)) for _ in range(60)]
    assert sol.share == sum(again) / 60
    # Keeps: the actions that keep the most samples winnable.
    assert sol.keeps and all(sol.counts[c] == max(sol.counts.values()) for c in sol.keeps)
    assert set(sol.counts) == {a.code for a in game.legal_actions(s)}


def test_sampled_lost_everywhere() -> None:
    game = make("up_and_down", preset="cul_de_sac", players=2)
    s = to_stock(game, game.initial_state(0), 3)
    assert s is not None
    sol = solve(game, s, seconds=30, samples=10, need=2)
    assert sol is not None and sol.status == LOST and sol.share == 0.0 and sol.keeps == ()


def test_sampling_never_reads_the_stock_order() -> None:
    game, s, _ = stock_of_three(3, 7)
    rest = s.deck[s.drawn:]
    other = s._replace(deck=s.deck[: s.drawn] + tuple(reversed(rest)))
    a, b = (solve(game, t, seed=3, samples=20, max_nodes=10**6, need=3) for t in (s, other))
    assert a is not None and b is not None
    assert (a.share, a.keeps, a.counts) == (b.share, b.keeps, b.counts)


def brute_mission(game: Game[Any], s: UpAndDownState) -> bool:
    """Brute force for the mission alone: can the stock be drawn with nobody eliminated?"""
    if OUT in s.status:
        return False
    if s.stock_count == 0:
        return True
    return any(brute_mission(game, game.step(s, a)[0]) for a in game.legal_actions(s))


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 7), (4, 1)])
def test_mission_goal_against_brute_force(players: int, seed: int) -> None:
    game = make("up_and_down", preset="cul_de_sac", players=players)
    s = to_stock(game, game.initial_state(seed), 3)
    assert s is not None
    rest = s.deck[s.drawn:]
    exact = [brute_mission(game, s._replace(deck=s.deck[: s.drawn] + perm)) for perm in itertools.permutations(rest)]
    sol = solve(game, s, seconds=30, seed=2, samples=40)  # the default goal while the stock lasts
    assert sol is not None and sol.need == 0 and not sol.exact and sol.samples == 40
    assert sol.low is not None and sol.high is not None
    assert sol.low <= sum(exact) / len(exact) <= sol.high
    rng = random.Random(2)
    again = [brute_mission(game, game.determinize(s, s.current, rng)) for _ in range(40)]
    assert sol.share == sum(again) / 40
    # Once the stock is empty the default goal is every hand emptied, and the answer exact.
    t = to_stock(game, s, 0)
    assert t is not None
    done = solve(game, t, seconds=30)
    assert done is not None and done.exact and done.need == players
    assert done.status == (WINNABLE if brute_or_solve(game, t) else LOST)
    assert solve(game, t, need=0).status == WINNABLE  # type: ignore[union-attr]  # the mission is complete


def test_partial_goal_allows_eliminations_after_the_mission() -> None:
    for game, s in POSITIONS[:40]:
        if game.is_terminal(s) or OUT in s.status:
            continue
        full = solve(game, s, seconds=10)
        one = solve(game, s, seconds=10, need=1)
        assert full is not None and one is not None
        assert one.status == (WINNABLE if brute_need(game, s, 1) else LOST)
        if full.status == WINNABLE:
            assert one.status == WINNABLE


def brute_need(game: Game[Any], s: UpAndDownState, need: int) -> bool:
    if game.is_terminal(s):
        return s.status.count(FINISHED) >= need
    return any(brute_need(game, game.step(s, a)[0], need) for a in game.legal_actions(s))


# --- budget, determinism, bad input ---------------------------------------------------------------
def test_node_budget_gives_unknown() -> None:
    game, s = next((g, s) for g, s in POSITIONS if not g.is_terminal(s) and brute(g, s))
    sol = solve(game, s, max_nodes=1)
    assert sol is not None and sol.status == UNKNOWN and sol.exact and sol.line == () and sol.nodes <= 2
    solo = make("up_and_down", preset="solo")
    sampled = solve(solo, solo.initial_state(1), max_nodes=5)
    assert sampled is not None and sampled.status == UNKNOWN and not sampled.exact and sampled.samples == 0


def test_zero_seconds_gives_an_answer_or_unknown_never_a_hang() -> None:
    solo = make("up_and_down", preset="solo")
    sol = solve(solo, solo.initial_state(2), seconds=0)
    assert sol is not None and sol.status in (WINNABLE, LOST, UNKNOWN)


def test_a_hard_sample_is_left_undecided() -> None:
    solo = make("up_and_down", preset="solo")
    sol = solve(solo, solo.initial_state(3), seed=0, samples=3, sample_nodes=50, max_nodes=10**6)
    assert sol is not None and sol.undecided >= 1 and sol.samples + sol.undecided == 3
    if sol.samples:
        assert sol.low is not None and sol.high is not None and sol.high - sol.low > 0.3


def test_deterministic_for_a_seed() -> None:
    solo = make("up_and_down", preset="solo", players=3)
    s = solo.initial_state(4)

    def strip(sol: Solution | None) -> tuple[Any, ...]:
        assert sol is not None
        return (sol.status, sol.share, sol.low, sol.high, sol.keeps, sol.counts, sol.samples, sol.nodes)

    assert strip(solve(solo, s, seed=9, samples=5, max_nodes=60_000)) == strip(solve(solo, s, seed=9, samples=5, max_nodes=60_000))
    game, p = POSITIONS[3]
    assert strip(solve(game, p)) == strip(solve(game, p)) and solve(game, p).line == solve(game, p).line  # type: ignore[union-attr]


def test_other_modes_are_not_solved() -> None:
    for preset in ("basic", "carry_over"):
        game = make("up_and_down", preset=preset)
        assert solve(game, game.initial_state(1)) is None
        assert spec("up_and_down").solver(game, game.initial_state(1), 0.1) is None  # type: ignore[misc]
    other = make("page_one")
    assert solve(other, other.initial_state(1)) is None


def test_bad_arguments() -> None:
    game, s = POSITIONS[0]
    with pytest.raises(ValueError, match="seconds"):
        solve(game, s, seconds=-1)
    with pytest.raises(ValueError, match="samples"):
        solve(game, s, samples=0)
    with pytest.raises(ValueError, match="need"):
        solve(game, s, need=9)
    with pytest.raises(ValueError, match="max_nodes"):
        solve(game, s, max_nodes=0)
    with pytest.raises(TypeError):
        solve(game, "not a state")


def test_registered_solver() -> None:
    hook = spec("up_and_down").solver
    assert hook is not None
    game, s = POSITIONS[1]
    sol = hook(game, s, 5)
    assert isinstance(sol, Solution) and sol.exact


# --- the meter on the play table ------------------------------------------------------------------
def meter_table(players: int = 3, seed: int = 4, removed: int = 85) -> PlayTable:
    table = PlayTable(preset="solo", players=players, seed=seed, bot_delay=0, removed_cards=removed)
    table.meter_seconds = 60  # a budget never reached here, so the answers do not depend on speed
    table._solved = None
    table._render(())
    return table


def hinted(table: PlayTable) -> list[str]:
    """The cards the table marks as the hint."""
    from tablekit.widgets.base import iter_clickables

    return [c["face"]["code"] for c in iter_clickables(table.view) if c.get("mark") == "hint" and c.get("face")]


def test_meter_follows_every_move_and_shows_a_winning_line() -> None:
    table = meter_table()
    game = table.session.game
    seen_sampled = seen_exact = False
    while not table.session.is_over:
        state = table.session.state
        meter = table.view["winnable"]
        sol = solve(game, state, seconds=60)  # the same answer, asked directly
        assert sol is not None and meter["status"] == sol.status and meter["exact"] == sol.exact
        assert meter["title"] == "Still winnable?" and meter["show"] == "Show me a winning line" and meter["can_show"]
        if state.stock_count:
            seen_sampled = True
            assert meter["text"] == (f"Winnable in {round(100 * sol.share)}% of stock orders "  # type: ignore[operator]
                                     f"(95%: {round(100 * sol.low)}–{round(100 * sol.high)}%)")  # type: ignore[operator]
            assert (meter["share"], meter["low"], meter["high"]) == tuple(round(100 * v) for v in (sol.share, sol.low, sol.high))  # type: ignore[operator]
            assert "stock order is hidden" in meter["detail"] and meter["goal"].startswith("Goal now: the mission")
            table.handle({"type": "winning_line"})
            assert table.message_kind == "hint" and "no line is sure" in table.message
            assert hinted(table) == [sol.keeps[0]]
        else:
            seen_exact = True
            assert "share" not in meter and meter["goal"] == "Goal now: empty every hand (the full score)."
            assert meter["text"] == {"winnable": "Yes, still winnable", "lost": "No, it can no longer be won"}[sol.status]
            table.handle({"type": "winning_line"})
            first = game.action_from_code(sol.line[0]).label("en")
            assert table.message.startswith(f"Next: {first}. A winning line: Player ")
            assert table.message.count("→") == len(sol.line) - 1
            assert hinted(table) == [sol.line[0]]
        table.handle({"type": "play", "code": table._hint_code})
        assert table._hint_code is None and table._solved is not None and table._solved[0] is table.session.state
    assert seen_sampled and seen_exact
    assert table.view["winnable"]["text"] == "Won: every hand is empty" and not table.view["winnable"]["can_show"]
    table.handle({"type": "winning_line"})
    assert table.message == "The game is over."


def test_meter_says_lost_and_in_japanese() -> None:
    table = meter_table(players=3, seed=0)
    game = table.session.game
    while table.session.state.stock_count:
        table.handle({"type": "winning_line"})
        table.handle({"type": "play", "code": table._hint_code})
    sol = solve(game, table.session.state, seconds=60)
    assert sol is not None and sol.status == LOST and not table.session.is_over
    assert table.view["winnable"]["text"] == "No, it can no longer be won"
    table.handle({"type": "winning_line"})
    assert table.message == "No line wins from here: some hand can no longer be emptied."
    table.handle({"type": "lang", "lang": "ja"})
    assert table.view["winnable"]["title"] == "まだクリアできる？"
    assert table.view["winnable"]["text"] == "いいえ、もうクリアできません"


def test_meter_only_where_a_solver_answers_and_not_in_a_replay() -> None:
    basic = PlayTable(preset="basic", players=3, seed=5, bot_delay=0)
    assert "winnable" not in basic.view
    basic.handle({"type": "winning_line"})
    assert basic.message == "No winning line was found in time."
    table = meter_table(players=2, seed=2, removed=90)
    while not table.session.is_over:
        table.handle({"type": "winning_line"})
        table.handle({"type": "play", "code": table._hint_code})
    table.replay(3)
    assert "winnable" not in table.view
    table.handle({"type": "winning_line"})
    assert table.message_kind == "refusal"


def test_meter_never_shows_a_line_while_the_stock_is_hidden() -> None:
    table = meter_table()
    assert table.session.state.stock_count > 0
    meter = table.view["winnable"]
    assert set(meter) == {"title", "goal", "status", "exact", "show", "can_show", "share", "low", "high", "text", "detail"}
    assert not meter["exact"]
    # What the browser gets names no card of the stock (it names none at all: only numbers).
    stock = {str(c) for c in table.session.state.deck[table.session.state.drawn:] if c <= 100}
    words = " ".join(str(v) for v in meter.values()).replace("%", " ").replace("–", " ").replace("(", " ")
    assert not ({w for w in words.split()} & stock - {str(meter["share"]), str(meter["low"]), str(meter["high"])})


def test_meter_waits_while_bots_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cul-de-sac against bots: the solver runs only where the person is to act (or the game
    has stopped); a view drawn while bots are still to move shows the last answer as pending."""
    import types

    import tablekit.widgets.play_table as play_table

    real = play_table.spec
    asked: list[Any] = []

    def counting(game: Any, state: Any, seconds: float) -> Solution | None:
        asked.append(state)
        return solve(game, state, seconds, max_nodes=2000)

    monkeypatch.setattr(play_table, "spec", lambda name: types.SimpleNamespace(
        solver=counting, round_summary=real(name).round_summary))
    # Bots one move at a time, each drawn (with no event loop to wait on, at once): the views
    # drawn between the person's moves are the ones that must show the answer as pending.
    def no_loop() -> None:
        raise RuntimeError("no running event loop")

    monkeypatch.setattr(asyncio, "get_running_loop", no_loop)
    table = PlayTable(preset="cul_de_sac", players=3, seed=7, bot_delay=0.5)
    views: list[dict[str, Any]] = []
    show = table._show
    monkeypatch.setattr(table, "_show", lambda view, four=None: (views.append(view), show(view, four)))
    moves = 0
    while not table.session.is_over and moves < 6:
        table.handle({"type": "play", "code": table.view["actions"][0]["code"]})
        moves += 1
    session = table.session
    game = session.game
    assert asked and all(game.current_player(s) == session.seat or game.outcome(s) is not None
                         for s in asked), "the solver ran for a position where a bot was to move"
    pending = [v["winnable"] for v in views if "pending" in v.get("winnable", {})]
    answered = [v["winnable"] for v in views if "winnable" in v and "pending" not in v["winnable"]]
    assert pending and answered
    assert all(m["pending"] == "(from before the bots' moves: worked out again on your turn)" and not m["can_show"]
               for m in pending)
    # Bots moved between the person's moves, yet the solver ran about once per turn of theirs.
    assert len(asked) <= moves + 2 < len(views)


def test_meter_budget_gives_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    import tablekit.widgets.play_table as play_table

    real = play_table.spec
    # The solver as registered, with a budget of one node: it runs out at once.
    monkeypatch.setattr(play_table, "spec", lambda name: types.SimpleNamespace(
        solver=lambda game, state, seconds: solve(game, state, seconds, max_nodes=1),
        round_summary=real(name).round_summary))
    table = PlayTable(preset="solo", players=3, seed=3, bot_delay=0)
    meter = table.view["winnable"]
    assert meter["status"] == UNKNOWN and meter["text"] == "Unknown (ran out of time)" and "share" not in meter
    table.handle({"type": "winning_line"})
    assert table.message == "No winning line was found in time."


# --- the lesson -----------------------------------------------------------------------------------
def test_still_winnable_lesson_claims() -> None:
    from tablekit.games.up_and_down.lessons import STILL_WINNABLE

    match = STILL_WINNABLE.start()
    game = match.game
    steps = {step.narration.rsplit(".", 1)[1]: step for step in STILL_WINNABLE.steps}
    assert match.state.stock_count == 0  # exact from the start
    assert [a.code for a in game.legal_actions(match.state)] == ["1"]
    match.play(steps["opening"].action)  # type: ignore[arg-type]
    # Only 9 keeps it winnable; every other legal card loses, by brute force as well.
    sol = solve(game, match.state, seconds=60)
    assert sol is not None and sol.exact and sol.status == WINNABLE and sol.keeps == ("9",)
    assert [a.code for a in game.legal_actions(match.state)] == ["9", "11", "35", "37", "65"]
    assert steps["only_now"].your_turn and steps["only_now"].action == "9"
    for code in ("11", "35", "37", "65"):
        after = game.step(match.state, game.action_from_code(code))[0]
        assert not reachable(after.field, [c for h in after.hands for c in h if c <= 100])  # 9 is stranded
        assert solve(game, after, seconds=60).status == LOST  # type: ignore[union-attr]
    match.play("9")
    sol = solve(game, match.state, seconds=60)
    assert sol is not None and sol.keeps == ("20", "47", "51", "63")
    assert [a.code for a in game.legal_actions(match.state)] == ["20", "47", "51", "63", "76"]
    match.play(steps["choices"].action)  # type: ignore[arg-type]
    # The line the last step spells out wins, and it is the solver's own line.
    line = ("28", "35", "47", "81", "11", "51", "21", "37", "63", "P", "65", "76")
    sol = solve(game, match.state, seconds=60)
    assert sol is not None and sol.line == line
    state = match.state
    for code in line:
        state = game.step(state, game.action_from_code(code))[0]
    outcome = game.outcome(state)
    assert outcome is not None and outcome.details["score"] == 1.0
