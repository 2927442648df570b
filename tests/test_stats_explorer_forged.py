"""StatsExplorer never trusts the page: forged widget updates are refused, nothing runs.

Every message here is forged the way a page's JavaScript sends it: an ipywidgets ``update``
comm message, handed by the kernel's comm manager to the widget's comm (``comm.handle_msg``),
which calls ``Widget._handle_msg`` -> ``set_state`` with the raw state, exactly as in a kernel.
A forged ``max`` passes the widget's own traits (the page may rewrite them), so the check that
matters is the one Python makes against its own limits when Run is pressed.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tablekit.sim import simulate
from tablekit.widgets import StatsExplorer
from tablekit.widgets import stats_explorer as module


def forge(widget: Any, state: dict[str, Any]) -> None:
    """Deliver ``state`` as an ipywidgets ``update`` from the page."""
    widget.comm.handle_msg({
        "header": {"msg_type": "comm_msg"},
        "content": {"comm_id": widget.comm.comm_id,
                    "data": {"method": "update", "state": state, "buffer_paths": []}},
        "buffers": [],
    })


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every call the explorer makes to simulate (the real one still plays)."""
    calls: list[Any] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs.get("n"))
        return simulate(*args, **kwargs)

    monkeypatch.setattr(module, "simulate", recording)
    return calls


@pytest.fixture
def explorer(runs: list[Any]) -> StatsExplorer:
    """An explorer that already finished one small run (so ``last_frame`` is set)."""
    ex = StatsExplorer(game="up_and_down", lang="en")
    ex.players.value, ex.n_games.value, ex.seed.value = 3, 12, 5
    assert ex.run(wait=True) is not None and runs == [12]
    runs.clear()
    return ex


def refused(ex: StatsExplorer, frame: Any, runs: list[Any], text: str) -> None:
    """Both Run paths refuse with the message ``text``; nothing ran, the last results stay."""
    for press in (lambda: ex.run(wait=True), ex.run_button.click):
        press()
        assert ex.wait(5) and not ex.running
        assert ex.last_status == "error", ex.status.value
        assert 'class="tk-error"' in ex.status.value and "Traceback" not in ex.status.value
        assert text in ex.status.value, ex.status.value
        assert "Nothing was run." in ex.status.value
        assert runs == [] and ex.last_frame is frame
        assert not ex.run_button.disabled and ex.cancel_button.disabled


# --- values that pass the widget's traits once its bounds are forged ---------------------------------

def test_a_forged_max_does_not_buy_three_million_games(explorer: StatsExplorer, runs: list[Any]) -> None:
    frame = explorer.last_frame
    forge(explorer.n_games, {"max": 3_000_000, "value": 3_000_000})
    assert explorer.n_games.value == 3_000_000  # the widget took it: only Python's check stands
    refused(explorer, frame, runs, "Games to play must be a whole number from 1 to 100,000 (got 3000000).")
    assert explorer.progress.max == 12  # nothing was sized for the forged run either
    explorer.set_lang("ja")
    assert "「対戦数」には1から100,000までの整数を指定してください(受け取った値: 3000000)" in explorer.status.value
    forge(explorer.n_games, {"value": 20})  # a valid value runs again
    assert explorer.run(wait=True) is not None and runs == [20]


@pytest.mark.parametrize("state, text", [
    ({"min": -5, "value": -1}, "Seed must be a whole number from 0 to 2,147,483,647 (got -1)."),
    ({"max": 2**41, "value": 2**40}, "Seed must be a whole number from 0 to 2,147,483,647 (got 1099511627776)."),
])
def test_a_forged_seed(explorer: StatsExplorer, runs: list[Any], state: dict[str, Any], text: str) -> None:
    frame = explorer.last_frame
    forge(explorer.seed, state)
    refused(explorer, frame, runs, text)


