"""Hands of cards face up: the player's own (with a selection), the showdown's, the replay's."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.reactive import reactive

from ...core import Card, best_melding
from ...core.cards import by_rank, by_suit
from ...text.i18n import _
from ..messages import CardClicked
from .cardart import Group, Layout, layout_groups
from .palette import Painted

SORT_MODES = ("melds", "rank", "suit")


def hand_groups(
    cards: Sequence[Card], mode: str, manual: Sequence[Card] = (), ascii: bool = False
) -> list[Group]:
    """The hand split into labelled groups for a sort mode.

    ``melds``: each meld of a best arrangement, then the deadwood; ``rank`` / ``suit``:
    one sorted row; ``manual``: the player's own order (``manual``), new cards at the end.
    """
    if mode == "melds":
        melding = best_melding(cards)
        groups = []
        for meld in melding.melds:
            # TRANSLATORS: labels over groups of cards in the hand: a set (same rank), a
            # run (same suit), and the cards in no meld. A set is 3 cards wide (17 letters).
            label = _("set") if meld.is_set else _("run")
            groups.append(Group(label, list(meld.cards), kind="meld"))
        if melding.deadwood:
            dead = sorted(melding.deadwood, key=by_rank)
            groups.append(
                # The total is on the line above the hand; the label only names the group.
                Group(_("deadwood"), dead, kind="deadwood")
            )
        return groups
    if mode == "rank":
        return [Group(_("by rank"), sorted(cards, key=by_rank))]
    if mode == "suit":
        return [Group(_("by suit"), sorted(cards, key=by_suit))]
    held = set(cards)
    order = [c for c in manual if c in held]
    order += [c for c in cards if c not in order]
    return [Group(_("your order"), order)]


class HandView(Painted):
    """Draws one player's cards; a click on a card posts `CardClicked`.

    Its state is reactives, as Textual's own widgets keep theirs: the table sets them
    (`show()` sets those of a refresh at once), and a change repaints the hand, only a
    change (Textual compares the values; cards are interned, so equal is the same card).
    The sort (``mode``, ``manual``) is the widget's own: how to show the cards it is given.
    """

    cards: reactive[tuple[Card, ...]] = reactive(())
    #: How the cards are sorted: one of `SORT_MODES`, or "manual" (the player's order).
    mode: reactive[str] = reactive("melds")
    #: The player's own order (with ``mode`` "manual"); new cards go at the end.
    manual: reactive[tuple[Card, ...]] = reactive(())
    selected: reactive[Card | None] = reactive(None)
    #: Cards marked apart: "new" (just drawn), "taken" (taken from the pile).
    marks: reactive[dict[Card, str]] = reactive(dict)
    #: The card a hint suggests (drawn with a double outline), if any.
    hinted: reactive[Card | None] = reactive(None)
    #: Face down, e.g. while the keyboard changes hands: the caption instead.
    hidden: reactive[bool] = reactive(False)
    caption: reactive[str] = reactive("")

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        #: Where each card was drawn last (what a click hit); None while nothing is.
        self._layout: Layout | None = None

    # --- state from the table -----------------------------------------------------
    def show(
        self,
        cards: Sequence[Card],
        *,
        selected: Card | None,
        marks: dict[Card, str] | None = None,
        hidden: bool = False,
        caption: str = "",
        hinted: Card | None = None,
    ) -> None:
        """Show these cards (``hidden``: face down, e.g. while the keyboard changes hands;
        ``hinted``: the card a hint suggests, marked apart from the selection)."""
        self.cards = tuple(cards)
        self.selected = selected
        self.marks = dict(marks or {})
        self.hinted = hinted
        self.hidden = hidden
        self.caption = caption

    def validate_mode(self, mode: str) -> str:
        """An unknown sort is taken as the meld sort (the default)."""
        return mode if mode in (*SORT_MODES, "manual") else "melds"

    def watch_hidden(self, hidden: bool) -> None:
        """Face down, nothing can be clicked: forget where the cards were drawn."""
        if hidden:
            self._layout = None

    @property
    def order(self) -> list[Card]:
        """The cards in the order they are on screen, left to right."""
        return [c for g in hand_groups(self.cards, self.mode, self.manual) for c in g.cards]

    def set_mode(self, mode: str) -> None:
        """Sort by ``melds``, ``rank`` or ``suit``."""
        self.mode = mode

    def move_selected(self, delta: int) -> bool:
        """Move the selected card one place left (-1) or right (+1); the order becomes manual."""
        order = self.order
        if self.selected not in order:
            return False
        i = order.index(self.selected)
        j = i + delta
        if not 0 <= j < len(order):
            return False
        order[i], order[j] = order[j], order[i]
        self.manual = tuple(order)
        self.mode = "manual"
        return True

    def end(self, last: bool) -> Card | None:
        """The first (or ``last``) card on screen, if any."""
        order = self.order
        if not order:
            return None
        return order[-1] if last else order[0]

    def neighbour(self, delta: int) -> Card | None:
        """The card ``delta`` places from the selected one (wrapping round)."""
        order = self.order
        if not order:
            return None
        if self.selected not in order:
            return order[0] if delta > 0 else order[-1]
        return order[(order.index(self.selected) + delta) % len(order)]

    # --- drawing -------------------------------------------------------------------
    def render(self) -> Text:
        width = max(1, self.size.width)
        if self.hidden or not self.cards:
            return Text(self.caption or "", style="dim")
        groups = hand_groups(self.cards, self.mode, self.manual, self.ascii)
        layout = layout_groups(
            groups,
            width,
            self.palette,
            ascii=self.ascii,
            selected=self.selected,
            marks=self.marks,
            hinted=self.hinted,
            size=self.card_size,
        )
        self._layout = layout
        return layout.text

    def on_click(self, event: events.Click) -> None:
        """A click on a card asks the table to select it (or discard it if selected)."""
        if self._layout is None or self.hidden:
            return
        card = self._layout.card_at(event.x, event.y)
        if card is not None:
            event.stop()
            self.post_message(CardClicked(card))


class CardsView(Painted):
    """A static row of labelled card groups (the showdown on the round result screen)."""

    def __init__(
        self,
        groups: Sequence[Group],
        *,
        marks: dict[Card, str] | None = None,
        ascii: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.groups = list(groups)
        self.marks = marks or {}
        self.ascii = ascii

    def render(self) -> Text:
        layout = layout_groups(
            self.groups,
            max(1, self.size.width),
            self.palette,
            ascii=self.ascii,
            marks=self.marks,
            raise_selected=False,
            size=self.card_size,
        )
        return layout.text


class ReplayHand(Painted):
    """One player's cards in the replay, grouped into melds and deadwood; a card can be lit."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.cards: tuple[Card, ...] = ()
        self.lit: Card | None = None
        #: The groups to show instead of the hand's best melding (the showdown).
        self.groups: list[Group] | None = None
        self.marks: dict[Card, str] = {}

    def show(
        self,
        cards: Sequence[Card],
        lit: Card | None,
        *,
        groups: list[Group] | None = None,
        marks: dict[Card, str] | None = None,
    ) -> None:
        """Show ``cards`` in their best melds, or as ``groups`` (with ``marks``) if given."""
        self.cards = tuple(cards)
        self.lit = lit
        self.groups = groups
        self.marks = marks or {}
        self.set_class(bool(self.marks), "-marks")
        self.refresh()

    def render(self) -> Text:
        groups = self.groups
        if groups is None:
            groups = hand_groups(self.cards, "melds", ascii=self.ascii)
        return layout_groups(
            groups,
            max(1, self.size.width),
            self.palette,
            ascii=self.ascii,
            selected=self.lit,
            marks=self.marks,
            raise_selected=False,
            size=self.card_size,
        ).text
