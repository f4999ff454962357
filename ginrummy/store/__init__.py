"""The data folder: saved games, the history of finished games, settings, statistics.

`files` reads and writes the folder's SQLite database (`db`: schema and migrations; one
transaction a write; damaged records set aside alone); `legacy` imports the JSON files of
earlier versions; `records` and `settings` are what it holds; `stats` are the figures drawn
from the history.
"""

from __future__ import annotations

from .checks import StorageError
from .db import DB_NAME, NewerDatabase
from .files import (
    AUTOSAVE,
    ENV_DATA_DIR,
    HEARTBEAT,
    HISTORY,
    SETTINGS,
    Lease,
    Problem,
    SavedGame,
    SlotTaken,
    Store,
    data_dir,
    peek_language,
)
from .records import (
    APP_TAG,
    MAX_NAME,
    MODES,
    GameMeta,
    HistoryEntry,
    HistoryRecord,
    check_name,
    slot_of,
)
from .settings import MAX_PACE, LastGame, Settings

__all__ = [
    "APP_TAG",
    "AUTOSAVE",
    "DB_NAME",
    "ENV_DATA_DIR",
    "HEARTBEAT",
    "HISTORY",
    "MAX_NAME",
    "MAX_PACE",
    "MODES",
    "SETTINGS",
    "GameMeta",
    "HistoryEntry",
    "HistoryRecord",
    "LastGame",
    "Lease",
    "NewerDatabase",
    "Problem",
    "SavedGame",
    "Settings",
    "SlotTaken",
    "StorageError",
    "Store",
    "check_name",
    "data_dir",
    "peek_language",
    "slot_of",
]
