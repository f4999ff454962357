"""Online play: a host that referees tables over WebSockets, and the clients that join them.

`protocol` is the wire format (docs/protocol.md), `referee` one table's match and seats,
`server` the host that serves tables, `client` a seat's connection and a bot that plays
it, `saves` the host's autosave through the store, `bench` the many-tables benchmark.
"""

from __future__ import annotations
