"""The question before going out (`k`, `g`): the best way first, the card selected too.

`GoOutScreen` shows what the default answer leaves (the melds, the deadwood; for big gin
the bonus it scores over gin), a button for each answer (the first is also `y` and Enter,
the second `2`), and the other cards that allow a knock, least deadwood first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from ...core import BigGin, Card, Knock, Melding, PlayerView
from ...text.cards import card_label
from ...text.i18n import N_, _
from ..model.goingout import Exit, PlayNow, Question, Refused
from ..widgets.cardart import cards_text
from ..widgets.footer import LocalFooter
from ..widgets.panels import knock_text
from .base import GinModalScreen, recompose_in_language

if TYPE_CHECKING:
    from textual.app import App

    from ..model.session import Session
    from ..model.table import TableModel


class Table(Protocol):
    """What going out needs of the table screen (`TableScreen` is one)."""

    model: TableModel
    ascii: bool

    @property
    def session(self) -> Session: ...

    @property
    def app(self) -> App[object]: ...

    def any_card(self) -> Card: ...

    def setting(self, name: str) -> bool: ...

    def play(self, action: Knock | BigGin) -> bool: ...

    def show_message(self, text: str, *, error: bool = False) -> None: ...


def choice_label(choice: Exit, ascii: bool) -> str:
    """A button's words: big gin, gin or a knock with a card."""
    card = choice.card
    if card is None:
        return _("Big gin")
    label = card_label(card, ascii)
    if choice.deadwood == 0:
        # TRANSLATORS: a button of the going-out question; short (about 16 letters).
        return _("Gin with {card}").format(card=label)
    # TRANSLATORS: a button of the going-out question; short (about 16 letters).
    return _("Knock with {card}").format(card=label)


def question_title(question: Question) -> str:
    """The question's title (a message marked with ``N_``, translated when shown)."""
    default = question.default
    if isinstance(default.action, BigGin):
        return N_("Big gin?")
    return N_("Go gin?") if default.deadwood == 0 else N_("Knock?")


def question_body(
    question: Question,
    selected: Card,
    view: PlayerView,
    melding: Callable[[Card | None], Melding | None],
    *,
    ascii: bool = False,
    four_colour: bool = False,
    big_bonus: int = 0,
    gin_bonus: int = 0,
) -> Text:
    """Why the default is offered, what it leaves, and the other knocks by deadwood."""
    text = Text()
    cards = {c.card for c in question.choices}
    default = question.default
    label = card_label(selected, ascii)
    if not isinstance(default.action, BigGin) and selected not in cards:
        # The selected card does not go out: say why the question names another.
        if selected is view.banned_card:
            why = _("{card} was just taken from the discard pile and may not be thrown.")
        else:
            why = _("Discarding {card} would leave {n} deadwood.")
        left = melding(selected)
        n = left.deadwood_points if left is not None else 0
        text.append(why.format(card=label, n=n) + "\n\n", style="italic")
    if isinstance(default.action, BigGin):
        # TRANSLATORS: the big gin question; {big} and {gin} are the bonuses.
        sentence = _(
            "All eleven cards are in melds: big gin keeps them all and scores a bonus of"
            " {big}, where gin scores {gin}."
        )
        text.append(sentence.format(big=big_bonus, gin=gin_bonus) + "\n\n")
        whole = melding(None)
        for meld in whole.melds if whole is not None else ():
            text.append("  " + _("meld: "))
            text.append_text(cards_text(meld.cards, ascii, four_colour=four_colour))
            text.append("\n")
    elif isinstance(default.action, Knock):
        left = melding(default.action.card)
        if left is not None:
            text.append_text(
                knock_text(default.action.card, left, view.knock_limit, ascii, four_colour)
            )
    if question.others:
        listed = ", ".join(
            f"{card_label(c.card, ascii)} ({c.deadwood})"
            for c in question.others
            if c.card is not None
        )
        text.append("\n")
        text.append(
            # TRANSLATORS: the going-out question: the other cards that allow a knock, each
            # with the deadwood it leaves: "2♦ (4), 5♠ (9)"; keep "k" (the key).
            _("Also possible (deadwood): {cards}; select one, press k.").format(cards=listed),
            style="dim",
        )
    return text


class GoOutScreen(GinModalScreen[Knock | BigGin | None]):
    """Ask how to go out; dismisses with the action chosen, or None to play on."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(0)", N_("Yes")),
        Binding("enter", "answer(0)", N_("Yes"), show=False),
        Binding("2", "answer(1)", N_("Yes"), show=False),
        Binding("n", "answer(-1)", N_("No")),
        Binding("escape", "answer(-1)", N_("No"), show=False),
    ]

    def __init__(
        self, question: Question, body: Callable[[], Text], *, ascii: bool = False
    ) -> None:
        super().__init__()
        self.question = question
        self.title_text = question_title(question)
        self.body = body
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical(id="going-out", classes="dialog"):
            yield Label(_(self.title_text), classes="dialog-title")
            yield Static(self.body(), classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                for i, choice in enumerate(self.question.choices):
                    key = "y" if i == 0 else str(i + 1)
                    label = f"{choice_label(choice, self.ascii)} ({key})"
                    yield Button(
                        label, id=f"choice-{i}", variant="primary" if i == 0 else "default"
                    )
                yield Button(f"{_('No')} (n)", id="no")
        yield LocalFooter()

    async def refresh_language(self) -> None:
        await recompose_in_language(self)

    def on_mount(self) -> None:
        self.query_one("#choice-0", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        name = event.button.id or ""
        self.action_answer(int(name.removeprefix("choice-")) if name.startswith("choice-") else -1)

    def action_answer(self, index: int) -> None:
        choices = self.question.choices
        if 0 <= index < len(choices):
            self.dismiss(choices[index].action)
        elif index < 0:
            self.dismiss(None)


def go_out(table: Table, key: str) -> None:
    """`k` or `g`: ask before going out whenever another way scores more or the card
    selected cannot (`goingout`); `g` on a gin card with no big gin plays at once."""
    selected = table.model.selected_card() or table.any_card()
    answer = table.model.going_out(selected, key)
    view = table.model.view()
    if isinstance(answer, Refused):
        table.show_message(answer.reason, error=True)
        table.app.bell()
        return
    if isinstance(answer, PlayNow) or view is None:
        table.play(answer.action if isinstance(answer, PlayNow) else Knock(selected))
        return
    rules, ascii, four = table.session.rules, table.ascii, table.setting("four_colour")

    def body() -> Text:
        return question_body(
            answer,
            selected,
            view,
            table.model.melding_after,
            ascii=ascii,
            four_colour=four,
            big_bonus=rules.big_gin_bonus or 0,
            gin_bonus=rules.gin_bonus,
        )

    def done(action: Knock | BigGin | None) -> None:
        if action is not None:
            table.play(action)

    table.app.push_screen(GoOutScreen(answer, body, ascii=ascii), done)
