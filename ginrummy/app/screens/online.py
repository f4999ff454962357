"""Online play in the app, one module a screen: hosting (`online_host`), joining
(`online_join`) and the table of an online game (`online_table`); this module opens the
first screen of either, as ``ginrummy host`` and ``ginrummy join`` ask.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from .online_host import HostPlan, HostScreen
from .online_join import JoinPlan, JoinScreen

__all__ = ["online_screen"]


def online_screen(kind: str, options: dict[str, Any]) -> Screen[str]:
    """The screen that hosts (``kind`` "host") or joins ("join") with ``options`` (the
    fields of `HostPlan` or `JoinPlan`): how ``ginrummy host`` and ``join`` open the app."""
    if kind == "host":
        return HostScreen(HostPlan(**options))
    return JoinScreen(JoinPlan(**options))
