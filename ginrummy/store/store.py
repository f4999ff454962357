"""What the game keeps between sessions: saved games, the history of finished games, settings.

Everything lives in one data directory (`folder.data_dir`: ``$GINRUMMY_DATA_DIR`` if set,
else the user data directory that platformdirs names), in one SQLite database (`db`): the
history (one row per finished game, its figures beside it, its full save apart for
replay), one saved game per slot (mode and opponent), the leases of the windows that have
a slot's game open, the settings, and the records set aside. Every write is one
transaction, so a crash or ``kill -9`` at any moment leaves the old state or the new one,
and two windows on one folder each add their own games.

Damage is local: a record that cannot be used is refused with one clear line and kept in
the quarantine table with its raw content; the rest stays. A database SQLite cannot open is
moved aside as ``ginrummy.db.corrupt-TIMESTAMP`` and a fresh one made; one from a newer
ginrummy is left untouched (`NewerDatabase`). When SQLite cannot read or write (the disk
full, the database busy beyond the wait), the method says so by `DatabaseUnavailable`
(the store's own error, an `OSError` too), never by `sqlite3.Error`. The refusals are collected in
`Store.problems` for the app or the command line to show. The JSON files of earlier
versions are imported once (`legacy`) and kept as ``NAME.imported-TIMESTAMP``.

`Store` is the one object the app and every command share, so that a transaction, a lease
and a quarantine follow one set of rules; it takes the lock and the transaction and leaves
the tables to `history`, `leases` and `settings`. No UI here.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core import Game, Match
from ..core.save import to_dict
from ..text.i18n import _
from .checks import DatabaseUnavailable, StorageError, _need, bounded_loads, now_iso
from .db import DB_NAME, NewerDatabase, connect, migrate, sqlite_errors, transaction
from .folder import AUTOSAVE, HISTORY, SETTINGS, DataFolder
from .history import (
    add_record,
    entry,
    history_count,
    index_rows,
    opponent_stats,
    remove_record,
    saved_record,
)
from .leases import Lease, drop_lease, read_lease, refuse_if_taken, renew_leases, take_lease
from .legacy import import_legacy
from .records import GameMeta, HistoryEntry, HistoryRecord, is_finished, parse_game, slot_of
from .settings import LastGame, Settings, legacy_last_game, put_settings
from .stats import Stats

if TYPE_CHECKING:
    from ..players.review import SeatReview
    from .reviews import ReviewedGame

T = TypeVar("T")


@dataclass(frozen=True)
class SavedGame:
    """A game waiting in its slot, and the lease of the window that has it open (if any)."""

    slot: str
    game: Game | Match
    meta: GameMeta
    lease: Lease | None

    @property
    def open_elsewhere(self) -> bool:
        """Open in another window that is still there."""
        return self.lease is not None and self.lease.elsewhere


class Store(DataFolder):
    """The data directory's database: saved games, leases, the history and the settings."""

    def __init__(self, root: Path | str | None = None) -> None:
        super().__init__(root)
        #: Who holds this store's leases (two stores in one process are two windows).
        self.holder = uuid.uuid4().hex
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    # --- the database ------------------------------------------------------------------
    @property
    def db_path(self) -> Path:
        return self.path(DB_NAME)

    def db(self) -> sqlite3.Connection:
        """The open database: made (or migrated) on first use, the old JSON files imported.

        A file that SQLite cannot open is moved aside (with one problem said) and a fresh
        database made; one from a newer ginrummy raises `NewerDatabase`, untouched; one
        that cannot be made, `DatabaseUnavailable`.
        """
        if self._conn is not None:
            return self._conn
        self.root.mkdir(parents=True, exist_ok=True)
        with sqlite_errors():
            try:
                conn = self._open()
            except NewerDatabase:
                raise
            except sqlite3.DatabaseError as exc:
                self._move_db_aside(str(exc))
                conn = self._open()
            self._conn = conn
            import_legacy(self, conn)
        return conn

    def _open(self) -> sqlite3.Connection:
        conn = connect(self.db_path)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            migrate(conn, self.db_path)
        except BaseException:
            conn.close()
            raise
        return conn

    def _move_db_aside(self, reason: str) -> None:
        problem = self.quarantine(DB_NAME, reason)
        for suffix in ("-wal", "-shm"):
            side = self.path(DB_NAME + suffix)
            if side.exists() and problem.moved_to is not None:
                with contextlib.suppress(OSError):
                    os.replace(side, problem.moved_to.with_name(problem.moved_to.name + suffix))
            with contextlib.suppress(OSError):
                side.unlink()

    @contextlib.contextmanager
    def _locked(self) -> Iterator[sqlite3.Connection]:
        """The database, under this store's lock (two threads of one window take turns);
        what SQLite raises meanwhile comes out as `DatabaseUnavailable`."""
        with self._lock, sqlite_errors():
            yield self.db()

    def check(self) -> None:
        """Open the database now (raises `NewerDatabase` for one from a newer version)."""
        with self._locked():
            pass

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(DatabaseUnavailable):
                self.release_all()
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None

    def quarantined(self) -> list[tuple[str, str, str]]:
        """The records set aside: (kind, reason, payload), oldest first."""
        with self._locked() as conn:
            rows = conn.execute("SELECT kind, reason, payload FROM quarantine ORDER BY n")
            return [(str(k), str(r), str(p)) for k, r, p in rows]

    # --- saved games ---------------------------------------------------------------------
    def save_game(self, obj: Game | Match, meta: GameMeta) -> None:
        """Autosave a game in progress in its slot (called after every applied action).

        `SlotTaken` if another window, still alive, has the slot open (`take_slot`): the
        game it plays there is not overwritten.
        """
        slot = slot_of(meta)
        text = json.dumps(to_dict(obj, meta.to_extra()), ensure_ascii=False)
        with self._locked() as conn, transaction(conn):
            refuse_if_taken(conn, slot, self.holder)
            conn.execute(
                "INSERT INTO saves (slot, id, updated, save) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (slot) DO UPDATE SET id = excluded.id,"
                " updated = excluded.updated, save = excluded.save",
                (slot, meta.id, datetime.now(UTC).isoformat(), text),
            )

    def saved_games(self) -> list[SavedGame]:
        """The games waiting in their slots, the latest saved first.

        A finished game found in a slot (the program stopped between the last move and the
        bookkeeping) goes to the history; a save that cannot be used is set aside alone.
        """
        with self._locked() as conn:
            rows = conn.execute(
                "SELECT slot, id, save FROM saves ORDER BY updated DESC, rowid DESC"
            ).fetchall()
        out: list[SavedGame] = []
        for slot, game_id, text in rows:
            try:
                obj, meta = parse_game(bounded_loads(str(text)))
                _need(slot_of(meta) == slot, _("it is in the wrong slot"))
            except StorageError as exc:
                with self._locked() as conn, transaction(conn):
                    gone = conn.execute(
                        "DELETE FROM saves WHERE slot = ? AND id = ? AND save = ?",
                        (slot, game_id, text),
                    ).rowcount
                    if gone:
                        self.set_aside(conn, AUTOSAVE, str(exc), str(text))
                continue
            if obj.is_over:
                self.finish_game(obj, meta)
                continue
            out.append(SavedGame(slot, obj, meta, self.lease(slot)))
        return out

    def load_game(self) -> tuple[Game | Match, GameMeta] | None:
        """The latest saved game, if there is a usable one (see `saved_games`)."""
        games = self.saved_games()
        return (games[0].game, games[0].meta) if games else None

    def abandon_game(self, meta: GameMeta) -> None:
        """Drop this game's save (a new game replaces it); the other slots are untouched."""
        slot = slot_of(meta)
        with self._locked() as conn, transaction(conn):
            conn.execute("DELETE FROM saves WHERE slot = ? AND id = ?", (slot, meta.id))
            drop_lease(conn, slot, self.holder)

    # --- leases: which window has a slot open (`leases`) ----------------------------------
    def slot_taken(self, meta: GameMeta) -> Lease | None:
        """The lease of another window, alive, on this game's slot (None: free or ours)."""
        lease = self.lease(slot_of(meta))
        return lease if lease is not None and lease.elsewhere else None

    def lease(self, slot: str) -> Lease | None:
        """Which window has the slot's game open (None: no window)."""
        with self._locked() as conn:
            return read_lease(conn, slot, self.holder)

    def take_slot(self, meta: GameMeta, *, force: bool = False) -> None:
        """Mark this game's slot open here; `SlotTaken` if another live window has it
        (``force``: take it over from a window that is gone)."""
        with self._locked() as conn, transaction(conn):
            take_lease(conn, slot_of(meta), self.holder, force=force)

    def heartbeat(self, keep: Iterable[str] = ()) -> None:
        """Renew this store's leases on the slots ``keep``; give up the others."""
        with self._locked() as conn, transaction(conn):
            renew_leases(conn, self.holder, keep)

    def release_all(self) -> None:
        self.heartbeat(())

    # --- the history (`history`) -------------------------------------------------------
    def finish_game(self, obj: Game | Match, meta: GameMeta) -> HistoryRecord:
        """A game is over: add it to the history (once, by its id) and drop its save, in one
        transaction; the other slots are untouched. Costs the same whatever the history holds."""
        record = HistoryRecord(meta, now_iso(), obj)
        slot = slot_of(meta)
        with self._locked() as conn, transaction(conn):
            add_record(conn, record)
            conn.execute("DELETE FROM saves WHERE slot = ? AND id = ?", (slot, meta.id))
            drop_lease(conn, slot, self.holder)
        return record

    def history_count(self) -> int:
        with self._locked() as conn:
            return history_count(conn)

    def history_page(self, first: int, count: int) -> list[HistoryEntry]:
        """Games ``first`` to ``first + count - 1`` of the history (1 = the oldest), in order."""
        if count <= 0 or first < 1:
            return []
        with self._locked() as conn:
            rows = index_rows(conn, "ORDER BY seq LIMIT ? OFFSET ?", (count, first - 1))
        return [entry(first + i, row[1:]) for i, row in enumerate(rows)]

    def history_entries(self, first: int = 1, page: int = 500) -> Iterator[HistoryEntry]:
        """Games ``first`` to the latest, in order, read ``page`` at a time along the index
        (each page starts after the last one read: the whole list costs one pass)."""
        number = max(1, first)
        with self._locked() as conn:
            rows = index_rows(conn, "ORDER BY seq LIMIT ? OFFSET ?", (page, number - 1))
        while rows:
            for row in rows:
                yield entry(number, row[1:])
                number += 1
            with self._locked() as conn:
                rows = index_rows(conn, "WHERE seq > ? ORDER BY seq LIMIT ?", (rows[-1][0], page))

    def history_record(self, number: int) -> HistoryRecord | None:
        """Game ``number`` of the history (1 = the oldest) with its moves, for replay; a
        record that cannot be replayed is set aside (None)."""
        if number < 1:
            return None
        with self._locked() as conn:
            found = saved_record(conn, number)
        if found is None:
            return None
        seq, finished, text = found
        try:
            obj, meta = parse_game(bounded_loads(text))
            _need(is_finished(obj, meta), _("the game was not finished"))
        except StorageError as exc:
            with self._locked() as conn, transaction(conn):
                remove_record(conn, seq)
                self.set_aside(conn, HISTORY, str(exc), text)
            return None
        return HistoryRecord(meta, finished, obj)

    def history(self) -> list[HistoryRecord]:
        """Every finished game with its moves, oldest first. Reads the whole history: for
        tests and exports; the lists use `history_page`, the statistics `stats`."""
        records = []
        for number in range(1, self.history_count() + 1):
            record = self.history_record(number)
            if record is not None:
                records.append(record)
        return records

    def stats(self) -> dict[str, Stats]:
        """The statistics per opponent, summed by SQL (the streaks carried per opponent)."""
        with self._locked() as conn:
            return opponent_stats(conn)

    # --- settings (`settings`) ---------------------------------------------------------
    def load_settings(self) -> Settings:
        """The saved settings (defaults when there are none; refused ones are set aside)."""
        with self._locked() as conn:
            row = conn.execute("SELECT data FROM settings WHERE key = 'settings'").fetchone()
        if row is None:
            return Settings()
        return self._read_setting("settings", str(row[0]), Settings.from_json, Settings())

    def _read_setting(self, key: str, text: str, parse: Callable[[Any], T], default: T) -> T:
        """``text``, the record under ``key`` of the settings table, read by ``parse``; if
        it is refused, it is set aside (once, even with two windows) and ``default`` used."""
        try:
            return parse(bounded_loads(text))
        except StorageError as exc:
            with self._locked() as conn, transaction(conn):
                gone = conn.execute(
                    "DELETE FROM settings WHERE key = ? AND data = ?", (key, text)
                ).rowcount
                if gone:
                    self.set_aside(conn, SETTINGS, str(exc), text)
            return default

    def save_settings(self, settings: Settings) -> None:
        text = json.dumps(settings.to_json(), ensure_ascii=False)
        with self._locked() as conn, transaction(conn):
            put_settings(conn, text)

    def load_last_game(self) -> LastGame:
        """The choices of the last game started (defaults when there are none; a refused
        record is set aside). Before they were kept apart, the settings held them."""
        with self._locked() as conn:
            row = conn.execute("SELECT data FROM settings WHERE key = 'last-game'").fetchone()
            if row is None:
                old = conn.execute("SELECT data FROM settings WHERE key = 'settings'").fetchone()
        if row is None:
            return legacy_last_game(None if old is None else str(old[0]))
        return self._read_setting("last-game", str(row[0]), LastGame.from_json, LastGame())

    def save_last_game(self, game: LastGame) -> None:
        text = json.dumps(game.to_json(), ensure_ascii=False)
        with self._locked() as conn, transaction(conn):
            put_settings(conn, text, key="last-game")

    # --- the reviews computed (`reviews`) ------------------------------------------------
    def cached_review(self, key: str, seat: int, evaluator: str) -> SeatReview | None:
        """The review of ``seat`` in game ``key`` (`reviews.review_key`) by the evaluator
        ``evaluator`` (`Evaluator.version`), if it was computed; a row that cannot be read
        back is dropped (None: compute it again)."""
        from .reviews import cached_review  # the review's types load the evaluator

        with self._locked() as conn:
            found = cached_review(conn, key, seat, evaluator)
        if found is None:
            return None
        text, review = found
        if review is None:
            with self._locked() as conn, transaction(conn):
                conn.execute(
                    "DELETE FROM reviews WHERE game = ? AND seat = ? AND evaluator = ?"
                    " AND data = ?",
                    (key, seat, evaluator, text),
                )
        return review

    def cache_review(self, key: str, evaluator: str, review: SeatReview) -> None:
        """Keep a computed review of game ``key`` by the evaluator ``evaluator``."""
        from .reviews import put_review

        with self._locked() as conn, transaction(conn):
            put_review(conn, key, evaluator, review)

    def reviewed_games(self, evaluator: str, latest: int) -> list[ReviewedGame]:
        """The history's games with a kept review by ``evaluator`` (`reviews.reviewed_games`:
        oldest first, each opponent's ``latest`` read)."""
        from .reviews import reviewed_games

        with self._locked() as conn:
            return reviewed_games(conn, evaluator, latest)
