"""Small modal screens: a yes/no question and the whole discard pile."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Label, Static

from ...core import Card
from ...text.i18n import N_, _, ngettext
from ..model.table import PileCard
from ..widgets.cardart import card_text, cards_text
from ..widgets.footer import LocalFooter
from .base import GinModalScreen, recompose_in_language


class ConfirmScreen(GinModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes.

    ``title``, ``yes`` and ``no`` are messages marked with ``N_()``, translated when shown;
    ``body`` may be a function giving the text in the current language.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: footer keys of a yes/no question (y / n).
        Binding("y", "answer(True)", N_("Yes")),
        Binding("enter", "answer(True)", N_("Yes"), show=False),
        Binding("n", "answer(False)", N_("No")),
        Binding("escape", "answer(False)", N_("No"), show=False),
    ]

    def __init__(
        self,
        title: str,
        body: Text | str | Callable[[], Text | str],
        *,
        yes: str = N_("Yes"),
        no: str = N_("No"),
    ) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        body = self.body() if callable(self.body) else self.body
        with Vertical(id="dialog", classes="dialog"):
            yield Label(_(self.title_text), classes="dialog-title")
            yield Static(body, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{_(self.yes)} (y)", id="yes", variant="primary")
                yield Button(f"{_(self.no)} (n)", id="no")
        yield LocalFooter()  # its own keys, not those of the screen below

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no(self) -> None:
        self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class DiscardPileScreen(GinModalScreen[None]):
    """The whole discard pile, which is public: bottom first, the top card last; with
    ``story``, who threw each card and in which turn; with ``unseen`` (the memory aid of
    the settings), the cards the player has not seen this round."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("v", "close", N_("Close"), show=False),
        Binding("enter", "close", N_("Close"), show=False),
    ]

    def __init__(
        self,
        pile: Sequence[Card],
        ascii: bool = False,
        *,
        story: Sequence[PileCard] = (),
        names: Sequence[str] = ("", ""),
        unseen: Sequence[Card] | None = None,
        four_colour: bool = False,
    ) -> None:
        super().__init__()
        self.pile = tuple(pile)
        self.ascii = ascii
        self.story = tuple(story)
        self.names = tuple(names)
        self.unseen = None if unseen is None else tuple(unseen)
        self.four_colour = four_colour

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="pile-dialog"):
            n = len(self.pile)
            yield Label(
                ngettext("The discard pile: {n} card", "The discard pile: {n} cards", n).format(
                    n=n
                ),
                classes="dialog-title",
            )
            with VerticalScroll(id="pile-body"):
                yield Static(self._body(), classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                # TRANSLATORS: a button; keep "(Esc)".
                yield Button(_("Close (Esc)"), id="close", variant="primary")

    def _body(self) -> Text:
        four = self.four_colour
        if not self.story:
            body = Text(_("Bottom first; the last card is the top.") + "\n\n", style="dim")
            if self.pile:
                body.append_text(cards_text(self.pile, self.ascii, sep="  ", four_colour=four))
            else:
                body.append(_("(empty)"))
        else:
            body = Text(
                # TRANSLATORS: the pile viewer's note over its columns of "3. 7♥ Ann": the turn,
                # the card, who threw it.
                _("Bottom first, the top last: the turn, the card, who threw it.") + "\n\n",
                style="dim",
            )
            entries = []
            for item in self.story:
                entry = Text()
                turn = f"{item.turn}." if item.turn else ""
                entry.append(f"{turn:>3} ", style="dim")
                entry.append_text(card_text(item.card, self.ascii, four_colour=four))
                # TRANSLATORS: in the pile viewer, the first upcard (nobody threw it).
                who = self.names[item.thrower] if item.thrower is not None else _("upcard")
                entry.append(" " + who)
                entries.append(entry)
            body.append_text(columns(entries, 72))
        if self.unseen is not None:
            body.append("\n\n")
            # TRANSLATORS: the memory aid in the pile viewer: the cards the player has not
            # seen this round (not in the hand, never on the pile, not taken face up).
            title = ngettext("Not seen yet: {n} card", "Not seen yet: {n} cards", len(self.unseen))
            body.append(title.format(n=len(self.unseen)) + "\n", style="bold")
            suits = [[c for c in self.unseen if c.suit == suit] for suit in range(4)]
            lines = [cards_text(cs, self.ascii, four_colour=four) for cs in suits if cs]
            body.append_text(Text("\n").join(lines))
        return body

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


def columns(entries: Sequence[Text], width: int, gap: int = 2) -> Text:
    """``entries`` in as many columns as fit ``width``, read down the first column first."""
    if not entries:
        return Text()
    cell = max(e.cell_len for e in entries)
    count = max(1, (width + gap) // (cell + gap))
    rows = -(-len(entries) // count)
    lines = []
    for r in range(rows):
        line = Text()
        for c in range(count):
            i = c * rows + r
            if i < len(entries):
                entry = entries[i]
                if c:
                    line.append(" " * gap)
                line.append_text(entry)
                line.append(" " * (cell - entry.cell_len))
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines)
