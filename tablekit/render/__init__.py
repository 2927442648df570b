"""Pure rendering of games for people: text now (SVG belongs here too).

Imports only ``tablekit.core`` and ``tablekit.i18n``, never ``tablekit.games``.

>>> from tablekit import make
>>> game = make("up_and_down", preset="cul_de_sac", players=3)
>>> "5 cards (hidden)" in render_state(game, game.initial_state(seed=2), seat=0)
False
"""

from tablekit.render.text import (
    card_text,
    cards_text,
    render_observation,
    render_outcome,
    render_record,
    render_state,
)

__all__ = [
    "card_text",
    "cards_text",
    "render_observation",
    "render_outcome",
    "render_record",
    "render_state",
]
