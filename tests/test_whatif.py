"""What if? ``tablekit.sim.whatif`` plays a position on after several actions with paired
playouts: its numbers are those of a direct simulation with the same seeds, a move that wins on
the spot shows a large difference, it uses only what the seat could see, refuses an illegal
action with the rule's reason, and the same action twice differs by exactly 0. The play
dashboard's replay shows the "What if?" panel at the person's moves and draws the chart."""

from __future__ import annotations

import random
from typing import Any

import pytest
import toy_game
from helpers_page_one import deal

from helpers_positions import midgame

from tablekit import make
from tablekit.bots import decide, make_bot
from tablekit.core.errors import IllegalActionError
from tablekit.core.game import Game
from tablekit.core.registry import list_games
from tablekit.core.rng import derive_seed
from tablekit.i18n import tr
from tablekit.session import Session
from tablekit.sim.stats import paired_difference
from tablekit.sim.whatif import move_at, what_if, what_if_at
from tablekit.widgets.dashboards import play_dashboard
from tablekit.widgets.whatif import what_if_figure


def _play_on_by_hand(game: Game[Any], state: Any, seat: int, code: str, bot: str, n: int,
                     seed: int) -> tuple[list[float], list[float]]:
    """The documented recipe, written out: world i from determinize with the seed of
    (seed, "world", i), the action, then every seat's bot with its stream (seed, "bot", i, seat)."""
    bots = [make_bot(bot, game) for _ in range(game.num_players)]
    wins, scores = [], []
    for i in range(n):
        world = game.determinize(state, seat, random.Random(derive_seed(seed, "world", i)))
        streams = {s: random.Random(derive_seed(seed, "bot", i, s)) for s in range(game.num_players)}
        now, _ = game.step(world, game.action_from_code(code))
        while not game.is_terminal(now):
            mover = game.current_player(now)
            assert mover is not None
            now, _ = game.step(now, decide(bots[mover], game, now, streams[mover]))
        outcome = game.outcome(now)
        assert outcome is not None
        wins.append(1.0 / len(outcome.winners) if seat in outcome.winners else 0.0)
        scores.append(float(outcome.scores[seat]))
    return wins, scores


def test_a_shared_win_counts_its_share() -> None:
    """The toy trick game of the tests: 3 players, 3 tricks, the most tricks win, so ties are
    common; a tie of k winners counts 1/k (checked against the recipe written out)."""
    with toy_game.registered():
        game = make("toy", players=3)
        state = game.initial_state(2)
        codes = [a.code for a in game.legal_actions(state)]
        result = what_if(game, state, 0, codes, "random", n=30, seed=1)
        for branch, code in zip(result.branches, codes):
            wins, scores = _play_on_by_hand(game, state, 0, code, "random", 30, 1)
            assert list(branch.wins) == wins and list(branch.scores) == scores
        shares = {w for b in result.branches for w in b.wins}
        assert shares & {0.5, 1 / 3}, f"no tie in these playouts: {shares}"


def test_the_numbers_are_those_of_a_direct_simulation() -> None:
    game, state, seat = midgame("page_one", choices=2)
    first, second = (a.code for a in game.legal_actions(state)[:2])
    result = what_if(game, state, seat, [first, second], "heuristic", n=12, seed=4)
    by_hand = [_play_on_by_hand(game, state, seat, code, "heuristic", 12, 4) for code in (first, second)]
    for branch, (wins, scores) in zip(result.branches, by_hand):
        assert list(branch.wins) == wins and list(branch.scores) == scores
        assert branch.win_rate == sum(wins) / 12
    assert result.difference() == paired_difference(by_hand[0][0], by_hand[1][0])
    assert result.score_difference() == paired_difference(by_hand[0][1], by_hand[1][1])
    # Several processes give the same answer.
    assert what_if(game, state, seat, [first, second], "heuristic", n=12, seed=4, workers=2) == result
    table = result.table("en")
    assert list(table["games"]) == [12, 12] and table["diff"].iloc[0] == 0.0
    assert table["action"].iloc[1] == game.action_from_code(second).label("en")


