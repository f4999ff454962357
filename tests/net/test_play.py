"""Two bot clients over 127.0.0.1 play whole games and matches through a refereeing host."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from support.net import client_for, new_table

from ginrummy.core import Card, EventKind, Round
from ginrummy.net.client import play
from ginrummy.net.protocol import view_from_json
from ginrummy.net.referee import Table
from ginrummy.players import make_player


async def _play_out(serve: Any, table: Table, bots: tuple[str, str] = ("simple", "simple")):
    host = await serve(table)
    records: tuple[list[str], list[str]] = ([], [])
    clients = [
        client_for(host, table.code, name=name, record=records[i])
        for i, name in enumerate(("Ann", "Ben"))
    ]
    finals = await asyncio.wait_for(
        asyncio.gather(
            play(clients[0], make_player(bots[0])),
            play(clients[1], make_player(bots[1])),
            host.serve_until_done(),
        ),
        30,
    )
    return host, clients, records, finals


async def test_two_bots_play_a_whole_game(serve: Any) -> None:
    table = new_table(3)
    _, clients, _, finals = await _play_out(serve, table)
    game = table.game
    assert game.is_over and table.over
    for seat in (0, 1):
        final = finals[seat]
        assert final["match"]["over"] and final["game"]["winner"] == game.winner
        assert final["game"]["scores"] == game.scores
        assert final["names"] == ["Ann", "Ben"]
    assert {c.seat for c in clients} == {0, 1}
    assert all(c.round_trips for c in clients)


async def test_two_bots_play_a_whole_match(serve: Any) -> None:
    table = new_table(4, match=True)
    _, _, _, finals = await _play_out(serve, table, ("simple", "expert"))
    assert table.match.is_over
    assert finals[0]["match"]["winner"] == table.match.winner
    assert max(finals[1]["match"]["games_won"]) == table.match.rules.games_to_win


def _hidden(rnd: Round, seat: int, wire: dict[str, Any]) -> set[Card]:
    """The cards ``seat`` may not know at the position ``wire`` shows: the opponent's unseen
    cards and the stock's."""
    view = view_from_json(wire, rnd.rules)
    again = Round(rnd.rules, dealer=rnd.dealer, deck=rnd.deck, scores=rnd.scores, number=rnd.number)
    for action in (None, *rnd.actions):
        if action is not None:
            again.apply(action)
        if again.history == view.history and again.hand(seat) == view.hand:
            break
    else:
        raise AssertionError("the view matches no position of the round")
    known = set(again.view(seat).opponent_known)
    draws = sum(1 for e in again.history if e.kind is EventKind.DRAW)
    return (set(again.hand(1 - seat)) - known) | set(rnd.deck[21 + draws :])


async def test_no_message_shows_a_hidden_card_before_the_showdown(serve: Any) -> None:
    """Replay every message a client got against the real deal: before a round's result,
    none may name a card the opponent holds unseen (nor the stock's next card)."""
    for seed in (11, 12):
        table = new_table(seed)
        _, _, records, _ = await _play_out(serve, table)
        rounds = table.game.rounds
        checked = 0
        for seat in (0, 1):
            for raw in records[seat]:
                message = json.loads(raw)
                if message["type"] != "state":
                    continue
                view = message["view"]
                rnd = rounds[view["round"] - 1]
                if view["result"] is not None:
                    continue
                secret = _hidden(rnd, seat, view)
                named = set(re.findall(r'"([2-9TJQKA][SHDC])"', raw))
                assert not named & {c.code for c in secret}, (seed, seat)
                checked += 1
        assert checked > 50
