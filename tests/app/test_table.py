"""Pilot tests of the table: whole rounds with keys only, refusals, mouse, sorting."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from support.pilot import play_turn_with_keys, settle, table_of

from ginrummy.app import GinRummyApp
from ginrummy.app.messages import HintReady
from ginrummy.app.screens.dialogs import DiscardPileScreen
from ginrummy.app.screens.going_out import GoOutScreen
from ginrummy.app.screens.privacy import PrivacyScreen
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import Card, EventKind, Phase, min_deadwood
from ginrummy.players.advice import Advice, Unit
from ginrummy.text.hints import advice_text, percent

SIZE = (80, 24)


async def test_whole_round_against_the_computer_with_keys_only() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        for _ in range(100):
            if not isinstance(app.screen, TableScreen):
                break
            await play_turn_with_keys(pilot)
        assert isinstance(app.screen, RoundResultScreen)
        result = table.session.round.result
        assert result is not None
        assert table.session.game.score_history, "the round was recorded in the game"
        # The next round starts with Enter.
        await pilot.press("enter")
        await settle(pilot)
        assert table.session.round.number == 2
        assert isinstance(app.screen, TableScreen)


async def test_hotseat_round_with_keys_only_through_privacy_screens() -> None:
    app = GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = table_of(app)
        privacy_seen = 0
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, PrivacyScreen):
                privacy_seen += 1
                to_act = table.session.to_act
                assert screen.player_name == table.session.names[to_act]
                # No cards of anybody while the keyboard changes hands.
                assert table.viewer is None
                await pilot.press("enter")
                await pilot.pause()
                assert table.viewer == to_act
                continue
            if not isinstance(screen, TableScreen):
                break
            before = table.session.to_act
            await play_turn_with_keys(pilot)
            # The hand on show always belongs to the player at the keyboard.
            if table.viewer is not None:
                assert table.viewer == table.session.to_act or table.session.round_over
            del before
        assert isinstance(app.screen, RoundResultScreen)
        assert privacy_seen >= 2


async def test_refusals_say_why_and_change_nothing(computer_app: GinRummyApp) -> None:
    app = computer_app
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        rnd = table.session.round
        assert rnd.phase is Phase.FIRST_UPCARD and rnd.to_act == 0

        async def refused(key: str, expected: str) -> None:
            actions, hand = len(rnd.actions), rnd.hand(0)
            await pilot.press(key)
            await pilot.pause()
            assert table.message_text.startswith(expected), table.message_text
            assert len(rnd.actions) == actions and rnd.hand(0) == hand

        await refused("s", "First the upcard: take it or pass")
        await refused("enter", "First the upcard")
        # Both pass: then only the stock.
        await pilot.press("p")
        await settle(pilot)
        assert rnd.phase is Phase.DRAW and rnd.to_act == 0 and rnd.view(0).stock_only
        await refused("d", "Both players passed the upcard, so this first draw must come from")
        await refused("p", "Passing is only for the first upcard: draw a card")
        await refused("enter", "Draw first: from the stock")
        await refused("k", "Draw first")
        await refused("b", "Draw first")
        await pilot.press("s")
        await pilot.pause()
        assert rnd.phase is Phase.DISCARD
        assert table.message_text == ""
        await refused("s", "You have drawn already: discard a card or knock")
        # Knocking over the limit (this hand has lots of deadwood).
        assert min_deadwood(rnd.hand(0)) > 10
        await refused("k", "You cannot knock discarding")
        assert "over the knock limit of 10" in table.message_text
        await refused("g", "No gin: discarding")
        await refused("b", "Big gin needs all eleven cards in melds")


async def test_discarding_the_card_just_taken_is_refused() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.press("d")  # take the upcard 3♦
        await pilot.pause()
        taken = Card.parse("3D")
        assert table.session.round.view(0).taken_card is taken
        order = table.hand.order
        while table.selected is not taken:
            await pilot.press("right")
        assert len(order) == 11
        await pilot.press("enter")
        await pilot.pause()
        assert table.message_text == (
            "You may not discard 3♦: you just took it from the discard pile."
        )
        assert taken in table.session.round.hand(0)


async def test_footer_shows_only_the_keys_that_apply(computer_app: GinRummyApp) -> None:
    app = computer_app
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        def shown() -> set[str]:
            return {
                b.binding.action
                for b in app.screen.active_bindings.values()
                if b.binding.show and b.enabled
            }

        assert {"take_discard", "pass_upcard"} <= shown()
        assert "discard" not in shown() and "draw_stock" not in shown()
        await pilot.press("p")
        await settle(pilot)
        assert "draw_stock" in shown() and "take_discard" not in shown()
        await pilot.press("s")
        await pilot.pause()
        assert "discard" in shown() and "draw_stock" not in shown()


async def test_mouse_click_pile_then_card_twice(computer_app: GinRummyApp) -> None:
    app = computer_app
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.press("p")
        await settle(pilot)
        assert await pilot.click("#piles", offset=(3, 2))  # the stock
        await pilot.pause()
        rnd = table.session.round
        assert rnd.phase is Phase.DISCARD and len(rnd.hand(0)) == 11
        layout = table.hand._layout
        assert layout is not None
        card = table.hand.order[2]
        x0, _, _, _ = layout.boxes[card]
        await pilot.click("#hand", offset=(x0 + 1, 3))
        await pilot.pause()
        assert table.selected is card
        await pilot.click("#hand", offset=(x0 + 1, 3))
        await settle(pilot)
        assert card not in rnd.hand(0)
        assert any(e.kind is EventKind.DISCARD and e.card is card for e in rnd.history)


async def test_clicking_the_discard_pile_takes_it() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.click("#piles", offset=(15, 2))
        await pilot.pause()
        assert Card.parse("3D") in table.session.round.hand(0)


async def test_sorting_moving_and_viewing_the_pile(computer_app: GinRummyApp) -> None:
    app = computer_app
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        hand = table.hand
        assert hand.mode == "melds"
        await pilot.press("o")
        assert hand.mode == "rank"
        ranks = [c.rank for c in hand.order]
        assert ranks == sorted(ranks)
        await pilot.press("o")
        assert hand.mode == "suit"
        first = hand.order[0]
        while table.selected is not first:
            await pilot.press("right")
        await pilot.press("full_stop")
        assert hand.mode == "manual" and hand.order[1] is first
        await pilot.press("shift+right")
        assert hand.order[2] is first
        await pilot.press("comma")
        assert hand.order[1] is first
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, DiscardPileScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_knock_asks_first_and_can_be_cancelled() -> None:
    """Play the round until a knock is possible, then check the confirm dialog."""
    app = GinRummyApp(mode="computer", seed=10, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        for _ in range(60):
            rnd = table.session.round
            if rnd.is_over:
                break
            view = rnd.view(0)
            if view.phase is Phase.DISCARD and any(
                a.__class__.__name__ == "Knock" for a in view.legal_actions()
            ):
                break
            await play_turn_with_keys(pilot)
        else:
            raise AssertionError("no knock chance")
        view = table.session.round.view(0)
        assert view.phase is Phase.DISCARD, "with seed 10 you get to knock"
        from ginrummy.core import Knock

        card = next(a.card for a in view.legal_actions() if isinstance(a, Knock))
        while table.selected is not card:
            await pilot.press("right")
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, GoOutScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert not table.session.round.is_over
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert table.session.round.is_over
        assert isinstance(app.screen, RoundResultScreen)


def assert_hint_shows(table: TableScreen, advice: Advice) -> None:
    """The hint on the status line is the advice in words, its reasons cut to what fits
    the status line's two lines (the move and its first reason always there)."""
    full = advice_text(advice)
    head = full.split("; ")[0]
    assert table.hint.startswith(head) and full.startswith(table.hint)
    assert table.message_text == f"Hint: {table.hint}"
    width = table.message_box.size.width
    lines = Text(table.message_text).wrap(Console(width=width), width)
    assert len(lines) <= 2, (width, table.message_text)


