"""The research scripts' tests import the scripts (research/ on the path, as when a
script runs) and the players' test helpers (tests/players)."""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
for folder in (_ROOT / "research", _ROOT / "tests" / "players"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
