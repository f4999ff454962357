"""The research scripts (research/*.py) run and say what they measured.

They are tools for tuning, not part of the game (`make research` runs these tests, `make
test` does not), but BENCHMARKS.md quotes their commands: a small run of each must still
work, and bad arguments get one line, not a traceback.
"""

from __future__ import annotations

import ast
import importlib
import os
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from players_helpers import expert_turns

from ginrummy.core.cards import mask_of, parse_cards
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Round, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.showdown import ResultKind
from ginrummy.players import make_player
from ginrummy.players.eaai import EaaiPlayer
from ginrummy.players.estimates import UNDERCUT_BONUS, bits
from ginrummy.players.master import MasterConfig

SCRIPTS = Path(__file__).resolve().parents[1]


def _script(name: str) -> Any:
    """The script module ``name`` from research/ (its folder on the path while importing)."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(SCRIPTS))


def _run(script: str, *args: str, **environ: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, JOBS="1", **environ)
    return subprocess.run(
        [sys.executable, str(SCRIPTS / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )


def test_replay_rules_finds_eaai_keeping_every_greedy_rule() -> None:
    """eaai is the greedy player the replay assumes: it takes exactly the face-up cards
    that meld, throws the card leaving the least deadwood and knocks whenever it may;
    expert does not always throw the card leaving the least deadwood."""
    out = _run("replay_rules.py", "eaai", "EAAI", "6").stdout
    assert "eaai against eaai (EAAI), 6 rounds" in out
    assert re.search(r"that meld: taken [1-9]\d*, declined 0; that do not: taken 0, declined", out)
    assert re.search(r"least deadwood: 0: (\d+) \(100\.0%\)$", out, re.MULTILINE)
    could = re.search(r"could knock short of gin: (\d+), knocked (\d+)", out)
    assert could is not None and could[1] == could[2]
    out = _run("replay_rules.py", "expert", "Standard", "12", "simple").stdout
    assert "expert against simple (Standard), 12 rounds" in out
    assert not re.search(r"least deadwood: 0: \d+ \(100\.0%\)$", out, re.MULTILINE)


def test_rounds_tells_how_they_end() -> None:
    proc = _run("master_rounds.py", "eaai", "EAAI", "1", "1")
    assert proc.returncode == 0, proc.stderr
    assert "rounds of 1 games, master vs eaai (EAAI), seed 1:" in proc.stdout
    assert "eaai's knocks by cards left in the stock" in proc.stdout
    assert "eaai's knocks by both (rows: the gap in steps of 10" in proc.stdout
    assert "the master's lay-offs at eaai's " in proc.stdout
    assert "eaai's knocks by its draw just before" in proc.stdout
    assert "  after taking the face-up card: " in proc.stdout
    chances = "eaai's chances to knock short of gin by the cards left in the stock"
    lines = proc.stdout.splitlines()
    row = lines[lines.index(f"{chances} (steps of 4): knocked / chances") + 1]
    # eaai knocks at every chance: each count of knocks is the count of chances.
    pairs = [cell.split(": ")[1].split(" / ") for cell in row.strip().split("  ")]
    assert pairs and all(knocked == n for knocked, n in pairs)
    assert "mean deadwood at the master's discards by the stock (master / eaai):" in proc.stdout
    lost = [line for line in proc.stdout.splitlines() if line.startswith("games lost: ")]
    assert lost in (
        ["games lost: 0; by the master's best score at a round's start (steps of 25):"],
        ["games lost: 1; by the master's best score at a round's start (steps of 25):"],
    )


def test_style_endings_counts_each_way_a_round_ended() -> None:
    proc = _run("style_endings.py", "eaai", "EAAI", "1", "1")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "rounds of 1 games, master vs eaai (EAAI), seed 1:"
    groups = [i for i, line in enumerate(lines) if line.endswith(" rounds")]
    assert [lines[i].split(":")[0] for i in groups] == ["the opponent ended", "the master ended"]
    for start, rows in zip(groups, (4, 2), strict=True):
        total = int(lines[start].split()[-2])
        counts = [int(line.split()[-2]) for line in lines[start + 1 : start + 1 + rows]]
        assert sum(counts) == total
    assert total > 0  # the master went out at least once in a whole game


@pytest.mark.parametrize(
    ("script", "args", "message"),
    [
        ("style_endings.py", ("eaai", "EAAI", "0", "1"), "at least one game"),
        ("replay_rules.py", ("eaai", "EAAI", "0"), "at least one round"),
        ("replay_rules.py", ("eaai", "EAAI", "2", "nobody"), "no player 'nobody'"),
        ("replay_rules.py", ("nobody", "EAAI", "2"), "no player 'nobody'"),
        ("opponent_habits.py", ("eaai", "EAAI", "0"), "at least one round"),
        ("opponent_habits.py", ("eaai", "EAAI", "2", "nobody"), "no player 'nobody'"),
        ("opponent_habits.py", ("nobody", "EAAI", "2"), "no player 'nobody'"),
        ("master_ab.py", ("eaai", "EAAI", "2", "1", "x:nope=1"), "not a knob of the master"),
        ("master_ab.py", ("eaai", "EAAI", "2", "1", "x:budget='a'"), "takes a number, not 'a'"),
        ("master_ab.py", ("eaai", "EAAI", "2", "1", "x:knock_samples=2.5"), "a whole number"),
        ("master_ab.py", ("eaai", "Nowhere", "2", "1", "x:"), "master_ab:"),
        ("master_rounds.py", ("eaai", "EAAI", "0", "1"), "at least one game"),
        ("expert_knocks.py", ("nobody", "EAAI", "2"), "no such player: 'nobody'"),
        ("expert_knocks.py", ("defensive", "Nowhere", "2"), "expert_knocks:"),
        ("expert_knocks.py", ("defensive", "EAAI", "2", "1", "nope=1"), "not a knob of the expert"),
        ("expert_knocks.py", ("defensive",), "usage: expert_knocks.py"),
        ("expert_belief.py", ("Nowhere", "1", "1", "0"), "expert_belief:"),
        ("expert_belief.py", ("Standard", "1", "1", "2"), "from 0 to 1"),
        ("expert_belief.py", ("Standard", "1", "1", "x"), "from 0 to 1"),
        ("expert_belief.py", ("Standard", "0", "1", "0"), "at least one game"),
        ("novice_probe.py", ("nobody", "2"), "no player 'nobody'"),
        ("novice_probe.py", ("expert", "x"), "novice_probe:"),
        ("novice_probe.py", ("expert", "0"), "at least one round"),
        ("novice_probe.py", ("expert", "2", "Nowhere"), "novice_probe:"),
    ],
)
def test_bad_arguments_get_one_line(script: str, args: tuple[str, ...], message: str) -> None:
    proc = _run(script, *args)
    assert proc.returncode != 0
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_expert_belief_is_held_where_it_is_fixed() -> None:
    """`expert_belief.fixed_belief`: the expert's belief that its opponent waits stays
    at the number given, whatever the rounds show; the script plays one game a belief."""
    module = _script("expert_belief")
    eager = module.fixed_belief(0.0)(1)
    eager._learn((0.9, 0.01), True)  # an undercut: strong evidence that it waits
    assert eager.waiter_chance == 0.0
    assert issubclass(module.fixed_belief(1.0), type(make_player("expert", 1)))
    proc = _run("expert_belief.py", "Standard", "1", "1", "0", "1")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["belief 0", "belief 1"]
    assert all(" master 0/1 " in line or " master 1/1 " in line for line in lines)


def test_knocks_weighs_what_knocking_would_have_won() -> None:
    proc = _run("master_knocks.py", "eaai", "EAAI", "40")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("master vs eaai (EAAI), 40 rounds: ")
    assert "chances to knock, the master knocked at " in out
    assert "knowing the true points: margin 0: " in out
    assert "learned from public features: margin 0: " in out
    assert "    knock: (" in out
    assert "by the cards left in the stock" in out
    assert "points per round by the stock where it first differs: " in out


def test_knocks_by_stock_counts_each_range() -> None:
    knocks = _script("master_knocks")
    rows = [
        {"stock": 20, "true": 12, "outcome": 30, "knocked": False, "deal": 0},
        {"stock": 22, "true": -27, "outcome": -5, "knocked": False, "deal": 1},
        {"stock": 8, "true": 4, "outcome": 0, "knocked": True, "deal": 2},
    ]
    lines = [" ".join(line.split()) for line in knocks.by_stock_table(rows)]
    assert lines == [
        "6-11: 1 chances; a knock wins 100% (+4.0 points), playing on won 0% (+0.0)",
        "18-23: 2 chances; a knock wins 50% (-7.5 points), playing on won 50% (+12.5)",
    ]


def test_knocks_fit_finds_a_linear_law() -> None:
    knocks = _script("master_knocks")
    rng = random.Random(3)
    rows = []
    for _i in range(200):
        a, b = rng.uniform(-5, 5), rng.uniform(0, 30)
        rows.append({"a": a, "b": b, "c": 7.0, "y": 4.0 - 2.0 * a + 0.5 * b})
    coef = knocks.fit(rows, ("a", "b", "c"), "y")
    # The constant feature c shares the intercept with 1 (the ridge splits it).
    assert coef[0] + 7.0 * coef[3] == pytest.approx(4.0, abs=1e-4)
    assert coef[1:3] == pytest.approx([-2.0, 0.5], abs=1e-4)
    assert knocks.predict(coef, {"a": 1.0, "b": 10.0, "c": 7.0}, ("a", "b", "c")) == (
        pytest.approx(7.0, abs=1e-3)
    )


def test_an_ab_run_can_start_where_another_stopped() -> None:
    """With ``FIRST=N`` the variants play the arena's games from N on: the one game
    here is the arena's game 1, as the script plays it alone (with no time cap, so that
    the moves depend only on the seeds)."""
    variant = "a:budget=1e9"
    proc = _run("master_ab.py", "eaai", "EAAI", "1", "1", variant, "b:budget=1e9", FIRST="1")
    assert proc.returncode == 0, proc.stderr
    _name, _index, won, tallies, _times = _script("master_ab")._play(
        (variant, "eaai", "EAAI", 1, 1)
    )
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(f"a          {int(won)}/1 ")
    assert f" points {tallies[0].points} | eaai " in lines[0]
    assert (
        f" eaai knocks {tallies[1].knocks} gins {tallies[1].gins} points {tallies[1].points} "
        in lines[0]
    )
    assert "b against a: +0 -0, net 0" in lines
    bad = _run("master_ab.py", "eaai", "EAAI", "1", "1", "a:", FIRST="-1")
    assert bad.returncode != 0
    assert "master_ab: FIRST must be a whole number of games" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_an_earlier_master_is_named() -> None:
    # 'v10:' alone is v10 (the careful opponent's reading turned back); knobs given are
    # taken as they are, on top of the master as it is, and make its configuration.
    ab = _script("master_ab")
    v10 = {"careful_replay": 0.0, "careful_plays_on": 0.0}
    assert ab.parse_variant("v10:") == ("v10", v10)
    assert ab.parse_variant("v10:knock_margin=0.0") == ("v10", {"knock_margin": 0.0})
    assert ab.parse_variant("v11:") == ("v11", {})
    assert ab.parse_variant("x:knock_fit=(1.0,2.0),budget=1") == (
        "x",
        {"knock_fit": (1.0, 2.0), "budget": 1},
    )
    config = ab.master_config(v10)
    assert config == replace(MasterConfig(), careful_replay=0.0, careful_plays_on=0.0)
    # Each named master's knobs are fields of the master's configuration.
    for text in ab.NAMED.values():
        ab.master_config(ab.parse_variant(f"x:{text}")[1])


def _knocks_probing(master: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPTS / "master_knocks.py"), "eaai", "EAAI", "4"],
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ, JOBS="1", MASTER=master),
        check=False,
    )


def test_knocks_names_the_master_it_probes() -> None:
    proc = _knocks_probing("v5")
    assert proc.returncode != 0
    assert "master_knocks: MASTER is one of v10" in proc.stderr
    assert "Traceback" not in proc.stderr
    # A master with knobs is named with them; a wrong one is refused.
    proc = _knocks_probing("x:budget=2.0,nope=1")
    assert proc.returncode != 0
    assert "not a knob of the master: 'nope=1'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_undercut_curve_is_made_from_greedy_knocks() -> None:
    knocks = _script("greedy_knocks")
    hist = knocks.knock_deadwood(6000, 1)
    total = sum(hist)
    assert total > 5900  # nearly every greedy round ends in a knock
    shares = [round(h / total, 3) for h in hist]
    # Most knocks come near the limit, which is why points below it are worth more.
    assert shares[10] > shares[5] > shares[0]
    assert knocks.undercut_bonus(shares) == UNDERCUT_BONUS


def _probe_rounds(limit: int | None, deals: range) -> list[tuple[Any, int]]:
    """Rounds of a `style_probe.PatientEaai` (seat 0) against eaai under the EAAI rules:
    (the round's result, the limit the probe player had in it)."""
    probe = _script("style_probe")
    out = []
    for seed in deals:
        rnd = Round(Rules.preset("EAAI"), dealer=seed % 2, deck=shuffled_deck(seed))
        bots = (probe.PatientEaai(seed, limit), EaaiPlayer(seed + 1))
        held = bots[0].knock_at(rnd.view(0))
        while rnd.result is None:
            me = rnd.to_act
            rnd.apply(bots[me].choose(rnd.view(me)), me)
        out.append((rnd.result, held))
    return out


@pytest.mark.parametrize("limit", [5, 0])
def test_a_patient_eaai_goes_out_only_at_its_own_limit(limit: int) -> None:
    rounds = _probe_rounds(limit, range(40))
    mine = [r for r, _held in rounds if r.knocker == 0]
    assert len(mine) >= 2  # it does go out, only later than eaai would
    for result in mine:
        # Its best deadwood (the showdown may lay out another arrangement within the
        # round's limit, one that leaves the defender less to lay off).
        assert min_deadwood_mask(mask_of(result.hands[0])) <= limit
    assert all(r.kind is ResultKind.GIN for r in mine) == (limit == 0)


def test_the_mixed_probe_draws_its_limit_per_round() -> None:
    probe = _script("style_probe")
    rounds = _probe_rounds(None, range(40))
    limits = {held for _r, held in rounds}
    assert limits <= set(probe.MIX_LIMITS)
    assert len(limits) >= 3  # the style changes from round to round
    for result, held in rounds:
        if result.knocker == 0:
            assert min_deadwood_mask(mask_of(result.hands[0])) <= held


def test_style_probe_runs_the_arena_with_its_players() -> None:
    proc = _run(
        "style_probe.py", "arena", "--players", "eaaimix,eaai0", "--rules", "eaai",
        "--games", "2", "--seed", "1",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("eaaimix vs eaai0: 2 games to 100 (EAAI rules), seed 1")
    # A diagnosis script named first runs with the probes among its opponents.
    ab = _run("style_probe.py", "master_ab", "eaai0", "EAAI", "1", "1", "v:")
    assert ab.returncode == 0, ab.stderr
    assert re.match(r"v +\d/1 = .*\| eaai0 knocks 0 gins \d+ ", ab.stdout)
    bad = _run("style_probe.py", "arena", "--players", "eaai5,nobody", "--games", "1")
    assert bad.returncode == 2
    assert "unknown player 'nobody'" in bad.stderr
    assert "Traceback" not in bad.stderr


def _tallies(arena_output: str) -> list[str]:
    """The arena's table below the players' names, without the decision times."""
    rows = arena_output.splitlines()[3:]
    return [row for row in rows if row.strip() and not row.startswith("decision")][:9]


def test_style_probe_adds_expert_variants() -> None:
    """``--expert NAME:knobs`` plays the expert with those knobs: the expert's own knobs
    replay the expert's games, others play other games; a bad knob or name is one line."""

    def arena(first: str, *extra: str) -> subprocess.CompletedProcess[str]:
        return _run(
            "style_probe.py", *extra, "arena", "--players", f"{first},eaai0", "--rules", "eaai",
            "--games", "3", "--seed", "2",
        )  # fmt: skip

    same = arena("same", "--expert", "same:race_from=0.63,race_full=0.83,evidence_knock=(0.1,0.6)")
    expert = arena("expert")
    assert same.returncode == expert.returncode == 0, same.stderr + expert.stderr
    assert same.stdout.startswith("same vs eaai0: 3 games")
    assert _tallies(same.stdout) == _tallies(expert.stdout)
    greedy = arena("greedy", "--expert", "greedy:take_margin=-20.0")  # takes every upcard
    assert greedy.returncode == 0 and _tallies(greedy.stdout) != _tallies(expert.stdout)
    for spec, why in [
        ("x:nonsense=1", "style_probe: not a knob of the expert: 'nonsense=1'"),
        ("x:race_from=abc", "style_probe: not a Python literal: 'race_from=abc'"),
        ("expert:race_from=1.0", "style_probe: --expert needs a new player name"),
    ]:
        bad = arena("x", "--expert", spec)
        assert bad.returncode != 0 and why in bad.stderr and "Traceback" not in bad.stderr


def test_expert_knocks_settles_every_chance_and_fits_the_model() -> None:
    """The script settles each chance to knock against the opponent's true hand: the
    knocks it counts are the expert's, and the table's predictions are the model's."""
    proc = _run("expert_knocks.py", "defensive", "EAAI", "2", "1")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "expert against defensive, EAAI rules, 2 games of seed 1"
    counts = re.match(
        r"chances to knock short of gin: (\d+); knocks (\d+), undercut (\d+)", lines[1]
    )
    assert counts is not None
    chances, knocks, undercut = map(int, counts.groups())
    assert chances > knocks >= undercut
    assert any(line.startswith("best fit (") for line in lines)


def test_expert_knocks_fit_recovers_the_model_that_made_the_undercuts() -> None:
    """Chances whose undercuts follow the model at one grid point are fitted back to it."""
    knocks = _script("expert_knocks")
    truth = (60.0, 0.2, 0.7, 0.2, 0.2)
    rng = random.Random(4)
    chances = []
    for _ in range(4000):
        shape = (rng.randint(1, 10), rng.randint(0, 14), rng.randint(0, 3))
        made = knocks.Chance(*shape, predicted=0.0, undercut=False, knocked=False)
        undercut = rng.random() < knocks.model(made, *truth)
        chances.append(knocks.Chance(*shape, predicted=0.0, undercut=undercut, knocked=False))
    grid = ((45.0, 60.0, 80.0), (0.1, 0.2, 0.3), (0.55, 0.7, 0.85), (0.0, 0.2), (0.2,))
    assert knocks.fit(chances, grid) == truth
    assert knocks.log_likelihood(chances, truth) > knocks.log_likelihood(
        chances, (80.0, 0.1, 0.85, 0.0, 0.2)
    )


def _habits_plain() -> Any:
    """Habits with round numbers (`research/opponent_habits.py`), so that the chances can
    be worked out by hand."""
    return _script("opponent_habits").Habits(
        take={(True, 6): 0.9, (False, 0): 0.1, (True, 0): 0.5},
        discard=(0.6, 0.2, 0.0),
        play_on=(0.5, 0.8),
    )


def _cards(text: str) -> int:
    return mask_of(parse_cards(text))


def test_habits_take_as_the_table_says_for_the_meld_and_the_saving() -> None:
    plain = _habits_plain()
    hand = _cards("AS 2S 3S 4H 5H 6H KS KH 2D 3C")  # 25 deadwood
    # KD makes a set of kings; with 3C thrown 2 are left: it saves 23, past the cap of 6.
    assert plain.take_chance(hand, _cards("KD")) == 0.9
    # 9C melds with nothing; kept for KS it saves 1 point, halved to 0.
    assert plain.take_chance(hand, _cards("9C")) == 0.1
    # 7H melds and saves 10 (halved, 5): a case the table does not hold is even odds.
    assert plain.take_chance(hand, _cards("7H")) == 0.5


def test_habits_throws_add_up_and_favour_the_least_deadwood() -> None:
    plain = _habits_plain()
    # KS, KH or QD each leave 25; 3C leaves 32, the rest more: gaps of 7 and up, which
    # these habits never make.
    hand11 = _cards("AS 2S 3S 4H 5H 6H KS KH 2D 3C QD")
    best = {_cards("KS"), _cards("KH"), _cards("QD")}
    chances = {b: plain.discard_chance(hand11, b, 0) for b in bits(hand11)}
    assert chances == {b: pytest.approx(1 / 3) if b in best else 0.0 for b in bits(hand11)}
    # The card just taken may not be thrown: the other two share its chance.
    queen = _cards("QD")
    without = {b: plain.discard_chance(hand11, b, queen) for b in bits(hand11)}
    assert without == {
        b: pytest.approx(1 / 2) if b in best - {queen} else 0.0 for b in bits(hand11)
    }
    # A card one point from the best is a third as likely as the best, with these habits.
    hand11 = _cards("AS 2S 3S 4H 5H 6H 7C 8C 9C 2D 3D")  # 3D leaves 2, 2D leaves 3
    assert plain.discard_chance(hand11, _cards("3D"), 0) == pytest.approx(0.6 / 0.8)
    assert plain.discard_chance(hand11, _cards("2D"), 0) == pytest.approx(0.2 / 0.8)


def test_habits_weigh_a_hand_by_how_likely_its_owner_played_the_last_turn() -> None:
    habits = _script("opponent_habits")
    plain = _habits_plain()
    weight = habits.habit_weight
    rng = random.Random(1)
    # It declined 9C, drew and threw KD.
    drew = (("draw", _cards("9C")), ("discard", _cards("KD")))
    usual = _cards("AS 2S 3S 4H 5H 6H QC JH 2D 3C")  # KD was its worst card
    odd = _cards("AS 2S 3S 4H 5H 6H KS KH 2D 3C")  # KD made a set of kings
    assert weight(usual, drew, 10, rng, 1, 20) > 20 * weight(odd, drew, 10, rng, 1, 20) > 0
    # A hand it could have knocked with after the throw: as likely as a careful player's
    # playing on at that stock, and all but ruled out for a greedy one.
    low = _cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C")
    careful = weight(low, drew, 10, random.Random(1), 1, 20, plain, careful=1.0)
    eager = weight(low, drew, 10, random.Random(1), 1, 20, plain, careful=0.0)
    assert eager < careful / 100
    # It took 9C: likelier with two nines than with none.
    took = (("take", _cards("9C")), ("discard", _cards("KD")))
    nines = weight(_cards("AS 2S 3S 9S 9H 9C QC JH 4D 5C"), took, 10, rng, 1, 20)
    none = weight(_cards("AS 2S 3S 4H 5H 6H 9C QC JH 2D"), took, 10, rng, 1, 20)
    assert nines > 10 * none > 0


def test_the_expert_habits_never_rule_out_the_experts_true_hand() -> None:
    """The floors keep every move possible: at each of the other seat's discards, the
    expert's real hand weighs above 0 however deep the walk back."""
    habits = _script("opponent_habits")
    checked = 0
    for true, turns, limit, stock in expert_turns(range(4)):
        for depth in (1, 3):
            assert habits.habit_weight(true, turns, limit, random.Random(checked), depth, stock)
        checked += 1
    assert checked > 20


def test_opponent_habits_counts_eaai_taking_only_melds_and_throwing_the_least() -> None:
    """eaai takes exactly the face-up cards that meld, throws a card leaving the least
    deadwood and knocks whenever it may: its counted rates say so."""
    proc = _run("opponent_habits.py", "eaai", "EAAI", "8")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "eaai against eaai (EAAI), 8 rounds" in out
    rates = {
        name: ast.literal_eval(value)
        for name, value in re.findall(r"^(\w+) = (\(.*\))$", out, re.MULTILINE)
    }
    assert set(rates) == {"TAKE_NO_MELD", "TAKE_MELD", "THROWS", "PLAY_ON"}
    assert set(rates["TAKE_NO_MELD"]) == {0.002}
    assert 0.998 in rates["TAKE_MELD"]
    assert rates["THROWS"][0] > 0.3 and set(rates["THROWS"][1:]) == {0.0002}
    assert set(rates["PLAY_ON"]) <= {0.002}


def test_novice_probe_counts_how_the_bot_ends_its_first_rounds() -> None:
    proc = _run("novice_probe.py", "expert", "2", "Straight gin")
    assert proc.returncode == 0, proc.stderr
    first, second = proc.stdout.splitlines()
    assert first.startswith("expert against the novice, Straight gin, 2 rounds: ")
    counts = re.findall(r"([a-z_]+) (\d+)", first.split(": ", 1)[1])
    assert sum(int(n) for _kind, n in counts) == 2
    # Only gin goes out under Straight gin.
    assert {kind for kind, _n in counts} <= {"gin", "big_gin", "dead"}
    assert re.fullmatch(r"dead rounds with a knock in the bot's hand: \d", second)
