"""Statistics from the history: per opponent, from the first seat's side; `ginrummy stats`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from test_storage import finished_game

from ginrummy.core import ResultKind
from ginrummy.store.files import HISTORY, GameMeta, Store
from ginrummy.store.stats import compute, format_table


def _history(root: Path) -> Store:
    store = Store(root)
    for i in range(4):
        level = "simple" if i % 2 else "expert"
        store.finish_game(finished_game(i), GameMeta("computer", ("Ann", "Computer"), level))
    store.finish_game(finished_game(9), GameMeta("hotseat", ("A", "B"), ""))
    return Store(root)


def test_figures_add_up(tmp_path: Path) -> None:
    history = _history(tmp_path).history()
    table = compute(history)
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
    assert "vs simple" in text and "hot-seat" in text and "Undercuts taken" in text


def test_ginrummy_stats_prints_the_table_and_survives_a_bad_history(
    isolated_data_dir: Path,
) -> None:
    _history(isolated_data_dir)
    run = [sys.executable, "-m", "ginrummy", "stats"]
    out = subprocess.run(run, capture_output=True, text=True, check=True)
    assert "Games played" in out.stdout and "vs expert" in out.stdout and out.stderr == ""
    out = subprocess.run([*run, "--json"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["simple"]["games"] == 2
    (isolated_data_dir / HISTORY).write_text('{"format": "ginrummy-history", "version": 7}')
    out = subprocess.run(run, capture_output=True, text=True, check=False)
    assert out.returncode == 0 and "No finished games yet" in out.stdout
    assert out.stderr.count("\n") == 1 and "moved aside as history.json.corrupt-" in out.stderr
    assert "Traceback" not in out.stderr
