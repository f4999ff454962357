"""The running of an arena: whole games between two bots, each decision timed, folded into
a `RunSummary` as they finish, over worker processes if asked (``--jobs``: the results
are exactly a single process's, only the timings differ)."""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from ...core import Game, IllegalActionError, ResultKind, Rules
from ...core.player import Player
from ...core.record import Record, Seat
from ...core.record import to_dict as record_dict
from ...players import PLAYERS, make_player
from ...text.errors import describe
from ...text.i18n import _
from .plan import ArenaError, GamePlan, bot_seed, plan_game, unknown_player
from .tally import (
    ArenaResult,
    GameRecord,
    Outcome,
    PlayerStats,
    RunSummary,
    Tally,
    chain_digest,
    game_outcome,
)

#: A round takes at most 62 draws from the stock; anything near this is a loop.
MAX_ROUND_MOVES = 2000


def play_game_record(
    bots: tuple[str, str],
    rules: Rules,
    plan: GamePlan,
    *,
    keep: bool = False,
    run_seed: int = 0,
    make: Callable[[str, int], Player] = make_player,
) -> GameRecord:
    """Play one whole game as planned, timing every decision; ``keep``: with the game as a
    game record (its ``extra`` names the run's seed ``run_seed`` and the game's index);
    ``make(name, seed)``: the bots (a benchmark may wrap them)."""
    by_player = (
        make(bots[0], bot_seed(plan.seed, 0)),
        make(bots[1], bot_seed(plan.seed, 1)),
    )
    seats = plan.seats
    players = (by_player[seats[0]], by_player[seats[1]])
    game = Game(rules, seed=plan.seed, first_dealer=plan.first_dealer)
    tallies = (Tally(), Tally())
    times: tuple[list[float], list[float]] = ([], [])
    seat_times = (times[seats[0]], times[seats[1]])
    clock = time.perf_counter
    dead = 0
    while True:
        rnd = game.round
        moves = 0
        while rnd.result is None:
            moves += 1
            if moves > MAX_ROUND_MOVES:
                # The rules let players pass discards back and forth forever; bots should not.
                raise ArenaError(
                    _(
                        "round {round} of game {game} (deal seed {seed}) did not end after"
                        " {moves} moves: the bots are passing cards back and forth"
                    ).format(
                        round=rnd.number, game=plan.index, seed=plan.seed, moves=MAX_ROUND_MOVES
                    )
                )
            me = rnd.to_act
            view = rnd.view(me)
            start = clock()
            action = players[me].choose(view)
            seat_times[me].append(clock() - start)
            try:
                game.apply(action, me)
            except IllegalActionError as exc:
                raise ArenaError(
                    # TRANSLATORS: {action} is the move as the program writes it (discard 7H).
                    _(
                        "bot {bot} made an illegal move in game {game} (deal seed {seed},"
                        " round {round}): {action}: {problem}"
                    ).format(
                        bot=repr(bots[seats[me]]),
                        game=plan.index,
                        seed=plan.seed,
                        round=rnd.number,
                        action=action,
                        problem=describe(exc),
                    )
                ) from None
        result = rnd.result
        if result.winner is None:
            dead += 1
        else:
            won = tallies[seats[result.winner]]
            won.rounds_won += 1
            won.points += result.points
            kind = result.kind
            if kind is ResultKind.GIN:
                won.gins += 1
            elif kind is ResultKind.BIG_GIN:
                won.big_gins += 1
            elif kind is ResultKind.UNDERCUT:
                won.undercuts += 1
            if result.knocker is not None and kind in (ResultKind.KNOCK, ResultKind.UNDERCUT):
                knocker = tallies[seats[result.knocker]]
                knocker.knocks += 1
                if kind is ResultKind.UNDERCUT:
                    knocker.undercut_against += 1
        if game.winner is not None:
            break
        game.next_round()
    winner = seats[game.winner]
    tallies[winner].games_won += 1
    for p in (0, 1):
        tallies[p].moves = len(times[p])
    scores = [0, 0]
    for seat in (0, 1):
        scores[seats[seat]] = game.scores[seat]
    kept = None
    if keep:
        seated = (
            Seat(bots[seats[0]], "bot", bots[seats[0]]),
            Seat(bots[seats[1]], "bot", bots[seats[1]]),
        )
        extra = {"arena": {"seed": run_seed, "game": plan.index}}
        kept = record_dict(Record(game, seated, extra))
    return GameRecord(
        plan, winner, (scores[0], scores[1]), len(game.rounds), dead, tallies, times, kept
    )


