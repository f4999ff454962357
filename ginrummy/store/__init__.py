"""The data folder: saved games, the history of finished games, settings, statistics.

`files` reads and writes the folder (atomically, setting damaged files aside); `records`
and `settings` are what it holds; `stats` are the figures drawn from the history.
"""

from __future__ import annotations

from .checks import StorageError
from .files import AUTOSAVE, ENV_DATA_DIR, HISTORY, SETTINGS, Problem, Store, data_dir
from .records import APP_TAG, MAX_NAME, MODES, GameMeta, HistoryRecord, check_name
from .settings import MAX_PACE, Settings

__all__ = [
    "APP_TAG",
    "AUTOSAVE",
    "ENV_DATA_DIR",
    "HISTORY",
    "MAX_NAME",
    "MAX_PACE",
    "MODES",
    "SETTINGS",
    "GameMeta",
    "HistoryRecord",
    "Problem",
    "Settings",
    "StorageError",
    "Store",
    "check_name",
    "data_dir",
]