def test_a_move_that_wins_on_the_spot_shows_a_large_difference() -> None:
    """Page One, one card each: my 7♥ fits the 7♠ and goes out (the round is the game); drawing
    instead leaves the win to chance."""
    game, state = deal([["7H"], ["5D"]], stock=["7S"], preset="crazy_eights")
    assert sorted(a.code for a in game.legal_actions(state)) == ["7H", "draw"]
    result = what_if(game, state, 0, ["draw", "7H"], n=40, seed=2)
    assert result.branches[1].win_rate == 1.0
    assert result.branches[0].win_rate < 0.7
    diff, low, high = result.difference()
    assert diff > 0.3 and low > 0.15 and high <= 1.0
    # Compared the other way round, the sign turns.
    back = result.difference(0, 1)
    assert back[0] == -diff and back[2] < 0


@pytest.mark.parametrize("name", list_games())
def test_it_uses_only_what_the_seat_could_see(name: str) -> None:
    game, state, seat = midgame(name, choices=2)
    other = game.determinize(state, seat, random.Random(99))
    assert game.observe(other, seat) == game.observe(state, seat)
    assert other != state, "the position hides something from the seat"
    codes = [a.code for a in game.legal_actions(state)[:2]]
    assert what_if(game, state, seat, codes, "random", n=3, seed=7) == what_if(game, other, seat, codes, "random",
                                                                               n=3, seed=7)


def test_an_illegal_action_is_refused_with_the_rule_and_nothing_changes() -> None:
    game, state, seat = midgame("up_and_down", choices=2)
    before = game.observe(state, None)
    legal = {a.code for a in game.legal_actions(state)}
    illegal = next(a for a in game.candidate_actions(state) if a.code not in legal)
    with pytest.raises(IllegalActionError) as caught:
        what_if(game, state, seat, [next(iter(legal)), illegal], n=2)
    assert caught.value.verdict == game.explain(state, illegal)
    assert caught.value.text("en") and caught.value.text("ja") != caught.value.text("en")
    assert game.observe(state, None) == before
    with pytest.raises(IllegalActionError) as caught:
        what_if(game, state, (seat + 1) % game.num_players, [next(iter(legal))], n=2)
    assert caught.value.verdict.reason == "core.illegal.not_your_turn"
    end = Session(make("page_one", preset="crazy_eights", players=2), seed=1, bot_seed=1)
    while not end.is_over:
        end.match.play(end.legal_actions()[0])
    with pytest.raises(IllegalActionError) as caught:
        what_if(end.game, end.state, None, ["draw"], n=2)
    assert caught.value.verdict.reason == "core.game_over"
    with pytest.raises(ValueError, match="n"):
        what_if(game, state, seat, [next(iter(legal))], n=0)


def test_the_same_action_twice_differs_by_exactly_nothing() -> None:
    game, state, seat = midgame("narabe_runo", choices=2)
    code = game.legal_actions(state)[0].code
    result = what_if(game, state, seat, [code, code], n=6, seed=3)
    assert result.branches[0].wins == result.branches[1].wins
    assert result.difference() == (0.0, 0.0, 0.0) and result.score_difference() == (0.0, 0.0, 0.0)


def test_what_if_at_a_move_of_a_session() -> None:
    session = Session(make("page_one", preset="crazy_eights", players=3), seed=5, bot_seed=2)
    while not session.is_over:
        if session.human_to_play is not None:
            session.play(session.legal_actions()[-1])
        session.run_bots()
    step = next(k for k in range(1, session.step_index + 1)
                if move_at(session, k)[1] == 0 and len(session.game.legal_actions(session.state_at(k - 1))) > 1)
    state, seat, played = move_at(session, step)
    other = next(a for a in session.game.legal_actions(state) if a != played)
    result = what_if_at(session, step, other, n=4, seed=1)
    assert result.seat == 0 and [b.action for b in result.branches] == [played, other]
    assert result == what_if(session.game, state, 0, [played, other], list(session.bots), n=4, seed=1)
    with pytest.raises(ValueError, match="from 1 to"):
        move_at(session, 0)


