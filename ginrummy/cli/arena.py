"""``ginrummy arena``: bot against bot over whole games (the work is `ginrummy.tools.arena`)."""

from __future__ import annotations

import argparse
import secrets

from ..core import Rules
from ..text.errors import describe
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
    try:
        result = arena.run_with_progress(
            bots,
            args.games,
            seed=seed,
            rules=args.rules if args.rules is not None else Rules(),
            jobs=args.jobs or arena.default_jobs(),
            names=names,
        )
    except arena.ArenaError as exc:
        raise UsageError(describe(exc)) from None
    if args.json:
        out_json(result.to_dict())
    else:
        out(arena.format_report(result))
    return 0
