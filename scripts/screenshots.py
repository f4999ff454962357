"""Export SVG screenshots of the game for the README: ``make screenshots``
(or ``python scripts/screenshots.py [folder]``).

Plays a seeded game with Pilot (the keyboard seat plays like the simple bot) and saves
the start screen, the table, a round result and the game over screen into ``assets/``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from _pilot import play_until_result, pressing, settle

from ginrummy.app import GinRummyApp
from ginrummy.core import Rules
from ginrummy.text import i18n

SIZE = (100, 30)


async def export(out: Path, size: tuple[int, int] = SIZE) -> list[Path]:
    """Save the screenshots into ``out``; returns the files written."""
    # A fresh data directory: the player's settings, saved game and history stay out of
    # the pictures, and the games played here stay out of the player's files.
    with tempfile.TemporaryDirectory(prefix="ginrummy-screenshots-") as data:
        return await _export(out, size, Path(data))


async def _export(out: Path, size: tuple[int, int], data: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(app: GinRummyApp, name: str) -> None:
        app.save_screenshot(filename=f"{name}.svg", path=str(out))
        written.append(out / f"{name}.svg")

    app = GinRummyApp(computer_delay=0.0, data_dir=data, language="en")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        save(app, "start")

    app = GinRummyApp(mode="computer", seed=7, computer_delay=0.0, data_dir=data, language="en")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in ("p",):
            await pilot.press(key)
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        save(app, "table")

    app = GinRummyApp(
        mode="computer",
        seed=1,
        computer_delay=0.0,
        rules=Rules(target=1),
        data_dir=data,
        language="en",
    )
    async with app.run_test(size=size) as pilot:
        await play_until_result(pilot)
        await pilot.pause()
        save(app, "round-result")
        await pilot.press("enter")
        await pilot.pause()
        save(app, "game-over")

    # The same table in two of the other languages the game speaks.
    for lang in ("pl", "fi"):
        app = GinRummyApp(
            mode="computer",
            seed=7,
            computer_delay=0.0,
            rules=Rules(),
            data_dir=data,
            language=lang,
        )
        async with app.run_test(size=size) as pilot:
            await pressing("p", "s")(pilot)
            save(app, f"table-{lang}")
    i18n.set_language("en")
    return written


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("assets")
    for path in asyncio.run(export(out)):
        print(path)


if __name__ == "__main__":
    main()
