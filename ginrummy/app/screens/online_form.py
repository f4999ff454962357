"""What the hosting and the joining screens share: their layout and the status line
under their form."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from ...text.moves import capitalise

__all__ = ["ONLINE_CSS", "show_status"]

#: The hosting and joining screens' layout (their own: the app's stylesheet is shared).
ONLINE_CSS = """
#online { padding: 1 2; height: 1fr; }
#online-title { margin-bottom: 1; }
#online-address, #online-code, #online-help { margin-bottom: 1; }
#online-status { margin-top: 1; }
#online-form { height: auto; margin-top: 1; }
#online-form Label { padding: 0 1; }
#online-form Input { width: 18; }
#join-form { height: auto; width: 60; }
#join-form Input { margin-bottom: 1; }
#join { margin-top: 0; }
"""


def show_status(screen: Screen[Any], text: str, *, error: bool = False) -> None:
    """The line under an online form: news in italics, a refusal in red as a sentence
    (the net's messages start in lower case and end without a full stop)."""
    if error and text:
        text = capitalise(text)
        if not text.endswith((".", "!", "?", "…")):
            text += "."
    screen.query_one("#online-status", Static).update(
        Text(text, style="bold red" if error else "italic")
    )
