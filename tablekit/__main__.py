"""The command line: ``python -m tablekit play|simulate|list|replay|classroom|info`` (also installed as ``tablekit``).

* ``play GAME``: a person at the terminal against bots (or every hand, in solo).
* ``simulate GAME -n N``: bots against bots; prints win rates with 95% Wilson intervals.
* ``list``: the games and their presets.
* ``replay FILE``: the transcript of a record saved with ``play --save``.
* ``info``: which engine runs (compiled with mypyc, or pure Python) and which modules are compiled.
* ``classroom teacher-link [--base-url URL] [--new]``: the teacher page's link, with the
  teacher key (``--new``: a new key; links with the old one stop working).
* ``classroom backup PATH``: a copy of the class store (an SQLite file) while the class runs.
  Both take ``--db URL`` (default: ``TABLEKIT_CLASS_DB``, else the default file).

Every sentence comes from the i18n catalogs (``--lang en|ja``). Exit codes: 0 done, 1 a missing
extra or a file that could not be written, 2 bad options or a bad record.

>>> main(["list"])  # doctest: +ELLIPSIS
Games and their presets:
Up&Down (up_and_down), 2 to 7 players
  basic: Basic, 4 players by default
...
0
>>> main(["play", "up_and_down", "--players", "9"])
2
"""

from __future__ import annotations

import argparse
import os
import sys
import unicodedata
import urllib.parse
from pathlib import Path
from typing import Any, NoReturn, Sequence

from tablekit import __version__, build
from tablekit.bots import make_bot
from tablekit.core import (
    Action,
    ClassroomError,
    ConfigError,
    Game,
    IllegalActionError,
    InvalidActionError,
    Record,
    RecordError,
    TablekitError,
    list_games,
    make,
    presets,
)
from tablekit.core.actions import whole_number
from tablekit.core.registry import spec
from tablekit.core.rng import is_seed, random_seed
from tablekit.i18n import LANGUAGES, has, seat_name, tr
from tablekit.render import render_outcome, render_record, render_state
from tablekit.session import Session, human_seats

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

DEFAULT_BOT = "heuristic"
#: Where ``classroom teacher-link`` points by default: the address ``make dashboards`` serves.
DEFAULT_BASE_URL = "http://127.0.0.1:8866"


class _UsageError(Exception):
    """A command line argparse cannot parse (raised instead of argparse exiting)."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser
        self.message = message


class _CliError(Exception):
    """A user error reported with an i18n code; exits with ``EXIT_USAGE``."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(self, message)


