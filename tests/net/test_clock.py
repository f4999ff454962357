"""The turn clock (host --clock): the table is told the time left and warned, then the
computer plays the turn of a player who waits, and says ready for one who does not."""

from __future__ import annotations

import asyncio
from typing import Any

from ginrummy.core import Game, Rules
from ginrummy.net.clock import TurnClock
from ginrummy.net.referee import Table


class Link:
    def __init__(self) -> None:
        self.states: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "state":
            self.states.append(message)

    def close(self, code: str) -> None:
        pass


async def test_the_clock_warns_then_plays_and_says_ready_for_a_player_who_waits() -> None:
    table = Table(Game(Rules().with_(target=1), seed=5))
    links = [Link(), Link()]
    for seat, name in enumerate(("Ann", "Ben")):
        table.claim(name, "", links[seat])
    clock = TurnClock(table, 0.3, level="simple", warning=0.15)
    assert table.state_for(0)["clock"]["seconds"] == 0.3
    clock.start()
    try:
        seq = table.seq
        for _ in range(200):
            await asyncio.sleep(0.02)
            if table.seq > seq + 3:
                break
        assert table.seq > seq + 3, "the clock did not play"
        told = [s["clock"] for s in links[0].states if s["clock"] is not None]
        assert any(c["warning"] for c in told)  # warned before playing
        assert any(c["played_for"] in (0, 1) for c in told)  # then played for a seat
        # The round's end: nobody says ready, the clock does, and the next round is dealt
        # (or the game ends).
        for _ in range(1500):
            await asyncio.sleep(0.02)
            if table.over or len(table.game.rounds) > 1:
                break
        assert table.over or len(table.game.rounds) > 1
    finally:
        await clock.stop()
