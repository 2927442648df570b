"""Both catalogs have the same keys and placeholders, and cover every code the engine emits."""

from __future__ import annotations

import re

import pytest

from tablekit import list_games, make, tr
from tablekit.i18n import LANGUAGES, catalog, placeholders, seat_name

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_same_keys_in_every_language() -> None:
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja), sorted(set(en) ^ set(ja))


def test_same_placeholders_in_every_language() -> None:
    en, ja = catalog("en"), catalog("ja")
    for code in en:
        assert placeholders(en[code]) == placeholders(ja[code]), code


def test_no_empty_text_and_japanese_is_japanese() -> None:
    for code, text in catalog("ja").items():
        assert text.strip(), code
        words = re.sub(r"\{[^}]*\}", "", text)  # placeholders are not text
        assert JAPANESE.search(words) or not re.search("[A-Za-z]{4,}", words), code
    assert all(text.strip() for text in catalog("en").values())


@pytest.mark.parametrize("name", list_games())
def test_every_engine_code_has_text(name: str) -> None:
    game = make(name)
    for lang in LANGUAGES:
        missing = sorted(code for code in game.codes() if code not in catalog(lang))
        assert not missing, f"{lang}: {missing}"


def test_seat_names_and_nested_codes() -> None:
    assert seat_name(0, "en") == "Player 1"
    assert seat_name(6, "ja") == "プレイヤー7"
    assert tr("up_and_down.action.shot", "en", target=2) == "Play Shot on Player 3"
    assert tr("up_and_down.hint.lifeline", "en", card="@up_and_down.card.P").endswith("(Pass) as your lifeline.")
    assert tr("up_and_down.event.match_over", "ja", players=[0, 2]) == "対戦終了。勝者: プレイヤー1、プレイヤー3"


def test_unknown_language_and_unknown_code() -> None:
    with pytest.raises(ValueError, match="lang must be one of en, ja"):
        tr("core.seat", "fr", n=1)
    assert tr("no.such.code") == "no.such.code"
