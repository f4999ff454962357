"""The master's diagnosis scripts (scripts/master_*.py) run and say what they measured.

They are tools for tuning, not part of the game, but BENCHMARKS.md quotes their commands:
a small run of each must still work, and bad arguments get one line, not a traceback.
Each runs in its own process (the oracle patches `Round.view` for its whole process).
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
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from players_helpers import eaai_turns, expert_turns

from ginrummy.core.actions import Discard, DrawStock, Pass
from ginrummy.core.cards import CARDS, Card, mask_of, parse_cards
from ginrummy.core.melds import min_deadwood_mask
from ginrummy.core.round import Phase, PlayerView, Round, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.showdown import ResultKind
from ginrummy.players import make_player
from ginrummy.players.eaai import EaaiPlayer
from ginrummy.players.estimates import UNDERCUT_BONUS, bits, curved_deadwood
from ginrummy.players.fastsim import best_discard
from ginrummy.players.gamevalue import value_table
from ginrummy.players.master import MasterPlayer, read_view
from ginrummy.players.replay import greedy_reply, replay_weight

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _script(name: str) -> Any:
    """The script module ``name`` from scripts/ (its folder on the path while importing)."""
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


def test_belief_compares_samples_with_the_true_hand() -> None:
    proc = _run(
        "master_belief.py", "eaai", "EAAI", "2", "samples=8", "improve_scale=1.0", "replay_pool=2"
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "master vs eaai (EAAI), 2 rounds" in out
    assert "knobs: {'improve_scale': 1.0, 'replay_pool': 2}" in out
    assert "the master's discards: " in out
    assert "deadwood: true mean" in out
    # eaai knocks as soon as it can, so after its discards it never could (these deals
    # give it no dealt hand within the limit either).
    assert "could knock: true 0.0%" in out
    assert "replayed could knock: true 0.0%" in out
    assert re.search(r"feeds: .*; AUC 0\.\d{3}", out)
    assert re.search(r"the danger formula .*: AUC 0\.\d{3}, Brier 0\.\d{4}", out)
    assert re.search(r"replayed feeds: AUC 0\.\d{3}, Brier 0\.\d{4}; averaged .* AUC 0\.\d{3}", out)
    # Every card of the master's 11 at each discard is judged once.
    replies = re.search(
        r"replayed replies: (\d+) of (\d+) cards would let .*; AUC (0\.\d{3}|nan)", out
    )
    assert replies, out
    feeds = re.search(r"feeds: (\d+) cards", out)
    assert feeds and replies[2] == feeds[1]
    assert int(replies[1]) <= int(replies[2])
    for name in ("going out", "gin"):
        assert re.search(
            rf"one card from {name}: true \d+\.\d%; sampled \d+\.\d%, AUC (0\.\d{{3}}|nan);"
            r" replayed \d+\.\d%, AUC (0\.\d{3}|nan), Brier 0\.\d{4}",
            out,
        ), out


def test_reach_is_the_least_deadwood_one_more_card_brings() -> None:
    belief = _script("master_belief")
    melded = mask_of(parse_cards("AS 2S 3S 5H 5D 5C 9D TD JD KC"))
    assert belief.reach(melded) == 0  # 4S (or QD, 8D, 5S) and the king goes: gin
    scattered = mask_of(parse_cards("KS QH JD 9C 7S 5H 3D AC 8H 6D"))
    # no two of them can share a meld, nor two and one more card: the best is an ace
    # drawn and a ten thrown, 69 + 1 - 10 points left
    assert belief.reach(scattered) == 60
    near = mask_of(parse_cards("AS 2S 3S 5H 5D 5C 9D TD 2H 3C"))
    assert belief.reach(near) == 2  # 8D or JD: a run, and the 3C goes, the 2H is left


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


def test_oracle_plays_the_same_games_seeing_the_hand() -> None:
    proc = _run("master_oracle.py", "eaai", "EAAI", "2", "1", "f", "r")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("seen-nothing ")
    assert lines[1].startswith("f ")
    assert lines[2].startswith("r ")
    assert any(line.startswith("f against seen-nothing:") for line in lines)
    assert any(line.startswith("r against seen-nothing:") for line in lines)


def test_oracle_shows_the_hand_only_as_near_as_its_letters_say() -> None:
    """``n`` / ``m``: only while the true hand is / is not one card from going out;
    ``g`` with either: from gin. Shown, the samples' weights single out the true cards;
    not shown, the reading is the master's own."""
    oracle = _script("master_oracle")
    reading = read_view(Round(Rules(), dealer=0, seed=5).view(1), 0.5, 0.7, 2.0)
    hands = {
        "gin": "AS 2S 3S 5H 5D 5C 9D TD JD KC",  # 4S and the king goes: gin
        "knock": "AS 2S 3S 5H 5D 5C 9D TD 2H 3C",  # 8D and the 3C goes: 2 deadwood
        "far": "KS QH JD 9C 7S 5H 3D AC 8H 6D",  # at best 60 deadwood
    }
    shown = {
        "n": {"gin", "knock"},
        "m": {"far"},
        "g": {"gin"},
        "gm": {"knock", "far"},
    }
    for letters, expected in shown.items():
        player = type("Oracle", (oracle.OracleMaster,), {"oracle": "f" + letters})()
        for name, text in hands.items():
            oracle._TRUE[0], oracle._LIMIT[0] = mask_of(parse_cards(text)), 10
            seen = player._exact(reading, 0, chances=False)
            assert (seen is not reading) == (name in expected), (letters, name)


