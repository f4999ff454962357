r"""How well the expert's knock model foresees undercuts, and a refit of it.

    python research/expert_knocks.py OPPONENT RULES GAMES [SEED] [knob=value ...]

Plays the arena's games GAMES of SEED (1 by default) with OPPONENT in the arena's first
seat and the expert (with the knobs given, Python literals) in the second, as
``ginrummy arena --players OPPONENT,expert`` does. At every one of the expert's chances
to knock short of gin (its best knock, taken or not) the opponent's true hand is
settled against the knock (`ginrummy.core.showdown.settle`, lay-offs included), so each
chance says whether that knock would have been undercut. Prints the undercut rate, true
and predicted by the expert's model (`ExpertPlayer._undercut_chances`, the waiting
opponent's), by the knock's deadwood and the opponent's draws; then the model's
parameters that fit those chances best (a grid search by log-likelihood) and the
calibration of that fit. ``JOBS`` processes (2 by default). Against the opponents of
``research/style_probe.py`` too (``python research/style_probe.py expert_knocks eaai0
EAAI 200``). Example (BENCHMARKS.md at 8789123, "The expert's knock model fitted on every chance
to knock")::

    JOBS=2 python research/expert_knocks.py defensive EAAI 500 1 fresh_deadwood=60.0 \
        draw_decay=0.3 take_factor=0.85 ready_share=0.0 knock_always_at=1
"""

from __future__ import annotations

import itertools
import math
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from typing import Any

from master_ab import parse_knobs

from ginrummy.core import EventKind, Game, Knock, Phase, Rules, RulesError
from ginrummy.core.showdown import settle
from ginrummy.players import PLAYERS, make_player
from ginrummy.players.estimates import knock_outs
from ginrummy.players.expert import CardTracker, ExpertPlayer
from ginrummy.tools.arena import bot_seed, plan_game

USAGE = "usage: expert_knocks.py OPPONENT RULES GAMES [SEED] [knob=value ...]"


@dataclass(frozen=True, slots=True)
class Chance:
    """One chance of the expert to knock short of gin."""

    deadwood: int
    #: The opponent's stock draws and discard takes this round so far.
    draws: int
    takes: int
    #: The expert's model's chance that a waiting opponent undercuts it.
    predicted: float
    undercut: bool
    knocked: bool


def best_knock(view: Any) -> tuple[int, int] | None:
    """(deadwood, 10-card hand) of the knock the expert would make short of gin (the
    least deadwood, the highest card: `estimates.knock_outs`), or None when the hand
    cannot knock or can go gin."""
    outs = knock_outs(view)
    if not outs or outs[0][0] == 0:
        return None
    dw, card = outs[0]
    return dw, view.hand_mask ^ card


def play(args: tuple[str, str, int, int, dict[str, Any]]) -> list[Chance]:
    """The expert's chances to knock in one arena game."""
    opponent, rules_name, seed, index, knobs = args
    rules = Rules.preset(rules_name)
    plan = plan_game(seed, index)
    expert = type("Probed", (ExpertPlayer,), knobs)(bot_seed(plan.seed, 1))
    by_player = (make_player(opponent, bot_seed(plan.seed, 0)), expert)
    seats = plan.seats
    players = (by_player[seats[0]], by_player[seats[1]])
    mine = seats.index(1)
    game = Game(rules, seed=plan.seed, first_dealer=plan.first_dealer)
    chances: list[Chance] = []
    while True:
        rnd = game.round
        while rnd.result is None:
            who = rnd.to_act
            view = rnd.view(who)
            action = players[who].choose(view)
            if who == mine and view.phase is Phase.DISCARD and (knock := best_knock(view)):
                dw, hand10 = knock
                tracking = CardTracker.track(view)
                p_wait, _eager, _mean = expert._undercut_chances(dw, view, tracking)
                draws = sum(
                    1
                    for e in view.history
                    if e.player == view.opponent and e.kind is EventKind.DRAW
                )
                truth = settle(hand10, rnd.view(1 - who).hand_mask, knock_limit=view.knock_limit)
                chances.append(
                    Chance(
                        dw,
                        draws,
                        tracking.opponent_took.bit_count(),
                        p_wait,
                        not truth.knocker_won,
                        isinstance(action, Knock),
                    )
                )
            game.apply(action, who)
        if game.winner is not None:
            return chances
        game.next_round()


def model(c: Chance, fresh: float, decay: float, take: float, ready: float, rate: float) -> float:
    """The expert's waiting-opponent model with these parameters (as `_undercut_chances`)."""
    mean = max(0.5, fresh * math.exp(-decay * c.draws) * take**c.takes)
    x = 2.0 * c.deadwood / mean
    p = 1.0 - math.exp(-x) * (1.0 + x)
    share = ready * (1.0 - math.exp(-rate * c.draws))
    return share + (1.0 - share) * p


