"""One deal as a state machine: every phase, every knob, every refusal (docs/rules.md 3-6, 8)."""

from __future__ import annotations

import pytest
from coretest_helpers import (
    ALL_ACTIONS,
    BASE,
    JUNK,
    cards,
    check_conservation,
    deal,
    make_round,
    snapshot,
)

from ginrummy.core import (
    CARDS,
    Action,
    BigGin,
    Card,
    DeckError,
    Discard,
    DrawStock,
    Event,
    EventKind,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    ResultKind,
    Round,
    Rules,
    TakeDiscard,
    parse_action,
    parse_card,
    shuffled_deck,
)
from ginrummy.text.results import explain_result

DEALER, NON_DEALER = 0, 1


def C(code: str) -> Card:
    return parse_card(code)


def refused(rnd: Round, action: Action, words: str = "", player: int | None = None) -> str:
    """Apply an illegal action: it must raise with a reason and change nothing at all."""
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError) as info:
        rnd.apply(action, player)
    message = str(info.value)
    assert message, "an illegal action needs a reason"
    assert words in message, message
    assert snapshot(rnd) == before, f"{action} changed the round although refused"
    return message


def refuse_all_unlisted(rnd: Round) -> None:
    legal = rnd.legal_actions()
    for action in ALL_ACTIONS:
        if action not in legal:
            refused(rnd, action)


def pass_pass_draw(rnd: Round) -> Card:
    """Both pass the upcard, the non-dealer draws from the stock; returns the drawn card."""
    rnd.apply(Pass(), NON_DEALER)
    rnd.apply(Pass(), DEALER)
    rnd.apply(DrawStock(), NON_DEALER)
    return rnd.hand(NON_DEALER)[-1]


# --- the deal -------------------------------------------------------------------------------


def test_deal_layout() -> None:
    deck = shuffled_deck(7)
    for dealer in (0, 1):
        rnd = Round(dealer=dealer, deck=deck)
        assert rnd.hand(1 - dealer) == tuple(deck[0:20:2])
        assert rnd.hand(dealer) == tuple(deck[1:20:2])
        assert rnd.upcard is deck[20]
        assert rnd.discard_pile == (deck[20],)
        assert rnd.stock_size == 31
        assert rnd.phase is Phase.FIRST_UPCARD
        assert rnd.to_act == 1 - dealer
        assert rnd.history == (Event(EventKind.UPCARD, None, deck[20]),)
        assert rnd.actions == ()
        assert rnd.result is None and not rnd.is_over
        assert rnd.legal_actions() == [TakeDiscard(), Pass()]
        check_conservation(rnd)
    # deck[21] is the top of the stock.
    rnd = Round(deck=deck)
    pass_pass_draw(rnd)
    assert rnd.hand(NON_DEALER)[-1] is deck[21]


def test_seeded_deal_is_reproducible() -> None:
    assert Round(seed=11).deck == Round(seed=11).deck == tuple(shuffled_deck(11))
    assert Round(seed=11).deck != Round(seed=12).deck
    assert sorted(Round(seed="x").deck) == list(CARDS)