def test_oracle_shows_the_hand_to_the_reply_or_the_hazard_as_its_letters_say(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``y``: the discards' reply sees the true hand, the hazard does not; ``z``: the
    reverse; ``r``: both."""
    oracle = _script("master_oracle")
    view = Round(Rules(), dealer=0, seed=5).view(0)
    reading = read_view(view, 0.5, 0.7, 2.0)
    oracle._TRUE[0], oracle._LIMIT[0] = mask_of(parse_cards("AS 2S 3S 5H 5D 5C 9D TD JD KC")), 10
    seen: dict[str, bool] = {}

    def reply(_self: object, _view: object, out: object, *_args: object) -> object:
        seen["reply"] = _args[1] is not reading
        return out

    def hazard(_self: object, _view: object, got: object) -> float:
        seen["hazard"] = got is not reading
        return 0.0

    monkeypatch.setattr(MasterPlayer, "_reply_rerank", reply)
    monkeypatch.setattr(MasterPlayer, "_hazard", hazard)
    for letters, expected in {"y": (True, False), "z": (False, True), "r": (True, True)}.items():
        player = type("Oracle", (oracle.OracleMaster,), {"oracle": letters})()
        player._player = 0
        player._reply_rerank(view, [], 0, reading, random.Random(1))
        player._hazard(view, reading)
        assert (seen["reply"], seen["hazard"]) == expected, letters


def test_reply_counts_the_discards_that_hand_the_opponent_the_round() -> None:
    """Every master meets the same decisions; the master as it is gives up no value
    against itself and chooses as itself; a gin feed is a go-out feed."""
    proc = _run("master_reply.py", "eaai", "EAAI", "3", "careful=0.0", "r8:reply_samples=8")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert re.fullmatch(r"master vs eaai \(EAAI\), 3 rounds, \d+ discards, careful 0\.0", lines[0])
    decisions = int(lines[0].split(", ")[2].split()[0])
    assert decisions > 0
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert list(rows) == ["master", "seen", "r8"]
    assert rows["master"][5:] == ["+0.0", "0"]
    for melds, gins, points, outs, _net, _value, unlike in rows.values():
        assert 0 <= int(gins) <= min(int(outs), int(melds))
        assert int(outs) <= decisions and int(melds) <= decisions
        assert int(points) >= 25 * int(gins)
        assert 0 <= int(unlike) <= decisions


def test_a_reply_goes_gin_by_the_discard_it_melds_or_else_the_stock() -> None:
    variants = _script("master_variants")
    hand = mask_of(parse_cards("AS 2S 3S 5H 5D 5C 9D TD JD KC"))
    card = {c: Card.parse(c).bit for c in ("4S", "QD", "7H", "KH", "8D")}
    assert variants.gins_on_reply(hand, [], card["4S"])  # A-4S, and the king goes
    assert variants.gins_on_reply(hand, [], card["QD"])  # 9-QD
    assert not variants.gins_on_reply(hand, [], card["7H"])  # melds nothing, no draw
    assert variants.gins_on_reply(hand, [card["8D"]], card["7H"])  # declined: 8-JD drawn
    assert not variants.gins_on_reply(hand, [card["KH"]], card["7H"])  # a pair of kings
    far = mask_of(parse_cards("KS QH JD 9C 7S 5H 3D AC 8H 6D"))
    assert not variants.gins_on_reply(far, [card["4S"]], card["KH"])


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
        ("master_oracle.py", ("eaai", "EAAI", "2", "1", "kx"), "parts are letters of"),
        ("master_reply.py", ("eaai", "Straight gin", "2"), "rules with a knock limit"),
        ("master_reply.py", ("eaai", "EAAI", "2", "seen:"), "a different name for each"),
        ("master_reply.py", ("eaai", "EAAI", "2", "x:nope=1"), "not a knob of the master"),
        ("master_belief.py", ("eaai", "EAAI", "two"), "master_belief:"),
        ("master_belief.py", ("eaai", "EAAI", "2", "nope=1"), "not a knob of the master"),
        ("master_belief.py", ("nobody", "EAAI", "2"), "no player 'nobody'"),
        ("replay_rules.py", ("eaai", "EAAI", "0"), "at least one round"),
        ("replay_rules.py", ("eaai", "EAAI", "2", "nobody"), "no player 'nobody'"),
        ("replay_rules.py", ("nobody", "EAAI", "2"), "no player 'nobody'"),
        ("opponent_habits.py", ("eaai", "EAAI", "0"), "at least one round"),
        ("opponent_habits.py", ("eaai", "EAAI", "2", "nobody"), "no player 'nobody'"),
        ("opponent_habits.py", ("nobody", "EAAI", "2"), "no player 'nobody'"),
        ("master_ab.py", ("eaai", "EAAI", "2", "1", "x:nope=1"), "not a knob of the master"),
        ("master_ab.py", ("eaai", "Nowhere", "2", "1", "x:"), "master_ab:"),
        ("master_rounds.py", ("eaai", "EAAI", "0", "1"), "at least one game"),
        ("master_regret.py", ("eaai", "Nowhere", "2", "1"), "master_regret:"),
        ("master_regret.py", ("nobody", "EAAI", "2", "1"), "no player 'nobody'"),
        ("master_regret.py", ("fit", "/nonexistent/rows.jsonl"), "master_regret: /nonexistent"),
        ("expert_knocks.py", ("nobody", "EAAI", "2"), "no such player: 'nobody'"),
        ("expert_knocks.py", ("defensive", "Nowhere", "2"), "expert_knocks:"),
        ("expert_knocks.py", ("defensive", "EAAI", "2", "1", "nope=1"), "not a knob of the expert"),
        ("expert_knocks.py", ("defensive",), "usage: expert_knocks.py"),
        ("expert_belief.py", ("Nowhere", "1", "1", "0"), "expert_belief:"),
        ("expert_belief.py", ("Standard", "1", "1", "2"), "from 0 to 1"),
        ("expert_belief.py", ("Standard", "1", "1", "x"), "from 0 to 1"),
        ("expert_belief.py", ("Standard", "0", "1", "0"), "at least one game"),
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


def test_variants_run_every_experiment() -> None:
    proc = _run(
        "master_variants.py",
        "eaai",
        "EAAI",
        "1",
        "1",
        "v6:",
        "all:feed_meld_points=15.0,replay_pool=2,knock_replay=2,mc_candidates=2,mc_samples=2,"
        "mc_opp_knock=0,"
        "hazard_scale=1.0,reply_turns=3,game_knock_within=100,replay_exact=2,fits='x2',"
        "race_within=100,race_knock_bonus=6.0,next_discard=1.0,undercut_curve=0.5,"
        "reply_gain=1.0,reply_base=5.0,feed_ready=1.0,layoff_weight=1.0,layoff_samples=4,"
        "style_prior=1.1,style_shown=True,stakes=4.0,careful_replay=1.0,careful_plays_on=0.9,"
        "careful_replay_waits=False,careful_replay_knock=False,danger_floor=0.5,feed_tau=15.0,"
        "knock_lookahead=3,hazard_plays_on=0.0,reply_gin=2.0",
        "reply:reply_weight=0.5,reply_samples=4,reply_pool=2,reply_scale=0.5,learned_knock=0.0,"
        "replay_depth=2,knock_replay_depth=1,replay_habits=1,reply_late=12,reply_late_weight=1.0,"
        "safe_reserve=3.0,safe_reserve_below=20,knock_hazard=1.0,race_loose=4",
        "habits:replay_habits=2",
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("v6 ")
    assert lines[1].startswith("all ")
    assert lines[2].startswith("reply ")
    assert lines[3].startswith("habits ")
    assert any(line.startswith("all against v6:") for line in lines)
    assert any(line.startswith("reply against v6:") for line in lines)


def _discard_view(stock: int) -> PlayerView:
    """The first discard decision with ``stock`` cards in the stock, of the first round
    of the defensive yardstick against itself (it waits for gin; Standard rules, deck
    seeds 0 up) that reaches one."""
    for seed in range(50):
        rnd = Round(Rules(), dealer=0, seed=seed)
        bots = (make_player("defensive", 1), make_player("defensive", 2))
        while rnd.result is None:
            view = rnd.view(rnd.to_act)
            if view.phase is Phase.DISCARD and view.stock_size == stock:
                return view
            rnd.apply(bots[rnd.to_act].choose(view), rnd.to_act)
    raise AssertionError(f"no discard with {stock} cards in the stock")


def _scores(view: PlayerView, **knobs: Any) -> list[tuple[float, int]]:
    """`Variant._discard_scores` with ``knobs`` on ``view``, on the same random numbers."""
    variants = _script("master_variants")
    player = type("Knobs", (variants.Variant,), knobs)(1)
    reading = player._read(view)
    hand, banned = view.hand_mask, view.banned_bit
    return list(player._discard_scores(view, hand, banned, reading, random.Random(4)))


def _assert_same_scores(got: list[tuple[float, int]], want: list[tuple[float, int]]) -> None:
    """The same discards in the same order, with scores equal up to rounding."""
    assert [b for _s, b in got] == [b for _s, b in want]
    assert [s for s, _b in got] == pytest.approx([s for s, _b in want])


def test_a_reply_window_weighs_the_reply_harder_only_near_the_best_discard() -> None:
    """``reply_window=X``: the discards within X of the best own score weigh the reply
    ``reply_window_weight``; a window that holds every candidate is that weight
    everywhere, one that holds none the master as it is."""
    view = _discard_view(20)
    plain = _scores(view)
    heavy = _scores(view, reply_weight=2.0)
    assert plain != heavy  # the reply moves the scores here
    wide = _scores(view, reply_window=1e9, reply_window_weight=2.0)
    _assert_same_scores(wide, heavy)
    assert _scores(view, reply_window=-1.0, reply_window_weight=2.0) == plain


def test_a_late_reply_weighs_more_as_the_stock_runs_out() -> None:
    """``reply_late=S``: from S cards in the stock up the master as it is; with one card
    above the dead stock the reply weighs ``reply_late_weight`` (the scores of that
    ``reply_weight``); between, a weight between the two."""
    last = Rules().dead_stock + 1
    view = _discard_view(last)
    plain = _scores(view)
    heavy = _scores(view, reply_weight=2.0)
    assert plain != heavy  # the reply moves the scores here
    late = _scores(view, reply_late=12, reply_late_weight=2.0)
    _assert_same_scores(late, heavy)
    assert _scores(view, reply_late=last, reply_late_weight=2.0) == plain
    middle = _discard_view(8)
    half = MasterPlayer.reply_weight + (2.0 - MasterPlayer.reply_weight) * (13 - 8) / (13 - last)
    between = _scores(middle, reply_late=13, reply_late_weight=2.0)
    _assert_same_scores(between, _scores(middle, reply_weight=half))
    assert between != _scores(middle)


def test_the_reserve_is_the_safest_loose_card() -> None:
    """`reserve_risk`: the least danger among the cards outside the hand's best melds
    (a card of a meld, however dangerous, is no throw), 0 with none loose."""
    variants = _script("master_variants")
    hand = mask_of(parse_cards("3C 4C 5C 7D 7H 7S KD QH 9S 2H"))
    danger = {
        c.bit: 0.1 * (i + 1) for i, c in enumerate(parse_cards("3C 4C 5C 7D 7H 7S KD QH 9S 2H"))
    }
    risk = variants.reserve_risk(hand, None, lambda b, _r: danger[b])
    assert risk == pytest.approx(0.7)  # KD: the safest of KD, QH, 9S, 2H (0.7-1.0)
    danger[mask_of(parse_cards("3C"))] = 0.0  # a melded card is never the reserve
    assert variants.reserve_risk(hand, None, lambda b, _r: danger[b]) == pytest.approx(0.7)
    gin = mask_of(parse_cards("3C 4C 5C 7D 7H 7S 8S 9S TS JS"))
    assert variants.reserve_risk(gin, None, lambda _b, _r: 1.0) == 0.0


def test_a_safe_reserve_moves_the_scores_only_below_its_stock() -> None:
    """``safe_reserve=W``: below ``safe_reserve_below`` cards in the stock the best
    discards' scores gain W times the reserve's danger; at or above it, the master as
    it is."""
    view = _discard_view(8)
    plain = _scores(view)
    assert _scores(view, safe_reserve=50.0, safe_reserve_below=8) == plain
    assert _scores(view, safe_reserve=50.0, safe_reserve_below=9) != plain


def test_the_race_cost_counts_loose_cards_on_the_curve() -> None:
    """``race_loose=L``: a hand costs its curved deadwood plus L per loose card (the
    arrangement with the fewest points plus L each); two hands of equal deadwood differ
    by L per loose card, and the knob reaches only rounds with the curve."""
    variants = _script("master_variants")
    one = mask_of(parse_cards("3C 4C 5C 7D 7H 7S 8S 9S TS 6D"))  # 6 in one loose card
    two = mask_of(parse_cards("3C 4C 5C 6C 7D 7H 7S 7C AD 5H"))  # 6 in two
    assert min_deadwood_mask(one) == 6
    assert variants.race_cost(1.0, 5, one) == pytest.approx(curved_deadwood(1.0, 6) + 5)
    assert min_deadwood_mask(two) == 6
    assert variants.race_cost(1.0, 5, two) == pytest.approx(curved_deadwood(1.0, 6) + 10)
    knobs = type("Knobs", (variants.Variant,), {"race_loose": 5})(1)
    assert knobs._cost_of(10)(one) == pytest.approx(curved_deadwood(1.0, 6) + 5)
    assert knobs._cost_of(0)(one) == variants.Variant(1)._cost_of(0)(one)


def test_the_knock_hazard_takes_the_opponents_going_out_off_playing_on() -> None:
    """``knock_hazard=K``: playing on loses K x hazard x (gin bonus + deadwood kept), so
    a knock that loses to playing on by less than that knocks; with no hazard read, or
    K 0, the master as it is."""
    variants = _script("master_variants")
    view = _discard_view(20)
    plain = variants.Variant(1)
    heavy = type("Knobs", (variants.Variant,), {"knock_hazard": 1.0})(1)
    reading = replace(plain._read(view), hazard=0.5)
    hand = view.hand_mask
    discard = CARDS[0].bit if hand & CARDS[0].bit else hand & -hand
    kept = min_deadwood_mask(hand ^ discard)
    cost = 0.5 * (view.rules.gin_bonus + kept)
    args = (view, reading, hand, discard, 0.0, discard)
    assert not plain._knock_beats(*args, cost - 1.0)
    assert heavy._knock_beats(*args, cost - 1.0)
    assert not heavy._knock_beats(*args, cost + 1.0)
    assert not heavy._knock_beats(view, replace(reading, hazard=0.0), *args[2:], 1.0)


def test_sure_gin_replies_count_more_only_where_the_samples_agree() -> None:
    """``reply_gin_sure=T``: a candidate that T or more of the reply's samples go gin on
    counts those gins ``reply_gin_sure_weight`` times: at T 0 every candidate does (the
    gins counted W times everywhere, ``reply_gin=W``), past 1 none does."""
    view = _discard_view(8)
    plain = _scores(view)
    thrice = _scores(view, reply_gin=3.0)
    assert plain != thrice  # some samples go gin on a candidate here
    everywhere = _scores(view, reply_gin_sure=0.0, reply_gin_sure_weight=3.0)
    _assert_same_scores(everywhere, thrice)
    assert _scores(view, reply_gin_sure=1.01, reply_gin_sure_weight=3.0) == plain


def test_the_last_reply_ranks_every_discard_by_the_reply_when_the_stock_is_nearly_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``last_reply=F``: when the opponent's stock draw ends the round (unless it goes
    out), every legal discard is ranked by F times its own score less its mean reply
    points; earlier in the round the knob changes nothing."""
    variants = _script("master_variants")
    monkeypatch.setattr(
        variants.Variant, "_reply_points", lambda _self, _o, _s, _m, card, *_a: card.bit_length()
    )
    dead = Rules().dead_stock
    late = _discard_view(dead + 1)
    legal = sorted({c.bit for c in late.hand} - {late.banned_bit})
    by_reply = _scores(late, last_reply=0.0)
    assert [b for _s, b in by_reply] == sorted(legal, reverse=True)
    assert [s for s, _b in by_reply] == [-float(b.bit_length()) for b in sorted(legal)[::-1]]
    own = {b: s for s, b in _scores(late)}
    blended = _scores(late, last_reply=0.5)
    assert [s for s, _b in blended] == pytest.approx(
        sorted(0.5 * own[b] - b.bit_length() for b in legal)
    )
    early = _discard_view(dead + 2)
    assert _scores(early, last_reply=0.0) == _scores(early)


def test_the_danger_floor_weighs_the_formula_at_least_so_much() -> None:
    """``danger_floor=W``: against an opponent read as careful (the master weighs the
    danger formula not at all) the formula weighs W of the feed, the samples the rest;
    against one read as eager past W, and in gin-only rounds, the master's own weights."""
    variants = _script("master_variants")
    floor = type("Floor", (variants.Variant,), {"danger_floor": 0.4})()
    plain = variants.Variant()
    danger, feed = MasterPlayer.eager_danger, MasterPlayer.feed_weight
    assert danger is not None
    for player in (floor, plain):
        player.style.log_odds = -4.0  # careful
    assert plain._feed_weights(10) == (0.0, feed)
    assert floor._feed_weights(10) == pytest.approx((0.4 * danger, 0.6 * feed))
    assert floor._feed_weights(0) == plain._feed_weights(0)
    for player in (floor, plain):
        player.style.log_odds = 4.0  # eager: the formula's share is past the floor
    assert floor._feed_weights(10) == plain._feed_weights(10)


def test_the_convex_feed_counts_points_saved_near_gin_in_full() -> None:
    """``feed_tau=T``: a card's feed counts the deadwood it saves a sampled opponent on
    the scale T (1 - exp(-d / T)): never more than the plain feed on the same samples,
    the plain feed itself as T grows, and far less for a saving at high deadwood."""
    variants = _script("master_variants")
    view = Round(Rules(), dealer=0, seed=5).view(1)
    reading = read_view(view, 0.5, 0.7, 2.0)
    cards = [c.bit for c in CARDS if not c.bit & view.hand_mask][:20]
    plain = variants.Variant(1)._feeds(cards, reading, random.Random(3), 10)
    wide = type("Wide", (variants.Variant,), {"feed_tau": 1e7})(1)
    tight = type("Tight", (variants.Variant,), {"feed_tau": 15.0})(1)
    assert wide._feeds(cards, reading, random.Random(3), 10) == pytest.approx(plain, abs=1e-4)
    convex = tight._feeds(cards, reading, random.Random(3), 10)
    assert all(0 <= c <= p + 1e-9 for c, p in zip(convex, plain, strict=True))
    assert sum(plain) > 0 and sum(convex) < 0.9 * sum(plain)


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
    # 'v6:' alone is v6 (the knobs v7 to v11 changed, turned back), 'v7:' v7, 'v8:' v8,
    # 'v9:' v9, 'v10:' v10; knobs given are taken as they are, on top of the master as
    # it is.
    ab = _script("master_ab")
    v10 = {"careful_replay": 0.0, "careful_plays_on": 0.0}
    v9 = {
        "careful_knock_fit": None,
        "careful_play_on_fit": None,
        "careful_waits": False,
        **v10,
    }
    v8 = {"style_shown": False, "undercut_curve": 0.0, "hazard_scale": 0.0, **v9}
    name, knobs = ab.parse_variant("v6:")
    assert name == "v6"
    assert knobs == {
        "potential_weight": 1.0,
        "reply_weight": 0.0,
        "learned_knock": None,
        "eager_danger": None,
        **v8,
    }
    assert ab.parse_variant("v6:knock_margin=0.0") == ("v6", {"knock_margin": 0.0})
    assert ab.parse_variant("v7:") == ("v7", {"eager_danger": None, **v8})
    assert ab.parse_variant("v8:") == ("v8", v8)
    assert ab.parse_variant("v9:") == ("v9", v9)
    assert ab.parse_variant("v10:") == ("v10", v10)
    assert ab.parse_variant("v11:") == ("v11", {})
    # Each named master's knobs are knobs of the master as it is.
    for text in ab.NAMED.values():
        for part in text.split(","):
            assert hasattr(MasterPlayer, part.split("=")[0])


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
    assert "master_knocks: MASTER is one of v6" in proc.stderr
    assert "Traceback" not in proc.stderr
    # A master with knobs (the experiments' too) is named with them; a wrong one is refused.
    proc = _knocks_probing("x:replay_exact=2,nope=1")
    assert proc.returncode != 0
    assert "not a knob of the master: 'nope=1'" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("values", "mean"),
    [([30, 30, 30, -10, -10], 14.0), ([-27, 8, 9, 10, 12], 5.0), ([-27, 8, 9, 10, 12], -20.0)],
)
def test_tilted_weights_meet_the_predicted_mean_and_keep_the_outcomes(
    values: list[int], mean: float
) -> None:
    weights = _script("master_variants").tilted(values, mean)
    assert sum(weights) == pytest.approx(1.0)
    assert sum(w * v for w, v in zip(weights, values, strict=True)) == pytest.approx(mean)
    assert all(w > 0 for w in weights)
    # A higher mean than the plain one favours the higher outcomes, and the other way.
    plain = sum(values) / len(values)
    order = sorted(zip(values, weights, strict=True))
    ws = [w for _v, w in order]
    assert ws == (sorted(ws) if mean > plain else sorted(ws, reverse=True))


