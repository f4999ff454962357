"""How long the hint takes: the hint giver's ``advise`` timed on a few hundred positions.

The positions are every decision of one seat (draws, takes and discards) in seeded games
between two experts, so they are those a person meets at the table. Each is advised by
the hint giver the app uses (`ginrummy.players.advisor_for`: the master, at play's
budget), made afresh for each hint as the app makes it. The mean, the 95th percentile and
the slowest are printed, in milliseconds, beside the same figures for the master's
``choose`` on the same positions (what a move costs in play; the hint does a little more).

    python scripts/hint_bench.py                    # 300 positions, seed 1
    python scripts/hint_bench.py --positions 500 --seed 7 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from ginrummy.core import Game, PlayerView, Rules
from ginrummy.core.rules import PRESETS
from ginrummy.players import advisor_for, make_player


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300, help="positions to advise on")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--rules", default="Standard", choices=sorted(PRESETS), help="preset")
    parser.add_argument("--level", default="master", help="the level played against")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    views = positions(args.positions, args.seed, PRESETS[args.rules])

    def timed(act: str) -> dict[str, float]:
        times = []
        for view in views:
            advisor = advisor_for(args.level)
            start = time.perf_counter()
            getattr(advisor, act)(view)
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
            f = figures[act]
            assert isinstance(f, dict)
            print(f"  {act}: {f['mean_ms']} / {f['p95_ms']} / {f['max_ms']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
