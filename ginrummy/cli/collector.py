"""Python's cyclic garbage collector, held off while the game starts.

Starting the game makes about 60,000 objects that live as long as the program (the modules,
Textual's classes, the parsed styles) and tens of thousands more for the first screen, and
frees hardly any: each collection in that time walks them all and finds nothing to free
(some 50 to 70 ms of CPU on the way to the first screen). `main` holds the collector off
while the command line starts. A command that plays in the app sets aside what loading
made (`freeze`: never walked again) and lets the collector go once the app's first screen
is drawn; every other command lets it go before it runs. From then on collections run as
usual.
"""

from __future__ import annotations

import gc

__all__ = ["freeze", "hold", "release"]

#: Holds True while `hold` keeps the collector off (`release` is to turn it on again).
_held: list[bool] = []


def hold() -> None:
    """Hold the collector off until `release` (if it runs: one that the caller turned off
    stays off)."""
    if gc.isenabled():
        gc.disable()
        _held.append(True)


def freeze() -> None:
    """While held: set every object alive now aside for good (the modules and classes
    loaded so far), so that collections walk only what is made from now on."""
    if _held:
        gc.freeze()


def release() -> None:
    """Let the collector run again if `hold` stopped it."""
    if _held:
        _held.clear()
        gc.enable()
