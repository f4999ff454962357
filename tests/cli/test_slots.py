"""``ginrummy play`` and a saved game: the slot's own game is opened, not replaced; ``--new``
replaces it; the read-only commands say a newer ginrummy is needed and touch nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from ginrummy.core import Game, Pass, Rules
from ginrummy.store import DB_NAME, GameMeta, Store, slot_of
from ginrummy.store.db import SCHEMA_VERSION

from .helpers import CLI

EXPERT = GameMeta("computer", ("You", "Computer"), "expert", "e1", "2025-01-01T00:00:00+00:00")
PAIR = GameMeta("hotseat", ("Ann", "Ben"), "", "h1", "2025-01-01T00:00:00+00:00")


def _save(root: Path, meta: GameMeta) -> None:
    game = Game(Rules(), seed=4)
    game.apply(Pass())
    Store(root).save_game(game, meta)


def test_play_opens_the_slots_own_saved_game(
    cli: CLI, fake_app: list[dict[str, Any]], isolated_data_dir: Path
) -> None:
    _save(isolated_data_dir, EXPERT)
    _save(isolated_data_dir, PAIR)
    assert cli("play", "--vs", "computer", "--level", "expert").code == 0
    assert fake_app[-1]["resume"] == slot_of(EXPERT)
    assert cli("play", "--hotseat", "--names", "ann,BEN").code == 0
    assert fake_app[-1]["resume"] == slot_of(PAIR)
    # Another opponent's slot is empty: a new game there, nothing resumed.
    assert cli("play", "--vs", "computer", "--level", "simple").code == 0
    assert "resume" not in fake_app[-1]
    assert {g.meta.id for g in Store(isolated_data_dir).saved_games()} == {"e1", "h1"}


def test_a_new_deal_where_a_game_waits_needs_new(
    cli: CLI, fake_app: list[dict[str, Any]], isolated_data_dir: Path
) -> None:
    _save(isolated_data_dir, EXPERT)
    cli("play", "--level", "expert", "--seed", "7").assert_error(
        "a saved game is waiting for this opponent", "--new"
    )
    assert fake_app == []
    assert cli("play", "--level", "expert", "--seed", "7", "--new").code == 0
    assert fake_app[-1]["seed"] == 7 and "resume" not in fake_app[-1]


def test_a_game_open_in_another_window_is_refused(
    cli: CLI, fake_app: list[dict[str, Any]], isolated_data_dir: Path
) -> None:
    _save(isolated_data_dir, EXPERT)
    Store(isolated_data_dir).take_slot(EXPERT)
    cli("play", "--level", "expert").assert_error("open in another window")
    assert fake_app == []


def test_a_5000_digit_seed_is_one_line(cli: CLI) -> None:
    run = cli("play", "--seed", "9" * 5000)
    assert run.code == 2 and "at most 18 digits" in run.err and len(run.err) < 300


def test_read_only_commands_say_a_newer_ginrummy_is_needed(
    cli: CLI, fake_app: list[dict[str, Any]], isolated_data_dir: Path
) -> None:
    _save(isolated_data_dir, EXPERT)
    conn = sqlite3.connect(isolated_data_dir / DB_NAME)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    for argv in (("stats",), ("replay", "--list"), ("play", "--level", "expert")):
        cli(*argv).assert_error("written by a newer ginrummy", "update ginrummy")
    assert fake_app == []
    conn = sqlite3.connect(isolated_data_dir / DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert conn.execute("SELECT id FROM saves").fetchall() == [("e1",)]  # kept as it was
    conn.close()
    assert [p.name for p in isolated_data_dir.iterdir() if "corrupt" in p.name] == []
