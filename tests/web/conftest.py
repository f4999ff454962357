"""The ``browser`` fixture (in `support.browser`) for the browser tests here."""

from __future__ import annotations

from support.browser import browser  # noqa: F401 (a fixture, for the tests here)
