"""Python's cyclic garbage collector, held off while the game starts.

Starting the game makes about 60,000 objects that live as long as the program (the modules,
Textual's classes, the parsed styles) and frees hardly any: each collection in that time
walks them all and finds nothing to free (about 50 ms of CPU on the way to the first screen,
a tenth of the whole start). `main` holds the collector off while the command line starts;
a command that plays in the app lets it go once the app's modules are loaded, freezing what
was made until then (`gc.freeze`: never walked again), and every other command lets it go
before it runs. From then on collections run as usual.
"""

from __future__ import annotations

import gc

__all__ = ["hold", "release"]

#: Holds True while `hold` keeps the collector off (`release` is to turn it on again).
_held: list[bool] = []


def hold() -> None:
    """Hold the collector off until `release` (if it runs: one that the caller turned off
    stays off)."""
    if gc.isenabled():
        gc.disable()
        _held.append(True)


def release(*, freeze: bool = False) -> None:
    """Let the collector run again if `hold` stopped it. ``freeze``: first set every object
    alive now aside for good (the modules and classes loaded so far), so that collections
    walk only what is made from now on."""
    if not _held:
        return
    _held.clear()
    if freeze:
        gc.freeze()
    gc.enable()
