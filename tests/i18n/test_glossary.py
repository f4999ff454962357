"""Every catalogue says each term of the game with the one word its glossary chose.

The glossaries (``ginrummy/text/glossary/<code>.toml``) map each English term (knock,
gin, big gin, undercut, deadwood, meld, set, run, lay off, stock, discard pile, upcard,
seed, pace, hint, dealer) to the word the language uses, given as stems or inflected
forms. For every message whose English names the term, the translation must contain one
of those forms, so a translator cannot drift to a synonym ("Rada" in one place,
"Podpowiedź" in another). A message that may not use the word (a footer key that is a
verb, a label with no room) is listed under the term's ``exceptions`` with the reason.
See docs/translating.md.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ginrummy.text import i18n

GLOSSARY_DIR = Path(i18n.__file__).with_name("glossary")
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]

#: How each term is recognised in the English source (after `words` strips the code).
TERMS: dict[str, str] = {
    "knock": r"\bknock(?:s|ed|er|er's|ers|ing)?\b",
    "gin": r"\bgins?\b",
    "big gin": r"\bbig gins?\b",
    "undercut": r"\bundercuts?\b",
    "deadwood": r"\bdeadwood\b",
    "meld": r"\bmeld(?:s|ed|ing)?\b",
    # "set" and "run" are common English words ("upcard sets the limit", "run ginrummy"):
    # they count only as the names of melds.
    "set": r"(?:^set(?: \+lay-off)?$|\b(?:a|one|the|each|every) set\b)",
    "run": r"(?:^run(?: \+lay-off)?$|\b(?:a|one|the|each|every) run\b)",
    "lay off": r"\b(?:lay|lays|laid|laying)[- ]offs?\b",
    "stock": r"\bstock\b",
    "discard pile": r"\bdiscard pile\b",
    "upcard": r"\bupcards?\b",
    "seed": r"\bseeds?\b",
    "pace": r"\bpace\b",
    "hint": r"\bhints?\b",
    "dealer": r"\bdealers?\b",
}

#: Code inside messages that is not language: placeholders, options, identifiers,
#: `keys`, "quoted" JSON, environment variables and the program's name.
CODE = re.compile(
    r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|--[\w-]+|\w*_\w+|`[^`]*`|\"[^\"]*\"|'[^']*'|\$\w+"
    r"|\bgin ?rummy\b",
    re.IGNORECASE,
)


def words(text: str) -> str:
    """The language of a message, with the code in it blanked out."""
    return CODE.sub(" ", text)


@cache
def glossary(code: str) -> dict[str, Any]:
    with (GLOSSARY_DIR / f"{code}.toml").open("rb") as f:
        return tomllib.load(f)


@cache
def catalogue(code: str) -> Catalog:
    path = i18n.LOCALE_DIR / code / "LC_MESSAGES" / "ginrummy.po"
    with path.open("rb") as f:
        return read_po(f, locale=code)


def pairs(cat: Catalog) -> list[tuple[str, str]]:
    """(English, translation) for every message and every plural form."""
    out = []
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, str):
            out.append((m.id, m.string))
        else:
            out += [(m.id[0], form) for form in m.string]
    return out


def names_term(term: str, english: str) -> bool:
    text = words(english)
    if term == "gin":
        text = re.sub(TERMS["big gin"], " ", text, flags=re.IGNORECASE)
    flags = re.IGNORECASE | (re.MULTILINE if term in ("set", "run") else 0)
    return re.search(TERMS[term], text, flags) is not None


def drift(code: str) -> list[str]:
    """Messages whose English names a term and whose translation lacks the chosen word."""
    terms = glossary(code)["terms"]
    wrong = []
    for english, translated in pairs(catalogue(code)):
        for term, entry in terms.items():
            if english in entry.get("exceptions", {}) or not names_term(term, english):
                continue
            flags = 0 if entry.get("case_sensitive") else re.IGNORECASE
            forms = re.compile("|".join(entry["forms"]), flags)
            if not forms.search(words(translated)):
                wrong.append(f"{term!r} ({entry['word']}): {english!r} -> {translated!r}")
    return wrong


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_glossary_covers_every_term(code: str) -> None:
    entries = glossary(code)
    assert entries["language"] == code
    assert set(entries["terms"]) == set(TERMS), set(TERMS) ^ set(entries["terms"])
    for term, entry in entries["terms"].items():
        assert entry["word"] and entry["forms"], term
        for form in entry["forms"]:
            re.compile(form)
        assert entry["forms"], term


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_uses_the_glossary_word(code: str) -> None:
    wrong = drift(code)
    assert not wrong, f"{code}: {len(wrong)} messages drift from the glossary:\n" + "\n".join(wrong)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_exceptions_are_real_and_needed(code: str) -> None:
    english = {e for e, _ in pairs(catalogue(code))}
    for term, entry in glossary(code)["terms"].items():
        for message, reason in entry.get("exceptions", {}).items():
            assert message in english, f"{code}: {term}: no message {message!r}"
            assert names_term(term, message), f"{code}: {term}: {message!r} has no {term!r}"
            assert reason.strip(), f"{code}: {term}: say why {message!r} is an exception"


def test_the_english_patterns_find_the_terms() -> None:
    assert names_term("knock", "Knock limit (0-10)")
    assert names_term("knock", "the knocker's cards")
    assert not names_term("knock", "--knock-limit N")
    assert names_term("gin", "Go gin?") and not names_term("gin", "Big gin bonus")
    assert not names_term("gin", "Quit ginrummy?") and not names_term("gin", "Gin Rummy")
    assert names_term("set", "set +lay-off") and names_term("set", "it makes a set with")
    assert not names_term("set", "Oklahoma (upcard sets knock limit)")
    assert not names_term("run", "run ginrummy again and choose Continue.")
    assert names_term("lay off", "laid off {n} cards") and names_term("lay off", "lay-offs")
    assert not names_term("seed", "deal with --seed 7") and names_term("seed", "game seed")
    assert not names_term("deadwood", "min_deadwood takes a list")
    assert not names_term("pace", "{pace} ({seconds} s a move)")
