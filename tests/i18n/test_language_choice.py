"""The language machinery: which language the environment means, switching, fallbacks."""

from __future__ import annotations

import gettext

import pytest

from ginrummy.text import i18n


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("pl", "pl"),
        ("pl_PL", "pl"),
        ("pl_PL.UTF-8", "pl"),
        ("pl-PL", "pl"),
        ("PL", "pl"),
        ("hu_HU.utf8@euro", "hu"),
        ("fi_FI.UTF-8", "fi"),
        ("es_MX", "es"),
        ("da_DK", "da"),
        ("en_GB.UTF-8", "en"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("de_DE.UTF-8", None),
        ("xx", None),
        ("", None),
        (None, None),
    ],
)
def test_normalise_reads_locale_names(name: str | None, code: str | None) -> None:
    assert i18n.normalise(name) == code


@pytest.mark.parametrize(
    ("env", "code"),
    [
        ({}, "en"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LC_MESSAGES": "da_DK.UTF-8", "LANG": "pl_PL.UTF-8"}, "da"),
        ({"LC_ALL": "hu_HU.UTF-8", "LC_MESSAGES": "da_DK", "LANG": "pl_PL"}, "hu"),
        ({"LANGUAGE": "fi", "LC_ALL": "hu_HU.UTF-8", "LANG": "pl_PL"}, "fi"),
        # LANGUAGE is a list: the first language we speak wins.
        ({"LANGUAGE": "de:sv:es:pl"}, "es"),
        # The first variable that is set decides, even if we do not speak it.
        ({"LANGUAGE": "", "LC_ALL": "de_DE.UTF-8", "LANG": "pl_PL"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
    ],
)
def test_detect_follows_gettext_order(env: dict[str, str], code: str) -> None:
    assert i18n.detect(env) == code


def test_unknown_language_falls_back_to_english_silently() -> None:
    assert i18n.set_language("tlh") == "en"
    assert i18n.language() == "en"
    assert i18n._("Knock") == "Knock"


def test_set_language_none_uses_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert i18n.set_language(None) == "es"
    assert i18n.set_language("") == "es"
    assert i18n.language() == "es"


class Shouting(gettext.NullTranslations):
    """A stand-in catalogue: every message upper case, plurals by n."""

    def gettext(self, message: str) -> str:
        return message.upper()

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return (msgid1 if n == 1 else msgid2).upper()

    def pgettext(self, context: str, message: str) -> str:
        return f"{context}:{message}".upper()


def test_lookups_read_the_language_at_call_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(i18n._cache, "fi", Shouting())
    assert i18n._("pass") == "pass"
    i18n.set_language("fi")
    assert i18n._("pass") == "PASS"
    assert i18n.gettext("pass") == "PASS"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{N} CARDS"
    assert i18n.pgettext("button", "Pass") == "BUTTON:PASS"
    assert i18n.N_("pass") == "pass"
    i18n.set_language("en")
    assert i18n._("pass") == "pass"


def test_join_words() -> None:
    assert i18n.join_words([]) == ""
    assert i18n.join_words(["a"]) == "a"
    assert i18n.join_words(["a", "b"]) == "a and b"
    assert i18n.join_words(["a", "b", "c"]) == "a, b and c"


def test_localised_resource_falls_back_to_english() -> None:
    english = i18n.localised_resource("ginrummy.app.help", "rules", ".md", "en")
    assert english.startswith("# ")
    assert i18n.localised_resource("ginrummy.app.help", "rules", ".md", "xx") == english
    for code in i18n.LANGUAGES:
        text = i18n.localised_resource("ginrummy.app.help", "rules", ".md", code)
        assert text.startswith("# ")
        if code != "en":
            assert text != english, f"the rules are not translated into {code}"
