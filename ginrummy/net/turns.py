"""Where a host's event loop spends its long turns (for the benchmarks only).

`TurnWatch` times every callback the loop runs and every garbage collection, and keeps
the longest turns with the callbacks that filled them: ``python -m ginrummy.net.bench
--attack all --diagnose`` prints them. It patches asyncio's `Handle._run` and the loop's
`_run_once` in the process it is installed in, so it is never used in play.
"""

from __future__ import annotations

import asyncio
import gc
import heapq
import time
from collections import defaultdict
from typing import Any

__all__ = ["TurnWatch", "callback_name"]


def callback_name(handle: asyncio.Handle) -> str:
    """A short name for what a handle runs: a task's coroutine, or the callback's name."""
    callback = getattr(handle, "_callback", None)
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        return f"task {getattr(coro, '__qualname__', type(coro).__name__)}"
    if owner is not None:
        return f"{type(owner).__name__}.{getattr(callback, '__name__', '?')}"
    return str(getattr(callback, "__qualname__", type(callback).__name__))


class TurnWatch:
    """Keeps the ``keep`` longest loop turns over ``longer_than`` seconds, the time of
    every kind of callback, and the garbage collector's pauses."""

    def __init__(self, longer_than: float = 0.05, keep: int = 10) -> None:
        self.longer_than = longer_than
        self.keep = keep
        #: (seconds, turn number, CPU seconds, callbacks run, the costliest callbacks'
        #: names and ms): the CPU time is less when the system ran other processes.
        self.turns: list[tuple[float, int, float, int, list[tuple[str, float]]]] = []
        self.turn_count = 0
        self.busy = 0.0
        #: By callback name: total seconds, count, longest.
        self.by_name: dict[str, list[float]] = defaultdict(lambda: [0.0, 0, 0.0])
        #: By generation: each collection's (seconds, CPU seconds).
        self.gc_pauses: dict[int, list[tuple[float, float]]] = defaultdict(list)
        self._turn: list[tuple[float, str]] = []
        self._gc_start = (0.0, 0.0)
        self._undo: list[Any] = []

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        watch = self
        handle_run = asyncio.Handle._run
        run_once = type(loop)._run_once  # type: ignore[attr-defined]

        def timed_run(handle: asyncio.Handle) -> None:
            start = time.perf_counter()
            try:
                handle_run(handle)
            finally:
                took = time.perf_counter() - start
                watch._turn.append((took, callback_name(handle)))

        def timed_turn(self_loop: Any) -> None:
            watch._turn = []
            cpu = time.thread_time()
            try:
                run_once(self_loop)
            finally:
                watch._end_turn(time.thread_time() - cpu)

        asyncio.Handle._run = timed_run  # type: ignore[method-assign,assignment]
        type(loop)._run_once = timed_turn  # type: ignore[attr-defined]
        gc.callbacks.append(self._gc)
        self._undo = [handle_run, type(loop), run_once]

    def uninstall(self) -> None:
        if not self._undo:
            return
        handle_run, loop_class, run_once = self._undo
        asyncio.Handle._run = handle_run  # type: ignore[method-assign]
        loop_class._run_once = run_once
        gc.callbacks.remove(self._gc)
        self._undo = []

    def _end_turn(self, cpu: float) -> None:
        self.turn_count += 1
        turn = self._turn
        spent = sum(t for t, _ in turn)
        self.busy += spent
        for took, name in turn:
            entry = self.by_name[name]
            entry[0] += took
            entry[1] += 1
            entry[2] = max(entry[2], took)
        if spent < self.longer_than:
            return
        costly: dict[str, float] = defaultdict(float)
        for took, name in turn:
            costly[name] += took
        top = sorted(costly.items(), key=lambda kv: -kv[1])[:4]
        named = [(n, round(t * 1000, 1)) for n, t in top]
        item = (spent, self.turn_count, cpu, len(turn), named)
        if len(self.turns) < self.keep:
            heapq.heappush(self.turns, item)
        elif spent > self.turns[0][0]:
            heapq.heapreplace(self.turns, item)

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = (time.perf_counter(), time.thread_time())
        else:
            wall, cpu = self._gc_start
            pause = (time.perf_counter() - wall, time.thread_time() - cpu)
            self.gc_pauses[int(info["generation"])].append(pause)

    def figures(self) -> dict[str, Any]:
        costliest = sorted(self.by_name.items(), key=lambda kv: -kv[1][0])[:8]
        return {
            "turns": self.turn_count,
            "busy_s": round(self.busy, 1),
            "longest_turns": [
                {
                    "ms": round(s * 1000, 1),
                    "cpu_ms": round(cpu * 1000, 1),
                    "turn": n,
                    "callbacks": c,
                    "costliest_ms": top,
                }
                for s, n, cpu, c, top in sorted(self.turns, reverse=True)
            ],
            "costliest_callbacks": [
                {
                    "name": name,
                    "total_s": round(t, 2),
                    "count": int(c),
                    "max_ms": round(m * 1000, 1),
                }
                for name, (t, c, m) in costliest
            ],
            "gc": {
                str(g): {
                    "count": len(p),
                    "total_ms": round(sum(w for w, _ in p) * 1000),
                    "cpu_ms": round(sum(c for _, c in p) * 1000),
                    "max_ms": round(max(w for w, _ in p) * 1000, 1),
                }
                for g, p in sorted(self.gc_pauses.items())
            },
        }
