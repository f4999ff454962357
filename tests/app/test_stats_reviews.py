"""Pilot tests of the statistics' figures from the reviews: the game over screen reviews
the game in the background (so the statistics have it), the statistics show the
accuracy and luck of the reviewed games and how many they cover, and `r` on a match
asks which of its games to review."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from support.pilot import enabled_keys, finished_match, to_game_over, until
from support.reviews import Gated, review_from_the_statistics
from textual.widgets import Label, OptionList, Static

from ginrummy.app import GinRummyApp
from ginrummy.app.screens import review as review_screen
from ginrummy.app.screens.gameover import BACKGROUND, GameOverScreen
from ginrummy.app.screens.review import ReviewScreen
from ginrummy.app.screens.stats import GameChoiceScreen, StatsScreen
from ginrummy.core import Match, Rules
from ginrummy.store import GameMeta, Store
from ginrummy.store.reviews import review_key

SIZE = (80, 24)


def background(screen: GameOverScreen) -> list[Any]:
    return [w for w in screen.workers._workers if w.group == BACKGROUND]


async def test_the_game_over_keeps_the_game_s_review_for_the_statistics() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0, rules=Rules(target=1))
    async with app.run_test(size=SIZE) as pilot:
        await to_game_over(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        meta = over.meta
        assert meta is not None
        version = review_screen.make_evaluator().version
        await until(
            pilot,
            lambda: app.store.cached_review(meta.id, 0, version) is not None,
            timeout=60,
            what="the review kept in the background",
        )
        # The person's seat only; the statistics count it.
        assert app.store.cached_review(meta.id, 1, version) is None
        await until(pilot, lambda: not background(over), what="the worker's end")
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        table = str(stats.query_one("#stats-table", Static).render())
        assert "Games reviewed" in table and "1 of 1" in table
        r = app.store.cached_review(meta.id, 0, version)
        assert r is not None
        row = next(line for line in table.splitlines() if "Accuracy, latest" in line)
        assert row.split()[-1] == f"{r.accuracy:.1f}"
        cover = str(stats.query_one("#stats-form", Static).render())
        assert cover.startswith("Reviews cover 1 of 1 games.")


async def test_r_on_the_game_over_stops_the_background_review_and_reviews_there() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0, rules=Rules(target=1))
    async with app.run_test(size=SIZE) as pilot:
        await to_game_over(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert not [w for w in background(over) if not w.is_cancelled]
        await until(pilot, lambda: app.screen.current is not None, what="the review")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is over
        # Kept by the review screen: nothing left for the background.
        await until(pilot, lambda: not background(over), what="the worker's end")


def a_match(store: Store) -> Match:
    match = finished_match()
    meta = GameMeta("computer", ("Ann", "Computer"), "simple", "m1", "2025-01-02T10:00:00")
    store.finish_game(match, meta)
    return match


async def test_r_on_a_match_asks_which_game_and_reviews_that_one(tmp_path: Path) -> None:
    store = Store(tmp_path)
    match = a_match(store)
    app = GinRummyApp(store=store, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        choice = await review_from_the_statistics(pilot)
        assert isinstance(choice, GameChoiceScreen)
        options = choice.query_one("#game-choice-list", OptionList)
        assert options.option_count == len(match.games)
        first = str(options.get_option_at_index(0).prompt)
        assert first.startswith("Game 1: Ann ") and "Computer" in first
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.key == "m1#2"
        assert screen.record.game is not None
        assert screen.record.game.scores == match.games[1].scores
        await until(pilot, lambda: screen.current is not None, what="the review")
        await pilot.press("escape")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        # Back with one game reviewed: the figures say so, the list keeps its place.
        table = str(stats.query_one("#stats-table", Static).render())
        assert f"1 of {len(match.games)}" in table


def label(screen: StatsScreen) -> str:
    return str(screen.query_one("#stats-progress-label", Label).render())


def missing_workers(screen: StatsScreen) -> list[Any]:
    return [w for w in screen.workers._workers if w.group == "review-missing"]


class GatedStats(NamedTuple):
    """A store with a match not reviewed, and the app's reviews by a `Gated` evaluator."""

    store: Store
    match: Match
    gate: threading.Event
    evaluator: Gated


@pytest.fixture
def gated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GatedStats:
    store = Store(tmp_path)
    match = a_match(store)
    gate = threading.Event()  # each evaluation waits for it: the progress can be seen
    evaluator = Gated(gate)
    monkeypatch.setattr(review_screen, "make_evaluator", lambda: evaluator)
    return GatedStats(store, match, gate, evaluator)


async def open_stats(pilot: Any) -> StatsScreen:
    await pilot.press("f6")
    await pilot.pause()
    stats = pilot.app.screen
    assert isinstance(stats, StatsScreen)
    return stats


async def test_shift_r_reviews_every_game_without_a_review(gated: GatedStats) -> None:
    match, gate, evaluator = gated.match, gated.gate, gated.evaluator
    app = GinRummyApp(store=gated.store, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        stats = await open_stats(pilot)
        cover = str(stats.query_one("#stats-form", Static).render())
        games = len(match.games)
        assert cover.startswith(f"Reviews cover 0 of {games} games.")
        assert cover.endswith("R reviews the rest now.")
        assert "R" in enabled_keys(stats)
        await pilot.press("R")
        await pilot.pause()
        # While it works: the progress shows, and neither R nor r is offered.
        assert stats.query_one("#stats-progress").display
        assert not {"R", "r"} & enabled_keys(stats)
        await until(pilot, lambda: "Reviewing game 1 of 3" in label(stats), what="progress")
        gate.set()
        version = evaluator.version
        keys = [review_key("m1", n) for n in range(1, len(match.games) + 1)]
        await until(
            pilot,
            lambda: all(app.store.cached_review(k, 0, version) for k in keys),
            timeout=60,
            what="every game of the match reviewed",
        )
        await until(pilot, lambda: not missing_workers(stats), what="the worker's end")
        await pilot.pause()
        # Drawn again: every game reviewed, nothing more to offer.
        table = str(stats.query_one("#stats-table", Static).render())
        assert f"{games} of {games}" in table
        cover = str(stats.query_one("#stats-form", Static).render())
        assert "R reviews" not in cover and not stats.query_one("#stats-progress").display
        assert "R" not in enabled_keys(stats) and "r" in enabled_keys(stats)
        # The other seat (the computer's) is not the statistics' side: not reviewed.
        assert app.store.cached_review(keys[0], 1, version) is None


async def test_leaving_stops_the_reviews_of_shift_r(gated: GatedStats) -> None:
    gate, evaluator = gated.gate, gated.evaluator
    app = GinRummyApp(store=gated.store, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        stats = await open_stats(pilot)
        await pilot.press("R")
        await until(pilot, lambda: evaluator.evaluated == 0 and bool(missing_workers(stats)))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)
        gate.set()
        await until(pilot, lambda: not [w for w in missing_workers(stats) if w.is_running])
        # Stopped before its first evaluation was done: nothing half-made was kept.
        assert evaluator.evaluated <= 1
        assert app.store.cached_review("m1", 0, evaluator.version) is None