def test_bad_decks_and_dealers() -> None:
    deck = list(CARDS)
    with pytest.raises(DeckError):
        Round(deck=deck[:51])
    with pytest.raises(DeckError):
        Round(deck=[*deck[:51], deck[0]])
    with pytest.raises(DeckError):
        Round(deck=[*deck[:51], "AS"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="dealer"):
        Round(dealer=2, deck=deck)
    with pytest.raises(ValueError):
        Round(deck=deck).view(2)


# --- the first upcard -----------------------------------------------------------------------


def test_non_dealer_takes_the_upcard() -> None:
    rnd = make_round(BASE + " 9D", JUNK, "KS")
    rnd.apply(TakeDiscard(), NON_DEALER)
    assert rnd.phase is Phase.DISCARD and rnd.to_act == NON_DEALER
    assert rnd.hand(NON_DEALER)[-1] is C("KS")
    assert rnd.discard_pile == ()
    assert rnd.history[-1] == Event(EventKind.TAKE, NON_DEALER, C("KS"))
    legal = rnd.legal_actions()
    assert Discard(C("KS")) not in legal and Knock(C("KS")) not in legal
    assert {a.card for a in legal if isinstance(a, Discard)} == set(cards(BASE + " 9D"))
    assert Knock(C("9D")) in legal  # knocking on the turn the upcard was taken
    refuse_all_unlisted(rnd)
    rnd.apply(Discard(C("9D")), NON_DEALER)
    # The dealer now plays a normal turn: either pile.
    assert rnd.phase is Phase.DRAW and rnd.to_act == DEALER
    assert rnd.legal_actions() == [DrawStock(), TakeDiscard()]
    assert rnd.discard_pile == (C("9D"),)
    rnd.apply(TakeDiscard(), DEALER)
    assert rnd.hand(DEALER)[-1] is C("9D")
    check_conservation(rnd)


def test_non_dealer_takes_the_upcard_and_knocks_at_once() -> None:
    rnd = make_round(BASE + " KD", JUNK, "2D")
    rnd.apply(TakeDiscard(), NON_DEALER)
    rnd.apply(Knock(C("KD")), NON_DEALER)
    result = rnd.result
    assert result is not None and result.kind is ResultKind.KNOCK
    assert result.knocker == NON_DEALER and result.stock_left == 31
    assert result.showdown is not None and result.showdown.knocker_deadwood == 2
    assert rnd.history[-1] == Event(EventKind.KNOCK, NON_DEALER, C("KD"))
    assert [str(a) for a in rnd.actions] == ["take", "knock KD"]


def test_non_dealer_passes_dealer_takes() -> None:
    rnd = make_round(JUNK, BASE + " 9D", "KS")
    rnd.apply(Pass(), NON_DEALER)
    assert rnd.phase is Phase.FIRST_UPCARD and rnd.to_act == DEALER
    assert rnd.legal_actions() == [TakeDiscard(), Pass()]
    assert rnd.history[-1] == Event(EventKind.PASS, NON_DEALER)
    refused(rnd, DrawStock(), "the dealer's turn to choose")
    rnd.apply(TakeDiscard(), DEALER)
    assert rnd.phase is Phase.DISCARD and rnd.to_act == DEALER
    refused(rnd, Discard(C("KS")), "you just took it from the discard pile")
    rnd.apply(Discard(C("9D")), DEALER)
    assert rnd.phase is Phase.DRAW and rnd.to_act == NON_DEALER
    assert rnd.legal_actions() == [DrawStock(), TakeDiscard()]


def test_dealer_takes_the_upcard_and_knocks() -> None:
    rnd = make_round(JUNK, BASE + " 9D", "6S")
    rnd.apply(Pass(), NON_DEALER)
    rnd.apply(TakeDiscard(), DEALER)
    rnd.apply(Knock(C("9D")), DEALER)
    result = rnd.result
    assert result is not None and result.kind is ResultKind.KNOCK
    assert result.knocker == DEALER and result.winner == DEALER
    assert result.showdown is not None and result.showdown.knocker_deadwood == 6
    assert result.points == 67 - 6


def test_both_pass_then_stock_only() -> None:
    rnd = make_round(BASE + " 9D", JUNK, "KS", stock="4S")
    rnd.apply(Pass(), NON_DEALER)
    rnd.apply(Pass(), DEALER)
    assert rnd.phase is Phase.DRAW and rnd.to_act == NON_DEALER
    assert rnd.legal_actions() == [DrawStock()]
    assert rnd.view(NON_DEALER).stock_only
    refused(rnd, TakeDiscard(), "both players passed the upcard", NON_DEALER)
    refused(rnd, Pass(), "passing is only for the first upcard")
    refuse_all_unlisted(rnd)
    rnd.apply(DrawStock(), NON_DEALER)
    assert not rnd.view(NON_DEALER).stock_only
    assert rnd.history[-1] == Event(EventKind.DRAW, NON_DEALER, None)
    rnd.apply(Discard(C("9D")), NON_DEALER)
    # From now on either pile.
    assert rnd.legal_actions() == [DrawStock(), TakeDiscard()]
    rnd.apply(TakeDiscard(), DEALER)
    assert rnd.hand(DEALER)[-1] is C("9D")


# --- discard_taken_card -----------------------------------------------------------------------


def test_taken_card_may_not_be_discarded_by_default() -> None:
    rnd = make_round(BASE + " 2D", JUNK, "KS")
    rnd.apply(TakeDiscard(), NON_DEALER)
    refused(rnd, Discard(C("KS")), "you may not discard K♠: you just took it from the discard pile")
    # Knocking with it would leave 2 deadwood, but it is the taken card.
    refused(rnd, Knock(C("KS")), "you just took it")
    view = rnd.view(NON_DEALER)
    assert view.banned_card is C("KS") and view.banned_bit == C("KS").bit
    rnd.apply(Discard(C("2D")), NON_DEALER)
    # Once the turn is over no card is banned.
    assert rnd.view(NON_DEALER).banned_card is None
    # Later in the round the rule applies to a take from the discard pile too.
    rnd.apply(DrawStock(), DEALER)
    rnd.apply(Discard(rnd.hand(DEALER)[-1]), DEALER)
    top = rnd.discard_pile[-1]
    rnd.apply(TakeDiscard(), NON_DEALER)
    refused(rnd, Discard(top), "you just took it")
    # A card drawn from the stock may be discarded at once.
    rnd.apply(Discard(C("KS")), NON_DEALER)
    rnd.apply(DrawStock(), DEALER)
    drawn = rnd.hand(DEALER)[-1]
    assert Discard(drawn) in rnd.legal_actions()
    rnd.apply(Discard(drawn), DEALER)


def test_taken_card_may_be_discarded_when_allowed() -> None:
    rules = Rules(discard_taken_card=True)
    rnd = make_round(BASE + " 2D", JUNK, "KS", rules=rules)
    rnd.apply(TakeDiscard(), NON_DEALER)
    assert Discard(C("KS")) in rnd.legal_actions()
    assert Knock(C("KS")) in rnd.legal_actions()
    view = rnd.view(NON_DEALER)
    assert view.taken_card is C("KS")
    # The card was taken, but the rules let it go back: nothing is banned.
    assert view.banned_card is None and view.banned_bit == 0
    rnd.apply(Discard(C("KS")), NON_DEALER)
    assert rnd.discard_pile == (C("KS"),)
    # ... and knocking with the taken card.
    rnd2 = make_round(BASE + " 2D", JUNK, "KS", rules=rules)
    rnd2.apply(TakeDiscard(), NON_DEALER)
    rnd2.apply(Knock(C("KS")), NON_DEALER)
    assert rnd2.result is not None and rnd2.result.kind is ResultKind.KNOCK
    assert rnd2.result.showdown is not None
    assert rnd2.result.showdown.knocker_deadwood == 2


# --- the dead stock -----------------------------------------------------------------------------


def drain(rnd: Round, until: int) -> None:
    """Both players draw from the stock and discard what they drew, until ``until`` cards remain."""
    while rnd.stock_size > until:
        me = rnd.to_act
        rnd.apply(DrawStock(), me)
        rnd.apply(Discard(rnd.hand(me)[-1]), me)
        assert not rnd.is_over
        check_conservation(rnd)


@pytest.mark.parametrize("dead_stock", [2, 0, 5, 30])
def test_dead_stock_ends_the_round_as_a_draw(dead_stock: int) -> None:
    rules = Rules(dead_stock=dead_stock)
    rnd = make_round(BASE + " 6D", JUNK, "KS", rules=rules)
    rnd.apply(Pass(), NON_DEALER)
    rnd.apply(Pass(), DEALER)
    drain(rnd, dead_stock + 1)
    me = rnd.to_act
    rnd.apply(DrawStock(), me)
    assert rnd.stock_size == dead_stock
    rnd.apply(Discard(rnd.hand(me)[-1]), me)
    assert rnd.is_over and rnd.phase is Phase.OVER
    result = rnd.result
    assert result is not None
    assert result.kind is ResultKind.DRAW and result.is_draw
    assert result.winner is None and result.knocker is None
    assert result.points == result.base_points == 0
    assert result.showdown is None
    assert result.stock_left == dead_stock
    assert result.hands == (rnd.hand(0), rnd.hand(1))
    assert rnd.history[-1] == Event(EventKind.DEAD, None)
    assert rnd.legal_actions() == []
    text = explain_result(result, ("Ann", "Ben"))
    assert "Dead round" in text and f"only {dead_stock} cards" in text
    assert "Nobody scores" in text
    assert len([a for a in rnd.actions if isinstance(a, DrawStock)]) == 31 - dead_stock
    refused(rnd, DrawStock(), "the round is over")
    check_conservation(rnd)


def test_knock_is_allowed_on_the_turn_that_leaves_two_in_the_stock() -> None:
    rnd = make_round(BASE + " 6D", JUNK, "KS")
    rnd.apply(Pass(), NON_DEALER)
    rnd.apply(Pass(), DEALER)
    drain(rnd, 3)
    assert rnd.to_act == NON_DEALER
    rnd.apply(DrawStock(), NON_DEALER)
    assert rnd.stock_size == 2
    drawn = rnd.hand(NON_DEALER)[-1]
    assert Knock(drawn) in rnd.legal_actions()
    rnd.apply(Knock(drawn), NON_DEALER)
    result = rnd.result
    assert result is not None and result.kind is ResultKind.KNOCK
    assert result.stock_left == 2
    assert result.winner == NON_DEALER


def test_dead_stock_not_reached_before_the_limit() -> None:
    rnd = make_round(BASE + " 6D", JUNK, "KS", rules=Rules(dead_stock=2))
    rnd.apply(Pass(), NON_DEALER)
    rnd.apply(Pass(), DEALER)
    drain(rnd, 3)
    assert rnd.stock_size == 3 and not rnd.is_over
    assert rnd.phase is Phase.DRAW


# --- knocking, gin, big gin ---------------------------------------------------------------------


def knock_round(tenth: str, drawn: str, rules: Rules | None = None) -> Round:
    """The non-dealer holds BASE + ``tenth`` and has just drawn ``drawn`` from the stock."""
    rnd = make_round(BASE + " " + tenth, JUNK, "8C", stock=drawn, rules=rules)
    pass_pass_draw(rnd)
    assert rnd.phase is Phase.DISCARD
    return rnd


def test_default_knock_limit_is_ten() -> None:
    rnd = knock_round("6D", "KS")
    legal = rnd.legal_actions()
    assert Knock(C("KS")) in legal  # leaves 6
    assert Knock(C("6D")) in legal  # leaves K♠: exactly 10
    assert Knock(C("AS")) not in legal  # breaks the run: 2+3+6+10 = 21
    refused(rnd, Knock(C("AS")), "that leaves 21 deadwood, over the knock limit of 10")
    rnd.apply(Knock(C("6D")), NON_DEALER)
    assert rnd.result is not None and rnd.result.showdown is not None
    assert rnd.result.showdown.knocker_deadwood == 10
    assert rnd.history[-1] == Event(EventKind.KNOCK, NON_DEALER, C("6D"))


def test_custom_knock_limit() -> None:
    rules = Rules(knock_limit=5)
    rnd = knock_round("6D", "KS", rules)
    assert rnd.knock_limit == 5
    assert not any(isinstance(a, Knock) for a in rnd.legal_actions())
    message = refused(rnd, Knock(C("KS")))
    assert message == (
        "you cannot knock discarding K♠: that leaves 6 deadwood, over the knock limit of 5"
    )
    rnd.apply(Discard(C("KS")), NON_DEALER)
    ok = knock_round("5D", "KS", rules)
    assert Knock(C("KS")) in ok.legal_actions()
    ok.apply(Knock(C("KS")), NON_DEALER)
    assert ok.result is not None and ok.result.kind is ResultKind.KNOCK


def test_knock_limit_zero_is_gin_only() -> None:
    rules = Rules.preset("Straight gin")
    rnd = knock_round("AD", "KS", rules)
    assert rnd.knock_limit == 0
    message = refused(rnd, Knock(C("KS")), "only gin goes out under these rules")
    assert "leaves 1 deadwood" in message
    assert not any(isinstance(a, Knock) for a in rnd.legal_actions())
    gin = knock_round("4S", "KS", rules)
    assert Knock(C("KS")) in gin.legal_actions()
    gin.apply(Knock(C("KS")), NON_DEALER)
    assert gin.result is not None and gin.result.kind is ResultKind.GIN


def test_gin_is_a_knock_with_no_deadwood() -> None:
    rnd = knock_round("4S", "KS")
    rnd.apply(Knock(C("KS")), NON_DEALER)
    result = rnd.result
    assert result is not None
    assert result.kind is ResultKind.GIN
    assert rnd.history[-1] == Event(EventKind.GIN, NON_DEALER, C("KS"))
    assert result.points == 25 + 67
    assert result.showdown is not None and result.showdown.defence.laid_off == ()
    assert rnd.discard_pile[-1] is C("KS")
    assert len(rnd.hand(NON_DEALER)) == 10


def test_gin_is_never_forced() -> None:
    rnd = knock_round("4S", "KS")
    assert Discard(C("KS")) in rnd.legal_actions()
    rnd.apply(Discard(C("KS")), NON_DEALER)
    assert not rnd.is_over


@pytest.mark.parametrize("bonus", [31, 50])
def test_big_gin(bonus: int) -> None:
    rnd = knock_round("4S", "5S", Rules(big_gin_bonus=bonus))
    assert BigGin() in rnd.legal_actions()
    rnd.apply(BigGin(), NON_DEALER)
    result = rnd.result
    assert result is not None and result.kind is ResultKind.BIG_GIN
    assert result.points == bonus + 67
    assert len(result.hands[NON_DEALER]) == 11
    assert rnd.history[-1] == Event(EventKind.BIG_GIN, NON_DEALER)
    assert rnd.discard_pile == (C("8C"),)
    assert explain_result(result, ("Ann", "Ben")).startswith("Big Gin! Ben scores")


def test_big_gin_off() -> None:
    rnd = knock_round("4S", "5S", Rules(big_gin_bonus=None))
    assert BigGin() not in rnd.legal_actions()
    refused(rnd, BigGin(), "big gin is not played under these rules")
    # Gin with ten of the eleven cards is still there.
    rnd.apply(Knock(C("5S")), NON_DEALER)
    assert rnd.result is not None and rnd.result.kind is ResultKind.GIN


def test_big_gin_needs_all_eleven_melded() -> None:
    rnd = knock_round("4S", "KS")
    assert BigGin() not in rnd.legal_actions()
    refused(rnd, BigGin(), "big gin needs all eleven cards in melds: you have 10 deadwood")


# --- Oklahoma -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "limit", "multiplier"),
    [
        ("AH", 0, 1),
        ("AS", 0, 2),
        ("AD", 0, 1),
        ("AC", 0, 1),
        ("2D", 2, 1),
        ("7S", 7, 2),
        ("TH", 10, 1),
        ("TS", 10, 2),
        ("JC", 10, 1),
        ("QS", 10, 2),
        ("KD", 10, 1),
    ],
)
def test_oklahoma_limit_and_multiplier(upcard: str, limit: int, multiplier: int) -> None:
    rules = Rules.preset("Oklahoma")
    rnd = make_round("2S 3S 4S 7H 7D 8C QH QD 9C 9D", JUNK, upcard, rules=rules)
    assert rnd.knock_limit == limit
    assert rnd.multiplier == multiplier
    assert rnd.view(0).knock_limit == limit and rnd.view(1).multiplier == multiplier
    # The Oklahoma limit ignores the knock_limit knob.
    assert Round(rules.with_(knock_limit=3), deck=rnd.deck).knock_limit == limit
    # Without spade_doubles there is no multiplier.
    assert Round(rules.with_(spade_doubles=False), deck=rnd.deck).multiplier == 1


