"""The end of a game: the winner, the totals with bonuses, the score sheet and a chart."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Label, Static

from ...core import ResultKind
from ..session import Session
from ..widgets.table import ScoreChart, TooSmall

KIND_WORDS = {
    ResultKind.KNOCK: "knock",
    ResultKind.UNDERCUT: "undercut",
    ResultKind.GIN: "gin",
    ResultKind.BIG_GIN: "big gin",
    ResultKind.DRAW: "dead",
}


class GameOverScreen(Screen[str]):
    """Dismisses with ``again``, ``next`` (next game of a match), ``menu`` or ``quit``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "primary", "Continue"),
        Binding("a", "choose('again')", "Play again"),
        Binding("m", "choose('menu')", "Menu"),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, session: Session, *, ascii: bool = False) -> None:
        super().__init__()
        self.session = session
        self.ascii = ascii

    @property
    def match_continues(self) -> bool:
        m = self.session.match
        return m is not None and not m.is_over

    def compose(self) -> ComposeResult:
        s = self.session
        g = s.game
        yield Header()
        with Vertical(id="gameover"):
            yield Label(self._headline(), id="gameover-title")
            with Horizontal(id="gameover-body"):
                with Vertical(id="gameover-left"):
                    yield Static(self._totals_table(), id="totals")
                    yield Label(Text("Totals after each round", style="italic"))
                    yield ScoreChart(
                        g.score_history, s.names, s.rules.target, ascii=self.ascii, id="chart"
                    )
                with VerticalScroll(id="gameover-rounds"):
                    yield Static(self._rounds_table(), id="rounds")
            with Horizontal(id="gameover-buttons"):
                if self.match_continues:
                    yield Button("Next game (Enter)", id="next", variant="primary", compact=True)
                else:
                    yield Button("Play again (a)", id="again", variant="primary", compact=True)
                yield Button("Main menu (m)", id="menu", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "Game over"

    def _headline(self) -> Text:
        s = self.session
        g = s.game
        winner = g.winner
        t = Text()
        if winner is not None:
            name = s.names[winner]
            verb = "win" if name == "You" else "wins"
            t.append(f" {name} {verb} the game! ", style="bold reverse green")
        m = s.match
        if m is not None:
            won = m.games_won
            t.append(
                f"   Match (best of {s.rules.games}):"
                f" {s.names[0]} {won[0]} - {won[1]} {s.names[1]}",
                style="bold",
            )
            if m.is_over and m.winner is not None:
                name = s.names[m.winner]
                t.append(f"   {name} {'win' if name == 'You' else 'wins'} the match!", style="bold")
        return t

    def _totals_table(self) -> Table:
        s = self.session
        totals = s.game.totals()
        table = Table(title="Final score", expand=False, pad_edge=False, box=None, padding=(0, 1))
        table.add_column("")
        for seat in (0, 1):
            table.add_column(s.names[seat], justify="right")
        table.add_row("points", *(str(t.points) for t in totals))
        rules = s.rules
        if rules.game_bonus:
            table.add_row("game bonus", *(str(t.game_bonus) for t in totals))
        if rules.box_bonus:
            table.add_row("box bonus", *(str(t.box_bonus) for t in totals))
        if rules.shutout_multiplier > 1:
            table.add_row("shutout", *(f"x{t.shutout_multiplier}" for t in totals))
        table.add_row(
            Text("total", style="bold"), *(Text(str(t.total), style="bold cyan") for t in totals)
        )
        return table

    def _rounds_table(self) -> Table:
        s = self.session
        g = s.game
        table = Table(title="Round by round", box=None, padding=(0, 1), pad_edge=False)
        table.add_column("#", justify="right")
        table.add_column("result", no_wrap=True)
        table.add_column("pts", justify="right")
        table.add_column(s.names[0][:10], justify="right")
        table.add_column(s.names[1][:10], justify="right")
        for i, (result, totals) in enumerate(zip(g.results, g.score_history, strict=True), 1):
            if result.winner is None:
                what, pts = "dead", "-"
            else:
                what = f"{s.names[result.winner][:8]}: {KIND_WORDS[result.kind]}"
                pts = f"+{result.points}"
            table.add_row(str(i), what, pts, str(totals[0]), str(totals[1]))
        return table

    def action_primary(self) -> None:
        self.dismiss("next" if self.match_continues else "again")

    def action_choose(self, choice: str) -> None:
        if choice == "again" and self.match_continues:
            choice = "next"
        self.dismiss(choice)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id:
            self.dismiss(event.button.id)
