"""Text rendering: what a seat may see, the open view, both languages, record transcripts."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from tablekit import Match, Record, RecordError, make
from tablekit.i18n import catalog, placeholders, tr
from tablekit.render import card_text, cards_text, render_outcome, render_record, render_state

PRESETS = ["basic", "carry_over", "cul_de_sac", "solo"]


def _hand_parts(text: str, lang: str = "en") -> list[str]:
    """The hand part of every player line, in seat order."""
    label = tr("up_and_down.label.hand", lang)
    value = tr("render.label_value", lang, label=label, value="\x00")
    prefix = value.split("\x00")[0]
    return [re.split(r" \| ", line.split(prefix, 1)[1])[0] for line in text.splitlines() if prefix in line]


def _card_codes(hand: tuple[int, ...]) -> list[str]:
    letters = {101: "P", 102: "T", 103: "S"}
    return [letters.get(c, str(c)) for c in sorted(hand)]


def _random_states(game, seed: int, steps: int = 60):
    """States along a random game (the first one and then every few steps)."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for i in range(steps):
        if i % 5 == 0:
            yield state
        if game.is_terminal(state):
            yield state
            return
        legal = game.legal_actions(state)
        state, _ = game.step(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("preset", ["basic", "carry_over"])
def test_seat_view_never_shows_another_seats_hidden_cards(preset: str, lang: str) -> None:
    game = make("up_and_down", preset=preset, players=4)
    for seed in range(3):
        for state in _random_states(game, seed):
            text = render_state(game, state, lang=lang, seat=0)
            parts = _hand_parts(text, lang)
            assert len(parts) == 4
            own = state.hands[0]
            assert parts[0] == (cards_text("up_and_down", _card_codes(own), lang) if own else tr("render.empty_hand", lang))
            for seat in range(1, 4):
                # only the number of cards, never a card
                assert parts[seat] == tr("render.hidden_hand", lang, n=len(state.hands[seat]))
            # The text depends on nothing seat 0 cannot know: resampling every hidden card
            # (other hands, stock) leaves it unchanged.
            for k in range(3):
                other = game.determinize(state, 0, random.Random(k))
                assert other.hands[1:] != state.hands[1:] or not any(state.hands[1:])
                assert render_state(game, other, lang=lang, seat=0) == text


@pytest.mark.parametrize("preset", PRESETS)
def test_open_view_shows_every_hand(preset: str) -> None:
    game = make("up_and_down", preset=preset, players=4)
    for state in _random_states(game, 5):
        for lang in ("en", "ja"):
            parts = _hand_parts(render_state(game, state, lang=lang, seat=None), lang)
            for seat, part in enumerate(parts):
                hand = state.hands[seat]
                expected = cards_text("up_and_down", _card_codes(hand), lang) if hand else tr("render.empty_hand", lang)
                assert part == expected


def test_hidden_seat_line_and_you_marker() -> None:
    game = make("up_and_down", preset="basic", players=3)
    state = game.initial_state(seed=9)
    text = render_state(game, state, seat=1)
    lines = [line for line in text.splitlines() if "|" in line]
    assert lines[1].startswith("  Player 2 (you) | in the game | hand: ")
    assert lines[0].startswith("> Player 1 | ") and "5 cards (hidden)" in lines[0]
    assert "(you)" not in render_state(game, state, seat=None)
    ja = render_state(game, state, lang="ja", seat=1)
    assert "プレイヤー2(あなた)" in ja and "5枚(非公開)" in ja and "プレイヤー1の番" in ja


def test_cul_de_sac_seat_view_is_open() -> None:
    game = make("up_and_down", preset="cul_de_sac", players=3)
    state = game.initial_state(seed=2)
    parts = _hand_parts(render_state(game, state, seat=0))
    assert parts == [cards_text("up_and_down", _card_codes(h)) for h in state.hands]


def test_special_cards_are_translated() -> None:
    assert card_text("up_and_down", "T", "en") == "Turn"
    assert card_text("up_and_down", "S", "ja") == "ショット"
    assert cards_text("up_and_down", ["5", "P"], "ja") == "5 パス"


def test_public_values_are_labelled() -> None:
    game = make("up_and_down", preset="carry_over", players=3)
    text = render_state(game, game.initial_state(seed=1), seat=0)
    for label in ("Field: empty", "Stock: ", "Pot: 3", "Ante: 1", "Direction: clockwise", "Dealer: Player 3"):
        assert label in text
    assert "chips: 9" in text
    ja = render_state(game, game.initial_state(seed=1), lang="ja", seat=0)
    for label in ("場の数: なし", "ポット: 3", "順番の向き: 時計回り", "チップ: 9"):
        assert label in ja


def test_long_pile_shows_the_latest_cards() -> None:
    game = make("up_and_down", preset="basic", players=2)
    # Find a position with more than 15 cards on the pile (games often end sooner).
    for seed in range(50):
        match = Match(game, seed=seed)
        while len(game.observe(match.state, None)["pile"]) <= 15 and not match.is_over:
            match.play(match.legal_actions()[0])
        if len(game.observe(match.state, None)["pile"]) > 15:
            break
    else:
        raise AssertionError("no seed gave a long pile")
    text = render_state(game, match.state, seat=None)
    assert "the latest 12:" in text


def _finished_record(preset: str, players: int, seed: int, **options) -> Record:
    game = make("up_and_down", preset=preset, players=players, **options)
    match = Match(game, seed)
    rng = random.Random(seed)
    while not match.is_over:
        legal = match.legal_actions()
        match.play(legal[rng.randrange(len(legal))])
    return match.record()


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_render_record_of_every_preset(preset: str, lang: str) -> None:
    record = _finished_record(preset, 3, seed=4)
    text = render_record(record, lang=lang)
    lines = text.splitlines()
    game = record.make_game()
    assert lines[0] == tr("core.record.start", lang, game="@up_and_down.title", preset=preset,
                          players=game.num_players, seed=4)
    moves = [line for line in lines if re.match(r"\d+\. ", line)]
    assert len(moves) == len(record.actions)
    outcome = game.outcome(record.replay())
    assert lines[-1] == tr(outcome.termination, lang)
    assert tr("render.record.result", lang) in lines
    assert render_outcome(outcome, lang) in text
    # every event of every step is narrated
    events = [e.text(lang) for _, _, evs in record.steps() for e in evs]
    assert all(("   " + e) in lines for e in events)


def test_render_record_of_an_unfinished_game() -> None:
    game = make("up_and_down", preset="basic", players=3)
    match = Match(game, seed=1)
    match.play(match.legal_actions()[0])
    text = render_record(match.record())
    assert text.splitlines()[1].startswith("1. Player 1: Play ")
    assert text.endswith("The record stops here; the game is not over (Player 2 to play).")


def test_render_record_refuses_a_bad_record() -> None:
    record = _finished_record("basic", 2, seed=1)
    broken = record.with_actions(record.actions[:3] + ("S9",))
    with pytest.raises(RecordError):
        render_record(broken)


def test_render_outcome_without_winner() -> None:
    from tablekit import Outcome

    text = render_outcome(Outcome("up_and_down.end.mission_failed", (), (0.0, 0.0)), "ja")
    assert text.splitlines() == ["勝者なし", "得点: プレイヤー1: 0、プレイヤー2: 0",
                                 "ミッション失敗: 山札がなくなる前に出せない人が出ました。"]


def test_new_codes_exist_in_both_languages_with_the_same_placeholders() -> None:
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja)
    for code in en:
        if code.startswith(("render.", "cli.", "up_and_down.label.")):
            assert placeholders(en[code]) == placeholders(ja[code]), code


