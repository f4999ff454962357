"""Driving the app with Pilot as a person would: wait for the computer, press the keys of a
chosen action, play a round to its end.

A developer tool shared by ``scripts/screenshots.py``, ``scripts/appmemory.py`` and the
tests (``tests/support/pilot.py`` imports it from here): scripts import nothing from
``tests/``. The keyboard seat plays what the simple bot would choose.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from ginrummy.app.app import GinRummyApp
from ginrummy.app.messages import CardClicked
from ginrummy.app.model.goingout import Question
from ginrummy.app.screens.privacy import PrivacyScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.players.simple import SimplePlayer

__all__ = [
    "keys_for",
    "play_turn_with_keys",
    "play_until_result",
    "pressing",
    "settle",
    "table_of",
]


async def settle(pilot: Pilot[None], rounds: int = 400) -> None:
    """Let workers and messages finish until the app waits for a person."""
    app = pilot.app
    for _ in range(rounds):
        # An exclusive worker (the computer's turn) may be cancelled by the next one as it
        # ends: that is the app working as meant, not a failure to wait for.
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app, GinRummyApp)
        table = app.table
        if not isinstance(app.screen, TableScreen) or table is None:
            return
        if table.acting_seat is not None:
            return
    raise AssertionError("the table never came back to a person")


def table_of(app: object) -> TableScreen:
    assert isinstance(app, GinRummyApp)
    table = app.table
    assert table is not None
    return table


def keys_for(table: TableScreen, action: Action) -> list[str]:
    """The keys a player presses to play ``action`` from the table's current selection."""
    if isinstance(action, DrawStock):
        return ["s"]
    if isinstance(action, TakeDiscard):
        return ["d"]
    if isinstance(action, Pass):
        return ["p"]
    if isinstance(action, BigGin):
        return ["b"]
    assert isinstance(action, Discard | Knock)
    order = table.hand.order
    current = order.index(table.selected) if table.selected in order else 0
    target = order.index(action.card)
    right = (target - current) % len(order)
    moves = ["right"] * right if right <= len(order) - right else ["left"] * (len(order) - right)
    if isinstance(action, Discard):
        return [*moves, "enter"]
    # The knock question offers the best way first (`y`), the selected card's second (`2`).
    question = table.model.going_out(action.card, "k")
    actions = [c.action for c in question.choices] if isinstance(question, Question) else []
    return [*moves, "k", "2" if actions[1:2] == [action] else "y"]


async def play_turn_with_keys(pilot: Pilot[None], bot: SimplePlayer | None = None) -> list[str]:
    """Play one action for the seat at the keyboard, as the simple bot would: the card is
    picked as a click on it picks it (one event, where the arrow keys take up to five:
    `keys_for` and the key tests press those), the move by its key."""
    table = table_of(pilot.app)
    seat = table.acting_seat
    assert seat is not None
    view = table.session.view(seat)
    action = (bot or SimplePlayer()).choose(view)
    if isinstance(action, Discard | Knock) and table.selected is not action.card:
        table.hand.post_message(CardClicked(action.card))
        await pilot.pause()
        assert table.selected is action.card, "the click did not pick the card"
    keys = keys_for(table, action)
    for key in keys:
        await pilot.press(key)
    await settle(pilot)
    return keys


async def play_until_result(pilot: Pilot[None], max_turns: int = 300) -> None:
    """Play the seats at the keyboard (through privacy screens) until the round ends."""
    app = pilot.app
    await settle(pilot)
    for _ in range(max_turns):
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await settle(pilot)
            continue
        if not isinstance(app.screen, TableScreen):
            return
        await play_turn_with_keys(pilot)
    raise AssertionError("the round did not end")


def pressing(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """A set-up that presses ``keys`` one by one, letting the computer move in between."""

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        await pilot.pause()

    return run
