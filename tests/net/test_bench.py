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


def test_the_attack_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Every attack at once, small and short, against a host in a child process."""
    argv = ["--attack", "all", "--seconds", "6", "--guessers", "10", "--addresses", "5"]
    assert main([*argv, "--connections", "60", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    guess, idle, flood, host = figures["guess"], figures["idle"], figures["flood"], figures["host"]
    assert guess["wrong_answers"] > 0 and guess["most_a_minute_per_address"] <= 60
    assert idle["closed"] >= 60 and idle["lifetime_max_s"] < 10 + 1
    assert flood["floods"] and max(flood["closed_within_max_s"].values()) < 1.0
    assert host["most_files"] < host["file_limit"] and host["longest_unseated"] < 10 + 0.5
    assert figures["players"]["rejoins"] > 0 and figures["players"]["moves"] > 0
