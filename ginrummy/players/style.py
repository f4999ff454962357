"""How eagerly the opponent knocks, read from the game's scores round by round.

A player sees only its views, and a round's view ends before the round does; what the
last round came to shows at the next one, in the scores. With what it did itself (it
went out or not, the deadwood it kept), a player can tell how the opponent ended it:

- it went out and the opponent scored fewer points than the player's own deadwood:
  a knock (the lay-offs and the knocker's deadwood only take points away);
- it went out with more: gin (the bonus on top of the deadwood);
- the player scored without going out: it undercut the opponent's knock;
- nobody scored: the stock ran out.

And when the player went out itself, its points tell the opponent's deadwood after the
lay-offs (a knock scores the difference, gin the bonus and the deadwood; an undercut
means the opponent's was no higher than the knocker's): a greedy knocker never holds a
hand within the knock limit at the player's turn (it would have knocked), so a hand shown
within it (lay-offs aside) marks a careful player.

A greedy knocker (Neller's simple player: it knocks as soon as it may) ends nearly every
round it ends by a knock, and is often undercut; a careful one (it waits for gin or an
undercut when the knock looks risky) ends many by gin, or lets the stock run out. Of the
rounds the master did not end (25 games each, and the rounds it ended in 40 more each,
`research/style_endings.py`; `ENDINGS`):

| opponent | its knock scored | undercut | its gin | stock ran out | shown: above limit | within |
|---|---|---|---|---|---|---|
| eaai (EAAI rules) | 112 | 50 | 3 | 0 | 53 | 0 |
| expert (Standard) | 56 | 10 | 18 | 28 | 41 | 90 |
| defensive (Standard) | 12 | 7 | 32 | 4 | 52 | 66 |

Rounds with no knocking (gin only) are not read: they tell nothing of a knocking style.

A careful player may still knock when the knock looks safe (expert) or wait for gin
whatever it holds (defensive after its opening turns; eaai that goes out only with gin,
`research/style_probe.py`'s ``eaai0``). A second belief tells those two apart from how the
opponent ended its rounds (`WAITS`); eaai0 ended 64 rounds of 25 games (EAAI rules) by
54 gins and 10 dead rounds, no knock.
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

__all__ = ["ENDINGS", "WAITS", "Ending", "KnockStyle", "bayes_step", "ending_of", "round_key"]

#: The log-odds a belief may reach either way (it stays ready to change its mind).
LOG_ODDS_CAP: Final = 4.0


class Ending(Enum):
    """How a round ended, seen from one seat: how the opponent ended it, or (``shown``)
    what the opponent's hand showed when this seat went out."""

    KNOCK = "knock"  # its knock scored
    UNDERCUT = "undercut"  # this seat undercut its knock
    GIN = "gin"  # gin or big gin
    DEAD = "dead"  # nobody went out: the stock ran out
    #: This seat went out and the opponent's deadwood (after its lay-offs) was above the
    #: knock limit / within it (it could have knocked, or laid off down to it).
    SHOWN_HIGH = "shown high"
    SHOWN_LOW = "shown low"

    @property
    def shown(self) -> bool:
        """This seat ended the round (the opponent's hand is what was read)."""
        return self in (Ending.SHOWN_HIGH, Ending.SHOWN_LOW)


#: Chance of each ending under the two styles: (greedy knocker, careful player). From the
#: table above (careful: expert and defensive together), a greedy knocker's gins and dead
#: rounds raised to 3% each; the shown endings are shares of the rounds the player
#: ended, a greedy knocker's kept within 2-98% (`bayes_step`).
ENDINGS: Final[dict[Ending, tuple[float, float]]] = {
    Ending.KNOCK: (0.66, 0.41),
    Ending.UNDERCUT: (0.28, 0.10),
    Ending.GIN: (0.03, 0.30),
    Ending.DEAD: (0.03, 0.19),
    Ending.SHOWN_HIGH: (0.98, 0.37),
    Ending.SHOWN_LOW: (0.02, 0.63),
}


#: Chance of each of the opponent's endings under (a player that waits for gin, a careful
#: player that knocks when it looks safe): from the table above and eaai0's count, the
#: waiter being defensive and eaai0 weighed alike, the knocker expert.
WAITS: Final[dict[Ending, tuple[float, float]]] = {
    Ending.KNOCK: (0.11, 0.50),
    Ending.UNDERCUT: (0.065, 0.09),
    Ending.GIN: (0.71, 0.16),
    Ending.DEAD: (0.115, 0.25),
}


def round_key(view: PlayerView) -> tuple[object, ...]:
    """What tells one round's views from another's (a dead round is dealt again by the
    same dealer, so the number, the scores and the upcard are in it too)."""
    first = view.history[0].card if view.history else None
    return (view.round_number, view.dealer, view.scores, first)


def ending_of(result: RoundResult, seat: int) -> Ending | None:
    """How a round ended seen from ``seat``, from its result (public once the round is
    over); None in a round with no knocking (gin only), which tells nothing of a
    knocking style."""
    if result.knock_limit == 0:
        return None
    if result.knocker == seat:
        if not result.points:  # nothing scored: the scores tell nothing either
            return None
        assert result.showdown is not None
        return _shown(result.showdown.defender_deadwood, result.knock_limit)
    if result.winner is None:
        return Ending.DEAD
    if result.kind is ResultKind.UNDERCUT:
        return Ending.UNDERCUT
    if result.kind is ResultKind.KNOCK:
        return Ending.KNOCK
    return Ending.GIN


def _shown(deadwood: int, knock_limit: int) -> Ending:
    return Ending.SHOWN_HIGH if deadwood > knock_limit else Ending.SHOWN_LOW


