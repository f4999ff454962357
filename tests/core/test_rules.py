"""Rules knobs and presets (docs/rules.md sections 3-8)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from coretest_helpers import CORE
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core import PRESETS, NextDealer, Rules, RulesError


def test_preset_table() -> None:
    """The table of docs/rules.md section 8, knob by knob."""
    assert list(PRESETS) == [
        "Standard",
        "Classic",
        "Tournament",
        "Oklahoma",
        "Straight gin",
        "EAAI",
    ]
    std = PRESETS["Standard"]
    assert std == Rules()
    assert (std.target, std.knock_limit, std.big_gin_bonus, std.games) == (100, 10, 31, 1)
    assert (std.game_bonus, std.box_bonus, std.shutout_multiplier) == (0, 0, 1)
    assert (std.oklahoma, std.spade_doubles) == (False, False)
    assert (std.gin_bonus, std.undercut_bonus) == (25, 25)
    assert std.discard_taken_card is False
    assert std.dead_stock == 2
    assert std.next_dealer is NextDealer.WINNER

    classic = PRESETS["Classic"]
    assert classic == std.with_(game_bonus=100, box_bonus=25, shutout_multiplier=2)

    tournament = PRESETS["Tournament"]
    assert tournament == std.with_(target=250, games=5)
    assert tournament.is_match and tournament.games_to_win == 3

    oklahoma = PRESETS["Oklahoma"]
    assert oklahoma == std.with_(target=150, oklahoma=True, spade_doubles=True)

    straight = PRESETS["Straight gin"]
    assert straight == std.with_(knock_limit=0)

    eaai = PRESETS["EAAI"]
    assert eaai == std.with_(big_gin_bonus=None, next_dealer=NextDealer.ALTERNATE)

    for name, rules in PRESETS.items():
        assert rules.name == name
        assert rules.big_gin_bonus == (None if name == "EAAI" else 31)
        if name != "Tournament":
            assert not rules.is_match and rules.games_to_win == 1
    assert std.with_(target=99).name == "Custom"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Standard", "Standard"),
        ("standard", "Standard"),
        ("  STANDARD ", "Standard"),
        ("default", "Standard"),
        ("classic", "Classic"),
        ("TOURNAMENT", "Tournament"),
        ("oklahoma", "Oklahoma"),
        ("Straight gin", "Straight gin"),
        ("straight-gin", "Straight gin"),
        ("straight_gin", "Straight gin"),
        ("STRAIGHTGIN", "Straight gin"),
        ("Straight  Gin", "Straight gin"),
        ("straight", "Straight gin"),
        ("eaai", "EAAI"),
        ("EAAI", "EAAI"),
    ],
)
def test_preset_name_matching(text: str, name: str) -> None:
    assert Rules.preset(text) is PRESETS[name]


def test_eaai_preset_competition_rules() -> None:
    """EAAI-2021 challenge rules: to 100, knock 10, gin 25, undercut 25, no big gin; the
    dealer alternates after a scored hand and deals again after a dead one."""
    eaai = Rules.preset("eaai")
    assert (eaai.target, eaai.knock_limit, eaai.gin_bonus, eaai.undercut_bonus) == (
        100,
        10,
        25,
        25,
    )
    assert eaai.big_gin_bonus is None
    assert eaai.next_dealer is NextDealer.ALTERNATE
    assert (eaai.game_bonus, eaai.box_bonus, eaai.shutout_multiplier, eaai.games) == (0, 0, 1, 1)
    assert not eaai.oklahoma and eaai.discard_taken_card is False
    assert Rules.from_dict(eaai.to_dict()) == eaai and eaai.name == "EAAI"

    # Dealer rotation in play: a dead hand keeps the dealer, a scored hand passes the deal.
    from ginrummy.core import Discard, DrawStock, Game, Pass, Phase
    from ginrummy.players import SimplePlayer

    game = Game(eaai, seed=3, first_dealer=0)
    rnd = game.round
    while rnd.result is None:  # both pass, then draw and throw the drawn card: a dead hand
        me = rnd.to_act
        view = rnd.view(me)
        if view.phase is Phase.FIRST_UPCARD:
            game.apply(Pass(), me)
        elif view.phase is Phase.DRAW:
            game.apply(DrawStock(), me)
        else:
            assert view.drawn_card is not None
            game.apply(Discard(view.drawn_card), me)
    assert rnd.result.winner is None
    game.next_round()
    assert game.round.dealer == 0
    dealers = [0]
    bots = (SimplePlayer(), SimplePlayer())
    while not game.is_over:
        rnd = game.round
        while rnd.result is None:
            me = rnd.to_act
            game.apply(bots[me].choose(rnd.view(me)), me)
        if not game.is_over:
            game.next_round()
            expected = rnd.dealer if rnd.result.winner is None else 1 - rnd.dealer
            assert game.round.dealer == expected
            dealers.append(expected)
    assert 1 in dealers  # the deal did pass


@pytest.mark.parametrize("text", ["", "standrd", "okla", "gin rummy", "Classic2"])
def test_unknown_preset(text: str) -> None:
    with pytest.raises(RulesError, match="unknown rules preset") as info:
        Rules.preset(text)
    assert "Standard" in str(info.value)  # names the choices
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("knobs", "words"),
    [
        ({"target": 0}, "target"),
        ({"knock_limit": 11}, "knock_limit"),
        ({"knock_limit": -1}, "knock_limit"),
        ({"gin_bonus": -1}, "gin_bonus"),
        ({"undercut_bonus": -5}, "undercut_bonus"),
        ({"big_gin_bonus": -1}, "big_gin_bonus"),
        ({"dead_stock": -1}, "dead_stock"),
        ({"dead_stock": 31}, "dead_stock"),
        ({"game_bonus": -1}, "game_bonus"),
        ({"box_bonus": -1}, "box_bonus"),
        ({"shutout_multiplier": 0}, "shutout_multiplier"),
        ({"games": 0}, "games"),
        ({"games": 4}, "games"),
        ({"spade_doubles": True}, "spade_doubles"),
        ({"next_dealer": "winner"}, "next_dealer"),
    ],
)
def test_bad_knobs(knobs: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules(**knobs)
    with pytest.raises(RulesError, match=words):
        Rules().with_(**knobs)


@pytest.mark.parametrize(
    ("knobs", "words"),
    [
        ({"target": "100"}, "target must be a whole number"),
        ({"target": 1.5}, "target must be a whole number"),
        ({"knock_limit": None}, "knock_limit must be a whole number"),
        ({"knock_limit": True}, "knock_limit must be a whole number"),
        ({"games": 1.0}, "games must be a whole number"),
        ({"oklahoma": 1}, "oklahoma must be true or false"),
        ({"discard_taken_card": "no"}, "discard_taken_card must be true or false"),
        ({"big_gin_bonus": 31.0}, "big_gin_bonus must be a whole number"),
    ],
)
def test_wrong_types_are_rules_errors(knobs: dict[str, Any], words: str) -> None:
    """A knob of the wrong type is refused as a RulesError, not a TypeError or silently."""
    with pytest.raises(RulesError, match=words):
        Rules(**knobs)
    with pytest.raises(RulesError, match=words):
        Rules().with_(**knobs)


def test_with_refuses_unknown_knob_and_is_a_copy() -> None:
    with pytest.raises(RulesError):
        Rules().with_(colour="red")
    base = Rules()
    changed = base.with_(knock_limit=5, next_dealer=NextDealer.LOSER)
    assert base.knock_limit == 10 and changed.knock_limit == 5
    assert changed.next_dealer is NextDealer.LOSER
    assert Rules().with_(big_gin_bonus=None).big_gin_bonus is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        base.target = 5  # type: ignore[misc]


def test_round_knock_limit() -> None:
    std, okla = Rules(), Rules.preset("Oklahoma")
    for value in range(1, 11):
        assert std.round_knock_limit(value) == 10
        assert Rules(knock_limit=4).round_knock_limit(value) == 4
        assert okla.round_knock_limit(value) == (0 if value == 1 else value)


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    oklahoma = draw(st.booleans())
    return Rules(
        target=draw(st.integers(1, 1000)),
        knock_limit=draw(st.integers(0, 10)),
        oklahoma=oklahoma,
        spade_doubles=oklahoma and draw(st.booleans()),
        gin_bonus=draw(st.integers(0, 100)),
        undercut_bonus=draw(st.integers(0, 100)),
        big_gin_bonus=draw(st.one_of(st.none(), st.integers(0, 100))),
        discard_taken_card=draw(st.booleans()),
        dead_stock=draw(st.integers(0, 30)),
        next_dealer=draw(st.sampled_from(NextDealer)),
        game_bonus=draw(st.integers(0, 200)),
        box_bonus=draw(st.integers(0, 50)),
        shutout_multiplier=draw(st.integers(1, 4)),
        games=draw(st.sampled_from([1, 3, 5, 7])),
    )


rules_strategy = any_rules() | st.sampled_from(list(PRESETS.values()))


@settings(CORE, max_examples=100)
@given(rules_strategy)
def test_to_dict_round_trip(rules: Rules) -> None:
    data = rules.to_dict()
    assert set(data) == {f.name for f in dataclasses.fields(Rules)}
    assert data["next_dealer"] == rules.next_dealer.value
    assert isinstance(data["next_dealer"], str)
    back = Rules.from_dict(data)
    assert back == rules
    assert back.name == rules.name


def test_from_dict_partial_uses_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"knock_limit": 0}) == PRESETS["Straight gin"]
    assert Rules.from_dict({"next_dealer": "loser"}).next_dealer is NextDealer.LOSER
    assert Rules.from_dict({"big_gin_bonus": None}).big_gin_bonus is None


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"colour": "red"}, "unknown rules knob 'colour'"),
        ({"target": "100"}, "target must be a whole number"),
        ({"target": 100.0}, "target must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"knock_limit": None}, "knock_limit must be a whole number"),
        ({"oklahoma": 1}, "oklahoma must be true or false"),
        ({"discard_taken_card": "yes"}, "discard_taken_card must be true or false"),
        ({"big_gin_bonus": "31"}, "big_gin_bonus must be a whole number or null"),
        ({"big_gin_bonus": False}, "big_gin_bonus must be a whole number or null"),
        ({"next_dealer": "nobody"}, "next_dealer must be winner, loser or alternate"),
        ({"next_dealer": 1}, "next_dealer must be winner, loser or alternate"),
        ({"knock_limit": 12}, "knock_limit must be 0..10"),
        ({"games": 2}, "games must be an odd number"),
        ({"spade_doubles": True}, "spade_doubles needs oklahoma"),
    ],
)
def test_from_dict_refusals(data: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    assert words in str(info.value)


@pytest.mark.parametrize("data", [None, [], "Standard", 3])
def test_from_dict_needs_an_object(data: Any) -> None:
    with pytest.raises(RulesError, match="object"):
        Rules.from_dict(data)