def assert_win_chances_show(table: TableScreen, advice: Advice) -> None:
    """The hint's numbers are on the status line: the chance to win the game after the
    move and after the runner-up, as whole percentages of the advice's values (the
    runner-up only when it is valued below the move: the master's move, graded good, may
    be a little below the evaluator's best)."""
    assert advice.unit is Unit.WIN_CHANCE and advice.runner_up is not None
    move, other = advice.options[0].value, advice.runner_up.value
    if other > move:
        assert table.hint.endswith(f"your chance to win the game: {percent(move)}%") or (
            f"your chance to win the game: {percent(move)}%;" in table.hint
        )
        return
    assert f"your chance to win the game: {percent(move)}% (" in table.hint
    assert f": {percent(other)}%)" in table.hint


async def test_hint_names_the_evaluators_move_with_numbers_and_changes_nothing(
    computer_app: GinRummyApp,
) -> None:
    from ginrummy.core import Discard, Knock
    from ginrummy.players.hint import HintGiver

    app = computer_app
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        rnd = table.session.round
        # The first upcard: the hint is a take or a pass; nothing is played.
        advice = HintGiver().advise(table.session.view(0))
        actions, hand = list(rnd.actions), rnd.hand(0)
        await pilot.press("h")
        await settle(pilot)
        assert_hint_shows(table, advice)
        assert_win_chances_show(table, advice)
        assert list(rnd.actions) == actions and rnd.hand(0) == hand
        # Play on to a discard decision: the hint marks the suggested card, and the
        # selection stays where the player left it.
        for _ in range(10):
            if table.session.view(0).phase is Phase.DISCARD:
                break
            await play_turn_with_keys(pilot)
        view = table.session.view(0)
        assert view.phase is Phase.DISCARD and view.is_my_turn
        advice = HintGiver().advise(view)
        assert isinstance(advice.action, Discard | Knock)
        hinted = advice.action.card
        while table.selected is hinted or table.selected is view.taken_card:
            await pilot.press("right")
        chosen = table.selected
        assert chosen is not None
        actions, hand = list(rnd.actions), rnd.hand(0)
        await pilot.press("h")
        await settle(pilot)
        assert_hint_shows(table, advice)
        assert_win_chances_show(table, advice)
        assert list(rnd.actions) == actions and rnd.hand(0) == hand
        assert table.selected is chosen and table.hand.selected is chosen
        assert table.hand.hinted is hinted
        # The mark is drawn: a double outline whose corner is where the hinted card starts.
        lines = table.hand.render().plain.splitlines()
        corners = [(row, line.index("╔")) for row, line in enumerate(lines) if "╔" in line]
        assert len(corners) == 1, lines
        assert corners[0][1] == table.hand._layout.boxes[hinted][0]  # type: ignore[union-attr]
        # Enter plays the player's own choice, and the mark goes with the move.
        await pilot.press("enter")
        await settle(pilot)
        assert Discard(chosen) in rnd.actions and Discard(hinted) not in rnd.actions
        assert table.model.hinted is None and table.hand.hinted is None
        assert "╔" not in table.hand.render().plain


