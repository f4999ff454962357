"""How the master's rounds end against one opponent: a diagnosis, not a benchmark.

    python research/master_rounds.py OPPONENT RULES GAMES SEED [FIRST]

Plays the arena's games FIRST .. FIRST+GAMES-1 of SEED (same deals, seats and dealers as
`ginrummy arena`) in one process and prints:

- the rounds by who won them and how, with the mean points of each kind;
- at each knock of the opponent: the master's deadwood then less the knock's (in steps
  of 5) and the cards left in the stock (in steps of 4);
- the same knocks by both (the deadwood gap in steps of 10, the stock in steps of 8);
- what the master laid off at those knocks: how often, the deadwood saved, and how many
  knocks the lay-offs turned into undercuts;
- the opponent's knocks right after it took the face-up card (the master's discard but
  for the first upcard) and after a stock draw: how many the master undercut, and its
  mean points from those rounds;
- the rounds in which the master held a hand it could knock with and played on, and
  what waiting brought (mean points to the master);
- the opponent's chances to knock short of gin (its best discard leaves 1 to the knock
  limit) by the cards left in the stock (in steps of 4), and how many it took: a careful
  player's knocks come early in a round;
- at the master's discards, both players' mean deadwood by the cards left in the stock
  (in steps of 4; the master's after its discard);
- the games the master lost by the highest score it had at the start of a round (in
  steps of 25): how many were lost from close to the target.

Example (the fourth session's eaai diagnosis in BENCHMARKS.md at 8789123):

    python research/master_rounds.py eaai EAAI 60 1 1000
"""

from __future__ import annotations

import sys
from collections import Counter

from master_ab import arena_table, game_range

from ginrummy.core.actions import Discard, DrawStock, Knock, TakeDiscard
from ginrummy.core.melds import best_melding_mask, min_deadwood_mask
from ginrummy.players.fastsim import best_discard, layoff_deadwood


