"""A command loads what it needs when it runs; the start screen defers what it does not show.

Each check runs in a fresh interpreter, where ``sys.modules`` shows what was imported.
"""

from __future__ import annotations

from .helpers import python_output

#: Loaded only by the commands that play online (host, join) and the screens that do.
ONLINE = ("ginrummy.net", "websockets")
#: The bots' modules: loaded by the one game (or hint) that needs each, never to list them.
BOTS = (
    "ginrummy.players.random_player",
    "ginrummy.players.simple",
    "ginrummy.players.expert",
    "ginrummy.players.master",
    "ginrummy.players.eaai",
    "ginrummy.players.defensive",
    "ginrummy.players.estimates",
    "ginrummy.players.gamevalue_data",
)


def _modules_after(code: str) -> set[str]:
    """The modules imported once ``code`` ran (it may print more lines first)."""
    out = python_output("-c", f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))")
    return set(out.splitlines()[-1].split())


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
        read = [path for path, _ in app.stylesheet.source if "ginrummy" in str(path)]
        print(" ".join(sorted(path.split("/")[-1] for path in read)))
        print(all(str(path) in {str(p) for p in app.css_path} for path in app.screen.css_path))
asyncio.run(main())
"""


def _start_screen_lines() -> list[str]:
    """What `START_SCREEN` printed: classes and compositions, keys, stylesheets read, and
    whether the start screen's stylesheets came with the app's."""
    return python_output("-c", START_SCREEN).splitlines()[-4:]


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
        "ginrummy.app.widgets.palette",  # the cards' widgets
        *BOTS,
    ):
        assert deferred not in loaded, deferred


def test_the_start_screen_is_styled_for_its_size_once_and_its_keys_shown() -> None:
    classes, keys = _start_screen_lines()[:2]
    # The breakpoint classes of 100x30 from the start; the footer composed once, with its
    # keys (not empty until the bindings are known, then again, nor once per change of
    # focus).
    assert classes == "['-normal', '-normal-height'] 1"
    assert keys.split() == ["f2", "f3", "f8", "f9", "question_mark", "escape"]


def test_the_start_reads_only_the_shared_and_the_start_screens_stylesheets() -> None:
    read, with_the_app = _start_screen_lines()[2:]
    # The table's, the dialogs', the cards' ... rules are read when their screen opens.
    assert read.split() == ["ginrummy.tcss", "start.tcss"]
    # Read with the app's own, so that showing the start screen parses nothing again.
    assert with_the_app == "True"


def test_every_screens_stylesheet_exists_and_none_is_left_unread() -> None:
    """Each screen's CSS_PATH names files beside it, and every stylesheet there is one."""
    code = """\
import importlib, inspect, pathlib, pkgutil
import ginrummy.app.screens as package
from textual.screen import Screen
named = set()
for info in pkgutil.iter_modules(package.__path__):
    module = importlib.import_module(f"ginrummy.app.screens.{info.name}")
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if issubclass(cls, Screen) and cls.__module__ == module.__name__ and cls.CSS_PATH:
            paths = cls.CSS_PATH if isinstance(cls.CSS_PATH, list) else [cls.CSS_PATH]
            for path in paths:
                full = pathlib.Path(inspect.getfile(cls)).parent / path
                assert full.is_file(), (cls, path)
                named.add(full.name)
here = pathlib.Path(package.__path__[0])
print(" ".join(sorted(named)), "|", " ".join(sorted(p.name for p in here.glob("*.tcss"))))
"""
    named, present = python_output("-c", code).strip().split(" | ")
    assert named == present
    for screen in ("start", "table", "cards", "dialogs", "result", "gameover", "replay"):
        assert f"{screen}.tcss" in named.split()


def test_the_players_registry_loads_no_bot_until_one_is_made() -> None:
    loaded = _modules_after("from ginrummy.players import LEVELS, PLAYERS\nprint(LEVELS)")
    assert "ginrummy.players" in loaded
    for bot in BOTS:
        assert bot not in loaded, bot
    loaded = _modules_after("from ginrummy.players import make_player\nmake_player('simple')")
    assert "ginrummy.players.simple" in loaded
    assert not {"ginrummy.players.expert", "ginrummy.players.master"} & loaded


def test_the_bot_classes_are_still_importable_from_the_players_package() -> None:
    code = (
        "from ginrummy.players import MasterPlayer, ExpertPlayer, make_player\n"
        "print(type(make_player('master')) is MasterPlayer, ExpertPlayer.__name__)\n"
        "import ginrummy.players as players\n"
        "try:\n    players.NoSuchPlayer\nexcept AttributeError as error:\n    print(error)"
    )
    assert python_output("-c", code).splitlines() == [
        "True ExpertPlayer",
        "module 'ginrummy.players' has no attribute 'NoSuchPlayer'",
    ]


def test_the_app_s_launch_stays_the_function_once_its_module_is_loaded() -> None:
    """`ginrummy.app` gives `launch` on first use: its module's name must not take the
    function's place in the package once imported (the end-to-end programs ask twice)."""
    out = python_output(
        "-c",
        "from ginrummy.app import launch\n"
        "from ginrummy.app import launch as again\n"
        "import ginrummy.app\n"
        "print(callable(launch), again is launch, ginrummy.app.launch is launch)",
    )
    assert out.split() == ["True", "True", "True"]
