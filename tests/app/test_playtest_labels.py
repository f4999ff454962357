"""Found while playing at 80x24 in every language: the labels over the piles keep their
numbers whole (Danish "Kastebunke 10" was cut to "Kastebunke 1", a pile of 1)."""

from __future__ import annotations

import pytest
from support.pilot import settle, table_of
from textual.pilot import Pilot

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.going_out import GoOutScreen
from ginrummy.app.widgets.piles import PilesView
from ginrummy.core import Card, Round
from ginrummy.core.cards import CARDS, parse_cards
from ginrummy.text import i18n

LANGUAGES = ("en", "pl", "da", "hu", "es", "fi")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_pile_labels_keep_two_digit_counts_at_80_columns(code: str) -> None:
    i18n.set_language(code)
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        piles = table_of(app).query_one("#piles", PilesView)
        pile = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS")
        piles.show(31, pile)
        await pilot.pause()
        top = piles.render().plain.splitlines()[0]
        stock = i18n._("Stock {n}").format(n=31)
        discard = i18n._("Discard {n}").format(n=len(pile))
        assert stock in top
        assert discard in top
        # The discard label ends before the log's column (the pile panel is 24 wide).
        assert top.index(discard) + len(discard) <= 24


# --- the gin question does not name the knock limit ------------------------------------

THEIRS = "3D 5D 7D 9D JD QC KC QH JH TH"


def deck_for(mine: str, upcard: str) -> list[Card]:
    """A deck dealing ``mine`` to seat 0 (the non-dealer), THEIRS to seat 1, then the
    upcard face up."""
    me, them, up = parse_cards(mine), parse_cards(THEIRS), parse_cards(upcard)
    rest = [c for c in CARDS if c not in (*me, *them, *up)]
    return [c for pair in zip(me, them, strict=True) for c in pair] + up + rest


async def ask_to_go_out(pilot: Pilot[None], mine: str, upcard: str, on: str, key: str) -> str:
    """Deal ``mine``, take the upcard, press ``key`` on the card ``on``: the question's
    body."""
    await settle(pilot)
    table = table_of(pilot.app)
    game = table.session.game
    game.rounds[-1] = Round(game.rules, dealer=1, deck=deck_for(mine, upcard))
    table.refresh_table()
    await settle(pilot)
    await pilot.press("d")
    await settle(pilot)
    card = parse_cards(on)[0]
    for _ in range(12):
        if table.selected is card:
            break
        await pilot.press("right")
    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GoOutScreen), screen
    return screen.body().plain


@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_gin_question_does_not_name_the_knock_limit(code: str) -> None:
    """Going gin ends the round with no deadwood whatever the knock limit: the question
    says so ("... (knock limit 10)" was noise); a knock's question still names it."""
    i18n.set_language(code)
    limit = i18n._(
        "Discard {card} face down and end the round with [b]{n} deadwood[/b] (knock limit {limit})."
    )
    limit_words = limit.rsplit("{limit}", 1)[0].rsplit("(", 1)[-1].strip()
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        gin = await ask_to_go_out(pilot, "AD 2H AS 2C AC 3S 4S 3C 2S AH", "5S", "AD", "g")
        assert limit_words and limit_words not in gin
        no_deadwood = i18n._("Discard {card} face down and end the round with [b]no deadwood[/b].")
        assert no_deadwood.format(card="2♥").replace("[b]", "").replace("[/b]", "") in gin
    app = GinRummyApp(mode="computer", seed=1, computer_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        knock = await ask_to_go_out(pilot, "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "2D", "AS", "k")
        assert f"{limit_words} 10" in knock or f"{limit_words}: 10" in knock
