"""``ginrummy arena``: reproducible games, alternating seats, identical results over jobs."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ginrummy.core import Action, Discard, DrawStock, PlayerView, Rules, TakeDiscard
from ginrummy.players import PLAYERS
from ginrummy.tools.arena import (
    ArenaError,
    RunSummary,
    TimeStats,
    parse_players,
    plan_game,
    play_game_record,
    run_arena,
    wilson_interval,
)

from .helpers import CLI

TIMING = ("seconds", "rounds_per_second", "jobs")


def _without_timing(data: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in data.items() if k not in TIMING}
    out["stats"] = {
        name: {k: v for k, v in stats.items() if k != "decision_ms"}
        for name, stats in data["stats"].items()
    }
    return out


def _arena_json(cli: CLI, *argv: str) -> dict[str, Any]:
    run = cli("arena", *argv, "--json")
    assert run.code == 0, run.err
    data: dict[str, Any] = json.loads(run.out)
    return data


def test_json_keys_and_consistency(cli: CLI) -> None:
    data = _arena_json(cli, "--players", "simple,random", "--games", "6", "--seed", "3")
    for key in ("games", "wins", "rounds", "rounds_per_second", "stats", "dead_rounds", "seed"):
        assert key in data
    assert data["games"] == 6
    assert data["seed"] == 3
    assert set(data["wins"]) == {"simple", "random"}
    assert sum(data["wins"].values()) == 6
    assert data["rounds_per_second"] > 0
    simple, rand = data["stats"]["simple"], data["stats"]["random"]
    assert simple["games_won"] == data["wins"]["simple"]
    assert simple["rounds_won"] + rand["rounds_won"] + data["dead_rounds"] == data["rounds"]
    for stats in (simple, rand):
        lo, hi = stats["win_ci95"]
        assert 0 <= lo <= stats["win_rate"] <= hi <= 1
        assert stats["moves"] > 0
        ms = stats["decision_ms"]
        assert 0 <= ms["mean"] <= ms["max"] and ms["p95"] <= ms["max"]
        for key in ("gins", "big_gins", "undercuts", "knocks", "mean_points_per_round"):
            assert key in stats
        assert stats["gins"] + stats["big_gins"] <= stats["rounds_won"]
        assert 0 <= stats["undercut_against"] <= stats["knocks"]
        if stats["knocks"]:
            rate = stats["undercut_against"] / stats["knocks"]
            assert stats["undercut_rate"] == pytest.approx(rate, abs=1e-4)
    # Every undercut one player won is a knock of the other that was undercut.
    assert simple["undercuts"] == rand["undercut_against"]
    assert rand["undercuts"] == simple["undercut_against"]
    # The simple bot beats a random one.
    assert simple["games_won"] >= 5


def test_equal_names_are_suffixed(cli: CLI) -> None:
    data = _arena_json(cli, "--players", "simple,simple", "--games", "2", "--seed", "1")
    assert set(data["wins"]) == {"simple#1", "simple#2"}
    assert data["players"] == ["simple#1", "simple#2"]


def test_jobs_give_identical_results(cli: CLI) -> None:
    argv = ("--players", "simple,random", "--games", "8", "--seed", "11")
    one = _arena_json(cli, *argv, "--jobs", "1")
    two = _arena_json(cli, *argv, "--jobs", "2")
    assert two["jobs"] == 2
    assert _without_timing(one) == _without_timing(two)
    again = _arena_json(cli, *argv)
    assert _without_timing(again) == _without_timing(one)


def test_jobs_identical_game_by_game() -> None:
    a = run_arena(("simple", "simple"), 6, seed=5, jobs=1)
    b = run_arena(("simple", "simple"), 6, seed=5, jobs=2)
    # The digest chains every game's (index, winner, scores, rounds) in order.
    assert a.digest == b.digest and len(a.digest) == 64
    c = run_arena(("simple", "simple"), 6, seed=6, jobs=1)
    assert c.digest != a.digest


def test_digest_is_the_chain_of_the_games() -> None:
    summary = RunSummary()
    for i in range(3):
        summary.add_game(play_game_record(("simple", "random"), Rules(), plan_game(9, i)))
    result = run_arena(("simple", "random"), 3, seed=9, jobs=1)
    assert result.digest == summary.digest
    assert (result.games, result.rounds) == (3, summary.rounds)


def test_a_run_keeps_no_per_game_records() -> None:
    """Memory must not grow with --games: a run folds games into running totals."""
    result = run_arena(("simple", "random"), 4, seed=1, jobs=2)
    assert not hasattr(result, "records")
    times = result.stats[0].times
    assert isinstance(times, TimeStats)
    assert times.count == result.stats[0].tally.moves
    # The histogram is bounded by its bins (1% wide), not by the number of decisions.
    assert len(times.bins) < 2000


def test_time_stats_percentiles_within_one_percent() -> None:
    values = [(i % 97 + 1) * 1e-4 for i in range(5000)]  # 0.1 .. 9.7 ms
    stats = TimeStats()
    half = TimeStats()
    for i, v in enumerate(values):
        (stats if i % 2 else half).add(v)
    stats.merge(half)
    ordered = sorted(values)
    assert stats.count == 5000
    assert stats.mean == pytest.approx(sum(values) / 5000)
    assert stats.slowest == max(values)
    for q in (0.5, 0.95, 0.99):
        exact = ordered[int(q * 5000) - 1]
        assert exact <= stats.percentile(q) <= exact * 1.01
    assert stats.percentile(1.0) == max(values)
    assert TimeStats().percentile(0.95) == 0.0 and TimeStats().mean == 0.0


def test_seats_and_first_dealer_alternate() -> None:
    plans = [plan_game(7, i) for i in range(8)]
    assert [p.seats for p in plans] == [(0, 1), (1, 0)] * 4
    # Each player deals first in half of every four games, once from each seat.
    for start in (0, 4):
        block = plans[start : start + 4]
        assert sorted(p.first_dealer_player for p in block) == [0, 0, 1, 1]
        assert {(p.seats.index(0), p.first_dealer_player) for p in block} == {
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
        }
    assert len({p.seed for p in plans}) == 8
    assert plan_game(7, 3) == plans[3]
    assert plan_game(8, 3).seed != plans[3].seed


def test_record_maps_seats_back_to_players() -> None:
    plan = plan_game(2, 1)  # the second-named bot sits in seat 0
    record = play_game_record(("random", "simple"), Rules(), plan)
    assert record.plan.seats == (1, 0)
    assert record.winner == 1  # simple, whatever seat it had
    assert record.scores[1] >= 100
    assert record.tallies[1].games_won == 1 and record.tallies[0].games_won == 0


def test_rules_preset_is_used(cli: CLI) -> None:
    data = _arena_json(
        cli, "--players", "simple,simple", "--games", "2", "--seed", "4", "--rules", "straight"
    )
    assert data["rules"] == "Straight gin"
    for stats in data["stats"].values():
        assert stats["knocks"] == 0  # gin only


def test_human_report(cli: CLI) -> None:
    run = cli("arena", "--players", "simple,random", "--games", "4", "--seed", "2")
    assert run.code == 0, run.err
    out = run.out
    assert "simple vs random: 4 games to 100 (Standard rules), seed 2, 1 job" in out
    for label in (
        "games won",
        "interval (95%)",
        "rounds won",
        "by gin",
        "by big gin",
        "by undercut",
        "knocks (undercut)",
        "undercut rate",
        "decision mean ms",
        "decision max ms",
    ):
        assert label in out
    assert "points per round" in out and "decision p95 ms" in out
    assert "rounds per second" in out and "dead" in out
    assert run.err == ""  # no progress bar when stderr is not a terminal


def test_random_seed_is_reported(cli: CLI) -> None:
    data = _arena_json(cli, "--players", "simple,simple", "--games", "1")
    assert isinstance(data["seed"], int)


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (("--players", "simple,wizard"), ("unknown player 'wizard'", "simple", "random")),
        (("--players", "simple"), ("two bot names",)),
        (("--players", "simple,random,random"), ("two bot names",)),
        (("--players", "simple,random", "--games", "0"), ("--games", "at least 1")),
        (("--players", "simple,random", "--games", "x"), ("--games", "whole number")),
        (("--players", "simple,random", "--jobs", "-1"), ("--jobs",)),
        (("--players", "simple,random", "--seed", "1.5"), ("--seed",)),
        (("--players", "simple,random", "--rules", "fast"), ("unknown rules preset",)),
        (
            (
                "--games",
                "3",
            ),
            ("--players",),
        ),
    ],
)
def test_errors(cli: CLI, argv: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    cli("arena", *argv).assert_error(*fragments)


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_parse_players() -> None:
    assert parse_players(" Simple , random ") == (("simple", "random"), ("Simple", "random"))
    assert parse_players("random,random")[1] == ("random#1", "random#2")


class _Looper:
    """Always takes the discard and throws another card: a round that would never end."""

    name = "looper"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if TakeDiscard() in legal:
            return TakeDiscard()
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else DrawStock()


def test_a_round_that_never_ends_is_an_error_not_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PLAYERS, "looper", _Looper)
    with pytest.raises(ArenaError, match="did not end after 2000 moves"):
        run_arena(("looper", "looper"), 1, seed=1)