def test_tilted_weights_beyond_the_outcomes_go_to_the_edge() -> None:
    assert _script("master_variants").tilted([-27, 5, 5, 9], 40.0) == [0.0, 0.0, 0.0, 1.0]
    assert _script("master_variants").tilted([-27, 5, 5, 9], -40.0) == [1.0, 0.0, 0.0, 0.0]
    assert _script("master_variants").tilted([4, 4], 4.0) == [0.5, 0.5]


def test_near_the_end_of_a_game_a_small_sure_win_beats_more_points_later() -> None:
    # A knock sure to win 5 points against playing on for 30 (six times in ten) or losing
    # 10: 14 points on average. At 95 to 0 in a game to 100 the knock wins the game at
    # once; at 0 to 0 the points of playing on are worth more.
    variants = _script("master_variants")
    gv = value_table(Rules())
    knocks, plays = [5] * 10, [30] * 6 + [-10] * 4

    def choice(mine: int, theirs: int) -> bool:
        worth = partial(MasterPlayer._worth, gv, mine, theirs, 1)
        return variants.game_value(knocks, 5.0, worth) > variants.game_value(plays, 14.0, worth)

    assert choice(95, 0)
    assert not choice(0, 0)


def _mask(cards: str) -> int:
    return mask_of(Card.parse(c) for c in cards.split())


