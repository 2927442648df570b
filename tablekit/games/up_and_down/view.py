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

from typing import Any, Iterable, Sequence

from tablekit.core.verdict import Event
from tablekit.core.view import card, face, outcome_view, zone
from tablekit.games.up_and_down.actions import SHOT, Play
from tablekit.games.up_and_down.rules import UpAndDown, UpAndDownState
from tablekit.i18n import seat_name, tr

NS = "up_and_down"
PILE_SHOWN = 6


def card_face(code: str, lang: str) -> dict[str, Any]:
    """The face of a card code ('37', 'P', 'T', 'S') with its spoken name."""
    aria = tr(f"{NS}.card.{code}", lang) if code in ("P", "T", "S") else code
    return face(NS, code, aria)


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

    ``controls`` defaults to ``{viewer}``; only those seats' cards become clickable.
    """
    obs = game.observe(state, None if teaching else viewer)
    seats = set(controls) if controls is not None else ({viewer} if viewer is not None else set())
    current = obs["current"]
    my_turn = current is not None and current in seats
    legal = game.legal_actions(state) if my_turn else ()
    playable: dict[str, list[Play]] = {}
    for action in legal:
        playable.setdefault(Play(action.card).code if action.card == SHOT else action.code, []).append(action)

    zones: list[dict[str, Any]] = []
    field = obs["field"]
    pile = obs["pile"][-PILE_SHOWN:]
    zones.append(zone(
        "pile", "field", tr(f"{NS}.label.field", lang),
        value=field if field is not None else tr(f"{NS}.label.field_empty", lang),
        cards=[card(card_face(c, lang), key=f"pile-{len(obs['pile']) - len(pile) + i}") for i, c in enumerate(pile)],
    ))
    zones.append(zone("counter", "stock", tr(f"{NS}.label.stock", lang), value=obs["stock"]))
    if "pot" in obs:
        zones.append(zone("counter", "pot", tr(f"{NS}.label.pot", lang), value=obs["pot"]))
    for p in obs["players"]:
        seat = p["seat"]
        label = seat_name(seat, lang)
        if viewer is not None and seat == viewer:
            label += f" ({tr('core.you', lang)})"
        badges = [tr(f"{NS}.status.{p['status']}", lang), f"{tr(f'{NS}.label.wins', lang)}: {p['wins']}"]
        if "chips" in p:
            badges.append(f"{tr(f'{NS}.label.chips', lang)}: {p['chips']}")
        cards = []
        if p["hand"] is not None:
            for i, code in enumerate(p["hand"]):
                mine = my_turn and seat == current
                actions = playable.get(code, []) if mine else []
                is_shot = code == "S"
                cards.append(card(
                    card_face(code, lang),
                    key=f"{seat}-{code}-{i}",
                    playable=bool(actions),
                    action=None if is_shot or not actions else actions[0].code,
                    targets=[a.target for a in actions if a.target is not None] if is_shot else (),
                ))
        zones.append(zone(
            "hand", f"hand-{seat}", label, owner=seat, cards=cards,
            hidden=0 if p["hand"] is not None else p["hand_count"],
            badges=badges, current=seat == current, viewer=seat == viewer,
            out=p["status"] != "active",
        ))

    outcome = game.outcome(state)
    if outcome is not None:
        prompt = tr(outcome.termination, lang)
    elif my_turn:
        prompt = tr("widgets.table.your_turn", lang, player=current)
    else:
        prompt = tr("core.to_play", lang, player=current)
    direction = tr(f"{NS}.label.clockwise" if obs["direction"] > 0 else f"{NS}.label.counterclockwise", lang)
    mode_label = tr(f"{NS}.label.mode.{obs['mode']}", lang)
    return {
        "game": NS,
        "title": f"{tr(f'{NS}.title', lang)} — {mode_label}",
        "subtitle": f"{tr(f'{NS}.label.game_no', lang)} {obs['game_no']} · {tr(f'{NS}.label.direction', lang)}: {direction}",
        "lang": lang,
        "viewer": viewer,
        "current": current,
        "my_turn": my_turn,
        "teaching": teaching,
        "prompt": prompt,
        "zones": zones,
        "actions": [{"code": a.code, "label": a.label(lang)} for a in legal],
        "log": [e.text(lang) for e in events],
        "over": outcome is not None,
        "outcome": outcome_view(outcome, lang),
    }
