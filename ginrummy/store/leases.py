"""Which window has a slot's game open: its lease in the database.

A window that opens a saved game's slot takes the slot's lease (its holder, process, host
and the time of its last heartbeat) and renews it every `HEARTBEAT` seconds; another
window refuses to play there while the lease is alive (`SlotTaken`). A lease whose
heartbeat is older than `LEASE_STALE`, or whose process is gone from this host, is free.
The functions here run inside the caller's transaction.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass

from ..text.i18n import _

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

    @property
    def elsewhere(self) -> bool:
        """Held by another window that is still there."""
        return not self.ours and self.alive


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


def read_lease(conn: sqlite3.Connection, slot: str, holder: str) -> Lease | None:
    """The lease on ``slot`` (``ours`` if ``holder`` holds it), None if no window has it."""
    row = conn.execute(
        "SELECT holder, pid, host, heartbeat FROM leases WHERE slot = ?", (slot,)
    ).fetchone()
    if row is None:
        return None
    who, pid, host, beat = row
    return Lease(slot, str(who) == holder, int(pid), str(host), float(beat))


def refuse_if_taken(conn: sqlite3.Connection, slot: str, holder: str) -> None:
    """`SlotTaken` if another window, still there, holds ``slot``."""
    lease = read_lease(conn, slot, holder)
    if lease is not None and lease.elsewhere:
        raise SlotTaken(lease)


def take_lease(conn: sqlite3.Connection, slot: str, holder: str, *, force: bool) -> None:
    """Mark ``slot`` held by ``holder`` in this process (`SlotTaken` if another live window
    holds it, unless ``force``)."""
    if not force:
        refuse_if_taken(conn, slot, holder)
    conn.execute(
        "INSERT INTO leases (slot, holder, pid, host, heartbeat) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (slot) DO UPDATE SET holder = excluded.holder, pid = excluded.pid,"
        " host = excluded.host, heartbeat = excluded.heartbeat",
        (slot, holder, os.getpid(), HOST, time.time()),
    )


def renew_leases(conn: sqlite3.Connection, holder: str, keep: Iterable[str]) -> None:
    """Renew ``holder``'s leases on the slots ``keep``; give up its others."""
    slots = list(keep)
    marks = ",".join("?" * len(slots))
    conn.execute(f"DELETE FROM leases WHERE holder = ? AND slot NOT IN ({marks})", (holder, *slots))
    conn.execute("UPDATE leases SET heartbeat = ? WHERE holder = ?", (time.time(), holder))


def drop_lease(conn: sqlite3.Connection, slot: str, holder: str) -> None:
    """Give up ``holder``'s lease on ``slot`` (if it holds it)."""
    conn.execute("DELETE FROM leases WHERE slot = ? AND holder = ?", (slot, holder))