_DREW = (("draw", Card.parse("9C").bit), ("discard", Card.parse("KD").bit))
_TOOK = (("take", Card.parse("9C").bit), ("discard", Card.parse("KD").bit))


@pytest.mark.parametrize(
    ("hand", "turns"),
    [
        ("AS 2S 3S 4H 5H 6H QC JH 2D 3C", _DREW),
        ("AS 2S 3S 4H 5H 6H KS KH 2D 3C", _DREW),
        ("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C", _DREW),
        ("AS 2S 3S 4H 5H 6H 7C 8C JH QS", _DREW),
        ("AS 2S 3S 9S 9H 9C QC JH 4D 5C", _TOOK),
        ("AS 2S 3S 4H 5H 6H 9C QC JH 2D", _TOOK),
    ],
)
def test_exact_replay_weighs_one_turn_as_the_replay_does(
    hand: str, turns: tuple[tuple[str, int], ...]
) -> None:
    # One turn back nothing is guessed: summing over the card drawn gives the replay's
    # weight (`tests/players/test_opponent_replay.py` has these hands' reasons) when a
    # broken rule rules a hand out. (With a miss above 0 the replay drops the branches
    # that broke a rule unless all did; the sum keeps each at the miss.)
    exact = _script("master_variants").exact_weight(_mask(hand), turns, 10, 1, 0.0)
    assert exact == pytest.approx(replay_weight(_mask(hand), turns, 10, random.Random(1), 1, 0.0))


