"""Bots: players that see only their observation and the legal actions.

``make_bot("random", game)`` and ``make_bot("search", game)`` work for every game; any other name
is one of the game's own bots, as its ``SPEC.bots`` lists them (``"heuristic"`` for every game so
far). The search bot (``tablekit.bots.search``) needs the position rather than an observation:
:func:`decide` asks any bot for its move in a position, the right way for each kind.

>>> from tablekit import make
>>> game = make("up_and_down", players=3)
>>> bot = make_bot("heuristic", game)
>>> s = game.initial_state(seed=3)
>>> [a.code for a in game.legal_actions(s)]
['13', '22', '53', '95', 'P']
>>> bot.choose(game.observe(s, 0), game.legal_actions(s), random.Random(0)).code
'13'
>>> decide(bot, game, s, random.Random(0)).code
'13'
"""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence, runtime_checkable

from tablekit.core.actions import Action
from tablekit.core.errors import ConfigError
from tablekit.core.game import Game
from tablekit.core.registry import spec
from tablekit.core.verdict import Advice
from tablekit.i18n import has


@runtime_checkable
class Bot(Protocol):
    """A player. It is given the observation of its seat and the legal actions, nothing else."""

    name: str

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action: ...


@runtime_checkable
class SearchingBot(Protocol):
    """A bot that plans from the position itself (and must read hidden cards only through
    ``game.determinize``): it is asked with ``choose_in`` instead of ``choose``."""

    name: str

    def choose_in(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action: ...


def decide(bot: Bot, game: Game[Any], state: Any, rng: random.Random) -> Action:
    """The move ``bot`` makes for the seat to play in ``state``: a searching bot gets the
    position, any other bot that seat's observation and the legal actions.

    >>> from tablekit import make
    >>> game = make("up_and_down", players=3)
    >>> decide(RandomBot(), game, game.initial_state(3), random.Random(0)).code
    '95'
    """
    seat = game.current_player(state)
    if seat is None:
        raise ValueError("decide: nobody is to play (the game is over)")
    choose_in = getattr(bot, "choose_in", None)
    if choose_in is not None:
        action: Action = choose_in(game, state, seat, rng)
        return action
    return bot.choose(game.observe(state, seat), game.legal_actions(state), rng)


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    def advise(self, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Advice:
        return Advice(self.choose(observation, legal, rng), "core.hint.random", {})

    def __repr__(self) -> str:
        return "RandomBot()"


BOT_NAMES = ("random", "heuristic", "search")


def make_bot(name: str, game: Game[Any] | str) -> Bot:
    """A bot by name for a game (a Game object or a game name)."""
    game_name = game if isinstance(game, str) else game.name
    if name == "random":
        return RandomBot()
    if name == "search":
        from tablekit.bots.search import SearchBot

        return SearchBot()
    own = spec(game_name).bots
    if name not in own:
        raise ConfigError("bots", "bot", name, bot_names(game_name))
    bot: Bot = own[name]()
    return bot


def bot_names(game: str) -> tuple[str, ...]:
    """The bots a game can be played by: ``random`` first, then the game's own, then ``search``
    (the strongest and slowest)."""
    return ("random", *spec(game).bots, "search")


def advise(bot: Bot, observation: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Advice:
    """The bot's choice with a reason (bots without ``advise`` give a generic one)."""
    method = getattr(bot, "advise", None)
    if method is not None:
        result: Advice = method(observation, legal, rng)
        return result
    label = f"widgets.stats.bot.{bot.name}"  # the bot's name in the learner's language, where it has one
    return Advice(bot.choose(observation, legal, rng), "core.hint.bot_choice",
                  {"bot": f"@{label}" if has(label) else bot.name})


__all__ = ["Advice", "BOT_NAMES", "Bot", "RandomBot", "SearchingBot", "advise", "bot_names", "decide", "make_bot"]
