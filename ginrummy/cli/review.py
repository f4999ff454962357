"""``ginrummy review``: where a game was won and lost, decision by decision.

The game is a game of the history (by number; the latest by default) or the games of a
game record file (`ginrummy.core.record`). Each reviewed seat's decisions are valued by
`ginrummy.players.evaluator.Evaluator` and graded by `ginrummy.players.review`; the report
is a Rich table per game (the seats, then the mistakes and blunders), or with ``--json``
one object per line and game. The table's cost is what the errors (the decisions graded
inaccuracy or worse) gave away; the JSON keeps the sum over every decision (``loss``)
and its mean (``mean_loss``, the benchmarks' ranking measure) too. ``--jobs`` reviews
games in several processes (the figures are the same as with one).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Callable, Iterator
from typing import Any

from ..core.record import Record, from_dict, to_dict
from ..players.evaluator import Evaluator
from ..players.review import Grade, Review, SeatReview, review_game
from ..text import review as words
from ..text.i18n import _
from ..text.names import display_name, level_label
from .errors import UsageError
from .output import out_json

__all__ = ["review_json", "run"]


def _records(source: str | None) -> list[Record]:
    """The games to review: a history game (number, or the latest) or a record file."""
    from .gamefiles import history_records, is_file_argument, read_records
    from .history import history_game

    if is_file_argument(source):
        assert source is not None
        return read_records(source)
    number, record = history_game(source)
    return history_records(record, number)


def _seats(record: Record, seat: str | None) -> tuple[int, ...]:
    """The seats to review in ``record``: ``seat`` (0, 1 or a name) or the default ones."""
    if seat is None:
        return record.reviewed_seats
    if seat.strip() in ("0", "1"):
        return (int(seat),)
    for n in (0, 1):
        if record.seats[n].name.casefold() == seat.strip().casefold():
            return (n,)
    raise UsageError(
        # TRANSLATORS: {seat} is what was given to --seat; {names} the two players' names.
        _("no seat {seat} in the game: give 0, 1 or a name ({names})").format(
            seat=repr(seat), names=", ".join(s.name for s in record.seats)
        )
    )


def review_json(number: int, review: Review) -> dict[str, Any]:
    """One game's review as ``--json`` prints it (losses and luck in fractions of one game
    won, accuracy 0-100)."""
    return {
        "game": number,
        "winner": review.winner,
        "scores": list(review.scores),
        "seats": [_seat_json(s) for s in review.seats],
    }


def _seat_json(s: SeatReview) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "name": s.name,
        "player": s.player,
        "decisions": len(s.decisions),
        "loss": round(s.loss, 4),
        "mean_loss": round(s.mean_loss, 5),
        "accuracy": round(s.accuracy, 1),
        "luck": round(s.luck, 4),
        "inaccuracies": s.count(Grade.INACCURACY),
        "mistakes": s.count(Grade.MISTAKE),
        "blunders": s.count(Grade.BLUNDER),
    }


def _job(task: tuple[dict[str, Any], tuple[int, ...], int, int]) -> Review:
    data, seats, budget, seed = task
    return review_game(from_dict(data), Evaluator(budget, seed=seed), seats)


def _reviews(
    tasks: list[tuple[dict[str, Any], tuple[int, ...], int, int]],
    jobs: int,
    advance: Callable[[], None],
) -> Iterator[Review]:
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            result = _job(task)
            advance()
            yield result
        return
    with multiprocessing.Pool(min(jobs, len(tasks))) as pool:
        for result in pool.imap(_job, tasks):
            advance()
            yield result


def _player(s: SeatReview) -> str:
    """A seat's player: its name, with the bot's level (the level alone when the bot is
    named after it, as in the arena)."""
    shown = str(display_name(s.name))
    if s.player in ("person", "remote"):
        return shown
    level = level_label(s.player)
    return level if s.name == s.player else f"{shown} ({level})"


def _marks(count: Callable[[Grade], int]) -> str:
    """The counts of inaccuracies, mistakes and blunders: "3 / 2 / 0"."""
    return " / ".join(str(count(g)) for g in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER))


def _cost(errors: int, cost: float) -> str:
    """What the errors cost (the decisions graded inaccuracy or worse, whose count the
    last column gives): "−14.0%", "0" when there are none."""
    return words.signed_percent(-cost) if errors else "0"


def _table(number: int, record: Record, review: Review, ascii: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    names = (str(display_name(record.seats[0].name)), str(display_name(record.seats[1].name)))
    console.print(words.game_line(number, names, review.scores, review.winner), style="bold")
    table = Table(*words.seat_heads(), box=None, pad_edge=False)
    for s in review.seats:
        table.add_row(
            _player(s),
            str(len(s.decisions)),
            f"{s.accuracy:.1f}",
            _cost(s.errors, s.cost),
            words.signed_percent(s.luck),
            _marks(s.count),
        )
    console.print(table)
    console.print(words.marks_legend())
    by_round = Table(*words.round_heads(), box=None, pad_edge=False)
    for i in range(len(record.game.rounds)):
        for s in review.seats:
            r = s.rounds[i]
            by_round.add_row(
                str(r.number),
                _player(s),
                f"{r.points:+d}".replace("-", "−") if r.points else "0",
                f"{r.accuracy:.1f}",
                _cost(r.errors, r.cost),
                words.signed_percent(r.luck),
                _marks(r.count),
            )
    console.print(by_round)
    for s in review.seats:
        costly = [d for d in s.decisions if d.grade in (Grade.MISTAKE, Grade.BLUNDER)]
        if not costly:
            continue
        # TRANSLATORS: the title over a player's mistakes and blunders in `ginrummy review`.
        console.print(_("{player}: mistakes and blunders").format(player=_player(s)))
        rows = Table(*words.decision_heads(), box=None, pad_edge=False)
        for d in costly:
            rows.add_row(
                str(d.round),
                str(d.stock),
                words.move_label(d.played, d.top, d.hand, ascii),
                words.move_label(d.best, d.top, d.hand, ascii),
                f"{words.signed_percent(-d.loss)} {words.grade_label(d.grade.value)}",
                words.held_label(d.opponent_hand, ascii),
            )
        console.print(rows)
    console.print("")


def run(args: argparse.Namespace) -> int:
    records = _records(args.game)
    tasks = [(to_dict(r), _seats(r, args.seat), args.budget, args.seed) for r in records]
    jobs = args.jobs
    if jobs == 0:
        from ..tools.arena import default_jobs

        jobs = default_jobs()
    show = sys.stderr.isatty() and not args.json
    if show:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        # TRANSLATORS: the progress bar of `ginrummy review`.
        task = bar.add_task(_("reviewing"), total=len(tasks))
        bar.start()
        advance: Callable[[], None] = lambda: bar.advance(task)  # noqa: E731
    else:
        advance = lambda: None  # noqa: E731
    try:
        results = _reviews(tasks, jobs, advance)
        for n, (record, result) in enumerate(zip(records, results, strict=True), 1):
            if args.json:
                out_json(review_json(n - 1, result))
            else:
                if show:
                    bar.stop()
                _table(n, record, result, args.ascii)
                if show and n < len(records):
                    bar.start()
    finally:
        if show:
            bar.stop()
    return 0
