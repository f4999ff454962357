"""The round result: both hands as the showdown arranged them, the score in words, and
the verdict on the round.

The verdict is the review of the round just played (`ginrummy.players.review`) for the
seats a review looks at (against the computer the person, in hot-seat both, each line
named): "You: 2 costly moves, −14.0% · luck +6.0%", what the errors cost and what the
cards brought, in the chance of winning the game. It is computed in a thread worker (a
round takes about a second) while the screen is already usable and says the verdict is
coming; leaving the screen cancels it (it stops before its next evaluation). ``r`` opens
the round's review (`ReviewScreen` on that round, with the verdict's reviews), even
though the game is not in the history yet: the record is the session's game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ...core import Game, ResultKind, RoundResult, best_melding
from ...store import GameMeta
from ...text.cards import shown
from ...text.i18n import N_, _, ngettext, pgettext
from ...text.names import name_in
from ...text.results import game_won_sentence, showdown_heading
from ...text.review import verdict
from ..model.session import Session
from ..widgets.footer import LocalFooter
from ..widgets.hand import CardsView
from ..widgets.header import GameHeader
from ..widgets.prose import Prose
from ..widgets.showdown import melding_groups, showdown_hands
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of, recompose_in_language

if TYPE_CHECKING:
    from ...players.review import SeatReview

#: The worker group of the verdict.
VERDICT = "verdict"


def result_title(kind: ResultKind) -> str:
    """The round result's title in the current language: how the round ended."""
    titles = {
        # TRANSLATORS: the round result's title: how the round ended (a noun: "Knock" is the
        # knock that ended the round, not the command).
        ResultKind.KNOCK: pgettext("round result title", "Knock"),
        ResultKind.UNDERCUT: pgettext("round result title", "Undercut!"),
        ResultKind.GIN: pgettext("round result title", "Gin!"),
        ResultKind.BIG_GIN: pgettext("round result title", "Big Gin!"),
        ResultKind.DRAW: pgettext("round result title", "Dead round"),
    }
    return titles[kind]


