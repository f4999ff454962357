"""The history in the database: one row a finished game (what the lists show, the figures
the statistics sum) and its full save apart (for replay), the streaks carried per opponent.

A game is added once, by its id (`add_record`); a damaged one is taken out and its
opponent's streaks counted again (`remove_record`). The lists read the index a page at a
time (`index_rows`), the statistics are summed by SQL (`opponent_stats`). The functions
take the caller's connection; the writes run inside the caller's transaction.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from typing import Any

from ..core.save import to_dict
from .checks import StorageError, bounded_loads
from .db import transaction
from .records import GameMeta, HistoryEntry, HistoryRecord, final_scores, game_totals, parse_game
from .stats import FIGURES, Stats, carry_streak, figures

#: The history's columns a list shows (`entry` reads them), after its ``seq``.
ENTRY_COLUMNS = (
    "id, finished, mode, level, name1, name2, winner, is_match, score1, score2, rounds,"
    " undo_games, seat, forfeit, total1, total2"
)


def history_row(record: HistoryRecord) -> tuple[dict[str, Any], str, str]:
    """The history table's columns for ``record``, its games' results ("WL"), its save."""
    obj, meta = record.game, record.meta
    figs, results = figures(record)
    x, y = record.score
    row: dict[str, Any] = {
        "id": meta.id,
        "finished": record.finished,
        "mode": meta.mode,
        "opponent": record.opponent,
        "level": meta.level,
        "name1": meta.names[0],
        "name2": meta.names[1],
        "seat": meta.seat,
        "forfeit": meta.forfeit,
        "rules": json.dumps(obj.rules.to_dict(), ensure_ascii=False),
        "seed": obj.seed,
        "winner": record.winner,
        "is_match": int(record.is_match),
        "score1": x,
        "score2": y,
        **dict(zip(("total1", "total2"), game_totals(obj), strict=True)),
        "scores": json.dumps(final_scores(obj)),
        "results": results,
        **figs,
    }
    save = json.dumps(to_dict(obj, meta.to_extra()), ensure_ascii=False)
    return row, results, save


def add_record(conn: sqlite3.Connection, record: HistoryRecord) -> bool:
    """Add a finished game to the history (inside the caller's transaction) unless its id
    is there already; carry its opponent's streaks on. True if it was added."""
    row, results, save = history_row(record)
    names = ", ".join(row)
    marks = ", ".join("?" * len(row))
    cur = conn.execute(
        f"INSERT OR IGNORE INTO history ({names}) VALUES ({marks})", tuple(row.values())
    )
    if not cur.rowcount:
        return False
    seq = cur.lastrowid
    conn.execute("INSERT INTO history_saves (seq, save) VALUES (?, ?)", (seq, save))
    opponent = row["opponent"]
    old = conn.execute(
        "SELECT streak, best FROM streaks WHERE opponent = ?", (opponent,)
    ).fetchone()
    streak, best = carry_streak(int(old[0]), int(old[1]), results) if old else (0, 0)
    if not old:
        streak, best = carry_streak(0, 0, results)
    conn.execute(
        "INSERT INTO streaks (opponent, streak, best) VALUES (?, ?, ?)"
        " ON CONFLICT (opponent) DO UPDATE SET streak = excluded.streak, best = excluded.best",
        (opponent, streak, best),
    )
    return True


def remove_record(conn: sqlite3.Connection, seq: int) -> None:
    """Take a finished game out of the history and count its opponent's streaks again
    (inside the caller's transaction; rare: a damaged record)."""
    row = conn.execute("SELECT opponent FROM history WHERE seq = ?", (seq,)).fetchone()
    conn.execute("DELETE FROM history WHERE seq = ?", (seq,))
    conn.execute("DELETE FROM history_saves WHERE seq = ?", (seq,))
    if row is None:
        return
    streak = best = 0
    for (results,) in conn.execute(
        "SELECT results FROM history WHERE opponent = ? ORDER BY seq", (row[0],)
    ):
        streak, best = carry_streak(streak, best, str(results))
    conn.execute(
        "UPDATE streaks SET streak = ?, best = ? WHERE opponent = ?", (streak, best, row[0])
    )


def history_count(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM history").fetchone()[0])


def index_rows(
    conn: sqlite3.Connection, where: str, args: tuple[int, int]
) -> list[tuple[Any, ...]]:
    """Rows of the history's index (seq, then `ENTRY_COLUMNS`) chosen by ``where``, with
    the totals of older games filled in (`fill_totals`)."""
    rows = conn.execute(f"SELECT seq, {ENTRY_COLUMNS} FROM history {where}", args).fetchall()
    return fill_totals(conn, rows)


def entry(number: int, row: tuple[Any, ...]) -> HistoryEntry:
    """Game ``number`` of the history as a list shows it, from its `ENTRY_COLUMNS`."""
    (game_id, finished, mode, level, a, b, winner, is_match, x, y, rounds, undo, seat, forfeit,
     t1, t2) = row  # fmt: skip
    meta = GameMeta(
        str(mode),
        (str(a), str(b)),
        str(level),
        str(game_id),
        "",
        seat=_seat_or_none(seat),
        forfeit=_seat_or_none(forfeit),
    )
    return HistoryEntry(
        number,
        meta,
        str(finished),
        None if winner is None else int(winner),
        bool(is_match),
        (int(x), int(y)),
        int(rounds),
        bool(undo),
        None if t1 is None or t2 is None else (int(t1), int(t2)),
        meta.forfeit,
    )


def _seat_or_none(value: Any) -> int | None:
    return int(value) if value in (0, 1) else None


def fill_totals(conn: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """``rows`` (seq, then `ENTRY_COLUMNS`) with the totals of single games finished
    before the index kept them, worked out from their saves and kept (a page at a time:
    nothing reads the whole history)."""
    missing = [r[0] for r in rows if not r[8] and r[-2] is None]  # is_match, total1
    if not missing:
        return rows
    marks = ", ".join("?" * len(missing))
    saves = conn.execute(
        f"SELECT seq, save FROM history_saves WHERE seq IN ({marks})", missing
    ).fetchall()
    found: dict[int, tuple[int, int]] = {}
    for seq, text in saves:
        try:
            obj, _meta = parse_game(bounded_loads(str(text)))
        except StorageError:
            continue  # the replay sets it aside when it is opened; the list shows points
        a, b = game_totals(obj)
        if a is not None and b is not None:
            found[int(seq)] = (a, b)
    if found:
        # Kept for next time; a database open read-only is worked out again next time.
        with contextlib.suppress(sqlite3.Error), transaction(conn):
            conn.executemany(
                "UPDATE history SET total1 = ?, total2 = ? WHERE seq = ?",
                [(a, b, seq) for seq, (a, b) in found.items()],
            )
    return [(*r[:-2], *found[r[0]]) if r[0] in found else r for r in rows]


def saved_record(conn: sqlite3.Connection, number: int) -> tuple[int, str, str] | None:
    """Game ``number`` of the history (1 = the oldest): its seq, when it finished and its
    save, unread (None: there is no such game)."""
    row = conn.execute(
        "SELECT h.seq, h.finished, s.save FROM history h JOIN history_saves s"
        " ON s.seq = h.seq ORDER BY h.seq LIMIT 1 OFFSET ?",
        (number - 1,),
    ).fetchone()
    return None if row is None else (int(row[0]), str(row[1]), str(row[2]))


def opponent_stats(conn: sqlite3.Connection) -> dict[str, Stats]:
    """The statistics per opponent, summed by SQL (the streaks carried per opponent)."""
    sums = ", ".join(f"sum({name})" for name in FIGURES)
    rows = conn.execute(
        f"SELECT h.opponent, {sums}, coalesce(s.streak, 0), coalesce(s.best, 0)"
        " FROM history h LEFT JOIN streaks s ON s.opponent = h.opponent"
        " GROUP BY h.opponent"
    ).fetchall()
    table: dict[str, Stats] = {}
    for opponent, *values in rows:
        *totals, streak, best = (int(v) for v in values)
        st = Stats(**dict(zip(FIGURES, totals, strict=True)))
        st.streak, st.best_streak = streak, best
        table[str(opponent)] = st
    return table
