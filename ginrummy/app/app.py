"""The Textual application: screens for starting, playing and finishing games of Gin Rummy."""

from __future__ import annotations

import os
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..core import Rules
from ..players import PLAYERS
from .screens.dialogs import ConfirmScreen
from .screens.help import HelpScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .session import COMPUTER, HOTSEAT, TableConfig

#: The computer levels offered (every registered bot but the random one).
LEVELS: tuple[str, ...] = tuple(name for name in PLAYERS if name != "random")


class GinRummyApp(App[None]):
    """Gin Rummy against the computer or hot-seat for two."""

    CSS_PATH = "ginrummy.tcss"
    TITLE = "Gin Rummy"
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (declared so in App)
        (0, "-too-narrow"),
        (80, "-normal"),
        (110, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-too-short"),
        (24, "-normal-height"),
        (32, "-tall"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True)
    ]

    def __init__(
        self,
        *,
        mode: str | None = None,
        level: str = "simple",
        names: tuple[str, str] | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
        ascii: bool = False,
        computer_delay: float = 0.6,
    ) -> None:
        super().__init__()
        if mode not in (None, COMPUTER, HOTSEAT):
            raise ValueError(f"unknown mode {mode!r}: choose computer or hotseat")
        self.start_mode = mode
        self.level = level
        self.names = names
        self.seed = seed
        self.rules = rules or Rules()
        self.ascii = ascii
        self.computer_delay = computer_delay

    def on_mount(self) -> None:
        self.push_screen(StartScreen())
        if self.start_mode is not None:
            self.new_table(self.start_mode)

    # --- navigation ------------------------------------------------------------------
    def config_for(self, mode: str) -> TableConfig:
        """The table settings from the app's current choices."""
        return TableConfig.make(
            mode, level=self.level, names=self.names, seed=self.seed, rules=self.rules
        )

    def new_table(self, mode: str, *, again: bool = False) -> TableScreen:
        """Start a new game at a fresh table (``again``: the next seed, for a new deal)."""
        if again and self.seed is not None:
            self.seed += 1
        self.to_menu()
        table = TableScreen(self.config_for(mode), ascii=self.ascii, delay=self.computer_delay)
        self.push_screen(table)
        return table

    def to_menu(self) -> None:
        """Back to the start screen, closing whatever is above it."""
        while len(self.screen_stack) > 2:
            self.pop_screen()

    @property
    def table(self) -> TableScreen | None:
        """The table being played, if any."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        return None

    # --- app-wide actions --------------------------------------------------------------
    def action_help(self) -> None:
        """Show the rules and keys (not twice)."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        """Quit, asking first while a game is being played."""
        table = self.table
        if table is None or table.session.game_over:
            self.exit()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(
            ConfirmScreen("Quit?", "A game is in progress. Quit and lose it?", yes="Quit"),
            answer,
        )


def launch(
    *,
    mode: str | None = None,
    level: str = "simple",
    names: tuple[str, str] | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
    ascii: bool = False,
) -> None:
    """Run the game: the start screen, or straight to a table for ``computer`` or ``hotseat``.

    The environment variable ``GINRUMMY_COMPUTER_DELAY`` (seconds) sets how long each
    computer move stays on screen (default 0.6); the end-to-end tests set it to 0.
    """
    delay = _env_delay(os.environ.get("GINRUMMY_COMPUTER_DELAY"))
    GinRummyApp(
        mode=mode,
        level=level,
        names=names,
        seed=seed,
        rules=rules,
        ascii=ascii,
        computer_delay=delay,
    ).run()


def _env_delay(text: str | None, default: float = 0.6) -> float:
    try:
        return max(0.0, float(text)) if text else default
    except ValueError:
        return default
