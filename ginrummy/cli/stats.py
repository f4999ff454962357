"""``ginrummy stats``: the statistics of the finished games, per opponent, and the latest games.

The figures are `ginrummy.store.stats`' (the app's statistics screen shows the same table);
``--json`` prints them as numbers. The accuracy, luck and cost rows come from the games'
kept reviews (`ginrummy.store.stats.review_form`): the app reviews a game when its
game-over screen opens; ``--review`` first reviews the latest games that have none (those
the figures can use), with a progress line.
"""

from __future__ import annotations

import argparse
import sys

from ..store import Store
from ..store.stats import FORM_GAMES, Form, format_table, review_form, unreviewed
from ..text.i18n import _
from .history import numbered, open_store, report
from .output import out, out_json

__all__ = ["STATS_GAMES", "latest_games", "review_missing", "run"]

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


def review_missing(store: Store) -> int:
    """Review (and keep) the latest games per opponent that have no review yet, saying
    how far it is on one line of the error stream; the number of games reviewed."""
    from ..store import reviews

    tty = sys.stderr.isatty()

    def told(n: int, total: int) -> None:
        # TRANSLATORS: the progress line of `ginrummy stats --review`.
        line = _("Reviewing game {n} of {total}…").format(n=n, total=total)
        print(f"\r{line}" if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    done = reviews.review_missing(store, reviews.app_evaluator(), 2 * FORM_GAMES, told)
    if tty and done:
        print(file=sys.stderr)
    # TRANSLATORS: after `ginrummy stats --review`.
    print(_("Games reviewed now: {n}.").format(n=done), file=sys.stderr)
    return done


def form_of(store: Store) -> dict[str, Form]:
    """The form per opponent from the reviews kept by the app's evaluator."""
    from ..store.reviews import app_evaluator

    return review_form(store.reviewed_games(app_evaluator().version, 2 * FORM_GAMES))


def run(args: argparse.Namespace) -> int:
    store = open_store()
    if args.review:
        review_missing(store)
    table = store.stats()
    form = form_of(store) if table else {}
    if args.json:
        figures = {}
        for opponent, st in table.items():
            data: dict[str, object] = dict(st.to_dict())
            data["form"] = form[opponent].to_dict() if opponent in form else None
            figures[opponent] = data
        out_json(figures, indent=1)
    else:
        out(format_table(table, form))
        if unreviewed(table, form):
            # TRANSLATORS: under the statistics when some games have no review yet.
            out(_("Games not reviewed yet: ginrummy stats --review reviews them."))
        if table:
            out("")
            out(latest_games(store))
    report(store)
    store.close()
    return 0
