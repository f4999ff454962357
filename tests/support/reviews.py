"""Small evaluators for the review's tests: a review in a fraction of a second."""

from __future__ import annotations

import threading
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen

from ginrummy.players.evaluator import Evaluator


def small_evaluator() -> Evaluator:
    """Few worlds per decision: the review's shape and flow, not its precision."""
    return Evaluator(4, seed=1, screen=2, finalists=1)


class Gated(Evaluator):
    """The small evaluator, waiting for ``gate`` (at most ``wait`` seconds) before each
    evaluation, and counting them."""

    def __init__(self, gate: threading.Event, wait: float = 10.0) -> None:
        super().__init__(4, seed=1, screen=2, finalists=1)
        self.gate = gate
        self.wait = wait
        self.evaluated = 0

    def evaluate(self, view: Any, keep: Any = ()) -> Any:
        self.gate.wait(self.wait)
        self.evaluated += 1
        return super().evaluate(view, keep=keep)


async def review_from_the_statistics(pilot: Pilot[Any]) -> Screen[Any]:
    """Open the statistics (F6) from the start screen and press `r` on the latest game:
    the screen that comes (the review, or the question which game of a match)."""
    from ginrummy.app.screens.stats import StatsScreen

    await pilot.press("f6")
    await pilot.pause()
    assert isinstance(pilot.app.screen, StatsScreen)
    await pilot.press("r")
    await pilot.pause()
    return pilot.app.screen
