"""The ``serve`` fixture: hosts started by a test are closed after it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from support.net import FAST

from ginrummy.net.referee import Table
from ginrummy.net.server import Host, Limits


@pytest.fixture
async def serve() -> AsyncIterator[Callable[..., Any]]:
    """Start a host over the given tables; every host started is closed afterwards."""
    hosts: list[Host] = []

    async def start(*tables: Table, limits: Limits = FAST) -> Host:
        host = Host(list(tables), bind="127.0.0.1", port=0, limits=limits)
        await host.start()
        hosts.append(host)
        return host

    yield start
    for host in hosts:
        await host.close()
