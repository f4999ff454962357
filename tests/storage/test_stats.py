"""Statistics from the history: per opponent, from the first seat's side; `ginrummy stats`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from test_storage import finished_game

from ginrummy.core import ResultKind
from ginrummy.store import DB_NAME, GameMeta, Store
from ginrummy.store.stats import Stats, compute, format_table
from ginrummy.text import i18n


def _history(root: Path) -> Store:
    store = Store(root)
    for i in range(4):
        level = "simple" if i % 2 else "expert"
        store.finish_game(finished_game(i), GameMeta("computer", ("Ann", "Computer"), level))
    store.finish_game(finished_game(9), GameMeta("hotseat", ("A", "B"), ""))
    return Store(root)


def test_figures_add_up(tmp_path: Path) -> None:
    store = _history(tmp_path)
    history = store.history()
    table = compute(history)
    assert store.stats() == table
    assert set(table) == {"simple", "expert", "hot-seat"}
    assert sum(s.games for s in table.values()) == 5
    for key, st in table.items():
        records = [r for r in history if r.opponent == key]
        rounds = [rnd.result for r in records for rnd in r.game.rounds if rnd.result]
        assert st.rounds == len(rounds)
        assert st.rounds_won == sum(res.winner == 0 for res in rounds)
        assert st.gins == sum(res.kind is ResultKind.GIN and res.knocker == 0 for res in rounds)
        assert st.games_won == sum(r.winner == 0 for r in records)
        assert st.best_streak >= st.streak and st.best_streak <= st.games_won
    text = format_table(table)
    assert "vs simple" in text and "hot-seat" in text and "Your knocks undercut" in text


def test_ginrummy_stats_prints_the_table_and_survives_a_bad_history(
    isolated_data_dir: Path,
) -> None:
    _history(isolated_data_dir)
    run = [sys.executable, "-m", "ginrummy", "stats"]
    out = subprocess.run(run, capture_output=True, text=True, check=True)
    assert "Games played" in out.stdout and "vs expert" in out.stdout and out.stderr == ""
    out = subprocess.run([*run, "--json"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["simple"]["games"] == 2
    # A database that SQLite cannot open: moved aside with one message, a fresh one made.
    for name in (DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm"):
        (isolated_data_dir / name).unlink(missing_ok=True)
    (isolated_data_dir / DB_NAME).write_bytes(b"not a database at all" * 100)
    out = subprocess.run(run, capture_output=True, text=True, check=False)
    assert out.returncode == 0 and "No finished games yet" in out.stdout
    assert out.stderr.count("\n") == 1 and f"moved aside as {DB_NAME}.corrupt-" in out.stderr
    assert "The database could not be read" in out.stderr
    assert "Traceback" not in out.stderr


def test_points_per_round_is_a_number_worded_only_in_the_table() -> None:
    st = Stats(games=1, rounds=3, points=37)
    assert st.points_per_round == 37 / 3
    assert st.to_dict()["points_per_round"] == 12.333
    assert Stats().points_per_round is None and Stats().to_dict()["points_per_round"] is None
    row = next(line for line in format_table({"simple": st}).splitlines() if "per round" in line)
    assert row.split()[-1] == "12.3"
    i18n.set_language("pl")
    polish = format_table({"simple": st, "expert": Stats()})
    assert "12,3" in polish and "12.3" not in polish
    row = next(line for line in polish.splitlines() if "12,3" in line)
    assert row.split()[-2:] == ["-", "12,3"]  # columns in order: expert, simple


def test_stats_json_holds_numbers_whatever_the_language(isolated_data_dir: Path) -> None:
    _history(isolated_data_dir)
    env = {**os.environ, "LANGUAGE": "pl"}
    run = [sys.executable, "-m", "ginrummy", "stats", "--json"]
    out = subprocess.run(run, capture_output=True, text=True, check=True, env=env)
    data = json.loads(out.stdout)
    assert set(data) == {"simple", "expert", "hot-seat"}
    for figures in data.values():
        # The reviews' figures (`form`): none without a reviewed game.
        assert figures.pop("form") is None
        assert all(isinstance(v, int | float) for v in figures.values()), figures
        assert figures["points_per_round"] == round(figures["points"] / figures["rounds"], 3)
    # The table says the same figures in Polish, with a decimal comma.
    table = subprocess.run(run[:-1], capture_output=True, text=True, check=True, env=env).stdout
    row = next(line for line in table.splitlines() if line.startswith("Punkty na rundę"))
    cells = row.removeprefix("Punkty na rundę").split()
    assert len(cells) == 3 and all(re.fullmatch(r"\d+,\d", c) for c in cells), row
