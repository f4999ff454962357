"""Fixtures for the app's Pilot tests."""

from __future__ import annotations

import pytest
from support.net import serve  # noqa: F401 (a fixture: the online tests' hosts)

from ginrummy.app import GinRummyApp


@pytest.fixture
def computer_app() -> GinRummyApp:
    """A table against the simple computer; seed 2: you are first to act, upcard K♣."""
    return GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
