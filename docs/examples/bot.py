"""A complete bot for ginrummy's online protocol (docs/protocol.md), in plain Python.

It needs only the `websockets` package, not ginrummy: it reads each ``state``, and when
the seat is to act (``view.to_act == seat`` and ``legal`` is not empty) it picks one of the
``legal`` actions: big gin or a knock when it can (the lowest deadwood it can see is not
computed here: any knock will do), else it draws from the stock and throws its highest
card. After a round's result it says ``ready``. It stops when the match is over.

    python docs/examples/bot.py ws://127.0.0.1:7777 K7QMX-R3FTA [NAME]
"""

from __future__ import annotations

import json
import sys
from typing import Any

from websockets.sync.client import connect

#: A card is two characters, rank then suit ("QH", "TD", "AS"); its value by rank.
RANKS = "A23456789TJQK"


def value(card: str) -> int:
    """Deadwood points of a card: ace 1, number cards their number, faces 10."""
    return min(RANKS.index(card[0]) + 1, 10)


def choose(legal: list[str]) -> str:
    """One of the legal actions (each in the action notation: "draw", "discard QH"...)."""
    for action in legal:
        if action == "big_gin":
            return action
    knocks = [a for a in legal if a.startswith("knock ")]
    if knocks:
        return max(knocks, key=lambda a: value(a.split()[1]))
    if "draw" in legal:
        return "draw"
    if "pass" in legal:
        return "pass"
    discards = [a for a in legal if a.startswith("discard ")]
    return max(discards, key=lambda a: value(a.split()[1]))


def play(url: str, code: str, name: str = "Bot") -> dict[str, Any]:
    """Play a seat until the match is over; returns the last ``state``."""
    with connect(url, max_size=1024 * 1024) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": code, "name": name}))
        last: dict[str, Any] = {}
        answered = -1  # the position last answered: a state is sent again when nothing
        # moved (the other player comes or goes, says ready), and answering it twice would
        # be refused as "stale"
        for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                raise SystemExit(f"the host closed the connection: {message['code']}")
            if kind == "refused":
                # Not played (nothing changed): a bug in this bot. Say so and stop.
                raise SystemExit(f"refused: {message['code']} ({message['message']})")
            if kind != "state":
                continue  # "welcome" (our seat and token) and "record" (the match's save)
            last = message
            view, seq = message["view"], message["seq"]
            if message["match"]["over"]:
                break
            if seq == answered or not message["seated"]:
                continue
            if view["result"] is not None:
                if not message["ready"][message["seat"]]:
                    answered = seq
                    ws.send(json.dumps({"type": "ready", "seq": seq}))
            elif view["to_act"] == message["seat"] and message["legal"]:
                answered = seq
                action = choose(message["legal"])
                ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
    return last


if __name__ == "__main__":
    final = play(*sys.argv[1:4])
    names, game = final["names"], final["game"]
    print(f"{names[0]} {game['scores'][0]} - {game['scores'][1]} {names[1]}")
