"""What an arena run counts: per player, per game (`GameRecord`), folded over a run in
constant memory (`RunSummary`: the counters, the decision times' histogram, the digest
that chains every game's outcome), and what a run measured with its intervals
(`ArenaResult`, whose `to_dict` is the ``--json`` output)."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Any

from ...core import Rules
from .plan import GamePlan

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


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
    #: The game as a game record's JSON (`ginrummy.core.record`), when asked to keep it.
    record: dict[str, Any] | None = None


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
        self.digest = chain_digest(self.digest, game_outcome(record))

    def merge(self, other: RunSummary) -> None:
        """Fold in the totals of the games that come next (in game order).

        Not the digest: it chains game by game, so the caller chains the chunk's outcomes
        (`games._play_chunk` returns them, a chunk's worth, never a run's).
        """
        self.games += other.games
        self.rounds += other.rounds
        self.dead_rounds += other.dead_rounds
        for p in (0, 1):
            self.tallies[p].add(other.tallies[p])
            self.times[p].merge(other.times[p])


#: A game's outcome as the run's digest chains it: index, winner, scores, rounds.
Outcome = tuple[int, int, int, int, int]


def game_outcome(record: GameRecord) -> Outcome:
    return (record.plan.index, record.winner, *record.scores, record.rounds)


def chain_digest(digest: str, outcome: Outcome) -> str:
    index, winner, s0, s1, rounds = outcome
    return hashlib.sha256(f"{digest}|{index}:{winner}:{s0}-{s1}:{rounds}".encode()).hexdigest()


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