def test_oklahoma_round_scores_doubled_on_a_spade() -> None:
    rules = Rules.preset("Oklahoma")
    rnd = make_round(BASE + " 6D", JUNK, "7S", stock="KD", rules=rules)
    pass_pass_draw(rnd)
    refused(rnd, Knock(C("6D")), "that leaves 10 deadwood, over the knock limit of 7")
    rnd.apply(Knock(C("KD")), NON_DEALER)
    result = rnd.result
    assert result is not None and result.kind is ResultKind.KNOCK
    assert result.multiplier == 2 and result.knock_limit == 7
    assert result.base_points == 67 - 6
    assert result.points == 2 * (67 - 6)
    text = explain_result(result, ("Ann", "Ben"))
    assert text.endswith(f"doubled by the spade upcard: {result.points}.")


def test_oklahoma_ace_upcard_is_gin_only() -> None:
    rules = Rules.preset("Oklahoma")
    rnd = make_round(BASE + " 2D", JUNK, "AH", stock="KD", rules=rules)
    pass_pass_draw(rnd)
    refused(rnd, Knock(C("KD")), "only gin goes out")


# --- refusals in every phase --------------------------------------------------------------------


def test_refusals_first_upcard() -> None:
    rnd = make_round(BASE + " 9D", JUNK, "KS")
    assert refused(rnd, DrawStock(), "first the upcard: take it or pass")
    refused(rnd, Discard(C("9D")), "first the upcard")
    refused(rnd, Knock(C("9D")), "first the upcard")
    refused(rnd, BigGin(), "first the upcard")
    refused(rnd, TakeDiscard(), "it is not your turn", player=DEALER)
    refused(rnd, Pass(), "it is not your turn", player=DEALER)
    refuse_all_unlisted(rnd)


