"""The protocol's example bot (docs/examples/bot.py, written from docs/protocol.md alone,
without ginrummy) plays a whole game against the project's own client at a host."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from support.net import client_for, new_table

from ginrummy.net.client import play
from ginrummy.players import make_player

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "bot.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("example_bot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_the_example_bot_plays_a_whole_game(serve: Any) -> None:
    table = new_table(8)
    host = await serve(table)
    ip, port = host.address
    bot = example()
    theirs = client_for(host, table.code, name="Ann")
    final, _ = await asyncio.wait_for(
        asyncio.gather(
            asyncio.to_thread(bot.play, f"ws://{ip}:{port}/", table.code.lower(), "Bot"),
            play(theirs, make_player("simple")),
        ),
        120,
    )
    assert table.over and final["match"]["over"]
    assert final["names"] == ["Bot", "Ann"] or final["names"] == ["Ann", "Bot"]
    assert final["game"]["scores"] == list(table.game.scores)
    assert final["game"]["winner"] == table.game.winner
