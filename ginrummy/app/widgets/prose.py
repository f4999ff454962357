"""Running text that wraps at spaces only, so a sum ("25 + 9 - 9 = 25") stays on one line.

Textual breaks a line at any white space, a no-break space included; `Prose` wraps the
text itself, at plain spaces, before Textual sees it.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.visual import VisualType
from textual.widgets import Static

NBSP = "\xa0"
#: The spaces inside a sum: between a number and an operator followed by a number, and
#: between such an operator and its number.
_SUM_SPACE = re.compile(r"(?<=[\d)]) (?=[-+=×−] [\d(])|(?<=[\d)] [-+=×−]) (?=[\d(])")
_WORD = re.compile(r"[^ \n]+")


def keep_sums_whole(text: str) -> str:
    """``text`` with no-break spaces inside its sums: "7 - 4 = 3" is never broken."""
    return _SUM_SPACE.sub(NBSP, text)


def wrap_at_spaces(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` cells, broken at plain spaces and newlines
    only (a word longer than the line keeps a line of its own)."""
    lines: list[Text] = []
    for paragraph in text.split("\n", allow_blank=True):
        plain = paragraph.plain
        words = [(m.start(), m.end()) for m in _WORD.finditer(plain)]
        if not words:
            lines.append(Text())
            continue
        start, end = words[0]
        for word_start, word_end in words[1:]:
            if cell_len(plain[start:word_end]) <= width:
                end = word_end
            else:
                lines.append(paragraph[start:end])
                start, end = word_start, word_end
        lines.append(paragraph[start:end])
    return lines


class Prose(Static):
    """A `Static` for sentences with sums in them: wrapped at plain spaces only, with the
    spaces of every sum made no-break ones."""

    def __init__(self, content: Text | str = "", *, id: str | None = None) -> None:
        super().__init__(self._whole(content), id=id)

    @staticmethod
    def _whole(content: Text | str) -> Text:
        text = content if isinstance(content, Text) else Text(content)
        out = text.copy()
        out.plain = keep_sums_whole(text.plain)
        return out

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if isinstance(content, Text | str):
            content = self._whole(content)
        super().update(content, layout=layout)

    def _text(self) -> Text:
        content = self.content
        return content if isinstance(content, Text) else Text(str(content))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(wrap_at_spaces(self._text(), max(1, width)))

    def render(self) -> Text:
        lines = wrap_at_spaces(self._text(), max(1, self.size.width))
        return Text("\n").join(lines)
