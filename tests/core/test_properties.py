"""Invariants under random legal play, legal actions, and exact save/restore."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from coretest_helpers import (
    ALL_ACTIONS,
    CORE,
    MAX_ROUND_ACTIONS,
    check_conservation,
    current_round,
    make_bot,
    replay,
    snapshot,
    step,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core import (
    PRESETS,
    Game,
    IllegalActionError,
    Match,
    NextDealer,
    Round,
    Rules,
    SaveError,
)
from ginrummy.core import save as saving

# --- strategies -------------------------------------------------------------------------------


@st.composite
def round_rules(draw: st.DrawFn) -> Rules:
    base = PRESETS[draw(st.sampled_from(list(PRESETS)))]
    return base.with_(
        discard_taken_card=draw(st.booleans()),
        dead_stock=draw(st.sampled_from([2, 2, 0, 5])),
        big_gin_bonus=draw(st.sampled_from([31, 50, None])),
    )


@st.composite
def game_rules(draw: st.DrawFn) -> Rules:
    """Rules for whole games, kept short (low targets) so that many fit in the time."""
    base = PRESETS[draw(st.sampled_from(list(PRESETS)))]
    return base.with_(
        target=draw(st.sampled_from([30, 60, 100])),
        discard_taken_card=draw(st.booleans()),
        next_dealer=draw(st.sampled_from(NextDealer)),
        games=draw(st.sampled_from([1, 3])) if base.is_match else 1,
    )


mixes = st.tuples(st.sampled_from(["random", "simple"]), st.sampled_from(["random", "simple"]))


# --- random play invariants ---------------------------------------------------------------


def check_legal_actions(rnd: Round, sample: list[Any]) -> None:
    """Every listed action applies on a replayed copy; the others are refused, changing nothing."""
    legal = rnd.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    for action in legal:
        copy_ = replay(rnd)
        assert snapshot(copy_)[0] == snapshot(rnd)[0]
        copy_.apply(action)
        check_conservation(copy_)
        assert copy_.actions[-1] == action
    before = snapshot(rnd)
    for action in sample:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as info:
            rnd.apply(action)
        assert str(info.value)
        assert snapshot(rnd) == before


def play_checked_round(
    rnd: Round, players: tuple[Any, Any], rng: random.Random, checks: int = 3
) -> None:
    """Play a round to the end with every invariant checked at every step."""
    check_points = {rng.randrange(60) for _ in range(checks)}
    for n in range(MAX_ROUND_ACTIONS):
        check_conservation(rnd)
        if rnd.is_over:
            break
        assert rnd.legal_actions(), "a player to act with nothing to do"
        if n in check_points:
            check_legal_actions(rnd, rng.sample(ALL_ACTIONS, 20))
        me = rnd.to_act
        action = players[me].choose(rnd.view(me))
        assert action in rnd.legal_actions()
        rnd.apply(action, me)
    else:
        pytest.fail(f"the round did not end in {MAX_ROUND_ACTIONS} actions")
    check_conservation(rnd)
    result = rnd.result
    assert result is not None
    assert rnd.legal_actions() == []
    # The result's hands are the final hands; the points are consistent.
    assert result.hands == (rnd.hand(0), rnd.hand(1))
    assert result.points == result.base_points * result.multiplier
    assert result.stock_left == rnd.stock_size
    if result.is_draw:
        assert result.winner is None and result.points == 0
        assert rnd.stock_size <= rnd.rules.dead_stock
    else:
        assert result.knocker is not None and result.winner is not None
        assert result.points > 0 or result.base_points == 0
    # Replaying the actions rebuilds the very same round.
    assert snapshot(replay(rnd))[0] == snapshot(rnd)[0]


@settings(CORE, max_examples=100)
@given(round_rules(), st.integers(0, 2**32), mixes)
def test_random_play_keeps_every_invariant(rules: Rules, seed: int, mix: tuple[str, str]) -> None:
    rng = random.Random(seed)
    rnd = Round(rules, dealer=seed % 2, seed=seed)
    players = (make_bot(mix[0], seed), make_bot(mix[1], seed + 1))
    play_checked_round(rnd, players, rng)


def test_all_refusals_change_nothing_throughout_a_round() -> None:
    """Every action of the 108 possible is tried at every step of a few rounds."""
    for seed in range(3):
        rnd = Round(Rules(), dealer=seed % 2, seed=f"refusals:{seed}")
        bots = (make_bot("random", seed), make_bot("simple", seed))
        while not rnd.is_over:
            legal = rnd.legal_actions()
            before = snapshot(rnd)
            for action in ALL_ACTIONS:
                if action in legal:
                    continue
                with pytest.raises(IllegalActionError):
                    rnd.apply(action)
                assert snapshot(rnd) == before
            me = rnd.to_act
            rnd.apply(bots[me].choose(rnd.view(me)), me)


# --- save and restore ---------------------------------------------------------------------


def trace_to_end(obj: Game | Match, players: tuple[Any, Any], limit: int = 20_000) -> list[Any]:
    """Step until the game or match is over (or ``limit`` steps): what happened, step by step."""
    trace: list[Any] = []
    for _ in range(limit):
        what = step(obj, players)
        if what is None:
            break
        trace.append(what)
    return trace


def new_game(rules: Rules, seed: int) -> Game | Match:
    return Match(rules, seed=seed) if rules.is_match else Game(rules, seed=seed)


def check_save_restore(obj: Game | Match, players: tuple[Any, Any], stop: int) -> None:
    """Play ``stop`` steps, save, restore, and check both continue identically."""
    for _ in range(stop):
        if step(obj, players) is None:
            break
    text = saving.dumps(obj, extra={"note": "test", "n": stop})
    restored, extra = saving.loads(text)
    assert extra == {"note": "test", "n": stop}
    assert type(restored) is type(obj)
    assert saving.to_dict(restored) == saving.to_dict(obj)
    assert restored.is_over == obj.is_over
    assert restored.winner == obj.winner
    if isinstance(obj, Match):
        assert isinstance(restored, Match)
        assert restored.games_won == obj.games_won
    game = obj.game if isinstance(obj, Match) else obj
    back = restored.game if isinstance(restored, Match) else restored
    assert isinstance(back, Game)
    assert back.scores == game.scores
    assert back.rounds_won == game.rounds_won
    assert back.score_history == game.score_history
    assert back.results == game.results
    assert back.totals() == game.totals()
    assert snapshot(current_round(restored))[0] == snapshot(current_round(obj))[0]
    twins = copy.deepcopy(players)
    # Random bots rarely go out, so the futures are compared over a bounded stretch.
    assert trace_to_end(restored, twins, 1500) == trace_to_end(obj, players, 1500)
    assert saving.to_dict(restored) == saving.to_dict(obj)
    assert restored.winner == obj.winner


@settings(CORE, max_examples=40)
@given(game_rules(), st.integers(0, 2**32), mixes, st.integers(0, 400))
def test_save_restore_continues_identically(
    rules: Rules, seed: int, mix: tuple[str, str], stop: int
) -> None:
    obj = new_game(rules, seed)
    players = (make_bot(mix[0], seed), make_bot(mix[1], seed + 7))
    check_save_restore(obj, players, stop)


def test_save_restore_at_every_point_of_a_round() -> None:
    game = Game(Rules(), seed=99)
    players = (make_bot("simple", 0), make_bot("random", 0))
    rnd = game.round
    while True:
        restored, _ = saving.loads(saving.dumps(game))
        assert isinstance(restored, Game)
        assert snapshot(restored.round)[0] == snapshot(rnd)[0]
        if rnd.is_over:
            break
        step(game, players)


def test_save_of_a_tournament_match() -> None:
    match = Match(seed=5)
    players = (make_bot("simple", 0), make_bot("simple", 1))
    trace_to_end(match, players)
    assert match.is_over
    data = saving.to_dict(match)
    assert data["kind"] == "match" and data["format"] == "ginrummy-save" and data["version"] == 1
    restored, _ = saving.from_dict(json.loads(json.dumps(data)))
    assert isinstance(restored, Match)
    assert restored.games_won == match.games_won and restored.winner == match.winner
    assert [g.scores for g in restored.games] == [g.scores for g in match.games]


# --- corrupt saves -------------------------------------------------------------------------


def _sample_save() -> dict[str, Any]:
    """A game with finished rounds and one in play (so that edits hit live moves too)."""
    game = Game(Rules(), seed=31)
    players = (make_bot("simple", 0), make_bot("random", 3))
    while len(game.rounds) < 3 or len(game.round.actions) < 6:
        assert step(game, players) is not None
    assert not game.round.is_over and not game.is_over
    return saving.to_dict(game)


def _sample_match_save() -> dict[str, Any]:
    """A best-of-three match in its second game."""
    match = Match(Rules.preset("Tournament").with_(target=60, games=3), seed=8)
    players = (make_bot("simple", 0), make_bot("simple", 1))
    while len(match.games) < 2 or len(match.game.rounds) < 2:
        assert step(match, players) is not None
    return saving.to_dict(match)


SAMPLE = _sample_save()
SAMPLE_TEXT = json.dumps(SAMPLE)
MATCH_SAMPLE = _sample_match_save()


def refuses(data: Any) -> str:
    with pytest.raises(SaveError) as info:
        if isinstance(data, str):
            saving.loads(data)
        else:
            saving.from_dict(data)
    message = str(info.value)
    assert message and "\n" not in message
    return message


def test_sample_save_loads() -> None:
    game, extra = saving.loads(SAMPLE_TEXT)
    assert saving.to_dict(game) == SAMPLE and extra == {}


@settings(CORE, max_examples=80)
@given(st.integers(0, len(SAMPLE_TEXT) - 1))
def test_truncated_json(cut: int) -> None:
    refuses(SAMPLE_TEXT[:cut])


@pytest.mark.parametrize("version", [0, 2, "1", None, 1.0, True, [1]])
def test_wrong_version(version: Any) -> None:
    data = copy.deepcopy(SAMPLE)
    data["version"] = version
    assert "version" in refuses(data)


def test_duplicate_card_in_deck() -> None:
    data = copy.deepcopy(SAMPLE)
    deck = data["games"][0]["rounds"][0]["deck"].split()
    deck[5] = deck[0]
    data["games"][0]["rounds"][0]["deck"] = " ".join(deck)
    message = refuses(data)
    assert deck[0] in message and "twice" in message


def test_short_deck() -> None:
    data = copy.deepcopy(SAMPLE)
    rnd = data["games"][0]["rounds"][0]
    rnd["deck"] = " ".join(rnd["deck"].split()[:51])
    assert "51 cards" in refuses(data)


@pytest.mark.parametrize(
    ("position", "text"),
    [(0, "draw"), (0, "discard AS"), (0, "fly"), (1, "big_gin"), (3, "knock ZZ"), (-1, "pass")],
)
def test_illegal_action(position: int, text: str) -> None:
    data = copy.deepcopy(SAMPLE)
    actions = data["games"][0]["rounds"][0]["actions"]
    if position == -1:
        actions.append(text)  # an action after the round ended
    else:
        actions[position] = text
    message = refuses(data)
    assert "action" in message


def test_a_held_card_discarded_by_the_wrong_player() -> None:
    data = copy.deepcopy(SAMPLE)
    rnd = data["games"][0]["rounds"][0]
    deck = rnd["deck"].split()
    # After the two upcard decisions, the non-dealer may not discard a dealer's card.
    rnd["actions"][:3] = ["pass", "pass", "draw", f"discard {deck[1]}"]
    assert "do not hold" in refuses(data)


def test_scores_that_do_not_add_up() -> None:
    data = copy.deepcopy(SAMPLE)
    scores = data["games"][0]["scores"]
    data["games"][0]["scores"] = [scores[0] + 1, scores[1]]
    assert "do not add up" in refuses(data)


def test_unfinished_round_followed_by_another() -> None:
    data = copy.deepcopy(SAMPLE)
    rounds = data["games"][0]["rounds"]
    rounds[0]["actions"] = rounds[0]["actions"][:3]
    assert "unfinished" in refuses(data)


def test_game_seed_must_match_the_save_seed() -> None:
    data = copy.deepcopy(SAMPLE)
    data["games"][0]["seed"] = data["seed"] + 1
    assert "seed" in refuses(data)


def test_wrong_dealer() -> None:
    data = copy.deepcopy(SAMPLE)
    rounds = data["games"][0]["rounds"]
    rounds[0]["dealer"] = 1 - rounds[0]["dealer"]
    assert "dealer" in refuses(data)


WRONG_TYPES: list[tuple[tuple[Any, ...], Any]] = [
    ((), []),
    ((), "save"),
    (("format",), "ginrummy"),
    (("kind",), "tournament"),
    (("kind",), None),
    (("rules",), "Standard"),
    (("rules",), {"target": "100"}),
    (("rules",), {"colour": 1}),
    (("seed",), "31"),
    (("seed",), 31.0),
    (("games",), {}),
    (("games",), []),
    (("extra",), []),
    (("games", 0), "game"),
    (("games", 0, "first_dealer"), "0"),
    (("games", 0, "first_dealer"), 2),
    (("games", 0, "first_dealer"), True),
    (("games", 0, "seed"), None),
    (("games", 0, "rounds"), "x"),
    (("games", 0, "rounds"), []),
    (("games", 0, "rounds", 0), []),
    (("games", 0, "rounds", 0, "dealer"), "0"),
    (("games", 0, "rounds", 0, "dealer"), None),
    (("games", 0, "rounds", 0, "dealer"), 1.0),
    (("games", 0, "rounds", 0, "deck"), 5),
    (("games", 0, "rounds", 0, "deck"), ["AS"]),
    (("games", 0, "rounds", 0, "actions"), "draw"),
    (("games", 0, "rounds", 0, "actions", 0), 3),
    (("games", 0, "rounds", 0, "actions", 0), None),
    (("games", 0, "scores"), "0 0"),
    (("games", 0, "scores"), [0]),
]


def _set_path(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@pytest.mark.parametrize(("path", "value"), WRONG_TYPES, ids=[repr(w) for w in WRONG_TYPES])
def test_wrong_types(path: tuple[Any, ...], value: Any) -> None:
    data = _set_path(copy.deepcopy(SAMPLE), path, value)
    refuses(data)
    refuses(json.dumps(data))


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node[:8]):
            out.extend(_paths(v, (*prefix, i)))
    return out


SAMPLE_PATHS = [("game", p) for p in _paths(SAMPLE)] + [("match", p) for p in _paths(MATCH_SAMPLE)]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 300)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def test_match_sample_loads() -> None:
    match, _ = saving.from_dict(copy.deepcopy(MATCH_SAMPLE))
    assert isinstance(match, Match) and len(match.games) == 2
    assert saving.to_dict(match) == MATCH_SAMPLE
    assert sum(match.games_won) == 1


@settings(CORE, max_examples=300)
@given(
    st.sampled_from(SAMPLE_PATHS),
    json_values | st.sampled_from(["draw", "take", "AS KH", "pass", 0, 1, 2]),
)
def test_any_mutation_restores_or_raises_save_error(
    where: tuple[str, tuple[Any, ...]], value: Any
) -> None:
    """A save changed anywhere either restores exactly as written, or raises SaveError."""
    kind, path = where
    sample = SAMPLE if kind == "game" else MATCH_SAMPLE
    data = _set_path(copy.deepcopy(sample), path, value)
    try:
        obj, _ = saving.loads(json.dumps(data))
    except SaveError:
        return
    # Accepted: what was restored must be what the (changed) file says.
    again = saving.to_dict(obj)
    assert [g["rounds"] for g in again["games"]] == [g["rounds"] for g in data["games"]]
    assert again["rules"] == Rules.from_dict(data["rules"]).to_dict()
