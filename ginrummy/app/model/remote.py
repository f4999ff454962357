"""An online table's model: the table screen drives it as it drives `TableModel`.

The host referees the match (`ginrummy.net.referee.Table`); this side only knows what
the host tells its seat: ``state`` messages (the seat's own `PlayerView` and the
table's public facts) and ``refused`` ones. `RemoteTableModel.receive` takes them in,
whatever brought them (a websocket `Client`, or the host's own seat in the same
process); the player's moves go out through a `Channel` as ``act`` and ``ready``. The
screen learns of each message through `listener` and redraws; nothing here is drawn.

What is not known here is never guessed: the opponent's hand and the stock stay hidden
until the host sends the showdown.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ...core import (
    Action,
    Card,
    DrawStock,
    EventKind,
    Phase,
    PlayerView,
    ResultKind,
    Rules,
    Totals,
)
from ...core.errors import Phrase
from ...net.protocol import ProtocolError, phrase_facts, view_from_json, worded
from ...text.errors import phrase_text
from ...text.i18n import _
from ...text.moves import capitalise
from .facts import SessionFacts
from .movelog import logged_events, turns_of
from .seats import TableConfig
from .session import SessionReading
from .table import Next, Refusal, ShowResult, TableModel

if TYPE_CHECKING:
    from .session import Session

__all__ = [
    "Channel",
    "RemoteSession",
    "RemoteTableModel",
    "Waiting",
]

#: The mode of an online game (as the store names it).
ONLINE = "online"


class Channel(Protocol):
    """Where the player's moves go: to the referee (in this process or over the network)."""

    def act(self, action: str, seq: int) -> None: ...

    def ready(self, seq: int) -> None: ...


@dataclass(frozen=True)
class Waiting:
    """Nothing to do at this keyboard: the other player's turn, their return, or the host."""


@dataclass(frozen=True)
class RoundLine:
    """A finished round of the game, as the score sheet lists it."""

    kind: ResultKind
    winner: int | None
    points: int


class RemoteRound:
    """The round in play, from the seat's view (`RoundFacts`)."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.number = view.round_number
        self.dealer = view.dealer
        self.to_act = view.to_act
        self.knock_limit = view.knock_limit
        self.multiplier = view.multiplier
        self.phase = view.phase
        self.history = view.history
        self.result = view.result
        self.discard_pile = view.discard_pile
        self.stock_size = view.stock_size
        self.rules = view.rules
        first = view.history[0] if view.history else None
        self.upcard: Card = (
            first.card
            if first is not None and first.kind is EventKind.UPCARD and first.card is not None
            else (view.discard_pile[0] if view.discard_pile else view.hand[0])
        )

    @property
    def is_over(self) -> bool:
        return self.result is not None or self.phase is Phase.OVER


@dataclass
class RemoteGame:
    """The current game's public facts (`GameFacts`)."""

    scores: tuple[int, int] = (0, 0)
    winner: int | None = None
    is_over: bool = False
    results: list[RoundLine] = field(default_factory=list)
    score_history: list[tuple[int, int]] = field(default_factory=list)
    _totals: tuple[Totals, Totals] = (Totals(0, 0, 0, 1), Totals(0, 0, 0, 1))

    def totals(self) -> tuple[Totals, Totals]:
        return self._totals

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RemoteGame:
        scores = data.get("scores") or [0, 0]
        results: list[RoundLine] = []
        history: list[tuple[int, int]] = []
        running = [0, 0]
        for kind, winner, points in data.get("rounds") or []:
            results.append(RoundLine(ResultKind(kind), winner, int(points)))
            if winner in (0, 1):
                running[winner] += int(points)
            history.append((running[0], running[1]))
        totals = data.get("totals") or [[scores[0], 0, 0, 1], [scores[1], 0, 0, 1]]
        return cls(
            scores=(int(scores[0]), int(scores[1])),
            winner=data.get("winner"),
            is_over=bool(data.get("over")),
            results=results,
            score_history=history,
            _totals=(Totals(*map(int, totals[0])), Totals(*map(int, totals[1]))),
        )


@dataclass
class RemoteMatch:
    """The match's public facts (`MatchFacts`)."""

    games_won: tuple[int, int]
    games: range
    is_over: bool
    winner: int | None


