"""The Up&Down view-model: what one seat sees, as zones for ``PlayTable`` (JSON-ready).

Built only from ``game.observe(state, viewer)`` and the legal actions, so it can never hold a
card the viewer may not see. ``controls`` are the seats the person at the screen plays (one
seat, or every seat in solo); their playable cards carry the action to send.

>>> from tablekit import make
>>> game = make("up_and_down", players=3)
>>> vm = view_model(game, game.initial_state(3), viewer=0)
>>> [z["id"] for z in vm["zones"]][:3]
['field', 'stock', 'hand-0']
>>> vm["zones"][3]["cards"] == [] and vm["zones"][3]["hidden"] == 5
True
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from tablekit.core.actions import Action
from tablekit.core.verdict import Event
from tablekit.core.view import face, table_view, zone
from tablekit.games.up_and_down.actions import SHOT, Play
from tablekit.games.up_and_down.rules import UpAndDown, UpAndDownState
from tablekit.i18n import tr

NS = "up_and_down"
PILE_SHOWN = 6


def card_face(code: str, lang: str) -> dict[str, Any]:
    """The face of a card code ('37', 'P', 'T', 'S') with its spoken name."""
    aria = tr(f"{NS}.card.{code}", lang) if code in ("P", "T", "S") else code
    return face(NS, code, aria)


def _card_of(action: Action) -> str:
    # Every Shot (one action per player it may name) is played from the hand's "S" card.
    assert isinstance(action, Play)
    return Play(action.card).code if action.card == SHOT else action.code


def view_model(
    game: UpAndDown,
    state: UpAndDownState,
    viewer: int | None,
    lang: str = "en",
    controls: Iterable[int] | None = None,
    events: Sequence[Event] = (),
    teaching: bool = False,
) -> dict[str, Any]:
    """The view-model of ``state`` as ``viewer`` sees it (``teaching``: the open view).

    ``controls`` defaults to ``{viewer}``; only those seats' cards become clickable. A Shot
    offers one choice per player it may name, each clickable on that player's hand.
    """
    t = table_view(game, state, viewer, lang, controls, teaching, card_of=_card_of)
    obs = t.obs
    field = obs["field"]
    pile = obs["pile"][-PILE_SHOWN:]
    zones = [
        zone("pile", "field", tr(f"{NS}.label.field", lang),
             value=field if field is not None else tr(f"{NS}.label.field_empty", lang),
             cards=[t.static_card(card_face(c, lang), f"pile-{len(obs['pile']) - len(pile) + i}")
                    for i, c in enumerate(pile)]),
        zone("counter", "stock", tr(f"{NS}.label.stock", lang), value=obs["stock"]),
    ]
    if "pot" in obs:
        zones.append(zone("counter", "pot", tr(f"{NS}.label.pot", lang), value=obs["pot"]))

    def badges(p: Mapping[str, Any]) -> list[str]:
        out = [tr(f"{NS}.status.{p['status']}", lang), f"{tr(f'{NS}.label.wins', lang)}: {p['wins']}"]
        if "chips" in p:
            out.append(f"{tr(f'{NS}.label.chips', lang)}: {p['chips']}")
        return out

    def shot_choice(action: Action) -> dict[str, Any]:
        if not isinstance(action, Play) or action.target is None:
            return {"label": action.label(lang)}
        return {"label": action.label(lang), "zone": f"hand-{action.target}", "at": action.target}

    zones += t.hands(lambda code: card_face(code, lang), badges=badges,
                     is_out=lambda p: p["status"] != "active", choice_of=shot_choice)
    direction = tr(f"{NS}.label.clockwise" if obs["direction"] > 0 else f"{NS}.label.counterclockwise", lang)
    mode_label = tr(f"{NS}.label.mode.{obs['mode']}", lang)
    return t.view(
        zones,
        title=f"{tr(f'{NS}.title', lang)} — {mode_label}",
        subtitle=f"{tr(f'{NS}.label.game_no', lang)} {obs['game_no']} · {tr(f'{NS}.label.direction', lang)}: {direction}",
        events=events,
    )
