"""The review of a finished game: every decision of a seat graded, its accuracy and luck.

`review(record, seat, evaluator)` replays the record's rounds and, at each decision of the
seat that had more than one legal choice, asks the `Evaluator` for the game-win chance of
every choice from the seat's view alone. The result is data (`Review`, `SeatReview`,
`RoundReview`, `Decision`, `LuckEvent`); `ginrummy.text` words it.

**Loss** of a decision: the best choice's chance less the chance of the move played
(fractions of one game won; 0 when the move played is the best).

**Grades** (`grade`), by the loss: good below `INACCURACY` (0.02), inaccuracy from it,
mistake from `MISTAKE` (0.05), blunder from `BLUNDER` (0.12). How they were set, at the
default budget (``python -m ginrummy.tools.reviewbench noise`` and ``rank``, figures in
BENCHMARKS.md): one evaluation's loss moves by a standard deviation of about 0.008
between two seeds, so an inaccuracy is about 2.5 of those above nothing and a mistake
about 6; on 61 first rounds of each bot against the expert, 1.2% of the master's
decisions are graded mistake or worse (the target is at most 2%), 2.1% of the expert's,
2.6% of the simple bot's and 19% of a random player's, with 3.5% blunders. A loss of
0.03 or more is confirmed on four times the worlds (`Evaluator`): in whole games the
master's share was 3.51% without it (8.55% once a score reached 75, where a round
decides the game and the noise is twice as large) and 1.09% with it (2.24%).

**Cost** (`RoundReview.cost`, `SeatReview.cost`): what the seat's **errors** (its
decisions graded mistake or blunder) gave away, summed. It is the figure to show a
player: every decision carries the evaluation's noise (a few thousandths of a game), so
the sum of every decision's loss (`loss`) grows with the number of decisions whatever
the play (a whole game's can pass 100%), while the errors' cost counts only the losses
the review stands behind. Inaccuracies are left out of it too: a loss of 0.02 is only
about 2.5 deviations of the noise, and a game holds a hundred decisions (over four
expert-vs-master games the expert's inaccuracies or worse summed to 34-80% of a game,
its mistakes and blunders to 5-42%). `mean_loss` (the mean over every decision) stays the ranking
measure of the benchmarks.

**Accuracy** (`accuracy`), lichess's mapping from win-chance loss to a move's accuracy:
``103.1668 * exp(-0.04354 * 100 * loss) - 3.1669``, clamped to 0-100 (a loss of 0 is 100,
0.05 is 80, 0.10 is 63); a round's or a game's accuracy is the mean over its decisions.

**Luck**: what the cards brought, the seat's less the opponent's, in fractions of one
game won (positive is good luck), as backgammon's luck rating counts both players'
dice. A deal's luck is a seat's chance at its first decision of the round (with the best
choice) less its chance before the deal from the scores alone; a stock draw's is the
chance after the card drawn less the chance after the average card
(`Evaluator.draw_luck`). The opponent's deal and draws are valued from the opponent's
view (its cards are known once the game is over, as for display) and count against the
seat; the bias a deal's luck keeps (about +0.01 a round) is then cancelled. The
decisions' values still use the seat's view alone. Not luck: a discard that the
opponent's hidden cards turn into its gin is a decision, valued from what the seat
could see.

The opponent's cards at each decision are kept for display only (`Decision.opponent_hand`,
known once the game is over); the evaluation never reads them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from ..core.actions import Action, DrawStock
from ..core.cards import Card
from ..core.game import Game
from ..core.record import Record
from ..core.round import Phase
from .evaluator import Evaluator

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "Decision",
    "Grade",
    "LuckEvent",
    "Review",
    "RoundReview",
    "SeatReview",
    "Stopped",
    "accuracy",
    "grade",
    "is_error",
    "review",
    "review_game",
]

#: Loss thresholds (fractions of one game won) of the grades.
INACCURACY: Final = 0.02
MISTAKE: Final = 0.05
BLUNDER: Final = 0.12


class Grade(Enum):
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def grade(loss: float) -> Grade:
    """The grade of a decision that gave away ``loss`` of a game won."""
    if loss >= BLUNDER:
        return Grade.BLUNDER
    if loss >= MISTAKE:
        return Grade.MISTAKE
    if loss >= INACCURACY:
        return Grade.INACCURACY
    return Grade.GOOD


def accuracy(loss: float) -> float:
    """A decision's accuracy, 0-100, from its loss (lichess's formula, see above)."""
    value = 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669
    return max(0.0, min(100.0, value))


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat."""

    round: int
    #: The index of the move in its round's actions (0 = the first action).
    move: int
    phase: Phase
    stock: int
    played: Action
    best: Action
    #: The game-win chance of each legal choice, the best first.
    choices: tuple[tuple[Action, float], ...]
    win_played: float
    win_best: float
    loss: float
    grade: Grade
    #: The seat's hand at the decision.
    hand: tuple[Card, ...]
    #: The top of the discard pile at the decision (what a take takes).
    top: Card | None
    #: The opponent's whole hand at that moment: for display after the game, never used
    #: by the evaluation.
    opponent_hand: tuple[Card, ...]

    @property
    def accuracy(self) -> float:
        return accuracy(self.loss)


