"""The data folder: where it is, the names of its files, the JSON files beside the database
written atomically and read with every number bounded, and what is refused.

A file that cannot be used is moved aside as ``NAME.corrupt-TIMESTAMP``; a record refused
inside the database is kept in its quarantine table (`DataFolder.set_aside`). Either way
one `Problem` is collected in `DataFolder.problems`, for the app or the command line to say.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..text.i18n import _
from .checks import StorageError, _need, bounded_loads, now_iso

ENV_DATA_DIR = "GINRUMMY_DATA_DIR"
#: The files of earlier versions (imported into the database once, see `legacy`), and the
#: kinds of record the quarantine table keeps under the same names.
AUTOSAVE = "autosave.json"
HISTORY = "history.json"
SETTINGS = "settings.json"
#: Larger files are refused unread (a history of many thousand games stays far below).
MAX_BYTES = 64 * 1024 * 1024
#: What `DataFolder.read_json` returns for a file that does not exist (JSON ``null`` is a
#: defect).
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


class DataFolder:
    """The data directory's files: read, validate, atomically write, move aside."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        #: Files refused since this folder was opened, oldest first.
        self.problems: list[Problem] = []

    def path(self, name: str) -> Path:
        return self.root / name

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

    def set_aside(self, conn: sqlite3.Connection, kind: str, reason: str, payload: str) -> None:
        """Keep a refused record in the database's quarantine table (inside the caller's
        transaction) and remember why."""
        conn.execute(
            "INSERT INTO quarantine (kind, at, reason, payload) VALUES (?, ?, ?, ?)",
            (kind, now_iso(), reason, payload),
        )
        self.problems.append(Problem(kind, reason, None, set_aside=True))

    def take_problems(self) -> list[Problem]:
        """The refusals not reported yet (and forget them)."""
        out, self.problems = self.problems, []
        return out
