"""The hint giver: the master's move for the seat to act, checked by the evaluator, with
the facts behind it.

`HintGiver.advise(view)` asks the master for its hint (its move, weighing the chance of
feeding the opponent a little more among its closest discards), then the `Evaluator`
(`evaluator.py`) for the game-win chance of every legal choice, from the seat's view
alone, at the review's own budget and seed (`HINT_SAMPLES`, `HINT_SEED`), the master's
move valued on every world as the review values the move played (and confirmed on four
times the worlds when it loses, as the review confirms a move played: `Evaluator`). The
master's move is advised when the evaluation grades it good; otherwise the evaluator's
best is, which the review grades good when it is played. So the
review of the game, which values the same choices on the same worlds, grades the hint
*good* (`scripts/hint_bench.py --agreement` measures it), while a player who follows the
hints plays the master's game: the evaluator's best alone, played every turn, won 22 of
70 games against the master (BENCHMARKS.md), for its play-outs are greedy.

The advice is data (`Advice`, built by `hint_advice`), in `Unit.WIN_CHANCE`: the move
first, then the other options best first, and the facts a person can check at the table.
`ginrummy.text.hints` words it.

This module is light: the hint key makes a `HintGiver` on the UI thread, and the master's
and the evaluator's modules are loaded by the worker that computes the hint, on its first
`advise`. Cost of a hint: the master's decision and one evaluation (BENCHMARKS.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from ..core.round import PlayerView
from .style import KnockStyle

if TYPE_CHECKING:
    from .advice import Advice
    from .evaluator import Evaluator

__all__ = ["HINT_SAMPLES", "HINT_SEED", "HintGiver"]

#: Worlds per hint: the review's default budget (`evaluator.DEFAULT_SAMPLES`), which fits
#: play's time (a mean of about 85 ms, the target is 150 ms), so that the hint and the
#: review value a decision alike.
HINT_SAMPLES: Final = 48
#: The evaluator's seed for hints: the review's default.
HINT_SEED: Final = 0


class HintGiver:
    """Advises the seat to act by the evaluator, and says why with numbers.

    ``samples`` and ``seed``: the evaluator's budget and seed (the review's by default).
    It reads the opponent's style from the rounds it is told (`recall`), to say that an
    opponent knocks early; the move advised never depends on it. Use one per thread."""

    name = "hint"

    def __init__(self, samples: int = HINT_SAMPLES, seed: int | str = HINT_SEED) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.seed = seed
        #: How eagerly the opponent knocks, read from the rounds recalled.
        self.style = KnockStyle()
        self._evaluator: Evaluator | None = None
        self._rounds: tuple[PlayerView, ...] = ()

    @property
    def evaluator(self) -> Evaluator:
        """The evaluator the hints come from (made, and its modules loaded, when first
        asked for)."""
        if self._evaluator is None:
            from .evaluator import Evaluator

            self._evaluator = Evaluator(self.samples, seed=self.seed)
        return self._evaluator

    def recall(self, rounds: Iterable[PlayerView]) -> None:
        """Read the opponent's style from rounds that ended before the hint was asked."""
        self._rounds = tuple(rounds)
        self.style.recall(self._rounds)

    def advise(self, view: PlayerView) -> Advice:
        """The move to advise for ``view`` (the seat to act), with its facts: the master's
        own hint when the evaluation grades it good, else the evaluator's best."""
        from .hint_advice import advice_for
        from .master import MasterPlayer

        master = MasterPlayer(self.seed)
        master.recall(self._rounds)
        return advice_for(self.evaluator, view, self.style.eager, master.advise(view).action)
