"""How long ``ginrummy`` takes to show its first screen, beside a bare Textual app.

Both programs are started the same way (``python FILE`` or ``python -m ginrummy`` in a
fresh tmux session of the same size, with the same environment) and timed from the start
of the session until their first screen is whole on the pane (``capture-pane``, polled):
its text and the last key of its footer, which Textual's footer draws a frame or more
after the rest. They take turns, after one warm-up run each; the medians and their ratio
are printed.

The bare app is Textual's Header, a Static and a Footer. ``ginrummy`` starts on its start
screen with a data folder of its own (made by the warm-up run, so it is not a first run).
Bytecode is written and read as after an install (``PYTHONDONTWRITEBYTECODE`` is unset for
both: without it, every module of the game would be compiled again at every start).

    python scripts/startup_bench.py             # 7 runs of each
    python scripts/startup_bench.py --runs 15 --json
    python scripts/startup_bench.py --compare /tmp/base   # and another source tree's game

``--compare DIR`` times a third program in the same turns: ``python -m ginrummy`` with
``DIR`` first on ``PYTHONPATH`` (a checkout, or a copy of its ``ginrummy`` package, of
another commit), so that a change is measured against its base under the same load.

``--cpu`` also reads, in each run, the CPU time the process has used (from its start) when
its first screen is whole, and when it began loading ``textual.app``: a
``sitecustomize`` module put on ``PYTHONPATH`` looks at each frame the program draws (its
text) and writes both down. Less disturbed by other jobs than the wall-clock times (which
this look at every frame slows a little: compare them with a run without ``--cpu``).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

#: The bare Textual app the game is measured against.
BARE_APP = """\
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("A bare Textual app")
        yield Footer()


Bare().run()
"""
#: What each first screen shows once it is whole: its text and its footer's last key.
BARE_READY = ("A bare Textual app", "^p palette")
GAME_READY = ("Play the computer", "esc Quit")


#: ``--cpu``: loaded by each program as ``sitecustomize``; when its first screen is whole
#: (every text of ``STARTUP_BENCH_READY``, separated by newlines, drawn), it appends the CPU
#: seconds used when ``textual.app`` began loading and then to ``STARTUP_BENCH_CPU``.
CPU_PROBE = """\
import importlib.abc, importlib.machinery, os, re, sys, time

_ready = os.environ["STARTUP_BENCH_READY"].split("\\n")
_seen = set()
_began = []


