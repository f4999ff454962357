"""Cards: parsing, canonical text, the 52 interned instances, masks."""

from __future__ import annotations

import copy
import pickle

import pytest
from coretest_helpers import CORE
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core import (
    CARDS,
    Card,
    CardError,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
)
from ginrummy.core.cards import by_rank, by_suit, cards_from_mask

RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
SUIT_TEXT = ["S", "H", "D", "C"]
SUIT_SYMBOLS = ["♠", "♥", "♦", "♣"]


def test_parse_mixed_spellings() -> None:
    assert parse_cards("AS 10h td Q♠ 7♦") == [
        Card(1, 0),
        Card(10, 1),
        Card(10, 2),
        Card(12, 0),
        Card(7, 2),
    ]


def test_parse_separators_and_iterables() -> None:
    assert parse_cards("as,kh; [2c]") == [Card(1, 0), Card(13, 1), Card(2, 3)]
    assert parse_cards(["AS KH", "2c"]) == [Card(1, 0), Card(13, 1), Card(2, 3)]
    assert parse_cards("") == []
    assert parse_cards("   ") == []


@pytest.mark.parametrize("rank", range(1, 14))
@pytest.mark.parametrize("suit", range(4))
def test_every_spelling_of_every_card(rank: int, suit: int) -> None:
    card = Card(rank, suit)
    rank_spellings = [RANK_TEXT[rank - 1]] + (["10"] if rank == 10 else [])
    suit_spellings = [SUIT_TEXT[suit], SUIT_SYMBOLS[suit], "♤♡♢♧"[suit]]
    for r in rank_spellings:
        for s in suit_spellings:
            for token in (r + s, (r + s).lower(), r.lower() + s, r + s.lower(), f"  {r}{s} "):
                assert parse_card(token) is card, token
    assert parse_card(card.code) is card
    assert parse_card(card.pretty) is card


@pytest.mark.parametrize(
    "bad", ["1S", "11H", "ZZ", "A", "S", "AX", "10", "0D", "KSS", "A♠♠", "AS!", "", "1 0S"]
)
def test_bad_token_is_named(bad: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_bad_token_in_a_list_is_named() -> None:
    with pytest.raises(CardError, match="'XY'"):
        parse_cards("AS KH XY 2C")
    with pytest.raises(ValueError, match="'11c'"):
        parse_cards("AS 11c")


@pytest.mark.parametrize("text", ["AS as", "10h TH", "Q♠ qs", "7♦ 2C 7d", "ks 2h K♤"])
def test_duplicate_is_named(text: str) -> None:
    dup = parse_card(text.rsplit(maxsplit=1)[-1])
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert dup.code in str(info.value)
    assert "twice" in str(info.value)


def test_card_constructor_refuses_bad_values() -> None:
    for rank, suit in [(0, 0), (14, 0), (1, 4), (1, -1), (-3, 2)]:
        with pytest.raises(CardError):
            Card(rank, suit)


def test_52_distinct_interned_cards() -> None:
    assert len(CARDS) == 52
    assert len(set(CARDS)) == 52
    assert len({id(c) for c in CARDS}) == 52
    assert len({c.code for c in CARDS}) == 52
    assert len({c.pretty for c in CARDS}) == 52
    assert len({c.bit for c in CARDS}) == 52
    for i, card in enumerate(CARDS):
        assert card.index == i
        assert CARDS[card.index] is card
        assert Card(card.rank, card.suit) is card
        assert Card.from_index(i) is card
        assert Card.from_bit(card.bit) is card
        assert card.bit.bit_count() == 1
        assert card.value == min(card.rank, 10)
    # Suit-major order.
    assert [c.suit for c in CARDS] == sorted(c.suit for c in CARDS)


def test_canonical_text() -> None:
    ten_d = Card(10, 2)
    assert ten_d.code == "TD" == str(ten_d)
    assert ten_d.pretty == "10♦"
    assert ten_d.symbol == "♦"
    assert ten_d.is_red
    ace_s = Card(1, 0)
    assert ace_s.code == "AS"
    assert ace_s.pretty == "A♠"
    assert not ace_s.is_red
    assert Card(13, 3).pretty == "K♣"
    assert Card(12, 1).code == "QH"
    assert repr(Card(11, 3)) == "Card.parse('JC')"
    for card in CARDS:
        assert eval(repr(card)) is card
    assert [c.is_red for c in (Card(2, 0), Card(2, 1), Card(2, 2), Card(2, 3))] == [
        False,
        True,
        True,
        False,
    ]
    for card in CARDS:
        assert len(card.code) == 2
        assert card.code[0] in RANK_TEXT and card.code[1] in SUIT_TEXT
    hand = parse_cards("AS 10h td")
    assert format_cards(hand) == "AS TH TD"
    assert format_cards(hand, pretty=True) == "A♠ 10♥ 10♦"


def test_cards_are_immutable() -> None:
    card = Card(5, 1)
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]
    assert card.rank == 5


def test_pickle_and_copy_keep_identity() -> None:
    for card in CARDS:
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    hand = list(CARDS[:10])
    assert all(a is b for a, b in zip(pickle.loads(pickle.dumps(hand)), hand, strict=True))
    assert all(a is b for a, b in zip(copy.deepcopy(hand), hand, strict=True))


def test_ordering_and_sort_keys() -> None:
    hand = parse_cards("KC 2S AH 2H")
    assert sorted(hand) == parse_cards("2S AH 2H KC")
    assert sorted(hand, key=by_rank) == parse_cards("AH 2S 2H KC")
    assert sorted(hand, key=by_suit) == parse_cards("2S AH 2H KC")
    assert Card(1, 0) < Card(2, 0) <= Card(2, 0) < Card(1, 1)
    assert Card(1, 1) > Card(13, 0) >= Card(13, 0)


@settings(CORE, max_examples=200)
@given(st.sets(st.sampled_from(CARDS)))
def test_mask_round_trip(hand: set[Card]) -> None:
    mask = mask_of(hand)
    assert mask.bit_count() == len(hand)
    back = cards_from_mask(mask)
    assert set(back) == hand
    assert back == sorted(hand)


def test_mask_with_foreign_bits_is_refused() -> None:
    with pytest.raises(ValueError):
        cards_from_mask(1 << 13)  # bit 13 of the spade lane is no card


@settings(CORE, max_examples=200)
@given(
    st.lists(st.sampled_from(CARDS), unique=True, max_size=20),
    st.randoms(use_true_random=False),
)
def test_any_spelling_parses_back(hand: list[Card], rng: object) -> None:
    """Every card written in a random mix of spellings parses back to the same list."""
    import random

    assert isinstance(rng, random.Random)
    tokens = []
    for card in hand:
        rank = RANK_TEXT[card.rank - 1]
        if card.rank == 10 and rng.random() < 0.5:
            rank = "10"
        suit = rng.choice([SUIT_TEXT[card.suit], SUIT_SYMBOLS[card.suit]])
        token = rank + suit
        tokens.append(token.lower() if rng.random() < 0.5 else token)
    text = rng.choice([" ", ", ", ",", " ; "]).join(tokens)
    assert parse_cards(text) == hand
    assert parse_cards(format_cards(hand)) == hand
    assert parse_cards(format_cards(hand, pretty=True)) == hand