def test_render_imports_only_core_and_i18n() -> None:
    code = (
        "import sys, tablekit.render, tablekit.render.text\n"
        "bad = [m for m in sys.modules if m.startswith(('tablekit.games', 'tablekit.bots', 'tablekit.sim',"
        " 'ipywidgets', 'anywidget', 'plotly', 'pandas'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    import ast
    import inspect

    import tablekit.render.text as text_module

    tree = ast.parse(inspect.getsource(text_module))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert all(m == "__future__" or m in {"typing"} or m.startswith(("tablekit.core", "tablekit.i18n")) for m in modules), modules


def _luminance(hex_colour: str) -> float:
    """WCAG relative luminance of "#rgb" or "#rrggbb"."""
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_up_or_down_band_letters_meet_wcag_aa_contrast():
    import re

    from tablekit.render import svg

    for colour, (ink, letter, _shape) in svg.UP_OR_DOWN_COLOURS.items():
        picture = svg.card_svg({"deck": "up_or_down", "code": "7", "colour": colour, "aria": "7"})
        letter_fill = re.search(rf'fill="(#[0-9a-fA-F]+)"[^>]*>{letter}</text>', picture).group(1)
        lighter, darker = sorted((_luminance(ink), _luminance(letter_fill)), reverse=True)
        ratio = (lighter + 0.05) / (darker + 0.05)
        assert ratio >= 4.5, f"{colour}: letter {letter_fill} on {ink} has contrast {ratio:.2f}"
