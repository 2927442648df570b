"""American Page One (アメリカンページワン): a Crazy Eights game with special ranks, calls and
many house rules. Rules: ``rules.py``."""

from tablekit.games.page_one.actions import (
    CATCH,
    CHALLENGE,
    DRAW,
    JOKER,
    PASS,
    Catch,
    Challenge,
    Draw,
    NameSuit,
    Pass,
    Play,
    card_code,
    card_from_code,
    from_code,
)
from tablekit.games.page_one.config import DEFAULT_PRESET, PRESETS, PageOneConfig
from tablekit.games.page_one.rules import PageOne, PageOneState

GAME_CLASS = PageOne

__all__ = [
    "CATCH",
    "CHALLENGE",
    "DEFAULT_PRESET",
    "DRAW",
    "GAME_CLASS",
    "JOKER",
    "PASS",
    "PRESETS",
    "Catch",
    "Challenge",
    "Draw",
    "NameSuit",
    "PageOne",
    "PageOneConfig",
    "PageOneState",
    "Pass",
    "Play",
    "card_code",
    "card_from_code",
    "from_code",
]