class RemoteSession(SessionReading):
    """The game as this seat knows it (`SessionFacts`): rebuilt from every ``state``."""

    def __init__(
        self, config: TableConfig, seat: int, state: dict[str, Any], *, unnamed: bool = False
    ) -> None:
        """``unnamed``: the player at this keyboard gave no name (the host calls them
        "Player N"): they are "You" here, as in every sentence about them."""
        self.config = config
        self.unnamed = unnamed
        self.rules: Rules = config.rules
        self.seat = seat
        self.stored_names: tuple[str, str] = config.names
        #: The rounds seen to their end at this table, as this seat saw them last (keyed
        #: by game and round number): what a hint's advisor learns the opponent's style
        #: from. Rounds ended before this side joined are not known here.
        self._ended: dict[tuple[int, int], PlayerView] = {}
        self.update(state)

    def update(self, state: dict[str, Any]) -> None:
        """Take a ``state`` message in (raises `ProtocolError` if it does not read)."""
        view = view_from_json(state.get("view"), self.rules)
        if view.player != self.seat:
            raise ProtocolError("bad-message", "seat")
        try:
            names = state["names"]
            stored = [str(names[0]) or "?", str(names[1]) or "?"]
            if self.unnamed:
                stored[self.seat] = "You"
            self.stored_names = (stored[0], stored[1])
            self.game: RemoteGame = RemoteGame.from_json(state["game"])
            match = state["match"]
            self.match: RemoteMatch | None = (
                RemoteMatch(
                    (int(match["games_won"][0]), int(match["games_won"][1])),
                    range(int(state["game"].get("number", 1))),
                    bool(match["over"]),
                    match.get("winner"),
                )
                if match.get("is_match")
                else None
            )
            self.match_over = bool(match["over"])
        except (KeyError, IndexError, TypeError, ValueError):
            raise ProtocolError("bad-message", "state") from None
        self.own_view = view
        self.round = RemoteRound(view)
        if view.result is not None:
            self._ended[(self.game_number, view.round_number)] = view

    # --- SessionFacts ----------------------------------------------------------------
    @property
    def you(self) -> int:
        """The player at this keyboard is "you" in every sentence."""
        return self.seat

    hotseat = False

    def is_human(self, seat: int) -> bool:
        return True

    def view(self, seat: int) -> PlayerView:
        if seat != self.seat:
            raise ValueError("only this seat's view is known here")
        return self.own_view

    def past_views(self, seat: int) -> Iterator[PlayerView]:
        """The rounds of this table that ended while this side watched (the match's earlier
        games too), oldest first, as this seat saw them last (`Session.past_views`)."""
        if seat != self.seat:
            raise ValueError("only this seat's view is known here")
        return (self._ended[key] for key in sorted(self._ended))


def refusal_text(message: dict[str, Any]) -> str:
    """A ``refused`` message in the player's language: the core's phrase, else the code's
    wording, else the English sent."""
    phrase = message.get("phrase")
    if isinstance(phrase, dict) and isinstance(phrase.get("template"), str):
        try:
            return phrase_text(Phrase(phrase["template"], **phrase_facts(phrase)))
        except (KeyError, IndexError, TypeError, ValueError):
            pass
    return worded(str(message.get("code", "")), str(message.get("message", "")))


