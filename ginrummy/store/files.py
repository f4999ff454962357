"""What the game keeps between sessions: saved games, the history of finished games, settings.

Everything lives in one data directory: ``$GINRUMMY_DATA_DIR`` if set, else the user data
directory that platformdirs names, in one SQLite database (`db`): the history (one row per
finished game, its figures beside it, its full save apart for replay), one saved game per
slot (mode and opponent), the leases of the windows that have a slot's game open, the
settings, and the records set aside. Every write is one transaction, so a crash or
``kill -9`` at any moment leaves the old state or the new one, and two windows on one
folder each add their own games.

Damage is local: a record that cannot be used is refused with one clear line and kept in
the quarantine table with its raw content; the rest stays. A database SQLite cannot open is
moved aside as ``ginrummy.db.corrupt-TIMESTAMP`` and a fresh one made; one from a newer
ginrummy is left untouched (`NewerDatabase`). The refusals are collected in
`Store.problems` for the app or the command line to show. The JSON files of earlier
versions are imported once (`legacy`) and kept as ``NAME.imported-TIMESTAMP``.

No UI here: the app and ``ginrummy stats`` / ``ginrummy replay`` share this module.

It is the `Store` class and the file-level checks it makes (about 700 lines): one object
the app and every command share, so that a transaction, a lease and a quarantine follow
one set of rules; the schema is in `db`, the records in `records` and `settings`.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from ..core import Game, Match
from ..core.save import to_dict
from ..text.i18n import _
from .checks import StorageError, _need, bounded_loads, now_iso
from .db import (
    DB_NAME,
    SCHEMA_VERSION,
    NewerDatabase,
    connect,
    migrate,
    schema_version,
    transaction,
)
from .records import (
    GameMeta,
    HistoryEntry,
    HistoryRecord,
    final_scores,
    game_totals,
    parse_game,
    slot_of,
)
from .settings import LastGame, Settings
from .stats import FIGURES, Stats, carry_streak, figures

T = TypeVar("T")

ENV_DATA_DIR = "GINRUMMY_DATA_DIR"
AUTOSAVE = "autosave.json"
HISTORY = "history.json"
SETTINGS = "settings.json"
HISTORY_FORMAT = "ginrummy-history"
#: Larger files are refused unread (a history of many thousand games stays far below).
MAX_BYTES = 64 * 1024 * 1024
#: What `Store.read_json` returns for a file that does not exist (JSON ``null`` is a defect).
MISSING: Any = object()


def data_dir() -> Path:
    """Where the files live: ``$GINRUMMY_DATA_DIR``, else the platform's user data dir."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("ginrummy", appauthor=False))


def _cannot_read(exc: OSError) -> str:
    # TRANSLATORS: {problem} is the operating system's description ("Permission denied").
    return _("cannot read it: {problem}").format(problem=exc.strerror or exc)


@dataclass(frozen=True)
class Problem:
    """A file that was refused and moved aside."""

    file: str
    reason: str
    moved_to: Path | None
    #: A record set aside in the database's quarantine table (the rest is kept).
    set_aside: bool = False


