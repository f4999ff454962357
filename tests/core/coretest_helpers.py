"""Helpers for the core tests: deck building, state snapshots, replays and brute-force oracles.

The oracles here are written independently of ``ginrummy.core.melds`` and
``ginrummy.core.showdown``: they enumerate every candidate meld and every arrangement
naively, using nothing from the engine but the `Card` values.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, pairwise, product
from typing import Any

from hypothesis import settings

from ginrummy.core import (
    CARDS,
    Action,
    BigGin,
    Card,
    Discard,
    DrawStock,
    Game,
    Knock,
    Match,
    Pass,
    Round,
    Rules,
    TakeDiscard,
    parse_cards,
)

#: The hypothesis profile of this folder (registered in conftest.py), used as a parent.
CORE = settings.get_profile("ginrummy-core")

#: Every action that could ever be offered, for checking refusals exhaustively.
ALL_ACTIONS: tuple[Action, ...] = (
    DrawStock(),
    TakeDiscard(),
    Pass(),
    BigGin(),
    *(Discard(c) for c in CARDS),
    *(Knock(c) for c in CARDS),
)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def deal(
    nondealer: Sequence[Card] | str,
    dealer: Sequence[Card] | str,
    upcard: Card | str,
    stock: Sequence[Card] | str = (),
) -> list[Card]:
    """A deck that deals exactly these hands (see `Round`): ``stock[0]`` is the top of the stock."""
    nd = cards(nondealer) if isinstance(nondealer, str) else list(nondealer)
    de = cards(dealer) if isinstance(dealer, str) else list(dealer)
    up = cards(upcard)[0] if isinstance(upcard, str) else upcard
    st = cards(stock) if isinstance(stock, str) else list(stock)
    assert len(nd) == 10 and len(de) == 10
    used = [*nd, *de, up, *st]
    assert len(set(used)) == len(used), "a card is dealt twice"
    rest = [c for c in CARDS if c not in set(used)]
    deck: list[Card] = [None] * 20  # type: ignore[list-item]
    deck[0::2] = nd
    deck[1::2] = de
    return [*deck, up, *st, *rest]


def make_round(
    nondealer: Sequence[Card] | str,
    dealer: Sequence[Card] | str,
    upcard: Card | str,
    stock: Sequence[Card] | str = (),
    *,
    rules: Rules | None = None,
    dealer_seat: int = 0,
) -> Round:
    return Round(rules, dealer=dealer_seat, deck=deal(nondealer, dealer, upcard, stock))


#: Nine cards in three melds (A-3♠, 7s, Qs): with a tenth card the deadwood is that card.
BASE = "AS 2S 3S 7H 7D 7C QH QD QC"
#: A hand with no meld at all: 67 points of deadwood.
JUNK = "KC JH 9S 8H 6C 5H 3D TC 2H 4C"
#: Non-dealer BASE + 6D, dealer JUNK, upcard K♠.
BASE_JUNK_DEAL = deal(BASE + " 6D", JUNK, "KS")


def snapshot(rnd: Round) -> Any:
    """Everything a round holds, public and private, as a comparable deep copy."""
    public = (
        rnd.phase,
        rnd.to_act,
        rnd.is_over,
        rnd.result,
        rnd.hand(0),
        rnd.hand(1),
        rnd.stock_size,
        rnd.discard_pile,
        rnd.history,
        rnd.actions,
        tuple(rnd.legal_actions()),
        rnd.view(0),
        rnd.view(1),
        rnd.knock_limit,
        rnd.multiplier,
    )
    return public, copy.deepcopy(rnd.__dict__)


def replay(rnd: Round, upto: int | None = None) -> Round:
    """A fresh Round with the same deal, replaying ``rnd.actions[:upto]``."""
    fresh = Round(rnd.rules, dealer=rnd.dealer, deck=rnd.deck, scores=rnd.scores, number=rnd.number)
    for action in rnd.actions[:upto]:
        fresh.apply(action)
    return fresh


def check_conservation(rnd: Round) -> None:
    """Hands + stock + discard pile hold the 52 cards, each exactly once."""
    h0, h1, pile = rnd.hand(0), rnd.hand(1), rnd.discard_pile
    seen = [*h0, *h1, *pile]
    assert len(set(seen)) == len(seen), "a card is in two places"
    assert len(seen) + rnd.stock_size == 52
    # The stock is what the deck dealt minus what has left it: check it from the deck.
    stock = [c for c in rnd.deck[21:] if c not in set(seen)]
    assert len(stock) == rnd.stock_size
    assert set(rnd.deck) == set(CARDS)


# --- the brute-force solver oracle ------------------------------------------------------


def oracle_is_meld(group: Iterable[Card]) -> bool:
    """3-4 cards of one rank, or 3+ cards of one suit with consecutive ranks (ace low)."""
    cs = list(group)
    if len(cs) < 3 or len(set(cs)) != len(cs):
        return False
    ranks = sorted(c.rank for c in cs)
    suits = {c.suit for c in cs}
    if len(set(ranks)) == 1:
        return len(cs) <= 4
    if len(suits) != 1:
        return False
    return all(b - a == 1 for a, b in pairwise(ranks))


def points(group: Iterable[Card]) -> int:
    return sum(min(c.rank, 10) for c in group)


@lru_cache(maxsize=50_000)
def oracle_melds(hand: frozenset[Card]) -> tuple[frozenset[Card], ...]:
    """Every subset of the hand that is a meld (all 3+ subsets tried)."""
    ordered = sorted(hand, key=lambda c: c.index)
    out: list[frozenset[Card]] = []
    for size in range(3, len(ordered) + 1):
        for group in combinations(ordered, size):
            if oracle_is_meld(group):
                out.append(frozenset(group))
    return tuple(out)


def oracle_arrangements(
    hand: Iterable[Card],
) -> Iterator[tuple[tuple[frozenset[Card], ...], frozenset[Card]]]:
    """Every collection of pairwise disjoint melds of the hand, with the leftover deadwood."""
    h = frozenset(hand)
    melds = oracle_melds(h)

    def walk(i: int, used: frozenset[Card], chosen: tuple[frozenset[Card], ...]) -> Iterator[Any]:
        if i == len(melds):
            yield chosen, h - used
            return
        yield from walk(i + 1, used, chosen)
        m = melds[i]
        if not m & used:
            yield from walk(i + 1, used | m, (*chosen, m))

    yield from walk(0, frozenset(), ())


@lru_cache(maxsize=200_000)
def _oracle_min(hand: frozenset[Card]) -> int:
    return min(points(dead) for _, dead in oracle_arrangements(hand))


def oracle_min_deadwood(hand: Iterable[Card]) -> int:
    return _oracle_min(frozenset(hand))


# --- the brute-force showdown oracle ----------------------------------------------------


def _could_join(card: Card, meld: frozenset[Card]) -> bool:
    ranks = {c.rank for c in meld}
    suits = {c.suit for c in meld}
    if len(ranks) == 1:
        return card.rank in ranks
    return card.suit in suits


def oracle_layoff_sets(
    defender: frozenset[Card], knocker_melds: Sequence[frozenset[Card]]
) -> Iterator[tuple[frozenset[Card], tuple[frozenset[Card], ...]]]:
    """Every set of defender cards that can be laid off, with one way to place them.

    A set ``S`` can be laid off when its cards can be shared out among the knocker's
    melds so that each meld plus its share is still a meld (so runs grow in chains).
    """
    eligible = [c for c in defender if any(_could_join(c, m) for m in knocker_melds)]
    for size in range(len(eligible) + 1):
        for group in combinations(eligible, size):
            homes = [[i for i, m in enumerate(knocker_melds) if _could_join(c, m)] for c in group]
            for choice in product(*homes):
                shares = [set[Card]() for _ in knocker_melds]
                for card, i in zip(group, choice, strict=True):
                    shares[i].add(card)
                if all(
                    not share or oracle_is_meld(m | share)
                    for m, share in zip(knocker_melds, shares, strict=True)
                ):
                    yield frozenset(group), tuple(frozenset(s) for s in shares)
                    break


def oracle_defence(defender: frozenset[Card], knocker_melds: Sequence[frozenset[Card]]) -> int:
    """The defender's least deadwood, lay-offs and melds chosen together."""
    return min(
        oracle_min_deadwood(defender - laid)
        for laid, _ in oracle_layoff_sets(defender, knocker_melds)
    )