def test_exact_replay_reads_further_back() -> None:
    exact = _script("master_variants").exact_weight
    # The last turn is a greedy one (KD ties QC, the worst card), but two turns back it
    # threw 2C while holding QC and KD or one of them whichever card it then drew: a
    # rule broken on every branch.
    turns = (("discard", Card.parse("2C").bit), ("draw", 0), ("discard", Card.parse("KD").bit))
    hand = _mask("AS 2S 3S 4H 5H 6H 7D 8C 9H QC")
    assert exact(hand, turns, 10, 1, 0.5) == pytest.approx(1.0)
    assert exact(hand, turns, 10, 2, 0.5) == pytest.approx(0.5)
    # JC two turns back was a greedy discard only if it made no run with TC and QC then:
    # only if one of them is the card drawn since (2 of the 11 it held after the draw).
    turns = (("discard", Card.parse("JC").bit), ("draw", 0), ("discard", Card.parse("KD").bit))
    hand = _mask("AS 2S 3S 4H 5H 6H 7D TC QC 4C")
    assert exact(hand, turns, 10, 1, 0.0) == pytest.approx(1.0)
    assert exact(hand, turns, 10, 2, 0.0) == pytest.approx(2 / 11)


def test_exact_replay_never_rules_out_a_greedy_players_true_hand() -> None:
    exact = _script("master_variants").exact_weight
    checked = 0
    for true, turns, limit in eaai_turns(range(4)):
        assert all(exact(true, turns, limit, d, 0.0) > 0 for d in (1, 2, 3))
        checked += 1
    assert checked > 15


