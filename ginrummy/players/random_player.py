"""A player that picks uniformly among the legal actions: for fuzzing the engine."""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.round import PlayerView


class RandomPlayer:
    """Uniformly random legal moves, reproducible from its seed."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(f"ginrummy-random-player:{seed}")

    def choose(self, view: PlayerView) -> Action:
        return self._rng.choice(view.legal_actions())
