"""The database: one SQLite file in the data folder, its schema and the migrations.

WAL mode (a reader never waits for a writer; two windows share the file), a busy timeout
(a writer waits for the other's transaction instead of failing), every write one
``BEGIN IMMEDIATE`` transaction. The schema version is SQLite's ``user_version``; each
version has its migration function, run in order in one transaction. A database written by
a newer ginrummy (a higher version) is left untouched: `NewerDatabase`.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..text.i18n import _
from .checks import DatabaseUnavailable, StorageError

DB_NAME = "ginrummy.db"
#: The schema this program writes; `MIGRATIONS` brings an older database up to it.
SCHEMA_VERSION = 6
#: How long a write waits for the other window's transaction (milliseconds).
BUSY_MS = 10_000


class NewerDatabase(StorageError):
    """The database was written by a newer ginrummy: it is kept as it is, unread."""

    def __init__(self, path: Path, found: int) -> None:
        self.path = path
        self.found = found
        super().__init__(
            # TRANSLATORS: the data was written by a newer version of the program.
            _(
                "{path} was written by a newer ginrummy (data version {found}; this one reads"
                " up to {supported}): update ginrummy to use it; nothing was changed"
            ).format(path=path, found=found, supported=SCHEMA_VERSION),
            code="newer-database",
        )


#: The most any figure of a finished game may be (a sum of 100,000 games stays far from
#: overflowing).
MAX_FIGURE = 1_000_000


def _bounded(statement: str) -> str:
    """Fill each ``{bounded_COLUMN}`` with its check: a whole number, 0 to `MAX_FIGURE`."""
    columns = set(re.findall(r"\{bounded_(\w+)\}", statement))
    return statement.format(
        **{
            f"bounded_{c}": f"CHECK (typeof({c}) = 'integer' AND {c} BETWEEN 0 AND {MAX_FIGURE})"
            for c in columns
        }
    )


def _v1(conn: sqlite3.Connection) -> None:
    """The first schema: history (figures apart from the saves), slots, leases, settings."""
    for statement in (
        # One row per finished game: what the lists show and what the statistics sum (every
        # figure a bounded whole number: the sums cannot overflow, a read cannot fail).
        _bounded("""CREATE TABLE history (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            finished TEXT NOT NULL,
            mode TEXT NOT NULL,
            opponent TEXT NOT NULL,
            level TEXT NOT NULL,
            name1 TEXT NOT NULL,
            name2 TEXT NOT NULL,
            rules TEXT NOT NULL,
            seed INTEGER NOT NULL,
            winner INTEGER CHECK (winner IS NULL OR winner IN (0, 1)),
            is_match INTEGER NOT NULL CHECK (is_match IN (0, 1)),
            score1 INTEGER NOT NULL {bounded_score1},
            score2 INTEGER NOT NULL {bounded_score2},
            scores TEXT NOT NULL,
            results TEXT NOT NULL,
            games INTEGER NOT NULL {bounded_games},
            games_won INTEGER NOT NULL {bounded_games_won},
            rounds INTEGER NOT NULL {bounded_rounds},
            rounds_won INTEGER NOT NULL {bounded_rounds_won},
            knocks INTEGER NOT NULL {bounded_knocks},
            gins INTEGER NOT NULL {bounded_gins},
            big_gins INTEGER NOT NULL {bounded_big_gins},
            undercuts_given INTEGER NOT NULL {bounded_undercuts_given},
            undercuts_taken INTEGER NOT NULL {bounded_undercuts_taken},
            points INTEGER NOT NULL {bounded_points}
        )"""),
        # The full save of each finished game, for replay (apart: the sums never read it).
        """CREATE TABLE history_saves (
            seq INTEGER PRIMARY KEY,
            save TEXT NOT NULL
        )""",
        # The winning streaks per opponent, carried on as each game is added.
        """CREATE TABLE streaks (
            opponent TEXT PRIMARY KEY,
            streak INTEGER NOT NULL,
            best INTEGER NOT NULL
        )""",
        # One saved game per slot (mode and opponent).
        """CREATE TABLE saves (
            slot TEXT PRIMARY KEY,
            id TEXT NOT NULL,
            updated TEXT NOT NULL,
            save TEXT NOT NULL
        )""",
        # Which window has a slot's game open: its holder, process, host and heartbeat.
        """CREATE TABLE leases (
            slot TEXT PRIMARY KEY,
            holder TEXT NOT NULL,
            pid INTEGER NOT NULL,
            host TEXT NOT NULL,
            heartbeat REAL NOT NULL
        )""",
        """CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            data TEXT NOT NULL
        )""",
        # Records set aside: what they were, why, when, and their raw content.
        """CREATE TABLE quarantine (
            n INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            at TEXT NOT NULL,
            reason TEXT NOT NULL,
            payload TEXT NOT NULL
        )""",
        # The old JSON files imported, and where they were kept.
        """CREATE TABLE imports (
            file TEXT NOT NULL,
            at TEXT NOT NULL,
            backup TEXT NOT NULL
        )""",
    ):
        conn.execute(statement)


def _v2(conn: sqlite3.Connection) -> None:
    """Version 2: how many of a finished game's games were played with undo (a move taken
    back); the games finished before it had none."""
    conn.execute(
        _bounded(
            "ALTER TABLE history ADD COLUMN undo_games INTEGER NOT NULL DEFAULT 0"
            " {bounded_undo_games}"
        )
    )


def _v3(conn: sqlite3.Connection) -> None:
    """Version 3: a single game's final totals with the bonuses (game, box, shutout), as
    the game-over screen showed them, for the lists. NULL for a match (the lists show its
    games won) and, until a list first shows them, for the games finished before."""
    for column in ("total1", "total2"):
        check = _bounded(f"{{bounded_{column}}}").removeprefix("CHECK ")
        conn.execute(
            f"ALTER TABLE history ADD COLUMN {column} INTEGER CHECK ({column} IS NULL OR {check})"
        )


def _v4(conn: sqlite3.Connection) -> None:
    """Version 4: online, the seat of the player at this machine when it joined someone
    else's table (the lists and statistics read the game from that seat's side). NULL for
    every other game: seat 0 is this machine's player (the host's own seat online)."""
    conn.execute(
        "ALTER TABLE history ADD COLUMN seat INTEGER CHECK (seat IS NULL OR seat IN (0, 1))"
    )


def _v5(conn: sqlite3.Connection) -> None:
    """Version 5: online, the seat that lost the match by forfeit (its player was away
    longer than the host allowed; the other seat won). NULL for every game played out."""
    conn.execute(
        "ALTER TABLE history ADD COLUMN forfeit INTEGER"
        " CHECK (forfeit IS NULL OR forfeit IN (0, 1))"
    )


def _v6(conn: sqlite3.Connection) -> None:
    """Version 6: the reviews computed (`reviews`), one per game, seat and evaluator
    (`Evaluator.version`), so a game is reviewed once."""
    conn.execute(
        """CREATE TABLE reviews (
            game TEXT NOT NULL,
            seat INTEGER NOT NULL CHECK (seat IN (0, 1)),
            evaluator TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (game, seat, evaluator)
        )"""
    )


#: The migration to each version from the one before it.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _v1,
    2: _v2,
    3: _v3,
    4: _v4,
    5: _v5,
    6: _v6,
}


def connect(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
    """Open the database (autocommit: `transaction` begins and ends every write)."""
    if read_only:
        conn = sqlite3.connect(
            f"{path.as_uri()}?mode=ro", uri=True, timeout=BUSY_MS / 1000, isolation_level=None
        )
    else:
        conn = sqlite3.connect(
            path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
        )
    conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    if not read_only:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
    return conn


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, taken at once (``BEGIN IMMEDIATE``): all of it or none."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@contextmanager
def sqlite_errors() -> Iterator[None]:
    """SQLite's errors raised as `DatabaseUnavailable` (the store's own error)."""
    try:
        yield
    except sqlite3.Error as exc:
        raise DatabaseUnavailable(str(exc) or type(exc).__name__) from exc


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the schema up to `SCHEMA_VERSION` (refusing a newer one, untouched)."""
    found = schema_version(conn)
    if found > SCHEMA_VERSION:
        raise NewerDatabase(path, found)
    if found == SCHEMA_VERSION:
        return
    with transaction(conn):
        found = schema_version(conn)  # another window may have migrated meanwhile
        if found > SCHEMA_VERSION:
            raise NewerDatabase(path, found)
        for version in range(found + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version={version}")