def test_a_longer_reply_is_the_greedy_reply_for_one_turn() -> None:
    """One turn of `multi_turn_reply` is `greedy_reply`, a knock short of gin weighed by
    the share of its chances the opponent takes; over three turns a share of 0 leaves
    only gins (the gin bonus and more), and a share of 1 is the default."""
    multi_turn_reply = _script("master_variants").multi_turn_reply
    rng = random.Random(3)
    bits = [c.bit for c in CARDS]
    knocks = gins = 0
    for _deal in range(3000):
        cards = rng.sample(bits, 40)
        opp, mine, card = sum(cards[:10]), sum(cards[10:20]), cards[20]
        stock = cards[21 : 21 + rng.randrange(0, 19)]
        top = stock[-1] if stock else 0
        for share in (0.0, 0.3, 1.0):
            one = greedy_reply(opp, top, mine, card, 10, 25, 25, share)
            assert multi_turn_reply(opp, stock, mine, card, (10, -1, 25, 25), 1, share) == one
        knocks += one != 0
        none = multi_turn_reply(opp, stock, mine, card, (10, -1, 25, 25), 3, 0.0)
        assert none == 0 or none <= -25
        gins += none != 0
        full = multi_turn_reply(opp, stock, mine, card, (10, -1, 25, 25), 3, 1.0)
        assert full == multi_turn_reply(opp, stock, mine, card, (10, -1, 25, 25), 3)
    assert knocks > 20
    assert gins > 0


