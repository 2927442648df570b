"""The American Page One view-model: what one seat sees, as zones for ``PlayTable`` (JSON-ready).

Built only from ``game.observe(state, viewer)`` and the legal actions, so it never holds a card
the viewer may not see (other hands are face-down counts unless ``teaching`` opens them).

A card in the hand of a seat the person at the screen plays carries the action to send when it
is clicked, or, when playing it needs a decision (the suit after an Eight or a joker, the
"Page One"/"Stop" call, several cards of one rank at once), a list of ``choices`` ({code,
label}) offered after the click. Moves that are not a card (draw, keep the drawn card, pass,
catch a missed call, challenge a joker, name the starter's suit) are ``buttons``. A card offers
at most ``MULTI_SHOWN`` plays of several cards; when a hand holds more, a list picker offers
every play of several cards (each named card by card).

>>> from tablekit import make
>>> game = make("page_one", preset="classic", players=2)
>>> vm = view_model(game, game.initial_state(3), viewer=0)
>>> [z["id"] for z in vm["zones"]][:4]
['pile', 'suit', 'stock', 'direction']
>>> hand = vm["zones"][-1]
>>> hand["id"], hand["cards"], hand["hidden"]
('hand-1', [], 7)
>>> [c["action"] for c in vm["zones"][-2]["cards"] if c["playable"]]
['3S', '4S', 'KS', 'AD']
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from tablekit.core.actions import Action
from tablekit.core.game import Game
from tablekit.core.verdict import Event
from tablekit.core.view import (
    join_sentences,
    last_event,
    list_picker,
    revealed_cards,
    revealed_hand,
    round_summary_view,
    signed,
    standing,
    table_view,
    worked_sum,
    zone,
)
from tablekit.games.page_one.actions import JOKER_CODE, Draw, Pass, Play, card_from_code, card_param
from tablekit.games.page_one.codes import (
    END_ALL_OUT,
    END_OUT,
    END_STALLED,
    EV_DEAL,
    EV_ROUND_OVER,
    EV_STALLED,
)
from tablekit.games.page_one.rules import PageOne, PageOneState
from tablekit.i18n import has, seat_name, tr
from tablekit.render.svg import standard_face

NS = "page_one"
PILE_SHOWN = 4  # the top card and the few under it
MULTI_SHOWN = 6  # at most this many several-cards plays offered per card (the single plays always)


def card_face(code: str, lang: str, four_colour: bool = False) -> dict[str, Any]:
    """The face of a card code ('7H', 'TD', 'JK') with its spoken name."""
    return standard_face(code, lang, four_colour)


def _suit_text(obs: dict[str, Any], game: PageOne, lang: str) -> str:
    """The suit to follow, symbol and word; '(named)' when a wild card named it."""
    text = tr(f"{NS}.label.suit.{obs['suit']}", lang)
    top = obs["top"]
    wild = top == JOKER_CODE or top[0] in game.config.wild_ranks
    if wild or top[1:] != obs["suit"]:
        text = tr(f"{NS}.view.named", lang, suit=text)
    return text


def _button_label(action: Action, obs: dict[str, Any], lang: str) -> str:
    if isinstance(action, Pass):
        if obs["phase"] == "drawn":
            return tr(f"{NS}.view.keep", lang)
        if obs["exposed"] is not None:
            # "(X is out)" only when the player who missed the call has gone out.
            out = obs["players"][obs["exposed"]]["hand_count"] == 0
            return tr(f"{NS}.view.let_go" if out else f"{NS}.view.let_go_plain", lang, player=obs["exposed"])
    if isinstance(action, Draw) and obs["pending"]:
        return tr(f"{NS}.view.draw_penalty", lang, count=obs["pending"])
    return action.label(lang)


def _choice_of(lang: str) -> Callable[[Action], dict[str, Any]]:
    """A play as a way to use its card: a play of several cards names them all, bottom first
    (two such plays with the same top card differ only in the cards under it)."""
    def of(action: Action) -> dict[str, Any]:
        label = action.label(lang)
        if isinstance(action, Play) and action.under:
            cards = " ".join(tr(card_param(c)[1:], lang) for c in action.cards)
            label = tr(f"{NS}.view.group_cards", lang, play=label, cards=cards)
        return {"code": action.code, "label": label}
    return of


def _card_of(action: Action) -> str | None:
    """The hand card a play lays down last (its own card; the others go under it), else None."""
    if isinstance(action, Play):
        return action.code.split(":")[0].rstrip("!").split("+")[-1]
    return None


def view_model(
    game: PageOne,
    state: PageOneState,
    viewer: int | None,
    lang: str = "en",
    controls: Iterable[int] | None = None,
    events: Sequence[Event] = (),
    teaching: bool = False,
    four_colour: bool = False,
) -> dict[str, Any]:
    """The view-model of ``state`` as ``viewer`` sees it (``teaching``: the open view).

    ``controls`` defaults to ``{viewer}``; only those seats' cards and buttons can be used.
    """
    t = table_view(game, state, viewer, lang, controls, teaching, card_of=_card_of)
    obs = t.obs
    zones: list[dict[str, Any]] = []
    pile = obs["pile"][-PILE_SHOWN:]
    suit_text = _suit_text(obs, game, lang)
    zones.append(zone(
        "pile", "pile", tr(f"{NS}.label.pile", lang), value=suit_text,
        # The top card was played last, unless nobody has played yet this round (the starter).
        cards=[t.static_card(card_face(c, lang, four_colour), f"pile-{len(obs['pile']) - len(pile) + i}",
                             "last" if i == len(pile) - 1 and obs["last_player"] is not None else None)
               for i, c in enumerate(pile)],
    ))
    zones.append(zone("counter", "suit", tr(f"{NS}.label.suit", lang), value=suit_text))
    zones.append(zone("counter", "stock", tr(f"{NS}.label.stock", lang), value=obs["stock"]))
    arrow = "↻ " if obs["direction"] > 0 else "↺ "
    zones.append(zone("counter", "direction", tr(f"{NS}.label.direction", lang), value=arrow + tr(
        f"{NS}.label.clockwise" if obs["direction"] > 0 else f"{NS}.label.counterclockwise", lang)))
    if obs["pending"]:
        zones.append(zone("counter", "pending", tr(f"{NS}.label.pending", lang),
                          value=tr(f"{NS}.view.penalty", lang, count=obs["pending"])))
    if obs["exposed"] is not None:
        zones.append(zone("counter", "exposed", tr(f"{NS}.label.exposed", lang),
                          value=seat_name(obs["exposed"], lang)))
    if obs["challenge"] is not None:
        zones.append(zone("counter", "challenge", tr(f"{NS}.label.challenge", lang),
                          value=seat_name(obs["challenge"], lang)))

    def badges(p: Mapping[str, Any]) -> list[str]:
        out = [tr(f"{NS}.status.{p['status']}", lang), tr(f"{NS}.view.cards", lang, count=p["hand_count"]),
               f"{tr(f'{NS}.label.score', lang)}: {p['score']}"]
        if p["seat"] == obs["dealer"]:
            out.append(tr(f"{NS}.label.dealer", lang))
        return out

    def offer(actions: list[Action]) -> list[Action]:
        # The single-card plays always; at most MULTI_SHOWN plays of several cards.
        singles: list[Action] = [a for a in actions if isinstance(a, Play) and not a.under]
        return singles + [a for a in actions if isinstance(a, Play) and a.under][:MULTI_SHOWN]

    choice_of = _choice_of(lang)
    groups = [a for a in t.legal if isinstance(a, Play) and a.under]
    pickers = []
    if any(sum(1 for a in actions if isinstance(a, Play) and a.under) > MULTI_SHOWN for actions in t.plays.values()):
        pickers.append(list_picker("group", tr(f"{NS}.view.group_picker", lang), [choice_of(a) for a in groups],
                                   submit=tr(f"{NS}.view.group_submit", lang)))
    drawn = obs["drawn"] if obs["phase"] == "drawn" else None
    zones += t.hands(lambda code: card_face(code, lang, four_colour), badges=badges,
                     is_out=lambda p: p["status"] != "playing", offer=offer, choice_of=choice_of,
                     mark=lambda seat, code: "received" if t.my_turn and seat == t.current and code == drawn else None)

    current = t.current
    if t.outcome is None and t.my_turn and obs["phase"] == "drawn" and drawn is not None:
        prompt = tr(f"{NS}.view.drawn_prompt", lang, player=current, card=card_param(card_from_code(drawn)))
    elif t.outcome is None and t.my_turn and not t.plays:
        prompt = tr(f"{NS}.view.your_turn_buttons", lang, player=current)
    else:
        prompt = t.prompt()
    preset = f"{NS}.label.mode.{game.preset}"
    title = tr(f"{NS}.title", lang)
    if has(preset, lang):
        title += f" — {tr(preset, lang)}"
    return t.view(
        zones,
        title=title,
        subtitle=f"{tr(f'{NS}.label.game_no', lang)} {obs['game_no']} · {tr(f'{NS}.label.dealer', lang)}: "
                 f"{seat_name(obs['dealer'], lang)}",
        prompt=prompt,
        events=events,
        button_label=lambda action: _button_label(action, obs, lang),
        pickers=pickers,
        four_colour_option=True,
    )


# --- the end of a round ------------------------------------------------------------------------
def _card_label(code: str, lang: str) -> str:
    """'K♠' ('♠K' in Japanese), 'Joker'."""
    return tr(card_param(card_from_code(code))[1:], lang)


def _marked(codes: Sequence[str], drawn: Sequence[str]) -> list[int]:
    """The positions in ``codes`` of the cards ``drawn`` (each drawn card marks one position)."""
    marks: list[int] = []
    for code in drawn:
        marks.append(next(i for i, c in enumerate(codes) if c == code and i not in marks))
    return marks


def _round_text(params: dict[str, Any], events: Sequence[Event], lang: str) -> list[str]:
    """Who won the round and why, sentence by sentence."""
    winners, scores, hands, end = params["players"], params["scores"], params["hands"], params["end"]
    if end == END_OUT:
        return [tr(f"{NS}.summary.out", lang, player=winners[0], points=scores[winners[0]])]
    if end == END_ALL_OUT:
        first = winners[0]
        # The last player holding cards (who pays the first one out).
        last = next((i for i, h in enumerate(hands) if h and i != first), min(range(len(scores)), key=scores.__getitem__))
        return [tr(f"{NS}.summary.all_out", lang, player=first, points=scores[first], last=last)]
    # Blocked or stopped at the move limit: the lowest hand wins (tied winners share).
    if end == END_STALLED:
        found = last_event(events, EV_STALLED)
        intro = tr(f"{NS}.summary.stalled", lang, turns=found[1].params["turns"] if found else "?")
    else:
        intro = tr(f"{NS}.summary.blocked", lang)
    value = params["values"][winners[0]]
    points = sum(scores[w] for w in winners)
    if len(winners) == 1:
        return [intro, tr(f"{NS}.summary.lowest", lang, player=winners[0], value=value, points=points)]
    return [intro, tr(f"{NS}.summary.lowest_tie", lang, players=winners, value=value, points=points)]


def round_summary(game: Game[Any], events: Sequence[Event], lang: str = "en",
                  four_colour: bool = False) -> dict[str, Any] | None:
    """The end of the round that one step's ``events`` ended (None: the step ended none), built
    from the round-over event alone: every hand revealed with its value worked out card by card,
    each seat's score for the round, who won and why, and the match totals
    (``core.view.round_summary_view``).

    >>> from tablekit import make
    >>> from tablekit.games.page_one.actions import card_from_code as c
    >>> game = make("page_one", players=2, hand_size=4)
    >>> deck = [c(x) for x in ["JH", "JD", "JS", "JC", "8S", "KH", "AD", "5C", "7H"]]
    >>> deck += [x for x in game.rules.deck if x not in deck]
    >>> s = game.initial_state(0, deck=deck, dealer=1)
    >>> for code in ["JH", "JD", "JS!", "JC!"]:
    ...     s, events = game.step(s, game.action_from_code(code))
    >>> summary = round_summary(game, events, "en")
    >>> summary["final"], summary["title"], summary["text"]
    (True, 'The round is over', 'Player 1 went out first and takes 66 points.')
    >>> [(h["worked"], h["score"]) for h in summary["hands"]]
    [('No cards left', '+66'), ('8♠ 50 + K♥ 10 + A♦ 1 + 5♣ 5 = 66', '−66')]
    """
    if not isinstance(game, PageOne):
        raise TypeError(f"round_summary needs a Page One game (got {game!r})")
    found = last_event(events, EV_ROUND_OVER)
    if found is None:
        return None
    at, ev = found
    params = ev.params
    cfg = game.config
    # The next round is dealt within the same step; no deal after the round-over: it was the last.
    final = last_event(events[at + 1 :], EV_DEAL) is None
    winners, scores, totals, hands = params["players"], params["scores"], params["totals"], params["hands"]
    penalty = params["penalty"]
    said = _round_text(params, events, lang)
    if penalty:
        said.append(tr(f"{NS}.summary.final_penalty", lang, player=penalty["player"], count=len(penalty["cards"])))
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if final and cfg.rounds > 1:
        if len(leaders) == 1:
            said.append(tr(f"{NS}.summary.match_winner", lang, player=leaders[0], points=best))
        else:
            said.append(tr(f"{NS}.summary.match_tie", lang, players=leaders, points=best))
    if cfg.rounds == 1:
        title = tr(f"{NS}.summary.title_single", lang)
    else:
        title = tr(f"{NS}.summary.title_match" if final else f"{NS}.summary.title_round", lang, round=params["round"])
    value = game.rules.value
    revealed = []
    for seat, codes in enumerate(hands):
        drawn = penalty["cards"] if penalty and penalty["player"] == seat else []
        cards = revealed_cards(seat, codes, lambda code: card_face(code, lang, four_colour), _marked(codes, drawn))
        if seat in winners:
            badges = [tr("core.summary.winner", lang)]
        elif not codes:
            badges = [tr(f"{NS}.status.out", lang)]  # play_on: went out, but not first
        else:
            badges = []
        if codes:
            badges.append(tr(f"{NS}.view.cards", lang, count=len(codes)))
        worked = worked_sum([(_card_label(code, lang), value[card_from_code(code)]) for code in codes])
        revealed.append(revealed_hand(
            seat, lang, cards, badges=badges, worked=worked or tr("core.summary.no_cards", lang),
            score=signed(scores[seat]), winner=seat in winners, out=not codes and seat not in winners,
        ))
    standings = [standing(seat, lang, signed(total), total == best) for seat, total in enumerate(totals)]
    return round_summary_view(final=final, title=title, text=join_sentences(said, lang), hands=revealed,
                              standings=standings)
