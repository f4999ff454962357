"""The data folder: saved games, the history of finished games, settings, statistics.

`Store` (`store`) reads and writes the folder's SQLite database (`db`: schema and
migrations; one transaction a write; damaged records set aside alone), its tables kept by
`history`, `leases` (which window has a saved game open) and `settings`; `folder` is the
folder itself (where it is, its JSON files, what is moved aside); `legacy` imports the JSON
files of earlier versions; `records` and `settings` are what it holds; `stats` are the
figures drawn from the history; `checks` what every check shares.
"""

from __future__ import annotations

from .checks import DatabaseUnavailable, StorageError
from .db import DB_NAME, NewerDatabase
from .folder import AUTOSAVE, ENV_DATA_DIR, HISTORY, SETTINGS, Problem, data_dir
from .leases import HEARTBEAT, Lease, SlotTaken
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
from .settings import MAX_PACE, LastGame, Settings, peek_language
from .store import SavedGame, Store

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
    "DatabaseUnavailable",
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