def test_a_longer_reply_sees_the_knock_a_turn_later() -> None:
    multi_turn_reply = _script("master_variants").multi_turn_reply
    opp = _mask("AS 2S 3S 4H 5H 6H 7D 8D KC QH")
    mine = _mask("9S 9H 9C 2D 3D 4D KD QD JH TS")  # 40 deadwood, nothing to lay off
    # The opponent draws JS (no meld, a ten goes back); the master draws 9D and throws
    # it; the opponent takes it (7D 8D 9D) and knocks with 10 against the master's 40.
    stock = [Card.parse(c).bit for c in ("5C", "9D", "JS")]
    card = Card.parse("2C").bit
    assert multi_turn_reply(opp, stock, mine, card, (10, 0, 25, 25), 1) == 0
    assert multi_turn_reply(opp, stock, mine, card, (10, 0, 25, 25), 2) == -30
    # With two cards left dead, the round ends after the master's throw: no knock.
    assert multi_turn_reply(opp, stock, mine, card, (10, 1, 25, 25), 2) == 0
    # An opponent that knocks with a quarter of its chances short of gin: that knock
    # counts for a quarter.
    assert multi_turn_reply(opp, stock, mine, card, (10, 0, 25, 25), 2, 0.25) == -7.5


@pytest.mark.parametrize(
    ("scores", "racing"),
    [((0, 0), False), ((74, 84), False), ((75, 0), True), ((0, 85), True), ((99, 99), True)],
)
def test_the_master_races_when_one_round_likely_decides_the_game(
    scores: tuple[int, int], racing: bool
) -> None:
    variants = _script("master_variants")
    knobs = {"race_within": 25, "race_against": 15}
    master = type("Racer", (variants.Variant,), knobs)(1)
    rnd = Round(Rules.preset("EAAI"), dealer=1, seed=3, scores=scores)
    assert master._racing(rnd.view(0)) is racing
    # Off by default, and never in gin-only rounds.
    assert not variants.Variant(1)._racing(rnd.view(0))
    gin_only = Round(Rules.preset("Straight gin"), dealer=1, seed=3, scores=scores)
    assert not master._racing(gin_only.view(0))


def test_the_opponents_likely_discards_are_unseen_cards_and_add_to_the_potential() -> None:
    variants = _script("master_variants")
    player = type("Next", (variants.Variant,), {"next_discard": 1.0})(1)
    rnd = Round(Rules.preset("EAAI"), dealer=1, seed=7)
    rnd.apply(Pass())
    rnd.apply(Pass())
    rnd.apply(DrawStock())
    rnd.apply(Discard(Card.from_bit(best_discard(rnd.view(rnd.to_act).hand_mask, 0)[1])))
    view = rnd.view(rnd.to_act)  # the other player, about to draw
    likely = player._likely_discards(view)
    assert likely
    assert 0 < sum(likely.values()) <= 1 + 1e-9
    seen = view.hand_mask | mask_of(view.discard_pile)
    assert not any(e & seen for e in likely)
    reading = read_view(view)
    gain = player._gain(view.hand_mask, reading, 10)
    player._likely = likely
    assert player._potential(view.hand_mask, reading, 10) >= gain
    player._likely = {}
    assert player._potential(view.hand_mask, reading, 10) == gain


def test_the_undercut_curve_is_made_from_greedy_knocks() -> None:
    knocks = _script("greedy_knocks")
    hist = knocks.knock_deadwood(6000, 1)
    total = sum(hist)
    assert total > 5900  # nearly every greedy round ends in a knock
    shares = [round(h / total, 3) for h in hist]
    # Most knocks come near the limit, which is why points below it are worth more.
    assert shares[10] > shares[5] > shares[0]
    assert knocks.undercut_bonus(shares) == UNDERCUT_BONUS


def _regret_table(seed: int) -> tuple[Any, Any, tuple[Any, Any], int]:
    """A game of the master (seat 0) against eaai, played to the master's first discard
    that is not a knock after two stock draws: (module, game, players, master)."""
    regret = _script("master_regret")
    from ginrummy.core import Game

    game = Game(Rules.preset("EAAI"), seed=seed, first_dealer=1)
    players = (regret.Recording(3), EaaiPlayer(4))
    rnd = game.round
    while True:
        me = rnd.to_act
        view = rnd.view(me)
        at_discard = me == 0 and view.phase.name == "DISCARD" and view.stock_size < 29
        if at_discard and isinstance(players[0].choose(view), Discard):
            return regret, game, players, 0
        game.apply(players[me].choose(view), me)
        assert rnd.result is None


