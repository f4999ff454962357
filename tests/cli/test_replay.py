"""``ginrummy replay [N] [--list]``: numbering, one-line errors, the call into the app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.pilot import record_games

from ginrummy.store import Store

from .helpers import CLI


@pytest.fixture
def two_games(isolated_data_dir: Path) -> Path:
    record_games(Store(isolated_data_dir), seeds=(3, 4))
    return isolated_data_dir


def test_empty_history_is_a_clear_error(cli: CLI, fake_app: list[dict[str, Any]]) -> None:
    cli("replay").assert_error("no finished games in the history yet")
    cli("replay", "--list").assert_error("no finished games")
    assert fake_app == []


def test_list_numbers_the_games_oldest_first(cli: CLI, two_games: Path) -> None:
    run = cli("replay", "--list")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert [line.split()[0] for line in lines] == ["1", "2"]
    assert "vs simple: Ann" in lines[0] and "won" in lines[0]


def test_default_is_the_latest(cli: CLI, two_games: Path, fake_app: list[dict[str, Any]]) -> None:
    assert cli("replay").code == 0
    assert cli("replay", "1", "--ascii").code == 0
    assert fake_app == [
        {"replay": 2, "ascii": None, "language": "en"},
        {"replay": 1, "ascii": True, "language": "en"},
    ]


@pytest.mark.parametrize(
    ("arg", "fragment"),
    [
        ("0", "no game 0 in the history: choose 1 (the oldest) to 2 (the latest)"),
        ("-1", "no game -1"),
        ("3", "no game 3"),
        ("two", "whole number, not 'two'"),
    ],
)
def test_bad_numbers_are_one_line(
    cli: CLI, two_games: Path, fake_app: list[dict[str, Any]], arg: str, fragment: str
) -> None:
    cli("replay", arg).assert_error(fragment)
    assert fake_app == []


def test_stats_numbers_the_games_as_the_replay_list_does(cli: CLI, isolated_data_dir: Path) -> None:
    record_games(Store(isolated_data_dir), seeds=(3, 4))
    listed = cli("replay", "--list").out.splitlines()
    run = cli("stats")
    assert run.code == 0 and "Games played" in run.out
    assert "ginrummy replay N replays game N" in run.out
    assert run.out.splitlines()[-2:] == listed  # same numbers, same order (1 = the oldest)
    assert listed[0].split()[0] == "1"


def test_stats_lists_only_the_latest_games(cli: CLI, isolated_data_dir: Path) -> None:
    record_games(Store(isolated_data_dir), seeds=tuple(range(3, 15)), target=30)
    run = cli("stats")
    lines = run.out.splitlines()
    assert "The latest 10 of 12 finished games (ginrummy replay --list shows all)" in run.out
    assert [line.split()[0] for line in lines[-10:]] == [str(n) for n in range(3, 13)]
