"""The snapshots' reviews (the round's verdict, the game over's review kept in the
background) at a small budget: the same figures every run, in a fraction of a second."""

from __future__ import annotations

import pytest
from support.reviews import small_evaluator


@pytest.fixture(autouse=True)
def small_review_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.app.screens import review

    monkeypatch.setattr(review, "make_evaluator", small_evaluator)
