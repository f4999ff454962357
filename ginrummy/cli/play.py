"""``ginrummy play`` (and plain ``ginrummy``): check the options, then start the app.

The app (Textual) is imported only here and in ``replay``, when it is about to run: the
other commands never load it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Rules
from ..store import MAX_NAME, MODES
from ..text import i18n
from ..text.i18n import _
from . import collector
from .errors import UsageError
from .parser import build_parser

__all__ = [
    "PlayOptions",
    "has_terminal",
    "launch_app",
    "parse_play_options",
    "play_options",
    "require_terminal",
    "run",
]

#: The two ways to play, as the store saves them: against the computer, or two people at
#: one keyboard.
COMPUTER, HOTSEAT = MODES


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
    #: Start a new game even if one waits in the slot (``--new``).
    new: bool = False


def _level(text: str) -> str:
    from ..players import LEVELS

    level = text.strip().lower()
    if level not in LEVELS:
        raise UsageError(
            _("unknown level {level}: choose from {levels}").format(
                level=repr(text), levels=", ".join(LEVELS)
            )
        )
    return level


def _names(text: str) -> tuple[str, str]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise UsageError(
            _("--names takes two names separated by a comma, e.g. ANNA,BEN, not {value}").format(
                value=repr(text)
            )
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
    return parts[0], parts[1]


def play_options(args: argparse.Namespace) -> PlayOptions:
    """The parsed ``play`` options, checked against each other (raises `UsageError`)."""
    if args.vs is not None and args.hotseat:
        raise UsageError(_("choose one: --vs computer or --hotseat"))
    if args.vs is not None and args.vs.strip().lower() != COMPUTER:
        raise UsageError(
            # TRANSLATORS: 'computer' is the value the program reads: keep it in English.
            _(
                "--vs only accepts 'computer', not {value} (two people at one keyboard: --hotseat)"
            ).format(value=repr(args.vs))
        )
    mode: str | None = None
    if args.vs is not None or (args.level is not None and not args.hotseat):
        mode = COMPUTER
    if args.hotseat or (args.names is not None and mode is None):
        mode = HOTSEAT
    level: str | None = None
    if args.level is not None:
        if mode == HOTSEAT:
            raise UsageError(_("--level is for a game against the computer, not --hotseat"))
        level = _level(args.level)
    names: tuple[str, str] | None = None
    if args.names is not None:
        if mode != HOTSEAT:
            raise UsageError(_("--names is for --hotseat (two people at one keyboard)"))
        names = _names(args.names)
    return PlayOptions(
        mode=mode,
        level=level,
        names=names,
        seed=args.seed,
        rules=args.rules,
        ascii=args.ascii,
        new=bool(getattr(args, "new", False)),
    )


def parse_play_options(argv: Sequence[str]) -> PlayOptions:
    """The options of ``ginrummy play ARGV...``; raises `UsageError` for bad ones."""
    return play_options(build_parser().parse_args(["play", *argv]))


def has_terminal() -> bool:
    """Whether standard input and output are both a terminal (the full-screen app needs
    one to read keys from and draw on), or the app draws in a browser's page: a game
    process that ``ginrummy serve`` started, with Textual's web driver on its pipes."""
    if os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver:"):
        return True
    streams = (sys.stdin, sys.stdout)
    return all(stream is not None and stream.isatty() for stream in streams)


def require_terminal() -> None:
    """Refuse (`UsageError`, exit status 2) to open the full-screen app without a terminal:
    from a script, or with standard input or output redirected, it would write escape codes
    into a file and wait for keys that never come."""
    if not has_terminal():
        raise UsageError(
            # TRANSLATORS: keep the commands (join --bot, host --headless, arena) as they are.
            _(
                "the game needs a terminal, and standard input or output is not one; without"
                " a terminal, play with join --bot, host --headless or arena"
            )
        )


def launch_app(cannot_start: str, **options: Any) -> None:
    """Run the app's ``launch(**options)`` in the language `main` chose.

    ``cannot_start`` is the error (with ``{problem}``) if the app cannot be loaded; without
    a terminal the app is not opened (`require_terminal`).
    """
    require_terminal()
    try:
        # The package loads the app's modules, and Textual, when ``launch`` is looked up.
        launch = importlib.import_module("ginrummy.app").launch
    except ImportError as exc:
        raise UsageError(cannot_start.format(problem=exc)) from None
    # Loaded: what start-up made lives as long as the program (`collector`).
    collector.freeze()
    from ..store import NewerDatabase

    # main() already chose the language: --lang, else the saved setting, else the environment.
    try:
        launch(**options, language=i18n.language(), drawn=collector.release)
    except NewerDatabase as exc:
        raise UsageError(str(exc)) from None


def waiting_slot(options: PlayOptions) -> str | None:
    """The slot whose saved game ``ginrummy play`` opens instead of replacing it (None:
    nothing waits there, or no mode was asked). A new game with a seed or rules of its own
    where one waits is refused with a hint to use ``--new``; so is a game that another
    window has open."""
    if options.mode is None or options.new:
        return None
    from ..store import GameMeta, NewerDatabase, Store, slot_of

    store = Store()
    try:
        settings = store.load_settings()
        if options.mode == COMPUTER:
            level = options.level or store.load_last_game().level
            meta = GameMeta(COMPUTER, ("You", "Computer"), level)
        else:
            # As the app names the seats: the settings' names, else the default ones.
            first, second = options.names or (
                settings.name1 or settings.name or "Player 1",
                settings.name2 or "Player 2",
            )
            if first.casefold() == second.casefold():
                second = second[: MAX_NAME - 4] + " (2)"
            meta = GameMeta(HOTSEAT, (first, second), "")
        slot = slot_of(meta)
        saved = next((g for g in store.saved_games() if g.slot == slot), None)
    except NewerDatabase as exc:
        raise UsageError(str(exc)) from None
    finally:
        store.close()
    if saved is None:
        return None
    if saved.open_elsewhere:
        raise UsageError(
            _("this game is open in another window: play it there, or add --new for a new one")
        )
    if options.seed is not None or options.rules is not None:
        raise UsageError(
            _(
                "a saved game is waiting for this opponent: run the same command without"
                " --seed/--rules to continue it, or add --new to replace it"
            )
        )
    return slot


def run(args: argparse.Namespace) -> int:
    options = play_options(args)
    require_terminal()
    resume = waiting_slot(options)
    launch_app(
        _("the game cannot start: {problem}"),
        mode=options.mode,
        level=options.level,
        names=options.names,
        seed=options.seed,
        rules=options.rules,
        ascii=options.ascii,
        **({"resume": resume} if resume is not None else {}),
    )
    return 0
