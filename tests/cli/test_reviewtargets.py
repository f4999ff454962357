"""``python -m ginrummy.tools.reviewbench ranking | noisy | explain | blunders | all``: the
review's targets measured on recorded arena games (tiny runs: budgets of 2 samples)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from ginrummy.core import Game, Rules
from ginrummy.core.record import from_dict
from ginrummy.players import make_player
from ginrummy.tools import reviewbench
from ginrummy.tools.arena import plan_game, play_game_record
from ginrummy.tools.reviewbench import main
from ginrummy.tools.reviewtargets import targets
from ginrummy.tools.reviewtargets.series import (
    GameLine,
    NoisyPlayer,
    Series,
    TargetsError,
    make_bot,
    play_record,
    ratio,
    read_series,
    run_series,
)

#: Short games for the tests that play the master.
SHORT = Rules(target=25)


def played(players: tuple[str, str], rules: Rules, run_seed: int, index: int) -> Game:
    """Game ``index`` of a series, as its game record reads back."""
    return from_dict(play_record(players, rules, run_seed, index)).game


def test_games_are_the_arenas_games() -> None:
    """Game i of a series is game i of ``ginrummy arena --record`` with the same seed."""
    for index in (0, 1, 2):
        arena = play_game_record(
            ("simple", "random"), Rules(), plan_game(5, index), keep=True, run_seed=5
        )
        assert play_record(("simple", "random"), Rules(), 5, index) == arena.record


def test_noisy_player() -> None:
    game_seed = plan_game(1, 0).seed
    # Rate 0 plays the master's moves; rate 1 a random legal move every time.
    quiet = played(("master~0", "simple"), SHORT, 1, 0)
    plain = played(("master", "simple"), SHORT, 1, 0)
    assert quiet.scores == plain.scores
    assert [r.actions for r in quiet.rounds] == [r.actions for r in plain.rounds]
    wild = played(("master~1", "simple"), SHORT, 1, 0)
    assert [r.actions for r in wild.rounds] != [r.actions for r in plain.rounds]
    bot = make_bot("master~0.2", game_seed)
    assert isinstance(bot, NoisyPlayer)
    assert bot.rate == 0.2
    assert not isinstance(make_bot("master", 1), NoisyPlayer)
    # A noisy player's random moves are its own: the same seed, the same moves.
    assert [r.actions for r in played(("master~1", "simple"), SHORT, 1, 0).rounds] == [
        r.actions for r in wild.rounds
    ]


def test_noisy_rate_one_plays_like_random_in_kind() -> None:
    bot = NoisyPlayer(make_player("expert", 3), 1.0, 3)
    game = played(("simple", "simple"), Rules(), 2, 0)
    rnd = game.rounds[0].dealt_again()
    view = rnd.view(rnd.to_act)
    picks = {bot.choose(view) for _ in range(40)}
    assert picks <= set(view.legal_actions())
    assert len(picks) > 1


@pytest.mark.parametrize("spec", ["nobody", "master~", "master~2", "master~x", "~0.1"])
def test_bad_player_specs(spec: str) -> None:
    with pytest.raises(TargetsError):
        make_bot(spec, 0)


def test_ratio_and_its_interval() -> None:
    r = ratio([(1.0, 10), (3.0, 10), (2.0, 20)])
    assert r.value == pytest.approx(6.0 / 40)
    assert r.games == 3 and r.decisions == 40
    # Residuals x - r n: -0.5, 1.5, -1; variance 3.5 / 2; se sqrt(1.75 / 3) / (40 / 3).
    assert r.half == pytest.approx(1.959963984540054 * math.sqrt(1.75 / 3) / (40 / 3))
    assert math.isnan(ratio([(1.0, 4)]).half)
    assert math.isnan(ratio([]).value)


def test_series_are_reviewed_reused_and_the_same_over_jobs(tmp_path: Path) -> None:
    series = Series(("simple", "random"), (0, 1), 3, 2)
    one = run_series(tmp_path / "a", [series], 2, minutes=5, jobs=1, log=False)[series]
    two = run_series(tmp_path / "b", [series], 2, minutes=5, jobs=2, log=False)[series]
    assert [g.game for g in one] == [0, 1]
    for a, b in zip(one, two, strict=True):
        assert a.to_dict() | {"seconds": 0, "cpu": 0} == b.to_dict() | {"seconds": 0, "cpu": 0}
        assert a.cpu is not None and a.cpu > 0
        assert {s.player for s in a.seats} == {0, 1}
        for s in a.seats:
            assert s.decisions == len(s.grades) > 0
            assert all(x >= 0 for x in s.losses)
    # The records are game records, the arena's games.
    path = tmp_path / "a" / f"{series.name}.records.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 2
    assert records[1]["extra"] == {"arena": {"seed": 3, "game": 1}}
    # A later run reuses what was reviewed: nothing is played again.
    lines = (tmp_path / "a" / f"{series.name}.jsonl").read_text()
    again = run_series(tmp_path / "a", [series], 2, minutes=5, jobs=1, log=False)[series]
    assert (tmp_path / "a" / f"{series.name}.jsonl").read_text() == lines
    assert [g.to_dict() for g in again] == [g.to_dict() for g in one]
    # Every decision knows the seat's chance at its round's deal (from the record).
    for g in again:
        for s in g.seats:
            assert len(s.chances) == s.decisions
            assert s.chances[0] == pytest.approx(0.5, abs=0.02)  # 0-0 at the first deal
            assert all(0 <= c <= 1 for c in s.chances)
    # A line cut short (a run stopped mid-write) is played again, not a crash.
    with (tmp_path / "a" / f"{series.name}.jsonl").open("a") as out:
        out.write('{"game": 2, "winn')
    assert sorted(read_series(tmp_path / "a", series)) == [0, 1]


def test_a_deadline_already_past_plays_nothing(tmp_path: Path) -> None:
    series = Series(("simple", "random"), (0,), 3, 2)
    done = run_series(tmp_path, [series], 3, minutes=0, jobs=1, log=False)
    assert done == {series: []}


def test_a_file_of_another_series_is_refused(tmp_path: Path) -> None:
    series = Series(("simple", "random"), (0,), 3, 2)
    other = Series(("simple", "random"), (0,), 3, 4)
    (tmp_path / f"{series.name}.jsonl").write_text(json.dumps(other.header()) + "\n")
    with pytest.raises(TargetsError):
        read_series(tmp_path, series)
    # A file from before the luck was the seat's less the opponent's.
    old = series.header()
    del old["series"]["luck"]
    (tmp_path / f"{series.name}.jsonl").write_text(json.dumps(old) + "\n")
    with pytest.raises(TargetsError):
        read_series(tmp_path, series)


def test_game_line_round_trip() -> None:
    data = {
        "game": 4,
        "winner": 1,
        "scores": [12, 104],
        "rounds": 3,
        "seconds": 1.5,
        "seats": [
            {"player": 0, "seat": 1, "decisions": 2, "loss": 0.13, "luck": -0.2,
             "grades": "gb", "losses": [0.01, 0.12]},
        ],
    }  # fmt: skip
    line = GameLine.from_dict(data)
    assert line.to_dict() == data
    assert line.of(0).count() == 0
    assert line.of(0).loss == pytest.approx(0.13)


def _two_seats(game: int, winner: int, a: dict[str, Any], b: dict[str, Any]) -> GameLine:
    seats = [
        {"player": p, "seat": p, "decisions": len(d["losses"]), "loss": sum(d["losses"]),
         "luck": d["luck"], "grades": d["grades"], "losses": d["losses"]}
        for p, d in enumerate((a, b))
    ]  # fmt: skip
    data = {"game": game, "winner": winner, "scores": [0, 0], "rounds": 1, "seconds": 0.0}
    return GameLine.from_dict({**data, "seats": seats})


def test_who_wins_by_errors_cost_and_by_total_loss() -> None:
    # Seat 0: many small losses (noise) and no error; seat 1: one mistake.
    calm = {"losses": [0.01] * 10, "grades": "g" * 10, "luck": 0.0}
    erring = {"losses": [0.0, 0.06], "grades": "gm", "luck": 0.0}
    lucky = {"losses": [0.0, 0.06], "grades": "gm", "luck": 0.2}
    lines = [
        _two_seats(0, 0, calm, erring),  # lower cost won; higher total loss won
        _two_seats(1, 1, calm, lucky),  # luck minus cost: seat 1 (0.14 against 0.0) won
        _two_seats(2, 1, erring, erring),  # a tie on both
    ]
    assert targets._errors_cost(lines[0].of(0)) == 0.0
    assert targets._errors_cost(lines[0].of(1)) == pytest.approx(0.06)
    # (wins, games where the scores differ, ties)
    assert targets._better_wins(lines, lambda s: -s.loss) == (1, 2, 1)
    assert targets._better_wins(lines, lambda s: -targets._errors_cost(s)) == (1, 2, 1)
    assert targets._better_wins(lines, lambda s: s.luck - targets._errors_cost(s)) == (2, 2, 1)


#: A tiny run: 2 samples a decision, games to 25, one process.
TINY = ("--budget", "2", "--target", "25", "--jobs", "1")


def _run(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> str:
    main([*argv, *TINY, "--dir", str(tmp_path)])
    return capsys.readouterr().out


def test_ranking_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("ranking", "--players", "random,simple", "--opponent", "simple", "--games", "2")
    out = _run(capsys, tmp_path, *argv)
    assert "python -m ginrummy.tools.reviewbench ranking --players random,simple" in out
    assert "random-vs-simple_s1_b2_e0_r0_t25: 2 games (of 2 asked)" in out
    assert "simple-vs-simple_s1_b2_e0_r01_t25: 2 games" in out
    assert "  random - simple: " in out
    assert "target: random > simple, each step beyond its interval: " in out


def test_speed_times_the_reviews_own_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    play = reviewbench._play  # simple bots play faster than the expert and the master
    simple = ("simple", "simple")
    monkeypatch.setattr(reviewbench, "_play", lambda game, _who, seed: play(game, simple, seed))
    main(["speed", "--games", "1", "--budget", "2", "--seed", "3"])
    out = capsys.readouterr().out
    rounds = int(out.split("game 0: ")[1].split(" rounds")[0])
    assert f"budget 2: 1 games, {rounds} rounds, " in out
    luck = out.split("; luck ")[1].split("%")[0]
    assert 0 < int(luck) < 100  # both seats' luck is part of the review's time
    assert "per round: mean " in out and "per game: mean " in out


def test_explain_and_noisy_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, tmp_path, "explain", "--games", "2")
    assert "Expert against expert, both seats reviewed at budget 2: 2 games" in out
    assert "the seat with the lower total loss won " in out
    assert "(the seat with the lower errors' cost won " in out
    assert "target: better luck minus loss wins at least 75%: " in out
    argv = ("noisy", "--rates", "0,0.5", "--opponent", "simple", "--games", "2")
    out = _run(capsys, tmp_path, *argv)
    assert "master~0.5-vs-simple_s1_b2_e0_r0_t25: 2 games" in out
    assert "  p 50% - p 0%: " in out
    assert "target: the error rate rises with p" in out


def test_blunders_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("blunders", "--player", "simple", "--opponent", "random", "--factor", "2")
    out = _run(capsys, tmp_path, *argv, "--games", "1")
    assert "simple-vs-random_s1_b4_e1_r0_t25: 1 games" in out
    assert "reviewed at budget 4 (evaluation seed 1) and 2 (seed 0)" in out
    assert "of the blunders at budget 4, graded mistake or blunder at 2: " in out
    assert "the master's decisions against random at budget 2: 1 games" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ranking", "--players", "random,wizard"], "unknown player 'wizard'"),
        (["noisy", "--opponent", "master~9"], "the rate after ~ must be a number from 0 to 1"),
        (["explain", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_bad_requests_say_one_line(argv: list[str], message: str, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--dir", str(tmp_path)])
    assert message in str(exc.value)
