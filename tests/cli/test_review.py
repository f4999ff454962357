"""``ginrummy review``: a history game, a record file, ``--json``, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.pilot import record_games

from ginrummy.cli.parser import REVIEW_BUDGET
from ginrummy.core import Game, Rules, play_game
from ginrummy.core.record import Seat, dumps_many, record_of, to_dict
from ginrummy.players import make_player
from ginrummy.players.evaluator import DEFAULT_SAMPLES, Evaluator
from ginrummy.store import Store

from .helpers import CLI

FAST = ("--budget", "3")
SEAT_KEYS = {
    "seat", "name", "player", "decisions", "loss", "mean_loss", "accuracy", "luck",
    "inaccuracies", "mistakes", "blunders",
}  # fmt: skip


@pytest.fixture
def one_game(isolated_data_dir: Path) -> Path:
    record_games(Store(isolated_data_dir), seeds=(3,), target=30)
    return isolated_data_dir


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    records = []
    for seed in (1, 2):
        game = Game(Rules(target=25), seed=seed)
        play_game(game, (make_player("random", seed), make_player("simple", seed)))
        records.append(record_of(game, (Seat("r", "bot", "random"), Seat("s", "bot", "simple"))))
    path = tmp_path / "games.jsonl"
    path.write_text(dumps_many(records), encoding="utf-8")
    return path


def test_the_default_budget_is_the_evaluator_s() -> None:
    assert REVIEW_BUDGET == DEFAULT_SAMPLES


def test_a_history_game_is_reviewed_for_the_person(cli: CLI, one_game: Path) -> None:
    run = cli("review", *FAST, "--ascii")
    assert run.code == 0, run.err
    assert run.out.startswith("Game 1: Ann ")
    lines = run.out.splitlines()
    assert "accuracy" in lines[1] and "?! / ? / ??" in lines[1]
    assert "?! inaccuracy · ? mistake · ?? blunder" in run.out
    heads = next(line for line in lines if line.startswith("round  player"))
    assert heads.split()[:4] == ["round", "player", "points", "accuracy"]
    assert lines[2].startswith("Ann ")  # the person only, not the computer
    assert not any(line.startswith("Computer") for line in lines[2:3])


def test_json_lines_one_object_per_game(cli: CLI, record_file: Path) -> None:
    run = cli("review", str(record_file), "--json", *FAST)
    assert run.code == 0, run.err
    objects = [json.loads(line) for line in run.out.splitlines()]
    assert [o["game"] for o in objects] == [0, 1]
    for o in objects:
        assert set(o) == {"game", "winner", "scores", "seats"}
        assert [s["seat"] for s in o["seats"]] == [0, 1]  # bots only: both seats
        for s in o["seats"]:
            assert set(s) == SEAT_KEYS
            assert s["player"] in ("random", "simple")
            assert 0 <= s["accuracy"] <= 100 and s["loss"] >= 0
            assert s["mean_loss"] == pytest.approx(s["loss"] / s["decisions"], abs=1e-3)


def test_one_seat_by_name_and_the_same_figures_over_two_jobs(cli: CLI, record_file: Path) -> None:
    one = cli("review", str(record_file), "--json", "--seat", "S", *FAST)
    two = cli("review", str(record_file), "--json", "--seat", "1", "--jobs", "2", *FAST)
    assert one.code == 0 and two.code == 0, (one.err, two.err)
    assert one.out == two.out
    assert all(len(json.loads(line)["seats"]) == 1 for line in one.out.splitlines())
    cli("review", str(record_file), "--seat", "nobody", *FAST).assert_error("no seat 'nobody'")


def test_a_missing_game_is_one_line(cli: CLI, one_game: Path) -> None:
    cli("review", "7").assert_error("no game 7 in the history")


def test_an_empty_history_asks_for_a_finished_game(cli: CLI) -> None:
    for command in (("review",), ("replay", "--export", "out.jsonl")):
        cli(*command).assert_error("no finished games in the history yet", "finish a game first")


def test_a_missing_or_damaged_file_is_one_line(cli: CLI, tmp_path: Path) -> None:
    cli("review", str(tmp_path / "nope.jsonl")).assert_error("no such file")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "ginrummy-record", "version": 1, "rul', encoding="utf-8")
    cli("review", str(bad)).assert_error("not a readable game record", "not valid JSON")


def test_an_unknown_rules_preset_is_one_line(cli: CLI, record_file: Path, tmp_path: Path) -> None:
    game = Game(Rules(target=25), seed=1)
    play_game(game, (make_player("simple", 1), make_player("simple", 2)))
    data = to_dict(record_of(game, (Seat("a"), Seat("b"))))
    data["rules"] = "Chinese"
    path = tmp_path / "chinese.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cli("review", str(path)).assert_error("unknown rules preset 'Chinese'")


def test_a_review_round_trips_through_export_and_import(
    cli: CLI, one_game: Path, tmp_path: Path
) -> None:
    target = tmp_path / "exported.jsonl"
    assert cli("replay", "1", "--export", str(target)).code == 0
    from_history = cli("review", "1", "--json", *FAST)
    from_file = cli("review", str(target), "--json", *FAST)
    assert from_history.code == 0 and from_file.code == 0, (from_history.err, from_file.err)
    assert from_history.out == from_file.out
    assert json.loads(from_file.out)["seats"][0]["name"] == "Ann"


def test_stats_review_reviews_the_missing_games_then_shows_their_figures(
    cli: CLI, one_game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ginrummy.store import reviews

    # The app's evaluator at a small budget (the same for reviewing and for reading).
    monkeypatch.setattr(reviews, "app_evaluator", lambda: Evaluator(3, seed=1))
    before = cli("stats")
    assert before.code == 0, before.err
    assert "Games reviewed" in before.out and "0 of 1" in before.out
    assert "Games not reviewed yet: ginrummy stats --review reviews them." in before.out
    run = cli("stats", "--review", "--json")
    assert run.code == 0, run.err
    assert "Reviewing game 1 of 1…" in run.err and "Games reviewed now: 1." in run.err
    form = json.loads(run.out)["simple"]["form"]
    assert form["reviewed"] == 1 and form["games"] == 1 and form["trend"] is None
    assert 0 <= form["accuracy"] <= 100 and form["cost"] >= 0
    # Kept: the second time there is nothing to review, and the table shows the figures.
    again = cli("stats", "--review")
    assert again.code == 0 and "Games reviewed now: 0." in again.err
    row = next(line for line in again.out.splitlines() if line.startswith("Accuracy, latest"))
    assert row.split()[-1] == f"{form['accuracy']:.1f}"
    assert "Games not reviewed yet" not in again.out
