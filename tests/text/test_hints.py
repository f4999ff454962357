"""The hint in words: one advice (data) said in English and in Spanish, the round's stage
always said as the stock's size, and the reasons cut to the room there is."""

from __future__ import annotations

import dataclasses
import functools
import re

import pytest

from ginrummy.core import (
    BigGin,
    Card,
    Discard,
    DrawStock,
    Game,
    Knock,
    PlayerView,
    Rules,
    TakeDiscard,
    parse_cards,
)
from ginrummy.players import make_player
from ginrummy.players.advice import (
    Advice,
    CardRisk,
    DeadCard,
    KnockFacts,
    Option,
    TakeFacts,
    Unit,
)
from ginrummy.players.hint import HintGiver
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


# --- the evaluator's advice: chances to win the game ----------------------------------------

#: The evaluator's advice (`players.hint`): 8♣ rather than 9♦, with the chances to win.
BY_CHANCES = Advice(
    Discard(card("8C")),
    Unit.WIN_CHANCE,
    (Option(Discard(card("8C")), 0.544), Option(Discard(card("9D")), 0.468)),
    stock=23,
    deadwood=18,
    risks=NOT_THE_NINE.risks,
)

#: The chances clause in every language, and the separator its reasons are joined with.
CHANCES = {
    "en": "your chance to win the game: 54% (",
    "pl": "twoja szansa na wygranie partii: 54% (",
    "da": "din chance for at vinde spillet: 54 % (",
    "hu": "esélyed a játszma megnyerésére: 54% (",
    "es": "tu probabilidad de ganar la partida: 54 % (",
    "fi": "mahdollisuutesi voittaa peli: 54 % (",
}


def test_the_evaluators_advice_gives_the_chances_to_win_right_after_the_move() -> None:
    assert advice_text(BY_CHANCES) == (
        "Discard 8♣: 18 deadwood left; your chance to win the game: 54% (discard 9♦: 47%);"
        " the opponent took 9♠ and let 8♥ go — its chance to use 9♦: 42%, 8♣: 18%"
    )
    # A forced move has no runner-up: its chance alone.
    forced = Advice(DrawStock(), Unit.WIN_CHANCE, (Option(DrawStock(), 0.6),), 31, 40)
    assert advice_text(forced) == (
        "Draw from the stock: both players passed the upcard; your chance to win the game: 60%"
    )
    # The runner-up of a draw is named as a move: "take 7♣", "draw from the stock".
    take = TakeFacts(card("7C"), cards("7H 7D"), False, 30, 23, True)
    took = Advice(
        TakeDiscard(),
        Unit.WIN_CHANCE,
        (Option(TakeDiscard(), 0.61), Option(DrawStock(), 0.55)),
        30,
        23,
        take=take,
    )
    assert advice_text(took) == (
        "Take 7♣: it makes a set with 7♥ 7♦; your chance to win the game: 61%"
        " (draw from the stock: 55%)"
    )
    # Given the hand, a knock that goes gin is named as gin.
    hand = cards("AS 2S 3S 4S 7H 7D 7C QH QD QC QS")
    big = Advice(
        BigGin(),
        Unit.WIN_CHANCE,
        (Option(BigGin(), 0.93), Option(Knock(card("AS")), 0.9)),
        12,
        0,
        hand=hand,
    )
    assert advice_text(big).endswith("(gin, discarding A♠: 90%)")
    # The master's move, graded good a little below the evaluator's best: the best is not
    # shown as the runner-up (a higher chance would read as the better move).
    below = dataclasses.replace(
        took, options=(Option(TakeDiscard(), 0.55), Option(DrawStock(), 0.56))
    )
    assert advice_text(below) == (
        "Take 7♣: it makes a set with 7♥ 7♦; your chance to win the game: 55%"
    )
    # Advice in another unit (the expert's) gives no chances.
    assert "chance to win" not in advice_text(NOT_THE_NINE)


@pytest.mark.parametrize("language", sorted(CHANCES))
def test_the_chances_to_win_in_six_languages(language: str) -> None:
    i18n.set_language(language)
    text = advice_text(BY_CHANCES)
    assert CHANCES[language] in text
    # The runner-up follows, named as a move, and its chance.
    runner_up = text.split(CHANCES[language], 1)[1].split(")")[0]
    assert "9♦" in runner_up and "47" in runner_up


@functools.cache
def _advices() -> tuple[Advice, ...]:
    """The hint's advice at each of `_positions` (data, the same in every language: worked
    out once for the six languages' tests)."""
    giver = HintGiver(8)  # a small budget: the words, not the values, are under test
    return tuple(giver.advise(v) for v in _positions())


@pytest.mark.parametrize("language", sorted(CHANCES))
def test_over_many_positions_the_stage_is_only_ever_the_stock(language: str) -> None:
    """The hint's words never depend on the round's stage except through the stock's
    number: the same advice with 97 or 98 cards in the stock reads the same but for that
    number (no "early" here and "this late" there), in every language."""
    i18n.set_language(language)
    assert len({v.stock_size for v in _positions()}) > 10
    advices = _advices()
    knocks = 0
    for advice in advices:
        texts = [advice_text(dataclasses.replace(advice, stock=s)) for s in (97, 98)]
        assert texts[0].replace("97", "98") == texts[1]
        if advice.knock is not None and advice.knock.deadwood:
            knocks += 1
            assert "97" in texts[0]  # a knock's risk is said with the stock's size
        if language == "en":
            said = advice_text(advice)
            assert not re.search(r"\b(late|early in)\b", said), said
    assert knocks >= 1


@functools.cache
def _positions() -> tuple[PlayerView, ...]:
    """Seat 0's decisions in a few seeded games of two experts, to the round's end."""
    views: list[PlayerView] = []
    for seed in (2, 5, 8):
        game = Game(Rules(), seed=seed)
        bots = (make_player("expert", seed), make_player("expert", seed + 1))
        for _round in range(2):
            rnd = game.round
            while rnd.result is None:
                me = rnd.to_act
                view = rnd.view(me)
                if me == 0:
                    views.append(view)
                game.apply(bots[me].choose(view), me)
            if game.is_over:
                break
            game.next_round()
    return tuple(views)
