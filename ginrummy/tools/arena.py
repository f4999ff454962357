"""Bot against bot: whole games, seats and first dealer alternating, statistics with intervals.

``ginrummy arena`` is built on `run_arena`. Every game is independent and reproducible:
game ``i`` of a run with seed ``S`` is dealt from `game_seed(S, i)`, its seating and
first dealer follow `plan_game`, and the bots get seeds derived from the game seed. So a
run split over worker processes (``--jobs``) gives exactly the results of a single
process; only the timings differ.

One module for the run, its running totals and the report, since the report prints exactly
the totals the run folds (about 650 lines, a third of them the report's table).
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Game, IllegalActionError, ResultKind, Rules
from ..players import PLAYERS, make_player
from ..text.errors import describe
from ..text.i18n import _, ngettext, number

__all__ = [
    "ArenaError",
    "ArenaResult",
    "GamePlan",
    "GameRecord",
    "PlayerStats",
    "RunSummary",
    "TimeStats",
    "format_report",
    "game_seed",
    "parse_players",
    "plan_game",
    "play_game_record",
    "run_arena",
    "wilson_interval",
]

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


class ArenaError(ValueError):
    """A bad arena request (unknown bot, bad counts) or a bot that broke the rules."""


# --- planning -----------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``seed`` (stable across versions)."""
    return random.Random(f"ginrummy-arena:{seed}:{index}").randrange(2**53)


def bot_seed(game: int, player: int) -> int:
    """The seed handed to bot ``player`` (0 = first named, 1 = second) in a game."""
    return random.Random(f"ginrummy-arena-bot:{game}:{player}").randrange(2**32)


@dataclass(frozen=True, slots=True)
class GamePlan:
    """How game ``index`` is set up: who sits where and which seat deals first."""

    index: int
    seed: int
    #: Player ids (0 = first named, 1 = second) in seat order.
    seats: tuple[int, int]
    #: The seat that deals the first round.
    first_dealer: int

    @property
    def first_dealer_player(self) -> int:
        """The player id of the first dealer."""
        return self.seats[self.first_dealer]


