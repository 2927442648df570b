"""Public test helpers: the conformance checker every game must pass, perft, stacked decks.

``check_game`` plays seeded random games and checks, at every step, every invariant of the
protocol (see ``shared/STYLE.md`` item 10). It raises ``ConformanceError`` describing the first
violation, with the seed and step so it can be reproduced.

>>> from tablekit import make
>>> report = check_game(make("up_and_down", players=3), seeds=range(2))
>>> report.games
2
"""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from tablekit.bots import decide
from tablekit.core.errors import IllegalActionError
from tablekit.core.deck import stack
from tablekit.core.game import Game
from tablekit.core.record import Record
from tablekit.core.rng import derive_seed
from tablekit.i18n import LANGUAGES, catalog, placeholders


class ConformanceError(AssertionError):
    """A game broke an invariant of the protocol."""


@dataclass
class CheckReport:
    games: int = 0
    steps: int = 0
    longest: int = 0
    illegal_tried: int = 0
    codes_seen: set[str] | None = None


def _fail(game: Game[Any], seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game!r} seed={seed} step={step}: {message}")


def _check_code(game: Game[Any], seed: int, step: int, code: str, params: dict[str, Any]) -> None:
    for lang in LANGUAGES:
        template = catalog(lang).get(code)
        if template is None:
            raise _fail(game, seed, step, f"code {code!r} has no {lang} text")
        missing = placeholders(template) - set(params)
        if missing:
            raise _fail(game, seed, step, f"code {code!r} ({lang}) needs parameters {sorted(missing)}")
    try:
        json.dumps(params)
    except TypeError as exc:
        raise _fail(game, seed, step, f"parameters of {code!r} are not JSON-ready: {exc}") from exc


def check_game(
    game: Game[Any],
    seeds: Iterable[int] = range(5),
    max_steps: int = 100_000,
    illegal_per_step: int = 3,
    observe_every: int = 1,
    bot: Any = None,
) -> CheckReport:
    """Play a random game from each seed, checking every protocol invariant at every step.

    * the legal set is non-empty until the end and equals the candidates ``explain`` accepts;
      ``is_legal`` agrees; every code parses back to its action;
    * illegal actions raise IllegalActionError with a catalogued reason and leave the state
      exactly as it was;
    * cards are conserved; observations are JSON-ready and do not change when the hidden
      information is resampled (``determinize``), so they cannot leak it;
    * every event, reason and termination code has English and Japanese text with the
      parameters it needs; the game terminates with an outcome;
    * the record round-trips through JSON and replays to the same final state;
    * the game, every state and every legal action come back equal from ``pickle`` (process
      pools and clusters send them so), on the compiled engine as on the pure one.

    Moves are random unless ``bot`` (any object with ``choose(observation, legal, rng)``) is
    given, which helps reach deep positions (e.g. Cul-de-sac's second phase).
    """
    report = CheckReport(codes_seen=set())
    assert report.codes_seen is not None
    for seed in seeds:
        rng = random.Random(derive_seed(seed, "check"))
        state = game.initial_state(seed)
        census = game.census(state)
        codes: list[str] = []
        step = 0
        while True:
            terminal = game.is_terminal(state)
            legal = game.legal_actions(state)
            player = game.current_player(state)
            if step % observe_every == 0 or terminal:
                _check_observations(game, seed, step, state, rng)
            if terminal:
                if legal or player is not None:
                    raise _fail(game, seed, step, "a terminal state has legal actions or a current player")
                break
            if not legal:
                raise _fail(game, seed, step, "no legal action in a non-terminal state")
            if player is None or not 0 <= player < game.num_players:
                raise _fail(game, seed, step, f"current player {player!r} is not a seat")
            illegal = _check_legality(game, seed, step, state, legal, report)
            _check_pickles(game, seed, step, (state, *legal))
            for action in rng.sample(illegal, min(illegal_per_step, len(illegal))):
                _check_rejected(game, seed, step, state, action, report)
            if bot is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = decide(bot, game, state, rng)
            state, events = game.step(state, action)
            codes.append(action.code)
            for event in events:
                report.codes_seen.add(event.code)
                _check_code(game, seed, step, event.code, event.params)
            if game.census(state) != census:
                raise _fail(game, seed, step, f"cards not conserved after {action.code}")
            step += 1
            if step > max_steps:
                raise _fail(game, seed, step, f"no end after {max_steps} steps")
        _check_pickles(game, seed, step, (game,))  # (a game never changes: once a game is enough)
        outcome = game.outcome(state)
        if outcome is None:
            raise _fail(game, seed, step, "terminal state without an outcome")
        report.codes_seen.add(outcome.termination)
        _check_code(game, seed, step, outcome.termination, {})
        if len(outcome.scores) != game.num_players:
            raise _fail(game, seed, step, "outcome must have one score per seat")
        json.dumps(outcome.to_json())
        record = Record.start(game, seed).with_actions(tuple(codes))
        again = Record.from_json(record.to_json())
        if again != record or again.replay() != state:
            raise _fail(game, seed, step, "record does not round-trip and replay to the same state")
        report.games += 1
        report.steps += step
        report.longest = max(report.longest, step)
    return report


