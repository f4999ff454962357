"""The six worked examples of docs/rules.md section 9, through `settle` and a real `Round`."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from coretest_helpers import cards, make_round, oracle_is_meld

from ginrummy.core import (
    CARDS,
    BigGin,
    Card,
    DrawStock,
    EventKind,
    Knock,
    Pass,
    ResultKind,
    Round,
    TakeDiscard,
    mask_of,
    min_deadwood,
    settle,
)
from ginrummy.text.results import explain_result


@dataclass(frozen=True)
class Example:
    number: int
    knocker: str
    defender: str
    kind: ResultKind
    points: int
    knocker_won: bool
    k: int
    d: int
    laid_off: str = ""
    defender_melds: tuple[str, ...] = ()
    defender_deadwood: str = ""


EXAMPLES = [
    Example(
        1,
        "3S 4S 5S 7H 7D 7C QH QD QC AC",
        "9D TD JD 4H 4D 4C 6S 7S KS 8C",
        ResultKind.KNOCK,
        17,
        True,
        1,
        18,
        laid_off="6S 7S",
        defender_melds=("9D TD JD", "4H 4D 4C"),
        defender_deadwood="KS 8C",
    ),
    Example(
        2,
        "AS 2S 3S 5H 5D 5C 9C TC JC 8D",
        "6H 7H 8H KS KH KD 2H 3D AD 4S",
        ResultKind.UNDERCUT,
        27,
        False,
        8,
        6,
        laid_off="4S",
        defender_melds=("6H 7H 8H", "KS KH KD"),
        defender_deadwood="2H 3D AD",
    ),
    Example(
        3,
        "AS 2S 3S 5H 5D 5C 9C TC JC 8D",
        "6H 7H 8H KS KH KD 2H 3D 3C 4S",
        ResultKind.UNDERCUT,
        25,
        False,
        8,
        8,
        laid_off="4S",
        defender_melds=("6H 7H 8H", "KS KH KD"),
        defender_deadwood="2H 3D 3C",
    ),
    Example(
        4,
        "AC 2C 3C 4C 6D 6H 6S JH QH KH",
        "5C 7D 8D 9D 2H 2D 2S TS TD 4D",
        ResultKind.GIN,
        44,
        True,
        0,
        19,
        laid_off="",
        defender_melds=("7D 8D 9D TD", "2H 2D 2S"),
        defender_deadwood="5C TS 4D",
    ),
    Example(
        5,
        "AC 2C 3C 4C 5C 6D 6H 6S JH QH KH",
        "7D 8D 9D 2H 2D 2S TS TD 4D 3H",
        ResultKind.BIG_GIN,
        48,
        True,
        0,
        17,
        laid_off="",
        defender_melds=("7D 8D 9D TD", "2H 2D 2S"),
        defender_deadwood="TS 4D 3H",
    ),
    Example(
        6,
        "3S 4S 5S KC KD KH 9H 9D 9C 2D",
        "6S 6H 6D 6C 7S AH AD AC 8D 4H",
        ResultKind.KNOCK,
        10,
        True,
        2,
        12,
        laid_off="6S 7S",
        defender_melds=("6H 6D 6C", "AH AD AC"),
        defender_deadwood="8D 4H",
    ),
]

IDS = [f"example{e.number}-{e.kind.value}" for e in EXAMPLES]


def _set(text: str) -> frozenset[Card]:
    return frozenset(cards(text))


@pytest.mark.parametrize("ex", EXAMPLES, ids=IDS)
def test_settle_worked_example(ex: Example) -> None:
    knocker, defender = cards(ex.knocker), cards(ex.defender)
    s = settle(mask_of(knocker), mask_of(defender), knock_limit=10)
    assert s.kind is ex.kind
    assert s.points == ex.points
    assert s.knocker_won is ex.knocker_won
    assert s.knocker_deadwood == ex.k
    assert s.defender_deadwood == ex.d
    assert frozenset(s.defence.laid_off) == _set(ex.laid_off)
    assert len(s.defence.laid_off) == len(_set(ex.laid_off))
    assert {frozenset(m.cards) for m in s.defence.melding.melds} == {
        _set(m) for m in ex.defender_melds
    }
    assert frozenset(s.defence.melding.deadwood) == _set(ex.defender_deadwood)
    # The knocker's arrangement covers its hand exactly, with valid melds.
    assert sorted(s.knocker.cards) == sorted(knocker)
    assert all(oracle_is_meld(m.cards) for m in s.knocker.melds)
    # Every laid-off card extends the knocker meld it was laid on.
    assert len(s.defence.layoffs) == len(s.knocker.melds)
    for meld, laid in zip(s.knocker.melds, s.defence.layoffs, strict=True):
        if laid:
            assert oracle_is_meld((*meld.cards, *laid))


def test_example6_declaring_melds_first_is_worse() -> None:
    """Example 6: the defender's best melds alone leave 19; with lay-offs chosen together, 12."""
    defender = cards("6S 6H 6D 6C 7S AH AD AC 8D 4H")
    assert min_deadwood(defender) == 19
    s = settle(mask_of(cards("3S 4S 5S KC KD KH 9H 9D 9C 2D")), mask_of(defender), knock_limit=10)
    assert s.defender_deadwood == 12
    assert s.defence.laid_off == tuple(cards("6S 7S"))