def main(argv: list[str]) -> int:
    parsed = game_range("master_rounds", argv)
    if parsed is None:
        print(__doc__)
        return 2
    opponent, rules_name, rules, games, seed, first = parsed
    ends: Counter[tuple[str, str]] = Counter()
    end_points: Counter[tuple[str, str]] = Counter()
    gap: Counter[int] = Counter()
    stock_at: Counter[int] = Counter()
    both: Counter[tuple[int, int]] = Counter()  # (gap // 10 * 10, stock // 8 * 8)
    layoffs: Counter[str] = Counter()
    waits: Counter[tuple[str, str]] = Counter()
    wait_points = 0
    # The opponent's knocks by its draw just before: (taken the master's discard?, the
    # master undercut it?) counted, and the master's points.
    knocks: Counter[tuple[bool, bool]] = Counter()
    knock_points: Counter[bool] = Counter()
    # At the master's discards, by the stock in steps of 4: [its deadwood, the
    # opponent's, how many].
    deadwood: dict[int, list[int]] = {}
    # The opponent's chances to knock short of gin by the stock in steps of 4: [knocked,
    # chances].
    chances: dict[int, list[int]] = {}
    lost_from: Counter[int] = Counter()  # lost games by the master's best score, steps of 25
    for index in range(first, first + games):
        game, seated, master = arena_table(opponent, rules, seed, index)
        best = 0
        while True:
            rnd = game.round
            best = max(best, game.scores[master])
            waited = False
            knocked_on: bool | None = None  # the opponent knocked after a take from the pile
            took = False
            while rnd.result is None:
                me = rnd.to_act
                view = rnd.view(me)
                action = seated[me].choose(view)
                if me == master and isinstance(action, Discard):
                    dw = min_deadwood_mask(view.hand_mask ^ action.card.bit)
                    waited = waited or 0 < dw <= view.knock_limit
                    row = deadwood.setdefault(view.stock_size // 4 * 4, [0, 0, 0])
                    row[0] += dw
                    row[1] += min_deadwood_mask(rnd.view(1 - master).hand_mask)
                    row[2] += 1
                elif me != master and isinstance(action, (TakeDiscard, DrawStock)):
                    took = isinstance(action, TakeDiscard)
                elif me != master and isinstance(action, Knock):
                    knocked_on = took
                    knocked = view.hand_mask ^ action.card.bit
                    theirs = min_deadwood_mask(knocked)
                    held = rnd.view(master).hand_mask
                    mine = min_deadwood_mask(held)
                    clipped = min(30, max(-10, mine - theirs))
                    gap[clipped // 5 * 5] += 1
                    stock_at[view.stock_size // 4 * 4] += 1
                    both[clipped // 10 * 10, view.stock_size // 8 * 8] += 1
                    laid = layoff_deadwood(held, best_melding_mask(knocked)[0])
                    layoffs["knocks"] += 1
                    layoffs["laid off"] += laid < mine
                    layoffs["saved"] += mine - laid
                    layoffs["undercut by lay-offs"] += laid <= theirs < mine
                if me != master and isinstance(action, (Discard, Knock)):
                    low = best_discard(view.hand_mask, view.banned_bit)[0]
                    if 0 < low <= view.knock_limit:
                        chance = chances.setdefault(view.stock_size // 4 * 4, [0, 0])
                        chance[0] += isinstance(action, Knock)
                        chance[1] += 1
                game.apply(action, me)
            result = rnd.result
            if result.winner is None:
                who = "dead"
            else:
                who = "master" if result.winner == master else opponent
            key = (who, result.kind.value)
            signed = result.points if who == "master" else -result.points
            ends[key] += 1
            end_points[key] += result.points
            if waited:
                waits[key] += 1
                wait_points += signed
            if knocked_on is not None:
                knocks[knocked_on, who == "master"] += 1
                knock_points[knocked_on] += signed
            if game.winner is not None:
                if game.winner != master:
                    lost_from[best // 25 * 25] += 1
                break
            game.next_round()
    print(f"rounds of {games} games, master vs {opponent} ({rules_name}), seed {seed}:")
    for key, n in ends.most_common():
        print(f"  {key[0]:>10s} {key[1]:9s} {n:5d}  {end_points[key] / n:5.1f} points each")
    print(f"{opponent}'s knocks, master's deadwood less the knock's (steps of 5):")
    print("  " + "  ".join(f"{k:+d}: {n}" for k, n in sorted(gap.items())))
    print(f"{opponent}'s knocks by cards left in the stock (steps of 4):")
    print("  " + "  ".join(f"{k}: {n}" for k, n in sorted(stock_at.items())))
    print(f"{opponent}'s knocks by both (rows: the gap in steps of 10; columns: the stock):")
    print("         " + "".join(f"{st:>6d}" for st in range(0, 32, 8)))
    for g in range(-10, 40, 10):
        print(f"  {g:+4d}   " + "".join(f"{both[g, st]:6d}" for st in range(0, 32, 8)))
    n = layoffs["knocks"]
    if n:
        print(
            f"the master's lay-offs at {opponent}'s {n} knocks: at {layoffs['laid off']}"
            f" ({layoffs['laid off'] / n:.0%}), {layoffs['saved'] / n:.1f} deadwood saved"
            f" per knock; {layoffs['undercut by lay-offs']} undercuts only thanks to them"
        )
    print(f"{opponent}'s knocks by its draw just before (the master's undercuts, its points):")
    for took, what in ((True, "after taking the face-up card"), (False, "after a stock draw")):
        n = knocks[took, True] + knocks[took, False]
        if n:
            print(
                f"  {what}: {n}, undercut {knocks[took, True]}"
                f" ({knocks[took, True] / n:.0%}), {knock_points[took] / n:+.1f} points each"
            )
    total = sum(waits.values())
    print(f"rounds where the master could knock and played on: {total}")
    for key, n in waits.most_common():
        print(f"  {key[0]:>10s} {key[1]:9s} {n:5d}")
    if total:
        print(f"  mean points to the master: {wait_points / total:+.1f}")
    print(
        f"{opponent}'s chances to knock short of gin by the cards left in the stock"
        " (steps of 4): knocked / chances"
    )
    print(
        "  "
        + "  ".join(
            f"{k}: {knocked} / {n}" for k, (knocked, n) in sorted(chances.items(), reverse=True)
        )
    )
    print(f"mean deadwood at the master's discards by the stock (master / {opponent}):")
    print(
        "  "
        + "  ".join(
            f"{k}: {m / n:.1f} / {o / n:.1f} ({n})"
            for k, (m, o, n) in sorted(deadwood.items(), reverse=True)
        )
    )
    lost = sum(lost_from.values())
    print(f"games lost: {lost}; by the master's best score at a round's start (steps of 25):")
    print("  " + "  ".join(f"{k}: {n}" for k, n in sorted(lost_from.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
