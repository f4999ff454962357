"""Small modal screens: a yes/no question and the whole discard pile."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ...core import Card
from ...text.i18n import N_, _, ngettext
from ..widgets.cardart import cards_text
from ..widgets.footer import LocalFooter
from .base import recompose_in_language


class ConfirmScreen(ModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes.

    ``title``, ``yes`` and ``no`` are messages marked with ``N_()``, translated when shown;
    ``body`` may be a function giving the text in the current language.
    """

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


class DiscardPileScreen(ModalScreen[None]):
    """The whole discard pile, which is public: bottom first, the top card last."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("v", "close", N_("Close"), show=False),
        Binding("enter", "close", N_("Close"), show=False),
    ]

    def __init__(self, pile: Sequence[Card], ascii: bool = False) -> None:
        super().__init__()
        self.pile = tuple(pile)
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            n = len(self.pile)
            yield Label(
                ngettext("The discard pile: {n} card", "The discard pile: {n} cards", n).format(
                    n=n
                ),
                classes="dialog-title",
            )
            body = Text(_("Bottom first; the last card is the top.") + "\n\n", style="dim")
            if self.pile:
                body.append_text(cards_text(self.pile, self.ascii, sep="  "))
            else:
                body.append(_("(empty)"))
            yield Static(body, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                # TRANSLATORS: a button; keep "(Esc)".
                yield Button(_("Close (Esc)"), id="close", variant="primary")

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
