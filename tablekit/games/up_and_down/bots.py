"""A heuristic Up&Down bot worth playing against (and the source of learners' hints).

It sees only its observation. Its ideas, in order:

* Specials are lifelines: a special card can always be played, so holding one means you
  cannot be knocked out. Play a number whenever one fits; when none does, spend the least
  valuable special (Pass, then Turn, then Shot).
* Keep options open: among the numbers that fit, play the one that leaves the most of your
  other cards playable on top of it. That is usually the lowest card that fits, and a card
  that matches the field's ones digit (which brings the field down) is even better.
* Attack a weak neighbour: once the stock is empty, if the next player holds one or two cards,
  a high field may knock them out.
* Shot names the player most likely to be stuck (fewest cards).
* In Cul-de-sac (open hands, co-operative) it does the opposite of attacking: it picks the play
  that leaves the next player the most playable cards, and a Shot names someone who can play.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tablekit.core.verdict import Advice
from tablekit.games.up_and_down.actions import LETTER_SPECIAL, PASS, SHOT, TURN, Play

_SPECIAL_ORDER = {PASS: 0, TURN: 1, SHOT: 2}


def _card(code: str) -> int:
    return LETTER_SPECIAL[code] if code in LETTER_SPECIAL else int(code)


def _fits(card: int, field: int) -> bool:
    return field == 0 or card > 100 or card > field or card % 10 == field % 10


def _options(hand: Sequence[int], field: int) -> int:
    """How many cards of ``hand`` could be played on ``field``."""
    return sum(1 for c in hand if _fits(c, field))


def _next_seat(obs: dict[str, Any], seat: int, direction: int) -> int:
    players = obs["players"]
    n = len(players)
    for k in range(1, n + 1):
        q = (seat + direction * k) % n
        if players[q]["status"] == "active":
            return q
    return seat


class HeuristicBot:
    """See the module docstring. Deterministic given its observation (ties: lowest code)."""

    name = "heuristic"

    def choose(self, observation: dict[str, Any], legal: Sequence[Play], rng: random.Random) -> Play:
        return self.advise(observation, legal, rng).action

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def advise(self, obs: dict[str, Any], legal: Sequence[Play], rng: random.Random) -> Advice:
        if len(legal) == 1 and obs["field"] is None and obs["mode"] in ("cul_de_sac", "solo") and not obs["pile"]:
            return Advice(legal[0], "up_and_down.hint.opening", {"card": legal[0].card})
        if obs["mode"] in ("cul_de_sac", "solo"):
            return self._cooperate(obs, legal)
        return self._compete(obs, legal)

    # --- Basic and Carry-over -------------------------------------------------------------
    def _compete(self, obs: dict[str, Any], legal: Sequence[Play]) -> Advice:
        me = obs["current"]
        hand = [_card(c) for c in obs["players"][me]["hand"]]
        field = obs["field"] or 0
        numbers = [a for a in legal if a.card <= 100]
        if not numbers:
            return self._spend_special(obs, legal, me)
        if field == 0:
            low = min(numbers, key=lambda a: a.card)
            return Advice(low, "up_and_down.hint.open_low", {"card": low.card})
        nxt = _next_seat(obs, me, obs["direction"])
        weak = obs["stock"] == 0 and obs["players"][nxt]["hand_count"] <= 2 and nxt != me
        best: Play | None = None
        best_key: tuple[float, ...] = ()
        for a in numbers:
            rest = list(hand)
            rest.remove(a.card)
            rest_numbers = [c for c in rest if c <= 100]
            keep = _options(rest_numbers, a.card)
            drop = a.card < field  # a same-digit play that brings the field down
            attack = a.card if weak else 0
            key = (attack, keep + (1 if drop else 0), -a.card)
            if best is None or key > best_key:
                best, best_key = a, key
        assert best is not None
        if weak:
            return Advice(best, "up_and_down.hint.attack", {"card": best.card, "player": nxt})
        if best.card < field:
            return Advice(best, "up_and_down.hint.same_digit_drop", {"card": best.card, "field": field})
        return Advice(best, "up_and_down.hint.keep_options", {"card": best.card})

    def _spend_special(self, obs: dict[str, Any], legal: Sequence[Play], me: int) -> Advice:
        kind = min((a.card for a in legal), key=_SPECIAL_ORDER.__getitem__)
        if kind != SHOT:
            action = next(a for a in legal if a.card == kind)
            return Advice(action, "up_and_down.hint.lifeline", {"card": f"@up_and_down.card.{'P' if kind == PASS else 'T'}"})
        shots = [a for a in legal if a.card == SHOT]
        players = obs["players"]
        target = min(shots, key=lambda a: (a.target == me, players[a.target]["hand_count"], a.target))
        return Advice(target, "up_and_down.hint.shot_weakest", {"target": target.target})

    # --- Cul-de-sac --------------------------------------------------------------------------
    def _cooperate(self, obs: dict[str, Any], legal: Sequence[Play]) -> Advice:
        """Look one round ahead with the open hands: after each candidate play, let every
        following player make the play that keeps the field lowest (ignoring the unknown
        draws), and prefer the candidate after which nobody is stuck and the field is lowest."""
        me = obs["current"]
        players = obs["players"]
        hands = {p["seat"]: [_card(c) for c in p["hand"]] for p in players if p["status"] == "active"}
        field = obs["field"] or 0
        best: Play | None = None
        best_key: tuple[float, ...] = ()
        best_next = me
        for a in legal:
            sim_hands = {seat: list(h) for seat, h in hands.items()}
            sim_hands[me].remove(a.card)
            new_field = a.card if a.card <= 100 else field
            direction = -obs["direction"] if a.card == TURN else obs["direction"]
            nxt = a.target if a.card == SHOT else _next_seat(obs, me, direction)
            assert nxt is not None
            stuck, end_field, specials_used = self._rollout(sim_hands, nxt, new_field, direction, len(hands) - 1)
            key = (-stuck, -(a.card > 100), -specials_used, -end_field, -new_field)
            if best is None or key > best_key:
                best, best_key, best_next = a, key, nxt
        assert best is not None
        if best.card == SHOT:
            return Advice(best, "up_and_down.hint.shot_helper", {"target": best_next})
        if best.card > 100:
            letter = "P" if best.card == PASS else "T"
            return Advice(best, "up_and_down.hint.lifeline", {"card": f"@up_and_down.card.{letter}"})
        return Advice(best, "up_and_down.hint.help_next", {"card": best.card, "player": best_next})

    @staticmethod
    def _rollout(hands: dict[int, list[int]], seat: int, field: int, direction: int, plies: int) -> tuple[int, int, int]:
        """Greedy look-ahead: (players stuck, field at the end, specials spent)."""
        seats = sorted(hands)
        n_all = max(seats) + 1
        stuck = specials = 0
        for _ in range(plies):
            hand = hands.get(seat)
            if hand is None:
                break
            numbers = [c for c in hand if c <= 100 and _fits(c, field)]
            if numbers:
                card = min(numbers)  # the play that leaves the lowest field
                field = card
            elif any(c > 100 for c in hand):
                card = next(c for c in hand if c > 100)
                specials += 1
                if card == TURN:
                    direction = -direction
            else:
                stuck += 1
                break
            hand.remove(card)
            for k in range(1, n_all + 1):
                q = (seat + direction * k) % n_all
                if q in hands:
                    seat = q
                    break
        return stuck, field, specials
