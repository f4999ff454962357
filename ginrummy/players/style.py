"""How eagerly the opponent knocks, read from the game's scores round by round.

A player sees only its views, and a round's view ends before the round does; what the
last round came to shows at the next one, in the scores. With what it did itself (it
went out or not, the deadwood it kept), a player can tell how the opponent ended it:

- it went out and the opponent scored fewer points than the player's own deadwood:
  a knock (the lay-offs and the knocker's deadwood only take points away);
- it went out with more: gin (the bonus on top of the deadwood);
- the player scored without going out: it undercut the opponent's knock;
- nobody scored: the stock ran out.

A greedy knocker (Neller's simple player: it knocks as soon as it may) ends nearly every
round it ends by a knock; a careful one (it waits for gin or an undercut when the knock
looks risky) ends many by gin, or lets the stock run out. Against the master, eaai ended
162 of 165 rounds by a knock, expert 66 of 112 and defensive 19 of 55 (25 games each).
"""

from __future__ import annotations

import math
from typing import Final

from ..core.melds import min_deadwood_mask
from ..core.round import PlayerView

__all__ = ["KnockStyle", "bayes_step"]

#: The log-odds a belief may reach either way (it stays ready to change its mind).
LOG_ODDS_CAP: Final = 4.0


def bayes_step(log_odds: float, likelihood: tuple[float, float], happened: bool) -> float:
    """``log_odds`` of a hypothesis after one observation: ``likelihood`` is the chance
    of the event under the hypothesis and under the other (each kept within 0.02-0.98),
    ``happened`` whether it was seen; the result stays within ±`LOG_ODDS_CAP`."""
    yes, no = (min(0.98, max(0.02, p)) for p in likelihood)
    if not happened:
        yes, no = 1.0 - yes, 1.0 - no
    return max(-LOG_ODDS_CAP, min(LOG_ODDS_CAP, log_odds + math.log(yes / no)))


class KnockStyle:
    """The belief that the opponent knocks as soon as it may, from the rounds it ended.

    `observe` every view this seat is shown (it acts once per new round) and `played`
    every action this seat takes; `eager` is the belief."""

    #: Chance that a round the opponent ends is ended by a knock: (greedy knocker,
    #: careful player). From the counts in the module's notes, made a little less sure.
    knock_likelihood: Final = (0.95, 0.6)

    def __init__(self, prior: float = 0.0) -> None:
        #: Log-odds that the opponent is a greedy knocker.
        self.log_odds = prior
        self._key: tuple[object, ...] | None = None
        self._scores = (0, 0)
        self._multiplier = 1
        #: This seat's deadwood after its last discard this round (None: none yet).
        self._deadwood: int | None = None
        #: This seat went out this round (knock, gin or big gin).
        self._went_out = False

    @property
    def eager(self) -> float:
        """The chance that the opponent is a greedy knocker."""
        return 1.0 / (1.0 + math.exp(-self.log_odds))

    def observe(self, view: PlayerView) -> bool | None:
        """Note this seat's deadwood, and at a new round read how the last one ended
        from the scores: True if the opponent knocked, False if it went gin or the stock
        ran out, None if nothing was learned (this seat went out, a new game began, or
        the view is of the same round)."""
        first = view.history[0].card if view.history else None
        key = (view.round_number, view.dealer, view.scores, first)
        if key == self._key:
            self._note_hand(view)
            return None
        knock: bool | None = None
        if self._key is not None and not self._went_out:
            me, opp = view.player, view.opponent
            theirs = view.scores[opp] - self._scores[opp]
            mine = view.scores[me] - self._scores[me]
            if theirs >= 0 and mine >= 0:  # else a new game began
                if mine:
                    knock = True  # an undercut of its knock
                elif theirs and self._deadwood is not None:
                    knock = theirs <= self._deadwood * self._multiplier
                elif not theirs:
                    knock = False  # the stock ran out
                if knock is not None:
                    self.log_odds = bayes_step(self.log_odds, self.knock_likelihood, knock)
        self._key = key
        self._scores = view.scores
        self._multiplier = view.multiplier
        self._deadwood = None
        self._went_out = False
        self._note_hand(view)
        return knock

    def _note_hand(self, view: PlayerView) -> None:
        if len(view.hand) == 10:  # before a draw: what the opponent may go out against
            self._deadwood = min_deadwood_mask(view.hand_mask)

    def played(self, deadwood: int | None, went_out: bool) -> None:
        """What this seat just did: its deadwood after a discard (None for another
        action), and whether it went out."""
        if deadwood is not None:
            self._deadwood = deadwood
        self._went_out = self._went_out or went_out
