"""What a browser guest's game may do online: the game process a page started (`server`)
has ``GINRUMMY_WEB_GUEST`` set, to the one table address it may join (the invitation's),
or to ``-`` for none.

Such a game hosts no table (that would listen on the serving machine, where the guest
chose) and joins no other address (that would let a guest reach whatever the serving
machine reaches). Pure standard library: the app's online screens read it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["ENV_GUEST", "NO_JOIN", "is_guest", "may_join"]

ENV_GUEST = "GINRUMMY_WEB_GUEST"
#: The value for a guest who may join no table (``ginrummy serve``).
NO_JOIN = "-"


def is_guest(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this game runs for a browser guest."""
    return bool((os.environ if environ is None else environ).get(ENV_GUEST))


def may_join(address: str, environ: Mapping[str, str] | None = None) -> bool:
    """Whether this game may join the table at ``address`` (as typed): anyone may, but a
    browser guest only the address of their invitation."""
    allowed = (os.environ if environ is None else environ).get(ENV_GUEST)
    if not allowed:
        return True
    return allowed != NO_JOIN and address.strip().lower() == allowed.lower()
