"""Many tables at once: ``python -m ginrummy.net.bench --tables 200``; the abuse limits
under attack: ``python -m ginrummy.net.bench --attack all`` (see `ginrummy.net.attacks`).

Starts a headless host in a child process (so that its memory is the host's alone), then
plays every table with two simple bots over 127.0.0.1 from this process, and prints the
action round trip (a move sent to the position it made coming back: median and 95th
percentile) and the host's memory per table (resident memory at its peak, less the
memory before any table was made, divided by the tables).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from ..core import Game, Rules
from ..players import make_player
from . import attack_report, attacks
from .attacks import ATTACKS
from .client import Address, Client, play
from .referee import Table
from .server import Host, Limits

__all__ = ["main"]


def _rss_kib() -> int:
    """This process's resident memory in KiB (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


async def _serve(tables: int, save: bool) -> None:
    """The child: serve ``tables`` tables, report the port and codes, then the memory."""
    base = _rss_kib()
    store = None
    made: list[Table] = []
    if save:
        from ..store import Store
        from .saves import OnlineSaves

        store = Store(os.environ["GINRUMMY_DATA_DIR"])
        saves = OnlineSaves(store)
    for n in range(tables):
        table = Table(Game(Rules(), seed=n + 1))
        if save:
            saves.attach(table)
        made.append(table)
    # Its 2 x tables bots connect at once, all from 127.0.0.1: the caps on connections not
    # seated yet are raised to let them (the attack benchmark measures the real caps).
    crowd = 2 * tables + 64
    limits = Limits(burst=60, unseated=max(crowd, 256), unseated_per_address=crowd)
    host = Host(made, port=0, limits=limits)
    await host.start()
    print(json.dumps({"port": host.address[1], "codes": [t.code for t in made]}), flush=True)
    peak = _rss_kib()

    async def sample() -> None:
        nonlocal peak
        while True:
            peak = max(peak, _rss_kib())
            await asyncio.sleep(0.1)

    sampler = asyncio.get_running_loop().create_task(sample())
    await host.serve_until_done()
    sampler.cancel()
    if store is not None:
        store.close()
    print(json.dumps({"base_kib": base, "peak_kib": peak}), flush=True)


async def _clients(port: int, codes: list[str]) -> list[float]:
    address = Address("127.0.0.1", port, False)
    clients = [
        Client(address, code, name=name, open_timeout=60)
        for code in codes
        for name in ("Ann", "Ben")
    ]
    await asyncio.gather(*(play(c, make_player("simple")) for c in clients))
    return [t for c in clients for t in c.round_trips]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ginrummy.net.bench", description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--no-save", action="store_true", help="the host saves no move")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--attack",
        action="append",
        choices=[*ATTACKS, "all"],
        help="attack a host (guess, idle, flood, or all at once) instead; repeatable",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the attacks last")
    parser.add_argument("--addresses", type=int, default=100, help="the guessers' addresses")
    parser.add_argument("--guessers", type=int, default=100, help="parallel guessers")
    parser.add_argument(
        "--connections", type=int, default=5000, help="connections that never sit down"
    )
    parser.add_argument(
        "--diagnose",
        action="store_true",
        help="with --attack: also time the host's loop turns and garbage collections",
    )
    parser.add_argument(
        "--attacker-nice",
        type=int,
        default=10,
        help="the attackers' niceness (their processes share the host's machine; default 10)",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve-attacked", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--attacker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        asyncio.run(_serve(args.tables, not args.no_save))
        return 0
    if args.serve_attacked:
        asyncio.run(attacks.serve(args.diagnose))
        return 0
    if args.attacker:
        plan = json.loads(args.attacker)
        attacks.attacker(plan["kind"], plan["port"], plan["seconds"], plan["options"])
        return 0
    if args.attack:
        kinds = list(ATTACKS) if "all" in args.attack else sorted(set(args.attack))
        options = {
            "addresses": args.addresses,
            "guessers": args.guessers,
            "connections": args.connections,
            "nice": args.attacker_nice,
        }
        result = attacks.run_attacks(kinds, args.seconds, options, diagnose=args.diagnose)
        print(json.dumps(result) if args.json else attack_report.report(result))
        return 0
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "GINRUMMY_DATA_DIR": data}
        command = [sys.executable, "-m", "ginrummy.net.bench", "--serve"]
        command += ["--tables", str(args.tables)] + (["--no-save"] if args.no_save else [])
        child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        assert child.stdout is not None
        ready = json.loads(child.stdout.readline())
        start = time.perf_counter()
        trips = asyncio.run(_clients(ready["port"], ready["codes"]))
        wall = time.perf_counter() - start
        memory = json.loads(child.stdout.readline())
        child.wait(timeout=60)
    trips.sort()
    per_table = (memory["peak_kib"] - memory["base_kib"]) / args.tables
    figures: dict[str, Any] = {
        "tables": args.tables,
        "saved": not args.no_save,
        "actions": len(trips),
        "round_trip_median_ms": round(statistics.median(trips) * 1000, 2),
        "round_trip_p95_ms": round(trips[int(0.95 * (len(trips) - 1))] * 1000, 2),
        "host_kib_per_table": round(per_table, 1),
        "host_peak_mib": round(memory["peak_kib"] / 1024, 1),
        "seconds": round(wall, 1),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['tables']} tables, {figures['actions']} actions"
            f" in {figures['seconds']} s (host saves every move: {figures['saved']})\n"
            f"action round trip: median {figures['round_trip_median_ms']} ms,"
            f" 95th percentile {figures['round_trip_p95_ms']} ms\n"
            f"host memory: {figures['host_kib_per_table']} KiB per table"
            f" (peak {figures['host_peak_mib']} MiB)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
