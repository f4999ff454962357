"""Pilot tests of the table's keys on a dealt hand: k with another card selected,
Home/End, and the status line clearing when the selection moves."""

from __future__ import annotations

import pytest
from support.pilot import settle, table_of
from textual.pilot import Pilot

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.dialogs import ConfirmScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import Action, Card, Knock, Round, parse_cards
from ginrummy.core.cards import CARDS

SIZE = (80, 24)
THEIRS = "3D 5D 7D 9D JD QC KC QH JH TH"


def deck_for(mine: str, upcard: str) -> list[Card]:
    """A deck dealing ``mine`` to seat 0 (the non-dealer), the others to seat 1, then
    ``upcard`` face up."""
    me, them, up = parse_cards(mine), parse_cards(THEIRS), parse_cards(upcard)
    rest = [c for c in CARDS if c not in (*me, *them, *up)]
    return [c for pair in zip(me, them, strict=True) for c in pair] + up + rest


async def deal(pilot: Pilot[None], mine: str, upcard: str) -> TableScreen:
    """Deal this hand to the player at the table (seat 0 acts first)."""
    await settle(pilot)
    table = table_of(pilot.app)
    game = table.session.game
    game.rounds[-1] = Round(game.rules, dealer=1, deck=deck_for(mine, upcard))
    table.refresh_table()
    await settle(pilot)
    return table


async def select(pilot: Pilot[None], table: TableScreen, card: Card) -> None:
    for _ in range(12):
        if table.selected is card:
            return
        await pilot.press("right")
    raise AssertionError(f"{card} never selected")


def dialog_text(screen: ConfirmScreen) -> str:
    body = screen.body() if callable(screen.body) else screen.body
    return body if isinstance(body, str) else body.plain


async def take_upcard(
    pilot: Pilot[None], mine: str, upcard: str
) -> tuple[TableScreen, Round, list[Action]]:
    """Deal this hand, take the upcard; the table, the round and its moves so far."""
    table = await deal(pilot, mine, upcard)
    await pilot.press("d")
    await settle(pilot)
    rnd = table.session.round
    return table, rnd, list(rnd.actions)


async def press_on(pilot: Pilot[None], table: TableScreen, card: Card, key: str) -> None:
    """Select ``card`` and press ``key``."""
    await select(pilot, table, card)
    await pilot.press(key)
    await pilot.pause()


