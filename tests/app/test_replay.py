"""Replaying a finished game from the history: stepping, round jumps, from the statistics."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.pilot import record_games

from ginrummy.app import GinRummyApp
from ginrummy.app.model.steps import build_steps
from ginrummy.app.screens.replay import ReplayScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.app.screens.stats import StatsScreen
from ginrummy.app.widgets.hand import ReplayHand
from ginrummy.app.widgets.piles import ReplayPiles
from ginrummy.core import Knock, Round
from ginrummy.store import Store
from ginrummy.text.results import explain_result

SIZE = (80, 24)


@pytest.fixture
def history_dir(tmp_path: Path) -> Path:
    record_games(Store(tmp_path), seeds=(3, 4))
    return tmp_path


def core_round_after(record_game: object, round_index: int, k: int) -> Round:
    """The core's own replay: round ``round_index`` dealt again, its first ``k`` actions."""
    from ginrummy.core import Game

    assert isinstance(record_game, Game)
    saved = record_game.rounds[round_index]
    rnd = Round(record_game.rules, dealer=saved.dealer, deck=saved.deck, number=saved.number)
    for action in saved.actions[:k]:
        rnd.apply(action)
    return rnd


def test_steps_match_the_core_move_by_move(history_dir: Path) -> None:
    record = Store(history_dir).history()[0]
    steps = build_steps(record)
    game = record.game
    assert len(steps) == sum(len(r.actions) + 1 for r in game.rounds)  # type: ignore[union-attr]
    i = 0
    for r, saved in enumerate(game.rounds):  # type: ignore[union-attr]
        for k in range(len(saved.actions) + 1):
            rnd = core_round_after(game, r, k)
            step = steps[i]
            assert (step.round, step.move) == (saved.number, k)
            assert step.hands == (rnd.hand(0), rnd.hand(1))
            pile = tuple(rnd.discard_pile)
            if rnd.result is not None and isinstance(saved.actions[-1], Knock):
                pile = pile[:-1]  # the knock's discard lies face down
            assert step.discard_pile == pile
            assert step.stock == rnd.stock_size
            i += 1
        assert steps[i - 1].result == saved.result
        assert steps[i - 1].scores == game.score_history[r]  # type: ignore[union-attr]


