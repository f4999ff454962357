"""The finished match's record: the host sends each seat the match's save once it is over
(never before), and a player who joined keeps it in their own history, from their seat."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from support.net import client_for

from ginrummy.core import Game, Match, Rules
from ginrummy.net.client import Client, play
from ginrummy.net.protocol import MAX_MESSAGE, ProtocolError, loads_from_host
from ginrummy.net.referee import Table
from ginrummy.net.saves import OnlineSaves, keep_record, read_record
from ginrummy.players import make_player
from ginrummy.store import Store
from ginrummy.store.records import final_scores
from ginrummy.text.history import record_line

#: A short match (three games to 60): whole, and quick to play.
SHORT = Rules.preset("Tournament").with_(target=60, games=3)


async def _play(serve: Any, table: Table) -> tuple[Any, list[Client], list[list[str]]]:
    host = await serve(table)
    wires: list[list[str]] = [[], []]
    clients = [
        client_for(host, table.code, name=name, record=wires[i])
        for i, name in enumerate(("Ann", "Ben"))
    ]
    await asyncio.wait_for(
        asyncio.gather(
            play(clients[0], make_player("simple")), play(clients[1], make_player("simple"))
        ),
        30,
    )
    return host, clients, wires


async def test_each_seat_gets_the_record_after_the_end_and_keeps_it_from_its_side(
    serve: Any, tmp_path: Path
) -> None:
    hosting = Store(tmp_path / "host")
    table = Table(Match(SHORT, seed=7))
    OnlineSaves(hosting).attach(table)
    host, clients, wires = await _play(serve, table)
    assert table.over
    [hosted] = hosting.history()
    # Nothing before the end: the record comes once, after the last state (match over).
    for wire in wires:
        kinds = [json.loads(raw)["type"] for raw in wire]
        assert kinds.count("record") == 1 and kinds[-1] == "record"
        last_state = json.loads(next(raw for raw in reversed(wire) if '"type":"state"' in raw))
        assert last_state["match"]["over"]
    lines = []
    for seat, client in enumerate(clients):
        assert client.finished is not None
        obj, meta = client.finished
        assert meta.id == hosted.meta.id and meta.seat == seat
        store = Store(tmp_path / f"seat{seat}")
        keep_record(store, obj, meta)
        keep_record(store, obj, meta)  # twice is once (the host's id)
        assert store.history_count() == 1
        other = ("Ann", "Ben")[1 - seat]
        figures = store.stats()[f"online: {other}"]
        assert figures.games == len(table.match.games)
        assert figures.games_won == table.match.games_won[seat]
        record = store.history_record(1)
        assert record is not None and record.game.is_over
        assert record.score == hosted.score and final_scores(record.game) == final_scores(
            hosted.game
        )
        [entry] = store.history_page(1, 1)
        line = record_line(entry)
        assert line == record_line(record)
        assert ("you won" in line) == (table.match.winner == seat), line
        assert f"online vs {other}" in line
        lines.append(line)
    assert sum("you won" in line for line in lines) == 1
    assert "you won" not in record_line(hosted)  # the host's record names no "you"

    # A rejoin after the end gets the record again; it is still kept once.
    again = client_for(host, table.code, token=clients[1].token)
    await again.connect()
    await again.wait_record(5)
    await again.close()
    assert again.finished is not None and again.finished[1].id == hosted.meta.id
    store = Store(tmp_path / "seat1")
    keep_record(store, *again.finished)
    assert store.history_count() == 1


async def test_the_app_hosts_record_is_read_from_its_players_seat(
    serve: Any, tmp_path: Path
) -> None:
    """The app's host plays a seat itself: its record says "you won" from that seat (a
    headless host's names no "you")."""
    hosting = Store(tmp_path / "host")
    table = Table(Game(Rules().with_(target=40), seed=3))
    saves = OnlineSaves(hosting)
    saves.local_seat = 0
    saves.attach(table)
    await _play(serve, table)
    [hosted] = hosting.history()
    assert hosted.meta.seat == 0
    assert ("you won" in record_line(hosted)) == (table.match.winner == 0)
    assert "online: Ben" in hosting.stats()


async def test_a_single_game_without_the_hosts_store_is_recorded_too(serve: Any) -> None:
    table = Table(Game(Rules().with_(target=40), seed=3))
    assert table.record() is None  # not before the end
    _, clients, _ = await _play(serve, table)
    ids = {c.finished[1].id for c in clients if c.finished is not None}
    assert len(ids) == 1 and table.meta is not None and ids == {table.meta.id}


def _finished(seed: int = 3) -> tuple[Table, dict[str, Any], dict[str, Any]]:
    from ginrummy.core.player import play_game
    from ginrummy.players.simple import SimplePlayer

    game = Game(Rules().with_(target=40), seed=seed)
    play_game(game, (SimplePlayer(), SimplePlayer()))
    table = Table(game, names=("Ann", "Ben"))
    record = table.record()
    assert record is not None
    return table, record, table.state_for(1)


def test_a_record_that_does_not_agree_with_what_the_seat_saw_is_refused() -> None:
    table, record, state = _finished()
    rules = table.match.rules
    _obj, meta = read_record(record, 1, state, rules)
    assert meta.seat == 1 and meta.names == ("Ann", "Ben")
    wrong = [
        (dict(record, extra=1), state, rules),
        ({"type": "record", "save": {"format": "nonsense"}}, state, rules),
        (record, dict(state, names=["Ann", "Cy"]), rules),
        (record, dict(state, game=dict(state["game"], scores=[0, 0])), rules),
        (record, dict(state, match=dict(state["match"], over=False)), rules),
        (record, state, rules.with_(target=41)),
        (record, None, rules),
    ]
    for message, told, knobs in wrong:
        with pytest.raises(ProtocolError):
            read_record(message, 1, told, knobs)


def test_a_client_takes_a_big_record_but_no_other_big_message() -> None:
    padding = "x" * MAX_MESSAGE
    big_record = json.dumps({"type": "record", "save": {"pad": padding}})
    assert loads_from_host(big_record)["type"] == "record"
    with pytest.raises(ProtocolError):
        loads_from_host(json.dumps({"type": "state", "pad": padding}))
