"""Pilot tests of the game over screen: Enter agrees with the footer, the margin and a
shutout are said, and the chart has a place for every round."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from support.pilot import finished_game, to_game_over

from ginrummy.app import GinRummyApp
from ginrummy.app.model.seats import COMPUTER, TableConfig
from ginrummy.app.model.session import Session
from ginrummy.app.screens.gameover import GameOverScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.app.widgets.chart import ScoreChart
from ginrummy.core import Rules

SIZE = (80, 24)


def footer_keys(app: GinRummyApp) -> dict[str, str]:
    """The keys the footer shows, with their words."""
    return {
        key: b.binding.description
        for key, b in app.screen.active_bindings.items()
        if b.binding.show and b.enabled
    }


def game_over(seed: int, target: int) -> GameOverScreen:
    config = TableConfig.make(COMPUTER, names=("Ann", "Computer"))
    return GameOverScreen(Session(config, finished_game(seed, target)))


@contextlib.asynccontextmanager
async def shown(seed: int, target: int) -> AsyncIterator[GameOverScreen]:
    """The game-over screen of a finished seeded game, shown at 80x24."""
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_over(seed, target)
        app.push_screen(screen)
        await pilot.pause()
        yield screen


async def test_enter_after_a_game_goes_to_the_menu_as_the_footer_says() -> None:
    # Seed 53: a knock on the sixth move ends the game (seed 1: the 28th).
    app = GinRummyApp(mode="computer", seed=53, computer_delay=0.0, rules=Rules(target=1))
    async with app.run_test(size=SIZE) as pilot:
        await to_game_over(pilot)
        assert isinstance(app.screen, GameOverScreen)
        keys = footer_keys(app)
        assert keys["enter"] == "Menu" and keys["a"] == "Play again"
        assert "Continue" not in keys.values()
        assert str(app.screen.query_one("#menu").label) == "Main menu (Enter)"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_a_match_game_over_says_next_game_on_enter() -> None:
    from ginrummy.core import Match

    rules = Rules.preset("Tournament")
    match = Match(rules, seed=1)
    # A finished first game, the match going on.
    while not match.game.is_over:
        from ginrummy.core.player import play_game
        from ginrummy.players.simple import SimplePlayer

        play_game(match.game, (SimplePlayer(), SimplePlayer()))
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = GameOverScreen(Session(TableConfig.make(COMPUTER, rules=rules), match))
        choices: list[str | None] = []
        app.push_screen(screen, choices.append)
        await pilot.pause()
        assert screen.match_continues
        keys = footer_keys(app)
        assert keys["enter"] == "Next game" and "a" not in keys
        await pilot.press("enter")
        await pilot.pause()
        assert choices == ["next"]


async def test_a_shutout_and_the_margin_are_said() -> None:
    async with shown(5, 100) as screen:  # 0 - 121
        title = screen.query_one("#gameover-title").render()
        text = str(title)
        assert "Computer wins the game!" in text
        assert "By 121 points." in text
        assert "A shutout: you scored no points." in text  # Ann is the reader


async def test_the_margin_counts_the_bonuses_and_no_shutout_is_claimed() -> None:
    async with shown(4, 150) as screen:  # 155 - 49
        totals = screen.session.game.totals()
        text = str(screen.query_one("#gameover-title").render())
        assert f"By {totals[0].total - totals[1].total} points." in text
        assert "shutout" not in text


async def test_the_chart_shows_every_round_of_a_twelve_round_game() -> None:
    async with shown(4, 150) as screen:
        assert len(screen.session.game.results) == 12
        chart = screen.query_one("#chart", ScoreChart)
        numbers, per_round = chart.round_columns(chart.size.width)
        assert numbers == list(range(1, 13))
        lines = chart.render().plain.splitlines()
        bottom = lines[max(2, chart.size.height - 2) - 1]
        last = 5 + 11 * per_round  # the twelfth pair: both totals are above 0
        assert bottom[last] != " " and bottom[last + 1] != " ", bottom
        assert "rounds →" in lines[-2]


async def test_a_chart_without_room_for_every_round_says_which_it_shows() -> None:
    async with shown(10, 150) as screen:
        assert len(screen.session.game.results) == 20
        chart = screen.query_one("#chart", ScoreChart)
        numbers, _ = chart.round_columns(chart.size.width)
        assert numbers[-1] == 20 and len(numbers) < 20
        step = numbers[1] - numbers[0]
        assert numbers == list(range(20, 0, -step))[::-1]
        assert f"rounds (1 in {step}, to 20) →" in chart.render().plain
