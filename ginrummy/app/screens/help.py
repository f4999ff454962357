"""Help: the rules (from the Markdown file shipped in the package) and every key."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown

from ..widgets.cardart import shown
from ..widgets.table import TooSmall

KEYS = """
## Keys at the table

| key | what it does |
|---|---|
| `←` `→` | select a card |
| `s` | draw from the stock |
| `d` | take the top card of the discard pile (or the first upcard) |
| `p` | pass on the first upcard |
| `Enter` | discard the selected card |
| `k` | knock with the selected card (shows your deadwood and asks first) |
| `g` | go gin with the selected card |
| `b` | big gin (all eleven cards melded) |
| `shift+←` `shift+→` or `,` `.` | move the selected card left or right |
| `o` | sort the hand: by melds, by rank, by suit |
| `v` | look at the whole discard pile |
| `h` | a hint: what the expert would do now and why (selects the card; plays nothing) |
| `?` | this help |
| `q` or `ctrl+c` | quit; the game is saved after every move, and Continue picks it up |
| `ctrl+p` | command palette (themes and more) |

## Mouse
Click the stock or the discard pile to draw from it. Click a card to select it; click
it again to discard it.

## On the start screen
`F2` play the computer, `F3` hot-seat, `F4` edit the rules, `F5` continue the saved
game, `F6` statistics and the finished games (`Enter` on one replays it), `F7` settings
(your name, the computer's pace, ASCII cards, the theme), `Esc` quit (after asking;
`Ctrl+C` quits at once). The start screen remembers your name, opponent, level and rules
from your last game (the rules as soon as you choose them).

## Replay (`ginrummy replay [N]`, or from the statistics)
`←` `→` one move back or on, `PageUp` `PageDown` the previous or next round,
`Home` `End` the first or last move, `Esc` back. Every hand is face up.

## Elsewhere
On the round result, `Enter` goes on. On the game over screen: `a` play again,
`m` main menu, `q` quit. In hot-seat games the screen between turns waits for
`Enter` so that nobody sees the other player's cards.
"""


def rules_markdown() -> str:
    """The rules text shipped with the app."""
    return resources.files("ginrummy.app").joinpath("help/rules.md").read_text(encoding="utf-8")


class HelpScreen(Screen[None]):
    """The rules and the keys; Escape or q goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("q", "close", "Back", show=False),
        Binding("question_mark", "close", "Back", show=False),
        Binding("up", "scroll('up')", show=False),
        Binding("down", "scroll('down')", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help"):
            text = rules_markdown() + "\n" + KEYS
            yield Markdown(shown(text, bool(getattr(self.app, "ascii", False))))
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.sub_title = "Rules and keys"
        self.query_one("#help").focus()

    def action_scroll(self, direction: str) -> None:
        scroll = self.query_one("#help", VerticalScroll)
        if direction == "up":
            scroll.scroll_up()
        else:
            scroll.scroll_down()

    def action_close(self) -> None:
        self.dismiss(None)
