"""The Ultimate view-model: what one seat sees, as zones for ``PlayTable`` (JSON-ready).

Built only from ``game.observe(state, viewer)`` and the legal actions (``core.view.table_view``),
so it never holds a card the viewer may not see: other hands are face-down counts, the kitty,
the leftovers and (except for the declarer) the discards are counters, won tricks are counts,
the partner is named only once the called card is played and the declarer's running points
only with ``show_running_points``. Teaching mode opens the view (``observe(state, None)``).

The phases as the table shows them:

* the auction: each seat's latest bid or "dropped out" as a badge, the high bid and its holder,
  the latest bids in order, quick bid buttons for a few legal bids (the lowest legal bid, the
  next two, a few round jumps) plus "drop out" when it is legal, and a number picker bounded to
  the legal bids for any other;
* the exchange: the declarer's hand with the kitty cards marked; clicking a card discards it,
  and a counter says how many of the five are discarded;
* naming trumps: one button per legal trump, with how many cards of that suit the hand holds;
* the partner call: buttons for the two strongest cards of each suit the declarer does not hold
  (and "play alone" by calling one's own card, where the table allows it), and a list picker
  of every card that may be called;
* the tricks: the current trick one card per seat with the leader marked, the last completed
  trick with its winner, tricks won and "no ♠" marks as badges on each seat.

>>> from tablekit.games.ultimate import PRESETS, Ultimate
>>> game = Ultimate(PRESETS["basic"], "basic")
>>> vm = view_model(game, game.initial_state(3, dealer=0), viewer=0)
>>> [b["code"] for b in vm["buttons"]]
['bid:1', 'bid:2', 'bid:3', 'bid:5', 'bid:10', 'bid:15', 'bid:20', 'pass']
>>> [(p["id"], p["min"], p["max"], p["code"], p["submit"]) for p in vm["pickers"]]
[('bid', 1, 60, 'bid:{n}', 'Bid {n}')]
>>> [z["id"] for z in vm["zones"] if z["kind"] == "hand"], vm["zones"][-1]["hidden"]
(['hand-0', 'hand-1', 'hand-2', 'hand-3'], 11)
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from tablekit.core.actions import Action
from tablekit.core.cards import SUIT_SYMBOLS, SUITS, card_label, rank_of
from tablekit.core.game import Game
from tablekit.core.verdict import Event
from tablekit.core.view import (
    PICKER_SLOT,
    TableView,
    card,
    join_sentences,
    last_event,
    list_picker,
    number_picker,
    revealed_hand,
    revealed_pile,
    round_summary_view,
    signed,
    standing,
    table_view,
    winner_sentence,
    trick_zone,
    worked_sum,
    zone,
)
from tablekit.games.ultimate import codes as K
from tablekit.games.ultimate.actions import (
    STRENGTH,
    Bid,
    CallPartner,
    Discard,
    NameTrump,
    Pass,
    Play,
    card_code,
)
from tablekit.games.ultimate.rules import Ultimate, UltimateState
from tablekit.i18n import has, tr
from tablekit.render.svg import standard_face

NS = K.NS
V = f"{NS}.view"
BID_NEXT = 3  # the lowest legal bid and the next ones, always offered
BID_JUMP = 5  # then round numbers, this far apart
BID_JUMPS = 4  # and at most this many of them
CALLS_PER_SUIT = 2  # partner-call buttons: the strongest cards of each suit the declarer lacks
RECENT_BIDS = 4  # the latest bids written out in the auction counter


def card_face(code: str, lang: str, four_colour: bool = False) -> dict[str, Any]:
    """The face of a card code ('7H', 'TD') with its spoken name."""
    return standard_face(code, lang, four_colour)


def suit_text(suit: str | None, lang: str) -> str:
    """'♠ spades', 'No trump' ('NT'), or 'not named yet' (None).

    >>> suit_text("S", "en"), suit_text("NT", "en"), suit_text(None, "ja")
    ('♠ spades', 'No trump', 'まだ決まっていません')
    """
    if suit is None:
        return tr(f"{V}.not_yet", lang)
    if suit == "NT":
        return tr(f"{NS}.action.no_trump", lang)
    return f"{SUIT_SYMBOLS[suit]} {tr(f'cards.suit.{suit}', lang)}"


def offered_bids(low: int, high: int) -> list[int]:
    """The bids offered as buttons when ``low``..``high`` are legal: the lowest few, then up to
    ``BID_JUMPS`` multiples of ``BID_JUMP`` above them.

    >>> offered_bids(1, 60), offered_bids(23, 60), offered_bids(58, 60), offered_bids(60, 60)
    ([1, 2, 3, 5, 10, 15, 20], [23, 24, 25, 30, 35, 40, 45], [58, 59, 60], [60])
    """
    first = [b for b in range(low, low + BID_NEXT) if b <= high]
    start = (low + BID_NEXT + BID_JUMP - 1) // BID_JUMP * BID_JUMP
    jumps = [b for b in range(start, high + 1, BID_JUMP) if b not in first][:BID_JUMPS]
    return first + jumps


def _card_of(action: Action) -> str | None:
    """The hand card a play or a discard uses (clicking it sends the action), else None."""
    if isinstance(action, (Play, Discard)):
        return card_code(action.card)
    return None


def _pickers(legal: Sequence[Action], label: Any, lang: str) -> list[dict[str, Any]]:
    """The controls that offer every legal bid (a number from the lowest to the highest legal
    one) and every legal partner call (a list, suit by suit, strongest first); ``label(action)``
    names a call."""
    bids = [a.amount for a in legal if isinstance(a, Bid)]
    calls = sorted((a for a in legal if isinstance(a, CallPartner)),
                   key=lambda a: (SUITS.index(card_code(a.card)[-1]), -STRENGTH[a.card]))
    out = []
    if bids:  # legal bids are every whole number from the lowest to the highest
        out.append(number_picker("bid", tr(f"{V}.bid_picker", lang), min(bids), max(bids), f"bid:{PICKER_SLOT}",
                                 submit=tr(f"{NS}.action.bid", lang, amount=PICKER_SLOT)))
    if calls:
        out.append(list_picker("call", tr(f"{V}.call_picker", lang),
                               [{"code": a.code, "label": label(a)} for a in calls],
                               submit=tr(f"{V}.call_submit", lang)))
    return out


def _call_buttons(legal: Sequence[Action], own: set[str]) -> list[Action]:
    """A few of the legal partner calls: per suit the strongest cards the declarer does not
    hold or discard, then one own card (the weakest held) as "play alone" if that is legal."""
    calls = [a for a in legal if isinstance(a, CallPartner)]
    by_strength = sorted(calls, key=lambda a: -STRENGTH[a.card])
    chosen: list[Action] = []
    for suit in SUITS:
        mine = [a for a in by_strength if card_code(a.card)[-1] == suit and card_code(a.card) not in own]
        chosen += mine[:CALLS_PER_SUIT]
    alone = [a for a in by_strength if card_code(a.card) in own]
    return chosen + alone[-1:]


def _button_label(action: Action, obs: Mapping[str, Any], own: set[str], lang: str) -> str:
    if isinstance(action, Pass) and obs["high_bidder"] is None and \
            sum(not p["dropped"] for p in obs["players"]) == 1:
        return tr(f"{V}.pass_throw_in", lang)
    if isinstance(action, NameTrump) and action.suit is not None:
        suit = SUITS[action.suit]
        me = obs["players"][obs["current"]]["hand"] or []
        return tr(f"{V}.trump_button", lang, suit=suit_text(suit, lang),
                  count=sum(1 for code in me if code[-1] == suit))
    if isinstance(action, CallPartner) and card_code(action.card) in own:
        return tr(f"{V}.call_alone", lang, card=f"@cards.card.{card_code(action.card)}")
    return action.label(lang)


def _bid_text(entry: Mapping[str, Any], lang: str) -> str:
    if entry["bid"] is None:
        return tr(f"{V}.bid_dropped", lang, player=entry["player"])
    return tr(f"{V}.bid_entry", lang, player=entry["player"], amount=entry["bid"])


def _counters(game: Ultimate, t: TableView, lang: str, four_colour: bool) -> list[dict[str, Any]]:
    """Phase, contract, trump, the auction, the kitty and discards, the partner, the running
    points and the target: the facts at a glance."""
    obs, cfg = t.obs, game.config
    phase = obs["phase"]

    def face(code: str) -> dict[str, Any]:
        return card_face(code, lang, four_colour)

    zones = [zone("counter", "phase", tr(f"{V}.phase", lang), value=tr(f"{NS}.phase.{phase}", lang))]
    if obs["declarer"] is not None:
        zones.append(zone("counter", "contract", tr(f"{V}.contract", lang),
                          value=tr(f"{V}.contract_value", lang, amount=obs["contract"], player=obs["declarer"])))
    elif obs["high_bidder"] is not None:
        zones.append(zone("counter", "contract", tr(f"{V}.high_bid", lang),
                          value=tr(f"{V}.contract_value", lang, amount=obs["high_bid"], player=obs["high_bidder"])))
    else:
        zones.append(zone("counter", "contract", tr(f"{V}.high_bid", lang), value=tr(f"{V}.no_bid", lang)))
    zones.append(zone("counter", "trump", tr(f"{V}.trump", lang), value=suit_text(obs["trump"], lang)))
    if phase == "auction" and obs["bids"]:
        recent = obs["bids"][-RECENT_BIDS:]
        text = ", ".join(_bid_text(b, lang) for b in recent)
        if len(obs["bids"]) > len(recent):
            text = "… " + text
        zones.append(zone("counter", "auction", tr(f"{V}.bids", lang), value=text))
    if obs["kitty"]:  # the open (teaching) view only
        zones.append(zone("pile", "kitty", tr(f"{V}.kitty", lang), value=len(obs["kitty"]),
                          cards=[t.static_card(face(c), f"kitty-{c}") for c in obs["kitty"]]))
    elif obs["kitty_count"]:
        zones.append(zone("counter", "kitty", tr(f"{V}.kitty", lang),
                          value=tr(f"{V}.face_down", lang, count=obs["kitty_count"])))
    total = cfg.layout[1]
    if phase == "discard":
        zones.append(zone("counter", "discarded", tr(f"{V}.discarded", lang),
                          value=tr(f"{V}.discarded_value", lang, done=obs["discard_count"], total=total)))
    if obs["discards"]:  # the declarer (or the open view) sees the cards laid aside
        zones.append(zone("pile", "discards", tr(f"{V}.your_discards", lang), value=len(obs["discards"]),
                          # (while discarding, the newest is the card laid aside last)
                          cards=[t.static_card(face(c), f"discard-{c}",
                                               "last" if phase == "discard" and i == len(obs["discards"]) - 1 else None)
                                 for i, c in enumerate(obs["discards"])]))
    elif obs["discard_count"] and phase != "discard":
        zones.append(zone("counter", "discards", tr(f"{V}.discards", lang),
                          value=tr(f"{V}.face_down", lang, count=obs["discard_count"])))
    if obs["leftovers"]:
        zones.append(zone("pile", "leftovers", tr(f"{V}.leftovers", lang), value=len(obs["leftovers"]),
                          cards=[t.static_card(face(c), f"leftover-{c}") for c in obs["leftovers"]]))
    elif obs["leftover_count"]:
        zones.append(zone("counter", "leftovers", tr(f"{V}.leftovers", lang),
                          value=tr(f"{V}.face_down", lang, count=obs["leftover_count"])))
    if cfg.partner_call:
        zones.append(zone("counter", "partner", tr(f"{V}.partner", lang), value=_partner_text(obs, lang)))
    if obs["running_points"] is not None:
        zones.append(zone("counter", "running", tr(f"{V}.running", lang),
                          value=tr(f"{V}.running_value", lang, points=obs["running_points"], amount=obs["contract"])))
    zones.append(zone("counter", "target", tr(f"{V}.target", lang), value=obs["target"]))
    return zones


def _partner_text(obs: Mapping[str, Any], lang: str) -> str:
    called = obs["called"]
    if called is None:
        return tr(f"{V}.partner_not_called", lang)
    param = f"@cards.card.{called}"
    if obs["partner"] is not None:
        key = "partner_known" if obs["partner_revealed"] else "partner_secret"
        return tr(f"{V}.{key}", lang, card=param, player=obs["partner"])
    if obs["partner_revealed"]:
        return tr(f"{V}.partner_alone", lang, card=param)
    return tr(f"{V}.partner_unknown", lang, card=param)


def _tricks(t: TableView, lang: str, four_colour: bool) -> list[dict[str, Any]]:
    """The current trick (leader marked) and the last completed one (winner marked)."""
    obs = t.obs
    if obs["phase"] != "play" and not obs["last_trick"]:
        return []
    n = len(obs["players"])
    trump = suit_text(obs["trump"], lang) if obs["trump"] else None
    number = sum(p["tricks_won"] for p in obs["players"]) + (1 if obs["phase"] == "play" else 0)
    zones = []
    # The card played last: the newest of the trick (of the last trick while a new one has not begun).
    playing = obs["phase"] == "play"
    newest = obs["trick"][-1]["card"] if playing and obs["trick"] else None
    if playing and newest is None and obs["last_trick"]:
        newest = obs["last_trick"][-1]["card"]
    if playing:
        plays = [(e["player"], t.static_card(card_face(e["card"], lang, four_colour), f"trick-{e['card']}",
                                             "last" if e["card"] == newest else None))
                 for e in obs["trick"]]
        zones.append(trick_zone("trick", tr(f"{V}.trick", lang, n=number), n, plays, lang,
                                leader=obs["leader"], trump=trump))
    if obs["last_trick"]:
        last = obs["last_trick"]
        plays = [(e["player"], t.static_card(card_face(e["card"], lang, four_colour), f"last-{e['card']}",
                                             "last" if e["card"] == newest and not obs["trick"] else None))
                 for e in last]
        # (A reminder beside the trick being played: small, when one is being played.)
        zones.append(trick_zone("last-trick", tr(f"{V}.last_trick", lang), n, plays, lang,
                                leader=last[0]["player"], winner=obs["last_winner"], trump=trump,
                                **({"size": "small"} if obs["phase"] == "play" else {})))
    return zones


def _prompt(game: Ultimate, t: TableView, lang: str) -> str:
    obs = t.obs
    if t.outcome is not None or not t.my_turn:
        return t.prompt()
    player, phase = t.current, obs["phase"]
    if phase == "auction":
        bids = [a.amount for a in t.legal if isinstance(a, Bid)]
        if not bids:  # the high bid is the highest allowed
            return tr(f"{V}.prompt_only_pass", lang, player=player, amount=obs["high_bid"])
        if not any(isinstance(a, Pass) for a in t.legal):
            return tr(f"{V}.prompt_must_bid", lang, player=player, low=min(bids))
        return tr(f"{V}.prompt_bid", lang, player=player, low=min(bids))
    if phase == "discard":
        total = game.config.layout[1]
        return tr(f"{V}.prompt_discard", lang, player=player, left=total - obs["discard_count"],
                  done=obs["discard_count"], total=total)
    if phase == "trump":
        return tr(f"{V}.prompt_trump", lang, player=player)
    if phase == "call":
        return tr(f"{V}.prompt_call", lang, player=player)
    if not obs["trick"]:
        return tr(f"{V}.prompt_lead", lang, player=player)
    led = obs["trick"][0]["card"][-1]
    return tr(f"{V}.prompt_follow", lang, player=player, suit=f"@cards.suit.{led}")


def view_model(
    game: Ultimate,
    state: UltimateState,
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
    if not isinstance(game, Ultimate):
        raise TypeError(f"view_model needs an Ultimate game (got {game!r})")
    t = table_view(game, state, viewer, lang, controls, teaching, card_of=_card_of)
    obs = t.obs
    phase = obs["phase"]
    current = t.current
    me = obs["players"][current]["hand"] if current is not None else None
    own = set(me or ()) | set(obs["discards"] or ())
    pickers = _pickers(t.buttons, lambda action: _button_label(action, obs, own, lang), lang)
    if phase == "auction":
        bids = [a.amount for a in t.buttons if isinstance(a, Bid)]
        shown = set(offered_bids(min(bids), max(bids))) if bids else set()
        t.buttons = [a for a in t.buttons if not isinstance(a, Bid) or a.amount in shown]
    elif phase == "call":
        t.buttons = _call_buttons(t.buttons, own)

    last_bid = {b["player"]: b["bid"] for b in obs["bids"]}
    picked = set(obs["picked"] or ()) if phase == "discard" else set()

    def badges(p: Mapping[str, Any]) -> list[str]:
        seat = p["seat"]
        out = []
        if seat == obs["dealer"]:
            out.append(tr(f"{V}.dealer", lang))
        if seat == obs["declarer"]:
            out.append(tr(f"{V}.declarer", lang))
        elif seat == obs["partner"]:
            out.append(tr(f"{V}.partner_badge", lang))
        if phase == "auction":
            if p["dropped"]:
                out.append(tr(f"{V}.dropped", lang))
            elif seat in last_bid:
                out.append(tr(f"{V}.bid_badge", lang, amount=last_bid[seat]))
        if phase in ("play", "over") or p["tricks_won"]:
            out.append(tr(f"{V}.tricks", lang, count=p["tricks_won"]))
        out += [tr(f"{V}.void", lang, suit=SUIT_SYMBOLS[s]) for s in p["voids"]]
        out.append(tr(f"{V}.score", lang, score=p["score"]))
        return out

    zones = _counters(game, t, lang, four_colour) + _tricks(t, lang, four_colour)
    zones += t.hands(lambda code: card_face(code, lang, four_colour), badges=badges,
                     is_out=lambda p: phase == "auction" and bool(p["dropped"]),
                     mark=lambda seat, code: "received" if seat == obs["declarer"] and code in picked else None)
    title = tr(f"{NS}.title", lang)
    preset = f"{NS}.label.mode.{game.preset}"
    if has(preset, lang):
        title += f" — {tr(preset, lang)}"
    parts = [tr(f"{V}.deal_no", lang, deal=obs["deal_no"]), tr(f"{V}.dealer_is", lang, player=obs["dealer"])]
    if obs["declarer"] is not None:
        parts.append(tr(f"{V}.contract_is", lang, amount=obs["contract"], player=obs["declarer"]))
    if obs["trump"] is not None:
        parts.append(tr(f"{V}.trump_is", lang, suit=suit_text(obs["trump"], lang)))
    parts.append(tr(f"{V}.target_is", lang, target=obs["target"]))
    return t.view(
        zones,
        title=title,
        subtitle=" · ".join(parts),
        prompt=_prompt(game, t, lang),
        events=events,
        button_label=lambda action: _button_label(action, obs, own, lang),
        pickers=pickers,
        four_colour_option=True,
    )


# --- the end of a deal -------------------------------------------------------------------------
def _points_worked(game: Ultimate, codes: Sequence[str], lang: str) -> str:
    """The point cards among ``codes`` worked out ('A♠ 5 + 5♦ -1 = 4'), or 'no points'."""
    table = game.config.point_table
    terms: list[tuple[str | None, float]] = [(card_label(c, lang), table[rank_of(c)]) for c in codes
                                             if table.get(rank_of(c), 0)]
    return worked_sum(terms) or tr(f"{V}.no_points", lang)


def _shown(name: str, label: str, codes: Sequence[str], worked: str, lang: str, four_colour: bool) -> dict[str, Any]:
    """A set of cards revealed at the end of a deal (kitty, discards, leftovers)."""
    cards = [card(card_face(c, lang, four_colour), key=f"reveal-{name}-{i}-{c}") for i, c in enumerate(codes)]
    return revealed_pile(name, label, cards, worked)


def _winner_sentence(game_over: Event, lang: str) -> str:
    winners, totals = game_over.params["players"], game_over.params["totals"]
    return winner_sentence(V, winners, totals[winners[0]], lang)


def round_summary(game: Game[Any], events: Sequence[Event], lang: str = "en",
                  four_colour: bool = False) -> dict[str, Any] | None:
    """The end of the deal that one step's ``events`` ended (None: the step ended none), built
    from the deal-end event alone (``contract_made``/``contract_failed``, or ``thrown_in``).

    The tricks are all played by then, so every hand is empty: each seat is shown with its role,
    its tricks and what the deal gives it; the kitty, the declarer's discards and the leftovers
    are revealed as sets of their own with their points worked out. The standings are the
    totals toward the target; ``final`` when the game ended in the same step.

    >>> from tablekit.games.ultimate import PRESETS, Ultimate
    >>> from tablekit.core.verdict import Event
    >>> game = Ultimate(PRESETS["basic"], "basic")
    >>> ev = Event("ultimate.event.contract_made", {"player": 1, "amount": 20, "points": 24, "half": 10,
    ...     "partner": None, "called": None, "gains": [0, 20, 0, 0], "totals": [10, 20, 0, 0], "deal": 2,
    ...     "kitty": ["AS", "2S", "3S", "4S", "5S"], "discards": ["2S", "3S", "4S", "5S", "6S"],
    ...     "leftovers": ["7S", "8S", "9S"], "tricks": [3, 5, 2, 1]})
    >>> s = round_summary(game, [ev], "en")
    >>> s["final"], s["title"]
    (False, 'Deal 2: the contract is made')
    >>> [(h["id"], h["score"]) for h in s["hands"]][:2], s["piles"][-2]["worked"]
    ([('reveal-0', '0'), ('reveal-1', '+20')], '5♠ -1 = -1')
    """
    if not isinstance(game, Ultimate):
        raise TypeError(f"round_summary needs an Ultimate game (got {game!r})")
    found = last_event(events, (K.EV_MADE, K.EV_FAILED, K.EV_THROWN_IN))
    if found is None:
        return None
    at, ev = found
    over = last_event(events[at + 1 :], K.EV_GAME_OVER)
    final = over is not None
    target = game.config.target
    if ev.code == K.EV_THROWN_IN:
        dealt = last_event(events[at + 1 :], K.EV_DEAL)
        said = [ev.text(lang)]
        if over is not None:
            said.append(_winner_sentence(over[1], lang))
        totals = over[1].params["totals"] if over is not None else []
        best = max(totals) if totals else 0
        deal = dealt[1].params["deal"] - 1 if dealt is not None else None
        title = tr(f"{V}.summary_thrown_in", lang, deal=deal if deal is not None else "?")
        return round_summary_view(final=final, title=title, text=join_sentences(said, lang), hands=[],
                                  standings=[standing(i, lang, tr(f"{V}.standing", lang, total=x, target=target),
                                                      x == best) for i, x in enumerate(totals)])
    p = ev.params
    made = ev.code == K.EV_MADE
    declarer, partner = p["player"], p["partner"]
    said = [ev.text(lang)]
    if p["called"] is not None:
        card_p = f"@cards.card.{p['called']}"
        said.append(tr(f"{V}.summary_partner", lang, player=partner, card=card_p) if partner is not None
                    else tr(f"{V}.summary_alone", lang, player=declarer, card=card_p))
    if over is not None:
        said.append(_winner_sentence(over[1], lang))
    key = "summary_final" if final else ("summary_made" if made else "summary_failed")
    title = tr(f"{V}.{key}", lang, deal=p["deal"])
    hands = []
    for seat, gain in enumerate(p["gains"]):
        if seat == declarer:
            role = tr(f"{V}.declarer", lang)
            worked = tr(f"{V}.summary_took", lang, points=p["points"], amount=p["amount"])
        elif seat == partner:
            role = tr(f"{V}.partner_badge", lang)
            worked = ""
        else:
            role = tr(f"{V}.defender", lang)
            worked = "" if made else tr(f"{V}.summary_half", lang, amount=p["amount"], half=p["half"])
        hands.append(revealed_hand(seat, lang, [], badges=[role, tr(f"{V}.tricks", lang, count=p["tricks"][seat])],
                                   worked=worked, score=signed(gain), winner=gain > 0))
    counted = game.config.discards_count_for == "declarer"
    piles = [_shown("kitty", tr(f"{V}.summary_kitty", lang, player=declarer), p["kitty"],
                    _points_worked(game, p["kitty"], lang), lang, four_colour),
             _shown("discards", tr(f"{V}.summary_discards" if counted else f"{V}.summary_discards_nobody",
                                   lang, player=declarer), p["discards"],
                    _points_worked(game, p["discards"], lang), lang, four_colour)]
    if p["leftovers"]:
        piles.append(_shown("leftovers", tr(f"{V}.summary_leftovers", lang), p["leftovers"],
                            _points_worked(game, p["leftovers"], lang), lang, four_colour))
    totals = p["totals"]
    best = max(totals)
    standings = [standing(i, lang, tr(f"{V}.standing", lang, total=x, target=target), x == best)
                 for i, x in enumerate(totals)]
    return round_summary_view(final=final, title=title, text=join_sentences(said, lang), hands=hands,
                              standings=standings, piles=piles)


__all__ = ["card_face", "offered_bids", "round_summary", "suit_text", "view_model"]
