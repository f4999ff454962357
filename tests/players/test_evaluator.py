"""The evaluator (`ginrummy.players.evaluator`) and the review as data (`players.review`)."""

from __future__ import annotations

import random

import pytest

from ginrummy.core import CARDS, Discard, DrawStock, Game, Knock, Pass, Round, Rules, play_game
from ginrummy.core.cards import parse_card, parse_cards
from ginrummy.core.record import Seat, record_of
from ginrummy.players import make_player
from ginrummy.players.evaluator import CONFIRM_LOSS, Evaluator, _on_top, value_table
from ginrummy.players.review import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Grade,
    accuracy,
    grade,
    review,
    review_game,
)

SMALL = {"screen": 6, "finalists": 3}

MINE = parse_cards("AS 2S 3S 4S 7H 7D 7C QH QD QC")
UPCARD = parse_card("9D")
TOP = parse_card("KC")


def _deck(rng: random.Random) -> list:
    """A deal in which the non-dealer holds `MINE`, the upcard is `UPCARD` and the stock's
    top is `TOP`; the dealer's hand and the rest of the stock shuffled by ``rng``."""
    fixed = {*MINE, UPCARD, TOP}
    rest = [c for c in CARDS if c not in fixed]
    rng.shuffle(rest)
    deck = [None] * 52
    deck[0:20:2] = MINE
    deck[1:20:2] = rest[:10]
    deck[20] = UPCARD
    deck[21] = TOP
    deck[22:] = rest[10:]
    return deck


def _at_discard(seed: int) -> Round:
    """Seat 1 (non-dealer) has passed, seat 0 passed, seat 1 drew `TOP`: 11 cards, gin on."""
    rnd = Round(Rules(), dealer=0, deck=_deck(random.Random(seed)))
    for action in (Pass(), Pass(), DrawStock()):
        rnd.apply(action)
    return rnd


def test_the_hidden_cards_are_never_read() -> None:
    a, b = _at_discard(1), _at_discard(2)
    assert a.hand(0) != b.hand(0)  # different hidden cards and stock...
    assert a.view(1) == b.view(1)  # ...behind an identical view
    ev = Evaluator(12, seed=3, **SMALL)
    first = ev.evaluate(a.view(1))
    again = Evaluator(12, seed=3, **SMALL).evaluate(b.view(1))
    assert first == again


def test_the_same_seed_gives_the_same_values_and_another_seed_others() -> None:
    view = _at_discard(1).view(1)
    one = Evaluator(12, seed=5, **SMALL).evaluate(view)
    assert one == Evaluator(12, seed=5, **SMALL).evaluate(view)
    assert one != Evaluator(12, seed=6, **SMALL).evaluate(view)


def test_every_legal_choice_is_valued_the_gin_best() -> None:
    view = _at_discard(1).view(1)
    ev = Evaluator(16, seed=1, **SMALL).evaluate(view)
    assert {c.action for c in ev.choices} == set(view.legal_actions())
    assert ev.best.action == Knock(TOP)
    assert all(0.0 <= c.win <= 1.0 for c in ev.choices)
    # Breaking a meld to throw a seven away gives the gin up: a blunder.
    assert grade(ev.loss(Discard(parse_card("7H")))) is Grade.BLUNDER
    assert grade(ev.loss(Knock(TOP))) is Grade.GOOD


def test_grades_and_accuracy_follow_the_documented_thresholds() -> None:
    assert grade(0.0) is Grade.GOOD
    assert grade(INACCURACY) is Grade.INACCURACY
    assert grade(MISTAKE) is Grade.MISTAKE
    assert grade(BLUNDER) is Grade.BLUNDER
    assert accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert accuracy(0.05) == pytest.approx(80.0, abs=0.5)
    assert accuracy(1.0) == 0.0


def _game(seed: int) -> Game:
    game = Game(Rules(target=40), seed=seed)
    play_game(game, (make_player("random", seed), make_player("simple", seed)))
    return game


