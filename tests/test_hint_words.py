"""Hints say their move once, in the rules' words (registry-driven, English and Japanese).

A hint is the advising bot's reason alone: it names the move itself, so the table never puts
the move's label in front of it ("Play K♠: Play K♠: …" was shown before). Over seeded lines of
every game and preset, every hint the table gives is checked in both languages; Ultimate's
hints name trumps as the contract has them (no "side suit" for a trump, nor in no trump).
"""

from __future__ import annotations

import random
import re

import pytest

from tablekit.bots import advise, make_bot
from tablekit.core.registry import list_games, make, presets, spec
from tablekit.games.ultimate.actions import SUIT, SUITS
from tablekit.widgets import play_table
from tablekit.widgets.play_table import PlayTable

DECISIONS = 6
SKIP = 30
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def first_words(text: str, lang: str) -> str:
    """The opening of a hint: its first two words, or in Japanese its first phrase (up to the
    first punctuation)."""
    if lang == "en":
        return " ".join(text.split()[:2])
    return re.split(r"[。、：:！!]", text, maxsplit=1)[0]


def check_ultimate(table: PlayTable, lang: str) -> None:
    advice = table.session.hint()
    assert advice is not None
    text = table.message
    assert not re.search(r"side (suit|card)", text) and "脇" not in text, text  # not the rules' words
    named = table.session.observe(table.seat)["trump"]  # None before it is named, "NT" or a suit
    if advice.reason.endswith((".lead_low", ".lead_low_no_trump", ".lead_only_trumps")):
        suit = SUITS[SUIT[advice.action.card]]
        trump = None if named in (None, "NT") else named
        if advice.reason.endswith(".lead_low"):
            assert trump is not None and suit != trump, (text, named)
        elif advice.reason.endswith(".lead_low_no_trump"):
            assert trump is None, (text, named)
        else:
            hand = table.session.observe(table.seat)["players"][table.seat]["hand"]
            assert suit == trump and all(code[-1] == trump for code in hand), (text, hand)


def hints_along_a_line(game: str, preset: str, players: int) -> list[str]:
    """Ask for a hint at each decision of a seeded line on an English and a Japanese table and
    check each; returns the English hints."""
    seed = sum(map(ord, f"hint{game}{preset}{players}"))
    rng = random.Random(seed)
    tables = {lang: PlayTable(game, preset=preset, players=players, seed=seed, bot_seed=seed, bot_delay=0,
                              lang=lang) for lang in ("en", "ja")}
    start = rng.randrange(SKIP)
    seen = []
    for decision in range(start + DECISIONS):
        en = tables["en"]
        if en.view.get("round_end") and not en.view["round_end"].get("final"):
            for table in tables.values():
                table.handle({"type": "next_round"})
        if en.view["over"]:
            break
        if decision >= start:
            advice = en.session.hint()
            assert advice is not None
            for lang, table in tables.items():
                table.handle({"type": "hint"})
                text = table.message
                assert table.message_kind == "hint" and text == advice.text(lang), (text, advice)
                opening = first_words(text, lang)
                assert text.count(opening) == 1, f"{game}/{preset} {lang}: {text!r} says {opening!r} twice"
                assert text.count(advice.action.label(lang)) <= 1, text
                assert bool(JAPANESE.search(text)) == (lang == "ja"), text
                if game == "ultimate":
                    check_ultimate(table, lang)
            seen.append(tables["en"].message)
        move = rng.choice([a.code for a in en.session.legal_actions()])
        for table in tables.values():
            table.handle({"type": "play", "code": move})
    return seen


@pytest.mark.parametrize("game", list_games())
def test_hints_say_their_move_once_in_both_languages(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_table, "METER_SECONDS", 0.01)
    seen = []
    for preset in presets(game):
        for players in sorted(set(spec(game).players_for(preset))):
            seen += hints_along_a_line(game, preset, players)
    assert len(seen) >= 5, seen


def test_ultimate_names_the_lead_by_the_contract() -> None:
    """Leading a low card is worded by the contract: a suit besides trumps, any suit in no
    trump, or a trump when only trumps are left (once called a "side suit")."""
    game = make("ultimate", preset="basic", players=4, allow_no_trump=True)
    bot = make_bot("heuristic", game)
    met: dict[str, str] = {}
    for seed in range(40):
        state, rng = game.initial_state(seed), random.Random(seed)
        no_trump = seed % 2 == 0  # every other deal is played in no trump
        while not game.is_terminal(state) and len(met) < 3:
            seat = game.current_player(state)
            obs = game.observe(state, seat)
            advice = advise(bot, obs, game.legal_actions(state), rng)
            action = advice.action
            if no_trump and advice.reason.startswith("ultimate.hint.") and type(action).__name__ == "NameTrump":
                action = game.action_from_code("trump:NT")
            reason = advice.reason.rsplit(".", 1)[1]
            if reason in ("lead_low", "lead_low_no_trump", "lead_only_trumps"):
                suit, trump = SUITS[SUIT[advice.action.card]], obs["trump"]
                hand = obs["players"][seat]["hand"]
                expected = ("lead_low_no_trump" if trump == "NT" else
                            "lead_only_trumps" if all(c[-1] == trump for c in hand) else "lead_low")
                assert reason == expected, (reason, trump, hand)
                assert (suit == trump) == (reason == "lead_only_trumps")
                met.setdefault(reason, advice.text("en"))
            state, _ = game.step(state, action)
    assert set(met) == {"lead_low", "lead_low_no_trump", "lead_only_trumps"}, met
    assert "besides trumps" in met["lead_low"] and "trump" not in met["lead_low_no_trump"]
    assert "only trumps" in met["lead_only_trumps"]
