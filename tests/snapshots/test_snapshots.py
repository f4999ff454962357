"""Every screen as an SVG snapshot at 80x24 (the main ones at 120x36 and 160x48), by seed.

Regenerate after a deliberate change with ``make snapshots`` and look at the SVGs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from support.pilot import (
    pressing,
    resuming_the_last_move,
    settle,
    to_game_over,
    to_knock_dialog,
    to_result,
    to_review,
)
from textual.pilot import Pilot

from ginrummy.app import GinRummyApp
from ginrummy.core import Rules

SMALL = (80, 24)
WIDE = (120, 36)
#: A large terminal: large cards, the table as wide as it gets (160 columns).
HUGE = (160, 48)
Setup = Callable[[Pilot[Any]], Awaitable[None]]


def computer(**kw: Any) -> GinRummyApp:
    kw.setdefault("seed", 7)
    return GinRummyApp(mode="computer", computer_delay=0.0, **kw)


async def ready(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.pause()


CASES: dict[str, tuple[Callable[[], GinRummyApp], Setup | None]] = {
    "start": (lambda: GinRummyApp(computer_delay=0.0), None),
    "table_first_upcard": (computer, ready),
    "table_discard_phase": (computer, pressing("p", "s")),
    "table_ascii": (lambda: computer(ascii=True), pressing("p", "s")),
    "table_four_colour": (lambda: _four_colour(computer()), pressing("p", "s")),
    "table_refusal": (computer, pressing("enter")),
    "knock_confirm": (lambda: computer(seed=10), to_knock_dialog),
    "discard_pile": (computer, pressing("p", "s", "enter", "v")),
    "sorted_by_suit": (computer, pressing("o", "o")),
    "round_result": (lambda: computer(seed=5), to_result),
    # The game of seed 1 resumed at its last round: the same screen as played through.
    "game_over": (lambda: resuming_the_last_move(Rules(target=30), 1), to_game_over),
    "help": (computer, pressing("question_mark")),
    "start_with_saved_game": (lambda: _with_saved_game(GinRummyApp(computer_delay=0.0)), None),
    "start_with_saved_games": (
        lambda: _with_saved_game(GinRummyApp(computer_delay=0.0), hotseat=True),
        None,
    ),
    "privacy": (
        lambda: GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0),
        None,
    ),
    "hotseat_table": (
        lambda: GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0),
        pressing("enter"),
    ),
    "rules_editor": (lambda: GinRummyApp(computer_delay=0.0), pressing("f4")),
    "settings": (lambda: GinRummyApp(computer_delay=0.0), pressing("f7")),
    "quit_confirm": (lambda: GinRummyApp(computer_delay=0.0), pressing("escape")),
    "replay": (lambda: _with_history(GinRummyApp(computer_delay=0.0, replay=1)), pressing("right")),
    # The latest game's review, from the statistics, on its first mistake.
    "review": (lambda: _with_history(GinRummyApp(computer_delay=0.0)), to_review),
    # Sixteen reviewed games: the form's rows and the accuracy's trend in words (the
    # figures scrolled to their end but for the data folder, which differs in every run).
    "statistics_reviewed": (
        lambda: _with_reviews(GinRummyApp(computer_delay=0.0)),
        pressing("f6", "tab", "end", "up"),
    ),
    # Hot-seat: a verdict line for each player, named.
    "hotseat_result": (
        lambda: GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0),
        to_result,
    ),
    "replay_result": (
        lambda: _with_history(GinRummyApp(computer_delay=0.0, replay=1)),
        pressing("pagedown", "left"),
    ),
}


def _four_colour(app: GinRummyApp) -> GinRummyApp:
    """The app with the four-colour deck chosen in Settings."""
    from dataclasses import replace

    app.settings = replace(app.settings, four_colour=True)
    return app


def _with_history(app: GinRummyApp) -> GinRummyApp:
    """One finished game (seed 3, to 60) in the history, for the replay screen."""
    from support.pilot import record_games

    record_games(app.store, seeds=(3,))
    return app


def _with_reviews(app: GinRummyApp) -> GinRummyApp:
    """Sixteen finished games against the simple computer, each with its review kept (at
    the tests' budget): the latest ten as reviewed, the six before with every decision
    0.03 worse, so the accuracy goes up."""
    import dataclasses

    from support.pilot import record_games

    from ginrummy.app.screens import review as screen
    from ginrummy.players.review import RoundReview, grade, review

    record_games(app.store, seeds=tuple(range(3, 19)), target=30)
    # The list's dates: the same every day.
    app.store.db().execute("UPDATE history SET finished = '2025-01-02T10:00:00+00:00'")
    evaluator = screen.make_evaluator()
    record = app.store.history_record(16)
    assert record is not None
    base = review(record.game, 0, evaluator)
    worse = dataclasses.replace(
        base,
        rounds=tuple(
            RoundReview(
                r.number,
                tuple(
                    dataclasses.replace(d, loss=d.loss + 0.03, grade=grade(d.loss + 0.03))
                    for d in r.decisions
                ),
                r.luck_events,
                r.points,
            )
            for r in base.rounds
        ),
    )
    for n in range(16):
        app.store.cache_review(f"t{n}", evaluator.version, worse if n < 6 else base)
    return app


def _with_saved_game(app: GinRummyApp, *, hotseat: bool = False) -> GinRummyApp:
    """Leave an autosave (seed 7 after the first pass) for the start screen to offer
    (``hotseat``: and a hot-seat game in its own slot, saved earlier)."""
    from ginrummy.core import Game, Pass
    from ginrummy.store import GameMeta

    started = "2025-01-01T00:00:00+00:00"
    if hotseat:
        game = Game(Rules(), seed=8)
        game.apply(Pass())
        app.store.save_game(game, GameMeta("hotseat", ("Ann", "Ben"), "", "h1", started))
        app.store.db().execute("UPDATE saves SET updated = '2025-01-01T00:00:00+00:00'")
    game = Game(Rules(), seed=7)
    game.apply(Pass())
    app.store.save_game(game, GameMeta("computer", ("Ann", "Computer"), "simple", "x1", started))
    return app


WIDE_CASES = (
    "start",
    "table_discard_phase",
    "table_ascii",
    "table_four_colour",
    "round_result",
    "game_over",
    "hotseat_table",
    "review",
)
HUGE_CASES = ("table_discard_phase", "round_result")


@pytest.mark.parametrize("name", sorted(CASES))
def test_screen_80x24(name: str, snap_compare: Any) -> None:
    make, setup = CASES[name]
    assert snap_compare(make(), terminal_size=SMALL, run_before=setup)


@pytest.mark.parametrize("name", WIDE_CASES)
def test_screen_wide(name: str, snap_compare: Any) -> None:
    make, setup = CASES[name]
    assert snap_compare(make(), terminal_size=WIDE, run_before=setup)


@pytest.mark.parametrize("name", HUGE_CASES)
def test_screen_huge(name: str, snap_compare: Any) -> None:
    make, setup = CASES[name]
    assert snap_compare(make(), terminal_size=HUGE, run_before=setup)


def test_too_small(snap_compare: Any) -> None:
    assert snap_compare(computer(), terminal_size=(60, 20), run_before=ready)
