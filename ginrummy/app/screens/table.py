"""The table: where a round is played. This screen owns the game state.

Keys and clicks become core actions applied through `Session.apply`; whatever the core
refuses is shown with its reason and nothing changes. Computer turns are computed in a
thread worker that posts `ComputerMoved`; the action is applied here, on the UI thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, RichLog, Static

from ...core import (
    Action,
    BigGin,
    Card,
    Discard,
    DrawStock,
    Event,
    EventKind,
    Game,
    IllegalActionError,
    Knock,
    Match,
    Pass,
    Phase,
    PlayerView,
    TakeDiscard,
    best_melding,
    knock_discards,
    min_deadwood,
)
from ...players import ExpertPlayer
from ...store.files import GameMeta, Store
from ...text.cards import card_label, shown
from ...text.i18n import N_, _, ngettext
from ...text.names import preset_label
from ..messages import CardClicked, ComputerMoved, PileClicked
from ..session import COMPUTER, Session, TableConfig, capitalise, describe_turn, opening_text
from ..widgets.cardart import card_text, cards_text, markup_format
from ..widgets.footer import LocalFooter
from ..widgets.hand import SORT_MODES, HandView
from ..widgets.table import OpponentView, PileState, PilesView, TooSmall
from .base import gin_app_of, retranslate_footers
from .dialogs import ConfirmScreen, DiscardPileScreen
from .privacy import PrivacyScreen

if TYPE_CHECKING:
    pass

#: Actions that act on the game; each has a hidden fallback binding so that pressing the
#: key when the action does not apply still reaches the core and gets refused with a reason.
GAME_ACTIONS = ("draw_stock", "take_discard", "pass_upcard", "discard", "knock", "gin", "big_gin")


class TableScreen(Screen[None]):
    """One game (or match) at the table, against the computer or hot-seat."""

    # The footer shows up to a dozen of these in 80 columns: one short word each.
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer keys at the table (←→ select a card). The footer shows up
        # to 12 keys in 80 columns: keep each one short word (≤ 6 letters if you can).
        Binding("left", "select(-1)", N_("Select"), key_display="←→"),
        Binding("right", "select(1)", N_("Select"), show=False),
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
            )
        ),
    ]

    def __init__(
        self,
        config: TableConfig,
        *,
        ascii: bool = False,
        delay: float = 0.0,
        store: Store | None = None,
        meta: GameMeta | None = None,
        restored: Game | Match | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        self.ascii = ascii
        self.delay = delay
        self.session = Session(config, restored)
        self.restored = restored is not None
        #: Where the game is autosaved after every action (None: not saved, e.g. replays).
        self.store = store
        self.meta = meta or GameMeta(
            config.mode, config.names, config.level if config.mode == COMPUTER else ""
        )
        self._recorded = False
        self.save_failed = False
        #: The seat whose cards are face up (None while the keyboard changes hands).
        self.viewer: int | None = None if self.session.hotseat else 0
        self.selected: Card | None = None
        self.message: Text = Text()
        self._token = 0
        self._logged = 0
        self._thinking = False
        self._prefs: dict[int, tuple[str, list[Card]]] = {}
        self._waiting_privacy = False
        #: The move log: each line as a function giving it in the current language, so the
        #: log can be written again when the language changes.
        self._log_lines: list[Callable[[], str | Text]] = []
        self._last_line: Callable[[], str] = str
        #: The last hint given (the expert's reason), for tests and the status line.
        self.hint = ""
        self._waiting_message = False

    # --- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="table"):
            yield OpponentView(ascii=self.ascii, id="opponent")
            with Horizontal(id="middle"):
                yield PilesView(ascii=self.ascii, id="piles")
                with Vertical(id="side"):
                    yield Static(id="scores")
                    log = RichLog(id="log", wrap=True, markup=False, max_lines=300, min_width=20)
                    log.can_focus = False
                    yield log
            yield Static(id="prompt")
            yield Static(id="info")
            yield HandView(ascii=self.ascii, id="hand")
            yield Static(id="message")
        yield LocalFooter()
        yield TooSmall()

    gin_app = property(gin_app_of)

    @property
    def hand(self) -> HandView:
        return self.query_one("#hand", HandView)

    def on_mount(self) -> None:
        self.retitle()
        self.autosave()
        self._start_round(resumed=self.restored)

    def retitle(self) -> None:
        # TRANSLATORS: the game's name in the title bar (usually kept as is).
        self.title = _("Gin Rummy")

    async def refresh_language(self) -> None:
        """Draw everything again in the current language; the game, the hand's order, the
        selection and the move log stay as they are (the status line is cleared)."""
        self.retitle()
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self._log_lines:
            self._write(line())
        self.show_message("")
        self.refresh_table()
        await retranslate_footers(self)

    def on_resize(self) -> None:
        """After a resize the latest moves stay in sight (the log rewraps from the top)."""
        self.call_after_refresh(self._log_to_end)

    def _log_to_end(self) -> None:
        self.query_one("#log", RichLog).scroll_end(animate=False, immediate=True)

    # --- saving ---------------------------------------------------------------------------
    def autosave(self) -> None:
        """Save the game after every change; a finished game goes to the history instead."""
        store = self.store
        if store is None:
            return
        s = self.session
        try:
            if s.match_over:
                if not self._recorded:
                    store.finish_game(s.state, self.meta)
                    self._recorded = True
            else:
                store.save_game(s.state, self.meta)
        except OSError as exc:
            if not self.save_failed:  # say it once, then keep playing
                self.save_failed = True
                why = exc.strerror or str(exc)
                self.notify(
                    _("The game cannot be saved in {folder}: {why}.").format(
                        folder=store.root, why=why
                    ),
                    title=_("Not saved"),
                    severity="error",
                    timeout=10,
                )
            return
        self.save_failed = False

    # --- the turn loop ------------------------------------------------------------------
    def _start_round(self, *, resumed: bool = False) -> None:
        """A round was just dealt (or restored): log its story, then hand over to whoever acts."""
        self._logged = 0
        self.selected = None
        s, rnd = self.session, self.session.round

        def opening() -> str:
            return opening_text(rnd, s.names, s.rules, self.ascii, s.you)

        self._last_line = opening
        self.write_log(lambda: Text(opening(), style="bold"))
        if resumed:
            self._replay_log()
            self.write_log(lambda: Text(_("The saved game continues."), style="italic"))
        if self.session.hotseat:
            self.viewer = None
        self.advance()

    def _replay_log(self) -> None:
        """After a restore: the log lines of the turns already played in this round."""
        rnd = self.session.round
        turns: list[tuple[int, list[Event]]] = []  # (index in the history, the turn's events)
        for i, ev in enumerate(rnd.history):
            if ev.player is None:
                if ev.kind is EventKind.DEAD and turns:
                    turns[-1][1].append(ev)
                continue
            if turns and turns[-1][1][0].player == ev.player:
                turns[-1][1].append(ev)
            else:
                turns.append((i, [ev]))
        self._logged = len(rnd.history)
        for start, turn in turns:
            if not rnd.is_over and turn is turns[-1][1] and turn[0].player == rnd.to_act:
                self._logged = start  # the turn in progress is logged when it ends, as usual
                break
            self._log_turn(turn)

    def advance(self) -> None:
        """Decide what happens next: a result, the keyboard changing hands, or a computer turn."""
        s = self.session
        self._token += 1
        if s.round_over:
            self.refresh_table()
            self.call_after_refresh(self._show_result)
            return
        actor = s.to_act
        if s.is_human(actor):
            if s.hotseat and actor != self.viewer:
                self._remember_prefs()
                self.viewer = None
                self.refresh_table()
                self._waiting_privacy = True
                self.app.push_screen(
                    PrivacyScreen(lambda: s.names[actor], self._last_line), self._privacy_done
                )
                return
            self.viewer = actor
            self.refresh_table()
        else:
            self._thinking = True
            self.refresh_table()
            self.computer_turn(actor, s.view(actor), self._token)

    def _privacy_done(self, _: None = None) -> None:
        self._waiting_privacy = False
        self.viewer = self.session.to_act
        self._restore_prefs()
        self.selected = None
        self.refresh_table()

    def _remember_prefs(self) -> None:
        if self.viewer is not None:
            self._prefs[self.viewer] = (self.hand.mode, list(self.hand.manual))

    def _restore_prefs(self) -> None:
        if self.viewer is not None:
            mode, manual = self._prefs.get(self.viewer, ("melds", []))
            self.hand.mode, self.hand.manual = mode, manual

    @work(thread=True, exclusive=True, group="computer")
    def computer_turn(self, seat: int, view: PlayerView, token: int) -> None:
        """Choose the computer's action off the UI thread, wait a moment, and post it."""
        started = time.monotonic()
        action = self.session.bot_action(seat, view)
        wait = self.delay - (time.monotonic() - started)
        if wait > 0:
            time.sleep(wait)
        self.post_message(ComputerMoved(seat, action, token))

    @on(ComputerMoved)
    def _computer_moved(self, message: ComputerMoved) -> None:
        if message.token != self._token or self.session.round_over:
            return
        self._thinking = False
        if self._waiting_message:
            self.show_message("")
        try:
            self.session.apply(message.action, message.seat)
        except IllegalActionError as exc:  # a bot bug: say so rather than hang
            self.show_message(
                _("The computer tried an illegal move: {reason}").format(reason=exc), error=True
            )
            return
        self._after_action(message.seat)

    def _after_action(self, actor: int) -> None:
        """Save, log a finished turn and move the game on."""
        self.autosave()
        s = self.session
        rnd = s.round
        if rnd.is_over or rnd.to_act != actor:
            events = [
                e
                for e in rnd.history[self._logged :]
                if e.player is not None or e.kind.value == "dead"
            ]
            self._logged = len(rnd.history)
            self._log_turn(events)
        self.advance()

    def _log_turn(self, events: list[Event]) -> None:
        """Log a finished turn (and keep it as the note for the next privacy screen)."""
        s = self.session

        def line() -> str:
            return describe_turn(events, s.names, self.ascii, you=s.you)

        if line():
            self._last_line = line
            self.write_log(line)

    def _show_result(self) -> None:
        from .result import RoundResultScreen

        result = self.session.round.result
        assert result is not None
        self.app.push_screen(
            RoundResultScreen(self.session, result, ascii=self.ascii), self._after_result
        )

    def _after_result(self, _: object = None) -> None:
        s = self.session
        if s.game_over:
            from .gameover import GameOverScreen

            self.app.push_screen(GameOverScreen(s, ascii=self.ascii), self._after_game_over)
            return
        s.next_round()
        self.autosave()
        self._start_round()

    def _after_game_over(self, choice: str | None) -> None:
        s = self.session
        if choice == "next" and s.match is not None and not s.match.is_over:
            s.next_round()
            self.autosave()
            self.query_one("#log", RichLog).clear()
            self._log_lines.clear()
            self._start_round()
        elif choice == "again":
            self.gin_app.new_table(self.config.mode, again=True)
        elif choice == "menu":
            self.gin_app.to_menu()
        else:
            self.app.exit()

    # --- applying the player's actions --------------------------------------------------
    @property
    def acting_seat(self) -> int | None:
        """The seat at the keyboard whose turn it is now, if any."""
        s = self.session
        if s.round_over or self._waiting_privacy:
            return None
        if self.viewer is not None and s.to_act == self.viewer and s.is_human(self.viewer):
            return self.viewer
        return None

    def play(self, action: Action) -> bool:
        """Apply the player's action; an illegal one is refused with the core's reason."""
        seat = self.viewer if self.viewer is not None else 0
        if self.session.round_over:
            return False
        try:
            self.session.apply(action, seat)
        except IllegalActionError as exc:
            reason = capitalise(str(exc)) + "."
            waiting = not self.session.is_human(self.session.to_act)
            if waiting:
                reason = _("Wait: it is {name}'s turn.").format(
                    name=self.session.names[self.session.to_act]
                )
            self.show_message(reason, error=True)
            self._waiting_message = waiting
            self.app.bell()
            return False
        self.show_message("")
        self.app.clear_notifications()
        if isinstance(action, DrawStock):
            self.selected = self.session.view(seat).drawn_card
        elif isinstance(action, Discard | Knock):
            self.selected = None
        self._after_action(seat)
        return True

    def _view(self) -> PlayerView | None:
        return None if self.viewer is None else self.session.view(self.viewer)

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
        card = self._selected_card()
        if card is None:
            self.play(Discard(self._any_card()))
            return
        self.play(Discard(card))

    def action_knock(self) -> None:
        card = self._selected_card() or self._any_card()
        view = self._view()
        if (
            view is None
            or view.phase is not Phase.DISCARD
            or Knock(card) not in view.legal_actions()
        ):
            self.play(Knock(card))
            return
        rest = [c for c in view.hand if c is not card]
        melding = best_melding(rest)
        limit = view.knock_limit
        ascii = self.ascii

        def body() -> Text:
            text = Text()
            # TRANSLATORS: keep the markup [b]...[/b] (bold).
            sentence = _(
                "Discard {card} face down and end the round with [b]{n} deadwood[/b]"
                " (knock limit {limit})."
            )
            text.append_text(
                markup_format(
                    sentence, card=card_text(card, ascii), n=melding.deadwood_points, limit=limit
                )
            )
            text.append("\n\n")
            for meld in melding.melds:
                # TRANSLATORS: a line of the knock dialog, before the cards of one meld.
                text.append("  " + _("meld: "))
                text.append_text(cards_text(meld.cards, ascii))
                text.append("\n")
            if melding.deadwood:
                # TRANSLATORS: a line of the knock dialog, before the unmatched cards.
                text.append("  " + _("deadwood: "))
                text.append_text(cards_text(melding.deadwood, ascii))
                text.append("\n")
            if melding.deadwood_points == 0:
                text.append("\n" + _("That is gin!"), style="bold green")
            return text

        def done(yes: bool | None) -> None:
            if yes:
                self.play(Knock(card))

        gin = melding.deadwood_points == 0
        title = N_("Go gin?") if gin else N_("Knock?")
        # TRANSLATORS: the yes button of the knock dialog (shown as "Knock (y)"); short.
        self.app.push_screen(ConfirmScreen(title, body, yes=N_("Knock")), done)

    def action_gin(self) -> None:
        card = self._selected_card() or self._any_card()
        view = self._view()
        if view is None or view.phase is not Phase.DISCARD:
            self.play(Knock(card))
            return
        banned = (
            () if view.rules.discard_taken_card or view.taken_card is None else (view.taken_card,)
        )
        options = knock_discards(view.hand, 0, exclude=banned)
        if card in options:
            self.play(Knock(card))
            return
        left = min_deadwood([c for c in view.hand if c is not card])
        label = card_label(card, self.ascii)
        others = _(", ").join(
            card_label(c, self.ascii) for c in sorted(options, key=lambda c: c.index)
        )
        # TRANSLATORS: {cards} lists the cards that would go gin; keep "g" (the key).
        if card in banned and options:
            why = _(
                "No gin with {card}: you just took it from the discard pile;"
                " select {cards} and press g to go gin."
            )
        elif card in banned:
            why = _("No gin with {card}: you just took it from the discard pile.")
        elif options:
            why = _(
                "No gin: discarding {card} leaves {n} deadwood;"
                " select {cards} and press g to go gin."
            )
        else:
            why = _("No gin: discarding {card} leaves {n} deadwood.")
        self.show_message(why.format(card=label, n=left, cards=others), error=True)
        self.app.bell()

    def action_big_gin(self) -> None:
        self.play(BigGin())

    def _selected_card(self) -> Card | None:
        view = self._view()
        if view is None or self.selected not in view.hand:
            return None
        return self.selected

    def _any_card(self) -> Card:
        view = self._view()
        if view is not None and view.hand:
            order = self.hand.order
            return order[0] if order else view.hand[0]
        return self.session.round.upcard

    def action_select(self, delta: int) -> None:
        card = self.hand.neighbour(delta)
        if card is not None:
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
        sorted_by = {
            "melds": N_("Sorted by melds."),
            "rank": N_("Sorted by rank."),
            "suit": N_("Sorted by suit."),
        }
        self.show_message(_(sorted_by[nxt]))
        self.refresh_table()

    def action_hint(self) -> None:
        """Say what the expert would do in the acting seat, and select the card it would play.

        Only the acting player's view is consulted (hot-seat: never the other hand); nothing
        is played. The expert answers in a few milliseconds, so no worker is needed.
        """
        seat = self.acting_seat
        if seat is None:
            self.show_message(_("A hint is for the player whose turn it is."), error=True)
            return
        try:
            advice = ExpertPlayer().advise(self.session.view(seat))
        except Exception as exc:  # a bot bug must not end the game
            self.show_message(
                _("No hint this time ({error}).").format(error=type(exc).__name__), error=True
            )
            return
        action = advice.action
        if isinstance(action, Discard | Knock):
            self.selected = action.card
        self.hint = advice.reason
        line = _("Hint: {reason}").format(reason=advice.reason)
        self.show_message(line)
        if len(line) > self.query_one("#message", Static).size.width:
            # Too long for the status line: the whole sentence in a toast until the next move.
            self.notify(shown(advice.reason, self.ascii), title=_("Hint"), timeout=10)
        self.refresh_table()

    def action_view_pile(self) -> None:
        self.app.push_screen(DiscardPileScreen(self.session.round.discard_pile, self.ascii))

    @on(CardClicked)
    def _card_clicked(self, message: CardClicked) -> None:
        view = self._view()
        if view is None:
            return
        if message.card is self.selected and view.is_my_turn and view.phase is Phase.DISCARD:
            self.play(Discard(message.card))
        else:
            self.selected = message.card
            self.refresh_table()

    @on(PileClicked)
    def _pile_clicked(self, message: PileClicked) -> None:
        if self.viewer is None:
            return
        self.play(DrawStock() if message.pile == "stock" else TakeDiscard())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys apply now (the footer shows only those)."""
        if action not in (*GAME_ACTIONS, "select", "move", "sort", "hint"):
            return True
        seat = self.acting_seat
        if seat is None:
            return False
        if action in ("select", "move", "sort", "hint"):
            return True
        view = self.session.view(seat)
        legal = view.legal_actions()
        if action == "draw_stock":
            return DrawStock() in legal
        if action == "take_discard":
            return TakeDiscard() in legal
        if action == "pass_upcard":
            return Pass() in legal
        if action == "discard":
            return view.phase is Phase.DISCARD
        if action in ("knock", "gin"):
            knocks = [a for a in legal if isinstance(a, Knock)]
            gin = any(min_deadwood([c for c in view.hand if c is not a.card]) == 0 for a in knocks)
            # When gin is on, the footer offers Gin rather than Knock: all three going-out
            # keys do not fit 80 columns in every language. `k` still knocks (through the
            # `attempt` binding), and the help lists it.
            return gin if action == "gin" else bool(knocks) and not gin
        if action == "big_gin":
            return BigGin() in legal
        return True

    # --- drawing the table --------------------------------------------------------------
    def write_log(self, line: Callable[[], str | Text]) -> None:
        """Add a line to the move log (suit symbols as letters in ASCII mode).

        ``line`` gives the line in the current language (called again if it changes).
        """
        self._log_lines.append(line)
        self._write(line())

    def _write(self, line: str | Text) -> None:
        if isinstance(line, Text):
            line = Text(shown(line.plain, self.ascii), style=line.style)
        else:
            line = shown(line, self.ascii)
        self.query_one("#log", RichLog).write(line)

    def show_message(self, text: str, *, error: bool = False) -> None:
        """The status line under the hand: refusals in red, other notes dim.

        Every message passes here, so the core's words (refusals, hints) get ASCII suits too.
        """
        text = shown(text, self.ascii)
        self._waiting_message = False
        self.message = Text(text, style="bold red" if error else "italic")
        if self.is_mounted:
            self.query_one("#message", Static).update(self.message)

    @property
    def message_text(self) -> str:
        return self.message.plain

    def refresh_table(self) -> None:
        """Redraw every widget from the current state."""
        s = self.session
        rnd = s.round
        me = self.viewer if self.viewer is not None else (0 if not s.hotseat else rnd.to_act)
        them = 1 - me
        view = s.view(me)
        names = s.names
        # Opponent.
        count = view.opponent_card_count
        notes = [ngettext("{n} card", "{n} cards", count).format(n=count)]
        if rnd.dealer == them:
            # TRANSLATORS: a note under the opponent's name; at most 17 letters.
            notes.append(_("dealer"))
        opp = self.query_one("#opponent", OpponentView)
        opp.show(names[them], view.opponent_card_count, sorted(view.opponent_known), notes)
        # Piles.
        drawing = self.acting_seat is not None and view.phase in (Phase.DRAW, Phase.FIRST_UPCARD)
        self.query_one("#piles", PilesView).show(
            PileState(view.stock_size, view.discard_pile), highlight=drawing
        )
        # Scores.
        self.query_one("#scores", Static).update(self._scores_text(me))
        # Hand.
        hand = self.hand
        if self.viewer is None:
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
            hand.show(hand_cards, selected=self.selected, marks=marks)
        self.query_one("#prompt", Static).update(self._prompt_text(view))
        self.query_one("#info", Static).update(self._info_text(view))
        self.sub_title = _("Round {number} · {rules} rules").format(
            number=rnd.number, rules=preset_label(s.rules.name)
        )
        self.refresh_bindings()

    def _scores_text(self, me: int) -> Text:
        s = self.session
        g = s.game
        text = Text()
        for i, seat in enumerate((me, 1 - me)):
            if i:
                text.append("  ·  ")
            text.append(f"{s.names[seat]} ", style="bold")
            text.append(str(g.scores[seat]), style="bold cyan")
        # TRANSLATORS: after the scores: the points that win the game.
        text.append("   " + _("to {target}").format(target=s.rules.target), style="dim")
        text.append("\n")
        rnd = s.round
        parts = [
            _("Round {number}").format(number=rnd.number),
            _("You deal")
            if rnd.dealer == s.you
            else _("{name} deals").format(name=s.names[rnd.dealer]),
            _("knock limit {limit}").format(limit=rnd.knock_limit),
        ]
        if rnd.multiplier != 1:
            parts.append(_("scores x{times}").format(times=rnd.multiplier))
        if s.match is not None:
            won = s.match.games_won
            parts.append(
                _("game {number}, games {won}-{lost}").format(
                    number=len(s.match.games), won=won[me], lost=won[1 - me]
                )
            )
        text.append(" · ".join(parts), style="dim")
        return text

    def _prompt_text(self, view: PlayerView) -> Text:
        s = self.session
        rnd = s.round
        if rnd.is_over:
            return Text(_("The round is over."), style="bold")
        actor = rnd.to_act
        name = s.names[actor]
        if not s.is_human(actor):
            last = rnd.history[-1] if rnd.history else None
            doing = _("{name} is thinking…")
            if rnd.phase is Phase.DISCARD and last is not None:
                if last.card is not None and last.kind.value == "take":
                    doing = _("{name} took {card} from the discard pile…")
                else:
                    doing = _("{name} drew from the stock…")
            card = card_label(last.card, self.ascii) if last and last.card else ""
            return Text(doing.format(name=name, card=card), style="italic #a0a0ff")
        if self.acting_seat is None:
            return Text(_("{name}'s turn.").format(name=name), style="italic")
        top = card_label(view.top_discard, self.ascii) if view.top_discard else "?"
        if view.phase is Phase.FIRST_UPCARD:
            what = _("take the upcard {card} (d) or pass (p).").format(card=top)
        elif view.phase is Phase.DRAW:
            if view.stock_only:
                what = _("both passed the upcard, so draw from the stock (s).")
            else:
                what = _("draw from the stock (s) or take {card} (d).").format(card=top)
        else:
            # TRANSLATORS: {arrows} is "←→" (or "Left/Right"); keep Enter as it is.
            what = _("discard a card: {arrows} to select, Enter to discard (or click it twice).")
            what = what.format(arrows="Left/Right" if self.ascii else "←→")
        # TRANSLATORS: the prompt line: "Your turn: draw from the stock (s) or ..." (the
        # second one names the player in hot-seat games); {what} is one of the
        # messages that follow it in the catalogue.
        head = _("{name}, your turn:") if s.hotseat else _("Your turn:")
        t = Text()
        t.append(head.format(name=name) + " ", style="bold")
        t.append(what)
        return t

    def _info_text(self, view: PlayerView) -> Text:
        t = Text()
        if self.viewer is None:
            return t
        hand = view.hand
        dw = min_deadwood(hand)
        t.append(_("Deadwood") + " ", style="dim")
        t.append(str(dw), style="bold")
        if view.phase is Phase.DISCARD and view.is_my_turn:
            sel = self._selected_card()
            if sel is not None:
                after = min_deadwood([c for c in hand if c is not sel])
                t.append(
                    " · " + _("without {card}:").format(card=card_label(sel, self.ascii)) + " ",
                    style="dim",
                )
                t.append(str(after), style="bold")
            t.append("   ")
            t.append_text(self._possible_text(view))
        else:
            t.append(" · " + _("knock limit {limit}").format(limit=view.knock_limit), style="dim")
        return t

    def _possible_text(self, view: PlayerView) -> Text:
        legal = view.legal_actions()
        if BigGin() in legal:
            # TRANSLATORS: a sign on the info line; keep "b" (the key). About 25 letters.
            sign = _("BIG GIN POSSIBLE: press b")
            return Text(f" {sign} ", style="bold black on #ffd43b")
        knocks = {a.card for a in legal if isinstance(a, Knock)}
        if not knocks:
            return Text("")
        options = knock_discards(view.hand, view.knock_limit, exclude=())
        options = {c: v for c, v in options.items() if c in knocks}
        best = min(options.values())
        if best == 0:
            # TRANSLATORS: a sign on the info line; keep "g" (the key). About 25 letters.
            sign = _("GIN POSSIBLE: press g")
            return Text(f" {sign} ", style="bold black on #69db7c")
        # TRANSLATORS: a sign on the info line: {n} is the deadwood after knocking; keep
        # "k" (the key). About 25 letters.
        sign = _("KNOCK POSSIBLE ({n}): press k").format(n=best)
        return Text(f" {sign} ", style="bold black on #74c0fc")
