"""American Page One (アメリカンページワン): a Crazy Eights game with special ranks, calls and
many house rules. Rules: ``rules.py``."""

from tablekit.core.registry import GameSpec
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
from tablekit.games.page_one.bots import HeuristicBot
from tablekit.games.page_one.config import DEFAULT_PRESET, PRESETS, PageOneConfig
from tablekit.games.page_one.encoding import PageOneEncoder
from tablekit.games.page_one.lessons import LESSONS
from tablekit.games.page_one.rules import PageOne, PageOneState, standing
from tablekit.games.page_one.view import round_summary, view_model

SPEC = GameSpec(
    name="page_one",
    game_class=PageOne,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    players=(2, 8),
    view=view_model,
    lessons=LESSONS,
    bots={"heuristic": HeuristicBot},
    deal_prefix="PO",
    deal_letters={"C": "classic", "E": "crazy_eights", "F": "family", "H": "house", "P": "party"},
    ui_options=("decks", "call_mode", "values", "rounds"),
    display_options=("four_colour",),
    round_summary=round_summary,
    standing=standing,
    encoder=PageOneEncoder,
)

__all__ = [
    "CATCH",
    "CHALLENGE",
    "DEFAULT_PRESET",
    "DRAW",
    "JOKER",
    "PASS",
    "PRESETS",
    "SPEC",
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
