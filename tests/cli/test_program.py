"""The real program (``python -m ginrummy``): exit codes, one-line errors, pipes and Ctrl+C."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginrummy.cli import main

from .helpers import CLI, ROOT, run_program


def test_version_and_help() -> None:
    run = run_program("--version")
    assert run.code == 0
    assert run.out.startswith("ginrummy ")
    for command in ("solve", "score", "arena", "bench", "play"):
        help_run = run_program(command, "--help")
        assert help_run.code == 0
        assert "examples:" in help_run.out
        assert f"ginrummy {command}" in help_run.out
    top = run_program("--help")
    assert "examples:" in top.out and "solve" in top.out


def test_solve_end_to_end() -> None:
    run = run_program("solve", "-", "--json", stdin="AS 2S 3S 4S 9D\n\nKS KH KD\n")
    assert run.code == 0, run.err
    rows = [json.loads(line) for line in run.out.splitlines()]
    assert [r["deadwood_points"] for r in rows] == [9, 0]


def test_score_end_to_end() -> None:
    run = run_program(
        "score", "AS 2S 3S 5H 5D 5C 9C TC JC 8D", "--vs", "6H 7H 8H KS KH KD 2H 3D AD 4S"
    )
    assert run.code == 0, run.err
    assert "Undercut! The defender scores 25 + 8 - 6 = 27." in run.out


@pytest.mark.parametrize(
    "argv",
    [
        ("solve", "AS", "QQ"),
        ("solve", "AS", "AS"),
        ("score", "AS", "--vs", "KS"),
        ("arena", "--players", "simple,nobody"),
        ("frobnicate",),
        ("solve", "--frob", "AS"),
    ],
)
def test_errors_are_one_line_with_status_2(argv: tuple[str, ...]) -> None:
    run = run_program(*argv)
    run.assert_error()
    assert run.out == ""


def test_arena_end_to_end_with_jobs() -> None:
    run = run_program(
        "arena",
        "--players",
        "simple,random",
        "--games",
        "4",
        "--seed",
        "9",
        "--jobs",
        "2",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["games"] == 4 and data["jobs"] == 2


def test_closed_stdout_pipe(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("AS 2S 3S 4S 5S 6S 7S 8S 9S TS\n" * 30_000)
    with (
        hands.open("rb") as stdin,
        subprocess.Popen(
            [sys.executable, "-m", "ginrummy", "solve", "-", "--json"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        ) as proc,
    ):
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        # Close our end early, as `| head -1` would, while output is still coming.
        proc.stdout.close()
        err = proc.stderr.read().decode()
        code = proc.wait(timeout=60)
    assert json.loads(first)["deadwood_points"] == 0
    assert code == 2
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("ginrummy: error: ") and "pipe" in err


def test_ctrl_c_in_a_multi_process_arena() -> None:
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ginrummy",
            "arena",
            "--players",
            "simple,simple",
            "--games",
            "100000",
            "--seed",
            "1",
            "--jobs",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,
    ) as proc:
        time.sleep(2.0)
        # Like a terminal's Ctrl+C: the signal goes to the whole process group.
        os.killpg(proc.pid, signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # not left playing 100,000 games
            raise
    assert proc.returncode == 130
    assert b"Traceback" not in err
    assert err.decode().strip() == "ginrummy: interrupted"
    assert out == b""


def test_ctrl_c_in_process(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("ginrummy.cli.solve.best_melding", interrupted)
    run = cli("solve", "AS")
    assert run.code == 130
    assert run.err == "ginrummy: interrupted\n"


def test_unexpected_error_is_one_line(cli: CLI, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.delenv("GINRUMMY_DEBUG", raising=False)
    monkeypatch.setattr("ginrummy.cli.solve.best_melding", broken)
    cli("solve", "AS").assert_error("internal error", "boom")


def test_cli_does_not_import_textual() -> None:
    code = (
        "import sys; from ginrummy.cli import main; "
        "main(['solve', 'AS', '--json']); "
        "assert 'textual' not in sys.modules and 'ginrummy.app' not in sys.modules"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr


def test_main_returns_status_for_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "usage: ginrummy" in capsys.readouterr().out


def _help_examples() -> list[list[str]]:
    """Every ``ginrummy ...`` example line of every help text that can run as written."""
    from ginrummy.cli import parser as cli_module

    epilogs = [v for k, v in vars(cli_module).items() if k.endswith("_EPILOG")]
    examples = []
    for epilog in epilogs:
        # A command continued on the next line (`` \``) is one command.
        for line in re.sub(r"\s*\\\n\s*", " ", epilog).splitlines():
            text = line.strip()
            if not text.startswith("ginrummy ") or "..." in text or "|" in text:
                continue
            argv = shlex.split(text.split("  ")[0])[1:]
            if argv and argv[0] in ("solve", "score", "arena", "bench"):
                examples.append(argv)
    return examples


def test_help_examples_run(cli: CLI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # an example may write a file (arena --record games.jsonl)
    examples = _help_examples()
    assert len(examples) >= 9
    for argv in examples:
        if argv[0] == "arena":  # the same command, shortened
            argv = [*argv[: argv.index("--games") + 1], "2", *argv[argv.index("--games") + 2 :]]
        if argv[0] == "bench" and "--quick" not in argv:
            argv = [*argv, "--quick"]
        run = cli(*argv)
        assert run.code == 0, (argv, run.err)
        assert run.out


def test_a_console_without_suit_symbols_gets_letters() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    env.pop("GINRUMMY_DEBUG", None)
    proc = subprocess.run(
        [sys.executable, "-m", "ginrummy", "solve", "10h", "jh", "qh", "5c", "5d", "5s", "9s"],
        capture_output=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode("ascii").splitlines()
    assert lines[:2] == ["Hand      10H JH QH 5C 5D 5S 9S", "Melds     [5S 5D 5C] [10H JH QH]"]