@pytest.mark.parametrize("players", [1, 99, 10_000])
def test_a_forged_player_count_builds_nothing(explorer: StatsExplorer, runs: list[Any], players: int) -> None:
    frame, selects = explorer.last_frame, list(explorer.bot_selects)
    forge(explorer.players, {"min": 1, "max": 10_000, "value": players})
    message = f"Players must be a whole number from 2 to 7 (got {players})."
    assert message in explorer.status.value  # refused as it arrives: no Dropdown per seat was made
    assert explorer.bot_selects == selects and len(explorer.bots_box.children) == 3
    refused(explorer, frame, runs, message)
    forge(explorer.players, {"value": 4})  # back to a count the game allows
    assert len(explorer.bot_selects) == 4 and explorer.last_status == "ready"


def test_a_forged_option_range(explorer: StatsExplorer, runs: list[Any]) -> None:
    frame = explorer.last_frame
    forge(explorer.options_a.widgets["target_wins"], {"max": 10**6, "value": 10**6})
    refused(explorer, frame, runs, "Wins to take the match must be a whole number from 1 to 20 (got 1000000).")


def test_variant_b_is_checked_too(explorer: StatsExplorer, runs: list[Any]) -> None:
    frame = explorer.last_frame
    forge(explorer.compare, {"value": True})
    forge(explorer.options_b.widgets["removed_cards"], {"min": -50, "value": -50})
    refused(explorer, frame, runs, "Cards removed before the deal must be a whole number from 0 to 98 (got -50).")


# --- values the widget's own traits reject: refused as they arrive --------------------------------

@pytest.mark.parametrize("control, state, shown", [
    ("n_games", {"value": "many"}, "'many'"),
    ("n_games", {"max": 500, "value": "many"}, "'many'"),  # the whole update is rolled back
    ("n_games", {"value": None}, "None"),
    ("seed", {"value": [1, 2]}, "[1, 2]"),
    ("players", {"value": {"n": 3}}, "{'n': 3}"),
    ("compare", {"value": "yes"}, "'yes'"),
    ("game_select", {"index": None}, "None"),
    ("game_select", {"index": 99}, "99"),
    ("game_select", {"index": "0"}, "'0'"),
    ("lang_toggle", {"index": None}, "None"),
    ("lang_toggle", {"index": True}, "True"),
])
def test_a_wrong_type_or_a_missing_choice_is_refused_as_it_arrives(
        explorer: StatsExplorer, runs: list[Any], control: str, state: dict[str, Any], shown: str) -> None:
    widget = getattr(explorer, control)
    before = {k: getattr(widget, k) for k in ("value", "index") if hasattr(widget, k)}
    frame = explorer.last_frame
    forge(widget, state)
    assert {k: getattr(widget, k) for k in before} == before  # the kernel kept its value
    assert explorer.n_games.max == module.MAX_GAMES
    assert explorer.last_status == "error" and "Traceback" not in explorer.status.value
    assert "cannot take what the page sent" in explorer.status.value
    assert shown.replace("'", "&#x27;") in explorer.status.value
    assert runs == [] and explorer.last_frame is frame and explorer.lang == "en"
    explorer.set_lang("ja")
    assert "ここでは選べない値が送られてきました" in explorer.status.value
    assert explorer.run(wait=True) is not None and runs == [12]  # the kernel's own values still run


@pytest.mark.parametrize("seat, state", [
    (0, {"index": None}),
    (1, {"index": 3}),
    (2, {"index": -1}),
    (0, {"_options_labels": ["mcts", "random", "heuristic"], "index": 2}),  # a forged list of bots
    (1, {"_options_labels": []}),
])
def test_a_bot_the_game_does_not_offer(explorer: StatsExplorer, runs: list[Any], seat: int,
                                       state: dict[str, Any]) -> None:
    select = explorer.bot_selects[seat]
    labels, value = select._options_labels, select.value
    forge(select, state)
    assert (select._options_labels, select.value) == (labels, value)
    assert f"Player {seat + 1}&#x27;s bot cannot take what the page sent" in explorer.status.value
    assert runs == []


