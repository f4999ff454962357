"""Replaying the opponent's public play: how well a greedy player explains it.

A sampled opponent hand is only as good as its fit with what the opponent did. The
master's belief (`master.read_view`) weighs single cards by what was taken, thrown and
passed near them; this module weighs whole sampled hands by whether a greedy player
(takes a face-up card only to meld it, throws the card leaving the least deadwood, knocks
as soon as it may: Neller's SimpleGinRummyPlayer, `eaai`) holding that hand would have
played the opponent's last turns as it did (`replay_weight`). Against such a player,
samples resampled by this weight predict its next knock far better than samples that
only fit the cards (the seventh session in BENCHMARKS.md: 15.9% predicted with 0.5
greedy draws per draw, 12.5% true; 6.9% without); against a careful player they do no
harm, since its discards are mostly greedy ones too.

`greedy_reply` then plays a sampled opponent's reply to a discard, and
`knock_features` describes a knock chance for the master's learned knock rule.
"""

from __future__ import annotations

import random
from typing import Final

from ..core.actions import EventKind
from ..core.cards import Card
from ..core.melds import min_deadwood_mask
from ..core.round import PlayerView
from .eaai import makes_meld
from .estimates import bits
from .fastsim import best_discard, showdown_points

__all__ = [
    "DISCARD",
    "DRAW",
    "KNOCK_FEATURES",
    "PASS",
    "TAKE",
    "Turn",
    "greedy_reply",
    "knock_features",
    "opponent_turns",
    "replay_weight",
]

#: One step of the opponent's public play, oldest first: (kind, card bit). Kinds:
#: ``pass`` (the first upcard, declined), ``take`` (from the pile), ``draw`` (from the
#: stock; the card is the face-up one it declined, 0 if none) and ``discard``.
Turn = tuple[str, int]

PASS: Final = "pass"
TAKE: Final = "take"
DRAW: Final = "draw"
DISCARD: Final = "discard"


def opponent_turns(view: PlayerView) -> tuple[Turn, ...]:
    """The opponent's public play this round, from ``view``'s seat, oldest first."""
    me = view.player
    out: list[Turn] = []
    top = 0
    for ev in view.history:
        kind, card = ev.kind, ev.card
        if kind is EventKind.UPCARD or kind is EventKind.DISCARD:
            assert card is not None
            if kind is EventKind.DISCARD and ev.player != me:
                out.append((DISCARD, card.bit))
            top = card.bit
        elif kind is EventKind.TAKE:
            if ev.player != me:
                assert card is not None
                out.append((TAKE, card.bit))
            top = 0
        elif ev.player != me and kind is EventKind.PASS:
            out.append((PASS, top))
        elif ev.player != me and kind is EventKind.DRAW:
            out.append((DRAW, top))
    return tuple(out)


