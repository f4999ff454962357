"""Errors in the player's language.

The core raises typed errors (`ValueError` subclasses) that say in English what is
wrong; `describe` is how the app and the command line show any of them to a person.
"""

from __future__ import annotations

__all__ = ["describe"]


def describe(exc: BaseException) -> str:
    """What ``exc`` says, in the current language, for a person to read."""
    return str(exc)
