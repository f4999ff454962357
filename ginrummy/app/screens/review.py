"""The review of a finished game: each decision of a seat, graded, with a win-chance graph.

The review (`ginrummy.players.review`) is computed in a thread worker, round by round,
with a progress bar (the table behind is never blocked; Escape leaves and stops it before
its next evaluation), then kept in the database (`Store.cache_review`, keyed by the game
and `Evaluator.version`), so a game is reviewed once. ← → step through the decisions,
``n`` jumps to the next mistake or blunder, ``s`` switches seat when both seats are
reviewed (hot-seat). Each decision shows the position as the player saw it (hand, top
of the pile), the move made and the best one with their win chances, the loss and the
grade, and the opponent's cards then (the game is over). The graph (textual-plotext) is
the win chance after each move played, the mistakes and blunders marked.

A review of chosen rounds (``rounds``: the round result's review of the round just
played, of a game still going on) is not kept: the cache holds whole games. Reviews
already computed (the round's verdict) are given as ``reviews`` and shown at once.
`session_record` is the record of the game at a table, which the game-over and the round
result screens review.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Label, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker
from textual_plotext import PlotextPlot

from ...core import Game
from ...core.record import Record
from ...players.evaluator import Evaluator
from ...players.review import Grade, SeatReview, Stopped, review
from ...store import GameMeta, Store
from ...store.reviews import app_evaluator, seats_of
from ...text import review as words
from ...text.cards import cards_label
from ...text.i18n import N_, _, ngettext, number
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, recompose_in_language

if TYPE_CHECKING:
    from ..model.facts import SessionFacts

__all__ = ["ReviewScreen", "make_evaluator", "session_record"]

COSTLY = (Grade.MISTAKE, Grade.BLUNDER)
GRADE_STYLES = {
    Grade.GOOD: "green",
    Grade.INACCURACY: "yellow",
    Grade.MISTAKE: "bold dark_orange",
    Grade.BLUNDER: "bold red",
}


def make_evaluator() -> Evaluator:
    """The evaluator of the app's reviews (the default budget, as ``ginrummy stats
    --review``'s; tests give a smaller one)."""
    return app_evaluator()


def session_record(session: SessionFacts, meta: GameMeta) -> Record | None:
    """The record of the game at a table (finished or not), who sat where from its
    details; None when this side does not hold the game's cards (an online table)."""
    game = session.game
    if not isinstance(game, Game):
        return None
    return Record(game, seats_of(meta))