@pytest.mark.parametrize("field, state", [
    ("payee", {"index": 7}),
    ("payee", {"_options_labels": ["whoever played last", "Evil"], "index": 1}),
    ("special_on_empty_field", {"index": None}),
    ("solo", {"value": "on"}),
    ("target_wins", {"value": "two"}),
])
def test_an_option_value_outside_its_choices_is_refused(explorer: StatsExplorer, runs: list[Any], field: str,
                                                          state: dict[str, Any]) -> None:
    widget = explorer.options_a.widgets[field]
    value = widget.value
    forge(widget, state)
    assert widget.value == value
    assert explorer.last_status == "error" and "cannot take what the page sent" in explorer.status.value
    assert runs == []


def test_a_forged_preset_is_refused(explorer: StatsExplorer, runs: list[Any]) -> None:
    preset = explorer.options_a.preset
    forge(preset, {"index": None})
    assert preset.value == "basic" and "Mode cannot take what the page sent" in explorer.status.value  # the preset is called Mode
    forge(preset, {"index": 2})  # a real choice (Cul-de-sac) is applied as before
    assert preset.value == "cul_de_sac" and explorer.players.value == 4 and explorer.last_status == "ready"
    assert runs == []


# --- the checks use Python's lists, never the widgets' ---------------------------------------------

def test_run_checks_the_games_own_lists_not_the_widgets_options(explorer: StatsExplorer, runs: list[Any]) -> None:
    """Should a selection's options ever hold a foreign value, the game's spec still decides."""
    frame = explorer.last_frame
    bot = explorer.bot_selects[1]
    bot.options = [("MCTS", "mcts"), ("random", "random")]
    bot.value = "mcts"
    refused(explorer, frame, runs, "Player 2&#x27;s bot must be one of: Beginner, Good, Strongest (got &#x27;mcts&#x27;).")
    bot.options = [("heuristic", "heuristic")]
    payee = explorer.options_a.widgets["payee"]
    payee.options = [("Evil", "evil")]
    refused(explorer, frame, runs, "An eliminated player pays must be one of: whoever played last, "
                                   "whoever last played a number (got &#x27;evil&#x27;).")
    payee.options = [("whoever played last", "last_play")]
    with explorer._quiet():
        explorer.options_a.preset.options = [("Nope", "nope")]
    refused(explorer, frame, runs, "Mode must be one of: Basic, Carry-over, Cul-de-sac, Cul-de-sac solo "
                                   "(got &#x27;nope&#x27;).")
    with explorer._quiet():
        explorer.options_a.preset.options = [("Basic", "basic")]
        explorer.game_select.options = [("Chess", "chess")]
    refused(explorer, frame, runs, "Game must be one of: ")
    with explorer._quiet():
        explorer.game_select.options = [("Up&Down", "up_and_down")]
    explorer.compare.value = True
    explorer.options_b.widgets["payee"].options = [("the bank", "bank")]  # variant B is checked too
    refused(explorer, frame, runs, "An eliminated player pays must be one of: whoever played last, "
                                   "whoever last played a number (got &#x27;bank&#x27;).")


# --- Cancel stops a large run at once --------------------------------------------------------------

@pytest.mark.parametrize("workers", [1, 2])
def test_cancel_stops_a_long_run_within_a_second_or_two(workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Page One for 8 bots over 1,000 rounds takes ~0.6 s a game, so the explorer's chunks of 25
    games take ~15 s: a Cancel that waited for the chunk (or for the workers' chunks) would not
    end the run thread within the bound, and the whole run would take hours."""
    seen: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", seen.append)
    ex = StatsExplorer(game="page_one", lang="en", workers=workers)
    ex.players.value = 8
    ex.options_a.widgets["rounds"].value = 1000
    ex.n_games.value = module.MAX_GAMES
    ex.run_button.click()
    time.sleep(1.0)  # the first games are under way
    assert ex.running and ex.progress.value < 25
    clicked = time.monotonic()
    ex.cancel_button.click()
    assert ex.wait(2.5), "the run thread was still going 2.5 s after Cancel"
    assert time.monotonic() - clicked < 2.5
    assert ex.last_status == "cancelled" and "Cancelled after" in ex.status.value
    assert not ex.running and not ex.run_button.disabled and seen == []
