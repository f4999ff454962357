"""The table's turn loop, without the screen: who acts next, the hand-over, autosave, keys.

`TableModel` owns a `Session` and the state around it that a screen would otherwise
keep: the seat whose cards are face up (`viewer`, None while the keyboard changes hands
in a hot-seat game), the card selected, the move log, and the autosave. The screen asks
`advance()` what comes next and draws the answer; a computer's move is applied with the
`token` it was asked with, so an answer for a turn gone by is ignored. No Textual or Rich.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core import (
    CARDS,
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
    Melding,
    Pass,
    Phase,
    PlayerView,
    TakeDiscard,
    best_melding,
    min_deadwood,
)
from ...players import Advisor, Remembering, advisor_for
from ...store import GameMeta, Store
from ...text.errors import describe
from ...text.i18n import _
from ...text.moves import capitalise, describe_turn, last_move_text, opening_text
from ...text.names import say
from .goingout import Answer, going_out
from .movelog import LineKind, MoveLog, logged_events, turns_of
from .seats import COMPUTER, TableConfig
from .session import Session

#: The keys that act on the game (each has a fallback that lets the core say why not).
GAME_ACTIONS = ("draw_stock", "take_discard", "pass_upcard", "discard", "knock", "gin", "big_gin")
#: The seat whose moves `undo` takes back: the person playing the computer.
UNDO_SEAT = 0
#: The keys that only change what the acting player sees.
HAND_ACTIONS = ("select", "select_end", "move", "sort", "hint")


@dataclass(frozen=True)
class HintRequest:
    """A hint to compute off the UI thread: ``advisor.advise(view)``, asked at ``moment``."""

    advisor: Advisor
    view: PlayerView
    moment: tuple[int, int]


@dataclass(frozen=True)
class PileCard:
    """A card of the discard pile, who threw it and when (for the pile viewer)."""

    card: Card
    #: The seat that threw it; None for the first upcard.
    thrower: int | None
    #: The turn of the round it was thrown in (1 = the first turn; 0 for the upcard).
    turn: int


@dataclass(frozen=True)
class ShowResult:
    """The round is over: show its result."""


@dataclass(frozen=True)
class HandOver:
    """Hot-seat: hide the cards until ``seat`` has the keyboard (``previous`` had it)."""

    seat: int
    previous: int | None


@dataclass(frozen=True)
class HumanTurn:
    """The person in ``seat`` acts, with their cards face up."""

    seat: int


@dataclass(frozen=True)
class ComputerTurn:
    """Ask the computer in ``seat`` for its move (answer with ``token``)."""

    seat: int
    view: PlayerView
    token: int


Next = ShowResult | HandOver | HumanTurn | ComputerTurn


@dataclass(frozen=True)
class Refusal:
    """An action refused: the reason in words, and whether it is the other seat's turn."""

    reason: str
    waiting: bool


