"""A person at a table with bots: the one controller behind the terminal game and ``PlayTable``.

A :class:`Session` knows which seats the person plays (one seat, or several in solo and
co-op modes, as the game's ``SPEC.human_seats`` says), moves the bots of the other seats,
gives hints, takes moves back and shows any earlier position again. It holds no widget or
terminal code: the command line prints what it does, the widget draws it.

>>> from tablekit import make
>>> s = Session(make("up_and_down", preset="basic", players=3), seed=5, seat=0)
>>> s.humans, s.human_to_play
(frozenset({0}), 0)
>>> first = s.legal_actions()[0].code
>>> _ = s.play(first)
>>> moves = s.run_bots()
>>> s.human_to_play, s.step_index == 1 + len(moves)
(0, True)
>>> s.hint().action in s.legal_actions()
True

Undo goes back to the person's previous turn, but never past a move that showed them a card
they had not seen (here the card drawn after playing, and the bots' cards): the same stock and
the same bots would show the same cards again, so going back would let them look ahead.

>>> s.can_undo().reason
'core.undo.seen_other'
>>> s.undo(open_hands=True), s.step_index  # the open-hand teaching view shows everything anyway
(True, 0)

The bots' randomness comes from ``bot_seed``, not from the deal's ``seed``: the deal seed is in
the deal code a learner sees, and knowing it must not tell how the bots will play. Left out,
``bot_seed`` is a fresh 64-bit secret from the operating system. The record keeps it, so
:meth:`Session.from_record` brings back a game whose bots go on exactly as they would have:

>>> a = Session(make("up_and_down", players=3), seed=5, bot_seed=77)
>>> _ = a.play(a.legal_actions()[0]); _ = a.run_bots()
>>> b = Session.from_record(a.record())
>>> (b.seed, b.bot_seed, b.state == a.state) == (5, 77, True)
True

A shared table is a session whose moves also go to a move log that other sessions read (the
class store's, ``tablekit.classroom``; here a :class:`MemoryLog`). Each session plays its own
seats; the seats of people at other pages are ``remote`` (nobody moves them here), the rest are
bots, which any of the sessions may move. A move is checked by the engine, then written at the
next sequence number, then applied; :meth:`Session.sync` applies what the others wrote.

>>> log = MemoryLog()
>>> game = make("page_one", players=3)
>>> ann = Session(game, seed=1, seat=0, bot_seed=2, log=log, remote={1})
>>> ben = Session(game, seed=1, seat=1, bot_seed=2, log=log, remote={0})
>>> _ = ann.play(ann.legal_actions()[0])
>>> len(ben.sync()), ben.state == ann.state, ben.human_to_play
(1, True, 1)

Two sessions that move at the same time: the log keeps the first, and the second is told the
table moved on (:class:`~tablekit.core.errors.MoveTaken`); it then holds the table as it is.

>>> late = Session(game, seed=1, seat=1, bot_seed=2, log=log, remote={0})  # the same page, twice
>>> _ = late.sync(); _ = ben.play(ben.legal_actions()[0])
>>> late.play(late.legal_actions()[-1])
Traceback (most recent call last):
...
tablekit.core.errors.MoveTaken: The table moved on before your move arrived: look at it again and choose your move.
>>> late.state == ben.state, [seq for seq, _, _ in log.moves]
(True, [1, 2])

Seat 2 is a bot's: either session may move it, and the log keeps the move once.

>>> ann.sync() and ann.run_bots() == ben.run_bots()
True
>>> len(log.moves) == ann.step_index == 3 and ann.can_undo().reason
'core.undo.shared'
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any, Iterable, Protocol, Sequence

from tablekit.bots import Bot, advise, bot_names, decide, make_bot
from tablekit.core.actions import Action
from tablekit.core.errors import ConfigError, IllegalActionError, InvalidActionError, MoveTaken, RecordError
from tablekit.core.game import Game, Outcome
from tablekit.core.match import Match
from tablekit.core.record import Record
from tablekit.core.registry import spec
from tablekit.core.rng import check_seed, derive_seed, is_seed, random_seed
from tablekit.core.verdict import Advice, Event, Verdict
from tablekit.core.view import iter_cards

#: The bot that gives hints when the game has it; otherwise hints come from the random bot.
HINT_BOT = "heuristic"


def human_seats(game: Game[Any], seat: int) -> frozenset[int]:
    """The seats a person sitting at ``seat`` controls (several in solo and co-op modes).

    >>> from tablekit import make
    >>> sorted(human_seats(make("up_and_down", preset="solo"), 0))
    [0, 1, 2, 3]
    >>> human_seats(make("up_and_down", players=3), 3)
    Traceback (most recent call last):
    ...
    tablekit.core.errors.ConfigError: up_and_down: option 'seat' must be an integer from 0 to 2 (got 3)
    """
    n = game.num_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ConfigError(game.name, "seat", seat, f"an integer from 0 to {n - 1}", low=0, high=n - 1)
    return frozenset(spec(game.name).human_seats(game.config, seat))


def hint_bot_name(game: Game[Any] | str) -> str:
    """The bot that gives hints for a game: its heuristic bot, else the random one.

    >>> hint_bot_name("up_and_down")
    'heuristic'
    """
    name = game if isinstance(game, str) else game.name
    return HINT_BOT if HINT_BOT in bot_names(name) else "random"


class MoveLog(Protocol):
    """The moves of a shared table, kept where every page at the table reads them.

    Move number ``seq`` (1 is the first move) is ``code`` played by ``seat``. ``append`` writes
    move ``seq``, and raises :class:`~tablekit.core.errors.MoveTaken` (writing nothing) when
    the log already holds a move ``seq``; it writes all of a move or nothing. ``since(seq)``
    gives the moves after ``seq``, in order, as ``(seq, code, seat)``.
    """

    def append(self, seq: int, code: str, seat: int) -> None: ...

    def since(self, seq: int) -> Sequence[tuple[int, str, int]]: ...


class MemoryLog:
    """A :class:`MoveLog` in a list, for one process (tests, examples): the class store keeps a
    shared table's log in its database instead.

    >>> log = MemoryLog()
    >>> log.append(1, "8H", 0)
    >>> log.append(1, "9H", 1)
    Traceback (most recent call last):
    ...
    tablekit.core.errors.MoveTaken: The table moved on before your move arrived: look at it again and choose your move.
    >>> log.since(0)
    [(1, '8H', 0)]
    """

    def __init__(self) -> None:
        self.moves: list[tuple[int, str, int]] = []

    def append(self, seq: int, code: str, seat: int) -> None:
        if seq != len(self.moves) + 1:
            raise MoveTaken(seq)
        self.moves.append((seq, code, seat))

    def since(self, seq: int) -> list[tuple[int, str, int]]:
        return self.moves[max(seq, 0):]


class Session:
    """One game: the person plays ``humans`` (from ``seat``), bots play the other seats.

    ``seed`` chooses the deal (it is what a deal code holds). ``bots`` is one bot name for every
    seat or one name per seat (None: the game's heuristic bot, or the random one for a game
    without). A human seat's bot only moves if that seat is handed back to the bots.

    ``bot_seed`` is the source of the bots' and the hints' randomness (None: a fresh 64-bit
    seed from the operating system, so that nobody can work out the bots' moves from the deal
    code). A bot's move draws from ``derive_seed(bot_seed, "bot", seat, step_index)``, a hint
    from ``derive_seed(bot_seed, "hint", step_index)``: the same position with the same
    ``bot_seed`` always gets the same move, after an undo too, and a game played the same way
    twice with the same two seeds goes the same way. ``match`` holds the whole history (undo
    keeps the moves taken back for redo); :meth:`record` keeps both seeds. Because the same
    position always brings the same cards, :meth:`undo` never goes back past a move that showed
    the person a card; ``allow_undo=False`` (a teacher's choice) turns undo off altogether.

    A shared table (several people at one game, each on their own page) gives a ``log`` (a
    :class:`MoveLog`) and the ``remote`` seats: those the other people play, which nobody moves
    here. The person plays ``humans`` minus ``remote`` (no seat at all for a spectator: every
    seat remote); the bots move the other seats, on whichever page gets there first (the same
    position gives the same bot move on every page). Every move is written to the log before it
    is applied here, :meth:`sync` applies the moves the other pages wrote, and there is no undo.
    """

    def __init__(self, game: Game[Any], seed: int, seat: int = 0, bots: str | Sequence[str] | None = None,
                 bot_seed: int | None = None, allow_undo: bool = True, *, log: MoveLog | None = None,
                 remote: Iterable[int] = ()) -> None:
        n = game.num_players
        remote = frozenset(remote)
        if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in remote):
            raise ConfigError(game.name, "remote", sorted(remote, key=str), f"seats from 0 to {n - 1}",
                              low=0, high=n - 1)
        #: The seats people on other pages play (a shared table): nobody moves them here.
        self.remote: frozenset[int] = remote
        self.humans: frozenset[int] = human_seats(game, seat) - remote
        #: Where a shared table's moves are written and read (None: a table of one's own).
        self.log: MoveLog | None = log
        if bots is None:  # the game's heuristic bot where it has one, else the random bot
            bots = hint_bot_name(game)
        names = [bots] * n if isinstance(bots, str) else list(bots)
        if len(names) != n or not all(isinstance(name, str) for name in names):
            raise ConfigError(game.name, "bots", bots, f"one bot name or {n} of them")
        self.bots: tuple[Bot, ...] = tuple(make_bot(name, game) for name in names)
        self.bot_names: tuple[str, ...] = tuple(names)
        self.game = game
        self.seat = seat
        self.bot_seed: int = random_seed() if bot_seed is None else check_seed(bot_seed)
        self.match = Match(game, seed)
        self.seed = self.match.seed
        self.allow_undo = bool(allow_undo)
        self._hinter: Bot | None = None

    @classmethod
    def from_record(cls, record: Record, seat: int | None = None, bots: str | Sequence[str] | None = None,
                    bot_seed: int | None = None) -> Session:
        """The session at the end of ``record`` (as :meth:`record` wrote it): the same deal,
        setup and moves, and bots that go on as the recorded ones would have.

        By default the person sits where the record's ``meta["seats"]`` says "human" (else at
        seat 0), the other seats keep their recorded bots, and the bots draw from the record's
        ``meta["bot_seed"]`` (a record without one, e.g. from an older version, gets a fresh
        one: its moves still replay exactly, later bot moves differ). The arguments override
        these. Raises RecordError when the record cannot be replayed.

        >>> from tablekit import make
        >>> rec = Session(make("up_and_down", players=2), seed=3, seat=1, bot_seed=9).record()
        >>> s = Session.from_record(rec)
        >>> s.seat, s.bot_names[0], s.bot_seed
        (1, 'heuristic', 9)
        """
        game = record.make_game()
        n = game.num_players
        recorded = record.meta.get("seats")
        if not (isinstance(recorded, list) and len(recorded) == n and all(isinstance(x, str) for x in recorded)):
            recorded = None
        if seat is None:
            seat = recorded.index("human") if recorded is not None and "human" in recorded else 0
        if bots is None and recorded is not None:
            bots = [hint_bot_name(game) if name == "human" else name for name in recorded]
        if bot_seed is None:
            stored = record.meta.get("bot_seed")
            if stored is not None and not is_seed(stored):
                raise RecordError(f"record field 'meta.bot_seed' must be a non-negative integer below 2**64 "
                                  f"(got {stored!r})")
            bot_seed = stored
        session = cls(game, record.seed, seat, bots, bot_seed)
        session.match = Match.from_record(record)  # RecordError names a bad action
        return session

    def __repr__(self) -> str:
        return f"Session({self.game.name!r}, seed={self.seed}, seat={self.seat}, step={self.step_index})"

    # --- the position ---------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def step_index(self) -> int:
        """Moves made so far (0: the deal)."""
        return self.match.step_index

    @property
    def current_player(self) -> int | None:
        return self.match.current_player

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def solo(self) -> bool:
        """Does the person play several seats (solo, co-op with open hands)?"""
        return len(self.humans) > 1

    @property
    def shared(self) -> bool:
        """Is this a shared table (its moves kept in a :class:`MoveLog`)?"""
        return self.log is not None

    @property
    def viewer(self) -> int | None:
        """Whose eyes the table is drawn with: the person's seat (None: nobody's, as for a
        spectator of a class table, whose view is the open one with no "you")."""
        return self.seat

    @property
    def human_to_play(self) -> int | None:
        """The person's seat that is to decide now (None: a bot's turn, or the game is over)."""
        seat = self.match.current_player
        return seat if seat is not None and seat in self.humans and not self.is_over else None

    @property
    def latest_events(self) -> tuple[Event, ...]:
        return self.match.latest_events

    def legal_actions(self) -> tuple[Action, ...]:
        return self.match.legal_actions()

    def observe(self, seat: int | None) -> dict[str, Any]:
        return self.match.observe(seat)

    def outcome(self) -> Outcome | None:
        return self.match.outcome()

    def explain(self, action: Action | str) -> Verdict:
        """Why ``action`` may or may not be played now (the rule's reason)."""
        return self.match.explain(action)

    # --- moving ---------------------------------------------------------------------------
    def play(self, action: Action | str) -> tuple[Event, ...]:
        """The person's move. Raises IllegalActionError with the reason when the game is over,
        when it is a bot's turn, or when the rules forbid the move; nothing changes then.

        >>> from tablekit import make
        >>> s = Session(make("up_and_down", players=2), seed=1)
        >>> s.play("Z")
        Traceback (most recent call last):
        ...
        tablekit.core.errors.InvalidActionError: ...
        """
        if self.is_over:
            raise IllegalActionError(Verdict(False, "core.game_over", {}))
        if self.human_to_play is None:
            raise IllegalActionError(Verdict(False, "core.illegal.not_your_turn", {"player": self.current_player}))
        try:
            return self._commit(action)
        except MoveTaken:  # another page moved first: hold the table as it now is
            self.sync()
            raise

    def _commit(self, action: Action | str) -> tuple[Event, ...]:
        """Play ``action`` for the seat to move. On a shared table the engine checks it first
        (an illegal move writes nothing), then it is written to the log at the next sequence
        number (MoveTaken: nothing applied here), then it is applied."""
        if self.log is None:
            return self.match.play(action)
        seat = self.current_player
        assert seat is not None and self.step_index == len(self.match.actions)  # (no undo: no redo line)
        trial = self.match.fork()
        events = trial.play(action)  # IllegalActionError, InvalidActionError: nothing written
        self.log.append(trial.step_index, trial.actions[-1].code, seat)
        self.match = trial
        return events

    def sync(self) -> list[tuple[Event, ...]]:
        """Apply the moves other pages wrote to a shared table's log since this session's last
        one, each checked by the engine; the events of each, in order (an empty list: nothing
        new, and always without a log). A stored move that does not fit (not the next number,
        not the seat to move, not legal there) is a RecordError naming it; the moves before it
        stay applied."""
        if self.log is None:
            return []
        applied: list[tuple[Event, ...]] = []
        for seq, code, seat in self.log.since(self.step_index):
            where = f"stored move {seq} {code!r} of seat {seat}"
            if seq != self.step_index + 1 or seat != self.current_player:
                raise RecordError(f"{where} does not follow move {self.step_index} "
                                  f"(seat {self.current_player} is to move)")
            try:
                applied.append(self.match.play(code))
            except InvalidActionError as exc:
                raise RecordError(f"{where} is not an action of {self.game.name}: {exc}") from exc
            except IllegalActionError as exc:
                raise RecordError(f"{where} is illegal: {exc.text('en')}") from exc
        return applied

    @property
    def bot_to_play(self) -> int | None:
        """The bot seat that is to move now (None: a person's turn here or elsewhere, or the end)."""
        seat = self.match.current_player
        if self.is_over or seat is None or seat in self.humans or seat in self.remote:
            return None
        return seat

    def bot_move(self) -> tuple[Event, ...] | None:
        """One bot move and its events; None when no bot is to play (the person's turn, a remote
        seat's, or the end). On a shared table where another page wrote the move first, the
        session syncs and gives the events of what it applied."""
        seat = self.bot_to_play
        if seat is None:
            return None
        action = decide(self.bots[seat], self.game, self.state, self._bot_rng(seat))
        try:
            return self._commit(action)
        except MoveTaken:
            applied = self.sync()
            return tuple(e for events in applied for e in events) if applied else None

    def _bot_rng(self, seat: int) -> random.Random:
        """The random numbers of ``seat``'s bot for its move in the current position."""
        return random.Random(derive_seed(self.bot_seed, "bot", seat, self.step_index))

    def run_bots(self, limit: int | None = None) -> list[tuple[Event, ...]]:
        """Bot moves until the person is to play or the game ends (at most ``limit`` moves);
        the events of each move, in order."""
        moves: list[tuple[Event, ...]] = []
        while limit is None or len(moves) < limit:
            events = self.bot_move()
            if events is None:
                break
            moves.append(events)
        return moves

    def hint(self) -> Advice | None:
        """What the hint bot would play for the person now, with its reason (None: not the
        person's turn). The same position always gets the same hint."""
        seat = self.human_to_play
        if seat is None:
            return None
        if self._hinter is None:
            self._hinter = make_bot(hint_bot_name(self.game), self.game)
        rng = random.Random(derive_seed(self.bot_seed, "hint", self.step_index))
        return advise(self._hinter, self.match.observe(seat), self.match.legal_actions(), rng)

    def undo(self, open_hands: bool = False) -> bool:
        """Back to the latest earlier position where one of the person's seats was to decide
        (in solo every position is, so one step). False, and nothing changes, if there is none.

        Raises IllegalActionError with the reason (see :meth:`can_undo`), and nothing changes,
        when undo is turned off or would go back past a move that showed the person a card.
        ``open_hands``: the person sees the open-hand teaching view, where undo stays free.
        """
        verdict = self.can_undo(open_hands)
        if verdict.reason == "core.undo.nothing":
            return False
        if not verdict.ok:
            raise IllegalActionError(verdict)
        target = self._undo_target()
        assert target is not None
        self.match.jump(target)
        return True

    def can_undo(self, open_hands: bool = False) -> Verdict:
        """May :meth:`undo` go back now, and if not, why (a ``core.undo.*`` reason).

        Not at a shared table (``core.undo.shared``: the other people have seen the move), nor
        when ``allow_undo`` is off (``core.undo.off``), nor when there is no earlier turn
        of the person's (``core.undo.nothing``), nor when a move since that turn showed the
        person a card they did not see before (:meth:`revealed`): the same stock and the same
        bots would show those cards again, so going back would let the person look ahead. The
        reason names what showed it: a card that came into the person's hand (drawn, taken,
        the kitty: ``core.undo.seen_hand``), another player's move (``core.undo.seen_other``),
        a card the person's move turned up elsewhere (``core.undo.seen_table``), or the hands
        shown when a round ends (``core.undo.round_over``). With ``open_hands`` (the open-hand
        teaching view, where everything is shown anyway) only the first two reasons apply.
        """
        if self.log is not None:
            return Verdict(False, "core.undo.shared", {})
        if not self.allow_undo:
            return Verdict(False, "core.undo.off", {})
        target = self._undo_target()
        if target is None:
            return Verdict(False, "core.undo.nothing", {})
        if not open_hands:
            after = self._faces(self.step_index)
            for step in range(self.step_index, target, -1):  # the latest move that showed a card
                before = self._faces(step - 1)
                if after[0] - before[0]:
                    return self._seen_verdict(step, after, before[0])
                after = before
        return Verdict(True, "core.undo.ok", {})

    def _undo_target(self) -> int | None:
        """The latest earlier position where one of the person's seats was to decide."""
        for step in range(self.step_index - 1, -1, -1):
            if self.game.current_player(self.match.states[step]) in self.humans:
                return step
        return None

    def _seen_verdict(self, step: int, after: tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]],
                      before: Counter[tuple[str, str]]) -> Verdict:
        """Why undo stops at move ``step``, which showed the person a card: ``after`` are the
        faces seen after it (all, and those in the person's hands), ``before`` those seen
        before it."""
        build = spec(self.game.name).round_summary
        if build is not None and build(self.game, self.match.events[step], "en") is not None:
            return Verdict(False, "core.undo.round_over", {})
        seen, mine = after
        if (seen - before) & mine:
            return Verdict(False, "core.undo.seen_hand", {})
        mover = self.game.current_player(self.match.states[step - 1])
        if mover is not None and mover not in self.humans:
            return Verdict(False, "core.undo.seen_other", {"player": mover})
        return Verdict(False, "core.undo.seen_table", {})

    def seen(self, step: int) -> Counter[tuple[str, str]]:
        """The card faces the person sees after ``step`` moves, as ``(deck, code)`` with how
        many of each (a deck may hold copies): every face-up card of the table as the
        person's seats see it (not the teaching view), and the hands a round's end shows.

        >>> from tablekit import make
        >>> s = Session(make("up_and_down", players=2), seed=3)
        >>> sum(s.seen(0).values())  # the person's 5 cards (the field is still empty)
        5
        """
        return self._faces(self._check_step(step))[0]

    def _faces(self, step: int) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
        """(every face the person sees after ``step`` moves, those in the person's own hands)."""
        game, game_spec = self.game, spec(self.game.name)
        events = self.match.events[step]
        view = game_spec.view(game, self.match.states[step], self.seat, "en", controls=set(self.humans),
                              events=events, teaching=False)
        zones = list(view["zones"])
        if game_spec.round_summary is not None:
            summary = game_spec.round_summary(game, events, "en")
            if summary is not None:
                zones += [*summary["hands"], *summary["piles"]]

        def faces(among: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
            return Counter((c["face"]["deck"], c["face"]["code"]) for c in iter_cards({"zones": among})
                           if c.get("face"))

        mine = [z for z in view["zones"] if z["kind"] == "hand" and z.get("owner") in self.humans]
        return faces(zones), faces(mine)

    def revealed(self, step: int) -> bool:
        """Did move number ``step`` show the person a card they did not see just before it
        (some face is seen more often after it than before)? A card only moving between places
        the person sees (a card of theirs played to the table) shows nothing new.

        >>> from tablekit import make
        >>> s = Session(make("up_or_down", players=2), seed=1)
        >>> _ = s.play("play:24")  # a card of the hand played into the ring
        >>> s.revealed(1)
        False
        """
        step = self._check_step(step)
        return step > 0 and bool(self._faces(step)[0] - self._faces(step - 1)[0])

    # --- replay ---------------------------------------------------------------------------
    def _check_step(self, step: int) -> int:
        last = self.step_index
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= last:
            raise ValueError(f"a step is a whole number from 0 to {last} (got {step!r})")
        return step

    def state_at(self, step: int) -> Any:
        """The position after ``step`` moves (0: the deal), up to the current one."""
        return self.match.states[self._check_step(step)]

    def events_at(self, step: int) -> tuple[Event, ...]:
        """What happened in move number ``step`` (nothing for step 0, the deal)."""
        return self.match.events[self._check_step(step)]

    def events_between(self, first: int, last: int) -> list[Event]:
        """Every event of moves ``first`` to ``last`` (both included), in order.

        >>> from tablekit import make
        >>> s = Session(make("up_and_down", players=2), seed=3)
        >>> _ = s.play(s.legal_actions()[0]); _ = s.run_bots()
        >>> len(s.events_between(1, s.step_index)) >= s.step_index
        True
        """
        last = self._check_step(last)
        if first > last:  # (none: e.g. moves 1 to 0, back at the deal)
            return []
        first = self._check_step(max(first, 0))
        return [e for events in self.match.events[first:last + 1] for e in events]

    def received(self, seat: int) -> list[str]:
        """The cards (codes) that came into ``seat``'s hand since the seat last had to decide: a
        draw, a refill, a penalty, a kitty. Empty when the seat has not decided yet, or a round
        has ended since (a new deal is not a card received). Cards the seat cannot see are
        never compared: only what its own observation holds.

        >>> from tablekit import make
        >>> s = Session(make("up_and_down", players=2), seed=3, bot_seed=1)
        >>> s.received(0)
        []
        >>> _ = s.play(s.legal_actions()[0])  # Up&Down: play a card, draw the next one
        >>> len(s.received(0))
        1
        """
        states = self.match.states
        now = self.step_index
        last = next((i for i in range(now - 1, -1, -1) if self.game.current_player(states[i]) == seat), None)
        summary = spec(self.game.name).round_summary
        if last is None or (summary is not None and any(
                summary(self.game, self.match.events[i], "en") is not None for i in range(last + 1, now + 1))):
            return []
        before, after = (self.game.observe(states[i], seat)["players"][seat]["hand"] for i in (last, now))
        if before is None or after is None:
            return []
        return list((Counter(map(str, after)) - Counter(map(str, before))).elements())

    def view(self, lang: str = "en", step: int | None = None, events: Sequence[Event] | None = None,
             teaching: bool = False, **display: Any) -> dict[str, Any]:
        """The view-model the person sees (``SPEC.view``), now or at an earlier ``step`` (a
        replay: nothing is clickable). ``events`` default to those of the step shown."""
        if step is None:
            state, controls = self.state, set(self.humans)
            shown = self.latest_events if events is None else events
        else:
            state, controls = self.state_at(step), set()
            shown = self.events_at(step) if events is None else events
        return spec(self.game.name).view(self.game, state, self.viewer, lang, controls=controls,
                                         events=shown, teaching=teaching, **display)

    def record(self) -> Record:
        """The game so far as a record; ``meta["seats"]`` names each seat ("human" or a bot) and
        ``meta["bot_seed"]`` is the bots' seed (:meth:`from_record` reads both back).

        The bot seed is what keeps the bots' coming moves unpredictable: like the deal itself,
        a record of a game still in progress must not be shown to the person playing it.
        """
        seats = ["human" if s in self.humans | self.remote else self.bot_names[s] for s in range(self.game.num_players)]
        return dataclasses.replace(self.match.record(), meta={"seats": seats, "bot_seed": self.bot_seed})


__all__ = ["HINT_BOT", "MemoryLog", "MoveLog", "Session", "hint_bot_name", "human_seats"]
