"""The wheel holds what runs: the code, its styles and help pages, the compiled catalogues;
not the catalogues' sources, the glossaries nor the developer benchmarks."""

from __future__ import annotations

import zipfile
from pathlib import Path

from .helpers import ROOT, python_output

LANGUAGES = ("da", "es", "fi", "hu", "pl")


def _wheel_files(folder: Path) -> set[str]:
    """Build the wheel (pip, with the project's build backend, hatchling) and list it."""
    python_output("-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(folder), ".", timeout=300)
    (wheel,) = folder.glob("ginrummy-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_the_wheel_holds_what_runs(tmp_path: Path) -> None:
    files = _wheel_files(tmp_path)
    package = {name for name in files if name.startswith("ginrummy/")}
    # Every module of the package that the game and its commands import is there...
    sources = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "ginrummy").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    benchmarks = {
        "ginrummy/tools/storebench.py",
        "ginrummy/tools/reviewbench.py",
        "ginrummy/tools/reviewtargets/__init__.py",
        "ginrummy/tools/reviewtargets/series.py",
        "ginrummy/tools/reviewtargets/targets.py",
        "ginrummy/net/bench.py",
        "ginrummy/net/attacks.py",
        "ginrummy/net/attack_report.py",
        "ginrummy/net/turns.py",
    }
    assert package >= sources - benchmarks
    # ... with what it reads at run time: the styles, the help pages, the catalogues.
    styles = {path.relative_to(ROOT).as_posix() for path in (ROOT / "ginrummy").rglob("*.tcss")}
    assert "ginrummy/app/ginrummy.tcss" in styles
    assert "ginrummy/app/screens/start.tcss" in styles
    assert package >= styles
    assert "ginrummy/py.typed" in package
    assert "ginrummy/app/help/rules.md" in package
    for code in LANGUAGES:
        assert f"ginrummy/text/locale/{code}/LC_MESSAGES/ginrummy.mo" in package
        assert f"ginrummy/app/help/rules.{code}.md" in package
    # Nothing else: no catalogue sources, glossaries, benchmarks or compiled bytecode.
    assert not benchmarks & package
    unwanted = [
        name
        for name in package
        if name.endswith((".po", ".pot", ".toml", ".pyc")) or "/glossary/" in name
    ]
    assert unwanted == []
    allowed = (".py", ".mo", ".md", ".tcss", "py.typed")
    assert [name for name in package if not name.endswith(allowed)] == []
    assert any(name.endswith("entry_points.txt") for name in files)
