"""The review's targets measured on recorded arena games (issue 63): ``reviewbench
ranking``, ``noisy``, ``explain`` and ``blunders`` (a developer's benchmark, not part of
the game; ``python -m ginrummy.tools.reviewbench --help``).

Every measurement is made of **series**: the games ``0, 1, 2...`` of an arena run between
two players (game ``i`` planned by `arena.plan_game`, seats and first dealer alternating,
the bots seeded by `arena.bot_seed`, exactly as ``ginrummy arena --record`` plays them),
each game written as a game record (``NAME.records.jsonl``), read back through
`core.record.from_dict` and reviewed for the chosen players' seats at a budget
(``NAME.jsonl``: one line per game, with every reviewed decision's loss and grade). Lines
are written as games finish, so a run stopped early (``--minutes``) still gives figures,
and a later run with the same ``--dir`` goes on from where it stopped: a series already
reviewed is reused, never redone (the expert-against-expert games serve both ``explain``
and the expert's row of ``ranking``; the master-against-expert games serve ``ranking``,
the rate 0 of ``noisy`` and the master's mistake rate of ``blunders``).

A game is reproducible from the run's seed and its index, whatever ``--jobs``: the
games of all the series asked are interleaved (game 0 of every series, then game 1...) so
that a deadline leaves every series with about as many games.

A player is a bot's name (``random``, ``simple``, ``expert``, ``master``...) or
``master~P``: the master playing a uniformly random legal move at a rate P (`NoisyPlayer`,
a wrapper for this benchmark only).

Intervals are 95%. A mean loss per decision is a ratio over games (the decisions of a game
are not independent): sum of losses over sum of decisions, its interval from the spread of
the games (the ratio estimator's standard error). Shares of games (``explain``) and of
decisions (``blunders``) have Wilson intervals.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...core import Rules
from ...core.actions import Action
from ...core.player import Player
from ...core.record import Record, RecordError, from_dict
from ...core.round import PlayerView
from ...players import PLAYERS, make_player
from ...players.evaluator import Evaluator
from ...players.gamevalue import value_table
from ...players.review import Grade, review
from ..arena import Z95, ArenaError, plan_game, play_game_record, wilson_interval

__all__ = [
    "GameLine",
    "NoisyPlayer",
    "Series",
    "make_bot",
    "play_record",
    "ratio",
    "read_series",
    "run_series",
]

#: The letters of the grades in a series line, one per decision.
LETTERS = {Grade.GOOD: "g", Grade.INACCURACY: "i", Grade.MISTAKE: "m", Grade.BLUNDER: "b"}
GRADES = {v: k for k, v in LETTERS.items()}


class TargetsError(ValueError):
    """A bad request to the benchmark (a player unknown, a series file of another run)."""


class NoisyPlayer:
    """A player that plays like ``inner`` but, at each decision with probability ``rate``,
    plays a uniformly random legal move instead. ``inner`` is asked every time (so what
    it reads of the game stays whole), whatever is played."""

    def __init__(self, inner: Player, rate: float, seed: int) -> None:
        self.inner = inner
        self.rate = rate
        self.name = f"{getattr(inner, 'name', 'bot')}~{rate:g}"
        self._rng = random.Random(f"noisy:{seed}")

    def choose(self, view: PlayerView) -> Action:
        action = self.inner.choose(view)
        if self._rng.random() < self.rate:
            return self._rng.choice(view.legal_actions())
        return action


def _parse_spec(spec: str) -> tuple[str, float]:
    name, _, rate_text = spec.partition("~")
    if name not in PLAYERS:
        raise TargetsError(f"unknown player {spec!r}: a bot ({', '.join(PLAYERS)}) or bot~RATE")
    if not rate_text:
        if "~" in spec:
            raise TargetsError(f"{spec!r}: the rate after ~ must be a number from 0 to 1")
        return name, 0.0
    try:
        rate = float(rate_text)
    except ValueError:
        rate = math.nan
    if not 0.0 <= rate <= 1.0:
        raise TargetsError(f"{spec!r}: the rate after ~ must be a number from 0 to 1")
    return name, rate


def make_bot(spec: str, seed: int) -> Player:
    """The player named ``spec`` (a bot, or ``bot~RATE`` for `NoisyPlayer`)."""
    name, rate = _parse_spec(spec)
    bot = make_player(name, seed)
    return NoisyPlayer(bot, rate, seed) if "~" in spec else bot


def play_record(
    players: tuple[str, str], rules: Rules, run_seed: int, index: int
) -> dict[str, Any]:
    """Game ``index`` of an arena run seeded ``run_seed`` between ``players`` (player 0
    first named), played by `arena.play_game_record` (``bot~RATE`` for `NoisyPlayer`):
    the game record ``ginrummy arena --record`` writes."""
    plan = plan_game(run_seed, index)
    try:
        played = play_game_record(players, rules, plan, keep=True, run_seed=run_seed, make=make_bot)
    except ArenaError as exc:
        raise TargetsError(f"game {index} (seed {run_seed}): {exc}") from None
    assert played.record is not None
    return played.record


@dataclass(frozen=True, slots=True)
class Series:
    """The games of one arena run between two players, reviewed for some of them."""

    players: tuple[str, str]
    #: The players (0 = first named) whose seats are reviewed.
    reviewed: tuple[int, ...]
    seed: int
    budget: int
    #: The evaluator's seed.
    eval_seed: int = 0
    #: The game's target score (Standard rules otherwise; lower for quick tests).
    target: int = 100

    @property
    def rules(self) -> Rules:
        return Rules(target=self.target)

    @property
    def name(self) -> str:
        who = "".join(str(p) for p in self.reviewed)
        to = "" if self.target == 100 else f"_t{self.target}"
        return (
            f"{self.players[0]}-vs-{self.players[1]}_s{self.seed}_b{self.budget}"
            f"_e{self.eval_seed}_r{who}{to}"
        )

    def header(self) -> dict[str, Any]:
        short = {} if self.target == 100 else {"target": self.target}
        return {
            "series": {
                "players": list(self.players),
                "reviewed": list(self.reviewed),
                "seed": self.seed,
                "budget": self.budget,
                "eval_seed": self.eval_seed,
                "rules": "standard",
                # The seat's luck less the opponent's (review layout 2); a file of the
                # seat's own luck alone is another series.
                "luck": "net",
                **short,
            }
        }


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One reviewed seat of one game."""

    player: int
    seat: int
    losses: tuple[float, ...]
    grades: str
    luck: float
    #: The seat's chance of winning the game before each decision's round was dealt,
    #: from the scores alone (read from the game record, not written in the line): the
    #: games still open and the games already decided can be told apart.
    chances: tuple[float, ...] = ()

    @property
    def decisions(self) -> int:
        return len(self.losses)

    @property
    def loss(self) -> float:
        return sum(self.losses)

    def count(self, *grades: Grade) -> int:
        letters = {LETTERS[g] for g in grades}
        return sum(1 for c in self.grades if c in letters)


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of a series: who won (player id), the reviewed seats."""

    game: int
    winner: int
    scores: tuple[int, int]
    rounds: int
    seats: tuple[SeatLine, ...]
    seconds: float
    #: The process's CPU seconds for the game (its play, record and review): what a
    #: run's size is estimated from, whatever else the machine was doing.
    cpu: float | None = None

    def of(self, player: int) -> SeatLine:
        for s in self.seats:
            if s.player == player:
                return s
        raise KeyError(player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "winner": self.winner,
            "scores": list(self.scores),
            "rounds": self.rounds,
            "seconds": round(self.seconds, 2),
            **({} if self.cpu is None else {"cpu": round(self.cpu, 2)}),
            "seats": [
                {
                    "player": s.player,
                    "seat": s.seat,
                    "decisions": s.decisions,
                    "loss": round(s.loss, 5),
                    "luck": round(s.luck, 5),
                    "grades": s.grades,
                    "losses": [round(x, 5) for x in s.losses],
                }
                for s in self.seats
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameLine:
        seats = tuple(
            SeatLine(s["player"], s["seat"], tuple(s["losses"]), s["grades"], s["luck"])
            for s in data["seats"]
        )
        return cls(
            data["game"],
            data["winner"],
            (data["scores"][0], data["scores"][1]),
            data["rounds"],
            seats,
            data["seconds"],
            data.get("cpu"),
        )


def review_one(series: Series, index: int) -> tuple[GameLine, dict[str, Any]]:
    """Play, record, read back and review game ``index`` of a series."""
    start, cpu = time.perf_counter(), time.process_time()
    data = play_record(series.players, series.rules, series.seed, index)
    record = from_dict(json.loads(json.dumps(data)))
    seats = plan_game(series.seed, index).seats
    evaluator = Evaluator(series.budget, seed=series.eval_seed)
    lines = []
    for player in series.reviewed:
        seat = seats.index(player)
        seat_review = review(record, seat, evaluator)
        decisions = seat_review.decisions
        lines.append(
            SeatLine(
                player,
                seat,
                tuple(d.loss for d in decisions),
                "".join(LETTERS[d.grade] for d in decisions),
                seat_review.luck,
            )
        )
    winner = record.game.winner
    assert winner is not None
    scores = record.game.scores
    by_player = (scores[seats.index(0)], scores[seats.index(1)])
    line = GameLine(
        index,
        seats[winner],
        by_player,
        len(record.game.rounds),
        tuple(lines),
        time.perf_counter() - start,
        time.process_time() - cpu,
    )
    # As it is written and read back (rounded), so that a reused game is the same.
    return GameLine.from_dict(line.to_dict()), data


def decision_chances(record: Record, seat: int) -> tuple[float, ...]:
    """For every decision of ``seat`` that `review` reviews (more than one legal
    choice), the seat's chance of winning the game when its round was dealt."""
    table = value_table(record.rules)
    chances = []
    for played in record.game.rounds:
        rnd = played.dealt_again()
        mine, theirs = rnd.scores[seat], rnd.scores[1 - seat]
        chance = table.win(mine, theirs)
        for action in played.actions:
            if rnd.to_act == seat and len(rnd.view(seat).legal_actions()) > 1:
                chances.append(chance)
            rnd.apply(action)
    return tuple(chances)


