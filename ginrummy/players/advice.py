"""A suggested move with its reason: what a player's `advise` returns for a hint."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action

__all__ = ["Advice"]


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested action and why, for a hint to a human player."""

    action: Action
    reason: str
