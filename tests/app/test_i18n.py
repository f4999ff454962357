"""The app in other languages: messages looked up when shown, the language switched live."""

from __future__ import annotations

import gettext
from importlib import resources

import pytest
from support.pilot import settle, table_of
from textual.widgets import RichLog, Select, Static

from ginrummy.app import GinRummyApp
from ginrummy.app.screens.help import HelpScreen, rules_markdown
from ginrummy.app.screens.settings import SettingsScreen
from ginrummy.app.screens.start import StartScreen
from ginrummy.app.widgets.footer import LocalFooter
from ginrummy.core import Card, Event, EventKind, Round, Rules
from ginrummy.store import Settings, Store
from ginrummy.text import i18n
from ginrummy.text.moves import describe_turn, opening_text

SIZE = (100, 32)


class Marked(gettext.NullTranslations):
    """A fake language: every message comes back in «guillemets», so a test can tell
    which texts were looked up (and when)."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> str:
    """Polish, faked by `Marked` (the real catalogue may still be being translated)."""
    monkeypatch.setitem(i18n._cache, "pl", Marked())
    return "pl"


def card(code: str) -> Card:
    return Card.parse(code)


# --- the move log in the second person ---------------------------------------------------


def test_a_turn_in_the_second_person_and_the_third() -> None:
    seven = card("7H")
    events = [Event(EventKind.DRAW, 0), Event(EventKind.DISCARD, 0, seven)]
    names = ("You", "Computer")
    assert describe_turn(events, names, you=0) == "You drew from the stock and discarded 7♥."
    assert describe_turn(events, ("Ann", "Ben")) == "Ann drew from the stock and discarded 7♥."
    gin = [Event(EventKind.DRAW, 1), Event(EventKind.GIN, 1)]
    assert describe_turn(gin, names, you=0) == "Computer drew from the stock and went gin!"
    assert describe_turn([Event(EventKind.GIN, 0)], names, you=0) == "You went gin!"
    # The replay names the card drawn and the one discarded face down.
    knock = [Event(EventKind.KNOCK, 0)]
    assert (
        describe_turn(knock, names, you=0, knocked=seven) == "You knocked, discarding 7♥ face down."
    )


def test_each_person_has_messages_of_its_own(marked: str) -> None:
    """The second person is looked up as whole messages, never rewritten from English."""
    looked_up: list[tuple[str, str]] = []

    class Recording(Marked):
        def pgettext(self, context: str, message: str) -> str:
            looked_up.append((context, message))
            return super().pgettext(context, message)

    i18n._cache["pl"] = Recording()
    i18n.set_language("pl")
    events = [Event(EventKind.DRAW, 0), Event(EventKind.DISCARD, 0, card("7H"))]
    text = describe_turn(events, ("You", "Computer"), you=0)
    assert looked_up == [("you", "drew from the stock"), ("you", "discarded {card}")]
    assert text == "«You ««drew from the stock» and «discarded 7♥»».»"
    looked_up.clear()
    describe_turn(events, ("You", "Computer"), you=1)
    assert [c for c, _m in looked_up] == ["other", "other"]


def test_the_deal_in_the_second_person() -> None:
    rnd = Round(Rules(), dealer=0, seed=4)
    assert opening_text(rnd, ("You", "Computer"), Rules(), you=0).startswith(
        "Round 1: You deal. The upcard is "
    )
    assert opening_text(rnd, ("Ann", "Ben"), Rules()).startswith("Round 1: Ann deals.")


async def test_the_human_is_you_in_the_log(computer_app: GinRummyApp) -> None:
    async with computer_app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")  # seed 2: you act first and pass on the upcard
        await settle(pilot)
        lines = [strip.text for strip in table_of(computer_app).query_one("#log", RichLog).lines]
        assert any(line.startswith("You passed on the upcard.") for line in lines)


# --- switching the language while playing -------------------------------------------------


async def test_switching_language_redraws_the_table_under_the_settings(marked: str) -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("o")  # sort by rank
        await pilot.press("right", "right")
        await pilot.pause()
        order, selected = list(table.hand.order), table.selected
        log_before = len(table.query_one("#log", RichLog).lines)
        assert "«" not in str(table.query_one("#prompt", Static).render())

        await pilot.press("f7")
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        settings.query_one("#language", Select).value = marked
        await pilot.pause()
        await pilot.pause()

        assert i18n.language() == "pl"
        assert app.settings.language == "pl"
        assert Store().load_settings().language == "pl"
        # The settings screen itself, in the new language, the language list still focused
        # if it was, and showing the choice.
        assert "«" in str(settings.query_one("#settings-panel").border_title)
        assert settings.query_one("#language", Select).value == "pl"
        # The table underneath: prompt, log and hand drawn again; the game state kept.
        assert "«" in str(table.query_one("#prompt", Static).render())
        lines = [strip.text for strip in table.query_one("#log", RichLog).lines]
        assert len(lines) >= log_before and any(line.startswith("«") for line in lines)
        assert table.hand.mode == "rank" and list(table.hand.order) == order
        assert table.selected is selected

        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        footer = table.query_one(LocalFooter)
        await pilot.pause()
        # The hand's group label is painted again too, though its cards did not change
        # (its reactives alone would not repaint it): the table as the terminal shows it.
        assert "«by rank»" in pilot.app.export_screenshot().replace("&#160;", " ")
        descriptions = [key.description for key in footer.query("FooterKey")]  # type: ignore[attr-defined]
        assert "«Sort»" in descriptions

        # And back to the environment's language (English here).
        await app.change_language("")
        assert i18n.language() == "en"
        assert "«" not in str(table.query_one("#prompt", Static).render())
        assert app.settings.language == ""


async def test_a_hint_on_the_table_is_worded_again_in_the_new_language(marked: str) -> None:
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        await pilot.press("h")
        await settle(pilot)
        english = str(table.message_box.render())
        assert english.startswith("Hint: ") and table.hint
        await app.change_language(marked)
        await pilot.pause()
        # The same advice, looked up again: the status line holds it in the new words.
        worded = str(table.message_box.render())
        assert worded.startswith("«Hint: «") and table.hint in worded
        # A hint for a moment gone by is not brought back by a switch.
        await pilot.press("p")
        await settle(pilot)
        await app.change_language("")
        await pilot.pause()
        assert "Hint" not in str(table.message_box.render())


async def test_switching_language_keeps_the_start_form(marked: str) -> None:
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#seed").value = "42"  # type: ignore[attr-defined]
        await app.change_language(marked)
        await pilot.pause()
        assert start.query_one("#seed").value == "42"  # type: ignore[attr-defined]
        assert start.query_one("#play-computer").label.plain.startswith("«")  # type: ignore[attr-defined]


# --- which language the app starts in ------------------------------------------------------


async def test_the_saved_language_is_used_at_start(marked: str) -> None:
    Store().save_settings(Settings(language=marked))
    app = GinRummyApp(computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert i18n.language() == "pl"
        assert "«" in str(app.screen.query_one("#tagline", Static).render())


async def test_a_forced_language_wins_over_the_settings(marked: str) -> None:
    Store().save_settings(Settings(language="da"))
    app = GinRummyApp(computer_delay=0.0, language=marked)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert i18n.language() == "pl"


async def test_the_settings_list_shows_a_forced_language_and_can_go_back_to_automatic(
    marked: str,
) -> None:
    from textual.widgets import Select

    app = GinRummyApp(computer_delay=0.0, language=marked)  # ginrummy --lang pl
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        select = app.screen.query_one("#language", Select)
        assert select.value == "pl"  # not "Automatic (English)" over a Polish screen
        assert Store().load_settings().language == ""  # showing it saved nothing
        select.value = ""
        await pilot.pause()
        await pilot.pause()
        assert i18n.language() == "en"
        assert app.settings.language == ""


# --- the rules in the player's language ----------------------------------------------------


async def test_help_loads_the_rules_in_the_language(marked: str) -> None:
    localised = resources.files("ginrummy.app.help") / "rules.pl.md"
    assert localised.is_file()
    i18n.set_language(marked)
    assert rules_markdown() == localised.read_text(encoding="utf-8")
    app = GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.source
        first = localised.read_text(encoding="utf-8").splitlines()[0]
        assert source.startswith(first)
        assert "«Keys at the table»" in source
        # Back in English, the help is drawn again from rules.md.
        await app.change_language("en")
        await pilot.pause()
        english = (resources.files("ginrummy.app.help") / "rules.md").read_text(encoding="utf-8")
        source = app.screen.source
        assert source.startswith(english.splitlines()[0])
        assert "## Keys at the table" in source


def test_rules_fall_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A language with no rules file of its own gets the English rules."""
    monkeypatch.setitem(i18n.LANGUAGES, "xx", "Test")
    monkeypatch.setitem(i18n._cache, "xx", Marked())
    i18n.set_language("xx")
    english = (resources.files("ginrummy.app.help") / "rules.md").read_text(encoding="utf-8")
    assert rules_markdown() == english
