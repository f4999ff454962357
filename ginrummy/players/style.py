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
round it ends by a knock, and is often undercut; a careful one (it waits for gin or an
undercut when the knock looks risky) ends many by gin, or lets the stock run out. Of the
rounds the master did not end (25 games each, `ENDINGS`):

| opponent | its knock scored | undercut | its gin | stock ran out |
|---|---|---|---|---|
| eaai (EAAI rules) | 112 | 50 | 3 | 0 |
| expert (Standard) | 56 | 10 | 18 | 28 |
| defensive (Standard) | 12 | 7 | 32 | 4 |
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import Enum
from typing import Final

from ..core.actions import Action, BigGin, Discard, Knock
from ..core.melds import min_deadwood_mask
from ..core.round import PlayerView, RoundResult
from ..core.showdown import ResultKind

__all__ = ["ENDINGS", "Ending", "KnockStyle", "bayes_step", "ending_of", "round_key"]

#: The log-odds a belief may reach either way (it stays ready to change its mind).
LOG_ODDS_CAP: Final = 4.0


class Ending(Enum):
    """How the opponent ended a round that this seat did not end."""

    KNOCK = "knock"  # its knock scored
    UNDERCUT = "undercut"  # this seat undercut its knock
    GIN = "gin"  # gin or big gin
    DEAD = "dead"  # nobody went out: the stock ran out


#: Chance of each ending under the two styles: (greedy knocker, careful player). From the
#: table above (careful: expert and defensive together), a greedy knocker's gins and dead
#: rounds raised to 3% each.
ENDINGS: Final[dict[Ending, tuple[float, float]]] = {
    Ending.KNOCK: (0.66, 0.41),
    Ending.UNDERCUT: (0.28, 0.10),
    Ending.GIN: (0.03, 0.30),
    Ending.DEAD: (0.03, 0.19),
}


def round_key(view: PlayerView) -> tuple[object, ...]:
    """What tells one round's views from another's (a dead round is dealt again by the
    same dealer, so the number, the scores and the upcard are in it too)."""
    first = view.history[0].card if view.history else None
    return (view.round_number, view.dealer, view.scores, first)


def ending_of(result: RoundResult, seat: int) -> Ending | None:
    """How the opponent of ``seat`` ended a round, from its result (public once the round
    is over); None if ``seat`` ended it."""
    if result.knocker == seat:
        return None
    if result.winner is None:
        return Ending.DEAD
    if result.kind is ResultKind.UNDERCUT:
        return Ending.UNDERCUT
    if result.kind is ResultKind.KNOCK:
        return Ending.KNOCK
    return Ending.GIN


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

    def observe(self, view: PlayerView) -> Ending | None:
        """Note this seat's deadwood, and at a new round read how the last one ended
        from the scores (None if nothing was learned: this seat went out, a new game
        began, or the view is of the same round)."""
        key = round_key(view)
        if key == self._key:
            self._note_hand(view)
            return None
        ending: Ending | None = None
        if self._key is not None and not self._went_out:
            me, opp = view.player, view.opponent
            theirs = view.scores[opp] - self._scores[opp]
            mine = view.scores[me] - self._scores[me]
            if theirs >= 0 and mine >= 0:  # else a new game began
                if mine:
                    ending = Ending.UNDERCUT
                elif theirs and self._deadwood is not None:
                    # A knock scores at most this seat's deadwood, gin more.
                    more = theirs > self._deadwood * self._multiplier
                    ending = Ending.GIN if more else Ending.KNOCK
                elif not theirs:
                    ending = Ending.DEAD
                if ending is not None:
                    self.learn(ending)
        self._key = key
        self._scores = view.scores
        self._multiplier = view.multiplier
        self._deadwood = None
        self._went_out = False
        self._note_hand(view)
        return ending

    def recall(self, results: Iterable[RoundResult], seat: int) -> None:
        """Learn from rounds played before this reader was made (a restored game, the
        earlier games of a match), as if it had watched them from ``seat``."""
        for result in results:
            ending = ending_of(result, seat)
            if ending is not None:
                self.learn(ending)

    def learn(self, ending: Ending) -> None:
        """Bayes: update the belief by how the opponent ended a round."""
        self.log_odds = bayes_step(self.log_odds, ENDINGS[ending], True)

    def _note_hand(self, view: PlayerView) -> None:
        if len(view.hand) == 10:  # before a draw: what the opponent may go out against
            self._deadwood = min_deadwood_mask(view.hand_mask)

    def played(self, view: PlayerView, action: Action) -> None:
        """Note what this seat just did in ``view``: its deadwood after a discard (what
        the opponent may go out against), or that it went out."""
        if isinstance(action, Discard):
            self._deadwood = min_deadwood_mask(view.hand_mask ^ action.card.bit)
        elif isinstance(action, (Knock, BigGin)):
            self._went_out = True
