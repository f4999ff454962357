"""Statistics: the history of finished games summed up per opponent (as ``ginrummy stats``).

Under the figures of the games, the form per opponent from the games' kept reviews
(`ginrummy.store.stats.review_form`: accuracy, luck and cost over the latest reviewed
games, the accuracy's trend in words) and how many games they cover; a game is reviewed
when its game-over screen opens (in the background), or with ``r`` on it in the list.
``r`` on a match asks which of its games to review. ``R`` reviews every game the figures
can use that has no review yet (a game left before its review was done, say), in a worker
with a progress bar; Escape leaves and stops it, keeping the games done.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from ...core import Game, Match
from ...core.record import Record
from ...store import HistoryRecord, Store
from ...store.stats import FORM_GAMES, Form, Stats, format_table, review_form, unreviewed
from ...text.history import record_line
from ...text.i18n import N_, _, ngettext
from ...text.names import display_name
from ...text.review import game_line
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinModalScreen, GinScreen, gin_app_of, recompose_in_language
from .replay import ReplayScreen

#: How many of the latest games the list offers (``ginrummy replay --list`` shows them all).
LIST_GAMES = 200


class StatsScreen(GinScreen[None]):
    """Games, rounds, gins, undercuts and streaks per opponent, and the finished games:
    Enter on one replays it; Escape goes back."""

    CSS_PATH = "stats.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
        Binding("tab", "app.focus_next", N_("Switch"), show=False),
        # TRANSLATORS: footer key of the statistics: review the game chosen in the list.
        Binding("r", "review", N_("Review")),
        # TRANSLATORS: footer key of the statistics: review every game not reviewed yet.
        Binding("R", "review_missing", N_("Review all")),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        #: Whether some games the figures can use have no review yet (`R` is offered).
        self.missing = False

    def compose(self) -> ComposeResult:
        count = self.store.history_count()
        table = self.store.stats()
        form = self._form() if table else None
        # The latest games only: the list is a page of the history's index.
        shown = self.store.history_page(max(1, count - LIST_GAMES + 1), LIST_GAMES)
        self.missing = bool(table) and unreviewed(table, form or {})
        yield GameHeader()
        with VerticalScroll(id="stats"):
            yield Static(Text(format_table(table, form)), id="stats-table")
            if table:
                yield Static(
                    Text(self._coverage(table, form or {}, self.missing), style="dim"),
                    id="stats-form",
                )
                with Vertical(id="stats-progress"):
                    yield Label(id="stats-progress-label")
                    yield ProgressBar(id="stats-bar", show_eta=False)
            if count:
                yield Static(
                    Text(
                        ngettext(
                            "{n} finished game in {folder}",
                            "{n} finished games in {folder}",
                            count,
                        ).format(n=count, folder=self.store.root),
                        style="dim",
                    )
                )
        if shown:
            games = OptionList(
                *(
                    Option(numbered(entry.number, record_line(entry)), id=str(entry.number))
                    for entry in reversed(shown)
                ),
                id="games",
            )
            # TRANSLATORS: the title of the list of finished games (~76 wide); keep "Enter".
            games.border_title = _("Finished games, latest first: Enter replays, r reviews")
            yield games
        yield LocalFooter()
        yield TooSmall()

    def retitle(self) -> None:
        self.sub_title = _("Statistics")

    def _form(self) -> dict[str, Form]:
        """The form per opponent from the reviews kept by the app's evaluator."""
        from . import review  # its `make_evaluator`: the reviews' budget

        version = review.make_evaluator().version
        return review_form(self.store.reviewed_games(version, 2 * FORM_GAMES))

    @staticmethod
    def _coverage(table: dict[str, Stats], form: dict[str, Form], missing: bool) -> str:
        """How many games the accuracy and luck cover, and how the others get reviewed."""
        reviewed = sum(f.reviewed for f in form.values())
        games = sum(st.games for st in table.values())
        # TRANSLATORS: under the statistics: how many of the finished games have a
        # review (what the accuracy, luck and cost rows are from).
        line = _("Reviews cover {reviewed} of {games} games.").format(
            reviewed=min(reviewed, games), games=games
        )
        # TRANSLATORS: how a game gets its review (after "Reviews cover 3 of 9 games.").
        line += " " + _("A game is reviewed as its game-over screen opens, or with r below.")
        if missing:
            # TRANSLATORS: after "A game is reviewed as ..." when some have no review yet;
            # R is the key (shift+r).
            line += " " + _("R reviews the rest now.")
        return line

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def on_mount(self) -> None:
        self.retitle()
        games = self.query("#games")
        (games.first() if games else self.query_one("#stats")).focus()
        gin_app_of(self).report_problems()

    @on(OptionList.OptionSelected, "#games")
    def _replay(self, event: OptionList.OptionSelected) -> None:
        """Replay the game chosen over this screen (Escape comes back here)."""
        number = int(event.option.id or "0")
        record = self.store.history_record(number)
        if record is not None:
            ascii = gin_app_of(self).ascii
            self.app.push_screen(ReplayScreen(record, number, ascii=ascii))
        else:
            gin_app_of(self).report_problems()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        reviewing = self.reviewing
        if action == "review":
            return bool(self.query("#games")) and not reviewing
        if action == "review_missing":
            return self.missing and not reviewing
        return True

    @property
    def reviewing(self) -> bool:
        """Whether `R`'s reviews are being computed."""
        return any(w.group == "review-missing" and w.is_running for w in self.workers)

    def action_review_missing(self) -> None:
        """Review the games the figures can use that have no review yet, newest first."""
        if self.reviewing:
            return
        self.query_one("#stats-progress").display = True
        # TRANSLATORS: over the progress bar while the missing reviews are computed.
        self.query_one("#stats-progress-label", Label).update(_("Reviewing the games…"))
        self._review_missing()
        self.refresh_bindings()

    @work(thread=True, exclusive=True, group="review-missing")
    def _review_missing(self) -> int:
        from ...store.reviews import review_missing
        from . import review  # its `make_evaluator`: the reviews' budget

        worker = get_current_worker()

        def told(n: int, total: int) -> None:
            self.app.call_from_thread(self._advance, n, total)

        def stop() -> bool:
            return worker.is_cancelled

        evaluator = review.make_evaluator()
        return review_missing(self.store, evaluator, 2 * FORM_GAMES, told, stop)

    def _advance(self, n: int, total: int) -> None:
        """Game ``n`` of ``total`` is being reviewed."""
        self.query_one("#stats-progress-label", Label).update(
            _("Reviewing game {n} of {total}…").format(n=n, total=total)
        )
        self.query_one("#stats-bar", ProgressBar).update(total=total, progress=n - 1)

    @on(Worker.StateChanged)
    async def _reviewed_missing(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "review-missing" or not self.is_attached:
            return  # not R's, or the screen was left (which stopped it)
        if event.state is WorkerState.SUCCESS:
            await self._reviewed()
        elif event.state is WorkerState.ERROR:
            self.query_one("#stats-progress").display = False
            self.refresh_bindings()
            self.notify(
                _("The review failed: {why}").format(why=event.worker.error), severity="error"
            )

    def action_review(self) -> None:
        """Review the game chosen in the list; of a match, the game chosen among its games."""
        games = self.query_one("#games", OptionList)
        option = games.highlighted_option
        if option is None:
            return
        number = int(option.id or "0")
        record = self.store.history_record(number)
        if record is None:
            gin_app_of(self).report_problems()
            return
        obj = record.game
        if isinstance(obj, Match) and len(obj.games) > 1:
            self.app.push_screen(
                GameChoiceScreen(record),
                lambda chosen: self._review(record, chosen) if chosen else None,
            )
            return
        self._review(record, 1)

    def _review(self, record: HistoryRecord, number: int) -> None:
        """Open the review of game ``number`` (1 = the first) of a history record."""
        from ...store.reviews import review_key, seats_of
        from .review import ReviewScreen  # loads the evaluator: only when asked

        obj = record.game
        game = obj.games[number - 1] if isinstance(obj, Match) else obj
        key = review_key(record.meta.id, number)
        ascii = gin_app_of(self).ascii
        reviewed = Record(game, seats_of(record.meta))
        self.app.push_screen(ReviewScreen(reviewed, key, self.store, ascii=ascii), self._reviewed)

    async def _reviewed(self, _: object = None) -> None:
        """Back from a review: the figures may have one game more (the list keeps its
        place)."""
        highlighted = self.query_one("#games", OptionList).highlighted
        await self.recompose()
        self.on_mount()
        self.query_one("#games", OptionList).highlighted = highlighted

    def action_close(self) -> None:
        self.workers.cancel_group(self, "review-missing")  # the games done are kept
        self.dismiss(None)


def numbered(number: int, line: str) -> Table:
    """A finished game's line after its number; a line too long for the list (long names,
    long words) wraps under its own text, not under the number."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(f"{number:>3}", line)
    return grid


class GameChoiceScreen(GinModalScreen[int | None]):
    """Which game of a match to review: dismisses with its number (1 = the first), or
    None (Escape)."""

    CSS_PATH = ["dialogs.tcss", "stats.tcss"]  # noqa: RUF012 (declared so in Screen)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back")),
    ]

    def __init__(self, record: HistoryRecord) -> None:
        super().__init__()
        self.record = record

    def compose(self) -> ComposeResult:
        obj = self.record.game
        assert isinstance(obj, Match)
        names = (
            str(display_name(self.record.meta.names[0])),
            str(display_name(self.record.meta.names[1])),
        )
        with Vertical(id="game-choice", classes="dialog"):
            # TRANSLATORS: the title of the question which game of a match to review.
            yield Label(_("Review which game of the match?"), classes="dialog-title")
            yield OptionList(
                *(
                    Option(game_line(n, names, _scores(g), g.winner), id=str(n))
                    for n, g in enumerate(obj.games, 1)
                ),
                id="game-choice-list",
            )
        yield LocalFooter()

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def on_mount(self) -> None:
        self.query_one("#game-choice-list").focus()

    @on(OptionList.OptionSelected, "#game-choice-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or "1"))

    def action_cancel(self) -> None:
        self.dismiss(None)


def _scores(game: Game) -> tuple[int, int]:
    return (game.scores[0], game.scores[1])