class Store:
    """The data directory: read, validate and atomically write the game's files."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        #: Files refused since this store was made, oldest first.
        self.problems: list[Problem] = []
        #: Who holds this store's leases (two stores in one process are two windows).
        self.holder = uuid.uuid4().hex
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    def path(self, name: str) -> Path:
        return self.root / name

    # --- low level ------------------------------------------------------------------
    def write_text(self, name: str, text: str) -> None:
        """Replace a file atomically: temp file in the same folder, fsync, ``os.replace``."""
        self.root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path(name))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        with contextlib.suppress(OSError):  # make the rename itself durable (POSIX)
            dir_fd = os.open(self.root, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)

    def write_json(self, name: str, data: Any) -> None:
        self.write_text(name, json.dumps(data, ensure_ascii=False, indent=1) + "\n")

    def read_json(self, name: str, *, lenient: bool = False) -> Any:
        """The parsed file, or `MISSING` if there is none; `StorageError` if it is unreadable
        (numbers bounded: see `bounded_loads`)."""
        path = self.path(name)
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return MISSING
        except OSError as exc:
            raise StorageError(_cannot_read(exc)) from None
        _need(path.is_file(), _("it is not a file"))
        _need(size <= MAX_BYTES, _("it is too large ({size} bytes)").format(size=size))
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise StorageError(_cannot_read(exc)) from None
        _need(bool(raw.strip()), _("it is empty"))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise StorageError(_("it is not UTF-8 text")) from None
        return bounded_loads(text, lenient=lenient)

    def remove(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path(name).unlink()

    def quarantine(self, name: str, reason: str) -> Problem:
        """Move a refused file aside as NAME.corrupt-TIMESTAMP and remember why."""
        path = self.path(name)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{name}.corrupt-{stamp}-{n}")
        moved: Path | None = target
        try:
            os.replace(path, target)
        except FileNotFoundError:
            moved = None
        except OSError:
            moved = None
            with contextlib.suppress(OSError):
                path.unlink()
        problem = Problem(name, reason, moved)
        self.problems.append(problem)
        return problem

    def take_problems(self) -> list[Problem]:
        """The refusals not reported yet (and forget them)."""
        out, self.problems = self.problems, []
        return out

    # --- the database ------------------------------------------------------------------
    @property
    def db_path(self) -> Path:
        return self.path(DB_NAME)

    def db(self) -> sqlite3.Connection:
        """The open database: made (or migrated) on first use, the old JSON files imported.

        A file that SQLite cannot open is moved aside (with one problem said) and a fresh
        database made; one from a newer ginrummy raises `NewerDatabase`, untouched.
        """
        if self._conn is not None:
            return self._conn
        self.root.mkdir(parents=True, exist_ok=True)
        try:
            conn = self._open()
        except NewerDatabase:
            raise
        except sqlite3.DatabaseError as exc:
            self._move_db_aside(str(exc))
            conn = self._open()
        self._conn = conn
        from .legacy import import_legacy

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

    def check(self) -> None:
        """Open the database now (raises `NewerDatabase` for one from a newer version)."""
        self.db()

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self.release_all()
            self._conn.close()
            self._conn = None

    def set_aside(self, conn: sqlite3.Connection, kind: str, reason: str, payload: str) -> None:
        """Keep a refused record in the quarantine table (inside the caller's transaction)."""
        conn.execute(
            "INSERT INTO quarantine (kind, at, reason, payload) VALUES (?, ?, ?, ?)",
            (kind, now_iso(), reason, payload),
        )
        self.problems.append(Problem(kind, reason, None, set_aside=True))

    def quarantined(self) -> list[tuple[str, str, str]]:
        """The records set aside: (kind, reason, payload), oldest first."""
        rows = self.db().execute("SELECT kind, reason, payload FROM quarantine ORDER BY n")
        return [(str(k), str(r), str(p)) for k, r, p in rows]

    # --- saved games ---------------------------------------------------------------------
    def save_game(self, obj: Game | Match, meta: GameMeta) -> None:
        """Autosave a game in progress in its slot (called after every applied action).

        `SlotTaken` if another window, still alive, has the slot open (`take_slot`): the
        game it plays there is not overwritten.
        """
        slot = slot_of(meta)
        text = json.dumps(to_dict(obj, meta.to_extra()), ensure_ascii=False)
        with self._lock:
            conn = self.db()
            with transaction(conn):
                lease = self._lease(conn, slot)
                if lease is not None and not lease.ours and lease.alive:
                    raise SlotTaken(lease)
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
        with self._lock:
            conn = self.db()
            rows = conn.execute(
                "SELECT slot, id, save FROM saves ORDER BY updated DESC, rowid DESC"
            ).fetchall()
        out: list[SavedGame] = []
        for slot, game_id, text in rows:
            try:
                obj, meta = parse_game(bounded_loads(str(text)))
                _need(slot_of(meta) == slot, _("it is in the wrong slot"))
            except StorageError as exc:
                with self._lock, transaction(conn):
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
        with self._lock:
            conn = self.db()
            with transaction(conn):
                conn.execute("DELETE FROM saves WHERE slot = ? AND id = ?", (slot, meta.id))
                conn.execute(
                    "DELETE FROM leases WHERE slot = ? AND holder = ?", (slot, self.holder)
                )

    def slot_taken(self, meta: GameMeta) -> Lease | None:
        """The lease of another window, alive, on this game's slot (None: free or ours)."""
        lease = self.lease(slot_of(meta))
        return lease if lease is not None and lease.alive and not lease.ours else None

    # --- leases: which window has a slot open ---------------------------------------------
    def lease(self, slot: str) -> Lease | None:
        """Which window has the slot's game open (None: no window)."""
        with self._lock:
            return self._lease(self.db(), slot)

    def _lease(self, conn: sqlite3.Connection, slot: str) -> Lease | None:
        row = conn.execute(
            "SELECT holder, pid, host, heartbeat FROM leases WHERE slot = ?", (slot,)
        ).fetchone()
        if row is None:
            return None
        holder, pid, host, beat = row
        return Lease(slot, str(holder) == self.holder, int(pid), str(host), float(beat))

    def _take(self, conn: sqlite3.Connection, slot: str, *, force: bool) -> None:
        lease = self._lease(conn, slot)
        if lease is not None and not lease.ours and lease.alive and not force:
            raise SlotTaken(lease)
        conn.execute(
            "INSERT INTO leases (slot, holder, pid, host, heartbeat) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (slot) DO UPDATE SET holder = excluded.holder, pid = excluded.pid,"
            " host = excluded.host, heartbeat = excluded.heartbeat",
            (slot, self.holder, os.getpid(), HOST, time.time()),
        )

    def take_slot(self, meta: GameMeta, *, force: bool = False) -> None:
        """Mark this game's slot open here; `SlotTaken` if another live window has it
        (``force``: take it over from a window that is gone)."""
        with self._lock:
            conn = self.db()
            with transaction(conn):
                self._take(conn, slot_of(meta), force=force)

    def heartbeat(self, keep: Iterable[str] = ()) -> None:
        """Renew this store's leases on the slots ``keep``; give up the others."""
        slots = list(keep)
        with self._lock:
            conn = self.db()
            with transaction(conn):
                marks = ",".join("?" * len(slots))
                conn.execute(
                    f"DELETE FROM leases WHERE holder = ? AND slot NOT IN ({marks})",
                    (self.holder, *slots),
                )
                conn.execute(
                    "UPDATE leases SET heartbeat = ? WHERE holder = ?", (time.time(), self.holder)
                )

    def release_all(self) -> None:
        self.heartbeat(())

    # --- the history -----------------------------------------------------------------------
    def finish_game(self, obj: Game | Match, meta: GameMeta) -> HistoryRecord:
        """A game is over: add it to the history (once, by its id) and drop its save, in one
        transaction; the other slots are untouched. Costs the same whatever the history holds."""
        record = HistoryRecord(meta, now_iso(), obj)
        with self._lock:
            conn = self.db()
            with transaction(conn):
                add_record(conn, record)
                slot = slot_of(meta)
                conn.execute("DELETE FROM saves WHERE slot = ? AND id = ?", (slot, meta.id))
                conn.execute(
                    "DELETE FROM leases WHERE slot = ? AND holder = ?", (slot, self.holder)
                )
        return record

    def history_count(self) -> int:
        with self._lock:
            return int(self.db().execute("SELECT count(*) FROM history").fetchone()[0])

    def history_page(self, first: int, count: int) -> list[HistoryEntry]:
        """Games ``first`` to ``first + count - 1`` of the history (1 = the oldest), in order."""
        if count <= 0 or first < 1:
            return []
        rows = self._index_rows("ORDER BY seq LIMIT ? OFFSET ?", (count, first - 1))
        return [_entry(first + i, row[1:]) for i, row in enumerate(rows)]

    def history_entries(self, first: int = 1, page: int = 500) -> Iterator[HistoryEntry]:
        """Games ``first`` to the latest, in order, read ``page`` at a time along the index
        (each page starts after the last one read: the whole list costs one pass)."""
        number = max(1, first)
        rows = self._index_rows("ORDER BY seq LIMIT ? OFFSET ?", (page, number - 1))
        while rows:
            for row in rows:
                yield _entry(number, row[1:])
                number += 1
            rows = self._index_rows("WHERE seq > ? ORDER BY seq LIMIT ?", (rows[-1][0], page))

    def _index_rows(self, where: str, args: tuple[int, int]) -> list[tuple[Any, ...]]:
        """Rows of the history's index (seq, then `ENTRY_COLUMNS`) chosen by ``where``,
        with the totals of older games filled in (`fill_totals`)."""
        with self._lock:
            conn = self.db()
            rows = conn.execute(
                f"SELECT seq, {ENTRY_COLUMNS} FROM history {where}", args
            ).fetchall()
            return fill_totals(conn, rows)

    def history_record(self, number: int) -> HistoryRecord | None:
        """Game ``number`` of the history (1 = the oldest) with its moves, for replay; a
        record that cannot be replayed is set aside (None)."""
        if number < 1:
            return None
        with self._lock:
            conn = self.db()
            row = conn.execute(
                "SELECT h.seq, h.finished, s.save FROM history h JOIN history_saves s"
                " ON s.seq = h.seq ORDER BY h.seq LIMIT 1 OFFSET ?",
                (number - 1,),
            ).fetchone()
        if row is None:
            return None
        seq, finished, text = row
        try:
            obj, meta = parse_game(bounded_loads(str(text)))
            _need(obj.is_over, _("the game was not finished"))
        except StorageError as exc:
            with self._lock, transaction(conn):
                remove_record(conn, int(seq))
                self.set_aside(conn, HISTORY, str(exc), str(text))
            return None
        return HistoryRecord(meta, str(finished), obj)

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
        sums = ", ".join(f"sum({name})" for name in FIGURES)
        with self._lock:
            conn = self.db()
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

    # --- settings --------------------------------------------------------------------
    def load_settings(self) -> Settings:
        """The saved settings (defaults when there are none; refused ones are set aside)."""
        with self._lock:
            row = self.db().execute("SELECT data FROM settings WHERE key = 'settings'").fetchone()
        if row is None:
            return Settings()
        return self._read_setting("settings", str(row[0]), Settings.from_json, Settings())

    def _read_setting(self, key: str, text: str, parse: Callable[[Any], T], default: T) -> T:
        """``text``, the record under ``key`` of the settings table, read by ``parse``; if
        it is refused, it is set aside (once, even with two windows) and ``default`` used."""
        try:
            return parse(bounded_loads(text))
        except StorageError as exc:
            with self._lock, transaction(conn := self.db()):
                gone = conn.execute(
                    "DELETE FROM settings WHERE key = ? AND data = ?", (key, text)
                ).rowcount
                if gone:
                    self.set_aside(conn, SETTINGS, str(exc), text)
            return default

    def save_settings(self, settings: Settings) -> None:
        text = json.dumps(settings.to_json(), ensure_ascii=False)
        with self._lock:
            conn = self.db()
            with transaction(conn):
                put_settings(conn, text)

    def load_last_game(self) -> LastGame:
        """The choices of the last game started (defaults when there are none; a refused
        record is set aside). Before they were kept apart, the settings held them."""
        with self._lock:
            conn = self.db()
            row = conn.execute("SELECT data FROM settings WHERE key = 'last-game'").fetchone()
            if row is None:
                old = conn.execute("SELECT data FROM settings WHERE key = 'settings'").fetchone()
        if row is None:
            return legacy_last_game(None if old is None else str(old[0]))
        return self._read_setting("last-game", str(row[0]), LastGame.from_json, LastGame())

    def save_last_game(self, game: LastGame) -> None:
        text = json.dumps(game.to_json(), ensure_ascii=False)
        with self._lock:
            conn = self.db()
            with transaction(conn):
                put_settings(conn, text, key="last-game")


def legacy_last_game(text: str | None) -> LastGame:
    """The last game's choices held in settings of an earlier version (defaults if none,
    or if they are not right: a default start screen is no loss worth a message)."""
    if text is None:
        return LastGame()
    try:
        return LastGame.from_json(bounded_loads(text), legacy=True)
    except (StorageError, ValueError):
        return LastGame()


def put_settings(conn: sqlite3.Connection, text: str, key: str = "settings") -> None:
    """Keep ``text`` under ``key`` of the settings table ("settings" or "last-game")."""
    conn.execute(
        "INSERT INTO settings (key, data) VALUES (?, ?)"
        " ON CONFLICT (key) DO UPDATE SET data = excluded.data",
        (key, text),
    )


def peek_language(root: Path | None = None) -> str:
    """The language chosen in the settings ("" for none), read without changing anything:
    the database opened read-only, else the old settings file; anything wrong reads as ""."""
    folder = Path(root) if root is not None else data_dir()
    try:
        if (folder / DB_NAME).exists():
            conn = connect(folder / DB_NAME, read_only=True)
            try:
                if not 1 <= schema_version(conn) <= SCHEMA_VERSION:
                    return ""  # (the settings table is the same in every version so far)
                row = conn.execute("SELECT data FROM settings WHERE key = 'settings'").fetchone()
            finally:
                conn.close()
            if row is None:
                return ""
            return Settings.from_json(bounded_loads(str(row[0]))).language
        data = Store(folder).read_json(SETTINGS)
        return "" if data is MISSING else Settings.from_json(data).language
    except (StorageError, OSError, sqlite3.Error):
        return ""


HOST = socket.gethostname()
#: A lease whose heartbeat is older than this is stale: its window is gone (seconds).
LEASE_STALE = 30.0
#: How often an open table renews its lease (seconds).
HEARTBEAT = 10.0


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


@dataclass(frozen=True)
class Lease:
    """A slot's game open in a window: whose (this store's?), which process on which host,
    and when it last said it is still there."""

    slot: str
    ours: bool
    pid: int
    host: str
    heartbeat: float

    @property
    def crashed(self) -> bool:
        """Its process is gone from this host (``kill -9``, a crash): nothing to ask."""
        return self.host == HOST and not _pid_alive(self.pid)

    @property
    def alive(self) -> bool:
        """Its window is still there: a fresh heartbeat, and its process alive (on this host)."""
        if time.time() - self.heartbeat > LEASE_STALE:
            return False
        return self.host != HOST or _pid_alive(self.pid)


class SlotTaken(OSError):
    """The slot's game is open in another window that is still there."""

    def __init__(self, lease: Lease) -> None:
        self.lease = lease
        super().__init__(
            # TRANSLATORS: a saved game is open in another window; {pid} its process number.
            _("this game is open in another window (process {pid} on {host})").format(
                pid=lease.pid, host=lease.host
            )
        )
        self.strerror = str(self)


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
        return self.lease is not None and not self.lease.ours and self.lease.alive


ENTRY_COLUMNS = (
    "id, finished, mode, level, name1, name2, winner, is_match, score1, score2, rounds,"
    " undo_games, seat, total1, total2"
)


def _entry(number: int, row: tuple[Any, ...]) -> HistoryEntry:
    game_id, finished, mode, level, a, b, winner, is_match, x, y, rounds, undo, seat, t1, t2 = row
    meta = GameMeta(
        str(mode), (str(a), str(b)), str(level), str(game_id), "", seat=_seat_or_none(seat)
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
        "rules": json.dumps(obj.rules.to_dict(), ensure_ascii=False),
        "seed": obj.seed,
        "winner": obj.winner,
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
