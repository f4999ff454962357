"""How long the hint takes, and how often the review grades the hint's move *good*.

**Speed.** The positions are every decision of one seat (draws, takes and discards) in
seeded games between two experts, so they are those a person meets at the table. Each is
advised by the hint giver the app uses (`ginrummy.players.advisor_for`: the evaluator at
the review's budget, `ginrummy.players.hint`), made afresh for each hint as the app makes
it. The mean, the 95th percentile and the slowest are printed, in milliseconds, beside the
same figures for ``choose`` by the level played against (``--level``, the master by
default) on the same positions (what a move costs in play).

**Agreement** (``--agreement``). ``--games`` whole games in which seat 0 plays every move
the hint advises, against ``--level`` (the master by default). Every decision of seat 0
with more than one legal choice is graded as the review grades a move
(`ginrummy.players.review`): by a fresh `Evaluator` at the review's default budget and
seed (``--review-seed`` grades on other worlds than the hint's), valuing the hint's
move on all its worlds. Printed: the decisions, the share graded good with its 95%
interval (Wilson's, the decisions shrunk by the design effect of games as clusters: the
decisions of one game are not independent), the counts of the other grades, and how many
games the seat that followed the hints won. Each game's figures are printed as a JSON
line as it ends (``--summary FILE`` sums such lines, e.g. of a run cut short).

    python scripts/hint_bench.py                    # 300 positions, seed 1
    python scripts/hint_bench.py --positions 500 --seed 7 --json
    nice -n 19 python scripts/hint_bench.py --agreement --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ginrummy.core import Game, PlayerView, Rules
from ginrummy.core.rules import PRESETS
from ginrummy.players import PLAYERS, advisor_for, make_player
from ginrummy.players.evaluator import Evaluator
from ginrummy.players.hint import HintGiver
from ginrummy.players.review import Grade, grade


def positions(count: int, seed: int, rules: Rules) -> list[PlayerView]:
    """``count`` views of seat 0 at its decisions, from seeded expert-against-expert games."""
    views: list[PlayerView] = []
    game_seed = seed
    while len(views) < count:
        game = Game(rules, seed=game_seed)
        bots = (make_player("expert", game_seed), make_player("expert", game_seed + 1))
        while len(views) < count:
            rnd = game.round
            while rnd.result is None and len(views) < count:
                me = rnd.to_act
                view = rnd.view(me)
                if me == 0:
                    views.append(view)
                game.apply(bots[me].choose(view), me)
            if game.is_over or len(views) >= count:
                break
            game.next_round()
        game_seed += 1
    return views


def agreement_game(
    seed: int, rules_name: str, level: str, review_seed: int = 0
) -> dict[str, object]:
    """One game of seat 0 following the hint against ``level``: seat 0's decisions graded
    as the review grades them (at its default budget; seed ``review_seed``, the review's
    default 0, or another to grade on worlds independent of the hint's)."""
    rules = PRESETS[rules_name]
    game = Game(rules, seed=seed)
    opponent = make_player(level, seed)
    counts = dict.fromkeys((g.value for g in Grade), 0)
    losses: list[float] = []
    while True:
        rnd = game.round
        # The review's evaluator is made afresh for every round, as a review keeps none
        # of the hint's worlds; the hint giver is made afresh for each hint, as the app
        # does, and told the rounds that ended (the app tells it the same).
        review = Evaluator(seed=review_seed)
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            if me == 1:
                game.apply(opponent.choose(view), me)
                continue
            hinter = HintGiver()  # what advisor_for gives, whatever the level
            hinter.recall(r.view(0) for r in game.rounds if r.result is not None)
            action = hinter.advise(view).action
            if len(view.legal_actions()) > 1:
                loss = review.evaluate(view, keep=(action,)).loss(action)
                counts[grade(loss).value] += 1
                losses.append(loss)
            game.apply(action, me)
        if game.is_over:
            break
        game.next_round()
    return {
        "seed": seed,
        "decisions": len(losses),
        "grades": counts,
        "loss": round(sum(losses), 4),
        "max_loss": round(max(losses, default=0.0), 4),
        "scores": list(game.scores),
    }


def wilson(share: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% interval for a share observed over ``n`` trials."""
    denominator = 1.0 + z * z / n
    centre = (share + z * z / (2.0 * n)) / denominator
    half = z * math.sqrt(share * (1.0 - share) / n + z * z / (4.0 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(games: Iterable[dict[str, Any]]) -> dict[str, object]:
    """The agreement over ``games`` (`agreement_game`'s lines): the share of decisions
    graded good and its 95% interval, games taken as clusters (ratio estimator)."""
    rows = list(games)
    n = [int(r["decisions"]) for r in rows]
    good = [int(r["grades"]["good"]) for r in rows]
    total = sum(n)
    counts: dict[str, int] = {}
    for r in rows:
        for name, c in r["grades"].items():
            counts[name] = counts.get(name, 0) + int(c)
    share = sum(good) / total if total else 0.0
    k = len(rows)
    # Wilson's interval on the decisions, their number shrunk by the design effect of
    # games as clusters (the ratio estimator's variance over the binomial one; at least 1).
    deff = 1.0
    if k > 1 and 0.0 < share < 1.0:
        spread = sum((g - share * m) ** 2 for g, m in zip(good, n, strict=True))
        clustered = k / (k - 1) * spread / total**2
        deff = max(1.0, clustered / (share * (1.0 - share) / total))
    low, high = wilson(share, total / deff) if total else (0.0, 1.0)
    return {
        "games": k,
        "decisions": total,
        "good": round(share, 4),
        "interval": [round(low, 4), round(high, 4)],
        "grades": counts,
        # How the games ended for the seat that followed every hint (a game is won at 100).
        "hint_seat_won": sum(1 for r in rows if r["scores"][0] > r["scores"][1]),
        "mean_loss": round(sum(float(r["loss"]) for r in rows) / total, 5) if total else 0.0,
    }


def agreement(args: argparse.Namespace) -> Iterator[dict[str, object]]:
    """Play and grade the games, over ``--jobs`` processes, yielding each as it ends."""
    seeds = range(args.seed, args.seed + args.games)
    if args.jobs <= 1:
        for seed in seeds:
            yield agreement_game(seed, args.rules, args.level, args.review_seed)
        return
    with ProcessPoolExecutor(args.jobs) as pool:
        game = (args.rules, args.level, args.review_seed)
        futures = [pool.submit(agreement_game, s, *game) for s in seeds]
        for future in futures:
            yield future.result()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300, help="positions to advise on")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--rules", default="Standard", choices=sorted(PRESETS), help="preset")
    parser.add_argument("--level", default="master", help="the level played against")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--agreement", action="store_true", help="grade the hint's moves by the review"
    )
    parser.add_argument("--games", type=int, default=200, help="games for --agreement")
    parser.add_argument("--jobs", type=int, default=1, help="processes for --agreement")
    parser.add_argument(
        "--review-seed", type=int, default=0, help="the grading review's seed (default 0)"
    )
    parser.add_argument("--summary", metavar="FILE", help="sum the game lines of a run")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.games < 1 or args.jobs < 1:
        parser.error("--positions, --games and --jobs must be at least 1")
    if args.level not in PLAYERS:
        parser.error(f"--level must be one of {', '.join(sorted(PLAYERS))}")
    if args.summary:
        try:
            with open(args.summary, encoding="utf-8") as f:
                rows = [json.loads(line) for line in f if line.startswith('{"seed"')]
        except (OSError, ValueError) as exc:
            parser.error(f"cannot read {args.summary}: {exc}")
        print(json.dumps(summary(rows)))
        return 0
    if args.agreement:
        rows = []
        for row in agreement(args):
            rows.append(row)
            print(json.dumps(row), flush=True)
        print(json.dumps(summary(rows)), flush=True)
        return 0
    views = positions(args.positions, args.seed, PRESETS[args.rules])

    def timed(act: str) -> dict[str, float]:
        """``advise`` by the hint giver, or ``choose`` by the level played against, each
        made afresh for every position."""
        times = []
        for view in views:
            asked: Callable[[PlayerView], object]
            if act == "advise":
                asked = advisor_for(args.level).advise
            else:
                asked = make_player(args.level, 0).choose
            start = time.perf_counter()
            asked(view)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        return {
            "mean_ms": round(statistics.fmean(times), 1),
            "p95_ms": round(p95, 1),
            "max_ms": round(times[-1], 1),
        }

    figures = {"positions": len(views), "advise": timed("advise"), "choose": timed("choose")}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{len(views)} positions, ms (mean / p95 / slowest):")
        for act in ("advise", "choose"):
            times = figures[act]
            assert isinstance(times, dict)
            print(f"  {act}: {times['mean_ms']} / {times['p95_ms']} / {times['max_ms']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
