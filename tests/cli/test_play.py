"""``ginrummy play`` (and plain ``ginrummy``): option checks, and the call into the app."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from ginrummy.cli.errors import UsageError
from ginrummy.cli.play import PlayOptions, parse_play_options
from ginrummy.core import Rules

from .helpers import CLI


def test_defaults_are_the_start_screen() -> None:
    assert parse_play_options([]) == PlayOptions(
        mode=None, level=None, names=None, seed=None, rules=None, ascii=None
    )


def test_vs_computer() -> None:
    opts = parse_play_options(["--vs", "computer", "--level", "Simple", "--seed", "7"])
    assert (opts.mode, opts.level, opts.seed) == ("computer", "simple", 7)
    assert parse_play_options(["--level", "simple"]).mode == "computer"


def test_hotseat_with_names_and_rules() -> None:
    opts = parse_play_options(["--hotseat", "--names", " Anna , Ben ", "--rules", "oklahoma"])
    assert opts.mode == "hotseat"
    assert opts.names == ("Anna", "Ben")
    assert opts.rules == Rules.preset("Oklahoma")
    assert parse_play_options(["--names", "A,B"]).mode == "hotseat"
    assert parse_play_options(["--hotseat", "--ascii"]).ascii is True


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--level", "grandmaster"], "choose from simple"),
        (["--vs", "human"], "only accepts 'computer'"),
        (["--vs", "computer", "--hotseat"], "choose one"),
        (["--hotseat", "--names", "ANNA"], "two names"),
        (["--hotseat", "--names", "ANNA,BEN,CAT"], "two names"),
        (["--hotseat", "--names", "ANNA,"], "two names"),
        (["--hotseat", "--names", "ANNA,BARTHOLOMEW-THE-GREAT"], "at most 16"),
        (["--hotseat", "--names", "Ann,ann"], "different names"),
        (["--vs", "computer", "--names", "A,B"], "--names is for --hotseat"),
        (["--hotseat", "--level", "simple"], "--level"),
        (["--seed", "-3"], "at least 0"),
        (["--seed", "abc"], "whole number"),
        (["--rules", "poker"], "unknown rules preset"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_options(argv: list[str], fragment: str) -> None:
    with pytest.raises(UsageError, match=fragment):
        parse_play_options(argv)


def test_play_launches_the_app(cli: CLI, fake_app: list[dict[str, Any]]) -> None:
    run = cli("play", "--hotseat", "--names", "ANNA,BEN", "--seed", "5", "--ascii")
    assert run.code == 0, run.err
    assert fake_app == [
        {
            "mode": "hotseat",
            "level": None,
            "names": ("ANNA", "BEN"),
            "seed": 5,
            "rules": None,
            "ascii": True,
            "language": "en",
        }
    ]


def test_play_passes_the_chosen_language(cli: CLI, fake_app: list[dict[str, Any]]) -> None:
    assert cli("--lang", "fi", "play", "--hotseat").code == 0
    assert cli("play", "--lang", "hu_HU.UTF-8").code == 0
    assert [call["language"] for call in fake_app] == ["fi", "hu"]


def test_no_arguments_start_the_start_screen(cli: CLI, fake_app: list[dict[str, Any]]) -> None:
    assert cli().code == 0
    assert cli("play").code == 0
    assert [call["mode"] for call in fake_app] == [None, None]
    # Options not given are passed as None, so the saved settings apply.
    assert all(
        call["level"] is None and call["ascii"] is None and call["rules"] is None
        for call in fake_app
    )


def test_bad_options_do_not_launch(cli: CLI, fake_app: list[dict[str, Any]]) -> None:
    cli("play", "--level", "expertest").assert_error("unknown level", "simple")
    assert fake_app == []


def test_an_app_that_cannot_load_is_one_line(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    # None in sys.modules makes the import fail as if the app's libraries were missing.
    monkeypatch.setitem(sys.modules, "ginrummy.app", None)
    monkeypatch.setattr("ginrummy.cli.play.has_terminal", lambda: True)
    cli("play").assert_error("the game cannot start", "ginrummy.app")