def replay_weight(
    hand: int,
    turns: tuple[Turn, ...],
    limit: int,
    rng: random.Random,
    depth: int,
    miss: float,
    knock_miss: float | None = None,
) -> float:
    """How well a greedy player explains ``turns`` ending with ``hand`` (its 10 cards now).

    Walks back over the last ``depth`` discards and what came before each: a discard must
    leave the least deadwood (not counting the card just taken) and more than ``limit``
    (else the greedy player knocks); a card taken must make a meld with the hand it
    joined; a face-up card declined must not. Each broken rule multiplies the weight by
    ``miss``; a discard that left a hand the greedy player would have knocked with (but
    not gone gin with) by ``knock_miss`` instead, if given: a careful player keeps such
    hands and plays on, and against it the rule would keep only the hands that cannot
    knock (its true hand could at a third of the master's discards against expert,
    against 9% of the samples so resampled). A stock draw is undone by one card of the
    hand, chosen among those that keep the declined card from melding (the weight is
    multiplied by their share). At depth 1 a greedy player's true hand always weighs
    more than 0 (the test suite checks it against eaai); deeper, the one undone card may
    be the wrong one.
    """
    taken_ever = 0
    for kind, c in turns:
        if kind == TAKE:
            taken_ever |= c
    cur = hand
    weight = 1.0
    seen = 0
    for i in range(len(turns) - 1, -1, -1):
        kind, c = turns[i]
        if kind == DISCARD:
            if seen >= depth:
                break
            seen += 1
            banned = turns[i - 1][1] if i > 0 and turns[i - 1][0] == TAKE else 0
            with_c = cur | c
            dw = min_deadwood_mask(cur)
            best = best_discard(with_c, banned)[0]
            if dw > best or not dw:
                weight *= miss
            elif dw <= limit:
                weight *= miss if knock_miss is None else knock_miss
            cur = with_c
        elif kind == TAKE:
            cur ^= c
            if not makes_meld(cur, Card.from_bit(c)):
                weight *= miss
        elif kind == DRAW:
            choices = bits(cur & ~taken_ever)
            if not choices:
                break
            fits = choices
            if c:
                declined = Card.from_bit(c)
                fits = [s for s in choices if not makes_meld(cur ^ s, declined)]
            if fits:
                weight *= len(fits) / len(choices)
            else:
                weight *= miss
                fits = choices
            cur ^= fits[int(rng.random() * len(fits))]
        elif makes_meld(cur, Card.from_bit(c)):  # the first upcard, declined
            weight *= miss
    return weight


def greedy_reply(
    opp: int,
    top: int,
    mine: int,
    card: int,
    limit: int,
    gin_bonus: int,
    undercut_bonus: int,
    knock_share: float = 1.0,
) -> float:
    """The master's points if a greedy opponent holding ``opp`` ends the round on its
    reply to the master's discard ``card`` (0 if it plays on): it takes ``card`` if that
    makes a meld, else draws ``top`` (0: no draw is looked at); throws the card leaving
    the least deadwood (never the card it took) and knocks if that is within ``limit``,
    against the master's 10 cards ``mine`` (lay-offs and undercuts included). It goes gin
    whenever it can, and knocks short of gin in ``knock_share`` of the cases (the points
    are weighed by it: a careful player plays on with most hands it could knock with)."""
    if makes_meld(opp, Card.from_bit(card)):
        drawn = card
    elif top:
        drawn = top
    else:
        return 0
    dw, thrown = best_discard(opp | drawn, card if drawn == card else 0)
    if dw > limit:
        return 0
    points = -showdown_points((opp | drawn) ^ thrown, mine, gin_bonus, undercut_bonus)
    return points * knock_share if dw else points


#: The public features of a knock chance, in the order of `knock_features`.
KNOCK_FEATURES: Final = ("krep", "krep5", "kv6", "urep", "urep5", "stock", "dw", "draws", "takes")

#: The three sets of sampled opponent hands a knock chance is described against: the
#: master's own samples, and replayed ones with no greedy draws and with 0.5 per draw.
SampleSets = tuple[list[int], list[int], list[int]]


def knock_features(
    view: PlayerView,
    hand: int,
    card: int,
    sets: SampleSets,
    opponent_draws: int,
    opponent_takes: int,
) -> tuple[float, ...]:
    """`KNOCK_FEATURES` of knocking with ``card`` from ``hand`` (11 cards): the mean
    points and the undercut share of that knock against each set of ``sets`` (the
    undercut share of the master's own samples is left out: it added nothing), the
    stock, the knock's deadwood and the opponent's draws and takes this round."""
    rules = view.rules
    gb, ub = rules.gin_bonus, rules.undercut_bonus
    after = hand ^ card

    def stats(samples: list[int]) -> tuple[float, float]:
        if not samples:
            return 0.0, 0.0
        pts = [showdown_points(after, o, gb, ub) for o in samples]
        return sum(pts) / len(pts), sum(p < 0 for p in pts) / len(pts)

    own, rep, rep5 = sets
    kr, ur = stats(rep)
    kr5, ur5 = stats(rep5)
    return (
        kr,
        kr5,
        stats(own)[0],
        ur,
        ur5,
        view.stock_size,
        min_deadwood_mask(after),
        opponent_draws,
        opponent_takes,
    )
