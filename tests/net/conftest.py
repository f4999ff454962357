"""The ``serve`` fixture (in `support.net`): hosts started by a test are closed after it."""

from __future__ import annotations

from support.net import serve  # noqa: F401 (a fixture, for the tests here)
