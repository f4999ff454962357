"""A careful player's habits: how likely each public move is, given its hand; counted.

    python research/opponent_habits.py PLAYER RULES ROUNDS [OPPONENT]

The master's replayed samples (`master.belief.replayed`) are resampled by how well the
opponent's last turns fit each sampled hand. `replay.replay_weight` asks whether a greedy
player (Neller's SimpleGinRummyPlayer, `eaai`) would have played them so, each broken
rule a factor of 0.02; `habit_weight` here asks how likely a player of given `Habits`
was to take or decline each face-up card (by whether it melds and the deadwood it
saves), throw each card (by how much more deadwood it leaves than the best throw) and
play on with a hand it could knock with (by the stock). The expert declines two in
three face-up cards that meld but save it less than 2 points, and one throw in ten
leaves a point or more above the least deadwood: a greedy reading weighs those hands 50
times down.

Run as a script, it plays ROUNDS one-round deals (deck seeds 0 .. ROUNDS-1, the dealer
alternating) of PLAYER in seat 1 against OPPONENT (PLAYER itself if not given) and counts
at each of PLAYER's moves what `Habits` weighs:

- **takes**: each face-up card it could take (not the forced first draw), by whether the
  card makes a meld with its hand and the deadwood taking it would save (halved and
  rounded down, from -5 to 6), and how many it took;
- **throws**: for each throw short of gin, every card it could have thrown by how many
  points more deadwood it leaves than the best, and the gap of the one thrown: a gap's
  propensity is how often a card of that gap was thrown when offered;
- **playing on**: each throw that left a hand it could knock with short of gin, by the
  stock at the throw in fours, and how many times it knocked.

It prints each table, then the rates `EXPERT_HABITS` is made of (a case seen fewer than
10 times takes the rate of the nearest one seen more, or of all together; the chances
are kept within 0.002 of 0 and 1, a throw's propensity at least 0.0002), as they were
made:

    python research/opponent_habits.py expert Standard 400
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, TypeVar

from master_ab import opening, seat_moves

from ginrummy.core.actions import Discard, Knock, TakeDiscard
from ginrummy.core.cards import Card
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Phase
from ginrummy.players.eaai import makes_meld
from ginrummy.players.estimates import bits
from ginrummy.players.replay import DISCARD, DRAW, TAKE, Turn

#: A chance the habits keep from 0 or 1 (a move never seen is still possible), and the
#: least propensity of a throw.
FLOOR: Final = 0.002
THROW_FLOOR: Final = 0.0002
#: The widest gap of a throw counted apart (wider ones count as this one).
WIDEST: Final = 7
#: Fewest cases a count needs for a rate of its own (`_rates`).
FEWEST: Final = 10

K = TypeVar("K")


def take_case(hand: int, card: int) -> tuple[bool, int]:
    """How `Habits.take` files the face-up ``card`` offered to ``hand`` (10 cards):
    whether it makes a meld, and the deadwood taking it saves (the best throw after it),
    halved, rounded down and kept within -5 to 6."""
    with_c = hand | card
    after = min(min_deadwood_mask(with_c ^ x) for x in bits(hand))
    saved = max(-5, min(6, (min_deadwood_mask(hand) - after) // 2))
    return makes_meld(hand, Card.from_bit(card)), saved


def throw_gaps(hand11: int, banned: int) -> dict[int, int]:
    """For each card ``hand11`` may throw (not ``banned``), how many points more deadwood
    it leaves than the best throw (at most `WIDEST`)."""
    left = {x: min_deadwood_mask(hand11 ^ x) for x in bits(hand11) if x != banned}
    best = min(left.values())
    return {x: min(WIDEST, dw - best) for x, dw in left.items()}


@dataclass(frozen=True, slots=True)
class Habits:
    """How a player's moves depend on its hand: the chances `habit_weight` weighs by."""

    #: Chance of taking a face-up card, by `take_case` (even odds for a case not here).
    take: Mapping[tuple[bool, int], float]
    #: A throw's propensity by its gap (`throw_gaps`; the last for every gap beyond):
    #: the chance of each throw is its propensity over the sum of all.
    discard: tuple[float, ...]
    #: Chance of playing on with a hand it could knock with short of gin, by the stock at
    #: the throw in fours (the last for every stock beyond).
    play_on: tuple[float, ...]

    def take_chance(self, hand: int, card: int) -> float:
        return self.take.get(take_case(hand, card), 0.5)

    def discard_chance(self, hand11: int, card: int, banned: int) -> float:
        props = self.discard
        last = len(props) - 1
        gaps = throw_gaps(hand11, banned)
        total = sum(props[min(g, last)] for g in gaps.values())
        if card not in gaps or not total:
            return 0.0
        return props[min(gaps[card], last)] / total

    def play_on_chance(self, stock: int) -> float:
        return self.play_on[min(stock // 4, len(self.play_on) - 1)]


#: `EXPERT_HABITS`' rates, as `python research/opponent_habits.py expert Standard 400`
#: prints them (BENCHMARKS.md, forty-fourth session): a take by the deadwood saved
#: (halved, -5 to 6) without a meld and with one, a throw's propensity by its gap, the
#: chance of playing on by the stock in fours.
TAKE_NO_MELD: Final = (
    0.0020,
    0.0020,
    0.0020,
    0.0022,
    0.0212,
    0.0439,
    0.0672,
    0.0847,
    0.2449,
    0.7561,
    0.7561,
    0.7561,
)
TAKE_MELD: Final = (
    0.0020,
    0.0020,
    0.0020,
    0.0020,
    0.0020,
    0.3165,
    0.6623,
    0.8025,
    0.8947,
    0.9412,
    0.9722,
    0.9980,
)
THROWS: Final = (0.6262, 0.0972, 0.0351, 0.0267, 0.0151, 0.0059, 0.0012, 0.0002)
PLAY_ON: Final = (0.8750, 0.9615, 0.9980, 0.9962, 0.9828, 0.8933, 0.7727, 0.2778)


def _table(melds: bool, rates: tuple[float, ...]) -> dict[tuple[bool, int], float]:
    return {(melds, saved): rate for saved, rate in zip(range(-5, 7), rates, strict=True)}


#: The expert's habits (the rates above).
EXPERT_HABITS: Final = Habits(
    take={
        **_table(False, TAKE_NO_MELD),
        **_table(True, TAKE_MELD),
    },
    discard=THROWS,
    play_on=PLAY_ON,
)


def _throw_chance(
    habits: Habits, hand11: int, card: int, banned: int, limit: int, stock: int, careful: float
) -> float:
    """The chance that a player of ``habits`` holding ``hand11`` throws ``card`` and plays
    on with ``stock`` cards left; a hand it could knock with short of gin plays on as the
    habits say by the belief ``careful`` that it is careful, else all but never."""
    chance = habits.discard_chance(hand11, card, banned)
    if limit and chance:
        dw = min_deadwood_mask(hand11 ^ card)
        if dw == 0:
            chance *= FLOOR
        elif dw <= limit:
            chance *= max(FLOOR, careful * habits.play_on_chance(stock) + (1 - careful) * FLOOR)
    return chance


def habit_weight(
    hand: int,
    turns: tuple[Turn, ...],
    limit: int,
    rng: random.Random,
    depth: int,
    stock: int,
    habits: Habits = EXPERT_HABITS,
    careful: float = 1.0,
) -> float:
    """How likely a player of ``habits`` ending with ``hand`` (its 10 cards now) was to
    play the last ``depth`` throws of ``turns`` (`replay.opponent_turns`) and what came
    before each as it did: the chance of each throw (and of playing on after it), take
    and decline, walking back from now (``stock`` cards left now, one more at its last
    throw). A stock draw is undone by one card of the hand not taken from the pile, at
    random, as `replay.replay_weight` does."""
    taken_ever = 0
    for kind, c in turns:
        if kind == TAKE:
            taken_ever |= c
    cur = hand
    weight = 1.0
    seen = 0
    here = stock + 1
    for i in range(len(turns) - 1, -1, -1):
        kind, c = turns[i]
        if kind == DISCARD:
            if seen >= depth:
                break
            seen += 1
            banned = turns[i - 1][1] if i > 0 and turns[i - 1][0] == TAKE else 0
            weight *= _throw_chance(habits, cur | c, c, banned, limit, here, careful)
            cur |= c
            here += 2
        elif kind == TAKE:
            cur ^= c
            weight *= habits.take_chance(cur, c)
        elif kind == DRAW:
            choices = bits(cur & ~taken_ever)
            if not choices:
                break
            cur ^= choices[int(rng.random() * len(choices))]
            if c:
                weight *= 1.0 - habits.take_chance(cur, c)
        elif c:  # the first upcard, declined
            weight *= 1.0 - habits.take_chance(cur, c)
    return weight


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__)
        return 2
    player, rules_name = argv[0], argv[1]
    opponent = argv[3] if len(argv) > 3 else player
    rules, (rounds,) = opening("opponent_habits", player, rules_name, argv[2:3], "round")
    opening("opponent_habits", opponent, rules_name, [])
    took, offered = Counter[tuple[bool, int]](), Counter[tuple[bool, int]]()
    thrown, gaps = Counter[int](), Counter[int]()
    knocked, could = Counter[int](), Counter[int]()
    for view, action in seat_moves(player, opponent, rules, rounds):
        hand = view.hand_mask
        top = view.top_discard
        if view.phase is not Phase.DISCARD:
            if top is not None and not view.stock_only:
                case = take_case(hand, top.bit)
                offered[case] += 1
                took[case] += isinstance(action, TakeDiscard)
        elif isinstance(action, Discard | Knock):
            card = action.card.bit
            left = min_deadwood_mask(hand ^ card)
            if left:  # a gin throw says nothing the weight asks
                by_card = throw_gaps(hand, view.banned_bit)
                gaps.update(by_card.values())
                thrown[by_card[card]] += 1
            if 0 < left <= view.knock_limit:
                could[view.stock_size // 4] += 1
                knocked[view.stock_size // 4] += isinstance(action, Knock)
    print(f"{player} against {opponent} ({rules_name}), {rounds} rounds")
    print("  takes by (melds, deadwood saved // 2): taken of offered")
    for case in sorted(offered):
        print(f"    {case!s:12s} {took[case]:5d} of {offered[case]:5d}")
    print("  throws by gap: thrown of offered")
    for g in sorted(gaps):
        print(f"    {g:2d} {thrown[g]:5d} of {gaps[g]:5d}")
    print("  hands it could knock with short of gin, by stock // 4: knocked of chances")
    for s in sorted(could):
        print(f"    {s:2d} {knocked[s]:5d} of {could[s]:5d}")
    takes = [
        _rates([(melds, s) for s in range(-5, 7)], took, offered, lambda k: k[1], FLOOR)
        for melds in (False, True)
    ]
    throws = _rates(list(range(WIDEST + 1)), thrown, gaps, lambda g: g, THROW_FLOOR)
    knocks = _rates(list(range(max(could, default=0) + 1)), knocked, could, lambda s: s, FLOOR)
    print("TAKE_NO_MELD = " + _literal(takes[0].values()))
    print("TAKE_MELD = " + _literal(takes[1].values()))
    print("THROWS = " + _literal(throws.values()))
    print("PLAY_ON = " + _literal(1 - k for k in knocks.values()))
    return 0


def _literal(rates: Iterable[float]) -> str:
    return "(" + ", ".join(f"{r:.4f}" for r in rates) + ")"


def _rates(
    keys: list[K], hits: Counter[K], cases: Counter[K], place: Callable[[K], int], floor: float
) -> dict[K, float]:
    """The rate of each key; a key with fewer than `FEWEST` cases takes that of the
    nearest key with as many (by ``place``, a key's position), or of all keys together
    if none has; within ``floor`` of 0 and 1."""
    counted = [k for k in keys if cases[k] >= FEWEST]
    pooled = sum(hits[k] for k in keys) / max(1, sum(cases[k] for k in keys))
    out: dict[K, float] = {}
    for k in keys:
        if cases[k] >= FEWEST:
            rate = hits[k] / cases[k]
        elif counted:
            near = min(counted, key=lambda c: abs(place(c) - place(k)))
            rate = hits[near] / cases[near]
        else:
            rate = pooled
        out[k] = min(1.0 - floor, max(floor, rate))
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
