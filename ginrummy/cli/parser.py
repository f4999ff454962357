"""The command line's grammar: the argparse parser, its help texts, and argparse in our language.

`build_parser` describes every command and option; which function runs a command is
`ginrummy.cli`'s business (``args.command`` names it). argparse's own words ("usage:",
"options", its errors) come from our catalogue: `argparse_in_our_language` points argparse
at it, and `ginrummy.cli.argparse_messages` marks those msgids for extraction.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from ..core import PRESETS, Card, CardError, Rules, RulesError, parse_card
from ..players import LEVELS
from ..text import i18n
from ..text.errors import describe
from ..text.i18n import N_, _
from .errors import PROG, UsageError

#: ``review --budget``'s default: `ginrummy.players.evaluator.DEFAULT_SAMPLES` (kept here so
#: that building the parser loads no bot; a test checks that the two agree).
REVIEW_BUDGET = 48

__all__ = ["argparse_in_our_language", "build_parser"]


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors become `UsageError` (one line, no usage dump)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the examples in epilogs as written."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ginrummy")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


class _VersionAction(argparse._VersionAction):
    """``--version``: the installed version, looked up only when asked (reading the
    package's metadata takes longer than building the whole parser)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        self.version = f"%(prog)s {_version()}"
        super().__call__(parser, *args, **kwargs)


# --- the types of option values -----------------------------------------------------------

#: The most digits a number on the command line may have (a 5000-digit seed is one error).
MAX_DIGITS = 18


def _minutes(text: str) -> float:
    """An argparse type: a number of minutes from 0.05 (3 seconds) to 1440 (a day); a
    fraction may be given ("0.5", or "0,5" as some languages write it)."""
    try:
        value = float(text.strip().replace(",", ".")) if len(text) <= 12 else float("nan")
    except ValueError:
        value = float("nan")
    if not 0.05 <= value <= 1440:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            # TRANSLATORS: about an option's value, after "argument --forfeit: ".
            _("must be a number of minutes from 0.05 to 1440, not {text}").format(text=repr(text))
        )
    return value


