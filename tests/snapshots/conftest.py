"""The snapshots' reviews (the round's verdict, the game over's review kept in the
background) at a small budget: the same figures every run, in a fraction of a second."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def small_review_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.app.screens import review
    from ginrummy.players.evaluator import Evaluator

    monkeypatch.setattr(
        review, "make_evaluator", lambda: Evaluator(4, seed=1, screen=2, finalists=1)
    )
