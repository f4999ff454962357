"""Which language the command line speaks: ``--lang``, else (for play) the saved setting.

`main` takes ``--lang`` out of the command line before argparse sees it, so that the help
and argparse's own errors are already in that language.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["startup_language", "take_lang_option"]


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
    from ..store import peek_language

    return peek_language()


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
