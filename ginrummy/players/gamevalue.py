"""The chance of winning a game from both scores: what a round's result is worth.

A round won by ``p`` points is worth the change it makes to the chance of reaching the
target first, not ``p`` itself: 10 points to a player at 95 win the game, 30 points to
a player at 10 are a step. The master weighs every outcome it simulates this way.

The table is solved once by dynamic programming over both scores, with each round won
by either player alike (equal strength) and its points drawn from a histogram of round
results measured in self-play under the same kind of rules (knock games, gin-only
games, Oklahoma with its doubled spade rounds). Dead rounds are replayed, so they only
cost time and are left out. The tables of the presets ship in `gamevalue_data`;
regenerate them (a few minutes) with::

    .venv/bin/python -m ginrummy.players.gamevalue

which measures the histograms and rewrites ``ginrummy/players/gamevalue_data.py``.
Rules with another target are solved on first use (a coarse grid, a fraction of a
second) and cached.

Not modelled: end-of-game bonuses (game, box, shutout) change the final totals but not
who wins the game; in a match (best of several games) the view does not say how many
games each player has won, so each game is played to be won.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.rules import PRESETS, Rules

__all__ = ["GameValue", "histogram_kind", "measure_histogram", "solve_table", "value_table"]


def histogram_kind(rules: Rules) -> str:
    """Which measured histogram of round points fits these rules."""
    if rules.oklahoma:
        return "oklahoma"
    if rules.knock_limit == 0:
        return "gin"
    return "knock"


def measure_histogram(rules: Rules, games: int = 30, seed: int = 7) -> dict[int, int]:
    """Points of scored rounds (after the multiplier) in expert self-play: points -> count."""
    from ..core.game import Game
    from .expert import ExpertPlayer

    counts: dict[int, int] = {}
    for g in range(games):
        game = Game(rules, seed=seed * 100_003 + g, first_dealer=g % 2)
        players = (ExpertPlayer(2 * g), ExpertPlayer(2 * g + 1))
        while True:
            rnd = game.round
            moves = 0
            while rnd.result is None and moves < 400:
                me = rnd.to_act
                game.apply(players[me].choose(rnd.view(me)), me)
                moves += 1
            result = rnd.result
            if result is None:
                break  # the bots passed a card back and forth: drop the game
            if result.winner is not None:
                counts[result.points] = counts.get(result.points, 0) + 1
            if game.winner is not None:
                break
            game.next_round()
    return dict(sorted(counts.items()))


def solve_table(histogram: Mapping[int, int], target: int, step: int = 1) -> list[list[float]]:
    """``W[i][j]``: chance that the player with ``i * step`` points wins the game against
    ``j * step`` points, each round won by either player with equal chance."""
    total = sum(histogram.values())
    # Points on the grid: a round of p points moves p / step cells (rounded).
    moves: dict[int, float] = {}
    for p, n in histogram.items():
        cells = max(1, round(p / step))
        moves[cells] = moves.get(cells, 0.0) + n / total
    items = sorted(moves.items())
    size = math.ceil(target / step)
    table = [[0.0] * size for _ in range(size)]
    for i in range(size - 1, -1, -1):
        row = table[i]
        for j in range(size - 1, -1, -1):
            v = 0.0
            for cells, q in items:
                a = i + cells
                b = j + cells
                mine = 1.0 if a >= size else table[a][j]
                theirs = 0.0 if b >= size else row[b]
                v += q * (mine + theirs)
            row[j] = 0.5 * v
    return table


@dataclass(frozen=True, slots=True)
class GameValue:
    """Game-win chances on a grid of both scores, read with bilinear interpolation."""

    target: int
    step: int
    #: Chances in thousandths, ``table[i][j]`` for scores ``i * step`` and ``j * step``.
    table: tuple[tuple[int, ...], ...]

    def win(self, mine: float, theirs: float) -> float:
        """Chance that a player with ``mine`` points wins against one with ``theirs``."""
        if mine >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        size = len(self.table)
        x = mine / self.step
        y = theirs / self.step
        i = min(int(x), size - 1)
        j = min(int(y), size - 1)
        fx = x - i
        fy = y - j
        t = self.table

        def at(a: int, b: int) -> float:
            if a >= size:
                return 1000.0
            if b >= size:
                return 0.0
            return float(t[a][b])

        v = (
            at(i, j) * (1 - fx) * (1 - fy)
            + at(i + 1, j) * fx * (1 - fy)
            + at(i, j + 1) * (1 - fx) * fy
            + at(i + 1, j + 1) * fx * fy
        )
        return v / 1000.0


def _quantise(table: Sequence[Sequence[float]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(round(v * 1000) for v in row) for row in table)


def _grid_step(target: int) -> int:
    return max(1, math.ceil(target / 50))


@functools.lru_cache(maxsize=16)
def value_table(rules: Rules) -> GameValue:
    """The game value for these rules: the shipped table, or one solved now (cached)."""
    from .gamevalue_data import HISTOGRAMS, TABLES

    kind = histogram_kind(rules)
    shipped = TABLES.get((kind, rules.target))
    if shipped is not None:
        step, rows = shipped
        return GameValue(rules.target, step, rows)
    step = _grid_step(rules.target)
    hist = HISTOGRAMS[kind]
    return GameValue(rules.target, step, _quantise(solve_table(hist, rules.target, step)))


def _generate(path: str) -> None:
    """Measure the histograms and write the shipped tables of the presets as a module."""
    kinds: dict[str, Rules] = {}
    for rules in PRESETS.values():
        kinds.setdefault(histogram_kind(rules), rules)
    hists = {kind: measure_histogram(rules) for kind, rules in kinds.items()}
    tables: dict[tuple[str, int], tuple[int, tuple[tuple[int, ...], ...]]] = {}
    for rules in PRESETS.values():
        key = (histogram_kind(rules), rules.target)
        if key in tables:
            continue
        step = _grid_step(rules.target)
        tables[key] = (step, _quantise(solve_table(hists[key[0]], rules.target, step)))
    lines = [
        '"""Generated by ``python -m ginrummy.players.gamevalue``: do not edit."""',
        "",
        "# ruff: noqa: E501",
        "# fmt: off",
        "HISTOGRAMS: dict[str, dict[int, int]] = {",
    ]
    for kind, hist in hists.items():
        lines.append(f"    {kind!r}: {hist!r},")
    lines.append("}")
    lines.append("TABLES: dict[tuple[str, int], tuple[int, tuple[tuple[int, ...], ...]]] = {")
    for key, (step, rows) in tables.items():
        lines.append(f"    {key!r}: ({step}, (")
        for row in rows:
            lines.append("        (" + ",".join(str(v) for v in row) + ",),")
        lines.append("    )),")
    lines.append("}")
    lines.append("# fmt: on")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":  # pragma: no cover - the documented regeneration command
    import os

    _generate(os.path.join(os.path.dirname(__file__), "gamevalue_data.py"))