async def test_hint_in_hotseat_uses_the_acting_players_view() -> None:
    from ginrummy.players.hint import HintGiver

    app = GinRummyApp(mode="hotseat", names=("Anna", "Ben"), seed=14, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause()
        table = table_of(app)
        seat = table.session.to_act
        assert table.check_action("hint", ()) is True
        await pilot.press("h")
        await settle(pilot)
        assert_hint_shows(table, HintGiver().advise(table.session.view(seat)))


async def test_the_hint_against_the_master_is_the_evaluators() -> None:
    from ginrummy.players.hint import HintGiver

    app = GinRummyApp(mode="computer", level="master", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        view = table.session.view(0)
        await pilot.press("h")
        await settle(pilot)
        assert_hint_shows(table, HintGiver().advise(view))


async def test_a_hint_for_a_moment_gone_by_is_dropped() -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        request = table.model.hint_request()
        await play_turn_with_keys(pilot)
        advice = request.advisor.advise(request.view)
        table.post_message(HintReady(advice, "", request.moment))
        await pilot.pause()
        assert table.hint == ""


async def test_the_log_shows_the_latest_moves_after_a_resize() -> None:
    from textual.widgets import RichLog

    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(8):
            await play_turn_with_keys(pilot)
        log = table_of(app).query_one("#log", RichLog)
        assert log.max_scroll_y > 0, "enough moves to scroll"
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y


async def test_the_log_wraps_to_its_new_width_after_a_resize() -> None:
    from textual.widgets import RichLog

    app = GinRummyApp(mode="computer", seed=11, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        log = table.query_one("#log", RichLog)
        entries = table.model.log.lines
        for _ in range(12):  # until a sentence is longer than the narrow log
            if len(log.lines) > len(entries):
                break
            await play_turn_with_keys(pilot)
        assert len(log.lines) > len(entries), "a sentence wraps at 80 columns"
        # The widest log: beside the piles only (from 152 columns it is beside the hand too).
        from ginrummy.app.widgets.cardsize import SIDE_BESIDE_HAND_MIN_WIDTH

        await pilot.resize_terminal(SIDE_BESIDE_HAND_MIN_WIDTH - 1, 36)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) == len(entries), "nothing wraps at the wider width"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) > len(entries)
        assert all(strip.cell_length <= log.size.width for strip in log.lines)


async def test_at_a_gin_chance_the_footer_offers_gin_and_k_still_knocks() -> None:
    """All three going-out keys do not fit 80 columns in every language: with gin on,
    the footer shows Gin (not Knock), and `k` still asks to knock."""
    from ginrummy.core import Round, parse_cards
    from ginrummy.core.cards import CARDS

    # Seat 0 (the non-dealer) is dealt three melds and 7♣ 8♣ 9♣ K♦, then takes the 10♣
    # upcard: discarding K♦ is gin.
    mine = parse_cards("AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    theirs = parse_cards("AD 2D 4D 6D 8D TD QD KS QS JS")
    upcard = parse_cards("TC")
    rest = [c for c in CARDS if c not in (*mine, *theirs, *upcard)]
    deck = [c for pair in zip(mine, theirs, strict=True) for c in pair] + upcard + rest
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        game = table.session.game
        game.rounds[-1] = Round(game.rules, dealer=1, deck=deck)
        table.refresh_table()
        table.refresh_bindings()
        await settle(pilot)
        await pilot.press("d")  # take the 10♣
        await settle(pilot)

        def shown() -> set[str]:
            return {
                b.binding.action
                for b in app.screen.active_bindings.values()
                if b.binding.show and b.enabled
            }

        assert "gin" in shown() and "knock" not in shown(), shown()
        king = parse_cards("KD")[0]
        for _ in range(12):
            if table.selected is king:
                break
            await pilot.press("right")
        assert table.selected is king
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, GoOutScreen)
