"""Pilot tests of the statistics' figures from the reviews: the game over screen reviews
the game in the background (so the statistics have it), the statistics show the
accuracy and luck of the reviewed games and how many they cover, and `r` on a match
asks which of its games to review."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.pilot import finished_match, to_game_over, until
from support.reviews import review_from_the_statistics
from textual.widgets import OptionList, Static

from ginrummy.app import GinRummyApp
from ginrummy.app.screens import review as review_screen
from ginrummy.app.screens.gameover import BACKGROUND, GameOverScreen
from ginrummy.app.screens.review import ReviewScreen
from ginrummy.app.screens.stats import GameChoiceScreen, StatsScreen
from ginrummy.core import Match, Rules
from ginrummy.store import GameMeta, Store

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
