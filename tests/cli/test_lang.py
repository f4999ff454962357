"""The command line's language: ``--lang``, the saved setting (play only), the environment.

The shipped catalogues are filled in by translators; to test the mechanism whatever they hold,
some tests point `ginrummy.text.i18n` at a tiny catalogue of their own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from ginrummy.cli.language import startup_language, take_lang_option
from ginrummy.store import Settings, Store
from ginrummy.text import i18n

from .helpers import CLI

HAND = ["AS", "2S", "3S", "7H", "7D", "7C", "QH", "QD", "QC", "KC"]


@pytest.mark.parametrize(
    ("argv", "code", "rest"),
    [
        ([], None, []),
        (["solve", "AS"], None, ["solve", "AS"]),
        (["--lang", "pl", "solve", "AS"], "pl", ["solve", "AS"]),
        (["solve", "--lang", "pl", "AS"], "pl", ["solve", "AS"]),
        (["solve", "AS", "--lang=fi"], "fi", ["solve", "AS"]),
        (["--lang", "pl", "--lang=da"], "da", []),
        (["--lang"], None, ["--lang"]),  # no value: left for argparse to report
        (["solve", "AS", "--lang"], None, ["--lang"]),
        (["solve", "--lang", "--json", "AS"], None, ["--lang"]),
        (["solve", "--", "--lang", "pl"], None, ["solve", "--", "--lang", "pl"]),
    ],
)
def test_take_lang_option(argv: list[str], code: str | None, rest: list[str]) -> None:
    assert take_lang_option(argv) == (code, rest)


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "pl", "solve", *HAND],
        ["solve", "--lang", "pl", *HAND],
        ["solve", *HAND, "--lang=pl_PL.UTF-8"],
    ],
)
def test_lang_selects_the_language(cli: CLI, argv: list[str]) -> None:
    run = cli(*argv)
    assert run.code == 0, run.err
    assert i18n.language() == "pl"


def test_an_unknown_lang_is_english_without_an_error(cli: CLI) -> None:
    english = cli("solve", *HAND)
    run = cli("--lang", "xx", "solve", *HAND)
    assert run.code == 0 and run.err == ""
    assert i18n.language() == "en"
    assert run.out == english.out


def test_lang_without_a_code_is_a_usage_error(cli: CLI) -> None:
    cli("solve", *HAND, "--lang").assert_error("argument --lang: expected one argument")
    cli("solve", "--lang", "--json", *HAND).assert_error("argument --lang: expected one")
    cli("--lang").assert_error("--lang", "expected one argument")


def test_lang_is_listed_in_the_help(cli: CLI) -> None:
    run = cli("--help")
    assert run.code == 0
    assert "--lang CODE" in run.out
    assert "en, pl, da, hu, es, fi" in run.out


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "en"),
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "hu_HU.UTF-8"}, "es"),
        ({"LC_ALL": "pl_PL.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "da_DK.UTF-8"}, "pl"),
        ({"LANGUAGE": "fi", "LC_ALL": "pl_PL.UTF-8", "LANG": "da_DK.UTF-8"}, "fi"),
        ({"LANGUAGE": "sv:da", "LANG": "pl_PL.UTF-8"}, "da"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "en"),
    ],
)
def test_the_environment_decides_without_lang(
    cli: CLI, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: str
) -> None:
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert cli("solve", *HAND).code == 0
    assert i18n.language() == expected


def test_lang_beats_the_environment(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fi")
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8")
    assert cli("--lang", "es", "solve", *HAND).code == 0
    assert i18n.language() == "es"
    assert cli("--lang", "en", "solve", *HAND).code == 0
    assert i18n.language() == "en"


# --- play: the saved setting comes between --lang and the environment ---------------------


def test_play_follows_the_saved_language(
    cli: CLI, fake_app: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    Store().save_settings(Settings(name="Ann", language="hu"))
    assert cli("play").code == 0
    assert cli().code == 0  # plain ginrummy is play
    assert [c["language"] for c in fake_app] == ["hu", "hu"]
    # the other commands do not read the settings
    assert cli("solve", *HAND).code == 0
    assert i18n.language() == "fi"


def test_play_with_lang_beats_the_setting_and_does_not_save_it(
    cli: CLI, fake_app: list[dict[str, Any]]
) -> None:
    store = Store()
    store.save_settings(Settings(name="Ann", language="hu"))
    assert cli("--lang", "pl").code == 0
    assert cli("play", "--lang", "da", "--vs", "computer").code == 0
    assert [c["language"] for c in fake_app] == ["pl", "da"]
    assert fake_app[1]["mode"] == "computer"
    assert Store().load_settings() == Settings(name="Ann", language="hu")


def test_play_without_a_saved_language_follows_the_environment(
    cli: CLI, fake_app: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    Store().save_settings(Settings(name="Ann", language=""))
    assert cli("play").code == 0
    assert fake_app[-1]["language"] == "es"


def test_a_bad_settings_file_is_left_for_the_app_to_report(
    cli: CLI, fake_app: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    store = Store()
    store.write_text("settings.json", "{not json")
    assert cli("play").code == 0
    assert fake_app[-1]["language"] == "da"
    assert store.path("settings.json").read_text(encoding="utf-8") == "{not json"


def test_startup_language() -> None:
    Store().save_settings(Settings(language="pl"))
    assert startup_language("fi", ["play"]) == "fi"
    assert startup_language(None, ["play", "--hotseat"]) == "pl"
    assert startup_language(None, []) == "pl"
    assert startup_language(None, ["solve", "AS"]) is None
    assert startup_language(None, ["--help"]) is None


# --- with a catalogue: the output really changes --------------------------------------------


@pytest.fixture
def test_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A small "pl" catalogue in place of the shipped ones (with a marker in each message)."""
    catalog = Catalog(locale="pl", domain=i18n.DOMAIN)
    catalog.add("usage: ", "UŻYCIE: ")
    catalog.add("options", "OPCJE")
    catalog.add("the following arguments are required: %s", "BRAKUJE: %s")
    catalog.add("{prog}: error: {message}", "{prog}: BŁĄD: {message}")
    catalog.add("Hand", "RĘKA", context="solve")
    catalog.add("{name} scores {d} - {k} = {points}.", "{name} PUNKTUJE {d} - {k} = {points}.")
    catalog.add("The knocker", "PUKAJĄCY", context="score")
    catalog.add(("{n} point", "{n} points"), ("{n} PUNKT", "{n} PUNKTY", "{n} PUNKTÓW"))
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{i18n.DOMAIN}.mo", "wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    yield
    i18n.set_language("en")
    i18n._cache.clear()