@dataclass(frozen=True, slots=True)
class LuckEvent:
    """A change of fortune: a deal (``card`` None) or a stock draw of ``card``, of the
    reviewed seat or (``opponent``) of the other seat."""

    round: int
    move: int
    card: Card | None
    #: The change in the reviewed seat's game-win chance against the average (positive:
    #: good luck; the opponent's good fortune counts against the seat).
    luck: float
    #: Whether the cards were the opponent's (valued from the opponent's view).
    opponent: bool = False


def is_error(d: Decision) -> bool:
    """Whether ``d`` is an error: graded mistake or blunder. An inaccuracy is not: its
    loss is within a few deviations of the evaluation's noise, and a game holds many."""
    return d.grade in (Grade.MISTAKE, Grade.BLUNDER)


def _summary(decisions: Iterable[Decision]) -> tuple[int, float, float, dict[Grade, int]]:
    ds = list(decisions)
    counts = dict.fromkeys(Grade, 0)
    for d in ds:
        counts[d.grade] += 1
    loss = sum(d.loss for d in ds)
    acc = sum(d.accuracy for d in ds) / len(ds) if ds else 100.0
    return len(ds), loss, acc, counts


@dataclass(frozen=True, slots=True)
class RoundReview:
    """One round of the reviewed seat."""

    number: int
    decisions: tuple[Decision, ...]
    luck_events: tuple[LuckEvent, ...]
    #: The seat's signed points of the round (negative: the opponent scored).
    points: int

    @property
    def loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def luck(self) -> float:
        return sum(e.luck for e in self.luck_events)

    @property
    def errors(self) -> int:
        """The decisions graded mistake or blunder."""
        return sum(1 for d in self.decisions if is_error(d))

    @property
    def cost(self) -> float:
        """What the errors gave away (fractions of one game won; see the module)."""
        return sum(d.loss for d in self.decisions if is_error(d))

    @property
    def accuracy(self) -> float:
        return _summary(self.decisions)[2]

    def count(self, g: Grade) -> int:
        return sum(1 for d in self.decisions if d.grade is g)


@dataclass(frozen=True, slots=True)
class SeatReview:
    """Every reviewed decision of one seat in one game, by round."""

    seat: int
    name: str
    #: The bot's level where a bot played, else the seat's kind (``person``, ``remote``).
    player: str
    rounds: tuple[RoundReview, ...]

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(d for r in self.rounds for d in r.decisions)

    @property
    def loss(self) -> float:
        """The game-win chance given away over the game (fractions of one game)."""
        return sum(r.loss for r in self.rounds)

    @property
    def errors(self) -> int:
        """The decisions graded mistake or blunder."""
        return sum(r.errors for r in self.rounds)

    @property
    def cost(self) -> float:
        """What the errors gave away over the game (fractions of one game won)."""
        return sum(r.cost for r in self.rounds)

    @property
    def mean_loss(self) -> float:
        n = len(self.decisions)
        return self.loss / n if n else 0.0

    @property
    def accuracy(self) -> float:
        return _summary(self.decisions)[2]

    @property
    def luck(self) -> float:
        return sum(r.luck for r in self.rounds)

    def count(self, g: Grade) -> int:
        return sum(r.count(g) for r in self.rounds)


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one game: the seats reviewed, and the game's outcome."""

    seats: tuple[SeatReview, ...]
    winner: int | None
    scores: tuple[int, int]
    #: The evaluator's `Evaluator.version` (what a cache is keyed by).
    evaluator: str


class Stopped(Exception):
    """`review`'s ``stop()`` said to stop (the review was no longer wanted)."""


