"""What the opponent did: the last-move line over the piles, the rule between rounds in the
move log, the pile viewer's story and memory aid, and the four-colour deck."""

from __future__ import annotations

from dataclasses import replace

from rich.style import Style
from support.pilot import play_turn_with_keys, settle, table_of

from ginrummy.app import GinRummyApp
from ginrummy.app.model.movelog import LineKind
from ginrummy.app.model.seats import TableConfig
from ginrummy.app.model.table import TableModel
from ginrummy.app.screens.dialogs import DiscardPileScreen
from ginrummy.app.widgets.cardart import Canvas, draw_face
from ginrummy.app.widgets.palette import COMPONENTS, Palette
from ginrummy.app.widgets.piles import OpponentView
from ginrummy.core import CARDS, Card, Discard, DrawStock, EventKind, Pass, TakeDiscard
from ginrummy.players.simple import SimplePlayer
from ginrummy.text.cards import card_label as label

SIZE = (80, 24)


def played_model(turns: int = 12) -> TableModel:
    """A table after a few turns of the simple bot in both seats."""
    model = TableModel(TableConfig.make("computer", seed=4))
    model.start_round()
    bot = SimplePlayer()
    rnd = model.session.round
    for _ in range(turns):
        if rnd.is_over:
            break
        seat = rnd.to_act
        model.session.apply(bot.choose(rnd.view(seat)), seat)
    return model


async def test_the_computers_last_move_is_shown_over_the_piles() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        opponent = table.query_one("#opponent", OpponentView)
        assert opponent.last == ""  # nothing yet
        for _ in range(6):
            await play_turn_with_keys(pilot)
        history = table.session.round.history
        theirs = [e for e in history if e.player == 1]
        last = opponent.last
        assert last.startswith("Computer's last move: "), last
        kinds = {e.kind for e in theirs[-2:]}
        if EventKind.DRAW in kinds:
            assert "drew from the stock" in last
        discards = [e for e in theirs if e.kind is EventKind.DISCARD]
        if discards and theirs[-1].kind is EventKind.DISCARD:
            card = discards[-1].card
            assert card is not None and f"threw {label(card)}" in last
        assert opponent.render().plain.splitlines()[-1].startswith("Computer's last move")


def test_the_last_move_names_the_card_taken_and_says_so_for_the_stock() -> None:
    model = TableModel(TableConfig.make("computer", seed=2))
    model.start_round()
    model.play(Pass())
    model.apply_computer(1, Pass())
    assert model.last_move(1)() == "Computer's last move: passed on the upcard"
    model.play(DrawStock())
    mine = model.session.round.hand(0)[0]
    model.play(Discard(mine))
    rnd = model.session.round
    model.apply_computer(1, TakeDiscard())  # the card just thrown
    kept = next(c for c in rnd.hand(1) if c is not mine)
    model.apply_computer(1, Discard(kept))
    assert model.last_move(1)() == (
        f"Computer's last move: took {label(mine)} · threw {label(kept)}"
    )
    assert model.last_move(0)().endswith(f"drew from the stock · threw {label(mine)}")


def test_the_move_log_puts_a_rule_between_rounds() -> None:
    model = TableModel(TableConfig.make("computer", seed=4))
    model.start_round()
    rnd, bot = model.session.round, SimplePlayer()
    while not rnd.is_over:
        model.session.apply(bot.choose(rnd.view(rnd.to_act)), rnd.to_act)
    model.next_round()
    model.start_round()
    kinds = [line.kind for line in model.log.lines]
    assert kinds[0] is LineKind.OPENING  # no rule before the first round
    rule = kinds.index(LineKind.RULE)
    assert model.log.lines[rule].text() == "Round 2"
    assert kinds[rule + 1] is LineKind.OPENING


def test_the_pile_story_says_who_threw_each_card_and_when() -> None:
    model = played_model()
    rnd = model.session.round
    story = model.pile_story()
    assert tuple(item.card for item in story) == rnd.discard_pile
    assert story[0].thrower is None or story[0].turn > 0
    thrown = {e.card: e.player for e in rnd.history if e.kind is EventKind.DISCARD}
    for item in story:
        if item.thrower is None:
            assert item.card is rnd.upcard and item.turn == 0
        else:
            assert thrown[item.card] == item.thrower and item.turn >= 1
    turns = [item.turn for item in story]
    assert turns == sorted(turns)


def test_the_memory_aid_lists_only_cards_not_seen() -> None:
    model = played_model()
    rnd = model.session.round
    view = rnd.view(0)
    unseen = model.unseen()
    assert unseen is not None
    public = {e.card for e in rnd.history if e.card is not None}
    for card in unseen:
        assert card not in view.hand and card not in public
        assert card not in view.opponent_known
    # Everything else has been seen: the hand, the pile, the cards taken.
    assert set(unseen) | set(view.hand) | public == set(CARDS)
    # The opponent's hidden cards and the stock are among the unseen (never revealed).
    hidden = set(rnd.hand(1)) - set(view.opponent_known)
    assert hidden <= set(unseen)
    model.viewer = None
    assert model.unseen() is None


async def test_the_pile_viewer_shows_the_memory_aid_only_when_chosen() -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(5):
            await play_turn_with_keys(pilot)
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DiscardPileScreen)
        body = screen._body().plain
        assert "who threw it" in body and "Not seen yet" not in body
        await pilot.press("escape")
        app.change_settings(memory_aid=True)
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DiscardPileScreen)
        body = screen._body().plain
        assert "Not seen yet: " in body
        assert app.store.load_settings().memory_aid


def test_the_four_colour_deck_inks_diamonds_blue_and_clubs_green() -> None:
    styles = {name: Style(color=f"#0000{i:02x}") for i, name in enumerate(COMPONENTS)}
    two = Palette(**styles, four_colour=False)
    four = replace(two, four_colour=True)
    spade, heart, diamond, club = (Card(5, suit) for suit in range(4))
    assert two.ink(diamond) == two.ink_red and two.ink(club) == two.ink_black
    assert four.ink(diamond) == four.ink_blue and four.ink(club) == four.ink_green
    assert four.ink(spade) == four.ink_black and four.ink(heart) == four.ink_red
    assert four.ink(club, selected=True) == four.ink_green_selected
    # The suit is written on every card, as a letter in ASCII mode.
    for card, letter in ((diamond, "D"), (club, "C")):
        canvas = Canvas(6, 4)
        draw_face(canvas, 0, 0, card, four, ascii=True)
        assert f"5{letter}" in canvas.text().plain
