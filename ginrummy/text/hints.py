"""Why a computer player would make a move, in words: the reasons a hint gives.

The expert and the master both explain their take, knock and discard choices with these
sentences, from the facts of the hand (the bit masks the players work on).
"""

from __future__ import annotations

from ..core.cards import Card, cards_from_mask
from ..core.melds import best_melding_mask, min_deadwood_mask
from .cards import card_label, cards_label
from .i18n import _

__all__ = ["decline_reason", "discard_reason", "knock_reason", "take_reason"]


def take_reason(hand: int, top: Card) -> str:
    """Why take ``top`` from the discard pile: the meld it makes, or the deadwood it saves."""
    with_top = hand | top.bit
    melds, _dead, _points = best_melding_mask(with_top)
    for meld in melds:
        if meld & top.bit:
            others = cards_label(cards_from_mask(meld ^ top.bit))
            if all(c.suit == top.suit for c in cards_from_mask(meld)):
                text = _("Take {card}: it makes a run with {others}")
            else:
                text = _("Take {card}: it makes a set with {others}")
            return text.format(card=card_label(top), others=others)
    before = min_deadwood_mask(hand)
    after = min(min_deadwood_mask(with_top ^ c.bit) for c in cards_from_mask(hand))
    return _("Take {card}: it lowers your deadwood from {before} to {after}").format(
        card=card_label(top), before=before, after=after
    )


def decline_reason(top: Card, fits: bool, first: bool) -> str:
    """Why not take ``top``: pass on the first upcard (``first``) or draw from the stock;
    ``fits``: it could join a meld, but an average stock card helps more."""
    if first:
        if fits:
            why = _("Pass: {card} helps less than an average card from the stock")
        else:
            why = _("Pass: {card} fits none of your cards")
    elif fits:
        why = _("Draw from the stock: {card} helps less than an average card from the stock")
    else:
        why = _("Draw from the stock: {card} fits none of your cards")
    return why.format(card=card_label(top))


def knock_reason(card: Card, deadwood: int, stock_size: int) -> str:
    """Why knock now, discarding ``card`` with ``deadwood`` left (the round's stage says)."""
    if 31 - stock_size <= 8:
        text = _(
            "Knock with {card}: {deadwood} deadwood; early in the round the opponent is"
            " rarely ready to undercut"
        )
    elif stock_size <= 8:
        text = _("Knock with {card}: {deadwood} deadwood; the stock is nearly gone")
    else:
        text = _("Knock with {card}: {deadwood} deadwood; low enough to beat most hands now")
    return text.format(card=card_label(card), deadwood=deadwood)


def discard_reason(card: Card, hand: int, safe: bool, dead: str = "") -> str:
    """Why discard ``card`` from ``hand``: it is dead (``dead`` says why), the highest
    deadwood, the least likely to meld, or breaking a meld is best; ``safe`` adds that the
    opponent is unlikely to use it."""
    label = card_label(card)
    if dead:
        # TRANSLATORS: {reason} says why, e.g. "two other kings are gone, and so is Q♣".
        return _("Discard {card}: it is dead: {reason}").format(card=label, reason=dead)
    _melds, dead_mask, _points = best_melding_mask(hand)
    if dead_mask & card.bit:
        highest = max(c.value for c in cards_from_mask(dead_mask))
        if card.value == highest:
            text = (
                _(
                    "Discard {card}: your highest deadwood card, and"
                    " the opponent is unlikely to use it"
                )
                if safe
                else _("Discard {card}: your highest deadwood card")
            )
        else:
            text = (
                _(
                    "Discard {card}: it has the least chance to meld, and"
                    " the opponent is unlikely to use it"
                )
                if safe
                else _("Discard {card}: it has the least chance to meld")
            )
    elif safe:
        text = _(
            "Discard {card}: breaking that meld leaves the best hand;"
            " the opponent is unlikely to use it"
        )
    else:
        text = _("Discard {card}: breaking that meld leaves the best hand")
    return text.format(card=label)