def plan_game(seed: int, index: int) -> GamePlan:
    """Seats swap every game and the first dealer seat every two games.

    Over any four consecutive games each player sits in each seat twice and deals
    first twice, once from each seat.
    """
    seats = (1, 0) if index % 2 else (0, 1)
    return GamePlan(index, game_seed(seed, index), seats, (index // 2) % 2)


def _unknown_player(name: str) -> str:
    # TRANSLATORS: {players} lists the bot names as typed (random, simple, expert).
    return _("unknown player {name}: choose from {players}").format(
        name=repr(name), players=", ".join(PLAYERS)
    )


def parse_players(text: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """``"A,B"`` -> (bot names, display names); equal names are suffixed ``#1``/``#2``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise ArenaError(
            _("--players takes two bot names separated by a comma, not {text}").format(
                text=repr(text)
            )
        )
    for name in parts:
        if name.lower() not in PLAYERS:
            raise ArenaError(_unknown_player(name))
    a, b = parts
    labels = (f"{a}#1", f"{b}#2") if a == b else (a, b)
    return (a.lower(), b.lower()), labels


# --- one game -------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Counters for one player, summed over rounds and then over games."""

    games_won: int = 0
    rounds_won: int = 0
    gins: int = 0
    big_gins: int = 0
    #: Rounds won as the defender by undercutting the knocker.
    undercuts: int = 0
    #: Rounds this player went out by knocking with deadwood (won or undercut).
    knocks: int = 0
    #: Of those knocks, the ones that were undercut.
    undercut_against: int = 0
    #: Points scored in rounds (before any end-of-game bonus).
    points: int = 0
    moves: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(slots=True)
class GameRecord:
    """What one game produced, by player id (0 = first named, 1 = second)."""

    plan: GamePlan
    winner: int
    #: Final game scores by player id.
    scores: tuple[int, int]
    rounds: int
    dead_rounds: int
    tallies: tuple[Tally, Tally]
    #: Seconds spent in ``choose`` for every move, by player id.
    times: tuple[list[float], list[float]]


#: Decision times are binned on a log scale this fine (1%) for the percentiles.
_BIN_RATIO = 1.01
_BIN_LOG = math.log(_BIN_RATIO)
#: The upper edge of bin 0: faster decisions all land there.
_BIN_FLOOR = 1e-7


@dataclass(slots=True)
class TimeStats:
    """Decision times in constant memory: count, sum, max, and a log-scale histogram.

    Percentiles read from the histogram are the upper edge of a bin, at most 1% above the
    true value (never above the maximum), whatever the number of decisions.
    """

    count: int = 0
    total: float = 0.0
    slowest: float = 0.0
    #: Bin index -> decisions in it; bin ``i`` holds times up to ``_BIN_FLOOR * 1.01**i``.
    bins: dict[int, int] = field(default_factory=dict)

    def add(self, seconds: float) -> None:
        self.count += 1
        self.total += seconds
        if seconds > self.slowest:
            self.slowest = seconds
        i = 0 if seconds <= _BIN_FLOOR else math.ceil(math.log(seconds / _BIN_FLOOR) / _BIN_LOG)
        self.bins[i] = self.bins.get(i, 0) + 1

    def merge(self, other: TimeStats) -> None:
        self.count += other.count
        self.total += other.total
        self.slowest = max(self.slowest, other.slowest)
        for i, n in other.bins.items():
            self.bins[i] = self.bins.get(i, 0) + n

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def percentile(self, q: float) -> float:
        """Nearest-rank percentile (0 for no decisions), to the bin's 1%."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(q * self.count))
        seen = 0
        for i in sorted(self.bins):
            seen += self.bins[i]
            if seen >= rank:
                return min(self.slowest, _BIN_FLOOR * _BIN_RATIO**i)
        return self.slowest  # pragma: no cover - the bins hold every decision


@dataclass(slots=True)
class RunSummary:
    """Games folded together: what a run keeps instead of every `GameRecord`.

    Workers send one per chunk of games and the parent merges them in game order, so
    memory stays flat however many games are played. ``digest`` chains every game's
    outcome (index, winner, scores, rounds) in order: equal digests, equal games.
    """

    games: int = 0
    rounds: int = 0
    dead_rounds: int = 0
    tallies: tuple[Tally, Tally] = field(default_factory=lambda: (Tally(), Tally()))
    times: tuple[TimeStats, TimeStats] = field(default_factory=lambda: (TimeStats(), TimeStats()))
    digest: str = ""

    def add_game(self, record: GameRecord) -> None:
        self.games += 1
        self.rounds += record.rounds
        self.dead_rounds += record.dead_rounds
        for p in (0, 1):
            self.tallies[p].add(record.tallies[p])
            for t in record.times[p]:
                self.times[p].add(t)
        self.digest = _chain(self.digest, _outcome(record))

    def merge(self, other: RunSummary) -> None:
        """Fold in the totals of the games that come next (in game order).

        Not the digest: it chains game by game, so the caller chains the chunk's outcomes
        (`_play_chunk` returns them, a chunk's worth, never a run's).
        """
        self.games += other.games
        self.rounds += other.rounds
        self.dead_rounds += other.dead_rounds
        for p in (0, 1):
            self.tallies[p].add(other.tallies[p])
            self.times[p].merge(other.times[p])


#: A round takes at most 62 draws from the stock; anything near this is a loop.
MAX_ROUND_MOVES = 2000


def play_game_record(bots: tuple[str, str], rules: Rules, plan: GamePlan) -> GameRecord:
    """Play one whole game as planned, timing every decision."""
    by_player = (
        make_player(bots[0], bot_seed(plan.seed, 0)),
        make_player(bots[1], bot_seed(plan.seed, 1)),
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
    return GameRecord(plan, winner, (scores[0], scores[1]), len(game.rounds), dead, tallies, times)


#: A game's outcome as the run's digest chains it: index, winner, scores, rounds.
Outcome = tuple[int, int, int, int, int]


def _outcome(record: GameRecord) -> Outcome:
    return (record.plan.index, record.winner, *record.scores, record.rounds)


def _play_chunk(
    job: tuple[tuple[str, str], Rules, int, list[int]],
) -> tuple[RunSummary, list[Outcome]]:
    """Worker entry point: play the games ``indices`` of a run, folded into a summary."""
    bots, rules, seed, indices = job
    summary = RunSummary()
    outcomes = []
    for i in indices:
        record = play_game_record(bots, rules, plan_game(seed, i))
        summary.add_game(record)
        outcomes.append(_outcome(record))
    return summary, outcomes


def _chain(digest: str, outcome: Outcome) -> str:
    index, winner, s0, s1, rounds = outcome
    return hashlib.sha256(f"{digest}|{index}:{winner}:{s0}-{s1}:{rounds}".encode()).hexdigest()


def _ignore_sigint() -> None:
    """Workers leave Ctrl+C to the parent, which stops the pool without tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# --- the whole run --------------------------------------------------------------------


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (well-behaved near 0 and 1)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class PlayerStats:
    """One player's totals over a run."""

    name: str
    bot: str
    tally: Tally = field(default_factory=Tally)
    times: TimeStats = field(default_factory=TimeStats)

    def to_dict(self, games: int, rounds: int) -> dict[str, Any]:
        t = self.tally
        lo, hi = wilson_interval(t.games_won, games)
        return {
            "bot": self.bot,
            "games_won": t.games_won,
            "win_rate": round(t.games_won / games, 4) if games else 0.0,
            "win_ci95": [round(lo, 4), round(hi, 4)],
            "rounds_won": t.rounds_won,
            "gins": t.gins,
            "big_gins": t.big_gins,
            "undercuts": t.undercuts,
            "knocks": t.knocks,
            "undercut_against": t.undercut_against,
            "undercut_rate": round(t.undercut_against / t.knocks, 4) if t.knocks else 0.0,
            "points": t.points,
            "mean_points_per_round": round(t.points / rounds, 3) if rounds else 0.0,
            "moves": t.moves,
            "decision_ms": {
                "mean": round(self.times.mean * 1e3, 4),
                "p95": round(self.times.percentile(0.95) * 1e3, 4),
                "max": round(self.times.slowest * 1e3, 4),
            },
        }


@dataclass(slots=True)
class ArenaResult:
    """Everything a run measured; `to_dict` is the ``--json`` output."""

    names: tuple[str, str]
    rules: Rules
    seed: int
    jobs: int
    summary: RunSummary
    seconds: float
    stats: tuple[PlayerStats, PlayerStats]

    @property
    def games(self) -> int:
        return self.summary.games

    @property
    def rounds(self) -> int:
        return self.summary.rounds

    @property
    def dead_rounds(self) -> int:
        return self.summary.dead_rounds

    @property
    def digest(self) -> str:
        """A hash of every game's outcome in order (equal across ``--jobs``)."""
        return self.summary.digest

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        rounds = self.rounds
        return {
            "players": list(self.names),
            "games": self.games,
            "seed": self.seed,
            "rules": self.rules.name,
            "target": self.rules.target,
            "wins": {s.name: s.tally.games_won for s in self.stats},
            "rounds": rounds,
            "dead_rounds": self.dead_rounds,
            "seconds": round(self.seconds, 4),
            "rounds_per_second": round(self.rounds_per_second, 2),
            "jobs": self.jobs,
            "digest": self.digest,
            "stats": {s.name: s.to_dict(self.games, rounds) for s in self.stats},
        }


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
) -> ArenaResult:
    """Play ``games`` games between two bots; ``on_progress(k)`` is told of k finished games.

    Results are folded in as games finish (a chunk at a time with ``jobs`` > 1), so memory
    does not grow with ``games``.
    """
    if games < 1:
        raise ArenaError(_("the number of games must be at least 1"))
    if jobs < 1:
        raise ArenaError(_("the number of jobs must be at least 1"))
    for bot in bots:
        if bot not in PLAYERS:
            raise ArenaError(_unknown_player(bot))
    rules = rules if rules is not None else Rules()
    names = names if names is not None else bots
    jobs = min(jobs, games)
    summary = RunSummary()
    start = time.perf_counter()
    if jobs == 1:
        for i in range(games):
            summary.add_game(play_game_record(bots, rules, plan_game(seed, i)))
            if on_progress is not None:
                on_progress(1)
    else:
        size = max(1, min(25, math.ceil(games / (jobs * 4))))
        work = [(bots, rules, seed, idx) for idx in _chunks(games, size)]
        with multiprocessing.Pool(jobs, initializer=_ignore_sigint) as pool:
            # imap keeps the chunks in game order, so the aggregate is deterministic.
            for chunk, outcomes in pool.imap(_play_chunk, work):
                summary.merge(chunk)
                for outcome in outcomes:
                    summary.digest = _chain(summary.digest, outcome)
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
) -> ArenaResult:
    """`run_arena` with a rich progress bar on stderr when stderr is a terminal."""
    show = sys.stderr.isatty() if progress is None else progress
    if not show:
        return run_arena(bots, games, seed=seed, rules=rules, jobs=jobs, names=names)
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
        )


