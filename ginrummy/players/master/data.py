"""The master's fitted tables: the learned knock's linear fits.

A knock's points are predicted from 1 and `replay.KNOCK_FEATURES`, the points of playing
on from 1, the cards left in the stock and the deadwood kept. The fits were learned by
least squares on the master's own knock chances (`research/master_knocks.py`).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CAREFUL_KNOCK_FIT",
    "CAREFUL_PLAY_ON_FIT",
    "KNOCK_FIT",
    "PLAY_ON_FIT",
    "blend",
]

#: A knock's points, learned against eaai (a player that knocks as soon as it may).
KNOCK_FIT: Final = (
    29.5884,
    -0.2927,
    0.8181,
    -0.0285,
    -30.3288,
    15.8304,
    -0.3514,
    -0.7006,
    -1.4709,
    -1.6493,
)
#: The points of playing on, learned against eaai.
PLAY_ON_FIT: Final = (26.9634, 0.3915, -1.9609)

#: The same fits learned against a player that waits for gin (eaai going out with gin
#: only): early knocks pay against a player that never knocks.
CAREFUL_KNOCK_FIT: Final = (
    89.3474,
    -0.6582,
    0.6177,
    0.0890,
    -37.1371,
    8.7440,
    -1.6749,
    -1.6921,
    -5.1363,
    -1.2013,
)
CAREFUL_PLAY_ON_FIT: Final = (1.2505, 0.2478, -0.8448)


def blend(a: tuple[float, ...], b: tuple[float, ...], w: float) -> tuple[float, ...]:
    """The linear fit ``(1 - w) a + w b`` (its prediction is the same blend of theirs); a
    fit with fewer features has 0 for the ones it lacks."""
    size = max(len(a), len(b))
    a, b = (*a, *[0.0] * (size - len(a))), (*b, *[0.0] * (size - len(b)))
    return tuple((1.0 - w) * x + w * y for x, y in zip(a, b, strict=True))