def test_refusals_draw() -> None:
    rnd = make_round(BASE + " 9D", JUNK, "KS")
    rnd.apply(TakeDiscard(), NON_DEALER)
    rnd.apply(Discard(C("9D")), NON_DEALER)
    assert rnd.phase is Phase.DRAW
    refused(rnd, Pass(), "passing is only for the first upcard: draw a card")
    refused(rnd, Discard(C("KC")), "draw first: from the stock or the discard pile")
    refused(rnd, Knock(C("KC")), "draw first")
    refused(rnd, BigGin(), "draw first")
    refused(rnd, DrawStock(), "it is not your turn", player=NON_DEALER)
    refuse_all_unlisted(rnd)


def test_refusals_discard() -> None:
    rnd = knock_round("9D", "KS")
    refused(rnd, DrawStock(), "you have drawn already: discard a card or knock")
    refused(rnd, TakeDiscard(), "you have drawn already")
    refused(rnd, Pass(), "you have drawn already")
    refused(rnd, Discard(C("KC")), "you do not hold K♣")
    refused(rnd, Knock(C("5H")), "you do not hold 5♥")
    refused(rnd, Knock(C("QH")), "over the knock limit of 10")
    refused(rnd, BigGin(), "big gin needs all eleven cards in melds")
    refused(rnd, Discard(C("KS")), "it is not your turn", player=DEALER)
    refuse_all_unlisted(rnd)
    gin_only = knock_round("9D", "KS", Rules(knock_limit=0))
    refused(gin_only, DrawStock(), "discard a card (or go gin)")


