"""Settings: your name, the language, the pace of the computer's moves, ASCII cards, the
card colours (a four-colour deck), the memory aid and the theme.

Every change is applied and saved at once (the name when you leave the screen or press
Enter in it); Escape goes back. ASCII mode applies to the start screen at once and to
every table opened from then on. A new language applies at once to every screen open,
the table under this screen too.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ...store import MAX_NAME, StorageError, check_name
from ...text import i18n
from ...text.cards import shown
from ...text.errors import describe
from ...text.i18n import N_, _, number
from ...text.names import display_name
from ..model.pace import PACES, pace_label, pace_word, turn_seconds
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.palette import Painted
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of, recompose_in_language


def language_options() -> list[tuple[str, str]]:
    """The languages offered: automatic (the environment's), then each in its own name."""
    detected = i18n.LANGUAGES[i18n.detect()]
    # TRANSLATORS: the first choice of the language list: the language the system (the
    # environment: LANG...) asks for, e.g. "Automatic (Polski)"; the list is ~40 wide.
    auto = _("Automatic ({language})").format(language=detected)
    return [(auto, ""), *((name, code) for code, name in i18n.LANGUAGES.items())]


def language_shown(saved: str) -> str:
    """The choice the language list shows: the saved one, unless the game speaks another
    (``--lang`` chose it for this run), so that the list never contradicts the screen."""
    automatic = saved if saved in i18n.LANGUAGES else ""
    follows = saved if automatic else i18n.detect()
    return automatic if i18n.language() == follows else i18n.language()


class SettingsScreen(GinScreen[None]):
    """A small form of the settings kept between sessions."""

    CSS_PATH = "settings.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("f7", "close", N_("Back"), show=False),
    ]

    gin_app = property(gin_app_of)

    def compose(self) -> ComposeResult:
        app = self.gin_app
        yield GameHeader()
        with Vertical(id="settings"):
            with Vertical(classes="panel", id="settings-panel") as panel:
                panel.border_title = _("Settings")
                with Grid(id="settings-form"):
                    # TRANSLATORS: the settings' field labels (a column 17 wide; a longer
                    # label makes the column wider and squeezes the field).
                    yield Label(_("Your name"))
                    yield Input(
                        value=app.settings.name,
                        placeholder=display_name("You"),
                        max_length=MAX_NAME,
                        compact=True,
                        id="settings-name",
                    )
                    yield Label(_("Language"))
                    yield Select(
                        language_options(),
                        value=language_shown(app.settings.language),
                        allow_blank=False,
                        compact=True,
                        id="language",
                    )
                    yield Label(_("Computer's pace"))
                    yield Select(
                        [(pace_choice(word, sec), word) for word, sec in PACES],
                        value=pace_word(app.computer_delay),
                        allow_blank=False,
                        compact=True,
                        id="pace",
                    )
                    yield Label(_("ASCII cards"))
                    yield Checkbox(
                        # TRANSLATORS: keep "AS TD" (cards written with letters).
                        _("suits as letters: AS TD (from the next table)"),
                        value=app.ascii,
                        compact=True,
                        id="ascii",
                    )
                    # TRANSLATORS: a settings label: cards drawn in four colours or two.
                    yield Label(_("Card colours"))
                    yield Checkbox(
                        # TRANSLATORS: the four-colour deck's checkbox; keep the suit signs.
                        shown(_("four: ♠ black, ♥ red, ♦ blue, ♣ green"), app.ascii),
                        value=app.settings.four_colour,
                        compact=True,
                        id="four-colour",
                    )
                    # TRANSLATORS: a settings label: a list of the cards not seen yet.
                    yield Label(_("Memory aid"))
                    yield Checkbox(
                        # TRANSLATORS: the memory aid's checkbox; keep "v" (the key).
                        _("the pile viewer (v) lists the cards not seen yet"),
                        value=app.settings.memory_aid,
                        compact=True,
                        id="memory-aid",
                    )
                    yield Label(_("Theme"))
                    yield Select(
                        [(name, name) for name in sorted(app.available_themes)],
                        value=app.theme,
                        allow_blank=False,
                        compact=True,
                        id="theme",
                    )
                yield Static(
                    Text(
                        _(
                            "Changes are saved at once and kept for the next time. The start"
                            " screen remembers the opponent, level and rules of your last game."
                        ),
                        style="dim",
                    ),
                    id="settings-note",
                )
            with Horizontal(id="settings-buttons"):
                # TRANSLATORS: a button; keep "(Esc)".
                yield Button(_("Done (Esc)"), id="done", variant="primary", compact=True)
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.retitle()
        self.query_one("#settings-name", Input).focus()

    def retitle(self) -> None:
        self.sub_title = _("Settings")

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    # --- changes ----------------------------------------------------------------------
    @on(Select.Changed, "#language")
    async def _language(self, event: Select.Changed) -> None:
        code = event.value
        if isinstance(code, str) and code != language_shown(self.gin_app.settings.language):
            await self.gin_app.change_language(code)

    @on(Select.Changed, "#pace")
    def _pace(self, event: Select.Changed) -> None:
        seconds = dict(PACES).get(str(event.value))
        if seconds is not None:
            self.gin_app.change_settings(pace=seconds)

    @on(Checkbox.Changed, "#ascii")
    def _ascii(self, event: Checkbox.Changed) -> None:
        self.gin_app.change_settings(ascii=event.value)

    @on(Checkbox.Changed, "#four-colour")
    def _four_colour(self, event: Checkbox.Changed) -> None:
        self.gin_app.change_settings(four_colour=event.value)
        # The cards drawn on every screen open take the new colours at once.
        for screen in self.app.screen_stack:
            for widget in screen.query(Painted):
                widget.refresh()

    @on(Checkbox.Changed, "#memory-aid")
    def _memory_aid(self, event: Checkbox.Changed) -> None:
        self.gin_app.change_settings(memory_aid=event.value)

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        theme = event.value
        if isinstance(theme, str) and theme in self.app.available_themes:
            self.app.theme = theme  # saved by the app's theme watcher

    def save_name(self) -> bool:
        """Keep the name typed; False (with a message) if it cannot be used."""
        name = self.query_one("#settings-name", Input).value.strip()
        if name:
            try:
                check_name(name, _("The name"))
            except StorageError as exc:
                self.notify(f"{describe(exc)}.", severity="error")
                return False
        self.gin_app.change_settings(name=name)
        return True

    @on(Input.Submitted, "#settings-name")
    def _name_done(self) -> None:
        if self.save_name():
            self.query_one("#pace", Select).focus()

    @on(Button.Pressed, "#done")
    def action_close(self) -> None:
        if self.save_name():
            self.dismiss(None)


def pace_choice(word: str, seconds: float) -> str:
    """A pace as the settings offer it, with how long a computer's turn then lasts
    (two moves, each shown for ``seconds``): what the player sees, not the pause."""
    if seconds <= 0:
        return pace_label(word)
    # TRANSLATORS: a pace in the settings: "fast (about 0.6 s a turn)": how long each
    # of the computer's turns lasts.
    return _("{pace} (about {seconds} s a turn)").format(
        pace=pace_label(word), seconds=number(turn_seconds(seconds))
    )
