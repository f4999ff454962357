"""``ginrummy arena``: bot against bot over whole games (the work is `ginrummy.tools.arena`)."""

from __future__ import annotations

import argparse
import json
import secrets
from typing import IO, Any

from ..core import Rules
from ..text.errors import describe
from ..text.i18n import _
from .errors import UsageError
from .output import out, out_json

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    from ..tools import arena

    try:
        bots, names = arena.parse_players(args.players)
    except arena.ArenaError as exc:
        raise UsageError(describe(exc)) from None
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    file: IO[str] | None = None
    if args.record is not None:
        try:
            file = open(args.record, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise UsageError(
                _("{file}: cannot be written: {problem}").format(
                    file=args.record, problem=exc.strerror or exc
                )
            ) from None

    def write(data: dict[str, Any]) -> None:
        assert file is not None
        file.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")

    try:
        result = arena.run_with_progress(
            bots,
            args.games,
            seed=seed,
            rules=args.rules if args.rules is not None else Rules(),
            jobs=args.jobs or arena.default_jobs(),
            names=names,
            on_record=write if file is not None else None,
        )
    except arena.ArenaError as exc:
        raise UsageError(describe(exc)) from None
    except OSError as exc:
        raise UsageError(
            _("{file}: cannot be written: {problem}").format(
                file=args.record, problem=exc.strerror or exc
            )
        ) from None
    finally:
        if file is not None:
            file.close()
    if args.json:
        out_json(result.to_dict())
    else:
        out(arena.format_report(result))
    return 0
