"""The Textual application: screens for starting, playing and finishing games of Gin Rummy."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..core import Game, Match, Rules
from ..players import PLAYERS
from ..storage import GameMeta, Store
from .screens.help import HelpScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .session import COMPUTER, HOTSEAT, TableConfig

#: What `launch` prints after the app closes with a game saved.
SAVED_NOTE = "Your game is saved: run ginrummy again and choose Continue."

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
        Binding("ctrl+q", "quit_game", "Quit", show=False, priority=True),
        # Ctrl+C is a key in the terminal's raw mode: the game is saved, so just leave.
        Binding("ctrl+c", "quit_game", "Quit", show=False, priority=True),
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
        data_dir: Path | str | None = None,
        store: Store | None = None,
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
        #: The data directory: autosave, history, settings.
        self.store = store if store is not None else Store(data_dir)
        #: The game in progress found in the autosave (offered as Continue).
        self.saved: tuple[Game | Match, GameMeta] | None = None
        #: Set when the app closes with an unfinished game saved.
        self.left_saved_game = False

    def on_mount(self) -> None:
        self.saved = self.store.load_game()
        self.push_screen(StartScreen())
        if self.start_mode is not None:
            self.new_table(self.start_mode)
        self.report_problems()

    def report_problems(self) -> None:
        """Say once, clearly, which files were refused and moved aside."""
        for problem in self.store.take_problems():
            self.notify(problem.message(), title="File refused", severity="error", timeout=15)

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
        self.saved = None  # a new game replaces the saved one
        table = TableScreen(
            self.config_for(mode), ascii=self.ascii, delay=self.computer_delay, store=self.store
        )
        self.push_screen(table)
        return table

    def continue_game(self) -> TableScreen | None:
        """Sit down at the saved game again: same hands, piles, turn, scores, names, opponent."""
        if self.saved is None:
            return None
        obj, meta = self.saved
        self.saved = None
        self.to_menu()
        config = TableConfig(meta.mode, meta.level or "simple", meta.names, obj.seed, obj.rules)
        table = TableScreen(
            config,
            ascii=self.ascii,
            delay=self.computer_delay,
            store=self.store,
            meta=meta,
            restored=obj,
        )
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
        """Quit at once: a game in progress is already saved (after every move)."""
        table = self.table
        if table is not None and not table.session.match_over and table.store is not None:
            table.autosave()
            self.left_saved_game = not table.save_failed
        elif self.saved is not None:
            self.left_saved_game = True
        self.exit()


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
    app = GinRummyApp(
        mode=mode,
        level=level,
        names=names,
        seed=seed,
        rules=rules,
        ascii=ascii,
        computer_delay=delay,
    )
    app.run()
    if app.left_saved_game:
        print(SAVED_NOTE)


def _env_delay(text: str | None, default: float = 0.6) -> float:
    try:
        return max(0.0, float(text)) if text else default
    except ValueError:
        return default
