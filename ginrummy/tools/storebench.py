"""How the store scales with the history: a developer's benchmark, not part of the game.

    python -m ginrummy.tools.storebench --games 0 10000 100000

For each size, a temporary data folder is filled with that many synthetic finished games
(a few real games played by the simple bot, recorded again under fresh ids, in bulk) and
these are timed:

- ``stats``: what ``ginrummy stats`` does: open the folder, the figures per opponent by SQL,
  the count and the latest ten games (in process, and the command itself as a subprocess);
- ``screen``: what the statistics screen reads: the figures and the latest 200 games;
- ``replay``: game 1 (the oldest) with its moves, as ``ginrummy replay 1`` reads it;
- ``list``: every game's line, as ``ginrummy replay --list`` reads them (page by page);
- ``finish``: `Store.finish_game` of one more game (median of 20), the end of a game.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core import Game, Rules
from ..players import SimplePlayer
from ..store import GameMeta, HistoryRecord, Store
from ..store.db import transaction
from ..store.history import history_row
from ..store.stats import carry_streak

#: Real games recorded again and again under fresh ids.
POOL = 20
LEVELS = ("simple", "expert", "master")


def _finished(seed: int) -> Game:
    game = Game(Rules(), seed=seed)
    bot = SimplePlayer()
    while not game.is_over:
        rnd = game.round
        if rnd.is_over:
            game.next_round()
            continue
        game.apply(bot.choose(rnd.view(rnd.to_act)))
    return game


def _pool() -> list[HistoryRecord]:
    out = []
    for seed in range(POOL):
        meta = GameMeta("computer", ("Ann", "Computer"), LEVELS[seed % len(LEVELS)], f"p{seed:07d}")
        out.append(HistoryRecord(meta, "2026-01-01T10:00:00+00:00", _finished(seed)))
    return out


def fill(store: Store, games: int, pool: Sequence[HistoryRecord]) -> None:
    """Add ``games`` finished games to the history in bulk (as `add_record` would, faster)."""
    prepared = [history_row(record) for record in pool]
    conn = store.db()
    streaks: dict[str, tuple[int, int]] = {}
    done = 0
    while done < games:
        with transaction(conn):
            for n in range(done, min(games, done + 5000)):
                row, results, save = prepared[n % len(prepared)]
                old_id = row["id"]
                new_id = f"b{n:07d}"  # the same length as the pool's ids
                values = {**row, "id": new_id}
                cur = conn.execute(
                    f"INSERT INTO history ({', '.join(values)}) VALUES "
                    f"({', '.join('?' * len(values))})",
                    tuple(values.values()),
                )
                conn.execute(
                    "INSERT INTO history_saves (seq, save) VALUES (?, ?)",
                    (cur.lastrowid, save.replace(f'"id": "{old_id}"', f'"id": "{new_id}"')),
                )
                opponent = str(row["opponent"])
                streaks[opponent] = carry_streak(*streaks.get(opponent, (0, 0)), results)
            done = min(games, done + 5000)
    with transaction(conn):
        for opponent, (streak, best) in streaks.items():
            conn.execute(
                "INSERT OR REPLACE INTO streaks (opponent, streak, best) VALUES (?, ?, ?)",
                (opponent, streak, best),
            )


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def measure(games: int, pool: Sequence[HistoryRecord]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="ginrummy-storebench-") as folder:
        root = Path(folder)
        setup = Store(root)
        t0 = time.perf_counter()
        fill(setup, games, pool)
        filled = time.perf_counter() - t0
        setup.close()

        t0 = time.perf_counter()
        store = Store(root)
        store.stats()
        count = store.history_count()
        store.history_page(max(1, count - 9), 10)
        stats_in_process = time.perf_counter() - t0

        t0 = time.perf_counter()
        store.stats()
        store.history_page(max(1, count - 199), 200)
        screen = time.perf_counter() - t0

        t0 = time.perf_counter()
        if count:
            store.history_record(1)
        replay = time.perf_counter() - t0

        t0 = time.perf_counter()
        listed = sum(1 for _ in store.history_entries())
        whole_list = time.perf_counter() - t0
        assert listed == count

        env = {**os.environ, "GINRUMMY_DATA_DIR": str(root)}
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "ginrummy", "stats"],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        command = time.perf_counter() - t0

        finish = []
        record = pool[0]
        for n in range(20):
            meta = GameMeta("computer", ("Ann", "Computer"), "simple", f"f{n:07d}")
            t0 = time.perf_counter()
            store.finish_game(record.game, meta)
            finish.append(time.perf_counter() - t0)
        size = sum(p.stat().st_size for p in root.iterdir())
        store.close()
    return {
        "games": games,
        "fill_s": round(filled, 1),
        "stats_ms": _ms(stats_in_process),
        "stats_command_ms": _ms(command),
        "screen_ms": _ms(screen),
        "replay_ms": _ms(replay),
        "list_ms": _ms(whole_list),
        "finish_ms": _ms(statistics.median(finish)),
        "db_mb": round(size / 1e6, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ginrummy.tools.storebench")
    parser.add_argument("--games", type=int, nargs="+", default=[0, 10_000, 100_000])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    pool = _pool()
    results = [measure(max(0, n), pool) for n in args.games]
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    head = (
        "games",
        "stats_ms",
        "stats_command_ms",
        "screen_ms",
        "replay_ms",
        "list_ms",
        "finish_ms",
    )
    print(" | ".join(head) + " | db_mb | fill_s")
    for r in results:
        print(" | ".join(str(r[k]) for k in head) + f" | {r['db_mb']} | {r['fill_s']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
