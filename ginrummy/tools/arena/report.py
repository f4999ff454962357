"""The arena's report as a person reads it: one column per player, the run on top."""

from __future__ import annotations

from collections.abc import Sequence

from ...text.i18n import _, ngettext, number
from .tally import ArenaResult


def _pct(x: float) -> str:
    return number(100 * x, ".1f") + "%"


def format_report(result: ArenaResult) -> str:
    """The human-readable report: one column per player."""
    data = result.to_dict()
    games, rounds = result.games, result.rounds
    names = result.names
    per = [data["stats"][n] for n in names]
    rows: list[tuple[str, str, str]] = []

    def row(label: str, values: Sequence[str]) -> None:
        rows.append((label, values[0], values[1]))

    # TRANSLATORS: row labels of the arena report (the leading spaces indent a detail of
    # the row above: keep them).
    row(_("games won"), [f"{s['games_won']} ({_pct(s['win_rate'])})" for s in per])
    row(
        # TRANSLATORS: the 95% confidence interval of the share of games won.
        _("  interval (95%)"),
        [f"{_pct(s['win_ci95'][0])} - {_pct(s['win_ci95'][1])}" for s in per],
    )
    row(_("rounds won"), [f"{s['rounds_won']}" for s in per])
    row(_("  by gin"), [f"{s['gins']}" for s in per])
    row(_("  by big gin"), [f"{s['big_gins']}" for s in per])
    row(_("  by undercut"), [f"{s['undercuts']}" for s in per])
    row(_("knocks (undercut)"), [f"{s['knocks']} ({s['undercut_against']})" for s in per])
    # TRANSLATORS: the share of this player's knocks that the opponent undercut.
    row(_("  undercut rate"), [_pct(s["undercut_rate"]) for s in per])
    row(_("points per round"), [number(s["mean_points_per_round"], ".2f") for s in per])
    row(_("moves"), [f"{s['moves']}" for s in per])
    row(_("decision mean ms"), [number(s["decision_ms"]["mean"], ".3f") for s in per])
    row(_("decision p95 ms"), [number(s["decision_ms"]["p95"], ".3f") for s in per])
    row(_("decision max ms"), [number(s["decision_ms"]["max"], ".3f") for s in per])

    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(names[0]), *(len(r[1]) for r in rows))
    w2 = max(len(names[1]), *(len(r[2]) for r in rows))
    rules = result.rules
    lines = [
        # TRANSLATORS: the arena report's first line, e.g. "simple vs random: 200 games to
        # 100 (Standard rules), seed 1, 2 jobs". {games} is "200 games", {jobs} "2 jobs" (worker
        # processes), {rules} a preset name as typed.
        _("{a} vs {b}: {games} to {target} ({rules} rules), seed {seed}, {jobs}").format(
            a=names[0],
            b=names[1],
            games=ngettext("{n} game", "{n} games", games).format(n=games),
            target=rules.target,
            rules=rules.name,
            seed=result.seed,
            jobs=ngettext("{n} job", "{n} jobs", result.jobs).format(n=result.jobs),
        ),
        "",
        f"{'':<{w0}}  {names[0]:>{w1}}  {names[1]:>{w2}}",
    ]
    lines += [f"{a:<{w0}}  {b:>{w1}}  {c:>{w2}}" for a, b, c in rows]
    lines += [
        "",
        _("rounds: {rounds} ({dead} dead) in {seconds} s: {rate} rounds per second").format(
            rounds=rounds,
            dead=result.dead_rounds,
            seconds=number(result.seconds, ".2f"),
            rate=f"{result.rounds_per_second:.0f}",
        ),
        _("Seats alternate every game and the first dealer every two games."),
    ]
    return "\n".join(lines)