def test_a_review_is_the_same_for_the_same_seed() -> None:
    game = _game(4)
    record = record_of(game, (Seat("r", "bot", "random"), Seat("Ann")))
    first = review_game(record, Evaluator(6, seed=2, screen=3, finalists=2))
    again = review_game(record, Evaluator(6, seed=2, screen=3, finalists=2))
    assert first == again
    assert [s.seat for s in first.seats] == [1]  # the person, not the bot
    seat = first.seats[0]
    assert seat.name == "Ann" and seat.player == "person"
    assert len(seat.rounds) == len(game.rounds)
    decisions = seat.decisions
    assert decisions and all(d.loss >= 0 for d in decisions)
    assert all(d.grade is grade(d.loss) for d in decisions)
    assert seat.loss == pytest.approx(sum(d.loss for d in decisions))
    # Luck: each seat's deal once a round, and one event per stock draw of either seat;
    # the opponent's count against the seat.
    for rnd, played in zip(seat.rounds, game.rounds, strict=True):
        for opponent, actor in ((False, 1), (True, 0)):
            events = [e for e in rnd.luck_events if e.opponent is opponent]
            assert len([e for e in events if e.card is None]) == 1
            draws = [
                i
                for i, a in enumerate(played.actions)
                if isinstance(a, DrawStock) and _actor(played, i) == actor
            ]
            assert [e.move for e in events if e.card is not None] == draws
        assert rnd.luck == pytest.approx(sum(e.luck for e in rnd.luck_events))


def test_a_draws_luck_is_valued_on_the_worlds_whose_stock_holds_the_card() -> None:
    """Given the card drawn, the worlds that gave it to the opponent are impossible: the
    luck is the draw's value on the others, with the card on top, less the average."""
    evaluator = Evaluator(24, seed=3, screen=3, finalists=2)
    checked = 0
    for seed in range(12):
        played = _game(seed).rounds[0]
        rnd = played.dealt_again()
        for action in played.actions:
            actor = rnd.to_act
            view = rnd.view(actor)
            rnd.apply(action)
            if not isinstance(action, DrawStock):
                continue
            card = rnd.view(actor).drawn_card
            worlds = evaluator.worlds(view)
            theirs = [w for w in worlds if card.bit & w[0]]
            if not theirs or len(theirs) == len(worlds):
                continue
            stocks = [_on_top(card.bit, opp, stock) for opp, stock in worlds if not card.bit & opp]
            assert all(stock[-1] == card.bit for _, stock in stocks)
            gv = value_table(view.rules)
            expected = evaluator._value(view, DrawStock(), stocks, gv) - evaluator._value(
                view, DrawStock(), worlds, gv
            )
            assert evaluator.draw_luck(view, card) == pytest.approx(expected)
            checked += 1
    assert checked >= 3


def test_the_opponents_luck_is_valued_from_its_view_and_counts_against_the_seat() -> None:
    game = _game(5)
    evaluator = Evaluator(6, seed=2, screen=3, finalists=2)
    played = game.rounds[0]
    seat = review(game, 1, evaluator, rounds=(0,)).rounds[0]
    theirs = [e for e in seat.luck_events if e.opponent and e.card is not None]
    assert theirs
    for event in theirs:
        rnd = played.dealt_again()
        for a in played.actions[: event.move]:
            rnd.apply(a)
        before = rnd.view(0)  # the opponent's view before its draw
        fresh = Evaluator(6, seed=2, screen=3, finalists=2)
        assert event.luck == pytest.approx(-fresh.draw_luck(before, event.card))
    # The other seat's review sees the same draws as its own luck, with the other sign.
    other = review(game, 0, evaluator, rounds=(0,)).rounds[0]
    mine = {e.move: e.luck for e in other.luck_events if not e.opponent and e.card is not None}
    assert {e.move: -e.luck for e in theirs} == pytest.approx(mine)


def _actor(played: Round, index: int) -> int:
    rnd = played.dealt_again()
    for a in played.actions[:index]:
        rnd.apply(a)
    return rnd.to_act