def _check_legality(game: Game[Any], seed: int, step: int, state: Any, legal: Sequence[Any], report: CheckReport) -> list[Any]:
    assert report.codes_seen is not None
    codes = [a.code for a in legal]
    if len(set(codes)) != len(codes):
        raise _fail(game, seed, step, f"duplicate legal actions {codes}")
    accepted = set()
    illegal = []
    for cand in game.candidate_actions(state):
        verdict = game.explain(state, cand)
        report.codes_seen.add(verdict.reason)
        _check_code(game, seed, step, verdict.reason, verdict.params)
        if verdict.ok != game.is_legal(state, cand):
            raise _fail(game, seed, step, f"explain and is_legal disagree on {cand.code}")
        if verdict.ok:
            accepted.add(cand)
        else:
            illegal.append(cand)
    if accepted != set(legal):
        extra = sorted(a.code for a in accepted - set(legal))
        missing = sorted(a.code for a in set(legal) - accepted)
        raise _fail(game, seed, step, f"legal_actions and explain disagree: explain-only {extra}, legal-only {missing}")
    for action in legal:
        if game.action_from_code(action.code) != action:
            raise _fail(game, seed, step, f"code {action.code!r} does not parse back to its action")
        label_code, params = action.label_params()
        _check_code(game, seed, step, label_code, params)
    return illegal


def _check_pickles(game: Game[Any], seed: int, step: int, values: Sequence[Any]) -> None:
    for value in values:
        try:
            back = pickle.loads(pickle.dumps(value))
        except Exception as exc:
            raise _fail(game, seed, step, f"a {type(value).__name__} does not pickle: {exc!r}") from exc
        if back != value:
            raise _fail(game, seed, step, f"a {type(value).__name__} comes back from pickle changed: {back!r}")


def _check_rejected(game: Game[Any], seed: int, step: int, state: Any, action: Any, report: CheckReport) -> None:
    before = pickle.loads(pickle.dumps(state))  # a deep copy (states pickle: checked at every step), faster than deepcopy
    try:
        game.step(state, action)
    except IllegalActionError as exc:
        _check_code(game, seed, step, exc.verdict.reason, exc.verdict.params)
    else:
        raise _fail(game, seed, step, f"illegal action {action.code} was accepted")
    if state != before:
        raise _fail(game, seed, step, f"rejecting {action.code} changed the state")
    report.illegal_tried += 1


def _check_observations(game: Game[Any], seed: int, step: int, state: Any, rng: random.Random) -> None:
    json.dumps(game.observe(state, None))
    census = game.census(state)
    for seat in range(game.num_players):
        obs = game.observe(state, seat)
        json.dumps(obs)
        other = game.determinize(state, seat, rng)
        if game.census(other) != census:
            raise _fail(game, seed, step, f"determinize for seat {seat} changed the cards")
        if game.observe(other, seat) != obs:
            raise _fail(game, seed, step, f"observation of seat {seat} depends on hidden information")