def test_the_figure_has_a_bar_per_move_and_the_difference() -> None:
    game, state = deal([["7H"], ["5D"]], stock=["7S"], preset="crazy_eights")
    result = what_if(game, state, 0, ["draw", "7H"], n=10, seed=2)
    fig = what_if_figure(result, "en")
    bar = fig.data[0]
    assert list(bar.y) == [b.win_rate for b in result.branches]
    assert len(bar.error_y.array) == 2
    text = fig.layout.annotations[0].text
    assert "Difference: +" in text and "More wins after" in text
    assert "勝つ確率" in what_if_figure(result, "ja").layout.title.text


def _finish(page: Any) -> None:
    table = page.table
    for _ in range(500):
        if table.session.is_over:
            return
        if table.view.get("round_end"):
            table.handle({"type": "next_round"})
        elif table.session.human_to_play is not None:
            table.handle({"type": "play", "code": table.session.legal_actions()[0].code})
        else:
            raise AssertionError("the bots did not move (bot_delay=0)")
    raise AssertionError("the game did not end")


def test_the_play_dashboard_replay_offers_what_if() -> None:
    page = play_dashboard(bot_delay=0, query="game=page_one&preset=crazy_eights&players=2")
    panel = page.what_if
    assert panel in page.children and panel.layout.display == "none"
    _finish(page)
    session = page.table.session
    assert panel.layout.display == "none", "not in a replay yet"
    steps = [k for k in range(1, session.step_index + 1) if move_at(session, k)[1] in session.humans]
    bots_step = next(k for k in range(1, session.step_index + 1) if move_at(session, k)[1] not in session.humans)
    choice = next(k for k in steps if len(session.game.legal_actions(session.state_at(k - 1))) > 1)
    page.table.replay(bots_step)
    assert panel.layout.display == "none", "a bot's move: nothing to ask"
    page.table.replay(choice)
    assert panel.layout.display == "" and f"tk-whatif-at-{choice}" in panel._dom_classes
    state, seat, played = move_at(session, choice)
    offered = [code for _label, code in panel.alternative.options]
    assert offered == [a.code for a in session.game.legal_actions(state) if a != played]
    assert [label for label, _ in panel.alternative.options][0] == session.game.action_from_code(offered[0]).label("en")
    assert played.label("en") in panel.intro.value
    panel.alternative.value = offered[-1]
    panel.games.value = 3
    panel.run_button.click()
    assert panel.result is not None and panel.result.n == 3, panel.message.value
    assert [b.action.code for b in panel.result.branches] == [played.code, offered[-1]]
    assert panel.figure is not None and len(panel.figure.data[0].y) == 2
    (output,) = panel.chart.outputs
    assert "application/vnd.plotly.v1+json" in output["data"]
    assert "tk-problem" not in panel.message.value
    # The page in Japanese: the panel and the chart follow.
    page.set_lang("ja")
    assert panel.run_button.description == "両方の続きを試す"
    assert panel.figure is not None and "勝つ確率" in panel.figure.layout.title.text
    # A forged choice from the page is refused with a message; leaving the replay hides the panel.
    panel.alternative.set_state({"index": 99})
    assert "tk-problem" in panel.message.value and panel.alternative.value == offered[-1]
    page.table.replay(None)
    assert panel.layout.display == "none"


def test_a_problem_is_a_message_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    page = play_dashboard(bot_delay=0, query="game=page_one&preset=crazy_eights&players=2")
    _finish(page)
    session = page.table.session
    step = next(k for k in range(1, session.step_index + 1) if move_at(session, k)[1] in session.humans
                and len(session.game.legal_actions(session.state_at(k - 1))) > 1)
    page.table.replay(step)

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("tablekit.widgets.whatif.what_if_at", broken)
    assert page.what_if.run() is None
    assert "tk-problem" in page.what_if.message.value and tr("widgets.problem.unexpected", "en") in page.what_if.message.value
    assert "ZeroDivisionError" not in page.what_if.message.value and "boom" not in page.what_if.message.value
    assert "Traceback" not in page.what_if.message.value and not page.what_if.run_button.disabled
