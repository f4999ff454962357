"""Playing the game in headless Chromium as a person would: open the page, read the screen,
press keys.

A developer tool shared by ``scripts/web_bench.py`` and the browser tests (``tests/web``
import it through ``tests/support/browser.py``): scripts import nothing from ``tests/``.
It drives Debian's Chromium with its driver (``apt-get install chromium chromium-driver``)
through Selenium, and never downloads a browser.

The page draws the game on a canvas (xterm.js), so its text is read from what the page was
sent: a script added to every page before its own keeps the bytes its websocket receives,
and pyte (a terminal emulator) turns them into the screen's lines, at the size the page
asked for.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: Headless, and nothing that reaches out of this machine (a closed network refuses it).
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)

#: Keeps what the page's websocket receives (``window.__screen``) and the terminal size it
#: asked for (``window.__size``), for each new websocket; and the time of the last key sent
#: (``window.__sent``) and of the first screen bytes after it (``window.__answered``).
CAPTURE = r"""
(() => {
  if (window.__capturing) return;
  window.__capturing = true;
  const Native = window.WebSocket;
  function Capturing(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    const query = new URL(url).searchParams;
    window.__size = [Number(query.get("width")), Number(query.get("height"))];
    window.__screen = "";
    window.__count = (window.__count || 0) + 1;  // the websocket's id: unique across pages
    window.__generation = performance.timeOrigin + ":" + window.__count;
    const decoder = new TextDecoder();
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        if (window.__sent && !window.__answered) window.__answered = performance.now();
        window.__screen += decoder.decode(new Uint8Array(event.data), {stream: true});
      }
    });
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      try {
        const message = JSON.parse(data);
        if (message[0] === "resize") window.__size = [message[1].width, message[1].height];
        if (message[0] === "stdin") [window.__sent, window.__answered] = [performance.now(), 0];
      } catch (e) {}
      return send(data);
    };
    return ws;
  }
  Capturing.prototype = Native.prototype;
  Object.assign(Capturing, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Capturing;
})();
"""


def browser_missing() -> str | None:
    """Why the browser cannot be driven here (None: it can)."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is not installed (apt-get install chromium chromium-driver)"
    for module in ("selenium", "pyte"):
        try:
            __import__(module)
        except ImportError:
            return f"the Python package {module} is not installed (make .venv/.dev-installed)"
    return None


def start_browser(profile: Path, size: tuple[int, int] = (1000, 680)) -> Any:
    """A headless Chromium with a fresh profile in ``profile``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class Page:
    """The game's page in the browser's current tab: its screen as text, and keys."""

    def __init__(self, driver: Any) -> None:
        """The page of the driver's current tab: from here on, each page loaded in that tab
        keeps what it is sent (`CAPTURE`)."""
        self.driver = driver
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
        self._generation = ""
        self._offset = 0
        self._screen: Any = None
        self._stream: Any = None

    def open(self, url: str) -> None:
        self.driver.get(url)

    def text(self) -> str:
        """The screen now (empty before the game's first bytes)."""
        import pyte

        generation, size, data = self.driver.execute_script(
            "return [window.__generation || '', window.__size || [80, 24],"
            " (window.__screen || '').slice(arguments[0])];",
            self._offset,
        )
        if generation != self._generation:  # a new websocket: a new screen
            self._generation, self._offset = generation, 0
            self._screen = None
            return self.text()
        if self._screen is None or (self._screen.columns, self._screen.lines) != tuple(size):
            if self._screen is None:
                self._screen = pyte.Screen(*size)
                self._stream = pyte.Stream(self._screen)
            else:
                self._screen.resize(size[1], size[0])
        self._offset += len(data)
        self._stream.feed(data)
        return "\n".join(line.rstrip() for line in self._screen.display)

    def wait_for(self, ready: Callable[[str], bool], timeout: float = 20.0, what: str = "") -> str:
        """The screen once ``ready(text)`` (polled every 20 ms); AssertionError after
        ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.text()
            if ready(text):
                return text
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what or ready}; the screen:\n{text}")

    def press(self, *keys: str) -> None:
        """Type ``keys`` (Selenium's `Keys` for F2, Enter...) into the terminal."""
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea").send_keys(*keys)

    def round_trip(self) -> float | None:
        """Seconds from the last key sent to the first screen bytes after it (None: not
        answered yet)."""
        sent, answered = self.driver.execute_script(
            "return [window.__sent || 0, window.__answered || 0];"
        )
        return (answered - sent) / 1000 if answered else None

    def body_text(self) -> str:
        from selenium.webdriver.common.by import By

        return str(self.driver.find_element(By.TAG_NAME, "body").text)


#: The key that moves the game on from a table screen (the same simple policy as the
#: end-to-end tests in tmux): pass the first upcard, draw from the stock, discard the card
#: just drawn; None when it is not this player's turn.
def key_for(text: str) -> str | None:
    from selenium.webdriver.common.keys import Keys

    if "take the upcard" in text:
        return "p"
    if "draw from the stock" in text:
        return "s"
    if "discard a card" in text:
        return Keys.ENTER
    return None


URL = re.compile(r"https?://\S+/")


def serve(args: Sequence[str], data: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``ginrummy serve ARGS`` in a process of its own (data in ``data``; its stdout and
    stderr into ``log``), and the address it printed."""
    env = {**os.environ, "GINRUMMY_DATA_DIR": str(data)}
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "ginrummy", "serve", "--port", "0", *args],
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=env,
        )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = URL.search(log.read_text(errors="replace"))
        if found:
            return process, found.group(0)
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"ginrummy serve printed no address: {log.read_text(errors='replace')}")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that still run (Linux)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        return [int(n) for n in path.read_text().split()]
    except OSError:
        return []


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (Linux), 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0
