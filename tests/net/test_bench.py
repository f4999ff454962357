"""The many-tables benchmark runs and prints its figures."""

from __future__ import annotations

import json

import pytest

from ginrummy.net.bench import main


def test_bench_prints_round_trips_and_memory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--tables", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["tables"] == 3 and figures["saved"] is True
    assert figures["actions"] > 3 * 20
    assert 0 < figures["round_trip_median_ms"] <= figures["round_trip_p95_ms"]
    assert figures["host_kib_per_table"] > 0
