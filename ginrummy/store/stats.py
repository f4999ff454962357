"""Statistics from the history of finished games: per opponent, from the first seat's side.

Against the computer the first seat is you; in hot-seat games it is player 1; online, the
seat played at this machine (`GameMeta.me`: seat 0 for the host's own). No UI here:
the app's statistics screen and ``ginrummy stats`` print the same table.

The **form** per opponent (`Form`, `review_form`) comes from the games' kept reviews
(`ginrummy.store.reviews.reviewed_games`, from the same side): the accuracy, the luck
and the errors' cost over the latest `FORM_GAMES` reviewed games, and the **trend**:
the accuracy then against the `FORM_GAMES` reviewed games before (with at least
`TREND_MIN` of them), "up" or "down" when they differ by `STEADY` points or more, else
"steady". A game's accuracy moves by several points from one game to the next, so the
means of ten games differ by a point or two by chance alone: that is the `STEADY` band.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Final

from ..core import ResultKind
from ..text.i18n import N_, _, number
from ..text.names import level_label
from ..text.review import signed_percent
from .records import HistoryRecord, decided_games, games_of

if TYPE_CHECKING:
    from .reviews import ReviewedGame

#: Rows of the table: (label, attribute of `Stats`); the labels are translated where shown.
ROWS: tuple[tuple[str, str], ...] = (
    # TRANSLATORS: row labels of the statistics table (80 columns wide with up to three opponents:
    # keep them under about 28 characters).
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


#: How many of the latest reviewed games the form is the mean of (and the trend compares
#: with as many before).
FORM_GAMES: Final = 10
#: The fewest reviewed games before the latest ones that make a trend.
TREND_MIN: Final = 5
#: The change in mean accuracy (points) under which the form is steady.
STEADY: Final = 2.0


@dataclass(frozen=True)
class Form:
    """The form against one opponent, from the kept reviews (see the module)."""

    #: Games reviewed of all the opponent's games (what the figures cover).
    reviewed: int
    #: The latest reviewed games the means are over (at most `FORM_GAMES`).
    games: int
    accuracy: float
    #: Per game: the luck, and what the errors (mistake or blunder) cost.
    luck: float
    cost: float
    #: The mean accuracy over the games before (None: fewer than `TREND_MIN`).
    before: float | None
    #: How many games ``before`` is the mean of.
    before_games: int

    @property
    def trend(self) -> str | None:
        """ "up", "down" or "steady" (None without games enough before)."""
        if self.before is None:
            return None
        change = self.accuracy - self.before
        if abs(change) < STEADY:
            return "steady"
        return "up" if change > 0 else "down"

    def to_dict(self) -> dict[str, int | float | str | None]:
        return {
            "reviewed": self.reviewed,
            "games": self.games,
            "accuracy": round(self.accuracy, 1),
            "luck": round(self.luck, 4),
            "cost": round(self.cost, 4),
            "accuracy_before": None if self.before is None else round(self.before, 1),
            "games_before": self.before_games,
            "trend": self.trend,
        }


def review_form(reviewed: Sequence[ReviewedGame]) -> dict[str, Form]:
    """The form per opponent from the reviewed games (oldest first, the latest
    ``2 * FORM_GAMES`` of each read: `reviewed_games`)."""
    by_opponent: dict[str, list[ReviewedGame]] = {}
    for game in reviewed:
        by_opponent.setdefault(game.opponent, []).append(game)
    form = {}
    for opponent, games in by_opponent.items():
        read = [g.review for g in games if g.review is not None]
        latest, earlier = read[-FORM_GAMES:], read[-2 * FORM_GAMES : -FORM_GAMES]
        if not latest:
            continue
        n = len(latest)
        before = None
        if len(earlier) >= TREND_MIN:
            before = sum(r.accuracy for r in earlier) / len(earlier)
        form[opponent] = Form(
            reviewed=len(games),
            games=n,
            accuracy=sum(r.accuracy for r in latest) / n,
            luck=sum(r.luck for r in latest) / n,
            cost=sum(r.cost for r in latest) / n,
            before=before,
            before_games=len(earlier) if before is not None else 0,
        )
    return form


def unreviewed(table: dict[str, Stats], form: dict[str, Form]) -> bool:
    """Whether some of the games the figures can use (each opponent's latest) have no
    review yet."""
    for opponent, st in table.items():
        reviewed = form[opponent].reviewed if opponent in form else 0
        if reviewed < min(st.games, 2 * FORM_GAMES):
            return True
    return False


def _cell(value: float | None) -> str:
    """A figure as the table shows it: decimals in the language's way, "-" for none."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return number(value, ".1f")
    return str(value)


#: The form's rows under the statistics (labels translated where shown).
FORM_ROWS: tuple[str, ...] = (
    # TRANSLATORS: rows of the statistics table from the reviewed games (keep them under about
    # 28 characters): how many games were reviewed, the mean accuracy over the latest ones,
    # and per game the luck and what the errors (the decisions graded inaccuracy or worse)
    # cost, in percentage points of winning the game.
    N_("Games reviewed"),
    N_("Accuracy, latest reviewed"),
    N_("Luck per game"),
    N_("Cost per game"),
)


def trend_line(head: str, form: Form) -> str | None:
    """The accuracy's trend against one opponent in words (None without one)."""
    trend = form.trend
    if trend is None or form.before is None:
        return None
    values = {
        "head": head,
        "now": number(form.accuracy, ".1f"),
        "n": form.games,
        "before": number(form.before, ".1f"),
        "m": form.before_games,
    }
    if trend == "up":
        # TRANSLATORS: the trend under the statistics: {head} is a column head ("vs expert"),
        # {now} the mean accuracy over the latest {n} reviewed games, {before} over the {m}
        # before them.
        return _(
            "{head}: your accuracy is going up, {now} in the latest {n} reviewed games"
            " against {before} in the {m} before."
        ).format(**values)
    if trend == "down":
        return _(
            "{head}: your accuracy is going down, {now} in the latest {n} reviewed games"
            " against {before} in the {m} before."
        ).format(**values)
    return _(
        "{head}: your accuracy is steady, {now} in the latest {n} reviewed games"
        " against {before} in the {m} before."
    ).format(**values)


def _form_cells(st: Stats, form: Form | None) -> list[str]:
    if form is None:
        return [_("{reviewed} of {games}").format(reviewed=0, games=st.games), "-", "-", "-"]
    # TRANSLATORS: how many of the games against an opponent were reviewed: "8 of 34".
    reviewed = _("{reviewed} of {games}").format(
        reviewed=min(form.reviewed, st.games), games=st.games
    )
    return [
        reviewed,
        number(form.accuracy, ".1f"),
        signed_percent(form.luck),
        signed_percent(-form.cost),
    ]


def format_table(table: dict[str, Stats], form: dict[str, Form] | None = None) -> str:
    """The statistics as a plain-text table, one column per opponent; with ``form`` (the
    reviewed games' figures, `review_form`), its rows under them and what they mean."""
    if not table:
        return _("No finished games yet: play one, and its statistics appear here.")
    order = sorted(table, key=lambda k: (k == "hot-seat", k))
    heads = [
        # TRANSLATORS: column heads of the statistics table: {level} is the computer's level as
        # (simple, expert); "hot-seat" is two people at one keyboard. Keep them short.
        _("vs {level}").format(level=level_label(k)) if k != "hot-seat" else _("hot-seat")
        for k in order
    ]
    rows = [
        (_(label), [_cell(getattr(table[k], attr)) for k in order])
        for label, attr in ROWS
        if attr not in OPTIONAL_ROWS or any(getattr(table[k], attr) for k in order)
    ]
    if form is not None:
        columns = [_form_cells(table[k], form.get(k)) for k in order]
        rows += [(_(label), [c[i] for c in columns]) for i, label in enumerate(FORM_ROWS)]
    width = max(len(label) for label, _cells in rows)
    cols = [max(len(h), 6) for h in heads]
    lines = [" " * width + "".join(f"  {h:>{w}}" for h, w in zip(heads, cols, strict=True))]
    for label, cells in rows:
        lines.append(
            f"{label:<{width}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, cols, strict=True))
        )
    lines.append("")
    lines.append(_("Against the computer the figures are yours; in hot-seat, player 1's."))
    if form is not None:
        lines.append(
            # TRANSLATORS: under the statistics: what the rows from the reviews mean.
            _(
                "Accuracy, luck and cost: the mean over the latest {n} reviewed games"
                " (the accuracy's trend: against the {n} before)."
            ).format(n=FORM_GAMES)
        )
        for k, head in zip(order, heads, strict=True):
            line = trend_line(head, form[k]) if k in form else None
            if line is not None:
                lines.append(line)
    return "\n".join(lines)