class RoundResultScreen(GinScreen[None]):
    """Shows how the round ended; Enter goes on to the next round (or the game's end)."""

    CSS_PATH = ["cards.tcss", "result.tcss"]  # noqa: RUF012 (declared so in Screen)
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so the footer names it over the focused button's own (hidden) Enter.
        Binding("enter", "continue", N_("Continue"), priority=True),
        Binding("space", "continue", N_("Continue"), show=False),
        # TRANSLATORS: footer key of the round result: open the review of the round.
        Binding("r", "review", N_("Review")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit_game", N_("Quit")),
    ]

    def __init__(
        self,
        session: Session,
        result: RoundResult,
        *,
        ascii: bool = False,
        meta: GameMeta | None = None,
    ) -> None:
        """``meta``: the game's details (who sat where), which the verdict needs; without
        them, or without the game's cards (an online table), there is no verdict."""
        super().__init__()
        self.session = session
        self.result = result
        self.ascii = ascii
        self.meta = meta
        #: The index of the round in its game (what the verdict reviews).
        self.round_index = len(session.game.rounds) - 1 if self.reviewable else -1
        #: The verdict's review of the round, by seat, once computed.
        self.verdicts: dict[int, SeatReview] = {}
        #: Why the verdict could not be computed (None: it is coming, or came).
        self.verdict_failed: str | None = None

    @property
    def reviewable(self) -> bool:
        """Whether the round gets a verdict and a review: the game's details are known and
        this side holds the game's cards."""
        return self.meta is not None and isinstance(self.session.game, Game)

    def compose(self) -> ComposeResult:
        s, r = self.session, self.result
        names = s.names
        yield GameHeader()
        with Vertical(id="result"):
            yield Label(self._title(), id="result-title")
            if r.showdown is not None and r.knocker is not None:
                sd = r.showdown
                k, d = r.knocker, 1 - r.knocker
                line = showdown_heading(r.kind, k == s.you)
                yield Label(
                    self._hand_label(
                        line,
                        name_in(line, names[k]),
                        _("deadwood {points}").format(points=sd.knocker_deadwood),
                    ),
                    classes="hand-label",
                )
                hands = showdown_hands(r)
                groups, marks = hands[k]
                yield CardsView(
                    groups,
                    marks=marks,
                    ascii=self.ascii,
                    classes="showdown -marks" if marks else "showdown",
                )
                laid = len(sd.defence.laid_off)
                notes = [_("deadwood {points}").format(points=sd.defender_deadwood)]
                if laid:
                    notes.append(
                        ngettext("laid off {n} card", "laid off {n} cards", laid).format(n=laid)
                    )
                yield Label(self._hand_label("{name}", names[d], *notes), classes="hand-label")
                yield CardsView(hands[d][0], ascii=self.ascii, classes="showdown")
            else:
                for seat in (0, 1):
                    melding = best_melding(r.hands[seat])
                    points = melding.deadwood_points
                    yield Label(
                        self._hand_label(
                            "{name}", names[seat], _("deadwood {points}").format(points=points)
                        ),
                        classes="hand-label",
                    )
                    yield CardsView(melding_groups(melding), ascii=self.ascii, classes="showdown")
            # Wrapped at spaces only: a sum ("25 + 9 - 9 = 25") is never broken in two.
            yield Prose(self._explanation(), id="result-text")
            yield Static(self._totals(), id="result-totals")
            if self.reviewable:
                yield Static(self._verdict(), id="result-verdict")
            with Horizontal(id="result-buttons"):
                # TRANSLATORS: a button; keep "(Enter)".
                label = _("See the final score (Enter)") if s.game_over else _("Next round (Enter)")
                yield Button(label, id="continue", variant="primary", compact=True)
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.retitle()
        if self.reviewable:
            self._show_verdict()
            self._review_round()

    def retitle(self) -> None:
        self.sub_title = _("Round {number} result").format(number=self.session.round.number)

    async def refresh_language(self) -> None:
        await recompose_in_language(self)
        self._show_verdict()

    # --- the verdict -----------------------------------------------------------------
    @work(thread=True, exclusive=True, group=VERDICT)
    def _review_round(self) -> dict[int, SeatReview]:
        """The review of the round just played for the reviewed seats (by seat)."""
        from ...players.review import review
        from . import review as screen  # its `make_evaluator`: the review's budget
        from .review import session_record

        worker = get_current_worker()
        assert self.meta is not None
        record = session_record(self.session, self.meta)
        assert record is not None
        evaluator = screen.make_evaluator()
        done: dict[int, SeatReview] = {}
        for seat in record.reviewed_seats:
            if seat in self.verdicts:
                done[seat] = self.verdicts[seat]
                continue
            done[seat] = review(
                record,
                seat,
                evaluator,
                rounds=(self.round_index,),
                stop=lambda: worker.is_cancelled,
            )
        return done

    @on(Worker.StateChanged)
    def _reviewed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != VERDICT:
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, dict):
            self.verdicts = dict(worker.result)
            self._show_verdict()
        elif event.state is WorkerState.ERROR:
            from ...players.review import Stopped

            if not isinstance(worker.error, Stopped):
                self.verdict_failed = str(worker.error)
                self._show_verdict()

    def _show_verdict(self) -> None:
        found = self.query("#result-verdict")
        if not found:
            return
        found.first(Static).update(self._verdict())
        box = self.query_one("#result")
        box.add_class("-verdict")
        box.set_class(len(self.verdicts) > 1, "-two-verdicts")

    def _verdict(self) -> Text:
        """The verdict's lines: one per reviewed seat, named; until then, that it comes."""
        if self.verdict_failed is not None:
            return Text(
                # TRANSLATORS: the round's verdict could not be computed; {why} says why.
                _("No verdict on this round: {why}").format(why=self.verdict_failed),
                style="dim",
            )
        if not self.verdicts:
            # TRANSLATORS: under the round's result while its review is computed (about
            # a second); then the verdict takes its place.
            return Text(_("Verdict on the round: reviewing your moves…"), style="dim italic")
        t = Text()
        names = self.session.names
        for n, (seat, r) in enumerate(sorted(self.verdicts.items())):
            rnd = r.rounds[0]
            if n:
                t.append("\n")
            t.append(f"{names[seat]}: ", style="bold")
            t.append(verdict(rnd.errors, rnd.cost, rnd.luck))
        return t

    def action_review(self) -> None:
        """Open the review of the round over this screen (Escape comes back here); the
        verdict's reviews go with it, and what it computes comes back for the verdict."""
        from .review import ReviewScreen, session_record  # loads the evaluator: when asked

        if self.meta is None:
            return
        record = session_record(self.session, self.meta)
        if record is None:
            return
        self.workers.cancel_group(self, VERDICT)
        screen = ReviewScreen(
            record,
            None,
            gin_app_of(self).store,
            ascii=self.ascii,
            rounds=(self.round_index,),
            reviews=self.verdicts,
        )

        def back(_: object = None) -> None:
            self.verdicts.update(screen.reviews)
            self._show_verdict()
            if len(self.verdicts) < len(record.reviewed_seats) and self.verdict_failed is None:
                self._review_round()

        self.app.push_screen(screen, back)

    @staticmethod
    def _hand_label(head: str, name: str, *notes: str) -> Text:
        """ "Ann knocked · deadwood 5": ``head`` (with ``{name}`` in bold), then the notes."""
        before, _sep, after = head.partition("{name}")
        text = Text(before)
        if _sep:
            text.append(name, style="bold")
        text.append(after)
        for note in notes:
            text.append(" · " + note)
        return text

    def _title(self) -> Text:
        r = self.result
        t = Text(_("Round {number}:").format(number=self.session.round.number) + " ", style="bold")
        style = "bold reverse yellow" if r.kind in (ResultKind.GIN, ResultKind.BIG_GIN) else "bold"
        t.append(f" {result_title(r.kind)} ", style=style)
        if r.is_draw:
            t.append("  " + _("nobody scores"), style="dim")
        elif r.winner is not None:
            t.append(f"  {self.session.names[r.winner]} +{r.points}", style="bold green")
        return t

    def _explanation(self) -> Text:
        return Text(shown(self.session.explain(self.result), self.ascii))

    def _totals(self) -> Text:
        s = self.session
        g = s.game
        t = Text(_("Totals:") + " ", style="dim")
        for seat in (0, 1):
            if seat:
                t.append(" · ")
            t.append(f"{s.names[seat]} ", style="bold")
            t.append(str(g.scores[seat]), style="bold cyan")
        t.append("  " + _("(to {target})").format(target=s.rules.target), style="dim")
        if s.game_over and g.winner is not None:
            won = game_won_sentence(g.winner, s.names, s.you)
            t.append("   " + won, style="bold green")
        return t

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.reviewable
        return True

    @on(Button.Pressed, "#continue")
    def action_continue(self) -> None:
        self.workers.cancel_group(self, VERDICT)
        self.dismiss(None)
