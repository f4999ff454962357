"""The start screen: who plays, which rules, which seed; rules and help; quit.

It is the first screen shown: the screens it opens (online, settings, statistics, the
rules editor, the questions) are imported when opened, not with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from ...core import PRESETS, Game, Match, Rules
from ...players import LEVELS
from ...store import MAX_NAME, GameMeta, SavedGame
from ...text.i18n import N_, _
from ...text.names import display_name, level_label, preset_label
from ..model.seats import COMPUTER, HOTSEAT, NewGame, seat_names
from ..widgets.footer import LocalFooter
from ..widgets.forms import FormSelect
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of, recompose_in_language
from .rules_editor import rules_summary

BANNER_UNICODE = "♠ ♥  G I N   R U M M Y  ♦ ♣"
BANNER_ASCII = "S H  G I N   R U M M Y  D C"
#: The class of the widget the start screen focuses first.
FIRST_FOCUS = "-first-focus"


def saved_summary(obj: Game | Match, meta: GameMeta) -> str:
    """A saved game in a few words: who, the scores and the round."""

    game = obj.game if isinstance(obj, Match) else obj
    a, b = (display_name(n) for n in meta.names)
    fields = {
        "first": a,
        "second": b,
        "score1": game.scores[0],
        "score2": game.scores[1],
        "round": game.round.number,
    }
    if meta.mode == COMPUTER:
        # TRANSLATORS: a saved game on the Continue button, e.g. "vs Computer (simple),
        # You 12 · Computer 30, round 3"; the button is at most 74 characters wide.
        text = _("vs Computer ({level}), {first} {score1} · {second} {score2}, round {round}")
        return text.format(level=level_label(meta.level or "simple"), **fields)
    # TRANSLATORS: a saved hot-seat game on the Continue button.
    return _("hot-seat, {first} {score1} · {second} {score2}, round {round}").format(**fields)


def saved_label(saved: SavedGame) -> str:
    """A waiting game as the start screen offers it (marked if open in another window)."""
    text = saved_summary(saved.game, saved.meta)
    if saved.open_elsewhere:
        # TRANSLATORS: a saved game that another window of the game has open.
        text = _("{game} (open in another window)").format(game=text)
    return text


class StartScreen(GinScreen[None]):
    """Choose a game and start it."""

    CSS_PATH = "start.tcss"
    #: The widget focused as the screen comes up, marked in `compose`: Continue if a game
    #: waits, else the button of the mode played last. Focused as it is mounted, it is
    #: drawn focused in the first frame, and nothing else is focused (and styled) first.
    AUTO_FOCUS = f".{FIRST_FOCUS}"
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer keys of the start screen (F5, F2, F3): short.
        Binding("f5", "continue_game", N_("Continue")),
        Binding("f2", "play('computer')", N_("Computer")),
        Binding("f3", "play('hotseat')", N_("Hot-seat")),
        # TRANSLATORS: footer keys of the start screen: host an online game, or join one
        # (short: the footer holds up to seven keys in 80 columns).
        Binding("f8", "online('host')", N_("Host")),
        Binding("f9", "online('join')", N_("Join")),
        # The buttons name F4, F6 and F7; the footer keeps to what fits at 80 columns.
        Binding("f4", "edit_rules", N_("Rules"), show=False),
        Binding("f6", "stats", N_("Stats"), show=False),
        Binding("f7", "settings", N_("Settings"), show=False),
        Binding("question_mark", "app.help", N_("Help")),
        # Esc is pressed out of habit to go back: ask first (Ctrl+C and Ctrl+Q quit at once).
        Binding("escape", "ask_quit", N_("Quit")),
    ]

    gin_app = property(gin_app_of)
    #: Whether the screen has been shown (resumed) once.
    _resumed = False

    def compose(self) -> ComposeResult:
        app = self.gin_app
        # Names given on the command line, else the name kept in the settings.
        # The name of the one who plays the computer, and the hot-seat pair: the pair given
        # on the command line, else the settings' (a hot-seat name is never "your name").
        settings = app.settings
        pair = app.names if app.start_mode == HOTSEAT and app.names else None
        names = pair or (settings.name1 or settings.name, settings.name2)
        #: The slots of the saved games offered (composed again when they change).
        self.shown_slots = [g.slot for g in app.saved]
        mode = app.start_mode or app.last_game.opponent
        first = (
            "continue" if app.saved else ("play-hotseat" if mode == HOTSEAT else "play-computer")
        )

        def focus_first(name: str) -> str:
            return FIRST_FOCUS if name == first else ""

        yield GameHeader()
        with Vertical(id="start"):
            yield Static(
                Text(BANNER_ASCII if app.ascii else BANNER_UNICODE, style="bold"), id="banner"
            )
            if len(app.saved) == 1:
                with Horizontal(id="continue-row"):
                    saved = app.saved[0]
                    label = (
                        # TRANSLATORS: the only saved game, open in another window of the
                        # game (so F5 would not take it): {game} describes it.
                        _("Open in another window: {game}")
                        if saved.open_elsewhere
                        # TRANSLATORS: {game} describes the saved game; keep "(F5)".
                        else _("Continue: {game} (F5)")
                    )
                    yield Button(
                        label.format(game=saved_summary(saved.game, saved.meta)),
                        id="continue",
                        classes=focus_first("continue"),
                        variant="warning",
                        compact=True,
                    )
            elif app.saved:
                # One saved game per slot: choose which one, then Continue.
                with Horizontal(id="continue-row"):
                    yield FormSelect(
                        [(saved_label(g), n) for n, g in enumerate(app.saved)],
                        value=0,
                        allow_blank=False,
                        compact=True,
                        id="continue-slot",
                    )
                    yield Button(
                        # TRANSLATORS: beside the list of saved games; keep "(F5)".
                        _("Continue (F5)"),
                        id="continue",
                        classes=focus_first("continue"),
                        variant="warning",
                        compact=True,
                    )
            else:
                yield Static(
                    Text(
                        _("Two players, ten cards each: meld them, knock or go gin."), style="dim"
                    ),
                    id="tagline",
                )
            with Horizontal(id="modes"):
                with Vertical(classes="panel", id="panel-computer") as panel:
                    # TRANSLATORS: titles of the two panels side by side (each ~36 wide).
                    panel.border_title = _("Against the computer")
                    with Grid(classes="form"):
                        # TRANSLATORS: form labels on the start screen (a column 11 wide;
                        # a longer label makes the column wider, squeezing the field).
                        yield Label(_("Level"))
                        yield FormSelect(
                            [(level_label(name), name) for name in LEVELS],
                            value=app.level if app.level in LEVELS else LEVELS[0],
                            allow_blank=False,
                            compact=True,
                            id="level",
                        )
                        yield Label(_("Your name"))
                        yield Input(
                            value=settings.name,
                            placeholder=display_name("You"),
                            max_length=MAX_NAME,
                            compact=True,
                            id="your-name",
                        )
                    yield Button(
                        # TRANSLATORS: buttons in the two panels (each ~32 wide); keep the keys.
                        _("Play the computer (F2)"),
                        id="play-computer",
                        classes=focus_first("play-computer"),
                        variant="primary",
                    )
                with Vertical(classes="panel", id="panel-hotseat") as panel:
                    panel.border_title = _("Hot-seat for two")
                    with Grid(classes="form"):
                        yield Label(display_name("Player 1"))
                        yield Input(
                            value=names[0],
                            placeholder=display_name("Player 1"),
                            max_length=MAX_NAME,
                            compact=True,
                            id="name1",
                        )
                        yield Label(display_name("Player 2"))
                        yield Input(
                            value=names[1],
                            placeholder=display_name("Player 2"),
                            max_length=MAX_NAME,
                            compact=True,
                            id="name2",
                        )
                    yield Button(
                        _("Play hot-seat (F3)"),
                        id="play-hotseat",
                        classes=focus_first("play-hotseat"),
                        variant="success",
                    )
            with Vertical(classes="panel", id="panel-rules") as panel:
                panel.border_title = _("Rules")
                with Horizontal(id="rules-row"):
                    # TRANSLATORS: one row of 74 columns holds "Preset", a list 18 wide,
                    # the "Edit rules… (F4)" button, "Seed" and its field: keep them short.
                    yield Label(_("Preset"))
                    yield FormSelect(
                        [(preset_label(name), name) for name in [*PRESETS, "Custom"]],
                        value=app.rules.name,
                        allow_blank=False,
                        compact=True,
                        id="preset",
                    )
                    yield Button(_("Edit rules… (F4)"), id="edit-rules", compact=True)
                    # TRANSLATORS: the random seed of the deal (a number to replay a deal).
                    yield Label(_("Seed"))
                    yield Input(
                        # A seed deals one game: not offered again once a table started
                        # straight from the command line.
                        value="" if app.seed is None or app.start_mode else str(app.seed),
                        # TRANSLATORS: an empty seed field: a random deal.
                        placeholder=_("random"),
                        type="integer",
                        # Empty is a random deal, not a mistake (it showed red once left).
                        valid_empty=True,
                        compact=True,
                        id="seed",
                    )
                yield Static(rules_summary(app.rules), id="rules-summary")
            with Horizontal(id="start-buttons"):
                # TRANSLATORS: four buttons side by side in 76 columns; keep the keys.
                yield Button(_("Help (?)"), id="help", compact=True)
                yield Button(_("Statistics (F6)"), id="open-stats", compact=True)
                yield Button(_("Settings (F7)"), id="open-settings", compact=True)
                yield Button(_("Quit (Esc)"), id="quit", compact=True)
        yield LocalFooter()
        yield TooSmall()

    def retitle(self) -> None:
        self.sub_title = _("New game")

    async def refresh_language(self) -> None:
        """Compose again in the new language (the form keeps what was typed)."""
        continue_shown = [row.display for row in self.query("#continue-row")]
        await recompose_in_language(self)
        for row, shown in zip(self.query("#continue-row"), continue_shown, strict=False):
            row.display = shown

    def on_mount(self) -> None:
        self.retitle()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Back from a game: focus the button of the mode just played, not a name box."""
        if not self._resumed:
            # Shown for the first time: every widget was styled as it was mounted, with
            # these rules and the breakpoint classes of this size (`GinRummyApp._sized`);
            # styling them all again, as Textual does when a screen resumes, changes
            # nothing.
            self._resumed = True
            event.refresh_styles = False
        app = self.gin_app
        if not self.is_current:
            return  # a resume queued while a table was pushed straight over the menu
        mode = app.take_played_mode()
        if mode is None:
            return  # back from help, settings or statistics: focus stays where it was
        button = self.query_one("#play-hotseat" if mode == HOTSEAT else "#play-computer", Button)
        if not app.saved:  # the saved games were continued (or replaced): nothing to offer
            for row in self.query("#continue-row"):
                row.display = False
        elif self.shown_slots != [g.slot for g in app.saved]:
            self.call_after_refresh(self._recompose_saved)
        # After the refresh: hiding the focused Continue button moves the focus on its own.
        self.call_after_refresh(button.focus)

    async def _recompose_saved(self) -> None:
        """The saved games changed while away (one continued, another left): offer them."""
        await recompose_in_language(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return bool(self.gin_app.saved)
        return True

    def _chosen_saved(self) -> int:
        """Which saved game Continue takes: the one chosen in the list (0: the latest)."""
        for select in self.query("#continue-slot"):
            value = select.value if isinstance(select, Select) else 0
            return value if isinstance(value, int) else 0
        return 0

    def action_continue_game(self) -> None:
        """Continue the chosen saved game; one open in another window is not taken, and
        one whose window is gone is taken over after asking."""
        app = self.gin_app
        index = self._chosen_saved()
        if not 0 <= index < len(app.saved):
            return
        saved = app.saved[index]
        lease = app.store.lease(saved.slot)
        if lease is None or lease.ours or lease.crashed:
            app.continue_game(index, take_over=lease is not None)
            return
        if lease.alive:
            self.notify(
                _("This game is open in another window (process {pid}): play it there.").format(
                    pid=lease.pid
                ),
                severity="warning",
                timeout=10,
            )
            return

        def answer(yes: bool | None) -> None:
            if yes:
                app.continue_game(index, take_over=True)

        def body() -> str:
            return _(
                "This game was open in another window (process {pid}) that is gone."
                " Take it over here?"
            ).format(pid=lease.pid)

        from .dialogs import ConfirmScreen

        # TRANSLATORS: a question (title) and its yes button (short).
        self.app.push_screen(ConfirmScreen(N_("Take over?"), body, yes=N_("Take over")), answer)

    @on(Button.Pressed, "#continue")
    def _continue(self) -> None:
        self.action_continue_game()

    # --- choices --------------------------------------------------------------------
    def _read_choices(self, mode: str) -> NewGame | None:
        """The game the form describes; None (with a message) if a field is bad."""
        app = self.gin_app
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            self.notify(_("The seed must be a whole number."), severity="error")
            return None
        level = self.query_one("#level", Select).value
        if mode == COMPUTER:
            names = seat_names(mode, self.query_one("#your-name", Input).value)
        else:
            first = self.query_one("#name1", Input).value
            names = seat_names(mode, first, self.query_one("#name2", Input).value)
        return NewGame(mode, names, seed, level if isinstance(level, str) else app.level)

    def action_play(self, mode: str) -> None:
        """Start a game in ``mode`` with the form's settings (asking first if one is saved)."""
        choice = self._read_choices(mode)
        if choice is None:
            return
        waiting = self.gin_app.saved_in(mode, choice)
        if waiting is None:
            self._started(choice)
            return
        saved = (waiting.game, waiting.meta)

        def answer(yes: bool | None) -> None:
            if yes:
                self._started(choice)

        def body() -> str:
            return _("A saved game is waiting ({game}). A new game replaces it.").format(
                game=saved_summary(*saved)
            )

        from .dialogs import ConfirmScreen

        # TRANSLATORS: a question (title) and its yes button (short).
        self.app.push_screen(ConfirmScreen(N_("New game?"), body, yes=N_("New game")), answer)

    def _started(self, choice: NewGame) -> None:
        """Start the game; the seed typed for it is not kept for the next one."""
        self.gin_app.new_game(choice)
        self.query_one("#seed", Input).value = ""

    @on(Button.Pressed, "#play-computer")
    def _play_computer(self) -> None:
        self.action_play(COMPUTER)

    @on(Button.Pressed, "#play-hotseat")
    def _play_hotseat(self) -> None:
        self.action_play(HOTSEAT)

    def action_online(self, kind: str) -> None:
        """Host an online game (the address and the join code, then the wait) or join one
        (a form for the address and the code), under the name of the settings."""
        app = self.gin_app
        options: dict[str, Any] = {"name": app.settings.name}
        if kind == "host":
            options["rules"] = app.rules
        from .online import online_screen

        self.app.push_screen(online_screen(kind, options))

    @on(Button.Pressed, "#open-stats")
    def action_stats(self) -> None:
        from .stats import StatsScreen

        self.app.push_screen(StatsScreen(self.gin_app.store))

    @on(Button.Pressed, "#open-settings")
    def action_settings(self) -> None:
        old_name = self.gin_app.settings.name

        def done(_: object = None) -> None:
            app = self.gin_app
            banner = BANNER_ASCII if app.ascii else BANNER_UNICODE
            self.query_one("#banner", Static).update(Text(banner, style="bold"))
            for field in ("#your-name", "#name1"):
                box = self.query_one(field, Input)
                if box.value.strip() in ("", old_name):  # not typed over: follow the setting
                    box.value = app.settings.name

        from .settings import SettingsScreen

        self.app.push_screen(SettingsScreen(), done)

    @on(Button.Pressed, "#help")
    def _help(self) -> None:
        self.gin_app.action_help()

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        """The button is a deliberate choice: quit at once."""
        self.gin_app.action_quit_game()

    def action_ask_quit(self) -> None:
        """Ask "Quit ginrummy?" (y/n) before leaving."""
        saved = self.gin_app.saved

        def answer(yes: bool | None) -> None:
            if yes:
                self.gin_app.action_quit_game()

        body = (
            N_("Your saved game waits for you: choose Continue next time.")
            if saved
            else N_("See you next time.")
        )
        from .dialogs import ConfirmScreen

        # TRANSLATORS: a question (keep "ginrummy", the program's name) and its buttons.
        question = N_("Quit ginrummy?")
        self.app.push_screen(
            ConfirmScreen(question, lambda: _(body), yes=N_("Quit"), no=N_("Stay")), answer
        )

    @on(Select.Changed, "#preset")
    def _preset(self, event: Select.Changed) -> None:
        name = event.value
        if isinstance(name, str) and name in PRESETS:
            self._set_rules(PRESETS[name])
        elif name == "Custom" and self.gin_app.rules.name != "Custom":
            # Custom rules are made in the editor, starting from the rules in use; cancelling
            # it puts the list back on them.
            self._edit_rules(cancelled=lambda: self._show_preset(self.gin_app.rules))

    @on(Button.Pressed, "#edit-rules")
    def action_edit_rules(self) -> None:
        self._edit_rules()

    def _edit_rules(self, cancelled: Callable[[], None] | None = None) -> None:
        def done(rules: Rules | None) -> None:
            if rules is not None:
                self._set_rules(rules)
            elif cancelled is not None:
                cancelled()

        from .rules_editor import RulesScreen

        self.app.push_screen(RulesScreen(self.gin_app.rules), done)

    def _set_rules(self, rules: Rules) -> None:
        """Use ``rules`` for the next game and offer them first next time."""
        self.gin_app.choose_rules(rules)
        self._show_preset(rules)

    def _show_preset(self, rules: Rules) -> None:
        """The summary and the preset list showing ``rules``."""
        self.query_one("#rules-summary", Static).update(rules_summary(rules))
        preset = self.query_one("#preset", Select)
        if preset.value != rules.name:
            preset.value = rules.name
