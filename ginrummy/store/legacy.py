"""The JSON files of earlier versions (history.json, autosave.json, settings.json), imported
into the database once, record by record, and kept as ``NAME.imported-TIMESTAMP``.

A record that fails its checks is set aside alone (the quarantine table keeps it with the
reason and its raw content); a whole file that cannot be read is kept there too. The file is
renamed inside the import's transaction (and renamed back if it fails), so two windows
starting at once import it once; games are added by id, so nothing is counted twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from ..text.i18n import _
from .checks import VERSION, StorageError, _exact_keys, _need, now_iso
from .db import transaction
from .folder import MISSING, DataFolder
from .history import add_record
from .records import HistoryRecord, parse_game, slot_of
from .settings import Settings, legacy_last_game, put_settings

#: The old files, in the order they are imported.
LEGACY_FILES = ("settings.json", "history.json", "autosave.json")
HISTORY_FORMAT = "ginrummy-history"
#: The most of a refused file's text kept in the quarantine table.
MAX_PAYLOAD = 64 * 1024 * 1024


def import_legacy(folder: DataFolder, conn: sqlite3.Connection) -> None:
    """Import every old file still in the folder (nothing to do, nothing read, if none)."""
    for name in LEGACY_FILES:
        if folder.path(name).exists():
            _import_file(folder, conn, name)


def _backup_name(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.imported-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.imported-{stamp}-{n}")
    return target


def _raw(path: Path) -> str:
    try:
        data = path.read_bytes()[:MAX_PAYLOAD]
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace")


def _import_file(folder: DataFolder, conn: sqlite3.Connection, name: str) -> None:
    path = folder.path(name)
    backup: Path | None = None
    try:
        with transaction(conn):
            if not path.exists():  # another window imported it meanwhile
                return
            try:
                data = folder.read_json(name, lenient=name == "history.json")
                if name == "settings.json":
                    _settings(conn, data)
                elif name == "history.json":
                    _history(folder, conn, data)
                else:
                    _autosave(folder, conn, data)
            except StorageError as exc:
                folder.set_aside(conn, name, str(exc), _raw(path))
            backup = _backup_name(path)
            conn.execute(
                "INSERT INTO imports (file, at, backup) VALUES (?, ?, ?)",
                (name, now_iso(), backup.name),
            )
            os.replace(path, backup)
    except OSError:
        return  # unreadable now (permissions): left where it is, tried next time
    except BaseException:
        # The transaction was undone: put the file back for the next start.
        if backup is not None and backup.exists() and not path.exists():
            with contextlib.suppress(OSError):
                os.replace(backup, path)
        raise


def _settings(conn: sqlite3.Connection, data: Any) -> None:
    if data is MISSING:
        return
    settings = Settings.from_json(data)
    if conn.execute("SELECT 1 FROM settings WHERE key = 'settings'").fetchone() is None:
        put_settings(conn, json.dumps(settings.to_json(), ensure_ascii=False))
    if conn.execute("SELECT 1 FROM settings WHERE key = 'last-game'").fetchone() is None:
        # The old file held the last game's opponent, level and rules among the settings
        # (not right: the defaults, as for the database's own old settings).
        game = legacy_last_game(json.dumps(data))
        put_settings(conn, json.dumps(game.to_json(), ensure_ascii=False), key="last-game")


def _history(folder: DataFolder, conn: sqlite3.Connection, data: Any) -> None:
    if data is MISSING:
        return
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
    for i, item in enumerate(games, 1):
        # TRANSLATORS: a place in the history file: its i-th game.
        where = _("game {n}").format(n=i)
        try:
            try:
                record = HistoryRecord.from_json(item, where)
            except RecursionError:
                raise StorageError(_("{where}: nested too deeply").format(where=where)) from None
        except StorageError as exc:
            folder.set_aside(conn, "history.json", str(exc), _dump(item))
            continue
        add_record(conn, record)  # a game already there (by id) is not added twice


def _autosave(folder: DataFolder, conn: sqlite3.Connection, data: Any) -> None:
    if data is MISSING:
        return
    obj, meta = parse_game(data)
    if obj.is_over:
        add_record(conn, HistoryRecord(meta, now_iso(), obj))
        return
    slot = slot_of(meta)
    text = json.dumps(data, ensure_ascii=False)
    taken = conn.execute("SELECT id FROM saves WHERE slot = ?", (slot,)).fetchone()
    if taken is not None and taken[0] != meta.id:
        # Kept, not dropped: the slot already holds a newer game.
        folder.set_aside(conn, "autosave.json", _("its slot holds another saved game"), text)
        return
    conn.execute(
        "INSERT OR REPLACE INTO saves (slot, id, updated, save) VALUES (?, ?, ?, ?)",
        (slot, meta.id, now_iso(), text),
    )


def _dump(item: Any) -> str:
    try:
        return json.dumps(item, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):
        return repr(item)[:MAX_PAYLOAD]
