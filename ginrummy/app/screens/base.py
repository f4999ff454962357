"""What every screen shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.dom import DOMNode

if TYPE_CHECKING:
    from ..app import GinRummyApp


def gin_app_of(node: DOMNode) -> GinRummyApp:
    """The running `GinRummyApp` (screens use it as ``gin_app = property(gin_app_of)``)."""
    from ..app import GinRummyApp

    app = node.app
    assert isinstance(app, GinRummyApp)
    return app
