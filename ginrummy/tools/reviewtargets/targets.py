"""The four targets of the review (issue 63), each a subcommand of ``reviewbench``: what
series it reviews (`series.Series`), and the figures it prints from them.

- ``ranking``: every player of ``--players`` against the same opponent (``--opponent``,
  the expert by default; the opponent's own row is its games against itself, both seats
  reviewed). The mean loss per decision of the player's seat, each step to the next player
  with its interval: the target is every step positive beyond its interval.
- ``noisy``: the master that plays a random legal move at each rate of ``--rates``
  (`series.NoisyPlayer`) against the opponent; its error rate (mistake or worse per
  decision) must rise from each rate to the next beyond the interval.
- ``explain``: expert against expert, both seats reviewed. In the games where the seats'
  total losses differ, the share won by the seat that lost less (target: above one half
  beyond the interval), and the share won by the seat with the better luck minus loss
  (target: at least 75%).
- ``blunders``: the decisions of ``--player`` (random by default: it makes the most
  blunders) against the opponent reviewed twice: at ``--factor`` times the budget with
  another evaluation seed (the reference: its worlds are not the default's) and at the
  budget. Of the reference's blunders, the share the default grades mistake or blunder
  (target: at least 90%); and the master's decisions against the opponent graded mistake
  or worse at the budget (target: at most 2%).
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ...players.review import Grade
from ..arena import wilson_interval
from .series import GameLine, Ratio, SeatLine, Series, difference, ratio, run_series, share

WORSE = (Grade.MISTAKE, Grade.BLUNDER)


def _stamp(label: str) -> None:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{label} {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load {load}")


Report = Callable[[dict[Series, list[GameLine]]], None]
#: What a target reviews and how it reports it.
Plan = tuple[list[Series], Report]


def run(
    command: str, folder: Path, plans: Sequence[Plan], games: int, minutes: float, jobs: int
) -> None:
    """Review the plans' series together (interleaved), then print each plan's report."""
    print(f"python -m ginrummy.tools.reviewbench {command}", flush=True)
    _stamp("started")
    start = time.perf_counter()
    wanted = list(dict.fromkeys(s for series, _ in plans for s in series))
    done = run_series(folder, wanted, games, minutes=minutes, jobs=jobs)
    _stamp(f"finished in {(time.perf_counter() - start) / 60:.1f} min,")
    full = 0.0
    for s in wanted:
        cpus = [g.cpu for g in done[s] if g.cpu is not None]
        each = sum(cpus) / len(cpus) if cpus else math.nan
        full += each * games
        print(f"{s.name}: {len(done[s])} games (of {games} asked), {each:.1f} CPU s a game")
    print(
        f"all {games} games of every series: {full / 3600:.1f} CPU hours, about"
        f" {full / 3600 / jobs:.1f} h with {jobs} processes on a quiet machine"
    )
    for _, report in plans:
        print()
        report(done)
    sys.stdout.flush()


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def _loss(lines: Sequence[GameLine], players: Sequence[int]) -> Ratio:
    return ratio(
        (sum(g.of(p).loss for p in players), sum(g.of(p).decisions for p in players)) for g in lines
    )


def _worse(lines: Sequence[GameLine], players: Sequence[int]) -> Ratio:
    return ratio(
        (sum(g.of(p).count(*WORSE) for p in players), sum(g.of(p).decisions for p in players))
        for g in lines
    )


#: A game is still open at a decision when the seat's chance of winning it, from the
#: scores when the round was dealt, is in this range.
OPEN = (0.1, 0.9)


def _open(lines: Sequence[GameLine], players: Sequence[int], errors: bool = False) -> Ratio:
    """The mean loss (``errors``: the share of mistakes or worse) over the decisions made
    while the game was still open (`OPEN`)."""
    lo, hi = OPEN
    pairs = []
    for g in lines:
        total, n = 0.0, 0
        for p in players:
            s = g.of(p)
            for loss, letter, chance in zip(s.losses, s.grades, s.chances, strict=False):
                if lo <= chance <= hi:
                    total += (letter in "mb") if errors else loss
                    n += 1
        pairs.append((total, n))
    return ratio(pairs)


def _steps(names: Sequence[str], values: Sequence[Ratio], pct: bool = False) -> bool:
    """Print each step from a row to the next; True if every one is positive beyond its
    interval (a step lower than the one before must be above zero)."""
    ok = True
    for k in range(len(values) - 1):
        diff, half = difference(values[k], values[k + 1])
        clears = diff - half > 0
        ok = ok and clears
        shown = f"{diff:+.2%} ± {half:.2%}" if pct else f"{diff:+.4f} ± {half:.4f}"
        word = "beyond its interval" if clears else "within its interval"
        print(f"  {names[k]} - {names[k + 1]}: {shown} ({word})")
    return ok


def ranking_series(
    players: Sequence[str], opponent: str, seed: int, budget: int, target: int = 100
) -> list[tuple[str, Series]]:
    return [
        (p, Series((p, p), (0, 1), seed, budget, target=target) if p == opponent else
            Series((p, opponent), (0,), seed, budget, target=target))
        for p in players
    ]  # fmt: skip


def ranking(
    players: Sequence[str], opponent: str, seed: int, budget: int, target: int = 100
) -> Plan:
    rows = ranking_series(players, opponent, seed, budget, target)

    def report(done: dict[Series, list[GameLine]]) -> None:
        print(
            f"Mean loss per decision, budget {budget}, each player's seat against {opponent}"
            f" ({opponent} against itself: both seats), whole games to {target}:"
        )
        values = []
        for p, s in rows:
            lines = done[s]
            loss, worse = _loss(lines, s.reviewed), _worse(lines, s.reviewed)
            values.append(loss)
            print(
                f"  {p:8} games {loss.games:4}  decisions {loss.decisions:6}  mean loss {loss}"
                f"  mistake or worse {worse.pct()}"
            )
        if any(math.isnan(v.half) for v in values):
            print("too few games for intervals")
            return
        ok = _steps(players, values)
        print(f"target: {' > '.join(players)}, each step beyond its interval: {_verdict(ok)}")
        lo, hi = OPEN
        print(
            f"The same over the decisions of games still open (the seat's chance from the"
            f" scores at the deal {lo:.0%} to {hi:.0%}):"
        )
        opened = []
        for p, s in rows:
            loss = _open(done[s], s.reviewed)
            opened.append(loss)
            print(f"  {p:8} decisions {loss.decisions:6}  mean loss {loss}")
        if not any(math.isnan(v.half) for v in opened):
            _steps(players, opened)

    return [s for _, s in rows], report


def _noisy_name(rate: float) -> str:
    return "master" if rate == 0 else f"master~{rate:g}"


def noisy(rates: Sequence[float], opponent: str, seed: int, budget: int, target: int = 100) -> Plan:
    rows = [
        (r, Series((_noisy_name(r), opponent), (0,), seed, budget, target=target)) for r in rates
    ]

    def report(done: dict[Series, list[GameLine]]) -> None:
        print(
            f"The master playing a random legal move at a rate p, against {opponent}, budget"
            f" {budget}: error rate (mistake or worse per decision) of its seat"
        )
        values = []
        for r, s in rows:
            lines = done[s]
            worse, loss = _worse(lines, (0,)), _loss(lines, (0,))
            values.append(worse)
            print(
                f"  p {r:5.0%}  games {worse.games:4}  decisions {worse.decisions:6}"
                f"  error rate {worse.pct()}  mean loss {loss}"
            )
        if any(math.isnan(v.half) for v in values):
            print("too few games for intervals")
            return
        names = [f"p {r:.0%}" for r in rates]
        ok = _steps(names[::-1], values[::-1], pct=True)
        print(f"target: the error rate rises with p, each step beyond its interval: {_verdict(ok)}")
        lo, hi = OPEN
        print(f"The same over the decisions of games still open ({lo:.0%} to {hi:.0%}):")
        opened = []
        for r, s in rows:
            worse = _open(done[s], (0,), errors=True)
            opened.append(worse)
            print(f"  p {r:5.0%}  decisions {worse.decisions:6}  error rate {worse.pct()}")
        if not any(math.isnan(v.half) for v in opened):
            _steps(names[::-1], opened[::-1], pct=True)

    return [s for _, s in rows], report


def _errors_cost(seat: SeatLine) -> float:
    """The sum of the losses of the seat's mistakes and blunders (the "cost" a player sees)."""
    pairs = zip(seat.losses, seat.grades, strict=False)
    return sum(loss for loss, letter in pairs if letter in "mb")


