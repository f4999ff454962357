"""The meld solver and the showdown against brute-force oracles written in the tests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from coretest_helpers import (
    CORE,
    knock_score,
    oracle_arrangements,
    oracle_defence,
    oracle_is_meld,
    oracle_melds,
    oracle_min_deadwood,
    oracle_showdown,
    points,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ginrummy.core import (
    CARDS,
    Card,
    Meld,
    ResultKind,
    Showdown,
    ShowdownError,
    best_discards,
    best_melding,
    deadwood_after_discards,
    is_big_gin,
    knock_discards,
    mask_of,
    min_deadwood,
    parse_cards,
    settle,
)
from ginrummy.core.melds import (
    all_meld_masks,
    arrangements,
    min_deadwood_mask,
    min_unmelded_cost_mask,
)

# --- strategies -----------------------------------------------------------------------------

#: Every meld that exists in the deck (sets of 3 and 4, runs of 3..13), as frozensets.
DECK_MELDS: tuple[frozenset[Card], ...] = tuple(
    [frozenset(c for c in CARDS if c.rank == r) for r in range(1, 14)]
    + [
        frozenset(c for c in CARDS if c.rank == r and c.suit != s)
        for r in range(1, 14)
        for s in range(4)
    ]
    + [
        frozenset(Card(r, s) for r in range(lo, lo + n))
        for s in range(4)
        for n in range(3, 14)
        for lo in range(1, 15 - n)
    ]
)

any_hand = st.lists(st.sampled_from(CARDS), unique=True, max_size=12)


@st.composite
def dense_hand(draw: st.DrawFn, min_size: int = 0, max_size: int = 12) -> list[Card]:
    """Cards from a narrow window of ranks (and maybe fewer suits): melds everywhere."""
    lo = draw(st.integers(1, 13))
    width = draw(st.integers(2, 5))
    suits = draw(st.sets(st.integers(0, 3), min_size=2, max_size=4))
    pool = [c for c in CARDS if lo <= c.rank < lo + width and c.suit in suits]
    assume(len(pool) >= min_size)
    size = draw(st.integers(min_size, min(max_size, len(pool))))
    return draw(st.lists(st.sampled_from(pool), unique=True, min_size=size, max_size=size))


hands = st.one_of(any_hand, dense_hand())


@st.composite
def melded_hand(draw: st.DrawFn, size: int) -> list[Card]:
    """Exactly ``size`` cards made of disjoint melds (deadwood 0)."""
    hand: set[Card] = set()
    for _ in range(12):
        if len(hand) == size:
            break
        meld = draw(st.sampled_from(DECK_MELDS))
        if not meld & hand and len(hand) + len(meld) <= size:
            hand |= meld
    assume(len(hand) == size)
    return draw(st.permutations(sorted(hand)))


def _near(hand: set[Card], reach: int) -> list[Card]:
    """Cards outside ``hand`` of a rank it holds, or within ``reach`` in a suit it holds."""
    return [
        c
        for c in CARDS
        if c not in hand
        and any(
            c.rank == h.rank or (c.suit == h.suit and abs(c.rank - h.rank) <= reach) for h in hand
        )
    ]


@st.composite
def knock_deal(draw: st.DrawFn) -> tuple[list[Card], list[Card], int]:
    """A knocker of 10 cards that may knock, a defender near its melds, and a knock limit."""
    knocker: set[Card] = set()
    for _ in range(draw(st.integers(1, 4))):
        meld = draw(st.sampled_from(DECK_MELDS))
        if not meld & knocker and len(knocker) + len(meld) <= 10:
            knocker |= meld
    need = 10 - len(knocker)
    pool = [c for c in _near(knocker, 2) if c.rank <= 6] or [c for c in CARDS if c not in knocker]
    extra = draw(st.lists(st.sampled_from(pool), unique=True, max_size=need))
    knocker |= set(extra)
    rest = [c for c in CARDS if c not in knocker]
    knocker |= set(
        draw(
            st.lists(
                st.sampled_from(rest),
                unique=True,
                min_size=10 - len(knocker),
                max_size=10 - len(knocker),
            )
        )
    )
    k_min = min_deadwood(knocker)
    assume(k_min <= 10)
    near = _near(knocker, 2)
    defender: set[Card] = set()
    if draw(st.booleans()):
        # A meld-dense defender (undercuts), built from melds next to the knocker's cards.
        near_set = set(near)
        options = [m for m in DECK_MELDS if not m & knocker and m & near_set and len(m) <= 5]
        for _ in range(draw(st.integers(1, 3))):
            meld = draw(st.sampled_from(options))
            if not meld & defender and len(defender) + len(meld) <= 10:
                defender |= meld
        low = [c for c in near if c.rank <= 5 and c not in defender]
        defender |= set(
            draw(st.lists(st.sampled_from(low), unique=True, max_size=10 - len(defender)))
            if low
            else []
        )
    n_near = max(0, min(len(near) - len(defender), draw(st.integers(3, 10)) - len(defender)))
    spare = [c for c in near if c not in defender]
    defender |= set(
        draw(st.lists(st.sampled_from(spare), unique=True, min_size=n_near, max_size=n_near))
    )
    others = [c for c in CARDS if c not in knocker and c not in defender]
    fill = 10 - len(defender)
    defender |= set(
        draw(st.lists(st.sampled_from(others), unique=True, min_size=fill, max_size=fill))
    )
    limit = draw(st.integers(k_min, 10))
    return sorted(knocker), sorted(defender), limit


@st.composite
def bait_deal(draw: st.DrawFn) -> tuple[list[Card], list[Card], int]:
    """A knocker with a cheap run whose extensions the defender holds.

    Such deals are where leaving the run as deadwood, or melding a shorter run, can beat
    the arrangement with the least deadwood (docs/rules.md section 5).
    """
    suit = draw(st.integers(0, 3))
    lo = draw(st.integers(1, 5))
    n = draw(st.integers(3, 4))
    run = {Card(r, suit) for r in range(lo, lo + n)}
    knocker = set(run)
    for _ in range(3):
        meld = draw(st.sampled_from(DECK_MELDS))
        if not meld & knocker and len(knocker) + len(meld) <= 10:
            knocker |= meld
    low = [c for c in CARDS if c not in knocker and c.rank <= 4 and c.suit != suit]
    fill = 10 - len(knocker)
    knocker |= set(draw(st.lists(st.sampled_from(low), unique=True, min_size=fill, max_size=fill)))
    k_min = min_deadwood(knocker)
    assume(k_min <= 10)
    ends = [
        Card(r, suit)
        for r in (lo - 2, lo - 1, lo + n, lo + n + 1)
        if 1 <= r <= 13 and Card(r, suit) not in knocker
    ]
    defender = (
        set(draw(st.lists(st.sampled_from(ends), unique=True, min_size=1))) if ends else set()
    )
    rest = [c for c in CARDS if c not in knocker and c not in defender]
    fill = 10 - len(defender)
    defender |= set(
        draw(st.lists(st.sampled_from(rest), unique=True, min_size=fill, max_size=fill))
    )
    limit = draw(st.integers(k_min, 10))
    return sorted(knocker), sorted(defender), limit


showdown_deals = st.one_of(knock_deal(), bait_deal())


# --- the meld solver ----------------------------------------------------------------------


def test_oracle_sanity() -> None:
    """The oracles themselves, on hands small enough to check by hand."""
    assert oracle_is_meld(parse_cards("AS 2S 3S"))
    assert oracle_is_meld(parse_cards("7H 7D 7C 7S"))
    assert not oracle_is_meld(parse_cards("QS KS AS"))
    assert not oracle_is_meld(parse_cards("AS 2S 3H"))
    assert not oracle_is_meld(parse_cards("7H 7D"))
    assert oracle_min_deadwood(parse_cards("3S 4S 5S 6S 6H 6D")) == 0
    assert oracle_min_deadwood(parse_cards("3S 4S 5S 6S 6H")) == 6
    assert oracle_min_deadwood([]) == 0
    assert len(list(oracle_arrangements(parse_cards("AS 2S 3S")))) == 2


def _check_melding(hand: Sequence[Card]) -> None:
    expected = oracle_min_deadwood(hand)
    melding = best_melding(hand)
    assert best_melding(mask_of(hand)) == melding
    used: set[Card] = set()
    for meld in melding.melds:
        assert oracle_is_meld(meld.cards), str(meld)
        assert Meld.is_valid(meld.cards)
        assert not used & set(meld.cards), "melds overlap"
        used |= set(meld.cards)
        assert meld.kind == ("run" if meld.is_run else "set")
        assert meld.is_set is (len({c.rank for c in meld.cards}) == 1)
        assert meld.mask == mask_of(meld.cards)
        assert meld.points == points(meld.cards)
        assert len(meld) == len(meld.cards) == len(list(meld))
    assert not used & set(melding.deadwood)
    assert sorted(melding.cards) == sorted(hand)
    assert melding.deadwood_points == points(melding.deadwood) == expected
    as_dict = melding.to_dict()
    assert as_dict["deadwood_points"] == expected
    assert as_dict["deadwood"] == [c.code for c in melding.deadwood]


@settings(CORE, max_examples=300)
@given(hands)
def test_min_deadwood_matches_oracle(hand: list[Card]) -> None:
    expected = oracle_min_deadwood(hand)
    assert min_deadwood(hand) == expected
    assert min_deadwood(mask_of(hand)) == expected
    assert min_deadwood_mask(mask_of(hand)) == expected


@settings(CORE, max_examples=300)
@given(hands, st.integers(0, 12))
def test_unmelded_cost_matches_oracle(hand: list[Card], extra: int) -> None:
    """Points plus ``extra`` per loose card, least over every arrangement."""
    expected = min(points(dead) + extra * len(dead) for _melds, dead in oracle_arrangements(hand))
    assert min_unmelded_cost_mask(mask_of(hand), extra) == expected


def test_unmelded_cost_counts_loose_cards() -> None:
    # A lone king beside three melds is one card from gin; an ace and a deuce are two.
    king = mask_of(parse_cards("2S 3S 4S 7H 7D 7C 9D TD JD KC"))
    ace_deuce = mask_of(parse_cards("2S 3S 4S 5S 7H 7D 7C 7S AC 2H"))
    assert min_deadwood_mask(king) > min_deadwood_mask(ace_deuce)
    assert min_unmelded_cost_mask(king, 8) < min_unmelded_cost_mask(ace_deuce, 8)
    assert min_unmelded_cost_mask(king, 0) == min_deadwood_mask(king)


@settings(CORE, max_examples=250)
@given(hands)
def test_best_melding_matches_oracle(hand: list[Card]) -> None:
    _check_melding(hand)


@settings(CORE, max_examples=150)
@given(st.one_of(any_hand, dense_hand()), st.data())
def test_discard_helpers_match_oracle(hand: list[Card], data: st.DataObject) -> None:
    after = {c: oracle_min_deadwood([x for x in hand if x is not c]) for c in hand}
    assert deadwood_after_discards(hand) == after
    assert deadwood_after_discards(mask_of(hand)) == after
    exclude = data.draw(st.lists(st.sampled_from(hand), unique=True) if hand else st.just([]))
    allowed = {c: v for c, v in after.items() if c not in exclude}
    if allowed:
        best = min(allowed.values())
        assert best_discards(hand, exclude) == (
            best,
            sorted((c for c, v in allowed.items() if v == best), key=lambda c: c.index),
        )
    else:
        with pytest.raises(ValueError):
            best_discards(hand, exclude)
    limit = data.draw(st.integers(0, 10))
    assert knock_discards(hand, limit, exclude) == {c: v for c, v in allowed.items() if v <= limit}


@settings(CORE, max_examples=150)
@given(st.one_of(hands, melded_hand(11), dense_hand(11, 11)))
def test_is_big_gin_matches_oracle(hand: list[Card]) -> None:
    assert is_big_gin(hand) is (len(hand) == 11 and oracle_min_deadwood(hand) == 0)


@settings(CORE, max_examples=60)
@given(st.sampled_from([10, 11, 12]).flatmap(melded_hand))
def test_fully_melded_hands(hand: list[Card]) -> None:
    assert min_deadwood(hand) == 0
    melding = best_melding(hand)
    assert melding.deadwood == ()
    assert sorted(melding.cards) == sorted(hand)
    assert is_big_gin(hand) is (len(hand) == 11)


@settings(CORE, max_examples=150)
@given(st.lists(st.sampled_from(CARDS), unique=True, max_size=6), dense_hand(0, 6))
def test_meld_is_valid_matches_oracle(group: list[Card], dense: list[Card]) -> None:
    for cs in (group, dense):
        assert Meld.is_valid(cs) is oracle_is_meld(cs)


@settings(CORE, max_examples=120)
@given(st.one_of(dense_hand(0, 10), st.lists(st.sampled_from(CARDS), unique=True, max_size=10)))
def test_meld_candidates_and_arrangements_match_oracle(hand: list[Card]) -> None:
    mask = mask_of(hand)
    assert sorted(all_meld_masks(mask)) == sorted(mask_of(m) for m in oracle_melds(frozenset(hand)))
    engine = sorted((tuple(sorted(melds)), dead) for melds, dead in arrangements(mask))
    oracle = sorted(
        (tuple(sorted(mask_of(m) for m in melds)), mask_of(dead))
        for melds, dead in oracle_arrangements(hand)
    )
    assert engine == oracle


def test_known_hands() -> None:
    assert min_deadwood(parse_cards("AS 2S 3S 4S 4H 4D 5D 6D 7D KC")) == 10
    assert min_deadwood(parse_cards("KS QS KH KD")) == 10
    assert min_deadwood(parse_cards("QS KS AS 2S")) == 23  # no wrap-around run
    assert min_deadwood(parse_cards("5S 5H 5D 5C 4S 6S 3S")) == 0
    assert min_deadwood(parse_cards("5S 5H 5D 5C 4S 6S 4H 6H")) == 10
    with pytest.raises(ValueError):
        best_discards([])


# --- the showdown -------------------------------------------------------------------------


def _check_showdown_consistent(
    s: Showdown, knocker: list[Card], defender: list[Card], limit: int
) -> None:
    """The reported arrangement is a legal one and its numbers add up."""
    k_melds = [frozenset(m.cards) for m in s.knocker.melds]
    used: set[Card] = set()
    for m in k_melds:
        assert oracle_is_meld(m)
        assert not m & used
        used |= m
    assert sorted(s.knocker.cards) == sorted(knocker)
    assert s.knocker.deadwood_points == points(s.knocker.deadwood)
    d_melds = [frozenset(m.cards) for m in s.defence.melding.melds]
    d_used: set[Card] = set()
    for m in d_melds:
        assert oracle_is_meld(m)
        assert not m & d_used
        d_used |= m
    laid = s.defence.laid_off
    assert len(set(laid)) == len(laid)
    assert not set(laid) & d_used
    assert sorted([*s.defence.melding.cards, *laid]) == sorted(defender)
    assert s.defence.deadwood_points == points(s.defence.melding.deadwood)
    assert len(s.defence.layoffs) == len(k_melds)
    for m, extra in zip(k_melds, s.defence.layoffs, strict=True):
        if extra:
            assert oracle_is_meld(m | set(extra)), f"{sorted(extra)} cannot extend {sorted(m)}"
    k, d = s.knocker_deadwood, s.defender_deadwood
    if s.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
        assert k == 0 and laid == ()
        bonus = 25 if s.kind is ResultKind.GIN else 31
        assert s.points == bonus + d and s.knocker_won
    else:
        assert 0 < k <= limit
        assert s.points == abs(knock_score(k, d, 25))
        assert s.knocker_won is (d > k)
        assert s.kind is (ResultKind.KNOCK if d > k else ResultKind.UNDERCUT)


@settings(CORE, max_examples=600)
@given(showdown_deals)
def test_settle_matches_brute_force_showdown(deal: tuple[list[Card], list[Card], int]) -> None:
    knocker, defender, limit = deal
    s = settle(mask_of(knocker), mask_of(defender), knock_limit=limit)
    _check_showdown_consistent(s, knocker, defender, limit)
    if oracle_min_deadwood(knocker) == 0:
        assert s.kind is ResultKind.GIN
        assert s.defender_deadwood == oracle_min_deadwood(defender)
        return
    score, k, d = oracle_showdown(knocker, defender, limit)
    assert s.knocker_deadwood == k
    assert s.defender_deadwood == d
    assert s.knocker_won is (score > 0)
    assert s.points == abs(score)
    # The reported defence is the best against the reported knocker melds.
    assert d == oracle_defence(frozenset(defender), [frozenset(m.cards) for m in s.knocker.melds])


@settings(CORE, max_examples=60)
@given(knock_deal(), st.integers(0, 40))
def test_settle_bonuses_follow_arguments(
    deal: tuple[list[Card], list[Card], int], bonus: int
) -> None:
    knocker, defender, limit = deal
    s = settle(
        mask_of(knocker),
        mask_of(defender),
        knock_limit=limit,
        undercut_bonus=bonus,
        gin_bonus=bonus,
    )
    if s.kind is ResultKind.GIN:
        assert s.points == bonus + s.defender_deadwood
    elif s.kind is ResultKind.UNDERCUT:
        assert s.points == bonus + s.knocker_deadwood - s.defender_deadwood
    else:
        assert s.points == s.defender_deadwood - s.knocker_deadwood


@settings(CORE, max_examples=60)
@given(knock_deal())
def test_settle_refuses_a_knock_over_the_limit(deal: tuple[list[Card], list[Card], int]) -> None:
    knocker, defender, _ = deal
    k_min = min_deadwood(knocker)
    assume(k_min > 0)
    with pytest.raises(ShowdownError, match=f"{k_min} deadwood") as info:
        settle(mask_of(knocker), mask_of(defender), knock_limit=k_min - 1)
    assert info.value.code == ("gin-only" if k_min == 1 else "over-knock-limit")
    assert info.value.phrase.facts["deadwood"] == k_min


@settings(CORE, max_examples=60)
@given(melded_hand(11), st.data())
def test_settle_big_gin(knocker: list[Card], data: st.DataObject) -> None:
    rest = [c for c in CARDS if c not in knocker]
    defender = data.draw(st.lists(st.sampled_from(rest), unique=True, min_size=10, max_size=10))
    s = settle(mask_of(knocker), mask_of(defender), knock_limit=10)
    assert s.kind is ResultKind.BIG_GIN
    assert s.points == 31 + oracle_min_deadwood(defender)
    _check_showdown_consistent(s, knocker, defender, 10)
    s50 = settle(mask_of(knocker), mask_of(defender), knock_limit=0, big_gin_bonus=50)
    assert s50.points == 50 + oracle_min_deadwood(defender)
    with pytest.raises(ValueError, match="big gin is off"):
        settle(mask_of(knocker), mask_of(defender), knock_limit=10, big_gin_bonus=None)


def test_settle_refuses_bad_hands() -> None:
    eleven = parse_cards("AC 2C 3C 4C 5C 6D 6H 6S JH QH 9S")
    defender = parse_cards("7D 8D 9D 2H 2D 2S TS TD 4D 3H")
    with pytest.raises(ShowdownError, match="big gin needs all eleven cards"):
        settle(mask_of(eleven), mask_of(defender), knock_limit=10)
    knocker = parse_cards("AC 2C 3C 4C 5C 6D 6H 6S JH QH")
    with pytest.raises(ValueError, match="share"):
        settle(
            mask_of(knocker), mask_of(parse_cards("AC 8D 9D 2H 2D 2S TS TD 4D 3H")), knock_limit=10
        )


def test_knocker_may_leave_a_meld_as_deadwood() -> None:
    """docs/rules.md 5: breaking up a meld can pay when it denies the defender lay-offs.

    Melding A♥2♥3♥ lets the defender lay off 4♥ 5♥ (9 points); holding the run as
    deadwood costs the knocker 6 and is still a legal knock (1 + 6 = 7).
    """
    knocker = parse_cards("AH 2H 3H 7S 7D 7C 9S 9D 9C AS")
    defender = parse_cards("4H 5H KS KD QC QS JD JH 8C 8H")
    s = settle(mask_of(knocker), mask_of(defender), knock_limit=10)
    assert (s.kind, s.knocker_deadwood, s.defender_deadwood, s.points) == (
        ResultKind.KNOCK,
        7,
        85,
        78,
    )
    assert s.defence.laid_off == ()
    assert oracle_showdown(knocker, defender, 10) == (78, 7, 85)
    # With a knock limit of 6 the run must be melded, and the lay-offs happen.
    s6 = settle(mask_of(knocker), mask_of(defender), knock_limit=6)
    assert (s6.knocker_deadwood, s6.defender_deadwood, s6.points) == (1, 76, 75)
    assert s6.defence.laid_off == tuple(parse_cards("4H 5H"))
