"""What the master's knock decision could still win: a diagnosis, not a benchmark.

    python research/master_knocks.py OPPONENT RULES ROUNDS [FIRST]

Plays ROUNDS rounds (deck seeds FIRST .. FIRST+ROUNDS-1, the dealer alternating, both
scores 0) of the master in seat 0 against OPPONENT (``JOBS`` processes, 2 by default).
At each of the master's chances to knock short of gin it records:

- public features: the knock's deadwood, the stock, the opponent's draws and takes, and
  the mean points and undercut share of the knock against three sets of sampled opponent
  hands: the master's own (``kv6``), and those that best explain the opponent's last turn
  as a greedy player (`replay.replay_weight`, 8 times over) with no greedy
  improvement draws (``krep``, ``urep``) and with 0.5 per draw (``krep5``, ``urep5``);
- the truth: the points of that knock against the opponent's real hand (``true``), and
  the round's points to the master as it was really played (it mostly played on).
The master is probed from outside: before each of its discards with a knock at hand, the
script reads the view with the master's own configuration and style.

Then it prints how each feature follows the truth, and what knocking by a rule would
have won over the rounds as played (two folds by deck seed: fitted on one half, counted
on the other): at a round's first chance where the rule and the master differ, a knock
the master did not make counts its true points less the round's outcome; a knock it made
and the rule would not counts the fitted value of playing on less the knock's points.
The rules: **knowing** the knock's true points (the upper bound of any knock decision
against this opponent) and **learned** from the public features (linear fits), each
against a linear fit of playing on from the stock and the deadwood kept, at margins of
0, 3 and 6 points. Last it prints the fits over all the rounds (the master's
`KNOCK_FIT` and `PLAY_ON_FIT` in `ginrummy/players/master/data.py` came from such a
run). ``MASTER=v10`` in the environment probes an earlier master (`master_ab.NAMED`),
and ``MASTER=name:knob=value,...`` one with those `MasterConfig` knobs. It also
prints what further public features (`MORE_PLAY_ON`) add to the fit of playing on.
``ROWS=path.json`` in the environment also writes every chance's features, truth and
outcome there, for fits tried outside the script.

Example (the seventh session's figures in BENCHMARKS.md at 8789123):

    python research/master_knocks.py eaai EAAI 3000
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from master_ab import NAMED, master_config, opening, parse_variant

from ginrummy.core import Round
from ginrummy.core.actions import Action, Knock
from ginrummy.core.cards import mask_of
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Phase, PlayerView, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.players import make_player
from ginrummy.players.estimates import knock_outs
from ginrummy.players.fastsim import showdown_points
from ginrummy.players.master import MasterConfig, MasterPlayer, Reading, read_view
from ginrummy.players.master.belief import decision_rng, hazard, knock_share, replayed
from ginrummy.players.master.discards import discard_scores
from ginrummy.players.master.knock import sample_sets
from ginrummy.players.master.values import gain
from ginrummy.players.replay import KNOCK_FEATURES, greedy_reply, knock_features

#: The features of the fit of playing on.
PLAY_ON_FEATURES = ("stock", "kept")
#: More public features tried for playing on: the hand's expected one-draw gain
#: (`values.gain`), the mean deadwood of the replayed opponent hands, the points of
#: the opponent's greedy reply to the discard (48 replayed samples) and the knock's own
#: sampled points.
MORE_PLAY_ON = (("gain",), ("oppdw",), ("reply",), ("krep",), ("gain", "oppdw", "reply", "krep"))

Row = dict[str, Any]


class Probe:
    """The master, noting each of its chances to knock short of gin (the true hand is
    set by the loop)."""

    name = "master"

    def __init__(self, config: MasterConfig) -> None:
        self.master = MasterPlayer(1, config)
        self.true_hand = 0
        self.rows: list[Row] = []

    def choose(self, view: PlayerView) -> Action:
        master = self.master
        outs = knock_outs(view) if view.phase is Phase.DISCARD else []
        row: Row | None = None
        if outs and outs[0][0] > 0:
            master.style.observe(view)
            row = self._chance(view, outs)
        action = master.choose(view)
        if row is not None:
            row["knocked"] = isinstance(action, Knock)
            self.rows.append(row)
        return action

    def _reading(self, view: PlayerView) -> Reading:
        """What the master reads before a decision (`MasterPlayer.advise` reads the same)."""
        master, config = self.master, self.master.config
        reading = read_view(view, config.discard_w, config.pass_w, config.take_w)
        if config.hazard_scale and view.knock_limit and view.stock_size > view.rules.dead_stock + 1:
            risk = hazard(config, master.style, master.seed, view, reading)
            reading = replace(reading, hazard=risk)
        return reading

    def _chance(self, view: PlayerView, outs: list[tuple[int, int]]) -> Row:
        """The features and the truth of one chance to knock."""
        master = self.master
        config, style = master.config, master.style
        rules = view.rules
        hand = view.hand_mask
        limit = view.knock_limit
        reading = self._reading(view)
        discard = discard_scores(config, style, view, reading, decision_rng(master.seed, view))
        discard_bit = discard[0][1]
        rng = random.Random(f"knocks:{view.round_number}:{len(view.history)}")
        sets = sample_sets(config, style, view, reading, rng, float("inf"))
        draws, takes = reading.opponent_draws, reading.opponent_takes
        best: Row = {}
        for _dw, b in outs[:3]:
            feats = knock_features(view, hand, b, sets, draws, takes)
            row: Row = dict(zip(KNOCK_FEATURES, feats, strict=True))
            if best and row["krep"] <= best["krep"]:
                continue
            row["true"] = showdown_points(
                hand ^ b, self.true_hand, rules.gin_bonus, rules.undercut_bonus
            )
            best = row
        after = hand ^ discard_bit
        worlds = replayed(config, style, reading, rng, config.knock_replayed, limit, 0.5)
        share = knock_share(config, style)
        reply = sum(
            greedy_reply(
                o,
                s[-1] if s else 0,
                after,
                discard_bit,
                limit,
                rules.gin_bonus,
                rules.undercut_bonus,
                share,
            )
            for o, s in worlds
        )
        best.update(
            kept=min_deadwood_mask(after),
            gain=gain(config, after, reading, limit),
            oppdw=sum(min_deadwood_mask(o) for o in sets[1]) / max(1, len(sets[1])),
            reply=reply / max(1, len(worlds)),
        )
        return best


def _collect(args: tuple[str, str, int, int, str]) -> list[Row]:
    opponent, rules_name, first, count, variant = args
    rules = Rules.preset(rules_name)
    _name, knobs = parse_variant(variant)
    master = Probe(master_config(knobs))
    for seed in range(first, first + count):
        rnd = Round(rules, dealer=seed % 2, deck=shuffled_deck(seed))
        bots = (master, make_player(opponent, seed + 1))
        start = len(master.rows)
        while rnd.result is None:
            me = rnd.to_act
            view = rnd.view(me)
            master.true_hand = mask_of(rnd.hand(1))
            rnd.apply(bots[me].choose(view), me)
        result = rnd.result
        points = 0 if result.winner is None else result.points
        outcome = points if result.winner == 0 else -points
        for row in master.rows[start:]:
            row["outcome"] = outcome
            row["deal"] = seed
    return master.rows


def fit(rows: Sequence[Row], features: Sequence[str], target: str) -> list[float]:
    """Least squares of ``target`` on 1 and ``features`` (normal equations, a hair of
    ridge so that a constant feature cannot make them singular)."""
    n = len(features) + 1
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for row in rows:
        x = [1.0, *(float(row[f]) for f in features)]
        y = float(row[target])
        for i in range(n):
            xty[i] += x[i] * y
            for j in range(n):
                xtx[i][j] += x[i] * x[j]
    for i in range(1, n):
        xtx[i][i] += 1e-6 * (1.0 + xtx[i][i])
    # Gaussian elimination with partial pivoting.
    a = [[*r, v] for r, v in zip(xtx, xty, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    return [a[i][n] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def predict(coef: Sequence[float], row: Row, features: Sequence[str]) -> float:
    return coef[0] + sum(c * float(row[f]) for c, f in zip(coef[1:], features, strict=True))


def rule_gain(
    rows: list[Row],
    learned: bool,
    margin: float,
    on_features: Sequence[str] = PLAY_ON_FEATURES,
    by_stock: dict[int, float] | None = None,
) -> tuple[float, int]:
    """(points per round, knocks the master did not make) of knocking by a rule, counted
    at each round's first chance where the rule and the master differ (two folds); with
    ``by_stock``, the points per round are also summed there by the stock at that chance
    (in steps of 6)."""
    deals = sorted({r["deal"] for r in rows})
    total = 0.0
    new_knocks = 0
    changes: list[tuple[int, float]] = []
    for fold in (0, 1):
        train = [r for r in rows if r["deal"] % 2 != fold]
        on = fit([r for r in train if not r["knocked"]], on_features, "outcome")
        knock = fit(train, KNOCK_FEATURES, "true") if learned else []
        by_deal: dict[int, list[Row]] = {}
        for r in rows:
            if r["deal"] % 2 == fold:
                by_deal.setdefault(r["deal"], []).append(r)
        for chances in by_deal.values():
            for r in chances:
                play_on = predict(on, r, on_features)
                value = predict(knock, r, KNOCK_FEATURES) if learned else r["true"]
                want = value > play_on + margin
                if want and not r["knocked"]:
                    changes.append((r["stock"], r["true"] - r["outcome"]))
                    new_knocks += 1
                    break
                if r["knocked"]:
                    if not want:
                        changes.append((r["stock"], play_on - r["true"]))
                    break
    rounds = max(1, len(deals))
    for stock, points in changes:
        total += points
        if by_stock is not None:
            key = stock // 6 * 6
            by_stock[key] = by_stock.get(key, 0.0) + points / rounds
    return total / rounds, new_knocks


def by_stock_table(rows: Sequence[Row]) -> list[str]:
    """Lines of the knock chances by the stock (steps of 6): how often knocking would
    have won the round and its mean points, how often playing on did and its mean."""
    lines = []
    for lo in sorted({r["stock"] // 6 * 6 for r in rows}):
        part = [r for r in rows if r["stock"] // 6 * 6 == lo]
        on = [r for r in part if not r["knocked"]] or [{"outcome": 0}]
        lines.append(
            f"    {lo:2d}-{lo + 5:2d}: {len(part):5d} chances; a knock wins"
            f" {sum(r['true'] > 0 for r in part) / len(part):.0%}"
            f" ({statistics.fmean(r['true'] for r in part):+.1f} points), playing on won"
            f" {sum(r['outcome'] > 0 for r in on) / len(on):.0%}"
            f" ({statistics.fmean(r['outcome'] for r in on):+.1f})"
        )
    return lines


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__)
        return 2
    opponent, rules_name = argv[0], argv[1]
    _rules, numbers = opening("master_knocks", opponent, rules_name, argv[2:], "round")
    rounds, first = numbers[0], (numbers[1] if len(numbers) == 2 else 0)
    jobs = max(1, int(os.environ.get("JOBS", "2")))
    variant = os.environ.get("MASTER", "")
    variant = variant if ":" in variant else variant + ":"  # a name, or name:knob=value,...
    if variant.endswith(":") and variant != ":" and variant[:-1] not in NAMED:
        raise SystemExit(f"master_knocks: MASTER is one of {', '.join(NAMED)}")
    parse_variant(variant)  # a wrong knob is refused here, not in a worker
    size = -(-rounds // jobs)
    chunks = [
        (opponent, rules_name, start, min(size, first + rounds - start), variant)
        for start in range(first, first + rounds, size)
    ]
    with multiprocessing.Pool(jobs) as pool:
        rows = [row for part in pool.map(_collect, chunks) for row in part]
    if os.environ.get("ROWS"):
        with open(os.environ["ROWS"], "w", encoding="utf-8") as out:
            json.dump(rows, out)
    played_on = [r for r in rows if not r["knocked"]]
    print(
        f"master vs {opponent} ({rules_name}), {rounds} rounds: {len(rows)} chances to knock,"
        f" the master knocked at {len(rows) - len(played_on)}"
    )
    if len(played_on) < 2 * (len(KNOCK_FEATURES) + 1):
        raise SystemExit("master_knocks: too few chances to knock: play more rounds")
    print(
        "  points of a knock against the true hand: mean"
        f" {statistics.fmean(r['true'] for r in rows):.1f};"
        f" the round's points where it played on: mean"
        f" {statistics.fmean(r['outcome'] for r in played_on):.1f}"
    )
    print("  correlation with the knock's true points / with the points of playing on:")
    for f in (*KNOCK_FEATURES, "kept", "gain", "oppdw", "reply"):
        with_true = statistics.correlation([r[f] for r in rows], [r["true"] for r in rows])
        with_on = statistics.correlation(
            [r[f] for r in played_on], [r["outcome"] for r in played_on]
        )
        print(f"    {f:6s} {with_true:+.3f} / {with_on:+.3f}")
    print("  by the cards left in the stock (the round's outcome where the master played on):")
    print("\n".join(by_stock_table(rows)))
    by_stock: dict[int, float] = {}
    rule_gain(rows, False, 3.0, by_stock=by_stock)
    print(
        "  knowing the true points (margin 3), points per round by the stock where it"
        " first differs: "
        + ", ".join(f"{k}-{k + 5}: {v:+.2f}" for k, v in sorted(by_stock.items()))
    )
    print("  knocking by a rule instead (points per round; knocks the master did not make):")
    for learned in (False, True):
        name = "learned from public features" if learned else "knowing the true points"
        cells = ", ".join(
            "margin {:.0f}: {:+.2f} ({})".format(m, *rule_gain(rows, learned, m))
            for m in (0.0, 3.0, 6.0)
        )
        print(f"    {name}: {cells}")
    for extra in MORE_PLAY_ON:
        feats = (*PLAY_ON_FEATURES, *extra)
        cells = ", ".join(
            "margin {:.0f}: {:+.2f} ({})".format(m, *rule_gain(rows, True, m, feats))
            for m in (0.0, 3.0, 6.0)
        )
        print(f"    learned, playing on also from {', '.join(extra)}: {cells}")
        on = fit(played_on, feats, "outcome")
        print("      play on fit: (" + ", ".join(f"{c:.4f}" for c in on) + ")")
    knock = fit(rows, KNOCK_FEATURES, "true")
    on = fit(played_on, PLAY_ON_FEATURES, "outcome")
    print("  fits over all rounds (1 first, then " + ", ".join(KNOCK_FEATURES) + "):")
    print("    knock: (" + ", ".join(f"{c:.4f}" for c in knock) + ")")
    print(
        "    play on (1, "
        + ", ".join(PLAY_ON_FEATURES)
        + "): ("
        + ", ".join(f"{c:.4f}" for c in on)
        + ")"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