def _better_wins(
    lines: Sequence[GameLine], score: Callable[[SeatLine], float]
) -> tuple[int, int, int]:
    """Over two-seat games: how often the seat with the higher ``score`` won, of the games
    where the scores differ, and the ties."""
    wins = games = ties = 0
    for g in lines:
        a, b = score(g.of(0)), score(g.of(1))
        if a == b:
            ties += 1
            continue
        games += 1
        wins += g.winner == (0 if a > b else 1)
    return wins, games, ties


def explain_series(seed: int, budget: int, target: int = 100) -> Series:
    return Series(("expert", "expert"), (0, 1), seed, budget, target=target)


def explain(seed: int, budget: int, target: int = 100) -> Plan:
    s = explain_series(seed, budget, target)

    def report(done: dict[Series, list[GameLine]]) -> None:
        lines = done[s]
        low_wins, low, tie = _better_wins(lines, lambda seat: -seat.loss)
        net_wins, net, _ = _better_wins(lines, lambda seat: seat.luck - seat.loss)
        print(f"Expert against expert, both seats reviewed at budget {budget}: {len(lines)} games")
        print(f"  the seat with the lower total loss won {share(low_wins, low)} ({tie} ties)")
        print(f"  the seat with the better luck minus loss won {share(net_wins, net)}")
        # What a player is shown (docs/review.md): the errors' cost, not the noisy total.
        cost_wins, cost, cost_tie = _better_wins(lines, lambda seat: -_errors_cost(seat))
        lucky_wins, lucky, _ = _better_wins(lines, lambda seat: seat.luck - _errors_cost(seat))
        print(
            f"  (the seat with the lower errors' cost won {share(cost_wins, cost)}"
            f" ({cost_tie} ties); the better luck minus errors' cost {share(lucky_wins, lucky)})"
        )
        lo_low = wilson_interval(low_wins, low)[0]
        lo_net = wilson_interval(net_wins, net)[0]
        ok_low = lo_low > 0.5
        ok_net = net > 0 and net_wins / net >= 0.75
        print(f"target: lower loss wins more than half, beyond the interval: {_verdict(ok_low)}")
        print(
            f"target: better luck minus loss wins at least 75%: {_verdict(ok_net)}"
            f" (the interval's low end {lo_net:.1%})"
        )

    return [s], report


