"""What every screen shares: its base class, a typed view of the app, and drawing itself
again in a new language.

The screens never import the app (the app imports them): they see it through `GinApp`,
the few things it offers them, and they hand results back with ``dismiss(...)``. Every
screen derives from `GinScreen` (a dialog from `GinModalScreen`), whose ``dismiss``
closes the screen once, and only that screen (`_closing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast
from weakref import WeakSet

from textual.await_complete import AwaitComplete
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Input, Select

from ..widgets.footer import LocalFooter

if TYPE_CHECKING:
    from ...core import Rules
    from ...store import LastGame, SavedGame, Settings, Store
    from ..model.seats import NewGame


class GinApp(Protocol):
    """What the screens read from the app and ask of it (`GinRummyApp` is one)."""

    store: Store
    settings: Settings
    #: The opponent, level and rules of the last game started (the start screen's defaults).
    last_game: LastGame
    #: The games waiting in their slots, the latest first (each offered as Continue).
    saved: list[SavedGame]
    #: Names given on the command line (None: the settings' names).
    names: tuple[str, str] | None
    seed: int | None
    level: str
    rules: Rules
    ascii: bool
    computer_delay: float
    #: The mode the start screen offers first (the command line's, else the last one played).
    start_mode: str | None
    #: What to print once the app has closed (an online match left: how to go back to it).
    goodbye: str | None

    def change_settings(self, **changes: Any) -> None:
        """Change, keep and use the settings (the pace, ASCII cards, ...)."""

    def choose_rules(self, rules: Rules) -> None:
        """Use ``rules`` for the next game, and offer them first next time."""

    async def change_language(self, code: str) -> str:
        """Speak ``code`` from now on; returns the language used."""
        ...

    def report_problems(self) -> None:
        """Say which files were refused."""

    def take_played_mode(self) -> str | None:
        """The mode of the game last sat down to, once (None after that)."""
        ...

    def new_game(self, choice: NewGame) -> None:
        """Start the game chosen on the start screen."""

    def continue_game(self, index: int = 0, *, take_over: bool = False) -> object:
        """Sit down at saved game ``index`` again."""

    def saved_in(self, mode: str, choice: NewGame | None = None) -> SavedGame | None:
        """The game waiting in the slot a new game in ``mode`` would take."""

    def open_replay(self, number: int) -> None:
        """Replay game ``number`` of the history."""

    def action_help(self) -> None:
        """Show the help."""

    def action_quit_game(self) -> None:
        """Quit (the game in progress is saved)."""


ResultT = TypeVar("ResultT")

#: The screens that have closed (or are closing).
_closed: WeakSet[Screen[Any]] = WeakSet()


def _closing(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is to close now; screens opened over it are closed first.

    Textual's ``dismiss`` pops whatever screen is on top. A screen closes once: a key or
    click queued before it closed (Enter pressed twice on a slow machine) that reaches it
    afterwards is ignored, where it used to close the screen shown next (the game-over
    screen, its choice never made). A screen that closes itself under another (an online
    table whose host went away while its round result or a dialog is open) takes those
    with it, unanswered, rather than closing them in its place.
    """
    if screen in _closed or screen not in screen.app.screen_stack:
        return False
    _closed.add(screen)
    app = screen.app
    while app.screen is not screen:
        # Popped at once (Textual's pop_until_active waits, then dismisses each with
        # its callback: the round result's would start the next round of a closed table).
        app.pop_screen()
    return True


def _done() -> AwaitComplete:
    """Nothing to wait for: Textual's already finished awaitable."""
    return cast(AwaitComplete, AwaitComplete.nothing())  # type: ignore[no-untyped-call]


class GinScreen(Screen[ResultT]):
    """A screen of the app: it closes once, and only itself (see `_closing`)."""

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        return super().dismiss(result) if _closing(self) else _done()


class GinModalScreen(ModalScreen[ResultT]):
    """A dialog of the app: it closes once, and only itself (see `_closing`)."""

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        return super().dismiss(result) if _closing(self) else _done()


def gin_app_of(node: DOMNode) -> GinApp:
    """The running app, as the screens see it (``gin_app = property(gin_app_of)``)."""
    return cast("GinApp", node.app)


async def retranslate_footers(screen: Screen[Any]) -> None:
    """Draw the footer keys of ``screen`` again in the current language."""
    for footer in screen.query(LocalFooter):
        footer.retranslate()
    screen.refresh_bindings()


async def recompose_in_language(screen: Screen[Any]) -> None:
    """Compose ``screen`` again (in the current language), keeping what the player set.

    The values typed or chosen in its form fields and the focused field survive; the
    screen's ``retitle()`` (if it has one) is called again to set its titles.
    """
    values: dict[str, Any] = {}
    for widget in screen.query("Input, Select, Checkbox"):
        if widget.id and isinstance(widget, Input | Select | Checkbox):
            values[widget.id] = widget.value
    focused = screen.focused.id if screen.focused is not None else None
    await screen.recompose()
    for widget in screen.query("Input, Select, Checkbox"):
        if widget.id in values and isinstance(widget, Input | Select | Checkbox):
            value = values[widget.id]
            if widget.value != value:
                with widget.prevent(Input.Changed, Select.Changed, Checkbox.Changed):
                    widget.value = value
    retitle = getattr(screen, "retitle", None)
    if callable(retitle):
        retitle()
    if focused is not None:
        for widget in screen.query(f"#{focused}"):
            if widget.focusable:
                widget.focus()
            break
    screen.refresh_bindings()
