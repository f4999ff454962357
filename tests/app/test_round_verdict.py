"""Pilot tests of the round result's verdict: computed in a worker while the screen is
usable, one line per reviewed seat (the person against the computer, both in hot-seat),
cancelled by leaving, and the round's review one key away."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from support.pilot import enabled_keys, to_result, until
from support.reviews import Gated, small_evaluator
from textual.pilot import Pilot
from textual.widgets import Static

from ginrummy.app import GinRummyApp
from ginrummy.app.screens import review as review_screen
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.app.screens.review import ReviewScreen, session_record
from ginrummy.app.screens.table import TableScreen
from ginrummy.players.review import review
from ginrummy.text.review import verdict

SIZE = (80, 24)


def gated(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[Gated]]:
    gate = threading.Event()
    made: list[Gated] = []

    def make() -> Gated:
        made.append(Gated(gate, wait=300))
        return made[-1]

    monkeypatch.setattr(review_screen, "make_evaluator", make)
    return gate, made


async def fresh_result(
    pilot: Pilot[Any], monkeypatch: pytest.MonkeyPatch
) -> tuple[RoundResultScreen, threading.Event, list[Gated]]:
    """The result of the round just played shown again over itself, its verdict to come
    by a gated evaluator (`settle`, which reaching a result waits with, waits for every
    worker: the gate is put after it)."""
    await to_result(pilot)
    shown = pilot.app.screen
    assert isinstance(shown, RoundResultScreen) and shown.verdicts
    gate, made = gated(monkeypatch)
    table = pilot.app.table  # type: ignore[attr-defined]
    screen = RoundResultScreen(shown.session, shown.result, meta=table.model.meta)
    pilot.app.push_screen(screen)
    await pilot.pause()
    return screen, gate, made


def verdict_text(screen: RoundResultScreen) -> str:
    return str(screen.query_one("#result-verdict", Static).render())


async def verdict_shown(pilot: Pilot[Any], screen: RoundResultScreen) -> None:
    await until(pilot, lambda: bool(screen.verdicts), what="the verdict")
    await pilot.pause()


def expected(screen: RoundResultScreen, seat: int) -> str:
    """The verdict line of ``seat``, from its review computed here (the same seed)."""
    assert screen.meta is not None
    record = session_record(screen.session, screen.meta)
    assert record is not None
    rnd = review(record, seat, small_evaluator(), rounds=(screen.round_index,)).rounds[0]
    return f"{screen.session.names[seat]}: {verdict(rnd.errors, rnd.cost, rnd.luck)}"


async def test_the_verdict_comes_while_the_screen_is_usable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        screen, gate, made = await fresh_result(pilot, monkeypatch)
        # At once: the screen says the verdict is coming, its keys work (help opens).
        assert verdict_text(screen) == "Verdict on the round: reviewing your moves…"
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.verdicts
        gate.set()
        await verdict_shown(pilot, screen)
        # Against the computer: the person's line only, named.
        assert set(screen.verdicts) == {0}
        assert verdict_text(screen) == expected(screen, 0)
        # One evaluation a decision, and one for the computer's deal (its luck).
        assert made and made[0].evaluated == len(screen.verdicts[0].decisions) + 1


async def test_leaving_stops_the_worker_within_one_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        screen, gate, made = await fresh_result(pilot, monkeypatch)
        below = app.screen_stack[-2]
        await until(pilot, lambda: bool(made), what="the worker")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is below  # at once, the worker waiting in its first evaluation
        gate.set()
        await until(pilot, lambda: not screen.workers._workers, what="the worker's end")
        assert made[0].evaluated <= 1
        assert screen.verdicts == {}


async def test_r_opens_the_round_s_review_with_the_verdict_s_figures() -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await to_result(pilot)
        result = app.screen
        assert isinstance(result, RoundResultScreen)
        await verdict_shown(pilot, result)
        footer = enabled_keys(result)
        assert "r" in footer
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        # The round just played, not in the history yet: from the session's game.
        assert screen.rounds == (0,) and screen.key is None
        assert screen.sub_title == "Review of round 1"
        assert screen.reviews[0] is result.verdicts[0]
        assert not screen.query_one("#review-progress").display
        rnd = result.verdicts[0].rounds[0]
        summary = str(screen.query_one("#review-summary").render())
        assert f"accuracy {rnd.accuracy:.1f}" in summary
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is result
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_r_before_the_verdict_reviews_there_and_brings_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        result, gate, _made = await fresh_result(pilot, monkeypatch)
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.query_one("#review-progress").display
        gate.set()
        await until(pilot, lambda: 0 in screen.reviews, what="the review")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is result
        await pilot.pause()
        assert result.verdicts[0] is screen.reviews[0]
        assert verdict_text(result) == expected(result, 0)


async def test_hot_seat_has_a_named_line_for_each_seat() -> None:
    app = GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await to_result(pilot)
        screen = app.screen
        assert isinstance(screen, RoundResultScreen)
        await until(pilot, lambda: len(screen.verdicts) == 2, what="both verdicts")
        await pilot.pause()
        assert verdict_text(screen).splitlines() == [expected(screen, 0), expected(screen, 1)]
        assert screen.query_one("#result").has_class("-two-verdicts")


async def test_no_verdict_without_the_game_s_details() -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await to_result(pilot)
        shown = app.screen
        assert isinstance(shown, RoundResultScreen)
        bare = RoundResultScreen(shown.session, shown.result)
        app.push_screen(bare)
        await pilot.pause()
        assert not bare.query("#result-verdict")
        assert not bare.workers._workers
        keys = {b.binding.key for b in bare.active_bindings.values() if b.enabled}
        assert "r" not in keys
