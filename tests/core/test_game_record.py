"""Game records (`ginrummy.core.record`): round trips through the rules, one clear error."""

from __future__ import annotations

import json

import pytest

from ginrummy.core import Game, Rules, play_game
from ginrummy.core.record import (
    Record,
    RecordError,
    Seat,
    dumps,
    dumps_many,
    from_dict,
    loads,
    loads_many,
    record_of,
    to_dict,
)
from ginrummy.players import make_player


def _played(seed: int, rules: Rules | None = None) -> Game:
    game = Game(rules or Rules(target=60), seed=seed)
    play_game(game, (make_player("simple", seed), make_player("random", seed + 1)))
    return game


SEATS = (Seat("Ann", "person"), Seat("simple", "bot", "simple"))


def test_round_trip_gives_the_same_game() -> None:
    game = _played(3)
    again = loads(dumps(record_of(game, SEATS, {"from": "test"})))
    assert again.seats == SEATS
    assert again.extra == {"from": "test"}
    assert again.game.scores == game.scores
    assert again.game.winner == game.winner
    assert [r.actions for r in again.game.rounds] == [r.actions for r in game.rounds]
    assert [r.deck for r in again.game.rounds] == [r.deck for r in game.rounds]
    assert again.reviewed_seats == (0,)


def test_rounds_without_decks_are_dealt_from_the_seed() -> None:
    game = _played(5)
    data = to_dict(record_of(game, SEATS))
    for rnd in data["rounds"]:
        del rnd["deck"]
        del rnd["dealer"]
    again = from_dict(data)
    assert again.game.scores == game.scores


def test_a_preset_name_is_accepted_and_an_unknown_one_refused() -> None:
    game = _played(4, Rules())
    data = to_dict(record_of(game, SEATS))
    data["rules"] = "standard"
    assert from_dict(data).rules == Rules()
    data["rules"] = "Chinese"
    with pytest.raises(RecordError, match="unknown rules preset 'Chinese'") as err:
        from_dict(data)
    assert err.value.code == "bad-rules"


def test_an_illegal_move_is_refused_with_its_place() -> None:
    data = to_dict(record_of(_played(6), SEATS))
    data["rounds"][0]["actions"][0] = "discard AS"
    with pytest.raises(RecordError, match=r"game, round 1, action 1 \('discard AS'\)") as err:
        from_dict(data)
    assert err.value.code == "illegal"


def test_scores_that_do_not_add_up_are_refused() -> None:
    data = to_dict(record_of(_played(7), SEATS))
    data["scores"] = [1, 2]
    with pytest.raises(RecordError, match="do not add up"):
        from_dict(data)


@pytest.mark.parametrize(
    ("text", "fragment", "code"),
    [
        ("{", "not valid JSON", "bad-json"),
        ("[1]", "must be a JSON object", "not-a-record"),
        ('{"format": "x"}', "not a ginrummy game record", "not-a-record"),
        ('{"format": "ginrummy-record", "version": 9}', "version 9 is not supported", "version"),
        ("", "holds no game record", "empty"),
    ],
)
def test_damaged_text_is_one_error(text: str, fragment: str, code: str) -> None:
    with pytest.raises(RecordError, match=fragment) as err:
        loads_many(text)
    assert err.value.code == code
    assert "\n" not in str(err.value)


def test_bad_seats_are_refused() -> None:
    data = to_dict(record_of(_played(8), SEATS))
    data["seats"][1] = {"name": "x", "kind": "bot"}
    with pytest.raises(RecordError, match="seat 1: a bot needs a 'level'"):
        from_dict(data)
    data["seats"] = [{"name": "x"}]
    with pytest.raises(RecordError, match="'seats' must be a list of two seats"):
        from_dict(data)


def test_json_lines_and_a_bad_line_named() -> None:
    records = [record_of(_played(s), SEATS) for s in (9, 10)]
    text = dumps_many(records)
    assert [r.game.scores for r in loads_many(text)] == [r.game.scores for r in records]
    lines = text.splitlines()
    lines[1] = lines[1].replace('"version":1', '"version":2')
    with pytest.raises(RecordError, match="line 2: game record version 2"):
        loads_many("\n".join(lines))
    # One record written over several lines (indented) reads as one.
    pretty = json.dumps(to_dict(records[0]), indent=1)
    assert len(loads_many(pretty)) == 1


def test_people_are_reviewed_and_bots_only_when_no_person_played() -> None:
    game = _played(11)
    assert record_of(game, (Seat("A"), Seat("B"))).reviewed_seats == (0, 1)
    assert record_of(game, (Seat("A", "remote"), Seat("B"))).reviewed_seats == (1,)
    bots = (Seat("a", "bot", "simple"), Seat("b", "bot", "master"))
    assert Record(game, bots).reviewed_seats == (0, 1)
