"""Fixtures for the app's Pilot tests."""

from __future__ import annotations

import pytest

from ginrummy.app import GinRummyApp


@pytest.fixture
def computer_app() -> GinRummyApp:
    """A table against the simple computer; seed 2: you are first to act, upcard K♣."""
    return GinRummyApp(mode="computer", seed=2, computer_delay=0.0)
