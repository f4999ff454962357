"""Figures of the game in a browser (BENCHMARKS.md, "In a browser"), in headless Chromium.

- **First screen**: ``ginrummy serve`` runs; a tab asks for the page --runs times (after one
  warm-up), each time a fresh game process; timed from asking for the page until the start
  screen's text is on it (read as `scripts/_browser.py` reads it, polled every 20 ms).
- **--sessions pages at once** (8): each page's game process, its resident memory (RSS);
  then in each tab in turn, a game against the computer and --moves moves by keys, each
  timed in the page from the key sent to the first bytes of the new screen (the round
  trip: browser, server, game process and back).
- **--screenshot FILE**: the first tab's table after its moves, as a PNG (the README's).

    python scripts/web_bench.py
    python scripts/web_bench.py --runs 9 --sessions 8 --json
    python scripts/web_bench.py --screenshot assets/browser.png

Needs Chromium and its driver (``apt-get install chromium chromium-driver``) and the dev
environment (``make .venv/.dev-installed``: Selenium, pyte, the web extra).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _browser import (
    Page,
    browser_missing,
    children,
    key_for,
    rss_kib,
    serve,
    start_browser,
)

START = "Play the computer (F2)"


def first_screens(driver: Any, url: str, runs: int) -> list[float]:
    page = Page(driver)
    times = []
    for run in range(runs + 1):
        started = time.monotonic()
        page.open(url)
        page.wait_for(lambda t: START in t, timeout=30, what="the start screen")
        if run:  # the first is a warm-up
            times.append(time.monotonic() - started)
        driver.get("about:blank")  # the page closes: its game ends
    return times


def play_moves(page: Page, moves: int) -> list[float]:
    """A game against the computer, then ``moves`` of this player's moves, each timed."""
    from selenium.webdriver.common.keys import Keys

    page.press(Keys.F2)
    page.wait_for(lambda t: "Round 1" in t, timeout=30, what="the table")
    trips = []
    for _ in range(moves):
        text = page.wait_for(lambda t: key_for(t) is not None, timeout=30, what="my turn")
        page.press(key_for(text) or "")
        deadline = time.monotonic() + 30
        while (trip := page.round_trip()) is None and time.monotonic() < deadline:
            time.sleep(0.005)
        if trip is None:
            raise AssertionError("a move got no answer in 30 s")
        trips.append(trip)
        before = text
        page.wait_for(lambda t: t != before, timeout=30, what="the move played")  # noqa: B023
    return trips


def sessions_at_once(
    driver: Any, url: str, server_pid: int, sessions: int, moves: int, shot: Path | None
) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while children(server_pid) and time.monotonic() < deadline:
        time.sleep(0.05)  # the first screens' games have ended: every seat is free
    pages: list[tuple[str, Page]] = []
    for n in range(sessions):
        if n:
            driver.switch_to.new_window("tab")
        page = Page(driver)
        # A guest of its own: the tabs of one guest share a data folder, and a game against
        # the computer open in one tab is not opened in another (as in two terminals).
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        page.open(url)
        page.wait_for(lambda t: START in t, timeout=60, what="the start screen")
        pages.append((driver.current_window_handle, page))
    time.sleep(1.0)  # settled
    games = children(server_pid)
    memory = [rss_kib(pid) / 1024 for pid in games]
    trips: list[float] = []
    for handle, page in pages:
        driver.switch_to.window(handle)
        trips += play_moves(page, moves)
    if shot is not None:
        driver.switch_to.window(pages[0][0])
        time.sleep(0.5)
        driver.save_screenshot(str(shot))
    return {
        "games": len(games),
        "rss_mib": memory,
        "server_rss_mib": rss_kib(server_pid) / 1024,
        "round_trips_ms": [t * 1000 for t in trips],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="first screens timed (default 7)")
    parser.add_argument("--sessions", type=int, default=8, help="pages at once (default 8)")
    parser.add_argument("--moves", type=int, default=3, help="moves timed per page (3)")
    parser.add_argument("--screenshot", type=Path, help="save the first tab's table here")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    missing = browser_missing()
    if missing:
        print(f"web_bench: {missing}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="web-bench-") as folder:
        root = Path(folder)
        process, url = serve(
            ["--sessions", str(max(args.sessions, 1))], root / "data", root / "serve.log"
        )
        driver = start_browser(root / "profile", size=(1000, 680))
        try:
            firsts = first_screens(driver, url, args.runs)
            at_once = sessions_at_once(
                driver, url, process.pid, args.sessions, args.moves, args.screenshot
            )
        finally:
            driver.quit()
            process.terminate()
            process.wait(10)
    result = {"first_screen_s": firsts, **at_once}
    if args.json:
        print(json.dumps(result))
        return 0
    trips = sorted(at_once["round_trips_ms"])
    memory = at_once["rss_mib"]
    print(
        f"first screen: median {statistics.median(firsts):.3f} s"
        f" (min {min(firsts):.3f}, max {max(firsts):.3f}; {len(firsts)} runs)"
    )
    print(
        f"{at_once['games']} games at once: RSS per game median {statistics.median(memory):.1f}"
        f" MiB (max {max(memory):.1f}); the server {at_once['server_rss_mib']:.1f} MiB"
    )
    print(
        f"move round trip with them all open: median {statistics.median(trips):.0f} ms,"
        f" max {max(trips):.0f} ms ({len(trips)} moves)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
