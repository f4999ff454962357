"""`explain_result`: the round's result in words, third person or to "you"."""

from __future__ import annotations

import re

import pytest

from ginrummy.core import Rules, mask_of, parse_cards, settle
from ginrummy.core.round import RoundResult
from ginrummy.core.showdown import ResultKind
from ginrummy.text import i18n
from ginrummy.text.results import explain_result

RULES = Rules()

#: (knocker's cards, defender's cards) for each way a showdown ends.
HANDS = {
    "knock_layoff": ("3S 4S 5S 7H 7D 7C QH QD QC AC", "9D TD JD 4H 4D 4C 6S 7S KS 8C"),
    "knock": ("3S 4S 5S 7H 7D 7C QH QD QC AC", "9D TD JD 4H 4D 4C 2H 9S KS 8C"),
    "undercut": ("AS 2S 3S 7H 7D 7C QH QD QC 9C", "4H 5H 6H 4D 5D 6D 8S 8D 8C 2C"),
    "tie": ("AS 2S 3S 7H 7D 7C QH QD QC 9C", "4H 5H 6H 4D 5D 6D 8S 8D 8C 9D"),
    "gin": ("AS 2S 3S 4S 7H 7D 7C QH QD QC", "9D TD JD 4H 4D 4C 6H 8S KS 8C"),
    "big_gin": ("AS 2S 3S 4S 7H 7D 7C QH QD QC QS", "9D TD JD 4H 4D 4C 6H 8S KS 8C"),
}


def result_of(case: str, knocker: int = 0, multiplier: int = 1) -> RoundResult:
    k_cards, d_cards = (parse_cards(h) for h in HANDS[case])
    s = settle(
        mask_of(k_cards),
        mask_of(d_cards),
        knock_limit=RULES.knock_limit,
        gin_bonus=RULES.gin_bonus,
        undercut_bonus=RULES.undercut_bonus,
        big_gin_bonus=RULES.big_gin_bonus,
    )
    hands = (tuple(k_cards), tuple(d_cards)) if knocker == 0 else (tuple(d_cards), tuple(k_cards))
    return RoundResult(
        kind=s.kind,
        knocker=knocker,
        winner=knocker if s.knocker_won else 1 - knocker,
        points=s.points * multiplier,
        base_points=s.points,
        multiplier=multiplier,
        showdown=s,
        hands=hands,
        knock_limit=RULES.knock_limit,
        undercut_bonus=RULES.undercut_bonus,
        gin_bonus=RULES.gin_bonus,
        big_gin_bonus=RULES.big_gin_bonus,
        stock_left=10,
    )


def dead_round(stock_left: int = 2) -> RoundResult:
    return RoundResult(
        kind=ResultKind.DRAW,
        knocker=None,
        winner=None,
        points=0,
        base_points=0,
        multiplier=1,
        showdown=None,
        hands=((), ()),
        knock_limit=10,
        undercut_bonus=25,
        gin_bonus=25,
        big_gin_bonus=31,
        stock_left=stock_left,
    )


NAMES = ("Ann", "Ben")

#: case -> (third person, you=0 (Ann knocked), you=1 (Ben defended)).
EXPECTED = {
    "knock_layoff": (
        "Ann knocked with 1 deadwood; Ben lays off 6♠ 7♠ and has 18 deadwood."
        " Ann scores 18 - 1 = 17.",
        "You knocked with 1 deadwood; Ben lays off 6♠ 7♠ and has 18 deadwood."
        " You score 18 - 1 = 17.",
        "Ann knocked with 1 deadwood; you lay off 6♠ 7♠ and have 18 deadwood."
        " Ann scores 18 - 1 = 17.",
    ),
    "knock": (
        "Ann knocked with 1 deadwood; Ben has 29 deadwood. Ann scores 29 - 1 = 28.",
        "You knocked with 1 deadwood; Ben has 29 deadwood. You score 29 - 1 = 28.",
        "Ann knocked with 1 deadwood; you have 29 deadwood. Ann scores 29 - 1 = 28.",
    ),
    "undercut": (
        "Ann knocked with 9 deadwood; Ben has 2 deadwood. Undercut! Ben scores 25 + 9 - 2 = 32.",
        "You knocked with 9 deadwood; Ben has 2 deadwood. Undercut! Ben scores 25 + 9 - 2 = 32.",
        "Ann knocked with 9 deadwood; you have 2 deadwood. Undercut! You score 25 + 9 - 2 = 32.",
    ),
    "tie": (
        "Ann knocked with 9 deadwood; Ben has 9 deadwood."
        " Undercut (a tie is an undercut)! Ben scores 25 + 9 - 9 = 25.",
        "You knocked with 9 deadwood; Ben has 9 deadwood."
        " Undercut (a tie is an undercut)! Ben scores 25 + 9 - 9 = 25.",
        "Ann knocked with 9 deadwood; you have 9 deadwood."
        " Undercut (a tie is an undercut)! You score 25 + 9 - 9 = 25.",
    ),
    "gin": (
        "Gin! Ann scores 25 + 32 = 57.",
        "Gin! You score 25 + 32 = 57.",
        "Gin! Ann scores 25 + 32 = 57.",
    ),
    "big_gin": (
        "Big Gin! Ann scores 31 + 32 = 63.",
        "Big Gin! You score 31 + 32 = 63.",
        "Big Gin! Ann scores 31 + 32 = 63.",
    ),
}


