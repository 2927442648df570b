"""Every legal action is reachable from the table, and every hint can be followed.

For every registered game, every preset, at its smallest and largest player count, random
seeded lines of play stop at each position where the person (a ``Session``'s seat) is to
act, and the view-model the browser would get (``Session.view``, as JSON, in English or
Japanese, sometimes in open-hand teaching mode) is searched for a way to play each legal
action with the places ``play_table.js`` makes clickable (``iter_clickables``: a card's action
or its choices, a column row, a grid cell, a button, a picker; ``offers`` says whether a place
plays a code). At the same positions:

* every code the view offers is legal (a picker's every value included), so the table never
  invites a move the rules refuse;
* the ways offered by one place (a card's choices, the buttons, a list picker's options) have
  different labels, so a person can tell them apart;
* the hint (``Session.hint``) is marked on at least one place by ``mark_places``, the function
  ``PlayTable`` marks it with, and a marked picker then shows that very move.

Random play must reach each game's special decisions (``MUST_CHECK``: Ultimate's discards,
trump naming and partner call, Page One's group plays, suit choices and calls, 並べRUNO's
discards and wild plays, Up or Down?'s take and remove, Up&Down's Shot targets), so that the
test cannot pass by never meeting them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Iterator

import pytest
import toy_game
from helpers_page_one import stack as stack_page_one

from tablekit.core.actions import Action
from tablekit.core.match import Match
from tablekit.core.registry import list_games, make, spec
from tablekit.core.view import picker_code, picker_value
from tablekit.session import Session
from tablekit.widgets.base import iter_clickables, mark_places, offers
from tablekit.widgets.play_table import PlayTable

with toy_game.registered():
    GAMES = list_games()
    SPECS = {name: spec(name) for name in GAMES}

#: Positions checked per preset and player count (so at least twice this many per preset).
POSITIONS = 120
#: A line of play is cut after this many moves, so that many deals are seen.
LINE = 250


@pytest.fixture(autouse=True, scope="module")
def _test_games_registered() -> Iterator[None]:
    with toy_game.registered():
        yield


def kind(action: Action) -> str:
    """The kind of decision an action is: its class, or a special decision of one game."""
    name = type(action).__name__
    if getattr(action, "target", None) is not None:  # Up&Down: a Shot naming a player
        return "shot"
    if name == "Play" and getattr(action, "under", None):  # Page One: several cards at once
        return "group"
    if name == "Play" and getattr(action, "suit", None) is not None:  # Page One: an Eight names a suit
        return "suit"
    if name == "Play" and getattr(action, "call", False):  # Page One: "Page One" / "Stop"
        return "call"
    if name == "Play" and getattr(action, "colour", None):  # 並べRUNO: a wild asks for a colour
        return "wild"
    return name


#: The decisions random play must have met (and checked) in each game.
MUST_CHECK = {
    "up_and_down": {"Play", "shot"},
    "ultimate": {"Bid", "Pass", "Discard", "NameTrump", "CallPartner", "Play"},
    "up_or_down": {"Play", "Take", "Place", "NewColumn", "Abandon", "RemoveAndPlace", "Draw"},
    "narabe_runo": {"Play", "wild", "Discard"},
    "page_one": {"Play", "group", "suit", "call", "Draw", "Pass"},
}


def offered_codes(place: dict[str, Any]) -> list[str]:
    """Every code a clickable place can send."""
    if place.get("playable") is False:
        return []
    if place.get("kind") == "number":
        return [picker_code(place, n) for n in range(place["min"], place["max"] + 1, place["step"])]
    if place.get("kind") == "list":
        return [o["code"] for o in place["options"]]
    if "action" not in place and "choices" not in place:  # a button
        return [place["code"]]
    return ([place["action"]] if place.get("action") else []) + [ch["code"] for ch in place.get("choices", ())]


def check_position(session: Session, lang: str, teaching: bool, with_hint: bool) -> list[str]:
    """The problems of one position's view-model (empty: none)."""
    legal = {a.code: a for a in session.legal_actions()}
    view = json.loads(json.dumps(session.view(lang, teaching=teaching)))  # what reaches the browser
    places = list(iter_clickables(view))
    problems = []
    for code in legal:
        if not any(offers(place, code) for place in places):
            problems.append(f"legal {code!r} cannot be reached")
    for place in places:
        for code in offered_codes(place):
            if code not in legal:
                problems.append(f"the table offers {code!r}, which is not legal")
        labels = [ch["label"] for ch in place.get("choices", ())] + [o["label"] for o in place.get("options", ())]
        if len(set(labels)) != len(labels):
            problems.append(f"one place offers ways with the same label: {labels}")
    buttons = [b["label"] for b in view.get("buttons", ())]
    if len(set(buttons)) != len(buttons):
        problems.append(f"buttons with the same label: {buttons}")
    if with_hint:
        advice = session.hint()
        assert advice is not None
        code = advice.action.code
        if mark_places(view, code, "hint") == 0:
            problems.append(f"the hint {code!r} marks nothing")
        for place in iter_clickables(view):
            if place.get("mark") == "hint" and "kind" in place and picker_code(place) != code:
                problems.append(f"the marked picker {place['id']!r} shows {picker_code(place)!r}, not the hint {code!r}")
            for ch in place.get("choices", ()):
                if ch.get("mark") == "hint" and ch["code"] != code:
                    problems.append(f"the choice {ch['code']!r} is marked, not the hint {code!r}")
    return problems