# --- the report -----------------------------------------------------------------------


def _pct(x: float) -> str:
    return number(100 * x, ".1f") + "%"


def format_report(result: ArenaResult) -> str:
    """The human-readable report: one column per player."""
    data = result.to_dict()
    games, rounds = result.games, result.rounds
    names = result.names
    per = [data["stats"][n] for n in names]
    rows: list[tuple[str, str, str]] = []

    def row(label: str, values: Sequence[str]) -> None:
        rows.append((label, values[0], values[1]))

    # TRANSLATORS: row labels of the arena report (the leading spaces indent a detail of
    # the row above: keep them).
    row(_("games won"), [f"{s['games_won']} ({_pct(s['win_rate'])})" for s in per])
    # TRANSLATORS: the 95% confidence interval of the share of games won.
    row(
        _("  interval (95%)"), [f"{_pct(s['win_ci95'][0])} - {_pct(s['win_ci95'][1])}" for s in per]
    )
    row(_("rounds won"), [f"{s['rounds_won']}" for s in per])
    row(_("  by gin"), [f"{s['gins']}" for s in per])
    row(_("  by big gin"), [f"{s['big_gins']}" for s in per])
    row(_("  by undercut"), [f"{s['undercuts']}" for s in per])
    row(_("knocks (undercut)"), [f"{s['knocks']} ({s['undercut_against']})" for s in per])
    # TRANSLATORS: the share of this player's knocks that the opponent undercut.
    row(_("  undercut rate"), [_pct(s["undercut_rate"]) for s in per])
    row(_("points per round"), [number(s["mean_points_per_round"], ".2f") for s in per])
    row(_("moves"), [f"{s['moves']}" for s in per])
    row(_("decision mean ms"), [number(s["decision_ms"]["mean"], ".3f") for s in per])
    row(_("decision p95 ms"), [number(s["decision_ms"]["p95"], ".3f") for s in per])
    row(_("decision max ms"), [number(s["decision_ms"]["max"], ".3f") for s in per])

    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(names[0]), *(len(r[1]) for r in rows))
    w2 = max(len(names[1]), *(len(r[2]) for r in rows))
    rules = result.rules
    lines = [
        # TRANSLATORS: the arena report's first line, e.g. "simple vs random: 200 games to
        # 100 (Standard rules), seed 1, 2 jobs". {games} is "200 games", {jobs} "2 jobs" (worker
        # processes), {rules} a preset name as typed.
        _("{a} vs {b}: {games} to {target} ({rules} rules), seed {seed}, {jobs}").format(
            a=names[0],
            b=names[1],
            games=ngettext("{n} game", "{n} games", games).format(n=games),
            target=rules.target,
            rules=rules.name,
            seed=result.seed,
            jobs=ngettext("{n} job", "{n} jobs", result.jobs).format(n=result.jobs),
        ),
        "",
        f"{'':<{w0}}  {names[0]:>{w1}}  {names[1]:>{w2}}",
    ]
    lines += [f"{a:<{w0}}  {b:>{w1}}  {c:>{w2}}" for a, b, c in rows]
    lines += [
        "",
        _("rounds: {rounds} ({dead} dead) in {seconds} s: {rate} rounds per second").format(
            rounds=rounds,
            dead=result.dead_rounds,
            seconds=number(result.seconds, ".2f"),
            rate=f"{result.rounds_per_second:.0f}",
        ),
        _("Seats alternate every game and the first dealer every two games."),
    ]
    return "\n".join(lines)


def default_jobs() -> int:
    """One worker per available core."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
