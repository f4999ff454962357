"""Faults found under attack: a console without suits, too many cards, one endless line,
emoji suits and a byte-order mark."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .helpers import CLI, ROOT

ALL_CARDS = [r + s for s in "SHDC" for r in ("A", *"23456789", "T", "J", "Q", "K")]


@pytest.mark.parametrize("argv", [["--help"], ["solve", "--help"], ["solve", "AS", "2S", "3S"]])
def test_a_console_without_suits_gets_ascii(argv: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIO"))}
    env.update(LC_ALL="C", PYTHONUTF8="0")
    proc = subprocess.run(
        [sys.executable, "-m", "ginrummy", *argv],
        capture_output=True,
        cwd=ROOT,
        env=env,
        check=False,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr and b"error" not in proc.stderr
    proc.stdout.decode("ascii")  # nothing but ASCII
    if argv == ["--help"]:
        assert b"a suit (S H D C or S H D C)" in proc.stdout


@pytest.mark.parametrize("count", [12, 45, 52])
def test_solve_refuses_more_cards_than_a_hand(cli: CLI, count: int) -> None:
    cli("solve", *ALL_CARDS[:count]).assert_error(f"a hand has at most 11 cards, not {count}")
    run = cli("solve", "-", stdin="AS 2S 3S\n" + " ".join(ALL_CARDS[:count]) + "\n")
    run.assert_error(f"line 2: a hand has at most 11 cards, not {count}")


def test_one_endless_line_on_stdin_is_refused(cli: CLI) -> None:
    run = cli("solve", "-", stdin="AS " * 2_000_000)
    run.assert_error("line 1 is too long (more than 4096 characters)")


def test_emoji_suits_and_a_byte_order_mark_are_read(cli: CLI) -> None:
    hand = "\ufeffA\u2665\ufe0f 2\u2665\ufe0f 3H 4S 5S 6S 7C 8C 9C KD"
    run = cli("solve", "--json", "-", stdin=hand + "\n")
    assert run.code == 0, run.err
    assert '"AH"' in run.out and '"deadwood_points": 10' in run.out
    assert cli("solve", "--json", "A\u2660\ufe0f", "2S", "3S").code == 0
