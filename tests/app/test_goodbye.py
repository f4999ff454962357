"""The goodbye line after a game is left saved names a command that starts the game again."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from ginrummy.app.goodbye import again_command, goodbye_line
from ginrummy.text import i18n


def program(folder: Path) -> Path:
    """An executable called ginrummy in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "ginrummy"
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_make_play_says_make_play(tmp_path: Path) -> None:
    """The Makefile tells the program it was started by ``make play``."""
    env = {"GINRUMMY_AGAIN": "make play", "PATH": ""}
    assert again_command(".venv/bin/ginrummy", env, tmp_path) == "make play"
    line = goodbye_line(".venv/bin/ginrummy", env)
    assert "run make play again" in line


def test_the_venv_program_not_on_the_path_is_named_by_its_path(tmp_path: Path) -> None:
    program(tmp_path / ".venv" / "bin")
    env = {"PATH": str(tmp_path / "elsewhere")}
    assert again_command(".venv/bin/ginrummy", env, tmp_path) == os.path.join(
        ".venv", "bin", "ginrummy"
    )
    outside = tmp_path / "other"
    outside.mkdir()
    absolute = str(tmp_path / ".venv" / "bin" / "ginrummy")
    assert again_command(absolute, env, outside) == absolute


def test_installed_on_the_path_says_ginrummy(tmp_path: Path) -> None:
    installed = program(tmp_path / "bin")
    env = {"PATH": str(tmp_path / "bin")}
    assert again_command("ginrummy", env, tmp_path) == "ginrummy"
    # Started by its full path, but the same program is the one on the PATH.
    assert again_command(str(installed), env, tmp_path) == "ginrummy"
    assert goodbye_line("ginrummy", env) == (
        "Your game is saved: run ginrummy again and choose Continue."
    )


def test_another_ginrummy_on_the_path_is_not_offered(tmp_path: Path) -> None:
    """An older install on the PATH would not be the game just played: its path is given."""
    program(tmp_path / "old")
    mine = program(tmp_path / "new")
    env = {"PATH": str(tmp_path / "old")}
    assert again_command(str(mine), env, tmp_path) == os.path.join("new", "ginrummy")


def test_python_dash_m() -> None:
    assert again_command("/x/ginrummy/__main__.py", {"PATH": ""}) == "python -m ginrummy"


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_the_line_is_translated_and_names_the_command(lang: str) -> None:
    i18n.set_language(lang)
    line = goodbye_line(".venv/bin/ginrummy", {"GINRUMMY_AGAIN": "make play", "PATH": ""})
    assert "make play" in line