def _play_chunk(
    job: tuple[tuple[str, str], Rules, int, list[int], bool],
) -> tuple[RunSummary, list[Outcome], list[dict[str, Any]]]:
    """Worker entry point: play the games ``indices`` of a run, folded into a summary
    (with their game records, if ``keep``)."""
    bots, rules, seed, indices, keep = job
    summary = RunSummary()
    outcomes = []
    kept = []
    for i in indices:
        record = play_game_record(bots, rules, plan_game(seed, i), keep=keep, run_seed=seed)
        summary.add_game(record)
        outcomes.append(game_outcome(record))
        if record.record is not None:
            kept.append(record.record)
    return summary, outcomes, kept


def _ignore_sigint() -> None:
    """Workers leave Ctrl+C to the parent, which stops the pool without tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(n: int, size: int) -> Iterator[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def run_arena(
    bots: tuple[str, str],
    games: int,
    *,
    seed: int,
    rules: Rules | None = None,
    jobs: int = 1,
    names: tuple[str, str] | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games between two bots; ``on_progress(k)`` is told of k finished games,
    ``on_record`` (if given) gets every game's game record (JSON-ready), in game order.

    Results are folded in as games finish (a chunk at a time with ``jobs`` > 1), so memory
    does not grow with ``games``.
    """
    if games < 1:
        raise ArenaError(_("the number of games must be at least 1"))
    if jobs < 1:
        raise ArenaError(_("the number of jobs must be at least 1"))
    for bot in bots:
        if bot not in PLAYERS:
            raise ArenaError(unknown_player(bot))
    rules = rules if rules is not None else Rules()
    names = names if names is not None else bots
    jobs = min(jobs, games)
    summary = RunSummary()
    start = time.perf_counter()
    if jobs == 1:
        keep = on_record is not None
        for i in range(games):
            record = play_game_record(bots, rules, plan_game(seed, i), keep=keep, run_seed=seed)
            summary.add_game(record)
            if on_record is not None and record.record is not None:
                on_record(record.record)
            if on_progress is not None:
                on_progress(1)
    else:
        size = max(1, min(25, math.ceil(games / (jobs * 4))))
        work = [(bots, rules, seed, idx, on_record is not None) for idx in _chunks(games, size)]
        with multiprocessing.Pool(jobs, initializer=_ignore_sigint) as pool:
            # imap keeps the chunks in game order, so the aggregate is deterministic.
            for chunk, outcomes, kept in pool.imap(_play_chunk, work):
                summary.merge(chunk)
                if on_record is not None:
                    for data in kept:
                        on_record(data)
                for outcome in outcomes:
                    summary.digest = chain_digest(summary.digest, outcome)
                if on_progress is not None:
                    on_progress(chunk.games)
    seconds = time.perf_counter() - start
    stats = (
        PlayerStats(names[0], bots[0], summary.tallies[0], summary.times[0]),
        PlayerStats(names[1], bots[1], summary.tallies[1], summary.times[1]),
    )
    return ArenaResult(names, rules, seed, jobs, summary, seconds, stats)


def run_with_progress(
    bots: tuple[str, str],
    games: int,
    *,
    seed: int,
    rules: Rules | None = None,
    jobs: int = 1,
    names: tuple[str, str] | None = None,
    progress: bool | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> ArenaResult:
    """`run_arena` with a rich progress bar on stderr when stderr is a terminal."""
    show = sys.stderr.isatty() if progress is None else progress
    if not show:
        return run_arena(
            bots, games, seed=seed, rules=rules, jobs=jobs, names=names, on_record=on_record
        )
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    a, b = names if names is not None else bots
    # TRANSLATORS: the arena's progress bar: two bot names.
    label = _("{a} vs {b}").format(a=a, b=b)
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=games)
        return run_arena(
            bots,
            games,
            seed=seed,
            rules=rules,
            jobs=jobs,
            names=names,
            on_progress=lambda k: bar.advance(task, k),
            on_record=on_record,
        )


def default_jobs() -> int:
    """One worker per available core."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
