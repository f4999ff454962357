"""Games (rounds to the target) and matches (best of several games)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, IllegalActionError
from .cards import Card
from .errors import N_, Phrase
from .round import PlayerView, Round, RoundResult, shuffled_deck
from .rules import NextDealer, Rules

__all__ = ["Game", "GameOverError", "Match", "Totals"]


class GameOverError(IllegalActionError):
    """The game or match has ended, or the next round was asked for too early."""


def new_seed() -> int:
    """A fresh random seed, recorded so that the game can be replayed."""
    return secrets.randbelow(2**53)


@dataclass(frozen=True, slots=True)
class Totals:
    """A player's final score, bonuses itemised."""

    points: int
    game_bonus: int
    box_bonus: int
    shutout_multiplier: int

    @property
    def total(self) -> int:
        return (self.points + self.game_bonus + self.box_bonus) * self.shutout_multiplier


class Game:
    """Rounds until one player's total reaches the target.

    The first dealer is drawn from the seed; round ``n`` is dealt from
    ``shuffled_deck(f"{seed}:{n}")`` unless the caller deals explicitly, so a game is
    reproducible from its seed. ``str(game)`` is a score sheet and the current round's
    state (both hands shown; see `__str__`).

    Attributes (read them; change the game only through `apply` and `next_round`):

    - ``rules``: the `Rules` played.
    - ``seed``: the seed the game is dealt from (given, or drawn and kept to replay it).
    - ``first_dealer``: the seat (0 or 1) that dealt the first round.
    - ``scores``: each seat's points so far, ``[seat 0, seat 1]`` (without the bonuses of
      the end; `totals` adds them).
    - ``rounds_won``: how many rounds each seat has won (the box bonus counts them).
    - ``rounds``: every `Round` dealt, the current (or last) one last; `round` is it.
    - ``results``: the `RoundResult` of every finished round, in order (a dead round,
      ``kind`` draw, scores nothing).
    - ``score_history``: ``(seat 0, seat 1)`` totals after each finished round, one per
      result (for score sheets and charts).
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        start: bool = True,
    ) -> None:
        self.rules: Rules = rules if rules is not None else Rules()
        self.seed: int = seed if seed is not None else new_seed()
        if first_dealer is None:
            first_dealer = random.Random(f"ginrummy-dealer:{self.seed}").randrange(2)
        if first_dealer not in (0, 1):
            raise ValueError("first_dealer must be 0 or 1")
        self.first_dealer = first_dealer
        #: Each seat's points so far (the end's bonuses apart: see `totals`).
        self.scores: list[int] = [0, 0]
        #: How many rounds each seat has won.
        self.rounds_won: list[int] = [0, 0]
        #: The result of every finished round, in order.
        self.results: list[RoundResult] = []
        #: Game totals after each round, for score sheets and charts.
        self.score_history: list[tuple[int, int]] = []
        #: Every round dealt, the current (or last) one last.
        self.rounds: list[Round] = []
        self._winner: int | None = None
        if start:
            self.next_round()

    def __str__(self) -> str:
        """The score sheet (each round's result and the totals after it), then the current
        round as `Round.__str__` shows it."""
        rules = self.rules
        state = f"won by player {self.winner}" if self.winner is not None else f"to {rules.target}"
        lines = [f"Game ({rules.name}), seed {self.seed}, {state}"]
        lines.append(f"{'round':>5}  {'result':<10} {'winner':>6} {'points':>6}  {'totals':>9}")
        for number, (result, totals) in enumerate(
            zip(self.results, self.score_history, strict=True), start=1
        ):
            winner = "-" if result.winner is None else str(result.winner)
            lines.append(
                f"{number:>5}  {result.kind.value:<10} {winner:>6} {result.points:>6}"
                f"  {totals[0]:>4}-{totals[1]}"
            )
        lines.append(f"scores: {self.scores[0]} - {self.scores[1]}")
        if self.rounds and not self.round.is_over:
            lines += ["", str(self.round)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {len(self.rounds)}"
        return (
            f"<Game seed={self.seed}: {state}, scores {self.scores[0]}-{self.scores[1]}"
            f" to {self.rules.target}>"
        )

    # --- reading -----------------------------------------------------------------
    @property
    def round(self) -> Round:
        """The current (or last) round."""
        if not self.rounds:
            raise GameOverError(Phrase(N_("no round has been dealt yet")), code="no-round")
        return self.rounds[-1]

    @property
    def is_over(self) -> bool:
        """Whether a seat has reached the target (no more rounds)."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The seat that won the game, None while it goes on."""
        return self._winner

    @property
    def dealer(self) -> int:
        return self.round.dealer if self.rounds else self.first_dealer

    @property
    def round_over(self) -> bool:
        return bool(self.rounds) and self.round.is_over

    def view(self, player: int) -> PlayerView:
        return self.round.view(player)

    def legal_actions(self) -> list[Action]:
        """The current round's `Round.legal_actions` (none once the game is over)."""
        if self.is_over:
            return []
        return self.round.legal_actions()

    def next_dealer(self) -> int:
        """Who deals the next round."""
        if not self.rounds:
            return self.first_dealer
        last = self.round
        result = last.result
        if result is None or result.winner is None:
            return last.dealer
        rule = self.rules.next_dealer
        if rule is NextDealer.WINNER:
            return result.winner
        if rule is NextDealer.LOSER:
            return 1 - result.winner
        return 1 - last.dealer

    def totals(self) -> tuple[Totals, Totals]:
        """Final scores with the classic bonuses (bonuses only once the game is over)."""
        out = []
        for p in (0, 1):
            won = self._winner == p
            shutout = won and self.scores[1 - p] == 0
            out.append(
                Totals(
                    points=self.scores[p],
                    game_bonus=self.rules.game_bonus if won else 0,
                    box_bonus=self.rules.box_bonus * self.rounds_won[p] if self.is_over else 0,
                    shutout_multiplier=self.rules.shutout_multiplier if shutout else 1,
                )
            )
        return out[0], out[1]

    # --- playing -----------------------------------------------------------------
    def next_round(self, deck: Sequence[Card] | None = None) -> Round:
        """Deal the next round (after the previous one ended), optionally from ``deck``."""
        if self.is_over:
            raise GameOverError(Phrase(N_("the game is over")), code="game-over")
        if self.rounds and not self.round.is_over:
            raise GameOverError(
                Phrase(N_("the current round is still being played")), code="round-in-play"
            )
        number = len(self.rounds) + 1
        order = deck if deck is not None else shuffled_deck(f"{self.seed}:{number}")
        rnd = Round(
            self.rules,
            dealer=self.next_dealer(),
            deck=order,
            scores=(self.scores[0], self.scores[1]),
            number=number,
        )
        self.rounds.append(rnd)
        return rnd

    def apply(self, action: Action, player: int | None = None) -> RoundResult | None:
        """Apply an action to the current round; returns the round's result if it ended."""
        if self.is_over:
            raise GameOverError(Phrase(N_("the game is over")), code="game-over")
        rnd = self.round
        rnd.apply(action, player)
        if rnd.result is not None:
            self._record(rnd.result)
            return rnd.result
        return None

    def rewind(self, moves: int) -> Round:
        """The current round again with only its first ``moves`` actions (taking moves
        back): dealt again from its deck and replayed. Only a round still in play can be
        rewound (a finished one is scored); ``moves`` is 0 to the actions played."""
        rnd = self.round
        if rnd.is_over:
            raise GameOverError(Phrase(N_("the round is over")), code="round-over")
        actions = rnd.actions
        if not 0 <= moves <= len(actions):
            raise ValueError(f"cannot rewind to move {moves} of {len(actions)}")
        again = rnd.dealt_again()
        for action in actions[:moves]:
            again.apply(action)
        self.rounds[-1] = again
        return again

    def _record(self, result: RoundResult) -> None:
        self.results.append(result)
        if result.winner is not None:
            self.scores[result.winner] += result.points
            self.rounds_won[result.winner] += 1
            if self.scores[result.winner] >= self.rules.target:
                self._winner = result.winner
        self.score_history.append((self.scores[0], self.scores[1]))


class Match:
    """Best of ``rules.games`` games (the Tournament preset: best of five, each to 250)."""

    def __init__(
        self, rules: Rules | None = None, *, seed: int | None = None, start: bool = True
    ) -> None:
        self.rules: Rules = rules if rules is not None else Rules.preset("Tournament")
        self.seed: int = seed if seed is not None else new_seed()
        self.games: list[Game] = []
        self.games_won: list[int] = [0, 0]
        if start:
            self.next_game()

    @property
    def game(self) -> Game:
        return self.games[-1]

    @property
    def is_over(self) -> bool:
        return max(self.games_won) >= self.rules.games_to_win

    @property
    def winner(self) -> int | None:
        for p in (0, 1):
            if self.games_won[p] >= self.rules.games_to_win:
                return p
        return None

    def next_game(self, *, start: bool = True) -> Game:
        """Begin the next game; ``start=False`` leaves its first round undealt (for restores)."""
        if self.is_over:
            raise GameOverError(Phrase(N_("the match is over")), code="match-over")
        if self.games and not self.game.is_over:
            raise GameOverError(
                Phrase(N_("the current game is still being played")), code="game-in-play"
            )
        seed = _sub_seed(self.seed, len(self.games) + 1)
        game = Game(self.rules, seed=seed, start=start)
        self.games.append(game)
        return game

    def apply(self, action: Action, player: int | None = None) -> RoundResult | None:
        result = self.game.apply(action, player)
        if self.game.is_over:
            winner = self.game.winner
            assert winner is not None
            self.games_won[winner] += 1
        return result


def _sub_seed(seed: int, n: int) -> int:
    return random.Random(f"ginrummy-game:{seed}:{n}").randrange(2**53)
