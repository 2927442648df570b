"""The variant scorecard (tablekit.sim.scorecard), the games' standings and the explorer's
scorecard view and search-bot cap."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from tablekit import make
from tablekit.bots.search import SearchBot
from tablekit.core.errors import ConfigError
from tablekit.core.record import Record
from tablekit.core.registry import GameSpec, list_games, register, spec
from tablekit.sim import play_game, simulate
from tablekit.sim.scorecard import MEASURES, is_abnormal_end, record_lead_changes, score_frames, scorecard
from tablekit.sim.stats import lead_changes
from tablekit.widgets import StatsExplorer
from tablekit.widgets import stats_explorer as explorer_module
from tablekit.widgets.plots import scorecard_figure


# --- the measures ---------------------------------------------------------------------------
def test_one_card_each_gives_the_opener_of_page_one_an_edge() -> None:
    """With a hand of one card, the player who opens a three-player round of Page One can go
    out at once: the first seat's edge grows by about 10 points (3,000 games each: +2.5% to
    +12.5%). 1,000 paired games are enough for the interval of the difference to exclude 0."""
    card = scorecard("page_one", "classic", {"preset": "classic", "hand_size": 1}, n=1000, seed=11, players=3)
    edge = card.measure("seat_advantage")
    assert edge.a is not None and edge.b is not None and edge.diff is not None
    assert edge.diff.low > 0, edge
    assert edge.b.low > 0, "the first seat wins more than a third of the one-card rounds"
    assert edge.a.low < 0.05, "the classic deal gives the opener at most a small edge"
    assert edge.diff.low <= edge.diff.value <= edge.diff.high
    length = card.measure("length_mean")
    assert length.diff is not None and length.diff.high < 0, "one-card rounds are shorter"


def test_the_table_has_every_measure_with_intervals_around_the_values() -> None:
    card = scorecard("up_and_down", "basic", {"preset": "basic", "single_game": True}, n=40, seed=2, players=3)
    frame = card.frame()
    assert list(frame["measure"]) == list(MEASURES)
    for side in ("A", "B", "B−A"):
        rows = frame.dropna(subset=[side])
        assert len(rows) == len(MEASURES)  # every measure applies to Up&Down's Basic
        assert ((rows[f"{side} low"] <= rows[side] + 1e-9) & (rows[side] <= rows[f"{side} high"] + 1e-9)).all()
    # A single game has no match to lead: the lead never changes hands mid-game.
    assert card.measure("lead_changes").b.value == 0  # type: ignore[union-attr]
    assert card.measure("lead_changes").a.value > 0  # type: ignore[union-attr]
    assert card.measure("decisive_rate").a.value == 1.0  # type: ignore[union-attr]
    table = card.table("ja")
    assert table.shape == (len(MEASURES), 4) and "首位" in table.iloc[-1, 0]


def test_the_measures_match_a_direct_count() -> None:
    game_a = make("page_one", preset="classic", players=3)
    game_b = make("page_one", preset="classic", players=3, hand_size=2)
    df_a = simulate(game_a, "heuristic", n=30, seed=5, progress=False, records=True)
    df_b = simulate(game_b, "heuristic", n=30, seed=5, progress=False, records=True)
    card = score_frames(game_a, game_b, df_a, df_b, seed=5)
    first = [game_a.current_player(game_a.initial_state(int(s))) for s in df_a["seed"]]
    wins = sum(str(f) in str(w).split(";") for f, w in zip(first, df_a["winners"]))
    assert card.measure("seat_advantage").a.value == pytest.approx(wins / 30 - 1 / 3)  # type: ignore[union-attr]
    assert card.measure("length_mean").b.value == pytest.approx(df_b["decisions"].mean())  # type: ignore[union-attr]
    assert card.measure("length_sd").a.value == pytest.approx(df_a["decisions"].std(ddof=1))  # type: ignore[union-attr]
    leads = [record_lead_changes(Record.start(game_a, int(s)).with_actions(tuple(a)))
             for s, a in zip(df_a["seed"], df_a["actions"])]
    assert card.measure("lead_changes").a.value == pytest.approx(sum(leads) / 30)  # type: ignore[union-attr,arg-type]
    margins = []
    for _, row in df_b.iterrows():
        scores = sorted((row[f"score_{s}"] for s in range(3)), reverse=True)
        margins.append(scores[0] - scores[1])
    assert card.measure("margin").b.value == pytest.approx(sum(margins) / 30)  # type: ignore[union-attr]


def test_limits_and_blocks_are_told_from_normal_ends() -> None:
    assert is_abnormal_end("page_one.end.blocked") and is_abnormal_end("narabe_runo.end.stalled")
    assert is_abnormal_end("up_and_down.end.game_limit") and is_abnormal_end("ultimate.end.deal_limit")
    assert not is_abnormal_end("page_one.end.out") and not is_abnormal_end("up_and_down.end.mission_failed")
    # A match capped at one game ends at its limit every time.
    card = scorecard("up_and_down", "basic", {"preset": "basic", "max_games": 1}, n=20, seed=1, players=3)
    assert card.measure("limit_rate").a.value == 0.0  # type: ignore[union-attr]
    assert card.measure("limit_rate").b.value == 1.0  # type: ignore[union-attr]
    assert card.measure("limit_rate").diff.low > 0  # type: ignore[union-attr]


# --- lead changes --------------------------------------------------------------------------
def test_lead_changes_of_a_sequence() -> None:
    assert lead_changes([]) == 0
    assert lead_changes([(0, 0), (1, 0), (1, 1), (1, 2), (3, 2), (3, 2)]) == 2
    assert lead_changes([(0, 0, 0), (1, 1, 0), (1, 1, 1)]) == 0  # ties name no leader
    assert lead_changes([(1, 0), (1, 1), (2, 1)]) == 0  # a tie and back: the same leader
    assert lead_changes([(2, 0, 0), (2, 3, 0), (2, 3, 4), (5, 3, 4)]) == 3


def _toy_with_standing(toy: GameSpec) -> GameSpec:
    """The toy trick game, its standing the tricks won so far."""
    with_standing = dataclasses.replace(toy, standing=lambda game, state: tuple(float(t) for t in state.tricks))
    register(with_standing)
    return with_standing


# Toy deck stacked: seat 0 holds A 2 3, seat 1 K Q 4, seat 2 J T 5 (the rest is the stock).
_TOY_DECK = ["AS", "2S", "3S", "KS", "QS", "4S", "JS", "TS", "5S", "6S", "7S", "8S", "9S"]


def _toy_record(actions: list[str]) -> Record:
    game = make("toy", players=3)
    return Record.start(game, 1, setup={"deck": _TOY_DECK}).with_actions(tuple(actions))


def test_lead_changes_in_a_hand_made_record(toy: GameSpec) -> None:
    _toy_with_standing(toy)
    # Seat 0 takes the first trick (it leads), seat 1 the second (a tie: no leader), seat 1
    # the third (seat 1 leads): one change of the lead.
    once = _toy_record(["AS", "4S", "5S", "2S", "KS", "TS", "QS", "JS", "3S"])
    assert once.replay().tricks == (1, 2, 0)
    assert record_lead_changes(once) == 1
    # Seat 0 takes the first, then seat 2 and seat 1 one each: 1-1-1, no change ever.
    never = _toy_record(["AS", "QS", "5S", "2S", "4S", "JS", "TS", "3S", "KS"])
    assert never.replay().tricks == (1, 1, 1)
    assert record_lead_changes(never) == 0


def test_a_game_without_standing_shows_na(toy: GameSpec) -> None:
    assert spec("toy").standing is None
    assert record_lead_changes(_toy_record(["AS", "4S", "5S"])) is None
    card = scorecard("toy", "standard", {"players": 2}, n=12, seed=3, bots="random", players=3)
    leads = card.measure("lead_changes")
    assert leads.a is None and leads.b is None and leads.diff is None and not leads.applies
    assert math.isnan(card.frame().set_index("measure").loc["lead_changes", "A"])
    row = card.table("en").iloc[list(MEASURES).index("lead_changes")]
    assert list(row)[1:] == ["n/a", "n/a", "n/a"]
    assert list(card.table("ja").iloc[list(MEASURES).index("lead_changes")])[1:] == ["該当なし"] * 3
    assert card.measure("length_mean").applies  # the others still apply
    fig = scorecard_figure(card, "en")
    assert any(a.text == "n/a" for a in fig.layout.annotations)


def test_a_cooperative_game_has_no_seat_or_margin_measures() -> None:
    card = scorecard("up_and_down", "cul_de_sac", {"preset": "cul_de_sac", "removed_cards": 60}, n=20, seed=4)
    for key in ("seat_advantage", "balance", "decisive_rate", "margin"):
        assert not card.measure(key).applies, key
    for key in ("length_mean", "length_sd", "limit_rate", "lead_changes"):
        assert card.measure(key).applies, key
    shorter = card.measure("length_mean").diff
    assert shorter is not None and shorter.high < 0, "fewer cards in the stock, shorter games"


def test_rows_without_records_leave_the_lead_changes_na() -> None:
    game = make("page_one", preset="classic", players=3)
    df = simulate(game, "heuristic", n=10, seed=2, progress=False)
    card = score_frames(game, game, df, df, seed=2)
    assert not card.measure("lead_changes").applies
    assert card.measure("seat_advantage").diff.value == 0  # type: ignore[union-attr]


# --- standings -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", list_games())
def test_standing_of_every_game_is_public_and_moves(name: str) -> None:
    standing = spec(name).standing
    if standing is None:
        pytest.skip(f"{name} has no standing")
    game = make(name)
    result = play_game(game, "heuristic", seed=3)
    rng = random.Random(0)
    seen = set()
    for k, (state, _, _) in enumerate(result.record.steps()):
        values = tuple(standing(game, state))
        assert len(values) == game.num_players and all(isinstance(v, float) for v in values)
        seen.add(values)
        if k % 7 == 0 and not game.is_terminal(state):
            for seat in range(game.num_players):  # what a seat cannot see does not change it
                assert tuple(standing(game, game.determinize(state, seat, rng))) == values
    assert len(seen) > 1, "the standing changes during a game"


# --- input and determinism -----------------------------------------------------------------
@pytest.mark.parametrize(("config", "field"), [
    ({"hand_size": 99}, "hand_size"),
    ({"no_such_option": 1}, "no_such_option"),
    ({"preset": "nope"}, "preset"),
    ("nope", "preset"),
    (5, "config_b"),
])
def test_a_bad_config_names_the_field(config: object, field: str) -> None:
    with pytest.raises(ConfigError) as err:
        scorecard("page_one", "classic", config, n=4)  # type: ignore[arg-type]
    assert err.value.field == field


def test_a_bad_game_or_count_is_refused() -> None:
    with pytest.raises(ConfigError) as err:
        scorecard("chess", "classic", "classic", n=4)
    assert err.value.field == "game"
    with pytest.raises(ConfigError) as err:
        scorecard("page_one", "classic", "classic", n=1)
    assert err.value.field == "n"


def test_the_scorecard_is_repeatable_and_independent_of_workers() -> None:
    args = ("page_one", "classic", {"preset": "classic", "hand_size": 2})
    one = scorecard(*args, n=60, seed=9, players=3)  # more games than simulate's chunk: workers play them
    assert one.frame().equals(scorecard(*args, n=60, seed=9, players=3).frame())
    assert one.frame().equals(scorecard(*args, n=60, seed=9, players=3, workers=2).frame())
    assert not one.frame().equals(scorecard(*args, n=60, seed=10, players=3).frame())


# --- the explorer --------------------------------------------------------------------------
def test_the_explorer_shows_a_scorecard_in_compare_mode() -> None:
    ex = StatsExplorer(game="page_one", lang="en")
    ex.players.value, ex.n_games.value, ex.seed.value = 3, 30, 4
    assert ex.run(wait=True) is not None
    assert ex.last_scorecard is None and "scorecard" not in ex.figures and ex.scorecard.value == ""
    ex.compare.value = True
    ex.options_b.widgets["hand_size"].value = 1
    assert ex.run(wait=True) is not None, ex.last_error
    card = ex.last_scorecard
    assert card is not None and card.n == 30
    assert card.frame().equals(scorecard("page_one", "classic", {"preset": "classic", "hand_size": 1}, n=30,
                                         seed=4, players=3).frame())
    assert "scorecard" in ex.figures and "actions" not in ex.last_frame.columns
    assert "Variant scorecard" in ex.scorecard.value and "Lead changes per game" in ex.scorecard.value
    ex.set_lang("ja")
    assert "バリアント成績表" in ex.scorecard.value
    assert ex.figures["scorecard"].layout.title.text.startswith("バリアント成績表")


def test_the_explorer_caps_a_run_with_the_search_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    ex = StatsExplorer(game="up_and_down", lang="en")
    ex.players.value = 2
    ex.n_games.value = 500
    assert ex.search_note.layout.display == "none"
    assert ex._read_job().n == 500 and not ex._read_job().capped
    assert ex._bot_order()[-1] == "search"
    ex.bot_selects[1].value = "search"
    assert ex.search_note.layout.display != "none"
    assert "at most 20 games" in ex.search_note.value and "40 playouts" in ex.search_note.value
    job = ex._read_job()
    assert job.n == explorer_module.SEARCH_MAX_GAMES == 20 and job.capped
    bots = job.players()
    assert bots[0] == "heuristic"
    assert isinstance(bots[1], SearchBot) and bots[1].playouts == explorer_module.SEARCH_PLAYOUTS == 40 and bots[1].seconds is None
    ex.set_lang("ja")
    assert "20ゲーム" in ex.search_note.value
    # A real run, with the cap lowered so that the test stays short: it plays only that many.
    monkeypatch.setattr(explorer_module, "SEARCH_MAX_GAMES", 2)
    ex.options_a.widgets["single_game"].value = True
    df = ex.run(wait=True)
    assert df is not None, ex.last_error
    assert len(df) == 2 and set(df["bot_1"]) == {"search"}
    ex.bot_selects[1].value = "heuristic"
    assert ex.search_note.layout.display == "none" and ex._read_job().n == 500


def test_the_scorecard_figure_shows_each_estimate_with_its_interval() -> None:
    card = scorecard("page_one", "classic", {"preset": "classic", "hand_size": 2}, n=20, seed=6, players=3)
    fig = scorecard_figure(card, "ja")
    assert fig.layout.title.text.startswith("バリアント成績表")
    points = [(d.y[0], d.x[0], d.error_x.array[0], d.error_x.arrayminus[0]) for d in fig.data]
    expected = [(name, est.value, est.high - est.value, est.value - est.low)
                for m in card.measures for name, est in (("A", m.a), ("B", m.b)) if est is not None]
    assert points == expected
    assert [d.showlegend for d in fig.data].count(True) == 2
    assert "95%区間" in fig.data[0].hovertemplate
