"""No line of a translated ``--help`` text is wider than the 80-column terminal.

The epilogs of ``ginrummy --help`` (and of each command) and the program's description are
printed as they are written (argparse does not wrap them), so each of their lines must fit
80 columns. The command lines in them are kept exactly as in English (they are what one
types), so a line identical to a line of the English source is the source's business, not
the translation's.
"""

from __future__ import annotations

import unicodedata

import pytest
from babel.messages.pofile import read_po

from ginrummy.text import i18n

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
WIDTH = 80
#: Single-line messages that argparse prints without wrapping.
RAW_LINES = {"Gin Rummy in the terminal: the game, an optimal-meld solver and bot tools."}


def columns(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


@pytest.mark.parametrize("code", TRANSLATED)
def test_help_texts_fit_80_columns(code: str) -> None:
    path = i18n.LOCALE_DIR / code / "LC_MESSAGES" / "ginrummy.po"
    with path.open("rb") as f:
        catalogue = read_po(f, locale=code)
    wide = []
    for m in catalogue:
        if not (m.id and isinstance(m.id, str) and m.string):
            continue
        if "\n" not in m.id and m.id not in RAW_LINES:
            continue
        english = set(m.id.split("\n"))
        for line in m.string.split("\n"):
            if columns(line) > WIDTH and line not in english:
                wide.append(f"{columns(line)}: {line!r}")
    assert not wide, f"{code}: lines over {WIDTH} columns:\n" + "\n".join(wide)
