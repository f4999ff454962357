"""How fast and how right the review is: a developer's benchmark, not part of the game.

    python -m ginrummy.tools.reviewbench speed --games 3
    python -m ginrummy.tools.reviewbench rank --minutes 10
    python -m ginrummy.tools.reviewbench paired --minutes 10
    python -m ginrummy.tools.reviewbench noise --decisions 60

``speed`` plays expert-against-master games (Standard rules, to 100) and reviews seat 0
of each at ``--budget`` samples round by round, as the app does (`players.review.review`):
each round's and each game's time, the mean per decision (the review's time over its
decisions, both seats' luck included), the 95th percentile of one decision's evaluation,
and the luck's share of the time.

``rank`` plays each of ``--players`` against the expert bot, round after round (the
first round of a fresh game each time, seats alternating), reviews the player's seat
and reports each player's mean loss per decision with a 95% interval (over rounds: the
decisions of one round are not independent), its grades and its accuracy, until
``--minutes`` have passed or ``--rounds`` rounds per player are done.

``paired`` asks every one of ``--players`` what it would play at the same decisions (the
decisions of the expert in expert-against-master games, first rounds of fresh games)
and values all their choices with one evaluation per decision: each player's mean loss
on identical decisions, and the difference between each player and the next with a 95%
interval over rounds. Comparing on the same decisions removes most of the
round-to-round spread that ``rank`` has to average away.

``noise`` values the same decisions with two evaluation seeds and reports how far the
loss of the move played moves between them (the noise a grade threshold must clear).

``ranking``, ``noisy``, ``explain`` and ``blunders`` measure issue 63's targets on whole
arena games, recorded and reviewed; ``all`` runs the four together, each game reviewed
once for all (`reviewtargets`):

    python -m ginrummy.tools.reviewbench all --games 200 --minutes 60 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..core import Game, Rules
from ..core.actions import Action
from ..core.cards import Card
from ..core.round import PlayerView, Round
from ..players import make_player
from ..players.evaluator import DEFAULT_SAMPLES, Evaluation, Evaluator
from ..players.review import Grade, grade, review
from .arena import Z95
from .reviewtargets import targets
from .reviewtargets.series import TargetsError, default_jobs, make_bot

__all__ = ["main"]


def _play(game: Game, players: Sequence[str], seed: int, rounds: int | None = None) -> None:
    bots = (make_player(players[0], seed), make_player(players[1], seed + 1))
    done = 0
    while True:
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            game.apply(bots[me].choose(rnd.view(me)), me)
        done += 1
        if game.is_over or (rounds is not None and done >= rounds):
            return
        game.next_round()


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _Timed(Evaluator):
    """The evaluator, timing its work: each evaluation of seat 0's decisions, and the
    rest (the luck of both seats' deals and draws)."""

    def __init__(self, budget: int, seed: int) -> None:
        super().__init__(budget, seed=seed)
        self.decisions: list[float] = []
        self.luck = 0.0

    def evaluate(self, view: PlayerView, keep: Sequence[Action] = ()) -> Evaluation:
        t = time.perf_counter()
        values = super().evaluate(view, keep)
        if view.player == 0:
            self.decisions.append(time.perf_counter() - t)
        else:  # the opponent's deal
            self._add(time.perf_counter() - t)
        return values

    def draw_luck(self, view: PlayerView, card: Card) -> float:
        t = time.perf_counter()
        luck = super().draw_luck(view, card)
        self._add(time.perf_counter() - t)
        return luck

    def _add(self, seconds: float) -> None:
        self.luck += seconds


def speed(games: int, seed: int, budget: int) -> None:
    """Review seat 0 of ``games`` expert-against-master games round by round, as the app
    does (`players.review.review`), timing each round and game."""
    per_round: list[float] = []
    per_game: list[float] = []
    decisions = 0
    evaluator = _Timed(budget, seed)
    for g in range(games):
        game = Game(Rules(), seed=seed * 1000 + g)
        _play(game, ("expert", "master"), seed + g)
        start = time.perf_counter()
        for index in range(len(game.rounds)):
            round_start = time.perf_counter()
            decisions += len(review(game, 0, evaluator, rounds=(index,)).decisions)
            per_round.append(time.perf_counter() - round_start)
        per_game.append(time.perf_counter() - start)
        print(
            f"game {g}: {len(game.rounds)} rounds, {per_game[-1]:.1f} s,"
            f" scores {game.scores[0]}-{game.scores[1]}",
            flush=True,
        )
    total = sum(per_game)
    print(f"budget {budget}: {games} games, {len(per_round)} rounds, {decisions} decisions")
    print(
        f"per decision: mean {total / max(1, decisions) * 1000:.0f} ms (the review's time,"
        f" luck included); one decision's evaluation p95"
        f" {_pct(evaluator.decisions, 0.95) * 1000:.0f} ms; luck {evaluator.luck / total:.0%}"
        " of the time"
    )
    print(f"per round: mean {statistics.mean(per_round):.2f} s, max {max(per_round):.2f} s")
    print(f"per game: mean {statistics.mean(per_game):.1f} s, max {max(per_game):.1f} s")


@dataclass
class _Tally:
    round_means: list[float] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)
    grades: dict[Grade, int] = field(default_factory=lambda: dict.fromkeys(Grade, 0))
    accuracy: list[float] = field(default_factory=list)

    def line(self, name: str) -> str:
        n = len(self.round_means)
        mean = statistics.mean(self.round_means)
        half = Z95 * statistics.stdev(self.round_means) / math.sqrt(n) if n > 1 else math.nan
        total = sum(self.grades.values()) or 1
        worse = (self.grades[Grade.MISTAKE] + self.grades[Grade.BLUNDER]) / total
        shares = " ".join(f"{g.value} {self.grades[g] / total:.1%}" for g in Grade)
        return (
            f"{name:8} rounds {n:4}  decisions {len(self.losses):5}  mean loss"
            f" {mean:.4f} ± {half:.4f}  accuracy {statistics.mean(self.accuracy):5.1f}"
            f"  mistake+ {worse:.1%}  ({shares})"
        )