def test_the_opponent_hand_is_shown_but_the_values_ignore_it() -> None:
    game = _game(6)
    told: list[tuple[int, int]] = []
    seat = review(
        game, 0, Evaluator(4, seed=1, screen=2, finalists=1), lambda a, b: told.append((a, b))
    )
    n = len(game.rounds)
    assert told == [(k, n) for k in range(1, n + 1)]
    d = seat.decisions[0]
    rnd = game.rounds[d.round - 1].dealt_again()
    for a in game.rounds[d.round - 1].actions[: d.move]:
        rnd.apply(a)
    assert d.opponent_hand == rnd.hand(1)
    assert d.hand == rnd.hand(0)


# --- the confirmation of a losing kept choice ------------------------------------------
SEVEN = Discard(parse_card("7H"))


def test_a_kept_choice_that_loses_is_valued_again_on_more_worlds() -> None:
    view = _at_discard(1).view(1)
    plain = Evaluator(12, seed=1, confirm_factor=1, **SMALL).evaluate(view, keep=(SEVEN,))
    assert all(c.samples <= 12 for c in plain.choices)
    assert plain.loss(SEVEN) >= CONFIRM_LOSS  # it gives the gin up
    assert plain.best.action == Knock(TOP)
    ev = Evaluator(12, seed=1, confirm_factor=3, **SMALL).evaluate(view, keep=(SEVEN,))
    # The kept choice and the best are valued on 36 other worlds; the others keep their
    # values.
    for c in plain.choices:
        now = ev.value_of(c.action)
        if c.action in (SEVEN, Knock(TOP)):
            assert now.samples == 36
        else:
            assert now == c
    assert ev.best.action == Knock(TOP) and ev.best.samples == 36
    assert [c.action for c in ev.choices[:2]] == [Knock(TOP), SEVEN]
    assert ev.choices[0].samples >= ev.choices[-1].samples  # the most worlds first
    assert grade(ev.loss(SEVEN)) is Grade.BLUNDER


def test_a_kept_choice_within_the_margin_is_not_valued_again() -> None:
    view = _at_discard(1).view(1)
    ev = Evaluator(12, seed=1, **SMALL)
    assert ev.evaluate(view, keep=(Knock(TOP),)) == ev.evaluate(view)
    assert all(c.samples <= 12 for c in ev.evaluate(view, keep=(Knock(TOP),)).choices)
    # A margin above any loss: never valued again, as with no confirmation at all.
    wide = Evaluator(12, seed=1, confirm=2.0, **SMALL).evaluate(view, keep=(SEVEN,))
    assert wide == Evaluator(12, seed=1, confirm_factor=1, **SMALL).evaluate(view, keep=(SEVEN,))


def test_the_confirmation_reads_no_hidden_card_and_is_named() -> None:
    a, b = _at_discard(1), _at_discard(2)
    assert a.view(1) == b.view(1)
    first = Evaluator(12, seed=3, **SMALL).evaluate(a.view(1), keep=(SEVEN,))
    again = Evaluator(12, seed=3, **SMALL).evaluate(b.view(1), keep=(SEVEN,))
    assert first == again
    assert max(c.samples for c in first.choices) == 48
    assert Evaluator(12).version != Evaluator(12, confirm_factor=1).version
    with pytest.raises(ValueError, match="confirm_factor"):
        Evaluator(12, confirm_factor=0)


def test_the_best_after_a_confirmation_loses_nothing_when_kept() -> None:
    """What the hint relies on: the best of an evaluation that kept one choice (the
    master's move) loses nothing when the review keeps it instead."""
    game = _game(8)
    checked = confirmed = 0
    for played in game.rounds:
        rnd = played.dealt_again()
        for action in played.actions:
            view = rnd.view(rnd.to_act)
            legal = view.legal_actions()
            if len(legal) > 1:
                for kept in legal[:4]:
                    ev = Evaluator(8, seed=2, screen=4, finalists=2)
                    advised = ev.evaluate(view, keep=(kept,))
                    confirmed += advised.best.samples > 8
                    best = advised.best.action
                    review_ev = Evaluator(8, seed=2, screen=4, finalists=2)
                    assert review_ev.evaluate(view, keep=(best,)).loss(best) == 0.0
                    checked += 1
            rnd.apply(action)
    assert checked > 50 and confirmed > 5
