"""The replayed reading (`ginrummy.players.replay`): a greedy player's true hand is never
ruled out, what it would not do weighs a sample down, and its reply to a discard is
settled as the round would settle it."""

from __future__ import annotations

import random

from players_helpers import eaai_turns

from ginrummy.core.cards import Card, mask_of
from ginrummy.players.replay import greedy_reply, replay_weight


def test_replay_never_rules_out_a_greedy_players_true_hand() -> None:
    """At depth 1 the replay weighs eaai's real hand above 0 at every discard of the
    master: the last discard left the least deadwood, eaai did not knock, and the card it
    declined before drawing made no meld (some card of the hand is the one it drew)."""
    checked = 0
    for true, turns, limit in eaai_turns(range(6)):
        assert replay_weight(true, turns, limit, random.Random(checked), 1, 0.0) > 0
        checked += 1
    assert checked > 20


def _mask(cards: str) -> int:
    return mask_of(Card.parse(c) for c in cards.split())


def test_replay_weighs_down_what_a_greedy_player_would_not_do() -> None:
    weight = replay_weight
    rng = random.Random(1)
    # It declined 9C (no meld with these cards), drew and threw KD, the worst card kept
    # or a tie with QC: a greedy player's turn.
    drew = (("draw", Card.parse("9C").bit), ("discard", Card.parse("KD").bit))
    assert weight(_mask("AS 2S 3S 4H 5H 6H QC JH 2D 3C"), drew, 10, rng, 1, 0.5) == 1.0
    # With KS KH in hand, KD made a set: throwing it kept 25 deadwood where 3C left 2.
    assert weight(_mask("AS 2S 3S 4H 5H 6H KS KH 2D 3C"), drew, 10, rng, 1, 0.5) == 0.5
    # Down to 2 deadwood after the discard, a greedy player knocks; a careful one may
    # play on (``knock_miss``), but not with gin in hand.
    low = _mask("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C")
    assert weight(low, drew, 10, rng, 1, 0.0) == 0.0
    assert weight(low, drew, 10, rng, 1, 0.0, knock_miss=0.75) == 0.75
    assert weight(_mask("AS 2S 3S 4H 5H 6H 7D 8D 9D 10D"), drew, 10, rng, 1, 0.0, 1.0) == 0.0
    # A lifted knock rule does not excuse a discard that was not the least deadwood.
    assert weight(_mask("AS 2S 3S 4H 5H 6H KS KH 2D 3C"), drew, 10, rng, 1, 0.5, 1.0) == 0.5
    # With 7C 8C in hand, 9C made a run: only if one of them was the card it then drew
    # (2 of the 11 cards it held after the draw) did it decline a meld.
    assert weight(_mask("AS 2S 3S 4H 5H 6H 7C 8C JH QS"), drew, 10, rng, 1, 0.0) == 2 / 11
    # It took 9C: a greedy player takes only to meld.
    took = (("take", Card.parse("9C").bit), ("discard", Card.parse("KD").bit))
    assert weight(_mask("AS 2S 3S 9S 9H 9C QC JH 4D 5C"), took, 10, rng, 1, 0.5) == 1.0
    assert weight(_mask("AS 2S 3S 4H 5H 6H 9C QC JH 2D"), took, 10, rng, 1, 0.5) == 0.5


def test_greedy_reply_settles_the_knock_a_discard_gives() -> None:
    reply = greedy_reply
    # 30 deadwood; 9S makes the run 7S 8S 9S, 5D goes and 10 is left: it knocks.
    opp = _mask("KS KH KD 7S 8S AC 2C 3D 4H 5D")
    nine = Card.parse("9S").bit
    # The master keeps 12 deadwood (AH 2H 9D), nothing to lay off: it loses 2 points.
    mine = _mask("AS 2S 3S 4S 5C 6C 7C AH 2H 9D")
    assert reply(opp, 0, mine, nine, 10, 25, 25) == -2
    # With 8 (AH 2H 5D) it undercuts: 25 and the 2 points between the hands.
    assert reply(opp, 0, _mask("AS 2S 3S 4S 5C 6C 7C AH 2H 5D"), nine, 10, 25, 25) == 27
    # QD makes no meld; with no stock draw looked at, the round goes on.
    assert reply(opp, 0, mine, Card.parse("QD").bit, 10, 25, 25) == 0
    # It draws 6S instead: 6S 7S 8S, 5D goes: 10 again, a knock.
    assert reply(opp, Card.parse("6S").bit, mine, Card.parse("QD").bit, 10, 25, 25) == -2
    # A stock card that helps nothing: it throws it (or its worst card) and plays on.
    assert reply(opp, Card.parse("QH").bit, mine, Card.parse("QD").bit, 10, 25, 25) == 0
    # A careful player knocks with a share of such hands: the points are weighed by it.
    assert reply(opp, 0, mine, nine, 10, 25, 25, knock_share=0.25) == -0.5
    # ... and always goes gin: 10S joins 7S 8S 9S and QD goes, against the master's 12.
    ready = _mask("KS KH KD 7S 8S 9S AC 2C 3C QD")
    ten = Card.parse("10S").bit
    assert reply(ready, 0, mine, ten, 10, 25, 25, knock_share=0.0) == -(25 + 12)