def bayes_step(log_odds: float, likelihood: tuple[float, float], happened: bool) -> float:
    """``log_odds`` of a hypothesis after one observation: ``likelihood`` is the chance
    of the event under the hypothesis and under the other (each kept within 0.02-0.98),
    ``happened`` whether it was seen; the result stays within ±`LOG_ODDS_CAP`."""
    yes, no = (min(0.98, max(0.02, p)) for p in likelihood)
    if not happened:
        yes, no = 1.0 - yes, 1.0 - no
    return max(-LOG_ODDS_CAP, min(LOG_ODDS_CAP, log_odds + math.log(yes / no)))


class KnockStyle:
    """The belief that the opponent knocks as soon as it may, from how the game's rounds
    ended.

    `observe` every view this seat is shown (it acts once per new round) and `played`
    every action this seat takes; `eager` is the belief. With ``shown`` False the rounds
    this seat ended teach nothing (only the opponent's endings are read)."""

    def __init__(self, prior: float = 0.0, *, shown: bool = True) -> None:
        #: Log-odds that the opponent is a greedy knocker.
        self.log_odds = prior
        #: Rounds the opponent ended by a knock (scored or undercut) so far.
        self.knocks = 0
        #: Log-odds that the opponent waits for gin rather than knocking when it looks
        #: safe (`WAITS`; read from its own endings only).
        self.waits_log_odds = 0.0
        self.shown = shown
        self._key: tuple[object, ...] | None = None
        self._scores = (0, 0)
        self._multiplier = 1
        self._knock_limit = 0
        #: This seat's deadwood after its last discard this round (None: none yet).
        self._deadwood: int | None = None
        #: This seat went out this round (knock, gin or big gin).
        self._went_out = False
        #: The bonus in this seat's points if it went gin or big gin (0: it did not).
        self._bonus = 0

    @property
    def eager(self) -> float:
        """The chance that the opponent is a greedy knocker."""
        return 1.0 / (1.0 + math.exp(-self.log_odds))

    @property
    def waits(self) -> float:
        """The chance that the opponent waits for gin rather than knocking when it looks
        safe (the second belief: among careful players)."""
        return 1.0 / (1.0 + math.exp(-self.waits_log_odds))

    def observe(self, view: PlayerView) -> Ending | None:
        """Note this seat's deadwood, and at a new round read how the last one ended
        from the scores (None if nothing was learned: a new game began, the view is of
        the same round, or the last round had no knocking)."""
        key = round_key(view)
        if key == self._key:
            self._note_hand(view)
            return None
        ending: Ending | None = None
        if self._key is not None and self._knock_limit > 0:
            me, opp = view.player, view.opponent
            theirs = view.scores[opp] - self._scores[opp]
            mine = view.scores[me] - self._scores[me]
            if theirs >= 0 and mine >= 0:  # else a new game began
                if self._went_out:
                    ending = self._went_out_ending(mine, theirs)
                else:
                    ending = self._their_ending(mine, theirs)
                if ending is not None:
                    self.learn(ending)
        self._key = key
        self._scores = view.scores
        self._multiplier = view.multiplier
        self._knock_limit = view.knock_limit
        self._deadwood = None
        self._went_out = False
        self._bonus = 0
        self._note_hand(view)
        return ending

    def _their_ending(self, mine: int, theirs: int) -> Ending | None:
        """How the opponent ended the last round (this seat did not go out)."""
        if mine:
            return Ending.UNDERCUT
        if theirs and self._deadwood is not None:
            # A knock scores at most this seat's deadwood, gin more.
            more = theirs > self._deadwood * self._multiplier
            return Ending.GIN if more else Ending.KNOCK
        return None if theirs else Ending.DEAD

    def _went_out_ending(self, mine: int, theirs: int) -> Ending | None:
        """What the opponent's hand showed when this seat went out: a knock scores the
        difference of the deadwoods, gin the bonus and the opponent's deadwood, an
        undercut means the opponent's was no higher than this seat's."""
        if not self.shown or self._deadwood is None:
            return None
        if theirs and not mine:
            return Ending.SHOWN_LOW
        if not mine:
            return None  # nothing scored (or a new game began): nothing to read
        points = mine // self._multiplier
        shown = points + self._deadwood - self._bonus
        return _shown(shown, self._knock_limit)

    def recall(self, rounds: Iterable[PlayerView]) -> None:
        """Learn from rounds played before this reader was made (a restored game, the
        earlier games of a match), given by their last views from the seat it reads for."""
        for view in rounds:
            if view.result is None:
                continue
            ending = ending_of(view.result, view.player)
            if ending is not None and (self.shown or not ending.shown):
                self.learn(ending)

    def learn(self, ending: Ending) -> None:
        """Bayes: update the belief by how a round ended."""
        if ending in (Ending.KNOCK, Ending.UNDERCUT):
            self.knocks += 1
        self.log_odds = bayes_step(self.log_odds, ENDINGS[ending], True)
        if ending in WAITS:
            self.waits_log_odds = bayes_step(self.waits_log_odds, WAITS[ending], True)

    def _note_hand(self, view: PlayerView) -> None:
        if len(view.hand) == 10:  # before a draw: what the opponent may go out against
            self._deadwood = min_deadwood_mask(view.hand_mask)

    def played(self, view: PlayerView, action: Action) -> None:
        """Note what this seat just did in ``view``: its deadwood after a discard (what
        the opponent may go out against), or that it went out and with what."""
        if isinstance(action, (Discard, Knock)):
            self._deadwood = min_deadwood_mask(view.hand_mask ^ action.card.bit)
            self._went_out = isinstance(action, Knock)
            self._bonus = view.rules.gin_bonus if self._went_out and not self._deadwood else 0
        elif isinstance(action, BigGin):
            self._deadwood = 0
            self._went_out = True
            self._bonus = view.rules.big_gin_bonus or 0