def knock_score(k: int, d: int, undercut_bonus: int) -> int:
    """The knocker's signed result (negative: the defender undercut)."""
    return d - k if d > k else -(undercut_bonus + k - d)


def oracle_showdown(
    knocker: Iterable[Card], defender: Iterable[Card], knock_limit: int, undercut_bonus: int = 25
) -> tuple[int, int, int]:
    """(best signed knocker score, K, D) over every knocker arrangement within the limit.

    Among arrangements with the best score the one with the least deadwood is taken, so
    K (and with it D) is well defined.
    """
    kh, dh = frozenset(knocker), frozenset(defender)
    best: tuple[int, int, int] | None = None
    for melds, dead in oracle_arrangements(kh):
        k = points(dead)
        if k > knock_limit:
            continue
        d = oracle_defence(dh, melds)
        score = knock_score(k, d, undercut_bonus)
        if best is None or (score, -k) > (best[0], -best[1]):
            best = (score, k, d)
    assert best is not None, "no legal knock"
    return best


# --- driving games with bots --------------------------------------------------------------

#: A bound on the actions of one round: far above any real round, low enough to catch a loop.
MAX_ROUND_ACTIONS = 3000


def make_bot(kind: str, seed: int) -> Any:
    from ginrummy.players import make_player

    return make_player(kind, seed)


def step(obj: Game | Match, players: Sequence[Any]) -> str | None:
    """Advance a game or match by one action (or deal the next round/game); None when over."""
    if obj.is_over:
        return None
    game = obj.game if isinstance(obj, Match) else obj
    if game.is_over:
        assert isinstance(obj, Match)
        obj.next_game()
        return "next_game"
    rnd = game.round
    if rnd.is_over:
        game.next_round()
        return "next_round"
    me = rnd.to_act
    action = players[me].choose(rnd.view(me))
    obj.apply(action, me)
    return f"P{me} {action}"


def current_round(obj: Game | Match) -> Round:
    game = obj.game if isinstance(obj, Match) else obj
    return game.round