def perft(game: Game[Any], state: Any, depth: int) -> int:
    """Count the action sequences of length ``depth`` (terminal states end a line early).

    >>> from tablekit import make
    >>> game = make("up_and_down", players=2)
    >>> perft(game, game.initial_state(0), 1) == len(game.legal_actions(game.initial_state(0)))
    True
    """
    if depth == 0 or game.is_terminal(state):
        return 1
    return sum(perft(game, game.step(state, a)[0], depth - 1) for a in game.legal_actions(state))


def perft_divide(game: Game[Any], state: Any, depth: int) -> dict[str, int]:
    """The perft count split by the first action ("divide"): action code -> the number of
    lines of length ``depth`` that start with it. When a golden count changes, comparing two
    divides shows which move's subtree changed (then divide again one level down).

    >>> from tablekit import make
    >>> game = make("up_and_down", players=2)
    >>> state = game.initial_state(0)
    >>> sum(perft_divide(game, state, 3).values()) == perft(game, state, 3)
    True
    """
    if depth <= 0 or game.is_terminal(state):
        return {}
    return {a.code: perft(game, game.step(state, a)[0], depth - 1) for a in game.legal_actions(state)}


def playthrough(game: Game[Any], seed: int, max_steps: int = 150, lang: str = "en") -> str:
    """A readable transcript of one seeded game played by the random bot: at every step the
    player to move, the legal action codes, the move chosen and the events' text; then the
    result (or a note that the transcript stops after ``max_steps`` moves).

    The same game and seed always give the same text, so a transcript kept in a file is a
    regression test that a person can review like a document.

    >>> from tablekit import make
    >>> text = playthrough(make("up_and_down", players=2), seed=0, max_steps=2)
    >>> print(text.splitlines()[0])
    # up_and_down · preset basic · 2 players · seed 0
    >>> text.splitlines()[-1]
    'Stopped after 2 moves (the game goes on).'
    """
    from tablekit.i18n import seat_name, tr

    rng = random.Random(derive_seed(seed, "playthrough"))
    state = game.initial_state(seed)
    lines = [
        f"# {game.name} · preset {game.preset} · {game.num_players} players · seed {seed}",
        "# Moves chosen by a random bot (tablekit.testing.playthrough); 'legal' lists action codes.",
        "",
    ]
    step = 0
    while not game.is_terminal(state):
        if step >= max_steps:
            lines.append(f"Stopped after {max_steps} moves (the game goes on).")
            return "\n".join(lines) + "\n"
        player = game.current_player(state)
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        state, events = game.step(state, action)
        step += 1
        lines.append(f"{step}. {seat_name(player, lang) if player is not None else '-'} to move"
                     f" · legal: {' '.join(a.code for a in legal)}")
        lines.append(f"   chose {action.code} ({action.label(lang)})")
        lines.extend(f"   - {e.text(lang)}" for e in events)
    outcome = game.outcome(state)
    lines.append("")
    if outcome is None:  # pragma: no cover - check_game reports this as a conformance error
        lines.append("End without an outcome.")
    else:
        winners = ", ".join(seat_name(w, lang) for w in outcome.winners) or "none"
        scores = ", ".join(f"{seat_name(i, lang)} {s:g}" for i, s in enumerate(outcome.scores))
        lines.append(f"End after {step} moves: {tr(outcome.termination, lang)}")
        lines.append(f"Winners: {winners}. Scores: {scores}.")
    return "\n".join(lines) + "\n"


#: A stacked deal: a deck order starting with given cards (``tablekit.core.deck.stack``).
stack_deck = stack


__all__ = ["CheckReport", "ConformanceError", "check_game", "perft", "perft_divide", "playthrough", "stack_deck"]
