"""Pilot tests of the table's keys on a dealt hand: k with another card selected,
Home/End, and the status line clearing when the selection moves."""

from __future__ import annotations

import pytest
from support.pilot import settle, table_of
from textual.pilot import Pilot

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.going_out import GoOutScreen
from ginrummy.app.screens.table import TableScreen
from ginrummy.core import Action, BigGin, Card, Knock, Round, parse_cards
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


def dialog_text(screen: GoOutScreen) -> str:
    return screen.body().plain


def choices(screen: object) -> list[Action]:
    """The answers the going-out question offers, the default first."""
    assert isinstance(screen, GoOutScreen), screen
    return [c.action for c in screen.question.choices]


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
        assert isinstance(app.screen, GoOutScreen)
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
            assert isinstance(app.screen, GoOutScreen)
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


async def test_k_with_a_card_that_cannot_knock_offers_the_best_knock_first() -> None:
    """Three melds with A♥ A♦ and the 9♣ just taken: A♠ 2♠ 3♠ A♥ A♦ each allow a knock,
    A♥ and A♦ equally best (1 deadwood); `k` on 4♥ says what 4♥ leaves, offers A♥ as the
    default answer and lists the others by deadwood; nothing is played before yes."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C AH AD", "9C")
        four, nine, ace = parse_cards("4H 9C AH")
        await press_on(pilot, table, four, "k")
        assert choices(app.screen) == [Knock(ace)]
        assert isinstance(app.screen, GoOutScreen)
        text = dialog_text(app.screen)
        assert text.startswith("Discarding 4♥ would leave 13 deadwood.")
        assert "Also possible (deadwood): A♦ (1), 3♠ (2), 2♠ (3), A♠ (7)" in text
        assert list(rnd.actions) == actions and table.selected is four
        await pilot.press("escape")
        await pilot.pause()
        # The card just taken cannot be thrown back: the question says so.
        await press_on(pilot, table, nine, "k")
        assert choices(app.screen) == [Knock(ace)]
        assert isinstance(app.screen, GoOutScreen)
        assert dialog_text(app.screen).startswith("9♣ was just taken from the discard pile")
        assert list(rnd.actions) == actions
        await pilot.press("enter")
        await settle(pilot)
        assert rnd.is_over and Knock(ace) in rnd.actions


async def test_k_with_a_worse_knock_offers_the_best_first_and_the_selected_second() -> None:
    """A♠ leaves 7 deadwood, A♥ 1: `k` on A♠ offers A♥ first and A♠ second; `2`
    knocks with A♠, the player's choice."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, _actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C AH AD", "9C")
        spade, heart = parse_cards("AS AH")
        await press_on(pilot, table, spade, "k")
        assert choices(app.screen) == [Knock(heart), Knock(spade)]
        assert isinstance(app.screen, GoOutScreen)
        assert "Knock with A♠ (2)" in str(app.screen.query_one("#choice-1").render())
        await pilot.press("2")
        await settle(pilot)
        assert rnd.is_over and Knock(spade) in rnd.actions


async def test_k_on_the_best_knock_asks_only_that() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C AH AD", "9C")
        diamond = parse_cards("AD")[0]
        await press_on(pilot, table, diamond, "k")
        assert choices(app.screen) == [Knock(diamond)]
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and list(rnd.actions) == actions


#: Two cards go gin (2♥, 3♣) once 5♠ is taken, and no big gin.
SEVERAL_GINS = "AD 2H AS 2C AC 3S 4S 3C 2S AH"
BIG_GIN = "AS 2S 3S 4S 5S 6H 6D 6C 8C 9C"