def _int_type(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number within ``low..high``, with a plain-words error."""

    def convert(text: str) -> int:
        if len(text.strip().lstrip("+-")) > MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                _("must be a whole number of at most {n} digits").format(n=MAX_DIGITS)
            )
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(
                # TRANSLATORS: about an option's value, after "argument --seed: ".
                _("must be a whole number, not {text}").format(text=repr(text))
            ) from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(
                _("must be at least {low}, not {value}").format(low=low, value=value)
            )
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(
                _("must be at most {high}, not {value}").format(high=high, value=value)
            )
        return value

    return convert


def _rules_type(text: str) -> Rules:
    try:
        return Rules.preset(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(describe(exc)) from None


def _card_type(text: str) -> Card:
    try:
        return parse_card(text)
    except CardError as exc:
        raise argparse.ArgumentTypeError(describe(exc)) from None


# --- the help texts -----------------------------------------------------------------------

# TRANSLATORS: the epilogs of `ginrummy --help` and of each command's --help. Translate the
# words, keep every command line (ginrummy ..., options, card codes) exactly as it is and keep
# the explanations lined up in their column; lines should stay under 80 characters.
MAIN_EPILOG = N_("""\
examples:
  ginrummy                                  the game (start screen)
  ginrummy play --vs computer --seed 7      a game against the computer
  ginrummy play --hotseat --names ANNA,BEN  two people at one keyboard
  ginrummy solve AS 2S 3S 7H 7D 7C QH QD QC KC
  ginrummy score 3S 4S 5S 7H 7D 7C QH QD QC AC \\
      --vs 9D TD JD 4H 4D 4C 6S 7S KS 8C
  ginrummy arena --players simple,random --games 200 --seed 1 --jobs 2
  ginrummy bench --quick
  ginrummy stats                            your statistics, per opponent
  ginrummy replay --list                    the finished games (1 = the oldest)
  ginrummy replay 3                         game 3 again, move by move

Cards are a rank (A 2-9 T or 10 J Q K) and a suit (S H D C or ♠ ♥ ♦ ♣), in
any case. Errors print one line and exit with status 2.""")

SOLVE_EPILOG = N_("""\
examples:
  ginrummy solve AS 2S 3S 7H 7D 7C QH QD QC KC
  ginrummy solve "10h jh qh kh 5c 5d 5s 2c 9d 9s" --ascii
  printf 'AS 2S 3S 4S\\n7H 7D 7C KS\\n' | ginrummy solve - --json

With -, every non-blank line of standard input is a hand (# starts a comment).
--json prints one object per hand and line:
  {"hand": [...], "melds": [[...]], "deadwood": [...], "deadwood_points": N}""")

SCORE_EPILOG = N_("""\
examples:
  ginrummy score 3S 4S 5S 7H 7D 7C QH QD QC AC \\
      --vs 9D TD JD 4H 4D 4C 6S 7S KS 8C
  ginrummy score "AS 2S 3S 5H 5D 5C 9C TC JC 8D" \\
      --vs "6H 7H 8H KS KH KD 2H 3D AD 4S"
  ginrummy score AC 2C 3C 4C 5C 6D 6H 6S JH QH KH \\
      --vs 7D 8D 9D 2H 2D 2S TS TD 4D 3H
  ginrummy score ... --vs ... --rules oklahoma --upcard 7S

The knocker shows its final 10 cards (11 for big gin), the defender its 10.
Both hands are arranged optimally: the defender's melds and lay-offs are chosen
together, and the knocker's arrangement is the one that scores best against
that defence. Under Oklahoma rules the knock limit comes from the first upcard:
give it with --knock-limit N, or give the upcard itself with --upcard (a spade
doubles the score).""")

ARENA_EPILOG = N_("""\
examples:
  ginrummy arena --players simple,random --games 200 --seed 1
  ginrummy arena --players simple,simple --games 1000 --seed 1 --jobs 2 --json

Game i is dealt from a seed derived from --seed and i; the seats swap every game
and the first dealer every two games, so both players sit and deal first equally
often.
--jobs J splits the games over J processes with results identical to --jobs 1.
Decision time is the time spent in a bot's choose() per move.""")

BENCH_EPILOG = N_("""\
examples:
  ginrummy bench
  ginrummy bench --quick --json
  ginrummy bench --peers

Times min_deadwood (given a list of Card) and best_melding on fixed seeded
corpora of 20,000 hands (uniform 10-card, meld-dense 10-card, uniform 11-card),
best of several passes, and simple against simple in the arena. --peers also
times OpenSpiel (open_spiel) and RLCard (rlcard) on the same hands if installed.""")

PLAY_EPILOG = N_("""\
examples:
  ginrummy play
  ginrummy play --vs computer --level simple --seed 7
  ginrummy play --hotseat --names ANNA,BEN --rules oklahoma
  ginrummy play --vs computer --ascii""")

# TRANSLATORS: key names (Left, Right, PageUp, PageDown, Home, End, Esc) stay in English.
REPLAY_EPILOG = N_("""\
examples:
  ginrummy replay            the latest finished game
  ginrummy replay --list     the finished games, numbered (1 = the oldest)
  ginrummy replay 3          game 3 of that list

Keys: Left/Right a move, PageUp/PageDown a round, Home/End the first or last
move, Esc back to the start screen. The history is kept in the data directory
($GINRUMMY_DATA_DIR overrides it).""")

REVIEW_EPILOG = N_("""\
examples:
  ginrummy review                        the latest finished game
  ginrummy review 3 --seat 1             game 3 of the history, seat 1
  ginrummy review games.jsonl --json     every game of a game record file
  ginrummy arena --players expert,master --games 20 --record games.jsonl

Each decision is valued by the game-win chance of every legal choice, from what
the player could see; its loss is the best choice's chance less the chance of
the move played. Grades by loss: inaccuracy from 2%, mistake from 5%, blunder
from 12%. Luck is what the deal and each stock draw changed against the average
card. --json prints losses and luck as fractions of one game won.""")

HOST_EPILOG = N_("""\
examples:
  ginrummy host --headless                  one table; prints its join code
  ginrummy host --headless --tables 20      twenty tables, one code a line
  ginrummy host --headless --bind 0.0.0.0 --cert cert.pem --key key.pem
  ginrummy host --web                       also a link to play in a browser

Tell the other players the address and the code. The match is saved after
every move: if the host stops, run the same command again and both players
rejoin (--new starts a new match instead).""")

JOIN_EPILOG = N_("""\
examples:
  ginrummy join 192.168.1.20 --code K7QMX-R3FTA --bot expert
  ginrummy join example.org:7777 --code K7QMX-R3FTA --cafile cert.pem --bot simple""")


SERVE_EPILOG = N_("""\
examples:
  ginrummy serve                            this machine only, port 8000
  ginrummy serve --bind 0.0.0.0 --cert cert.pem --key key.pem --sessions 4

Open the address printed (it holds a secret: give it only to your players).
Each page plays its own game, with a data folder of its own. Needs the web
extra: pip install 'ginrummy[web]'.""")


def argparse_in_our_language() -> None:
    """Make argparse's own words ("usage:", "options", its errors) come from our catalogue.

    argparse looks them up through its module-level ``_`` and ``ngettext`` when it uses
    them; our lookups read the current language at that moment. The msgids are marked in
    `ginrummy.cli.argparse_messages`.
    """
    setattr(argparse, "_", i18n.gettext)  # noqa: B010 - typeshed does not declare them
    setattr(argparse, "ngettext", i18n.ngettext)  # noqa: B010


def build_parser() -> argparse.ArgumentParser:
    """The whole command line (its help in the current language)."""
    argparse_in_our_language()
    parser = _Parser(
        prog=PROG,
        description=_("Gin Rummy in the terminal: the game, an optimal-meld solver and bot tools."),
        epilog=_(MAIN_EPILOG),
        formatter_class=_Formatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--version",
        action=_VersionAction,
        help=_("show program's version number and exit"),
    )
    # `main` takes --lang out of the command line before parsing (anywhere in it, so that the
    # help is already in that language); it is here to be listed in the help.
    parser.add_argument(
        "--lang",
        metavar="CODE",
        # TRANSLATORS: help of --lang; {codes} lists the language codes (en, pl, da...).
        help=_(
            "the language: {codes} (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG;"
            " for play, the one chosen in the settings)"
        ).format(codes=", ".join(i18n.LANGUAGES)),
    )
    # TRANSLATORS: the title of the list of commands in `ginrummy --help`.
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))

    def command(name: str, help: str, epilog: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = sub.add_parser(
            name,
            help=help,
            description=help,
            epilog=epilog,
            formatter_class=_Formatter,
            allow_abbrev=False,
        )
        return p

    presets = ", ".join(f"'{name}'" if " " in name else name for name in PRESETS)
    # TRANSLATORS: --help texts of the options. The preset names, option names and card
    # codes (AS, TD) are what the program reads: keep them.
    # TRANSLATORS: {presets} lists the preset names as the program reads them (Standard,
    # Classic, ... 'Straight gin', EAAI).
    rules_help = _("rules preset: {presets} (default: Standard)").format(presets=presets)
    ascii_help = _("cards as AS, 10D instead of symbols")
    json_help = _("print one JSON object")

    play = command("play", _("play the game (the default command)"), _(PLAY_EPILOG))
    play.add_argument("--vs", metavar="computer", help=_("play against the computer"))
    play.add_argument("--hotseat", action="store_true", help=_("two people at one keyboard"))
    play.add_argument("--level", help=_("the computer's level (default: as last time, or simple)"))
    play.add_argument("--names", metavar="A,B", help=_("the two hot-seat players' names"))
    play.add_argument("--seed", type=_int_type(0), help=_("deal reproducibly"))
    play.add_argument(
        "--new",
        action="store_true",
        help=_("start a new game even if one is saved for this opponent (it replaces it)"),
    )
    play.add_argument(
        "--rules",
        type=_rules_type,
        metavar="PRESET",
        help=_("rules preset: {presets} (default: as last time)").format(presets=presets),
    )
    play.add_argument(
        "--ascii",
        action="store_true",
        default=None,
        help=_("cards as AS, 10D instead of symbols (default: the setting)"),
    )

    solve = command("solve", _("the best melding and deadwood of a hand"), _(SOLVE_EPILOG))
    solve.add_argument("cards", nargs="+", metavar="CARDS", help=_("the cards, or - for stdin"))
    solve.add_argument("--json", action="store_true", help=_("one JSON object per hand"))
    solve.add_argument("--ascii", action="store_true", help=ascii_help)

    score = command("score", _("settle a showdown: arrangements, lay-offs, score"), _(SCORE_EPILOG))
    score.add_argument("knocker", nargs="+", metavar="KNOCKER_CARDS", help=_("the knocker's cards"))
    score.add_argument(
        "--vs", nargs="+", required=True, metavar="CARDS", help=_("the defender's 10 cards")
    )
    score.add_argument("--rules", type=_rules_type, metavar="PRESET", help=rules_help)
    limit = score.add_mutually_exclusive_group()
    limit.add_argument(
        "--knock-limit",
        type=_int_type(0, 10),
        metavar="N",
        help=_("the round's knock limit (0-10; needed for Oklahoma)"),
    )
    limit.add_argument(
        "--upcard", type=_card_type, metavar="CARD", help=_("Oklahoma: the round's first upcard")
    )
    score.add_argument("--json", action="store_true", help=_("print a JSON object"))
    score.add_argument("--ascii", action="store_true", help=ascii_help)

    arena = command("arena", _("bot against bot: whole games and statistics"), _(ARENA_EPILOG))
    arena.add_argument(
        "--players", required=True, metavar="A,B", help=_("two bots, e.g. simple,random")
    )
    arena.add_argument(
        "--games", type=_int_type(1), default=100, metavar="N", help=_("(default 100)")
    )
    arena.add_argument(
        "--seed", type=_int_type(0), metavar="S", help=_("(default: random, printed)")
    )
    arena.add_argument("--rules", type=_rules_type, metavar="PRESET", help=rules_help)
    arena.add_argument(
        "--jobs",
        type=_int_type(0, 256),
        default=1,
        metavar="J",
        help=_("worker processes (default 1; 0: one per core)"),
    )
    arena.add_argument("--json", action="store_true", help=json_help)
    arena.add_argument(
        "--record",
        metavar="FILE",
        # TRANSLATORS: help of arena --record; keep ".jsonl".
        help=_("write every game as a game record, one JSON line each, to FILE (.jsonl)"),
    )

    bench = command("bench", _("solver and play speed on fixed corpora"), _(BENCH_EPILOG))
    bench.add_argument("--json", action="store_true", help=json_help)
    bench.add_argument("--quick", action="store_true", help=_("small corpora, for a smoke test"))
    bench.add_argument("--peers", action="store_true", help=_("also time OpenSpiel and RLCard"))

    stats = command(
        "stats",
        _("statistics of your finished games, per opponent"),
        _("The history is kept in the data directory ($GINRUMMY_DATA_DIR overrides it)."),
    )
    stats.add_argument("--json", action="store_true", help=json_help)
    stats.add_argument(
        "--review",
        action="store_true",
        help=_(
            "first review the latest games not reviewed yet (those the accuracy and luck"
            " figures use: about 5 s a game)"
        ),
    )

    replay = command(
        "replay",
        _("replay a finished game move by move, every hand face up"),
        _(REPLAY_EPILOG),
    )
    replay.add_argument(
        "game",
        nargs="?",
        metavar="N|FILE",
        help=_(
            "the game's number (1 = the oldest; default: latest), or a game record file"
            " (its first game)"
        ),
    )
    replay.add_argument("--list", action="store_true", help=_("list the finished games, numbered"))
    replay.add_argument(
        "--export",
        metavar="FILE",
        # TRANSLATORS: help of replay --export; keep "-" (standard output).
        help=_("write the game as a game record (JSON lines) to FILE (-: standard output)"),
    )
    replay.add_argument("--ascii", action="store_true", help=ascii_help)

    review = command(
        "review",
        _("review a game: each decision's cost in game-win chance, accuracy and luck"),
        _(REVIEW_EPILOG),
    )
    review.add_argument(
        "game",
        nargs="?",
        metavar="N|FILE",
        help=_("a game of the history (1 = the oldest; default: latest) or a game record file"),
    )
    review.add_argument(
        "--seat",
        metavar="S",
        help=_("the seat to review: 0, 1 or a player's name (default: the people who played)"),
    )
    review.add_argument(
        "--json", action="store_true", help=_("print one JSON object per line and game")
    )
    review.add_argument(
        "--budget",
        type=_int_type(1, 4096),
        default=REVIEW_BUDGET,
        metavar="N",
        help=_("sampled deals per decision (default {n}; more is steadier and slower)").format(
            n=REVIEW_BUDGET
        ),
    )
    review.add_argument(
        "--seed",
        type=_int_type(0),
        default=0,
        metavar="S",
        help=_("the evaluation's seed (default 0)"),
    )
    review.add_argument(
        "--jobs",
        type=_int_type(0, 256),
        default=1,
        metavar="J",
        help=_("worker processes (default 1; 0: one per core)"),
    )
    review.add_argument("--ascii", action="store_true", help=ascii_help)

    port_type = _int_type(0, 65535)
    host = command("host", _("host an online table and print its join code"), _(HOST_EPILOG))
    host.add_argument(
        "--port", type=port_type, default=7777, metavar="PORT", help=_("(default 7777)")
    )
    host.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDRESS",
        help=_("the address to listen on (default 127.0.0.1: this machine only)"),
    )
    host.add_argument("--rules", type=_rules_type, metavar="PRESET", help=rules_help)
    host.add_argument("--name", metavar="NAME", help=_("your name at the table"))
    host.add_argument(
        "--headless",
        action="store_true",
        help=_("no table here: both seats of every table join from elsewhere"),
    )
    host.add_argument(
        "--tables",
        type=_int_type(1, 1000),
        default=1,
        metavar="N",
        help=_("how many tables (with --headless; default 1)"),
    )
    host.add_argument("--cert", metavar="FILE", help=_("TLS certificate (PEM), with --key"))
    host.add_argument("--key", metavar="FILE", help=_("TLS private key (PEM), with --cert"))
    host.add_argument(
        "--new", action="store_true", help=_("do not serve the saved online match again")
    )
    host.add_argument(
        "--clock",
        type=_int_type(5, 3600),
        metavar="SECONDS",
        # TRANSLATORS: help of host --clock.
        help=_(
            "a turn clock: each turn gets SECONDS, then the computer plays it (default: no clock)"
        ),
    )
    host.add_argument(
        "--level",
        choices=LEVELS,
        default="simple",
        metavar="LEVEL",
        # TRANSLATORS: help of host --level (with --clock); keep "simple".
        help=_("the computer that plays a turn whose time ran out (default simple)"),
    )
    host.add_argument(
        "--forfeit",
        type=_minutes,
        metavar="MINUTES",
        # TRANSLATORS: help of host --forfeit.
        help=_(
            "a player away (gone, or with --clock not answering) longer than MINUTES loses"
            " the match by forfeit (default: never)"
        ),
    )

    host.add_argument(
        "--web",
        type=port_type,
        nargs="?",
        const=8000,
        metavar="PORT",
        # TRANSLATORS: help of host --web.
        help=_(
            "also serve a page whose link seats the other player in a browser"
            " (on PORT, default 8000; needs the web extra)"
        ),
    )

    join = command("join", _("take a seat at an online table"), _(JOIN_EPILOG))
    join.add_argument("address", metavar="HOST[:PORT]", help=_("the host's address"))
    join.add_argument(
        "--code",
        required=True,
        nargs="+",
        metavar="CODE",
        # TRANSLATORS: help of join --code; keep "K7QMX-R3FTA" and "k7qmx r3fta".
        help=_("the table's join code (K7QMX-R3FTA, or k7qmx r3fta with a space)"),
    )
    join.add_argument("--name", metavar="NAME", help=_("your name at the table"))
    join.add_argument(
        "--bot", choices=LEVELS, metavar="LEVEL", help=_("a computer player plays the seat")
    )
    join.add_argument(
        "--cafile", metavar="FILE", help=_("trust this certificate (PEM) and connect with TLS")
    )

    serve = command("serve", _("the game in a browser: print an address to open"), _(SERVE_EPILOG))
    serve.add_argument(
        "--port", type=port_type, default=8000, metavar="PORT", help=_("(default 8000)")
    )
    serve.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDRESS",
        help=_("the address to listen on (default 127.0.0.1: this machine only)"),
    )
    serve.add_argument("--cert", metavar="FILE", help=_("TLS certificate (PEM), with --key"))
    serve.add_argument("--key", metavar="FILE", help=_("TLS private key (PEM), with --cert"))
    serve.add_argument(
        "--sessions",
        type=_int_type(1, 64),
        default=8,
        metavar="N",
        # TRANSLATORS: help of serve --sessions.
        help=_("the most games at once, one per open page (default 8)"),
    )
    return parser
