"""Fixtures for the app's Pilot tests."""

from __future__ import annotations

import pytest
from support.net import serve  # noqa: F401 (a fixture: the online tests' hosts)
from support.reviews import small_evaluator

from ginrummy.app import GinRummyApp


@pytest.fixture
def computer_app() -> GinRummyApp:
    """A table against the simple computer; seed 2: you are first to act, upcard K♣."""
    return GinRummyApp(mode="computer", seed=2, computer_delay=0.0)


@pytest.fixture(autouse=True)
def small_review_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's reviews (the round's verdict, the game over's review kept in the
    background, the review screen) at a budget of a fraction of a second a round: the
    tests wait for the workers (`settle`), and the default budget takes a second a round.
    A test that wants another evaluator patches `make_evaluator` again."""
    from ginrummy.app.screens import review

    monkeypatch.setattr(review, "make_evaluator", small_evaluator)
