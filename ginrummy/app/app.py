"""The Textual application: screens for starting, playing and finishing games of Gin Rummy.

Only the start screen is imported with the app: the table, the replay, the online screens,
help and settings are imported when first opened, so that the first screen comes up fast.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.dom import DOMNode

from ..core import Rules
from ..players import LEVELS
from ..store import (
    HEARTBEAT,
    MODES,
    HistoryRecord,
    LastGame,
    SavedGame,
    Settings,
    SlotTaken,
    Store,
    slot_of,
)
from ..text import i18n
from ..text.i18n import N_, _
from ..text.problems import problem_line
from .model.seats import COMPUTER, HOTSEAT, NewGame, TableConfig, check_mode, seat_names
from .screens.start import StartScreen
from .widgets.stale_watchers import let_go_of_closed

if TYPE_CHECKING:
    from .screens.table import TableScreen

#: The module of the table screen, imported when the first table opens.
TABLE_MODULE = f"{__package__}.screens.table"
#: The module of the card widgets (and of `fit_cards`), imported with the first screen
#: that draws cards.
PALETTE_MODULE = f"{__package__}.widgets.palette"


def local_saves(store: Store) -> list[SavedGame]:
    """The saved games this app continues: not the online ones (``ginrummy host`` does)."""
    return [saved for saved in store.saved_games() if saved.meta.mode in MODES]


class GinRummyApp(App[None]):
    """Gin Rummy against the computer or hot-seat for two."""

    # The shared rules and the start screen's, read with the app so that showing the start
    # screen parses nothing again; every other screen reads its own when first opened.
    CSS_PATH = ["ginrummy.tcss", "screens/start.tcss"]  # noqa: RUF012 (declared so in App)
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
    #: Seconds after which ``drawn`` is called even if the first screen was not drawn.
    DRAWN_AT_THE_LATEST = 1.0
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_game", N_("Quit"), show=False, priority=True),
        # Ctrl+C is a key in the terminal's raw mode: the game is saved, so just leave.
        Binding("ctrl+c", "quit_game", N_("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        *,
        mode: str | None = None,
        level: str | None = None,
        names: tuple[str, str] | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
        ascii: bool | None = None,
        computer_delay: float | None = None,
        data_dir: Path | str | None = None,
        store: Store | None = None,
        replay: int | HistoryRecord | None = None,
        language: str | None = None,
        resume: str | None = None,
        online: tuple[str, dict[str, Any]] | None = None,
        drawn: Callable[[], None] | None = None,
    ) -> None:
        """Options left as None take the saved settings (or their defaults).

        ``drawn``: called once the first screen has been drawn.

        ``online``: host or join an online table at once: ``("host", HostPlan fields)``
        or ``("join", JoinPlan fields)`` (`ginrummy.app.screens.online`).

        ``resume``: continue the game saved in this slot at once (`ginrummy play` opens the
        slot's own game rather than replacing it).

        ``replay``: open the replay of game N of the history (1 = the oldest) at once, or
        of a game given as a `HistoryRecord` (a game record file's).
        ``language``: a language forced (``--lang``); None: the one already chosen (by the
        command line), else the settings' language, else the environment's.
        """
        super().__init__()
        if mode is not None:
            check_mode(mode)
        #: The data directory: autosave, history, settings.
        self.store = store if store is not None else Store(data_dir)
        #: What the player chose in Settings (and the names typed for a game).
        self.settings: Settings = self.store.load_settings()
        saved = self.settings
        #: The opponent, level and rules of the last game started: the start screen's
        #: defaults (kept apart from the settings).
        self.last_game: LastGame = self.store.load_last_game()
        self.start_mode = mode
        self.level = level if level is not None else self.last_game.level
        if self.level not in LEVELS:
            self.level = LEVELS[0]
        self.names = names
        self.seed = seed
        self.rules = rules if rules is not None else self.last_game.rules
        self.ascii = ascii if ascii is not None else saved.ascii
        self.computer_delay = computer_delay if computer_delay is not None else saved.pace
        self.replay_number = replay
        self.resume_slot = resume
        self.online = online
        #: The games waiting in their slots, the latest first (each offered as Continue).
        self.saved: list[SavedGame] = []
        #: Set when the app closes with an unfinished game saved.
        self.left_saved_game = False
        #: What to print once the app has closed instead of the saved game's line (an
        #: online match left: how to go back to it).
        self.goodbye: str | None = None
        #: The mode of the game last sat down to (new or continued): the start screen
        #: focuses its button when the player comes back to the menu.
        self.played_mode: str | None = None
        self._settings_failed = False
        self._theme_ready = False
        self._drawn = drawn
        #: The first unhandled exception, which ended the app (`launch` raises it again).
        self.crash: BaseException | None = None
        self._choose_language(language)

    def _choose_language(self, forced: str | None) -> None:
        """Speak ``forced`` if given; else keep a language already chosen (the command line
        chooses before the app starts); else the settings' language, else the environment's.
        """
        if forced:
            i18n.set_language(forced)
        elif i18n.language() == i18n.SOURCE_LANGUAGE:
            # Nothing chosen yet (English is where every program starts): as the CLI would.
            saved = self.settings.language
            i18n.set_language(saved or None)

    def on_mount(self) -> None:
        # TRANSLATORS: the game's name in the title bar (usually kept as is).
        self.title = _("Gin Rummy")
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self._theme_ready = True
        self.saved = local_saves(self.store)
        self.set_interval(HEARTBEAT, self.heartbeat)
        self.push_screen(self._sized(StartScreen()))
        resume = [i for i, g in enumerate(self.saved) if g.slot == self.resume_slot]
        if resume:
            self.continue_game(resume[0])
        elif self.start_mode is not None:
            self.new_table(self.start_mode)
        elif self.replay_number is not None:
            self.open_replay(self.replay_number)
        elif self.online is not None:
            from .screens.online import online_screen

            self.push_screen(online_screen(*self.online))
        self.report_problems()
        if self._drawn is not None:
            # After the top screen's first refresh: once it is composed and drawn (and in
            # a second at the latest, should that screen close before it is ever drawn).
            self.screen.call_after_refresh(self._first_screen_drawn)
            self.set_timer(self.DRAWN_AT_THE_LATEST, self._first_screen_drawn)

    def _first_screen_drawn(self) -> None:
        """Call ``drawn`` (once)."""
        drawn, self._drawn = self._drawn, None
        if drawn is not None:
            drawn()

    def _sized(self, screen: StartScreen) -> StartScreen:
        """``screen`` with the breakpoint classes of the terminal's size already set: set
        at the first resize instead, they would style the whole screen a second time."""
        width, height = self.size
        classes: dict[str, bool] = {}
        for breakpoints, size in (
            (self.HORIZONTAL_BREAKPOINTS, width),
            (self.VERTICAL_BREAKPOINTS, height),
        ):
            fitting = [(limit, name) for limit, name in breakpoints or [] if size >= limit]
            classes.update({name: False for _, name in breakpoints or []})
            if fitting:
                classes[max(fitting)[1]] = True
        screen.update_classes(classes, update=False)
        return screen

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Style ``node`` and the nodes under it again, if it is in the app's DOM.

        Textual asks this of a widget still being made, at each option its constructor
        sets (a compact button, a list's value, an input's type): about 20 widgets of the
        start screen were styled that way for nothing, as every widget is styled from
        scratch when it is mounted. A node not yet mounted (or already removed) is skipped.
        """
        if node is self or node.is_attached:
            super().update_styles(node, animate)

    # --- settings --------------------------------------------------------------------
    def change_settings(self, **changes: Any) -> None:
        """Change and keep the settings, and use them from now on: the pace of the
        computer's moves, ASCII cards (from the next table), the four-colour deck..."""
        if "pace" in changes:
            self.computer_delay = changes["pace"]
        if "ascii" in changes:
            self.ascii = changes["ascii"]
        self.update_settings(**changes)

    def choose_rules(self, rules: Rules) -> None:
        """Use ``rules`` for the next game, and offer them first next time."""
        self.rules = rules
        self.remember(rules=rules)

    def update_settings(self, **changes: Any) -> None:
        """Change and save the settings (a failure to save is said once, then ignored)."""
        new = replace(self.settings, **changes)
        if new == self.settings:
            return
        self.settings = new
        self._keep(lambda: self.store.save_settings(new))

    def remember(self, **changes: Any) -> None:
        """Change and save the last game's choices (opponent, level, rules)."""
        new = replace(self.last_game, **changes)
        if new == self.last_game:
            return
        self.last_game = new
        self._keep(lambda: self.store.save_last_game(new))

    def _keep(self, save: Callable[[], None]) -> None:
        """Save (a failure to save is said once, then ignored)."""
        try:
            save()
        except OSError as exc:
            if not self._settings_failed:
                self._settings_failed = True
                self.notify(
                    _("The settings cannot be saved in {folder}: {why}.").format(
                        folder=self.store.root, why=exc.strerror or exc
                    ),
                    title=_("Not saved"),
                    severity="error",
                    timeout=10,
                )

    def watch_theme(self, theme: str) -> None:
        """A theme chosen anywhere (settings, command palette) is kept for next time."""
        if self._theme_ready:
            self.update_settings(theme=theme)

    def report_problems(self) -> None:
        """Say once, clearly, which files were refused and moved aside."""
        for problem in self.store.take_problems():
            self.notify(
                problem_line(problem), title=_("File refused"), severity="error", timeout=15
            )

    # --- language ----------------------------------------------------------------------
    async def change_language(self, code: str) -> str:
        """Speak ``code`` ("" = the environment's language) from now on, keep it in the
        settings, and draw every open screen again in it. Returns the language used."""
        used = i18n.set_language(code or None)
        self.update_settings(language=code)
        await self.refresh_language()
        return used

    async def refresh_language(self) -> None:
        """Every screen in the stack, the ones underneath too, in the current language."""
        self.title = _("Gin Rummy")
        for screen in list(self.screen_stack):
            refresh = getattr(screen, "refresh_language", None)
            if refresh is not None:
                await refresh()

    # --- navigation ------------------------------------------------------------------
    def config_for(self, mode: str) -> TableConfig:
        """The table settings from the app's current choices."""
        names = self.names
        me, second = self.settings.name, self.settings.name2
        if mode != COMPUTER:
            me = self.settings.name1 or me
        # The default names are kept in English, as identifiers, and translated when shown.
        if names is None and (me if mode == COMPUTER else me or second):
            names = seat_names(mode, me, second)  # the names kept in the settings
        return TableConfig.make(
            mode, level=self.level, names=names, seed=self.seed, rules=self.rules
        )

    def new_game(self, choice: NewGame) -> None:
        """Start the game chosen on the start screen."""
        self.names, self.seed, self.level = choice.names, choice.seed, choice.level
        self.new_table(choice.mode)

    def new_table(self, mode: str, *, again: bool = False) -> TableScreen | None:
        """Start a new game at a fresh table (``again``: the next seed, for a new deal).

        The new game takes its slot: the game saved there is replaced (the start screen
        asks first), the other slots are untouched. None if the slot's game is open in
        another window (said in a message).
        """
        from .screens.table import TableScreen

        if again and self.seed is not None:
            self.seed += 1
        self.to_menu()
        table = TableScreen(
            self.config_for(mode), ascii=self.ascii, delay=self.computer_delay, store=self.store
        )
        slot = slot_of(table.model.meta)
        if not self._sit_down(table):
            return None
        self.saved = [g for g in self.saved if g.slot != slot]  # replaced by the new game
        self.played_mode = mode
        self._remember_game(mode)
        return table

    def saved_in(self, mode: str, choice: NewGame | None = None) -> SavedGame | None:
        """The game waiting in the slot a new game in ``mode`` would take."""
        config = self.config_for(mode) if choice is None else self._config_of(choice)
        level = config.level if mode == COMPUTER else ""
        from ..store import GameMeta

        slot = slot_of(GameMeta(mode, config.names, level))
        return next((g for g in self.saved if g.slot == slot), None)

    def _config_of(self, choice: NewGame) -> TableConfig:
        return TableConfig.make(
            choice.mode, level=choice.level, names=choice.names, seed=choice.seed, rules=self.rules
        )

    def _sit_down(self, table: TableScreen, *, take_over: bool = False) -> bool:
        """Mark the game's slot open in this window and push ``table``; when its game ends,
        go where the player chose. False (said in a message) if another window has it open."""
        mode = table.model.config.mode
        try:
            self.store.take_slot(table.model.meta, force=take_over)
        except SlotTaken as exc:
            self.notify(
                _("This game is open in another window (process {pid}): play it there.").format(
                    pid=exc.lease.pid
                ),
                severity="warning",
                timeout=10,
            )
            return False
        except OSError:
            pass  # the lease cannot be written: play anyway (saving says what is wrong)

        def done(choice: str | None) -> None:
            if choice == "again":
                self.new_table(mode, again=True)
            elif choice == "menu":
                self.to_menu()
            else:
                self.exit()

        self.push_screen(table, done)
        return True

    def heartbeat(self) -> None:
        """Tell the other windows that the table open here is still open (every few
        seconds), and let go of the slots no longer open here (and of the watchers of
        the app's title left by the headers of closed screens)."""
        let_go_of_closed(self)
        table = self.table
        keep = [] if table is None or table.session.match_over else [slot_of(table.model.meta)]
        with contextlib.suppress(OSError):  # a DatabaseUnavailable too: tried at the next beat
            self.store.heartbeat(keep)

    def take_played_mode(self) -> str | None:
        """The mode of the game last sat down to, once (the start screen focuses its button
        when the player comes back to the menu)."""
        mode, self.played_mode = self.played_mode, None
        return mode

    def _remember_game(self, mode: str) -> None:
        """Keep the choices of the game just started as the next game's defaults (the
        names in the settings, the opponent, level and rules apart from them)."""
        game: dict[str, Any] = {"opponent": mode, "rules": self.rules}
        if mode == COMPUTER:
            game["level"] = self.level
        self.remember(**game)
        changes: dict[str, Any] = {}
        # Hot-seat names are kept apart: they never become the name of the one who plays
        # the computer.
        if mode == COMPUTER and self.names is not None and self.names[0] != "You":
            changes["name"] = self.names[0]
        if mode == HOTSEAT and self.names is not None:
            first, second = self.names
            changes["name1"] = "" if first == "Player 1" else first
            changes["name2"] = "" if second == "Player 2" else second
        self.update_settings(**changes)

    def open_replay(self, number: int | HistoryRecord) -> None:
        """Replay game ``number`` of the history (1 = the oldest) over the current screen, or
        the game given (a game record file's, told as game 1)."""
        if isinstance(number, HistoryRecord):
            from .screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(number, 1, ascii=self.ascii))
            return
        record = self.store.history_record(number)
        if record is None:
            self.notify(
                _("There is no game {number} in the history.").format(number=number),
                severity="error",
            )
            self.report_problems()
            return
        from .screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(record, number, ascii=self.ascii))

    def continue_game(self, index: int = 0, *, take_over: bool = False) -> TableScreen | None:
        """Sit down at saved game ``index`` again (0: the latest): same hands, piles, turn,
        scores, names, opponent. ``take_over``: from a window that is gone."""
        if not 0 <= index < len(self.saved):
            return None
        from .screens.table import TableScreen

        saved = self.saved[index]
        obj, meta = saved.game, saved.meta
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
        if not self._sit_down(table, take_over=take_over):
            return None
        self.saved = [g for g in self.saved if g.slot != saved.slot]
        self.played_mode = meta.mode
        return table

    def to_menu(self) -> None:
        """Back to the start screen, closing whatever is above it (and letting go of the
        slot of a table closed)."""
        closed = False
        while len(self.screen_stack) > 2:
            closed = closed or _is_table(self.screen)
            self.pop_screen()
        if closed:
            with contextlib.suppress(OSError):  # DatabaseUnavailable too: the next beat tries
                self.store.release_all()
                self.saved = local_saves(self.store)

    @property
    def table(self) -> TableScreen | None:
        """The table being played, if any."""
        for screen in self.screen_stack:
            if _is_table(screen):
                return screen
        return None

    # --- app-wide actions --------------------------------------------------------------
    def action_settings(self) -> None:
        """The settings over whatever is shown (not twice)."""
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_help(self) -> None:
        """Show the rules and keys (not twice)."""
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        """Quit at once: a game in progress is already saved (after every move)."""
        table = self.table
        if table is not None and not table.session.match_over and table.goodbye:
            self.goodbye = table.goodbye  # from any screen over an online table
        if table is not None and not table.session.match_over and table.model.store is not None:
            table.autosave()
            self.left_saved_game = not table.model.save_failed
        elif self.saved:
            self.left_saved_game = True
        self.exit()

    def on_resize(self, event: events.Resize) -> None:
        """The cards grow or shrink with the terminal, on every screen of the stack (the
        app's size is not yet the new one here). No card has been drawn while their module
        is not loaded (a screen's first card fits the screen to the terminal as it mounts):
        the start screen does not load it."""
        palette = sys.modules.get(PALETTE_MODULE)
        if palette is None:
            return
        for screen in self.screen_stack:
            palette.fit_cards(screen, event.size)

    def on_unmount(self) -> None:
        """The window closes: its slots are free for another window at once."""
        with contextlib.suppress(OSError):  # a DatabaseUnavailable too
            self.store.release_all()

    # --- an unexpected error ------------------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """An exception no handler caught ends the app, as in Textual (exit status 1,
        re-raised by ``run_test``), but the traceback is not printed over the terminal:
        it is kept in `crash` for `launch`, whose caller says it in one line and writes the
        details to a log (`ginrummy.cli.errors.crash_line`)."""
        if self.crash is None:
            self.crash = error
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        """Textual prints the traceback of a crash when the app has closed: not here
        (`launch` raises the exception again instead)."""
        if self.crash is not None:
            self._exit_renderables.clear()
            return
        super()._print_error_renderables()


def _is_table(screen: object) -> TypeGuard[TableScreen]:
    """Whether ``screen`` is a table (no table exists before the table's module is loaded:
    asking does not load it)."""
    module = sys.modules.get(TABLE_MODULE)
    return module is not None and isinstance(screen, module.TableScreen)