def blunders_series(
    player: str, opponent: str, factor: int, seed: int, budget: int, target: int = 100
) -> tuple[Series, Series, Series]:
    default = Series((player, opponent), (0,), seed, budget, target=target)
    reference = Series((player, opponent), (0,), seed, budget * factor, 1, target)
    master = Series(("master", opponent), (0,), seed, budget, target=target)
    return default, reference, master


def blunders(
    player: str, opponent: str, factor: int, seed: int, budget: int, target: int = 100
) -> Plan:
    default, reference, master = blunders_series(player, opponent, factor, seed, budget, target)

    def report(done: dict[Series, list[GameLine]]) -> None:
        by_game = {g.game: g for g in done[default]}
        found = agreed = decisions = games_both = claimed = confirmed = 0
        for g in done[reference]:
            if g.game not in by_game:
                continue
            ref, base = g.of(0), by_game[g.game].of(0)
            assert ref.decisions == base.decisions, "the same game, the same decisions"
            games_both += 1
            decisions += ref.decisions
            for r, b in zip(ref.grades, base.grades, strict=True):
                if r == "b":
                    found += 1
                    agreed += b in ("m", "b")
                if b == "b":
                    claimed += 1
                    confirmed += r in ("m", "b")
        print(
            f"{player}'s decisions against {opponent} in {games_both} games ({decisions}"
            f" decisions), reviewed at budget {budget * factor} (evaluation seed 1) and"
            f" {budget} (seed 0):"
        )
        print(f"  of the blunders at budget {budget * factor}, graded mistake or blunder at"
              f" {budget}: {share(agreed, found)}")  # fmt: skip
        print(f"  (the other way: of the blunders at {budget}, graded mistake or blunder at"
              f" {budget * factor}: {share(confirmed, claimed)})")  # fmt: skip
        ok_found = found > 0 and agreed / found >= 0.9
        print(f"target: at least 90%: {_verdict(ok_found)}")
        worse = _worse(done[master], (0,))
        print(
            f"the master's decisions against {opponent} at budget {budget}: {worse.games} games,"
            f" {worse.decisions} decisions, mistake or worse {worse.pct()}"
        )
        print(f"target: at most 2%: {_verdict(worse.value <= 0.02)}")
        opened = _open(done[master], (0,), errors=True)
        print(f"  in games still open: {opened.decisions} decisions, {opened.pct()}")

    return [default, reference, master], report
