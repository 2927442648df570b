"""The table a teacher can project, without a browser: the end of every round, deal codes that
reveal nothing while it matters, the log in the current language, the replay's round marks,
locks from a teacher's link, and lessons whose watch steps never look playable.

Everything is driven by the requests the browser would send (``handle``) and checked on the
synced state, which is exactly what a browser receives.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekit.core import deal_code
from tablekit.core.registry import spec
from tablekit.i18n import tr
from tablekit.widgets.base import iter_clickables
from tablekit.widgets.dashboards import learn_dashboard, play_dashboard
from tablekit.widgets.play_table import PlayTable
from tablekit.widgets.walkthrough import RuleWalkthrough, section_label


def playable(table: PlayTable) -> list[dict[str, Any]]:
    return [item for item in iter_clickables(table.view) if item.get("playable")]


def first_code(table: PlayTable) -> str:
    item = playable(table)[0]
    return str(item["action"] or item["choices"][0]["code"])


def play_until_round_end(table: PlayTable, limit: int = 2000) -> dict[str, Any]:
    """Click the first playable card (or move button) until a round's summary shows."""
    for _ in range(limit):
        if table.view.get("round_end"):
            return dict(table.view["round_end"])
        code = first_code(table) if playable(table) else table.view["buttons"][0]["code"]
        table.handle({"type": "play", "code": code})
        assert table.message_kind not in ("error", "refusal"), table.message
    raise AssertionError("no round ended")


def house_table(**kw: Any) -> PlayTable:
    """Page One's house rules: a match of five rounds."""
    return PlayTable("page_one", preset="house", players=3, seed=4, bot_delay=0, bot_seed=9, **kw)


def test_a_round_end_stops_the_table_until_next_round() -> None:
    table = house_table()
    summary = play_until_round_end(table)
    assert summary["final"] is False and summary["title"] and summary["text"]
    assert len(summary["hands"]) == 3 and summary["standings"]
    # Every revealed card has its picture, and the worked score is there to check.
    for hand in summary["hands"]:
        assert all(c["svg"].startswith("<svg") for c in hand["cards"])
    assert not playable(table) and table.view["buttons"] == []
    assert table.view["prompt"] == tr("widgets.table.round_over_prompt", "en")
    step = table.match.step_index
    table.handle({"type": "play", "code": table.match.legal_actions()[0].code})
    table.handle({"type": "hint"})
    assert table.match.step_index == step, "nothing moves while the round's end is shown"
    assert table.message == tr("widgets.table.press_next_round", "en")
    table.handle({"type": "next_round"})
    assert "round_end" not in table.view and table.message == ""
    assert playable(table) or table.match.step_index > step, "the next round goes on"


def test_the_last_round_ends_the_match_with_play_again_and_the_deal_code() -> None:
    table = house_table()
    for _ in range(5):
        summary = play_until_round_end(table)
        if summary["final"]:
            break
        table.handle({"type": "next_round"})
    assert summary["final"] is True and table.view["over"]
    assert summary["deal"] == table.deal_code == table.deal, "shared once the match is over"
    table.handle({"type": "next_round"})
    assert table.message == tr("widgets.table.no_round_end", "en")


def test_the_deal_code_never_reaches_the_browser_during_play() -> None:
    table = PlayTable("up_and_down", players=4, bot_delay=0)
    code = table.deal_code
    assert code and table.deal == ""
    assert code not in json.dumps(table.get_state(), ensure_ascii=False)
    table.handle({"type": "share"})
    assert table.deal == code and table.message_kind == "hint" and code in table.message
    assert "reveals" in tr("widgets.table.share_note", "en", deal=code) or "whole deal" in table.message
    # A deal the learner named by its code is no secret to them.
    named = PlayTable("up_and_down", players=4, bot_delay=0)
    named.handle({"type": "new", "deal": code})
    assert named.deal == code and named.match.state == table.session.match.states[0]


def test_random_deals_draw_from_64_bits_and_the_bots_from_their_own_seed() -> None:
    seeds = {PlayTable("up_and_down", players=3, bot_delay=0).session.seed for _ in range(8)}
    assert len(seeds) == 8 and max(seeds) >= 2**40, "the seed space is far beyond a million"
    a = PlayTable("up_and_down", players=3, seed=11, bot_delay=0)
    b = PlayTable("up_and_down", players=3, seed=11, bot_delay=0)
    assert a.match.state == b.match.state, "one deal code, one deal"
    assert a.session.bot_seed != b.session.bot_seed, "the bots' seed is not in the deal code"
    assert a.session.record().meta["bot_seed"] == a.session.bot_seed


def test_the_log_is_shown_in_the_current_language() -> None:
    table = PlayTable("up_and_down", players=3, seed=8, bot_delay=0)
    for _ in range(3):
        table.handle({"type": "play", "code": first_code(table)})
    english = list(table.log)
    assert english and all(line.isascii() for line in english)
    table.handle({"type": "lang", "lang": "ja"})
    events = table.session.events_between(1, table.session.step_index)
    assert table.log == [e.text("ja") for e in events][-len(table.log):]
    assert table.log != english
    table.handle({"type": "lang", "lang": "en"})
    assert table.log == english