def test_refusals_over() -> None:
    rnd = knock_round("4S", "KS")
    rnd.apply(Knock(C("KS")), NON_DEALER)
    assert rnd.is_over and rnd.legal_actions() == []
    for action in ALL_ACTIONS:
        refused(rnd, action, "the round is over")
        refused(rnd, action, "the round is over", player=rnd.to_act)


def test_right_player_is_accepted() -> None:
    rnd = make_round(BASE + " 9D", JUNK, "KS")
    rnd.apply(Pass(), player=NON_DEALER)
    rnd.apply(Pass(), player=DEALER)
    rnd.apply(DrawStock(), player=NON_DEALER)
    assert rnd.actions == (Pass(), Pass(), DrawStock())


def test_deal_helper_places_the_stock() -> None:
    deck = deal(BASE + " 9D", JUNK, "KS", stock="4S 5S")
    assert deck[21] is C("4S") and deck[22] is C("5S")
    assert sorted(deck) == list(CARDS)


def test_actions_text_round_trip() -> None:
    for action in ALL_ACTIONS:
        assert parse_action(str(action)) == action
        assert parse_action(f"  {str(action).upper()} ") == action
    assert str(Discard(C("QH"))) == "discard QH"
    assert str(Knock(C("TD"))) == "knock TD"
    assert parse_action("discard 10d") == Discard(C("TD"))
    assert parse_action("stock") == DrawStock()
    for bad in ["", "fly", "discard", "discard ZZ", "knock AS KS", "draw AS"]:
        with pytest.raises(ValueError, match="bad action"):
            parse_action(bad)


def test_event_text() -> None:
    assert str(Event(EventKind.DRAW, 1)) == "P1 draw"
    assert str(Event(EventKind.UPCARD, None, C("KS"))) == "upcard KS"
    assert str(Event(EventKind.DISCARD, 0, C("2H"))) == "P0 discard 2H"


def test_undercut_explain_without_layoffs() -> None:
    rnd = make_round(BASE + " TD", "4H 5H 6H 4D 5D 6D 8S 8D 8C AC", "KD", stock="KS")
    pass_pass_draw(rnd)
    rnd.apply(Knock(C("KS")), NON_DEALER)
    result = rnd.result
    assert result is not None and result.kind is ResultKind.UNDERCUT
    assert result.winner == DEALER and result.points == 25 + 10 - 1
    text = explain_result(result, ("Ann", "Ben"))
    assert text == (
        "Ben knocked with 10 deadwood; Ann has 1 deadwood. Undercut! Ann scores 25 + 10 - 1 = 34."
    )