@pytest.mark.parametrize("key", ["g", "k"])
async def test_g_and_k_offer_big_gin_first_when_it_is_possible(key: str) -> None:
    """A–5♠, 6♥6♦6♣ and 8–10♣ (the 10♣ just taken): all eleven meld. `g` (the footer's
    Gin) and `k` never end the round as plain gin without asking: the question offers big
    gin as the default, and yes plays it."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, BIG_GIN, "TC")
        four = parse_cards("5S")[0]
        await press_on(pilot, table, four, key)
        assert choices(app.screen) == [BigGin(), Knock(four)]
        assert isinstance(app.screen, GoOutScreen) and app.screen.title_text == "Big gin?"
        text = dialog_text(app.screen)
        assert "bonus of 31, where gin scores 25" in text
        assert list(rnd.actions) == actions
        await pilot.press("y")
        await settle(pilot)
        assert rnd.is_over and rnd.actions[-1] == BigGin()
        assert rnd.result is not None and rnd.result.big_gin_bonus == 31


async def test_g_then_2_goes_gin_with_the_selected_card_when_big_gin_was_possible() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, _actions = await take_upcard(pilot, BIG_GIN, "TC")
        king = parse_cards("AS")[0]
        await press_on(pilot, table, king, "g")
        assert choices(app.screen) == [BigGin(), Knock(king)]
        await pilot.press("2")
        await settle(pilot)
        assert rnd.is_over and rnd.actions[-1] == Knock(king)


async def test_g_on_a_gin_card_without_big_gin_goes_gin_at_once() -> None:
    """Nothing scores more than gin here: `g` on 3♣ plays it, no question."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, _actions = await take_upcard(pilot, SEVERAL_GINS, "5S")
        four = parse_cards("3C")[0]
        await press_on(pilot, table, four, "g")
        await settle(pilot)
        assert rnd.is_over and rnd.actions[-1] == Knock(four)


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
        assert isinstance(app.screen, GoOutScreen) and app.screen.title_text == "Go gin?"
        assert gin_card.pretty in dialog_text(app.screen) and list(rnd.actions) == actions
        await pilot.press("y")
        await settle(pilot)
        assert rnd.is_over and Knock(gin_card) in rnd.actions


async def test_g_with_several_gin_cards_offers_the_first_and_lists_the_others() -> None:
    """Aces, twos and 3♠ 4♠ 5♠ 3♣ (the 5♠ just taken): 2♥ and 3♣ each go gin, no big gin;
    `g` on A♦ asks to go gin with 2♥ and lists 3♣; nothing is played before yes."""
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, SEVERAL_GINS, "5S")
        await press_on(pilot, table, parse_cards("AD")[0], "g")
        assert choices(app.screen) == [Knock(parse_cards("2H")[0])]
        assert isinstance(app.screen, GoOutScreen) and app.screen.title_text == "Go gin?"
        text = dialog_text(app.screen)
        assert text.startswith("Discarding A♦ would leave")
        assert "Also possible (deadwood): 3♣ (0)" in text
        assert list(rnd.actions) == actions


async def test_g_with_no_gin_card_says_why() -> None:
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        table, rnd, actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C AH AD", "9C")
        await press_on(pilot, table, parse_cards("4H")[0], "g")
        assert isinstance(app.screen, TableScreen)
        assert table.message_text == "No gin: discarding 4♥ leaves 13 deadwood."
        assert list(rnd.actions) == actions


def test_many_knocking_cards_the_least_deadwood_first() -> None:
    """A♠ to 10♠ and the A♥ just taken: eight discards allow a knock. `k` on 8♠ (20
    deadwood) offers A♠ (1) and lists the others by deadwood, not in suit order."""
    from ginrummy.app.model.goingout import Question
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
    question = model.going_out(eight, "k")
    assert isinstance(question, Question)
    assert [c.action for c in question.choices] == [Knock(ace)]
    assert [(c.card.pretty if c.card else "", c.deadwood) for c in question.others] == [
        ("4♠", 1),
        ("5♠", 1),
        ("6♠", 1),
        ("7♠", 1),
        ("10♠", 1),
        ("2♠", 2),
        ("3♠", 4),
    ]


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


async def test_the_move_log_closes_the_round_with_its_result_and_the_totals() -> None:
    """The knock's line is followed by the round's result and the totals, in the log
    widget as in the model; an undercut is said as one."""
    from textual.widgets import RichLog

    from ginrummy.app.model.movelog import LineKind

    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=(120, 36)) as pilot:
        table, rnd, _actions = await take_upcard(pilot, "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "2D")
        await press_on(pilot, table, parse_cards("KD")[0], "k")
        await pilot.press("y")
        await settle(pilot)
        assert rnd.is_over and rnd.result is not None
        last = table.model.log.lines[-1]
        assert last.kind is LineKind.RESULT
        scores = table.session.game.scores
        text = last.text()
        assert text.startswith(table.session.explain(rnd.result))
        assert text.endswith(f"Totals: You {scores[0]} · Computer {scores[1]} (to 100)")
        assert max(scores) == rnd.result.points > 0
        log = table.query_one("#log", RichLog)
        written = " ".join(strip.text for strip in log.lines)
        assert "Totals: You" in " ".join(written.split())
