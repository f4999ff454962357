"""Typed messages the widgets and workers send up to the screen that owns the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from textual.message import Message

from ..core import Action, Card

if TYPE_CHECKING:
    from ..players import Advice

PileName = Literal["stock", "discard"]


class CardClicked(Message):
    """The player clicked one of their cards."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class PileClicked(Message):
    """The player clicked the stock or the discard pile."""

    def __init__(self, pile: PileName) -> None:
        super().__init__()
        self.pile: PileName = pile


class ComputerMoved(Message):
    """A computer player chose its action (computed in a worker; applied by the screen)."""

    def __init__(self, seat: int, action: Action, token: int) -> None:
        super().__init__()
        self.seat = seat
        self.action = action
        #: Which turn this answers, so a stale answer (after a new game) is ignored.
        self.token = token


class HintReady(Message):
    """A hint was computed in a worker: the advice (None if the bot failed, with the
    error's name), for the moment of the game it was asked at."""

    def __init__(self, advice: Advice | None, error: str, moment: tuple[int, int]) -> None:
        super().__init__()
        self.advice = advice
        self.error = error
        self.moment = moment
