"""A turn at the table in words: the deal, and each player's moves as one sentence.

The sentences are made from the public history only (never naming a card drawn face
down), in the current language. The person playing against the computer is "You"
(second person); everyone else is named, in the name's sentence form (`names.say`:
"Reparte la máquina", "A gép felvette…").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Card, Event, EventKind, Round, Rules
from .cards import card_label
from .i18n import _, join_words, pgettext
from .names import capitalise, say

__all__ = ["capitalise", "describe_turn", "last_move_text", "opening_text"]


def opening_text(
    rnd: Round, names: Sequence[str], rules: Rules, ascii: bool = False, you: int | None = None
) -> str:
    """The deal in words: who deals and the upcard (and a knock limit the upcard set)."""
    card = card_label(rnd.upcard, ascii)
    if rnd.dealer == you:
        text = _("Round {number}: You deal. The upcard is {card}.").format(
            number=rnd.number, card=card
        )
    else:
        text = say(
            _("Round {number}: {name} deals. The upcard is {card}."),
            number=rnd.number,
            name=names[rnd.dealer],
            card=card,
        )
    if rnd.knock_limit != rules.knock_limit or rules.oklahoma:
        limit, times = rnd.knock_limit, rnd.multiplier
        if rnd.multiplier == 1:
            extra = (
                _("Knock limit {limit}.").format(limit=limit)
                if limit
                else _("Knock limit 0 (gin only).")
            )
        elif limit:
            extra = _("Knock limit {limit}; a spade upcard: scores count x{times}.").format(
                limit=limit, times=times
            )
        else:
            extra = _("Knock limit 0 (gin only); a spade upcard: scores count x{times}.").format(
                times=times
            )
        text += " " + extra
    return text


def _clause(ev: Event, second: bool, ascii: bool, drawn: Card | None, knocked: Card | None) -> str:
    """What one event did, as the predicate of a move-log sentence ("drew from the stock").

    ``second``: the subject is "You". Each clause has a message per person (contexts
    "you" and "other"), as every language conjugates its own way.
    """
    card = card_label(ev.card, ascii) if ev.card is not None else ""
    kind = ev.kind
    text = ""
    if kind is EventKind.PASS:
        text = (
            # TRANSLATORS: move log, what "You" did (context "you") or a named player did
            # (context "other"); joined into one sentence with the turn's other actions:
            # "You drew from the stock and discarded 7♥."
            pgettext("you", "passed on the upcard")
            if second
            else pgettext("other", "passed on the upcard")
        )
    elif kind is EventKind.TAKE:
        text = (
            pgettext("you", "took {card} from the discard pile")
            if second
            else pgettext("other", "took {card} from the discard pile")
        )
    elif kind is EventKind.DRAW and drawn is not None:  # the replay shows every card
        card = card_label(drawn, ascii)
        text = (
            pgettext("you", "drew {card} from the stock")
            if second
            else pgettext("other", "drew {card} from the stock")
        )
    elif kind is EventKind.DRAW:
        text = (
            pgettext("you", "drew from the stock")
            if second
            else pgettext("other", "drew from the stock")
        )
    elif kind is EventKind.DISCARD:
        text = (
            pgettext("you", "discarded {card}") if second else pgettext("other", "discarded {card}")
        )
    elif kind is EventKind.KNOCK and knocked is not None:  # the replay shows every card
        card = card_label(knocked, ascii)
        text = (
            pgettext("you", "knocked, discarding {card} face down")
            if second
            else pgettext("other", "knocked, discarding {card} face down")
        )
    elif kind is EventKind.KNOCK:
        text = pgettext("you", "knocked") if second else pgettext("other", "knocked")
    elif kind is EventKind.GIN and knocked is not None:
        card = card_label(knocked, ascii)
        text = (
            pgettext("you", "went gin, discarding {card} face down")
            if second
            else pgettext("other", "went gin, discarding {card} face down")
        )
    elif kind is EventKind.GIN:
        text = pgettext("you", "went gin") if second else pgettext("other", "went gin")
    elif kind is EventKind.BIG_GIN:
        text = pgettext("you", "went big gin") if second else pgettext("other", "went big gin")
    elif kind is EventKind.DEAD:
        # TRANSLATORS: move log, the last part of a turn's sentence ("... and the stock
        # ran down: a dead round.").
        text = _("the stock ran down: a dead round")
    return text.format(card=card)


def describe_turn(
    events: Sequence[Event],
    names: Sequence[str],
    ascii: bool = False,
    *,
    you: int | None = None,
    drawn: Card | None = None,
    knocked: Card | None = None,
) -> str:
    """One sentence for a player's events in a turn (never naming a card drawn face down).

    ``you``: the seat addressed as "You". The replay, which shows every card, passes the
    card ``drawn`` from the stock and the card ``knocked`` (discarded face down).
    """
    if not events:
        return ""
    player = events[0].player
    second = player is not None and player == you
    clauses = [c for ev in events if (c := _clause(ev, second, ascii, drawn, knocked))]
    actions = join_words(clauses)
    gin = events[-1].kind in (EventKind.GIN, EventKind.BIG_GIN)
    if second:
        # TRANSLATORS: move log: {actions} is what the player did, e.g. "drew from the
        # stock and discarded 7♥" (the messages with context "you"); "!" after gin.
        # A language that leaves out the subject pronoun may write just "{actions}."
        # (the program capitalises the sentence's first letter): Polish "Pasujesz ...".
        sentence = _("You {actions}!") if gin else _("You {actions}.")
        return capitalise(sentence.format(actions=actions))
    if player is None:
        # TRANSLATORS: move log: a turn nobody in particular made (the stock ran down).
        return _("{actions}.").format(actions=capitalise(actions))
    # TRANSLATORS: move log: {name} is a player's name, {actions} what they did, e.g.
    # "drew from the stock and discarded 7♥" (context "other"); "!" after gin.
    sentence = _("{name} {actions}!") if gin else _("{name} {actions}.")
    return say(sentence, name=names[player], actions=actions)


def last_move_text(events: Sequence[Event], name: str, ascii: bool = False) -> str:
    """The opponent's last turn in a few words, for the line over the piles, e.g.
    "Computer's last move: took 7♥ · threw K♠" ("" before it has moved)."""
    parts = []
    for ev in events:
        card = card_label(ev.card, ascii) if ev.card is not None else ""
        kind = ev.kind
        if kind is EventKind.PASS:
            # TRANSLATORS: the line over the piles: the opponent's last move in a few words,
            # joined by " · ": "Computer's last move: took 7♥ · threw K♠". Keep them short.
            parts.append(pgettext("last move", "passed on the upcard"))
        elif kind is EventKind.TAKE:
            parts.append(pgettext("last move", "took {card}").format(card=card))
        elif kind is EventKind.DRAW:
            parts.append(pgettext("last move", "drew from the stock"))
        elif kind is EventKind.DISCARD:
            parts.append(pgettext("last move", "threw {card}").format(card=card))
    if not parts:
        return ""
    # TRANSLATORS: the line over the piles; {name} is the opponent's name, {moves} what
    # they did ("took 7♥ · threw K♠"). The line must fit 78 columns.
    return say(_("{name}'s last move: {moves}"), name=name, moves=" · ".join(parts))
