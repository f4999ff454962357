"""Long random runs, only under ``make fuzz`` (``pytest -m fuzz``).

``GINRUMMY_FUZZ_EXAMPLES`` (default 2000) sets the hypothesis examples of each test and,
divided by 4, the number of whole games played. Unlike the normal run these are not
derandomised: each run explores new cases (a failure prints a reproduction blob).
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
from typing import Any

import pytest
from coretest_helpers import (
    CORE,
    check_conservation,
    make_bot,
    oracle_min_deadwood,
    oracle_showdown,
    step,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import (
    MATCH_SAMPLE,
    SAMPLE,
    SAMPLE_PATHS,
    _set_path,
    check_save_restore,
    json_values,
    play_checked_round,
    round_rules,
)
from test_solver_oracle import hands, showdown_deals

from ginrummy.core import (
    PRESETS,
    Game,
    Match,
    NextDealer,
    Round,
    Rules,
    SaveError,
    best_melding,
    mask_of,
    min_deadwood,
    settle,
)
from ginrummy.core import save as saving

EXAMPLES = int(os.environ.get("GINRUMMY_FUZZ_EXAMPLES", "2000"))
GAMES = max(1, EXAMPLES // 4)
FUZZ = settings(CORE, derandomize=False, max_examples=EXAMPLES)

pytestmark = pytest.mark.fuzz


@st.composite
def fuzz_rules(draw: st.DrawFn) -> Rules:
    rules = draw(round_rules())
    if not rules.oklahoma:
        rules = rules.with_(knock_limit=draw(st.integers(0, 10)))
    return rules


mixes = st.tuples(st.sampled_from(["random", "simple"]), st.sampled_from(["random", "simple"]))


@FUZZ
@given(fuzz_rules(), st.integers(0, 2**63), mixes)
def test_fuzz_rounds(rules: Rules, seed: int, mix: tuple[str, str]) -> None:
    rnd = Round(rules, dealer=seed % 2, seed=seed)
    play_checked_round(
        rnd, (make_bot(mix[0], seed), make_bot(mix[1], ~seed)), random.Random(seed), checks=1
    )


@FUZZ
@given(hands)
def test_fuzz_solver(hand: list[Any]) -> None:
    melding = best_melding(hand)
    assert min_deadwood(hand) == melding.deadwood_points == oracle_min_deadwood(hand)
    assert sorted(melding.cards) == sorted(hand)


@FUZZ
@given(showdown_deals)
def test_fuzz_showdown(deal: tuple[list[Any], list[Any], int]) -> None:
    knocker, defender, limit = deal
    s = settle(mask_of(knocker), mask_of(defender), knock_limit=limit)
    if oracle_min_deadwood(knocker) == 0:
        assert s.points == 25 + oracle_min_deadwood(defender)
        return
    score, k, d = oracle_showdown(knocker, defender, limit)
    assert (s.knocker_deadwood, s.defender_deadwood, s.points) == (k, d, abs(score))
    assert s.knocker_won is (score > 0)


@FUZZ
@given(st.sampled_from(SAMPLE_PATHS), json_values)
def test_fuzz_corrupt_saves(where: tuple[str, tuple[Any, ...]], value: Any) -> None:
    kind, path = where
    data = _set_path(copy.deepcopy(SAMPLE if kind == "game" else MATCH_SAMPLE), path, value)
    text = json.dumps(data)
    for attempt in (text, text[: len(text) // 2]):
        with contextlib.suppress(SaveError):
            saving.loads(attempt)


def _game_rules(rng: random.Random) -> Rules:
    name = rng.choice(list(PRESETS))
    rules = PRESETS[name].with_(
        discard_taken_card=rng.random() < 0.3,
        next_dealer=rng.choice(list(NextDealer)),
        big_gin_bonus=rng.choice([31, 50, None]),
        dead_stock=rng.choice([2, 2, 0, 4]),
    )
    if not rules.oklahoma:
        rules = rules.with_(knock_limit=rng.randrange(1, 11))
    if rules.is_match:
        rules = rules.with_(target=rng.choice([50, 100]), games=3)
    return rules


def test_fuzz_whole_games_with_save_restore() -> None:
    """Whole games (at least one simple bot, so that they end), restored at a random point."""
    rng = random.Random(os.environ.get("GINRUMMY_FUZZ_SEED", str(random.randrange(10**9))))
    for n in range(GAMES):
        rules = _game_rules(rng)
        seed = rng.randrange(2**53)
        kinds = rng.choice([("simple", "simple"), ("simple", "random"), ("random", "simple")])
        players = (make_bot(kinds[0], seed), make_bot(kinds[1], seed + 1))
        obj: Game | Match = Match(rules, seed=seed) if rules.is_match else Game(rules, seed=seed)
        context = f"game {n}: rules={rules.to_dict()} seed={seed} players={kinds}"
        # Half of the games: play to the end checking conservation at every step.
        if n % 2:
            while (what := step(obj, players)) is not None:
                game = obj.game if isinstance(obj, Match) else obj
                check_conservation(game.round)
                assert what, context
            assert obj.winner is not None, context
            games = obj.games if isinstance(obj, Match) else [obj]
            for g in games:
                points = [0, 0]
                for r in g.results:
                    if r.winner is not None:
                        points[r.winner] += r.points
                assert points == g.scores, context
        else:
            check_save_restore(obj, players, rng.randrange(600))
