"""The ``ginrummy`` command: the game, and the tools ``solve``, ``score``, ``arena``, ``bench``.

Every failure is one line on stderr, ``ginrummy: error: ...``, and exit status 2;
Ctrl+C exits with 130. Nothing here prints a traceback (set ``GINRUMMY_DEBUG=1`` to
see one for an unexpected internal error).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from .core import (
    Card,
    CardParseError,
    Melding,
    ResultKind,
    Rules,
    RulesError,
    best_discards,
    best_melding,
    mask_of,
    min_deadwood,
    parse_card,
    parse_cards,
    settle,
)
from .core.cards import cards_from_mask

__all__ = ["PlayOptions", "UsageError", "build_parser", "main", "parse_play_options"]

PROG = "ginrummy"


class UsageError(Exception):
    """A bad command line or input: reported as one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors become `UsageError` (one line, no usage dump)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the examples in epilogs as written."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


# --- small helpers ----------------------------------------------------------------------


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ginrummy")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


def _int_type(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number within ``low..high``, with a plain-words error."""

    def convert(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
        return value

    return convert


def _rules_type(text: str) -> Rules:
    try:
        return Rules.preset(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _card_type(text: str) -> Card:
    try:
        return parse_card(text)
    except CardParseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _symbols_ok() -> bool:
    """Whether stdout can show suit symbols (else cards are printed as codes)."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class _Cards:
    """Formats cards as pretty symbols (``10♦``) or codes (``TD``)."""

    def __init__(self, ascii: bool) -> None:
        self.ascii = ascii or not _symbols_ok()

    def card(self, card: Card) -> str:
        return card.code if self.ascii else card.pretty

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def melds(self, melding: Melding) -> str:
        return " ".join(f"[{self.cards(m.cards)}]" for m in melding.melds) or "no melds"


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def _out(text: str) -> None:
    """Print a line; characters stdout cannot encode are replaced rather than fatal."""
    try:
        sys.stdout.write(text + "\n")
    except UnicodeEncodeError:
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        sys.stdout.write((text + "\n").encode(encoding, "replace").decode(encoding))


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


# --- solve ------------------------------------------------------------------------------


def solve_hand(cards: Sequence[Card]) -> dict[str, Any]:
    """The ``--json`` object for one hand."""
    melding = best_melding(cards)
    return {"hand": _codes(cards), **melding.to_dict()}


def format_solution(cards: Sequence[Card], fmt: _Cards) -> str:
    """A hand's best arrangement in words."""
    melding = best_melding(cards)
    points = melding.deadwood_points
    note = ""
    if points == 0 and len(cards) == 10:
        note = " (gin)"
    elif points == 0 and len(cards) == 11:
        note = " (big gin)"
    dead = fmt.cards(melding.deadwood) or "none"
    lines = [
        f"Hand      {fmt.cards(cards)}",
        f"Melds     {fmt.melds(melding)}",
        f"Deadwood  {dead} = {_points(points)}{note}",
    ]
    if len(cards) == 11 and points:
        left, discards = best_discards(cards)
        options = " or ".join(fmt.card(c) for c in discards)
        lines.append(f"Discard   {options} (leaves {_points(left)} of deadwood)")
    return "\n".join(lines)


def _read_stdin_hands() -> Iterator[tuple[int, list[Card]]]:
    """(line number, cards) for each non-blank line of stdin; ``#`` starts a comment."""
    try:
        for number, line in enumerate(sys.stdin, start=1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                yield number, parse_cards(text)
            except CardParseError as exc:
                raise UsageError(f"line {number}: {exc}") from None
    except UnicodeDecodeError:
        raise UsageError("standard input is not text") from None


def _cmd_solve(args: argparse.Namespace) -> int:
    fmt = _Cards(args.ascii)
    tokens: list[str] = args.cards
    if tokens == ["-"]:
        hands: Iterable[tuple[int, list[Card]]] = _read_stdin_hands()
    elif "-" in tokens:
        raise UsageError("give either cards or a single '-' to read hands from standard input")
    else:
        try:
            hands = [(0, parse_cards(tokens))]
        except CardParseError as exc:
            raise UsageError(str(exc)) from None
        if not hands[0][1]:
            raise UsageError("no cards given: write the cards of a hand, e.g. AS 2S 3S 7H")
    first = True
    for _, cards in hands:
        if args.json:
            _out(json.dumps(solve_hand(cards)))
        else:
            if not first:
                _out("")
            _out(format_solution(cards, fmt))
        first = False
    return 0


# --- score ------------------------------------------------------------------------------


def _parse_hand(tokens: Sequence[str], who: str) -> list[Card]:
    try:
        return parse_cards(tokens)
    except CardParseError as exc:
        raise UsageError(f"the {who}'s cards: {exc}") from None


def score_showdown(
    knocker_cards: Sequence[Card],
    defender_cards: Sequence[Card],
    rules: Rules,
    *,
    knock_limit: int | None = None,
    upcard: Card | None = None,
    ascii: bool = False,
) -> dict[str, Any]:
    """Settle a table's showdown; the ``--json`` object (raises `UsageError` if impossible)."""
    fmt = _Cards(ascii)
    n = len(knocker_cards)
    if n not in (10, 11):
        raise UsageError(f"the knocker must show 10 cards (or 11 for big gin), not {n}")
    if len(defender_cards) != 10:
        raise UsageError(f"the defender must show 10 cards, not {len(defender_cards)}")
    k_mask, d_mask = mask_of(knocker_cards), mask_of(defender_cards)
    shared = cards_from_mask(k_mask & d_mask)
    if shared:
        which = " ".join(c.code for c in shared)
        raise UsageError(f"card{'s' if len(shared) > 1 else ''} {which} in both hands")
    if upcard is not None and not rules.oklahoma:
        raise UsageError("--upcard only matters under Oklahoma rules (--rules oklahoma)")
    multiplier = 1
    if knock_limit is not None:
        limit: int | None = knock_limit
    elif rules.oklahoma:
        limit = rules.round_knock_limit(upcard.value) if upcard is not None else None
    else:
        limit = rules.knock_limit
    if upcard is not None and rules.spade_doubles and upcard.suit == 0:
        multiplier = 2
    k_min = min_deadwood(k_mask)
    if n == 11:
        if rules.big_gin_bonus is None:
            raise UsageError("big gin is off under these rules: the knocker must show 10 cards")
        if k_min:
            raise UsageError(
                "11 knocker cards are only for big gin (all eleven in melds), but these leave"
                f" {_points(k_min)} of deadwood"
            )
    elif k_min:
        if limit is None:
            raise UsageError(
                "Oklahoma rules take the knock limit from the first upcard, which score cannot"
                " see: give it with --knock-limit N (or the upcard with --upcard CARD)"
            )
        if k_min > limit:
            dead = fmt.cards(best_melding(k_mask).deadwood)
            allowed = "only gin may go out" if limit == 0 else f"the knock limit is {limit}"
            raise UsageError(
                f"illegal knock: the knocker's least deadwood is {k_min} ({dead}), but {allowed}"
            )
    try:
        showdown = settle(
            k_mask,
            d_mask,
            knock_limit=limit if limit is not None else 0,
            gin_bonus=rules.gin_bonus,
            undercut_bonus=rules.undercut_bonus,
            big_gin_bonus=rules.big_gin_bonus,
        )
    except ValueError as exc:  # pragma: no cover - the checks above come first
        raise UsageError(str(exc)) from None
    kind = showdown.kind
    k, d = showdown.knocker_deadwood, showdown.defender_deadwood
    base = showdown.points
    if kind is ResultKind.BIG_GIN:
        words = f"Big Gin! The knocker scores {rules.big_gin_bonus} + {d} = {base}."
    elif kind is ResultKind.GIN:
        words = f"Gin! The knocker scores {rules.gin_bonus} + {d} = {base}."
    elif kind is ResultKind.KNOCK:
        words = f"Knock. The knocker scores {d} - {k} = {base}."
    else:
        tie = " (a tie counts as one)" if d == k else ""
        words = f"Undercut{tie}! The defender scores {rules.undercut_bonus} + {k} - {d} = {base}."
    if multiplier != 1:
        words += f" Doubled by the spade upcard: {base * multiplier}."
    layoffs = [
        {"meld": _codes(meld.cards), "cards": _codes(cards)}
        for meld, cards in zip(showdown.knocker.melds, showdown.defence.layoffs, strict=True)
        if cards
    ]
    return {
        "kind": kind.value,
        "winner": "knocker" if showdown.knocker_won else "defender",
        "points": base * multiplier,
        "base_points": base,
        "multiplier": multiplier,
        "rules": rules.name,
        "knock_limit": limit,
        "knocker_deadwood": k,
        "defender_deadwood": d,
        "knocker": showdown.knocker.to_dict(),
        "defender": showdown.defence.melding.to_dict(),
        "layoffs": layoffs,
        "explanation": words,
    }


def format_score(result: dict[str, Any], ascii: bool = False) -> str:
    """The showdown in words: both arrangements, the lay-offs, the score."""
    fmt = _Cards(ascii)

    def cards(codes: Sequence[str]) -> str:
        return fmt.cards(parse_card(c) for c in codes)

    def melds(side: dict[str, Any]) -> str:
        return " ".join(f"[{cards(m)}]" for m in side["melds"]) or "no melds"

    def deadwood(side: dict[str, Any]) -> str:
        return f"deadwood {cards(side['deadwood']) or 'none'} = {side['deadwood_points']}"

    limit = result["knock_limit"]
    header = f"{result['rules']} rules"
    if limit is not None:
        header += ", gin only" if limit == 0 else f", knock limit {limit}"
    pad = " " * 10
    lines = [
        header,
        "",
        f"Knocker   {melds(result['knocker'])}",
        f"{pad}{deadwood(result['knocker'])}",
        f"Defender  {melds(result['defender'])}",
    ]
    if result["kind"] in ("gin", "big_gin"):
        lines.append(f"{pad}no lay-offs against {result['kind'].replace('_', ' ')}")
    elif not result["layoffs"]:
        lines.append(f"{pad}nothing to lay off")
    for lay in result["layoffs"]:
        lines.append(f"{pad}lays off {cards(lay['cards'])} on [{cards(lay['meld'])}]")
    lines += [f"{pad}{deadwood(result['defender'])}", "", result["explanation"]]
    return "\n".join(lines)


def _cmd_score(args: argparse.Namespace) -> int:
    knocker = _parse_hand(args.knocker, "knocker")
    defender = _parse_hand(args.vs, "defender")
    rules: Rules = args.rules if args.rules is not None else Rules()
    result = score_showdown(
        knocker,
        defender,
        rules,
        knock_limit=args.knock_limit,
        upcard=args.upcard,
        ascii=args.ascii,
    )
    _out(json.dumps(result) if args.json else format_score(result, args.ascii))
    return 0


# --- arena and bench --------------------------------------------------------------------


def _cmd_arena(args: argparse.Namespace) -> int:
    from . import arena

    try:
        bots, names = arena.parse_players(args.players)
    except arena.ArenaError as exc:
        raise UsageError(str(exc)) from None
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    jobs = args.jobs if args.jobs else arena.default_jobs()
    try:
        result = arena.run_with_progress(
            bots,
            args.games,
            seed=seed,
            rules=args.rules if args.rules is not None else Rules(),
            jobs=jobs,
            names=names,
        )
    except arena.ArenaError as exc:
        raise UsageError(str(exc)) from None
    _out(json.dumps(result.to_dict()) if args.json else arena.format_report(result))
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from . import bench

    result = bench.run_bench(quick=args.quick, peers=args.peers)
    _out(json.dumps(result) if args.json else bench.format_bench(result))
    return 0


# --- play -------------------------------------------------------------------------------


def play_levels() -> list[str]:
    """The computer opponents a person can play against (every bot but random)."""
    from .players import PLAYERS

    return [name for name in PLAYERS if name != "random"]


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``ginrummy play`` passes to the app's ``launch``."""

    #: None: the start screen; "computer" or "hotseat": straight to the table.
    mode: str | None
    #: None (here and below): not given, so the saved settings apply.
    level: str | None
    names: tuple[str, str] | None
    seed: int | None
    rules: Rules | None
    ascii: bool | None


MAX_NAME = 16


def _play_options(args: argparse.Namespace) -> PlayOptions:
    if args.vs is not None and args.hotseat:
        raise UsageError("choose one: --vs computer or --hotseat")
    if args.vs is not None and args.vs.strip().lower() != "computer":
        raise UsageError(
            f"--vs only accepts 'computer', not {args.vs!r} (two people at one keyboard: --hotseat)"
        )
    mode: str | None = None
    if args.vs is not None or (args.level is not None and not args.hotseat):
        mode = "computer"
    if args.hotseat or (args.names is not None and mode is None):
        mode = "hotseat"
    level: str | None = None
    if args.level is not None:
        if mode == "hotseat":
            raise UsageError("--level is for a game against the computer, not --hotseat")
        levels = play_levels()
        level = args.level.strip().lower()
        if level not in levels:
            raise UsageError(f"unknown level {args.level!r}: choose from {', '.join(levels)}")
    names: tuple[str, str] | None = None
    if args.names is not None:
        if mode != "hotseat":
            raise UsageError("--names is for --hotseat (two people at one keyboard)")
        parts = [p.strip() for p in args.names.split(",")]
        if len(parts) != 2 or not all(parts):
            raise UsageError(
                f"--names takes two names separated by a comma, e.g. ANNA,BEN, not {args.names!r}"
            )
        for name in parts:
            if len(name) > MAX_NAME:
                raise UsageError(f"the name {name!r} is too long: at most {MAX_NAME} characters")
            if not name.isprintable():
                raise UsageError(f"the name {name!r} has characters that cannot be shown")
        if parts[0].casefold() == parts[1].casefold():
            raise UsageError("the two players need different names")
        names = (parts[0], parts[1])
    return PlayOptions(
        mode=mode,
        level=level,
        names=names,
        seed=args.seed,
        rules=args.rules,
        ascii=args.ascii,
    )


def parse_play_options(argv: Sequence[str]) -> PlayOptions:
    """The options of ``ginrummy play ARGV...``; raises `UsageError` for bad ones."""
    args = build_parser().parse_args(["play", *argv])
    return _play_options(args)


def _cmd_play(args: argparse.Namespace) -> int:
    options = _play_options(args)
    import importlib

    try:
        app = importlib.import_module("ginrummy.app")
    except ImportError as exc:
        raise UsageError(f"the game cannot start: {exc}") from None
    launch = getattr(app, "launch", None)
    if launch is None:
        raise UsageError("the game cannot start: ginrummy.app has no launch() yet")
    launch(
        mode=options.mode,
        level=options.level,
        names=options.names,
        seed=options.seed,
        rules=options.rules,
        ascii=options.ascii,
    )
    return 0


# --- stats -------------------------------------------------------------------------------


def _warn_problems(store: Any) -> None:
    for problem in store.take_problems():
        sys.stderr.write(f"{PROG}: warning: {problem.message()}\n")


def _cmd_stats(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from .stats import compute, format_table
    from .storage import Store

    store = Store()
    history = store.history()
    table = compute(history)
    _warn_problems(store)
    if args.json:
        out = {k: {**asdict(v), "points_per_round": v.points_per_round} for k, v in table.items()}
        _out(json.dumps(out, indent=1))
    else:
        _out(format_table(table))
        if history:
            _out("")
            _out(_latest_games(history))
    return 0


#: How many of the latest finished games `ginrummy stats` lists.
STATS_GAMES = 10


def _latest_games(history: Sequence[Any]) -> str:
    """The latest finished games, numbered as ``ginrummy replay --list`` numbers them."""
    count = len(history)
    shown = min(count, STATS_GAMES)
    head = (
        "Finished games (1 = the oldest)"
        if shown == count
        else (f"The latest {shown} of {count} finished games (ginrummy replay --list shows all)")
    )
    lines = [f"{head}; ginrummy replay N replays game N:"]
    for i in range(count - shown + 1, count + 1):
        lines.append(f"{i:>4}  {history[i - 1].summary()}")
    return "\n".join(lines)


# --- replay -----------------------------------------------------------------------------


def _cmd_replay(args: argparse.Namespace) -> int:
    from .storage import Store

    store = Store()
    history = store.history()
    _warn_problems(store)
    if not history:
        raise UsageError(
            f"no finished games in the history yet ({store.root}): finish a game to replay it"
        )
    count = len(history)
    if args.list:
        for i, record in enumerate(history, 1):
            _out(f"{i:>4}  {record.summary()}")
        return 0
    text = args.game
    number = count
    if text is not None:
        try:
            number = int(text.strip())
        except ValueError:
            raise UsageError(f"the game number must be a whole number, not {text!r}") from None
        if not 1 <= number <= count:
            which = "game 1" if count == 1 else f"1 (the oldest) to {count} (the latest)"
            raise UsageError(
                f"there is no game {number} in the history: choose {which}"
                " (ginrummy replay --list shows them)"
            )
    import importlib

    try:
        app = importlib.import_module("ginrummy.app")
    except ImportError as exc:
        raise UsageError(f"the replay cannot start: {exc}") from None
    app.launch(replay=number, ascii=True if args.ascii else None)
    return 0


# --- the parser -------------------------------------------------------------------------

_MAIN_EPILOG = """\
examples:
  ginrummy                                  the game (start screen)
  ginrummy play --vs computer --seed 7      straight to a game against the computer
  ginrummy play --hotseat --names ANNA,BEN  two people at one keyboard
  ginrummy solve AS 2S 3S 7H 7D 7C QH QD QC KC
  ginrummy score 3S 4S 5S 7H 7D 7C QH QD QC AC --vs 9D TD JD 4H 4D 4C 6S 7S KS 8C
  ginrummy arena --players simple,random --games 200 --seed 1 --jobs 2
  ginrummy bench --quick
  ginrummy stats                            your statistics from the history of games
  ginrummy replay --list                    the finished games, numbered (1 = the oldest)
  ginrummy replay 3                         replay game 3 move by move (default: the latest)

Cards are a rank (A 2-9 T or 10 J Q K) and a suit (S H D C or ♠ ♥ ♦ ♣), any case.
Errors print one line and exit with status 2."""

_SOLVE_EPILOG = """\
examples:
  ginrummy solve AS 2S 3S 7H 7D 7C QH QD QC KC
  ginrummy solve "10h jh qh kh 5c 5d 5s 2c 9d 9s" --ascii
  printf 'AS 2S 3S 4S\\n7H 7D 7C KS\\n' | ginrummy solve - --json

With -, every non-blank line of standard input is a hand (# starts a comment).
--json prints one object per hand and line:
  {"hand": [...], "melds": [[...], ...], "deadwood": [...], "deadwood_points": N}"""

_SCORE_EPILOG = """\
examples:
  ginrummy score 3S 4S 5S 7H 7D 7C QH QD QC AC --vs 9D TD JD 4H 4D 4C 6S 7S KS 8C
  ginrummy score "AS 2S 3S 5H 5D 5C 9C TC JC 8D" --vs "6H 7H 8H KS KH KD 2H 3D AD 4S"
  ginrummy score AC 2C 3C 4C 5C 6D 6H 6S JH QH KH --vs 7D 8D 9D 2H 2D 2S TS TD 4D 3H
  ginrummy score ... --vs ... --rules oklahoma --upcard 7S

The knocker shows its final 10 cards (11 for big gin), the defender its 10. Both hands
are arranged optimally: the defender's melds and lay-offs are chosen together, and
the knocker's arrangement is the one that scores best against that defence.
Under Oklahoma rules the knock limit comes from the first upcard: give it with
--knock-limit N, or give the upcard itself with --upcard (a spade doubles the score)."""

_ARENA_EPILOG = """\
examples:
  ginrummy arena --players simple,random --games 200 --seed 1
  ginrummy arena --players simple,simple --games 1000 --seed 1 --jobs 2 --json

Game i is dealt from a seed derived from --seed and i; the seats swap every game and
the first dealer every two games, so both players sit and deal first equally often.
--jobs J splits the games over J processes with results identical to --jobs 1.
Decision time is the time spent in a bot's choose() per move."""

_BENCH_EPILOG = """\
examples:
  ginrummy bench
  ginrummy bench --quick --json
  ginrummy bench --peers

Times min_deadwood (given a list of Card) and best_melding on fixed seeded corpora
of 20,000 hands (uniform 10-card, meld-dense 10-card, uniform 11-card), best of
several passes, and simple against simple in the arena. --peers also times
OpenSpiel (open_spiel) and RLCard (rlcard) on the same hands if they are installed."""

_PLAY_EPILOG = """\
examples:
  ginrummy play
  ginrummy play --vs computer --level simple --seed 7
  ginrummy play --hotseat --names ANNA,BEN --rules oklahoma
  ginrummy play --vs computer --ascii"""


def build_parser() -> argparse.ArgumentParser:
    """The whole command line."""
    parser = _Parser(
        prog=PROG,
        description="Gin Rummy in the terminal: the game, an optimal-meld solver and bot tools.",
        epilog=_MAIN_EPILOG,
        formatter_class=_Formatter,
        allow_abbrev=False,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

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

    rules_help = "rules preset: Standard (default), Classic, Tournament, Oklahoma, 'Straight gin'"

    play = command("play", "play the game (the default command)", _PLAY_EPILOG)
    play.add_argument("--vs", metavar="computer", help="play against the computer")
    play.add_argument("--hotseat", action="store_true", help="two people at one keyboard")
    play.add_argument("--level", help="the computer's level (default: as last time, or simple)")
    play.add_argument("--names", metavar="A,B", help="the two hot-seat players' names")
    play.add_argument("--seed", type=_int_type(0), help="deal reproducibly")
    play.add_argument(
        "--rules", type=_rules_type, metavar="PRESET", help=rules_help + "; default: as last time"
    )
    play.add_argument(
        "--ascii",
        action="store_true",
        default=None,
        help="cards as AS, TD instead of symbols (default: the setting)",
    )
    play.set_defaults(handler=_cmd_play)

    solve = command("solve", "the best melding and deadwood of a hand", _SOLVE_EPILOG)
    solve.add_argument("cards", nargs="+", metavar="CARDS", help="the cards, or - for stdin")
    solve.add_argument("--json", action="store_true", help="one JSON object per hand")
    solve.add_argument("--ascii", action="store_true", help="cards as AS, TD instead of symbols")
    solve.set_defaults(handler=_cmd_solve)

    score = command("score", "settle a showdown: arrangements, lay-offs, score", _SCORE_EPILOG)
    score.add_argument("knocker", nargs="+", metavar="KNOCKER_CARDS", help="the knocker's cards")
    score.add_argument(
        "--vs", nargs="+", required=True, metavar="CARDS", help="the defender's 10 cards"
    )
    score.add_argument("--rules", type=_rules_type, metavar="PRESET", help=rules_help)
    limit = score.add_mutually_exclusive_group()
    limit.add_argument(
        "--knock-limit",
        type=_int_type(0, 10),
        metavar="N",
        help="the round's knock limit (0-10; needed for Oklahoma)",
    )
    limit.add_argument(
        "--upcard", type=_card_type, metavar="CARD", help="Oklahoma: the round's first upcard"
    )
    score.add_argument("--json", action="store_true", help="print a JSON object")
    score.add_argument("--ascii", action="store_true", help="cards as AS, TD instead of symbols")
    score.set_defaults(handler=_cmd_score)

    arena = command("arena", "bot against bot: whole games and statistics", _ARENA_EPILOG)
    arena.add_argument(
        "--players", required=True, metavar="A,B", help="two bots, e.g. simple,random"
    )
    arena.add_argument("--games", type=_int_type(1), default=100, metavar="N", help="(default 100)")
    arena.add_argument("--seed", type=_int_type(0), metavar="S", help="(default: random, printed)")
    arena.add_argument("--rules", type=_rules_type, metavar="PRESET", help=rules_help)
    arena.add_argument(
        "--jobs",
        type=_int_type(0, 256),
        default=1,
        metavar="J",
        help="worker processes (default 1; 0: one per core)",
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.set_defaults(handler=_cmd_arena)

    bench = command("bench", "solver and play speed on fixed corpora", _BENCH_EPILOG)
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--quick", action="store_true", help="small corpora, for a smoke test")
    bench.add_argument("--peers", action="store_true", help="also time OpenSpiel and RLCard")
    bench.set_defaults(handler=_cmd_bench)

    stats = command(
        "stats",
        "statistics of your finished games, per opponent",
        "The history is kept in the data directory ($GINRUMMY_DATA_DIR overrides it).",
    )
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(handler=_cmd_stats)

    replay = command(
        "replay",
        "replay a finished game move by move, every hand face up",
        "examples:\n  ginrummy replay            the latest finished game\n"
        "  ginrummy replay --list     the finished games, numbered (1 = the oldest)\n"
        "  ginrummy replay 3          game 3 of that list\n\n"
        "Keys: Left/Right a move, PageUp/PageDown a round, Home/End the first or last move,\n"
        "Esc back to the start screen. The history is kept in the data directory\n"
        "($GINRUMMY_DATA_DIR overrides it).",
    )
    replay.add_argument(
        "game", nargs="?", metavar="N", help="the game's number (1 = the oldest; default: latest)"
    )
    replay.add_argument("--list", action="store_true", help="list the finished games, numbered")
    replay.add_argument("--ascii", action="store_true", help="cards as AS, TD instead of symbols")
    replay.set_defaults(handler=_cmd_replay)
    return parser


# --- main -------------------------------------------------------------------------------


def _error(message: str) -> None:
    text = " ".join(str(message).split())
    sys.stderr.write(f"{PROG}: error: {text}\n")
    sys.stderr.flush()


def _drop_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null so exiting does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, 2 for errors, 130 for Ctrl+C)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        args_list = ["play"]
    try:
        try:
            args = build_parser().parse_args(args_list)
        except SystemExit as exc:  # --help and --version
            sys.stdout.flush()
            return exc.code if isinstance(exc.code, int) else 0
        status: int = args.handler(args)
        sys.stdout.flush()
        return status
    except UsageError as exc:
        _error(str(exc))
        return 2
    except BrokenPipeError:
        _drop_stdout()
        _error("the output was closed before everything was written (broken pipe)")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG}: interrupted\n")
        return 130
    except Exception as exc:
        if os.environ.get("GINRUMMY_DEBUG"):
            raise
        _error(
            f"internal error: {type(exc).__name__}: {exc} (run with GINRUMMY_DEBUG=1 to see"
            " where; please report it)"
        )
        return 2
