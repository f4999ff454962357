"""Replay a finished game from the history, move by move, with every hand face up."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ...store import HistoryRecord
from ...text.cards import shown
from ...text.i18n import N_, _, ngettext
from ...text.moves import capitalise
from ...text.results import round_won_sentence
from ..model.steps import Step, build_steps, explain, shown_names, you_of
from ..widgets.footer import LocalFooter
from ..widgets.hand import ReplayHand
from ..widgets.header import GameHeader
from ..widgets.piles import ReplayPiles
from ..widgets.showdown import showdown_hands
from ..widgets.toosmall import TooSmall
from .base import GinScreen, retranslate_footers


class ReplayScreen(GinScreen[None]):
    """Step through a finished game: ←/→ a move, PageUp/PageDown a round, Home/End."""

    CSS_PATH = ["cards.tcss", "replay.tcss"]  # noqa: RUF012 (declared so in Screen)
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer keys of the replay: one move, one round, the first and the
        # last move; short words.
        Binding("left", "step(-1)", N_("Move"), key_display="←→"),
        Binding("right", "step(1)", N_("Move"), show=False),
        Binding("pageup", "round(-1)", N_("Round"), key_display="PgUp/Dn"),
        Binding("pagedown", "round(1)", N_("Round"), show=False),
        Binding("home", "jump('first')", N_("First"), key_display="Home"),
        Binding("end", "jump('last')", N_("Last"), key_display="End"),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("escape", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, record: HistoryRecord, number: int, *, ascii: bool = False) -> None:
        super().__init__()
        self.record = record
        self.number = number
        self.ascii = ascii
        self.steps: list[Step] = build_steps(record, ascii)
        #: The step shown (index into `steps`).
        self.index = 0

    def compose(self) -> ComposeResult:
        yield GameHeader()
        with Vertical(id="replay"):
            yield Static(id="replay-top-name", classes="replay-name")
            yield ReplayHand(ascii=self.ascii, id="replay-top")
            with Horizontal(id="replay-middle"):
                yield ReplayPiles(ascii=self.ascii, id="replay-piles")
                yield Static(id="replay-text")
            yield Static(id="replay-bottom-name", classes="replay-name")
            yield ReplayHand(ascii=self.ascii, id="replay-bottom")
        yield LocalFooter()
        yield TooSmall()

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as shown, in the current language."""
        return shown_names(self.record)

    def on_mount(self) -> None:
        self.retitle()
        self.show_step()

    def retitle(self) -> None:
        """The title bar says which game this is; where in it, the sub-title (the two
        together fit 80 columns, "Gin Rummy" in front of them did not)."""
        # TRANSLATORS: the title bar of the replay (the sub-title says where in the game).
        self.title = _("Replay of game {number}").format(number=self.number)

    async def refresh_language(self) -> None:
        """The moves in words again, in the current language (at the same step)."""
        self.retitle()
        self.steps = build_steps(self.record, self.ascii)
        self.show_step()
        # The piles' names ("Stock 31"): the same stock and pile change no reactive.
        self.query_one("#replay-piles", ReplayPiles).refresh()
        await retranslate_footers(self)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    # --- moving -------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show step ``index`` (kept within the game)."""
        self.index = max(0, min(len(self.steps) - 1, index))
        self.show_step()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def _round_starts(self) -> list[int]:
        return [i for i, s in enumerate(self.steps) if s.move == 0]

    def action_round(self, delta: int) -> None:
        """The start of the previous or next round (back: this round's start first)."""
        starts = self._round_starts()
        if delta > 0:
            later = [i for i in starts if i > self.index]
            self.go(later[0] if later else len(self.steps) - 1)
        else:
            earlier = [i for i in starts if i < self.index]
            self.go(earlier[-1] if earlier else 0)

    def action_jump(self, where: str) -> None:
        self.go(0 if where == "first" else len(self.steps) - 1)

    def action_close(self) -> None:
        self.dismiss(None)

    # --- drawing ------------------------------------------------------------------------
    def _name_line(self, seat: int, step: Step, to_play_style: Style) -> Text:
        t = Text()
        t.append(self.names[seat], style="bold")
        score = step.scores[seat]
        t.append(
            "  " + ngettext("{n} point", "{n} points", score).format(n=score), style="bold cyan"
        )
        count = len(step.hands[seat])
        notes = [ngettext("{n} card", "{n} cards", count).format(n=count)]
        if step.dealer == seat:
            notes.append(_("dealer"))
        sd = step.result.showdown if step.result is not None else None
        if sd is not None and step.result is not None:
            knocker = seat == step.result.knocker
            points = sd.knocker_deadwood if knocker else sd.defender_deadwood
            notes.append(_("deadwood {points}").format(points=points))
            laid = len(sd.defence.laid_off)
            if not knocker and laid:
                notes.append(
                    ngettext("laid off {n} card", "laid off {n} cards", laid).format(n=laid)
                )
        t.append("  · " + " · ".join(notes), style="dim")
        if step.to_act == seat:
            # TRANSLATORS: the replay marks the player who moves next.
            to_play = _("to play")
            t.append(f"  ◀ {to_play}" if not self.ascii else f"  < {to_play}", style=to_play_style)
        return t

    def show_step(self) -> None:
        step = self.step
        top = self.query_one("#replay-top", ReplayHand)
        bottom = self.query_one("#replay-bottom", ReplayHand)
        to_play = top.palette.to_play
        self.query_one("#replay-top-name", Static).update(self._name_line(1, step, to_play))
        self.query_one("#replay-bottom-name", Static).update(self._name_line(0, step, to_play))
        # At a round's end, the showdown as arranged: lay-offs on the knocker's melds.
        showdown = showdown_hands(step.result) if step.result is not None else {}
        for seat, hand in ((1, top), (0, bottom)):
            groups, marks = showdown.get(seat, (None, None))
            hand.show(
                step.hands[seat],
                step.moved if step.actor == seat else None,
                groups=groups,
                marks=marks,
            )
        self.query_one("#replay-piles", ReplayPiles).show(step.stock, step.discard_pile)
        self.query_one("#replay-text", Static).update(self._text(step))
        # TRANSLATORS: the replay's sub-title, after "Replay of game 3 — " in the title
        # bar; with "Game 2 · " before it, it must fit 64 columns: keep it short.
        where = _("Round {round} · move {move} of {moves}").format(
            round=step.round, move=step.move, moves=step.moves
        )
        if self._games() > 1:
            # TRANSLATORS: before the round in the replay's sub-title of a match.
            where = _("Game {game} · {where}").format(game=step.game, where=where)
        self.sub_title = where

    def _games(self) -> int:
        return self.steps[-1].game

    def _text(self, step: Step) -> Text:
        t = Text()
        t.append(shown(step.text, self.ascii), style="bold")
        if step.result is not None:
            t.append("\n")
            t.append(shown(explain(step.result, self.record), self.ascii))
            a, b = self.names
            t.append(
                "\n"
                + _("Totals: {first} {score1} · {second} {score2} (to {target})").format(
                    first=a,
                    score1=step.scores[0],
                    second=b,
                    score2=step.scores[1],
                    target=self.record.game.rules.target,
                ),
                style="dim",
            )
        else:
            t.append("\n" + _("Knock limit {limit}.").format(limit=step.knock_limit), style="dim")
        if self.index == len(self.steps) - 1:
            closing = self._final_line(step)
            if closing:
                t.append("\n" + closing, style="bold green")
        if step.game in self.record.meta.undo:
            # A game in which a move was taken back says so (as in the list of games), here
            # rather than in the title bar, which it pushed past 80 columns.
            t.append("\n" + capitalise(_("with undo")), style="dim italic")
        return t

    def _final_line(self, step: Step) -> str:
        """The game's last line: who won, and how if not by points (an online match
        stopped by a forfeit, often in the middle of a round)."""
        record = self.record
        winner = record.winner
        if winner is None:
            return ""
        if record.forfeit is not None:
            # TRANSLATORS: the last step of a replayed online match that a player lost by
            # being away longer than the host allowed; {winner} and {loser} are names.
            return _("{winner} won by forfeit: {loser} was away too long.").format(
                winner=self.names[winner], loser=self.names[record.forfeit]
            )
        if step.result is None:
            return ""
        return round_won_sentence(winner, self.names, you_of(record))
