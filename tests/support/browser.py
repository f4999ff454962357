"""The browser tests' Chromium (`scripts/_browser.py` drives it): a fixture that starts a
headless one with a fresh profile, or skips the test where Chromium is not installed.

In CI (``GINRUMMY_REQUIRE_BROWSER=1``, set by ``.ci/run``, which installs Chromium) a
missing browser fails the tests instead: a skip there would hide that they never ran.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from _browser import Page, browser_missing, children, key_for, rss_kib, serve, start_browser

__all__ = ["Page", "browser", "children", "key_for", "need_browser", "rss_kib", "serve"]


def need_browser() -> None:
    """Skip the test without Chromium, its driver, Selenium or pyte; fail it in CI."""
    missing = browser_missing()
    if missing is None:
        return
    if os.environ.get("GINRUMMY_REQUIRE_BROWSER"):
        pytest.fail(f"GINRUMMY_REQUIRE_BROWSER is set but {missing}")
    pytest.skip(missing)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """A headless Chromium (a Selenium driver) with a fresh profile; quit after the test.
    Its window holds a terminal of about 82x26 cells (the game's smallest is 80x24): the
    fewer cells, the less for pyte to read."""
    need_browser()
    driver = start_browser(tmp_path / "profile", size=(750, 620))
    try:
        yield driver
    finally:
        driver.quit()
