"""Every catalogue is complete, correct and compiled; the template matches the code.

A translation that is missing, fuzzy, drops or invents a placeholder, or lacks a plural
form fails here with the message named. ``make messages`` re-extracts the template and
merges it into the catalogues; ``make locales`` compiles them.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ginrummy.text import i18n

PACKAGE = Path(i18n.__file__).parent.parent
POT = i18n.LOCALE_DIR / "ginrummy.pot"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
#: The plural rule each language needs (Hungarian: GNU gettext's two forms).
PLURAL_FORMS = {"pl": 3, "da": 2, "hu": 2, "es": 2, "fi": 2}

PERCENT = re.compile(r"%(?:\([A-Za-z_]+\))?[sdr%]")


def po_path(code: str) -> Path:
    return i18n.LOCALE_DIR / code / "LC_MESSAGES" / "ginrummy.po"


@cache
def catalogue(code: str) -> Catalog:
    with po_path(code).open("rb") as f:
        return read_po(f, locale=code.replace("-", "_"))


@cache
def template() -> Catalog:
    with POT.open("rb") as f:
        return read_po(f)


def placeholders(text: str) -> list[str]:
    """The format fields and %-placeholders of a message, sorted (markup does not count)."""
    fields = []
    try:
        fields = [f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name]
    except ValueError as exc:
        raise AssertionError(f"bad braces in {text!r}: {exc}") from None
    return sorted(fields + PERCENT.findall(text))


def ids(cat: Catalog) -> set[tuple[str, str | None]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in cat if m.id}


def label(message: Message) -> str:
    mid = message.id if isinstance(message.id, str) else message.id[0]
    return f"{mid!r}" + (f" (context {message.context!r})" if message.context else "")


def test_the_template_is_extracted_from_the_current_code() -> None:
    found = set()
    for _file, _line, msg, _comments, context in extract_from_dir(
        PACKAGE, keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        found.add((msg if isinstance(msg, str) else msg[0], context))
    pot = ids(template())
    assert not found - pot, f"messages missing from the template (run make messages): {found - pot}"
    assert not pot - found, f"messages no longer in the code (run make messages): {pot - found}"


def test_every_translators_comment_reaches_the_template() -> None:
    """A ``# TRANSLATORS:`` comment reaches the translators only if it ends on the line
    before the call it is about (babel's rule); one left above a statement whose call is
    lines lower is lost without a word (42 were, until session 53)."""
    extracted = " ".join(
        " ".join(comments)
        for *_rest, comments, _context in extract_from_dir(
            PACKAGE, keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",)
        )
    )
    lost = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("# TRANSLATORS:"):
                text = line.split("TRANSLATORS:", 1)[1].strip()
                if text not in extracted:
                    lost.append(f"{path.relative_to(PACKAGE)}:{n}: {text[:50]}")
    assert not lost, (
        "comments that reach no message (move each onto the line before its call):\n"
        + "\n".join(lost)
    )


def test_the_template_has_real_messages() -> None:
    # The game has hundreds of messages; a near-empty template means extraction broke.
    assert len(ids(template())) > 300


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalogue_has_every_message_of_the_template(code: str) -> None:
    missing = ids(template()) - ids(catalogue(code))
    extra = ids(catalogue(code)) - ids(template())
    assert not missing, f"{code}: {len(missing)} messages missing (run make messages)"
    assert not extra, f"{code}: messages not in the template: {extra}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(code: str) -> None:
    cat = catalogue(code)
    untranslated = [
        label(m)
        for m in cat
        if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))
    ]
    fuzzy = [label(m) for m in cat if m.id and m.fuzzy]
    assert not untranslated, f"{code}: {len(untranslated)} untranslated: {untranslated[:10]}"
    assert not fuzzy, f"{code}: fuzzy entries: {fuzzy[:10]}"
    assert not cat.fuzzy, f"{code}: the catalogue header is marked fuzzy"


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders(code: str) -> None:
    wrong = []
    for m in catalogue(code):
        if not m.id:
            continue
        if isinstance(m.id, str):
            pairs = [(m.id, m.string)]
        else:
            pairs = [(m.id[1], form) for form in m.string]
        for source, translated in pairs:
            if translated and placeholders(source) != placeholders(translated):
                wrong.append(f"{label(m)} -> {translated!r}")
    assert not wrong, f"{code}: placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_fit_the_language(code: str) -> None:
    cat = catalogue(code)
    assert cat.num_plurals == PLURAL_FORMS[code], cat.plural_forms
    for m in cat:
        if m.id and not isinstance(m.id, str):
            assert len(m.string) == cat.num_plurals, f"{code}: {label(m)} has {len(m.string)}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_up_to_date(code: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(code))
    mo = po_path(code).with_suffix(".mo")
    assert mo.is_file(), f"{mo} is missing (run make locales)"
    assert mo.read_bytes() == compiled.getvalue(), f"{mo} is stale (run make locales)"


@pytest.mark.parametrize("code", TRANSLATED)
def test_gettext_loads_the_shipped_catalogue(code: str) -> None:
    translation = gettext.translation(
        i18n.DOMAIN, localedir=i18n.LOCALE_DIR, languages=[code], fallback=False
    )
    cat = catalogue(code)
    for m in cat:
        if m.id and isinstance(m.id, str) and not m.context:
            assert translation.gettext(m.id) == m.string
    i18n.set_language(code)
    assert i18n.language() == code


def test_polish_plurals_take_three_forms() -> None:
    i18n.set_language("pl")
    forms = {n: i18n.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 22, 25)}
    assert forms == {1: "1 karta", 2: "2 karty", 5: "5 kart", 22: "22 karty", 25: "25 kart"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_rules_markdown_exists_with_the_same_shape(code: str) -> None:
    english = (PACKAGE / "app" / "help" / "rules.md").read_text(encoding="utf-8")
    path = PACKAGE / "app" / "help" / f"rules.{code}.md"
    assert path.is_file(), f"{path} is missing"
    text = path.read_text(encoding="utf-8")

    def shape(md: str) -> list[str]:
        return [line.split(" ", 1)[0] for line in md.splitlines() if line.startswith("#")]

    def keys(md: str) -> list[str]:
        return sorted(re.findall(r"`([^`]+)`", md))

    assert shape(text) == shape(english), f"{code}: the headings differ from the English"
    assert keys(text) == keys(english), f"{code}: the `keys` differ from the English"
