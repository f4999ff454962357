"""Driving the app with Pilot: wait for the computer, turn a chosen action into keys.

Used by the tests, the snapshot set-ups and ``scripts/screenshots.py``; it plays a seat
by asking the simple bot what it would do and pressing the keys a person would press.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

from ginrummy.app.app import GinRummyApp
from ginrummy.app.model.goingout import Question
from ginrummy.app.screens.privacy import PrivacyScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Game,
    Knock,
    Match,
    Pass,
    Phase,
    Rules,
    TakeDiscard,
)
from ginrummy.core.player import play_game
from ginrummy.core.save import from_dict, to_dict
from ginrummy.players.simple import SimplePlayer
from ginrummy.store import GameMeta, Store, slot_of


async def settle(pilot: Pilot[None], rounds: int = 400) -> None:
    """Let workers and messages finish until the app waits for a person."""
    app = pilot.app
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app, GinRummyApp)
        table = app.table
        if not isinstance(app.screen, TableScreen) or table is None:
            return
        if table.acting_seat is not None:
            return
    raise AssertionError("the table never came back to a person")


async def until(
    pilot: Pilot[Any], ready: Callable[[], object], timeout: float = 20.0, what: str = ""
) -> None:
    """Let the app run until ``ready()`` is true (polling; fails after ``timeout``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what or ready}; screen: {pilot.app.screen}")


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
    """Play one action for the seat at the keyboard, as the simple bot would, with keys."""
    table = table_of(pilot.app)
    seat = table.acting_seat
    assert seat is not None
    view = table.session.view(seat)
    action = (bot or SimplePlayer()).choose(view)
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


async def to_result(pilot: Pilot[Any]) -> None:
    """Play on until the round's result is shown."""
    await play_until_result(pilot)
    await pilot.pause()


async def to_game_over(pilot: Pilot[Any], max_rounds: int = 20) -> None:
    """Play round after round until the game-over screen is shown."""
    for _ in range(max_rounds):
        await play_until_result(pilot)
        await pilot.press("enter")
        await pilot.pause()
        if type(pilot.app.screen).__name__ == "GameOverScreen":
            return
    raise AssertionError("the game did not end")


async def to_knock_chance(pilot: Pilot[Any], max_turns: int = 60) -> None:
    """Play (the simple bot's moves, by keys) until the person may knock, and select the
    card to knock with."""
    await settle(pilot)
    table = table_of(pilot.app)
    for _ in range(max_turns):
        view = table.session.round.view(0)
        knocks = [a for a in view.legal_actions() if isinstance(a, Knock)]
        if view.phase is Phase.DISCARD and knocks:
            while table.selected is not knocks[0].card:
                await pilot.press("right")
            await pilot.pause()
            return
        await play_turn_with_keys(pilot)
    raise AssertionError("no chance to knock")


async def to_knock_dialog(pilot: Pilot[Any]) -> None:
    """Play until the person may knock, then press k: the knock dialog asks."""
    await to_knock_chance(pilot)
    await pilot.press("k")
    await pilot.pause()


def finished_game(seed: int = 3, target: int = 60) -> Game:
    """A whole game of the simple bot against itself (for replay tests and snapshots)."""
    game = Game(Rules(target=target), seed=seed)
    play_game(game, (SimplePlayer(), SimplePlayer()))
    return game


def record_games(store: Store, seeds: tuple[int, ...] = (3,), target: int = 60) -> None:
    """Put finished games in ``store``'s history, as if played against the computer."""
    for n, seed in enumerate(seeds):
        meta = GameMeta("computer", ("Ann", "Computer"), "simple", f"t{n}", "2025-01-02T10:00:00")
        store.finish_game(finished_game(seed, target), meta)


def before_the_last_round(rules: Rules, seed: int) -> Game | Match:
    """A game (a match's first game if ``rules.games`` > 1) of the simple bot against
    itself, played in the core up to the deal of the round that ends it: the game-over
    screen one round away, for tests of that screen rather than of the rounds before."""
    obj: Game | Match = Match(rules, seed=seed) if rules.games > 1 else Game(rules, seed=seed)
    players = (SimplePlayer(), SimplePlayer())
    while True:
        start = to_dict(obj)
        game = obj.game if isinstance(obj, Match) else obj
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            obj.apply(players[me].choose(rnd.view(me)), me)
        if game.is_over:
            return from_dict(start)[0]
        game.next_round()


def resuming_the_last_round(rules: Rules, seed: int, language: str | None = None) -> GinRummyApp:
    """The app opening, against the simple computer, a saved game one round from its end
    (`before_the_last_round`): `to_game_over` then plays a round, not the whole game."""
    store = Store()
    meta = GameMeta("computer", ("You", "Computer"), "simple")
    store.save_game(before_the_last_round(rules, seed), meta)
    return GinRummyApp(computer_delay=0.0, language=language, store=store, resume=slot_of(meta))
