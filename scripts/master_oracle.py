"""Which of the master's decisions would gain from seeing the opponent's hand: a diagnosis.

    python scripts/master_oracle.py OPPONENT RULES GAMES SEED [PARTS ...]

Plays the arena's games 0 .. GAMES-1 of SEED (same deals, seats and dealers as
`ginrummy arena`) with the master as it is, and once more per PART with the master shown
the opponent's true hand in that part of its play only. A PART is any of these letters:

- ``k``: the knock decision's samples are the true hand (the stock order stays unknown);
- ``f``: the samples that judge what a discard feeds the opponent are the true hand;
- ``p``: the per-card chances that the opponent holds a card (the one-draw gain, the
  danger formula) are the truth;
- ``r``: the replayed samples of the discards' reply and of the hazard (how likely the
  opponent goes out next) are the true hand; ``y``: those of the reply only; ``z``: those
  of the hazard only;
- ``n`` (with any of the above): only while the true hand is one card from going out
  (some card it does not hold would let it knock or go gin); ``m``: only while it is
  not; ``g`` with either: one card from gin, not from going out. They split what seeing
  the hand is worth between the turns that decide whether the opponent goes out next
  and the long build-up before them.

For each it prints what `scripts/master_ab.py` prints: the games won, the style of play,
and the games won and lost against the master as it is. This cheats on purpose (it
reads the round's hidden state), so it is a script, never a player: it says how much
better reading in each part could gain, not how to get it.

Example (the fifth session's diagnosis in BENCHMARKS.md at 8789123):

    python scripts/master_oracle.py eaai EAAI 400 1 k f p kfp
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import master_ab  # next to this script (the script's folder is first on sys.path)
from master_belief import reach

from ginrummy.core import round as round_module
from ginrummy.core.cards import mask_of
from ginrummy.core.round import PlayerView, Round
from ginrummy.players import master as master_module
from ginrummy.players.master import MasterPlayer, Reading

#: The true hand of each seat's opponent, as of the last view made for that seat.
_TRUE: dict[int, int] = {}
#: The knock limit of the round each seat last saw.
_LIMIT: dict[int, int] = {}
_PARTS = "kfpryznmg"


class OracleMaster(MasterPlayer):
    """The master, shown the opponent's hand in the parts named by ``oracle``."""

    #: Letters of `_PARTS`; the A/B runner sets it per variant.
    oracle = ""

    def _exact(self, reading: Reading, player: int, *, chances: bool) -> Reading:
        true = _TRUE[player]
        if {"n", "m", "g"} & set(self.oracle):
            near = reach(true) <= (0 if "g" in self.oracle else _LIMIT[player])
            if near == ("m" in self.oracle):
                return reading
        if chances:
            return replace(
                reading, in_opponent={b: 1.0 if b & true else 0.0 for b in reading.unseen}
            )
        # Samples: the true cards outweigh all others; no improvement draws.
        weights = [1e9 if b & true else 1.0 for b in reading.unseen]
        return replace(reading, weights=weights, opponent_draws=0)

    def advise(self, view: PlayerView) -> Any:
        self._player = view.player
        if "p" not in self.oracle:
            return super().advise(view)
        real = master_module.read_view

        def exact_view(v: PlayerView, *args: Any, **kwargs: Any) -> Reading:
            return self._exact(real(v, *args, **kwargs), v.player, chances=True)

        master_module.read_view = exact_view  # type: ignore[assignment]
        try:
            return super().advise(view)
        finally:
            master_module.read_view = real

    def _knock_choice(self, view: PlayerView, reading: Reading, *args: Any) -> int:
        if "k" in self.oracle:
            reading = self._exact(reading, view.player, chances=False)
        return super()._knock_choice(view, reading, *args)

    def _reply_rerank(
        self, view: PlayerView, out: Any, hand11: int, reading: Reading, rng: Any
    ) -> Any:
        if {"r", "y"} & set(self.oracle):
            reading = self._exact(reading, view.player, chances=False)
        return super()._reply_rerank(view, out, hand11, reading, rng)

    def _hazard(self, view: PlayerView, reading: Reading) -> float:
        if {"r", "z"} & set(self.oracle):
            reading = self._exact(reading, view.player, chances=False)
        return super()._hazard(view, reading)

    def _opponent_hands(self, reading: Reading, *args: Any) -> list[int]:
        if "f" in self.oracle:
            reading = self._exact(reading, self._player, chances=False)
        return super()._opponent_hands(reading, *args)


def _spy(view_of: Callable[[Round, int], PlayerView]) -> Callable[[Round, int], PlayerView]:
    """`Round.view`, noting each seat's opponent's true hand on the way."""

    def view(self: Round, player: int) -> PlayerView:
        _TRUE[player] = mask_of(self.hand(1 - player))
        _LIMIT[player] = self.knock_limit
        return view_of(self, player)

    return view


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__)
        return 2
    parts = argv[4:] or list(_PARTS)
    bad = [p for p in parts if not p or set(p) - set(_PARTS)]
    if bad:
        raise SystemExit(f"master_oracle: parts are letters of {_PARTS!r}, not {bad[0]!r}")
    round_module.Round.view = _spy(round_module.Round.view)  # type: ignore[method-assign,assignment]
    master_ab.BASE = OracleMaster
    variants = ["seen-nothing:"] + [f"{p}:oracle={p!r}" for p in parts]
    return master_ab.main(argv[:4] + variants)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
