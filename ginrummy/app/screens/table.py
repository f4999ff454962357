"""The table: where a round is played, drawn from its model (`TableModel`).

Keys and clicks become core actions applied through the model; whatever the core refuses
is shown with its reason and nothing changes. Computer turns are computed in a thread
worker that posts `ComputerMoved`; the action is applied here, on the UI thread.
Its length is the keys: their bindings and one small action each, kept together so the
footer, the help and the keys can be read side by side; the rules are in the model.
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.widgets import RichLog, Static
from textual.worker import get_current_worker

from ...core import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawStock,
    Game,
    Match,
    Pass,
    Phase,
    PlayerView,
    TakeDiscard,
)
from ...store import GameMeta, Store
from ...text.cards import shown
from ...text.i18n import N_, _, ngettext
from ...text.names import preset_label
from ..messages import CardClicked, ComputerMoved, HintReady, PileClicked
from ..model.movelog import LineKind, LogLine
from ..model.seats import TableConfig
from ..model.session import Session
from ..model.table import ComputerTurn, HandOver, HintRequest, ShowResult, TableModel
from ..widgets.footer import LocalFooter
from ..widgets.hand import SORT_MODES, HandView
from ..widgets.header import GameHeader
from ..widgets.panels import info_text, prompt_text, scores_text
from ..widgets.piles import OpponentView, PilesView
from ..widgets.toosmall import TooSmall
from .base import GinScreen, retranslate_footers
from .dialogs import DiscardPileScreen
from .gameover import GameOverScreen
from .going_out import go_out
from .hints import hint_for, show_hint
from .privacy import PrivacyScreen
from .result import RoundResultScreen

#: How each kind of log line is set apart (a move is plain text).
LOG_STYLES = {
    LineKind.OPENING: "bold",
    LineKind.NOTE: "italic",
    LineKind.RULE: "dim",
    LineKind.RESULT: "bold",
}

#: What the hand's sort key says after each sort.
SORTED_BY = {
    "melds": N_("Sorted by melds."),
    "rank": N_("Sorted by rank."),
    "suit": N_("Sorted by suit."),
}


class TableScreen(GinScreen[str]):
    """One game (or match) at the table; dismisses with ``again``, ``menu`` or ``quit``."""

    # The footer shows up to a dozen of these in 80 columns: one short word each.
    CSS_PATH = ["cards.tcss", "table.tcss"]  # noqa: RUF012 (declared so in Screen)
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer keys at the table (←→ select a card). The footer shows up
        # to 12 keys in 80 columns: keep each one short word (≤ 6 letters if you can).
        Binding("left", "select(-1)", N_("Select"), key_display="←→"),
        Binding("right", "select(1)", N_("Select"), show=False),
        Binding("home", "select_end(False)", N_("Select"), show=False),
        Binding("end", "select_end(True)", N_("Select"), show=False),
        # TRANSLATORS: footer key: draw from the stock (short).
        Binding("s", "draw_stock", N_("Stock")),
        # TRANSLATORS: footer key: take the top card of the discard pile (short).
        Binding("d", "take_discard", N_("Take")),
        # TRANSLATORS: footer key: pass on the first upcard (short).
        Binding("p", "pass_upcard", N_("Pass")),
        # TRANSLATORS: footer key: discard the selected card (short).
        Binding("enter", "discard", N_("Discard")),
        # TRANSLATORS: footer key (short).
        Binding("k", "knock", N_("Knock")),
        Binding("g", "gin", N_("Gin")),
        Binding("b", "big_gin", N_("Big gin")),
        Binding("shift+left,comma", "move(-1)", N_("Move"), show=False),
        Binding("shift+right,full_stop", "move(1)", N_("Move"), show=False),
        # TRANSLATORS: footer key: sort the hand (short).
        Binding("o", "sort", N_("Sort")),
        # TRANSLATORS: footer key: look at the whole discard pile (short).
        Binding("v", "view_pile", N_("Pile")),
        Binding("h", "hint", N_("Hint")),
        # TRANSLATORS: footer key: take your last move back (short).
        Binding("u", "undo", N_("Undo")),
        Binding("question_mark", "app.help", N_("Help")),
        Binding("q", "app.quit_game", N_("Quit")),
        Binding("f7", "app.settings", N_("Settings"), show=False),
        *(
            Binding(key, f"attempt('{name}')", show=False)
            for key, name in (
                ("s", "draw_stock"),
                ("d", "take_discard"),
                ("p", "pass_upcard"),
                ("enter", "discard"),
                ("k", "knock"),
                ("g", "gin"),
                ("b", "big_gin"),
                ("u", "undo"),
            )
        ),
    ]
    #: How to come back to this match, printed once the app has closed if it is left.
    goodbye = ""

    def __init__(
        self,
        config: TableConfig,
        *,
        ascii: bool = False,
        delay: float = 0.0,
        store: Store | None = None,
        meta: GameMeta | None = None,
        restored: Game | Match | None = None,
        model: TableModel | None = None,
    ) -> None:
        """``model``: the table's model if not a local game's (an online table's)."""
        super().__init__()
        self.ascii = ascii
        self.delay = delay
        self.model = model or TableModel(
            config, store=store, meta=meta, restored=restored, ascii=ascii
        )
        self.message: Text = Text()
        #: How many lines of the model's log are written in the log widget.
        self._written = 0
        #: Each seat's way of sorting its hand (kept while the other player has the keyboard).
        self._prefs: dict[int, tuple[str, tuple[Card, ...]]] = {}
        #: The last hint given (its words), for tests and the status line.
        self.hint = ""
        #: The last hint found (its advice as data), so a language switch words it again.
        self.last_hint: HintReady | None = None
        self._waiting_message = False
        #: Whether the status line shows a refusal (cleared when the selection moves).
        self._error_shown = False

    # --- what the app and the tests read ------------------------------------------------
    @property
    def session(self) -> Session:
        return self.model.session

    @property
    def viewer(self) -> int | None:
        return self.model.viewer

    @property
    def selected(self) -> Card | None:
        return self.model.selected

    @selected.setter
    def selected(self, card: Card | None) -> None:
        self.model.selected = card

    @property
    def acting_seat(self) -> int | None:
        return self.model.acting_seat

    @property
    def message_text(self) -> str:
        return self.message.plain

    # --- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The table's widgets, kept as attributes: a refresh sets their state (the cards'
        reactives, the lines' text) without looking them up."""
        a = self.ascii
        self.opponent_view = OpponentView(ascii=a, id="opponent")
        self.piles_view = PilesView(ascii=a, id="piles")
        self.scores_box, self.prompt_box = Static(id="scores"), Static(id="prompt")
        self.info_box, self.message_box = Static(id="info"), Static(id="message")
        self.hand = HandView(ascii=a, id="hand")
        self.log_view = RichLog(id="log", wrap=True, markup=False, max_lines=300, min_width=20)
        self.log_view.can_focus = False
        yield GameHeader()
        with Vertical(id="table"):
            yield self.opponent_view
            # A grid (see the stylesheet): the side panel beside the piles, or beside the
            # piles and the hand on a wide terminal.
            with Container(id="play"):
                yield self.piles_view
                with Vertical(id="side"):
                    yield self.scores_box
                    yield self.log_view
                with Vertical(id="bottom"):
                    yield self.prompt_box
                    yield self.info_box
                    yield self.hand
                    yield self.message_box
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.retitle()
        self.autosave()
        self._start_round(resumed=self.model.restored)

    def on_screen_resume(self) -> None:
        """Back from a screen over the table (Settings, F7): the computer's pace as set
        there applies at once, even to a turn being waited out."""
        pace = getattr(self.app, "computer_delay", None)
        if isinstance(pace, int | float):
            self.delay = float(pace)

    def retitle(self) -> None:
        # TRANSLATORS: the game's name in the title bar (usually kept as is).
        self.title = _("Gin Rummy")

    async def refresh_language(self) -> None:
        """Draw everything again in the current language; the game, the hand's order, the
        selection and the move log stay (the status line is cleared but for a hint)."""
        self.retitle()
        self.log_view.clear()
        self._written = 0
        self._write_log()
        self.show_message("")
        if self.last_hint is not None:  # shown again only if still for this moment
            show_hint(self, self.last_hint)
        self.refresh_table()
        for painted in (self.opponent_view, self.piles_view, self.hand):
            painted.refresh()  # their labels: their state, unchanged, repaints nothing
        await retranslate_footers(self)

    def on_resize(self) -> None:
        """After a resize the log is written again at its new width, the latest moves in
        sight."""
        self.call_after_refresh(self._rewrite_log)

    def _rewrite_log(self) -> None:
        log = self.log_view
        log.clear()
        self._written = 0
        self._write_log()
        log.scroll_end(animate=False, immediate=True)

    # --- saving ---------------------------------------------------------------------------
    def autosave(self) -> None:
        """Save the game after every change; a failure is said once, then play goes on."""
        error = self.model.autosave()
        if error is not None and self.model.store is not None:
            self.notify(
                _("The game cannot be saved in {folder}: {why}.").format(
                    folder=self.model.store.root, why=error.strerror or str(error)
                ),
                title=_("Not saved"),
                severity="error",
                timeout=10,
            )

    # --- the turn loop ------------------------------------------------------------------
    def _start_round(self, *, resumed: bool = False) -> None:
        """A round was just dealt (or restored): log its story, then hand over to whoever acts."""
        self.model.start_round(resumed=resumed)
        self._write_log()
        self.advance()

    def advance(self) -> None:
        """Draw what happens next: a result, the keyboard changing hands, or a turn."""
        step = self.model.advance()
        self.refresh_table()
        if isinstance(step, ShowResult):
            self.call_after_refresh(self._show_result)
        elif isinstance(step, HandOver):
            if step.previous is not None:
                self._prefs[step.previous] = (self.hand.mode, self.hand.manual)
            self.app.push_screen(
                PrivacyScreen(self.model.name_to_act, self.model.log.last), self._handed_over
            )
        elif isinstance(step, ComputerTurn):
            self.computer_turn(step.seat, step.view, step.token)

    def _handed_over(self, _: None = None) -> None:
        self.model.handed_over()
        seat = self.model.viewer
        if seat is not None:
            self.hand.mode, self.hand.manual = self._prefs.get(seat, ("melds", ()))
        self.refresh_table()

    @work(thread=True, exclusive=True, group="computer")
    def computer_turn(self, seat: int, view: PlayerView, token: int) -> None:
        """Choose the computer's action off the UI thread, wait a moment, and post it."""
        started = time.monotonic()
        action = self.session.bot_action(seat, view)
        worker = get_current_worker()
        # The pace: the move stays on screen a moment, in short naps so that leaving the
        # table (or quitting) cancels the wait at once.
        while not worker.is_cancelled and (left := self.delay - (time.monotonic() - started)) > 0:
            time.sleep(min(left, 0.05))
        if not worker.is_cancelled:
            self.post_message(ComputerMoved(seat, action, token))

    @on(ComputerMoved)
    def _computer_moved(self, message: ComputerMoved) -> None:
        if not self.model.is_current(message.token):
            return
        if self._waiting_message:
            self.show_message("")
        problem = self.model.apply_computer(message.seat, message.action)
        if problem is not None:
            self.show_message(problem, error=True)
            return
        self._after_action()

    def _after_action(self) -> None:
        """Save, write the turn just finished in the log and move the game on."""
        self.autosave()
        self._write_log()
        self.advance()

    def _show_result(self) -> None:
        result = self.session.round.result
        assert result is not None
        self.app.push_screen(
            RoundResultScreen(self.session, result, ascii=self.ascii, meta=self.model.meta),
            self._after_result,
        )

    def _after_result(self, _: object = None) -> None:
        if self.session.game_over:
            over = GameOverScreen(self.session, self.model.meta, ascii=self.ascii)
            self.app.push_screen(over, self._after_game_over)
            return
        self.model.next_round()
        self.autosave()
        self._start_round()

    def _after_game_over(self, choice: str | None) -> None:
        s = self.session
        if choice == "next" and s.match is not None and not s.match.is_over:
            self.model.next_round()
            self.autosave()
            self.log_view.clear()
            self.model.log.clear()
            self._written = 0
            self._start_round()
        else:
            self.dismiss(choice if choice in ("again", "menu") else "quit")

    # --- applying the player's actions --------------------------------------------------
    def play(self, action: Action) -> bool:
        """Apply the player's action; an illegal one is refused with the core's reason."""
        if self.session.round_over:
            return False
        refusal = self.model.play(action)
        if refusal is not None:
            self.show_message(refusal.reason, error=True)
            self._waiting_message = refusal.waiting
            self.app.bell()
            return False
        self.show_message("")
        self.app.clear_notifications()
        self._after_action()
        return True

    def action_attempt(self, name: str) -> None:
        """A game key pressed when it does not apply: let the core say why."""
        getattr(self, f"action_{name}")()

    def action_draw_stock(self) -> None:
        self.play(DrawStock())

    def action_take_discard(self) -> None:
        self.play(TakeDiscard())

    def action_pass_upcard(self) -> None:
        self.play(Pass())

    def action_discard(self) -> None:
        self.play(Discard(self.model.selected_card() or self.any_card()))

    def action_knock(self) -> None:
        go_out(self, "k")

    def action_gin(self) -> None:
        go_out(self, "g")

    def action_big_gin(self) -> None:
        self.play(BigGin())

    def action_undo(self) -> None:
        """Take back the player's last move (and the computer's reply): against the
        computer only; the game is marked as played with undo."""
        refusal = self.model.undo()
        if refusal is not None:
            self.show_message(refusal.reason, error=True)
            self.app.bell()
            return
        self.workers.cancel_group(self, "computer")
        self.workers.cancel_group(self, "hint")
        self.show_message(_("Move taken back."))
        self.app.clear_notifications()
        self.autosave()
        self._rewrite_log()
        self.advance()

    def any_card(self) -> Card:
        """The card a key acts on when none is selected: the first one shown."""
        view = self.model.view()
        if view is not None and view.hand:
            order = self.hand.order
            return order[0] if order else view.hand[0]
        return self.session.round.upcard

    def action_select(self, delta: int) -> None:
        self._select(self.hand.neighbour(delta))

    def action_select_end(self, last: bool) -> None:
        """Home/End: the first or the last card on screen."""
        self._select(self.hand.end(last))

    def _select(self, card: Card | None) -> None:
        """Select ``card``; a refusal on the status line goes (it was about the last try)."""
        if card is None:
            return
        if card is not self.selected and self._error_shown:
            self.show_message("")
        self.selected = card
        self.refresh_table()

    def action_move(self, delta: int) -> None:
        if self.hand.move_selected(delta):
            self.refresh_table()

    def action_sort(self) -> None:
        mode = self.hand.mode
        nxt = (
            SORT_MODES[(SORT_MODES.index(mode) + 1) % len(SORT_MODES)]
            if mode in SORT_MODES
            else "melds"
        )
        self.hand.set_mode(nxt)
        self.show_message(_(SORTED_BY[nxt]))
        self.refresh_table()

    def action_hint(self) -> None:
        """Ask the level being played against what it would do in the acting seat, and why.

        Only the acting player's view is consulted (hot-seat: never the other hand); nothing
        is played. The master may think for a while, so the answer comes from a worker; the
        table stays live, and an answer for a moment gone by is dropped.
        """
        try:
            request = self.model.hint_request()
        except ValueError:
            self.show_message(_("A hint is for the player whose turn it is."), error=True)
            return
        self.find_hint(request)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, request: HintRequest) -> None:
        """Compute the advice off the UI thread and post it (or the error a bot raised)."""
        self.post_message(hint_for(request))

    @on(HintReady)
    def _hint_ready(self, message: HintReady) -> None:
        self.last_hint = message
        show_hint(self, message)

    def action_view_pile(self) -> None:
        """The whole discard pile: who threw each card and when; with the memory aid on
        (Settings), the cards the player at the keyboard has not seen this round."""
        model = self.model
        self.app.push_screen(
            DiscardPileScreen(
                self.session.round.discard_pile,
                self.ascii,
                story=model.pile_story(),
                names=self.session.names,
                unseen=model.unseen() if self.setting("memory_aid") else None,
                four_colour=self.setting("four_colour"),
            )
        )

    def setting(self, name: str) -> bool:
        """A yes/no setting of the app (False when the app keeps no settings)."""
        return bool(getattr(getattr(self.app, "settings", None), name, False))

    @on(CardClicked)
    def _card_clicked(self, message: CardClicked) -> None:
        view = self.model.view()
        if view is None:
            return
        if message.card is self.selected and view.is_my_turn and view.phase is Phase.DISCARD:
            self.play(Discard(message.card))
        else:
            self._select(message.card)

    @on(PileClicked)
    def _pile_clicked(self, message: PileClicked) -> None:
        if self.viewer is None:
            return
        self.play(DrawStock() if message.pile == "stock" else TakeDiscard())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys apply now (the footer shows only those). While the terminal is too
        small the table is hidden, and only quitting, help and settings work: no key plays
        a move nobody can see."""
        if self._too_small() and action not in ("app.help", "app.quit_game", "app.settings"):
            return False
        return self.model.key_applies(action)

    def _too_small(self) -> bool:
        return self.has_class("-too-narrow") or self.has_class("-too-short")

    # --- drawing the table --------------------------------------------------------------
    def _write_log(self) -> None:
        """Write the model's log lines not yet written (suits as letters in ASCII mode)."""
        lines = self.model.log.lines
        for line in lines[self._written :]:
            self._write(line)
        self._written = len(lines)

    def _write(self, line: LogLine) -> None:
        text = shown(line.text(), self.ascii)
        log = self.log_view
        if line.kind is LineKind.RULE:
            # "── Round 3 ─────": the break between two rounds, the log's width.
            dash = "-" if self.ascii else "─"
            width = max(12, log.scrollable_content_region.width - 1)
            head = f"{dash * 2} {text} "
            text = head + dash * max(2, width - len(head))
        style = LOG_STYLES.get(line.kind)
        log.write(Text(text, style=style) if style else text)

    def show_message(self, text: str, *, error: bool = False) -> None:
        """The status line under the hand: refusals in red, other notes dim.

        Every message passes here, so the core's words (refusals, hints) get ASCII suits too.
        """
        text = shown(text, self.ascii)
        self._waiting_message = False
        self._error_shown = error and bool(text)
        self.message = Text(text, style="bold red" if error else "italic")
        if self.is_mounted:
            box = self.message_box
            box.update(self.message)
            # A message too long for its line takes two: the prompt gives up its blank line.
            self.set_class(self.message.cell_len > box.size.width > 0, "-long-message")

    def refresh_table(self) -> None:
        """Redraw every widget from the model."""
        model, s = self.model, self.session
        rnd = s.round
        me = model.viewer if model.viewer is not None else (0 if not s.hotseat else rnd.to_act)
        them = 1 - me
        view = s.view(me)
        count = view.opponent_card_count
        notes = [ngettext("{n} card", "{n} cards", count).format(n=count)]
        if rnd.dealer == them:
            # TRANSLATORS: a note under the opponent's name; at most 17 letters.
            notes.append(_("dealer"))
        last = model.last_move(them)()
        self.opponent_view.show(
            s.names[them], count, sorted(view.opponent_known), notes, shown(last, self.ascii)
        )
        drawing = self.acting_seat is not None and view.phase in (Phase.DRAW, Phase.FIRST_UPCARD)
        self.piles_view.show(view.stock_size, view.discard_pile, highlight=drawing)
        self.scores_box.update(scores_text(model, me))
        hand = self.hand
        if model.viewer is None:
            hand.show((), selected=None, hidden=True, caption="")
        else:
            order = hand_cards = view.hand
            if self.selected not in hand_cards:
                hand.cards = tuple(hand_cards)
                order = tuple(hand.order)
                self.selected = order[0] if order else None
            marks: dict[Card, str] = {}
            if view.drawn_card is not None:
                marks[view.drawn_card] = "taken" if view.drawn_card is view.taken_card else "new"
            hinted = model.hinted if model.hinted in hand_cards else None
            hand.show(hand_cards, selected=self.selected, marks=marks, hinted=hinted)
        palette = hand.palette
        self.prompt_box.update(prompt_text(model, view, palette))
        self.info_box.update(info_text(model, view, palette))
        self.sub_title = _("Round {number} · {rules} rules").format(
            number=rnd.number, rules=preset_label(s.rules.name)
        )
        self.refresh_bindings()