def walk(name: str, preset: str, players: int, checked: Counter[str]) -> tuple[int, list[str]]:
    """Random seeded lines at ``players`` until ``POSITIONS`` positions of the person are
    checked; the kinds of every legal action checked are counted in ``checked``."""
    positions, problems = 0, []
    seed = 0
    while positions < POSITIONS:
        game = make(name, preset=preset, players=players)
        session = Session(game, seed, seat=seed % players, bots="random", bot_seed=seed)
        rng = random.Random(seed)
        for step in range(LINE):
            if session.is_over or positions >= POSITIONS:
                break
            if session.human_to_play is not None:
                where = f"{name}/{preset}/{players}p seed {seed} step {step}"
                lang, teaching = ("en", "ja")[positions % 2], positions % 3 == 0
                problems += [f"{where}: {p}" for p in check_position(session, lang, teaching, with_hint=True)]
                checked.update(kind(a) for a in session.legal_actions())
                positions += 1
            session.match.play(rng.choice(session.legal_actions()))
        seed += 1
        assert seed < 400, f"{name}/{preset}/{players}p: too few positions of the person"
    return positions, problems


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_and_hint_has_a_clickable_path(name: str) -> None:
    checked: Counter[str] = Counter()
    problems: list[str] = []
    for preset in SPECS[name].presets:
        low, high = SPECS[name].players_for(preset)
        for players in sorted({low, high}):
            count, found = walk(name, preset, players, checked)
            assert count == POSITIONS
            problems += found
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:15])
    missing = MUST_CHECK.get(name, set()) - set(checked)
    assert not missing, f"random play never checked a {sorted(missing)} decision of {name} (checked: {dict(checked)})"


def test_every_play_of_four_eights_has_a_place_of_its_own() -> None:
    """Page One's house rules with all four Eights in hand: each Eight may go on top of any
    set of the others and name any suit (more ways than a card offers), and the plays that
    differ only in the cards under the top one must still be told apart."""
    game = make("page_one", preset="house", players=2, hand_size=6)
    deck = stack_page_one([["8S", "8H", "8D", "8C", "5S", "6H"], ["2C", "3C", "4C", "5C", "6C", "7C"]],
                          stock=["9D"], jokers=game.config.jokers)
    session = Session(game, 0, seat=0, bots="random", bot_seed=0)
    session.match = Match(game, 0, setup={"deck": deck, "dealer": 1})
    assert session.human_to_play == 0
    groups = [a for a in session.legal_actions() if kind(a) == "group"]
    assert len(groups) > 4 * 6  # more than the choices a card offers
    for lang in ("en", "ja"):
        assert check_position(session, lang, False, with_hint=True) == []


def test_a_checked_view_fails_when_an_action_has_no_place() -> None:
    """The check can fail: the same position with Ultimate's bid picker taken away."""
    game = make("ultimate", preset="basic", players=4)
    first = game.current_player(game.initial_state(3))
    session = Session(game, 3, seat=first, bots="random", bot_seed=1)
    assert session.human_to_play == first and not check_position(session, "en", False, with_hint=True)
    original = session.view

    def without_pickers(*args: Any, **kwargs: Any) -> dict[str, Any]:
        view = original(*args, **kwargs)
        view["pickers"] = []
        return view

    session.view = without_pickers  # type: ignore[method-assign]
    problems = check_position(session, "en", False, with_hint=False)
    assert "legal 'bid:7' cannot be reached" in problems and "legal 'bid:5' cannot be reached" not in problems


# --- the hint at the table: an Ultimate bid that no quick button offers ---------------------------
def bid_hint_off_the_buttons() -> PlayTable:
    """A table (seat 0, Ultimate basic) where the hint is a bid that no quick button offers."""
    for seed in range(200):
        table = PlayTable("ultimate", preset="basic", players=4, seed=seed, bot_seed=seed, bot_delay=0)
        while table.view["my_turn"] and table.session.observe(0)["phase"] == "auction":
            advice = table.session.hint()
            buttons = {b["code"] for b in table.view["buttons"]}
            if advice.action.code.startswith("bid:") and advice.action.code not in buttons:
                return table
            table.handle({"type": "play", "code": "pass" if "pass" in buttons else table.view["buttons"][0]["code"]})
    raise AssertionError("no deal of 200 had a hinted bid off the quick buttons")


def test_the_bid_picker_shows_a_hinted_bid_that_no_button_offers() -> None:
    table = bid_hint_off_the_buttons()
    table.handle({"type": "hint"})
    assert table.message_kind == "hint"
    hinted = table._hint_code
    assert hinted is not None
    bid = next(p for p in table.view["pickers"] if p["id"] == "bid")
    assert bid["mark"] == "hint" and bid["value"] == picker_value(bid, hinted) and picker_code(bid) == hinted
    assert not any(b.get("mark") == "hint" for b in table.view["buttons"])
    before = table.session.step_index
    table.handle({"type": "play", "code": picker_code(bid)})  # what the picker's button sends
    assert table.message_kind != "refusal" and table.session.step_index > before
    assert table.session.record().actions[before] == hinted


def test_a_bid_from_the_picker_is_still_checked() -> None:
    """The browser can send any code: one outside the picker's range is refused with the rule."""
    table = PlayTable("ultimate", preset="basic", players=4, seed=3, bot_seed=3, bot_delay=0)
    bid = next(p for p in table.view["pickers"] if p["id"] == "bid")
    step = table.session.step_index
    table.handle({"type": "play", "code": f"bid:{bid['max'] + 1}"})
    assert table.session.step_index == step and table.message_kind in ("refusal", "error")
    table.handle({"type": "play", "code": "bid:0"})
    assert table.session.step_index == step and table.message_kind in ("refusal", "error")
