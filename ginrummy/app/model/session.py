"""The game being played, seen from the table: who sits where, which seats are computers.

`Session` wraps a core `Game` (or a `Match` when the rules play several games) and only
uses the core's public API. It knows which seats are people and which are computers and
the players' names. No Textual or Rich here, so it is easy to test and to reason about.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from ...core import Action, Game, Match, PlayerView, Round, RoundResult
from ...core.player import Player
from ...players import Remembering, make_player
from ...text.names import display_name
from ...text.results import explain_result
from .facts import GameFacts, MatchFacts, RoundFacts
from .seats import COMPUTER, HOTSEAT, TableConfig


class _Parts(Protocol):
    """What `SessionReading` reads its facts from (a local or an online game)."""

    @property
    def stored_names(self) -> tuple[str, str]: ...
    @property
    def you(self) -> int | None: ...
    @property
    def round(self) -> RoundFacts: ...
    @property
    def game(self) -> GameFacts: ...
    @property
    def match(self) -> MatchFacts | None: ...


class SessionReading:
    """The facts a local game (`Session`) and an online one (`RemoteSession`) read alike
    from their names, round, game and match."""

    @property
    def names(self: _Parts) -> tuple[str, str]:
        """The players' names as shown, in the current language."""
        return _shown(self.stored_names)

    @property
    def to_act(self: _Parts) -> int:
        return self.round.to_act

    @property
    def round_over(self: _Parts) -> bool:
        return self.round.is_over

    @property
    def game_over(self: _Parts) -> bool:
        return self.game.is_over

    @property
    def game_number(self: _Parts) -> int:
        """Which game of the match is played (1 for a single game)."""
        return len(self.match.games) if self.match is not None else 1

    def explain(self: _Parts, result: RoundResult) -> str:
        """The round's result in words ("you" for the person playing the computer)."""
        return explain_result(result, _shown(self.stored_names), you=self.you)


def _shown(stored: tuple[str, str]) -> tuple[str, str]:
    a, b = stored
    return display_name(a), display_name(b)


class Session(SessionReading):
    """One game (or match) at the table: the core state plus seats, names and bots."""

    def __init__(self, config: TableConfig, restored: Game | Match | None = None) -> None:
        """A new game from ``config``, or ``restored`` (a saved game) continued."""
        self.config = config
        self.rules = config.rules if restored is None else restored.rules
        #: The names as stored (English defaults such as "You"; see `DEFAULT_NAMES`).
        self.stored_names: tuple[str, str] = config.names
        self.match: Match | None
        self._game: Game | None
        if restored is not None:
            self.match = restored if isinstance(restored, Match) else None
            self._game = restored if isinstance(restored, Game) else None
        else:
            self.match = Match(config.rules, seed=config.seed) if config.rules.is_match else None
            self._game = None if self.match is not None else Game(config.rules, seed=config.seed)
        #: Seat -> bot; seats without a bot are people at the keyboard. The bots re-read
        #: the round's public history every move; what one learns from how earlier rounds
        #: ended (the master's reading of the opponent's style) a new bot is told
        #: (`_seat_bot`), so a restored game gives it the information it had.
        self.bots: dict[int, Player] = {}
        if config.mode == COMPUTER:
            self._seat_bot(1)

    def _seat_bot(self, seat: int) -> None:
        """Seat a new bot at the level chosen, told how the rounds so far ended (those of
        the match's earlier games too: the same person sits across the table)."""
        bot = make_player(self.config.level, seed=self.game.seed)
        if isinstance(bot, Remembering):
            bot.recall(self.past_views(seat))
        self.bots[seat] = bot

    def past_views(self, seat: int) -> Iterator[PlayerView]:
        """Every round played at this table so far that ended (the match's earlier games
        too), oldest first, as ``seat`` saw it last: its public history and its result."""
        games = self.match.games if self.match is not None else [self.game]
        return (r.view(seat) for g in games for r in g.rounds if r.result is not None)

    # --- reading -----------------------------------------------------------------
    @property
    def state(self) -> Game | Match:
        """What a save records: the match if several games are played, else the game."""
        return self.match if self.match is not None else self.game

    @property
    def game(self) -> Game:
        """The game being played (the current one of a match)."""
        if self.match is not None:
            return self.match.game
        assert self._game is not None
        return self._game

    @property
    def you(self) -> int | None:
        """The seat addressed as "you" in sentences: the person playing the computer."""
        return 0 if self.config.mode == COMPUTER else None

    @property
    def round(self) -> Round:
        return self.game.round

    @property
    def hotseat(self) -> bool:
        return self.config.mode == HOTSEAT

    def is_human(self, seat: int) -> bool:
        return seat not in self.bots

    def view(self, seat: int) -> PlayerView:
        return self.round.view(seat)

    @property
    def match_over(self) -> bool:
        return self.match.is_over if self.match is not None else self.game.is_over

    # --- playing -----------------------------------------------------------------
    def apply(self, action: Action, seat: int) -> RoundResult | None:
        """Apply a seat's action (raises the core's IllegalActionError, changing nothing)."""
        if self.match is not None:
            return self.match.apply(action, seat)
        return self.game.apply(action, seat)

    def bot_action(self, seat: int, view: PlayerView) -> Action:
        """Ask the bot in ``seat`` for its move (safe to call from a worker thread)."""
        return self.bots[seat].choose(view)

    def rewind(self, moves: int) -> None:
        """Take moves back: the round in play again with only its first ``moves`` actions."""
        self.game.rewind(moves)

    def next_round(self) -> None:
        """Deal the next round of this game, or start the next game of the match."""
        if self.game.is_over:
            if self.match is None or self.match.is_over:
                raise ValueError("the game is over")
            self.match.next_game()
            if self.config.mode == COMPUTER:
                self._seat_bot(1)
        else:
            self.game.next_round()
