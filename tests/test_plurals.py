"""Plural forms: no English text may say "1 cards", "1 points", "1 games" or "1 chips".

Every English template is rendered with each of its parameters set to 1 and then to 2; a number
followed by a noun of the wrong number fails the test, so a new text written "{count} cards"
(instead of ``{count!n:# card|# cards}``) is caught the day it is added. Japanese has no plural:
its templates are rendered too, to make sure the ``!n`` mechanism never breaks them.
"""

from __future__ import annotations

import re
import string
from typing import Any

import numpy as np
import pytest

from tablekit.i18n import LANGUAGES, catalog, plural, render, tr

SINGULARS = ("card", "point", "chip", "game", "win", "move", "player", "success", "stays")
PLURALS = ("cards", "points", "chips", "games", "wins", "moves", "players", "successes", "stay")
# "1 cards" / "+1 points" / "−1 points", but not "11 cards" or "2.1 wins"
PLURAL_AFTER_ONE = re.compile(r"(?<![\d.,])[-−+]?1 (?:[a-z-]+ )?(?:" + "|".join(PLURALS) + r")\b")
# "2 card" / "2 game win", but not "a 2 card" (a card of rank 2) or "2 game wins"
SINGULAR_AFTER_TWO = re.compile(r"(?<![\d.,])(?<!a )2 (?:[a-z-]+ )?(?:" + "|".join(SINGULARS) + r")\b(?! win)")


def sample_params(template: str, number: int) -> dict[str, Any]:
    """Every parameter of ``template`` set to ``number`` (a list of seats for ``!l``)."""
    params: dict[str, Any] = {}
    for _, name, _, conversion in string.Formatter().parse(template):
        if name:
            params[name] = [number] if conversion == "l" else number
    return params


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_renders_with_numbers(lang: str) -> None:
    for code, template in catalog(lang).items():
        for number in (0, 1, 2):
            text = render(template, lang, **sample_params(template, number))
            assert "{" not in text.replace("{{", ""), code


def test_no_english_text_says_one_cards() -> None:
    wrong = {}
    for code, template in catalog("en").items():
        for number, pattern in ((1, PLURAL_AFTER_ONE), (2, SINGULAR_AFTER_TWO)):
            text = render(template, "en", **sample_params(template, number))
            if pattern.search(text):
                wrong[code] = text
    assert not wrong, wrong


def test_the_checks_above_would_catch_a_regression() -> None:
    # The test is only as good as its patterns: they flag the mistakes this file is about.
    for bad in ("Player 2 draws 1 cards.", "(+1 points)", "1 game wins", "1 chips", "−1 points", "1 successes",
                "1 penalty cards", "1 cards stay face down"):
        assert PLURAL_AFTER_ONE.search(bad), bad
    assert SINGULAR_AFTER_TWO.search("draws 2 card.") and SINGULAR_AFTER_TWO.search("with 2 game win.")
    for good in ("draws 1 card.", "11 cards", "2.1 wins", "draws 2 cards", "the 2-card penalty", "2 game wins",
                 "must play a 2 card"):
        assert not PLURAL_AFTER_ONE.search(good) and not SINGULAR_AFTER_TWO.search(good), good


def test_plural_forms() -> None:
    assert [tr("page_one.view.cards", "en", count=k) for k in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [tr("page_one.view.cards", "ja", count=k) for k in (1, 2)] == ["1枚", "2枚"]
    assert tr("page_one.event.round_over", "en", round=1, players=[0], points=1).endswith("(+1 point).")
    assert tr("page_one.hint.take_penalty", "en", count=1) == "You cannot answer it: draw the card."
    assert tr("up_and_down.event.paid", "en", player=0, payee=1, amount=1) == "Player 1 pays 1 chip to Player 2."
    # numpy counts (the statistics tables) and preformatted numbers choose forms like ints.
    assert plural(np.int64(1), "# game|# games") == "1 game"
    assert plural("1", "# win|# wins") == "1 win" and plural("2.33", "# win|# wins") == "2.33 wins"
    assert plural("?", "# player|# players") == "? players" and plural("1.0", "# move|# moves") == "1.0 moves"
    # A single form is used for every number; Japanese always takes the last form.
    assert plural(1, "#枚", "ja") == "1枚" and plural(1, "# card|# cards", "ja") == "1 cards"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="lang must be one of en, ja"):
        render("{n!n:# card|# cards}", "fr", n=1)
