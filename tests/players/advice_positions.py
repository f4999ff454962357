"""Fixed positions for the advice's tests: seat 0 to discard after the opponent's turns."""

from __future__ import annotations

import dataclasses

from ginrummy.core import CARDS, Event, EventKind, Phase, PlayerView, Round, Rules, parse_cards


def position(
    hand: str, *, took: str = "", threw: str = "", draws: int = 0, rules: Rules | None = None
) -> PlayerView:
    """Seat 0 (the dealer) to discard holding ``hand`` (11 cards, the last drawn from the
    stock), after both passed the upcard and the opponent (seat 1) drew ``draws`` cards
    from the stock, then took ``took`` from the pile (seat 0 having thrown each just
    before), throwing away ``threw`` first (then other cards) on its turns."""
    mine = parse_cards(hand)
    taken = parse_cards(took)
    thrown = parse_cards(threw)
    rest = [c for c in CARDS if c not in mine and c not in taken and c not in thrown]
    deal = [c for pair in zip(rest[:10], mine[:10], strict=True) for c in pair]
    deck = deal + [rest[10]] + [c for c in CARDS if c not in deal and c is not rest[10]]
    rules = rules or Rules()
    view = Round(rules, dealer=0, deck=deck).view(0)
    upcard = view.history[0]
    history = [upcard, Event(EventKind.PASS, 1), Event(EventKind.PASS, 0)]
    fillers = thrown + rest[11:]
    turns = draws + len(taken)
    for i in range(turns):
        if i < draws:
            history.append(Event(EventKind.DRAW, 1))
        else:
            card = taken[i - draws]
            history += [Event(EventKind.DISCARD, 0, card), Event(EventKind.TAKE, 1, card)]
        history.append(Event(EventKind.DISCARD, 1, fillers[i]))
        history.append(Event(EventKind.DRAW, 0))
    pile = tuple(e.card for e in history if e.kind is EventKind.DISCARD and e.player == 1)
    assert upcard.card is not None
    return dataclasses.replace(
        view,
        phase=Phase.DISCARD,
        to_act=0,
        hand=tuple(mine),
        discard_pile=(upcard.card, *pile),
        stock_size=31 - draws - turns,
        opponent_known=frozenset(taken),
        opponent_card_count=10,
        history=tuple(history),
        drawn_card=mine[-1],
        taken_card=None,
        stock_only=False,
    )