def _files(folder: Path, series: Series) -> tuple[Path, Path]:
    return folder / f"{series.name}.jsonl", folder / f"{series.name}.records.jsonl"


def read_series(folder: Path, series: Series) -> dict[int, GameLine]:
    """The games of a series already reviewed in ``folder`` (none if no file)."""
    path, records_path = _files(folder, series)
    if not path.exists():
        return {}
    games: dict[int, GameLine] = {}
    with path.open(encoding="utf-8") as lines:
        for n, text in enumerate(lines, 1):
            if not text.strip():
                continue
            try:
                data = json.loads(text)
                if "series" in data:
                    if data != series.header():
                        raise TargetsError(f"{path}: another series' file")
                    continue
                line = GameLine.from_dict(data)
            except (json.JSONDecodeError, KeyError, TypeError, IndexError):
                # A line cut short by a stopped run: that game is played again.
                if n == 1:
                    raise TargetsError(f"{path}: not a series file of this benchmark") from None
                continue
            games[line.game] = line
    return _with_chances(records_path, games)


def _with_chances(path: Path, games: dict[int, GameLine]) -> dict[int, GameLine]:
    """The games with their decisions' chances, from their game records (a game whose
    record is missing or does not match keeps none)."""
    if not path.exists():
        return games
    out = dict(games)
    with path.open(encoding="utf-8") as lines:
        for text in lines:
            try:
                data = json.loads(text)
                index = data["extra"]["arena"]["game"]
                record = from_dict(data)
            except (json.JSONDecodeError, KeyError, TypeError, RecordError):
                continue
            line = out.get(index)
            if line is None:
                continue
            seats = []
            for s in line.seats:
                chances = decision_chances(record, s.seat)
                seats.append(replace(s, chances=chances) if len(chances) == s.decisions else s)
            out[index] = replace(line, seats=tuple(seats))
    return out