class ReviewScreen(GinScreen[None]):
    """The review of ``record`` (one game), cached under ``key`` when there is a store."""

    CSS_PATH = "review.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer keys of the game review (short).
        Binding("left", "step(-1)", N_("Previous")),
        Binding("right", "step(1)", N_("Next")),
        Binding("n", "next_mistake", N_("Next mistake")),
        Binding("s", "switch_seat", N_("Other seat")),
        Binding("escape", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(
        self,
        record: Record,
        key: str | None,
        store: Store | None,
        *,
        ascii: bool = False,
        evaluator: Evaluator | None = None,
        rounds: tuple[int, ...] | None = None,
        reviews: Mapping[int, SeatReview] | None = None,
    ) -> None:
        """``rounds``: the indexes of the rounds to review (default: the whole game, kept
        under ``key``); ``reviews``: the seats' reviews already computed (of ``rounds``)."""
        super().__init__()
        self.record = record
        self.key = key
        self.store = store
        self.ascii = ascii
        self.evaluator = evaluator if evaluator is not None else make_evaluator()
        self.seats = record.reviewed_seats
        self.rounds = rounds
        #: The reviews done so far, by seat.
        self.reviews: dict[int, SeatReview] = dict(reviews or {})
        #: Whether each seat's review came from the database.
        self.from_cache: dict[int, bool] = dict.fromkeys(self.reviews, False)
        self.seat = self.seats[0]
        self.index = 0

    # --- drawing ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield GameHeader()
        with Vertical(id="review"):
            yield Label("", id="review-summary")
            with Vertical(id="review-progress"):
                # TRANSLATORS: over the progress bar while a game is reviewed.
                yield Label(_("Reviewing the game, round by round…"))
                yield ProgressBar(id="review-bar", show_eta=False)
            yield PlotextPlot(id="review-graph")
            yield Static("", id="review-decision")
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.retitle()
        self.query_one("#review-graph").display = False
        self.query_one("#review-decision").display = False
        self._load(self.seat)

    def retitle(self) -> None:
        if self.rounds is not None and len(self.rounds) == 1:
            number = self.record.game.rounds[self.rounds[0]].number
            # TRANSLATORS: the title of the review of one round (from its result).
            self.sub_title = _("Review of round {number}").format(number=number)
            return
        # TRANSLATORS: the title of the game review screen.
        self.sub_title = _("Game review")

    @property
    def keeps(self) -> bool:
        """Whether the reviews are kept in (and read from) the database: whole games only."""
        return self.store is not None and self.key is not None and self.rounds is None

    async def refresh_language(self) -> None:
        await recompose_in_language(self)
        self.on_mount()

    @property
    def current(self) -> SeatReview | None:
        return self.reviews.get(self.seat)

    def _load(self, seat: int) -> None:
        """Show ``seat``'s review: from the database, or computed by the worker."""
        if seat in self.reviews:
            self._show()
            return
        cached = None
        if self.keeps:
            assert self.store is not None and self.key is not None
            cached = self.store.cached_review(self.key, seat, self.evaluator.version)
        if cached is not None:
            self.reviews[seat] = cached
            self.from_cache[seat] = True
            self._show()
            return
        self.query_one("#review-progress").display = True
        self.query_one("#review-graph").display = False
        self.query_one("#review-decision").display = False
        self.query_one("#review-summary", Label).update(self._who(seat))
        bar = self.query_one("#review-bar", ProgressBar)
        total = len(self.rounds) if self.rounds is not None else len(self.record.game.rounds)
        bar.update(total=total, progress=0)
        self._compute(seat)

    @work(thread=True, exclusive=True, group="review")
    def _compute(self, seat: int) -> SeatReview:
        worker = get_current_worker()

        def told(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Stopped
            self.app.call_from_thread(self._advance, done, total)

        def stop() -> bool:
            return worker.is_cancelled

        result = review(self.record, seat, self.evaluator, told, rounds=self.rounds, stop=stop)
        if self.keeps and not worker.is_cancelled:
            assert self.store is not None and self.key is not None
            self.store.cache_review(self.key, self.evaluator.version, result)
        return result

    def _advance(self, done: int, total: int) -> None:
        self.query_one("#review-bar", ProgressBar).update(total=total, progress=done)

    @on(Worker.StateChanged)
    def _worked(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "review":
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, SeatReview):
            done = worker.result
            self.reviews[done.seat] = done
            self.from_cache[done.seat] = False
            if done.seat == self.seat:
                self._show()
        elif event.state is WorkerState.ERROR and not isinstance(worker.error, Stopped):
            # TRANSLATORS: the review could not be computed; {why} says why.
            self.notify(_("The review failed: {why}").format(why=worker.error), severity="error")

    def _who(self, seat: int) -> str:
        return self.record.seats[seat].name

    def _show(self) -> None:
        r = self.current
        if r is None:
            return
        self.query_one("#review-progress").display = False
        self.query_one("#review-graph").display = True
        self.query_one("#review-decision").display = True
        self.index = min(self.index, max(0, len(r.decisions) - 1))
        self.query_one("#review-summary", Label).update(self._summary(r))
        self.refresh_bindings()
        self._draw()

    def _summary(self, r: SeatReview) -> Text:
        mistakes = r.count(Grade.MISTAKE)
        blunders = r.count(Grade.BLUNDER)
        t = Text(f"{self._who(r.seat)}  ", style="bold")
        t.append(
            # TRANSLATORS: the review's header line: the game's accuracy (0-100), the costly
            # moves and what they cost ("3 costly moves, −14.0%") and the luck, in
            # percentage points of winning the game.
            _("accuracy {acc} · {errors} · luck {luck}").format(
                acc=number(r.accuracy, ".1f"),
                errors=words.errors_cost(r.errors, r.cost),
                luck=words.signed_percent(r.luck),
            )
        )
        t.append("  ")
        t.append(
            ngettext("{n} mistake", "{n} mistakes", mistakes).format(n=mistakes)
            + ", "
            + ngettext("{n} blunder", "{n} blunders", blunders).format(n=blunders),
            style="bold" if mistakes + blunders else "",
        )
        return t

    def _draw(self) -> None:
        r = self.current
        assert r is not None
        decisions = r.decisions
        plot = self.query_one("#review-graph", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        if decisions:
            xs = list(range(1, len(decisions) + 1))
            marker = "dot" if self.ascii else "braille"
            plt.plot(xs, [d.win_played * 100 for d in decisions], marker=marker)
            costly = [(i, d) for i, d in zip(xs, decisions, strict=True) if d.grade in COSTLY]
            if costly:
                plt.scatter(
                    [i for i, _d in costly],
                    [d.win_played * 100 for _i, d in costly],
                    marker="x",
                    color="red",
                )
            plt.vline(self.index + 1, "yellow")
            plt.xlim(1, max(2, len(decisions)))
            step = max(1, len(decisions) // 6)
            plt.xticks(list(range(1, len(decisions) + 1, step)))
        plt.ylim(0, 100)
        plt.yticks([0, 50, 100])
        # TRANSLATORS: the title of the graph of the review (x: decisions; red x: mistakes).
        plt.title(_("Chance to win the game (%), decision by decision; x: mistakes"))
        plot.refresh()
        self.query_one("#review-decision", Static).update(self._decision_text(r))

    def _decision_text(self, r: SeatReview) -> Text:
        decisions = r.decisions
        if not decisions:
            # TRANSLATORS: a reviewed seat that never had a choice to make.
            return Text(_("No decision to review: every move was forced."))
        d = decisions[self.index]
        a = self.ascii
        t = Text()
        t.append(
            # TRANSLATORS: the line over one decision of the review: its number of all, the
            # round, the cards left in the stock, and its grade.
            _("Decision {n} of {total} · round {round} · stock {stock} · ").format(
                n=self.index + 1, total=len(decisions), round=d.round, stock=d.stock
            ),
            style="bold",
        )
        t.append(words.grade_label(d.grade.value), style=GRADE_STYLES[d.grade])
        t.append("\n")
        hand = cards_label(sorted(d.hand, key=lambda c: c.index), a)
        t.append(_("Hand: {cards}").format(cards=hand))
        if d.top is not None:
            t.append("  ")
            t.append(_("Pile: {card}").format(card=cards_label([d.top], a)))
        t.append("\n")
        played = words.move_label(d.played, d.top, d.hand, a)
        # TRANSLATORS: the move made at a decision, and its chance of winning the game.
        t.append(_("Played: {move} ({win})").format(move=played, win=words.percent(d.win_played)))
        t.append("\n")
        if d.loss > 0:
            best = words.move_label(d.best, d.top, d.hand, a)
            t.append(
                # TRANSLATORS: the best move, its chance to win the game, and what the move
                # played cost (in percentage points).
                _("Better: {move} ({win}), {loss}").format(
                    move=best,
                    win=words.percent(d.win_best),
                    loss=words.signed_percent(-d.loss),
                ),
                style=GRADE_STYLES[d.grade],
            )
        else:
            # TRANSLATORS: the move played was the best one.
            t.append(_("The best move."), style="green")
        t.append("\n")
        t.append(
            # TRANSLATORS: the opponent's cards at that moment (shown once the game is over).
            _("{name} held: {cards}").format(
                name=self._who(1 - r.seat), cards=words.held_label(d.opponent_hand, a)
            ),
            style="dim",
        )
        return t

    # --- keys ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_seat":
            return len(self.seats) > 1
        if action in ("step", "next_mistake"):
            return self.current is not None
        return True

    def action_step(self, by: int) -> None:
        r = self.current
        if r is None or not r.decisions:
            return
        self.index = max(0, min(len(r.decisions) - 1, self.index + by))
        self._draw()

    def action_next_mistake(self) -> None:
        """The next mistake or blunder after this decision (from the first, past the last)."""
        r = self.current
        if r is None:
            return
        decisions = r.decisions
        n = len(decisions)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if decisions[i].grade in COSTLY:
                self.index = i
                self._draw()
                return
        # TRANSLATORS: `n` found nothing to jump to.
        self.notify(_("No mistake or blunder in this game."))

    def action_switch_seat(self) -> None:
        others = [s for s in self.seats if s != self.seat]
        if not others:
            return
        self.workers.cancel_group(self, "review")
        self.seat = others[0]
        self.index = 0
        self._load(self.seat)

    def action_close(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)
