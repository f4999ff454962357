"""research/review_late.py on a tiny series: it reads the games, values the decisions again
and prints its tables; a folder without the series gets one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import review_late

from ginrummy.tools.reviewtargets.series import Series, read_series, run_series

SCRIPT = Path(__file__).resolve().parents[1] / "review_late.py"


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two games to 25 of each series, reviewed at 4 worlds."""
    master = Series(("master", "expert"), (0,), 1, 4, target=25)
    experts = Series(("expert", "expert"), (0, 1), 1, 4, target=25)
    monkeypatch.setattr(review_late, "SERIES", master)
    monkeypatch.setattr(review_late, "EXPERTS", experts)
    run_series(tmp_path, [master, experts], 2, minutes=5, jobs=1, log=False)
    return tmp_path


def test_every_reviewed_decision_is_read_with_its_stage(tiny: Path) -> None:
    lines = read_series(tiny, review_late.SERIES)
    found = list(review_late.points(tiny))
    assert len(found) == sum(g.of(0).decisions for g in lines.values())
    assert {p.stage for p in found} <= set(review_late.STAGES)
    assert review_late.STAGES[0] in {p.stage for p in found}
    assert all(p.played in p.view.legal_actions() for p in found)


def test_compare_and_probe_print_their_tables(
    tiny: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    review_late.main(["compare", str(tiny), "2"])
    out = capsys.readouterr().out
    assert "master against expert: 2 games" in out
    assert "before" in out and "after" in out and "step" in out
    # The second run reads the reviews it kept instead of reviewing again.
    kept = sorted(p.name for p in tiny.glob("after-*.jsonl"))
    assert len(kept) == 2
    review_late.main(["compare", str(tiny), "2"])
    assert capsys.readouterr().out == out
    review_late.main(["probe", str(tiny)])
    assert "4x budget" in capsys.readouterr().out


def test_a_folder_without_the_series_gets_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "probe", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "no series" in done.stderr
    usage = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120, check=False
    )
    assert usage.returncode == 2 and "probe DIR" in usage.stdout


def test_the_fast_compare_values_the_same_losses(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FAST values again only the decisions that lost enough as first reviewed: the
    confirmation leaves the others as they were, so the losses are those of a review."""
    whole = review_late.after(tiny, review_late.SERIES, 2)
    assert any(x >= 0.019 for losses in whole.values() for x in losses)
    for path in tiny.glob("after-*.jsonl"):
        path.unlink()
    monkeypatch.setattr(review_late, "FAST", 0.019)
    fast = review_late.after(tiny, review_late.SERIES, 2)
    assert fast.keys() == whole.keys()
    for key, losses in whole.items():
        assert fast[key] == pytest.approx(losses, abs=1e-4)
