"""The review's figures a player is shown: the errors' cost (not the noisy sum of every
decision's loss), one round reviewed on its own, and a review stopped on request."""

from __future__ import annotations

import pytest
from support.reviews import small_evaluator

from ginrummy.core import Game, Rules, play_game
from ginrummy.players import make_player
from ginrummy.players.review import Grade, Stopped, is_error, review


@pytest.fixture(scope="module")
def game() -> Game:
    """A short game in which seat 0 played random moves: errors to count."""
    g = Game(Rules(target=25), seed=6)
    play_game(g, (make_player("random", 6), make_player("simple", 6)))
    assert len(g.rounds) == 2
    return g


def test_the_cost_is_the_errors_losses_and_the_loss_every_decision_s(game: Game) -> None:
    r = review(game, 0, small_evaluator())
    errors = [d for d in r.decisions if d.grade in (Grade.MISTAKE, Grade.BLUNDER)]
    assert errors, "a random player errs"
    assert r.errors == len(errors) == sum(rnd.errors for rnd in r.rounds)
    assert r.cost == pytest.approx(sum(d.loss for d in errors))
    assert r.cost == pytest.approx(sum(rnd.cost for rnd in r.rounds))
    assert r.loss == pytest.approx(sum(d.loss for d in r.decisions))
    # The good decisions' noise is in the loss, never in the cost.
    good = [d.loss for d in r.decisions if not is_error(d)]
    assert r.loss - r.cost == pytest.approx(sum(good))
    assert all(0 <= loss < 0.05 for loss in good)
    assert r.mean_loss == pytest.approx(r.loss / len(r.decisions))


def test_one_round_reviewed_alone_is_that_round_of_the_whole_review(game: Game) -> None:
    whole = review(game, 0, small_evaluator())
    told: list[tuple[int, int]] = []
    last = len(game.rounds) - 1
    one = review(game, 0, small_evaluator(), lambda d, t: told.append((d, t)), rounds=[last])
    assert one.rounds == (whole.rounds[last],)
    assert told == [(1, 1)]
    with pytest.raises(IndexError):
        review(game, 0, small_evaluator(), rounds=[len(game.rounds)])


def test_stop_stops_before_the_next_evaluation(game: Game) -> None:
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked > 2

    with pytest.raises(Stopped):
        review(game, 0, small_evaluator(), stop=stop)
    assert asked == 3
