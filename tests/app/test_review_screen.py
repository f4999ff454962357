"""Pilot tests of the review screen: opened from the game over screen and the statistics,
computed in a worker with a progress bar (Escape leaves and stops it), stepped through
with ← → and ``n``, and kept in the database so that a game is reviewed once."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from support.pilot import enabled_keys, record_games, to_game_over, until
from support.reviews import Gated, review_from_the_statistics, small_evaluator
from textual.pilot import Pilot
from textual.widgets import Button

from ginrummy.app import GinRummyApp
from ginrummy.app.screens import review as review_screen
from ginrummy.app.screens.gameover import BACKGROUND, GameOverScreen
from ginrummy.app.screens.review import ReviewScreen
from ginrummy.app.screens.stats import StatsScreen
from ginrummy.core import Game, Rules, play_game
from ginrummy.core.record import Record, Seat
from ginrummy.players import make_player
from ginrummy.players.review import Grade, review
from ginrummy.store import Store

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_screen, "make_evaluator", small_evaluator)


async def reviewed(pilot: Pilot[Any], screen: ReviewScreen, seat: int | None = None) -> None:
    """Wait until ``screen`` shows the review of ``seat`` (its current one by default)."""
    for _ in range(1200):  # a minute: a loaded machine is slow
        await pilot.pause(0.05)
        if (seat if seat is not None else screen.seat) in screen.reviews:
            await pilot.pause()
            return
    raise AssertionError("the review never came")


def random_game(seed: int = 4) -> Record:
    """A game in which the person (seat 0) played random moves: mistakes to find."""
    game = Game(Rules(target=25), seed=seed)
    play_game(game, (make_player("random", seed), make_player("simple", seed)))
    return Record(game, (Seat("Ann"), Seat("Computer", "bot", "simple")))


def text_of(screen: ReviewScreen, selector: str) -> str:
    widget = screen.query_one(selector)
    return str(widget.render())


async def test_the_game_over_screen_opens_the_review_and_escape_comes_back() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0, rules=Rules(target=1))
    async with app.run_test(size=SIZE) as pilot:
        await to_game_over(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert str(over.query_one("#review", Button).label) == "Review (r)"
        # The game over reviews the game in the background and keeps it: `r` then finds
        # it in the database (`r` sooner stops that worker and computes there, below).
        await until(
            pilot,
            lambda: not any(w.group == BACKGROUND for w in over.workers._workers),
            what="the background review",
        )
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        # The person's seat of the game just played.
        assert screen.seat == 0 and screen.record.seats[1].kind == "bot"
        await reviewed(pilot, screen)
        r = screen.reviews[0]
        assert len(r.rounds) == len(over.session.game.rounds)
        assert screen.from_cache[0] is True
        assert r == review(screen.record, 0, small_evaluator())
        assert not screen.query_one("#review-progress").display
        summary = text_of(screen, "#review-summary")
        assert f"accuracy {r.accuracy:.1f}" in summary
        decision = text_of(screen, "#review-decision")
        assert f"Decision 1 of {len(r.decisions)}" in decision
        assert "Computer held:" in decision
        # Kept in the database under the game's id and the evaluator's version.
        meta_id = app.table.model.meta.id if app.table is not None else None
        assert meta_id is not None
        assert app.store.cached_review(meta_id, 0, small_evaluator().version) == r
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is over


async def test_arrows_step_and_n_jumps_to_the_next_mistake(tmp_path: Any) -> None:
    record = random_game()
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = ReviewScreen(record, "g1", app.store)
        app.push_screen(screen)
        await reviewed(pilot, screen)
        decisions = screen.reviews[0].decisions
        assert len(decisions) > 3
        await pilot.press("right", "right")
        assert screen.index == 2
        assert "Decision 3 of" in text_of(screen, "#review-decision")
        await pilot.press("left")
        assert screen.index == 1
        await pilot.press("left", "left")
        assert screen.index == 0  # never before the first
        costly = [i for i, d in enumerate(decisions) if d.grade in (Grade.MISTAKE, Grade.BLUNDER)]
        assert costly, "a random player makes mistakes"
        await pilot.press("n")
        first = costly[0] if costly[0] > 0 else costly[min(1, len(costly) - 1)]
        assert screen.index == first
        d = decisions[screen.index]
        shown = text_of(screen, "#review-decision")
        assert d.grade.value in shown and "Better:" in shown
        await pilot.press("n")
        after = [i for i in costly if i > first]
        assert screen.index == (after[0] if after else costly[0])


async def test_the_second_time_the_review_comes_from_the_database() -> None:
    record = random_game(seed=6)
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = ReviewScreen(record, "g2", app.store)
        app.push_screen(first)
        await reviewed(pilot, first)
        assert first.from_cache[0] is False
        await pilot.press("escape")
        await pilot.pause()
        second = ReviewScreen(record, "g2", app.store)
        app.push_screen(second)
        await pilot.pause()
        # Shown at once, no worker: the same review.
        assert second.from_cache == {0: True}
        assert second.reviews[0] == first.reviews[0]
        assert not second.query_one("#review-progress").display


async def test_escape_while_reviewing_leaves_and_keeps_nothing() -> None:
    record = random_game(seed=8)
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.screen
        gate = threading.Event()
        slow = Gated(gate)
        screen = ReviewScreen(record, "g3", app.store, evaluator=slow)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.query_one("#review-progress").display
        assert screen.query_one("#review-graph").display is False
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is before  # at once, the worker still in its first round
        gate.set()
        await app.workers.wait_for_complete()
        assert screen.reviews == {}
        assert slow.evaluated < len(screen.record.game.rounds[0].actions)
        assert app.store.cached_review("g3", 0, slow.version) is None


async def test_the_statistics_review_the_game_chosen(tmp_path: Any) -> None:
    store = Store(tmp_path)
    record_games(store, (3,), target=30)
    app = GinRummyApp(store=store, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await review_from_the_statistics(pilot)
        assert isinstance(screen, ReviewScreen)
        assert screen.key == "t0"
        assert [s.name for s in screen.record.seats] == ["Ann", "Computer"]
        await reviewed(pilot, screen)
        assert store.cached_review("t0", 0, small_evaluator().version) is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_hot_seat_reviews_both_seats_and_s_switches() -> None:
    # Seed 7: one round of 60 moves (seed 5 played 38 rounds, 4,446 moves, to review twice).
    game = Game(Rules(target=25), seed=7)
    play_game(game, (make_player("random", 7), make_player("random", 8)))
    record = Record(game, (Seat("Anna"), Seat("Ben")))
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = ReviewScreen(record, "h1", app.store)
        app.push_screen(screen)
        await reviewed(pilot, screen)
        assert screen.seat == 0 and text_of(screen, "#review-summary").startswith("Anna")
        assert "Ben held:" in text_of(screen, "#review-decision")
        await pilot.press("right", "s")
        await reviewed(pilot, screen, 1)
        assert screen.seat == 1 and screen.index == 0
        assert text_of(screen, "#review-summary").startswith("Ben")
        assert "Anna held:" in text_of(screen, "#review-decision")
        await pilot.press("s")
        await pilot.pause()
        assert screen.seat == 0 and screen.from_cache == {0: False, 1: False}


async def test_a_game_against_the_computer_has_no_seat_to_switch() -> None:
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = ReviewScreen(random_game(), None, None)
        app.push_screen(screen)
        await reviewed(pilot, screen)
        keys = enabled_keys(screen)
        assert "s" not in keys and "n" in keys
        await pilot.press("s")
        assert screen.seat == 0


async def test_the_summary_writes_the_accuracy_as_the_language_does() -> None:
    """The accuracy on the review's summary line takes the language's decimal comma."""
    record = random_game()
    app = GinRummyApp(computer_delay=0.0, language="pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = ReviewScreen(record, "g1", app.store)
        app.push_screen(screen)
        await reviewed(pilot, screen)
        accuracy = f"{screen.reviews[0].accuracy:.1f}"
        summary = text_of(screen, "#review-summary")
        assert f"dokładność {accuracy.replace('.', ',')}" in summary, summary