def _install(app_module):
    from textual._compositor import CompositorUpdate

    display = app_module.App._display

    def probe(self, screen, update):
        if len(_seen) < len(_ready) and isinstance(update, CompositorUpdate):
            text = re.sub(r"\\x1b\\[[0-9;?]*[a-zA-Z]", "", update.render_segments(self.console))
            _seen.update(part for part in _ready if part in text)
            if len(_seen) == len(_ready):
                with open(os.environ["STARTUP_BENCH_CPU"], "a") as out:
                    out.write(f"{_began[0]} {time.process_time()}\\n")
        return display(self, screen, update)

    app_module.App._display = probe


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "textual.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        load = spec.loader.exec_module

        def exec_module(module):
            _began.append(time.process_time())
            load(module)
            _install(module)

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _Finder())
"""


class Pane:
    """A tmux server of this process's own; one session per run (and one idle session
    that keeps the server up between runs: a server exits with its last session)."""

    def __init__(self, width: int, height: int, poll: float, folder: Path) -> None:
        self.command = ("tmux", "-L", f"startup-bench-{os.getpid()}")
        self.width, self.height, self.poll = width, height, poll
        #: Where each program starts: not a source tree, whose ``ginrummy`` package
        #: ``python -m`` would import ahead of ``PYTHONPATH`` (``--compare``).
        self.folder = folder
        self.tmux("new-session", "-d", "-s", "keep", "sleep 86400")

    def tmux(self, *args: str) -> str:
        proc = subprocess.run(
            [*self.command, *args], capture_output=True, text=True, check=True, timeout=30
        )
        return proc.stdout

    def time_first_screen(
        self, command: list[str], ready: tuple[str, ...], timeout: float
    ) -> float:
        """Seconds from starting ``command`` in a new session until all of ``ready`` shows."""
        name = f"run-{uuid.uuid4().hex[:8]}"
        size = ("-x", str(self.width), "-y", str(self.height))
        start = time.perf_counter()
        where = ("-c", str(self.folder))
        self.tmux("new-session", "-d", "-s", name, *size, *where, shlex.join(command))
        try:
            while time.perf_counter() - start < timeout:
                pane = self.tmux("capture-pane", "-p", "-t", name)
                if all(text in pane for text in ready):
                    return time.perf_counter() - start
                time.sleep(self.poll)
            screen = self.tmux("capture-pane", "-p", "-t", name)
            raise SystemExit(f"no first screen after {timeout} s; the pane shows:\n{screen}")
        finally:
            kill = [*self.command, "kill-session", "-t", name]
            subprocess.run(kill, check=False, capture_output=True)

    def close(self) -> None:
        subprocess.run([*self.command, "kill-server"], check=False, capture_output=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each (default 7)")
    parser.add_argument("--poll", type=float, default=0.01, help="seconds between looks")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per run at most")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--cpu", action="store_true", help="also the CPU time to the first screen, in each run"
    )
    parser.add_argument(
        "--compare",
        metavar="DIR",
        type=Path,
        help="also time the game from this source tree (a checkout of another commit)",
    )
    args = parser.parse_args()
    if args.compare is not None and not (args.compare / "ginrummy" / "__main__.py").is_file():
        print(f"startup_bench: no ginrummy package in {args.compare}", file=sys.stderr)
        return 2
    if shutil.which("tmux") is None:
        print("startup_bench: tmux is needed", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="startup-bench-") as tmp:
        pane = Pane(100, 30, args.poll, Path(tmp))
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE_APP)
        data = Path(tmp) / "data"
        env = ["env", "-u", "PYTHONDONTWRITEBYTECODE", f"GINRUMMY_DATA_DIR={data}"]
        env += ["TERM=xterm-256color", "LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="]
        probe = Path(tmp) / "probe"
        paths = [str(probe)] if args.cpu else []
        if args.cpu:
            probe.mkdir()
            (probe / "sitecustomize.py").write_text(CPU_PROBE)

        def with_probe(name: str, ready: tuple[str, ...], *path: str) -> list[str]:
            if not args.cpu:
                return [f"PYTHONPATH={':'.join(path)}"] if path else []
            out = Path(tmp) / f"cpu-{name}.txt"
            return [
                f"PYTHONPATH={':'.join([*paths, *path])}",
                f"STARTUP_BENCH_CPU={out}",
                "STARTUP_BENCH_READY=" + "\n".join(ready),
            ]

        programs = {
            "bare": (
                [*env, *with_probe("bare", BARE_READY), sys.executable, str(bare)],
                BARE_READY,
            ),
            "ginrummy": (
                [*env, *with_probe("ginrummy", GAME_READY), sys.executable, "-m", "ginrummy"],
                GAME_READY,
            ),
        }
        if args.compare is not None:
            other = [*env, f"GINRUMMY_DATA_DIR={Path(tmp) / 'data-compared'}"]
            other += with_probe("compared", GAME_READY, str(args.compare.resolve()))
            programs["compared"] = ([*other, sys.executable, "-m", "ginrummy"], GAME_READY)
        times: dict[str, list[float]] = {name: [] for name in programs}
        try:
            for command, ready in programs.values():  # warm-up: caches, the data folder
                pane.time_first_screen(command, ready, args.timeout)
            for _ in range(args.runs):
                for name, (command, ready) in programs.items():
                    times[name].append(pane.time_first_screen(command, ready, args.timeout))
        finally:
            pane.close()
        # Each program's CPU seconds (at Textual's app module, at the whole first screen),
        # the warm-up run's left out.
        cpu = {
            name: [
                tuple(float(x) for x in line.split())
                for line in (Path(tmp) / f"cpu-{name}.txt").read_text().splitlines()[1:]
            ]
            for name in programs
            if args.cpu
        }
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["ginrummy"] / medians["bare"]
    report: dict[str, object] = {"runs": args.runs, "seconds": times, "medians": medians}
    report["ratio"] = ratio
    if "compared" in medians:
        report["compared_ratio"] = medians["compared"] / medians["bare"]
    cpu_medians = {
        name: [statistics.median(column) for column in zip(*rows, strict=True)]
        for name, rows in cpu.items()
    }
    if cpu:
        report["cpu"] = cpu
        report["cpu_medians"] = cpu_medians
    if args.json:
        print(json.dumps(report))
    else:
        for name, values in times.items():
            shown = " ".join(f"{v:.2f}" for v in values)
            print(f"{name:9} median {medians[name]:.3f} s  (runs: {shown})")
        print(f"ratio    {ratio:.2f}  (ginrummy / bare Textual app, first screen)")
        if "compared" in medians:
            print(f"compared {report['compared_ratio']:.2f}  (the --compare tree / bare)")
        for name, (began, whole) in cpu_medians.items():
            print(
                f"cpu {name:9} {whole:.3f} s to the first screen ({began:.3f} s when"
                f" textual.app began loading; medians)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
