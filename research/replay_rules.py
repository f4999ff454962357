"""How far an opponent keeps the greedy rules the master's replay assumes: a diagnosis.

    python research/replay_rules.py OPPONENT RULES ROUNDS [SEAT0]

Plays ROUNDS rounds (deck seeds 0 .. ROUNDS-1, the dealer alternating) of OPPONENT in
seat 1 against SEAT0 (OPPONENT itself unless given) and, at each of OPPONENT's turns,
checks the rules `replay.replay_weight` holds a greedy player to (a sampled hand that
breaks one weighs `MasterConfig.replay_miss`, 0.02, as much as one that keeps it):

- a face-up card is taken only if it makes a meld with the hand, and one that would is
  never declined: the four counts, and the chance of each choice given whether the card
  melds. The replay's 0.02 stands for the ratio of the two chances of the same choice:
  P(take | no meld) / P(take | meld) and P(decline | meld) / P(decline | no meld);
- a discard leaves the least deadwood the hand could keep (never the card just taken):
  how many points above that least deadwood each discard left;
- a discard that leaves a hand able to knock short of gin is made only by a player that
  then knocks (the replay lifts this rule against a careful opponent, `careful_replay`).

Example (the thirty-ninth session in BENCHMARKS.md at 8789123):

    python research/replay_rules.py expert Standard 300
"""

from __future__ import annotations

import sys
from collections import Counter

from master_ab import opening, seat_moves

from ginrummy.core.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Phase
from ginrummy.players import PLAYERS
from ginrummy.players.eaai import makes_meld
from ginrummy.players.fastsim import best_discard

#: Points above the least deadwood, counted apart up to this many (more are counted here).
GAP_TOP = 6


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__)
        return 2
    opponent = argv[0]
    rules, (rounds,) = opening("replay_rules", opponent, argv[1], argv[2:3], "round")
    seat0 = argv[3] if len(argv) == 4 else opponent
    if seat0 not in PLAYERS:
        raise SystemExit(f"replay_rules: no player {seat0!r}: {', '.join(sorted(PLAYERS))}")
    offers: Counter[tuple[bool, bool]] = Counter()  # (taken, melds)
    gaps: Counter[int] = Counter()
    could_knock = 0
    knocked = 0
    for view, action in seat_moves(opponent, seat0, rules, rounds):
        hand = view.hand_mask
        top = view.top_discard
        if isinstance(action, TakeDiscard | Pass) or (
            isinstance(action, DrawStock) and not view.stock_only
        ):
            assert top is not None
            offers[isinstance(action, TakeDiscard), makes_meld(hand, top)] += 1
        elif isinstance(action, Discard | Knock) and view.phase is Phase.DISCARD:
            left = min_deadwood_mask(hand ^ action.card.bit)
            gaps[min(GAP_TOP, left - best_discard(hand, view.banned_bit or 0)[0])] += 1
            if 0 < left <= view.knock_limit:
                could_knock += 1
                knocked += isinstance(action, Knock)
    print(f"{opponent} against {seat0} ({argv[1]}), {rounds} rounds")
    melds, other = (
        offers[True, True] + offers[False, True],
        offers[True, False] + offers[False, False],
    )
    print(
        f"  face-up cards that meld: taken {offers[True, True]}, declined {offers[False, True]};"
        f" that do not: taken {offers[True, False]}, declined {offers[False, False]}"
    )
    if melds and other:
        take_meld, take_other = offers[True, True] / melds, offers[True, False] / other
        print(
            f"  P(take | meld) {take_meld:.1%}, P(take | no meld) {take_other:.1%}:"
            f" a take weighs a hand it does not meld with {_ratio(take_other, take_meld)},"
            f" a decline one it melds with {_ratio(1 - take_meld, 1 - take_other)}"
        )
    total = sum(gaps.values())
    if total:
        shares = ", ".join(
            f"{g}{'+' if g == GAP_TOP else ''}: {gaps[g]} ({gaps[g] / total:.1%})"
            for g in range(GAP_TOP + 1)
            if gaps[g]
        )
        print(f"  discards, {total}, by the points left above the least deadwood: {shares}")
    print(
        f"  discards leaving a hand that could knock short of gin: {could_knock}, knocked {knocked}"
    )
    return 0


def _ratio(a: float, b: float) -> str:
    """``a / b`` to three places, or "-" when ``b`` is 0."""
    return f"{a / b:.3f}" if b else "-"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