# --- the parser ----------------------------------------------------------------------------
def _prescan_lang(argv: Sequence[str]) -> str:
    """The --lang given anywhere on the line, so that even the help is translated."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if arg.startswith("--lang=") and arg[len("--lang="):] in LANGUAGES:
            return arg[len("--lang="):]
    return "en"


def _nonnegative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError(text)
    return value


def _seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**64 - 1 (argparse names the option when it is not)."""
    value = int(text)
    if not is_seed(value):
        raise ValueError(text)
    return value


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The argparse parser, with help texts in ``lang``."""

    def h(code: str) -> str:
        # argparse %-formats help strings: a literal '%' must be doubled.
        return tr(code, lang).replace("%", "%%")

    common = _Parser(add_help=False)
    common.add_argument("-h", "--help", action="help", help=h("cli.help.help"))
    common.add_argument("--lang", choices=LANGUAGES, default="en", help=h("cli.help.lang"))

    game_opts = _Parser(add_help=False)
    game_opts.add_argument("game", help=h("cli.help.game"))
    game_opts.add_argument("--preset", default=None, help=h("cli.help.preset"))
    game_opts.add_argument("--players", type=int, default=None, help=h("cli.help.players"))
    game_opts.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                           help=h("cli.help.option"))

    parser = _Parser(prog="python -m tablekit", description=h("cli.help.description"), parents=[common],
                     add_help=False)
    sub = parser.add_subparsers(dest="command", metavar="{play,simulate,list,replay,classroom,info}")

    play = sub.add_parser("play", parents=[common, game_opts], help=h("cli.help.play"),
                          description=h("cli.help.play"), add_help=False)
    play.add_argument("--seat", type=int, default=0, help=h("cli.help.seat"))
    play.add_argument("--seed", type=_seed, default=None, help=h("cli.help.play_seed"))
    play.add_argument("--bots", default=DEFAULT_BOT, help=h("cli.help.bots"))
    play.add_argument("--open", action="store_true", help=h("cli.help.open"))
    play.add_argument("--save", default=None, metavar="PATH", help=h("cli.help.save"))
    play.set_defaults(func=_cmd_play)

    sim = sub.add_parser("simulate", parents=[common, game_opts], help=h("cli.help.simulate"),
                         description=h("cli.help.simulate"), add_help=False)
    sim.add_argument("-n", type=int, default=100, help=h("cli.help.n"))
    sim.add_argument("--bots", default=DEFAULT_BOT, help=h("cli.help.bots"))
    sim.add_argument("--seed", type=_seed, default=0, help=h("cli.help.seed"))
    sim.add_argument("--workers", type=_nonnegative, default=1, help=h("cli.help.workers"))
    sim.set_defaults(func=_cmd_simulate)

    lst = sub.add_parser("list", parents=[common], help=h("cli.help.list"), description=h("cli.help.list"),
                         add_help=False)
    lst.set_defaults(func=_cmd_list)

    rep = sub.add_parser("replay", parents=[common], help=h("cli.help.replay"),
                         description=h("cli.help.replay"), add_help=False)
    rep.add_argument("file", help=h("cli.help.file"))
    rep.set_defaults(func=_cmd_replay)

    room = sub.add_parser("classroom", parents=[common], help=h("cli.help.classroom"),
                          description=h("cli.help.classroom"), add_help=False)
    room.set_defaults(func=lambda args: _usage(room))
    room_sub = room.add_subparsers(dest="classroom_command", metavar="{teacher-link,backup}")
    store_opts = _Parser(add_help=False)
    store_opts.add_argument("--db", default=None, metavar="URL", help=h("cli.help.db"))
    link = room_sub.add_parser("teacher-link", parents=[common, store_opts], help=h("cli.help.teacher_link"),
                               description=h("cli.help.teacher_link"), add_help=False)
    link.add_argument("--base-url", default=DEFAULT_BASE_URL, metavar="URL", help=h("cli.help.base_url"))
    link.add_argument("--new", action="store_true", help=h("cli.help.new_key"))
    link.set_defaults(func=_cmd_teacher_link)
    backup = room_sub.add_parser("backup", parents=[common, store_opts], help=h("cli.help.backup"),
                                 description=h("cli.help.backup"), add_help=False)
    backup.add_argument("path", metavar="PATH", help=h("cli.help.backup_path"))
    backup.set_defaults(func=_cmd_backup)

    inf = sub.add_parser("info", parents=[common], help=h("cli.help.info"), description=h("cli.help.info"),
                         add_help=False)
    inf.set_defaults(func=_cmd_info)
    return parser


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return EXIT_USAGE


# --- shared helpers ------------------------------------------------------------------------
def _say(text: str = "") -> None:
    print(text, flush=True)


def _warn(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _option_value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text.strip()


def _make_game(args: argparse.Namespace) -> Game[Any]:
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise _CliError("cli.error.option_format", text=item)
        options[key.strip()] = _option_value(value)
    return make(args.game, preset=args.preset, players=args.players, config=options)


def _bot_names(text: str, seats: Sequence[int], players: int) -> list[str]:
    """One bot name per seat from 'name' (every seat), one per seat, or one per bot seat."""
    names = [n.strip() for n in str(text).split(",") if n.strip()]
    if len(names) == 1:
        return names * players
    if len(names) == players:
        return names
    if seats and len(names) == len(seats):
        out = [DEFAULT_BOT] * players
        for seat, name in zip(seats, names):
            out[seat] = name
        return out
    raise ConfigError("cli", "bots", text, f"one bot name, or one per seat ({players})")


def _width(text: str) -> int:
    """Columns a string takes in a terminal (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(_width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - _width(cell))
            cells.append(pad + cell if right[i] else cell + pad)
        lines.append("  ".join(cells).rstrip())
    return lines


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


# --- play ----------------------------------------------------------------------------------
class _Session:
    """The terminal around a :class:`~tablekit.session.Session`: it prints the table and the
    events, reads the person's moves and commands, and saves the record."""

    def __init__(self, session: Session, lang: str, open_view: bool, save: str | None) -> None:
        self.session = session
        self.game = session.game
        self.lang = lang
        self.open_view = open_view
        self.save_path = save
        self.shown = 0  # the events of steps 1..shown have been printed

    # --- output --------------------------------------------------------------------------
    def t(self, key: str, /, **params: Any) -> str:
        return tr(key, self.lang, **params)

    def view_seat(self, seat: int | None) -> int | None:
        return None if self.open_view else seat

    def print_events(self) -> None:
        step = self.session.step_index
        if step > self.shown:
            _say(self.t("cli.play.since"))
            for event in self.session.events_between(self.shown + 1, step):
                _say("  " + event.text(self.lang))
            _say()
        self.shown = step

    def print_table(self, seat: int, legal: Sequence[Action]) -> None:
        _say(render_state(self.game, self.session.state, self.lang, self.view_seat(seat)))
        _say()
        _say(self.t("cli.play.choose"))
        for n, action in enumerate(legal, 1):
            _say("  " + self.t("cli.play.item", n=n, label=action.label(self.lang), move=action.code))

    def examples(self, legal: Sequence[Action]) -> str:
        codes: list[str] = []
        for action in legal:
            if action.code not in codes:
                codes.append(action.code)
        return ", ".join(codes[:3])

    def print_help(self, legal: Sequence[Action]) -> None:
        _say(self.t("cli.play.help.title"))
        _say("  " + self.t("cli.play.help.number"))
        _say("  " + self.t("cli.play.help.code", example=self.examples(legal)))
        _say("  " + self.t("cli.play.help.force_code"))
        _say("  " + self.t("cli.play.help.hint"))
        _say("  " + self.t("cli.play.help.undo"))
        _say("  " + self.t("cli.play.help.help"))
        _say("  " + self.t("cli.play.help.quit"))

    # --- decisions -----------------------------------------------------------------------
    def parse(self, text: str, legal: Sequence[Action]) -> Action | None:
        """A list number or an action code ('=CODE' forces a code); None if neither."""
        forced = text.startswith("=")
        body = text[1:].strip() if forced else text
        number = None if forced else whole_number(body)
        if number is not None:
            if 1 <= number <= len(legal):
                return legal[number - 1]
        for candidate in dict.fromkeys((body, body.upper())):
            try:
                return self.game.action_from_code(candidate)
            except (InvalidActionError, ValueError, TypeError):
                continue
        return None

    def hint(self, legal: Sequence[Action]) -> None:
        advice = self.session.hint()
        assert advice is not None  # asked only on the person's turn
        number = legal.index(advice.action) + 1 if advice.action in legal else "?"
        _say(self.t("cli.play.hint", n=number, reason=advice.text(self.lang)))

    def undo(self) -> bool:
        try:
            done = self.session.undo()
        except IllegalActionError as exc:  # a move since then showed a card: going back would peek
            _say(exc.text(self.lang))
            return False
        if done:
            self.shown = self.session.step_index
            _say(self.t("cli.play.undone"))
        else:
            _say(self.t("cli.play.nothing_to_undo"))
        return done

    def turn(self, seat: int) -> str:
        """Ask until the person plays, undoes or leaves. Returns 'played', 'undo', 'quit' or 'eof'."""
        legal = self.session.legal_actions()
        self.print_table(seat, legal)
        while True:
            try:
                text = input(self.t("cli.play.prompt", player=seat))
            except EOFError:
                _say()
                return "eof"
            # NFKC folds full-width input (an IME's "１２" or "Ｐ") into plain digits and letters.
            text = unicodedata.normalize("NFKC", text).strip()
            if not text:
                continue
            command = text.lower()
            if command == "q":
                return "quit"
            if command == "?":
                self.print_help(legal)
                continue
            if command == "h":
                self.hint(legal)
                continue
            if command == "u":
                if self.undo():
                    return "undo"
                continue
            action = self.parse(text, legal)
            if action is not None:
                try:
                    self.session.play(action)
                    return "played"
                except IllegalActionError as exc:
                    _say(self.t("cli.play.refused", reason=exc.text(self.lang)))
                    continue
                except (TablekitError, ValueError, TypeError):
                    pass  # not an action of this table (e.g. a Shot naming a seat that is not there)
            _say(self.t("cli.play.not_understood", text=text, example=self.examples(legal)))

    # --- the whole game ------------------------------------------------------------------
    def save(self) -> int:
        if not self.save_path:
            return EXIT_OK
        record = self.session.record()
        try:
            Path(self.save_path).write_text(record.to_json(indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            _warn(self.t("cli.play.save_failed", path=self.save_path, message=str(exc)))
            return EXIT_FAILED
        _say(self.t("cli.play.saved", path=self.save_path))
        return EXIT_OK

    def run(self) -> int:
        session = self.session
        n = self.game.num_players
        _say(self.t("cli.play.seed", seed=session.seed))
        if len(session.humans) == n:
            _say(self.t("cli.play.solo"))
        else:
            bots = [session.bot_names[s] for s in range(n) if s not in session.humans]
            _say(self.t("cli.play.you_are", player=session.seat, bots=", ".join(dict.fromkeys(bots))))
        if self.open_view:
            _say(tr("render.open_view", self.lang))
        _say(self.t("cli.play.help_hint"))
        _say()
        while True:
            session.run_bots()
            self.print_events()
            seat = session.human_to_play
            if seat is None:
                break
            result = self.turn(seat)
            if result in ("quit", "eof"):
                _say(self.t("cli.play.quit" if result == "quit" else "cli.play.eof"))
                self.save()
                return EXIT_OK
            _say()
        _say(self.t("cli.play.final"))
        _say(render_state(self.game, session.state, self.lang, None))
        _say()
        outcome = session.outcome()
        assert outcome is not None
        _say(render_outcome(outcome, self.lang, termination=False))  # the table above gave it
        return self.save()


def _cmd_play(args: argparse.Namespace) -> int:
    game = _make_game(args)
    n = game.num_players
    humans = human_seats(game, args.seat)
    seed = args.seed if args.seed is not None else random_seed()
    names = _bot_names(args.bots, [s for s in range(n) if s not in humans], n)
    # At a terminal nothing is hidden from the person who runs it (--open shows every hand), so
    # the bots draw from the deal's seed too: --seed N replays the whole game, bots included.
    session = _Session(Session(game, seed, args.seat, names, bot_seed=seed), args.lang, args.open, args.save)
    try:
        return session.run()
    except KeyboardInterrupt:
        _say()
        _say(tr("cli.play.interrupted", args.lang))
        return EXIT_INTERRUPTED


# --- simulate ------------------------------------------------------------------------------
def _cmd_simulate(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        import pandas  # noqa: F401  (simulate needs it)
    except ImportError:
        _warn(tr("cli.error.needs_pandas", lang))
        return EXIT_FAILED
    from tablekit.sim import seat_summary, simulate, wilson_interval

    game = _make_game(args)
    if args.n < 1:
        raise ConfigError("cli", "n", args.n, "a positive integer")
    names = _bot_names(args.bots, list(range(game.num_players)), game.num_players)
    for name in dict.fromkeys(names):
        make_bot(name, game)  # an unknown name raises ConfigError before any game is played
    try:
        df = simulate(game, names, n=args.n, seed=args.seed, workers=args.workers)
    except KeyboardInterrupt:
        _warn(tr("cli.play.interrupted", lang))
        return EXIT_INTERRUPTED
    _say(tr("cli.sim.header", lang, title=f"@{game.name}.title", preset=game.preset,
            players=game.num_players, n=args.n, seed=args.seed))
    _say()
    summary = seat_summary(df)
    header = [tr(f"cli.sim.col.{c}", lang) for c in ("seat", "bot", "wins", "rate", "interval", "score")]
    rows = []
    for row in summary.itertuples(index=False):
        rows.append([
            seat_name(int(row.seat), lang), str(row.bot), _num(float(row.wins)), _pct(row.win_rate),
            f"{_pct(row.ci_low)} – {_pct(row.ci_high)}", _num(float(row.mean_score)),
        ])
    for line in _table(header, rows, right=[False, False, True, True, True, True]):
        _say("  " + line)
    if (df["n_winners"] > 1).any():
        _say("  " + tr("cli.sim.shared", lang))
    _say()
    _say(tr("cli.sim.length", lang, mean=f"{df['decisions'].mean():.1f}"))
    if "games" in df.columns and spec(game.name).is_match(game.config):
        _say(tr("cli.sim.games", lang, mean=f"{df['games'].mean():.2f}"))
    if "result" in df.columns:
        ok = int((df["result"] != "failed").sum())
        low, high = wilson_interval(ok, len(df))
        _say(tr("cli.sim.mission", lang, rate=_pct(ok / len(df)), low=_pct(low), high=_pct(high)))
        if "score" in df.columns:
            _say(tr("cli.sim.score", lang, mean=f"{df['score'].mean():.3f}"))
    _say()
    _say(tr("cli.sim.terminations", lang))
    for code, count in df["termination"].value_counts().items():
        _say("  " + tr("cli.sim.termination", lang, count=int(count), pct=_pct(count / len(df)),
                       text=tr(str(code), lang)))
    return EXIT_OK


# --- list and replay -----------------------------------------------------------------------
def _cmd_list(args: argparse.Namespace) -> int:
    lang = args.lang
    _say(tr("cli.list.title", lang))
    for name in list_games():
        game_spec = spec(name)
        table = presets(name)
        cfg_class = type(table[game_spec.default_preset])
        low, high = game_spec.players
        _say(tr("cli.list.game", lang, title=f"@{name}.title", name=name, low=low, high=high))
        defaults = cfg_class().to_dict()
        for preset, cfg in table.items():
            label_code = f"{name}.label.mode.{preset}"
            label = tr(label_code, lang) if has(label_code, lang) else preset
            _say("  " + tr("cli.list.preset", lang, name=preset, label=label, players=cfg.to_dict().get("players", "?")))
            changes = [f"{k}={v}" for k, v in cfg.to_dict().items() if k != "players" and v != defaults.get(k)]
            if changes:
                _say("    " + tr("cli.list.changes", lang, options=", ".join(changes)))
        _say("  " + tr("cli.list.example", lang, name=name, preset=next(iter(table))))
    return EXIT_OK


def _cmd_replay(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _warn(tr("cli.error.file", lang, path=args.file, message=str(exc)))
        return EXIT_USAGE
    try:
        transcript = render_record(Record.from_json(text), lang)
    except RecordError as exc:
        _warn(tr("cli.error.record", lang, message=str(exc)))
        return EXIT_USAGE
    _say(transcript)
    return EXIT_OK


def _cmd_info(args: argparse.Namespace) -> int:
    lang = args.lang
    about = build.info()
    modules = about["compiled_modules"]
    _say(tr("cli.info.version", lang, version=__version__, python=about["python"]))
    if about["engine"] == "compiled":
        _say(tr("cli.info.compiled", lang, mypy=about["mypy"], count=len(modules)))
        for name in modules:
            _say("  " + name)
    else:
        _say(tr("cli.info.pure", lang, why=tr(f"cli.info.why.{about['reason']}", lang, files=about["detail"])))
    return EXIT_OK


# --- classroom -----------------------------------------------------------------------------
def _open_store(args: argparse.Namespace) -> Any:
    """The class store of ``--db`` (else TABLEKIT_CLASS_DB, else the default file); None after
    saying why not (a missing extra, a store that cannot be opened)."""
    lang = args.lang
    try:
        from sqlalchemy.exc import ArgumentError, SQLAlchemyError

        from tablekit.classroom.store import ClassStore, store_url
    except ImportError:
        _warn(tr("cli.error.needs_classroom", lang))
        return None
    try:
        url = store_url(args.db)
        return ClassStore(url)
    except ArgumentError as exc:
        raise _CliError("cli.error.db_url", text=str(args.db)[:80], message=str(exc)) from None
    except ClassroomError as exc:
        _warn(exc.text(lang))
    except (SQLAlchemyError, OSError) as exc:
        where = url.render_as_string(hide_password=True) if "url" in locals() else str(args.db)
        _warn(tr("cli.error.store", lang, url=where, message=str(exc).splitlines()[0]))
    return None


def _cmd_teacher_link(args: argparse.Namespace) -> int:
    lang = args.lang
    base = str(args.base_url).strip().rstrip("/")
    if not base.startswith(("http://", "https://")) or any(ch.isspace() for ch in base):
        raise _CliError("cli.error.base_url", text=str(args.base_url)[:80])
    if args.new and os.environ.get("TABLEKIT_TEACHER_KEY", "").strip():
        raise _CliError("cli.error.key_from_env")
    store = _open_store(args)
    if store is None:
        return EXIT_FAILED
    try:
        key = store.new_teacher_key() if args.new else store.teacher_key()
        where = store.url.render_as_string(hide_password=True)
    finally:
        store.close()
    query = urllib.parse.urlencode({"key": key, **({"lang": lang} if lang != "en" else {})})
    _say(tr("cli.classroom.store", lang, url=where))
    _say(tr("cli.classroom.new_key" if args.new else "cli.classroom.teacher_link", lang))
    _say(f"{base}/voila/render/teacher.ipynb?{query}")
    return EXIT_OK


def _cmd_backup(args: argparse.Namespace) -> int:
    lang = args.lang
    store = _open_store(args)
    if store is None:
        return EXIT_FAILED
    try:
        path = store.backup(args.path)
    except OSError as exc:
        _warn(tr("cli.error.backup", lang, path=args.path, message=str(exc)))
        return EXIT_FAILED
    finally:
        store.close()
    _say(tr("cli.classroom.backup_done", lang, path=str(path)))
    return EXIT_OK


# --- entry point ---------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (``python -m tablekit`` exits with it)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = _prescan_lang(args_list)
    parser = build_parser(lang)
    try:
        args = parser.parse_args(args_list)
    except _UsageError as exc:
        exc.parser.print_usage(sys.stderr)
        _warn(tr("cli.error.usage", lang, message=exc.message))
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version print and exit
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    if getattr(args, "func", None) is None:
        parser.print_help()
        return EXIT_USAGE
    args.lang = lang  # wherever --lang was given (before or after the command)
    try:
        return int(args.func(args))
    except _CliError as exc:
        _warn(tr(exc.code, lang, **exc.params))
        return EXIT_USAGE
    except ConfigError as exc:
        _warn(tr("cli.error.config", lang, message=str(exc)))
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
            pass
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
