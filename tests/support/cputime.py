"""What each test costs in CPU seconds: a pytest plugin and its summary.

Wall time lies on a shared machine (a test waits for the core another job holds), CPU time
much less: ``pytest --cpu-times=DIR`` (the option is added in ``tests/conftest.py``) writes
one JSON line per test to ``DIR/cpu-<worker>.jsonl`` (one file per xdist worker): the test's
id, the CPU seconds of the test process (``time.process_time``: set-up, call and
tear-down), the wall seconds, the CPU seconds of the child processes it waited for, and
when it ended (seconds since the epoch). ``python tests/support/cputime.py DIR [N]`` prints
the total, the N most expensive tests and files, and the run's tail: the tests that ended
while the other workers had already finished.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import pytest


def _children() -> float:
    times = os.times()
    return times.children_user + times.children_system


class CpuTimes:
    """Measures each test's CPU time (its whole protocol) and writes a row as it ends, so
    that a run stopped before its end still leaves the rows of the tests it ran."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.out: TextIO | None = None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        cpu, wall, children = time.process_time(), time.perf_counter(), _children()
        yield
        row = {
            "test": item.nodeid,
            "cpu": time.process_time() - cpu,
            "wall": time.perf_counter() - wall,
            "children": _children() - children,
            "end": time.time(),
        }
        if self.out is None:  # the first test of this worker (the xdist controller runs none)
            worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
            self.folder.mkdir(parents=True, exist_ok=True)
            self.out = (self.folder / f"cpu-{worker}.jsonl").open("w", encoding="utf-8")
        self.out.write(json.dumps(row) + "\n")
        self.out.flush()

    def pytest_sessionfinish(self) -> None:
        if self.out is not None:
            self.out.close()


def read(folder: Path) -> list[dict[str, float | str]]:
    """Every row the workers wrote to ``folder`` (each with its worker's name)."""
    rows = []
    for path in sorted(folder.glob("cpu-*.jsonl")):
        worker = path.stem.removeprefix("cpu-")
        for line in path.read_text(encoding="utf-8").splitlines():
            rows.append({**json.loads(line), "worker": worker})
    return rows


def tail(rows: list[dict[str, float | str]]) -> list[str]:
    """The tests that ended after the first worker to run out of tests had finished: the
    run's tail, where fewer workers than started were busy."""
    ends: dict[str, float] = {}
    for r in rows:
        if "end" in r:
            ends[str(r["worker"])] = max(ends.get(str(r["worker"]), 0.0), float(r["end"]))
    if len(ends) < 2:
        return []
    first_idle = min(ends.values())
    late = sorted(
        (r for r in rows if float(r.get("end", 0.0)) > first_idle), key=lambda r: r["end"]
    )
    lines = [
        f"the tail: {max(ends.values()) - first_idle:.1f} s after the first worker ended "
        "(ended: s after that; wall s; worker; test)"
    ]
    for r in late:
        ended = float(r["end"]) - first_idle
        lines.append(f"{ended:7.1f} {float(r['wall']):7.2f}  {r['worker']}  {r['test']}")
    return lines


def summary(folder: Path, top: int = 30) -> str:
    """The total CPU seconds, and the most expensive tests and test files."""
    rows = read(folder)
    if not rows:
        return f"no cpu-*.jsonl in {folder}"

    def cost(row: dict[str, float | str]) -> float:
        return float(row["cpu"]) + float(row["children"])

    total = sum(float(r["cpu"]) for r in rows)
    children = sum(float(r["children"]) for r in rows)
    longest = max(rows, key=lambda r: float(r["wall"]))
    lines = [
        f"{len(rows)} tests: {total:.0f} s of CPU in the test processes, {children:.0f} s in "
        f"their children; the longest test {float(longest['wall']):.1f} s wall "
        f"({longest['test']})",
        "",
        f"the {top} most expensive tests (CPU s, children's CPU s, wall s):",
    ]
    for r in sorted(rows, key=cost, reverse=True)[:top]:
        cpu, children, wall = (float(r[k]) for k in ("cpu", "children", "wall"))
        lines.append(f"{cpu:7.2f} {children:6.2f} {wall:7.2f}  {r['test']}")
    files: Counter[str] = Counter()
    for r in rows:
        files[str(r["test"]).split("::")[0]] += cost(r)
    lines += ["", "by file (CPU s, children included):"]
    lines += [f"{seconds:7.1f}  {name}" for name, seconds in files.most_common(top)]
    ended = tail(rows)
    if ended:
        lines += ["", *ended]
    return "\n".join(lines)


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (1, 2) or (len(args) == 2 and not args[1].isdigit()):
        sys.exit("usage: python tests/support/cputime.py DIR [N]  (N: how many tests to list)")
    print(summary(Path(args[0]), int(args[1]) if len(args) == 2 else 30))
