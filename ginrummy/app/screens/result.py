"""The round result: both hands as the showdown arranged them, and the score in words."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from ...core import ResultKind, RoundResult, best_melding
from ...text.cards import shown
from ...text.i18n import N_, _, ngettext, pgettext
from ...text.names import name_in
from ...text.results import game_won_sentence, showdown_heading
from ..model.session import Session
from ..widgets.footer import LocalFooter
from ..widgets.hand import CardsView
from ..widgets.header import GameHeader
from ..widgets.prose import Prose
from ..widgets.showdown import melding_groups, showdown_hands
from ..widgets.toosmall import TooSmall
from .base import GinScreen, recompose_in_language


def result_title(kind: ResultKind) -> str:
    """The round result's title in the current language: how the round ended."""
    # TRANSLATORS: the round result's title: how the round ended (a noun: "Knock" is the
    # knock that ended the round, not the command).
    titles = {
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
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit_game", N_("Quit")),
    ]

    def __init__(self, session: Session, result: RoundResult, *, ascii: bool = False) -> None:
        super().__init__()
        self.session = session
        self.result = result
        self.ascii = ascii

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
            with Horizontal(id="result-buttons"):
                # TRANSLATORS: a button; keep "(Enter)".
                label = _("See the final score (Enter)") if s.game_over else _("Next round (Enter)")
                yield Button(label, id="continue", variant="primary", compact=True)
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.retitle()

    def retitle(self) -> None:
        self.sub_title = _("Round {number} result").format(number=self.session.round.number)

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

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

    @on(Button.Pressed, "#continue")
    def action_continue(self) -> None:
        self.dismiss(None)
