"""The wire format: client messages checked strictly, views and results there and back."""

from __future__ import annotations

import json

import pytest

from ginrummy.app.model.remote import refusal_text
from ginrummy.core import Game, Knock, Match, Rules, parse_action
from ginrummy.core.actions import Discard
from ginrummy.net.protocol import (
    CODE_ALPHABET,
    ERRORS,
    MAX_MESSAGE,
    VERSION,
    ProtocolError,
    new_code,
    normalise_code,
    phrase_facts,
    read_client_message,
    view_from_json,
    view_to_json,
    worded,
)
from ginrummy.net.referee import Refused, Table, position_number
from ginrummy.players import make_player


def test_codes_are_readable_aloud_and_normalised() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 11 and code[5] == "-"
        assert set(code.replace("-", "")) <= set(CODE_ALPHABET)
        assert not set("01OIL") & set(code)
        assert normalise_code(code.lower().replace("-", " ")) == code


def test_hello_act_and_ready_are_read() -> None:
    hello = read_client_message(json.dumps({"type": "hello", "version": VERSION, "code": "X"}))
    assert (hello.type, hello.code, hello.token) == ("hello", "X", "")
    act = read_client_message('{"type":"act","action":"discard QH","seq":7}')
    assert (act.action, act.seq) == ("discard QH", 7)
    assert read_client_message('{"type":"ready","seq":3}').seq == 3


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "bad-json"),
        ("[1, 2]", "bad-json"),
        ('{"kind": "act"}', "bad-json"),
        ('{"type": "shout"}', "unknown-type"),
        ('{"type": "act", "action": "draw"}', "bad-message"),
        ('{"type": "act", "action": "draw", "seq": 1, "extra": 1}', "bad-message"),
        ('{"type": "act", "action": "draw", "seq": "1"}', "bad-message"),
        ('{"type": "act", "action": "draw", "seq": true}', "bad-message"),
        ('{"type": "act", "action": "draw", "seq": -1}', "bad-message"),
        ('{"type": "act", "action": 5, "seq": 1}', "bad-message"),
        ('{"type": "act", "action": "' + "x" * 40 + '", "seq": 1}', "bad-message"),
        ('{"type": "hello", "version": 99, "code": "X"}', "bad-version"),
        ('{"type": "hello", "version": 1, "code": "X", "name": "a\\u0000b"}', "bad-message"),
        ("[" * 100_000 + "]" * 100_000, "too-big"),
        ("[" * 30_000 + "]" * 30_000, "bad-json"),
        (b'{"type": "ready", "seq": 1}', "binary"),
    ],
)
def test_bad_messages_are_refused_with_their_code(raw: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_client_message(raw)
    assert caught.value.code == code
    assert worded(code)  # every code has words


def test_every_error_code_is_worded() -> None:
    assert all(worded(code) == text for code, text in ERRORS.items())
    assert worded("not-your-turn", "it is not your turn") == "it is not your turn"
    assert MAX_MESSAGE == 65536


def test_views_and_results_survive_the_trip() -> None:
    """Play whole games; every view, including the round's result, comes back equal."""
    for seed in range(3):
        game = Game(Rules(), seed=seed)
        bots = (make_player("simple"), make_player("simple"))
        while not game.is_over:
            for seat in (0, 1):
                view = game.view(seat)
                wire = json.loads(json.dumps(view_to_json(view)))
                assert view_from_json(wire, game.rules) == view
            if game.round_over:
                game.next_round()
                continue
            me = game.round.to_act
            game.apply(bots[me].choose(game.view(me)), me)
        assert game.round.result is not None


def test_the_referee_refuses_and_changes_nothing() -> None:
    table = Table(Game(Rules(), seed=5), names=("Ann", "Ben"))
    game = table.game
    seq = table.seq
    me = game.round.to_act
    before = game.view(me)
    for seat, text, at, code in [
        (1 - me, "pass", seq, "not-your-turn"),
        (me, "draw", seq, "upcard-first"),
        (me, "dance", seq, "bad-action"),
        (me, "pass", seq - 1, "stale"),
        (me, "discard ZZ", seq, "bad-action"),
    ]:
        with pytest.raises(ValueError) as caught:
            table.act(seat, text, at)
        assert getattr(caught.value, "code", None) == code
        assert table.seq == seq and game.view(me) == before
    table.act(me, "pass", seq)
    assert table.seq == seq + 1 == position_number(table.match)


def test_position_numbers_follow_the_moves() -> None:
    match = Match(Rules.preset("Tournament"), seed=2)
    assert position_number(match) == 1
    act = match.game.round.legal_actions()[0]
    match.apply(act)
    assert position_number(match) == 2
    assert isinstance(parse_action(str(Knock(match.game.round.hand(0)[0]))), Knock)
    assert isinstance(parse_action(str(Discard(match.game.round.hand(0)[0]))), Discard)


def test_each_state_carries_the_seats_legal_actions() -> None:
    """``legal``: the seat's legal actions in the action notation, empty off its turn."""
    table = Table(Game(Rules(), seed=5), names=("Ann", "Ben"))
    game = table.game
    for _ in range(12):
        me = game.round.to_act
        mine, theirs = table.state_for(me), table.state_for(1 - me)
        assert mine["legal"] == [str(a) for a in game.round.legal_actions()]
        assert [parse_action(a) for a in mine["legal"]] == game.round.legal_actions()
        assert mine["view"]["to_act"] == mine["seat"] and theirs["legal"] == []
        table.act(me, mine["legal"][-1], table.seq)


def test_a_refusals_cards_are_in_the_card_notation() -> None:
    """The phrase's facts name cards as the state does ("QH", not "Q♥"), and say which
    facts are cards, so a client words them its own way."""
    table = Table(Game(Rules(), seed=5), names=("Ann", "Ben"))
    game = table.game
    me = game.round.to_act
    table.act(me, "take", table.seq)
    stranger = next(c for c in game.round.hand(1 - me))
    with pytest.raises(Refused) as caught:
        table.act(me, f"discard {stranger.code}", table.seq)
    message = table.refusal(caught.value)
    assert message["code"] == "not-held"
    phrase = message["phrase"]
    assert phrase["facts"] == {"card": stranger.code} and phrase["cards"] == ["card"]
    assert phrase_facts(json.loads(json.dumps(phrase))) == {"card": stranger}
    assert refusal_text(message) == f"you do not hold {stranger.pretty}"
