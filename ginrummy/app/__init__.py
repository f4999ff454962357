"""The Textual game of Gin Rummy: start screen, table, results, help.

`GinRummyApp` and `launch` are loaded on first use, so that importing the pure model
(`ginrummy.app.model`) does not load Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import GinRummyApp, launch

__all__ = ["GinRummyApp", "launch"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
