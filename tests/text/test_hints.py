"""The hint in words: one advice (data) said in English and in Spanish, the round's stage
always said as the stock's size, and the reasons cut to the room there is."""

from __future__ import annotations

from ginrummy.core import BigGin, Card, Discard, DrawStock, Knock, TakeDiscard, parse_cards
from ginrummy.players.advice import (
    Advice,
    CardRisk,
    DeadCard,
    KnockFacts,
    Option,
    TakeFacts,
    Unit,
)
from ginrummy.text import i18n
from ginrummy.text.hints import advice_text, percent


def card(code: str) -> Card:
    return parse_cards(code)[0]


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(parse_cards(codes))


#: Discard 8♣ rather than 9♦, which the opponent wants: it took 9♠.
NOT_THE_NINE = Advice(
    Discard(card("8C")),
    Unit.HAND_COST,
    (Option(Discard(card("8C")), 15.0), Option(Discard(card("9D")), 14.8)),
    stock=23,
    deadwood=18,
    risks=(
        CardRisk(card("8C"), 0.18, (), cards("8H"), 18),
        CardRisk(card("9D"), 0.42, cards("9S"), (), 17),
    ),
)

#: Discard A♣ with a knock of 1 declined, 5 cards to gin.
WAIT_FOR_GIN = Advice(
    Discard(card("AC")),
    Unit.HAND_COST,
    (Option(Discard(card("AC")), -20.4), Option(Discard(card("2C")), -27.5)),
    stock=22,
    deadwood=2,
    gin_outs=5,
    risks=(
        CardRisk(card("AC"), 0.07, (), cards("AH"), 2),
        CardRisk(card("2C"), 0.95, cards("2H"), (), 1),
    ),
    knock=KnockFacts(card("2C"), 1, 0.09, Unit.POINTS, 4.0, 6.5),
)


def test_the_move_the_runner_up_and_why_with_numbers_in_english() -> None:
    assert advice_text(NOT_THE_NINE) == (
        "Discard 8♣: 18 deadwood left; the opponent took 9♠ and let 8♥ go"
        " — its chance to use 9♦: 42%, 8♣: 18%"
    )
    assert advice_text(WAIT_FOR_GIN) == (
        "Discard A♣: 2 deadwood left; don't knock yet: undercut risk 9% at 1 deadwood, and"
        " 22 cards left in the stock to improve; the opponent took 2♥ and let A♥ go — its"
        " chance to use 2♣: 95%, A♣: 7%; 5 cards would give you gin"
    )


def test_the_same_advice_in_spanish() -> None:
    i18n.set_language("es")
    assert advice_text(NOT_THE_NINE) == (
        "Descarta 8♣: te quedan 18 puntos sueltos; el rival tomó 9♠ y dejó pasar 8♥"
        " — probabilidad de que le sirva 9♦: 42 %, 8♣: 18 %"
    )
    knock = Advice(
        Knock(card("KC")),
        Unit.POINTS,
        (Option(Knock(card("KC")), 3.0), Option(Discard(card("9D")), 1.0)),
        stock=1,
        deadwood=9,
        knock=KnockFacts(card("KC"), 9, 0.27, Unit.POINTS, 3.0, 1.0),
    )
    assert advice_text(knock) == (
        "Cierra descartando K♣ (puntos sueltos: 9): riesgo de contragolpe del 27 % con 1 carta"
        " en el mazo"
    )


def test_the_stage_of_the_round_is_the_stock_never_a_word() -> None:
    for stock in (28, 23, 9, 2):
        for advice in (NOT_THE_NINE, WAIT_FOR_GIN):
            text = advice_text(
                Advice(
                    advice.action,
                    advice.unit,
                    advice.options,
                    stock,
                    advice.deadwood,
                    advice.gin_outs,
                    advice.risks,
                    knock=advice.knock,
                )
            )
            assert "early" not in text and "late" not in text
            if advice.knock is not None:
                assert f"{stock} cards left in the stock" in text


def test_the_reasons_that_do_not_fit_are_left_out_the_move_stays() -> None:
    full = advice_text(WAIT_FOR_GIN)
    short = advice_text(WAIT_FOR_GIN, limit=140)
    assert len(short) <= 140 and full.startswith(short) and short != full
    assert short.startswith("Discard A♣: 2 deadwood left; don't knock yet")
    assert advice_text(WAIT_FOR_GIN, limit=10) == "Discard A♣: 2 deadwood left"


def test_draws_takes_and_going_out() -> None:
    take = TakeFacts(card("7C"), cards("7H 7D"), False, 30, 23, True)
    took = Advice(TakeDiscard(), Unit.HAND_COST, (Option(TakeDiscard(), 1.0),), 30, 23, take=take)
    assert advice_text(took) == "Take 7♣: it makes a set with 7♥ 7♦"
    same = TakeFacts(card("2D"), (), False, 2, 2, True)
    keep = Advice(TakeDiscard(), Unit.HAND_COST, (Option(TakeDiscard(), 1.0),), 13, 2, take=same)
    assert advice_text(keep) == "Take 2♦: your deadwood stays at 2, with more ways to meld"
    stock = Advice(DrawStock(), Unit.HAND_COST, (Option(DrawStock(), 40.0),), 29, 40)
    assert advice_text(stock) == "Draw from the stock: both players passed the upcard"
    gin = Advice(Knock(card("KC")), Unit.HAND_COST, (Option(Knock(card("KC")), 0.0),), 12, 0)
    assert advice_text(gin) == "Gin: discard K♣ face down, no deadwood left"
    big = Advice(BigGin(), Unit.HAND_COST, (Option(BigGin(), 0.0),), 12, 0)
    assert advice_text(big) == "Big Gin: all eleven cards are in melds"


def test_a_dead_card_says_why_and_a_close_call_says_so() -> None:
    dead = Advice(
        Discard(card("KC")),
        Unit.HAND_COST,
        (Option(Discard(card("KC")), 20.0), Option(Discard(card("QH")), 20.1)),
        stock=15,
        deadwood=20,
        risks=(CardRisk(card("KC"), 0.0, (), (), 20), CardRisk(card("QH"), 0.05, (), (), 20)),
        dead=DeadCard(card("KC"), 2, cards("QC")),
    )
    assert advice_text(dead) == (
        "Discard K♣: it is dead: two other kings are gone, and so is Q♣; Q♥ is nearly as good"
    )


def test_percentages_are_whole_and_never_zero_for_a_chance_that_is_not() -> None:
    assert [percent(p) for p in (0.0, 0.001, 0.074, 0.5, 1.0)] == [0, 1, 7, 50, 100]
