"""The dashboard compositions, driven in Python as a learner would (no browser)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from test_play_table import assert_no_leak, hidden_codes, without_round_end

from tablekit.bots import bot_names
from tablekit.core.registry import spec
from tablekit.i18n import tr
from tablekit.widgets.dashboards import (
    ExploreDashboard,
    LearnDashboard,
    PlayDashboard,
    games_with_lessons,
    playable_games,
)


def every_state(widget: Any) -> list[dict[str, Any]]:
    """The synced state of a widget and of every widget inside it."""
    states = [without_round_end(widget.get_state())]
    for child in getattr(widget, "children", ()):
        states += every_state(child)
    return states


def test_selectors_list_the_games_that_have_a_view_and_lessons() -> None:
    assert "up_and_down" in playable_games()
    assert "up_and_down" in games_with_lessons()
    assert set(games_with_lessons()) <= set(playable_games())


def test_deal_uses_the_chosen_mode_players_and_bots() -> None:
    page = PlayDashboard(bot_delay=0)
    first_deal = page.table.deal
    page.preset.value = "cul_de_sac"
    page.players.value = 3
    page.bots.value = "random"
    page.deal_button.click()
    game = page.table.match.game
    assert (game.name, game.preset, game.num_players) == ("up_and_down", "cul_de_sac", 3)
    assert [type(b).__name__ for b in page.table.bots] == ["RandomBot"] * 3
    assert page.table.deal_code != first_deal
    # Kept from the browser during play; a random deal can be over before the person moves
    # (a co-op deal that nobody can start), and a finished deal may be shared.
    assert page.table.deal == ("" if not page.table.session.is_over else page.table.deal_code)
    assert page.problem.value == ""


def test_choosing_a_mode_proposes_its_player_count() -> None:
    page = PlayDashboard(bot_delay=0)
    page.preset.value = "solo"
    assert page.players.value == 4
    assert (page.players.min, page.players.max) == (2, 7)


def test_the_settings_follow_the_chosen_game(toy: Any) -> None:
    """Player range, bots and presets come from the game's SPEC, even for a game registered
    only in a test (a toy trick game with no bot of its own: the random and search bots)."""
    page = PlayDashboard(bot_delay=0)
    assert "toy" in [value for _, value in page.game.options]
    page.game.value = "page_one"
    assert (page.players.min, page.players.max) == spec("page_one").players == (2, 8)
    assert [value for _, value in page.bots.options] == list(bot_names("page_one"))
    page.preset.value = "party"
    assert page.players.value == 6
    page.game.value = "toy"
    assert (page.players.min, page.players.max) == spec("toy").players == (2, 4)
    assert [value for _, value in page.bots.options] == ["random", "search"] and page.bots.value == "random"
    assert [value for _, value in page.preset.options] == list(spec("toy").presets)
    page.deal_button.click()
    assert page.problem.value == ""
    assert page.table.match.game.name == "toy" and page.table.view["title"]
    page.game.value = "up_and_down"
    assert (page.players.min, page.players.max) == (2, 7)
    assert [value for _, value in page.bots.options] == ["random", "heuristic", "search"]
    assert page.bots.value == "random"  # the learner's choice stays while the new game has it


def test_a_bad_setting_shows_a_friendly_problem_and_keeps_the_game() -> None:
    page = PlayDashboard(bot_delay=0)
    before = (page.table.deal, page.table.match.state)
    page.bots.options = [*page.bots.options, ("forged", "forged")]  # what a forged trait could send
    page.bots.value = "forged"
    page.deal_button.click()
    assert 'role="alert"' in page.problem.value and "forged" in page.problem.value
    assert "Traceback" not in page.problem.value
    assert (page.table.deal, page.table.match.state) == before


def test_language_switch_reaches_every_part_both_ways() -> None:
    page = PlayDashboard(bot_delay=0)
    page.lang_toggle.value = "ja"
    assert page.table.lang == "ja"
    assert tr("widgets.dash.play.title", "ja") in page.title.value
    assert page.deal_button.description == tr("widgets.dash.deal", "ja")
    assert page.preset.label == tr("up_and_down.label.mode.basic", "ja")
    # The table's own language menu is a request checked in Python; the header follows it.
    page.table.handle({"type": "lang", "lang": "en"})
    assert page.lang == "en" and page.lang_toggle.value == "en"
    assert tr("widgets.dash.play.title", "en") in page.title.value
    page.table.handle({"type": "lang", "lang": "xx"})
    assert page.lang == "en" and page.table.message_kind == "error"


def test_the_play_page_never_syncs_another_seats_hand() -> None:
    page = PlayDashboard(bot_delay=0)
    page.deal_button.click()
    for _ in range(5):  # a few moves in, the check still holds for the whole page
        assert_no_leak(page.table)
        text = json.dumps(every_state(page), ensure_ascii=False, default=str)
        for code in hidden_codes(page.table):
            assert f'aria-label=\\"{code}\\"' not in text
        if page.table.view["over"]:
            break
        if page.table.view.get("round_end"):  # a game of the match ended: on to the next
            page.table.handle({"type": "next_round"})
            continue
        card = next(c for z in page.table.view["zones"] for c in z.get("cards", []) if c["playable"])
        page.table.handle({"type": "play", "code": card["action"] or card["choices"][0]["code"]})


def test_learn_page_follows_language_and_loads_lessons() -> None:
    page = LearnDashboard(autoplay_delay=0)
    assert page.walkthrough.lessons
    page.set_lang("ja")
    assert page.walkthrough.lang == "ja"
    assert tr("widgets.dash.learn.title", "ja") in page.title.value
    page.walkthrough.handle({"type": "lang", "lang": "en"})
    assert page.lang_toggle.value == "en"


def test_explore_page_title_follows_the_explorer_language() -> None:
    page = ExploreDashboard(n=10)
    assert page.explorer.n_games.value == 10
    page.explorer.lang_toggle.value = "ja"
    assert tr("widgets.dash.explore.title", "ja") in page.title.value
    assert page.lang == "ja"


def test_the_play_page_loads_neither_pandas_nor_plotly() -> None:
    """Kernel memory of the play dashboard stays near a minimal page's (see bench/README.md)."""
    code = ("import sys; from tablekit.widgets.dashboards import play_dashboard; play_dashboard(); "
            "print(sorted(m for m in ('pandas', 'plotly', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
