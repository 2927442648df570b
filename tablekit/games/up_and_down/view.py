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
from tablekit.core.game import Game
from tablekit.core.verdict import Event
from tablekit.core.view import (
    face,
    join_sentences,
    last_event,
    revealed_cards,
    revealed_hand,
    round_summary_view,
    standing,
    table_view,
    worked_sum,
    zone,
)
from tablekit.games.up_and_down.actions import SHOT, Play, card_code, card_from_code, is_special
from tablekit.games.up_and_down.rules import (
    END_CANNOT_ANTE,
    END_GAME_LIMIT,
    EV_DEAL,
    EV_GAME_WON,
    EV_MATCH_OVER,
    EV_MISSION_FAILED,
    EV_POT_CARRIED,
    EV_POT_CLAIMED,
    EV_SCORE,
    UpAndDown,
    UpAndDownState,
)
from tablekit.games.up_and_down.state import ACTIVE, FINISHED
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
             # (the newest card of the pile is the one played last)
             cards=[t.static_card(card_face(c, lang), f"pile-{len(obs['pile']) - len(pile) + i}",
                                  "last" if i == len(pile) - 1 else None)
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


# --- the end of a game -------------------------------------------------------------------------
def _label(code: str, lang: str) -> str | None:
    """A card in a worked line: a number speaks for itself (None), a special card by name."""
    return tr(f"{NS}.card.{code}", lang) if code in ("P", "T", "S") else None


def _fit(game: UpAndDown, hand: list[str], field: int, lang: str) -> str:
    """Carry-over: the survivor's claim to the pot, checkable: a card that still fits, or none."""
    cards = [card_from_code(code) for code in hand]
    if not game.config.pot_claim_allows_special:
        cards = [c for c in cards if c <= 100]
    fitting = [c for c in cards if game.can_play((c,), field)]
    if fitting:
        code = card_face(card_code(fitting[0]), lang)["aria"]
        return tr(f"{NS}.summary.fits", lang, card=code, field=field) if field else \
            tr(f"{NS}.summary.fits_empty", lang, card=code)
    return tr(f"{NS}.summary.no_fit", lang, field=field) if field else tr(f"{NS}.summary.no_fit_empty", lang)


def _match_result(game: UpAndDown, over: dict[str, Any], carried: bool, lang: str) -> list[str]:
    """The sentences that end a match: why it ended (when not simply won) and who won it."""
    cfg = game.config
    said: list[str] = []
    winners = over["players"]
    if over["end"] == END_CANNOT_ANTE:
        ante = cfg.inflation_ante if cfg.inflation and carried else cfg.ante
        short = [i for i, c in enumerate(over["chips"]) if c < ante]
        said.append(tr(f"{NS}.summary.cannot_ante", lang, players=short, ante=ante) if short
                    else tr(over["end"], lang))
    elif over["end"] == END_GAME_LIMIT:
        said.append(tr(f"{NS}.summary.game_limit", lang, games=cfg.max_games))
    if cfg.uses_chips:
        net = [c - b for c, b in zip(over["chips"], over["bought"])]
        key = "match_chips" if len(winners) == 1 else "match_chips_tie"
        said.append(tr(f"{NS}.summary.{key}", lang, player=winners[0], players=winners, chips=net[winners[0]]))
        if any(over["bought"]):
            said.append(tr(f"{NS}.summary.net_note", lang))
        if over["pot"]:
            said.append(tr(f"{NS}.summary.pot_left", lang, pot=over["pot"]))
    elif not cfg.single_game:
        key = "match_wins" if len(winners) == 1 else "match_wins_tie"
        said.append(tr(f"{NS}.summary.{key}", lang, player=winners[0], players=winners,
                       wins=over["wins"][winners[0]]))
    return said


def _standings(game: UpAndDown, params: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    if game.config.uses_chips:
        chips, bought = params["chips"], params.get("bought") or [0] * len(params["chips"])
        net = [c - b for c, b in zip(chips, bought)]
        best = max(net)
        return [standing(i, lang, tr(f"{NS}.summary.chips_bought", lang, chips=c, bought=b) if b
                         else tr(f"{NS}.summary.chips", lang, chips=c), n == best)
                for i, (c, b, n) in enumerate(zip(chips, bought, net))]
    wins = params["wins"]
    return [standing(i, lang, tr(f"{NS}.summary.wins", lang, wins=w), w == max(wins)) for i, w in enumerate(wins)]


def _game_summary(game: UpAndDown, events: Sequence[Event], at: int, params: dict[str, Any],
                  lang: str) -> dict[str, Any]:
    """Basic and Carry-over: the game that ended with ``events[at]`` (game won)."""
    cfg = game.config
    rest = events[at + 1 :]
    final = last_event(rest, EV_DEAL) is None
    survivor, number = params["player"], params["game"]
    said = [tr(f"{NS}.summary.survivor", lang, player=survivor, game=number)]
    pot = last_event(rest, (EV_POT_CLAIMED, EV_POT_CARRIED))
    carried = pot is not None and pot[1].code == EV_POT_CARRIED
    if pot is not None:
        key = "pot_carried" if carried else "pot_claimed"
        said.append(tr(f"{NS}.summary.{key}", lang, player=survivor, pot=pot[1].params["pot"]))
    standings_from = params
    over = last_event(rest, EV_MATCH_OVER)
    if final and over is not None:
        said += _match_result(game, over[1].params, carried, lang)
        standings_from = over[1].params
    if cfg.single_game:
        title = tr(f"{NS}.summary.title_single", lang)
    else:
        title = tr(f"{NS}.summary.title_match" if final else f"{NS}.summary.title_game", lang, game=number)
    hands = []
    for seat, codes in enumerate(params["hands"]):
        status = params["status"][seat]
        won = seat == survivor
        badges = [tr(f"{NS}.summary.last_in", lang)] if won else [tr(f"{NS}.status.{status}", lang)]
        worked = tr(f"{NS}.summary.cards_left", lang, count=len(codes)) if codes else tr("core.summary.no_cards", lang)
        score = ""
        if won:
            if cfg.uses_chips:
                worked = _fit(game, codes, params["field"], lang)
                if not carried and pot is not None:
                    score = tr(f"{NS}.summary.plus_chips", lang, chips=pot[1].params["pot"])
            else:
                score = tr(f"{NS}.summary.plus_win", lang)
        hands.append(revealed_hand(seat, lang, revealed_cards(seat, codes, lambda code: card_face(code, lang)),
                                   badges=badges, worked=worked, score=score, winner=won, out=status != ACTIVE))
    return round_summary_view(final=final, title=title, text=join_sentences(said, lang), hands=hands,
                              standings=_standings(game, standings_from, lang))


def _cul_de_sac_summary(game: UpAndDown, event: Event, lang: str) -> dict[str, Any]:
    """Cul-de-sac (and solo): the score challenge is over, or the mission failed."""
    params = event.params
    tiebreak = game.config.special_tiebreak_value

    def points(code: str) -> int:  # a special card counts its tie-break value
        card = card_from_code(code)
        return tiebreak if is_special(card) else card

    hands, status = params["hands"], params["status"]
    players = len(hands)
    finished = [i for i, st in enumerate(status) if st == FINISHED]
    down = [code for i, h in enumerate(hands) if i not in finished for code in h]
    if event.code == EV_MISSION_FAILED:
        title = tr(f"{NS}.summary.title_mission_failed", lang)
        said = [tr(f"{NS}.summary.mission_failed", lang, player=params["player"])]
    else:
        title = tr(f"{NS}.summary.title_challenge", lang)
        said = [tr(f"{NS}.summary.challenge", lang, finished=len(finished), players=players)]
        if down:
            total = sum(points(c) for c in down)
            said.append(tr(f"{NS}.summary.face_down", lang, cards=len(down), total=total))
    revealed = []
    for seat, codes in enumerate(hands):
        done = seat in finished
        if not codes:
            worked = tr("core.summary.no_cards", lang)
        elif event.code == EV_SCORE:
            # The face-down sum that breaks ties between teams of equal score, card by card.
            worked = worked_sum([(_label(c, lang), points(c)) for c in codes])
        else:
            worked = tr(f"{NS}.summary.cards_left", lang, count=len(codes))
        revealed.append(revealed_hand(
            seat, lang, revealed_cards(seat, codes, lambda code: card_face(code, lang)),
            badges=[tr(f"{NS}.status.{status[seat]}", lang)], worked=worked, winner=done,
            out=status[seat] != ACTIVE,
        ))
    standings = [standing(i, lang, tr(f"{NS}.status.{st}", lang), st == FINISHED) for i, st in enumerate(status)]
    return round_summary_view(final=True, title=title, text=join_sentences(said, lang), hands=revealed,
                              standings=standings)


def round_summary(game: Game[Any], events: Sequence[Event], lang: str = "en") -> dict[str, Any] | None:
    """The end of the game that one step's ``events`` ended (None: the step ended none), built
    from the events alone: every hand still held, shown face up; who won the game and why
    (the pot in Carry-over, the team score in Cul-de-sac); the match result when it is over;
    the standings (``core.view.round_summary_view``). Should one step end two games (a new
    deal can end at once when nobody can open), the last one is summarised.

    >>> from tablekit import make
    >>> from tablekit.games.up_and_down.actions import full_deck
    >>> game = make("up_and_down", players=2, single_game=True)
    >>> first = [100, 90, 11, 12, 13, 1, 2, 3, 4, 5]
    >>> s = game.initial_state(0, deck=first + [c for c in full_deck() if c not in first])
    >>> s, events = game.step(s, game.action_from_code("100"))
    >>> summary = round_summary(game, events, "en")
    >>> summary["final"], summary["title"], summary["text"]
    (True, 'The game is over', 'Player 1 is the last player in and wins game 1.')
    >>> [(h["id"], [c["face"]["code"] for c in h["cards"]], h["worked"]) for h in summary["hands"]]
    [('reveal-0', ['6', '11', '12', '13', '90'], '5 cards left'), ('reveal-1', ['1', '2', '3', '4', '5'], '5 cards left')]
    """
    if not isinstance(game, UpAndDown):
        raise TypeError(f"round_summary needs an Up&Down game (got {game!r})")
    found = last_event(events, (EV_GAME_WON, EV_SCORE, EV_MISSION_FAILED))
    if found is None:
        return None
    at, ev = found
    if ev.code == EV_GAME_WON:
        return _game_summary(game, events, at, dict(ev.params), lang)
    return _cul_de_sac_summary(game, ev, lang)