class RemoteTableModel(TableModel):
    """One seat of an online table, with the interface of `TableModel`.

    The inherited parts that only read the seat's view (the knock and gin questions, the
    pile's story, the memory aid, which keys apply, the move log's sentences) work as
    they do at a local table; what changes the game goes to the host instead.
    """

    def __init__(
        self,
        seat: int,
        rules: Rules,
        state: dict[str, Any],
        channel: Channel,
        *,
        ascii: bool = False,
        unnamed: bool = False,
    ) -> None:
        """``unnamed``: the player here gave no name (`RemoteSession`)."""
        names = state.get("names") or ["", ""]
        config = TableConfig(ONLINE, "expert", (str(names[0]), str(names[1])), None, rules)
        super().__init__(config, ascii=ascii)
        self.remote = RemoteSession(config, seat, state, unnamed=unnamed)
        # The local game `TableModel` dealt is not used: every fact comes from the host.
        self.session = self.remote  # type: ignore[assignment]
        self.seat = seat
        self.channel = channel
        self.state = state
        self.seq = int(state.get("seq", 0))
        self.viewer = seat
        #: The position a move or a `ready` was sent for (None: nothing on its way).
        self.pending: int | None = None
        #: The last action sent (a stock draw selects the card drawn when it comes).
        self._sent: Action | None = None
        #: The position whose result was shown, and whether `ready` was said for it.
        self._result_shown: int | None = None
        #: Whether this side's own connection is up (False: reconnecting).
        self.connected = True
        #: Why the table cannot go on (the connection is lost for good, the host left).
        self.gone: str | None = None
        #: The host's last refusal, in words, until the screen shows it.
        self.refusal: str | None = None
        #: The round (game, round number) whose lines the log tells.
        self.round_key: tuple[int, int] | None = None
        #: Whether the log closed that round with its result and the totals.
        self._result_logged = False
        #: The turn clock as last told (None: no clock), and when that was (monotonic).
        clock = state.get("clock")
        self.clock: dict[str, Any] | None = clock if isinstance(clock, dict) else None
        self._clock_at = time.monotonic()
        #: Told after every message taken in: "state", "refused", "connection" or "gone".
        self.listener: Callable[[str], None] | None = None

    # --- taking the host's messages in ------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        """A message from the host; the listener hears what it changed."""
        kind = message.get("type")
        if kind == "state":
            try:
                self.remote.update(message)
            except ProtocolError as exc:
                self.lose(worded(exc.code))
                return
            self.state = message
            self.seq = int(message.get("seq", self.seq))
            clock = message.get("clock")
            self.clock = clock if isinstance(clock, dict) else None
            self._clock_at = time.monotonic()
            if self.pending is not None and self.seq != self.pending:
                self.pending = None
                view = self.remote.own_view
                if isinstance(self._sent, DrawStock) and view.drawn_card is not None:
                    self.selected = view.drawn_card
                self._sent = None
            self._notify("state")
        elif kind == "refused":
            self.pending = None
            self._sent = None
            self.refusal = sentence(refusal_text(message))
            self._notify("refused")

    def connection(self, up: bool) -> None:
        """This side's connection went down (reconnecting) or came back."""
        self.connected = up
        if not up:
            self.pending = None
        self._notify("connection")

    def lose(self, reason: str) -> None:
        """The table cannot go on: ``reason`` says why (the screen leaves it)."""
        if self.gone is None:
            self.gone = reason
            self._notify("gone")

    def _notify(self, what: str) -> None:
        if self.listener is not None:
            self.listener(what)

    # --- the table's facts --------------------------------------------------------------
    @property
    def other(self) -> int:
        return 1 - self.seat

    @property
    def other_present(self) -> bool:
        present = self.state.get("present")
        return not isinstance(present, list) or len(present) != 2 or bool(present[self.other])

    @property
    def match_over(self) -> bool:
        return self.remote.match_over

    @property
    def new_round(self) -> bool:
        """Whether the state shows a round the log has not started telling."""
        return self.round_key != (self.remote.game_number, self.remote.round.number)

    @property
    def new_game(self) -> bool:
        return self.round_key is not None and self.round_key[0] != self.remote.game_number

    @property
    def ready_sent(self) -> bool:
        ready = self.state.get("ready")
        mine = isinstance(ready, list) and len(ready) == 2 and bool(ready[self.seat])
        return mine or (self.pending is not None and self.pending == self.seq)

    # --- the turn clock -----------------------------------------------------------------
    def clock_left(self) -> int | None:
        """Whole seconds left to the seat the table waits for (None: no clock running)."""
        clock = self.clock
        if clock is None or not clock.get("seats") or self.remote.match_over:
            return None
        try:
            left = float(clock["left"]) - (time.monotonic() - self._clock_at)
        except (KeyError, TypeError, ValueError):
            return None
        return max(0, math.ceil(left))

    @property
    def clock_on_me(self) -> bool:
        """Whether the clock runs for this seat (its turn, or its ``ready``)."""
        clock = self.clock
        return clock is not None and self.seat in (clock.get("seats") or [])

    @property
    def clock_warning(self) -> bool:
        """The host's warning: a few seconds left for this seat."""
        return self.clock_on_me and bool((self.clock or {}).get("warning"))

    @property
    def played_for_me(self) -> bool:
        """Whether the last move was this seat's, played by the clock's computer."""
        return self.clock is not None and self.clock.get("played_for") == self.seat

    # --- the forfeit rule (host --forfeit) ------------------------------------------------
    @property
    def forfeit(self) -> int | None:
        """The seat that lost the match by forfeit (away too long), if one did."""
        match = self.state.get("match")
        seat = match.get("forfeit") if isinstance(match, dict) else None
        return seat if seat in (0, 1) and type(seat) is int else None

    def forfeit_left(self) -> int | None:
        """Whole seconds before the other player, away, loses the match by forfeit (None:
        the host has no forfeit rule, or they are here)."""
        rule = self.state.get("forfeit")
        if not isinstance(rule, dict) or self.match_over:
            return None
        try:
            away = rule["away"][self.other]
            if away is None:
                return None
            left = float(rule["after"]) - float(away) - (time.monotonic() - self._clock_at)
        except (KeyError, IndexError, TypeError, ValueError):
            return None
        return max(0, math.ceil(left))

    def forfeit_sentence(self) -> str | None:
        """The match's end by forfeit from this seat's side (None: it did not end so)."""
        loser = self.forfeit
        if loser is None:
            return None
        name = self.remote.names[self.other]
        if loser == self.seat:
            # TRANSLATORS: online, this player was away longer than the host allows (no
            # connection, or the turn clock playing for them): the other player wins.
            return _("You were away too long: {name} wins the match by forfeit.").format(name=name)
        # TRANSLATORS: online, the other player was away longer than the host allows.
        return _("{name} was away too long: you win the match by forfeit.").format(name=name)

    def wait_reason(self) -> str | None:
        """Why this seat cannot move now (None: it can)."""
        s = self.remote
        name = s.names[self.other]
        if self.gone is not None:
            return self.gone
        forfeit = self.forfeit_sentence()
        if forfeit is not None:
            return forfeit
        if not self.connected:
            return _("The connection to the host is lost: reconnecting…")
        if not self.other_present:
            left = self.forfeit_left()
            if left is not None:
                # TRANSLATORS: online, the other player's connection dropped and the host
                # has a forfeit rule; {time} is minutes:seconds, e.g. 4:59.
                return _(
                    "{name} is away: they lose the match by forfeit in {time}"
                    " unless they come back."
                ).format(name=name, time=f"{left // 60}:{left % 60:02d}")
            # TRANSLATORS: online, the other player's connection dropped.
            return _("{name} is away: the table waits for them to come back.").format(name=name)
        if self.pending is not None:
            # TRANSLATORS: online, a key pressed before the host answered the last move.
            return _("Wait: your move is on its way to the host.")
        if s.round_over:
            return _("The round is over.")
        if s.to_act != self.seat:
            return _("Wait: it is {name}'s turn.").format(name=name)
        return None

    def status(self) -> str:
        """The connection in a few words (the title bar)."""
        if not self.connected:
            # TRANSLATORS: the online table's connection state in the title bar (short).
            return _("reconnecting…")
        if not self.other_present:
            # TRANSLATORS: the online table's connection state: {name} left for now.
            return _("{name} is away").format(name=self.remote.names[self.other])
        # TRANSLATORS: the online table's connection state in the title bar (short).
        return _("online")

    # --- the turn loop (overriding the local table's) -----------------------------------
    def autosave(self) -> OSError | None:
        """The host saves online games (after every move, before anyone hears of it)."""
        return None

    def start_round(self, *, resumed: bool = False) -> None:
        """Start telling the round in the state (a new deal, or one joined midway)."""
        super().start_round(resumed=False)
        self.round_key = (self.remote.game_number, self.remote.round.number)
        self._result_shown = None
        self._result_logged = False
        self.sync_log()

    def sync_log(self) -> None:
        """Log the turns the history finished since the last time, and once the round is
        over its result and the totals (as a local table's log closes a round)."""
        rnd = self.remote.round
        turns = turns_of(rnd.history)
        for start, turn in turns:
            if start < self._logged:
                continue
            if not rnd.is_over and turn is turns[-1][1] and turn[0].player == rnd.to_act:
                break  # the turn in play is told when it ends
            self._log_turn(logged_events(turn))
            self._logged = start + len(turn)
        if rnd.is_over:
            self._logged = len(rnd.history)
            if not self._result_logged and rnd.result is not None:
                self._result_logged = True
                self._log_result()

    def advance(self) -> Next | Waiting:  # type: ignore[override]
        self.token += 1
        s = self.remote
        if s.round_over:
            if self._result_shown != self.seq and not self.ready_sent:
                self._result_shown = self.seq
                return ShowResult()
            return Waiting()
        return Waiting()

    @property
    def acting_seat(self) -> int | None:
        return self.seat if self.wait_reason() is None else None

    def is_current(self, token: int) -> bool:
        return False

    def play(self, action: Action) -> Refusal | None:
        why = self.wait_reason()
        if why is not None:
            return Refusal(why, True)
        self.pending = self.seq
        self._sent = action
        self.hinted = None
        self.channel.act(str(action), self.seq)
        return None

    def next_round(self) -> None:
        """The result was seen: say ``ready`` (the host deals when both have)."""
        if self.match_over or self.gone is not None or self.ready_sent:
            return
        if not self.remote.round_over:
            return
        self.pending = self.seq
        self.channel.ready(self.seq)

    def undo_refusal(self) -> str | None:
        # TRANSLATORS: `u` pressed in a game between two people (or online).
        return _("Undo is only for games against the computer: here it would show hidden cards.")

    def moment(self) -> tuple[int, int]:
        return (self.seq, len(self.remote.round.history))


def sentence(text: str) -> str:
    """A refusal as a sentence: a capital first letter and a full stop."""
    text = capitalise(text.strip())
    return text if not text or text[-1] in ".!?…" else text + "."


if TYPE_CHECKING:

    def _both_are_facts(local: Session, online: RemoteSession) -> tuple[SessionFacts, ...]:
        """mypy checks here that a local and an online game offer the same facts."""
        return local, online
