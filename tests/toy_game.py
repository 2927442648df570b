"""A toy trick game that exists only in the tests, to prove that a game is covered and drawn
the moment it is registered, without touching any shared module.

Rules: 13 spades (2 low, A high) are shuffled; each of 2-4 players gets 3 cards and the rest
stay face down in the stock. Seat 0 leads the first trick; in turn each player plays one card
into the trick; the highest card wins it, goes with the others onto the pile, and its player
leads the next. After 3 tricks the players with the most tricks win.

Use :func:`registered` (a context manager) to add the game and its texts, and remove them after.
"""

from __future__ import annotations

import random
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from tablekit.core.actions import Action
from tablekit.core.config import GameConfig, option
from tablekit.core.errors import InvalidActionError
from tablekit.core.game import Game, Outcome
from tablekit.core.registry import GameSpec, register, unregister
from tablekit.core.verdict import Event, Verdict
from tablekit.core.view import face, table_view, trick_zone, zone
from tablekit.i18n import register_texts, tr

NAME = "toy"
RANKS = "23456789TJQKA"
DECK = tuple(f"{r}S" for r in RANKS)
HAND = 3


@dataclass(frozen=True)
class ToyConfig(GameConfig):
    GAME = NAME
    players: int = option(3, between=(2, 4), doc="number of players")


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: str

    @property
    def code(self) -> str:
        return self.card

    def label_params(self) -> tuple[str, dict[str, Any]]:
        return f"{NAME}.action.play", {"card": self.card}


@dataclass(frozen=True)
class ToyState:
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]  # face down, never seen
    trick: tuple[tuple[int, str], ...]  # (seat, card) in play order
    last_trick: tuple[tuple[int, str], ...]  # shown until the next card is led
    pile: tuple[str, ...]  # cards of finished tricks, face up
    leader: int
    tricks: tuple[int, ...]  # tricks won per seat

    @property
    def over(self) -> bool:
        return sum(self.tricks) == HAND


