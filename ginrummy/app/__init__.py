"""The Textual game of Gin Rummy: start screen, table, results, help.

`GinRummyApp` and `launch` are loaded on first use, so that importing the pure model
(`ginrummy.app.model`) does not load Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import GinRummyApp
    from .launcher import launch

__all__ = ["GinRummyApp", "launch"]


def __getattr__(name: str) -> Any:
    if name == "GinRummyApp":
        from .app import GinRummyApp

        return GinRummyApp
    if name == "launch":
        from .launcher import launch

        return launch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
