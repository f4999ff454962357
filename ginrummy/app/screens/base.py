"""What every screen shares: the running app, and drawing itself again in a new language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Select

from ..widgets.footer import LocalFooter

if TYPE_CHECKING:
    from ..app import GinRummyApp


def gin_app_of(node: DOMNode) -> GinRummyApp:
    """The running `GinRummyApp` (screens use it as ``gin_app = property(gin_app_of)``)."""
    from ..app import GinRummyApp

    app = node.app
    assert isinstance(app, GinRummyApp)
    return app


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