def test_the_replay_marks_the_start_of_every_round() -> None:
    table = house_table()
    while True:
        summary = play_until_round_end(table)
        if summary["final"]:
            break
        table.handle({"type": "next_round"})
    table.handle({"type": "replay", "step": 0})
    replay = table.view["replay"]
    marks = [m["step"] for m in replay["marks"]]
    rounds = table.match.state.round_no + 1
    assert marks[0] == 0 and len(marks) == rounds == len(set(marks))
    assert [m["label"] for m in replay["marks"]] == [tr("widgets.table.round_n", "en", n=n) for n in range(1, rounds + 1)]
    # The step right after each mark's move starts a new round: its events deal again.
    build = spec("page_one").round_summary
    assert build is not None
    for at in marks[1:]:
        assert build(table.match.game, table.session.events_at(at), "en") is not None
    table.handle({"type": "replay", "step": marks[-1]})
    assert table.view["replay"]["step"] == marks[-1]


def test_a_locked_table_refuses_forged_changes_and_changes_nothing() -> None:
    table = PlayTable("page_one", preset="classic", players=4, bot_delay=0, chrome="bar",
                      locked=("game", "preset", "players", "lang", "open_hands"))
    before = (table.match.state, table.match.step_index, table.lang)
    up_code = deal_code.encode("up_and_down", "basic", 4, 5)
    for forged in ({"type": "lang", "lang": "ja"}, {"type": "teaching", "on": True},
                   {"type": "new", "deal": up_code}):
        table.handle(forged)
        assert table.message_kind == "refusal" and table.message == tr("widgets.table.locked", "en")
        assert (table.match.state, table.match.step_index, table.lang) == before and not table.view["teaching"]
    table.set_state({"lang": "ja", "locked": [], "chrome": "full"})  # a forged trait write acts on nothing
    table.handle({"type": "teaching", "on": True})
    assert not table.view["teaching"]
    with pytest.raises(ValueError, match="cannot be locked"):
        PlayTable(bot_delay=0, locked=("seed",))


def test_a_deal_code_typed_in_the_bar_sets_the_bar() -> None:
    page = play_dashboard(bot_delay=0, query="")
    code = deal_code.encode("page_one", "party", 5, 0xABC)
    page.code.value = code  # Enter in the box
    game = page.table.match.game
    assert (page.game.value, page.preset.value, page.players.value) == ("page_one", "party", 5)
    assert (game.name, game.preset, game.num_players, page.table.session.seed) == ("page_one", "party", 5, 0xABC)
    page.preset.value = "classic"  # changing a field by hand: the code no longer applies
    assert page.code.value == ""
    page.deal_button.click()
    assert page.table.match.game.preset == "classic" and page.table.session.seed != 0xABC
    page.code.value = "not a code"
    assert "not" in page.problem.value or page.problem.value
    assert page.table.match.game.preset == "classic"


def test_the_dashboard_has_one_language_switch_and_ignores_the_tables_trait() -> None:
    page = play_dashboard(bot_delay=0, query="")
    assert page.table.chrome == "bar"
    page.table.set_state({"lang": "ja"})  # written by the browser: no request, no effect
    assert page.lang == "en" and page.lang_toggle.value == "en"
    page.lang_toggle.value = "ja"
    assert page.table.lang == "ja" and page.preset.description == tr("widgets.dash.preset", "ja")


def test_a_locked_teacher_link_fixes_the_bar_in_python() -> None:
    page = play_dashboard(bot_delay=0, query="game=page_one&preset=classic&players=4&bots=heuristic"
                                              "&open_hands=off&lang=ja&lock=1")
    game = page.table.match.game
    assert (game.name, game.preset, game.num_players, page.lang) == ("page_one", "classic", 4, "ja")
    assert page.game.disabled and page.preset.disabled and page.players.disabled and page.lang_toggle.disabled
    state = page.table.match.state
    # The browser changes the disabled fields anyway: Python puts them back.
    page.game.value = "up_and_down"
    page.players.value = 3
    page.lang_toggle.value = "en"
    assert (page.game.value, page.players.value, page.lang) == ("page_one", 4, "ja")
    assert page.table.match.state is state and tr("widgets.table.locked", "ja") in page.problem.value
    page.deal_button.click()
    game = page.table.match.game
    assert (game.name, game.preset, game.num_players) == ("page_one", "classic", 4)
    page.table.handle({"type": "teaching", "on": True})
    assert not page.table.view["teaching"]


def test_a_bad_teacher_link_is_a_friendly_message() -> None:
    page = play_dashboard(bot_delay=0, query="game=chess")
    assert "chess" in page.problem.value and page.table.match.game.name == "up_and_down"


