"""Let go of the watchers of closed widgets, which Textual keeps until a value changes.

Textual keeps, on each watched object, a list of (watching node, callback) pairs and drops
the pairs of closed nodes only when the watched value next changes. Two watchers here
outlive their widgets that way: the footer's keys (rebuilt whenever the bindings change)
watch the footer's ``compact``, and the header of every result screen watches the app's
title; neither value changes in a game. Over a long game thousands of removed widgets,
with their style caches, stayed alive: the app grew by about 7 MB a round (issue 11).
`let_go_of_closed` drops those pairs at once, by the test Textual itself applies.
"""

from __future__ import annotations

from typing import Any

#: Where Textual keeps an object's watchers (textual.reactive._watch; a private name, so
#: tests/app/test_memory.py checks that removed widgets are really freed).
WATCHERS = "__watchers"


def let_go_of_closed(obj: object) -> int:
    """Drop ``obj``'s watchers whose node has closed; returns how many were dropped."""
    watchers: dict[str, list[tuple[Any, Any]]] | None = getattr(obj, WATCHERS, None)
    if not watchers:
        return 0
    dropped = 0
    for pairs in watchers.values():
        alive = [
            (node, callback)
            for node, callback in pairs
            if not (getattr(node, "_closing", False) or getattr(node, "_closed", False))
        ]
        dropped += len(pairs) - len(alive)
        pairs[:] = alive
    return dropped
