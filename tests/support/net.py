"""Online tests: tables, hosts on 127.0.0.1 (a free port) with tiny timeouts, clients."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from ginrummy.core import Game, Match, Rules
from ginrummy.net.client import Address, Client
from ginrummy.net.referee import Table
from ginrummy.net.server import Host, Limits

FAST = Limits(
    ping_interval=0.2,
    ping_timeout=0.3,
    hello_timeout=0.5,
    wrong_code_delay=0.05,
    max_wrong_code_delay=0.2,
)


def new_table(seed: int = 1, *, match: bool = False, **kwargs: Any) -> Table:
    obj: Game | Match = (
        Match(Rules.preset("Tournament"), seed=seed) if match else Game(Rules(), seed=seed)
    )
    return Table(obj, **kwargs)


def client_for(host: Host, code: str, **kwargs: Any) -> Client:
    ip, port = host.address
    kwargs.setdefault("ping_interval", 0.2)
    kwargs.setdefault("ping_timeout", 0.3)
    return Client(Address(ip, port, False), code, **kwargs)


@pytest.fixture
async def serve() -> AsyncIterator[Callable[..., Any]]:
    """Start a host over the given tables (``limits``: `FAST` unless given); every host
    started is closed after the test. A fixture, made available by the conftests of the
    folders whose tests use it (tests/net, tests/app)."""
    hosts: list[Host] = []

    async def start(*tables: Table, limits: Limits = FAST) -> Host:
        host = Host(list(tables), bind="127.0.0.1", port=0, limits=limits)
        await host.start()
        hosts.append(host)
        return host

    yield start
    for host in hosts:
        await host.close()
