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

from ..core import (
    Card,
    CardError,
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
from ..core.cards import cards_from_mask
from ..text import i18n
from ..text.i18n import N_, _, ngettext, pgettext
from ..text.names import preset_label

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
            # TRANSLATORS: about an option's value, after "argument --seed: ".
            raise argparse.ArgumentTypeError(
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
        raise argparse.ArgumentTypeError(str(exc)) from None


def _card_type(text: str) -> Card:
    try:
        return parse_card(text)
    except CardError as exc:
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
        return " ".join(f"[{self.cards(m.cards)}]" for m in melding.melds) or _("no melds")


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
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _labelled(rows: Sequence[tuple[str, str]], width: int = 10) -> list[str]:
    """``label  text`` lines with the texts in one column (at least ``width`` from the left)."""
    width = max(width, *(len(label) + 2 for label, _text in rows))
    return [f"{label:<{width}}{text}" for label, text in rows]


# --- solve ------------------------------------------------------------------------------


def solve_hand(cards: Sequence[Card]) -> dict[str, Any]:
    """The ``--json`` object for one hand."""
    melding = best_melding(cards)
    return {"hand": _codes(cards), **melding.to_dict()}


def format_solution(cards: Sequence[Card], fmt: _Cards) -> str:
    """A hand's best arrangement in words."""
    melding = best_melding(cards)
    points = melding.deadwood_points
    # TRANSLATORS: ginrummy solve: "none" stands for no deadwood cards.
    dead = fmt.cards(melding.deadwood) or pgettext("no cards", "none")
    if points == 0 and len(cards) == 10:
        deadwood = _("{cards} = {points} (gin)")
    elif points == 0 and len(cards) == 11:
        deadwood = _("{cards} = {points} (big gin)")
    else:
        deadwood = "{cards} = {points}"
    # TRANSLATORS: ginrummy solve: the labels of its lines (the texts line up after them).
    rows = [
        (pgettext("solve", "Hand"), fmt.cards(cards)),
        (pgettext("solve", "Melds"), fmt.melds(melding)),
        (pgettext("solve", "Deadwood"), deadwood.format(cards=dead, points=_points(points))),
    ]
    if len(cards) == 11 and points:
        left, discards = best_discards(cards)
        # TRANSLATORS: between the cards one may discard instead of each other ("7♥ or 8♦").
        options = _(" or ").join(fmt.card(c) for c in discards)
        rows.append(
            (
                pgettext("solve", "Discard"),
                _("{cards} (leaves {points} of deadwood)").format(
                    cards=options, points=_points(left)
                ),
            )
        )
    return "\n".join(_labelled(rows))


def _read_stdin_hands() -> Iterator[tuple[int, list[Card]]]:
    """(line number, cards) for each non-blank line of stdin; ``#`` starts a comment."""
    try:
        for number, line in enumerate(sys.stdin, start=1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                yield number, parse_cards(text)
            except CardError as exc:
                raise UsageError(
                    _("line {number}: {problem}").format(number=number, problem=exc)
                ) from None
    except UnicodeDecodeError:
        raise UsageError(_("standard input is not text")) from None


def _cmd_solve(args: argparse.Namespace) -> int:
    fmt = _Cards(args.ascii)
    tokens: list[str] = args.cards
    if tokens == ["-"]:
        hands: Iterable[tuple[int, list[Card]]] = _read_stdin_hands()
    elif "-" in tokens:
        raise UsageError(_("give either cards or a single '-' to read hands from standard input"))
    else:
        try:
            hands = [(0, parse_cards(tokens))]
        except CardError as exc:
            raise UsageError(str(exc)) from None
        if not hands[0][1]:
            raise UsageError(_("no cards given: write the cards of a hand, e.g. AS 2S 3S 7H"))
    first = True
    for _line, cards in hands:
        if args.json:
            _out(json.dumps(solve_hand(cards)))
        else:
            if not first:
                _out("")
            _out(format_solution(cards, fmt))
        first = False
    return 0


# --- score ------------------------------------------------------------------------------


def _parse_hand(tokens: Sequence[str], knocker: bool) -> list[Card]:
    try:
        return parse_cards(tokens)
    except CardError as exc:
        if knocker:
            message = _("the knocker's cards: {problem}")
        else:
            message = _("the defender's cards: {problem}")
        raise UsageError(message.format(problem=exc)) from None


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
        raise UsageError(
            _("the knocker must show 10 cards (or 11 for big gin), not {n}").format(n=n)
        )
    if len(defender_cards) != 10:
        raise UsageError(
            _("the defender must show 10 cards, not {n}").format(n=len(defender_cards))
        )
    k_mask, d_mask = mask_of(knocker_cards), mask_of(defender_cards)
    shared = cards_from_mask(k_mask & d_mask)
    if shared:
        which = " ".join(c.code for c in shared)
        raise UsageError(
            ngettext(
                "card {cards} in both hands", "cards {cards} in both hands", len(shared)
            ).format(cards=which)
        )
    if upcard is not None and not rules.oklahoma:
        raise UsageError(_("--upcard only matters under Oklahoma rules (--rules oklahoma)"))
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
            raise UsageError(_("big gin is off under these rules: the knocker must show 10 cards"))
        if k_min:
            raise UsageError(
                _(
                    "11 knocker cards are only for big gin (all eleven in melds), but these leave"
                    " {points} of deadwood"
                ).format(points=_points(k_min))
            )
    elif k_min:
        if limit is None:
            raise UsageError(
                _(
                    "Oklahoma rules take the knock limit from the first upcard, which score cannot"
                    " see: give it with --knock-limit N (or the upcard with --upcard CARD)"
                )
            )
        if k_min > limit:
            dead = fmt.cards(best_melding(k_mask).deadwood)
            if limit == 0:
                message = _(
                    "illegal knock: the knocker's least deadwood is {k} ({cards}), but only gin"
                    " may go out"
                )
            else:
                message = _(
                    "illegal knock: the knocker's least deadwood is {k} ({cards}), but the knock"
                    " limit is {limit}"
                )
            raise UsageError(message.format(k=k_min, cards=dead, limit=limit))
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
        # The JSON stays English; `format_score` words it in the player's language.
        "explanation": score_words(kind.value, k, d, base, multiplier, translate=False),
    }


def score_words(
    kind: str, k: int, d: int, points: int, multiplier: int, *, translate: bool = True
) -> str:
    """Who scores what, e.g. ``Knock. The knocker scores 12 - 5 = 7.`` (``kind`` as in JSON).

    The bonus is what the points hold beyond the deadwood. ``translate=False`` gives the
    English (for the JSON output).
    """
    tr: Callable[[str], str] = _ if translate else str
    # TRANSLATORS: ginrummy score: {bonus} is the bonus, {k} and {d} the knocker's and the
    # defender's deadwood, {points} the round's points. Keep the arithmetic as it is.
    if kind == ResultKind.BIG_GIN.value:
        text = tr(N_("Big Gin! The knocker scores {bonus} + {d} = {points}."))
        bonus = points - d
    elif kind == ResultKind.GIN.value:
        text = tr(N_("Gin! The knocker scores {bonus} + {d} = {points}."))
        bonus = points - d
    elif kind == ResultKind.KNOCK.value:
        text = tr(N_("Knock. The knocker scores {d} - {k} = {points}."))
        bonus = 0
    else:
        if d == k:
            text = tr(
                N_(
                    "Undercut (a tie counts as one)! The defender scores"
                    " {bonus} + {k} - {d} = {points}."
                )
            )
        else:
            text = tr(N_("Undercut! The defender scores {bonus} + {k} - {d} = {points}."))
        bonus = points - k + d
    text = text.format(bonus=bonus, k=k, d=d, points=points)
    if multiplier != 1:
        # TRANSLATORS: ginrummy score, after the sentence saying who scores what.
        doubled = tr(N_("Doubled by the spade upcard: {total}.")).format(total=points * multiplier)
        text = f"{text} {doubled}"
    return text


def format_score(result: dict[str, Any], ascii: bool = False) -> str:
    """The showdown in words: both arrangements, the lay-offs, the score."""
    fmt = _Cards(ascii)

    def cards(codes: Sequence[str]) -> str:
        return fmt.cards(parse_card(c) for c in codes)

    def melds(side: dict[str, Any]) -> str:
        return " ".join(f"[{cards(m)}]" for m in side["melds"]) or _("no melds")

    def deadwood(side: dict[str, Any]) -> str:
        return _("deadwood {cards} = {points}").format(
            cards=cards(side["deadwood"]) or pgettext("no cards", "none"),
            points=side["deadwood_points"],
        )

    limit = result["knock_limit"]
    # TRANSLATORS: ginrummy score's first line: {rules} is a preset name (Standard...).
    if limit is None:
        header = _("{rules} rules").format(rules=preset_label(result["rules"]))
    elif limit == 0:
        header = _("{rules} rules, gin only").format(rules=preset_label(result["rules"]))
    else:
        header = _("{rules} rules, knock limit {limit}").format(
            rules=preset_label(result["rules"]), limit=limit
        )
    # TRANSLATORS: ginrummy score: the two sides of the showdown (the texts line up after them).
    knocker, defender = pgettext("score", "Knocker"), pgettext("score", "Defender")
    pad = " " * max(10, len(knocker) + 2, len(defender) + 2)
    rows = [
        (knocker, melds(result["knocker"])),
        ("", deadwood(result["knocker"])),
        (defender, melds(result["defender"])),
    ]
    if result["kind"] == "gin":
        rows.append(("", _("no lay-offs against gin")))
    elif result["kind"] == "big_gin":
        rows.append(("", _("no lay-offs against big gin")))
    elif not result["layoffs"]:
        rows.append(("", _("nothing to lay off")))
    for lay in result["layoffs"]:
        rows.append(
            (
                "",
                _("lays off {cards} on [{meld}]").format(
                    cards=cards(lay["cards"]), meld=cards(lay["meld"])
                ),
            )
        )
    rows.append(("", deadwood(result["defender"])))
    lines = [header, "", *(f"{label:<{len(pad)}}{text}" for label, text in rows)]
    words = score_words(
        result["kind"],
        result["knocker_deadwood"],
        result["defender_deadwood"],
        result["base_points"],
        result["multiplier"],
    )
    lines += ["", words]
    return "\n".join(lines)


def _cmd_score(args: argparse.Namespace) -> int:
    knocker = _parse_hand(args.knocker, knocker=True)
    defender = _parse_hand(args.vs, knocker=False)
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
    from ..tools import arena

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
    from ..tools import bench

    result = bench.run_bench(quick=args.quick, peers=args.peers)
    _out(json.dumps(result) if args.json else bench.format_bench(result))
    return 0


# --- play -------------------------------------------------------------------------------


def play_levels() -> list[str]:
    """The computer opponents a person can play against."""
    from ..players import LEVELS

    return list(LEVELS)


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
        raise UsageError(_("choose one: --vs computer or --hotseat"))
    if args.vs is not None and args.vs.strip().lower() != "computer":
        # TRANSLATORS: 'computer' is the value the program reads: keep it in English.
        raise UsageError(
            _(
                "--vs only accepts 'computer', not {value} (two people at one keyboard: --hotseat)"
            ).format(value=repr(args.vs))
        )
    mode: str | None = None
    if args.vs is not None or (args.level is not None and not args.hotseat):
        mode = "computer"
    if args.hotseat or (args.names is not None and mode is None):
        mode = "hotseat"
    level: str | None = None
    if args.level is not None:
        if mode == "hotseat":
            raise UsageError(_("--level is for a game against the computer, not --hotseat"))
        levels = play_levels()
        level = args.level.strip().lower()
        if level not in levels:
            raise UsageError(
                _("unknown level {level}: choose from {levels}").format(
                    level=repr(args.level), levels=", ".join(levels)
                )
            )
    names: tuple[str, str] | None = None
    if args.names is not None:
        if mode != "hotseat":
            raise UsageError(_("--names is for --hotseat (two people at one keyboard)"))
        parts = [p.strip() for p in args.names.split(",")]
        if len(parts) != 2 or not all(parts):
            raise UsageError(
                _(
                    "--names takes two names separated by a comma, e.g. ANNA,BEN, not {value}"
                ).format(value=repr(args.names))
            )
        for name in parts:
            if len(name) > MAX_NAME:
                raise UsageError(
                    _("the name {name} is too long: at most {n} characters").format(
                        name=repr(name), n=MAX_NAME
                    )
                )
            if not name.isprintable():
                raise UsageError(
                    _("the name {name} has characters that cannot be shown").format(name=repr(name))
                )
        if parts[0].casefold() == parts[1].casefold():
            raise UsageError(_("the two players need different names"))
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
        raise UsageError(_("the game cannot start: {problem}").format(problem=exc)) from None
    launch = getattr(app, "launch", None)
    if launch is None:
        raise UsageError(_("the game cannot start: ginrummy.app has no launch() yet"))
    launch(
        mode=options.mode,
        level=options.level,
        names=options.names,
        seed=options.seed,
        rules=options.rules,
        ascii=options.ascii,
        # main() already chose it: --lang, else the saved setting, else the environment.
        language=i18n.language(),
    )
    return 0


# --- stats -------------------------------------------------------------------------------


def _warn_problems(store: Any) -> None:
    for problem in store.take_problems():
        sys.stderr.write(
            _("{prog}: warning: {message}").format(prog=PROG, message=problem.message()) + "\n"
        )


def _cmd_stats(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from ..store.files import Store
    from ..store.stats import compute, format_table

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
    if shown == count:
        head = _("Finished games (1 = the oldest); ginrummy replay N replays game N:")
    else:
        head = _(
            "The latest {shown} of {count} finished games (ginrummy replay --list shows all);"
            " ginrummy replay N replays game N:"
        ).format(shown=shown, count=count)
    lines = [head]
    for i in range(count - shown + 1, count + 1):
        lines.append(f"{i:>4}  {history[i - 1].summary()}")
    return "\n".join(lines)


# --- replay -----------------------------------------------------------------------------


def _cmd_replay(args: argparse.Namespace) -> int:
    from ..store.files import Store

    store = Store()
    history = store.history()
    _warn_problems(store)
    if not history:
        raise UsageError(
            _("no finished games in the history yet ({folder}): finish a game to replay it").format(
                folder=store.root
            )
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
            raise UsageError(
                _("the game number must be a whole number, not {text}").format(text=repr(text))
            ) from None
        if not 1 <= number <= count:
            if count == 1:
                message = _(
                    "there is no game {number} in the history: choose game 1"
                    " (ginrummy replay --list shows them)"
                )
            else:
                message = _(
                    "there is no game {number} in the history: choose 1 (the oldest) to {count}"
                    " (the latest) (ginrummy replay --list shows them)"
                )
            raise UsageError(message.format(number=number, count=count))
    import importlib

    try:
        app = importlib.import_module("ginrummy.app")
    except ImportError as exc:
        raise UsageError(_("the replay cannot start: {problem}").format(problem=exc)) from None
    app.launch(replay=number, ascii=True if args.ascii else None, language=i18n.language())
    return 0


# --- the parser -------------------------------------------------------------------------

# TRANSLATORS: the epilogs of `ginrummy --help` and of each command's --help. Translate the
# words, keep every command line (ginrummy ..., options, card codes) exactly as it is and keep
# the explanations lined up in their column; lines should stay under 80 characters.
_MAIN_EPILOG = N_("""\
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
Errors print one line and exit with status 2.""")

_SOLVE_EPILOG = N_("""\
examples:
  ginrummy solve AS 2S 3S 7H 7D 7C QH QD QC KC
  ginrummy solve "10h jh qh kh 5c 5d 5s 2c 9d 9s" --ascii
  printf 'AS 2S 3S 4S\\n7H 7D 7C KS\\n' | ginrummy solve - --json

With -, every non-blank line of standard input is a hand (# starts a comment).
--json prints one object per hand and line:
  {"hand": [...], "melds": [[...], ...], "deadwood": [...], "deadwood_points": N}""")

_SCORE_EPILOG = N_("""\
examples:
  ginrummy score 3S 4S 5S 7H 7D 7C QH QD QC AC --vs 9D TD JD 4H 4D 4C 6S 7S KS 8C
  ginrummy score "AS 2S 3S 5H 5D 5C 9C TC JC 8D" --vs "6H 7H 8H KS KH KD 2H 3D AD 4S"
  ginrummy score AC 2C 3C 4C 5C 6D 6H 6S JH QH KH --vs 7D 8D 9D 2H 2D 2S TS TD 4D 3H
  ginrummy score ... --vs ... --rules oklahoma --upcard 7S

The knocker shows its final 10 cards (11 for big gin), the defender its 10. Both hands
are arranged optimally: the defender's melds and lay-offs are chosen together, and
the knocker's arrangement is the one that scores best against that defence.
Under Oklahoma rules the knock limit comes from the first upcard: give it with
--knock-limit N, or give the upcard itself with --upcard (a spade doubles the score).""")

_ARENA_EPILOG = N_("""\
examples:
  ginrummy arena --players simple,random --games 200 --seed 1
  ginrummy arena --players simple,simple --games 1000 --seed 1 --jobs 2 --json

Game i is dealt from a seed derived from --seed and i; the seats swap every game and
the first dealer every two games, so both players sit and deal first equally often.
--jobs J splits the games over J processes with results identical to --jobs 1.
Decision time is the time spent in a bot's choose() per move.""")

_BENCH_EPILOG = N_("""\
examples:
  ginrummy bench
  ginrummy bench --quick --json
  ginrummy bench --peers

Times min_deadwood (given a list of Card) and best_melding on fixed seeded corpora
of 20,000 hands (uniform 10-card, meld-dense 10-card, uniform 11-card), best of
several passes, and simple against simple in the arena. --peers also times
OpenSpiel (open_spiel) and RLCard (rlcard) on the same hands if they are installed.""")

_PLAY_EPILOG = N_("""\
examples:
  ginrummy play
  ginrummy play --vs computer --level simple --seed 7
  ginrummy play --hotseat --names ANNA,BEN --rules oklahoma
  ginrummy play --vs computer --ascii""")

# TRANSLATORS: key names (Left, Right, PageUp, PageDown, Home, End, Esc) stay in English.
_REPLAY_EPILOG = N_("""\
examples:
  ginrummy replay            the latest finished game
  ginrummy replay --list     the finished games, numbered (1 = the oldest)
  ginrummy replay 3          game 3 of that list

Keys: Left/Right a move, PageUp/PageDown a round, Home/End the first or last move,
Esc back to the start screen. The history is kept in the data directory
($GINRUMMY_DATA_DIR overrides it).""")


def _argparse_in_our_language() -> None:
    """Make argparse's own words ("usage:", "options", its errors) come from our catalogue.

    argparse looks them up through its module-level ``_`` and ``ngettext`` when it uses
    them; our lookups read the current language at that moment. The msgids are marked in
    `ginrummy.cli.program.argparse_messages`.
    """
    setattr(argparse, "_", i18n.gettext)  # noqa: B010 - typeshed does not declare them
    setattr(argparse, "ngettext", i18n.ngettext)  # noqa: B010


def build_parser() -> argparse.ArgumentParser:
    """The whole command line (its help in the current language)."""
    _argparse_in_our_language()
    parser = _Parser(
        prog=PROG,
        description=_("Gin Rummy in the terminal: the game, an optimal-meld solver and bot tools."),
        epilog=_(_MAIN_EPILOG),
        formatter_class=_Formatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {_version()}",
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

    # TRANSLATORS: --help texts of the options. The preset names, option names and card
    # codes (AS, TD) are what the program reads: keep them.
    rules_help = _(
        "rules preset: Standard (default), Classic, Tournament, Oklahoma, 'Straight gin'"
    )
    ascii_help = _("cards as AS, TD instead of symbols")
    json_help = _("print one JSON object")

    play = command("play", _("play the game (the default command)"), _(_PLAY_EPILOG))
    play.add_argument("--vs", metavar="computer", help=_("play against the computer"))
    play.add_argument("--hotseat", action="store_true", help=_("two people at one keyboard"))
    play.add_argument("--level", help=_("the computer's level (default: as last time, or simple)"))
    play.add_argument("--names", metavar="A,B", help=_("the two hot-seat players' names"))
    play.add_argument("--seed", type=_int_type(0), help=_("deal reproducibly"))
    play.add_argument(
        "--rules",
        type=_rules_type,
        metavar="PRESET",
        help=_(
            "rules preset: Standard (default), Classic, Tournament, Oklahoma, 'Straight gin';"
            " default: as last time"
        ),
    )
    play.add_argument(
        "--ascii",
        action="store_true",
        default=None,
        help=_("cards as AS, TD instead of symbols (default: the setting)"),
    )
    play.set_defaults(handler=_cmd_play)

    solve = command("solve", _("the best melding and deadwood of a hand"), _(_SOLVE_EPILOG))
    solve.add_argument("cards", nargs="+", metavar="CARDS", help=_("the cards, or - for stdin"))
    solve.add_argument("--json", action="store_true", help=_("one JSON object per hand"))
    solve.add_argument("--ascii", action="store_true", help=ascii_help)
    solve.set_defaults(handler=_cmd_solve)

    score = command(
        "score", _("settle a showdown: arrangements, lay-offs, score"), _(_SCORE_EPILOG)
    )
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
    score.set_defaults(handler=_cmd_score)

    arena = command("arena", _("bot against bot: whole games and statistics"), _(_ARENA_EPILOG))
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
    arena.set_defaults(handler=_cmd_arena)

    bench = command("bench", _("solver and play speed on fixed corpora"), _(_BENCH_EPILOG))
    bench.add_argument("--json", action="store_true", help=json_help)
    bench.add_argument("--quick", action="store_true", help=_("small corpora, for a smoke test"))
    bench.add_argument("--peers", action="store_true", help=_("also time OpenSpiel and RLCard"))
    bench.set_defaults(handler=_cmd_bench)

    stats = command(
        "stats",
        _("statistics of your finished games, per opponent"),
        _("The history is kept in the data directory ($GINRUMMY_DATA_DIR overrides it)."),
    )
    stats.add_argument("--json", action="store_true", help=json_help)
    stats.set_defaults(handler=_cmd_stats)

    replay = command(
        "replay",
        _("replay a finished game move by move, every hand face up"),
        _(_REPLAY_EPILOG),
    )
    replay.add_argument(
        "game",
        nargs="?",
        metavar="N",
        help=_("the game's number (1 = the oldest; default: latest)"),
    )
    replay.add_argument("--list", action="store_true", help=_("list the finished games, numbered"))
    replay.add_argument("--ascii", action="store_true", help=ascii_help)
    replay.set_defaults(handler=_cmd_replay)
    return parser


# --- main -------------------------------------------------------------------------------


def take_lang_option(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` / ``--lang=CODE`` anywhere before ``--``: (the last CODE, the rest).

    A ``--lang`` without its value (last, or followed by another option) leaves only
    ``["--lang"]`` as the rest: argparse then reports "argument --lang: expected one
    argument" wherever it stood, rather than "unrecognized arguments" after a command or
    taking the next option for a language.
    """
    code: str | None = None
    rest: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg.startswith("--lang="):
            code = arg.split("=", 1)[1]
        elif arg == "--lang":
            if i + 1 == len(args) or args[i + 1].startswith("-"):
                return None, ["--lang"]
            code = args[i + 1]
            i += 1
        else:
            rest.append(arg)
        i += 1
    return code, rest


def _saved_language() -> str:
    """The language chosen in the app's settings ("" for none), without touching the files.

    A settings file that cannot be read counts as no choice here; the app reports it.
    """
    from ..store.files import MISSING, SETTINGS, Settings, StorageError, Store

    try:
        data = Store().read_json(SETTINGS)
        return "" if data is MISSING else Settings.from_json(data).language
    except (StorageError, OSError):
        return ""


def startup_language(lang_option: str | None, argv: Sequence[str]) -> str | None:
    """The language to speak: ``--lang``, else (for ``play``) the saved setting, else None.

    None means the environment's choice (`i18n.detect`: LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
    ``argv`` is the command line without ``--lang``; an empty one means ``play``.
    """
    if lang_option is not None:
        return lang_option
    command = argv[0] if argv else "play"
    if command == "play":
        return _saved_language() or None
    return None


def _error(message: str) -> None:
    text = " ".join(str(message).split())
    # TRANSLATORS: how every command line error is printed; {prog} is "ginrummy".
    sys.stderr.write(_("{prog}: error: {message}").format(prog=PROG, message=text) + "\n")
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
    lang_option, args_list = take_lang_option(sys.argv[1:] if argv is None else argv)
    i18n.set_language(startup_language(lang_option, args_list))
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
        _error(_("the output was closed before everything was written (broken pipe)"))
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(_("{prog}: interrupted").format(prog=PROG) + "\n")
        return 130
    except Exception as exc:
        if os.environ.get("GINRUMMY_DEBUG"):
            raise
        _error(
            _(
                "internal error: {error}: {problem} (run with GINRUMMY_DEBUG=1 to see where;"
                " please report it)"
            ).format(error=type(exc).__name__, problem=exc)
        )
        return 2