class Toy(Game[ToyState]):
    name = NAME
    config_class = ToyConfig

    def initial_state(self, seed: int, **setup: Any) -> ToyState:
        deck = list(setup.get("deck") or DECK)
        if not setup.get("deck"):
            random.Random(seed).shuffle(deck)
        n = self.num_players
        hands = tuple(tuple(deck[i * HAND:(i + 1) * HAND]) for i in range(n))
        return ToyState(hands, tuple(deck[n * HAND:]), (), (), (), 0, (0,) * n)

    def current_player(self, state: ToyState) -> int | None:
        return None if state.over else (state.leader + len(state.trick)) % self.num_players

    def is_terminal(self, state: ToyState) -> bool:
        return state.over

    def legal_actions(self, state: ToyState) -> tuple[Action, ...]:
        seat = self.current_player(state)
        return () if seat is None else tuple(Play(c) for c in state.hands[seat])

    def candidate_actions(self, state: ToyState) -> Iterable[Action]:
        return (Play(c) for c in DECK)

    def explain(self, state: ToyState, action: Action) -> Verdict:
        assert isinstance(action, Play)
        seat = self.current_player(state)
        if seat is None:
            return Verdict(False, f"{NAME}.illegal.over", {})
        if action.card not in state.hands[seat]:
            return Verdict(False, f"{NAME}.illegal.not_in_hand", {"card": action.card})
        return Verdict(True, f"{NAME}.ok.play", {"card": action.card})

    def apply(self, state: ToyState, action: Action) -> tuple[ToyState, tuple[Event, ...]]:
        assert isinstance(action, Play)
        seat = self.current_player(state)
        assert seat is not None
        hands = tuple(tuple(c for c in h if c != action.card) if i == seat else h for i, h in enumerate(state.hands))
        trick = state.trick + ((seat, action.card),)
        events = [Event(f"{NAME}.event.played", {"player": seat, "card": action.card})]
        if len(trick) < self.num_players:
            return ToyState(hands, state.stock, trick, state.last_trick, state.pile, state.leader, state.tricks), tuple(events)
        winner, card = max(trick, key=lambda play: RANKS.index(play[1][0]))
        tricks = tuple(t + (i == winner) for i, t in enumerate(state.tricks))
        events.append(Event(f"{NAME}.event.trick_won", {"player": winner, "card": card}))
        pile = state.pile + tuple(c for _, c in trick)
        return ToyState(hands, state.stock, (), trick, pile, winner, tricks), tuple(events)

    def action_from_code(self, code: str) -> Action:
        if code not in DECK:
            raise InvalidActionError(f"{code!r} is not a card of the toy deck (2S..AS)")
        return Play(code)

    def observe(self, state: ToyState, player: int | None) -> dict[str, Any]:
        return {
            "game": NAME,
            "viewer": player,
            "players": [{"seat": i, "hand": list(h) if player in (None, i) else None, "hand_count": len(h),
                         "tricks": state.tricks[i]} for i, h in enumerate(state.hands)],
            "current": self.current_player(state),
            "leader": state.leader,
            "trick": [list(p) for p in state.trick],
            "last_trick": [list(p) for p in state.last_trick],
            "pile": list(state.pile),
            "stock": len(state.stock),
        }

    def determinize(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        unseen = [c for i, h in enumerate(state.hands) if i != player for c in h] + list(state.stock)
        rng.shuffle(unseen)
        hands = []
        for i, h in enumerate(state.hands):
            if i == player:
                hands.append(h)
            else:
                hands.append(tuple(unseen[:len(h)]))
                unseen = unseen[len(h):]
        return ToyState(tuple(hands), tuple(unseen), state.trick, state.last_trick, state.pile, state.leader,
                        state.tricks)

    def outcome(self, state: ToyState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.tricks)
        return Outcome(f"{NAME}.end.tricks_done", tuple(i for i, t in enumerate(state.tricks) if t == best),
                       tuple(float(t) for t in state.tricks))

    def census(self, state: ToyState) -> Counter[Any]:
        return Counter([c for h in state.hands for c in h] + list(state.stock) + [c for _, c in state.trick]
                       + list(state.pile))

    def codes(self) -> frozenset[str]:
        return frozenset(f"{NAME}.{k}" for k in ("action.play", "ok.play", "illegal.not_in_hand", "illegal.over",
                                                 "event.played", "event.trick_won", "end.tricks_done"))


def view_model(game: Toy, state: ToyState, viewer: int | None, lang: str = "en",
               controls: Iterable[int] | None = None, events: Sequence[Event] = (),
               teaching: bool = False, **display: Any) -> dict[str, Any]:
    """The shared table (hands, turn, legal moves) plus a trick, the pile and the stock."""
    t = table_view(game, state, viewer, lang, controls, teaching, card_of=lambda a: a.code)

    def card_face(code: str) -> dict[str, Any]:
        return face("standard", code, tr(f"{NAME}.label.card", lang, rank=code[0]))

    obs = t.obs
    shown = obs["trick"] or obs["last_trick"]
    finished = not obs["trick"] and bool(obs["last_trick"])
    winner = max(shown, key=lambda p: RANKS.index(p[1][0]))[0] if finished else None
    zones = [
        trick_zone("trick", tr(f"{NAME}.label.trick", lang), game.num_players,
                   [(seat, t.static_card(card_face(c), f"trick-{c}")) for seat, c in shown], lang,
                   leader=shown[0][0] if shown else obs["leader"], winner=winner),
        zone("pile", "pile", tr(f"{NAME}.label.pile", lang), value=len(obs["pile"]),
             cards=[t.static_card(card_face(c), f"pile-{c}") for c in obs["pile"][-game.num_players:]]),
        zone("counter", "stock", tr(f"{NAME}.label.stock", lang), value=obs["stock"]),
    ]
    zones += t.hands(card_face, badges=lambda p: [tr(f"{NAME}.label.tricks", lang, n=p["tricks"])])
    return t.view(zones, title=tr(f"{NAME}.title", lang), events=events)


SPEC = GameSpec(
    name=NAME,
    game_class=Toy,
    presets={"standard": ToyConfig()},
    default_preset="standard",
    players=(2, 4),
    view=view_model,
)

TEXTS = {
    "en": {
        f"{NAME}.title": "Toy tricks",
        f"{NAME}.action.play": "Play {card}",
        f"{NAME}.ok.play": "You may play {card}.",
        f"{NAME}.illegal.not_in_hand": "{card} is not in your hand.",
        f"{NAME}.illegal.over": "The game is over.",
        f"{NAME}.event.played": "{player!p} plays {card}.",
        f"{NAME}.event.trick_won": "{player!p} wins the trick with {card}.",
        f"{NAME}.end.tricks_done": "All three tricks are played.",
        f"{NAME}.label.trick": "Trick",
        f"{NAME}.label.pile": "Played tricks",
        f"{NAME}.label.stock": "Unused cards",
        f"{NAME}.label.card": "{rank} of spades",
        f"{NAME}.label.tricks": "tricks: {n}",
    },
    "ja": {
        f"{NAME}.title": "トイ・トリック",
        f"{NAME}.action.play": "{card}を出す",
        f"{NAME}.ok.play": "{card}を出せます。",
        f"{NAME}.illegal.not_in_hand": "{card}は手札にありません。",
        f"{NAME}.illegal.over": "ゲームは終わっています。",
        f"{NAME}.event.played": "{player!p}が{card}を出しました。",
        f"{NAME}.event.trick_won": "{player!p}が{card}でトリックを取りました。",
        f"{NAME}.end.tricks_done": "3トリックすべてが終わりました。",
        f"{NAME}.label.trick": "トリック",
        f"{NAME}.label.pile": "終わったトリック",
        f"{NAME}.label.stock": "使わないカード",
        f"{NAME}.label.card": "スペードの{rank}",
        f"{NAME}.label.tricks": "トリック: {n}",
    },
}

@contextmanager
def registered() -> Iterator[GameSpec]:
    """The toy game and its texts, registered for the duration of a ``with`` block."""
    removers = [register_texts(lang, texts) for lang, texts in TEXTS.items()]
    register(SPEC)
    try:
        yield SPEC
    finally:
        unregister(NAME)
        for remove in removers:
            remove()