def test_lesson_watch_steps_never_look_playable() -> None:
    walk = RuleWalkthrough("up_and_down", autoplay_delay=0)
    watched = 0
    for index in range(len(walk.lessons)):
        walk.handle({"type": "lesson", "index": index})
        while True:
            lesson = walk.lesson
            if lesson["finished"]:
                break
            if lesson["your_turn"]:
                assert playable(walk)  # type: ignore[arg-type]
                walk.handle({"type": "show"})
                continue
            watched += 1
            assert not playable(walk) and walk.view["buttons"] == []  # type: ignore[arg-type]
            assert tr("widgets.table.your_turn", "en", player=0).split(",")[0] not in walk.view["prompt"]
            walk.handle({"type": "next"})
        assert walk.view["buttons"] == [] and not playable(walk)  # type: ignore[arg-type]
        expected = index + 1 if index + 1 < len(walk.lessons) else None
        assert walk.lesson["next_lesson"] == expected
        assert walk.view["prompt"] == tr("widgets.walk.finished_prompt", "en")
    assert watched > 0


def test_a_finished_lesson_says_what_it_covered_and_offers_the_next() -> None:
    page = learn_dashboard(autoplay_delay=0, query="")
    walk = page.walkthrough
    walk.handle({"type": "autoplay", "on": True})
    while not walk.lesson["finished"]:
        walk.handle({"type": "show"} if walk.lesson["your_turn"] else {"type": "next"})
    sections = {section_label(s.section, "en") for s in walk.current.steps if s.section}
    assert sections and all(section in walk.lesson["narration"] for section in sections)
    assert walk.labels["speed"] == tr("widgets.walk.speed", "en") == "Autoplay speed"
    walk.handle({"type": "lesson", "index": walk.lesson["next_lesson"]})
    assert walk.lesson["index"] == 1 and walk.lesson["step"] == 1


def test_a_locked_explore_link_fixes_the_explorer() -> None:
    from tablekit.widgets.dashboards import explore_dashboard

    page = explore_dashboard(n=10, query="game=page_one&preset=family&players=3&bots=random&lang=ja&lock=1")
    ex = page.explorer
    assert (ex.game_select.value, ex.options_a.preset.value, ex.players.value, ex.lang) == ("page_one", "family", 3, "ja")
    assert [w.value for w in ex.bot_selects] == ["random"] * 3
    assert ex.game_select.disabled and ex.players.disabled and ex.lang_toggle.disabled
    ex.lang_toggle.value = "en"  # the page changed it anyway
    assert ex.lang == "ja" and ex.lang_toggle.value == "ja"
    ex.players.value = 4
    assert ex.run(wait=True) is None and ex.last_frame is None
    assert tr("widgets.stats.error.locked", "ja") in ex.status.value
    ex.players.value = 3
    ex.bot_selects[0].value = "random"
    assert len(ex.run(wait=True)) == 10
    free = explore_dashboard(n=10, query="game=page_one")
    assert free.explorer.game_select.value == "page_one" and not free.explorer.game_select.disabled


def test_a_locked_deal_is_dealt_again_and_never_replaced() -> None:
    code = deal_code.encode("up_and_down", "basic", 4, 0x2F1A)
    page = play_dashboard(bot_delay=0, query=f"deal={code}&lock=1")
    first = page.table.match.states[0]
    assert page.table.session.seed == 0x2F1A and page.table.deal == code  # a code the class was given
    assert page.code.disabled and page.code.value == code
    page.deal_button.click()
    assert page.table.match.states[0] == first, "Deal deals the teacher's deal again"
    page.table.handle({"type": "new", "deal": ""})  # "Play again"
    assert page.table.match.states[0] == first
    page.table.handle({"type": "new", "deal": deal_code.encode("up_and_down", "basic", 4, 7)})
    assert page.table.message == tr("widgets.table.locked", "en") and page.table.match.states[0] == first
    page.code.value = deal_code.encode("up_and_down", "basic", 4, 7)  # forged past the disabled box
    page.deal_button.click()
    assert page.table.session.seed == 0x2F1A


def test_the_bar_refuses_a_value_it_does_not_offer() -> None:
    """The bar's controls never take what they do not offer: a forged index, a text for a
    number, a forged list of labels. The value stays and a friendly message says why."""
    page = play_dashboard(bot_delay=0, query="")
    state = page.table.match.state
    for control, forged in ((page.game, {"index": 9}), (page.preset, {"_options_labels": ["Evil"], "index": 0}),
                            (page.players, {"value": "many"}), (page.bots, {"index": None}),
                            (page.lang_toggle, {"index": 5})):
        before = control.value
        page.problem.value = ""
        control.set_state(forged)  # what a forged update from the page does
        assert control.value == before
        field = control.description or tr("widgets.dash.language", "en")
        assert tr("widgets.dash.rejected", "en", field=field) in page.problem.value.replace("&#x27;", "'")
    assert page.table.match.state is state
