"""``ginrummy stats``: the statistics of the finished games, per opponent, and the latest games.

The figures are `ginrummy.store.stats`' (the app's statistics screen shows the same table);
``--json`` prints them as numbers.
"""

from __future__ import annotations

import argparse

from ..store import Store
from ..store.stats import format_table
from ..text.i18n import _
from .history import numbered, open_store, report
from .output import out, out_json

__all__ = ["STATS_GAMES", "latest_games", "run"]

#: How many of the latest finished games `ginrummy stats` lists.
STATS_GAMES = 10


def latest_games(store: Store) -> str:
    """The latest finished games, numbered as ``ginrummy replay --list`` numbers them."""
    count = store.history_count()
    shown = min(count, STATS_GAMES)
    if shown == count:
        head = _("Finished games (1 = the oldest); ginrummy replay N replays game N:")
    else:
        head = _(
            "The latest {shown} of {count} finished games (ginrummy replay --list shows all);"
            " ginrummy replay N replays game N:"
        ).format(shown=shown, count=count)
    first = count - shown + 1
    return "\n".join([head, *(numbered(entry) for entry in store.history_page(first, shown))])


def run(args: argparse.Namespace) -> int:
    store = open_store()
    table = store.stats()
    if args.json:
        out_json({opponent: figures.to_dict() for opponent, figures in table.items()}, indent=1)
    else:
        out(format_table(table))
        if table:
            out("")
            out(latest_games(store))
    report(store)
    store.close()
    return 0