def _job(task: tuple[Series, int, float]) -> tuple[Series, GameLine, dict[str, Any]] | None:
    series, index, deadline = task
    if time.time() > deadline:
        return None
    line, data = review_one(series, index)
    return series, line, data


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interleaved(
    wanted: Sequence[Series], done: dict[Series, dict[int, GameLine]], games: int
) -> list[tuple[Series, int]]:
    return [(s, i) for i in range(games) for s in wanted if i not in done[s]]


def run_series(
    folder: Path,
    wanted: Sequence[Series],
    games: int,
    *,
    minutes: float,
    jobs: int,
    log: bool = True,
) -> dict[Series, list[GameLine]]:
    """Review games ``0..games-1`` of every series not yet in ``folder``, interleaved,
    until ``minutes`` have passed (no new game starts after that); every series' games
    reviewed, in game order."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = list(dict.fromkeys(wanted))
    done = {s: read_series(folder, s) for s in wanted}
    todo = _interleaved(wanted, done, games)
    deadline = time.time() + minutes * 60
    tasks = [(s, i, deadline) for s, i in todo]
    for s in wanted:
        path, records = _files(folder, s)
        if not path.exists():
            path.write_text(json.dumps(s.header()) + "\n", encoding="utf-8")

    def results() -> Iterator[tuple[Series, GameLine, dict[str, Any]] | None]:
        if jobs <= 1 or len(tasks) <= 1:
            yield from (_job(t) for t in tasks)
            return
        with multiprocessing.Pool(jobs, initializer=_ignore_sigint) as pool:
            yield from pool.imap(_job, tasks)

    for result in results():
        if result is None:
            continue
        s, line, data = result
        path, records = _files(folder, s)
        with records.open("a", encoding="utf-8") as out:
            out.write(json.dumps(data, separators=(",", ":")) + "\n")
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line.to_dict(), separators=(",", ":")) + "\n")
        if log:
            print(f"  {s.name} game {line.game}: {line.seconds:.1f} s", flush=True)
    done = {s: read_series(folder, s) for s in wanted}
    return {s: [done[s][i] for i in sorted(done[s]) if i < games] for s in wanted}


# --- the statistics ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ratio:
    """A ratio over games (sum of a per-game count over sum of decisions) and the
    half-width of its 95% interval."""

    value: float
    half: float
    games: int
    decisions: int

    def __str__(self) -> str:
        return f"{self.value:.4f} ± {self.half:.4f}"

    def pct(self) -> str:
        return f"{self.value:.2%} ± {self.half:.2%}"


def ratio(pairs: Iterable[tuple[float, int]]) -> Ratio:
    """``sum(x) / sum(n)`` over games of (x, n), with the ratio estimator's interval."""
    data = [(x, n) for x, n in pairs if n > 0]
    k = len(data)
    total_n = sum(n for _, n in data)
    if not k:
        return Ratio(math.nan, math.nan, 0, 0)
    r = sum(x for x, _ in data) / total_n
    if k < 2:
        return Ratio(r, math.nan, k, total_n)
    mean_n = total_n / k
    var = sum((x - r * n) ** 2 for x, n in data) / (k - 1)
    return Ratio(r, Z95 * math.sqrt(var / k) / mean_n, k, total_n)


def difference(a: Ratio, b: Ratio) -> tuple[float, float]:
    """``a - b`` of two independent ratios and the half-width of its 95% interval."""
    return a.value - b.value, math.hypot(a.half, b.half)


def share(k: int, n: int) -> str:
    """``k/n`` as a percentage with its Wilson interval."""
    lo, hi = wilson_interval(k, n)
    pct = k / n if n else math.nan
    return f"{k}/{n} = {pct:.1%} ({lo:.1%} to {hi:.1%})"


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
