"""The end of a game: the winner, the totals with bonuses, the score sheet and a chart.

When the game can be reviewed and there is a store, its review is computed in a thread
worker as soon as the screen opens and kept in the database (`Store.cache_review`), so
that `r` (the review) and the statistics' accuracy and luck find it; `r` stops that
worker (the review screen computes with its progress bar instead) and it goes on with
what is left when the player comes back. Leaving the screen stops it before its next
evaluation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Label, Static
from textual.worker import get_current_worker

from ...core import Game, ResultKind
from ...store import GameMeta
from ...text.i18n import N_, _, ngettext
from ...text.results import game_won_sentence, match_won_sentence, shutout_sentence
from ..model.session import Session
from ..widgets.chart import ScoreChart
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of, recompose_in_language

KIND_WORDS = {
    # TRANSLATORS: how a round ended, in the game over screen's round-by-round table
    # (the winner's column shows the points); at most 11 letters.
    ResultKind.KNOCK: N_("knock"),
    ResultKind.UNDERCUT: N_("undercut"),
    ResultKind.GIN: N_("gin"),
    ResultKind.BIG_GIN: N_("big gin"),
    ResultKind.DRAW: N_("dead"),
}

#: The worker group of the review computed in the background.
BACKGROUND = "background-review"


def clip(name: str, width: int) -> str:
    """``name`` in at most ``width`` columns, cut with "…" (never silently: "Player 2"
    cut to "Player " looked like a name)."""
    return name if len(name) <= width else name[: width - 1] + "…"


class GameOverScreen(GinScreen[str]):
    """Dismisses with ``again``, ``next`` (next game of a match), ``menu`` or ``quit``."""

    # Enter does what the footer says, and never starts a new game: in a match it goes on
    # to the next game (the one the match needs); after a game, to the main menu, where
    # playing again is one key away (`a` plays again from here).
    CSS_PATH = ["cards.tcss", "gameover.tcss"]  # noqa: RUF012 (declared so in Screen)
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer key at the end of a game in a match (short).
        Binding("enter", "next_game", N_("Next game")),
        Binding("enter", "to_menu", N_("Menu")),
        Binding("a", "choose('again')", N_("Play again")),
        Binding("m", "choose('menu')", N_("Menu"), show=False),
        # TRANSLATORS: footer key at the end of a game: open the game's review.
        Binding("r", "review", N_("Review")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(
        self,
        session: Session,
        meta: GameMeta | None = None,
        *,
        ascii: bool = False,
    ) -> None:
        """``meta``: the game's details, which its review needs (who sat where, its id for
        the review cache); without them the Review key is not offered."""
        super().__init__()
        self.session = session
        self.ascii = ascii
        self.meta = meta

    @property
    def reviewable(self) -> bool:
        """Whether the game can be reviewed: its details are known and this side holds its
        cards (an online table sees only its own, so it offers no review)."""
        return self.meta is not None and isinstance(self.session.game, Game)

    @property
    def match_continues(self) -> bool:
        m = self.session.match
        return m is not None and not m.is_over

    def compose(self) -> ComposeResult:
        s = self.session
        g = s.game
        yield GameHeader()
        with Vertical(id="gameover"):
            yield Label(self._headline(), id="gameover-title")
            with Horizontal(id="gameover-body"):
                with Vertical(id="gameover-left"):
                    yield Static(self._totals_table(), id="totals")
                    yield Label(Text(_("Totals after each round"), style="italic"))
                    yield ScoreChart(
                        g.score_history, s.names, s.rules.target, ascii=self.ascii, id="chart"
                    )
                with VerticalScroll(id="gameover-rounds"):
                    yield Static(self._rounds_table(), id="rounds")
            with Horizontal(id="gameover-buttons"):
                if self.match_continues:
                    # TRANSLATORS: buttons at the end of a game, side by side on one line of 80
                    # columns; keep the keys in brackets.
                    yield Button(_("Next game (Enter)"), id="next", variant="primary", compact=True)
                    yield Button(_("Main menu (m)"), id="menu", compact=True)
                else:
                    yield Button(_("Play again (a)"), id="again", compact=True)
                    yield Button(_("Main menu (Enter)"), id="menu", variant="primary", compact=True)
                if self.reviewable:
                    yield Button(_("Review (r)"), id="review", compact=True)
                yield Button(_("Quit (q)"), id="quit", compact=True)
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.retitle()
        self._review_in_background()

    def retitle(self) -> None:
        self.sub_title = _("Game over")

    def _review_in_background(self) -> None:
        if self.reviewable and gin_app_of(self).store is not None:
            self._keep_review()

    @work(thread=True, exclusive=True, group=BACKGROUND)
    def _keep_review(self) -> int:
        """Review the game for its reviewed seats and keep what the database does not hold
        yet; the number of seats reviewed now."""
        from ...players.review import review
        from ...store.reviews import review_key
        from . import review as screen  # its `make_evaluator`: the review's budget
        from .review import session_record

        worker = get_current_worker()
        meta = self.meta
        assert meta is not None
        record = session_record(self.session, meta)
        store = gin_app_of(self).store
        if record is None or store is None:
            return 0
        key = review_key(meta.id, self.session.game_number)
        evaluator = screen.make_evaluator()
        done = 0
        for seat in record.reviewed_seats:
            if worker.is_cancelled:
                break
            if store.cached_review(key, seat, evaluator.version) is not None:
                continue
            result = review(record, seat, evaluator, stop=lambda: worker.is_cancelled)
            if not worker.is_cancelled:
                store.cache_review(key, evaluator.version, result)
                done += 1
        return done

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def _headline(self) -> Text:
        s = self.session
        g = s.game
        winner = g.winner
        t = Text()
        if winner is not None:
            line = game_won_sentence(winner, s.names, s.you)
            t.append(f" {line} ", style="bold reverse green")
            totals = g.totals()
            margin = totals[winner].total - totals[1 - winner].total
            # TRANSLATORS: after "You win the game!": the winning margin, final totals
            # (with bonuses) apart.
            t.append("  " + ngettext("By {n} point.", "By {n} points.", margin).format(n=margin))
            if g.scores[1 - winner] == 0:
                t.append("  " + shutout_sentence(1 - winner, s.names, s.you), style="bold")
        m = s.match
        if m is not None:
            won = m.games_won
            t.append(
                ("\n" if t else "")
                + _("Match (best of {games}): {first} {won} - {lost} {second}").format(
                    games=s.rules.games,
                    first=s.names[0],
                    won=won[0],
                    lost=won[1],
                    second=s.names[1],
                ),
                style="bold",
            )
            if m.is_over and m.winner is not None:
                line = match_won_sentence(m.winner, s.names, s.you)
                t.append("   " + line, style="bold")
        return t

    def _totals_table(self) -> Table:
        s = self.session
        totals = s.game.totals()
        table = Table(
            title=_("Final score"), expand=False, pad_edge=False, box=None, padding=(0, 1)
        )
        table.add_column("")
        for seat in (0, 1):
            table.add_column(s.names[seat], justify="right")
        # TRANSLATORS: rows of the final score table (a column 36 wide holds the row name
        # and both players' numbers): keep them to about 12 letters.
        table.add_row(_("points"), *(str(t.points) for t in totals))
        rules = s.rules
        if rules.game_bonus:
            table.add_row(_("game bonus"), *(str(t.game_bonus) for t in totals))
        if rules.box_bonus:
            table.add_row(_("box bonus"), *(str(t.box_bonus) for t in totals))
        if rules.shutout_multiplier > 1:
            table.add_row(_("shutout"), *(f"x{t.shutout_multiplier}" for t in totals))
        table.add_row(
            Text(_("total"), style="bold"),
            *(Text(str(t.total), style="bold cyan") for t in totals),
        )
        return table

    def _rounds_table(self) -> Table:
        """Each round: how it ended, and each player's total after it, the round's
        points beside the winner's ("54 +27"): no name in the result column, which
        a long name or a long word ("Computer: undercut") cut at 80 columns."""
        s = self.session
        g = s.game
        table = Table(title=_("Round by round"), box=None, padding=(0, 1), pad_edge=False)
        table.add_column("#", justify="right")
        # TRANSLATORS: column header of the round-by-round table: how the round ended.
        table.add_column(_("result"), no_wrap=True)
        table.add_column(clip(s.names[0], 10), justify="right", no_wrap=True)
        table.add_column(clip(s.names[1], 10), justify="right", no_wrap=True)
        for i, (result, totals) in enumerate(zip(g.results, g.score_history, strict=True), 1):
            kind = ResultKind.DRAW if result.winner is None else result.kind
            cells = [str(total) for total in totals]
            if result.winner is not None:
                cells[result.winner] = f"+{result.points} {totals[result.winner]}"
            table.add_row(str(i), _(KIND_WORDS[kind]), *cells)
        return table

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is "Next game" while a match goes on, "Menu" after it; `a` (play again)
        only after it (in a match, the next game is the one to play)."""
        if action == "review":
            return self.reviewable
        if action == "next_game":
            return self.match_continues
        if action == "to_menu" or (action == "choose" and parameters == ("again",)):
            return not self.match_continues
        return True

    def dismiss(self, result: str | None = None) -> Any:
        self.workers.cancel_group(self, BACKGROUND)
        return super().dismiss(result)

    def action_next_game(self) -> None:
        self.dismiss("next")

    def action_to_menu(self) -> None:
        self.dismiss("menu")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_review(self) -> None:
        """Open the game's review over this screen (Escape comes back here)."""
        from ...store.reviews import review_key
        from .review import ReviewScreen, session_record  # loads the evaluator: when asked

        meta = self.meta
        record = None if meta is None else session_record(self.session, meta)
        if meta is None or record is None:
            return
        key = review_key(meta.id, self.session.game_number)
        self.workers.cancel_group(self, BACKGROUND)
        screen = ReviewScreen(record, key, gin_app_of(self).store, ascii=self.ascii)
        self.app.push_screen(screen, lambda _=None: self._review_in_background())

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
        elif event.button.id:
            self.dismiss(event.button.id)
