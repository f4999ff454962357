"""What the game keeps between sessions: the autosave, the history of finished games, settings.

Everything lives in one data directory: ``$GINRUMMY_DATA_DIR`` if set, else the user data
directory that platformdirs names. Every write is atomic (a temporary file in the same
folder, flushed and fsynced, then ``os.replace``), so a crash or ``kill -9`` at any moment
leaves the old file or the new one, never half of one.

A file that cannot be used (truncated, not JSON, an unknown version, impossible content)
is refused with one clear line, moved aside as ``NAME.corrupt-TIMESTAMP`` and treated as
absent; nothing else in the directory is touched. The refusals are collected in
`Store.problems` for the app or the command line to show.

No UI here: the app and ``ginrummy stats`` / ``ginrummy replay`` share this module. The
records it keeps are in `records` and `settings`.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core import Game, Match
from ..core.save import to_dict
from ..text.i18n import _
from .checks import VERSION, StorageError, _exact_keys, _need, now_iso
from .records import GameMeta, HistoryRecord, parse_game
from .settings import Settings

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


class Store:
    """The data directory: read, validate and atomically write the game's files."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        #: Files refused since this store was made, oldest first.
        self.problems: list[Problem] = []
        self._history: list[HistoryRecord] | None = None

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

    def read_json(self, name: str) -> Any:
        """The parsed file, or `MISSING` if there is none; `StorageError` if it is unreadable."""
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
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            # TRANSLATORS: {problem} is Python's own English description of the JSON error.
            raise StorageError(
                _("not valid JSON: {problem} at line {line}").format(
                    problem=exc.msg, line=exc.lineno
                )
            ) from None
        except RecursionError:
            raise StorageError(_("not valid JSON: nested too deeply")) from None

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

    # --- the autosave ----------------------------------------------------------------
    def save_game(self, obj: Game | Match, meta: GameMeta) -> None:
        """Autosave a game in progress (called after every applied action)."""
        self.write_json(AUTOSAVE, to_dict(obj, meta.to_extra()))

    def load_game(self) -> tuple[Game | Match, GameMeta] | None:
        """The game in progress, if there is a usable one.

        A finished game found here (the program stopped between the last move and the
        bookkeeping) is recorded in the history if it is not there yet, and removed.
        """
        try:
            data = self.read_json(AUTOSAVE)
            if data is MISSING:
                return None
            obj, meta = parse_game(data)
        except StorageError as exc:
            self.quarantine(AUTOSAVE, str(exc))
            return None
        if obj.is_over:
            self.finish_game(obj, meta)
            return None
        return obj, meta

    def finish_game(self, obj: Game | Match, meta: GameMeta) -> HistoryRecord:
        """A game is over: add it to the history (once), then drop its autosave."""
        record = HistoryRecord(meta, now_iso(), obj)
        history = self.history()
        if all(r.meta.id != meta.id for r in history):
            history.append(record)
            self.write_json(HISTORY, self._history_json(history))
        self.remove(AUTOSAVE)
        return record

    # --- the history -----------------------------------------------------------------
    @staticmethod
    def _history_json(records: list[HistoryRecord]) -> dict[str, Any]:
        return {
            "format": HISTORY_FORMAT,
            "version": VERSION,
            "games": [r.to_json() for r in records],
        }

    def history(self) -> list[HistoryRecord]:
        """Every finished game, oldest first (a bad history file is moved aside: empty)."""
        if self._history is not None:
            return self._history
        try:
            self._history = self._load_history()
        except StorageError as exc:
            self.quarantine(HISTORY, str(exc))
            self._history = []
        return self._history

    def _load_history(self) -> list[HistoryRecord]:
        data = self.read_json(HISTORY)
        if data is MISSING:
            return []
        _need(isinstance(data, dict), _("the history must be a JSON object"))
        _need(data.get("format") == HISTORY_FORMAT, _("not a ginrummy history file"))
        version = data.get("version")
        _need(
            type(version) is int and version == VERSION,
            _("history version {version} is not supported (this program reads {supported})").format(
                version=repr(version), supported=VERSION
            ),
        )
        _exact_keys(data, ("format", "version", "games"), _("history"))
        games = data["games"]
        _need(isinstance(games, list), _("'games' must be a list"))
        records: list[HistoryRecord] = []
        seen: set[str] = set()
        for i, item in enumerate(games, 1):
            # TRANSLATORS: a place in the history file: its i-th game.
            where = _("game {n}").format(n=i)
            try:
                record = HistoryRecord.from_json(item, where)
            except RecursionError:
                raise StorageError(_("{where}: nested too deeply").format(where=where)) from None
            _need(record.meta.id not in seen, _("{where} appears twice").format(where=where))
            seen.add(record.meta.id)
            records.append(record)
        return records

    # --- settings --------------------------------------------------------------------
    def load_settings(self) -> Settings:
        """The saved settings (defaults when there are none or they are refused)."""
        try:
            data = self.read_json(SETTINGS)
            return Settings() if data is MISSING else Settings.from_json(data)
        except StorageError as exc:
            self.quarantine(SETTINGS, str(exc))
            return Settings()

    def save_settings(self, settings: Settings) -> None:
        self.write_json(SETTINGS, settings.to_json())