def log_likelihood(chances: Sequence[Chance], params: Sequence[float]) -> float:
    """Mean log-likelihood per chance of the undercuts under ``model(params)``."""
    total = 0.0
    for c in chances:
        p = min(max(model(c, *params), 1e-4), 1 - 1e-4)
        total += math.log(p if c.undercut else 1.0 - p)
    return total / len(chances)


#: The grid the fit searches: fresh, decay, take, ready share, ready rate.
GRID: tuple[tuple[float, ...], ...] = (
    (45.0, 60.0, 80.0),
    (0.1, 0.15, 0.2, 0.3),
    (0.55, 0.7, 0.85),
    (0.0, 0.1, 0.2, 0.3),
    (0.1, 0.2, 0.4),
)


def fit(chances: Sequence[Chance], grid: Iterable[Sequence[float]] = GRID) -> tuple[float, ...]:
    """The grid's parameters of the highest log-likelihood."""
    candidates: list[tuple[float, ...]] = [tuple(p) for p in itertools.product(*grid)]
    return max(candidates, key=lambda p: log_likelihood(chances, p))


#: Draw ranges of the calibration table.
DRAWS = ((0, 3), (3, 6), (6, 9), (9, 12), (12, 16), (16, 99))
#: Deadwood ranges of its rows.
DEADWOOD = ((1, 1), (2, 2), (3, 4), (5, 6), (7, 8), (9, 10))


def calibration(chances: Sequence[Chance], predict: Any) -> list[str]:
    """Rows of "true / predicted (chances)" by the knock's deadwood and the draws."""
    head = "deadwood | " + " | ".join(
        f"drew {lo}-{hi - 1}" if hi < 99 else f"drew {lo}+" for lo, hi in DRAWS
    )
    lines = [head]
    for dlo, dhi in DEADWOOD:
        cells = []
        for lo, hi in DRAWS:
            cell = [c for c in chances if dlo <= c.deadwood <= dhi and lo <= c.draws < hi]
            if not cell:
                cells.append("-")
                continue
            true = sum(c.undercut for c in cell) / len(cell)
            pred = sum(predict(c) for c in cell) / len(cell)
            cells.append(f"{true:.2f} / {pred:.2f} ({len(cell)})")
        label = f"{dlo}" if dlo == dhi else f"{dlo}-{dhi}"
        lines.append(f"{label} | " + " | ".join(cells))
    return lines


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(USAGE, file=sys.stderr)
        return 2
    opponent, rules_name, games_text, *rest = argv
    seed_text = rest.pop(0) if rest and "=" not in rest[0] else "1"
    if opponent not in PLAYERS:
        print(f"expert_knocks: no such player: {opponent!r}", file=sys.stderr)
        return 2
    try:
        Rules.preset(rules_name)
        games, seed = int(games_text), int(seed_text)
    except (RulesError, ValueError) as exc:
        print(f"expert_knocks: {exc}", file=sys.stderr)
        return 2
    knobs = parse_knobs("expert_knocks", rest, base=ExpertPlayer)
    jobs = max(1, int(os.environ.get("JOBS", "2")))
    tasks = [(opponent, rules_name, seed, i, knobs) for i in range(games)]
    if jobs == 1:
        per_game = [play(t) for t in tasks]
    else:
        with Pool(jobs) as pool:
            per_game = pool.map(play, tasks, chunksize=4)
    chances = [c for g in per_game for c in g]
    if not chances:
        print("expert_knocks: the expert had no chance to knock short of gin")
        return 0
    knocks = [c for c in chances if c.knocked]
    undercut = sum(c.undercut for c in knocks)
    print(f"expert against {opponent}, {rules_name} rules, {games} games of seed {seed}")
    print(
        f"chances to knock short of gin: {len(chances)}; knocks {len(knocks)}, undercut {undercut}"
    )
    names = ("fresh_deadwood", "draw_decay", "take_factor", "ready_share", "ready_rate")
    current = [knobs.get(name, getattr(ExpertPlayer, name)) for name in names]
    print(f"\nthe model played ({current}): log-likelihood {log_likelihood(chances, current):.3f}")
    print("undercut rate, true / predicted (chances):")
    print("\n".join(calibration(chances, lambda c: c.predicted)))
    best = fit(chances)
    print(f"\nbest fit {best}: log-likelihood {log_likelihood(chances, best):.3f}")
    print("\n".join(calibration(chances, lambda c: model(c, *best))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
