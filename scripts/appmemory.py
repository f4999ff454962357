"""The app's memory over many games: ``python scripts/appmemory.py [--games 10]``.

Runs the real app headless (Textual's ``run_test``) against the computer, plays every
game to its end with keys as a person would (the keyboard seat plays like the simple bot),
presses "Next game" (in a match) or "Play again" on the game-over screen, and prints
after each game the process's resident memory and what Python has allocated
(tracemalloc). A leak shows as a steady climb; with ``--top N`` it also prints the N
source lines whose allocations grew most between the first and the last game. The
figures go to BENCHMARKS.md (issue 11).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import tempfile
import time
import tracemalloc
from pathlib import Path

from _pilot import play_until_result, settle

from ginrummy.app import GinRummyApp
from ginrummy.core import Rules
from ginrummy.text import i18n


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; else the peak from rusage)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def play(games: int, rules: Rules, top: int, size: tuple[int, int]) -> None:
    with tempfile.TemporaryDirectory(prefix="ginrummy-appmemory-") as data:
        app = GinRummyApp(
            mode="computer",
            seed=11,
            rules=rules,
            computer_delay=0.0,
            data_dir=Path(data),
            language="en",
        )
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            gc.collect()
            first = tracemalloc.take_snapshot() if top else None
            start = time.perf_counter()
            print(f"{'game':>4}  {'rounds':>6}  {'RSS MB':>7}  {'traced MB':>9}  {'seconds':>7}")
            print(f"{0:>4}  {'':>6}  {rss_mb():7.1f}  {traced_mb():9.2f}  {0:7.1f}")
            for number in range(1, games + 1):
                rounds = 0
                while type(app.screen).__name__ != "GameOverScreen":
                    await play_until_result(pilot)
                    rounds += 1
                    await pilot.press("enter")
                    await pilot.pause()
                table = app.table
                match = table.session.match if table is not None else None
                # Within a match the next game follows (Enter); else "Play again".
                await pilot.press("enter" if match is not None and not match.is_over else "a")
                await settle(pilot)
                gc.collect()
                elapsed = time.perf_counter() - start
                print(
                    f"{number:>4}  {rounds:>6}  {rss_mb():7.1f}  {traced_mb():9.2f}  "
                    f"{elapsed:7.1f}",
                    flush=True,
                )
            if first is not None:
                last = tracemalloc.take_snapshot()
                print(f"\nThe {top} lines whose allocations grew most since the first game:")
                for stat in last.compare_to(first, "lineno")[:top]:
                    print(f"  {stat}")


def traced_mb() -> float:
    return tracemalloc.get_traced_memory()[0] / 2**20 if tracemalloc.is_tracing() else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    parser.add_argument("--rules", default="Standard", help="a rules preset (default Standard)")
    parser.add_argument("--target", type=int, help="points to win (default: the preset's)")
    parser.add_argument("--top", type=int, default=0, help="show the N lines that grew most")
    parser.add_argument(
        "--no-trace", action="store_true", help="do not trace allocations (RSS only, faster)"
    )
    args = parser.parse_args(argv)
    if not args.no_trace:
        tracemalloc.start(1)
    i18n.set_language("en")
    rules = Rules.preset(args.rules)
    if args.target:
        rules = rules.with_(target=args.target)
    asyncio.run(play(args.games, rules, args.top, (80, 24)))


if __name__ == "__main__":
    main()
