"""The round result: both hands as the showdown arranged them, and the score in words."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Label, Static

from ...core import Card, Melding, ResultKind, RoundResult, best_melding
from ..session import Session, with_verb
from ..widgets.cardart import Group, shown
from ..widgets.hand import CardsView
from ..widgets.table import TooSmall

TITLES = {
    ResultKind.KNOCK: "Knock",
    ResultKind.UNDERCUT: "Undercut!",
    ResultKind.GIN: "Gin!",
    ResultKind.BIG_GIN: "Big Gin!",
    ResultKind.DRAW: "Dead round",
}

MELD = "bold #3fa34d"
DEAD = "bold #d9822b"


def melding_groups(melding: Melding, layoffs: tuple[tuple[Card, ...], ...] = ()) -> list[Group]:
    """Groups for a showdown hand; cards laid off on a meld are added to it, tinted."""
    groups: list[Group] = []
    for i, meld in enumerate(melding.melds):
        extra = layoffs[i] if i < len(layoffs) else ()
        cards = list(meld.cards) + list(extra)
        if meld.is_run:
            cards.sort(key=lambda c: c.rank)
        else:
            cards.sort(key=lambda c: c.suit)
        label = ("set" if meld.is_set else "run") + (" +lay-off" if extra else "")
        groups.append(Group(label, cards, tinted=set(extra), label_style=MELD))
    if melding.deadwood:
        groups.append(
            Group(f"deadwood {melding.deadwood_points}", list(melding.deadwood), label_style=DEAD)
        )
    return groups


def showdown_hands(result: RoundResult) -> dict[int, tuple[list[Group], dict[Card, str]]]:
    """Each seat's hand as the showdown arranged it: groups and card marks, by seat.

    The knocker's melds carry the defender's lay-offs (tinted, marked "laid"); the
    defender shows what is left. Empty for a dead round (no showdown).
    """
    sd = result.showdown
    if sd is None or result.knocker is None:
        return {}
    k = result.knocker
    marks: dict[Card, str] = dict.fromkeys(sd.defence.laid_off, "laid")
    return {
        k: (melding_groups(sd.knocker, sd.defence.layoffs), marks),
        1 - k: (melding_groups(sd.defence.melding), {}),
    }


class RoundResultScreen(Screen[None]):
    """Shows how the round ended; Enter goes on to the next round (or the game's end)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so the footer names it over the focused button's own (hidden) Enter.
        Binding("enter", "continue", "Continue", priority=True),
        Binding("space", "continue", "Continue", show=False),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit_game", "Quit"),
    ]

    def __init__(self, session: Session, result: RoundResult, *, ascii: bool = False) -> None:
        super().__init__()
        self.session = session
        self.result = result
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        s, r = self.session, self.result
        names = s.names
        yield Header()
        with Vertical(id="result"):
            yield Label(self._title(), id="result-title")
            if r.showdown is not None and r.knocker is not None:
                sd = r.showdown
                k, d = r.knocker, 1 - r.knocker
                verb = {
                    ResultKind.GIN: "went gin",
                    ResultKind.BIG_GIN: "went big gin",
                }.get(r.kind, "knocked")
                yield Label(
                    Text.assemble((names[k], "bold"), f" {verb} · deadwood {sd.knocker_deadwood}"),
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
                extra = f" · laid off {laid} card{'s' * (laid != 1)}" if laid else ""
                yield Label(
                    Text.assemble((names[d], "bold"), f" · deadwood {sd.defender_deadwood}{extra}"),
                    classes="hand-label",
                )
                yield CardsView(hands[d][0], ascii=self.ascii, classes="showdown")
            else:
                for seat in (0, 1):
                    melding = best_melding(r.hands[seat])
                    yield Label(
                        Text.assemble(
                            (names[seat], "bold"), f" · deadwood {melding.deadwood_points}"
                        ),
                        classes="hand-label",
                    )
                    yield CardsView(melding_groups(melding), ascii=self.ascii, classes="showdown")
            yield Static(self._explanation(), id="result-text")
            yield Static(self._totals(), id="result-totals")
            with Horizontal(id="result-buttons"):
                label = "See the final score" if s.game_over else "Next round"
                yield Button(f"{label} (Enter)", id="continue", variant="primary", compact=True)
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = f"Round {self.session.round.number} result"

    def _title(self) -> Text:
        r = self.result
        t = Text(f"Round {self.session.round.number}: ", style="bold")
        style = "bold reverse yellow" if r.kind in (ResultKind.GIN, ResultKind.BIG_GIN) else "bold"
        t.append(f" {TITLES[r.kind]} ", style=style)
        if r.is_draw:
            t.append("  nobody scores", style="dim")
        elif r.winner is not None:
            t.append(f"  {self.session.names[r.winner]} +{r.points}", style="bold green")
        return t

    def _explanation(self) -> Text:
        return Text(shown(self.session.explain(self.result), self.ascii))

    def _totals(self) -> Text:
        s = self.session
        g = s.game
        t = Text("Totals: ", style="dim")
        for seat in (0, 1):
            if seat:
                t.append(" · ")
            t.append(f"{s.names[seat]} ", style="bold")
            t.append(str(g.scores[seat]), style="bold cyan")
        t.append(f"  (to {s.rules.target})", style="dim")
        if s.game_over and g.winner is not None:
            t.append(f"   {with_verb(s.names[g.winner], 'wins')} the game!", style="bold green")
        return t

    @on(Button.Pressed, "#continue")
    def action_continue(self) -> None:
        self.dismiss(None)
