"""StatsExplorer without a browser: set the controls as a user would, run, read what is shown."""

from __future__ import annotations

import base64
import io
import re
import threading
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from tablekit import make
from tablekit.i18n import catalog, tr
from tablekit.sim import seat_summary, simulate, wilson_interval
from tablekit.widgets import StatsExplorer
from tablekit.widgets import stats_explorer as module

PLOTLY_MIME = "application/vnd.plotly.v1+json"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def thread_errors(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Exceptions that escape any thread (there must be none)."""
    seen: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", seen.append)
    return seen


def _small(ex: StatsExplorer, players: int = 3, n: int = 40, seed: int = 7) -> None:
    ex.players.value = players
    ex.n_games.value = n
    ex.seed.value = seed


def test_controls_come_from_the_registry_and_the_config() -> None:
    ex = StatsExplorer(game="up_and_down", lang="en")
    assert ex.game_select.value == "up_and_down" and ex.game_select.label == "Up&Down"
    assert ex.options_a.preset.value == "basic"
    assert ex.players.value == 4 and (ex.players.min, ex.players.max) == (2, 7)
    assert [w.value for w in ex.bot_selects] == ["heuristic"] * 4
    common = [w.description for w in ex.options_a.common_box.children]
    assert common == ["Single game (no match)", "Wins to take the match", "Special card on an empty field",
                      "Starting chips"]
    # The Mode menu is the preset: Up&Down's own ``mode`` option is not offered a second time.
    assert ex.options_a.preset.description == "Mode" and "mode" not in ex.options_a.widgets
    more = ex.options_a.widgets
    assert type(more["solo"]).__name__ == "Checkbox"
    assert type(more["payee"]).__name__ == "Dropdown" and more["payee"].label == "whoever played last"
    assert (more["removed_cards"].min, more["removed_cards"].max) == (0, 98)
    assert more["solo"] in ex.options_a.more_box.children and ex.options_a.more.selected_index is None
    assert ex.options_b.box.layout.display == "none"
    assert "tk-ready" in ex.status.value and ex.cancel_button.disabled
    # choosing a preset resets the options and the player count to it
    ex.options_a.preset.value = "solo"
    assert (more["solo"].value, ex.players.value) == (True, 4)
    ex.players.value = 3
    ex.bot_selects[1].value = "random"
    ex.players.value = 5
    assert [w.value for w in ex.bot_selects] == ["heuristic", "random", "heuristic", "heuristic", "heuristic"]
    assert ex.bot_selects[4].description == "Player 5"


def test_run_synchronously_matches_simulate_and_shows_everything() -> None:
    ex = StatsExplorer(game="up_and_down", lang="en")
    _small(ex)
    ex.bot_selects[1].value = "random"
    df = ex.run(wait=True)
    expected = simulate(make("up_and_down", preset="basic", players=3), ["heuristic", "random", "heuristic"],
                        n=40, seed=7, progress=False)
    assert df is ex.last_frame and df.equals(expected)
    assert ex.last_status == "done" and ex.last_error is None
    assert "tk-done" in ex.status.value and "40 games" in ex.status.value
    assert (ex.progress.value, ex.progress.max) == (40, 40)
    assert not ex.run_button.disabled and ex.cancel_button.disabled

    summary = ex.last_summary
    assert summary.equals(seat_summary(expected))
    assert summary["win_rate"].sum() == pytest.approx(1.0)  # every match has a winner; ties are shared
    bar = ex.figures["win_rate"].data[0]
    for seat, row in summary.iterrows():
        lo, hi = wilson_interval(row["wins"], 40)
        assert bar.y[seat] == pytest.approx(row["win_rate"])
        assert (bar.y[seat] - bar.error_y.arrayminus[seat], bar.y[seat] + bar.error_y.array[seat]) == pytest.approx((lo, hi))
    assert sorted(ex.figures) == ["length", "win_rate"]
    assert [t.x for t in ex.figures["length"].data][1] == tuple(expected["games"])  # games per match

    # Each chart: its title as a heading of the page (it wraps on a phone), then the figure untitled.
    outputs = ex.charts.outputs
    assert len(outputs) == 4 and all(PLOTLY_MIME in o["data"] for o in outputs[1::2])
    assert outputs[0]["data"]["text/html"].startswith('<h4 class="tk-chart-title">Win rate by seat')
    assert not outputs[1]["data"][PLOTLY_MIME]["layout"]["title"].get("text")

    cells = re.findall(r"<td>(.*?)</td>", ex.summary.value)
    assert re.findall(r"<th>(.*?)</th>", ex.summary.value) == [
        "Seat", "Bot", "Games", "Wins", "Win rate", "95% interval", "Mean score"]
    assert cells[0::7] == ["Player 1", "Player 2", "Player 3"]
    assert cells[1::7] == ["Good", "Beginner", "Good"]
    assert cells[4::7] == [f"{r:.1%}" for r in summary["win_rate"]]
    assert "Mean games per match" in ex.summary.value

    link = re.search(r'<a download="tablekit.csv" href="data:text/csv;charset=utf-8;base64,([^"]+)"', ex.download.value)
    assert link is not None
    csv = base64.b64decode(link.group(1)).decode("utf-8")
    assert pd.read_csv(io.StringIO(csv))["seed"].tolist() == expected["seed"].tolist()


def test_options_reach_the_game() -> None:
    ex = StatsExplorer(lang="en")
    _small(ex, players=2, n=10)
    ex.options_a.widgets["target_wins"].value = 1
    assert ex.options_a.overrides() == {"target_wins": 1}
    df = ex.run()
    assert (df["games"] == 1).all() and (df["termination"] == "up_and_down.end.target_wins").all()
    assert "Wins to take the match = 1" in ex.summary.value
    assert len(ex.figures["length"].data) == 1  # one game per match: no games-per-match histogram


def test_bad_option_shows_a_friendly_error(thread_errors: list[Any]) -> None:
    ex = StatsExplorer(lang="en")
    _small(ex, n=10)
    ex.options_a.widgets["solo"].value = True  # solo is for Cul-de-sac only
    assert ex.run(wait=True) is None
    assert ex.last_status == "error" and ex.last_frame is None
    assert 'class="tk-error"' in ex.status.value and "Traceback" not in ex.status.value
    assert "Solo cannot be on here" in ex.status.value
    assert not ex.run_button.disabled  # still usable
    ex.lang_toggle.value = "ja"
    assert "「ソロ」" in ex.status.value and "tk-error" in ex.status.value
    assert ex.run(wait=False) is None  # the button path: refused before any thread starts
    assert ex.last_status == "error" and ex.wait(5)
    ex.options_a.widgets["solo"].value = False
    assert ex.run(wait=True) is not None and ex.last_status == "done"
    assert thread_errors == []


def test_an_unexpected_failure_in_the_thread_is_shown_not_raised(
        monkeypatch: pytest.MonkeyPatch, thread_errors: list[Any]) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(module, "simulate", broken)
    ex = StatsExplorer(lang="en")
    ex.run(wait=False)
    assert ex.wait(10)
    assert ex.last_status == "error" and tr("widgets.stats.error.unexpected", "en") in ex.status.value
    assert "RuntimeError" not in ex.status.value and "disk on fire" not in ex.status.value  # never its text
    assert "tk-error" in ex.status.value and "Traceback" not in ex.status.value
    assert not ex.run_button.disabled and thread_errors == []


def test_cancel_a_threaded_run(thread_errors: list[Any]) -> None:
    ex = StatsExplorer(lang="en")
    _small(ex, players=2, n=20_000)
    ex.run_button.click()  # starts a background thread
    assert ex.running and ex.run_button.disabled and not ex.cancel_button.disabled
    deadline = time.monotonic() + 10
    while ex.progress.value == 0 and time.monotonic() < deadline:  # the UI thread is free meanwhile
        time.sleep(0.01)
    assert 0 < ex.progress.value < 20_000
    assert ex.run(wait=True) is None and "already going" in ex.status.value  # one run at a time
    ex.cancel_button.click()
    assert ex.wait(10) and not ex.running
    assert ex.last_status == "cancelled" and ex.last_frame is None
    assert "Cancelled after" in ex.status.value and "tk-cancelled" in ex.status.value
    assert not ex.run_button.disabled and ex.cancel_button.disabled
    assert thread_errors == []
    ex.n_games.value = 10  # and it runs again afterwards
    ex.run_button.click()
    assert ex.wait(20) and ex.last_status == "done" and len(ex.last_frame) == 10


def test_a_change_of_game_clears_the_last_results() -> None:
    ex = StatsExplorer(game="up_and_down", lang="en")
    _small(ex, n=12)
    ex.run()
    assert ex.charts.outputs and ex.summary.value and ex.download.value and ex.last_frame is not None
    ex.game_select.value = "page_one"
    assert ex.charts.outputs == () and ex.summary.value == ex.scorecard.value == ex.download.value == ""
    assert ex.last_frame is None and ex.last_summary is None and not ex.last_frames and ex.figures == {}
    assert "the last results were cleared. Press Run to play American Page One." in ex.status.value
    ex.set_lang("ja")  # relabelling draws no old chart again
    assert ex.charts.outputs == () and "アメリカンページワン" in ex.status.value
    ex.run()  # and the new game runs
    assert ex.last_frame is not None and set(ex.last_frame["players"]) == {ex.players.value}
    assert len(ex.charts.outputs) == 4


def test_a_change_of_game_during_a_run_stops_it_and_shows_none_of_it(thread_errors: list[Any]) -> None:
    ex = StatsExplorer(lang="en")
    _small(ex, players=2, n=20_000)
    ex.run_button.click()
    deadline = time.monotonic() + 10
    while ex.progress.value == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    ex.game_select.value = "page_one"
    assert ex.wait(10) and not ex.running
    assert ex.last_status == "cancelled" and ex.last_frame is None and ex.charts.outputs == ()
    assert ex.summary.value == "" and thread_errors == []


def test_language_switch() -> None:
    ex = StatsExplorer(lang="en")
    _small(ex, n=10)
    ex.run()
    ex.lang_toggle.value = "ja"
    assert ex.lang == "ja"
    assert ex.run_button.description == "実行" == tr("widgets.stats.button.run", "ja")
    assert ex.cancel_button.description == tr("widgets.stats.button.cancel", "ja")
    labels = [ex.game_select.description, ex.game_select.label, ex.players.description, ex.n_games.description,
              ex.seed.description, ex.compare.description, ex.options_a.preset.description,
              ex.options_a.preset.label, ex.options_a.more.titles[0], ex.bot_selects[0].label,
              ex.bot_selects[0].description, ex.title.value, ex.status.value]
    labels += [w.description for w in ex.options_a.widgets.values()]
    assert all(JAPANESE.search(text) for text in labels), labels
    assert ex.options_a.widgets["payee"].label == "最後にカードを出した人"
    assert ex.options_a.preset.value == "basic" and ex.options_a.widgets["payee"].value == "last_play"  # values kept
    assert ex.figures["win_rate"].layout.title.text.startswith("席ごとの勝率")
    assert "プレイヤー1" in ex.summary.value and "勝率" in ex.summary.value
    assert "結果をダウンロード" in ex.download.value
    ex.set_lang("en")
    assert ex.lang_toggle.value == "en" and ex.run_button.description == "Run"
    assert ex.figures["win_rate"].layout.title.text.startswith("Win rate")
    assert StatsExplorer(lang="ja").run_button.description == "実行"


def test_compare_mode_plays_both_variants_with_the_same_seeds() -> None:
    ex = StatsExplorer(lang="en")
    _small(ex, n=40, seed=3)
    ex.compare.value = True
    assert ex.options_b.box.layout.display == ""
    assert ex.options_a.title.value == "Variant A" and ex.options_b.title.value == "Variant B"
    ex.options_b.widgets["target_wins"].value = 1
    df = ex.run()
    a, b = ex.last_frames["A"], ex.last_frames["B"]
    assert a["seed"].tolist() == b["seed"].tolist()
    assert a.equals(simulate(make("up_and_down", players=3), "heuristic", n=40, seed=3, progress=False))
    assert (b["games"] == 1).all() and a["games"].max() > 1
    assert list(df.columns[:2]) == ["variant", "game"] and df["variant"].value_counts().to_dict() == {"A": 40, "B": 40}
    assert ex.progress.value == ex.progress.max == 80
    win = ex.figures["win_rate"]
    assert [t.name for t in win.data] == ["Variant A", "Variant B", "even share 33.3%"] and win.layout.barmode == "group"
    for trace, frame in zip(win.data, (a, b)):
        summary = seat_summary(frame)
        assert list(trace.y) == pytest.approx(list(summary["win_rate"]))
        assert [y + e for y, e in zip(trace.y, trace.error_y.array)] == pytest.approx(list(summary["ci_high"]))
    assert len(ex.charts.outputs) == 6 and list(ex.figures) == ["win_rate", "length", "scorecard"]  # + the scorecard
    assert set(ex.last_summary["variant"]) == {"A", "B"}
    assert "Variant B" in ex.summary.value and "Wins to take the match = 1" in ex.summary.value


def test_cul_de_sac_shows_the_mission_chart() -> None:
    ex = StatsExplorer(lang="en", preset="cul_de_sac")
    _small(ex, n=40)
    ex.run()
    assert sorted(ex.figures) == ["length", "mission", "win_rate"]
    assert len(ex.charts.outputs) == 6
    successes = int((ex.last_frame["result"] != "failed").sum())
    assert ex.figures["mission"].data[0].x[0] == pytest.approx(successes / 40)
    assert "Mission success" in ex.summary.value


def test_every_code_the_explorer_uses_is_in_both_catalogs() -> None:
    sources = [Path(module.__file__), Path(module.plots.__file__)]
    used = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        used |= {f"widgets.stats.{c}" for c in re.findall(r"""_t\(["']([a-z_.]+)["']""", text)}
        used |= {f"widgets.stats.{c}" for c in re.findall(r"""_set_status\(\s*"\w+",\s*"([a-z_.]+)\"""", text)}
    assert len(used) > 50
    for lang in ("en", "ja"):
        missing = sorted(used - set(catalog(lang)))
        assert not missing, (lang, missing)


def test_bad_constructor_arguments_fail_clearly() -> None:
    with pytest.raises(ValueError, match="lang must be one of"):
        StatsExplorer(lang="fr")
    with pytest.raises(ValueError, match="option 'game'"):
        StatsExplorer(game="chess")