class TableModel:
    """One game (or match) at the table, and what the people at the keyboard see of it."""

    def __init__(
        self,
        config: TableConfig,
        *,
        store: Store | None = None,
        meta: GameMeta | None = None,
        restored: Game | Match | None = None,
        ascii: bool = False,
    ) -> None:
        self.config = config
        self.session = Session(config, restored)
        self.restored = restored is not None
        self.ascii = ascii
        #: How many times a move was taken back at this table.
        self.undos = 0
        #: Where the game is autosaved after every action (None: not saved).
        self.store = store
        self.meta = meta or GameMeta(
            config.mode, config.names, config.level if config.mode == COMPUTER else ""
        )
        self.save_failed = False
        self._recorded = False
        #: The seat whose cards are face up (None while the keyboard changes hands).
        self.viewer: int | None = None if self.session.hotseat else 0
        self.selected: Card | None = None
        #: The card the last hint suggests (marked in the hand until the next move).
        self.hinted: Card | None = None
        self.log = MoveLog()
        #: Which turn a computer's answer must name (see `ComputerTurn`).
        self.token = 0
        self.waiting_privacy = False
        #: How many events of the round's history the log has told.
        self._logged = 0
        #: Where the round's lines start in the log (an undo writes them again from there).
        self._round_start = 0

    # --- saving ---------------------------------------------------------------------
    def autosave(self) -> OSError | None:
        """Save the game (a finished one goes to the history instead).

        Returns the error the first time saving fails (to be said once); after that,
        and when all is well, None.
        """
        store = self.store
        if store is None:
            return None
        s = self.session
        try:
            if s.match_over:
                if not self._recorded:
                    store.finish_game(s.state, self.meta)
                    self._recorded = True
            else:
                store.save_game(s.state, self.meta)
        except OSError as exc:
            if self.save_failed:
                return None
            self.save_failed = True
            return exc
        self.save_failed = False
        return None

    # --- the turn loop --------------------------------------------------------------
    def start_round(self, *, resumed: bool = False) -> None:
        """A round was just dealt (or restored): log its story so far."""
        self._logged = 0
        self.selected = None
        self.hinted = None
        if self.log.lines:
            number = self.session.round.number
            # TRANSLATORS: the rule between two rounds in the move log: "── Round 3 ──".
            self.log.add(LineKind.RULE, lambda: _("Round {number}").format(number=number))
        self._round_start = len(self.log.lines)
        self._log_opening()
        if resumed:
            self._replay_log()
            self.log.add(LineKind.NOTE, lambda: _("The saved game continues."))
        if self.session.hotseat:
            self.viewer = None

    def _log_opening(self) -> None:
        s, rnd, ascii = self.session, self.session.round, self.ascii

        def opening() -> str:
            return opening_text(rnd, s.names, s.rules, ascii, s.you)

        self.log.add(LineKind.OPENING, opening)

    def _replay_log(self) -> None:
        """After a restore: the log lines of the turns already played in this round."""
        rnd = self.session.round
        turns = turns_of(rnd.history)
        self._logged = len(rnd.history)
        for start, turn in turns:
            if not rnd.is_over and turn is turns[-1][1] and turn[0].player == rnd.to_act:
                self._logged = start  # the turn in progress is logged when it ends, as usual
                break
            self._log_turn(turn)
        if rnd.is_over:
            self._log_result()

    def advance(self) -> Next:
        """What happens next: a result, the keyboard changing hands, or someone's turn."""
        s = self.session
        self.token += 1
        if s.round_over:
            return ShowResult()
        actor = s.to_act
        if not s.is_human(actor):
            return ComputerTurn(actor, s.view(actor), self.token)
        if s.hotseat and actor != self.viewer:
            previous, self.viewer = self.viewer, None
            self.waiting_privacy = True
            return HandOver(actor, previous)
        self.viewer = actor
        return HumanTurn(actor)

    def handed_over(self) -> None:
        """The next player has the keyboard: their cards face up."""
        self.waiting_privacy = False
        self.viewer = self.session.to_act
        self.selected = None
        self.hinted = None

    def is_current(self, token: int) -> bool:
        """Whether a computer's answer with ``token`` is for the turn being played."""
        return token == self.token and not self.session.round_over

    def after_action(self, actor: int) -> None:
        """Log the turn ``actor`` just finished, if it is finished."""
        rnd = self.session.round
        if rnd.is_over or rnd.to_act != actor:
            events = logged_events(rnd.history[self._logged :])
            self._logged = len(rnd.history)
            self._log_turn(events)
            if rnd.is_over:
                self._log_result()

    def _log_turn(self, events: list[Event]) -> None:
        s, ascii = self.session, self.ascii

        def line() -> str:
            return describe_turn(events, s.names, ascii, you=s.you)

        if line():
            self.log.add(LineKind.MOVE, line)

    def _log_result(self) -> None:
        """Close the round in the log: its result in words and the totals after it."""
        s = self.session
        result = s.round.result
        if result is None:
            return
        first, second = s.game.scores
        target = s.rules.target

        def line() -> str:
            a, b = s.names
            totals = _("Totals: {first} {score1} · {second} {score2} (to {target})").format(
                first=a, score1=first, second=b, score2=second, target=target
            )
            return f"{s.explain(result)} {totals}"

        self.log.add(LineKind.RESULT, line)

    def next_round(self) -> None:
        """The next round of this game, or the first of the match's next game."""
        self.session.next_round()

    @property
    def name_to_act(self) -> Callable[[], str]:
        """The name of whoever acts now, as a function (it follows the language)."""
        s, seat = self.session, self.session.to_act
        return lambda: s.names[seat]

    # --- the player's actions -------------------------------------------------------
    @property
    def acting_seat(self) -> int | None:
        """The seat at the keyboard whose turn it is now, if any."""
        s = self.session
        if s.round_over or self.waiting_privacy:
            return None
        if self.viewer is not None and s.to_act == self.viewer and s.is_human(self.viewer):
            return self.viewer
        return None

    def view(self) -> PlayerView | None:
        """What the seat with its cards face up sees (None while they are hidden)."""
        return None if self.viewer is None else self.session.view(self.viewer)

    def play(self, action: Action) -> Refusal | None:
        """Apply the keyboard seat's action; a refusal (nothing changed) says why not."""
        seat = self.viewer if self.viewer is not None else 0
        s = self.session
        try:
            s.apply(action, seat)
        except IllegalActionError as exc:
            waiting = not s.is_human(s.to_act)
            if waiting:
                reason = say(_("Wait: it is {name}'s turn."), name=s.names[s.to_act])
            else:
                reason = capitalise(describe(exc)) + "."
            return Refusal(reason, waiting)
        self.hinted = None
        if isinstance(action, DrawStock):
            self.selected = s.view(seat).drawn_card
        elif isinstance(action, Discard | Knock):
            self.selected = None
        self.after_action(seat)
        return None

    def apply_computer(self, seat: int, action: Action) -> str | None:
        """Apply a computer's action; an illegal one (a bot bug) is said, not played."""
        try:
            self.session.apply(action, seat)
        except IllegalActionError as exc:
            return _("The computer tried an illegal move: {reason}").format(reason=describe(exc))
        self.hinted = None
        self.after_action(seat)
        return None

    def last_move(self, seat: int) -> Callable[[], str]:
        """The last turn of ``seat`` in this round in a few words (the line over the piles:
        which card it took or that it drew from the stock, which it threw)."""
        s, ascii = self.session, self.ascii
        turns = [turn for _start, turn in turns_of(s.round.history) if turn[0].player == seat]
        events = turns[-1] if turns else []
        return lambda: last_move_text(events, s.names[seat], ascii)

    def pile_story(self) -> list[PileCard]:
        """The discard pile, bottom first, each card with who threw it and in which turn
        (all public: everyone saw every card thrown and taken)."""
        rnd = self.session.round
        turn_of: dict[int, int] = {}
        for n, (start, events) in enumerate(turns_of(rnd.history), 1):
            for i in range(start, start + len(events)):
                turn_of[i] = n
        pile: list[PileCard] = []
        for i, ev in enumerate(rnd.history):
            if ev.card is None:
                continue
            if ev.kind is EventKind.UPCARD:
                pile.append(PileCard(ev.card, None, 0))
            elif ev.kind is EventKind.DISCARD:
                pile.append(PileCard(ev.card, ev.player, turn_of.get(i, 0)))
            elif ev.kind is EventKind.TAKE and pile:
                pile.pop()
        return pile

    def unseen(self) -> list[Card] | None:
        """The cards the seat with its cards face up has not seen this round (the memory
        aid): not in its hand, never on the discard pile, not taken face up by the
        opponent. Sorted by suit and rank; None while the cards are hidden."""
        view = self.view()
        if view is None:
            return None
        seen = set(view.hand) | set(view.opponent_known)
        seen |= {
            ev.card
            for ev in view.history
            if ev.card is not None
            and ev.kind in (EventKind.UPCARD, EventKind.DISCARD, EventKind.TAKE)
        }
        return [c for c in CARDS if c not in seen]

    # --- undo -----------------------------------------------------------------------
    def undo_points(self) -> list[int]:
        """The moments of the round in play (how many actions were played) at which the
        person playing the computer was to act: where an undo may go back to."""
        rnd = self.session.round
        again = rnd.dealt_again()
        points = []
        for n, action in enumerate(rnd.actions):
            if again.to_act == UNDO_SEAT:
                points.append(n)
            again.apply(action)
        return points

    def undo_refusal(self) -> str | None:
        """Why `u` cannot take a move back now (None: it can)."""
        s = self.session
        if s.config.mode != COMPUTER or s.is_human(1):
            # TRANSLATORS: `u` pressed in a game between two people (or online).
            return _(
                "Undo is only for games against the computer: here it would show hidden cards."
            )
        if s.round_over:
            return _("The round is over: a move can be taken back only during the round.")
        if not self.undo_points():
            # TRANSLATORS: `u` pressed before the player's first move of the round.
            return _("Nothing to take back: you have not moved yet in this round.")
        return None

    def undo(self) -> Refusal | None:
        """Take back the player's last move (a draw, a discard, a pass) and the computer's
        reply if it has moved: the round as it was the last time the player was to act.

        Marks the game as played with undo (kept in the save and the history); the log
        tells the round again up to that moment. Call `advance()` after it.
        """
        why = self.undo_refusal()
        if why is not None:
            return Refusal(why, False)
        s = self.session
        s.rewind(self.undo_points()[-1])
        self.meta = self.meta.with_undo(s.game_number)
        # Back before a discard: the card drawn is selected, as after the draw.
        self.selected = s.view(UNDO_SEAT).drawn_card
        self.hinted = None
        self.undos += 1
        del self.log.lines[self._round_start :]
        self._logged = 0
        self._log_opening()
        self._replay_log()
        # TRANSLATORS: a note in the move log after the undo key.
        self.log.add(LineKind.NOTE, lambda: _("You took your move back."))
        return None

    def key_applies(self, action: str) -> bool:
        """Whether a key's action applies now (the footer shows only those)."""
        if action == "undo":
            return self.undo_refusal() is None
        if action not in (*GAME_ACTIONS, *HAND_ACTIONS):
            return True
        seat = self.acting_seat
        if seat is None:
            return False
        if action in HAND_ACTIONS:
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

    def selected_card(self) -> Card | None:
        """The selected card, if it is in the hand shown."""
        view = self.view()
        if view is None or self.selected not in view.hand:
            return None
        return self.selected

    def melding_after(self, card: Card | None) -> Melding | None:
        """The melds and deadwood left after discarding ``card`` (None: the whole hand, for
        big gin), to show before asking; None while the cards are hidden."""
        view = self.view()
        if view is None:
            return None
        return best_melding([c for c in view.hand if c is not card])

    def going_out(self, card: Card, key: str) -> Answer:
        """What `k` or `g` (``key``) does with ``card`` selected (see `goingout`)."""
        return going_out(self.view(), card, key, self.ascii)

    def hint_request(self) -> HintRequest:
        """What a hint needs: the acting seat's view, the advisor, and when it was asked.

        The advisor is the master, whatever the level (`players.advisor_for`). One that learns from
        earlier rounds (the master reads the opponent's style) is told how the table's
        rounds so far ended, as the seat asking saw them. Raises ValueError if nobody at
        the keyboard is to act.
        """
        seat = self.acting_seat
        if seat is None:
            raise ValueError("nobody at the keyboard is to act")
        level = self.session.config.level if self.session.config.mode == COMPUTER else ""
        advisor = advisor_for(level)
        if isinstance(advisor, Remembering):
            advisor.recall(self.session.past_views(seat))
        return HintRequest(advisor, self.session.view(seat), self.moment())

    def moment(self) -> tuple[int, int]:
        """Where the game is (this round, its moves so far): an answer computed for another
        moment is stale."""
        rnd = self.session.round
        return (id(rnd), len(rnd.history))
