"""The footer of every screen, with the key descriptions in the player's language."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from ...text.i18n import _
from .stale_watchers import let_go_of_closed


class LocalFooter(Footer):
    """Textual's footer, translating each binding's description as it is shown.

    The screens declare their ``BINDINGS`` at class level, where nothing may be translated
    yet (the language can change while the app runs), so the descriptions are marked with
    ``N_()`` there and looked up here, every time the footer is drawn.
    """

    def __init__(self, *, id: str | None = None) -> None:
        # No "^p palette" key at the right: at 80 columns it covered the screen's last key
        # in the longer languages. Ctrl+P still opens the palette (the help lists it).
        super().__init__(id=id, show_command_palette=False)
        # The keys are composed with the footer, so that they are in the screen's first
        # frame. Textual's footer composes empty and waits for the screen to say its
        # bindings are known, then composes, mounts and styles every key again, a frame
        # later; here that happens only if the keys shown have changed meanwhile.
        self.set_reactive(Footer._bindings_ready, True)

    def compose(self) -> ComposeResult:
        # The keys composed last time are gone (recompose removed them) but still watch
        # this footer's ``compact``: let go of them, or every change of the bindings
        # would keep a row of dead keys alive.
        let_go_of_closed(self)
        self._shown = self._keys_shown(self.screen)
        keys = []
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if widget.description:
                    widget.description = _(widget.description)
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
                keys.append(widget)
            yield widget
        self._keys = [(k.key_display, k.description) for k in keys]
        self._fit()
        # The keys are mounted once all are composed: each is made compact or not as the
        # footer now is (Textual makes each compact, then binds it to the footer's setting
        # once mounted: each key was styled twice more).
        for key in keys:
            key.set_reactive(FooterKey.compact, self.compact)
            key.set_class(self.compact, "-compact", update=False)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Compose the keys again only when the keys shown change: the screen says its
        bindings changed at every change of focus (five times while the start screen
        comes up), and each time Textual's footer composes and styles every key again."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        shown = self._keys_shown(screen)
        if shown == getattr(self, "_shown", None):
            return
        self._shown = shown
        self.call_after_refresh(self.recompose)

    @staticmethod
    def _keys_shown(screen: Screen[object]) -> tuple[tuple[object, ...], ...]:
        """What the footer of ``screen`` shows now: each key shown, its words, its action,
        whether it is enabled and its tooltip."""
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show
        )

    def _fit(self) -> None:
        """Keys one space apart (not two) when the roomy spacing would push the last ones
        off the right edge (the table's keys in Finnish or Spanish at 80 columns)."""
        keys = getattr(self, "_keys", [])
        # Roomy: " key description " each; compact: "key description" and one space after.
        roomy = sum(cell_len(key) + cell_len(text) + 3 for key, text in keys)
        self.compact = roomy > self.app.size.width

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def retranslate(self) -> None:
        """Draw the keys again in the current language (soon, composed in its own context,
        as Textual's footer does when the bindings change)."""
        self._bindings_ready = True
        self.call_later(self.recompose)
