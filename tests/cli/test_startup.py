"""A command loads what it needs when it runs; the start screen defers what it does not show.

Each check runs in a fresh interpreter, where ``sys.modules`` shows what was imported.
"""

from __future__ import annotations

import subprocess
import sys

from .helpers import ROOT

#: Loaded only by the commands that play online (host, join) and the screens that do.
ONLINE = ("ginrummy.net", "websockets")


def _modules_after(code: str) -> set[str]:
    """The modules imported once ``code`` ran (it may print more lines first)."""
    proc = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return set(proc.stdout.splitlines()[-1].split())


def test_importing_the_command_line_loads_no_command() -> None:
    loaded = _modules_after("import ginrummy.cli")
    commands = {"play", "solve", "score", "arena", "bench", "stats", "history", "host", "join"}
    assert not {f"ginrummy.cli.{name}" for name in commands} & loaded
    for heavy in (*ONLINE, "ginrummy.store", "ginrummy.tools", "textual", "asyncio"):
        assert heavy not in loaded, heavy


def test_solve_loads_neither_the_store_nor_online_play() -> None:
    loaded = _modules_after("from ginrummy.cli import main\nmain(['solve', 'AS', '--json'])")
    assert "ginrummy.cli.solve" in loaded
    for heavy in (*ONLINE, "ginrummy.store", "ginrummy.tools", "ginrummy.cli.host", "textual"):
        assert heavy not in loaded, heavy


START_SCREEN = """\
import asyncio, tempfile
from ginrummy.app.app import GinRummyApp
from ginrummy.app.screens.start import StartScreen
from ginrummy.app.widgets.footer import LocalFooter

composed = []
compose = LocalFooter.compose
def counting(self):
    composed.append(self)
    return compose(self)
LocalFooter.compose = counting

async def main():
    app = GinRummyApp(data_dir=tempfile.mkdtemp())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        print(sorted(app.screen.classes), len(composed))
        print(" ".join(str(key.key) for key in app.screen.query("FooterKey")))
asyncio.run(main())
"""


def test_the_start_screen_loads_no_other_screen_nor_online_play() -> None:
    loaded = _modules_after(START_SCREEN)
    for deferred in (
        *ONLINE,
        "ginrummy.app.screens.table",
        "ginrummy.app.screens.online",
        "ginrummy.app.screens.replay",
        "ginrummy.app.screens.settings",
        "ginrummy.app.screens.stats",
        "ginrummy.app.screens.help",
        "ginrummy.app.screens.dialogs",
    ):
        assert deferred not in loaded, deferred


def test_the_start_screen_is_styled_for_its_size_once_and_its_keys_shown() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", START_SCREEN],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    classes, keys = proc.stdout.splitlines()[-2:]
    # The breakpoint classes of 100x30 from the start; the footer composed twice (empty
    # until the bindings are known, then with them), not once per change of focus.
    assert classes == "['-normal', '-normal-height'] 2"
    assert keys.split() == ["f2", "f3", "f8", "f9", "question_mark", "escape"]
