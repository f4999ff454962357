"""PlayerView: exactly what one player may know and nothing more (information hiding)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from coretest_helpers import BASE_JUNK_DEAL

from ginrummy.core import (
    CARDS,
    PRESETS,
    Card,
    Discard,
    DrawStock,
    EventKind,
    Pass,
    Phase,
    PlayerView,
    Round,
    Rules,
    TakeDiscard,
)
from ginrummy.players import RandomPlayer, SimplePlayer


def cards_in(obj: Any) -> Iterator[Card]:
    """Every card reachable from ``obj`` (through dataclasses, tuples, sets, lists)."""
    if isinstance(obj, Card):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from cards_in(getattr(obj, f.name))
    elif isinstance(obj, tuple | list | set | frozenset):
        for item in obj:
            yield from cards_in(item)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from cards_in(k)
            yield from cards_in(v)


def visible_cards(view: PlayerView) -> set[Card]:
    """The cards a view shows, leaving out the result (both hands are shown at the end)."""
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "result"}
    return set(cards_in(fields))


class KnownTracker:
    """An independent model of opponent_known, read from the public history."""

    def __init__(self) -> None:
        self.known: list[set[Card]] = [set(), set()]

    def update(self, history: tuple[Any, ...]) -> None:
        self.known = [set(), set()]
        for event in history:
            if event.player is None or event.card is None:
                continue
            if event.kind is EventKind.TAKE:
                self.known[event.player].add(event.card)
            elif event.kind in (EventKind.DISCARD, EventKind.KNOCK, EventKind.GIN):
                self.known[event.player].discard(event.card)


def check_views(rnd: Round, tracker: KnownTracker) -> None:
    tracker.update(rnd.history)
    in_hands = set(rnd.hand(0)) | set(rnd.hand(1))
    stock = set(CARDS) - in_hands - set(rnd.discard_pile)
    assert len(stock) == rnd.stock_size
    last = rnd.actions[-1] if rnd.actions else None
    for p in (0, 1):
        v = rnd.view(p)
        opp = 1 - p
        assert v.player == p and v.opponent == opp
        assert v.hand == rnd.hand(p)
        assert v.hand_mask == sum(c.bit for c in rnd.hand(p))
        assert v.opponent_card_count == len(rnd.hand(opp))
        assert v.stock_size == rnd.stock_size
        assert v.discard_pile == rnd.discard_pile
        assert v.top_discard == (rnd.discard_pile[-1] if rnd.discard_pile else None)
        assert v.history == rnd.history
        assert (v.phase, v.to_act, v.dealer, v.round_number) == (
            rnd.phase,
            rnd.to_act,
            rnd.dealer,
            rnd.number,
        )
        assert (v.knock_limit, v.multiplier, v.rules) == (
            rnd.knock_limit,
            rnd.multiplier,
            rnd.rules,
        )
        assert v.result == rnd.result
        # opponent_known: taken from the discard pile and still held.
        assert v.opponent_known == frozenset(tracker.known[opp])
        assert v.opponent_known <= set(rnd.hand(opp))
        # Stock draws are face down.
        for event in v.history:
            if event.kind in (EventKind.DRAW, EventKind.PASS, EventKind.DEAD, EventKind.BIG_GIN):
                assert event.card is None
        if not rnd.is_over:
            hidden = (set(rnd.hand(opp)) - v.opponent_known) | stock
            leaked = visible_cards(v) & hidden
            assert not leaked, f"player {p} sees {sorted(leaked)}"
            text = repr(v)
            assert not [c for c in hidden if repr(c) in text]
        acting = p == rnd.to_act and not rnd.is_over
        assert v.is_my_turn is acting
        if acting:
            assert v.legal_actions() == rnd.legal_actions()
            if rnd.phase is Phase.DISCARD:
                assert v.drawn_card is rnd.hand(p)[-1]
                expect_taken = rnd.hand(p)[-1] if isinstance(last, TakeDiscard) else None
                assert v.taken_card is expect_taken
            else:
                assert v.drawn_card is None and v.taken_card is None
        else:
            assert v.legal_actions() == []
            assert v.drawn_card is None and v.taken_card is None


def play_and_check(rnd: Round, players: tuple[Any, Any], max_actions: int = 3000) -> None:
    tracker = KnownTracker()
    check_views(rnd, tracker)
    for _ in range(max_actions):
        if rnd.is_over:
            break
        me = rnd.to_act
        view = rnd.view(me)
        frozen = dataclasses.replace(view)
        rnd.apply(players[me].choose(view), me)
        assert view == frozen, "a view changed after the round moved on"
        check_views(rnd, tracker)
    assert rnd.is_over


MIXES = [("random", "random"), ("simple", "random"), ("random", "simple"), ("simple", "simple")]


def _player(kind: str, seed: int) -> Any:
    return RandomPlayer(seed) if kind == "random" else SimplePlayer()


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("mix", MIXES, ids=["-".join(m) for m in MIXES])
def test_views_hide_what_they_must(preset: str, mix: tuple[str, str]) -> None:
    rules = PRESETS[preset]
    for seed in range(4):
        for discard_taken in (False, True):
            r = rules.with_(discard_taken_card=discard_taken)
            rnd = Round(r, dealer=seed % 2, seed=f"views:{preset}:{seed}")
            play_and_check(rnd, (_player(mix[0], seed), _player(mix[1], seed + 100)))


def test_opponent_known_follows_takes_and_discards() -> None:
    rnd = Round(Rules(), dealer=0, deck=BASE_JUNK_DEAL)
    up = rnd.upcard
    rnd.apply(TakeDiscard(), 1)
    assert rnd.view(0).opponent_known == {up}
    assert rnd.view(1).opponent_known == frozenset()  # player 1 sees its own hand instead
    assert rnd.view(1).taken_card is up and rnd.view(1).drawn_card is up
    assert rnd.view(0).taken_card is None and rnd.view(0).drawn_card is None
    other = rnd.hand(1)[0]
    rnd.apply(Discard(other), 1)
    assert rnd.view(0).opponent_known == {up}
    # The dealer takes the discard, then discards something else: player 1 knows it.
    rnd.apply(TakeDiscard(), 0)
    assert rnd.view(1).opponent_known == {other}
    rnd.apply(Discard(rnd.hand(0)[0]), 0)
    # Player 1 draws from the stock: nothing new is known, and the draw is face down.
    rnd.apply(DrawStock(), 1)
    drawn = rnd.hand(1)[-1]
    assert rnd.history[-1].card is None
    assert drawn not in visible_cards(rnd.view(0))
    assert rnd.view(1).drawn_card is drawn and rnd.view(1).taken_card is None
    # Discarding the known card removes it from what the opponent knows.
    rnd.apply(Discard(up), 1)
    assert rnd.view(0).opponent_known == frozenset()
    assert rnd.view(1).opponent_known == {other}


def test_stock_is_never_exposed() -> None:
    rnd = Round(Rules(), dealer=1, seed=5)
    stock = set(rnd.deck[21:])
    for p in (0, 1):
        assert not visible_cards(rnd.view(p)) & stock
    rnd.apply(Pass())
    rnd.apply(Pass())
    rnd.apply(DrawStock())
    drawn = rnd.deck[21]
    assert rnd.view(0).drawn_card is drawn  # player 0 is the non-dealer
    assert drawn not in visible_cards(rnd.view(1))


def test_views_are_frozen() -> None:
    view = Round(seed=3).view(0)
    for name in ("hand", "phase", "stock_size", "opponent_known", "taken_card", "result"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(view, name, None)
    assert isinstance(view.hand, tuple)
    assert isinstance(view.discard_pile, tuple)
    assert isinstance(view.history, tuple)
    assert isinstance(view.opponent_known, frozenset)
    assert hash(view.hand) == hash(tuple(view.hand))


def test_view_legal_actions_only_on_your_turn() -> None:
    rnd = Round(seed=21, dealer=0)
    assert rnd.view(1).legal_actions() == rnd.legal_actions() == [TakeDiscard(), Pass()]
    assert rnd.view(0).legal_actions() == []
    assert rnd.view(1).is_my_turn and not rnd.view(0).is_my_turn
