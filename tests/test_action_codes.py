"""Action codes are parsed with ASCII digits only, in every game (registry-driven).

``str.isdigit`` takes "²" (then ``int`` fails with a bare ValueError) and ``int`` reads "٣" as 3:
a code written with any digit other than ASCII 0-9 must be refused with InvalidActionError,
never a ValueError, and never read as another action.
"""

from __future__ import annotations

import random

import pytest

from tablekit.core.actions import whole_number
from tablekit.core.errors import InvalidActionError
from tablekit.core.registry import list_games, make, presets

#: Digits that are not ASCII: superscript two, full-width one, Arabic-Indic three, Devanagari
#: three, mathematical bold seven.
OTHER_DIGITS = ("²", "１", "٣", "३", "𝟕")

#: Codes an independent check tried by hand, and more of the same kind, per game.
EXAMPLES = {
    "up_and_down": ["²", "٣", "1٣", "S²", "S٣", "１０"],
    "up_or_down": ["play:²", "play:٣", "take:²", "take:１", "col:²", "col:٣", "abandon:²", "remove:³", "²"],
    "ultimate": ["bid:²", "bid:٣", "bid:１５"],
    "narabe_runo": ["play:R7:0,0>²,0", "play:R7:0,0>-²,0", "play:R7:٣,0>1,0", "play:R7:0,0>1,０"],
    "page_one": ["²H", "٣S", "name:²"],
}


def _codes_with_digits(game_name: str, moves: int = 60) -> set[str]:
    """Legal action codes holding a digit, met along random lines of every preset."""
    found: set[str] = set()
    rng = random.Random(7)
    for preset in presets(game_name):
        game = make(game_name, preset=preset)
        state = game.initial_state(rng.randrange(1000))
        for _ in range(moves):
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state)
            found |= {a.code for a in legal if any(ch.isdigit() for ch in a.code)}
            state, _ = game.step(state, rng.choice(legal))
    return found


def test_whole_number_takes_ascii_digits_only() -> None:
    assert [whole_number(t) for t in ("0", "7", "100")] == [0, 7, 100]
    for text in ("²", "٣", "１", "３７", "07", "+7", "7 ", "", "-1", "9" * 19, "9" * 5000):
        assert whole_number(text) is None, text
    assert whole_number("-12", signed=True) == -12
    for text in ("-0", "-٣", "--1", "-"):
        assert whole_number(text, signed=True) is None, text


def test_every_game_has_examples() -> None:
    assert set(EXAMPLES) == set(list_games())


@pytest.mark.parametrize("game_name", list_games())
def test_hand_written_codes_with_other_digits_are_invalid(game_name: str) -> None:
    game = make(game_name)
    for code in EXAMPLES[game_name]:
        with pytest.raises(InvalidActionError):
            game.action_from_code(code)


@pytest.mark.parametrize("game_name", list_games())
def test_every_digit_of_a_legal_code_swapped_for_another_digit_is_invalid(game_name: str) -> None:
    game = make(game_name)
    codes = _codes_with_digits(game_name)
    assert codes, "no action code with a digit was met"
    for code in sorted(codes):
        assert game.action_from_code(code).code == code  # the real code parses back to itself
        for i, ch in enumerate(code):
            if not ch.isdigit():
                continue
            for other in OTHER_DIGITS:
                forged = code[:i] + other + code[i + 1:]
                with pytest.raises(InvalidActionError):
                    game.action_from_code(forged)


@pytest.mark.parametrize("game_name", list_games())
def test_very_long_numbers_are_invalid_not_a_crash(game_name: str) -> None:
    game = make(game_name)
    for code in ("9" * 5000, "play:" + "9" * 5000, "bid:" + "9" * 5000, "S" + "9" * 5000,
                 "play:R7:0,0>" + "9" * 5000 + ",0"):
        with pytest.raises(InvalidActionError):
            game.action_from_code(code)