@pytest.mark.parametrize("case", EXPECTED)
def test_explain_in_each_person(case: str) -> None:
    result = result_of(case)
    third, you_knocked, you_defended = EXPECTED[case]
    assert explain_result(result, NAMES) == third
    assert explain_result(result, NAMES, you=None) == third
    assert explain_result(result, NAMES, you=0) == you_knocked
    assert explain_result(result, NAMES, you=1) == you_defended


@pytest.mark.parametrize("case", EXPECTED)
def test_explain_with_the_knocker_in_the_second_seat(case: str) -> None:
    result = result_of(case, knocker=1)
    third, you_knocked, you_defended = EXPECTED[case]
    swap = ("Ben", "Ann")
    assert explain_result(result, swap) == third
    assert explain_result(result, swap, you=1) == you_knocked
    assert explain_result(result, swap, you=0) == you_defended


@pytest.mark.parametrize("case", EXPECTED)
@pytest.mark.parametrize("you", [0, 1])
def test_doubled_rounds_say_so_in_every_person(case: str, you: int) -> None:
    result = result_of(case, multiplier=2)
    plain = explain_result(result_of(case), NAMES, you=you)
    doubled = explain_result(result, NAMES, you=you)
    assert doubled == plain[:-1] + f", doubled by the spade upcard: {2 * result.base_points}."


def second_person(text: str) -> str:
    """The regex the app used before explain() knew "you" (its English is the reference)."""
    fixes = (("You scores", "You score"), ("You lays off", "You lay off"), ("You has", "You have"))
    for old, new in fixes:
        text = re.sub(rf"\b{old}\b", new, text)
    if "You lay off" in text:
        text = text.replace(" and has ", " and have ")
    # "You" after a semicolon is mid-sentence.
    return text.replace("; You ", "; you ")


@pytest.mark.parametrize("case", EXPECTED)
@pytest.mark.parametrize("you", [0, 1])
@pytest.mark.parametrize("multiplier", [1, 2])
def test_the_same_english_as_the_old_rewriting(case: str, you: int, multiplier: int) -> None:
    result = result_of(case, multiplier=multiplier)
    names = ("You", "Computer") if you == 0 else ("Computer", "You")
    assert explain_result(result, names, you=you) == second_person(explain_result(result, names))


def test_dead_round() -> None:
    text = (
        "Dead round: only 2 cards were left in the stock."
        " Nobody scores; the same dealer deals again."
    )
    assert explain_result(dead_round(), NAMES) == text
    assert explain_result(dead_round(), NAMES, you=0) == text
    assert explain_result(dead_round(1)).startswith(
        "Dead round: only 1 card was left in the stock."
    )


def test_default_names_are_translated_when_called(monkeypatch: pytest.MonkeyPatch) -> None:
    result = result_of("gin")
    assert explain_result(result) == "Gin! Player 1 scores 25 + 32 = 57."
    assert explain_result(result_of("gin", knocker=1)).startswith("Gin! Player 2 scores")

    class Fake:
        def gettext(self, message: str) -> str:
            return {"Player 1": "Jugador 1"}.get(message, message)

        def pgettext(self, context: str, message: str) -> str:
            # A default name inside a sentence has a message of its own.
            if context == "in a sentence":
                return {"Player 1": "el jugador 1"}.get(message, message)
            return message

    monkeypatch.setattr(i18n, "_translation", Fake())
    # The default name as the subject: its sentence form, the sentence capitalised.
    assert explain_result(result) == "Gin! El jugador 1 scores 25 + 32 = 57."