async def test_k_knocks_with_the_only_card_that_allows_it() -> None:
    """Three melds, K♦ and the 2♦ just taken: only K♦ knocks; `k` on A♠ asks to knock
    with K♦, and yes knocks with it."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, _actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "2D")
        ace, king = parse_cards("AS KD")
        await press_on(pilot, table, ace, "k")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert rnd.is_over
        assert Knock(king) in rnd.actions and Knock(ace) not in rnd.actions


async def test_k_with_several_knocking_cards_asks_to_knock_with_the_best() -> None:
    """Three melds with A♦ 2♣ and the 9♣ just taken: A♠ 2♠ 3♠ A♦ 2♣ each allow a knock,
    2♣ alone leaves the least (1, the sign's knock); `k` on another card asks to knock
    with 2♣, no cancels it, yes knocks with it."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C AD 2C", "9C")
        four, nine, two = parse_cards("4H 9C 2C")
        for card in (four, nine):
            await press_on(pilot, table, card, "k")
            assert isinstance(app.screen, ConfirmScreen)
            assert "2♣" in dialog_text(app.screen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert list(rnd.actions) == actions and table.selected is card
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert rnd.is_over and Knock(two) in rnd.actions


async def test_k_with_several_equally_good_knocks_names_them_in_80_columns() -> None:
    """Three melds with A♥ A♦ and the 9♣ just taken: A♠ 2♠ 3♠ A♥ A♦ each allow a knock,
    A♥ and A♦ equally best; `k` on another card names them all on one line, and
    nothing is played."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C AH AD", "9C")
        four, nine = parse_cards("4H 9C")
        await press_on(pilot, table, four, "k")
        assert isinstance(app.screen, TableScreen)
        message = table.message_text
        assert (
            message == "4♥ leaves 13 deadwood; knock with A♠, 2♠, 3♠, A♥, A♦ (select one, press k)."
        )
        assert len(message) <= 80
        assert list(rnd.actions) == actions and table.selected is four
        # The card just taken cannot be thrown back: the refusal says so.
        await press_on(pilot, table, nine, "k")
        assert isinstance(app.screen, TableScreen)
        assert table.message_text.startswith("9♣ was just taken; knock with A♠, 2♠, 3♠")
        assert list(rnd.actions) == actions
        # One of the named cards knocks, after the usual question.
        await press_on(pilot, table, parse_cards("AD")[0], "k")
        assert isinstance(app.screen, ConfirmScreen)


@pytest.mark.parametrize("key", ["g", "k"])
@pytest.mark.parametrize(
    ("mine", "upcard", "selected", "gin"),
    [
        # A♠ cannot go out at all.
        ("AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "TC", "AS", "KD"),
        # 3♠ knocks (10 deadwood) but only 4♥ goes gin.
        ("AS AH 3S 3H 3C 6S 6H 6D 6C 4H", "AC", "3S", "4H"),
    ],
)
async def test_g_and_k_go_gin_with_the_only_card_that_allows_it_after_asking(
    mine: str, upcard: str, selected: str, gin: str, key: str
) -> None:
    """One card alone goes gin: `g` or `k` on another (even one that knocks) asks to go
    gin with it (nothing is played before yes), and yes goes gin with it."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, mine, upcard)
        card, gin_card = parse_cards(f"{selected} {gin}")
        await press_on(pilot, table, card, key)
        assert isinstance(app.screen, ConfirmScreen) and app.screen.title_text == "Go gin?"
        assert gin_card.pretty in dialog_text(app.screen) and list(rnd.actions) == actions
        await pilot.press("y")
        await settle(pilot)
        assert rnd.is_over and Knock(gin_card) in rnd.actions


async def test_g_with_several_gin_cards_names_them() -> None:
    """A♠ to 4♠, 5♥ to 7♥, 7♣ to 9♣ and the 10♣ just taken: A♠, 4♠ and 7♣ each go gin;
    `g` on 5♥ names them, and nothing is played."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, "AS 2S 3S 4S 5H 6H 7H 7C 8C 9C", "TC")
        await press_on(pilot, table, parse_cards("5H")[0], "g")
        assert isinstance(app.screen, TableScreen)
        assert table.message_text.startswith("No gin: discarding 5♥ leaves")
        assert table.message_text.endswith("select A♠, 4♠, 7♣ and press g to go gin.")
        assert list(rnd.actions) == actions


def test_many_knocking_cards_are_named_in_the_short_form_within_the_width() -> None:
    """A♠ to 10♠ and the A♥ just taken: eight discards allow a knock; the long form
    does not fit 80 columns, so the short one names them all, one space apart."""
    from ginrummy.app.model.seats import COMPUTER, TableConfig
    from ginrummy.app.model.table import TableModel
    from ginrummy.core import TakeDiscard

    model = TableModel(TableConfig.make(COMPUTER, seed=1))
    game = model.session.game
    game.rounds[-1] = Round(
        game.rules, dealer=1, deck=deck_for("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH")
    )
    model.start_round()
    assert model.advance().__class__.__name__ == "HumanTurn"
    assert model.play(TakeDiscard()) is None
    eight, ace = parse_cards("8S AS")
    card, why = model.knock_choice(eight)
    assert card is eight and why is not None
    assert why == "8♠ leaves 20 deadwood; knock with A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 10♠."
    assert len(why) <= 80
    assert model.knock_choice(ace) == (ace, None)


async def test_home_and_end_select_the_first_and_last_card() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table = await deal(pilot, "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "2D")
        order = table.hand.order
        await pilot.press("end")
        await pilot.pause()
        assert table.selected is order[-1] and table.hand.selected is order[-1]
        await pilot.press("home")
        await pilot.pause()
        assert table.selected is order[0] and table.hand.selected is order[0]
        # After a draw (eleven cards, the new one placed in its meld) End is still the last.
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("end")
        await pilot.pause()
        assert table.selected is table.hand.order[-1]


async def test_a_refusal_clears_when_the_selection_moves_and_a_note_stays() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table = await deal(pilot, "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "2D")
        await pilot.press("s")  # refused: the upcard first
        await pilot.pause()
        assert table.message_text.startswith("First the upcard")
        await pilot.press("right")
        await pilot.pause()
        assert table.message_text == ""
        await pilot.press("s")
        await pilot.pause()
        assert table.message_text.startswith("First the upcard")
        await pilot.press("end")
        await pilot.pause()
        assert table.message_text == ""
        # A note that is not a refusal (here: how the hand is sorted) stays.
        await pilot.press("o")
        await pilot.pause()
        note = table.message_text
        assert note.startswith("Sorted by")
        await pilot.press("left")
        await pilot.pause()
        assert table.message_text == note
