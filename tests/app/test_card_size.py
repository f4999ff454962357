"""Large cards where the terminal has room: the thresholds, the drawing, and resizing live."""

from __future__ import annotations

from support.pilot import settle, table_of, to_result

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.result import RoundResultScreen
from ginrummy.app.widgets.cardart import Canvas, Group, draw_face, layout_groups
from ginrummy.app.widgets.cardsize import (
    LARGE,
    LARGE_MIN_HEIGHT,
    LARGE_MIN_WIDTH,
    NORMAL,
    card_size_for,
    hand_width,
    table_rows,
)
from ginrummy.app.widgets.hand import CardsView, HandView
from ginrummy.app.widgets.palette import BIG_CARDS, Painted, Palette
from ginrummy.app.widgets.piles import OpponentView, PilesView
from ginrummy.core import Card
from ginrummy.core.cards import parse_cards

SMALL = (80, 24)
LARGE_TERMINAL = (120, 36)


def test_the_thresholds_are_computed_so_that_the_large_table_fits() -> None:
    # The widest hand (11 cards in 4 groups, a column apart) within the table's padding,
    # and every row of the table: at most the 120x36 the issue names.
    assert LARGE_MIN_WIDTH == hand_width(LARGE) + 2 <= 120
    assert LARGE_MIN_HEIGHT == table_rows(LARGE) <= 36
    # The large cards would not fit 80 columns.
    assert hand_width(LARGE) > 78
    assert card_size_for(80, 24) is NORMAL
    assert card_size_for(*LARGE_TERMINAL) is LARGE
    assert card_size_for(LARGE_MIN_WIDTH, LARGE_MIN_HEIGHT) is LARGE
    assert card_size_for(LARGE_MIN_WIDTH - 1, 48) is NORMAL
    assert card_size_for(200, LARGE_MIN_HEIGHT - 1) is NORMAL


def test_a_large_card_shows_its_rank_and_suit_in_both_corners_and_the_suit_in_the_middle() -> None:
    ten = Card.parse("TH")
    for ascii, suit in ((False, "♥"), (True, "H")):
        canvas = Canvas(LARGE.w, LARGE.h)
        draw_face(canvas, 0, 0, ten, Palette.plain(), ascii=ascii, size=LARGE)
        rows = [line.plain for line in canvas.lines()]
        assert len(rows) == LARGE.h and all(len(row) == LARGE.w for row in rows)
        assert rows[1][1:].startswith("10" + suit)
        assert rows[LARGE.h // 2].strip("|│ ") == suit
        assert rows[LARGE.h // 2].index(suit) == 1 + (LARGE.w - 2 - 1) // 2
        assert rows[-2][:-1].endswith("10" + suit)


def test_the_widest_hand_in_large_cards_keeps_its_cards_apart_at_the_threshold() -> None:
    cards = parse_cards("2S 3S 4S 7H 7D 7C 9D TD JD QC KC")
    groups = [Group("run", cards[:3]), Group("set", cards[3:6]), Group("run", cards[6:9])]
    groups.append(Group("deadwood", cards[9:]))
    width = LARGE_MIN_WIDTH - 2
    layout = layout_groups(groups, width, Palette.plain(), size=LARGE)
    assert layout.width == hand_width(LARGE) <= width
    # A column between two cards of a group: each card's box is the card and one more.
    x0, x1, _y0, _y1 = layout.boxes[cards[0]]
    assert x1 - x0 == LARGE.w + 1


def _sizes(app: GinRummyApp) -> set[object]:
    return {w.card_size for w in app.screen.query(Painted) if w.id != "chart"}


async def test_resizing_switches_the_card_size_live_and_keeps_the_selection() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("right", "right", "comma")  # select a card, move it (manual order)
        await pilot.pause()
        selected, order = table.selected, table.hand.order
        hand_before = list(table.session.view(0).hand)
        assert selected is not None and table.hand.mode == "manual"
        assert not app.screen.has_class(BIG_CARDS)
        assert _sizes(app) == {NORMAL}
        assert table.hand.size.height == 7

        await pilot.resize_terminal(*LARGE_TERMINAL)
        await settle(pilot)
        assert app.screen.has_class(BIG_CARDS)
        assert _sizes(app) == {LARGE}
        hand = app.screen.query_one("#hand", HandView)
        assert hand.size.height == 9
        assert app.screen.query_one("#piles", PilesView).size.height == LARGE.h + 3
        assert app.screen.query_one("#opponent", OpponentView).size.height == LARGE.back_h + 1
        # The hand ends above the status line and the footer: nothing is cut.
        assert hand.region.bottom <= LARGE_TERMINAL[1] - 1 - 1
        # The drawing is of large cards: a face is 9 wide.
        x0, x1, _y0, _y1 = hand._layout.boxes[order[0]] if hand._layout else (0, 0, 0, 0)
        assert x1 - x0 in (LARGE.w, LARGE.w + 1)
        assert table.selected is selected and table.hand.order == order
        assert table.hand.mode == "manual"

        await pilot.resize_terminal(*SMALL)
        await settle(pilot)
        assert not app.screen.has_class(BIG_CARDS)
        assert _sizes(app) == {NORMAL}
        assert table.hand.size.height == 7
        assert table.selected is selected and table.hand.order == order
        assert list(table.session.view(0).hand) == hand_before
        # The game goes on: Enter discards the card still selected.
        await pilot.press("enter")
        await settle(pilot)
        assert selected not in table.session.view(0).hand


async def test_the_round_result_draws_large_cards_and_follows_a_resize() -> None:
    app = GinRummyApp(mode="computer", seed=5, computer_delay=0.0)
    async with app.run_test(size=LARGE_TERMINAL) as pilot:
        await to_result(pilot)
        assert isinstance(app.screen, RoundResultScreen)
        views = list(app.screen.query(CardsView))
        assert views and all(v.card_size is LARGE for v in views)
        assert all(v.size.height >= LARGE.h + 1 for v in views)
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert all(v.card_size is NORMAL for v in views)
        # The table under the result followed too, so it is right when the result goes.
        table = app.screen_stack[-2]
        assert not table.has_class(BIG_CARDS)
        await pilot.resize_terminal(*LARGE_TERMINAL)
        await pilot.pause()
        assert table.has_class(BIG_CARDS)


def test_the_side_panel_goes_beside_the_hand_from_152_columns_with_large_cards() -> None:
    from ginrummy.app.widgets.cardsize import SIDE_BESIDE_HAND_MIN_WIDTH, side_beside_hand

    assert SIDE_BESIDE_HAND_MIN_WIDTH == LARGE_MIN_WIDTH + 2 + 36 == 152
    assert side_beside_hand(152, LARGE_MIN_HEIGHT)
    assert not side_beside_hand(151, 48)
    assert not side_beside_hand(200, LARGE_MIN_HEIGHT - 1)
