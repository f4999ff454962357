"""The host's gate: every answer to a hello waits its turn here, paced by the wrong
answers before it per address and over all addresses (see `ginrummy.net.server`), and the
limits the host keeps against strangers and floods."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import ipaddress
import math
from collections import deque
from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Ask", "Gate", "Limits", "Waiter", "address_key"]


class Waiter(Protocol):
    """What the gate reads of a connection: the address it counts it under, and a future
    that is done once the connection is gone."""

    key: str
    gone: asyncio.Future[None]


@dataclass(frozen=True)
class Limits:
    """The host's patience: tests shrink these to keep the suite fast."""

    #: Seconds between pings, and how long a pong may take before the peer counts as dead.
    ping_interval: float = 5.0
    ping_timeout: float = 5.0
    #: A connection must be seated within this many seconds of opening (slow-loris):
    #: it is closed then, whatever it sent.
    hello_timeout: float = 10.0
    #: After a wrong code or token from an address, its next answer (right or wrong)
    #: waits this long; the wait doubles with each recent wrong one, up to the most.
    wrong_code_delay: float = 0.5
    max_wrong_code_delay: float = 8.0
    #: Wrong codes or tokens answered in any ``guess_window`` seconds (a minute), from
    #: one address and from all of them; of the latter, ``guess_burst`` may come at once
    #: (the first guesses of many new addresses), the rest evenly over the window.
    guesses_per_address: int = 60
    guesses: int = 600
    guess_window: float = 60.0
    guess_burst: int = 100
    #: Connections not seated yet (opening, or waiting for the answer to their hello),
    #: from one address and in all.
    unseated_per_address: int = 8
    unseated: int = 256
    #: Open connections in all (also kept ``spare_files`` under the process's file limit).
    connections: int = 4096
    spare_files: int = 64
    #: Connections the kernel may hold before the host accepts them (the system caps it,
    #: 4096 on Linux): a burst beyond it has its handshakes dropped, and a real player
    #: then waits a second for the kernel to try again.
    backlog: int = 2048
    #: Connections accepted in one turn of the event loop: each costs a moment, and a
    #: turn must stay short for the games' moves and the players' hellos between turns.
    accept_batch: int = 64
    #: Messages a seat may send in a burst, and how many more it earns a second; each new
    #: position it is told earns it two more (a fast bot answers every one at once). Each
    #: message costs one; a rejoin ``rejoin_cost`` and a ping ``ping_cost``.
    burst: int = 30
    per_second: float = 5.0
    rejoin_cost: float = 3.0
    ping_cost: float = 0.25
    #: Messages waiting for a client that does not read before it is dropped.
    outbox: int = 256


class Churn:
    """How many connections each address lost lately before they were seated: a count
    that halves every ``half_life`` seconds. Over the host's caps, the address that lost
    the most goes first: a flood's connections all end unseated (given up, dropped, timed
    out), a player's are seated, however often the player rejoins.

    Every count halves at the same pace, so their order changes only when an address's
    count grows: each address's count is kept as a score that does not decay
    (``log2(count) + time / half_life``), and a heap of the scores finds the busiest
    address in logarithmic time, however many addresses there are.
    """

    def __init__(self, half_life: float = 10.0, most: int = 4096) -> None:
        self.half_life = half_life
        self.most = most
        self._score: dict[str, float] = {}
        #: (-score, key) for every count and reminder; entries whose score is not the
        #: key's latest are skipped (and dropped) when found on top.
        self._heap: list[tuple[float, str]] = []

    def rate(self, key: str, now: float) -> float:
        score = self._score.get(key)
        if score is None:
            return 0.0
        return float(2.0 ** (score - now / self.half_life))

    def add(self, key: str, now: float) -> None:
        """Count one more for ``key`` (a connection of its ended unseated)."""
        score = math.log2(self.rate(key, now) + 1.0) + now / self.half_life
        self._score[key] = score
        heapq.heappush(self._heap, (-score, key))
        if len(self._score) > self.most:  # forget the addresses gone quiet
            self._score = {k: v for k, v in self._score.items() if self.rate(k, now) >= 0.5}
            self._rebuild()
        elif len(self._heap) > 4 * len(self._score) + 64:
            self._rebuild()

    def remind(self, key: str) -> None:
        """``key`` has become a candidate again: `busiest` may have forgotten it."""
        score = self._score.get(key)
        if score is not None:
            heapq.heappush(self._heap, (-score, key))

    def busiest(self, candidates: Container[str]) -> str | None:
        """The candidate with the highest count (None if no candidate has any). Every
        candidate must have been counted or reminded of since it last stopped being one:
        the heap forgets the addresses it finds on top that are not candidates."""
        heap = self._heap
        while heap:
            negative, key = heap[0]
            if key in candidates and self._score.get(key) == -negative:
                return key
            heapq.heappop(heap)
        return None

    def _rebuild(self) -> None:
        self._heap = [(-score, key) for key, score in self._score.items()]
        heapq.heapify(self._heap)


@functools.lru_cache(maxsize=4096)
def address_key(ip: str) -> str:
    """What the limits count as one address: an IPv4 address, or an IPv6 address's /64
    (one machine is given a whole /64). Cached: every connection asks, and parsing took
    a tenth of a millisecond each under a flood of connections."""
    try:
        parsed = ipaddress.ip_address(ip.split("%", maxsplit=1)[0])
    except ValueError:
        return ip
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


