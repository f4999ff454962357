"""Why does the review grade the master's late-game decisions mistakes (issue 63)?

Reads a reviewed series of ``reviewbench`` (``reviewtargets.series``: the game records
and each reviewed decision's loss and grade) and looks again at the decisions of the
reviewed player, by the stage of the game (the first round of a game; else the higher
score below 50, below 75, from 75):

    python research/review_late.py probe DIR [GAMES]
        every decision graded mistake or worse, valued again on other worlds (seed 1) at
        the same budget and at 4 times it; and the move played against the first
        evaluation's best on those other worlds alone (no choice of the best on them:
        the loss without the winner's curse). Prints each late one and a summary by
        stage.
    python research/review_late.py compare DIR [GAMES]
        every game of the master-against-expert series and of an expert-against-expert
        one (seed 1, budget 48, both seats) reviewed again by the checkout's evaluator:
        the master's share of mistakes or worse by stage and the mean loss per decision
        of both players, before (as the series were reviewed) and after, on the same
        decisions, with 95% intervals over games; and, when DIR holds its series, the
        error rate of the master playing a random move 5% of the time.
    python research/review_late.py noise DIR [PER_STAGE]
        the loss of the move played at two seeds, on up to PER_STAGE decisions of each
        stage: the noise a grade threshold must clear, by stage.

DIR holds a series of master against expert, seed 1, budget 48 (``Series(("master",
"expert"), (0,), 1, 48)``), as ``reviewbench blunders`` writes it (and for ``compare``
``Series(("expert", "expert"), (0, 1), 1, 48)`` as ``reviewbench explain`` does). The
evaluator of the checkout is used: ``probe`` and ``noise`` with its confirmation turned
off (``confirm_factor=1``, the first evaluator's values) unless CONFIRM=1.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ginrummy.core.actions import Action, Discard, Knock
from ginrummy.core.record import Record, from_dict
from ginrummy.core.round import PlayerView
from ginrummy.players.evaluator import CONFIRM_FACTOR, Evaluator
from ginrummy.players.gamevalue import value_table
from ginrummy.players.review import Grade, grade, review
from ginrummy.tools.arena.plan import plan_game
from ginrummy.tools.reviewtargets.series import Series, difference, ratio, read_series

STAGES = ("first round", "top < 50", "top < 75", "top >= 75")
SERIES = Series(("master", "expert"), (0,), 1, 48)
#: FAST=LOSS in the environment: ``compare`` values again only the decisions that lost at
#: least LOSS as the series were reviewed, and keeps the others' losses (exact for a
#: change that only confirms losses of at least LOSS, such as the evaluator's
#: confirmation: the first 48 worlds are the same).
FAST = float(os.environ.get("FAST", "0")) or None
#: The confirmation of ``probe`` and ``noise`` (1: none, the first evaluator's values).
CONFIRM = CONFIRM_FACTOR if os.environ.get("CONFIRM") == "1" else 1
EXPERTS = Series(("expert", "expert"), (0, 1), 1, 48)
#: The master playing a random move 5% of the time (``compare``, when DIR holds it).
NOISY = Series(("master~0.05", "expert"), (0,), 1, 48)


@dataclass
class Point:
    game: int
    round: int
    view: PlayerView
    played: Action
    loss: float
    grade: str
    stage: str


def stage_of(round_index: int, scores: tuple[int, int]) -> str:
    if round_index == 0:
        return STAGES[0]
    top = max(scores)
    return STAGES[1] if top < 50 else STAGES[2] if top < 75 else STAGES[3]


def records(folder: Path, series: Series) -> dict[int, Record]:
    found: dict[int, Record] = {}
    with (folder / f"{series.name}.records.jsonl").open(encoding="utf-8") as f:
        for text in f:
            data = json.loads(text)
            found[data["extra"]["arena"]["game"]] = from_dict(data)
    return found


def points(
    folder: Path,
    games: int | None = None,
    series: Series | None = None,
    player: int = 0,
    only: int | None = None,
) -> Iterator[Point]:
    """The reviewed decisions of ``player`` in ``series`` (`SERIES`), game by game
    (``only``: of that game alone)."""
    series = SERIES if series is None else series
    lines = read_series(folder, series)
    recs = records(folder, series)
    for g, line in sorted(lines.items()):
        if games is not None and g >= games:
            break
        if only is not None and g != only:
            continue
        record = recs[g]
        seat = plan_game(series.seed, g).seats.index(player)
        st = line.of(player)
        k = 0
        for i, played in enumerate(record.game.rounds):
            rnd = played.dealt_again()
            stage = stage_of(i, rnd.scores)
            for action in played.actions:
                if rnd.to_act == seat:
                    view = rnd.view(seat)
                    if len(view.legal_actions()) > 1:
                        yield Point(g, i, view, action, st.losses[k], st.grades[k], stage)
                        k += 1
                rnd.apply(action)
        assert k == st.decisions


def kind(view: PlayerView, action: Action) -> str:
    if isinstance(action, Knock):
        return f"knock {action.card}"
    if isinstance(action, Discard):
        can_knock = any(isinstance(a, Knock) for a in view.legal_actions())
        return f"{'play on, ' if can_knock else ''}discard {action.card}"
    return type(action).__name__


def paired(ev: Evaluator, view: PlayerView, a: Action, b: Action) -> tuple[float, float]:
    """Mean and standard error of value(a) - value(b) over ``ev``'s worlds."""
    worlds = ev.worlds(view)
    gv = value_table(view.rules)
    diffs = [ev._value(view, a, [w], gv) - ev._value(view, b, [w], gv) for w in worlds]
    return statistics.mean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def probe(folder: Path, games: int | None) -> None:
    budget = SERIES.budget
    base = Evaluator(budget, seed=SERIES.eval_seed, confirm_factor=CONFIRM)
    other = Evaluator(budget, seed=SERIES.eval_seed + 1, confirm_factor=CONFIRM)
    big = Evaluator(4 * budget, seed=SERIES.eval_seed + 1, confirm_factor=1)
    rows: dict[str, list[tuple[float, ...]]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    for p in points(folder, games):
        counts[p.stage] += 1
        if p.grade not in "mb":
            continue
        ev0 = base.evaluate(p.view, keep=(p.played,))
        best0 = ev0.best.action
        _d0, se0 = paired(base, p.view, best0, p.played)
        loss1 = other.evaluate(p.view, keep=(p.played,)).loss(p.played)
        ev4 = big.evaluate(p.view, keep=(p.played, best0))
        loss4 = ev4.loss(p.played)
        cross = ev4.value_of(best0).win - ev4.value_of(p.played).win
        rows[p.stage].append((p.loss, se0, loss1, loss4, cross))
        if p.stage == STAGES[3]:
            me = p.view.player
            print(
                f"g{p.game} r{p.round} {p.view.scores[me]}-{p.view.scores[1 - me]}"
                f" stock {p.view.stock_size:2}: played {kind(p.view, p.played):24}"
                f" best {kind(p.view, best0):24} loss {p.loss:.3f} (se {se0:.3f})"
                f" seed1 {loss1:.3f} x4 {loss4:.3f} best0-on-x4 {cross:+.3f}"
                f" x4best {kind(p.view, ev4.best.action)}",
                flush=True,
            )
    print()
    print("stage        decisions  mistake+  mean loss (se)  seed 1  4x budget  s0-best on 4x")
    for s in STAGES:
        r = rows[s]
        if not r:
            continue
        n = len(r)
        still1 = sum(x[2] >= 0.05 for x in r)
        still4 = sum(x[3] >= 0.05 for x in r)
        stillc = sum(x[4] >= 0.05 for x in r)
        mean = [statistics.mean(x[i] for x in r) for i in range(5)]
        print(
            f"{s:12} {counts[s]:9} {n:5} {n / counts[s]:5.1%}  {mean[0]:.3f} ({mean[1]:.3f})"
            f"  {mean[2]:.3f} [{still1}]  {mean[3]:.3f} [{still4}]  {mean[4]:+.3f} [{stillc}]"
        )
    print("[n]: how many of them are still graded mistake or worse (loss >= 0.05)")


def noise(folder: Path, per_stage: int) -> None:
    budget = SERIES.budget
    base = Evaluator(budget, seed=SERIES.eval_seed, confirm_factor=CONFIRM)
    other = Evaluator(budget, seed=SERIES.eval_seed + 1, confirm_factor=CONFIRM)
    by_stage: dict[str, list[Point]] = defaultdict(list)
    for p in points(folder):
        by_stage[p.stage].append(p)
    rng = random.Random(5)
    print("stage        decisions  sd(loss s0 - loss s1)  mean loss s0  s1")
    for s in STAGES:
        chosen = by_stage[s]
        chosen = rng.sample(chosen, min(per_stage, len(chosen)))
        if len(chosen) < 2:
            continue
        l0, l1 = [], []
        for p in chosen:
            l0.append(base.evaluate(p.view, keep=(p.played,)).loss(p.played))
            l1.append(other.evaluate(p.view, keep=(p.played,)).loss(p.played))
        sd = statistics.stdev(a - b for a, b in zip(l0, l1, strict=True)) / 2**0.5
        print(
            f"{s:12} {len(chosen):9}  {sd:.4f}  {statistics.mean(l0):.4f}"
            f"  {statistics.mean(l1):.4f}",
            flush=True,
        )


def after(folder: Path, series: Series, games: int) -> dict[tuple[int, int], list[float]]:
    """Every reviewed seat's losses in the games of ``series``, reviewed again by the
    checkout's evaluator at the series' budget and seed (kept in DIR, so that a run
    stopped goes on)."""
    ev = Evaluator(series.budget, seed=series.eval_seed)
    path = folder / f"after-{ev.version}-{series.name}.jsonl"
    done: dict[tuple[int, int], list[float]] = {}
    if path.exists():
        for text in path.read_text(encoding="utf-8").splitlines():
            data = json.loads(text)
            done[data["game"], data["player"]] = data["losses"]
    lines = read_series(folder, series)
    recs = records(folder, series)
    with path.open("a", encoding="utf-8") as out:
        for g in sorted(lines):
            if g >= games:
                break
            for p in series.reviewed:
                if (g, p) in done:
                    continue
                if FAST:
                    losses = [
                        x.loss if x.loss < FAST else ev.evaluate(x.view, (x.played,)).loss(x.played)
                        for x in points(folder, None, series, p, only=g)
                    ]
                else:
                    seat = plan_game(series.seed, g).seats.index(p)
                    losses = [d.loss for d in review(recs[g], seat, ev).decisions]
                out.write(json.dumps({"game": g, "player": p, "losses": losses}) + "\n")
                out.flush()
                done[g, p] = losses
    return done


def compare(folder: Path, games: int) -> None:
    """The master's errors by stage and the expert-master step of the mean loss, as the
    series were reviewed (before) and by the checkout's evaluator (after)."""
    new = after(folder, SERIES, games)
    tallies: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    index: dict[int, int] = defaultdict(int)
    for p in points(folder, games):
        if (p.game, 0) not in new:
            continue
        k = index[p.game]
        index[p.game] += 1
        loss = new[p.game, 0][k]
        for stage in ("all", p.stage):
            t = tallies[p.game][stage]
            t[0] += 1
            t[1] += p.grade in "mb"
            t[2] += grade(loss) in (Grade.MISTAKE, Grade.BLUNDER)
        s = sums[p.game]
        s[0] += p.loss
        s[1] += loss
        s[2] += 1
    played = sorted(tallies)
    print(f"master against expert: {len(played)} games, budget {SERIES.budget}")
    print("the master's decisions graded mistake or worse (ratio over games, 95%):")
    for stage in ("all", *STAGES):
        rows = [tallies[g][stage] for g in played]
        before = ratio((t[1], t[0]) for t in rows)
        now = ratio((t[2], t[0]) for t in rows)
        diff = ratio((t[1] - t[2], t[0]) for t in rows)
        print(
            f"  {stage:12} decisions {before.decisions:5}  before {before.pct():18}"
            f"  after {now.pct():18}  drop {diff.pct()}"
        )
    errors_before = ratio((tallies[g]["all"][1], tallies[g]["all"][0]) for g in played)
    errors_after = ratio((tallies[g]["all"][2], tallies[g]["all"][0]) for g in played)
    if (folder / f"{NOISY.name}.records.jsonl").exists():
        noisy_lines = read_series(folder, NOISY)
        new_n = after(folder, NOISY, games)
        kept = [g for g in sorted(noisy_lines) if g < games and (g, 0) in new_n]
        worse = (Grade.MISTAKE, Grade.BLUNDER)
        noisy_before = ratio(
            (noisy_lines[g].of(0).count(*worse), noisy_lines[g].of(0).decisions) for g in kept
        )
        noisy_after = ratio(
            (sum(grade(x) in worse for x in new_n[g, 0]), len(new_n[g, 0])) for g in kept
        )
        print(f"{NOISY.players[0]} against expert: {len(kept)} games, mistake or worse:")
        for name, n, m in (
            ("before", noisy_before, errors_before),
            ("after", noisy_after, errors_after),
        ):
            d, h = difference(n, m)
            print(f"  {name:6} {n.pct()}  (master {m.pct()})  step {d:+.2%} ± {h:.2%}")
    master_before = ratio((sums[g][0], int(sums[g][2])) for g in played)
    master_after = ratio((sums[g][1], int(sums[g][2])) for g in played)
    lines = read_series(folder, EXPERTS)
    both = [g for g in sorted(lines) if g < games]
    new_e = after(folder, EXPERTS, games)
    both = [g for g in both if all((g, q) in new_e for q in (0, 1))]
    expert_before = ratio(
        (sum(lines[g].of(q).loss for q in (0, 1)), sum(lines[g].of(q).decisions for q in (0, 1)))
        for g in both
    )
    expert_after = ratio(
        (sum(sum(new_e[g, q]) for q in (0, 1)), sum(len(new_e[g, q]) for q in (0, 1))) for g in both
    )
    print(f"mean loss per decision (expert: {len(both)} expert-vs-expert games, both seats):")
    for name, e, m in (
        ("before", expert_before, master_before),
        ("after", expert_after, master_after),
    ):
        d, h = difference(e, m)
        print(f"  {name:6} expert {e}  master {m}  step {d:+.4f} ± {h:.4f}")


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[0] not in ("probe", "noise", "compare"):
        print(__doc__)
        raise SystemExit(2)
    folder = Path(argv[1])
    if not (folder / f"{SERIES.name}.records.jsonl").exists():
        print(f"review_late.py: no series {SERIES.name} in {folder}", file=sys.stderr)
        raise SystemExit(2)
    if argv[0] == "probe":
        probe(folder, int(argv[2]) if len(argv) > 2 else None)
    elif argv[0] == "noise":
        noise(folder, int(argv[2]) if len(argv) > 2 else 40)
    else:
        compare(folder, int(argv[2]) if len(argv) > 2 else 36)


if __name__ == "__main__":
    main(sys.argv[1:])