def test_regret_plays_out_the_masters_best_discards_from_the_true_table() -> None:
    regret, game, players, master = _regret_table(11)
    view = game.round.view(master)
    row = regret._decision(game, players, master, view)
    assert row is not None
    chosen = players[master].choose(view)
    cards = [c["card"] for c in row["cands"]]
    assert cards[0] == chosen.card.bit
    assert len(cards) == regret.CANDIDATES == len(set(cards))
    assert row["stock"] == view.stock_size
    assert game.round.view(master).hand_mask == view.hand_mask  # the table is untouched
    # A play-out is the round finished by the same players from a copy of the table.
    import copy

    g2, p2 = copy.deepcopy((game, players))
    g2.apply(Discard(Card.from_bit(cards[1])), master)
    assert regret._finish(g2, p2, master) == row["cands"][1]["points"]
    c0 = row["cands"][0]
    assert c0["dw"] == min_deadwood_mask(view.hand_mask ^ cards[0])
    assert c0["feed"] >= 0


def test_regret_plays_out_taking_and_drawing() -> None:
    regret, game, players, master = _regret_table(12)
    rnd = game.round
    game.apply(players[master].choose(rnd.view(master)), master)  # the master's discard
    me = rnd.to_act
    game.apply(players[me].choose(rnd.view(me)), me)  # eaai's draw
    game.apply(players[me].choose(rnd.view(me)), me)  # and discard
    assert rnd.to_act == master and rnd.result is None
    view = rnd.view(master)
    row = regret._take_decision(game, players, master, view)
    assert row is not None
    assert row["kind"] == "take"
    assert row["took"] == (type(players[master].choose(view)).__name__ == "TakeDiscard")
    assert isinstance(row["take_points"], int) and isinstance(row["draw_points"], int)
    assert row["card"] == view.top_discard.bit


def _synthetic_rows(n: int) -> list[dict[str, Any]]:
    """Decisions whose points are -2 per point of deadwood; the master's choice is the
    worse one in every other decision."""
    rng = random.Random(5)
    rows = []
    for i in range(n):
        dws = rng.sample(range(5, 41), 3)
        if i % 2:
            dws.sort(reverse=True)
        cands = [
            {
                "card": 1 << k,
                "value": dw,
                "dw": dw,
                "gain": 0.0,
                "feed": 0.0,
                "reply": 0.0,
                "danger": 0.0,
                "value_card": 5,
                "points": -2 * dw,
            }
            for k, dw in enumerate(dws)
        ]
        rows.append({"game": i, "stock": 20, "cands": cands})
    return rows


def test_regret_refit_finds_the_points_law_and_the_better_choices() -> None:
    regret = _script("master_regret")
    rows = _synthetic_rows(60)
    gains, changed = regret._held_out(rows, ("value", "feed", "reply"), 0.0)
    # The law is exact, so the refit picks the least deadwood in every decision: it
    # changes those where the master's choice was not that, and gains 2 points per point.
    worse = [r for r in rows if r["cands"][0]["dw"] > min(c["dw"] for c in r["cands"])]
    assert changed == len(worse) > 0
    expected = sum(2 * (r["cands"][0]["dw"] - min(c["dw"] for c in r["cands"])) for r in worse)
    assert sum(gains) == pytest.approx(expected)
    assert all(g >= 0 for g in gains)


def test_the_style_prior_knob_sets_the_starting_belief() -> None:
    variants = _script("master_variants")
    player = type("Prior", (variants.Variant,), {"style_prior": 1.1})(3)
    assert player.style.log_odds == 1.1
    assert variants.Variant(3).style.log_odds == 0.0


def test_stakes_weigh_a_round_by_the_game_win_chance_it_moves() -> None:
    """``stakes``: early in a game a point of either player's is worth about one of the
    master's; with the opponent one knock from the target its points weigh far more,
    with the master that close far less."""
    stakes = _script("master_variants").Stakes
    gv = value_table(Rules.preset("EAAI"))
    early = stakes.at(gv, 0, 0, 1, 4.0)
    assert 0.8 < early.ratio < 1.25
    assert early.points(stakes.GAIN_POINTS) == pytest.approx(stakes.GAIN_POINTS)
    assert early.points(-stakes.LOSS_POINTS) == pytest.approx(-stakes.LOSS_POINTS * early.ratio)
    assert early.points(0) == 0.0
    brink = stakes.at(gv, 20, 90, 1, 4.0)
    assert brink.ratio > 2.0
    # Any knock of 10 ends the game: it costs all the chance left, over a point's worth.
    assert brink.points(-10) == pytest.approx(-brink.ratio * brink.here / brink.loss)
    assert brink.points(-10) == pytest.approx(brink.points(-30))
    near = stakes.at(gv, 90, 20, 1, 4.0)
    assert near.ratio < 0.8
    assert near.points(15) == pytest.approx((1.0 - near.here) / near.gain)
    assert 1 / 1.5 <= stakes.at(gv, 0, 95, 1, 1.5).ratio <= 1.5
    # Under a multiplier a round's points count that many times: 10 doubled end it.
    doubled = stakes.at(gv, 20, 80, 2, 4.0)
    assert doubled.points(-10) == pytest.approx(-doubled.ratio * doubled.here / doubled.loss)
    assert stakes.at(gv, 20, 80, 1, 4.0).points(-10) > doubled.points(-10)


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
    ab = _run("style_probe.py", "master_variants", "eaai0", "EAAI", "1", "1", "v:")
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
    """Habits with round numbers (`scripts/opponent_habits.py`), so that the chances can
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
