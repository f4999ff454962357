"""Statistics from the history of finished games: per opponent, from the first seat's side.

Against the computer the first seat is you; in hot-seat games it is player 1; online, the
seat played at this machine (`GameMeta.me`: seat 0 for the host's own). No UI here:
the app's statistics screen and ``ginrummy stats`` print the same table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from ..core import ResultKind
from ..text.i18n import N_, _, number
from ..text.names import level_label
from .records import HistoryRecord, decided_games, games_of

#: Rows of the table: (label, attribute of `Stats`); the labels are translated where shown.
# TRANSLATORS: row labels of the statistics table (80 columns wide with up to three opponents:
# keep them under about 28 characters).
ROWS: tuple[tuple[str, str], ...] = (
    (N_("Games played"), "games"),
    (N_("Games won"), "games_won"),
    (N_("Rounds played"), "rounds"),
    (N_("Rounds won"), "rounds_won"),
    (N_("Knocks"), "knocks"),
    (N_("Gins"), "gins"),
    (N_("Big gins"), "big_gins"),
    # TRANSLATORS: rounds the opponent knocked and you undercut them (you had as little
    # deadwood or less), and rounds you knocked and were undercut.
    (N_("Undercuts you made"), "undercuts_given"),
    (N_("Your knocks undercut"), "undercuts_taken"),
    (N_("Points per round"), "points_per_round"),
    (N_("Best winning streak"), "best_streak"),
    (N_("Current winning streak"), "streak"),
    # TRANSLATORS: a row of the statistics table: the games in which the player took a
    # move back (the undo key); shown once there is one.
    (N_("Games with undo"), "undo_games"),
)
#: Rows shown only when one of their figures is not 0.
OPTIONAL_ROWS = ("undo_games",)


@dataclass
class Stats:
    """The figures for one opponent."""

    games: int = 0
    games_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    knocks: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_given: int = 0
    undercuts_taken: int = 0
    points: int = 0
    best_streak: int = 0
    streak: int = 0
    #: Games in which the player took a move back (undo).
    undo_games: int = 0

    @property
    def points_per_round(self) -> float | None:
        """The points won per round played; None before any round."""
        return self.points / self.rounds if self.rounds else None

    def to_dict(self) -> dict[str, int | float | None]:
        """The figures as numbers for JSON (points per round to 3 decimals; null if none)."""
        per_round = self.points_per_round
        figures: dict[str, int | float | None] = asdict(self)
        figures["points_per_round"] = None if per_round is None else round(per_round, 3)
        return figures

    def add_game(self, won: bool) -> None:
        self.games += 1
        if won:
            self.games_won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0


#: The per-game figures the history table keeps for each finished game (summed by SQL).
FIGURES = (
    "games",
    "games_won",
    "rounds",
    "rounds_won",
    "knocks",
    "gins",
    "big_gins",
    "undercuts_given",
    "undercuts_taken",
    "points",
    "undo_games",
)


def figures(record: HistoryRecord) -> tuple[dict[str, int], str]:
    """One finished game's figures (`FIGURES`) and its games in order as "W"/"L" (a match
    has several), from which the streaks are carried on."""
    st = compute([record]).get(record.opponent, Stats())
    me = record.meta.me
    results = "".join(
        "W" if winner == me else "L" for _game, winner in decided_games(record.game, record.meta)
    )
    return {name: getattr(st, name) for name in FIGURES}, results


def carry_streak(streak: int, best: int, results: str) -> tuple[int, int]:
    """The (current, best) winning streak after games ``results`` ("WLW"), oldest first."""
    for result in results:
        streak = streak + 1 if result == "W" else 0
        best = max(best, streak)
    return streak, best


def compute(history: Sequence[HistoryRecord]) -> dict[str, Stats]:
    """Figures per opponent ("simple", "expert", "hot-seat"...), oldest game first."""
    table: dict[str, Stats] = {}
    for record in history:
        st = table.setdefault(record.opponent, Stats())
        meta = record.meta
        me = meta.me
        decided = {id(game): winner for game, winner in decided_games(record.game, meta)}
        for nth, game in enumerate(games_of(record.game), 1):
            if game.is_over and nth in record.meta.undo:
                st.undo_games += 1
            for rnd in game.rounds:
                res = rnd.result
                if res is None:
                    continue
                st.rounds += 1
                if res.winner == me:
                    st.rounds_won += 1
                    st.points += res.points
                kind = res.kind
                if res.knocker == me:
                    if kind in (ResultKind.KNOCK, ResultKind.UNDERCUT):
                        st.knocks += 1
                    if kind is ResultKind.GIN:
                        st.gins += 1
                    if kind is ResultKind.BIG_GIN:
                        st.big_gins += 1
                    if kind is ResultKind.UNDERCUT:
                        st.undercuts_taken += 1
                elif res.knocker == 1 - me and kind is ResultKind.UNDERCUT:
                    st.undercuts_given += 1
            if id(game) in decided:
                # A game stopped by a forfeit counts too: lost by the seat that was away.
                st.add_game(decided[id(game)] == me)
        if id(None) in decided:
            # A match forfeited between two games: the forfeit counts as the next game.
            st.add_game(decided[id(None)] == me)
    return table


def _cell(value: float | None) -> str:
    """A figure as the table shows it: decimals in the language's way, "-" for none."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return number(value, ".1f")
    return str(value)


def format_table(table: dict[str, Stats]) -> str:
    """The statistics as a plain-text table, one column per opponent."""
    if not table:
        return _("No finished games yet: play one, and its statistics appear here.")
    order = sorted(table, key=lambda k: (k == "hot-seat", k))
    # TRANSLATORS: column heads of the statistics table: {level} is the computer's level as
    # (simple, expert); "hot-seat" is two people at one keyboard. Keep them short.
    heads = [
        _("vs {level}").format(level=level_label(k)) if k != "hot-seat" else _("hot-seat")
        for k in order
    ]
    rows = [
        (_(label), attr)
        for label, attr in ROWS
        if attr not in OPTIONAL_ROWS or any(getattr(table[k], attr) for k in order)
    ]
    width = max(len(label) for label, _attr in rows)
    cols = [max(len(h), 6) for h in heads]
    lines = [" " * width + "".join(f"  {h:>{w}}" for h, w in zip(heads, cols, strict=True))]
    for label, attr in rows:
        cells = [_cell(getattr(table[k], attr)) for k in order]
        lines.append(
            f"{label:<{width}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, cols, strict=True))
        )
    lines.append("")
    lines.append(_("Against the computer the figures are yours; in hot-seat, player 1's."))
    return "\n".join(lines)
