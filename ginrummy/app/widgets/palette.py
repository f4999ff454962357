"""The colours of the cards and the table's signs, read from the stylesheet.

The colours live in ``screens/cards.tcss`` as component classes of `Painted` widgets (for
example ``Painted > .card--face``); a widget's `palette` gathers them as Rich styles for
the drawing code in `cardart`, which paints cell by cell and so cannot use CSS itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from rich.style import Style
from textual.css.styles import RenderStyles
from textual.dom import DOMNode
from textual.widget import Widget

from ...core import Card
from .cardsize import LARGE, NORMAL, CardSize, card_size_for, side_beside_hand

#: The class of a screen whose cards are drawn large (the stylesheet sizes its widgets).
BIG_CARDS = "-big-cards"
#: The class of a screen wide enough for the table's side panel beside the hand as well as
#: the piles (the stylesheet lays the table out so).
SIDE_BESIDE_HAND = "-side-beside-hand"

#: The suits drawn blue and green in a four-colour deck (`Card.suit`).
DIAMONDS, CLUBS = 2, 3

#: The component classes a `Painted` widget reads, one per `Palette` field.
COMPONENTS: dict[str, str] = {
    "face": "card--face",
    "ink_red": "card--red",
    "ink_black": "card--black",
    "border": "card--border",
    "face_selected": "card--face-selected",
    "ink_red_selected": "card--red-selected",
    "ink_black_selected": "card--black-selected",
    "border_selected": "card--border-selected",
    "ink_blue": "card--blue",
    "ink_green": "card--green",
    "ink_blue_selected": "card--blue-selected",
    "ink_green_selected": "card--green-selected",
    "border_hint": "card--border-hint",
    "back": "card--back",
    "back_border": "card--back-border",
    "layoff": "card--layoff",
    "empty": "card--empty",
    "mark_new": "mark--new",
    "mark_laid": "mark--laid",
    "mark_other": "mark--other",
    "meld_label": "label--meld",
    "deadwood_label": "label--deadwood",
    "pile_key": "pile--key",
    "last_move": "pile--last-move",
    "to_play": "replay--to-play",
    "thinking": "prompt--thinking",
    "big_gin_sign": "sign--big-gin",
    "gin_sign": "sign--gin",
    "knock_sign": "sign--knock",
    "chart_first": "chart--first",
    "chart_second": "chart--second",
}


@dataclass(frozen=True)
class Palette:
    """Rich styles for everything drawn in colour (see `COMPONENTS` for their classes)."""

    face: Style
    ink_red: Style
    ink_black: Style
    border: Style
    face_selected: Style
    ink_red_selected: Style
    ink_black_selected: Style
    border_selected: Style
    #: The four-colour deck's diamonds and clubs.
    ink_blue: Style
    ink_green: Style
    ink_blue_selected: Style
    ink_green_selected: Style
    #: The outline of the card a hint suggests (over the plain or selected outline).
    border_hint: Style
    back: Style
    back_border: Style
    #: A card laid off on the knocker's meld: only its background counts.
    layoff: Style
    empty: Style
    mark_new: Style
    mark_laid: Style
    mark_other: Style
    meld_label: Style
    deadwood_label: Style
    pile_key: Style
    #: The opponent's last move, on the line over the piles.
    last_move: Style
    to_play: Style
    thinking: Style
    big_gin_sign: Style
    gin_sign: Style
    knock_sign: Style
    chart_first: Style
    chart_second: Style
    #: A four-colour deck (diamonds blue, clubs green) rather than red and black.
    four_colour: bool = False

    @classmethod
    def of(cls, widget: Widget, four_colour: bool = False) -> Palette:
        """The palette as ``widget``'s component classes set it (a `Painted` widget)."""
        return cls(
            **{
                field: widget.get_component_rich_style(component, partial=True)
                for field, component in COMPONENTS.items()
            },
            four_colour=four_colour,
        )

    @classmethod
    def plain(cls) -> Palette:
        """No colours at all (for drawing outside an app, e.g. a test of the layout)."""
        return cls(**dict.fromkeys(COMPONENTS, Style()), four_colour=False)

    def ink(self, card: Card, selected: bool = False) -> Style:
        """The colour of a card's rank and suit: red or black, or the four colours."""
        if self.four_colour and card.suit in (DIAMONDS, CLUBS):
            if card.suit == DIAMONDS:
                return self.ink_blue_selected if selected else self.ink_blue
            return self.ink_green_selected if selected else self.ink_green
        if card.is_red:
            return self.ink_red_selected if selected else self.ink_red
        return self.ink_black_selected if selected else self.ink_black


class _GatheredPalette(NamedTuple):
    """A `Painted` widget's palette and what it was gathered from."""

    rules: tuple[RenderStyles | None, ...]
    changes: tuple[int, ...]
    four_colour: bool
    palette: Palette


class Painted(Widget):
    """A widget that draws cards or signs in the colours of the stylesheet (the app's
    settings choose a four-colour deck)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(COMPONENTS.values())
    #: The palette last gathered, with what it was gathered from (see `palette`).
    _palette_cache: _GatheredPalette | None = None

    @property
    def palette(self) -> Palette:
        """`Palette.of` this widget, gathered again only when it could differ.

        A card widget is drawn many times a move, and each refresh empties Textual's own
        cache of component styles: gathering the 31 styles again cost about 9 ms a time.
        They are made of each component class's rules, which the stylesheet replaces with
        new objects whenever it is applied to the widget (a theme, a class, a pseudo class
        changed) and which count every change made to them: the palette is kept while the
        very same rules, unchanged, and the same deck are asked for."""
        settings = getattr(self.app, "settings", None)
        four_colour = bool(getattr(settings, "four_colour", False))
        rules = tuple(map(self._component_styles.get, COMPONENTS.values()))
        changes = tuple(-1 if r is None else r._cache_key for r in rules)
        cached = self._palette_cache
        if (
            cached is None
            or cached.four_colour != four_colour
            or cached.changes != changes
            or any(a is not b for a, b in zip(cached.rules, rules, strict=True))
        ):
            cached = _GatheredPalette(rules, changes, four_colour, Palette.of(self, four_colour))
            self._palette_cache = cached
        return cached.palette

    @property
    def card_size(self) -> CardSize:
        """How big the cards are drawn: large on a screen with the class ``-big-cards``."""
        return LARGE if self.screen.has_class(BIG_CARDS) else NORMAL

    def on_mount(self) -> None:
        fit_cards(self.screen)


def fit_cards(screen: DOMNode, size: tuple[int, int] | None = None) -> bool:
    """Give ``screen`` the class ``-big-cards`` when the terminal has room for large cards,
    take it away when not; its card widgets are drawn again. True if the size changed.
    The class ``-side-beside-hand`` follows the width the same way (`side_beside_hand`).

    Called when a card widget is mounted and when the terminal is resized (for every
    screen of the stack, so the table under the round result follows too); nothing but the
    drawing changes (the selection, the hand's order and the game stay). ``size``: the
    terminal's new size (by default the app's)."""
    width, height = size or screen.app.size
    big = card_size_for(width, height) is LARGE
    screen.set_class(side_beside_hand(width, height), SIDE_BESIDE_HAND)
    if screen.has_class(BIG_CARDS) == big:
        return False
    screen.set_class(big, BIG_CARDS)
    for widget in screen.query(Painted):
        widget.refresh(layout=True)
    return True
