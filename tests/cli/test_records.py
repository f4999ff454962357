"""Game records on the command line: ``replay N --export FILE``, ``arena --record FILE``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.pilot import record_games

from ginrummy.core.record import loads_many
from ginrummy.store import HistoryRecord, Store

from .helpers import CLI


@pytest.fixture
def two_games(isolated_data_dir: Path) -> Path:
    record_games(Store(isolated_data_dir), seeds=(3, 4))
    return isolated_data_dir


def test_export_writes_the_history_game_as_a_record(
    cli: CLI, two_games: Path, tmp_path: Path
) -> None:
    target = tmp_path / "game1.jsonl"
    run = cli("replay", "1", "--export", str(target))
    assert run.code == 0, run.err
    (record,) = loads_many(target.read_text(encoding="utf-8"))
    original = Store(two_games).history_record(1)
    assert original is not None
    assert record.game.scores == original.game.scores  # type: ignore[union-attr]
    assert [s.kind for s in record.seats] == ["person", "bot"]
    assert record.seats[1].level == "simple"
    assert record.extra["history"] == 1


def test_export_to_standard_output(cli: CLI, two_games: Path) -> None:
    run = cli("replay", "--export", "-")
    assert run.code == 0, run.err
    (record,) = loads_many(run.out)
    assert record.extra["history"] == 2


def test_export_of_a_missing_game_is_one_line(cli: CLI, two_games: Path, tmp_path: Path) -> None:
    cli("replay", "5", "--export", str(tmp_path / "x.jsonl")).assert_error("no game 5")


def test_arena_records_every_game(cli: CLI, tmp_path: Path) -> None:
    target = tmp_path / "arena.jsonl"
    run = cli(
        "arena", "--players", "simple,random", "--games", "3", "--seed", "2",
        "--rules", "Straight gin", "--record", str(target),
    )  # fmt: skip
    assert run.code == 0, run.err
    records = loads_many(target.read_text(encoding="utf-8"))
    assert [r.extra["arena"]["game"] for r in records] == [0, 1, 2]
    assert all(r.game.is_over for r in records)
    assert {r.seats[0].level for r in records} == {"simple", "random"}


def test_arena_record_to_a_bad_place_is_one_line(cli: CLI, tmp_path: Path) -> None:
    cli(
        "arena", "--players", "simple,random", "--games", "1",
        "--record", str(tmp_path / "no" / "such" / "dir.jsonl"),
    ).assert_error("cannot be written")  # fmt: skip


def test_replay_reads_a_record_file(
    cli: CLI, two_games: Path, tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    target = tmp_path / "game.jsonl"
    assert cli("replay", "2", "--export", str(target)).code == 0
    run = cli("replay", str(target), "--ascii")
    assert run.code == 0, run.err
    (call,) = fake_app
    record = call["replay"]
    assert isinstance(record, HistoryRecord)
    assert record.meta.mode == "computer" and record.meta.level == "simple"
    original = Store(two_games).history_record(2)
    assert original is not None
    assert record.game.scores == original.game.scores  # type: ignore[union-attr]
    assert call["ascii"] is True


def test_replay_of_a_bad_file_is_one_line(
    cli: CLI, tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    cli("replay", str(bad)).assert_error("not a readable game record")
    cli("replay", str(tmp_path / "missing.jsonl")).assert_error("no such file")
    assert fake_app == []
