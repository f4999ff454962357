"""The Textual game of Gin Rummy: start screen, table, results, help."""

from __future__ import annotations

from .app import GinRummyApp, launch

__all__ = ["GinRummyApp", "launch"]
