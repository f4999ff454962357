"""Is every word on the screen whole? The checks behind the layout tests.

Each visible widget's own text (a label, a button, a panel's title, the labels over a
group of cards) is looked for in the lines Textual drew for it: a word cut at the edge,
an ellipsis in place of the end, a line clipped off by a box too small, a toast drawn
over it, all make the text go missing from the screen; so does a cell of a Rich table
cut to fit its column (the game over screen's round by round). A sum broken over two lines
("7 - 4 =" / "3") is found too.
"""

from __future__ import annotations

import re
from typing import Any

from rich.table import Table
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Static

from ginrummy.app.widgets.cardart import Group
from ginrummy.app.widgets.hand import CardsView, HandView, ReplayHand, hand_groups

#: Spaces a layout may turn into a line break or stretch (a no-break space counts as one).
_SPACES = re.compile(r"[ \n\xa0]+")
#: A line ending in an operator, or one starting with one after a line that ends in a
#: number: a sum broken in the middle.
_OPERATOR_END = re.compile(r"(^|\s)[-+=−×]$")
_OPERATOR_START = re.compile(r"^[-+=−×](\s|$)")


def screen_lines(app: App[Any]) -> list[str]:
    """The screen as drawn, one string per row (toasts and dialogs included)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _crop(lines: list[str], region: Region) -> list[str]:
    """The part of the screen in ``region`` (one character per cell: the cards' and the
    texts' characters are all one cell wide)."""
    out = []
    for y in range(region.y, region.bottom):
        if 0 <= y < len(lines):
            out.append(lines[y][region.x : region.right])
    return out


def _flat(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def own_text(widget: Widget) -> str | None:
    """The text the widget is asked to show (None: nothing to check)."""
    if isinstance(widget, Button):
        return widget.label.plain
    if isinstance(widget, Static):
        plain = getattr(widget.visual, "plain", None)
        return plain if isinstance(plain, str) else None
    return None


def table_cells(widget: Widget) -> list[str]:
    """The texts of a Rich table a `Static` shows (its title, headers and cells): each
    must be drawn whole (Rich cuts a cell too wide for its column with "…")."""
    content = getattr(widget, "content", None) if isinstance(widget, Static) else None
    if not isinstance(content, Table):
        return []
    texts = [content.title] if content.title else []
    for column in content.columns:
        texts.append(column.header)
        texts.extend(column.cells)
    plain = [t if isinstance(t, str) else getattr(t, "plain", "") for t in texts]
    return [_flat(str(t)) for t in plain if _flat(str(t))]


def card_groups(widget: Widget) -> list[Group]:
    """The labelled groups a card-drawing widget draws (their labels must be whole)."""
    if isinstance(widget, HandView):
        if widget.hidden or not widget.cards:
            return []
        return hand_groups(widget.cards, widget.mode, widget.manual, widget.ascii)
    if isinstance(widget, CardsView):
        return widget.groups
    if isinstance(widget, ReplayHand):
        if widget.groups is not None:
            return widget.groups
        return hand_groups(widget.cards, "melds", ascii=widget.ascii) if widget.cards else []
    return []


def _scrolls(widget: Widget) -> bool:
    """Whether an ancestor scrolls, so a part out of sight can be brought into view."""
    for node in widget.ancestors:
        if isinstance(node, Widget) and (node.max_scroll_y > 0 or node.max_scroll_x > 0):
            return True
    return False


def _name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def broken_sums(lines: list[str]) -> list[str]:
    """Lines that end a sum in the middle, or start one broken off the line before."""
    found = []
    rows = [line.rstrip() for line in lines]
    for n, row in enumerate(rows):
        if _OPERATOR_END.search(row) and re.search(r"\d", row):
            found.append(row.strip())
        elif n and _OPERATOR_START.search(row.lstrip()) and rows[n - 1][-1:].isdigit():
            found.append(f"{rows[n - 1].strip()} / {row.strip()}")
    return found


def cut_texts(app: App[Any]) -> list[str]:
    """Every text on the screen that is not drawn whole, with the widget that shows it."""
    lines = screen_lines(app)
    width = app.screen.size.width
    found: list[str] = []
    for widget, (region, clip) in app.screen._compositor.visible_widgets.items():
        if not widget.display or not widget.visible or region.area == 0:
            continue
        name = _name(widget)
        if region.right > width:
            found.append(f"{name} reaches column {region.right} of {width}")
        # The content only (a border or padding is not text); what is in sight of it.
        inner = widget.content_region
        shown = inner.intersection(clip)
        drawn = _crop(lines, shown)
        whole = shown == inner or not _scrolls(widget)
        text = own_text(widget)
        if text is not None and whole and _flat(text) and _flat(text) not in _flat(" ".join(drawn)):
            found.append(f"{name}: {_flat(text)!r} is drawn as {drawn!r}")
        title = widget.border_title
        if title:
            plain = title if isinstance(title, str) else getattr(title, "plain", str(title))
            top = lines[region.y][region.x : region.right] if region.y < len(lines) else ""
            if _flat(plain) not in _flat(top):
                found.append(f"{name}: title {plain!r} is drawn as {top!r}")
        cells = table_cells(widget) if whole and drawn else []
        if cells:
            seen = _flat(" ".join(drawn))
            found.extend(
                f"{name}: cell {cell!r} is not drawn whole" for cell in cells if cell not in seen
            )
            # A cell cut short by its column ends in "…" (and may still be found as a
            # part of a longer cell: "Computer" in "Computer: gin").
            if "…" in seen and not any("…" in cell for cell in cells):
                found.extend(f"{name}: a cell cut: {row.strip()!r}" for row in drawn if "…" in row)
        groups = card_groups(widget)
        if groups and drawn:
            for group in groups:
                if group.cards and _flat(group.label) and _flat(group.label) not in _flat(drawn[0]):
                    found.append(f"{name}: label {group.label!r} is drawn as {drawn[0]!r}")
        if text is not None:
            found.extend(f"{name}: a sum broken: {row!r}" for row in broken_sums(drawn))
    return found
