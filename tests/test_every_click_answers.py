"""Every click on a table gets a move or a rule's reason, in the page's language (registry-driven).

For every game and preset, at its smallest and largest player count, a seeded line of play is
clicked through at the widget level (``PlayTable.handle``), the way ``play_table.js`` clicks:

* a playable card, ring position, column row or grid cell sends ``play`` with its action, or
  opens its choices, each of which sends ``play``; every such code must be legal now;
* a card of one's own hand that may not be played sends ``why`` with the card's code, and a
  ring card with a ``why`` code sends that code: the answer must be the rule's reason from the
  game (``explain_code``), in English on the English page and in Japanese on the Japanese one,
  never "could not be understood" nor "nothing can be done with that".

Each line is walked by clicking one of the playable things at random (after a random number of
unchecked decisions), so the positions cover the phases of a game. The learn page's table is
clicked the same way at every step of every lesson.
"""

from __future__ import annotations

import random
import re
from typing import Any, Iterator

import pytest

from tablekit.core.registry import list_games, presets, spec
from tablekit.i18n import tr
from tablekit.widgets import play_table
from tablekit.widgets.play_table import PlayTable
from tablekit.widgets.walkthrough import RuleWalkthrough

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana and kanji
DECISIONS = 6  # the person's decisions clicked through per line
SKIP = 24  # at most this many decisions are made first, at random (the clicking starts later)