async def test_arrow_keys_step_and_show_every_hand(history_dir: Path) -> None:
    app = GinRummyApp(data_dir=history_dir, replay=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        game = screen.record.game
        for _ in range(5):
            await pilot.press("right")
        await pilot.press("left")
        await pilot.pause()
        rnd = core_round_after(game, 0, 4)
        assert screen.step.move == 4
        assert screen.query_one("#replay-bottom", ReplayHand).cards == rnd.hand(0)
        assert screen.query_one("#replay-top", ReplayHand).cards == rnd.hand(1)
        piles = screen.query_one("#replay-piles", ReplayPiles)
        assert (piles.stock, piles.pile) == (rnd.stock_size, tuple(rnd.discard_pile))
        assert "move 4 of" in screen.sub_title and "Round 1" in screen.sub_title
        text = str(screen.query_one("#replay-text").render())
        assert text.startswith(screen.step.text) and screen.step.text.endswith(".")


async def test_round_jumps_and_the_result_explained(history_dir: Path) -> None:
    app = GinRummyApp(data_dir=history_dir, replay=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("pagedown")
        assert (screen.step.round, screen.step.move) == (2, 0)
        await pilot.press("left")  # back one: the end of round 1, with its result
        step = screen.step
        assert step.round == 1 and step.result is not None
        text = str(screen.query_one("#replay-text").render())
        assert explain_result(step.result, screen.names) in text
        await pilot.press("pageup")
        assert (screen.step.round, screen.step.move) == (1, 0)
        await pilot.press("end")
        assert screen.index == len(screen.steps) - 1
        assert "Ann won." in str(screen.query_one("#replay-text").render())
        await pilot.press("pagedown", "right")  # nothing beyond the end
        assert screen.index == len(screen.steps) - 1
        await pilot.press("pageup")
        assert screen.step.move == 0 and screen.step.round == screen.steps[-1].round
        await pilot.press("home", "left")
        assert screen.index == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_replay_from_the_statistics_screen(history_dir: Path) -> None:
    app = GinRummyApp(data_dir=history_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("down", "enter")  # the list is latest first: game 1 is second
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.number == 1
        assert screen.record.meta.id == Store(history_dir).history()[0].meta.id
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_no_such_game_is_a_message(tmp_path: Path) -> None:
    app = GinRummyApp(data_dir=tmp_path, replay=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert any("no game 3" in n.message for n in app._notifications)


async def test_a_rounds_end_shows_the_showdown_with_the_lay_offs(history_dir: Path) -> None:
    app = GinRummyApp(data_dir=history_dir, replay=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("pagedown", "left")  # the end of round 1: the computer knocked
        await pilot.pause()
        result = screen.step.result
        assert result is not None and result.showdown is not None and result.knocker == 1
        sd = result.showdown
        laid = sd.defence.laid_off
        assert laid  # seed 3: Ann lays off on the computer's melds
        knocker = screen.query_one("#replay-top", ReplayHand)
        defender = screen.query_one("#replay-bottom", ReplayHand)
        assert knocker.groups is not None and defender.groups is not None
        on_melds = {c for g in knocker.groups for c in g.cards}
        assert set(laid) <= on_melds and knocker.marks == dict.fromkeys(laid, "laid")
        assert knocker.has_class("-marks")
        left = [c for g in defender.groups for c in g.cards]
        assert not set(laid) & set(left)
        assert sorted(left, key=lambda c: c.index) == sorted(
            [*sd.defence.melding.deadwood, *(c for m in sd.defence.melding.melds for c in m.cards)],
            key=lambda c: c.index,
        )
        assert "laid off" in str(screen.query_one("#replay-bottom-name").render())
        # One step back, the hands are plain again.
        await pilot.press("left")
        await pilot.pause()
        assert knocker.groups is None and not knocker.marks


def test_the_knock_names_the_card_discarded_face_down(history_dir: Path) -> None:
    record = Store(history_dir).history()[0]
    ends = [s for s in build_steps(record) if s.result is not None]
    assert ends[0].text == "Computer knocked, discarding 5♣ face down."
    for step in ends:
        assert "face down" in step.text


async def test_the_knocked_card_is_not_shown_face_up_on_the_pile(history_dir: Path) -> None:
    """The replay says the knock's card went face down: the pile shows the card under
    it, not that one (issue 65: "discarding 3♣ face down" over a face-up 3♣)."""
    app = GinRummyApp(data_dir=history_dir, replay=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        end = next(i for i, s in enumerate(screen.steps) if s.result is not None)
        screen.go(end)
        await pilot.pause()
        step = screen.steps[end]
        saved = screen.record.game.rounds[0]  # type: ignore[union-attr]
        knocked = saved.actions[-1]
        assert isinstance(knocked, Knock) and "face down" in step.text
        piles = screen.query_one("#replay-piles", ReplayPiles)
        assert piles.pile == screen.steps[end - 1].discard_pile
        assert knocked.card not in piles.pile


@pytest.mark.parametrize("between_rounds", [False, True])
async def test_a_match_won_by_forfeit_ends_its_replay_saying_so(
    tmp_path: Path, between_rounds: bool
) -> None:
    """Online, a match stopped because a player was away too long: the replay's last step
    (in the middle of a round, or after one's result) says who won by forfeit, and why;
    no earlier step does."""
    from ginrummy.core import Match, Rules
    from ginrummy.players.simple import SimplePlayer
    from ginrummy.store import GameMeta

    match = Match(Rules(target=25, games=3), seed=5)
    bot = SimplePlayer()
    rnd = match.game.round
    for _ in range(10 if not between_rounds else 1000):  # into the first round, or to its end
        if rnd.is_over:
            break
        match.apply(bot.choose(rnd.view(rnd.to_act)))
    assert not match.game.is_over and rnd.is_over == between_rounds
    store = Store(tmp_path)
    # Ben (seat 1) was away too long: Ann, the host in seat 0, wins by forfeit.
    store.finish_game(match, GameMeta("online", ("Ann", "Ben"), "", "hosted", forfeit=1))
    app = GinRummyApp(data_dir=tmp_path, replay=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        line = "Ann won by forfeit: Ben was away too long."
        assert line not in str(screen.query_one("#replay-text").render())
        await pilot.press("end")
        assert screen.index == len(screen.steps) - 1
        assert (screen.step.result is not None) == between_rounds
        text = str(screen.query_one("#replay-text").render())
        assert line in text
        assert "Ann won." not in text
        assert screen.query_one("#replay-text").region.height >= text.count("\n") + 1