@dataclass(eq=False)
class Ask:
    """A hello waiting for its answer at the gate."""

    connection: Waiter
    judge: Callable[[], tuple[Any, bool]]
    future: asyncio.Future[Any]
    arrival: float

    @property
    def dead(self) -> bool:
        return self.future.done() or self.connection.gone.done()


class Gate:
    """Paces the answers to hello by the wrong answers before them (see the module's
    docstring): an ask is judged only when its address and the host may take one more
    wrong answer, so the time of an answer never depends on whether it is right."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.loop = asyncio.get_running_loop()
        self._waiting: dict[str, deque[Ask]] = {}
        #: The times of the last window's wrong answers, by address; the host's bucket.
        self._wrong: dict[str, deque[float]] = {}
        limits = self.limits
        guesses = max(1, limits.guesses)
        self._burst = float(max(1, min(limits.guess_burst, guesses // 2)))
        self._rate = max(guesses - self._burst, 1.0) / limits.guess_window
        self._tokens = self._burst
        self._stamp = self.loop.time()
        self._timer: asyncio.TimerHandle | None = None
        #: Answers given and wrong answers given, since the start (for the benchmark).
        self.answered = 0
        self.wrong = 0

    # --- when an address and the host may be answered ---------------------------------
    def _address_at(self, key: str, now: float) -> float:
        times = self._wrong.get(key)
        if times is None:
            return now
        window = self.limits.guess_window
        while times and times[0] <= now - window:
            times.popleft()
        if not times:
            del self._wrong[key]
            return now
        limits = self.limits
        delay: float = limits.wrong_code_delay * 2.0 ** (len(times) - 1)
        at = times[-1] + min(delay, limits.max_wrong_code_delay)
        if len(times) >= limits.guesses_per_address:
            at = max(at, times[-limits.guesses_per_address] + window)
        return max(at, now)

    def _host_at(self, now: float) -> float:
        """When the host may give one more wrong answer: a token bucket of ``guess_burst``
        that fills at the rest of ``guesses`` over the window, so that no window holds
        more than ``guesses``."""
        self._refill(now)
        if self._tokens >= 1:
            return now
        return now + (1 - self._tokens) / self._rate

    def _refill(self, now: float) -> None:
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now

    def _record_wrong(self, key: str, now: float) -> None:
        self.wrong += 1
        self._refill(now)
        self._tokens -= 1
        self._wrong.setdefault(key, deque()).append(now)
        if len(self._wrong) > 2 * self.limits.guesses:
            for k in list(self._wrong):  # forget the addresses quiet for a window
                self._address_at(k, now)

    # --- asking -------------------------------------------------------------------------
    async def answer(
        self,
        connection: Waiter,
        judge: Callable[[], tuple[Any, bool]],
        timeout: float,
    ) -> Any:
        """``judge()``'s verdict (its second item: whether it was wrong) once it is this
        hello's turn; `TimeoutError` after ``timeout`` seconds, `ConnectionError` if the
        connection is lost meanwhile."""
        now = self.loop.time()
        ask = Ask(connection, judge, self.loop.create_future(), now)
        key = connection.key
        self._waiting.setdefault(key, deque()).append(ask)
        at = max(self._host_at(now), self._address_at(key, now))
        if at <= now:
            self._pump()
            if ask.future.done():  # judged at once: no turn of the loop to wait for
                return ask.future.result()
        elif self._timer is None or self._timer.when() > at:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self.loop.call_at(at, self._pump)
        try:
            done, _pending = await asyncio.wait(
                (ask.future, connection.gone),
                timeout=timeout,
                return_when=asyncio.FIRST_COMPLETED,
            )
            if ask.future in done:
                return ask.future.result()
            if connection.gone in done:
                raise ConnectionError("gone")
            raise TimeoutError
        finally:
            if not ask.future.done():
                ask.future.cancel()
                asks = self._waiting.get(key)
                if asks is not None:
                    with contextlib.suppress(ValueError):
                        asks.remove(ask)
                    if not asks:
                        del self._waiting[key]

    def _pump(self) -> None:
        """Judge every ask whose turn it is, best first; wake again for the next one."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while True:
            now = self.loop.time()
            host_at = self._host_at(now)
            best: tuple[tuple[int, int, float], str] | None = None
            earliest = math.inf
            for key, asks in list(self._waiting.items()):
                while asks and asks[0].dead:
                    asks.popleft()
                if not asks:
                    del self._waiting[key]
                    continue
                at = max(host_at, self._address_at(key, now))
                if at > now:
                    earliest = min(earliest, at)
                    continue
                # Fewest recent wrong answers first, then fewest waiting, then oldest.
                rank = (len(self._wrong.get(key, ())), len(asks), asks[0].arrival)
                if best is None or rank < best[0]:
                    best = (rank, key)
            if best is None:
                break
            key = best[1]
            asks = self._waiting[key]
            ask = asks.popleft()
            if not asks:
                del self._waiting[key]
            verdict, wrong = ask.judge()
            self.answered += 1
            if wrong:
                self._record_wrong(key, now)
            ask.future.set_result(verdict)
        if earliest < math.inf:
            self._timer = self.loop.call_at(earliest, self._pump)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