def js_clicks(view: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(request type, code) of every click the front end sends for this view (see
    ``activate``, ``drawHand``, ``drawRing``, ``drawColumns``, ``drawGrid``, ``drawPile`` and the
    move buttons in ``play_table.js``)."""
    for z in view["zones"]:
        mine = z.get("viewer") or (view.get("my_turn") and z.get("current"))
        items = [*z.get("cards", ()), *z.get("rows", ()), *z.get("cells", ())]
        items += [c for row in z.get("rows", ()) for c in row.get("cards", ())]
        for item in items:
            if item.get("playable") and item.get("choices"):
                yield from (("play", ch["code"]) for ch in item["choices"])
            elif item.get("playable") and item.get("action"):
                yield "play", item["action"]
            elif z["kind"] == "hand" and mine and item.get("face"):
                yield "why", item["face"]["code"]  # a hand card asks about itself
            elif z["kind"] == "ring" and item.get("why"):
                yield "why", item["why"]
    for b in view.get("buttons", ()):
        yield "play", b["code"]


def assert_reason(table: PlayTable, lang: str, code: str) -> None:
    """The message after a ``why`` click: the game's reason for ``code``, in ``lang``."""
    text, kind = table.message, table.message_kind
    where = f"{table.session.game.name}/{table.session.game.preset} {lang} why {code!r}: {text!r}"
    assert text, f"no answer: {where}"
    assert text not in {tr("widgets.table.why_unknown", lang), tr("widgets.table.bad_request", lang)}, where
    assert kind in ("info", "refusal"), where
    if lang == "ja":
        assert JAPANESE.search(text), f"not Japanese: {where}"
    else:
        assert not JAPANESE.search(text), f"not English: {where}"
    session = table.session
    if session.human_to_play is not None:
        verdict = session.game.explain_code(session.state, code)
        assert text == verdict.text(lang), where  # the rule's own reason
        assert not verdict.ok and kind == "refusal", f"a card shown unplayable is legal: {where}"


def play_and_click(game: str, preset: str, players: int) -> int:
    """Play one seeded line of ``game`` on an English and a Japanese page, clicking everything
    at each of ``DECISIONS`` decisions of the person (after up to ``SKIP`` unchecked ones);
    returns how many "why" clicks were answered."""
    seed = sum(map(ord, f"{game}{preset}{players}"))
    rng = random.Random(seed)
    # The same deal and bots on both pages: the same line is played on both.
    tables = {lang: PlayTable(game, preset=preset, players=players, seed=seed, bot_seed=seed, bot_delay=0,
                              lang=lang) for lang in ("en", "ja")}
    start = rng.randrange(SKIP)
    whys = 0
    for decision in range(start + DECISIONS + 1):
        view = tables["en"].view
        if view.get("round_end") and not view["round_end"].get("final"):
            for table in tables.values():
                table.handle({"type": "next_round"})
            view = tables["en"].view
        clicks = list(dict.fromkeys(js_clicks(view)))
        plays = [code for kind, code in clicks if kind == "play"]
        if decision >= start:
            session = tables["en"].session
            for code in plays:
                assert session.game.explain_code(session.state, code).ok, f"{game}/{preset}: {code} is not legal"
            for code in (code for kind, code in clicks if kind == "why"):
                whys += 1
                for lang, table in tables.items():
                    table.handle({"type": "why", "code": code})
                    assert_reason(table, lang, code)
        if view["over"] or not plays or decision == start + DECISIONS:
            break
        move = rng.choice(plays)
        for table in tables.values():
            table.handle({"type": "play", "code": move})
            assert table.message_kind != "error", table.message
    assert tables["en"].session.state == tables["ja"].session.state
    return whys


@pytest.mark.parametrize("game", list_games())
def test_every_click_is_a_move_or_a_reason(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every preset at its smallest and largest player count."""
    monkeypatch.setattr(play_table, "METER_SECONDS", 0.01)  # the co-op meter is not what is tested
    whys = 0
    for preset in presets(game):
        for players in sorted(set(spec(game).players_for(preset))):
            whys += play_and_click(game, preset, players)
    assert whys, "no card of the hand was refused: the lines met no card to ask about"


@pytest.mark.parametrize("game", [g for g in list_games() if spec(g).lessons])
def test_every_click_in_every_lesson_step_is_answered(game: str) -> None:
    """The learn page's table answers the same way, at every step of every lesson."""
    for lang in ("en", "ja"):
        walk = RuleWalkthrough(game, lang=lang, autoplay_delay=0)
        whys = 0
        for index in range(len(spec(game).lessons)):
            walk.handle({"type": "lesson", "index": index})
            while True:
                for kind, code in dict.fromkeys(js_clicks(walk.view)):
                    if kind == "why":
                        whys += 1
                        walk.handle({"type": "why", "code": code})
                        text = walk.message
                        assert text and walk.message_kind in ("info", "refusal"), (index, code, text)
                        assert text not in {tr("widgets.table.why_unknown", lang), tr("widgets.table.bad_request", lang)}
                        assert bool(JAPANESE.search(text)) == (lang == "ja"), text
                if walk.lesson["finished"]:
                    break
                walk.handle({"type": "show" if walk.lesson["your_turn"] else "next"})
        assert whys, "no lesson step showed a card to ask about"


def test_a_card_of_the_hand_that_up_or_down_does_not_take_now_gets_the_rule() -> None:
    """The case the class met: in Up or Down?'s take phase a hand card is not playable; its
    click used to answer "That request could not be understood ('9' is not an Up or Down?
    action ...)" in English on the Japanese page."""
    table = PlayTable("up_or_down", players=2, seed=4, bot_seed=4, bot_delay=0, lang="ja")
    play = next(c["action"] for z in table.view["zones"] if z["kind"] == "hand" for c in z["cards"] if c["playable"])
    table.handle({"type": "play", "code": play})
    hand = next(z for z in table.view["zones"] if z["kind"] == "hand" and z.get("viewer"))
    card = next(c for c in hand["cards"] if not c["playable"])
    table.handle({"type": "why", "code": card["face"]["code"]})
    assert table.message == tr("up_or_down.illegal.during_take", "ja")
    table.set_lang("en")
    table.handle({"type": "why", "code": card["face"]["code"]})
    assert table.message == "Now take a card from the ring next to the card just played."


@pytest.mark.parametrize("code", ["zz", "play:999", "²", "<b>x</b>"])
def test_a_code_that_names_nothing_gets_a_sentence_not_an_error_text(code: str) -> None:
    for lang in ("en", "ja"):
        table = PlayTable("up_or_down", players=2, seed=4, bot_seed=4, bot_delay=0, lang=lang)
        table.handle({"type": "why", "code": code})
        assert table.message == tr("widgets.table.why_unknown", lang)
        assert code not in table.message
