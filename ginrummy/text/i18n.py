"""The player's language: gettext catalogues, chosen from the environment or by the player.

English is the source language: every message a player reads is written in English in the
code and looked up at the moment it is shown, so switching the language changes the very
next screen, with no restart. The catalogues are the standard gettext ones, one per
language, in ``ginrummy/locale/<code>/LC_MESSAGES/ginrummy.po`` (source) and ``.mo``
(compiled by ``make locales`` and shipped in the package, so an installed copy needs no
build step).

Use::

    from ginrummy.text.i18n import _, N_, ngettext, pgettext

    _("Knock")                                   # a message
    ngettext("{n} card", "{n} cards", n).format(n=n)   # a plural, by the language's rule
    pgettext("button", "Pass")                   # the same English word, another meaning
    LABELS = {"stock": N_("stock")}              # marked for the catalogue, translated later

Placeholders are ``str.format`` fields with names (``{name}``, ``{n}``), so a translation can
put them in any order.

This module imports nothing from the rest of the package: the core uses it too.
"""

from __future__ import annotations

import gettext as _gettext
import os
import threading
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path

DOMAIN = "ginrummy"
#: Where the catalogues live (inside the package, so they are installed with it).
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANGUAGE = "en"

#: Every language the game speaks: code -> its own name for itself.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "pl": "Polski",
    "da": "Dansk",
    "hu": "Magyar",
    "es": "Español",
    "fi": "Suomi",
}

#: The environment variables gettext reads, in the order it reads them.
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_lock = threading.Lock()
_cache: dict[str, _gettext.NullTranslations] = {}
_current: str = SOURCE_LANGUAGE
_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def normalise(code: str | None) -> str | None:
    """The supported language a locale name means, or None.

    ``"pl"``, ``"pl_PL"``, ``"pl_PL.UTF-8"``, ``"pl-PL"`` and ``"PL"`` all mean ``"pl"``;
    ``"C"`` and ``"POSIX"`` mean English; anything else is None.
    """
    if not code:
        return None
    base = code.strip().split(".", 1)[0].split("@", 1)[0]
    base = base.replace("-", "_").split("_", 1)[0].lower()
    if base in ("c", "posix"):
        return SOURCE_LANGUAGE
    return base if base in LANGUAGES else None


def detect(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it; English if none fits.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides.
    ``LANGUAGE`` may list several languages (``"fi:sv:en"``): the first one we speak wins.
    """
    env = os.environ if environ is None else environ
    for var in ENVIRONMENT_VARIABLES:
        value = env.get(var, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = normalise(entry)
            if code is not None:
                return code
        return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def _load(code: str) -> _gettext.NullTranslations:
    with _lock:
        if code not in _cache:
            if code == SOURCE_LANGUAGE:
                _cache[code] = _gettext.NullTranslations()
            else:
                _cache[code] = _gettext.translation(
                    DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True
                )
        return _cache[code]


def set_language(code: str | None) -> str:
    """Speak ``code`` from now on (a locale name, or None/"" for the environment's choice).

    An unknown language falls back to English without an error. Returns the language used.
    """
    global _current, _translation
    chosen = normalise(code) if code else detect()
    if chosen is None:
        chosen = SOURCE_LANGUAGE
    _current, _translation = chosen, _load(chosen)
    return chosen


def language() -> str:
    """The code of the language being spoken now."""
    return _current


# --- lookups (each reads the current language at the moment it is called) ---------------


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def gettext(message: str) -> str:
    """Same as `_`."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language (which may have more than two forms)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` ("button", "you"...): the same English, another meaning."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` within a context."""
    return _translation.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (translate at use)."""
    return message


def number(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` (``".1f"``, ``"g"``...) with the language's decimal
    separator: 0.6 in English, 0,6 in Polish, Danish, Hungarian, Spanish and Finnish."""
    text = format(value, spec)
    # TRANSLATORS: the decimal separator in numbers such as 0.6 (a comma in most languages).
    return text.replace(".", pgettext("decimal separator", "."))


def join_words(items: Iterable[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` in the current language."""
    words = list(items)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    head = _(", ").join(words[:-1])
    return _("{first} and {last}").format(first=head, last=words[-1])


def localised_resource(package: str, stem: str, suffix: str, code: str | None = None) -> str:
    """The text of ``stem.<code>.suffix`` in ``package``, or the English ``stem.suffix``.

    For documents too long for the catalogue (the rules and help in Markdown).
    """
    code = code or _current
    root = resources.files(package)
    if code != SOURCE_LANGUAGE:
        localised = root / f"{stem}.{code}{suffix}"
        if localised.is_file():
            return localised.read_text(encoding="utf-8")
    return (root / f"{stem}{suffix}").read_text(encoding="utf-8")
