"""Driving the app with Pilot: wait for the computer, turn a chosen action into keys.

Used by the tests and the snapshot set-ups; it plays a seat by asking the simple bot what
it would do and pressing the keys a person would press. The helpers the scripts share
(settle, keys_for, play_until_result, pressing...) live in ``scripts/_pilot.py`` (scripts
import nothing from the tests) and are imported from there.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from ginrummy.app.app import GinRummyApp
from ginrummy.core import (
    Game,
    Knock,
    Match,
    Phase,
    Rules,
)
from ginrummy.core.player import play_game
from ginrummy.core.save import from_dict, to_dict
from ginrummy.players.simple import SimplePlayer
from ginrummy.store import GameMeta, Store, slot_of

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from _pilot import (
    keys_for,
    play_turn_with_keys,
    play_until_result,
    pressing,
    settle,
    table_of,
)

__all__ = [
    "before_the_last_move",
    "finished_game",
    "keys_for",
    "play_turn_with_keys",
    "play_until_result",
    "pressing",
    "record_games",
    "resuming_the_last_move",
    "settle",
    "table_of",
    "to_game_over",
    "to_knock_chance",
    "to_knock_dialog",
    "to_result",
    "until",
]


def enabled_keys(screen: Any) -> set[str]:
    """The keys ``screen`` offers now (its footer's, shown or not, and enabled)."""
    return {key for key, active in screen.active_bindings.items() if active.enabled}


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


def finished_match(seed: int = 2, target: int = 30, games: int = 3) -> Match:
    """A whole match of the simple bot against itself."""
    match = Match(Rules(target=target, games=games), seed=seed)
    players = (SimplePlayer(), SimplePlayer())
    while not match.is_over:
        rnd = match.game.round
        while rnd.result is None:
            me = rnd.to_act
            match.apply(players[me].choose(rnd.view(me)), me)
        if match.game.is_over:
            if not match.is_over:
                match.next_game()
        else:
            match.game.next_round()
    return match


def record_games(store: Store, seeds: tuple[int, ...] = (3,), target: int = 60) -> None:
    """Put finished games in ``store``'s history, as if played against the computer."""
    for n, seed in enumerate(seeds):
        meta = GameMeta("computer", ("Ann", "Computer"), "simple", f"t{n}", "2025-01-02T10:00:00")
        store.finish_game(finished_game(seed, target), meta)


def before_the_last_move(rules: Rules, seed: int) -> Game | Match:
    """A game (a match's first game if ``rules.games`` > 1) of the simple bot against
    itself, played in the core up to the last move of the round that ends it: the
    game-over screen one move away, for tests of that screen rather than of the rounds
    before (the app, resumed there, plays that move as the bot played it)."""
    obj: Game | Match = Match(rules, seed=seed) if rules.games > 1 else Game(rules, seed=seed)
    players = (SimplePlayer(), SimplePlayer())
    while True:
        game = obj.game if isinstance(obj, Match) else obj
        rnd = game.round
        while rnd.result is None:
            before = to_dict(obj)
            me = rnd.to_act
            obj.apply(players[me].choose(rnd.view(me)), me)
        if game.is_over:
            return from_dict(before)[0]
        game.next_round()


def resuming_the_last_move(rules: Rules, seed: int, language: str | None = None) -> GinRummyApp:
    """The app opening, against the simple computer, a saved game one move from its end
    (`before_the_last_move`): `to_game_over` then plays one move, not the whole game."""
    store = Store()
    meta = GameMeta("computer", ("You", "Computer"), "simple")
    store.save_game(before_the_last_move(rules, seed), meta)
    return GinRummyApp(computer_delay=0.0, language=language, store=store, resume=slot_of(meta))


async def to_review(pilot: Pilot[Any]) -> None:
    """From the start screen with a history: the statistics, then the review of the latest
    game, computed at a small budget (a few seconds) and shown."""
    import pytest

    from ginrummy.app.screens import review
    from ginrummy.players.evaluator import Evaluator

    await pilot.press("f6")
    await pilot.pause()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(review, "make_evaluator", lambda: Evaluator(8, seed=1))
        await pilot.press("r")
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, review.ReviewScreen)
    for _ in range(400):
        await pilot.pause(0.05)
        if screen.current is not None:
            break
    else:
        raise AssertionError("the review never came")
    await pilot.press("n")
    await pilot.pause()
