"""The turn clock of an online table (``ginrummy host --clock SECONDS``): off by default.

Each position gives the seat that must answer it (the player to act, or after a round's
result each player who has not said ``ready``) ``seconds`` to do so. When a few seconds
are left the table is told again with ``clock.warning`` true (each table shows it); when
the time is out, the computer (the level chosen on the host) plays that turn for the
player, or says ``ready`` for them, and the table goes on (an away player's turns too).

It runs on the host's asyncio loop next to the server and only calls the referee's own
methods, so every rule the referee checks still applies to the moves it makes.

`AwayWatch` is the forfeit rule (``ginrummy host --forfeit MINUTES``, with or without the
clock): a seated player away longer than that loses the match. Away means the connection
is gone (or never came back to a table served again), or, with the clock, the clock has
played that player's turns since they last answered themselves; a move of their own, or
a rejoin, ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from ..core import GinRummyError
from ..players import make_player
from .referee import Refused, Table

__all__ = ["AwayWatch", "TurnClock"]

#: How often the clock looks at its table, in seconds.
TICK = 0.1


class _Watcher:
    """A task on the host's loop that looks at one table until it is stopped."""

    _task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        raise NotImplementedError


class TurnClock(_Watcher):
    """Times the turns of one table; `start` it on the host's loop, `stop` it at the end."""

    def __init__(
        self,
        table: Table,
        seconds: float,
        *,
        level: str = "simple",
        warning: float | None = None,
    ) -> None:
        if seconds <= 0:
            raise ValueError("the clock needs a positive number of seconds")
        self.table = table
        self.seconds = float(seconds)
        self.level = level
        #: The warning comes this many seconds before the end (a third of the time, at most
        #: ten seconds).
        self.warning = warning if warning is not None else min(10.0, self.seconds / 3)
        self._seq = -1
        self._deadline = 0.0
        self._warned = False
        table.clock = self

    # --- what the table tells its seats ------------------------------------------------
    def left(self) -> float:
        """Seconds left to answer the current position (never below 0)."""
        return max(0.0, self._deadline - time.monotonic())

    @property
    def warned(self) -> bool:
        return self._warned

    # --- running -----------------------------------------------------------------------
    def start(self) -> None:
        self._restart()
        super().start()

    def _restart(self) -> None:
        self._seq = self.table.seq
        self._deadline = time.monotonic() + self.seconds
        self._warned = False

    async def _run(self) -> None:
        table = self.table
        while not table.over:
            await asyncio.sleep(TICK)
            if table.seq != self._seq:
                self._restart()
            if not table.seated:
                self._restart()
                continue
            if not table.waiting_on():
                continue
            left = self._deadline - time.monotonic()
            if left <= self.warning and not self._warned:
                self._warned = True
                table.broadcast()  # the state again, with the warning
            if left <= 0:
                await self._play_for()
                if table.seq == self._seq:
                    self._restart()  # nothing could be played: a new turn's time

    async def _play_for(self) -> None:
        """The time is out: the computer plays the turn (or says ready) for the player."""
        table = self.table
        seq = table.seq
        game = table.game
        if game.round_over:
            for seat in table.waiting_on():
                with contextlib.suppress(Refused):
                    table.say_ready(seat, seq, by_clock=True)
            return
        seat = game.round.to_act
        view = game.view(seat)
        bot = make_player(self.level)
        try:
            action = await asyncio.to_thread(bot.choose, view)
        except (GinRummyError, ValueError):
            return
        with contextlib.suppress(Refused):
            table.act(seat, str(action), seq, by_clock=True)


class AwayWatch(_Watcher):
    """Ends a table's match by forfeit when a seat is away longer than ``seconds``;
    `start` it on the host's loop, `stop` it at the end."""

    def __init__(self, table: Table, seconds: float) -> None:
        if seconds <= 0:
            raise ValueError("the forfeit needs a positive time")
        self.table = table
        self.seconds = float(seconds)
        table.forfeit_after = self.seconds

    async def _run(self) -> None:
        table = self.table
        while not table.over:
            await asyncio.sleep(TICK)
            self.check()

    def check(self) -> None:
        """One look at the table: mark the seats without a connection away, and forfeit
        the match of the first seat away too long."""
        table = self.table
        if table.over or not table.seated:
            return
        for seat in (0, 1):
            if table.links[seat] is None:
                table.note_away(seat, True)
        seat = max((0, 1), key=table.away_for)  # both away: the one away longer loses
        if table.away_for(seat) >= self.seconds:
            with contextlib.suppress(Refused):
                table.forfeit(seat)
