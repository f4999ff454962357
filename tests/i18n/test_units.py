"""No translation repeats a unit that its placeholder already carries.

Some placeholders are filled with a whole phrase that has its unit in it: the code
formats ``ngettext("{n} point", "{n} points", n)`` (or ``"{n} round"``, ``"{n} game"``...)
and passes the result, so ``{points}`` arrives as "14 punktów" or "14 pistettä". A
translation that puts a unit word next to such a placeholder prints it twice ("zostaje 14
punktów pkt martwych kart", "irtopisteet 14 pistettä"). Which placeholders carry a phrase is
read from the code itself (below), so a new one is checked as soon as it is written; the
unit words of each language are the ``[units]`` of its glossary
(``ginrummy/text/glossary/<code>.toml``).

A placeholder is either a bare number (and the sentence carries the unit, with ngettext
when it is a word) or a phrase, never both.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ginrummy.text import i18n

PACKAGE = Path(i18n.__file__).parent.parent
GLOSSARY_DIR = Path(i18n.__file__).with_name("glossary")
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
#: The unit words of the English source.
ENGLISH_UNITS = [r"points?", r"pts", r"rounds?", r"games?", r"jobs?"]

GETTEXT = {"_": 0, "gettext": 0, "pgettext": 1}


def _is_ngettext_phrase(node: ast.AST) -> bool:
    """``ngettext(...).format(...)``: a number with its unit."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Call)
        and isinstance(node.func.value.func, ast.Name)
        and node.func.value.func.id == "ngettext"
    )


def _phrase_functions(tree: ast.Module) -> set[str]:
    """Functions of a module that return an ngettext phrase (like ``_points``)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            returns = [n for n in ast.walk(node) if isinstance(n, ast.Return) and n.value]
            if returns and all(_is_ngettext_phrase(r.value) for r in returns):
                found.add(node.name)
    return found


def _phrase_names(function: ast.AST, helpers: set[str]) -> set[str]:
    """Local names assigned an ngettext phrase in a function (``rounds = ngettext(...)...``)."""
    names = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and _is_phrase(node.value, helpers, set()):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _is_phrase(node: ast.AST, helpers: set[str], names: set[str]) -> bool:
    if _is_ngettext_phrase(node):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in helpers
    return isinstance(node, ast.Name) and node.id in names


def _msgid(call: ast.AST) -> str | None:
    """The message of ``_("...")`` / ``pgettext(ctx, "...")``, if ``call`` is one."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        return None
    index = GETTEXT.get(call.func.id)
    if index is None or len(call.args) <= index:
        return None
    arg = call.args[index]
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def phrase_placeholders_in(source: str) -> Iterator[tuple[str, str]]:
    """(message, placeholder) for every ``_("...").format(x=<a phrase with its unit>)``."""
    tree = ast.parse(source)
    helpers = _phrase_functions(tree)
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)] or [tree]
    for scope in scopes:
        names = _phrase_names(scope, helpers)
        for node in ast.walk(scope):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format"
            ):
                continue
            message = _msgid(node.func.value)
            if message is None:
                continue
            for keyword in node.keywords:
                if keyword.arg and _is_phrase(keyword.value, helpers, names):
                    yield message, keyword.arg


@cache
def phrase_placeholders() -> frozenset[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path in PACKAGE.rglob("*.py"):
        found |= set(phrase_placeholders_in(path.read_text(encoding="utf-8")))
    return frozenset(found)


@cache
def catalogue(code: str) -> Catalog:
    path = i18n.LOCALE_DIR / code / "LC_MESSAGES" / "ginrummy.po"
    with path.open("rb") as f:
        return read_po(f, locale=code)


@cache
def units(code: str) -> re.Pattern[str]:
    if code == i18n.SOURCE_LANGUAGE:
        forms = ENGLISH_UNITS
    else:
        with (GLOSSARY_DIR / f"{code}.toml").open("rb") as f:
            forms = [form for words in tomllib.load(f)["units"].values() for form in words]
    return re.compile("|".join(f"(?:{form})" for form in forms), re.IGNORECASE)


#: How far from the placeholder a unit counts as repeated: two words, within the clause.
NEAR = 2
CLAUSE_END = re.compile(r"[{},;()]")


def doubled_units(text: str, placeholder: str, unit: re.Pattern[str]) -> list[str]:
    """The unit words near ``{placeholder}`` in ``text``: up to two words before or after
    it, not past another placeholder or a clause mark ("14 point løse point")."""
    found = []
    for match in re.finditer(re.escape("{" + placeholder + "}"), text):
        before = CLAUSE_END.split(text[: match.start()])[-1]
        after = CLAUSE_END.split(text[match.end() :])[0]
        near = re.findall(r"[\w.]+", before)[-NEAR:] + re.findall(r"[\w.]+", after)[:NEAR]
        found += [w for w in near if unit.fullmatch(w) or unit.fullmatch(w.rstrip("."))]
    return found


def test_the_code_has_phrase_placeholders_and_they_are_found() -> None:
    # The arena's "{games}"/"{jobs}" and the history list's "{rounds}" are phrases today;
    # the scan must keep seeing placeholders like them.
    assert phrase_placeholders(), "no placeholder filled with an ngettext phrase was found"
    sample = (
        "def _points(n):\n    return ngettext('{n} point', '{n} points', n).format(n=n)\n"
        "def f(k):\n    r = ngettext('{n} round', '{n} rounds', k).format(n=k)\n"
        "    a = _('{x} leaves {points}').format(x=1, points=_points(k))\n"
        "    b = _('{date}, {rounds}').format(date=2, rounds=r)\n"
        "    c = pgettext('ctx', 'to {n}').format(n=k)\n"
    )
    assert set(phrase_placeholders_in(sample)) == {
        ("{x} leaves {points}", "points"),
        ("{date}, {rounds}", "rounds"),
    }


def test_the_check_sees_a_doubled_unit() -> None:
    pl = units("pl")
    assert doubled_units("a tu zostaje {points} pkt martwych kart", "points", pl) == ["pkt"]
    assert doubled_units("martwe karty warte {points}", "points", pl) == []
    fi = units("fi")
    assert doubled_units("näistä jää irtopisteitä {points}", "points", fi) == ["irtopisteitä"]
    assert doubled_units("irtokortit yhteensä {points}", "points", fi) == []
    assert doubled_units("giver {points} løse point", "points", units("da")) == ["point"]
    assert doubled_units("løse kort for {points}", "points", units("da")) == []
    assert doubled_units("(points: {points})", "points", units("en")) == ["points"]


@pytest.mark.parametrize("code", [i18n.SOURCE_LANGUAGE, *TRANSLATED])
def test_no_unit_is_repeated_next_to_a_phrase_placeholder(code: str) -> None:
    unit = units(code)
    wrong = []
    for message, placeholder in sorted(phrase_placeholders()):
        if code == i18n.SOURCE_LANGUAGE:
            texts = [message]
        else:
            texts = [
                m.string
                for m in catalogue(code)
                if m.id == message and isinstance(m.string, str) and m.string
            ]
        for text in texts:
            doubled = doubled_units(text, placeholder, unit)
            if doubled:
                wrong.append(f"{message!r} -> {text!r}: {doubled} next to {{{placeholder}}}")
    assert not wrong, f"{code}: a unit twice (the placeholder carries it):\n" + "\n".join(wrong)
