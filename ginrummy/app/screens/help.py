"""Help: the rules (from the Markdown file shipped in the package) and every key.

The text is drawn by Rich's Markdown in one widget: Textual's Markdown widget made a
widget of every block (about 150 for the rules and keys) and took most of a second to
open the screen; Rich draws the same text, headings, lists and tables in a tenth of it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...text.cards import shown
from ...text.i18n import N_, _, localised_resource
from ..widgets.footer import LocalFooter
from ..widgets.header import GameHeader
from ..widgets.toosmall import TooSmall
from .base import GinScreen, gin_app_of, recompose_in_language

#: The keys at the table: (the keys, as typed, never translated; what they do).
TABLE_KEYS: tuple[tuple[str, str], ...] = (
    # TRANSLATORS: the help's table of keys: what each key does (one table row each).
    ("`←` `→`", N_("select a card")),
    ("`s`", N_("draw from the stock")),
    ("`d`", N_("take the top card of the discard pile (or the first upcard)")),
    ("`p`", N_("pass on the first upcard")),
    ("`Enter`", N_("discard the selected card")),
    ("`k`", N_("knock with the selected card (shows your deadwood and asks first)")),
    ("`g`", N_("go gin with the selected card")),
    ("`b`", N_("big gin (all eleven cards melded)")),
    # TRANSLATORS: the keys column of this row reads "`shift+←` `shift+→` or `,` `.`".
    ("`shift+←` `shift+→` {or} `,` `.`", N_("move the selected card left or right")),
    ("`o`", N_("sort the hand: by melds, by rank, by suit")),
    ("`v`", N_("look at the whole discard pile")),
    (
        "`h`",
        N_("a hint: the master's move now and why, with numbers (marks the card; plays nothing)"),
    ),
    ("`u`", N_("undo: take your last move back (against the computer; the game is marked)")),
    ("`?`", N_("this help")),
    ("`q` {or} `ctrl+c`", N_("quit; the game is saved after every move, and Continue picks it up")),
    ("`ctrl+p`", N_("command palette (themes and more)")),
)

#: The sections after the table: (heading, paragraph), both Markdown.
SECTIONS: tuple[tuple[str, str], ...] = (
    (
        N_("Mouse"),
        N_(
            "Click the stock or the discard pile to draw from it. Click a card to select it;"
            " click it again to discard it."
        ),
    ),
    (
        N_("On the start screen"),
        # TRANSLATORS: Markdown: keep the keys in backticks as they are.
        N_(
            "`F2` play the computer, `F3` hot-seat, `F4` edit the rules, `F5` continue the"
            " saved game, `F6` statistics and the finished games (`Enter` on one replays it),"
            " `F7` settings (your name, the language, the computer's pace, ASCII cards, the"
            " theme), `Esc` quit (after asking; `Ctrl+C` quits at once). The start screen"
            " remembers your name, opponent, level and rules from your last game (the rules"
            " as soon as you choose them)."
        ),
    ),
    (
        # TRANSLATORS: Markdown heading; keep the commands in backticks as they are.
        N_("Online (`ginrummy host`, `ginrummy join`)"),
        # TRANSLATORS: Markdown: keep the keys and commands in backticks as they are.
        N_(
            "On the start screen `F8` hosts a game: tell the other player the address and"
            " the join code it shows. `F9` joins one: type the host's address and its code."
            " If the connection drops, the table waits; join again with the same code and"
            " the game goes on where it was. Undo is not offered online."
        ),
    ),
    (
        # TRANSLATORS: Markdown heading; keep "`ginrummy replay [N]`" as it is (a command).
        N_("Replay (`ginrummy replay [N]`, or from the statistics)"),
        N_(
            "`←` `→` one move back or on, `PageUp` `PageDown` the previous or next round,"
            " `Home` `End` the first or last move, `Esc` back. Every hand is face up."
        ),
    ),
    (
        N_("Elsewhere"),
        N_(
            "On the round result, `Enter` goes on. On the game over screen: `a` play again,"
            " `m` main menu, `q` quit. In hot-seat games the screen between turns waits for"
            " `Enter` so that nobody sees the other player's cards. `F7` opens the settings"
            " from the table too (to change the language, say)."
        ),
    ),
)


def keys_markdown() -> str:
    """The keys part of the help, in the current language (Markdown)."""
    # TRANSLATORS: the word between two keys in the help's keys table ("`q` or `ctrl+c`").
    word_or = _("or")
    # TRANSLATORS: the two column headers of the help's keys table.
    key_head, what_head = _("key"), _("what it does")
    lines = [
        "## " + _("Keys at the table"),
        "",
        f"| {key_head} | {what_head} |",
        "|---|---|",
    ]
    for keys, what in TABLE_KEYS:
        lines.append(f"| {keys.format(**{'or': word_or})} | {_(what)} |")
    for heading, paragraph in SECTIONS:
        lines += ["", "## " + _(heading), _(paragraph)]
    return "\n".join(lines) + "\n"


def rules_markdown() -> str:
    """The rules text shipped with the app, in the current language (English if not there)."""
    return localised_resource("ginrummy.app.help", "rules", ".md")


class HelpScreen(GinScreen[None]):
    """The rules and the keys; Escape or q goes back."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
        Binding("question_mark", "close", N_("Back"), show=False),
        Binding("up", "scroll('up')", show=False),
        Binding("down", "scroll('down')", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: The Markdown shown (the rules, then the keys), in the language it was drawn in.
        self.source = ""

    def compose(self) -> ComposeResult:
        yield GameHeader()
        with VerticalScroll(id="help"):
            text = rules_markdown() + "\n" + keys_markdown()
            self.source = shown(text, gin_app_of(self).ascii)
            yield Static(Markdown(self.source), id="help-text")
        yield LocalFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.retitle()
        self.query_one("#help").focus()

    def retitle(self) -> None:
        self.sub_title = _("Rules and keys")

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def action_scroll(self, direction: str) -> None:
        scroll = self.query_one("#help", VerticalScroll)
        if direction == "up":
            scroll.scroll_up()
        else:
            scroll.scroll_down()

    def action_close(self) -> None:
        self.dismiss(None)