def test_gin_and_big_gin_allow_no_layoffs() -> None:
    """Example 4: 5♣ would extend A-4♣ but gin takes no lay-offs."""
    s = settle(
        mask_of(cards(EXAMPLES[3].knocker)), mask_of(cards(EXAMPLES[3].defender)), knock_limit=10
    )
    assert s.defence.laid_off == ()
    assert Card(5, 3) in s.defence.melding.deadwood


# --- the same examples through a real Round ------------------------------------------------

NAMES = ("Ann", "Ben")


def _spare(*hands: list[Card]) -> Card:
    """A card that is in none of the hands, to be the knocker's face-down discard."""
    used = {c for h in hands for c in h}
    # Take a high card so that it never joins a knocker meld by accident.
    return next(c for c in reversed(CARDS) if c not in used and c.rank >= 11)


def _play_example(ex: Example, path: str) -> tuple[Round, int]:
    """Deal and play so that the knocker ends with exactly the example's hand.

    ``path`` is how the knocker gets its last card: ``take`` (the non-dealer takes the
    first upcard and knocks on that turn), ``stock`` (both pass, the non-dealer draws it
    from the stock) or ``dealer`` (the non-dealer passes, the dealer takes the upcard).
    """
    knocker, defender = cards(ex.knocker), cards(ex.defender)
    last = knocker[-1]
    if ex.kind is ResultKind.BIG_GIN:
        dealt = knocker[:10]
        spare = None
    else:
        spare = _spare(knocker, defender)
        dealt = [*knocker[:9], spare]
    dealer_seat = 0
    if path == "dealer":
        rnd = make_round(defender, dealt, last, dealer_seat=dealer_seat)
        knocker_seat = dealer_seat
        rnd.apply(Pass(), 1 - dealer_seat)
        rnd.apply(TakeDiscard(), dealer_seat)
    elif path == "take":
        rnd = make_round(dealt, defender, last, dealer_seat=dealer_seat)
        knocker_seat = 1 - dealer_seat
        rnd.apply(TakeDiscard(), knocker_seat)
    else:
        upcard = _spare(knocker, defender, [spare] if spare else [])
        rnd = make_round(dealt, defender, upcard, stock=[last], dealer_seat=dealer_seat)
        knocker_seat = 1 - dealer_seat
        rnd.apply(Pass(), knocker_seat)
        rnd.apply(Pass(), 1 - knocker_seat)
        rnd.apply(DrawStock(), knocker_seat)
    assert sorted(rnd.hand(knocker_seat)) == sorted(knocker + ([spare] if spare else []))
    if ex.kind is ResultKind.BIG_GIN:
        assert BigGin() in rnd.legal_actions()
        rnd.apply(BigGin(), knocker_seat)
    else:
        assert spare is not None
        assert Knock(spare) in rnd.legal_actions()
        rnd.apply(Knock(spare), knocker_seat)
    return rnd, knocker_seat


@pytest.mark.parametrize("path", ["take", "stock", "dealer"])
@pytest.mark.parametrize("ex", EXAMPLES, ids=IDS)
def test_round_worked_example(ex: Example, path: str) -> None:
    rnd, knocker_seat = _play_example(ex, path)
    assert rnd.is_over
    result = rnd.result
    assert result is not None
    defender_seat = 1 - knocker_seat
    assert sorted(result.hands[knocker_seat]) == sorted(cards(ex.knocker))
    assert sorted(result.hands[defender_seat]) == sorted(cards(ex.defender))
    assert result.kind is ex.kind
    assert result.points == result.base_points == ex.points
    assert result.multiplier == 1
    assert result.knocker == knocker_seat
    assert result.winner == (knocker_seat if ex.knocker_won else defender_seat)
    assert result.showdown is not None
    assert result.showdown.knocker_deadwood == ex.k
    assert result.showdown.defender_deadwood == ex.d
    assert frozenset(result.showdown.defence.laid_off) == _set(ex.laid_off)

    last_event = rnd.history[-1]
    expected_event = {
        ResultKind.BIG_GIN: EventKind.BIG_GIN,
        ResultKind.GIN: EventKind.GIN,
    }.get(ex.kind, EventKind.KNOCK)
    assert last_event.kind is expected_event
    assert last_event.player == knocker_seat

    text = explain_result(result, NAMES)
    k_name, d_name = NAMES[knocker_seat], NAMES[defender_seat]
    w_name = NAMES[result.winner]
    if ex.kind is ResultKind.KNOCK:
        laid = " ".join(c.pretty for c in cards(ex.laid_off))
        assert f"{k_name} knocked with {ex.k} deadwood" in text
        assert f"{d_name} lays off {laid} and has {ex.d} deadwood" in text
        assert f"{w_name} scores {ex.d} - {ex.k} = {ex.points}" in text
    elif ex.kind is ResultKind.UNDERCUT:
        assert f"{k_name} knocked with {ex.k} deadwood" in text
        assert f"{d_name} lays off 4♠ and has {ex.d} deadwood" in text
        assert "Undercut" in text
        assert f"{d_name} scores 25 + {ex.k} - {ex.d} = {ex.points}" in text
        assert ("a tie is an undercut" in text) is (ex.k == ex.d)
    elif ex.kind is ResultKind.GIN:
        assert text.startswith("Gin!")
        assert f"{k_name} scores 25 + {ex.d} = {ex.points}" in text
        assert "lays off" not in text
    else:
        assert text.startswith("Big Gin!")
        assert f"{k_name} scores 31 + {ex.d} = {ex.points}" in text
    assert "doubled" not in text