@pytest.mark.usefixtures("test_catalogue")
def test_solve_speaks_the_chosen_language(cli: CLI) -> None:
    run = cli("--lang", "pl", "solve", *HAND, "KD")
    assert run.code == 0, run.err
    assert "RĘKA" in run.out
    assert "20 PUNKTÓW" in run.out


@pytest.mark.usefixtures("test_catalogue")
def test_score_speaks_the_chosen_language_but_json_holds_no_words(cli: CLI) -> None:
    argv = ["score", *["3S", "4S", "5S", "7H", "7D", "7C", "QH", "QD", "QC", "AC"]]
    argv += ["--vs", *["9D", "TD", "JD", "4H", "4D", "4C", "6S", "7S", "KS", "8C"]]
    run = cli("--lang", "pl", *argv)
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1] == "PUKAJĄCY PUNKTUJE 18 - 1 = 17."
    run = cli("--lang", "pl", *argv, "--json")
    assert "PUKA" not in run.out and "PUNKT" not in run.out
    data = json.loads(run.out)
    assert (data["kind"], data["winner"], data["rules"]) == ("knock", "knocker", "Standard")
    assert "explanation" not in data


@pytest.mark.usefixtures("test_catalogue")
def test_argparse_words_come_from_the_catalogue(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "pl")
    run = cli("solve")
    run_err = run.err
    assert run.code == 2
    assert run_err.startswith("ginrummy: BŁĄD: BRAKUJE: CARDS"), run_err
    help_text = cli("--help").out
    assert help_text.startswith("UŻYCIE: ginrummy")
    assert "OPCJE:" in help_text


# --- the shipped Polish catalogue, end to end ----------------------------------------------


def test_solve_in_polish(cli: CLI) -> None:
    run = cli("--lang", "pl", "solve", *HAND)
    assert run.code == 0, run.err
    assert run.out.splitlines() == [
        "Ręka      A♠ 2♠ 3♠ 7♥ 7♦ 7♣ Q♥ Q♦ Q♣ K♣",
        "Układy    [7♥ 7♦ 7♣] [Q♥ Q♦ Q♣] [A♠ 2♠ 3♠]",
        "Martwe    K♣ = 10 punktów",
    ]


@pytest.mark.parametrize(
    ("cards", "points"),
    [("AS 2S", "3 punkty"), ("AS 2S 3D 4H 5C 6D 7H 8C 9D TD", "55 punktów")],
)
def test_solve_in_polish_has_polish_plurals(cli: CLI, cards: str, points: str) -> None:
    run = cli("--lang", "pl", "solve", *cards.split(" "))
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1].endswith(f"= {points}")


def test_score_in_polish(cli: CLI) -> None:
    knocker, defender = "3S 4S 5S 7H 7D 7C QH QD QC AC", "9D TD JD 4H 4D 4C 6S 7S KS 8C"
    run = cli("--lang", "pl", "score", *knocker.split(" "), "--vs", *defender.split(" "))
    assert run.code == 0, run.err
    *lines, scores = run.out.splitlines()
    assert lines == [
        "Wariant Standardowy, limit pukania 10",
        "",
        "Pukający  [7♥ 7♦ 7♣] [Q♥ Q♦ Q♣] [3♠ 4♠ 5♠]",
        "          martwe A♣ = 1",
        "Obrońca   [4♥ 4♦ 4♣] [9♦ 10♦ J♦]",
        "          dokłada 6♠ 7♠ do [3♠ 4♠ 5♠]",
        "          martwe 8♣ K♠ = 18",
        "",
    ]
    # The game's own sentence ("{name} zdobywa ..."); {name} is the score command's
    # "The knocker", a message of its own.
    assert scores.endswith(" zdobywa 18 - 1 = 17 pkt."), scores


def test_errors_and_help_in_polish_from_the_environment(
    cli: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    bad = cli("solve", "AS", "9X")
    assert bad.code == 2
    assert bad.err.startswith("ginrummy: błąd: błędna karta '9X'"), bad.err
    assert len(bad.err.splitlines()) == 1
    usage = cli("score", "AS")  # --vs is required: argparse's own message, in Polish
    assert usage.code == 2
    assert "wymagane są następujące argumenty: --vs" in usage.err, usage.err
    helptext = cli("score", "--help")
    assert helptext.code == 0
    assert "Pukający" in helptext.out or "pukającego" in helptext.out, helptext.out