def rank(players: Sequence[str], minutes: float, rounds: int, seed: int, budget: int) -> None:
    tallies = {p: _Tally() for p in players}
    evaluator = Evaluator(budget, seed=seed)
    deadline = time.perf_counter() + minutes * 60
    i = 0
    while time.perf_counter() < deadline and i < rounds:
        for p in players:
            seat = i % 2
            pair = (p, "expert") if seat == 0 else ("expert", p)
            game = Game(Rules(), seed=seed * 100_003 + i, first_dealer=(i // 2) % 2)
            _play(game, pair, seed + i, rounds=1)
            reviewed = review(game, seat, evaluator)
            decisions = reviewed.decisions
            if not decisions:
                continue
            tally = tallies[p]
            tally.round_means.append(reviewed.mean_loss)
            tally.accuracy.append(reviewed.accuracy)
            for d in decisions:
                tally.losses.append(d.loss)
                tally.grades[grade(d.loss)] += 1
        i += 1
        if i % 5 == 0:
            print(f"{i} rounds per player", flush=True)
    print(f"budget {budget}, each player against expert, first rounds of fresh games (Standard)")
    for p in players:
        if tallies[p].round_means:
            print(tallies[p].line(p))


def _interval(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval."""
    n = len(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.nan
    return statistics.mean(values), half


def paired(players: Sequence[str], minutes: float, seed: int, budget: int) -> None:
    evaluator = Evaluator(budget, seed=seed)
    deadline = time.perf_counter() + minutes * 60
    # Per round: each player's summed loss, and the number of decisions.
    sums: list[list[float]] = []
    counts: list[int] = []
    worse = [0] * len(players)
    g = 0
    while time.perf_counter() < deadline:
        game = Game(Rules(), seed=seed * 104_729 + g, first_dealer=g % 2)
        _play(game, ("expert", "master"), seed + g, rounds=1)
        played = game.rounds[0]
        rnd = played.dealt_again()
        bots = [make_player(p, seed + g) for p in players]
        total = [0.0] * len(players)
        n = 0
        for action in played.actions:
            me = rnd.to_act
            view = rnd.view(me)
            if me == 0 and len(view.legal_actions()) > 1:
                choices = [bot.choose(view) for bot in bots]
                ev = evaluator.evaluate(view, keep=tuple(dict.fromkeys(choices)))
                for k, choice in enumerate(choices):
                    loss = ev.loss(choice)
                    total[k] += loss
                    if grade(loss) in (Grade.MISTAKE, Grade.BLUNDER):
                        worse[k] += 1
                n += 1
            rnd.apply(action)
        if n:
            sums.append(total)
            counts.append(n)
        g += 1
        if g % 10 == 0:
            print(f"{g} rounds, {sum(counts)} decisions", flush=True)
    decisions = sum(counts)
    print(
        f"budget {budget}: {len(sums)} rounds, {decisions} decisions of the expert's seat in"
        " expert-vs-master first rounds; every player asked at the same decisions"
    )
    for k, p in enumerate(players):
        mean, half = _interval([s[k] / c for s, c in zip(sums, counts, strict=True)])
        print(
            f"{p:8} mean loss {mean:.4f} ± {half:.4f}  mistake or worse {worse[k] / decisions:.1%}"
        )
    for k in range(len(players) - 1):
        diffs = [(s[k] - s[k + 1]) / c for s, c in zip(sums, counts, strict=True)]
        mean, half = _interval(diffs)
        print(f"{players[k]} - {players[k + 1]}: {mean:+.4f} ± {half:.4f}")


def noise(decisions: int, seed: int, budget: int) -> None:
    a, b = Evaluator(budget, seed=seed), Evaluator(budget, seed=seed + 1)
    diffs: list[float] = []
    g = 0
    while len(diffs) < decisions:
        game = Game(Rules(), seed=seed * 7919 + g)
        _play(game, ("expert", "master"), seed + g, rounds=1)
        played = game.rounds[0]
        rnd: Round = played.dealt_again()
        for action in played.actions:
            view = rnd.view(rnd.to_act)
            if len(view.legal_actions()) > 1 and len(diffs) < decisions:
                la = a.evaluate(view, keep=(action,)).loss(action)
                lb = b.evaluate(view, keep=(action,)).loss(action)
                diffs.append(la - lb)
            rnd.apply(action)
        g += 1
    sd = statistics.stdev(diffs) / math.sqrt(2)
    print(
        f"budget {budget}: {len(diffs)} decisions; one evaluation's loss varies by"
        f" sd {sd:.4f} between seeds; |difference| p95 {_pct([abs(d) for d in diffs], 0.95):.4f}"
    )


#: The subcommands that measure the targets on recorded games (`reviewtargets`).
TARGETS = ("ranking", "noisy", "explain", "blunders", "all")


def _rates(text: str) -> list[float]:
    try:
        rates = [float(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of rates: {text!r}") from None
    if not rates or any(not 0 <= r <= 1 for r in rates) or rates != sorted(set(rates)):
        raise argparse.ArgumentTypeError(f"rates must rise from 0 to 1: {text!r}")
    return rates


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ginrummy.tools.reviewbench",
        description="How fast and how right the review is (docs/review.md, BENCHMARKS.md).",
    )
    sub = parser.add_subparsers(dest="what", required=True)
    commands = {
        "speed": "time the review of whole games",
        "rank": "each bot against the expert, first rounds",
        "paired": "every bot asked at the same decisions",
        "noise": "a loss's noise between two evaluation seeds",
        "ranking": "target: mean loss orders the bots, over recorded games",
        "noisy": "target: the error rate rises with the master's random moves",
        "explain": "target: lower loss and better luck - loss win expert-vs-expert games",
        "blunders": "target: the default budget finds the 4x budget's blunders",
        "all": "the four targets, their games reviewed together",
    }
    for name, help_text in commands.items():
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--budget", type=int, default=DEFAULT_SAMPLES)
        if name in ("speed", *TARGETS):
            p.add_argument(
                "--games", type=int, default=3 if name == "speed" else 200,
                help="games (per series for the targets)",
            )  # fmt: skip
        if name in ("rank", "paired", *TARGETS):
            p.add_argument("--minutes", type=float, default=10.0 if name in ("rank", "paired")
                           else 60.0, help="no new game after this")  # fmt: skip
        if name == "rank":
            p.add_argument("--rounds", type=int, default=10**9, help="at most, per player")
        if name == "noise":
            p.add_argument("--decisions", type=int, default=60)
        if name in ("rank", "paired", "ranking", "all"):
            p.add_argument("--players", default="random,simple,expert,master")
        if name in TARGETS:
            p.add_argument("--jobs", type=int, default=default_jobs(), help="processes")
            p.add_argument(
                "--dir", type=Path, default=Path("runs/reviewbench"),
                help="where the recorded, reviewed games are kept (reused by later runs)",
            )  # fmt: skip
            p.add_argument(
                "--target", type=int, default=100,
                help="the games' target score (Standard: 100; less for a quick try)",
            )  # fmt: skip
        if name in ("ranking", "noisy", "blunders", "all"):
            p.add_argument("--opponent", default="expert")
        if name in ("noisy", "all"):
            p.add_argument("--rates", type=_rates, default=[0.0, 0.05, 0.2])
        if name in ("blunders", "all"):
            p.add_argument("--player", default="random")
            p.add_argument("--factor", type=int, default=4)
    return parser


def _plans(args: argparse.Namespace) -> list[targets.Plan]:
    """The targets asked (``all``: every one, their series reviewed together)."""
    what, seed, budget, target = args.what, args.seed, args.budget, args.target
    plans = []
    if what in ("ranking", "all"):
        players = args.players.split(",")
        for p in (*players, args.opponent):
            make_bot(p, 0)
        plans.append(targets.ranking(players, args.opponent, seed, budget, target))
    if what in ("noisy", "all"):
        make_bot(args.opponent, 0)
        plans.append(targets.noisy(args.rates, args.opponent, seed, budget, target))
    if what in ("explain", "all"):
        plans.append(targets.explain(seed, budget, target))
    if what in ("blunders", "all"):
        for p in (args.player, args.opponent):
            make_bot(p, 0)
        plans.append(
            targets.blunders(args.player, args.opponent, args.factor, seed, budget, target)
        )
    return plans


def main(argv: Sequence[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    command = " ".join(sys.argv[1:] if argv is None else argv)
    for field_name in ("games", "jobs", "budget", "factor", "decisions", "target"):
        if getattr(args, field_name, 1) < 1:
            raise SystemExit(f"reviewbench: --{field_name} must be at least 1")
    try:
        if args.what == "speed":
            speed(args.games, args.seed, args.budget)
        elif args.what == "rank":
            rank(args.players.split(","), args.minutes, args.rounds, args.seed, args.budget)
        elif args.what == "paired":
            paired(args.players.split(","), args.minutes, args.seed, args.budget)
        elif args.what == "noise":
            noise(args.decisions, args.seed, args.budget)
        else:
            targets.run(command, args.dir, _plans(args), args.games, args.minutes, args.jobs)
    except TargetsError as exc:
        raise SystemExit(f"reviewbench: {exc}") from None


if __name__ == "__main__":  # pragma: no cover - the documented command
    main()
