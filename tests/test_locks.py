"""Every lock a teacher's link sets, tried every way around it found so far, without a browser.

The ways around: a forged request (a message the page sends), a forged trait update (the page
writes a synced trait: Python must not act on it, nor read it later), a forged value in a
control of the bar, the deal code from "Share this deal" taken to another, unlocked page, the
lesson menu, Undo on a link with ``undo=off``, and the What-if panel after a forged ``lang``.
Each is checked on the dashboards built from the link, as the browser drives them
(``handle`` for requests, ``set_state`` for what the page writes).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekit.core import deal_code
from tablekit.i18n import tr
from tablekit.sim.whatif import move_at
from tablekit.widgets.base import LOCKABLE
from tablekit.widgets.dashboards import learn_dashboard, play_dashboard
from tablekit.widgets.play_table import PlayTable

#: A link for each lockable setting of the play page, locking that one setting.
PLAY_LOCKS = {
    "game": "game=up_or_down&lock=1",
    "preset": "game=page_one&preset=family&lock=1",
    "players": "game=up_and_down&players=3&lock=1",
    "bots": "game=page_one&bots=random&lock=1",
    "open_hands": "open_hands=off&lock=1",
    "lang": "lang=ja&lock=1",
    "deal": f"deal={deal_code.encode('up_and_down', 'basic', 4, 0x2F1A)}&lock=1",
}


def test_every_lockable_setting_is_walked() -> None:
    assert set(PLAY_LOCKS) | {"lesson"} == set(LOCKABLE)


def synced_text(widget: Any) -> str:
    """Everything the browser has been sent, as one text."""
    return json.dumps(widget.get_state(), default=str, ensure_ascii=False)


def finish(table: PlayTable, limit: int = 3000) -> None:
    for _ in range(limit):
        if table.session.is_over:
            return
        if table.view.get("round_end") and not table.view["round_end"]["final"]:
            table.handle({"type": "next_round"})
        else:
            table.handle({"type": "play", "code": table.session.legal_actions()[0].code})
    raise AssertionError("the game did not end")


# --- Share: the deal code leaves a locked page only once the game is over -------------------
@pytest.mark.parametrize("field", sorted(PLAY_LOCKS))
def test_share_is_refused_while_a_setting_is_locked(field: str) -> None:
    page = play_dashboard(bot_delay=0, query=PLAY_LOCKS[field])
    table = page.table
    assert page.is_locked(field) and field in table.locked
    state = table.match.state
    table.handle({"type": "share"})
    assert table.message_kind == "refusal"
    assert table.message == tr("widgets.table.share_locked", page.lang)
    assert table.match.state is state
    if field != "deal":  # (a link that names the deal gives its code to the class itself)
        assert table.deal == "" and table.deal_code not in synced_text(table)
    table.set_state({"locked": []})  # the page forgets the lock: Python does not
    table.handle({"type": "share"})
    assert table.message == tr("widgets.table.share_locked", page.lang)


def test_a_locked_deal_code_is_shared_once_the_game_is_over() -> None:
    """The hole: ``open_hands=off&lock=1``, Share, the code typed into an unlocked page with
    open hands. The code stays in the kernel until the game is over."""
    table = PlayTable("up_and_down", preset="basic", players=3, bot_delay=0, allow_teaching=False,
                      locked=("open_hands",), single_game=True)
    code = table.deal_code
    table.handle({"type": "share"})
    assert table.message_kind == "refusal" and code not in synced_text(table)
    finish(table)
    assert table.deal == code  # over: the code is shown (the deal is played out)
    table.handle({"type": "share"})
    assert table.message_kind == "info" and code in table.message
    # Without a lock, Share works during the game (with its warning), as before.
    free = PlayTable("up_and_down", preset="basic", players=3, bot_delay=0)
    free.handle({"type": "share"})
    assert free.message_kind == "hint" and free.deal == free.deal_code


# --- forged requests and forged trait updates -------------------------------------------------
def other_code(table: PlayTable, **change: Any) -> str:
    game = table.match.game
    fields = {"game": game.name, "preset": game.preset, "players": game.num_players, "seed": 12345} | change
    return deal_code.encode(fields["game"], fields["preset"], fields["players"], fields["seed"])


#: For each locked setting: a request from the page that would change it.
FORGED_REQUESTS = {
    "game": lambda t: {"type": "new", "deal": other_code(t, game="page_one", preset="classic", players=4)},
    "preset": lambda t: {"type": "new", "deal": other_code(t, preset="classic")},
    "players": lambda t: {"type": "new", "deal": other_code(t, players=4)},
    "open_hands": lambda t: {"type": "teaching", "on": True},
    "lang": lambda t: {"type": "lang", "lang": "en"},
    "deal": lambda t: {"type": "new", "deal": other_code(t)},
}


@pytest.mark.parametrize("field", sorted(FORGED_REQUESTS))
def test_a_forged_request_changes_no_locked_setting(field: str) -> None:
    page = play_dashboard(bot_delay=0, query=PLAY_LOCKS[field])
    table = page.table
    before = (table.match.game.name, table.match.game.preset, table.match.game.num_players, table.session.seed,
              table.language, table.view["teaching"])
    # The page first rewrites every synced trait it could use as a key, then asks.
    table.set_state({"locked": [], "chrome": "full", "allow_teaching_ui": True, "lang": "en"})
    table.handle(FORGED_REQUESTS[field](table))
    assert table.message_kind == "refusal", table.message
    after = (table.match.game.name, table.match.game.preset, table.match.game.num_players, table.session.seed,
             table.language, table.view["teaching"])
    assert after == before


@pytest.mark.parametrize(("field", "control", "forged"), [
    ("game", "game", {"index": 0}),
    ("preset", "preset", {"index": 0}),
    ("players", "players", {"value": 4}),
    ("bots", "bots", {"index": 0}),
    ("lang", "lang_toggle", {"index": 0}),
])
def test_a_forged_value_in_a_locked_field_of_the_bar_is_put_back(field: str, control: str,
                                                                    forged: dict[str, Any]) -> None:
    page = play_dashboard(bot_delay=0, query=PLAY_LOCKS[field])
    widget = getattr(page, control)
    kept = widget.value
    assert widget.disabled
    widget.set_state(forged)  # what the page sends past the disabled field
    page.deal_button.click()
    assert widget.value == kept
    game = page.table.match.game
    now = {"game": game.name, "preset": game.preset, "players": game.num_players,
           "bots": page.table.session.bot_names[1], "lang": page.table.language}
    assert now[field] == kept


def test_a_forged_label_is_refused_so_messages_never_repeat_it() -> None:
    page = play_dashboard(bot_delay=0, query="")
    page.players.set_state({"description": "<b>" + "x" * 5000, "value": 3})
    assert page.players.description == tr("widgets.dash.players", "en") and "xxxxx" not in page.problem.value


def test_the_table_never_reads_back_what_the_page_wrote() -> None:
    table = PlayTable("up_or_down", preset="base", players=2, seed=1, bot_delay=0)
    table.set_state({"log": ["Player 1 wins the whole game."], "lang": "xx", "locked": ["lang"],
                     "view": {"zones": [], "my_turn": False}})
    table.handle({"type": "play", "code": "play:24"})
    assert table.message_kind == "info" and table.match.step_index == 1
    assert table.log == [e.text("en") for e in table.match.events[1]]  # not the forged line
    assert table.language == "en" and table.view["zones"]
    table.handle({"type": "lang", "lang": "ja"})  # the forged "locked" locks nothing
    assert table.language == "ja"


# --- the learn page: a locked lesson -----------------------------------------------------------
def test_a_locked_lesson_link_locks_the_lesson_menu() -> None:
    page = learn_dashboard(autoplay_delay=0, query="game=page_one&lesson=3&lock=1")
    walk = page.walkthrough
    assert page.is_locked("lesson") and "lesson" in walk.locked
    assert walk.index == 2 and walk.lesson["index"] == 2  # the link's lesson is open
    walk.set_state({"locked": []})
    for forged in ({"type": "lesson", "index": 0}, {"type": "lesson", "index": 3}):
        walk.handle(forged)
        assert walk.message_kind == "refusal" and walk.message == tr("widgets.table.locked", "en")
        assert walk.index == 2
    # Stepping through the lesson still works; at its end "Next lesson" is refused too.
    while not walk.lesson["finished"]:
        walk.handle({"type": "show"} if walk.lesson["your_turn"] else {"type": "next"})
    walk.handle({"type": "lesson", "index": walk.lesson["next_lesson"]})
    assert walk.message_kind == "refusal" and walk.index == 2
    page.game.set_state({"index": 0})  # the game is fixed by the lesson
    assert page.walkthrough is walk and walk.game_name == "page_one"


def test_a_lesson_link_without_lock_leaves_the_menu_free() -> None:
    page = learn_dashboard(autoplay_delay=0, query="game=page_one&lesson=3")
    walk = page.walkthrough
    assert walk.index == 2 and "lesson" not in walk.locked
    walk.handle({"type": "lesson", "index": 0})
    assert walk.index == 0 and walk.message_kind == "info"


# --- undo=off -------------------------------------------------------------------------------------
@pytest.mark.parametrize("query", ["game=up_or_down&players=2&undo=off", "game=up_or_down&players=2&undo=off&lock=1"])
def test_undo_off_is_refused_whatever_the_page_sends(query: str) -> None:
    page = play_dashboard(bot_delay=0, query=query)
    table = page.table
    assert table.view["undo_off"]
    table.handle({"type": "play", "code": table.session.legal_actions()[0].code})
    step = table.match.step_index
    table.handle({"type": "teaching", "on": True})  # even where undo is otherwise free
    table.handle({"type": "undo"})
    assert table.message_kind == "refusal" and table.message == tr("core.undo.off", "en")
    assert table.match.step_index == step


def test_a_locked_link_keeps_undo_unless_it_says_undo_off() -> None:
    """lock=1 alone leaves Undo on: it shows nothing new (tests/test_undo.py)."""
    page = play_dashboard(bot_delay=0, query="game=up_or_down&players=2&lock=1")
    table = page.table
    assert "undo_off" not in table.view and table.session.allow_undo
    start = table.match.step_index  # (the bots may have opened the game)
    table.handle({"type": "play", "code": next(a.code for a in table.session.legal_actions()
                                               if a.code.startswith("play:"))})
    table.handle({"type": "undo"})  # a hand card into the ring: nothing new was shown
    assert table.message == tr("widgets.table.undone", "en") and table.match.step_index == start


# --- What if? speaks the table's language, never the page's trait ---------------------------------
def test_what_if_takes_the_language_from_python_not_a_forged_trait() -> None:
    page = play_dashboard(bot_delay=0, query="game=page_one&preset=crazy_eights&players=2")
    table, panel = page.table, page.what_if
    finish(table)
    session = table.session
    steps = [k for k in range(1, session.step_index + 1) if move_at(session, k)[1] in session.humans
             and len(session.game.legal_actions(session.state_at(k - 1))) > 1]
    table.replay(steps[0])
    table.set_state({"lang": "xx", "view": {"zones": []}})  # forged: neither is read, nor acted on
    assert panel.step == steps[0]
    table.replay(steps[-1])  # a replay request after the forgery
    assert panel.step == steps[-1] and panel.layout.display == ""
    panel.games.value = 2
    assert panel.run() is not None, panel.message.value
    assert panel.message.value.count(tr("widgets.whatif.done", "en", count=2)) == 1
    page.set_lang("ja")  # the table's language, set through Python: the panel follows
    assert panel.lang == "ja" and panel.run_button.description == tr("widgets.whatif.run", "ja")