def _round_review(
    game: Game,
    index: int,
    seat: int,
    evaluator: Evaluator,
    stop: Callable[[], bool] | None = None,
) -> RoundReview:
    played = game.rounds[index]
    rnd = played.dealt_again()
    decisions: list[Decision] = []
    luck: list[LuckEvent] = []
    # Each seat's deal is valued at its first decision (with more than one choice).
    dealt = [False, False]
    for move, action in enumerate(played.actions):
        actor = rnd.to_act
        if actor is None:  # pragma: no cover - a recorded round's actions all have one
            raise ValueError(f"round {played.number}: an action after the round was over")
        view = rnd.view(actor)
        legal = view.legal_actions()
        if actor == seat and len(legal) > 1:
            if stop is not None and stop():
                raise Stopped
            ev = evaluator.evaluate(view, keep=(action,))
            if not dealt[actor]:
                dealt[actor] = True
                deal = ev.best.win - evaluator.position(view)
                luck.append(LuckEvent(played.number, move, None, deal))
            mine = ev.value_of(action).win
            loss = max(0.0, ev.best.win - mine)
            decisions.append(
                Decision(
                    round=played.number,
                    move=move,
                    phase=view.phase,
                    stock=view.stock_size,
                    played=action,
                    best=ev.best.action if loss > 0 else action,
                    choices=tuple((c.action, c.win) for c in ev.choices),
                    win_played=mine,
                    win_best=ev.best.win,
                    loss=loss,
                    grade=grade(loss),
                    hand=view.hand,
                    top=view.top_discard,
                    opponent_hand=rnd.hand(1 - seat),
                )
            )
        elif actor != seat and len(legal) > 1 and not dealt[actor]:
            if stop is not None and stop():
                raise Stopped
            dealt[actor] = True
            # Valued as that seat's own review values it (the same evaluation).
            ev = evaluator.evaluate(view, keep=(action,))
            deal = ev.best.win - evaluator.position(view)
            luck.append(LuckEvent(played.number, move, None, -deal, opponent=True))
        rnd.apply(action)
        if isinstance(action, DrawStock):
            card = rnd.view(actor).drawn_card
            assert card is not None
            value = evaluator.draw_luck(view, card)
            luck.append(
                LuckEvent(played.number, move, card, value if actor == seat else -value,
                          opponent=actor != seat)
            )  # fmt: skip
    result = played.result
    points = 0
    if result is not None and result.winner is not None:
        points = result.points if result.winner == seat else -result.points
    return RoundReview(played.number, tuple(decisions), tuple(luck), points)


def review(
    source: Record | Game,
    seat: int,
    evaluator: Evaluator,
    progress: Callable[[int, int], None] | None = None,
    *,
    rounds: Iterable[int] | None = None,
    stop: Callable[[], bool] | None = None,
) -> SeatReview:
    """The review of ``seat`` in a game (a `Record` or a `Game`): its decisions graded,
    round by round. ``progress(done, total)`` is told after each round (for a progress
    bar). ``rounds``: the indexes (0 = the first) of the rounds to review, in order (by
    default every round; a round's review does not depend on the others, so one round
    of a game in progress can be reviewed as soon as it is over). ``stop()`` is asked
    before each evaluation: true raises `Stopped` (a review no longer wanted stops within
    one decision rather than at the end of a round)."""
    if isinstance(source, Record):
        game, sitting = source.game, source.seats[seat]
        name = sitting.name
        player = sitting.level if sitting.level is not None else sitting.kind
    else:
        game, name, player = source, f"{seat}", "person"
    chosen = list(range(len(game.rounds)) if rounds is None else rounds)
    for i in chosen:
        if not 0 <= i < len(game.rounds):
            raise IndexError(f"no round {i} in a game of {len(game.rounds)}")
    total = len(chosen)
    done = []
    for n, i in enumerate(chosen, 1):
        done.append(_round_review(game, i, seat, evaluator, stop))
        if progress is not None:
            progress(n, total)
    return SeatReview(seat, name, player, tuple(done))


def review_game(source: Record, evaluator: Evaluator, seats: Iterable[int] | None = None) -> Review:
    """The review of a record's game for ``seats`` (default: `Record.reviewed_seats`)."""
    chosen = tuple(source.reviewed_seats if seats is None else seats)
    game = source.game
    return Review(
        tuple(review(source, s, evaluator) for s in chosen),
        game.winner,
        (game.scores[0], game.scores[1]),
        evaluator.version,
    )
