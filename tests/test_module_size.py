"""Each module of the package stays one concern: none grows past 600 lines."""

from __future__ import annotations

from pathlib import Path

import ginrummy

#: The most lines a module of the package may have.
MAX_LINES = 600

PACKAGE = Path(ginrummy.__file__).parent


def test_the_package_is_found() -> None:
    assert (PACKAGE / "core" / "round.py").is_file()


def test_no_module_is_over_600_lines() -> None:
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    assert len(sizes) > 50
    too_long = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert too_long == {}, f"split these by concern: {too_long}"
