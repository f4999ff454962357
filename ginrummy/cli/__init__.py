"""The ``ginrummy`` command: the game, and the tools solve, score, arena, bench, stats, replay,
review, serve.

One module a job: `parser` (the options and their help; argparse in our language, with
`argparse_messages`), `language` (which language to speak), `errors` (the one-line error
and the exit statuses), `output` (printing: suits, JSON, a closed pipe), and one module per
command: `play`, `solve`, `score`, `arena`, `bench`, `stats`, `history` (replay), `host`,
`join`, `review`, `serve`. A command's module is imported when that command runs (`COMMANDS`
names it), so that ``ginrummy solve`` never loads the online server nor ``ginrummy`` the bots'
tools.

Every failure is one line on stderr, ``ginrummy: error: ...``, and exit status 2; Ctrl+C
exits with 130. Nothing here prints a traceback: an unexpected internal error, in a command or in
the app, is one line naming the log file in the data folder that holds its details (set
``GINRUMMY_DEBUG=1`` to see the traceback instead).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from ..text import i18n
from ..text.i18n import _
from . import collector
from .errors import EXIT_ERROR, EXIT_INTERRUPTED, PROG, UsageError, crash_line, error
from .language import startup_language, take_lang_option
from .output import ascii_streams, drop_stdout
from .parser import build_parser

__all__ = ["COMMANDS", "main"]

#: The module of `ginrummy.cli` whose ``run`` runs each command: its parsed options in, the
#: exit status out. It is imported when its command runs.
COMMANDS: dict[str, str] = {
    "play": "play",
    "solve": "solve",
    "score": "score",
    "arena": "arena",
    "bench": "bench",
    "stats": "stats",
    "replay": "history",
    "review": "review",
    "host": "host",
    "join": "join",
    "serve": "serve",
}


def command_runner(command: str) -> Callable[[argparse.Namespace], int]:
    """The ``run`` function of ``command`` (its module imported now)."""
    module = importlib.import_module(f"{__name__}.{COMMANDS[command]}")
    run: Callable[[argparse.Namespace], int] = module.run
    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, 2 for errors, 130 for Ctrl+C)."""
    collector.hold()  # until the command runs (`play`: until the app is loaded)
    ascii_streams()
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
        run = command_runner(args.command)
        if args.command != "play":
            collector.release()
        status = run(args)
        sys.stdout.flush()
        return status
    except UsageError as exc:
        error(str(exc))
        return EXIT_ERROR
    except BrokenPipeError:
        drop_stdout()
        error(_("the output was closed before everything was written (broken pipe)"))
        return EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write(_("{prog}: interrupted").format(prog=PROG) + "\n")
        return EXIT_INTERRUPTED
    except Exception as exc:
        if os.environ.get("GINRUMMY_DEBUG"):
            raise
        error(crash_line(exc))
        return EXIT_ERROR
    finally:
        collector.release()
