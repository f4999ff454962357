"""The master opponent, as an engine with a plain configuration.

`MasterPlayer` plays; `MasterConfig` holds every number its play depends on (the
defaults are its play). The logic is split by concern: what it reads of the hidden cards
(`belief`), what a hand is worth (`values`), which card it throws (`discards`), whether
it knocks (`knock`), and the fitted tables (`data`).
"""

from __future__ import annotations

from .belief import Reading, read_view
from .config import MasterConfig
from .player import MasterPlayer

__all__ = ["MasterConfig", "MasterPlayer", "Reading", "read_view"]
