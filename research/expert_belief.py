"""The master against experts whose belief of the master's style is fixed.

    python research/expert_belief.py RULES GAMES SEED BELIEF [BELIEF ...]

The expert reads from how its opponent's rounds end whether it waits for gin or an
undercut (`ExpertPlayer.waiter_chance`, by Bayes from 0.62), and knocks on that belief:
against a waiting player it fears undercuts, against an eager one hardly at all. Each
BELIEF (0 to 1) is an expert whose belief is held there for the whole game; the master
(as it is) plays the arena's games 0 .. GAMES-1 of SEED against each, two processes by
default (``JOBS`` in the environment to change it). What the master would win if it could
make the expert believe it waits, or knocks at once (BENCHMARKS.md at 8789123, forty-seventh
session). Example:

    python research/expert_belief.py Standard 200 1 0 1
"""

from __future__ import annotations

import multiprocessing
import os
import sys

import master_ab  # next to this script (the script's folder is first on sys.path)

from ginrummy.core.rules import Rules
from ginrummy.players import PLAYERS
from ginrummy.players.expert import ExpertPlayer
from ginrummy.tools.arena import Tally, plan_game, play_game_record, wilson_interval


def fixed_belief(p: float) -> type[ExpertPlayer]:
    """The expert whose belief that its opponent waits is ``p`` whatever it sees."""

    class Fixed(ExpertPlayer):
        @property
        def waiter_chance(self) -> float:
            return p

    Fixed.__name__ = f"ExpertBelief{p:g}"
    return Fixed


def _play(args: tuple[float, str, int, int]) -> tuple[float, bool, Tally, Tally]:
    belief, rules_name, seed, index = args
    name = f"expert-belief-{belief:g}"
    PLAYERS[name] = fixed_belief(belief)
    record = play_game_record(("master", name), Rules.preset(rules_name), plan_game(seed, index))
    return belief, record.winner == 0, *record.tallies


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__)
        return 2
    _rules, (games, seed) = master_ab.opening("expert_belief", "expert", argv[0], argv[1:3])
    try:
        beliefs = [float(b) for b in argv[3:]]
    except ValueError:
        raise SystemExit("expert_belief: a belief is a number from 0 to 1") from None
    if any(not 0.0 <= b <= 1.0 for b in beliefs) or len(set(beliefs)) != len(beliefs):
        raise SystemExit("expert_belief: each belief a different number from 0 to 1")
    tasks = [(b, argv[0], seed, i) for i in range(games) for b in beliefs]
    won = dict.fromkeys(beliefs, 0)
    totals = {b: (Tally(), Tally()) for b in beliefs}
    with multiprocessing.Pool(int(os.environ.get("JOBS", "2"))) as pool:
        for belief, win, mine, theirs in pool.imap_unordered(_play, tasks):
            won[belief] += win
            totals[belief][0].add(mine)
            totals[belief][1].add(theirs)
    for b in beliefs:
        m, e = totals[b]
        lo, hi = wilson_interval(won[b], games)
        print(
            f"belief {b:g}: master {won[b]}/{games} = {100 * won[b] / games:.1f}%"
            f" ({100 * lo:.1f}-{100 * hi:.1f}%)"
            f"  master knocks {m.knocks} (undercut {m.undercut_against}) gins {m.gins}"
            f" | expert knocks {e.knocks} (undercut {e.undercut_against}) gins {e.gins}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
